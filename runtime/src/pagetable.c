/* SPDX-License-Identifier: MIT */
/*
 * Ver2 page tables in system memory: building them (nvrt_vm_*) and walking
 * them (nvrt_pt_walk, nvrt_pt_walk_dump).  Chip-generic: the VA split, the
 * entry sizes and every entry word come from the chip (pt_format and the
 * PDE / dual PDE / PTE encoders), so nothing here knows a bit position.
 *
 * Tables are found again through the addresses their parents' entries hold,
 * so building a VM exercises the same decoders a walk uses.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hw_check.h"
#include "nvrt/pagetable.h"

/* Host's address fields are 40 bits wide (backend.h, gpfifo.h, pushbuf.h):
 * the runtime keeps every IOVA, tables and pages alike, below 2^40. */

/* The largest entry a walk level holds (a dual PDE). */
#define PT_ENTRY_MAX sizeof(((struct nvrt_walk_level *)0)->words)

/* Levels as struct nvrt_pt_format numbers them. */
enum { PT_PD3, PT_PD2, PT_PD1, PT_PD0, PT_PT, PT_NLEVELS };

/* The addendum's names of the levels (NV_MMU_VER2_VA_PD3 ... PT_SMALL). */
static const char *const pt_level_names[PT_NLEVELS] = { "PD3", "PD2", "PD1", "PD0", "PT_SMALL" };

/* Which address field of an entry. */
enum pt_addr_kind { PT_ADDR_PDE, PT_ADDR_BIG, PT_ADDR_SMALL, PT_ADDR_PTE, PT_ADDR_KINDS };

/* Everything about the format a VM or a walk needs, from the chip. */
struct pt_geom {
	const struct nvrt_chip *c;
	struct nvrt_pt_format f;
	uint32_t va_bits;                  /* the VA space: below 2^va_bits */
	uint64_t small_page, big_page;
	uint32_t shift[PT_ADDR_KINDS];     /* address granularity of each field (pt_format) */
};

/* ---- geometry ------------------------------------------------------------ */

static void pt_geom_init(const struct nvrt_chip *c, struct pt_geom *g)
{
	memset(g, 0, sizeof(*g));
	g->c = c;
	c->pt->pt_format(&g->f);
	g->va_bits = g->f.lo[PT_PD3] + g->f.bits[PT_PD3];
	g->small_page = (uint64_t)1 << g->f.lo[PT_PT];
	g->big_page = (uint64_t)1 << g->f.big_lo;
	for (int k = 0; k < PT_ADDR_KINDS; k++)
		g->shift[k] = g->f.addr_shift[k];
}

/* A format this code can hold: entries that fit a walk level, sane widths. */
static int pt_geom_check(const struct pt_geom *g, struct nvrt_err *err)
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

static uint32_t pt_index(const struct pt_geom *g, int level, bool big, uint64_t va)
{
	big = big && level == PT_PT;
	uint32_t lo = big ? g->f.big_lo : g->f.lo[level];
	uint32_t bits = big ? g->f.big_bits : g->f.bits[level];

	return (uint32_t)((va >> lo) & (((uint64_t)1 << bits) - 1));
}

static uint32_t pt_entry_bytes(const struct pt_geom *g, int level)
{
	if (level < PT_PD0)
		return g->f.pde_bytes;
	return level == PT_PD0 ? g->f.dual_pde_bytes : g->f.pte_bytes;
}

static const char *pt_level_name(int level, bool big)
{
	return level == PT_PT && big ? "PT_BIG" : pt_level_names[level];
}

/* The end of the PD0 entry holding va, or end if sooner. */
static uint64_t pt_span_end(const struct pt_geom *g, uint64_t va, uint64_t end)
{
	uint64_t e = (va | (((uint64_t)1 << g->f.lo[PT_PD0]) - 1)) + 1;

	return e < end ? e : end;
}

static uint64_t pt_qword(const uint32_t *w)
{
	return (uint64_t)w[1] << 32 | w[0];
}

/* The chip's encoding of "nothing here" for a level (all four words). */
static void pt_blank_encode(const struct pt_geom *g, int level, uint32_t w[4])
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
static bool pt_entry_blank(const struct pt_geom *g, int level, const uint32_t w[4])
{
	uint32_t blank[4];

	pt_blank_encode(g, level, blank);
	return !memcmp(blank, w, pt_entry_bytes(g, level));
}

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

static unsigned pt_kib(uint64_t bytes)
{
	return (unsigned)(bytes >> 10);
}

/* Checks shared by map and unmap; *big says which page size. */
static int vm_range_check(const struct pt_geom *g, const char *op, uint64_t va, uint64_t size,
			  uint32_t page_size, bool *big, struct nvrt_err *err)
{
	if (page_size != g->small_page && page_size != g->big_page)
		return nvrt_err_set(err, "%s: page size %" PRIu32 ": ver2 pages are %u KiB or %u KiB",
				    op, page_size, pt_kib(g->small_page), pt_kib(g->big_page));
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

/* Small and big PTs may share a PD0 entry (the dual PDE), but a VA is
 * mapped by at most one PTE. */
static int vm_overlap_check(struct nvrt_vm *vm, const struct pt_geom *g, uint64_t va,
			    uint64_t end, struct nvrt_err *err)
{
	for (uint64_t s = va, e; s < end; s = e) {
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
	if (vm_overlap_check(vm, &g, va, va + size, err) ||
	    vm_tables_make(vm, &g, va, va + size, big, err))
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
	if (vm_range_check(&g, "nvrt_vm_unmap", va, size, page_size, &big, err) ||
	    vm_unmap_check(vm, &g, va, va + size, big, err))
		return -1;
	/* Tables stay (until nvrt_vm_fini): a later map reuses them. */
	return vm_ptes_fill(vm, &g, va, va + size, &none, big, err);
}

/* ---- walk ----------------------------------------------------------------------- */

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
	if (w->pte.addr % page)
		return walk_fail(w, "%s[%" PRIu32 "]: page at 0x%" PRIx64 " is not aligned to its "
				 "%u KiB size", name, l->index, w->pte.addr, pt_kib(page));
	if (w->pte.addr >= NVRT_ADDR_LIMIT)
		return walk_fail(w, "%s[%" PRIu32 "]: page at 0x%" PRIx64 " is beyond the 40-bit "
				 "IOVA space", name, l->index, w->pte.addr);
	w->pa = w->pte.addr + (k->va & (page - 1));
	w->mapped = true;
	w->why[0] = '\0';
	return 0;
}

/*
 * PD0: a valid big-page PTE wins; an invalid one leaves the VA to the
 * small-page PT (nouveau vmm.c: an invalid LPTE makes the MMU use the SPTEs).
 */
static int walk_pd0(struct pt_walker *k, uint64_t table)
{
	struct nvrt_walk_level *l = &k->w->levels[PT_PD0];
	struct nvrt_pde big, small;

	if (walk_entry(k, PT_PD0, false, table))
		return -1;
	k->g.c->pt->dual_pde_decode(l->words, &big, &small);
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

/* ---- walk dump ------------------------------------------------------------------ */

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
	fprintf(out, " APERTURE=%s VOL=%s ADDRESS_SYS=0x%" PRIx64 " -> 0x%" PRIx64,
		pt_aperture_name(p.aperture), pt_bool_name(p.vol), p.addr >> g->shift[PT_ADDR_PDE],
		p.addr);
	dump_other_bits(l->words, enc, 2, out);
	fputc('\n', out);
}

static void dump_dual_half(const struct pt_geom *g, const char *half, const struct nvrt_pde *p,
			   enum pt_addr_kind k, bool exact_invalid, uint64_t raw, FILE *out)
{
	if (p->valid)
		fprintf(out, " APERTURE_%s=%s VOL_%s=%s ADDRESS_%s_SYS=0x%" PRIx64, half,
			pt_aperture_name(p->aperture), half, pt_bool_name(p->vol), half,
			p->addr >> g->shift[k]);
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

static void dump_pte(const struct pt_geom *g, const struct nvrt_walk_level *l, bool big, FILE *out)
{
	struct nvrt_pte p, none = { .valid = false };
	uint32_t enc[4] = { 0 };

	g->c->pt->pte_decode(l->words, &p);
	g->c->pt->pte_encode(p.valid ? &p : &none, enc);
	fprintf(out, "%s[%" PRIu32 "] @0x%" PRIx64 " NV_MMU_VER2_PTE:", pt_level_name(PT_PT, big),
		l->index, l->table);
	if (!p.valid) {
		if (pt_entry_blank(g, PT_PT, l->words))
			fprintf(out, " VALID=FALSE\n");
		else
			fprintf(out, " 0x%016" PRIx64 " (not a system-memory page)\n",
				pt_qword(l->words));
		return;
	}
	fprintf(out, " VALID=TRUE APERTURE=%s VOL=%s PRIVILEGE=%s READ_ONLY=%s ADDRESS_SYS=0x%" PRIx64
		" KIND=0x%" PRIx32 " -> 0x%" PRIx64, pt_aperture_name(p.aperture), pt_bool_name(p.vol),
		pt_bool_name(p.privileged), pt_bool_name(p.read_only),
		p.addr >> g->shift[PT_ADDR_PTE], p.kind, p.addr);
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
		else if (l->level == PT_PD0)
			dump_dual_pde(&g, l, out);
		else
			dump_pte(&g, l, w->page_size == g.big_page, out);
	}
	if (w->mapped)
		fprintf(out, "VA 0x%" PRIx64 " -> 0x%" PRIx64 " (%u KiB page)\n", va, w->pa,
			pt_kib(w->page_size));
	else
		fprintf(out, "VA 0x%" PRIx64 " not mapped: %s\n", va, w->why);
}
