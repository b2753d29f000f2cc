/* SPDX-License-Identifier: MIT */
#include "parse/ref_group.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check/ir_check.h"
#include "mem.h"
#include "base/strmap.h"

#define KIND_BIT(k) (1u << (k))
#define CONTAINERS (KIND_BIT(IR_DEVICE) | KIND_BIT(IR_REGISTER) | \
		    KIND_BIT(IR_STRUCTURE) | KIND_BIT(IR_FIELD))

/*
 * The define with the longest name that is a proper prefix of name at an
 * '_' boundary and whose kind is in kinds.
 */
static struct ir_def *ref_group_prefix(const struct strmap *names, const char *name,
				       unsigned kinds)
{
	for (size_t n = strlen(name); n > 0; n--) {
		if (name[n - 1] != '_')
			continue;
		/* Skip runs of '_' so "X__SIZE" finds "X". */
		size_t k = n - 1;
		while (k > 0 && name[k - 1] == '_')
			k--;
		if (!k)
			break;
		struct ir_def *d = strmap_getn(names, name, k);
		if (d && (kinds & KIND_BIT(d->kind)))
			return d;
		/* One element of an array named with its index: LINKCTL0_ENABLE
		 * belongs to LINKCTL(i,j). */
		size_t base = k;
		while (base > 0 && name[base - 1] >= '0' && name[base - 1] <= '9')
			base--;
		if (base < k && base > 0) {
			d = strmap_getn(names, name, base);
			if (d && d->nparams && (kinds & KIND_BIT(d->kind)))
				return d;
		}
		n = k + 1;
	}
	return NULL;
}

static void ref_group_unplaced(struct ir_def *d, const char *const *paths, struct diag *diag,
			       const char *why)
{
	diag_warn(diag, DIAG_W_UNPLACED, paths[d->addendum], d->line, d->col, d->name,
		  "%s %s: kept as a top-level constant", d->name, why);
	d->kind = IR_CONSTANT;
	d->placed = false;
	d->parent = NULL;
}

static int ref_group_index_size(struct ir_def *d, const struct strmap *names,
				const char *const *paths, struct diag *diag)
{
	size_t n = strlen(d->name);
	static const char suffix[] = "__SIZE_";

	if (n < sizeof(suffix) + 1 || memcmp(d->name + n - sizeof(suffix), suffix,
					     sizeof(suffix) - 1))
		return 0;
	char dim = d->name[n - 1];
	if ((dim != '1' && dim != '2') || d->kind != IR_CONSTANT)
		return 0;
	d->role = IR_ROLE_INDEX_SIZE;
	struct ir_def *base = strmap_getn(names, d->name, n - sizeof(suffix));
	if (!base) {
		ref_group_unplaced(d, paths, diag, "sizes an index of nothing defined");
		return 1;
	}
	if (!d->value.known || d->value.value == 0 || d->value.value > UINT32_MAX) {
		diag_report(diag, DIAG_ERROR, paths[d->addendum], d->line, d->col,
			    "%s must be a positive constant", d->name);
		return 1;
	}
	base->size[dim - '1'] = (uint32_t)d->value.value;
	d->parent = base;
	return 1;
}

/*
 * Some registers are written without a code (e.g. NV_CTRL_DOORBELL(i) in
 * ga100 dev_ctrl): a plain offset whose name prefixes bit ranges is one.
 * Done before grouping, so that the defines between such a register and its
 * first field find it too.
 */
static void ref_group_promote(const struct strmap *names, const struct ir_def *f)
{
	unsigned holders = KIND_BIT(IR_REGISTER) | KIND_BIT(IR_STRUCTURE);
	struct ir_def *c;

	if (f->kind != IR_FIELD || ref_group_prefix(names, f->name, holders))
		return;
	c = ref_group_prefix(names, f->name, KIND_BIT(IR_CONSTANT));
	if (!c || c->role != IR_ROLE_NONE || c->is_range || c->code.c[0] ||
	    !(c->value.known || c->value.expr))
		return;
	c->kind = IR_REGISTER;
}

/* Whether v fits field f (an uncoded constant that doesn't is no value of
 * it: NV_RAMRL_ENTRY_CHAN_INST_TARGET_FB_BIND_SHIFT 28 under a 2-bit field). */
static bool ref_group_fits(const struct ir_def *f, uint64_t v)
{
	uint64_t width = ir_def_width(f);

	return !width || width >= 64 || !(v >> width);
}

static void ref_group_one(struct ir_def *d, const struct strmap *names,
			  const char *const *paths, struct diag *diag)
{
	struct ir_def *c;

	switch (d->kind) {
	case IR_STRUCTURE:
		break;
	case IR_DEVICE:
		c = ref_group_prefix(names, d->name, KIND_BIT(IR_DEVICE) |
				     KIND_BIT(IR_REGISTER) | KIND_BIT(IR_STRUCTURE));
		if (c && c->kind != IR_DEVICE) {
			d->kind = IR_CONSTANT;
			d->role = IR_ROLE_RANGE;
		}
		d->parent = c;
		break;
	case IR_REGISTER:
		d->parent = ref_group_prefix(names, d->name, KIND_BIT(IR_DEVICE));
		break;
	case IR_FIELD:
		c = ref_group_prefix(names, d->name, KIND_BIT(IR_REGISTER) |
				     KIND_BIT(IR_STRUCTURE));
		if (c) {
			d->parent = c;
		} else {
			ref_group_unplaced(d, paths, diag,
					   "is a bit range outside any register or structure");
			d->role = IR_ROLE_RANGE;
		}
		break;
	case IR_VALUE:
		c = ref_group_prefix(names, d->name, CONTAINERS);
		if (!c)
			ref_group_unplaced(d, paths, diag, "is a value of no field");
		else if (c->kind != IR_FIELD)
			d->kind = IR_CONSTANT;
		d->parent = c;
		break;
	case IR_CONSTANT:
		d->parent = ref_group_prefix(names, d->name, CONTAINERS);
		if (d->is_range && d->role == IR_ROLE_NONE)
			d->role = IR_ROLE_RANGE;
		/* Values written without a code (NV_PFIFO_USERD_WRITEBACK_
		 * TIMESCALE_SHORT) are still values of their field. */
		else if (d->parent && d->parent->kind == IR_FIELD && d->role == IR_ROLE_NONE &&
			 d->value.known && !d->nparams && !d->code.c[0] &&
			 ref_group_fits(d->parent, d->value.value))
			d->kind = IR_VALUE;
		break;
	default:
		break;
	}
}

/* NAME__SIZE, _SIZE, _ALLOC_SIZE, _SIZE_VAL (RAMFC) or _CHAN_SIZE (RAMUSERD)
 * of a structure states its bytes. */
static void ref_group_struct_size(struct ir_def *d)
{
	static const char *const suffixes[] = { "__SIZE", "_SIZE", "_ALLOC_SIZE", "_SIZE_VAL", "_CHAN_SIZE" };
	const struct ir_def *s = d->parent;

	if (!s || s->kind != IR_STRUCTURE || d->kind != IR_CONSTANT || !d->value.known ||
	    d->role != IR_ROLE_NONE || d->nparams)
		return;
	size_t n = strlen(s->name);
	if (strncmp(d->name, s->name, n))
		return;
	for (size_t i = 0; i < ARRAY_SIZE(suffixes); i++)
		if (!strcmp(d->name + n, suffixes[i]))
			d->role = IR_ROLE_STRUCT_SIZE;
}

static struct ir_where ref_group_where(const struct ir_check *c, const struct ir_def *d)
{
	const char *const *paths = c->ctx;

	return (struct ir_where){ paths[d->addendum], d->line, d->col };
}

static int ref_group_names(struct ir_manual *m, struct strmap *names, const struct ir_check *c)
{
	int rc = 0;

	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *d = m->defs[i];
		const struct ir_def *old = strmap_get(names, d->name);

		if (!old) {
			strmap_put(names, d->name, d);
			continue;
		}
		if (ir_check_redefinition(c, old, d) < 0)
			rc = -1;
	}
	return rc;
}

int ref_group(struct ir_manual *m, const char *const *paths, struct diag *diag)
{
	struct ir_check check = { diag, ref_group_where, paths };
	struct strmap names;
	unsigned errors = diag->errors;

	strmap_init(&names);
	if (ref_group_names(m, &names, &check) < 0) {
		strmap_free(&names);
		return -1;
	}
	for (size_t i = 0; i < m->ndefs; i++)
		ref_group_promote(&names, m->defs[i]);
	/*
	 * Devices first: one that turns out to be a range inside a register
	 * (a constant) must be one before a register picks it as its device.
	 */
	bool *device = mem_realloc(NULL, (m->ndefs ? m->ndefs : 1) * sizeof(*device));

	for (size_t i = 0; i < m->ndefs; i++) {
		device[i] = m->defs[i]->kind == IR_DEVICE;
		if (device[i])
			ref_group_one(m->defs[i], &names, paths, diag);
	}
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *d = m->defs[i];

		if (!device[i] && !ref_group_index_size(d, &names, paths, diag))
			ref_group_one(d, &names, paths, diag);
	}
	free(device);
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *d = m->defs[i];

		/* A value's field may itself have turned out unplaceable. */
		if (d->kind == IR_VALUE && (!d->parent || d->parent->kind != IR_FIELD))
			d->kind = IR_CONSTANT;
		ref_group_struct_size(d);
		ir_def_set_parent(m, d, d->parent);
	}
	strmap_free(&names);
	ir_check_manual(&check, m);
	return diag->errors == errors ? 0 : -1;
}
