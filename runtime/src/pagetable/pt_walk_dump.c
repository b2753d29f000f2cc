/* SPDX-License-Identifier: MIT */
/*
 * Ver2 page tables: printing a walk (nvrt_pt_walk_dump), each level's entry
 * in the manual's field names.
 */
#include <inttypes.h>
#include <stdio.h>

#include "pagetable/pt_internal.h"

static const char *pt_aperture_name(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? "SYSTEM_NON_COHERENT_MEMORY" :
						     "SYSTEM_COHERENT_MEMORY";
}

static const char *pt_bool_name(bool b)
{
	return b ? "TRUE" : "FALSE";
}

/* Bits of the entry its decoded form does not account for (NO_ATS, ...). */
static void dump_other_bits(const uint32_t *raw, const uint32_t *enc, unsigned nwords, FILE *out)
{
	for (unsigned q = 0; q < nwords / 2; q++) {
		uint64_t d = pt_qword(raw + 2 * q) ^ pt_qword(enc + 2 * q);

		if (d)
			fprintf(out, " (qword %u: other bits 0x%016" PRIx64 ")", q, d);
	}
}

static void dump_pde(const struct pt_geom *g, const struct nvrt_walk_level *l, FILE *out)
{
	struct nvrt_pde p, none = { .valid = false };
	uint32_t enc[4] = { 0 };

	g->c->pt->pde_decode(l->words, &p);
	fprintf(out, "%s[%" PRIu32 "] @0x%" PRIx64 " NV_MMU_VER2_PDE:", pt_level_names[l->level],
		l->index, l->table);
	g->c->pt->pde_encode(p.valid ? &p : &none, enc);
	if (!p.valid) {
		if (pt_entry_blank(g, l->level, l->words))
			fprintf(out, " APERTURE=INVALID\n");
		else
			fprintf(out, " 0x%016" PRIx64 " (not a system-memory table)\n",
				pt_qword(l->words));
		return;
	}
	/* Fields high to low (dev_mmu.ref.txt: ADDRESS_SYS 53:8, VOL 3, APERTURE 2:1). */
	fprintf(out, " ADDRESS_SYS=0x%" PRIx64 " VOL=%s APERTURE=%s -> 0x%" PRIx64,
		p.addr >> g->shift[PT_ADDR_PDE], pt_bool_name(p.vol), pt_aperture_name(p.aperture),
		p.addr);
	dump_other_bits(l->words, enc, 2, out);
	fputc('\n', out);
}

static void dump_dual_half(const struct pt_geom *g, const char *half, const struct nvrt_pde *p,
			   enum pt_addr_kind k, bool exact_invalid, uint64_t raw, FILE *out)
{
	if (p->valid)
		fprintf(out, " ADDRESS_%s_SYS=0x%" PRIx64 " VOL_%s=%s APERTURE_%s=%s", half,
			p->addr >> g->shift[k], half, pt_bool_name(p->vol), half,
			pt_aperture_name(p->aperture));
	else if (exact_invalid)
		fprintf(out, " APERTURE_%s=INVALID", half);
	else
		fprintf(out, " %s 0x%016" PRIx64 " (not a system-memory table)", half, raw);
}

static void dump_dual_pde(const struct pt_geom *g, const struct nvrt_walk_level *l, FILE *out)
{
	struct nvrt_pde big, small, none = { .valid = false };
	uint32_t enc[4] = { 0 }, inv[4];

	g->c->pt->dual_pde_decode(l->words, &big, &small);
	g->c->pt->dual_pde_encode(big.valid ? &big : &none, small.valid ? &small : &none, enc);
	pt_blank_encode(g, PT_PD0, inv);
	fprintf(out, "PD0[%" PRIu32 "] @0x%" PRIx64 " NV_MMU_VER2_DUAL_PDE:", l->index, l->table);
	dump_dual_half(g, "BIG", &big, PT_ADDR_BIG, pt_qword(inv) == pt_qword(l->words),
		       pt_qword(l->words), out);
	dump_dual_half(g, "SMALL", &small, PT_ADDR_SMALL,
		       pt_qword(inv + 2) == pt_qword(l->words + 2), pt_qword(l->words + 2), out);
	if (big.valid || small.valid) {
		fprintf(out, " ->");
		if (big.valid)
			fprintf(out, " PT_BIG 0x%" PRIx64, big.addr);
		if (small.valid)
			fprintf(out, " PT_SMALL 0x%" PRIx64, small.addr);
		dump_other_bits(l->words, enc, 4, out);
	}
	fputc('\n', out);
}

/* A PTE: in a PT, or a 2 MiB page's in a PD0 entry (name says which). */
static void dump_pte(const struct pt_geom *g, const struct nvrt_walk_level *l, const char *name,
		     FILE *out)
{
	struct nvrt_pte p, none = { .valid = false };
	uint32_t enc[4] = { 0 };

	g->c->pt->pte_decode(l->words, &p);
	g->c->pt->pte_encode(p.valid ? &p : &none, enc);
	fprintf(out, "%s[%" PRIu32 "] @0x%" PRIx64 " NV_MMU_VER2_PTE:", name, l->index, l->table);
	if (!p.valid) {
		if (pt_entry_blank(g, l->level, l->words))
			fprintf(out, " VALID=FALSE\n");
		else
			fprintf(out, " 0x%016" PRIx64 " (not a system-memory page)\n",
				pt_qword(l->words));
		return;
	}
	/*
	 * Word 0 high to low, then word 1 (dev_mmu.ref.txt: ADDRESS_SYS 53:8 starts
	 * in word 0, READ_ONLY 6, PRIVILEGE 5, VOL 3, APERTURE 2:1, VALID 0; KIND 63:56).
	 */
	fprintf(out, " ADDRESS_SYS=0x%" PRIx64 " READ_ONLY=%s PRIVILEGE=%s VOL=%s APERTURE=%s VALID=TRUE"
		" KIND=0x%" PRIx32 " -> 0x%" PRIx64, p.addr >> g->shift[PT_ADDR_PTE],
		pt_bool_name(p.read_only), pt_bool_name(p.privileged), pt_bool_name(p.vol),
		pt_aperture_name(p.aperture), p.kind, p.addr);
	dump_other_bits(l->words, enc, 2, out);
	fputc('\n', out);
}

void nvrt_pt_walk_dump(const struct nvrt_chip *c, const struct nvrt_walk *w, uint64_t va, FILE *out)
{
	struct pt_geom g;

	pt_geom_init(c, &g);
	for (int i = 0; i < w->nlevels && i < PT_NLEVELS; i++) {
		const struct nvrt_walk_level *l = &w->levels[i];

		if (l->level < PT_PD0)
			dump_pde(&g, l, out);
		else if (l->level == PT_PD0 && w->page_size == g.huge_page)
			dump_pte(&g, l, pt_level_names[PT_PD0], out);
		else if (l->level == PT_PD0)
			dump_dual_pde(&g, l, out);
		else
			dump_pte(&g, l, pt_level_name(PT_PT, w->page_size == g.big_page), out);
	}
	if (w->mapped)
		fprintf(out, "VA 0x%" PRIx64 " -> 0x%" PRIx64 " (%u KiB page)\n", va, w->pa,
			pt_kib(w->page_size));
	else
		fprintf(out, "VA 0x%" PRIx64 " not mapped: %s\n", va, w->why);
}
