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

/* The file a define was read from, for diagnostics. */
static const char *ref_group_path(const char *const *paths, const struct ir_def *d)
{
	return d->published ? d->published : paths[d->addendum];
}

static void ref_group_unplaced(struct ir_def *d, const char *const *paths, struct diag *diag,
			       const char *why)
{
	/* A published header is an excerpt: a field whose register the driver
	 * does not use is left out; its define is a constant, no defect. */
	if (!d->published)
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
	/* An alias (published headers size one table as another: ZB_DEVICE_INFO
	 * as DEVICE_INFO2) takes its target's value. */
	const struct ir_def *v = d;
	for (int hop = 0; hop < 8 && !v->value.known && v->ref; hop++) {
		const struct ir_def *t = strmap_get(names, v->ref);
		if (!t)
			break;
		v = t;
	}
	if (d->published && !base->published) {
		/* manual first: a published size never bounds a manual's index */
		ref_group_unplaced(d, paths, diag, "sizes an index of the manual's");
		return 1;
	}
	if (!v->value.known && v->ref) {
		/* an alias of a define the unit lacks sizes nothing it knows */
		d->role = IR_ROLE_NONE;
		ref_group_unplaced(d, paths, diag, "sizes its index as a define the unit lacks");
		return 1;
	}
	if (!v->value.known || v->value.value == 0 || v->value.value > UINT32_MAX) {
		diag_report(diag, DIAG_ERROR, ref_group_path(paths, d), d->line, d->col,
			    "%s must be a positive constant", d->name);
		return 1;
	}
	base->size[dim - '1'] = (uint32_t)v->value.value;
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
	    !(c->value.known || c->value.expr) || (f->published && !c->published))
		return;   /* a published field never makes a manual's constant a register */
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
			  const char *const *paths, bool klass, struct diag *diag)
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
		/* (A class's method has no rows: a field past bit 31 is an
		 * error, ir_check's.) */
		if (c && d->published && !klass && c->kind == IR_REGISTER && d->hi.known &&
		    d->hi.value >= ir_check_register_bits(c)) {
			/* A published header numbers the fields of a table entry
			 * of several rows across the rows (gb100 NV_PTOP_DEVICE_INFO2
			 * DEV_RESET_ID 39:32): no field of the 32-bit register. */
			ref_group_unplaced(d, paths, diag, "is a bit range beyond its register");
			d->role = IR_ROLE_RANGE;
		} else if (c) {
			d->parent = c;
		} else {
			ref_group_unplaced(d, paths, diag,
					   "is a bit range outside any register or structure");
			d->role = IR_ROLE_RANGE;
		}
		break;
	case IR_VALUE:
		c = ref_group_prefix(names, d->name, CONTAINERS);
		/* A value too wide for the field of the longest prefix is one of
		 * a shorter field's it fits: lr10 dev_soe_ip's
		 * ..._READ_PROTECTION_LEVEL2_ENABLED 0x4 follows READ_PROTECTION
		 * 2:0, not READ_PROTECTION_LEVEL2 2:2 (defined after it). */
		for (struct ir_def *f = c; f && f->kind == IR_FIELD && d->value.known &&
		     !ref_group_fits(f, d->value.value);) {
			f = ref_group_prefix(names, f->name, KIND_BIT(IR_FIELD));
			if (f && ref_group_fits(f, d->value.value))
				c = f;
		}
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

	return (struct ir_where){ ref_group_path(paths, d), d->line, d->col };
}

static int ref_group_names(struct ir_manual *m, struct strmap *names, const struct ir_check *c)
{
	int rc = 0;
	size_t out = 0;

	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *d = m->defs[i];
		const struct ir_def *old = strmap_get(names, d->name);

		if (!old) {
			strmap_put(names, d->name, d);
			m->defs[out++] = d;
			continue;
		}
		if (ir_check_redefinition(c, old, d) < 0)
			rc = -1;
		/* A published header repeating a define (a C header may) gives
		 * it once: two of one name would collide in every output. */
		if (!d->published)
			m->defs[out++] = d;
	}
	m->ndefs = out;
	return rc;
}

int ref_group(struct ir_manual *m, const char *const *paths, struct diag *diag)
{
	struct ir_check check = { diag, ref_group_where, paths };
	struct strmap names, manual;
	unsigned errors = diag->errors;

	strmap_init(&names);
	strmap_init(&manual);
	if (ref_group_names(m, &names, &check) < 0) {
		strmap_free(&names);
		return -1;
	}
	/* Manual first: a manual's define is grouped among the manual's (and
	 * addendum's) defines only, as without the published headers; a
	 * published define among all. */
	for (size_t i = 0; i < m->ndefs; i++)
		if (!m->defs[i]->published)
			strmap_put(&manual, m->defs[i]->name, m->defs[i]);
#define REF_GROUP_NAMES(d) ((d)->published ? &names : &manual)
	for (size_t i = 0; i < m->ndefs; i++)
		ref_group_promote(REF_GROUP_NAMES(m->defs[i]), m->defs[i]);
	/*
	 * Devices first: one that turns out to be a range inside a register
	 * (a constant) must be one before a register picks it as its device.
	 */
	bool *device = mem_realloc(NULL, (m->ndefs ? m->ndefs : 1) * sizeof(*device));

	for (size_t i = 0; i < m->ndefs; i++) {
		device[i] = m->defs[i]->kind == IR_DEVICE;
		if (device[i])
			ref_group_one(m->defs[i], REF_GROUP_NAMES(m->defs[i]), paths,
				      m->class_id != 0, diag);
	}
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *d = m->defs[i];

		if (!device[i] && !ref_group_index_size(d, REF_GROUP_NAMES(d), paths, diag))
			ref_group_one(d, REF_GROUP_NAMES(d), paths, m->class_id != 0, diag);
	}
	free(device);
	/* Manual first: a published define joins no container of the manual's
	 * (a register would gain fields, a field values, the manual's outputs
	 * for its own names would change); it stays at the top level. */
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *d = m->defs[i];

		if (!d->published || !d->parent || d->parent->published)
			continue;
		if (d->kind == IR_FIELD)
			d->role = IR_ROLE_RANGE;
		if (d->kind == IR_FIELD || d->kind == IR_VALUE) {
			d->kind = IR_CONSTANT;
			d->placed = false;
		}
		d->parent = NULL;
	}
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *d = m->defs[i];

		/* A value's field may itself have turned out unplaceable. */
		if (d->kind == IR_VALUE && (!d->parent || d->parent->kind != IR_FIELD))
			d->kind = IR_CONSTANT;
		ref_group_struct_size(d);
		ir_def_set_parent(m, d, d->parent);
	}
#undef REF_GROUP_NAMES
	strmap_free(&names);
	strmap_free(&manual);
	ir_check_manual(&check, m);
	return diag->errors == errors ? 0 : -1;
}
