/* SPDX-License-Identifier: MIT */
/*
 * Ver2 page tables in system memory: building them (nvrt_vm_*).
 *
 * Tables are found again through the addresses their parents' entries hold,
 * so building a VM exercises the same decoders a walk uses.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "error/hw_check.h"
#include "pagetable/pt_internal.h"

/* ---- the VM's tables ---------------------------------------------------- */

static uint64_t vm_table_bytes(const struct pt_geom *g, int level, bool big)
{
	uint32_t bits = level == PT_PT && big ? g->f.big_bits : g->f.bits[level];

	return ((uint64_t)1 << bits) * pt_entry_bytes(g, level);
}

/* A table is aligned as the entry that points at it requires (PD3: the PDB,
 * which like a PDE holds a 4 KiB-aligned address). */
static uint64_t vm_table_align(const struct pt_geom *g, int level, bool big)
{
	if (level < PT_PT)
		return (uint64_t)1 << g->shift[PT_ADDR_PDE];
	return (uint64_t)1 << g->shift[big ? PT_ADDR_BIG : PT_ADDR_SMALL];
}

static int vm_table_new(struct nvrt_vm *vm, const struct pt_geom *g, int level, bool big,
			uint64_t va_base, size_t *out, struct nvrt_err *err)
{
	struct nvrt_pt_table *t;

	if (vm->ntables == vm->cap) {
		size_t cap = vm->cap ? vm->cap * 2 : 16;
		void *p = realloc(vm->tables, cap * sizeof(*vm->tables));

		if (!p)
			return nvrt_err_set(err, "page tables: out of memory");
		vm->tables = p;
		vm->cap = cap;
	}
	t = &vm->tables[vm->ntables];
	memset(t, 0, sizeof(*t));
	if (nvrt_dma_alloc(vm->backend, (size_t)vm_table_bytes(g, level, big),
			   (size_t)vm_table_align(g, level, big), vm->table_aperture, &t->mem, err))
		return -1;
	if (t->mem.iova >= NVRT_ADDR_LIMIT) {
		nvrt_dma_free(vm->backend, &t->mem);
		return nvrt_err_set(err, "page tables: %s at IOVA 0x%" PRIx64 " is beyond 2^40",
				    pt_level_name(level, big), t->mem.iova);
	}
	t->level = level;
	t->va_base = va_base;
	t->big = big;
	*out = vm->ntables++;
	return 0;
}

static size_t vm_table_find(const struct nvrt_vm *vm, uint64_t iova)
{
	for (size_t i = 0; i < vm->ntables; i++)
		if (vm->tables[i].mem.iova == iova)
			return i;
	return SIZE_MAX;
}

static void vm_entry_read(const struct nvrt_vm *vm, const struct pt_geom *g, size_t t,
			  uint32_t idx, uint32_t w[4])
{
	uint32_t n = pt_entry_bytes(g, vm->tables[t].level);

	memset(w, 0, 4 * sizeof(*w));
	memcpy(w, (const char *)vm->tables[t].mem.cpu + (size_t)idx * n, n);
}

static void vm_entry_write(struct nvrt_vm *vm, const struct pt_geom *g, size_t t, uint32_t idx,
			   const uint32_t w[4])
{
	uint32_t n = pt_entry_bytes(g, vm->tables[t].level);

	memcpy((char *)vm->tables[t].mem.cpu + (size_t)idx * n, w, n);
}

/* Coherent tables are volatile (not cached in L2), non-coherent ones not,
 * as nouveau's gp100_vmm_pde does. */
bool nvrt_vm_tables_vol(const struct nvrt_vm *vm)
{
	return vm->table_aperture == NVRT_APERTURE_SYS_COHERENT;
}

/* How the VM points at its own tables. */
static struct nvrt_pde vm_table_pde(const struct nvrt_vm *vm, uint64_t addr)
{
	struct nvrt_pde p = {
		.valid = true,
		.aperture = vm->table_aperture,
		.vol = nvrt_vm_tables_vol(vm),
		.addr = addr,
	};
	return p;
}

/* The parent entry's half that matters: the PDE, or PD0's big or small half. */
static void vm_pde_get(const struct nvrt_vm *vm, int level, bool big, const uint32_t w[4],
		       struct nvrt_pde *pde, struct nvrt_pde *other)
{
	memset(other, 0, sizeof(*other));
	if (level < PT_PD0)
		vm->chip->pt->pde_decode(w, pde);
	else if (big)
		vm->chip->pt->dual_pde_decode(w, pde, other);
	else
		vm->chip->pt->dual_pde_decode(w, other, pde);
}

static void vm_pde_put(const struct nvrt_vm *vm, int level, bool big, const struct nvrt_pde *pde,
		       const struct nvrt_pde *other, uint32_t w[4])
{
	if (level < PT_PD0)
		vm->chip->pt->pde_encode(pde, w);
	else if (big)
		vm->chip->pt->dual_pde_encode(pde, other, w);
	else
		vm->chip->pt->dual_pde_encode(other, pde, w);
}

/*
 * The table below va's entry in table t (in PD0, its big or small PT), made
 * when create.  1 with *child set, 0 when absent, -1 on error.
 */
static int vm_child(struct nvrt_vm *vm, const struct pt_geom *g, size_t t, uint64_t va, bool big,
		    bool create, size_t *child, struct nvrt_err *err)
{
	int level = vm->tables[t].level;
	uint32_t idx = pt_index(g, level, false, va);
	struct nvrt_pde pde, other;
	uint32_t w[4];

	vm_entry_read(vm, g, t, idx, w);
	vm_pde_get(vm, level, big, w, &pde, &other);
	if (pde.valid) {
		*child = vm_table_find(vm, pde.addr);
		if (*child == SIZE_MAX || vm->tables[*child].level != level + 1)
			return nvrt_err_set(err, "page tables: %s[%u] points at 0x%" PRIx64 ", no %s "
					    "of this VM", pt_level_names[level], idx, pde.addr,
					    pt_level_name(level + 1, big));
		return 1;
	}
	if (!create)
		return 0;
	uint64_t base = va & ~(((uint64_t)1 << g->f.lo[level]) - 1);
	if (vm_table_new(vm, g, level + 1, level == PT_PD0 && big, base, child, err))
		return -1;
	pde = vm_table_pde(vm, vm->tables[*child].mem.iova);
	vm_pde_put(vm, level, big, &pde, &other, w);
	vm_entry_write(vm, g, t, idx, w);
	return 1;
}

/* The big or small PT holding va: 1 with *pt set, 0 when absent, -1. */
static int vm_pt(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va, bool big, bool create,
		 size_t *pt, struct nvrt_err *err)
{
	size_t t = 0;

	for (int level = PT_PD3; level < PT_PT; level++) {
		int r = vm_child(vm, g, t, va, big, create, &t, err);

		if (r <= 0)
			return r;
	}
	*pt = t;
	return 1;
}

static void vm_pte_read(const struct nvrt_vm *vm, const struct pt_geom *g, size_t pt, uint64_t va,
			struct nvrt_pte *pte)
{
	uint32_t w[4];

	vm_entry_read(vm, g, pt, pt_index(g, PT_PT, vm->tables[pt].big, va), w);
	vm->chip->pt->pte_decode(w, pte);
}

static void vm_pte_write(struct nvrt_vm *vm, const struct pt_geom *g, size_t pt, uint64_t va,
			 const struct nvrt_pte *pte)
{
	uint32_t w[4] = { 0 };

	vm->chip->pt->pte_encode(pte, w);
	vm_entry_write(vm, g, pt, pt_index(g, PT_PT, vm->tables[pt].big, va), w);
}

/* ---- VM: init, fini --------------------------------------------------------- */

int nvrt_vm_init(struct nvrt_vm *vm, const struct nvrt_chip *c, struct nvrt_backend *b,
		 enum nvrt_aperture table_aperture, struct nvrt_err *err)
{
	struct pt_geom g;
	size_t pd3;

	memset(vm, 0, sizeof(*vm));
	if (!c || !b)
		return nvrt_err_set(err, "page tables: no chip or no backend");
	if (table_aperture != NVRT_APERTURE_SYS_COHERENT &&
	    table_aperture != NVRT_APERTURE_SYS_NONCOHERENT)
		return nvrt_err_set(err, "page tables: aperture %d is not system memory",
				    (int)table_aperture);
	pt_geom_init(c, &g);
	if (pt_geom_check(&g, err))
		return -1;
	vm->chip = c;
	vm->backend = b;
	vm->table_aperture = table_aperture;
	if (vm_table_new(vm, &g, PT_PD3, false, 0, &pd3, err)) {
		nvrt_vm_fini(vm);
		return -1;
	}
	return 0;
}

void nvrt_vm_fini(struct nvrt_vm *vm)
{
	for (size_t i = 0; i < vm->ntables; i++)
		nvrt_dma_free(vm->backend, &vm->tables[i].mem);
	free(vm->tables);
	memset(vm, 0, sizeof(*vm));
}

uint64_t nvrt_vm_pdb(const struct nvrt_vm *vm)
{
	return vm->ntables ? vm->tables[0].mem.iova : 0;
}

/* ---- VM: map, unmap ----------------------------------------------------------- */

/* Checks shared by map and unmap; *big says which page size. */
static int vm_range_check(const struct pt_geom *g, const char *op, uint64_t va, uint64_t size,
			  uint32_t page_size, bool *big, struct nvrt_err *err)
{
	if (page_size != g->small_page && page_size != g->big_page && page_size != g->huge_page)
		return nvrt_err_set(err, "%s: page size %" PRIu32 ": ver2 pages are %u KiB, %u KiB "
				    "or %u KiB", op, page_size, pt_kib(g->small_page),
				    pt_kib(g->big_page), pt_kib(g->huge_page));
	*big = page_size == g->big_page;
	if (!size || size % page_size)
		return nvrt_err_set(err, "%s: size 0x%" PRIx64 " is not a nonzero multiple of the "
				    "%u KiB page size", op, size, pt_kib(page_size));
	if (va % page_size)
		return nvrt_err_set(err, "%s: VA 0x%" PRIx64 " is not aligned to the %u KiB page size",
				    op, va, pt_kib(page_size));
	if (va >> g->va_bits || size > ((uint64_t)1 << g->va_bits) - va)
		return nvrt_err_set(err, "%s: VA range 0x%" PRIx64 "+0x%" PRIx64 " goes beyond the "
				    "%u-bit GPU VA space (NV_MMU_VER2_VA)", op, va, size, g->va_bits);
	return 0;
}

/* Any valid PTE of the given size in [s, e) (one PD0 entry)? 1 with *hit. */
static int vm_span_mapped(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t s, uint64_t e,
			  bool big, uint64_t *hit, struct nvrt_err *err)
{
	uint64_t page = big ? g->big_page : g->small_page;
	struct nvrt_pte pte;
	size_t pt;
	int r = vm_pt(vm, g, s, big, false, &pt, err);

	if (r <= 0)
		return r;
	for (uint64_t p = s & ~(page - 1); p < e; p += page) {
		vm_pte_read(vm, g, pt, p, &pte);
		if (pte.valid) {
			*hit = p;
			return 1;
		}
	}
	return 0;
}

/* ---- 2 MiB pages: a PTE in the PD0 entry itself ------------------------------- */

/* The PD0 table holding va: 1 with *t set, 0 when absent, -1. */
static int vm_pd0(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va, bool create,
		  size_t *t, struct nvrt_err *err)
{
	*t = 0;
	for (int level = PT_PD3; level < PT_PD0; level++) {
		int r = vm_child(vm, g, *t, va, false, create, t, err);

		if (r <= 0)
			return r;
	}
	return 1;
}

/* va's PD0 entry read as a PTE: valid when it maps a 2 MiB page
 * (NV_MMU_VER2_DUAL_PDE_IS_PTE 0:0 is NV_MMU_VER2_PTE_VALID 0:0, dev_mmu.ref).
 * 1 with *pte, 0 when there is no PD0, -1. */
static int vm_huge_read(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va,
			struct nvrt_pte *pte, struct nvrt_err *err)
{
	uint32_t w[4];
	size_t t;
	int r = vm_pd0(vm, g, va, false, &t, err);

	memset(pte, 0, sizeof(*pte));
	if (r <= 0)
		return r;
	vm_entry_read(vm, g, t, pt_index(g, PT_PD0, false, va), w);
	vm->chip->pt->pte_decode(w, pte);
	return 1;
}

/* Writes pte (or the blank dual PDE) into va's PD0 entry, made when absent.
 * The entry's high 8 bytes stay zero (nouveau's gp100_vmm_pd0_pte). */
static int vm_huge_write(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va,
			 const struct nvrt_pte *pte, struct nvrt_err *err)
{
	uint32_t w[4] = { 0 };
	size_t t;

	if (vm_pd0(vm, g, va, true, &t, err) < 0)
		return -1;
	if (pte->valid)
		vm->chip->pt->pte_encode(pte, w);
	else
		pt_blank_encode(g, PT_PD0, w);
	vm_entry_write(vm, g, t, pt_index(g, PT_PD0, false, va), w);
	return 0;
}

static int vm_huge_fill(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va, uint64_t end,
			const struct nvrt_pte *tmpl, struct nvrt_err *err)
{
	struct nvrt_pte pte = *tmpl;

	for (uint64_t p = va; p < end; p += g->huge_page) {
		pte.addr = tmpl->addr + (p - va);
		if (vm_huge_write(vm, g, p, &pte, err))
			return -1;
	}
	return 0;
}

/* Small and big PTs may share a PD0 entry (the dual PDE), but a VA is
 * mapped by at most one PTE (a 2 MiB page's PD0 entry holds no PTs). */
static int vm_overlap_check(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va,
			    uint64_t end, struct nvrt_err *err)
{
	for (uint64_t s = va, e; s < end; s = e) {
		struct nvrt_pte huge;
		int h = vm_huge_read(vm, g, s, &huge, err);

		if (h < 0)
			return -1;
		if (h && huge.valid)
			return nvrt_err_set(err, "nvrt_vm_map: VA 0x%" PRIx64 " is already mapped by a "
					    "%u KiB page", s & ~(g->huge_page - 1),
					    pt_kib(g->huge_page));
		e = pt_span_end(g, s, end);
		for (int big = 0; big < 2; big++) {
			uint64_t hit;
			int r = vm_span_mapped(vm, g, s, e, big, &hit, err);

			if (r < 0)
				return -1;
			if (r)
				return nvrt_err_set(err, "nvrt_vm_map: VA 0x%" PRIx64 " is already mapped "
						    "by a %u KiB page", hit,
						    pt_kib(big ? g->big_page : g->small_page));
		}
	}
	return 0;
}

static int vm_tables_make(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va, uint64_t end,
			  bool big, struct nvrt_err *err)
{
	size_t pt;

	for (uint64_t s = va; s < end; s = pt_span_end(g, s, end))
		if (vm_pt(vm, g, s, big, true, &pt, err) < 0)
			return -1;
	return 0;
}

/* Writes PTEs for [va, end) -> iova; every table exists already. */
static int vm_ptes_fill(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va, uint64_t end,
			const struct nvrt_pte *tmpl, bool big, struct nvrt_err *err)
{
	uint64_t page = big ? g->big_page : g->small_page;
	struct nvrt_pte pte = *tmpl;
	size_t pt;

	for (uint64_t s = va, e; s < end; s = e) {
		e = pt_span_end(g, s, end);
		if (vm_pt(vm, g, s, big, false, &pt, err) <= 0)
			return nvrt_err_set(err, "page tables: no page table for VA 0x%" PRIx64, s);
		for (uint64_t p = s; p < e; p += page) {
			pte.addr = tmpl->addr + (p - va);
			vm_pte_write(vm, g, pt, p, &pte);
		}
	}
	return 0;
}

int nvrt_vm_map(struct nvrt_vm *vm, uint64_t va, uint64_t iova, uint64_t size,
		uint32_t page_size, enum nvrt_aperture ap, bool vol, struct nvrt_err *err)
{
	struct nvrt_pte pte = { .valid = true, .aperture = ap, .vol = vol, .addr = iova };
	struct pt_geom g;
	bool big;

	if (!vm->ntables)
		return nvrt_err_set(err, "nvrt_vm_map: the VM is not initialised");
	pt_geom_init(vm->chip, &g);
	if (vm_range_check(&g, "nvrt_vm_map", va, size, page_size, &big, err))
		return -1;
	if (iova % page_size)
		return nvrt_err_set(err, "nvrt_vm_map: IOVA 0x%" PRIx64 " is not aligned to the "
				    "%u KiB page size", iova, pt_kib(page_size));
	if (iova >= NVRT_ADDR_LIMIT || size > NVRT_ADDR_LIMIT - iova)
		return nvrt_err_set(err, "nvrt_vm_map: IOVA range 0x%" PRIx64 "+0x%" PRIx64
				    " goes beyond 2^40", iova, size);
	if (ap != NVRT_APERTURE_SYS_COHERENT && ap != NVRT_APERTURE_SYS_NONCOHERENT)
		return nvrt_err_set(err, "nvrt_vm_map: aperture %d is not system memory", (int)ap);
	if (vm_overlap_check(vm, &g, va, va + size, err))
		return -1;
	if (page_size == g.huge_page) {
		nvrt_hw_check_reset();
		if (vm_huge_fill(vm, &g, va, va + size, &pte, err))
			return -1;
		return nvrt_hw_check_result(err, "nvrt_vm_map: NV_MMU_VER2_PTE");
	}
	if (vm_tables_make(vm, &g, va, va + size, big, err))
		return -1;
	nvrt_hw_check_reset();
	if (vm_ptes_fill(vm, &g, va, va + size, &pte, big, err))
		return -1;
	return nvrt_hw_check_result(err, "nvrt_vm_map: NV_MMU_VER2_PTE");
}

/* Every page of [va, end) is mapped with this page size? */
static int vm_unmap_check(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va, uint64_t end,
			  bool big, struct nvrt_err *err)
{
	uint64_t page = big ? g->big_page : g->small_page;
	struct nvrt_pte pte = { .valid = false };
	size_t pt = 0;

	for (uint64_t s = va, e; s < end; s = e) {
		e = pt_span_end(g, s, end);
		int r = vm_pt(vm, g, s, big, false, &pt, err);

		if (r < 0)
			return -1;
		for (uint64_t p = s; p < e; p += page) {
			if (r)
				vm_pte_read(vm, g, pt, p, &pte);
			if (!r || !pte.valid)
				return nvrt_err_set(err, "nvrt_vm_unmap: VA 0x%" PRIx64 " is not mapped "
						    "by a %u KiB page", p, pt_kib(page));
		}
	}
	return 0;
}

int nvrt_vm_unmap(struct nvrt_vm *vm, uint64_t va, uint64_t size, uint32_t page_size,
		  struct nvrt_err *err)
{
	struct nvrt_pte none = { .valid = false };
	struct pt_geom g;
	bool big;

	if (!vm->ntables)
		return nvrt_err_set(err, "nvrt_vm_unmap: the VM is not initialised");
	pt_geom_init(vm->chip, &g);
	if (vm_range_check(&g, "nvrt_vm_unmap", va, size, page_size, &big, err))
		return -1;
	if (page_size == g.huge_page) {
		for (uint64_t p = va; p < va + size; p += g.huge_page) {
			struct nvrt_pte huge;
			int r = vm_huge_read(vm, &g, p, &huge, err);

			if (r < 0)
				return -1;
			if (!r || !huge.valid)
				return nvrt_err_set(err, "nvrt_vm_unmap: VA 0x%" PRIx64 " is not mapped "
						    "by a %u KiB page", p, pt_kib(g.huge_page));
		}
		return vm_huge_fill(vm, &g, va, va + size, &none, err);
	}
	if (vm_unmap_check(vm, &g, va, va + size, big, err))
		return -1;
	/* Tables stay (until nvrt_vm_fini): a later map reuses them. */
	return vm_ptes_fill(vm, &g, va, va + size, &none, big, err);
}
