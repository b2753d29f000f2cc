/* SPDX-License-Identifier: MIT */
#include "diff/ir_diff.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "ir/ir_eval.h"
#include "base/strmap.h"
#include "mem.h"

/* Where a define sits, at index 0 (and how it steps with its indices). */
struct ir_diff_geom {
	bool ok;
	uint64_t pos, width;       /* offset/lo bit/value; bytes or bits */
	uint64_t stride[2];
	uint32_t n[2];
};

struct ir_diff_ctx {
	struct arena arena;
	struct strmap a_names, b_names;   /* name -> first def of that name */
	struct strmap a_to_b, b_from_a;   /* matched or renamed counterparts */
	bool *a_first, *b_first;          /* by index in from, to: ir_diff_index's */
	struct ir_diff_unit *u;
	size_t cap;
	bool oom;
	const struct ir_def *sib_parent, *sib_match;   /* ir_diff_sibling's last lookup */
};

static const char *const ir_diff_names[IR_DIFF_CHANGE_COUNT] = {
	"added", "removed", "moved", "resized", "re-coded", "renamed",
};

const char *ir_diff_change_name(enum ir_diff_change c)
{
	return (unsigned)c < IR_DIFF_CHANGE_COUNT ? ir_diff_names[c] : "?";
}

/* Devices, registers and structures are level 0, fields 1, values 2. */
static int ir_diff_level(const struct ir_def *d)
{
	if (!d->name)
		return -1;
	switch (d->kind) {
	case IR_DEVICE: case IR_REGISTER: case IR_STRUCTURE: return 0;
	case IR_FIELD: return 1;
	case IR_VALUE: return 2;
	default: return -1;
	}
}

static uint64_t ir_diff_reg_bytes(const struct ir_def *d)
{
	char c = d->code.present && strlen(d->code.c) == 5 ? d->code.c[3] : '4';

	return c == '1' || c == '2' || c == '8' ? (uint64_t)(c - '0') : 4;
}

static struct ir_diff_geom ir_diff_geom_of(struct ir_diff_ctx *x, const struct ir_def *d)
{
	struct ir_diff_geom g = { 0 };
	struct ir_eval pos, hi;
	uint64_t h, p1;

	if (d->kind == IR_REGISTER || d->kind == IR_VALUE) {
		pos = ir_eval_prepare(&x->arena, d, &d->value);
		hi = pos;
	} else if (d->kind == IR_FIELD || d->kind == IR_DEVICE) {
		pos = ir_eval_prepare(&x->arena, d, &d->lo);
		hi = ir_eval_prepare(&x->arena, d, &d->hi);
	} else {
		return g;
	}
	if (!ir_eval_at(&pos, 0, 0, &g.pos) || !ir_eval_at(&hi, 0, 0, &h) || h < g.pos)
		return g;
	g.ok = true;
	g.width = d->kind == IR_REGISTER ? ir_diff_reg_bytes(d) : d->kind == IR_VALUE ? 0 : h - g.pos + 1;
	for (int k = 0; k < d->nparams && k < 2; k++) {
		if (ir_eval_at(&pos, k == 0, k == 1, &p1))
			g.stride[k] = p1 - g.pos;
		g.n[k] = d->size[k];
	}
	return g;
}

static bool ir_diff_same_text(const char *a, const char *b)
{
	a = a ? a : "";
	b = b ? b : "";
	for (;;) {
		while (*a == ' ' || *a == '\t')
			a++;
		while (*b == ' ' || *b == '\t')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++, b++;
	}
}

static bool ir_diff_same_code(const struct ir_def *a, const struct ir_def *b)
{
	return a->code.present == b->code.present && !strcmp(a->code.c, b->code.c);
}

/* The spaces of a (from) and b (to), when they are registers or devices in different ones. */
static bool ir_diff_spaces(const struct ir_diff_ctx *x, const struct ir_def *a, const struct ir_def *b,
			   const struct ir_space **sa, const struct ir_space **sb)
{
	if (!x->u || !x->u->from || !x->u->to || !a || !b || a->kind != b->kind ||
	    (a->kind != IR_REGISTER && a->kind != IR_DEVICE))
		return false;
	*sa = ir_def_space(x->u->from, a);
	*sb = ir_def_space(x->u->to, b);
	return (*sa)->kind != (*sb)->kind || (*sa)->has_base != (*sb)->has_base || (*sa)->base != (*sb)->base;
}

/* The moved/resized/re-coded bits between a and b. */
static unsigned ir_diff_compare(struct ir_diff_ctx *x, const struct ir_def *a, const struct ir_def *b)
{
	struct ir_diff_geom ga = ir_diff_geom_of(x, a), gb = ir_diff_geom_of(x, b);
	const struct ir_space *sa, *sb;
	unsigned ch = ir_diff_spaces(x, a, b, &sa, &sb) ? IR_DIFF_BIT(IR_DIFF_MOVED) : 0;

	if (ga.ok && gb.ok) {
		if (ga.pos != gb.pos || ga.stride[0] != gb.stride[0] || ga.stride[1] != gb.stride[1])
			ch |= IR_DIFF_BIT(IR_DIFF_MOVED);
		if (ga.width != gb.width || ga.n[0] != gb.n[0] || ga.n[1] != gb.n[1])
			ch |= IR_DIFF_BIT(IR_DIFF_RESIZED);
	} else if (ga.ok != gb.ok || !ir_diff_same_text(a->body, b->body)) {
		ch |= IR_DIFF_BIT(IR_DIFF_MOVED);
	}
	if (!ir_diff_same_code(a, b))
		ch |= IR_DIFF_BIT(IR_DIFF_RECODED);
	return ch;
}

static struct ir_diff_entry *ir_diff_add(struct ir_diff_ctx *x, unsigned ch,
					 const struct ir_def *from, const struct ir_def *to)
{
	struct ir_diff_unit *u = x->u;
	struct ir_diff_entry *e;

	if (u->nentries == x->cap) {
		size_t cap = x->cap ? x->cap * 2 : 64;
		e = realloc(u->entries, cap * sizeof(*e));
		if (!e) {
			x->oom = true;
			return NULL;
		}
		u->entries = e;
		x->cap = cap;
	}
	e = &u->entries[u->nentries++];
	memset(e, 0, sizeof(*e));
	e->changes = ch;
	e->from = from;
	e->to = to;
	e->within = -1;
	if (!ir_diff_spaces(x, from, to, &e->space_from, &e->space_to))
		e->space_from = e->space_to = NULL;
	return e;
}

/* names: the first define of each name of m (at a level); first[i]: whether
 * m->defs[i] is that define (what ir_diff_first says, without the lookup). */
static void ir_diff_index(struct strmap *names, const struct ir_manual *m, bool *first)
{
	int added;

	if (m)
		strmap_reserve(names, m->ndefs);
	for (size_t i = 0; m && i < m->ndefs; i++) {
		const struct ir_def *d = m->defs[i];
		void **v;
		if (ir_diff_level(d) < 0)
			continue;
		v = strmap_ref(names, d->name, &added);
		if (added)
			*v = (void *)d;
		first[i] = added;
	}
}

/* True for the first define of its name in m (the one the maps hold). */
static bool ir_diff_first(const struct strmap *names, const struct ir_def *d)
{
	return ir_diff_level(d) >= 0 && strmap_get(names, d->name) == d;
}

/* Whether a (its geometry ga) and b (gb) overlap. */
static bool ir_diff_overlap(const struct ir_def *a, const struct ir_diff_geom *ga, const struct ir_diff_geom *gb)
{
	uint64_t ea, eb;

	if (!ga->ok || !gb->ok)
		return false;
	if (a->kind == IR_VALUE)
		return ga->pos == gb->pos;
	ea = ga->pos + (ga->width ? ga->width - 1 : 0);
	eb = gb->pos + (gb->width ? gb->width - 1 : 0);
	if (a->kind == IR_REGISTER) {
		/* Arrays cover every element. */
		if (ga->n[0])
			ea += ga->stride[0] * (ga->n[0] - 1) + (ga->n[1] ? ga->stride[1] * (ga->n[1] - 1) : 0);
		if (gb->n[0])
			eb += gb->stride[0] * (gb->n[0] - 1) + (gb->n[1] ? gb->stride[1] * (gb->n[1] - 1) : 0);
	}
	return ga->pos <= eb && gb->pos <= ea;
}

/* Children field ranges of a register or structure equal (in order). */
static bool ir_diff_same_fields(struct ir_diff_ctx *x, const struct ir_def *a, const struct ir_def *b)
{
	const struct ir_def *ca = a->first_child, *cb = b->first_child;

	for (;;) {
		while (ca && ca->kind != IR_FIELD)
			ca = ca->next_sibling;
		while (cb && cb->kind != IR_FIELD)
			cb = cb->next_sibling;
		if (!ca || !cb)
			return !ca && !cb;
		if (ir_diff_compare(x, ca, cb) & ~IR_DIFF_BIT(IR_DIFF_RECODED))
			return false;
		ca = ca->next_sibling;
		cb = cb->next_sibling;
	}
}

static bool ir_diff_same_layout(struct ir_diff_ctx *x, const struct ir_def *a, const struct ir_def *b)
{
	if (a->kind != b->kind || a->nparams != b->nparams)
		return false;
	if (ir_diff_compare(x, a, b) & ~IR_DIFF_BIT(IR_DIFF_RECODED))
		return false;
	if (a->kind == IR_REGISTER || a->kind == IR_STRUCTURE)
		return ir_diff_same_fields(x, a, b);
	return true;
}

/* An added define can stand for a removed one: same kind, same parent. */
static bool ir_diff_sibling(struct ir_diff_ctx *x, const struct ir_def *removed, const struct ir_def *added)
{
	const struct ir_def *p;

	if (removed->kind != added->kind)
		return false;
	if (ir_diff_level(removed) == 0)
		return true;
	/* callers loop over added defines for one removed: look its parent up once */
	if (removed->parent != x->sib_parent) {
		x->sib_parent = removed->parent;
		x->sib_match = removed->parent ? strmap_get(&x->a_to_b, removed->parent->name) : NULL;
	}
	p = x->sib_match;
	return p && p == added->parent;
}

/* A name that extends another at an '_' ("NV_PFIFO_RUNLIST" -> "NV_PFIFO_RUNLIST_SUBMIT"). */
static bool ir_diff_extends(const char *longer, const char *prefix)
{
	size_t n = strlen(prefix);

	return !strncmp(longer, prefix, n) && longer[n] == '_';
}

struct ir_diff_side {
	const struct ir_def **defs;
	struct ir_diff_geom *geom;     /* of each define: compared with every define of the other side */
	bool *known;                   /* geom[i] computed */
	size_t n;
	/* removed defines: the define of the other chip each one's parent was
	 * matched to (what ir_diff_sibling looks up), NULL none */
	const struct ir_def **parent_match;
};

static void ir_diff_collect(struct ir_diff_side *s, const struct ir_manual *m,
			    const bool *first, const struct strmap *matched, int level)
{
	s->n = 0;
	s->defs = NULL;
	s->geom = NULL;
	s->known = NULL;
	s->parent_match = NULL;
	if (!m)
		return;
	s->defs = mem_calloc(m->ndefs + 1, sizeof(*s->defs));
	for (size_t i = 0; i < m->ndefs; i++) {
		const struct ir_def *d = m->defs[i];
		/* the level first: it costs no lookup */
		if (first[i] && ir_diff_level(d) == level && !strmap_get(matched, d->name))
			s->defs[s->n++] = d;
	}
	s->geom = mem_calloc(s->n + 1, sizeof(*s->geom));
	s->known = mem_calloc(s->n + 1, sizeof(*s->known));
}

/* The geometry of s->defs[i], computed when first asked. */
static const struct ir_diff_geom *ir_diff_side_geom(struct ir_diff_ctx *x, const struct ir_diff_side *s, size_t i)
{
	if (!s->known[i]) {
		s->geom[i] = ir_diff_geom_of(x, s->defs[i]);
		s->known[i] = true;
	}
	return &s->geom[i];
}

/* The index in s of the one define of s that is a sibling of d (geometry gd)
 * overlapping it, or -1. */
static long ir_diff_only_overlap(struct ir_diff_ctx *x, const struct ir_diff_side *s, const struct ir_def *d,
				 const struct ir_diff_geom *gd, bool d_removed)
{
	long found = -1;

	for (size_t i = 0; i < s->n; i++) {
		const struct ir_def *o = s->defs[i];
		bool sib;

		if (d_removed)
			sib = ir_diff_sibling(x, d, o);
		else   /* ir_diff_sibling(x, o, d), its lookup made once per define (ir_diff_level_pass) */
			sib = o->kind == d->kind && (ir_diff_level(o) == 0 ||
						     (s->parent_match[i] && s->parent_match[i] == d->parent));
		if (!sib || !ir_diff_overlap(d, gd, ir_diff_side_geom(x, s, i)))
			continue;
		if (found >= 0)
			return -1;
		found = (long)i;
	}
	return found;
}

static void ir_diff_related(struct ir_diff_ctx *x, struct ir_diff_entry *e, const struct ir_diff_geom *ge,
			    const struct ir_diff_side *added)
{
	const struct ir_def *r = e->from;

	for (size_t i = 0; i < added->n; i++) {
		const struct ir_def *a = added->defs[i];
		if (!ir_diff_sibling(x, r, a) || strmap_get(&x->b_from_a, a->name))
			continue;
		if (!ir_diff_overlap(r, ge, ir_diff_side_geom(x, added, i)) && !(ir_diff_level(r) == 0 && ir_diff_extends(a->name, r->name)))
			continue;
		if (!e->related) {
			e->related = calloc(added->n, sizeof(*e->related));
			if (!e->related) {
				x->oom = true;
				return;
			}
		}
		e->related[e->nrelated++] = a;
	}
}

/* Renames and removals of one level, once the levels above are matched. */
static void ir_diff_level_pass(struct ir_diff_ctx *x, const struct ir_manual *from,
			       const struct ir_manual *to, int level)
{
	struct ir_diff_side removed, added;
	const struct ir_def **pair;

	x->sib_parent = x->sib_match = NULL;
	ir_diff_collect(&removed, from, x->a_first, &x->a_to_b, level);
	ir_diff_collect(&added, to, x->b_first, &x->b_from_a, level);
	pair = mem_calloc(removed.n + 1, sizeof(*pair));
	removed.parent_match = mem_calloc(removed.n + 1, sizeof(*removed.parent_match));
	for (size_t i = 0; i < removed.n; i++) {
		const struct ir_def *parent = removed.defs[i]->parent;
		removed.parent_match[i] = parent ? strmap_get(&x->a_to_b, parent->name) : NULL;
	}
	for (size_t i = 0; i < removed.n; i++) {
		const struct ir_def *r = removed.defs[i];
		long a = ir_diff_only_overlap(x, &added, r, ir_diff_side_geom(x, &removed, i), true);
		if (a >= 0 && ir_diff_only_overlap(x, &removed, added.defs[a], ir_diff_side_geom(x, &added, (size_t)a), false) == (long)i &&
		    ir_diff_same_layout(x, r, added.defs[a]))
			pair[i] = added.defs[a];
	}
	for (size_t i = 0; i < removed.n; i++) {
		if (!pair[i])
			continue;
		strmap_put(&x->a_to_b, removed.defs[i]->name, (void *)pair[i]);
		strmap_put(&x->b_from_a, pair[i]->name, (void *)removed.defs[i]);
		ir_diff_add(x, IR_DIFF_BIT(IR_DIFF_RENAMED) |
			    (ir_diff_same_code(removed.defs[i], pair[i]) ? 0 : IR_DIFF_BIT(IR_DIFF_RECODED)),
			    removed.defs[i], pair[i]);
	}
	for (size_t i = 0; i < removed.n; i++) {
		struct ir_diff_entry *e;
		if (pair[i] || !(e = ir_diff_add(x, IR_DIFF_BIT(IR_DIFF_REMOVED), removed.defs[i], NULL)))
			continue;
		ir_diff_related(x, e, ir_diff_side_geom(x, &removed, i), &added);
	}
	free(pair);
	free(removed.defs);
	free(removed.parent_match);
	free(removed.geom);
	free(removed.known);
	free(added.defs);
	free(added.geom);
	free(added.known);
}

/* The suffix a child adds to its parent's name ("_PERIOD"), or NULL. */
static const char *ir_diff_suffix(const struct ir_def *d)
{
	size_t n = d->parent ? strlen(d->parent->name) : 0;

	return d->parent && !strncmp(d->name, d->parent->name, n) ? d->name + n : NULL;
}

/*
 * A define renamed only because its parent was (NV_PFIFO_ENG_TIMEOUT_PERIOD
 * -> NV_PFIFO_ENG_CTXSW_TIMEOUT_PERIOD) goes with its parent's rename.
 */
static const struct ir_def *ir_diff_rename_owner(const struct ir_diff_ctx *x, const struct ir_diff_entry *e,
						 int *depth)
{
	const struct ir_def *a = e->from, *b = e->to;

	if (e->changes != IR_DIFF_BIT(IR_DIFF_RENAMED))
		return b;
	while (a->parent && b->parent && strmap_get(&x->a_to_b, a->parent->name) == b->parent &&
	       strcmp(a->parent->name, b->parent->name) && ir_diff_suffix(a) && ir_diff_suffix(b) &&
	       !strcmp(ir_diff_suffix(a), ir_diff_suffix(b))) {
		a = a->parent;
		b = b->parent;
		++*depth;
	}
	return b;
}

/* The highest ancestor that is itself added (removed) with d, and how far up. */
static const struct ir_def *ir_diff_owner(const struct ir_diff_ctx *x, const struct ir_diff_entry *e, int *depth)
{
	bool added = !e->from;
	const struct ir_def *d = added ? e->to : e->from, *p;
	const struct strmap *names = added ? &x->b_names : &x->a_names;
	const struct strmap *other = added ? &x->b_from_a : &x->a_to_b;

	*depth = 0;
	if (e->from && e->to)
		return ir_diff_rename_owner(x, e, depth);
	for (p = d->parent; p && ir_diff_first(names, p) && !strmap_get(other, p->name); p = p->parent) {
		d = p;
		++*depth;
	}
	return d;
}

struct ir_diff_sortkey {
	const char *owner;
	int depth;
	uint32_t line;
	size_t index;
};

static int ir_diff_by_key(const void *pa, const void *pb)
{
	const struct ir_diff_sortkey *a = pa, *b = pb;
	int c = strcmp(a->owner, b->owner);

	if (c)
		return c;
	if ((a->depth == 0) != (b->depth == 0))
		return a->depth == 0 ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* Orders entries by name, each added/removed define followed by what went with it. */
static void ir_diff_order(struct ir_diff_ctx *x)
{
	struct ir_diff_unit *u = x->u;
	struct ir_diff_sortkey *k = mem_calloc(u->nentries + 1, sizeof(*k));
	struct ir_diff_entry *sorted = mem_calloc(u->nentries + 1, sizeof(*sorted));
	long owner_index = -1;

	for (size_t i = 0; i < u->nentries; i++) {
		const struct ir_diff_entry *e = &u->entries[i];
		const struct ir_def *own = ir_diff_owner(x, e, &k[i].depth);
		k[i].owner = own->name;
		k[i].line = (e->to ? e->to : e->from)->line;
		k[i].index = i;
	}
	qsort(k, u->nentries, sizeof(*k), ir_diff_by_key);
	for (size_t i = 0; i < u->nentries; i++) {
		sorted[i] = u->entries[k[i].index];
		if (k[i].depth == 0)
			owner_index = (long)i;
		sorted[i].within = k[i].depth ? owner_index : -1;
		if (k[i].depth == 0)
			for (int c = 0; c < IR_DIFF_CHANGE_COUNT; c++)
				if (sorted[i].changes & IR_DIFF_BIT(c))
					u->count[c]++;
	}
	free(u->entries);
	u->entries = sorted;
	free(k);
}

int ir_diff_unit_compare(struct ir_diff_unit *out, const struct ir_manual *from,
			 const struct ir_manual *to)
{
	struct ir_diff_ctx x = { .u = out };

	memset(out, 0, sizeof(*out));
	out->from = from;
	out->to = to;
	out->unit = from ? from->unit : to->unit;
	arena_init(&x.arena);
	strmap_init(&x.a_names);
	strmap_init(&x.b_names);
	strmap_init(&x.a_to_b);
	strmap_init(&x.b_from_a);
	strmap_reserve(&x.a_to_b, from ? from->ndefs : 0);
	strmap_reserve(&x.b_from_a, to ? to->ndefs : 0);
	x.a_first = mem_calloc((from ? from->ndefs : 0) + 1, sizeof(*x.a_first));
	x.b_first = mem_calloc((to ? to->ndefs : 0) + 1, sizeof(*x.b_first));
	ir_diff_index(&x.a_names, from, x.a_first);
	ir_diff_index(&x.b_names, to, x.b_first);
	for (size_t i = 0; from && i < from->ndefs; i++) {
		const struct ir_def *a = from->defs[i], *b;
		unsigned ch;
		if (!x.a_first[i] || !(b = strmap_get(&x.b_names, a->name)))
			continue;
		strmap_put(&x.a_to_b, a->name, (void *)b);
		strmap_put(&x.b_from_a, b->name, (void *)a);
		if ((ch = ir_diff_compare(&x, a, b)))
			ir_diff_add(&x, ch, a, b);
	}
	for (int level = 0; level <= 2; level++)
		ir_diff_level_pass(&x, from, to, level);
	for (size_t i = 0; to && i < to->ndefs; i++) {
		const struct ir_def *b = to->defs[i];
		if (x.b_first[i] && !strmap_get(&x.b_from_a, b->name))
			ir_diff_add(&x, IR_DIFF_BIT(IR_DIFF_ADDED), NULL, b);
	}
	ir_diff_order(&x);
	strmap_free(&x.a_names);
	strmap_free(&x.b_names);
	strmap_free(&x.a_to_b);
	strmap_free(&x.b_from_a);
	free(x.a_first);
	free(x.b_first);
	arena_free(&x.arena);
	return x.oom ? -1 : 0;
}

void ir_diff_unit_release(struct ir_diff_unit *u)
{
	for (size_t i = 0; i < u->nentries; i++)
		free(u->entries[i].related);
	free(u->entries);
	memset(u, 0, sizeof(*u));
}

void ir_diff_release(struct ir_diff *d)
{
	for (size_t i = 0; i < d->nunits; i++)
		ir_diff_unit_release(&d->units[i]);
	free(d->units);
	d->units = NULL;
	d->nunits = 0;
}

static const struct ir_manual *ir_diff_unit_of(struct ir_manual *const *units, size_t n, const char *unit)
{
	for (size_t i = 0; i < n; i++)
		if (units[i]->unit && !strcmp(units[i]->unit, unit))
			return units[i];
	return NULL;
}

static int ir_diff_by_unit(const void *a, const void *b)
{
	return strcmp(((const struct ir_diff_unit *)a)->unit, ((const struct ir_diff_unit *)b)->unit);
}

static int ir_diff_push(struct ir_diff *out, const struct ir_manual *a, const struct ir_manual *b)
{
	struct ir_diff_unit u, *grown;

	if (ir_diff_unit_compare(&u, a, b) < 0) {
		ir_diff_unit_release(&u);
		return -1;
	}
	if (!u.nentries) {
		ir_diff_unit_release(&u);
		return 0;
	}
	grown = realloc(out->units, (out->nunits + 1) * sizeof(*grown));
	if (!grown) {
		ir_diff_unit_release(&u);
		return -1;
	}
	out->units = grown;
	out->units[out->nunits++] = u;
	return 0;
}

int ir_diff_chips(struct ir_diff *out, struct ir_manual *const *from, size_t nfrom,
		  struct ir_manual *const *to, size_t nto, const char *unit)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < nfrom; i++) {
		const struct ir_manual *a = from[i];
		if (!a->unit || (unit && strcmp(a->unit, unit)))
			continue;
		if (ir_diff_push(out, a, ir_diff_unit_of(to, nto, a->unit)) < 0)
			goto fail;
	}
	for (size_t i = 0; i < nto; i++) {
		const struct ir_manual *b = to[i];
		if (!b->unit || (unit && strcmp(b->unit, unit)) || ir_diff_unit_of(from, nfrom, b->unit))
			continue;
		if (ir_diff_push(out, NULL, b) < 0)
			goto fail;
	}
	if (out->nunits)
		qsort(out->units, out->nunits, sizeof(*out->units), ir_diff_by_unit);
	return 0;
fail:
	ir_diff_release(out);   /* nothing half-made for the caller */
	return -1;
}

void ir_diff_changes_text(struct strbuf *b, unsigned changes)
{
	const char *sep = "";

	for (int c = 0; c < IR_DIFF_CHANGE_COUNT; c++) {
		if (!(changes & IR_DIFF_BIT(c)))
			continue;
		strbuf_printf(b, "%s%s", sep, ir_diff_names[c]);
		sep = ", ";
	}
}

/* "0x2270", "27:0", "0x3fff:0x2000", with the array stride when there is one. */
static void ir_diff_where(struct strbuf *b, struct ir_diff_ctx *x, const struct ir_def *d)
{
	struct ir_diff_geom g = ir_diff_geom_of(x, d);

	if (!g.ok) {
		strbuf_puts(b, d->body ? d->body : "(empty)");
		return;
	}
	if (d->kind == IR_FIELD)
		strbuf_printf(b, "%llu:%llu", (unsigned long long)(g.pos + g.width - 1), (unsigned long long)g.pos);
	else if (d->kind == IR_DEVICE)
		strbuf_printf(b, "0x%llx:0x%llx", (unsigned long long)(g.pos + g.width - 1), (unsigned long long)g.pos);
	else
		strbuf_printf(b, "0x%llx", (unsigned long long)g.pos);
	for (int k = 0; k < 2; k++)
		if (g.stride[k])
			strbuf_printf(b, "%s%llu", k ? "," : " stride ", (unsigned long long)g.stride[k]);
}

static void ir_diff_size(struct strbuf *b, struct ir_diff_ctx *x, const struct ir_def *d)
{
	struct ir_diff_geom g = ir_diff_geom_of(x, d);

	if (d->kind == IR_REGISTER)
		strbuf_printf(b, "%llu bytes", (unsigned long long)g.width);
	else
		strbuf_printf(b, "%llu %s", (unsigned long long)g.width, d->kind == IR_FIELD ? "bits" : "bytes");
	if (g.n[0])
		strbuf_printf(b, " [%u]", g.n[0]);
	if (g.n[1])
		strbuf_printf(b, "[%u]", g.n[1]);
}

static const char *ir_diff_code_text(const struct ir_def *d)
{
	if (!d->code.present)
		return "(no code)";
	return d->code.c[0] && strspn(d->code.c, " ") != strlen(d->code.c) ? d->code.c : "(blank)";
}

/* "bar0", "window 0xb80000", "pci". */
static void ir_diff_space_text(struct strbuf *b, const struct ir_space *s)
{
	strbuf_puts(b, s->kind == IR_SPACE_NONE ? "(none)" : ir_space_name(s->kind));
	if (s->has_base)
		strbuf_printf(b, " 0x%llx", (unsigned long long)s->base);
}

void ir_diff_detail_text(struct strbuf *b, const struct ir_diff_entry *e)
{
	struct ir_diff_ctx x = { 0 };
	const char *sep = "";

	if (!e->from || !e->to) {
		strbuf_puts(b, "");
		return;
	}
	arena_init(&x.arena);
	if (e->changes & IR_DIFF_BIT(IR_DIFF_RENAMED)) {
		strbuf_printf(b, "%s -> %s", e->from->name, e->to->name);
		sep = "; ";
	}
	if (e->changes & IR_DIFF_BIT(IR_DIFF_MOVED)) {
		strbuf_puts(b, sep);
		ir_diff_where(b, &x, e->from);
		strbuf_puts(b, " -> ");
		ir_diff_where(b, &x, e->to);
		sep = "; ";
	}
	if (e->changes & IR_DIFF_BIT(IR_DIFF_RESIZED)) {
		strbuf_puts(b, sep);
		ir_diff_size(b, &x, e->from);
		strbuf_puts(b, " -> ");
		ir_diff_size(b, &x, e->to);
		sep = "; ";
	}
	if (e->changes & IR_DIFF_BIT(IR_DIFF_RECODED)) {
		strbuf_printf(b, "%s%s -> %s", sep, ir_diff_code_text(e->from), ir_diff_code_text(e->to));
		sep = "; ";
	}
	if (e->space_from && e->space_to) {
		strbuf_printf(b, "%sspace ", sep);
		ir_diff_space_text(b, e->space_from);
		strbuf_puts(b, " -> ");
		ir_diff_space_text(b, e->space_to);
	}
	arena_free(&x.arena);
}

const struct ir_diff_entry *ir_diff_unit_find(const struct ir_diff_unit *u, const char *name)
{
	for (size_t i = 0; i < u->nentries; i++) {
		const struct ir_diff_entry *e = &u->entries[i];
		if ((e->from && !strcmp(e->from->name, name)) || (e->to && !strcmp(e->to->name, name)))
			return e;
	}
	return NULL;
}
