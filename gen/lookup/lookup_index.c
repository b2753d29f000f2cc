/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "ir/ir_eval.h"
#include "mem.h"

/* Constants that sit among a field's values but are not values of it. */
static bool lookup_value_usable(const struct ir_def *v, int *rank)
{
	static const char *const not_values[] = { "_SHIFT", "_MASK", "_SIZE", "_ALIGN" };
	size_t n = strlen(v->name);
	char ind = v->code.present && strlen(v->code.c) == 5 ? v->code.c[4] : ' ';

	if (!v->value.known || v->value.expr)
		return false;
	*rank = strstr(v->name, "__") ? 1 : 0;
	if (ind == 'V' || ind == 'C' || ind == 'T')
		return true;
	if (ind != ' ')
		return false;
	*rank = 1;
	for (size_t i = 0; i < ARRAY_SIZE(not_values); i++) {
		size_t k = strlen(not_values[i]);
		if (n > k && !strcmp(v->name + n - k, not_values[i]))
			return false;
	}
	return true;
}

/* name without the parent's name and '_' when it starts with it. */
static const char *lookup_short(const char *name, const char *parent)
{
	size_t n = strlen(parent);

	return !strncmp(name, parent, n) && name[n] == '_' && name[n + 1] ? name + n + 1 : name;
}

/* NV_X0_F of array NV_X(i,j): element 0's own field F (else -1). */
static long lookup_element(const char *name, const char *parent, const char **short_name)
{
	size_t n = strlen(parent), k = n;
	long e = 0;

	if (strncmp(name, parent, n) || !(name[n] >= '0' && name[n] <= '9'))
		return -1;
	while (name[k] >= '0' && name[k] <= '9' && e < 100000)
		e = e * 10 + (name[k++] - '0');
	if (name[k] != '_' || !name[k + 1])
		return -1;
	*short_name = name + k + 1;
	return e;
}

static void lookup_field_values(struct lookup_index *x, struct lookup_field *f)
{
	size_t n = 0;

	for (const struct ir_def *v = f->def->first_child; v; v = v->next_sibling)
		n += v->kind == IR_VALUE;
	f->values = arena_zalloc(&x->arena, (n ? n : 1) * sizeof(*f->values));
	for (const struct ir_def *v = f->def->first_child; v; v = v->next_sibling) {
		struct lookup_value *lv = &f->values[f->nvalues];
		if (v->kind != IR_VALUE || !lookup_value_usable(v, &lv->rank))
			continue;
		lv->value = v->value.value;
		lv->name = lookup_short(v->name, f->def->name);
		lv->name_len = strlen(lv->name);
		lv->def = v;
		f->nvalues++;
	}
}

/* By name; the elements of one indexed field by index (2 before 10). */
static int lookup_by_field_name(const void *a, const void *b)
{
	const struct lookup_field *x = a, *y = b;
	int c;

	if (x->def == y->def && x->def->nparams && x->index != y->index)
		return (x->index > y->index) - (x->index < y->index);
	c = strcmp(x->name, y->name);
	return c ? c : (x->lo > y->lo) - (x->lo < y->lo);
}

/* A field's place in bit order: high bits first; of two fields ending at
 * one bit, the wider one first, then the name order they have. */
struct lookup_bit_key {
	uint64_t end, lo;
	uint32_t i;
};

static int lookup_by_bit(const void *a, const void *b)
{
	const struct lookup_bit_key *x = a, *y = b;

	if (x->end != y->end)
		return x->end < y->end ? 1 : -1;
	if (x->lo != y->lo)
		return x->lo > y->lo ? 1 : -1;
	return (x->i > y->i) - (x->i < y->i);
}

/* Adds field f (element i of an indexed one) when its bits are computable. */
static bool lookup_add_field(struct lookup_index *x, struct lookup_layout *l, const struct ir_def *f,
			     uint32_t i, size_t *cap)
{
	struct ir_eval lo = ir_eval_prepare(&x->arena, f, &f->lo), hi = ir_eval_prepare(&x->arena, f, &f->hi);
	uint64_t vlo, vhi;
	struct lookup_field *lf;

	if (!ir_eval_at(&lo, i, 0, &vlo) || !ir_eval_at(&hi, i, 0, &vhi) || vhi < vlo || vhi - vlo >= 4096)
		return false;
	if (l->nfields == *cap) {
		struct lookup_field *grown = arena_zalloc(&x->arena, (*cap * 2 + 8) * sizeof(*grown));
		if (l->nfields)
			memcpy(grown, l->fields, l->nfields * sizeof(*grown));
		l->fields = grown;
		*cap = *cap * 2 + 8;
	}
	lf = &l->fields[l->nfields++];
	lf->def = f;
	lf->lo = vlo;
	lf->width = vhi - vlo + 1;
	lf->index = i;
	lf->name = lookup_short(f->name, l->def->name);
	lf->element = l->def->nparams ? lookup_element(f->name, l->def->name, &lf->name) : -1;
	if (f->nparams) {
		size_t n = strlen(lf->name) + 16;
		char *s = arena_alloc(&x->arena, n);
		snprintf(s, n, "%s(%u)", lf->name, i);
		lf->name = s;
	}
	lookup_field_values(x, lf);
	if (l->def->kind == IR_STRUCTURE && vhi + 1 > l->bits)
		l->bits = vhi + 1;
	return true;
}

/* Bits of structure d: its size constant, else what its fields cover. */
static uint64_t lookup_struct_bits(const struct lookup_layout *l)
{
	for (const struct ir_def *c = l->def->first_child; c; c = c->next_sibling)
		if (c->role == IR_ROLE_STRUCT_SIZE && c->value.known && c->value.value)
			return c->value.value * 8;
	return l->bits;
}

/* Indexed field f whose manual gives no __SIZE_1: its elements while they lie
 * inside the structure, marked (the manual says no bound). */
static void lookup_add_unsized(struct lookup_index *x, struct lookup_layout *l, const struct ir_def *f, size_t *cap)
{
	struct ir_eval hi = ir_eval_prepare(&x->arena, f, &f->hi);
	uint64_t limit = lookup_struct_bits(l), vhi;

	for (uint32_t i = 0; i < 4096 && ir_eval_at(&hi, i, 0, &vhi) && vhi < limit; i++)
		if (lookup_add_field(x, l, f, i, cap))
			l->fields[l->nfields - 1].unsized = true;
	if (!l->unsized)
		l->unsized = f;
}

static struct lookup_layout *lookup_layout_new(struct lookup_index *x, const struct ir_def *d,
					       const struct ir_manual *m)
{
	struct lookup_layout *l = arena_zalloc(&x->arena, sizeof(*l));
	size_t cap = 0;

	l->def = d;
	l->unit = m;
	if (d->kind == IR_REGISTER) {
		char c = d->code.present && strlen(d->code.c) == 5 ? d->code.c[3] : '4';
		l->bits = 8 * (uint64_t)(c == '1' || c == '2' || c == '8' ? c - '0' : 4);
	}
	for (const struct ir_def *f = d->first_child; f; f = f->next_sibling) {
		if (f->kind != IR_FIELD)
			continue;
		if (f->nparams == 0)
			lookup_add_field(x, l, f, 0, &cap);
		else if (f->nparams == 1)
			for (uint32_t i = 0; i < f->size[0] && i < 4096; i++)
				lookup_add_field(x, l, f, i, &cap);
	}
	for (const struct ir_def *f = d->first_child; d->kind == IR_STRUCTURE && f; f = f->next_sibling)
		if (f->kind == IR_FIELD && f->nparams == 1 && !f->size[0])
			lookup_add_unsized(x, l, f, &cap);
	if (l->nfields)
		qsort(l->fields, l->nfields, sizeof(*l->fields), lookup_by_field_name);
	for (size_t i = 0; i < l->nfields; i++) {
		struct lookup_field *f = &l->fields[i];
		f->name_len = strlen(f->name);
		f->has_variants = (i > 0 && !strcmp(l->fields[i - 1].name, f->name)) ||
				  (i + 1 < l->nfields && !strcmp(l->fields[i + 1].name, f->name));
		if (f->lo < 64)
			l->covered |= (f->width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << f->width) - 1)) << f->lo;
	}
	if (l->nfields) {
		uint32_t *order = arena_alloc(&x->arena, l->nfields * sizeof(*order));
		struct lookup_bit_key *k = mem_calloc(l->nfields, sizeof(*k));

		for (size_t i = 0; i < l->nfields; i++)
			k[i] = (struct lookup_bit_key){ l->fields[i].lo + l->fields[i].width, l->fields[i].lo, (uint32_t)i };
		qsort(k, l->nfields, sizeof(*k), lookup_by_bit);
		for (size_t i = 0; i < l->nfields; i++)
			order[i] = k[i].i;
		free(k);
		l->by_bit = order;
	}
	return l;
}

bool lookup_reg_offset(struct arena *a, const struct ir_def *d, uint64_t i, uint64_t j, uint64_t *out)
{
	struct ir_eval ev = ir_eval_prepare(a, d, &d->value);

	return ir_eval_at(&ev, i, j, out);
}

struct lookup_build {
	struct lookup_index *x;
	size_t cap_regs, cap_devs;
};

enum ir_space_kind lookup_space_own(const struct ir_manual *m, const struct ir_space *sp)
{
	enum ir_space_kind k = sp->kind;

	if (k == IR_SPACE_WINDOW)
		k = m->space.kind != IR_SPACE_WINDOW ? m->space.kind : IR_SPACE_NONE;
	return k == IR_SPACE_NONE ? IR_SPACE_BAR0 : k;
}

static void lookup_push_reg_in(struct lookup_build *b, const struct lookup_layout *l, enum ir_space_kind space,
			       uint64_t addr, uint64_t offset, const struct ir_space *sp, uint32_t i, uint32_t j)
{
	struct lookup_index *x = b->x;
	struct lookup_reg *r;

	if (x->nregs == b->cap_regs) {
		b->cap_regs = b->cap_regs ? b->cap_regs * 2 : 4096;
		x->regs = mem_realloc(x->regs, b->cap_regs * sizeof(*x->regs));
	}
	r = &x->regs[x->nregs++];
	r->space = space;
	r->addr = addr;
	r->offset = offset;
	r->sp = sp;
	r->bytes = (uint32_t)(l->bits / 8);
	r->index[0] = i;
	r->index[1] = j;
	r->layout = l;
}

/*
 * A window of a unit whose own space is that window (a zero-based unit at a
 * hwproject.h base): its offsets are addresses of no space but through the
 * window, so they are not also listed as BAR0 addresses.
 */
static bool lookup_window_only(const struct ir_manual *m, const struct ir_space *sp)
{
	return sp->kind == IR_SPACE_WINDOW && m->space.kind == IR_SPACE_WINDOW;
}

static void lookup_push_reg(struct lookup_build *b, const struct lookup_layout *l, uint64_t addr,
			    uint32_t i, uint32_t j)
{
	const struct ir_space *sp = ir_def_space(l->unit, l->def);
	enum ir_space_kind own = lookup_space_own(l->unit, sp);

	if (sp->kind == IR_SPACE_WINDOW)
		lookup_push_reg_in(b, l, IR_SPACE_BAR0, sp->base + addr, addr, sp, i, j);
	if (!lookup_window_only(l->unit, sp))
		lookup_push_reg_in(b, l, own, addr, addr, sp, i, j);
}

static void lookup_add_register(struct lookup_build *b, const struct ir_def *d, const struct lookup_layout *l)
{
	struct ir_eval ev = ir_eval_prepare(&b->x->arena, d, &d->value);
	uint32_t ni = d->nparams >= 1 ? d->size[0] : 1, nj = d->nparams >= 2 ? d->size[1] : 1;
	uint64_t addr;

	for (uint32_t i = 0; i < ni; i++)
		for (uint32_t j = 0; j < nj; j++)
			if (ir_eval_at(&ev, i, j, &addr))
				lookup_push_reg(b, l, addr, i, j);
}

static void lookup_push_device(struct lookup_build *b, const struct ir_def *d, const struct ir_manual *m,
			       enum ir_space_kind space, uint64_t base)
{
	struct lookup_index *x = b->x;

	if (x->ndevices == b->cap_devs) {
		b->cap_devs = b->cap_devs ? b->cap_devs * 2 : 64;
		x->devices = mem_realloc(x->devices, b->cap_devs * sizeof(*x->devices));
	}
	x->devices[x->ndevices++] = (struct lookup_device){ space, base + d->lo.value, base + d->hi.value,
							    ir_def_space(m, d), d, m };
}

/* A device in its own space; a window's also at its BAR0 place. */
static void lookup_add_device(struct lookup_build *b, const struct ir_def *d, const struct ir_manual *m)
{
	const struct ir_space *sp = ir_def_space(m, d);

	if (!d->hi.known || !d->lo.known || d->hi.expr || d->lo.expr)
		return;
	if (sp->kind == IR_SPACE_WINDOW)
		lookup_push_device(b, d, m, IR_SPACE_BAR0, sp->base);
	if (!lookup_window_only(m, sp))
		lookup_push_device(b, d, m, lookup_space_own(m, sp), 0);
}

static struct lookup_name *lookup_add_name(struct lookup_index *x, const struct ir_def *d, const struct ir_manual *m)
{
	struct lookup_name *n = arena_zalloc(&x->arena, sizeof(*n)), *p = strmap_get(&x->names, d->name);

	n->def = d;
	n->unit = m;
	if (!p) {
		strmap_put(&x->names, d->name, n);
		return n;
	}
	while (p->next)
		p = p->next;
	p->next = n;
	return n;
}

static int lookup_by_addr(const void *a, const void *b)
{
	const struct lookup_reg *x = a, *y = b;

	if (x->space != y->space)
		return (x->space > y->space) - (x->space < y->space);
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->layout->unit != y->layout->unit)
		return strcmp(x->layout->unit->unit, y->layout->unit->unit);
	return (x->layout->def->line > y->layout->def->line) - (x->layout->def->line < y->layout->def->line);
}

static int lookup_by_size(const void *a, const void *b)
{
	const struct lookup_device *x = a, *y = b;
	uint64_t sx = x->hi - x->lo, sy = y->hi - y->lo;

	if (sx != sy)
		return sx < sy ? -1 : 1;
	return (x->lo > y->lo) - (x->lo < y->lo);
}

int lookup_index_build(struct lookup_index *x, const struct ir_chip *c)
{
	struct lookup_build b = { .x = x };

	memset(x, 0, sizeof(*x));
	x->chip = c;
	arena_init(&x->arena);
	strmap_init(&x->names);
	for (size_t u = 0; u < c->nunits; u++) {
		const struct ir_manual *m = c->units[u];
		for (size_t i = 0; i < m->ndefs; i++) {
			const struct ir_def *d = m->defs[i];
			struct lookup_layout *l;
			struct lookup_name *n;
			if (!d->name)
				continue;
			n = lookup_add_name(x, d, m);
			if (d->kind == IR_DEVICE)
				lookup_add_device(&b, d, m);
			if (d->kind != IR_REGISTER && d->kind != IR_STRUCTURE)
				continue;
			l = lookup_layout_new(x, d, m);
			n->layout = l;
			if (d->kind == IR_REGISTER)
				lookup_add_register(&b, d, l);
		}
	}
	if (x->nregs)
		qsort(x->regs, x->nregs, sizeof(*x->regs), lookup_by_addr);
	if (x->ndevices)
		qsort(x->devices, x->ndevices, sizeof(*x->devices), lookup_by_size);
	return 0;
}

void lookup_index_release(struct lookup_index *x)
{
	free(x->regs);
	free(x->devices);
	strmap_free(&x->names);
	arena_free(&x->arena);
	memset(x, 0, sizeof(*x));
}

size_t lookup_index_at(const struct lookup_index *x, enum ir_space_kind space, uint64_t addr,
		       const struct lookup_reg **out, size_t max)
{
	/* Registers are at most 8 bytes: start at the first one at addr - 7. */
	uint64_t from = addr >= 7 ? addr - 7 : 0;
	size_t lo = 0, hi = x->nregs, n = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (x->regs[mid].space < space || (x->regs[mid].space == space && x->regs[mid].addr < from))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < x->nregs && x->regs[i].space == space && x->regs[i].addr <= addr; i++)
		if (addr - x->regs[i].addr < x->regs[i].bytes && n < max)
			out[n++] = &x->regs[i];
	return n;
}

const struct lookup_device *lookup_index_device(const struct lookup_index *x, enum ir_space_kind space,
						uint64_t addr)
{
	for (size_t i = 0; i < x->ndevices; i++)
		if (x->devices[i].space == space && x->devices[i].lo <= addr && addr <= x->devices[i].hi)
			return &x->devices[i];
	return NULL;
}

const struct lookup_device *lookup_index_aperture(const struct lookup_index *x, uint64_t addr)
{
	return lookup_index_device(x, IR_SPACE_APERTURE, addr);
}

const struct lookup_name *lookup_index_name(const struct lookup_index *x, const char *name)
{
	return strmap_get(&x->names, name);
}

const struct lookup_layout *lookup_index_layout(const struct lookup_index *x, const struct ir_def *d)
{
	for (const struct lookup_name *n = strmap_get(&x->names, d->name); n; n = n->next)
		if (n->def == d)
			return n->layout;
	return NULL;
}
