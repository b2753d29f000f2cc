/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_batch.h"

#include <string.h>

#include "lookup/lookup_decode.h"

/* The field named short of layout l (without l's name), or NULL. */
static const struct lookup_field *lookup_layout_field(const struct lookup_index *x, const char *layout,
						      const char *field)
{
	const struct lookup_name *n = lookup_index_name(x, layout);

	for (; n; n = n->next)
		for (size_t i = 0; n->layout && i < n->layout->nfields; i++)
			if (!strcmp(n->layout->fields[i].name, field))
				return &n->layout->fields[i];
	return NULL;
}

void lookup_batch_init(struct lookup_batch *b, struct lookup_ctx *c)
{
	memset(b, 0, sizeof(*b));
	b->ctx = c;
	lookup_result_init(&b->r);
	/* What names a trace's runlist blocks and channel RAMs (GA100 on):
	 * dev_top's device records and dev_runlist's CHANNEL_CONFIG. */
	b->row_chain = lookup_layout_field(c->x, LOOKUP_BATCH_INFO_ROWS, "ROW_CHAIN");
	b->rl_base = lookup_layout_field(c->x, LOOKUP_BATCH_INFO_RECORD, "RUNLIST_PRI_BASE");
	b->chram_base = lookup_layout_field(c->x, LOOKUP_BATCH_CHANNEL_CONFIG, "CHRAM_BAR0_OFFSET");
}

void lookup_batch_release(struct lookup_batch *b)
{
	lookup_result_release(&b->r);
}

struct lookup_cursor {
	const char *p, *end;
};

static void lookup_skip_space(struct lookup_cursor *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
		c->p++;
}

/* A word of the line; false at its end. */
static bool lookup_word(struct lookup_cursor *c, const char **w, size_t *n)
{
	lookup_skip_space(c);
	*w = c->p;
	while (c->p < c->end && *c->p != ' ' && *c->p != '\t' && *c->p != '\r')
		c->p++;
	*n = (size_t)(c->p - *w);
	return *n > 0;
}

/* The one number rule (lookup_query.h): hex, "0x" optional. */
#define lookup_hex_word lookup_number_parse

static bool lookup_dec_word(const char *w, size_t n, unsigned long *out)
{
	unsigned long v = 0;

	if (n == 0 || n > 9)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (w[i] < '0' || w[i] > '9')
			return false;
		v = v * 10 + (unsigned long)(w[i] - '0');
	}
	*out = v;
	return true;
}

/* The mapping id's base; false when the log never mapped id.  *other: the
 * mapping is outside every GPU BAR0 the header listed. */
static bool lookup_map_base(const struct lookup_batch *b, unsigned long id, uint64_t *base, bool *other)
{
	for (size_t i = 0; i < b->nmaps; i++)
		if (b->maps[i].id == id) {
			*base = b->maps[i].base;
			*other = b->maps[i].other;
			return true;
		}
	return false;
}

/* PCI vendor id of NVIDIA; a GPU's BAR0 is 16 MiB (dev_nv_xve3g_fn0
 * NV_XVE_BAR0_BASE_ADDRESS 31:24), its audio function's far smaller. */
#define LOOKUP_VENDOR_NVIDIA 0x10de
#define LOOKUP_GPU_BAR0_MIN (1ull << 24)
/* The low bits of a PCIDEV base are the resource's flags (PCI_REGION_FLAG_MASK). */
#define LOOKUP_PCIDEV_FLAGS 0xfull

/* "PCIDEV BBDF VVVVDDDD IRQ BASE0..BASE6 SIZE0..SIZE6 [DRIVER]"
 * (kernel/trace/trace_mmiotrace.c mmio_print_pcidev): an NVIDIA GPU's BAR0. */
static void lookup_pcidev_line(struct lookup_batch *b, struct lookup_cursor *c)
{
	const char *w;
	size_t n;
	uint64_t id, base0 = 0, size0 = 0, v;

	if (!lookup_word(c, &w, &n) || !lookup_word(c, &w, &n) ||   /* PCIDEV, BBDF */
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &id) ||  /* VVVVDDDD */
	    !lookup_word(c, &w, &n))                                    /* IRQ */
		return;
	for (int i = 0; i < 8; i++) {   /* BASE0..BASE6, then SIZE0 */
		if (!lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &v))
			return;
		if (i == 0)
			base0 = v & ~LOOKUP_PCIDEV_FLAGS;
		size0 = v;
	}
	if (id >> 16 != LOOKUP_VENDOR_NVIDIA || size0 < LOOKUP_GPU_BAR0_MIN || b->ngpus == LOOKUP_BATCH_GPUS)
		return;
	b->gpus[b->ngpus].lo = base0;
	b->gpus[b->ngpus].hi = base0 + size0;
	b->ngpus++;
}

/* Whether phys is in no GPU BAR0 the header listed (none listed: all are). */
static bool lookup_map_other(const struct lookup_batch *b, uint64_t phys)
{
	for (size_t i = 0; i < b->ngpus; i++)
		if (phys >= b->gpus[i].lo && phys < b->gpus[i].hi)
			return false;
	return b->ngpus > 0;
}

/* "MAP TIME ID PHYS VIRT LEN PC PID": remembers PHYS as the base of ID. */
static bool lookup_map_line(struct lookup_batch *b, struct lookup_cursor *c)
{
	const char *w;
	size_t n, i;
	unsigned long id;
	uint64_t phys;

	if (!lookup_word(c, &w, &n) || !lookup_word(c, &w, &n) || !lookup_dec_word(w, n, &id) ||
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &phys))
		return false;
	for (i = 0; i < b->nmaps && b->maps[i].id != id; i++)
		;
	if (i == LOOKUP_BATCH_MAPS)
		return false;
	b->maps[i].id = id;
	b->maps[i].base = phys;
	b->maps[i].other = lookup_map_other(b, phys);
	if (i == b->nmaps)
		b->nmaps++;
	return true;
}

/* "R WIDTH TIME ID PHYS VALUE ...": false when the line is not one. */
static bool lookup_mmio_line(const struct lookup_batch *b, struct lookup_cursor *c, struct lookup_query *a)
{
	const char *w;
	size_t n;
	unsigned long id, width;
	uint64_t base = 0;
	bool other = false;

	if (!lookup_word(c, &w, &n) || !lookup_dec_word(w, n, &width) || !lookup_word(c, &w, &n) ||
	    !lookup_word(c, &w, &n) || !lookup_dec_word(w, n, &id) ||
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &a->addr) ||
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &a->value))
		return false;
	if (lookup_map_base(b, id, &base, &other) && a->addr >= base)
		a->addr -= base;
	if (other)   /* not a GPU's registers: copied through */
		return false;
	a->has_value = true;
	return true;
}

static bool lookup_plain_line(struct lookup_cursor *c, struct lookup_query *a)
{
	const char *w;
	size_t n;

	if (!lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &a->addr))
		return false;
	if (lookup_word(c, &w, &n)) {
		if (!lookup_hex_word(w, n, &a->value))
			return false;
		a->has_value = true;
	}
	lookup_skip_space(c);
	return c->p == c->end;
}

/* The block just placed at base, named name. */
static const struct lookup_block *lookup_batch_block(const struct lookup_batch *b, const char *name, uint64_t base)
{
	for (size_t i = 0; i < b->ctx->nblocks; i++)
		if (b->ctx->blocks[i].base == base && b->ctx->blocks[i].len == strlen(name) &&
		    !memcmp(b->ctx->blocks[i].name, name, strlen(name)) && b->ctx->blocks[i].line == b->lines)
			return &b->ctx->blocks[i];
	return NULL;
}

/* A field's bits of words w, in place (a base the manual gives as the
 * address's own bits: RUNLIST_PRI_BASE, CHRAM_BAR0_OFFSET); 0 when not there. */
static uint64_t lookup_in_place(const struct lookup_field *f, const uint32_t *w, size_t nwords)
{
	uint64_t v;

	return f && lookup_bits(w, nwords, f->lo, f->width, &v) ? v << (f->lo % 32) : 0;
}

/*
 * Block bases the trace itself gives, as a driver finds them (nouveau
 * ga100_top_oneinit and ga100_runl_new, fifo/ga100.c; nvrt's
 * device_ampere.c): a device record is NV_PTOP_DEVICE_INFO2 rows read in
 * turn until one with ROW_CHAIN LAST, its RUNLIST_PRI_BASE the BAR0 base of
 * its runlist's NV_RUNLIST block; that block's NV_RUNLIST_CHANNEL_CONFIG
 * CHRAM_BAR0_OFFSET the base of its NV_CHRAM.  Both hold the address's
 * bits in place.  b->found is the block this line placed.
 */
static void lookup_batch_learn(struct lookup_batch *b)
{
	const struct lookup_cand *k = b->r.ncands ? &b->r.cands[0] : NULL;
	uint32_t w = (uint32_t)b->q.value;
	const char *name;

	if (!k || k->kind != LOOKUP_CAND_REGISTER || k->offset || !b->q.has_value)
		return;
	name = k->def->name;
	if (b->row_chain && !strcmp(name, LOOKUP_BATCH_INFO_ROWS)) {
		uint64_t chain = 0;

		if (b->nrows && k->reg->index[0] != b->next_row)
			b->nrows = 0;   /* not the next row: a record read out of turn is not followed */
		b->next_row = k->reg->index[0] + 1;
		if (b->nrows < LOOKUP_BATCH_ROWS)
			b->rows[b->nrows++] = w;
		lookup_bits(&w, 1, b->row_chain->lo, b->row_chain->width, &chain);
		if (chain)
			return;
		uint64_t base = lookup_in_place(b->rl_base, b->rows, b->nrows);
		b->nrows = 0;
		if (base && lookup_ctx_block_add(b->ctx, LOOKUP_BATCH_RUNLIST, strlen(LOOKUP_BATCH_RUNLIST), base,
						 b->lines) == 0)
			b->found = lookup_batch_block(b, LOOKUP_BATCH_RUNLIST, base);
	} else if (b->chram_base && k->in_block && !strcmp(name, LOOKUP_BATCH_CHANNEL_CONFIG)) {
		uint64_t base = lookup_in_place(b->chram_base, &w, 1);

		if (base && lookup_ctx_block_add(b->ctx, LOOKUP_BATCH_CHRAM, strlen(LOOKUP_BATCH_CHRAM), base,
						 b->lines) == 0)
			b->found = lookup_batch_block(b, LOOKUP_BATCH_CHRAM, base);
	}
}

enum lookup_line_kind lookup_batch_line(struct lookup_batch *b, const char *s, size_t len)
{
	struct lookup_cursor c = { s, s + len }, start;
	const char *w;
	size_t n;
	bool ok;

	b->lines++;
	b->found = NULL;
	memset(&b->q, 0, sizeof(b->q));
	b->q.kind = LOOKUP_QUERY_ADDRESS;
	b->q.first_only = true;
	b->op = 0;
	lookup_skip_space(&c);
	start = c;
	if (!lookup_word(&c, &w, &n)) {
		ok = false;
	} else if (n == 1 && (w[0] == 'R' || w[0] == 'W')) {
		b->op = w[0];
		ok = lookup_mmio_line(b, &c, &b->q);
	} else if (n == 3 && !memcmp(w, "MAP", 3)) {
		lookup_map_line(b, &c);
		ok = false;
	} else if (n == 6 && !memcmp(w, "PCIDEV", 6)) {
		c = start;
		lookup_pcidev_line(b, &c);
		ok = false;
	} else {
		c = start;
		ok = lookup_plain_line(&c, &b->q);
	}
	if (!ok)
		return LOOKUP_LINE_TEXT;
	if (lookup_query_run(b->ctx, &b->q, &b->r) != LOOKUP_NOTHING && b->r.cands[0].kind == LOOKUP_CAND_REGISTER)
		b->decoded++;
	lookup_batch_learn(b);
	return LOOKUP_LINE_ACCESS;
}
