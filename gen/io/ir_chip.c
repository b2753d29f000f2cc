/* SPDX-License-Identifier: MIT */
#include "io/ir_chip.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/data_file.h"
#include "io/ir_read.h"
#include "mem.h"

static int ir_chip_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int ir_chip_try(const char *root, const char *chip, char *dir, size_t n,
		       char *tried, size_t ntried)
{
	size_t used = strlen(tried);

	if (!root || !root[0])
		return -1;
	if ((size_t)snprintf(dir, n, "%s/%s", root, chip) >= n)
		return -1;
	if (ir_chip_is_dir(dir))
		return 0;
	if (used < ntried)
		snprintf(tried + used, ntried - used, "%s%s", used ? ", " : "", dir);
	return -1;
}

/* The k-th place an IR root may be (k from 0): "" when that place is not
 * known here, NULL past the last. */
static const char *ir_chip_root(int k, const char *ir_root, char *buf, size_t n)
{
	char exe[PATH_MAX];

	if (ir_root)
		return k == 0 ? ir_root : NULL;
	switch (k) {
	case 0:
		return getenv("REFGEN_IR") ? getenv("REFGEN_IR") : "";
	case 1:
	case 2:
		data_file_exe_dir(exe, sizeof(exe));
		if (!exe[0])
			return "";
		snprintf(buf, n, k == 1 ? "%s/../ir" : "%s/../share/refgen/ir", exe);
		return buf;
	case 3:
		return REFGEN_DATADIR "/ir";
	default:
		return NULL;
	}
}

int ir_chip_locate(const char *chip, const char *ir_root, char *dir, size_t n,
		   char *tried, size_t ntried)
{
	char buf[PATH_MAX + 32];
	const char *root;

	tried[0] = '\0';
	if (!chip[0] || strchr(chip, '/') || !strcmp(chip, "..") || !strcmp(chip, "."))
		return -1;
	for (int k = 0; (root = ir_chip_root(k, ir_root, buf, sizeof(buf))) != NULL; k++)
		if (ir_chip_try(root, chip, dir, n, tried, ntried) == 0)
			return 0;
	return -1;
}

static int ir_chip_by_unit(const void *a, const void *b)
{
	const struct ir_manual *x = *(const struct ir_manual *const *)a;
	const struct ir_manual *y = *(const struct ir_manual *const *)b;

	return strcmp(x->unit ? x->unit : "", y->unit ? y->unit : "");
}

static int ir_chip_is_xml(const char *name)
{
	size_t len = strlen(name);

	return name[0] != '.' && len > 4 && !strcmp(name + len - 4, ".xml");
}

/* A folder with an IR file in it. */
static bool ir_chip_has_xml(const char *dir)
{
	struct dirent *e;
	DIR *dh = opendir(dir);
	bool found = false;

	while (dh && !found && (e = readdir(dh)))
		found = ir_chip_is_xml(e->d_name);
	if (dh)
		closedir(dh);
	return found;
}

/* Appends to list (",a,b,": each once) the chips root has IR for. */
static void ir_chip_known_in(const char *root, char *list, size_t n)
{
	char path[PATH_MAX + 256];
	struct dirent *e;
	DIR *dh;

	if (!root || !root[0] || !(dh = opendir(root)))
		return;
	while ((e = readdir(dh))) {
		char want[80];
		size_t len = strlen(list);

		if (e->d_name[0] == '.' || strlen(e->d_name) > 64)
			continue;
		snprintf(path, sizeof(path), "%s/%s", root, e->d_name);
		if (!ir_chip_is_dir(path) || !ir_chip_has_xml(path))
			continue;
		snprintf(want, sizeof(want), ",%s,", e->d_name);
		/* the list is ",a,b,": listed once */
		if (strstr(list, want) || len + strlen(want) >= n)
			continue;
		snprintf(list + (len ? len - 1 : 0), n - (len ? len - 1 : 0), "%s", want);
	}
	closedir(dh);
}

static int ir_chip_by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "ga100, gv100, tu104": the chips of the IR roots ir_chip_locate tries. */
static void ir_chip_known(const char *ir_root, char *out, size_t n)
{
	char list[2048] = "", exe[PATH_MAX], root[PATH_MAX + 32];
	const char *names[128];
	size_t k = 0;

	if (ir_root) {
		ir_chip_known_in(ir_root, list, sizeof(list));
	} else {
		ir_chip_known_in(getenv("REFGEN_IR"), list, sizeof(list));
		data_file_exe_dir(exe, sizeof(exe));
		if (exe[0]) {
			snprintf(root, sizeof(root), "%s/../ir", exe);
			ir_chip_known_in(root, list, sizeof(list));
			snprintf(root, sizeof(root), "%s/../share/refgen/ir", exe);
			ir_chip_known_in(root, list, sizeof(list));
		}
		ir_chip_known_in(REFGEN_DATADIR "/ir", list, sizeof(list));
	}
	for (char *p = strtok(list, ","); p && k < 128; p = strtok(NULL, ","))
		names[k++] = p;
	qsort(names, k, sizeof(names[0]), ir_chip_by_name);
	out[0] = '\0';
	for (size_t i = 0; i < k; i++) {
		size_t len = strlen(out);
		snprintf(out + len, n - len, "%s%s", i ? ", " : "", names[i]);
	}
}

int ir_chip_load(struct ir_chip *c, const char *chip, const char *ir_root, struct diag *d)
{
	char tried[2048], path[8192];
	struct dirent *e;
	size_t cap = 0;
	DIR *dh;

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", chip);
	if (ir_chip_locate(chip, ir_root, c->dir, sizeof(c->dir), tried, sizeof(tried)) < 0) {
		char known[1024];

		ir_chip_known(ir_root, known, sizeof(known));
		diag_report(d, DIAG_ERROR, "refgen", 0, 0, "no IR for chip '%s' (looked in %s); known chips: %s",
			    chip, tried[0] ? tried : "nowhere: not a chip name", known[0] ? known : "none");
		return -1;
	}
	dh = opendir(c->dir);
	if (!dh) {
		diag_report(d, DIAG_ERROR, c->dir, 0, 0, "cannot open directory");
		return -1;
	}
	while ((e = readdir(dh))) {
		struct ir_manual *m;

		if (!ir_chip_is_xml(e->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", c->dir, e->d_name);
		m = ir_read_file(path, d);
		if (!m)
			continue;
		if (c->nunits == cap) {
			cap = cap ? cap * 2 : 32;
			c->units = mem_realloc(c->units, cap * sizeof(*c->units));
		}
		c->units[c->nunits++] = m;
	}
	closedir(dh);
	if (c->nunits)
		qsort(c->units, c->nunits, sizeof(*c->units), ir_chip_by_unit);
	else if (!d->errors)
		diag_report(d, DIAG_ERROR, c->dir, 0, 0, "no IR documents (*.xml) for chip '%s'", chip);
	return d->errors ? -1 : 0;
}

void ir_chip_release(struct ir_chip *c)
{
	for (size_t i = 0; i < c->nunits; i++)
		ir_manual_free(c->units[i]);
	free(c->units);
	c->units = NULL;
	c->nunits = 0;
}

const struct ir_manual *ir_chip_unit(const struct ir_chip *c, const char *unit)
{
	for (size_t i = 0; i < c->nunits; i++)
		if (c->units[i]->unit && !strcmp(c->units[i]->unit, unit))
			return c->units[i];
	return NULL;
}

/* A class given as its id (c3b5, C3B5, 0xc3b5, clc3b5): *id. */
static bool ir_class_id(const char *cls, uint32_t *id)
{
	const char *s = !strncmp(cls, "0x", 2) ? cls + 2 : !strncmp(cls, "cl", 2) ? cls + 2 : cls;
	char *end;

	if (strlen(s) != 4)
		return false;
	unsigned long v = strtoul(s, &end, 16);
	if (*end)
		return false;
	*id = (uint32_t)v;
	return true;
}

const struct ir_manual *ir_chip_class(const struct ir_chip *c, const char *cls)
{
	uint32_t id;
	bool by_id = ir_class_id(cls, &id);

	for (size_t i = 0; i < c->nunits; i++) {
		const struct ir_manual *m = c->units[i];

		if (m->class_id && (by_id ? m->class_id == id : m->class_name && !strcmp(m->class_name, cls)))
			return m;
	}
	return NULL;
}

static int ir_class_by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The class cls (an id, else a class name) among root's chips: its unit, or NULL. */
static struct ir_manual *ir_class_in(const char *root, const char *cls, char *dir, size_t n,
				     struct diag *d)
{
	char path[8192];
	uint32_t id;
	bool by_id = ir_class_id(cls, &id);
	struct ir_manual *found = NULL;
	DIR *dh = opendir(root);
	struct dirent *e;
	char **chips = NULL;
	size_t nchips = 0;

	if (!dh)
		return NULL;
	while ((e = readdir(dh)))
		if (e->d_name[0] != '.') {
			chips = mem_realloc(chips, (nchips + 1) * sizeof(*chips));
			if (!(chips[nchips++] = strdup(e->d_name)))
				mem_out_of_memory();
		}
	closedir(dh);
	if (nchips)
		qsort(chips, nchips, sizeof(*chips), ir_class_by_name);
	for (size_t i = 0; i < nchips && !found; i++) {
		snprintf(dir, n, "%s/%s", root, chips[i]);
		DIR *ch = opendir(dir);
		while (ch && !found && (e = readdir(ch))) {
			uint32_t fid;
			char stem[16];
			size_t len = strlen(e->d_name);

			if (len != 10 || strcmp(e->d_name + 6, ".xml"))
				continue;
			memcpy(stem, e->d_name, 6);
			stem[6] = '\0';
			if (!ir_class_id(stem, &fid) || strncmp(stem, "cl", 2) || (by_id && fid != id))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			struct ir_manual *m = ir_read_file(path, d);
			if (m && m->class_id && (by_id || (m->class_name && !strcmp(m->class_name, cls))))
				found = m;
			else
				ir_manual_free(m);
		}
		if (ch)
			closedir(ch);
	}
	for (size_t i = 0; i < nchips; i++)
		free(chips[i]);
	free(chips);
	return found;
}

int ir_class_load(struct ir_chip *c, const char *cls, const char *ir_root, struct diag *d)
{
	char buf[PATH_MAX + 32];
	const char *root;

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", cls);
	for (int k = 0; (root = ir_chip_root(k, ir_root, buf, sizeof(buf))) != NULL; k++) {
		struct ir_manual *m;

		if (!root[0] || !ir_chip_is_dir(root) || !(m = ir_class_in(root, cls, c->dir, sizeof(c->dir), d)))
			continue;
		c->units = mem_realloc(NULL, sizeof(*c->units));
		c->units[0] = m;
		c->nunits = 1;
		return 0;
	}
	return -1;
}
