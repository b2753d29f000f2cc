/* SPDX-License-Identifier: MIT */
/*
 * Ver2 page tables: walking them (nvrt_pt_walk) as the MMU would, through
 * any memory read callback, with a reason when a VA is not mapped.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pagetable/pt_internal.h"

struct pt_walker {
	struct pt_geom g;
	nvrt_mem_read_fn read;
	void *ctx;
	uint64_t va;
	struct nvrt_walk *w;
};

static int walk_fail(struct nvrt_walk *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int walk_fail(struct nvrt_walk *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->why, sizeof(w->why), fmt, ap);
	va_end(ap);
	w->mapped = false;
	return -1;
}

/* The table may be read: inside the IOVA space, not one already on the path. */
static int walk_table_check(struct pt_walker *k, int level, bool big, uint64_t table)
{
	struct nvrt_walk *w = k->w;
	const char *name = pt_level_name(level, big);

	if (table >= NVRT_ADDR_LIMIT)
		return walk_fail(w, "%s: table at 0x%" PRIx64 " is beyond the 40-bit IOVA space",
				 name, table);
	for (int i = 0; i < w->nlevels && i < level; i++)
		if (w->levels[i].table == table)
			return walk_fail(w, "%s: table at 0x%" PRIx64 " is the %s table again (a loop)",
					 name, table, pt_level_names[i]);
	return 0;
}

/* Reads va's entry of the level's table into w->levels[level]. */
static int walk_entry(struct pt_walker *k, int level, bool big, uint64_t table)
{
	struct nvrt_walk *w = k->w;
	struct nvrt_walk_level *l = &w->levels[level];
	uint32_t bytes = pt_entry_bytes(&k->g, level);
	uint8_t buf[sizeof(l->words)];

	w->nlevels = level;
	if (walk_table_check(k, level, big, table))
		return -1;
	memset(l, 0, sizeof(*l));
	l->level = level;
	l->table = table;
	l->index = pt_index(&k->g, level, big, k->va);
	if (k->read(k->ctx, table + (uint64_t)l->index * bytes, buf, bytes))
		return walk_fail(w, "%s[%" PRIu32 "]: the table at 0x%" PRIx64 " cannot be read",
				 pt_level_name(level, big), l->index, table);
	memcpy(l->words, buf, bytes);
	w->nlevels = level + 1;
	return 0;
}

/* Sets the walk's page from a PTE at level l of the path. */
static int walk_page(struct pt_walker *k, const struct nvrt_walk_level *l, const char *name,
		     uint64_t page)
{
	struct nvrt_walk *w = k->w;

	if (w->pte.addr % page)
		return walk_fail(w, "%s[%" PRIu32 "]: page at 0x%" PRIx64 " is not aligned to its "
				 "%u KiB size", name, l->index, w->pte.addr, pt_kib(page));
	if (w->pte.addr >= NVRT_ADDR_LIMIT)
		return walk_fail(w, "%s[%" PRIu32 "]: page at 0x%" PRIx64 " is beyond the 40-bit "
				 "IOVA space", name, l->index, w->pte.addr);
	w->page_size = (uint32_t)page;
	w->pa = w->pte.addr + (k->va & (page - 1));
	w->mapped = true;
	w->why[0] = '\0';
	return 0;
}

/* The PTE: 0 mapped, 1 not valid (a dual PDE may try its other PT), -1 fault. */
static int walk_pte(struct pt_walker *k, bool big, uint64_t table)
{
	struct nvrt_walk *w = k->w;
	const char *name = pt_level_name(PT_PT, big);
	uint64_t page = big ? k->g.big_page : k->g.small_page;
	struct nvrt_walk_level *l = &w->levels[PT_PT];

	memset(&w->pte, 0, sizeof(w->pte));
	w->page_size = 0;
	if (walk_entry(k, PT_PT, big, table))
		return -1;
	w->page_size = (uint32_t)page;
	k->g.c->pt->pte_decode(l->words, &w->pte);
	if (!w->pte.valid) {
		if (pt_entry_blank(&k->g, PT_PT, l->words))
			walk_fail(w, "%s[%" PRIu32 "]: no page (NV_MMU_VER2_PTE VALID=FALSE)", name,
				  l->index);
		else
			walk_fail(w, "%s[%" PRIu32 "]: NV_MMU_VER2_PTE 0x%016" PRIx64 " is no "
				  "system-memory page (VALID_FALSE, or APERTURE VIDEO_MEMORY or "
				  "PEER_MEMORY)", name, l->index, pt_qword(l->words));
		return 1;
	}
	return walk_page(k, l, name, page);
}

/*
 * A 2 MiB page: a PD0 entry with IS_PTE_TRUE holds an NV_MMU_VER2_PTE in its
 * low 8 bytes (dev_mmu.ref NV_MMU_VER2_DUAL_PDE_IS_PTE 0:0 is the PTE's own
 * VALID 0:0), mapping the whole 2 MiB the entry covers (as nouveau's
 * gp100_vmm_pd0_pte writes it).  0 mapped, -1 a bad page (w->why), 1 when
 * the entry is no PTE.
 */
static int walk_huge(struct pt_walker *k, const struct nvrt_walk_level *l)
{
	struct nvrt_walk *w = k->w;

	k->g.c->pt->pte_decode(l->words, &w->pte);
	if (!w->pte.valid)
		return 1;
	return walk_page(k, l, pt_level_names[PT_PD0], k->g.huge_page);
}

/*
 * PD0: a 2 MiB page; else a valid big-page PTE wins, an invalid one leaves
 * the VA to the small-page PT (nouveau vmm.c: an invalid LPTE makes the MMU
 * use the SPTEs).
 */
static int walk_pd0(struct pt_walker *k, uint64_t table)
{
	struct nvrt_walk_level *l = &k->w->levels[PT_PD0];
	struct nvrt_pde big, small;

	if (walk_entry(k, PT_PD0, false, table))
		return -1;
	k->g.c->pt->dual_pde_decode(l->words, &big, &small);
	if (!big.valid && !small.valid) {
		int r = walk_huge(k, l);

		if (r <= 0)
			return r;
	}
	if (!big.valid && !small.valid && pt_entry_blank(&k->g, PT_PD0, l->words))
		return walk_fail(k->w, "PD0[%" PRIu32 "]: no page table (NV_MMU_VER2_DUAL_PDE "
				 "APERTURE_BIG=INVALID APERTURE_SMALL=INVALID)", l->index);
	if (!big.valid && !small.valid)
		return walk_fail(k->w, "PD0[%" PRIu32 "]: NV_MMU_VER2_DUAL_PDE 0x%016" PRIx64
				 "_%016" PRIx64 " holds no system-memory page table (IS_PTE, or "
				 "APERTURE_BIG and APERTURE_SMALL INVALID or VIDEO_MEMORY)", l->index,
				 pt_qword(l->words + 2), pt_qword(l->words));
	if (big.valid) {
		int r = walk_pte(k, true, big.addr);

		if (r <= 0 || !small.valid)
			return r ? -1 : 0;
	}
	return walk_pte(k, false, small.addr) ? -1 : 0;
}

static int walk_pde_invalid(struct pt_walker *k, const struct nvrt_walk_level *l)
{
	const char *name = pt_level_names[l->level];

	if (pt_entry_blank(&k->g, l->level, l->words))
		return walk_fail(k->w, "%s[%" PRIu32 "]: no next-level table (NV_MMU_VER2_PDE "
				 "APERTURE=INVALID)", name, l->index);
	return walk_fail(k->w, "%s[%" PRIu32 "]: NV_MMU_VER2_PDE 0x%016" PRIx64 " points at no "
			 "system-memory table (IS_PTE, or APERTURE VIDEO_MEMORY)", name, l->index,
			 pt_qword(l->words));
}

/*
 * 0 when va is mapped (w->pa, w->pte, w->page_size), else -1 with w->why
 * naming the level and the reason.  The depth is fixed and every table on
 * the path must differ, so any table contents end the walk.
 */
int nvrt_pt_walk(const struct nvrt_chip *c, uint64_t pdb, uint64_t va, nvrt_mem_read_fn read,
		 void *ctx, struct nvrt_walk *w)
{
	struct pt_walker k = { .read = read, .ctx = ctx, .va = va, .w = w };
	struct nvrt_err err;
	uint64_t table = pdb;

	memset(w, 0, sizeof(*w));
	if (!c || !read)
		return walk_fail(w, "no chip or no read callback");
	pt_geom_init(c, &k.g);
	if (pt_geom_check(&k.g, &err))
		return walk_fail(w, "%s", err.msg);
	if (va >> k.g.va_bits)
		return walk_fail(w, "VA 0x%" PRIx64 " is beyond the %u-bit GPU VA space "
				 "(NV_MMU_VER2_VA)", va, k.g.va_bits);
	if (pdb & (((uint64_t)1 << k.g.shift[PT_ADDR_PDE]) - 1))
		return walk_fail(w, "PD3: PDB 0x%" PRIx64 " is not aligned to %u bytes", pdb,
				 1u << k.g.shift[PT_ADDR_PDE]);
	for (int level = PT_PD3; level < PT_PD0; level++) {
		struct nvrt_walk_level *l = &w->levels[level];
		struct nvrt_pde pde;

		if (walk_entry(&k, level, false, table))
			return -1;
		c->pt->pde_decode(l->words, &pde);
		if (!pde.valid)
			return walk_pde_invalid(&k, l);
		table = pde.addr;
	}
	return walk_pd0(&k, table);
}

/*
 * 0 when va is mapped, with *run the bytes from va on that are mapped
 * physically contiguous and alike (aperture, VOL, read-only), at most len;
 * else -1 as nvrt_pt_walk.  The PTEs after va's in its page table are read
 * one at a time: a buffer's run costs one walk per page table, not per page.
 */
int nvrt_pt_walk_run(const struct nvrt_chip *c, uint64_t pdb, uint64_t va, uint64_t len,
		     nvrt_mem_read_fn read, void *ctx, struct nvrt_walk *w, uint64_t *run)
{
	struct pt_geom g;
	uint32_t bytes, index, words[PT_ENTRY_MAX / sizeof(uint32_t)];
	struct nvrt_pte prev;
	uint64_t page, next;
	bool big;
	int level;

	*run = 0;
	if (nvrt_pt_walk(c, pdb, va, read, ctx, w))
		return -1;
	pt_geom_init(c, &g);
	page = w->page_size;
	big = page == g.big_page;
	/* A 2 MiB page's PTE is in PD0; its neighbours are the next PD0 entries. */
	level = page == g.huge_page ? PT_PD0 : PT_PT;
	bytes = pt_entry_bytes(&g, level);
	index = w->levels[level].index;
	prev = w->pte;
	next = (va & ~(page - 1)) + page;
	*run = next - va;
	while (*run < len) {
		struct nvrt_pte pte;

		/* Index 0 again: the next page is another page table's. */
		if (next >> g.va_bits || pt_index(&g, level, big, next) != index + 1)
			break;
		memset(words, 0, sizeof(words));
		if (read(ctx, w->levels[level].table + (uint64_t)(index + 1) * bytes, words, bytes))
			break;
		c->pt->pte_decode(words, &pte);
		if (!pte.valid || pte.aperture != prev.aperture || pte.vol != prev.vol ||
		    pte.read_only != prev.read_only || pte.addr != prev.addr + page)
			break;
		prev = pte;
		index++;
		next += page;
		*run += page;
	}
	if (*run > len)
		*run = len;
	return 0;
}
