/* SPDX-License-Identifier: MIT */
#include "base/diag_known.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "mem.h"
#include "base/strmap.h"
#include "base/text_file.h"

struct diag_known {
	struct arena arena;
	struct strmap keys;   /* "<chip>/<unit> <warning> <DEFINE>" */
};

/* "<chip>/<unit>" of ".../<chip>/<unit>.ref[.txt]" into buf. */
static void diag_known_unit(const char *file, char *buf, size_t n)
{
	const char *base = strrchr(file, '/'), *dir = file;

	if (base) {
		for (const char *p = base; p > file; p--)
			if (p[-1] == '/') {
				dir = p;
				break;
			}
		if (dir == base)
			dir = file;
		base++;
	} else {
		base = file;
	}
	snprintf(buf, n, "%.*s%.*s", base > dir ? (int)(base - dir) : 0, dir,
		 (int)strcspn(base, "."), base);
}

/* Blank-separated words of s (len bytes, up to a '#'): their count, up to
 * max (one more when there are more); a word over its limit counts max + 1. */
static size_t diag_known_words(const char *s, size_t len, const char **w, size_t *n, size_t max,
			       const size_t *limit)
{
	size_t count = 0;
	const char *end = memchr(s, '#', len);

	for (end = end ? end : s + len; s < end;) {
		while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s == end)
			break;
		if (count == max)
			return max + 1;
		w[count] = s;
		while (s < end && *s != ' ' && *s != '\t' && *s != '\r')
			s++;
		n[count] = (size_t)(s - w[count]);
		if (n[count] > limit[count])
			return max + 1;
		count++;
	}
	return count;
}

static int diag_known_line(struct diag_known *k, const char *path, unsigned lineno,
			   const char *s, size_t len, struct diag *d)
{
	static const size_t limit[3] = { 255, 63, 255 };   /* unit, warning, define */
	const char *w[3];
	size_t n[3], count = diag_known_words(s, len, w, n, 3, limit);

	if (count == 0)
		return 0;
	if (count != 3) {
		diag_report(d, DIAG_ERROR, path, lineno, 1,
			    "expected '<chip>/<unit> <warning> <DEFINE>'");
		return -1;
	}
	/* the key diag_known_has looks up: "unit warning define" */
	char *key = arena_alloc(&k->arena, n[0] + n[1] + n[2] + 3), *q = key;
	for (int i = 0; i < 3; i++) {
		memcpy(q, w[i], n[i]);
		q += n[i];
		*q++ = i < 2 ? ' ' : '\0';
	}
	strmap_put(&k->keys, key, key);
	return 0;
}

struct diag_known *diag_known_load(const char *path, struct diag *d)
{
	struct diag_known *k;
	struct text_file f;
	unsigned lineno = 0;
	int rc = 0;

	if (text_file_load(&f, path, d) < 0)
		return NULL;
	k = mem_realloc(NULL, sizeof(*k));
	memset(k, 0, sizeof(*k));
	arena_init(&k->arena);
	strmap_init(&k->keys);
	for (const char *s = f.data, *end = f.data + f.size; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = (size_t)((nl ? nl : end) - s);

		if (diag_known_line(k, path, ++lineno, s, len, d) < 0)
			rc = -1;
		s += len + 1;
	}
	text_file_release(&f);
	if (rc < 0) {
		diag_known_free(k);
		return NULL;
	}
	return k;
}

void diag_known_free(struct diag_known *k)
{
	if (!k)
		return;
	strmap_free(&k->keys);
	arena_free(&k->arena);
	free(k);
}

bool diag_known_has(const struct diag_known *k, const char *file, enum diag_warning w,
		    const char *define)
{
	char unit[256], key[600];

	diag_known_unit(file, unit, sizeof(unit));
	snprintf(key, sizeof(key), "%s %s %s", unit, diag_warning_name(w), define);
	return strmap_get(&k->keys, key) != NULL;
}

/* The list and its lookup go into d together: diag_warn calls back through
 * d->known_has, so the reporter never names this file. */
void diag_known_use(struct diag *d, const struct diag_known *k)
{
	d->known_list = k;
	d->known_has = diag_known_has;
}
