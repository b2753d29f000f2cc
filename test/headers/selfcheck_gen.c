/* SPDX-License-Identifier: MIT */
/*
 * selfcheck-gen: writes the header self-check of one chip from its IR.
 *
 *   selfcheck-gen --chip CHIP -o DIR IR.xml...
 *
 * For every unit, DIR/<unit>.c includes <CHIP>/nv/<unit>.h and <CHIP>/<unit>.h
 * and fills the tables of selfcheck.h: register and structure fields (with
 * their DRF positions at the first, middle and last index), named values,
 * constants, device bases and register offsets; DIR/units.c lists the units.
 * What the typed header should offer is decided from the IR by the rules
 * the typed headers document (a register field needs a bit range inside 32
 * bits; a structure field up to 64 bits gets get/set, a wider word-aligned
 * one a word window; enums when every named value fits an int); the numbers
 * to compare come from the compiler, through the NV header and drf.h.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "base/diag.h"
#include "ir/expr.h"
#include "ir/ir.h"
#include "io/ir_read.h"
#include "strbuf.h"
#include "base/strmap.h"

/* Which table a field with named values went to. */
enum gen_access { GEN_REG, GEN_MEM };

/* Output of one unit: wrapper functions, then one table per kind. */
struct gen_unit {
	const char *chip;
	/* what typed names start with and drop of a define's name: the chip's
	 * and "NV_", or a class's id and "NV<ID>_" (c3b5_launch_dma) */
	char ident[32], strip[16];
	const struct ir_manual *m;
	struct arena arena;
	struct strmap seen;        /* fields and constants already handled */
	struct strmap names;       /* first define of each name */
	struct strbuf fns, reg, mem, wide, val, cst, off, amem, areg;
	size_t n_reg, n_mem, n_wide, n_val, n_cst, n_off, n_amem, n_areg;
	unsigned next_fn;
	unsigned skipped;
};

/* Index samples of a define: first, middle, last of each dimension. */
struct gen_samples {
	unsigned n;
	uint64_t i[9], j[9];
};

/* ---- names ------------------------------------------------------------------ */

/* The typed identifier of an NV name, as the typed headers document it. */
static const char *gen_ident(struct gen_unit *u, const char *nvname, const char *suffix,
			     bool upper)
{
	struct strbuf b = { 0 };
	size_t nstrip = strlen(u->strip);
	const char *s = strncmp(nvname, u->strip, nstrip) ? nvname : nvname + nstrip;

	for (const char *c = u->ident; *c; c++) {
		char ch = upper ? (char)toupper((unsigned char)*c) : *c;
		strbuf_append(&b, &ch, 1);
	}
	strbuf_puts(&b, "_");
	for (; *s; s++) {
		if (s[0] == '_' && s[1] == '_')
			continue;  /* "__" folds to "_" */
		char ch = upper ? (char)toupper((unsigned char)*s) : (char)tolower((unsigned char)*s);
		strbuf_append(&b, &ch, 1);
	}
	if (suffix)
		strbuf_puts(&b, suffix);
	char *r = arena_strndup(&u->arena, b.data, b.len);
	strbuf_release(&b);
	return r;
}

/* Accessor name: "<chip>_<verb>_<name>" (the typed headers' one rule). */
static const char *gen_verb(struct gen_unit *u, const char *verb, const char *nvname)
{
	const char *id = gen_ident(u, nvname, NULL, false);
	size_t n = strlen(u->ident);
	struct strbuf b = { 0 };

	strbuf_printf(&b, "%.*s_%s%s", (int)n, id, verb, id + n);
	char *r = arena_strndup(&u->arena, b.data, b.len);
	strbuf_release(&b);
	return r;
}

/* "NV_X(5,3)", "NV_X(5)" or "NV_X": d used at sample k. */
static void gen_use_print(struct strbuf *b, const struct ir_def *d, const struct gen_samples *s,
			  unsigned k)
{
	strbuf_puts(b, d->name);
	if (d->nparams == 1)
		strbuf_printf(b, "(%llu)", (unsigned long long)s->i[k]);
	else if (d->nparams == 2)
		strbuf_printf(b, "(%llu, %llu)", (unsigned long long)s->i[k],
			      (unsigned long long)s->j[k]);
}

/* ", i" or ", i, j": the typed accessor's index arguments. */
static const char *gen_index_args(const struct ir_def *d)
{
	return d->nparams == 0 ? "" : d->nparams == 1 ? ", i" : ", i, j";
}

/* ---- samples and positions -------------------------------------------------- */

static unsigned gen_dim_samples(uint32_t size, uint64_t *out)
{
	if (!size) {   /* no __SIZE: any index goes; try the first two */
		out[0] = 0;
		out[1] = 1;
		return 2;
	}
	unsigned n = 0;
	uint64_t want[3] = { 0, size / 2, size - 1u };
	for (unsigned k = 0; k < 3; k++)
		if (!n || out[n - 1] != want[k])
			out[n++] = want[k];
	return n;
}

static void gen_samples_make(const struct ir_def *d, struct gen_samples *s)
{
	uint64_t a[3], b[3] = { 0 };
	unsigned na = 1, nb = 1;

	a[0] = 0;
	if (d->nparams > 0)
		na = gen_dim_samples(d->size[0], a);
	if (d->nparams > 1)
		nb = gen_dim_samples(d->size[1], b);
	s->n = 0;
	for (unsigned x = 0; x < na; x++) {
		for (unsigned y = 0; y < nb; y++) {
			s->i[s->n] = a[x];
			s->j[s->n] = b[y];
			s->n++;
		}
	}
}

/*
 * Width and highest bit of field f over every index (the typed header's
 * value type and whether it has an accessor at all depend on them).
 * false when the range cannot be computed.
 */
static bool gen_field_extent(struct gen_unit *u, const struct ir_def *f, uint64_t *max_width,
			     uint64_t *max_hi)
{
	struct expr_body hb, lb;
	struct expr_error err;

	*max_width = *max_hi = 0;
	if (f->hi.known && f->lo.known) {
		*max_width = f->hi.value - f->lo.value + 1;
		*max_hi = f->hi.value;
		return f->hi.value >= f->lo.value;
	}
	if (!f->hi.expr || !f->lo.expr ||
	    expr_parse_body(&u->arena, f->hi.expr, strlen(f->hi.expr), f->param, f->nparams, &hb, &err) ||
	    expr_parse_body(&u->arena, f->lo.expr, strlen(f->lo.expr), f->param, f->nparams, &lb, &err))
		return false;
	uint64_t n0 = f->size[0] ? f->size[0] : 2, n1 = f->nparams > 1 ? (f->size[1] ? f->size[1] : 2) : 1;
	for (uint64_t i = 0; i < n0 && i < 4096; i++) {
		for (uint64_t j = 0; j < n1 && j < 4096; j++) {
			uint64_t idx[2] = { i, j }, hi, lo;
			if (expr_eval(hb.hi, idx, &hi) || expr_eval(lb.hi, idx, &lo) || hi < lo)
				return false;
			if (hi - lo + 1 > *max_width)
				*max_width = hi - lo + 1;
			if (hi > *max_hi)
				*max_hi = hi;
		}
	}
	return true;
}

/* Named values that all fit a C enum (int): the typed header makes an enum. */
static bool gen_field_has_enum(const struct ir_def *f, uint64_t max_width)
{
	bool any = false;

	if (max_width > 32)
		return false;
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE)
			continue;
		if (!v->value.known || v->value.value > 0x7FFFFFFF)
			return false;
		any = true;
	}
	return any;
}

/* ---- tables ------------------------------------------------------------------- */

static void gen_pos_list(struct strbuf *b, const char *kind, const struct ir_def *f,
			 const struct gen_samples *s)
{
	for (unsigned k = 0; k < s->n; k++) {
		strbuf_printf(b, "\t\tSC_POS_%s(%lluu, %lluu, ", kind, (unsigned long long)s->i[k],
			      (unsigned long long)s->j[k]);
		gen_use_print(b, f, s, k);
		strbuf_puts(b, "),\n");
	}
}

static void gen_constant(struct gen_unit *u, const struct ir_def *c);

/* Constants under a field and under its values (emitted with the field). */
static void gen_children_constants(struct gen_unit *u, const struct ir_def *d)
{
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		if (c->kind == IR_CONSTANT)
			gen_constant(u, c);
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		if (c->kind == IR_VALUE)
			gen_children_constants(u, c);
}

static void gen_values(struct gen_unit *u, const struct ir_def *f, enum gen_access a, size_t index)
{
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE || !v->value.known)
			continue;
		strbuf_printf(&u->val, "\t{ \"%s\", (uint64_t)(%s), (uint64_t)(%s), %d, %d },\n", v->name,
			      gen_ident(u, v->name, NULL, true), v->name,
			      a == GEN_REG ? (int)index : -1, a == GEN_MEM ? (int)index : -1);
		u->n_val++;
	}
}

/* Compile-time checks of a fixed register field: position constants and
 * the DRF macros, for the field and each named value it defines. */
static void gen_drf_reg(struct gen_unit *u, const struct ir_def *f)
{
	const char *up = gen_ident(u, f->name, NULL, true), *tail = f->name + 2;
	size_t n = strlen(f->name);

	if (strncmp(f->name, "NV_", 3))
		return;
	strbuf_printf(&u->fns, "SC_FIELD_REG(%s, %s);\nSC_DRF_REG(%s, %s);\n", up, f->name, up, tail);
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling)
		if (v->kind == IR_VALUE && v->value.known && !strncmp(v->name, f->name, n) &&
		    v->name[n] == '_')
			strbuf_printf(&u->fns, "SC_DRF_VALUE(%s, %s, %s, %s);\n", up,
				      gen_ident(u, v->name, NULL, true), tail, v->name + n);
}

static void gen_reg_field(struct gen_unit *u, const struct ir_def *f, const char *rt)
{
	const char *get = gen_verb(u, "get", f->name);
	const char *set = gen_verb(u, "set", f->name);
	const char *args = gen_index_args(f);
	uint64_t width, hi;
	struct gen_samples s;
	unsigned n = u->next_fn++;

	if (!gen_field_extent(u, f, &width, &hi) || hi > 31) {
		u->skipped++;   /* not a bit range of a 32-bit register */
		return;
	}
	bool as_enum = gen_field_has_enum(f, width);
	if (f->hi.known && f->lo.known && !f->nparams)
		gen_drf_reg(u, f);
	strbuf_printf(&u->fns,
		      "static uint32_t sc_g%u(uint32_t r, uint32_t i, uint32_t j)\n"
		      "{ %s t = { r }; (void)i; (void)j; return (uint32_t)%s(t%s); }\n"
		      "static uint32_t sc_s%u(uint32_t r, uint32_t i, uint32_t j, uint32_t v)\n"
		      "{ %s t = { r }; (void)i; (void)j; return %s(t%s, v).v; }\n",
		      n, rt, get, args, n, rt, set, args);
	if (as_enum)
		strbuf_printf(&u->fns,
			      "static uint32_t sc_r%u(uint32_t r, uint32_t i, uint32_t j, uint32_t v)\n"
			      "{ %s t = { r }; (void)i; (void)j; return %s(t%s, v).v; }\n",
			      n, rt, gen_verb(u, "set", f->name), args);
	gen_samples_make(f, &s);
	strbuf_printf(&u->reg, "\t{ \"%s\", %u, {\n", f->name, s.n);
	gen_pos_list(&u->reg, "REG", f, &s);
	strbuf_printf(&u->reg, "\t}, sc_g%u, sc_s%u, ", n, n);
	if (as_enum)
		strbuf_printf(&u->reg, "sc_r%u },\n", n);
	else
		strbuf_puts(&u->reg, "NULL },\n");
	gen_values(u, f, GEN_REG, u->n_reg++);
	gen_children_constants(u, f);
}

static void gen_mem_wide(struct gen_unit *u, const struct ir_def *f, const char *st)
{
	uint64_t width = f->hi.known && f->lo.known ? f->hi.value - f->lo.value + 1 : 0;

	if (!width || f->lo.value % 32 || width % 32) {
		u->skipped++;   /* wider than 64 bits and not whole words */
		return;
	}
	unsigned n = u->next_fn++;
	struct gen_samples s = { 1, { 0 }, { 0 } };
	strbuf_printf(&u->fns, "static uint32_t *sc_w%u(uint32_t *w)\n{ return %s((%s *)(void *)w); }\n",
		      n, gen_verb(u, "words", f->name), st);
	strbuf_printf(&u->wide, "\t{ \"%s\",\n", f->name);
	gen_pos_list(&u->wide, "MEM", f, &s);
	strbuf_printf(&u->wide, "\tsizeof(%s) / 4u, %s, sc_w%u },\n", st,
		      gen_ident(u, f->name, "_WORDS", true), n);
	u->n_wide++;
}

static void gen_mem_field(struct gen_unit *u, const struct ir_def *f, const char *st)
{
	const char *args = gen_index_args(f);
	uint64_t width, hi;
	struct gen_samples s;

	if (!gen_field_extent(u, f, &width, &hi)) {
		u->skipped++;
		return;
	}
	if (width > 64) {
		gen_mem_wide(u, f, st);
		return;
	}
	bool as_enum = gen_field_has_enum(f, width);
	unsigned n = u->next_fn++;
	const char *get = gen_verb(u, "get", f->name);
	if (f->hi.known && f->lo.known && !f->nparams) {
		const char *up = gen_ident(u, f->name, NULL, true);
		strbuf_printf(&u->fns, "SC_FIELD_MEM(%s, %s);\n", up, f->name);
		if (f->lo.value % 32 + width <= 32)
			strbuf_printf(&u->fns, "SC_FIELD_MEM_MASK(%s, %s);\n", up, f->name);
	}
	strbuf_printf(&u->fns,
		      "static uint64_t sc_g%u(const uint32_t *w, uint32_t i, uint32_t j)\n"
		      "{ (void)i; (void)j; return (uint64_t)%s((const %s *)(const void *)w%s); }\n"
		      "static void sc_s%u(uint32_t *w, uint32_t i, uint32_t j, uint64_t v)\n"
		      "{ (void)i; (void)j; %s((%s *)(void *)w%s, v); }\n",
		      n, get, st, args, n, gen_verb(u, "set", f->name), st, args);
	if (as_enum)
		strbuf_printf(&u->fns,
			      "static void sc_r%u(uint32_t *w, uint32_t i, uint32_t j, uint64_t v)\n"
			      "{ (void)i; (void)j; %s((%s *)(void *)w%s, (uint32_t)v); }\n",
			      n, gen_verb(u, "set", f->name), st, args);
	gen_samples_make(f, &s);
	strbuf_printf(&u->mem, "\t{ \"%s\", %u, {\n", f->name, s.n);
	gen_pos_list(&u->mem, "MEM", f, &s);
	strbuf_printf(&u->mem, "\t}, sizeof(%s) / 4u, sizeof(%s((const %s *)0%s)), sc_g%u, sc_s%u, ",
		      st, get, st, f->nparams == 0 ? "" : f->nparams == 1 ? ", 0" : ", 0, 0", n, n);
	if (as_enum)
		strbuf_printf(&u->mem, "sc_r%u },\n", n);
	else
		strbuf_puts(&u->mem, "NULL },\n");
	gen_values(u, f, GEN_MEM, u->n_mem++);
	gen_children_constants(u, f);
}

/* A define met again (the manual repeats it) was checked the first time. */
static bool gen_seen(struct gen_unit *u, const struct ir_def *d)
{
	if (strmap_get(&u->seen, d->name))
		return true;
	strmap_put(&u->seen, d->name, (void *)d);
	return false;
}

static void gen_constant(struct gen_unit *u, const struct ir_def *c)
{
	if (gen_seen(u, c))
		return;
	if (c->role != IR_ROLE_STRING && c->value.known && !c->is_range && c->role != IR_ROLE_ALIAS &&
	    !c->nparams) {
		strbuf_printf(&u->cst, "\t{ \"%s\", (uint64_t)(%s), (uint64_t)(%s) },\n", c->name,
			      gen_ident(u, c->name, NULL, true), c->name);
		u->n_cst++;
	}
	for (const struct ir_def *k = c->first_child; k; k = k->next_sibling)
		gen_constant(u, k);
}

static void gen_register(struct gen_unit *u, const struct ir_def *r)
{
	const char *rt = gen_ident(u, r->name, "_t", false);
	unsigned n = u->next_fn++;
	struct gen_samples s;

	const struct ir_space *sp = ir_def_space(u->m, r);
	const char *args = r->nparams == 0 ? "" : r->nparams == 1 ? "i" : "i, j";
	const char *fn = gen_ident(u, r->name, NULL, false), *off = gen_ident(u, r->name, "_offset", false);

	/* The manual's offset, by the helper its space gives (refgen-headers(7)):
	 * a window's address is its base + offset, a block's the base given + offset. */
	if (sp->kind == IR_SPACE_BAR0 || sp->kind == IR_SPACE_NONE)
		strbuf_printf(&u->fns, "static uint32_t sc_o%u(uint32_t i, uint32_t j)\n"
			      "{ (void)i; (void)j; return %s(%s); }\n", n, fn, args);
	else if (sp->kind == IR_SPACE_WINDOW)
		strbuf_printf(&u->fns, "static uint32_t sc_o%u(uint32_t i, uint32_t j)\n"
			      "{ (void)i; (void)j; return %s(%s) - 0x%llxu == %s(%s) ? %s(%s) : 0xdeadbeefu; }\n",
			      n, fn, args, (unsigned long long)sp->base, off, args, off, args);
	else if (sp->kind == IR_SPACE_BLOCK)
		strbuf_printf(&u->fns, "static uint32_t sc_o%u(uint32_t i, uint32_t j)\n"
			      "{ (void)i; (void)j; return %s(0x40000000u%s%s) - 0x40000000u == %s(%s) ? %s(%s) : 0xdeadbeefu; }\n",
			      n, fn, r->nparams ? ", " : "", args, off, args, off, args);
	else
		strbuf_printf(&u->fns, "static uint32_t sc_o%u(uint32_t i, uint32_t j)\n"
			      "{ (void)i; (void)j; return %s(%s); }\n", n, off, args);
	gen_samples_make(r, &s);
	strbuf_printf(&u->off, "\t{ \"%s\", %u, {", r->name, s.n);
	for (unsigned k = 0; k < s.n; k++)
		strbuf_printf(&u->off, " %lluu,", (unsigned long long)s.i[k]);
	strbuf_puts(&u->off, " }, {");
	for (unsigned k = 0; k < s.n; k++)
		strbuf_printf(&u->off, " %lluu,", (unsigned long long)s.j[k]);
	strbuf_puts(&u->off, " }, {");
	for (unsigned k = 0; k < s.n; k++) {
		strbuf_puts(&u->off, " (uint64_t)(");
		gen_use_print(&u->off, r, &s, k);
		strbuf_puts(&u->off, "),");
	}
	strbuf_printf(&u->off, " }, sc_o%u },\n", n);
	u->n_off++;
	for (const struct ir_def *c = r->first_child; c; c = c->next_sibling) {
		if (c->kind == IR_FIELD && !gen_seen(u, c))
			gen_reg_field(u, c, rt);
		else if (c->kind == IR_CONSTANT)
			gen_constant(u, c);
	}
}

static void gen_structure(struct gen_unit *u, const struct ir_def *s)
{
	const char *st = gen_ident(u, s->name, "_t", false);

	for (const struct ir_def *c = s->first_child; c; c = c->next_sibling) {
		if (c->kind == IR_FIELD && !gen_seen(u, c))
			gen_mem_field(u, c, st);
		else if (c->kind == IR_CONSTANT)
			gen_constant(u, c);
	}
}

static void gen_def(struct gen_unit *u, const struct ir_def *d);

/* Base and limit of a device's range, unless the manual names its own. */
static void gen_device(struct gen_unit *u, const struct ir_def *d)
{
	size_t n = strlen(d->name);
	bool own = false;

	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		if (!strncmp(c->name, d->name, n) &&
		    (!strcmp(c->name + n, "_BASE") || !strcmp(c->name + n, "_LIMIT")))
			own = true;
	if (d->lo.known && d->hi.known && !own && !d->nparams) {
		strbuf_printf(&u->cst, "\t{ \"%s_BASE\", (uint64_t)(%s), (uint64_t)(DRF_BASE(%s)) },\n",
			      d->name, gen_ident(u, d->name, "_BASE", true), d->name);
		strbuf_printf(&u->cst, "\t{ \"%s_LIMIT\", (uint64_t)(%s), (uint64_t)(DRF_EXTENT(%s)) },\n",
			      d->name, gen_ident(u, d->name, "_LIMIT", true), d->name);
		u->n_cst += 2;
	}
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		gen_def(u, c);
}

static void gen_def(struct gen_unit *u, const struct ir_def *d)
{
	switch (d->kind) {
	case IR_DEVICE: gen_device(u, d); break;
	case IR_REGISTER: gen_register(u, d); break;
	case IR_STRUCTURE: gen_structure(u, d); break;
	case IR_CONSTANT: gen_constant(u, d); break;
	default: break;  /* fields and values come with their parent */
	}
}

/* ---- whole-address helpers ------------------------------------------------------ */

/*
 * The typed headers document when they join an address split in two:
 * structure fields BASE_LO (or BASE) ending at bit 31 of a word and starting
 * above bit 0 with BASE_HI up to 32 bits get <chip>_setaddr_/_getaddr_<base>;
 * registers BASE_LO (or BASE) and BASE_HI with exactly one pair of fields of
 * the same name, ending at bit 31 and starting at bit 0, get
 * <chip>_split_/_join_<base>.  Only the first define of a name counts.
 */
static const struct ir_def *gen_first(struct gen_unit *u, const char *name)
{
	return strmap_get(&u->names, name);
}

/* "NV_X_HI" -> "NV_X" in base; false when the name does not end in _HI. */
static bool gen_hi_base(const char *name, char *base, size_t cap)
{
	size_t n = strlen(name);

	if (n < 4 || n - 3 >= cap || strcmp(name + n - 3, "_HI"))
		return false;
	memcpy(base, name, n - 3);
	base[n - 3] = '\0';
	return true;
}

static const struct ir_def *gen_child_field(const struct ir_def *parent, const char *name)
{
	for (const struct ir_def *c = parent->first_child; c; c = c->next_sibling)
		if (c->kind == IR_FIELD && !strcmp(c->name, name))
			return c;
	return NULL;
}

/* The LO half of structure field hi, if the pair forms an address. */
static const struct ir_def *gen_addr_mem_lo(struct gen_unit *u, const struct ir_def *hi,
					    char *base, size_t cap)
{
	char name[600];
	const struct ir_def *lo;
	uint64_t lw, lh, hw, hh;

	if (!gen_hi_base(hi->name, base, cap))
		return NULL;
	snprintf(name, sizeof(name), "%s_LO", base);
	if (!(lo = gen_child_field(hi->parent, name)) && !(lo = gen_child_field(hi->parent, base)))
		return NULL;
	if (lo->nparams != hi->nparams || (lo->params && strcmp(lo->params, hi->params)))
		return NULL;
	if (!gen_field_extent(u, lo, &lw, &lh) || !gen_field_extent(u, hi, &hw, &hh))
		return NULL;
	uint64_t lo_lo = lh + 1 - lw;
	if (lh % 32 != 31 || lo_lo % 32 == 0 || hw > 32)
		return NULL;
	if ((lo->nparams || hi->nparams) && (!lo->hi.expr || !hi->lo.expr))
		return NULL;
	return lo;
}

static void gen_addr_mem(struct gen_unit *u, const struct ir_def *hi)
{
	char base[512];
	const struct ir_def *lo = gen_addr_mem_lo(u, hi, base, sizeof(base));
	const char *st, *args = gen_index_args(hi);
	struct gen_samples s;
	unsigned n;

	if (!lo)
		return;
	st = gen_ident(u, hi->parent->name, "_t", false);
	n = u->next_fn++;
	strbuf_printf(&u->fns,
		      "static void sc_as%u(uint32_t *w, uint32_t i, uint32_t j, uint64_t a)\n"
		      "{ (void)i; (void)j; %s((%s *)(void *)w%s, a); }\n"
		      "static uint64_t sc_ag%u(const uint32_t *w, uint32_t i, uint32_t j)\n"
		      "{ (void)i; (void)j; return %s((const %s *)(const void *)w%s); }\n",
		      n, gen_verb(u, "setaddr", base), st, args,
		      n, gen_verb(u, "getaddr", base), st, args);
	gen_samples_make(hi, &s);
	strbuf_printf(&u->amem, "\t{ \"%s\", %u, {\n", base, s.n);
	gen_pos_list(&u->amem, "MEM", lo, &s);
	strbuf_puts(&u->amem, "\t}, {\n");
	gen_pos_list(&u->amem, "MEM", hi, &s);
	strbuf_printf(&u->amem, "\t}, sizeof(%s) / 4u, sc_as%u, sc_ag%u },\n", st, n, n);
	u->n_amem++;
}

/* The one field pair of registers lo/hi that holds an address, if any. */
static bool gen_addr_reg_fields(const struct ir_def *lo, const struct ir_def *hi,
				const struct ir_def **fl, const struct ir_def **fh)
{
	size_t nl = strlen(lo->name), nh = strlen(hi->name);
	int found = 0;

	for (const struct ir_def *a = lo->first_child; a; a = a->next_sibling) {
		if (a->kind != IR_FIELD || !a->hi.known || !a->lo.known || a->hi.value != 31 ||
		    a->lo.value == 0 || strncmp(a->name, lo->name, nl))
			continue;
		for (const struct ir_def *b = hi->first_child; b; b = b->next_sibling) {
			if (b->kind == IR_FIELD && b->lo.known && b->lo.value == 0 &&
			    !strncmp(b->name, hi->name, nh) && !strcmp(a->name + nl, b->name + nh)) {
				*fl = a;
				*fh = b;
				found++;
			}
		}
	}
	return found == 1;
}

static void gen_addr_reg(struct gen_unit *u, const struct ir_def *hi)
{
	char base[512], name[600];
	const struct ir_def *lo, *fl, *fh;
	struct gen_samples one = { 1, { 0 }, { 0 } };

	if (!gen_hi_base(hi->name, base, sizeof(base)))
		return;
	snprintf(name, sizeof(name), "%s_LO", base);
	if (!(lo = gen_first(u, name)) || lo->kind != IR_REGISTER)
		lo = gen_first(u, base);
	if (!lo || lo->kind != IR_REGISTER || !gen_addr_reg_fields(lo, hi, &fl, &fh))
		return;
	const char *lt = gen_ident(u, lo->name, "_t", false), *ht = gen_ident(u, hi->name, "_t", false);
	unsigned n = u->next_fn++;
	strbuf_printf(&u->fns,
		      "static void sc_sp%u(uint64_t a, uint32_t *lo, uint32_t *hi)\n"
		      "{ %s l = { *lo }; %s h = { *hi }; %s(a, &l, &h); *lo = l.v; *hi = h.v; }\n"
		      "static uint64_t sc_jn%u(uint32_t lo, uint32_t hi)\n"
		      "{ %s l = { lo }; %s h = { hi }; return %s(l, h); }\n",
		      n, lt, ht, gen_verb(u, "split", base), n, lt, ht,
		      gen_verb(u, "join", base));
	strbuf_printf(&u->areg, "\t{ \"%s\",\n", base);
	gen_pos_list(&u->areg, "REG", fl, &one);
	gen_pos_list(&u->areg, "REG", fh, &one);
	strbuf_printf(&u->areg, "\tsc_sp%u, sc_jn%u },\n", n, n);
	u->n_areg++;
}

static void gen_addr_helpers(struct gen_unit *u)
{
	for (size_t k = 0; k < u->m->ndefs; k++) {
		const struct ir_def *d = u->m->defs[k];
		if (gen_first(u, d->name) != d)
			continue;
		if (d->kind == IR_FIELD && d->parent && d->parent->kind == IR_STRUCTURE)
			gen_addr_mem(u, d);
		else if (d->kind == IR_REGISTER)
			gen_addr_reg(u, d);
	}
}

/* ---- files -------------------------------------------------------------------- */

static void gen_table_print(FILE *f, const char *type, const char *name, const struct strbuf *b)
{
	if (b->len)
		fprintf(f, "static const struct %s %s[] = {\n%s};\n\n", type, name, b->data);
}

static void gen_table_ref(FILE *f, const char *name, size_t n)
{
	if (n)
		fprintf(f, "\t%s, sizeof(%s) / sizeof(%s[0]),\n", name, name, name);
	else
		fprintf(f, "\tNULL, 0,\n");
}

static int gen_unit_write(struct gen_unit *u, const char *dir)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.c", dir, u->m->unit);
	if (!(f = fopen(path, "w"))) {
		fprintf(stderr, "selfcheck-gen: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "/* Header self-check of %s/%s, generated by test/headers/selfcheck_gen.c"
		" from %s.  Do not edit. */\n#define REFGEN_ALL_ACCESSORS\n#include \"selfcheck.h\"\n#include \"%s/nv/%s.h\"\n"
		"#include \"%s/%s.h\"\n\n", u->chip, u->m->unit, u->m->source, u->chip, u->m->unit,
		u->chip, u->m->unit);
	fputs(u->fns.data ? u->fns.data : "", f);
	fputs("\n", f);
	gen_table_print(f, "sc_reg_field", "sc_reg_fields", &u->reg);
	gen_table_print(f, "sc_mem_field", "sc_mem_fields", &u->mem);
	gen_table_print(f, "sc_wide_field", "sc_wide_fields", &u->wide);
	gen_table_print(f, "sc_value", "sc_values", &u->val);
	gen_table_print(f, "sc_const", "sc_consts", &u->cst);
	gen_table_print(f, "sc_offset", "sc_offsets", &u->off);
	gen_table_print(f, "sc_addr_field", "sc_addr_fields", &u->amem);
	gen_table_print(f, "sc_addr_reg", "sc_addr_regs", &u->areg);
	fprintf(f, "const struct sc_unit sc_unit_%s = {\n\t\"%s\",\n", u->m->unit, u->m->unit);
	gen_table_ref(f, "sc_reg_fields", u->n_reg);
	gen_table_ref(f, "sc_mem_fields", u->n_mem);
	gen_table_ref(f, "sc_wide_fields", u->n_wide);
	gen_table_ref(f, "sc_values", u->n_val);
	gen_table_ref(f, "sc_consts", u->n_cst);
	gen_table_ref(f, "sc_offsets", u->n_off);
	gen_table_ref(f, "sc_addr_fields", u->n_amem);
	gen_table_ref(f, "sc_addr_regs", u->n_areg);
	fprintf(f, "\t%uu,\n};\n", u->skipped);
	return fclose(f) ? -1 : 0;
}

static void gen_unit_release(struct gen_unit *u)
{
	struct strbuf *bufs[] = { &u->fns, &u->reg, &u->mem, &u->wide, &u->val, &u->cst, &u->off,
				  &u->amem, &u->areg };

	for (size_t k = 0; k < sizeof(bufs) / sizeof(bufs[0]); k++)
		strbuf_release(bufs[k]);
	strmap_free(&u->seen);
	strmap_free(&u->names);
	arena_free(&u->arena);
}

static int gen_unit_run(const char *chip, const struct ir_manual *m, const char *dir)
{
	struct gen_unit u;
	int rc;

	memset(&u, 0, sizeof(u));
	u.chip = chip;
	u.m = m;
	if (m->class_id) {
		snprintf(u.ident, sizeof(u.ident), "%04x", (unsigned)m->class_id);
		snprintf(u.strip, sizeof(u.strip), "NV%04X_", (unsigned)m->class_id);
	} else {
		snprintf(u.ident, sizeof(u.ident), "%s", chip);
		snprintf(u.strip, sizeof(u.strip), "NV_");
	}
	arena_init(&u.arena);
	strmap_init(&u.seen);
	strmap_init(&u.names);
	for (size_t k = 0; k < m->ndefs; k++)
		if (!strmap_get(&u.names, m->defs[k]->name))
			strmap_put(&u.names, m->defs[k]->name, m->defs[k]);
	for (const struct ir_def *d = m->first_root; d; d = d->next_sibling)
		gen_def(&u, d);
	gen_addr_helpers(&u);
	rc = gen_unit_write(&u, dir);
	gen_unit_release(&u);
	return rc;
}

static int gen_units_write(const char *chip, struct ir_manual **units, size_t n, const char *dir)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/units.c", dir);
	if (!(f = fopen(path, "w"))) {
		fprintf(stderr, "selfcheck-gen: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "/* Units of the %s header self-check; generated, do not edit. */\n"
		"#include \"selfcheck.h\"\n\n", chip);
	for (size_t k = 0; k < n; k++)
		fprintf(f, "extern const struct sc_unit sc_unit_%s;\n", units[k]->unit);
	fprintf(f, "\nconst char sc_chip[] = \"%s\";\nconst struct sc_unit *const sc_units[] = {\n", chip);
	for (size_t k = 0; k < n; k++)
		fprintf(f, "\t&sc_unit_%s,\n", units[k]->unit);
	fprintf(f, "\tNULL\n};\n");
	return fclose(f) ? -1 : 0;
}

static int gen_usage(void)
{
	fprintf(stderr, "usage: selfcheck-gen --chip CHIP -o DIR IR.xml...\n");
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "chip", required_argument, NULL, 'c' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	const char *chip = NULL, *dir = NULL;
	struct ir_manual **units;
	struct diag d;
	size_t n = 0;
	int c, rc = 0;

	while ((c = getopt_long(argc, argv, "c:o:", opts, NULL)) != -1) {
		if (c == 'c')
			chip = optarg;
		else if (c == 'o')
			dir = optarg;
		else
			return gen_usage();
	}
	if (!chip || !dir || optind == argc)
		return gen_usage();
	diag_init(&d);
	units = calloc((size_t)(argc - optind), sizeof(*units));
	for (int k = optind; k < argc; k++) {
		struct ir_manual *m = ir_read_file(argv[k], &d);
		if (!m)
			return 1;
		units[n++] = m;
		if (gen_unit_run(chip, m, dir) < 0)
			rc = 1;
	}
	if (gen_units_write(chip, units, n, dir) < 0)
		rc = 1;
	for (size_t k = 0; k < n; k++)
		ir_manual_free(units[k]);
	free(units);
	return rc;
}
