/* SPDX-License-Identifier: MIT */
/*
 * Whole-address helpers for addresses the manual splits into _LO/_HI halves,
 * so users never stitch halves by hand:
 *   memory structures: <chip>_setaddr_<base>(s, addr) / <chip>_getaddr_<base>(s)
 *     for fields BASE_LO (or BASE) ending at bit 31 of a word and starting at
 *     an alignment shift > 0, and BASE_HI starting at bit 0 of a word
 *     (NV_RAMIN_PAGE_DIR_BASE_LO/HI, NV_RAMRL_ENTRY_CHAN_USERD_PTR_LO/HI);
 *   register pairs: <chip>_split_<base>(addr, &lo, &hi) / <chip>_join_<base>(lo, hi)
 *     for registers BASE_LO (or BASE) and BASE_HI holding a field of the same
 *     name that ends at bit 31 and starts at bit 0 respectively
 *     (NV_UDMA_SEM_ADDR_LO/HI OFFSET, NV_PPBDMA_GP_BASE/GP_BASE_HI OFFSET).
 * Both check alignment and range, and touch only the address bits.
 */
#include <stdio.h>
#include <string.h>

#include "emit/emit_typed_int.h"

static const struct ir_def *emit_addr_child(const struct ir_def *parent, const char *name)
{
	for (const struct ir_def *c = parent->first_child; c; c = c->next_sibling)
		if (c->kind == IR_FIELD && !strcmp(c->name, name))
			return c;
	return NULL;
}

/* The low half of hi (BASE_LO, else BASE) among candidates found by find(). */
static const struct ir_def *emit_addr_partner(const char *hi_name,
					      const struct ir_def *(*find)(const void *, const char *),
					      const void *ctx, char *base, size_t cap)
{
	size_t n = strlen(hi_name);
	char name[520];
	const struct ir_def *lo;

	if (n < 4 || n - 3 >= cap || strcmp(hi_name + n - 3, "_HI"))
		return NULL;
	memcpy(base, hi_name, n - 3);
	base[n - 3] = '\0';
	snprintf(name, sizeof(name), "%s_LO", base);
	lo = find(ctx, name);
	return lo ? lo : find(ctx, base);
}

static const struct ir_def *emit_addr_find_field(const void *parent, const char *name)
{
	return emit_addr_child(parent, name);
}

static const struct ir_def *emit_addr_find_reg(const void *names, const char *name)
{
	const struct ir_def *d = strmap_get(names, name);

	return d && d->kind == IR_REGISTER ? d : NULL;
}

static void emit_addr_mem(struct emit_typed *t, const struct ir_def *hi)
{
	char base[512];
	const struct ir_def *lo = emit_addr_partner(hi->name, emit_addr_find_field, hi->parent,
						    base, sizeof(base));
	struct emit_pos pl, ph;

	if (!lo || lo->nparams != hi->nparams || (lo->params && strcmp(lo->params, hi->params)))
		return;
	emit_typed_pos(t, lo, &pl);
	emit_typed_pos(t, hi, &ph);
	/* The widest position over the indices decides the shape; the accessors
	 * use the expressions. */
	uint64_t lo_hi = pl.max_hi, lo_lo = pl.max_hi + 1 - pl.max_width;
	if (!pl.ok || !ph.ok || lo_hi % 32 != 31 || lo_lo % 32 == 0 || ph.max_width > 32 ||
	    (pl.constant && pl.max_width != 32 - lo_lo % 32))
		return;
	if (!ph.constant || !pl.constant) {
		/* indexed: require the same lay-out at every index */
		if (lo->hi.expr == NULL || hi->lo.expr == NULL)
			return;
	}
	unsigned shift = (unsigned)(lo_lo % 32);
	const char *st = emit_ident(t->ec, hi->parent->name, "_t", false);
	struct ir_def pseudo = *hi;
	pseudo.name = base;

	strbuf_printf(t->b, "\n/* %s%s and %s as one address, %u-byte aligned. */\n", lo->name,
		      "", hi->name, 1u << shift);
	strbuf_printf(t->b, "static inline void %s(%s *s", emit_typed_verb(t, &pseudo, "setaddr"), st);
	emit_typed_index_params(t, hi);
	strbuf_puts(t->b, ", uint64_t addr)\n{\n");
	emit_typed_index_checks(t, hi, hi->lo.expr ? hi->lo.expr : "", "");
	strbuf_printf(t->b, "\tREFGEN_CHECK((addr & 0x%xu) == 0);\n", (1u << shift) - 1);
	strbuf_printf(t->b, "\tREFGEN_CHECK((addr >> 32) <= 0x%llxu);\n",
		      (unsigned long long)((1ull << ph.max_width) - 1));
	strbuf_printf(t->b, "\trefgen_mem_put(s->w, %s, %s, %s, (addr & 0xffffffffu) >> %u);\n",
		      pl.word, pl.shift, pl.width, shift);
	strbuf_printf(t->b, "\trefgen_mem_put(s->w, %s, %s, %s, addr >> 32);\n}\n", ph.word,
		      ph.shift, ph.width);
	strbuf_printf(t->b, "static inline uint64_t %s(const %s *s",
		      emit_typed_verb(t, &pseudo, "getaddr"), st);
	emit_typed_index_params(t, hi);
	strbuf_puts(t->b, ")\n{\n");
	emit_typed_index_checks(t, hi, hi->lo.expr ? hi->lo.expr : "", "0");
	strbuf_printf(t->b, "\treturn (refgen_mem_get(s->w, %s, %s, %s) << 32) |\n"
		      "\t       (refgen_mem_get(s->w, %s, %s, %s) << %u);\n}\n",
		      ph.word, ph.shift, ph.width, pl.word, pl.shift, pl.width, shift);
}

/* The field pair of registers lo/hi that forms an address, if exactly one. */
static bool emit_addr_reg_fields(const struct ir_def *lo, const struct ir_def *hi,
				 const struct ir_def **fl, const struct ir_def **fh)
{
	int found = 0;
	size_t nl = strlen(lo->name), nh = strlen(hi->name);

	for (const struct ir_def *a = lo->first_child; a; a = a->next_sibling) {
		if (a->kind != IR_FIELD || !a->hi.known || a->hi.value != 31 || a->lo.value == 0 ||
		    strncmp(a->name, lo->name, nl))
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

static void emit_addr_reg(struct emit_typed *t, const struct ir_def *hi, const struct strmap *names)
{
	char base[512];
	const struct ir_def *lo = emit_addr_partner(hi->name, emit_addr_find_reg, names, base,
						    sizeof(base));
	const struct ir_def *fl, *fh;

	if (!lo || !emit_addr_reg_fields(lo, hi, &fl, &fh))
		return;
	unsigned shift = (unsigned)fl->lo.value;
	uint64_t hw = ir_def_width(fh);
	const char *lt = emit_ident(t->ec, lo->name, "_t", false);
	const char *ht = emit_ident(t->ec, hi->name, "_t", false);
	struct ir_def pseudo = *hi;
	pseudo.name = base;

	strbuf_printf(t->b, "\n/* %s and %s as one address, %u-byte aligned. */\n", fl->name,
		      fh->name, 1u << shift);
	strbuf_printf(t->b, "static inline void %s(uint64_t addr, %s *lo, %s *hi)\n{\n",
		      emit_typed_verb(t, &pseudo, "split"), lt, ht);
	strbuf_printf(t->b, "\tREFGEN_CHECK((addr & 0x%xu) == 0);\n", (1u << shift) - 1);
	strbuf_printf(t->b, "\tREFGEN_CHECK((addr >> 32) <= 0x%llxu);\n", (unsigned long long)((1ull << hw) - 1));
	strbuf_printf(t->b, "\tlo->v = refgen_reg_put(lo->v, %uu, %uu, (addr & 0xffffffffu) >> %u);\n",
		      shift, 32 - shift, shift);
	strbuf_printf(t->b, "\thi->v = refgen_reg_put(hi->v, 0u, %lluu, addr >> 32);\n}\n",
		      (unsigned long long)hw);
	strbuf_printf(t->b, "static inline uint64_t %s(%s lo, %s hi)\n{\n"
		      "\treturn ((uint64_t)refgen_reg_get(hi.v, 0u, %lluu) << 32) |\n"
		      "\t       ((uint64_t)refgen_reg_get(lo.v, %uu, %uu) << %u);\n}\n",
		      emit_typed_verb(t, &pseudo, "join"), lt, ht, (unsigned long long)hw,
		      shift, 32 - shift, shift);
}

void emit_addr_helpers(struct emit_typed *t)
{
	struct strmap names;

	strmap_init(&names);
	strmap_reserve(&names, t->m->ndefs);
	for (size_t i = 0; i < t->m->ndefs; i++) {   /* a name's first define */
		int added;
		void **slot = strmap_ref(&names, t->m->defs[i]->name, &added);
		if (added)
			*slot = t->m->defs[i];
	}
	for (size_t i = 0; i < t->m->ndefs; i++) {
		const struct ir_def *d = t->m->defs[i];

		if (d->kind == IR_FIELD && d->parent->kind == IR_STRUCTURE && strmap_get(&names, d->name) == d)
			emit_addr_mem(t, d);
		else if (d->kind == IR_REGISTER && strmap_get(&names, d->name) == d)
			emit_addr_reg(t, d, &names);
	}
	strmap_free(&names);
}
