/* SPDX-License-Identifier: MIT */
/*
 * Runs the generated header self-check of one chip (see selfcheck.h): every
 * typed accessor against DRF-style extraction from the NV define, on
 * walking-bit, all-ones and mixed patterns, at each sampled index; every
 * named value, constant, device base and register offset against the NV
 * define; every whole-address helper against the two halves it fills.
 * Prints each failing item (first failure in detail), what was checked, and
 * "N passed, N failed" with one item per field, value, constant, offset or
 * helper.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selfcheck.h"

#define SC_PRINT_MAX 200   /* failure lines printed in total */

unsigned sc_check_fired;
static const char *sc_check_last;
static unsigned sc_printed;

void sc_check_fire(const char *cond)
{
	sc_check_fired++;
	sc_check_last = cond;
}

/* One item under check: its first failure is reported, later ones counted. */
struct sc_item {
	const char *unit, *name;
	unsigned failures;
};

static void sc_item_fail(struct sc_item *it, const struct sc_pos *p, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void sc_item_fail(struct sc_item *it, const struct sc_pos *p, const char *fmt, ...)
{
	va_list ap;

	if (it->failures++ || sc_printed++ >= SC_PRINT_MAX)
		return;
	printf("FAIL %s/%s %s", sc_chip, it->unit, it->name);
	if (p)
		printf("[i=%" PRIu32 ",j=%" PRIu32 "] bits %" PRIu32 ":%" PRIu32, p->i, p->j,
		       p->extent, p->base);
	printf(": ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* A REFGEN_CHECK that fired while checking correct uses is a failure. */
static void sc_item_checks(struct sc_item *it, const struct sc_pos *p)
{
	if (sc_check_fired)
		sc_item_fail(it, p, "REFGEN_CHECK(%s) fired %u time(s)", sc_check_last, sc_check_fired);
	sc_check_fired = 0;
}

/* ---- register fields -------------------------------------------------------- */

static const uint32_t sc_patterns[] = {
	0x00000000u, 0xFFFFFFFFu, 0xA5A5A5A5u, 0x5A5A5A5Au, 0x12345678u, 0xFEDCBA98u,
};
#define SC_NPATTERNS (sizeof(sc_patterns) / sizeof(sc_patterns[0]))

static void sc_reg_get_check(struct sc_item *it, const struct sc_reg_field *f, const struct sc_pos *p)
{
	for (unsigned b = 0; b < 32 + SC_NPATTERNS; b++) {
		uint32_t r = b < 32 ? 1u << b : sc_patterns[b - 32];
		uint32_t want = (r >> p->shift) & p->mask;   /* DRF_VAL */
		uint32_t got = f->get(r, p->i, p->j);
		if (got != want)
			sc_item_fail(it, p, "get(0x%08" PRIx32 ") = 0x%" PRIx32 ", DRF_VAL = 0x%" PRIx32,
				     r, got, want);
	}
}

static void sc_reg_set_one(struct sc_item *it, const struct sc_pos *p, const char *what,
			   uint32_t (*set)(uint32_t, uint32_t, uint32_t, uint32_t), uint32_t r,
			   uint32_t v)
{
	/* everything but the field kept, the field = DRF_NUM */
	uint32_t want = (r & ~(p->mask << p->shift)) | ((v & p->mask) << p->shift);
	uint32_t got = set(r, p->i, p->j, v);

	if (got != want)
		sc_item_fail(it, p, "%s(0x%08" PRIx32 ", 0x%" PRIx32 ") = 0x%08" PRIx32 ", want 0x%08" PRIx32,
			     what, r, v, got, want);
}

static void sc_reg_set_check(struct sc_item *it, const struct sc_reg_field *f, const struct sc_pos *p)
{
	uint32_t width = p->extent - p->base + 1;

	for (unsigned k = 0; k < SC_NPATTERNS; k++) {
		uint32_t r = sc_patterns[k];
		for (uint32_t b = 0; b <= width + 1; b++) {
			/* walking bit, then all ones, then zero */
			uint32_t v = b < width ? 1u << b : b == width ? p->mask : 0;
			sc_reg_set_one(it, p, "set", f->set, r, v);
			if (f->set_raw)
				sc_reg_set_one(it, p, "set_raw", f->set_raw, r, v);
		}
	}
	if (f->get(f->set(0, p->i, p->j, p->mask), p->i, p->j) != p->mask)
		sc_item_fail(it, p, "get(set(0, mask)) != mask");
}

static void sc_reg_field_check(struct sc_item *it, const struct sc_unit *u, const struct sc_reg_field *f)
{
	(void)u;  /* one signature for every table */
	for (unsigned k = 0; k < f->nsamples; k++) {
		const struct sc_pos *p = &f->pos[k];
		if (p->extent > 31 || p->extent < p->base) {
			sc_item_fail(it, p, "not a bit range of a 32-bit register, yet has accessors");
			continue;
		}
		sc_reg_get_check(it, f, p);
		sc_reg_set_check(it, f, p);
		sc_item_checks(it, p);
	}
}

/* ---- structure fields -------------------------------------------------------- */

#define SC_GUARD 0xDEADBEEFu

/* What a structure's words hold before a write. */
static const uint32_t sc_fills[] = { 0x00000000u, 0xFFFFFFFFu, 0xA5A5A5A5u };
#define SC_NFILLS (sizeof(sc_fills) / sizeof(sc_fills[0]))

/* Words w[-1] and w[words] are guards: no accessor may touch them. */
struct sc_buf {
	uint32_t *mem, *w;
	uint32_t words;
};

static void sc_buf_fill(struct sc_buf *b, uint32_t pattern)
{
	b->mem[0] = b->mem[b->words + 1] = SC_GUARD;
	for (uint32_t k = 0; k < b->words; k++)
		b->w[k] = pattern;
}

static void sc_bit_put(uint32_t *w, uint32_t bit, bool on)
{
	if (on)
		w[bit / 32] |= 1u << (bit % 32);
	else
		w[bit / 32] &= ~(1u << (bit % 32));
}

static void sc_mem_get_check(struct sc_item *it, const struct sc_mem_field *f,
			     const struct sc_pos *p, struct sc_buf *b)
{
	uint32_t last = p->extent / 32;
	uint32_t from = p->word ? (p->word - 1) * 32 : 0;
	uint32_t to = (last + 2 < b->words ? last + 2 : b->words) * 32;

	/* walking bit over the field's words and their neighbours */
	for (uint32_t bit = from; bit < to; bit++) {
		sc_buf_fill(b, 0);
		sc_bit_put(b->w, bit, true);
		uint64_t want = drf_val_mw(b->w, p->word, p->mw_shift, p->width);
		uint64_t got = f->get(b->w, p->i, p->j);
		if (got != want)
			sc_item_fail(it, p, "get() with bit %" PRIu32 " set = 0x%" PRIx64
				     ", DRF_VAL_MW = 0x%" PRIx64, bit, got, want);
	}
	for (unsigned k = 0; k < SC_NPATTERNS; k++) {
		sc_buf_fill(b, sc_patterns[k]);
		uint64_t want = drf_val_mw(b->w, p->word, p->mw_shift, p->width);
		uint64_t got = f->get(b->w, p->i, p->j);
		if (got != want)
			sc_item_fail(it, p, "get() of words 0x%08" PRIx32 " = 0x%" PRIx64
				     ", DRF_VAL_MW = 0x%" PRIx64, sc_patterns[k], got, want);
	}
}

/* The reference write: the field's bits, one by one. */
static void sc_bits_put(uint32_t *w, uint32_t base, uint32_t width, uint64_t v)
{
	for (uint32_t k = 0; k < width; k++)
		sc_bit_put(w, base + k, (v >> k) & 1);
}

/* b holds want exactly and its guards are intact; reports the first difference. */
static void sc_buf_expect(struct sc_item *it, const struct sc_pos *p, const struct sc_buf *b,
			  const uint32_t *want, const char *what, uint64_t v, uint32_t pattern)
{
	if (b->mem[0] != SC_GUARD || b->mem[b->words + 1] != SC_GUARD)
		sc_item_fail(it, p, "%s(0x%" PRIx64 ") wrote outside the structure", what, v);
	for (uint32_t k = 0; k < b->words; k++) {
		if (b->w[k] != want[k]) {
			sc_item_fail(it, p, "%s(0x%" PRIx64 ") on words 0x%08" PRIx32 ": word %" PRIu32
				     " = 0x%08" PRIx32 ", want 0x%08" PRIx32, what, v, pattern, k,
				     b->w[k], want[k]);
			return;
		}
	}
}

static void sc_mem_set_one(struct sc_item *it, const struct sc_pos *p, struct sc_buf *b,
			   const char *what, void (*set)(uint32_t *, uint32_t, uint32_t, uint64_t),
			   uint32_t pattern, uint64_t v)
{
	uint32_t want[b->words];

	sc_buf_fill(b, pattern);
	memcpy(want, b->w, sizeof(want));
	sc_bits_put(want, p->base, p->width, v);
	set(b->w, p->i, p->j, v);
	sc_buf_expect(it, p, b, want, what, v, pattern);
}

static void sc_mem_set_check(struct sc_item *it, const struct sc_mem_field *f,
			     const struct sc_pos *p, struct sc_buf *b)
{
	for (unsigned k = 0; k < SC_NFILLS; k++) {
		for (uint32_t bit = 0; bit <= p->width + 1; bit++) {
			/* walking bit, then all ones, then zero */
			uint64_t v = bit < p->width ? 1ull << bit : bit == p->width ? p->mask64 : 0;
			sc_mem_set_one(it, p, b, "set", f->set, sc_fills[k], v);
			if (f->set_raw)
				sc_mem_set_one(it, p, b, "set_raw", f->set_raw, sc_fills[k], v);
		}
	}
	sc_buf_fill(b, 0);
	f->set(b->w, p->i, p->j, p->mask64);
	if (f->get(b->w, p->i, p->j) != p->mask64)
		sc_item_fail(it, p, "get(set(mask)) != mask");
}

static void sc_mem_field_check(struct sc_item *it, const struct sc_unit *u, const struct sc_mem_field *f)
{
	struct sc_buf b = { calloc(f->words + 2, sizeof(uint32_t)), NULL, f->words };

	(void)u;  /* one signature for every table */
	b.w = b.mem + 1;
	if ((f->ret_size == 8) != (f->pos[0].width > 32))
		sc_item_fail(it, &f->pos[0], "get returns %" PRIu32 " bytes for a %" PRIu32 "-bit field",
			     f->ret_size, f->pos[0].width);
	for (unsigned k = 0; k < f->nsamples; k++) {
		const struct sc_pos *p = &f->pos[k];
		if (p->extent >= f->words * 32 || p->extent < p->base || p->width > 64) {
			sc_item_fail(it, p, "outside the %" PRIu32 "-word structure", f->words);
			continue;
		}
		sc_mem_get_check(it, f, p, &b);
		sc_mem_set_check(it, f, p, &b);
		sc_item_checks(it, p);
	}
	free(b.mem);
}

static void sc_wide_field_check(struct sc_item *it, const struct sc_unit *u, const struct sc_wide_field *f)
{
	uint32_t *w = calloc(f->words, sizeof(uint32_t));
	const struct sc_pos *p = &f->pos;

	(void)u;  /* one signature for every table */
	if (p->base % 32 || p->width % 32 || p->extent >= f->words * 32)
		sc_item_fail(it, p, "not whole words of the %" PRIu32 "-word structure", f->words);
	else if (f->words_of(w) != w + p->word)
		sc_item_fail(it, p, "_words() is word %td, DRF_WORD_MW = %" PRIu32,
			     f->words_of(w) - w, p->word);
	if (f->nwords != p->width / 32)
		sc_item_fail(it, p, "_WORDS = %" PRIu32 ", want %" PRIu32, f->nwords, p->width / 32);
	free(w);
}

/* ---- whole-address helpers ---------------------------------------------------- */

/*
 * Addresses to try for a LO half starting at bit `shift` of its word and a
 * HI half of hi_width bits: the smallest, the largest, a mixed one and 0.
 */
static unsigned sc_addrs_make(uint32_t shift, uint32_t hi_width, uint64_t *a)
{
	uint64_t max = ((uint64_t)(0xFFFFFFFFu >> shift << shift)) |
		       ((~0ull >> (64 - hi_width)) << 32);

	a[0] = 1ull << shift;
	a[1] = max;
	a[2] = 0x123456789abcdef0ull & max;
	a[3] = 0;
	return 4;
}

/* addr_set writes exactly LO = address bits 31:shift and HI = bits 63:32. */
static void sc_addr_field_one(struct sc_item *it, const struct sc_addr_field *f, unsigned k,
			      struct sc_buf *b, uint64_t addr)
{
	const struct sc_pos *lo = &f->lo[k], *hi = &f->hi[k];
	uint32_t want[b->words];

	for (unsigned n = 0; n < SC_NFILLS; n++) {
		sc_buf_fill(b, sc_fills[n]);
		memcpy(want, b->w, sizeof(want));
		sc_bits_put(want, lo->base, lo->width, (addr & 0xFFFFFFFFu) >> lo->mw_shift);
		sc_bits_put(want, hi->base, hi->width, addr >> 32);
		f->set(b->w, lo->i, lo->j, addr);
		sc_buf_expect(it, lo, b, want, "addr_set", addr, sc_fills[n]);
		if (f->get(b->w, lo->i, lo->j) != addr)
			sc_item_fail(it, lo, "addr_get() = 0x%" PRIx64 ", want 0x%" PRIx64,
				     f->get(b->w, lo->i, lo->j), addr);
	}
}

/* A misaligned address, and one too wide for HI when HI is short, are caught. */
static void sc_addr_field_bad(struct sc_item *it, const struct sc_addr_field *f, unsigned k,
			      struct sc_buf *b)
{
	const struct sc_pos *lo = &f->lo[k], *hi = &f->hi[k];

	sc_buf_fill(b, 0);
	f->set(b->w, lo->i, lo->j, 1ull << (lo->mw_shift - 1));
	if (!sc_check_fired)
		sc_item_fail(it, lo, "misaligned address not caught");
	sc_check_fired = 0;
	if (hi->width < 32) {
		f->set(b->w, lo->i, lo->j, 1ull << (32 + hi->width));
		if (!sc_check_fired)
			sc_item_fail(it, lo, "address beyond HI's %" PRIu32 " bits not caught", hi->width);
		sc_check_fired = 0;
	}
}

static void sc_addr_field_check(struct sc_item *it, const struct sc_unit *u,
				const struct sc_addr_field *f)
{
	struct sc_buf b = { calloc(f->words + 2, sizeof(uint32_t)), NULL, f->words };
	uint64_t addrs[4];

	(void)u;  /* one signature for every table */
	b.w = b.mem + 1;
	for (unsigned k = 0; k < f->nsamples; k++) {
		const struct sc_pos *lo = &f->lo[k], *hi = &f->hi[k];
		if (lo->extent % 32 != 31 || !lo->mw_shift || hi->width > 32 ||
		    lo->extent >= f->words * 32 || hi->extent >= f->words * 32) {
			sc_item_fail(it, lo, "LO/HI are not an address pair inside the structure");
			continue;
		}
		unsigned n = sc_addrs_make(lo->mw_shift, hi->width, addrs);
		for (unsigned a = 0; a < n; a++)
			sc_addr_field_one(it, f, k, &b, addrs[a]);
		sc_item_checks(it, lo);
		sc_addr_field_bad(it, f, k, &b);
	}
	free(b.mem);
}

/* _split changes only the address bits of both registers; _join undoes it. */
static void sc_addr_reg_one(struct sc_item *it, const struct sc_addr_reg *r, uint64_t addr)
{
	const struct sc_pos *lo = &r->lo, *hi = &r->hi;

	for (unsigned n = 0; n < SC_NFILLS; n++) {
		uint32_t l = sc_fills[n], h = sc_fills[n];
		uint32_t want_l = (l & ~(lo->mask << lo->shift)) |
				  ((((uint32_t)addr >> lo->shift) & lo->mask) << lo->shift);
		uint32_t want_h = (h & ~(hi->mask << hi->shift)) |
				  (((uint32_t)(addr >> 32) & hi->mask) << hi->shift);
		r->split(addr, &l, &h);
		if (l != want_l || h != want_h)
			sc_item_fail(it, lo, "split(0x%" PRIx64 ") on 0x%08" PRIx32 " = 0x%08" PRIx32
				     ", 0x%08" PRIx32 ", want 0x%08" PRIx32 ", 0x%08" PRIx32, addr,
				     sc_fills[n], l, h, want_l, want_h);
		if (r->join(want_l, want_h) != addr)
			sc_item_fail(it, lo, "join() = 0x%" PRIx64 ", want 0x%" PRIx64,
				     r->join(want_l, want_h), addr);
	}
}

static void sc_addr_reg_check(struct sc_item *it, const struct sc_unit *u, const struct sc_addr_reg *r)
{
	uint64_t addrs[4];
	uint32_t l = 0, h = 0;

	(void)u;  /* one signature for every table */
	if (r->lo.extent != 31 || !r->lo.base || r->hi.base || r->hi.extent > 31) {
		sc_item_fail(it, &r->lo, "the fields are not an address pair");
		return;
	}
	unsigned n = sc_addrs_make(r->lo.shift, r->hi.width, addrs);
	for (unsigned a = 0; a < n; a++)
		sc_addr_reg_one(it, r, addrs[a]);
	sc_item_checks(it, &r->lo);
	r->split(1ull << (r->lo.shift - 1), &l, &h);
	if (!sc_check_fired)
		sc_item_fail(it, &r->lo, "misaligned address not caught");
	sc_check_fired = 0;
}

/* ---- numbers ------------------------------------------------------------------ */

static void sc_value_check(struct sc_item *it, const struct sc_unit *u, const struct sc_value *v)
{
	if (v->typed != v->nv) {
		sc_item_fail(it, NULL, "typed 0x%" PRIx64 ", NV 0x%" PRIx64, v->typed, v->nv);
		return;
	}
	if (v->reg_field >= 0) {
		const struct sc_reg_field *f = &u->reg_fields[v->reg_field];
		const struct sc_pos *p = &f->pos[0];
		if (v->nv <= p->mask) {   /* the field holds it: DRF_DEF */
			uint32_t got = f->set(0, p->i, p->j, (uint32_t)v->nv);
			if (got != (uint32_t)v->nv << p->shift)
				sc_item_fail(it, p, "set(0, value) = 0x%08" PRIx32, got);
		}
	} else if (v->mem_field >= 0) {
		const struct sc_mem_field *f = &u->mem_fields[v->mem_field];
		const struct sc_pos *p = &f->pos[0];
		if (v->nv <= p->mask64) {
			uint32_t *w = calloc(f->words, sizeof(uint32_t));
			f->set(w, p->i, p->j, v->nv);
			if (drf_val_mw(w, p->word, p->mw_shift, p->width) != v->nv)
				sc_item_fail(it, p, "set(value) reads back 0x%" PRIx64 " by DRF_VAL_MW",
					     drf_val_mw(w, p->word, p->mw_shift, p->width));
			free(w);
		}
	}
	sc_item_checks(it, NULL);
}

static void sc_const_check(struct sc_item *it, const struct sc_unit *u, const struct sc_const *c)
{
	(void)u;  /* one signature for every table */
	if (c->typed != c->nv)
		sc_item_fail(it, NULL, "typed 0x%" PRIx64 ", NV 0x%" PRIx64, c->typed, c->nv);
}

static void sc_offset_check(struct sc_item *it, const struct sc_unit *u, const struct sc_offset *o)
{
	(void)u;  /* one signature for every table */
	for (unsigned k = 0; k < o->nsamples; k++) {
		uint32_t got = o->offset(o->i[k], o->j[k]);
		if (got != o->nv[k])
			sc_item_fail(it, NULL, "(%" PRIu32 ", %" PRIu32 ") = 0x%08" PRIx32 ", NV 0x%08" PRIx64,
				     o->i[k], o->j[k], got, o->nv[k]);
	}
	sc_item_checks(it, NULL);
}

/* ---- units -------------------------------------------------------------------- */

/* Items checked and failed, and what they were, over units. */
struct sc_tally {
	unsigned passed, failed, units, skipped;
	size_t reg_fields, mem_fields, wide_fields, values, consts, offsets, addr_helpers;
};

static void sc_tally_add(struct sc_tally *t, const struct sc_item *it)
{
	if (it->failures)
		t->failed++;
	else
		t->passed++;
}

static void sc_tally_count(struct sc_tally *t, const struct sc_unit *u)
{
	t->units++;
	t->skipped += u->skipped;
	t->reg_fields += u->n_reg_fields;
	t->mem_fields += u->n_mem_fields;
	t->wide_fields += u->n_wide_fields;
	t->values += u->n_values;
	t->consts += u->n_consts;
	t->offsets += u->n_offsets;
	t->addr_helpers += u->n_addr_fields + u->n_addr_regs;
}

/* Checks every item of one table of u with check(item, unit, entry). */
#define SC_TABLE_RUN(t, u, arr, n, check)                                        \
	for (size_t k_ = 0; k_ < (u)->n; k_++) {                                 \
		struct sc_item it_ = { (u)->name, (u)->arr[k_].name, 0 };        \
		check(&it_, (u), &(u)->arr[k_]);                                 \
		sc_tally_add((t), &it_);                                         \
	}

static void sc_unit_run(const struct sc_unit *u, struct sc_tally *t)
{
	unsigned failed = t->failed;

	SC_TABLE_RUN(t, u, reg_fields, n_reg_fields, sc_reg_field_check)
	SC_TABLE_RUN(t, u, mem_fields, n_mem_fields, sc_mem_field_check)
	SC_TABLE_RUN(t, u, wide_fields, n_wide_fields, sc_wide_field_check)
	SC_TABLE_RUN(t, u, values, n_values, sc_value_check)
	SC_TABLE_RUN(t, u, consts, n_consts, sc_const_check)
	SC_TABLE_RUN(t, u, offsets, n_offsets, sc_offset_check)
	SC_TABLE_RUN(t, u, addr_fields, n_addr_fields, sc_addr_field_check)
	SC_TABLE_RUN(t, u, addr_regs, n_addr_regs, sc_addr_reg_check)
	sc_tally_count(t, u);
	if (t->failed != failed)
		printf("%s/%s: %u failed\n", sc_chip, u->name, t->failed - failed);
}

int main(void)
{
	struct sc_tally t;

	memset(&t, 0, sizeof(t));
	for (const struct sc_unit *const *u = sc_units; *u; u++)
		sc_unit_run(*u, &t);
	if (sc_printed > SC_PRINT_MAX)
		printf("(%u more failures not shown)\n", sc_printed - SC_PRINT_MAX);
	printf("%s header self-check, %u units: %zu register fields, %zu structure fields, "
	       "%zu wide fields, %zu values, %zu constants, %zu register offsets, "
	       "%zu address helpers (%u fields have no accessor by design)\n", sc_chip, t.units,
	       t.reg_fields, t.mem_fields, t.wide_fields, t.values, t.consts, t.offsets,
	       t.addr_helpers, t.skipped);
	printf("%u passed, %u failed\n", t.passed, t.failed);
	return t.failed ? 1 : 0;
}
