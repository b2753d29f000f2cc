/* SPDX-License-Identifier: MIT */
#include "ir/ir.h"

#include <stdlib.h>
#include <string.h>

static const char *const ir_kind_names[IR_KIND_COUNT] = {
	"device", "register", "structure", "field", "value", "constant",
};

static const char *const ir_role_names[IR_ROLE_COUNT] = {
	"", "index-size", "struct-size", "range", "alias", "string",
};

static const char *const ir_space_names[IR_SPACE_COUNT] = {
	NULL, "bar0", "window", "block", "aperture", "pci", "vf", "memory", "ctxsw", "method",
};

const char *ir_space_name(enum ir_space_kind k)
{
	return k < IR_SPACE_COUNT ? ir_space_names[k] : NULL;
}

enum ir_space_kind ir_space_from_name(const char *s)
{
	for (int k = IR_SPACE_NONE + 1; s && k < IR_SPACE_COUNT; k++)
		if (!strcmp(s, ir_space_names[k]))
			return (enum ir_space_kind)k;
	return IR_SPACE_NONE;
}

static bool ir_str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

bool ir_space_same(const struct ir_space *a, const struct ir_space *b)
{
	return a->kind == b->kind && a->has_base == b->has_base && (!a->has_base || a->base == b->base) &&
	       ir_str_same(a->via, b->via) && ir_str_same(a->source, b->source);
}

const struct ir_space *ir_def_space(const struct ir_manual *m, const struct ir_def *d)
{
	for (; d; d = d->parent)
		if (d->kind == IR_DEVICE && d->space.kind != IR_SPACE_NONE)
			return &d->space;
	return &m->space;
}

static int ir_def_by_line(const void *a, const void *b)
{
	const struct ir_def *x = *(const struct ir_def *const *)a;
	const struct ir_def *y = *(const struct ir_def *const *)b;

	if (x->addendum != y->addendum)
		return x->addendum ? 1 : -1;
	if (!x->published != !y->published)
		return x->published ? 1 : -1;
	if (x->published && strcmp(x->published, y->published))
		return strcmp(x->published, y->published);
	return x->line < y->line ? -1 : x->line > y->line;
}

void ir_manual_order(struct ir_manual *m)
{
	size_t k = 1;

	while (k < m->ndefs && ir_def_by_line(&m->defs[k - 1], &m->defs[k]) <= 0)
		k++;
	if (k < m->ndefs)   /* else in order already (the order the IR is written in) */
		qsort(m->defs, m->ndefs, sizeof(*m->defs), ir_def_by_line);
}

struct ir_manual *ir_manual_new(void)
{
	struct ir_manual *m = calloc(1, sizeof(*m));

	if (m)
		arena_init(&m->arena);
	return m;
}

void ir_manual_free(struct ir_manual *m)
{
	if (!m)
		return;
	free(m->defs);
	arena_free(&m->arena);
	free(m);
}

struct ir_def *ir_manual_add_def(struct ir_manual *m)
{
	if (m->ndefs == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 256;
		struct ir_def **defs = realloc(m->defs, cap * sizeof(*defs));

		if (!defs)
			return NULL;
		m->defs = defs;
		m->cap = cap;
	}
	struct ir_def *d = arena_zalloc(&m->arena, sizeof(*d));
	d->placed = true;
	m->defs[m->ndefs++] = d;
	return d;
}

/* Appends d to parent's children (or to the roots); each def is linked once. */
void ir_def_set_parent(struct ir_manual *m, struct ir_def *d, struct ir_def *parent)
{
	struct ir_def **first = parent ? &parent->first_child : &m->first_root;
	struct ir_def **last = parent ? &parent->last_child : &m->last_root;

	d->parent = parent;
	if (*last)
		(*last)->next_sibling = d;
	else
		*first = d;
	*last = d;
}

const char *ir_kind_name(enum ir_kind k)
{
	return (unsigned)k < IR_KIND_COUNT ? ir_kind_names[k] : "?";
}

int ir_kind_from_name(const char *s)
{
	for (int i = 0; i < IR_KIND_COUNT; i++)
		if (!strcmp(s, ir_kind_names[i]))
			return i;
	return -1;
}

const char *ir_role_name(enum ir_role r)
{
	return (unsigned)r < IR_ROLE_COUNT ? ir_role_names[r] : "";
}

int ir_role_from_name(const char *s)
{
	for (int i = 1; i < IR_ROLE_COUNT; i++)
		if (!strcmp(s, ir_role_names[i]))
			return i;
	return -1;
}

void ir_manual_set_source(struct ir_manual *m, const char *path)
{
	const char *end = path + strlen(path);
	const char *seg[3] = { NULL, NULL, NULL };
	size_t len[3] = { 0, 0, 0 };

	/* Walk back over up to three path components: unit, chip, arch. */
	for (int k = 0; k < 3 && end > path; k++) {
		const char *s = end;

		while (s > path && s[-1] != '/')
			s--;
		seg[k] = s;
		len[k] = (size_t)(end - s);
		end = s > path ? s - 1 : s;
		while (end > path && end[-1] == '/')
			end--;
	}
	m->source = arena_strndup(&m->arena, seg[0], len[0]);
	size_t ulen = len[0];
	/* a manual, the project's addendum, or NVIDIA's published header */
	static const char *const suffixes[] = { ".ref.txt", ".ref", ".txt", ".h" };
	for (size_t i = 0; i < 4; i++) {
		size_t n = strlen(suffixes[i]);
		if (ulen > n && !memcmp(seg[0] + ulen - n, suffixes[i], n)) {
			ulen -= n;
			break;
		}
	}
	m->unit = arena_strndup(&m->arena, seg[0], ulen);
	/* Other files (fixtures, the project's addenda) say nothing of a chip. */
	if (len[0] <= 8 || memcmp(seg[0] + len[0] - 8, ".ref.txt", 8) || !seg[2] || !len[1] || !len[2])
		return;
	m->chip = arena_strndup(&m->arena, seg[1], len[1]);
	m->arch = arena_strndup(&m->arena, seg[2], len[2]);
	m->path = arena_strndup(&m->arena, seg[2], (size_t)(seg[0] + len[0] - seg[2]));
}

/*
 * What is generated from a manual carries the manual's notice.  NVIDIA's
 * public manuals carry the MIT licence text; a unit with no notice is the
 * project's own addendum, MIT like the project (LICENSE).  Any other notice
 * is named as the manual's own, never guessed.
 */
const char *ir_manual_spdx(const struct ir_manual *m)
{
	if (!m->license || strstr(m->license, "Permission is hereby granted, free of charge"))
		return "MIT";
	return "LicenseRef-manual-notice";
}

bool ir_manual_excerpt(const struct ir_manual *m)
{
	if (!m->published)
		return false;
	for (size_t i = 0; i < m->ndefs; i++)
		if (!m->defs[i]->published && !m->defs[i]->addendum)
			return false;
	return true;
}

const char *ir_published_path(struct ir_manual *m, const char *path)
{
	const char *s = path + strlen(path);

	for (int k = 0; k < 3 && s > path; k++) {
		s--;
		while (s > path && s[-1] != '/')
			s--;
	}
	return arena_strdup(&m->arena, s);
}

const char *ir_def_file(const struct ir_manual *m, const struct ir_def *d)
{
	if (d->published)
		return d->published;
	return d->addendum && m->addendum ? m->addendum : m->source;
}
