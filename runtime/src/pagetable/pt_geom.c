/* SPDX-License-Identifier: MIT */
/*
 * Ver2 page tables: the format's geometry from the chip, and the entry
 * helpers building and walking share.
 */
#include <string.h>

#include "pagetable/pt_internal.h"

/* The addendum's names of the levels (NV_MMU_VER2_VA_PD3 ... PT_SMALL). */
const char *const pt_level_names[PT_NLEVELS] = { "PD3", "PD2", "PD1", "PD0", "PT_SMALL" };

void pt_geom_init(const struct nvrt_chip *c, struct pt_geom *g)
{
	memset(g, 0, sizeof(*g));
	g->c = c;
	c->pt->pt_format(&g->f);
	g->va_bits = g->f.lo[PT_PD3] + g->f.bits[PT_PD3];
	g->small_page = (uint64_t)1 << g->f.lo[PT_PT];
	g->big_page = (uint64_t)1 << g->f.big_lo;
	g->huge_page = (uint64_t)1 << g->f.lo[PT_PD0];
	for (int k = 0; k < PT_ADDR_KINDS; k++)
		g->shift[k] = g->f.addr_shift[k];
}

/* A format this code can hold: entries that fit a walk level, sane widths. */
int pt_geom_check(const struct pt_geom *g, struct nvrt_err *err)
{
	const struct nvrt_pt_format *f = &g->f;

	if (!f->pde_bytes || f->pde_bytes > PT_ENTRY_MAX || !f->dual_pde_bytes ||
	    f->dual_pde_bytes > PT_ENTRY_MAX || !f->pte_bytes || f->pte_bytes > PT_ENTRY_MAX ||
	    g->va_bits > 63 || g->va_bits <= f->lo[PT_PD3] ||
	    f->big_lo < f->lo[PT_PT] || f->big_lo >= f->lo[PT_PD0])
		return nvrt_err_set(err, "%s: page-table format not supported (entries %u/%u/%u bytes, "
				    "%u-bit VA)", g->c->name, f->pde_bytes, f->dual_pde_bytes,
				    f->pte_bytes, g->va_bits);
	for (int l = 0; l < PT_NLEVELS; l++)
		if (!f->bits[l] || f->bits[l] > 16)
			return nvrt_err_set(err, "%s: page-table level %d has %u index bits",
					    g->c->name, l, f->bits[l]);
	for (int k = 0; k < PT_ADDR_KINDS; k++)
		if (g->shift[k] >= 40)
			return nvrt_err_set(err, "%s: page-table address shift %u not supported",
					    g->c->name, g->shift[k]);
	return 0;
}

uint32_t pt_index(const struct pt_geom *g, int level, bool big, uint64_t va)
{
	big = big && level == PT_PT;
	uint32_t lo = big ? g->f.big_lo : g->f.lo[level];
	uint32_t bits = big ? g->f.big_bits : g->f.bits[level];

	return (uint32_t)((va >> lo) & (((uint64_t)1 << bits) - 1));
}

uint32_t pt_entry_bytes(const struct pt_geom *g, int level)
{
	if (level < PT_PD0)
		return g->f.pde_bytes;
	return level == PT_PD0 ? g->f.dual_pde_bytes : g->f.pte_bytes;
}

const char *pt_level_name(int level, bool big)
{
	return level == PT_PT && big ? "PT_BIG" : pt_level_names[level];
}

/* The end of the PD0 entry holding va, or end if sooner. */
uint64_t pt_span_end(const struct pt_geom *g, uint64_t va, uint64_t end)
{
	uint64_t e = (va | (((uint64_t)1 << g->f.lo[PT_PD0]) - 1)) + 1;

	return e < end ? e : end;
}

uint64_t pt_qword(const uint32_t *w)
{
	return (uint64_t)w[1] << 32 | w[0];
}

/* The chip's encoding of "nothing here" for a level (all four words). */
void pt_blank_encode(const struct pt_geom *g, int level, uint32_t w[4])
{
	struct nvrt_pde none = { .valid = false };
	struct nvrt_pte pte = { .valid = false };

	memset(w, 0, 4 * sizeof(*w));
	if (level < PT_PD0)
		g->c->pt->pde_encode(&none, w);
	else if (level == PT_PD0)
		g->c->pt->dual_pde_encode(&none, &none, w);
	else
		g->c->pt->pte_encode(&pte, w);
}

/* Is w exactly that encoding (APERTURE INVALID, VALID_FALSE), rather than
 * something nvrt cannot follow (video or peer memory, IS_PTE, ...)? */
bool pt_entry_blank(const struct pt_geom *g, int level, const uint32_t w[4])
{
	uint32_t blank[4];

	pt_blank_encode(g, level, blank);
	return !memcmp(blank, w, pt_entry_bytes(g, level));
}

unsigned pt_kib(uint64_t bytes)
{
	return (unsigned)(bytes >> 10);
}
