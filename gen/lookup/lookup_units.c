/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_units.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "io/ir_read.h"
#include "mem.h"

#define LOOKUP_UNITS_MAGIC "refgen lookup index 1\n"
#define LOOKUP_UNITS_MAX (64u << 20)   /* a map larger than this is not one of ours */

uint32_t lookup_units_hash(const char *name)
{
	uint32_t h = 2166136261u;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

uint64_t lookup_units_content_hash(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 14695981039346656037ull, w;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 1099511628211ull;
	}
	w = 0;
	memcpy(&w, p + i, len - i);
	h = (h ^ w) * 1099511628211ull;
	return (h ^ (uint64_t)len) * 1099511628211ull;
}

static uint64_t lookup_units_sum(const char *p, size_t n)
{
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
	return h;
}

/* An IR file name the map can hold: the reader's *.xml, nothing to quote. */
static bool lookup_units_file_name_ok(const char *s, size_t n)
{
	if (n < 5 || s[0] == '.' || memcmp(s + n - 4, ".xml", 4))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		      s[i] == '_' || s[i] == '-' || s[i] == '.'))
			return false;
	return true;
}

void lookup_units_release(struct lookup_units *u)
{
	for (size_t i = 0; i < u->nfiles; i++)
		free(u->files[i].name);
	free(u->files);
	free(u->ranges);
	free(u->names);
	memset(u, 0, sizeof(*u));
}

/* ---- text ------------------------------------------------------------------------- */

void lookup_units_format(const struct lookup_units *u, struct strbuf *out)
{
	struct strbuf body = { 0 };

	for (size_t i = 0; i < u->nfiles; i++) {
		const struct lookup_units_file *f = &u->files[i];
		strbuf_printf(&body, "file %s %llu %016llx\n", f->name, (unsigned long long)f->size,
			      (unsigned long long)f->hash);
	}
	for (size_t i = 0; i < u->nranges; i++)
		strbuf_printf(&body, "range %u %s 0x%llx 0x%llx\n", u->ranges[i].file,
			      u->ranges[i].space == IR_SPACE_NONE ? "reg" : ir_space_name(u->ranges[i].space),
			      (unsigned long long)u->ranges[i].lo, (unsigned long long)u->ranges[i].hi);
	for (size_t i = 0; i < u->nnames; i++)
		strbuf_printf(&body, "name %u %08x\n", u->names[i].file, u->names[i].hash);
	strbuf_puts(out, LOOKUP_UNITS_MAGIC);
	strbuf_printf(out, "sum %016llx\n", (unsigned long long)lookup_units_sum(body.data ? body.data : "", body.len));
	if (body.len)
		strbuf_append(out, body.data, body.len);
	strbuf_release(&body);
}

struct lookup_units_cursor {
	const char *p, *end;
};

/* word: exactly s, then one space or the line's end (not consumed). */
static bool lookup_units_word(struct lookup_units_cursor *c, const char *s)
{
	size_t n = strlen(s);

	if ((size_t)(c->end - c->p) < n || memcmp(c->p, s, n))
		return false;
	c->p += n;
	return true;
}

static bool lookup_units_space(struct lookup_units_cursor *c)
{
	return c->p < c->end && *c->p == ' ' && (c->p++, true);
}

static bool lookup_units_eol(struct lookup_units_cursor *c)
{
	return c->p < c->end && *c->p == '\n' && (c->p++, true);
}

/* A number as lookup_units_format writes it: decimal, or 0x and lower-case
 * hex, without leading zeros; digits: exactly that many hex digits instead. */
static bool lookup_units_number(struct lookup_units_cursor *c, int base, int digits, uint64_t *out)
{
	const char *start;
	uint64_t v = 0;
	int n = 0;

	if (base == 16 && !digits) {
		if (c->end - c->p < 2 || c->p[0] != '0' || c->p[1] != 'x')
			return false;
		c->p += 2;
	}
	start = c->p;
	for (; c->p < c->end; c->p++, n++) {
		char ch = *c->p;
		unsigned dv;
		if (ch >= '0' && ch <= '9')
			dv = (unsigned)(ch - '0');
		else if (base == 16 && ch >= 'a' && ch <= 'f')
			dv = (unsigned)(ch - 'a' + 10);
		else
			break;
		if (v > (UINT64_MAX - dv) / (uint64_t)base)
			return false;
		v = v * (uint64_t)base + dv;
	}
	if (!n || (digits && n != digits) || (!digits && n > 1 && *start == '0'))
		return false;
	*out = v;
	return true;
}

static bool lookup_units_parse_file(struct lookup_units_cursor *c, struct lookup_units_file *f)
{
	const char *name = c->p;
	size_t len;

	while (c->p < c->end && *c->p != ' ' && *c->p != '\n')
		c->p++;
	len = (size_t)(c->p - name);
	if (!lookup_units_file_name_ok(name, len) || !lookup_units_space(c) ||
	    !lookup_units_number(c, 10, 0, &f->size) || !lookup_units_space(c) ||
	    !lookup_units_number(c, 16, 16, &f->hash) || !lookup_units_eol(c))
		return false;
	f->name = mem_realloc(NULL, len + 1);
	memcpy(f->name, name, len);
	f->name[len] = '\0';
	return true;
}

/* The file number of a range or name line: one of the files given. */
static bool lookup_units_file_no(struct lookup_units_cursor *c, const struct lookup_units *u, uint32_t *out)
{
	uint64_t v;

	if (!lookup_units_number(c, 10, 0, &v) || v >= u->nfiles)
		return false;
	*out = (uint32_t)v;
	return true;
}

#define LOOKUP_UNITS_PUSH(arr, n, cap) \
	do { \
		if ((n) == (cap)) { \
			(cap) = (cap) ? (cap) * 2 : 64; \
			(arr) = mem_realloc((arr), (cap) * sizeof(*(arr))); \
		} \
	} while (0)

/* "reg" (IR_SPACE_NONE) or a space's name. */
static bool lookup_units_space_name(struct lookup_units_cursor *c, enum ir_space_kind *out)
{
	const char *w = c->p;
	char name[16];

	while (c->p < c->end && ((*c->p >= 'a' && *c->p <= 'z') || (*c->p >= '0' && *c->p <= '9')))
		c->p++;
	if (c->p == w || (size_t)(c->p - w) >= sizeof(name))
		return false;
	memcpy(name, w, (size_t)(c->p - w));
	name[c->p - w] = '\0';
	*out = ir_space_from_name(name);
	return !strcmp(name, "reg") || *out != IR_SPACE_NONE;
}

/* Ranges by file, space, then lo; one file's of one space apart (merged when they touch). */
static bool lookup_units_range_after(const struct lookup_units_range *q, const struct lookup_units_range *r)
{
	if (q->file != r->file)
		return q->file < r->file;
	if (q->space != r->space)
		return q->space < r->space;
	return q->hi != UINT64_MAX && q->hi + 1 < r->lo;
}

static int lookup_units_parse_body(struct lookup_units *u, struct lookup_units_cursor *c)
{
	size_t cap_files = 0, cap_ranges = 0, cap_names = 0;

	while (c->p < c->end && lookup_units_word(c, "file ")) {
		struct lookup_units_file f = { 0 };
		if (!lookup_units_parse_file(c, &f))
			return -1;
		LOOKUP_UNITS_PUSH(u->files, u->nfiles, cap_files);
		u->files[u->nfiles++] = f;
		if (u->nfiles > 1 && strcmp(u->files[u->nfiles - 2].name, f.name) >= 0)
			return -1;
	}
	while (c->p < c->end && lookup_units_word(c, "range ")) {
		struct lookup_units_range r;
		if (!lookup_units_file_no(c, u, &r.file) || !lookup_units_space(c) ||
		    !lookup_units_space_name(c, &r.space) || !lookup_units_space(c) ||
		    !lookup_units_number(c, 16, 0, &r.lo) || !lookup_units_space(c) ||
		    !lookup_units_number(c, 16, 0, &r.hi) || !lookup_units_eol(c) || r.hi < r.lo)
			return -1;
		if (u->nranges && !lookup_units_range_after(&u->ranges[u->nranges - 1], &r))
			return -1;
		LOOKUP_UNITS_PUSH(u->ranges, u->nranges, cap_ranges);
		u->ranges[u->nranges++] = r;
	}
	while (c->p < c->end && lookup_units_word(c, "name ")) {
		struct lookup_units_name nm;
		uint64_t h;
		if (!lookup_units_file_no(c, u, &nm.file) || !lookup_units_space(c) ||
		    !lookup_units_number(c, 16, 8, &h) || !lookup_units_eol(c))
			return -1;
		nm.hash = (uint32_t)h;
		if (u->nnames) {
			const struct lookup_units_name *q = &u->names[u->nnames - 1];
			if (q->file > nm.file || (q->file == nm.file && q->hash >= nm.hash))
				return -1;
		}
		LOOKUP_UNITS_PUSH(u->names, u->nnames, cap_names);
		u->names[u->nnames++] = nm;
	}
	return c->p == c->end ? 0 : -1;
}

int lookup_units_parse(struct lookup_units *u, const char *text, size_t len)
{
	struct lookup_units_cursor c = { text, text + len };
	uint64_t sum;

	memset(u, 0, sizeof(*u));
	if (!lookup_units_word(&c, LOOKUP_UNITS_MAGIC) || !lookup_units_word(&c, "sum ") ||
	    !lookup_units_number(&c, 16, 16, &sum) || !lookup_units_eol(&c) ||
	    sum != lookup_units_sum(c.p, (size_t)(c.end - c.p)))
		return -1;
	if (lookup_units_parse_body(u, &c) < 0) {
		lookup_units_release(u);
		return -1;
	}
	return 0;
}

/* ---- the map of an index ------------------------------------------------------------- */

static int lookup_units_by_range(const void *a, const void *b)
{
	const struct lookup_units_range *x = a, *y = b;

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	if (x->space != y->space)
		return x->space < y->space ? -1 : 1;
	return (x->lo > y->lo) - (x->lo < y->lo);
}

static int lookup_units_by_name(const void *a, const void *b)
{
	const struct lookup_units_name *x = a, *y = b;

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return (x->hash > y->hash) - (x->hash < y->hash);
}

/* The file number of unit m (units[i] came from file ufile[i]). */
static uint32_t lookup_units_file_of(const struct ir_chip *c, const uint32_t *ufile, const struct ir_manual *m)
{
	for (size_t i = 0; i < c->nunits; i++)
		if (c->units[i] == m)
			return ufile[i];
	return UINT32_MAX;
}

void lookup_units_map(struct lookup_units *u, const struct lookup_index *x, const struct ir_chip *c,
		      const uint32_t *ufile)
{
	size_t cap = 0, n = 0, cap_ranges = 0, cap_names = 0;
	struct lookup_units_range *r = NULL;
	const struct ir_manual *last = NULL;
	uint32_t last_file = 0;

	for (size_t i = 0; i < x->nregs + x->ndevices; i++) {
		const struct ir_manual *m = i < x->nregs ? x->regs[i].layout->unit : x->devices[i - x->nregs].unit;
		enum ir_space_kind space = i < x->nregs ? IR_SPACE_NONE : x->devices[i - x->nregs].space;
		uint64_t lo, hi;
		if (i < x->nregs) {
			lo = x->regs[i].addr;
			hi = lo + x->regs[i].bytes - 1 < lo ? UINT64_MAX : lo + x->regs[i].bytes - 1;
		} else {
			lo = x->devices[i - x->nregs].lo;
			hi = x->devices[i - x->nregs].hi;
		}
		if (m != last) {
			last = m;
			last_file = lookup_units_file_of(c, ufile, m);
		}
		LOOKUP_UNITS_PUSH(r, n, cap);
		r[n++] = (struct lookup_units_range){ last_file, space, lo, hi };
	}
	if (n)
		qsort(r, n, sizeof(*r), lookup_units_by_range);
	for (size_t i = 0; i < n; i++) {
		struct lookup_units_range *q = u->nranges ? &u->ranges[u->nranges - 1] : NULL;
		if (q && !lookup_units_range_after(q, &r[i])) {
			if (r[i].hi > q->hi)
				q->hi = r[i].hi;
			continue;
		}
		LOOKUP_UNITS_PUSH(u->ranges, u->nranges, cap_ranges);
		u->ranges[u->nranges++] = r[i];
	}
	free(r);
	for (size_t k = 0; k < c->nunits; k++)
		for (size_t i = 0; i < c->units[k]->ndefs; i++)
			if (c->units[k]->defs[i]->name) {
				LOOKUP_UNITS_PUSH(u->names, u->nnames, cap_names);
				u->names[u->nnames++] = (struct lookup_units_name){ ufile[k],
					lookup_units_hash(c->units[k]->defs[i]->name) };
			}
	if (u->nnames)
		qsort(u->names, u->nnames, sizeof(*u->names), lookup_units_by_name);
	n = 0;
	for (size_t i = 0; i < u->nnames; i++)
		if (!n || u->names[n - 1].file != u->names[i].file || u->names[n - 1].hash != u->names[i].hash)
			u->names[n++] = u->names[i];
	u->nnames = n;
}

/* ---- loading ----------------------------------------------------------------------- */

static int lookup_units_by_file_name(const void *a, const void *b)
{
	return strcmp(((const struct lookup_units_file *)a)->name, ((const struct lookup_units_file *)b)->name);
}

/* path's bytes, whole, into *buf (grown as needed); -1 when it cannot be
 * read (nothing reported: the map is only a cache). */
static int lookup_units_slurp(const char *path, char **buf, size_t *cap, size_t *len)
{
	struct stat st;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size < 0 || st.st_size > LOOKUP_UNITS_MAX) {
		close(fd);
		return -1;
	}
	if ((size_t)st.st_size + 1 > *cap) {
		*cap = (size_t)st.st_size + 1;
		*buf = mem_realloc(*buf, *cap);
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, *buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	*len = got;
	return got == (size_t)st.st_size ? 0 : -1;
}

/* dir's *.xml with the size and hash of each, by name; *usable false when
 * one of them cannot be in a map (a name it cannot hold, unreadable).
 * -1: no dir. */
static int lookup_units_list(struct lookup_units *u, const char *dir, bool *usable)
{
	char path[8192], *buf = NULL;
	size_t cap = 0, bufcap = 0, len;
	struct dirent *e;
	DIR *dh = opendir(dir);

	*usable = true;
	if (!dh)
		return -1;
	while ((e = readdir(dh))) {
		size_t n = strlen(e->d_name);
		struct lookup_units_file f = { 0 };
		if (e->d_name[0] == '.' || n <= 4 || strcmp(e->d_name + n - 4, ".xml"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (!lookup_units_file_name_ok(e->d_name, n) || lookup_units_slurp(path, &buf, &bufcap, &len) < 0)
			*usable = false;
		else
			f = (struct lookup_units_file){ NULL, len, lookup_units_content_hash(buf, len) };
		f.name = mem_realloc(NULL, n + 1);
		memcpy(f.name, e->d_name, n + 1);
		LOOKUP_UNITS_PUSH(u->files, u->nfiles, cap);
		u->files[u->nfiles++] = f;
	}
	closedir(dh);
	free(buf);
	if (u->nfiles)
		qsort(u->files, u->nfiles, sizeof(*u->files), lookup_units_by_file_name);
	return 0;
}

/* The map file of dir, if it reads and parses; else -1. */
static int lookup_units_read(struct lookup_units *u, const char *dir)
{
	char path[8192], *buf = NULL;
	size_t cap = 0, len;
	int rc;

	memset(u, 0, sizeof(*u));
	snprintf(path, sizeof(path), "%s/%s", dir, LOOKUP_UNITS_FILE);
	rc = lookup_units_slurp(path, &buf, &cap, &len) == 0 ? lookup_units_parse(u, buf, len) : -1;
	free(buf);
	return rc;
}

/* Whether map m was made from exactly the files listed now. */
static bool lookup_units_current(const struct lookup_units *m, const struct lookup_units *now)
{
	if (m->nfiles != now->nfiles)
		return false;
	for (size_t i = 0; i < m->nfiles; i++) {
		const struct lookup_units_file *a = &m->files[i], *b = &now->files[i];
		if (strcmp(a->name, b->name) || a->size != b->size || a->hash != b->hash)
			return false;
	}
	return true;
}

void lookup_units_select(const struct lookup_units *u, const struct lookup_want *w, bool *want)
{
	if (w->kind == LOOKUP_WANT_ALL) {
		for (size_t i = 0; i < u->nfiles; i++)
			want[i] = true;
	} else if (w->kind == LOOKUP_WANT_ADDRESS) {
		for (size_t i = 0; i < u->nranges; i++) {
			const struct lookup_units_range *r = &u->ranges[i];
			/* as lookup_index_at (any space: the other spaces are shown too),
			 * lookup_index_device and lookup_index_aperture ask */
			if (r->lo <= w->addr && w->addr <= r->hi &&
			    (r->space == IR_SPACE_NONE || r->space == w->space ||
			     (r->space == IR_SPACE_APERTURE && w->space == IR_SPACE_BAR0)))
				want[r->file] = true;
		}
	} else {
		uint32_t h = lookup_units_hash(w->name);
		for (size_t i = 0; i < u->nnames; i++)
			if (u->names[i].hash == h)
				want[u->names[i].file] = true;
	}
}

struct lookup_units_unit {
	struct ir_manual *m;
	uint32_t file;
};

static int lookup_units_by_unit(const void *a, const void *b)
{
	const struct lookup_units_unit *x = a, *y = b;
	int c = strcmp(x->m->unit ? x->m->unit : "", y->m->unit ? y->m->unit : "");

	return c ? c : (x->file > y->file) - (x->file < y->file);
}

/* Reads the files of list that want says (NULL: all) into c, sorted by unit
 * as ir_chip_load sorts them; ufile[i]: the file of c->units[i]. */
static void lookup_units_read_ir(struct ir_chip *c, const struct lookup_units *list, const bool *want,
				 uint32_t *ufile, struct diag *d)
{
	struct lookup_units_unit *got = mem_calloc(list->nfiles + 1, sizeof(*got));
	char path[8192];
	size_t n = 0;

	for (size_t i = 0; i < list->nfiles; i++) {
		struct ir_manual *m;
		if (want && !want[i])
			continue;
		snprintf(path, sizeof(path), "%s/%s", c->dir, list->files[i].name);
		m = ir_read_file(path, d);
		if (m)
			got[n++] = (struct lookup_units_unit){ m, (uint32_t)i };
	}
	if (n)
		qsort(got, n, sizeof(*got), lookup_units_by_unit);
	c->units = mem_calloc(n + 1, sizeof(*c->units));
	for (size_t i = 0; i < n; i++) {
		c->units[i] = got[i].m;
		ufile[i] = got[i].file;
	}
	c->nunits = n;
	free(got);
}

/* Writes the map of the whole chip c (its index x) over dir's old one; any
 * failure leaves the old one, or none, and is not reported. */
static void lookup_units_write(const struct lookup_units *list, const struct lookup_index *x,
			       const struct ir_chip *c, const uint32_t *ufile)
{
	struct lookup_units u = { 0 };
	struct strbuf text = { 0 };
	char path[8192];
	int saved = errno;

	u.files = list->files;
	u.nfiles = list->nfiles;
	lookup_units_map(&u, x, c, ufile);
	lookup_units_format(&u, &text);
	snprintf(path, sizeof(path), "%s/%s", c->dir, LOOKUP_UNITS_FILE);
	(void)atomic_file_write(path, text.data, text.len);
	strbuf_release(&text);
	free(u.ranges);
	free(u.names);
	errno = saved;
}

int lookup_units_load(struct ir_chip *c, struct lookup_index *x, const char *chip, const char *ir_root,
		      const struct lookup_want *w, struct lookup_units_todo *t, struct diag *d)
{
	struct lookup_units map = { 0 };
	char tried[2048];
	bool usable, current, *want = NULL;
	int rc = 0;

	memset(c, 0, sizeof(*c));
	memset(x, 0, sizeof(*x));
	memset(t, 0, sizeof(*t));
	snprintf(c->name, sizeof(c->name), "%s", chip);
	if (ir_chip_locate(chip, ir_root, c->dir, sizeof(c->dir), tried, sizeof(tried)) < 0 ||
	    lookup_units_list(&t->list, c->dir, &usable) < 0) {
		/* ir_chip_load says what is wrong, as lookup always did */
		rc = ir_chip_load(c, chip, ir_root, d);
		if (rc == 0)
			lookup_index_build(x, c);
		return rc;
	}
	current = usable && lookup_units_read(&map, c->dir) == 0 && lookup_units_current(&map, &t->list);
	if (current && w->kind != LOOKUP_WANT_ALL) {
		want = mem_calloc(t->list.nfiles + 1, sizeof(*want));
		lookup_units_select(&map, w, want);
	}
	t->ufile = mem_calloc(t->list.nfiles + 1, sizeof(*t->ufile));
	lookup_units_read_ir(c, &t->list, want, t->ufile, d);
	if (d->errors) {
		rc = -1;
	} else if (!want && !c->nunits) {
		diag_report(d, DIAG_ERROR, c->dir, 0, 0, "no IR documents (*.xml) for chip '%s'", chip);
		rc = -1;
	} else {
		lookup_index_build(x, c);
		t->write = !current && usable;
	}
	free(want);
	lookup_units_release(&map);
	return rc;
}

void lookup_units_finish(struct lookup_units_todo *t, const struct lookup_index *x, const struct ir_chip *c,
			 bool answered)
{
	if (t->write && answered)
		lookup_units_write(&t->list, x, c, t->ufile);
	free(t->ufile);
	lookup_units_release(&t->list);
	memset(t, 0, sizeof(*t));
}
