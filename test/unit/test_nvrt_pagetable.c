/* SPDX-License-Identifier: MIT */
/*
 * nvrt page tables against words worked out by hand from NVIDIA's manual
 * (volta/gv100/dev_mmu.ref.txt, NV_MMU_VER2_PDE / DUAL_PDE / PTE, cited as
 * dev_mmu:line) and the project's addendum (manuals/gv100/dev_mmu.ref,
 * NV_MMU_VER2_VA).  Every expected word is arithmetic in the comments, never
 * read back from the generated headers.  Shorthand from the manual:
 *
 *   PDE   IS_PTE 0:0 (0 = a table), APERTURE 2:1 (0 INVALID, 1 VIDEO_MEMORY,
 *         2 SYSTEM_COHERENT, 3 SYSTEM_NON_COHERENT), VOL 3:3,
 *         ADDRESS_SYS 53:8 = pa >> 12                      (dev_mmu:268-294)
 *         => word = (pa >> 4) | aperture << 1 | vol << 3
 *   DUAL  low qword big PT: APERTURE_BIG 2:1, VOL_BIG 3:3, ADDRESS_BIG_SYS
 *         53:4 = pa >> 8; high qword small PT: APERTURE_SMALL 66:65,
 *         VOL_SMALL 67:67, ADDRESS_SMALL_SYS 117:72 = pa >> 12 (dev_mmu:295-334)
 *         => each qword = (pa >> 4) | aperture << 1 | vol << 3
 *   PTE   VALID 0:0, APERTURE 2:1 (0 VIDEO, 1 PEER, 2 SYS_COH, 3 SYS_NCOH),
 *         VOL 3:3, PRIVILEGE 5:5, READ_ONLY 6:6, ADDRESS_SYS 53:8 = pa >> 12,
 *         KIND 63:56                                         (dev_mmu:335-373)
 *   VA    PD3 48:47, PD2 46:38, PD1 37:29, PD0 28:21, PT_SMALL 20:12,
 *         PT_BIG 20:16                                       (addendum)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "error/hw_check.h"
#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/pagetable.h"

static const struct nvrt_chip *const chip = &nvrt_chip_gv100;

#define KIB ((uint64_t)1024)
#define MIB (KIB * KIB)
#define PD0_LEVEL 3 /* struct nvrt_walk_level: 0 = PD3 ... 3 = PD0 */
#define IOVA_BASE 0x100000u

/* ---- helpers ---------------------------------------------------------------- */

struct fixture {
	struct nvrt_backend *b;
	struct nvrt_vm vm;
	struct nvrt_err err;
};

static int vm_setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->b = nvrt_backend_host_open(IOVA_BASE, &f->err);
	assert_non_null(f->b);
	assert_int_equal(nvrt_vm_init(&f->vm, chip, f->b, NVRT_APERTURE_SYS_COHERENT, &f->err), 0);
	*state = f;
	return 0;
}

static int vm_teardown(void **state)
{
	struct fixture *f = *state;

	nvrt_vm_fini(&f->vm);
	assert_int_equal(f->vm.ntables, 0);
	nvrt_backend_close(f->b);
	free(f);
	return 0;
}

/* Reads GPU memory from the VM's own tables: what a device would see. */
static int vm_read(void *ctx, uint64_t iova, void *buf, size_t len)
{
	const struct nvrt_vm *vm = ctx;

	for (size_t i = 0; i < vm->ntables; i++) {
		const struct nvrt_dma *m = &vm->tables[i].mem;

		if (iova >= m->iova && iova - m->iova <= m->size && len <= m->size - (iova - m->iova)) {
			memcpy(buf, (const char *)m->cpu + (iova - m->iova), len);
			return 0;
		}
	}
	return -1;
}

/* The words of entry idx of the VM's table at iova. */
static const uint32_t *vm_words(const struct nvrt_vm *vm, uint64_t table, uint32_t idx,
				uint32_t bytes)
{
	for (size_t i = 0; i < vm->ntables; i++)
		if (vm->tables[i].mem.iova == table)
			return (const uint32_t *)((const char *)vm->tables[i].mem.cpu + idx * bytes);
	fail_msg("no table at 0x%llx", (unsigned long long)table);
	return NULL;
}

static void walk_expect(struct nvrt_vm *vm, uint64_t va, uint64_t pa, uint32_t page)
{
	struct nvrt_walk w;

	if (nvrt_pt_walk(chip, nvrt_vm_pdb(vm), va, vm_read, vm, &w) || !w.mapped)
		fail_msg("VA 0x%llx: %s", (unsigned long long)va, w.why);
	assert_int_equal(w.pa, pa);
	assert_int_equal(w.page_size, page);
	assert_int_equal(w.nlevels, 5);
}

static void walk_expect_unmapped(struct nvrt_vm *vm, uint64_t va, const char *why)
{
	struct nvrt_walk w;

	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), va, vm_read, vm, &w), -1);
	assert_false(w.mapped);
	if (!strstr(w.why, why))
		fail_msg("VA 0x%llx: why \"%s\" lacks \"%s\"", (unsigned long long)va, w.why, why);
}

static void err_expect(int rc, const struct nvrt_err *err, const char *want)
{
	assert_int_equal(rc, -1);
	if (!strstr(err->msg, want))
		fail_msg("error \"%s\" lacks \"%s\"", err->msg, want);
}

static char *walk_dump_text(const struct nvrt_walk *w, uint64_t va)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	nvrt_pt_walk_dump(chip, w, va, out);
	fclose(out);
	return text;
}

/* ---- the format (addendum NV_MMU_VER2_VA, __SIZE constants) --------------------- */

static void test_format(void **state)
{
	struct nvrt_pt_format f;
	/* PD3 48:47, PD2 46:38, PD1 37:29, PD0 28:21, PT_SMALL 20:12. */
	static const uint32_t lo[5] = { 47, 38, 29, 21, 12 }, bits[5] = { 2, 9, 9, 8, 9 };

	(void)state;
	chip->pt->pt_format(&f);
	for (int l = 0; l < 5; l++) {
		assert_int_equal(f.lo[l], lo[l]);
		assert_int_equal(f.bits[l], bits[l]);
	}
	assert_int_equal(f.big_lo, 16);    /* PT_BIG 20:16 */
	assert_int_equal(f.big_bits, 5);
	assert_int_equal(f.pde_bytes, 8);        /* NV_MMU_VER2_PDE__SIZE, dev_mmu:294 */
	assert_int_equal(f.dual_pde_bytes, 16);  /* NV_MMU_VER2_DUAL_PDE__SIZE, dev_mmu:334 */
	assert_int_equal(f.pte_bytes, 8);        /* NV_MMU_VER2_PTE__SIZE, dev_mmu:373 */
}

/* ---- PDE -------------------------------------------------------------------------- */

static void test_pde_words(void **state)
{
	uint32_t w[2];
	struct nvrt_pde p = { .valid = true, .aperture = NVRT_APERTURE_SYS_COHERENT, .vol = true,
			      .addr = 0x5000 };

	(void)state;
	/* (0x5000 >> 4) | 2 << 1 | 1 << 3 = 0x500 | 0x4 | 0x8 */
	chip->pt->pde_encode(&p, w);
	assert_int_equal(w[0], 0x50c);
	assert_int_equal(w[1], 0);

	/* The top 4 KiB below 2^40, non-coherent, not volatile:
	 * 0xff_ffff_f000 >> 4 = 0xf_ffff_ff00, | 3 << 1 */
	p = (struct nvrt_pde){ .valid = true, .aperture = NVRT_APERTURE_SYS_NONCOHERENT,
			       .addr = 0xfffffff000ull };
	chip->pt->pde_encode(&p, w);
	assert_int_equal(w[0], 0xffffff06);
	assert_int_equal(w[1], 0xf);

	/* Invalid: APERTURE_INVALID 0 and IS_PDE_TRUE 0, nothing else. */
	p = (struct nvrt_pde){ .valid = false, .vol = true, .addr = 0x5000 };
	chip->pt->pde_encode(&p, w);
	assert_int_equal(w[0], 0);
	assert_int_equal(w[1], 0);
}

static void test_pde_decode(void **state)
{
	struct nvrt_pde p;

	(void)state;
	/* 0x1_2345_6708: ADDRESS_SYS 0x1234567, APERTURE 0, VOL 1 -> invalid. */
	chip->pt->pde_decode((const uint32_t[2]){ 0x23456708, 0x1 }, &p);
	assert_false(p.valid);
	/* + APERTURE 3 (bits 2:1 = 0x6): 0x2345670e */
	chip->pt->pde_decode((const uint32_t[2]){ 0x2345670e, 0x1 }, &p);
	assert_true(p.valid);
	assert_int_equal(p.aperture, NVRT_APERTURE_SYS_NONCOHERENT);
	assert_true(p.vol);
	assert_int_equal(p.addr, 0x1234567000ull);
	/* APERTURE 1 = VIDEO_MEMORY: nothing nvrt can follow. */
	chip->pt->pde_decode((const uint32_t[2]){ 0x502, 0 }, &p);
	assert_false(p.valid);
	/* IS_PTE set (bit 0) with a system aperture: a page, not a table. */
	chip->pt->pde_decode((const uint32_t[2]){ 0x50d, 0 }, &p);
	assert_false(p.valid);
}

/* ---- dual PDE ------------------------------------------------------------------------ */

static void test_dual_pde_words(void **state)
{
	struct nvrt_pde none = { .valid = false };
	struct nvrt_pde small = { .valid = true, .aperture = NVRT_APERTURE_SYS_COHERENT, .vol = true,
				  .addr = 0x7000 };
	struct nvrt_pde big = { .valid = true, .aperture = NVRT_APERTURE_SYS_NONCOHERENT,
				.addr = 0x12300 };
	uint32_t w[4];

	(void)state;
	/* Small PT only, in the HIGH qword: (0x7000 >> 4) | 2 << 1 | 1 << 3 = 0x70c;
	 * the low qword (big PT) stays 0: APERTURE_BIG INVALID. */
	chip->pt->dual_pde_encode(&none, &small, w);
	assert_int_equal(w[0], 0);
	assert_int_equal(w[1], 0);
	assert_int_equal(w[2], 0x70c);
	assert_int_equal(w[3], 0);

	/* Big PT only, LOW qword, 256-byte aligned (BIG_SHIFT 8):
	 * ADDRESS_BIG_SYS = 0x12300 >> 8 = 0x123 at bit 4 = 0x1230, | 3 << 1 */
	chip->pt->dual_pde_encode(&big, &none, w);
	assert_int_equal(w[0], 0x1236);
	assert_int_equal(w[1], 0);
	assert_int_equal(w[2], 0);
	assert_int_equal(w[3], 0);

	/* Both; a big PT high in the IOVA space: 0xfe_dcba_9800 >> 4 =
	 * 0xf_edcb_a980, | 2 << 1 | 1 << 3; small 0x3_0000 >> 4 | 3 << 1 = 0x3006. */
	big = (struct nvrt_pde){ .valid = true, .aperture = NVRT_APERTURE_SYS_COHERENT, .vol = true,
				 .addr = 0xfedcba9800ull };
	small = (struct nvrt_pde){ .valid = true, .aperture = NVRT_APERTURE_SYS_NONCOHERENT,
				   .addr = 0x30000 };
	chip->pt->dual_pde_encode(&big, &small, w);
	assert_int_equal(w[0], 0xedcba98c);
	assert_int_equal(w[1], 0xf);
	assert_int_equal(w[2], 0x3006);
	assert_int_equal(w[3], 0);
}

static void test_dual_pde_decode(void **state)
{
	struct nvrt_pde big, small;

	(void)state;
	chip->pt->dual_pde_decode((const uint32_t[4]){ 0, 0, 0x70c, 0 }, &big, &small);
	assert_false(big.valid);
	assert_true(small.valid);
	assert_int_equal(small.aperture, NVRT_APERTURE_SYS_COHERENT);
	assert_true(small.vol);
	assert_int_equal(small.addr, 0x7000);

	/* Low qword 0x1236: big PT at 0x123 << 8, non-coherent, not VOL. */
	chip->pt->dual_pde_decode((const uint32_t[4]){ 0x1236, 0, 0, 0 }, &big, &small);
	assert_true(big.valid);
	assert_false(small.valid);
	assert_int_equal(big.aperture, NVRT_APERTURE_SYS_NONCOHERENT);
	assert_false(big.vol);
	assert_int_equal(big.addr, 0x12300);

	/* APERTURE_SMALL 1 (VIDEO_MEMORY, bits 66:65 = 0x2 in word 2). */
	chip->pt->dual_pde_decode((const uint32_t[4]){ 0, 0, 0x702, 0 }, &big, &small);
	assert_false(small.valid);
	/* IS_PTE (bit 0): a 2 MiB page, neither half a table. */
	chip->pt->dual_pde_decode((const uint32_t[4]){ 0x1237, 0, 0x70c, 0 }, &big, &small);
	assert_false(big.valid);
	assert_false(small.valid);
}

/* ---- PTE ----------------------------------------------------------------------------- */

static void test_pte_words(void **state)
{
	struct nvrt_pte p = { .valid = true, .aperture = NVRT_APERTURE_SYS_COHERENT, .vol = true,
			      .addr = 0xabcdef1000ull };
	uint32_t w[2];

	(void)state;
	/* The facts' sysmem 4 KiB RW page at X: (X >> 4) | 0xd.
	 * 0xab_cdef_1000 >> 4 = 0xa_bcde_f100 -> 0xa_bcde_f10d */
	chip->pt->pte_encode(&p, w);
	assert_int_equal(w[0], 0xbcdef10d);
	assert_int_equal(w[1], 0xa);

	/* VALID 1 | APERTURE 3 << 1 | PRIVILEGE 1 << 5 | READ_ONLY 1 << 6 = 0x67,
	 * (0x1000 >> 4) = 0x100; KIND 0xfe at 63:56 = word 1 bits 31:24. */
	p = (struct nvrt_pte){ .valid = true, .aperture = NVRT_APERTURE_SYS_NONCOHERENT,
			       .read_only = true, .privileged = true, .kind = 0xfe, .addr = 0x1000 };
	chip->pt->pte_encode(&p, w);
	assert_int_equal(w[0], 0x167);
	assert_int_equal(w[1], 0xfe000000);

	/* Invalid: all zeros (VALID_FALSE, and not VOL: not sparse). */
	p.valid = false;
	chip->pt->pte_encode(&p, w);
	assert_int_equal(w[0], 0);
	assert_int_equal(w[1], 0);
}

static void test_pte_decode(void **state)
{
	struct nvrt_pte p;

	(void)state;
	chip->pt->pte_decode((const uint32_t[2]){ 0x167, 0xfe000000 }, &p);
	assert_true(p.valid);
	assert_int_equal(p.aperture, NVRT_APERTURE_SYS_NONCOHERENT);
	assert_false(p.vol);
	assert_true(p.privileged);
	assert_true(p.read_only);
	assert_int_equal(p.kind, 0xfe);
	assert_int_equal(p.addr, 0x1000);
	/* VALID 0. */
	chip->pt->pte_decode((const uint32_t[2]){ 0x10c, 0 }, &p);
	assert_false(p.valid);
	/* APERTURE 0 VIDEO_MEMORY and 1 PEER_MEMORY: not system memory. */
	chip->pt->pte_decode((const uint32_t[2]){ 0x101, 0 }, &p);
	assert_false(p.valid);
	chip->pt->pte_decode((const uint32_t[2]){ 0x103, 0 }, &p);
	assert_false(p.valid);
}

/* A KIND over 8 bits goes through REFGEN_CHECK to nvrt_hw_check_result,
 * which names the accessor. */
static void test_pte_kind_check(void **state)
{
	struct nvrt_pte p = { .valid = true, .kind = 0x100, .addr = 0x1000 };
	struct nvrt_err err;
	uint32_t w[2];

	(void)state;
	nvrt_hw_check_reset();
	chip->pt->pte_encode(&p, w);
	err_expect(nvrt_hw_check_result(&err, "PTE"), &err,
		   "PTE: a value does not fit its field (gv100_set_mmu_ver2_pte_kind: ");
	assert_int_equal(w[1], 0);   /* masked: never touches neighbouring bits */
	p.kind = 0xff;
	chip->pt->pte_encode(&p, w);
	assert_int_equal(nvrt_hw_check_result(&err, "PTE"), 0);
}

/* ---- round trips --------------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
	/* xorshift64*: reproducible, no libc state. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

static void pde_random(struct nvrt_pde *p, uint64_t align)
{
	p->valid = true;
	p->aperture = rng() & 1 ? NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = rng() & 1;
	p->addr = rng() & (((uint64_t)1 << 40) - 1) & ~(align - 1);
}

/* Field by field: the structures have padding. */
static void pde_expect_equal(const struct nvrt_pde *a, const struct nvrt_pde *b)
{
	assert_int_equal(a->valid, b->valid);
	assert_int_equal(a->aperture, b->aperture);
	assert_int_equal(a->vol, b->vol);
	assert_int_equal(a->addr, b->addr);
}

static void pte_expect_equal(const struct nvrt_pte *a, const struct nvrt_pte *b)
{
	assert_int_equal(a->valid, b->valid);
	assert_int_equal(a->aperture, b->aperture);
	assert_int_equal(a->vol, b->vol);
	assert_int_equal(a->read_only, b->read_only);
	assert_int_equal(a->privileged, b->privileged);
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->addr, b->addr);
}

static void test_roundtrip(void **state)
{
	(void)state;
	nvrt_hw_check_reset();
	for (int i = 0; i < 2000; i++) {
		struct nvrt_pde p, q, big, small, big2, small2;
		struct nvrt_pte t = { 0 }, u;
		uint32_t w[4];

		pde_random(&p, 4096);
		chip->pt->pde_encode(&p, w);
		chip->pt->pde_decode(w, &q);
		pde_expect_equal(&p, &q);

		pde_random(&big, 256);
		pde_random(&small, 4096);
		big.valid = i % 3 != 0;
		small.valid = i % 3 != 1;
		if (!big.valid)
			memset(&big, 0, sizeof(big));
		if (!small.valid)
			memset(&small, 0, sizeof(small));
		chip->pt->dual_pde_encode(&big, &small, w);
		chip->pt->dual_pde_decode(w, &big2, &small2);
		pde_expect_equal(&big, &big2);
		pde_expect_equal(&small, &small2);

		t.valid = true;
		t.aperture = rng() & 1 ? NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
		t.vol = rng() & 1;
		t.read_only = rng() & 1;
		t.privileged = rng() & 1;
		t.kind = (uint32_t)(rng() & 0xff);
		t.addr = rng() & (((uint64_t)1 << 40) - 1) & ~(uint64_t)0xfff;
		chip->pt->pte_encode(&t, w);
		chip->pt->pte_decode(w, &u);
		pte_expect_equal(&t, &u);
	}
	assert_int_equal(nvrt_hw_check_result(NULL, "round trip"), 0);
}

/* ---- VM: map and walk -------------------------------------------------------------------- */

/*
 * VA 0x4020_1000: PD3 0, PD2 0, PD1 (bits 37:29) 2, PD0 (28:21) 0x201 & 0xff
 * = 1, PT_SMALL (20:12) 0x40201 & 0x1ff = 1.  The host backend hands out
 * 4 KiB-rounded IOVAs from 0x10_0000: PD3 0x10_0000, then PD2 0x10_1000,
 * PD1 0x10_2000, PD0 0x10_3000, the small PT 0x10_4000.
 */
static void test_map_small_words(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm;

	assert_int_equal(nvrt_vm_pdb(vm), 0x100000);
	assert_int_equal(nvrt_vm_map(vm, 0x40201000, 0x5000, 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	assert_int_equal(vm->ntables, 5);
	/* Tables are coherent: PDEs (pa >> 4) | 2 << 1 | 1 << 3. */
	assert_int_equal(vm_words(vm, 0x100000, 0, 8)[0], 0x1010c);
	assert_int_equal(vm_words(vm, 0x101000, 0, 8)[0], 0x1020c);
	assert_int_equal(vm_words(vm, 0x102000, 2, 8)[0], 0x1030c);
	/* PD0[1]: small PT in the high qword, low qword 0. */
	const uint32_t *d = vm_words(vm, 0x103000, 1, 16);
	assert_int_equal(d[0], 0);
	assert_int_equal(d[1], 0);
	assert_int_equal(d[2], 0x1040c);
	assert_int_equal(d[3], 0);
	/* PTE[1]: (0x5000 >> 4) | 0xd; its neighbours stay invalid. */
	assert_int_equal(vm_words(vm, 0x104000, 1, 8)[0], 0x50d);
	assert_int_equal(vm_words(vm, 0x104000, 0, 8)[0], 0);
	assert_int_equal(vm_words(vm, 0x104000, 2, 8)[0], 0);

	walk_expect(vm, 0x40201000, 0x5000, 4 * KIB);
	walk_expect(vm, 0x40201abc, 0x5abc, 4 * KIB);
	walk_expect_unmapped(vm, 0x40202000, "PT_SMALL[2]: no page (NV_MMU_VER2_PTE VALID=FALSE)");
	walk_expect_unmapped(vm, 0x40000000, "PD0[0]: no page table");
	walk_expect_unmapped(vm, 0x80000000, "PD1[4]: no next-level table");
}

/*
 * Then a 64 KiB page at VA 0x4021_0000 (same PD0 entry 1; PT_BIG (20:16)
 * 0x4021 & 0x1f = 1) -> IOVA 0x3_0000: the big PT is allocated next, at
 * 0x10_5000, and goes in PD0[1]'s low qword, the small PT staying high.
 */
static void test_map_big_beside_small(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm;

	assert_int_equal(nvrt_vm_map(vm, 0x40201000, 0x5000, 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	assert_int_equal(nvrt_vm_map(vm, 0x40210000, 0x30000, 64 * KIB, 64 * KIB,
				     NVRT_APERTURE_SYS_NONCOHERENT, false, &f->err), 0);
	assert_int_equal(vm->ntables, 6);
	const uint32_t *d = vm_words(vm, 0x103000, 1, 16);
	assert_int_equal(d[0], 0x1050c);    /* (0x10_5000 >> 4) | 2 << 1 | 1 << 3 */
	assert_int_equal(d[2], 0x1040c);
	/* Big PTE[1]: (0x3_0000 >> 4) | 1 | 3 << 1 = 0x3007. */
	assert_int_equal(vm_words(vm, 0x105000, 1, 8)[0], 0x3007);
	assert_int_equal(vm_words(vm, 0x105000, 1, 8)[1], 0);

	walk_expect(vm, 0x40210000, 0x30000, 64 * KIB);
	walk_expect(vm, 0x4021fff8, 0x3fff8, 64 * KIB);
	/* PT_BIG[0] is invalid, so the small PT decides. */
	walk_expect(vm, 0x40201234, 0x5234, 4 * KIB);
	walk_expect_unmapped(vm, 0x40220000, "PT_SMALL[32]: no page");
}

/* Identity and shifted maps across PD0 (2 MiB) and PD1 (512 MiB) boundaries. */
static void test_map_ranges(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm;
	const uint64_t small_va = 0x1ffff000, big_va = 0x3ff0000000ull;

	/* Identity, 4 KiB pages, 0x1fff_f000 .. 0x2000_4000: crosses PD1 0 -> 1. */
	assert_int_equal(nvrt_vm_map(vm, small_va, small_va, 5 * 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	for (uint64_t va = small_va; va < small_va + 5 * 4 * KIB; va += 0x800)
		walk_expect(vm, va, va, 4 * KIB);
	walk_expect_unmapped(vm, small_va - 4 * KIB, "no page");
	walk_expect_unmapped(vm, small_va + 5 * 4 * KIB, "no page");

	/* 64 KiB pages at VA 0x3f_f000_0000 (PD2 0 / PD1 0x1ff) to IOVA 0xab_0000,
	 * 3 MiB: crosses PD0 entries 0x80 -> 0x81. */
	assert_int_equal(nvrt_vm_map(vm, big_va, 0xab0000, 3 << 20, 64 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, false, &f->err), 0);
	for (uint64_t off = 0; off < (3 << 20); off += 0x7ff0)
		walk_expect(vm, big_va + off, 0xab0000 + off, 64 * KIB);
	walk_expect_unmapped(vm, big_va + (3 << 20), "PT_BIG");

	/* The top of the VA space: PD3 3, last page. */
	const uint64_t top = ((uint64_t)1 << 49) - 4 * KIB;
	assert_int_equal(nvrt_vm_map(vm, top, 0xfffffff000ull, 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_NONCOHERENT, false, &f->err), 0);
	walk_expect(vm, top + 0xfff, 0xffffffffffull, 4 * KIB);
}

/*
 * 2 MiB pages: a PTE in the PD0 entry itself.  dev_mmu.ref.txt (gv100):
 * NV_MMU_VER2_DUAL_PDE_IS_PTE 0:0 (:296) is the PTE's VALID 0:0 (:336); the
 * page covers what a PD0 entry covers, VA 20:0 (NV_MMU_VER2_VA_PD0 28:21 in
 * the addendum).  VA 0x4020_0000 is PD1[2] PD0[1]; 4 MiB -> IOVA 0x60_0000
 * is PD0[1] and PD0[2], no PT at all: tables PD3..PD0 (0x10_0000..0x10_3000).
 */
static void test_map_huge(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm;
	const enum nvrt_aperture coh = NVRT_APERTURE_SYS_COHERENT;
	struct nvrt_walk w;
	uint64_t run;
	char *text;

	assert_int_equal(nvrt_vm_map(vm, 0x40200000, 0x600000, 4 * MIB, 2 * MIB, coh, true,
				     &f->err), 0);
	assert_int_equal(vm->ntables, 4);
	/* VALID 1 | APERTURE 2 (coherent) << 1 | VOL 1 << 3 = 0xd; ADDRESS_SYS
	 * 53:8 = pa >> 12 (:359, ADDRESS_SHIFT 12), i.e. pa >> 4 in the word:
	 * 0x60_0000 >> 4 = 0x6_0000 -> 0x6000d; the high qword stays 0. */
	const uint32_t *d = vm_words(vm, 0x103000, 1, 16);
	assert_int_equal(d[0], 0x6000d);
	assert_int_equal(d[1], 0);
	assert_int_equal(d[2], 0);
	assert_int_equal(d[3], 0);
	assert_int_equal(vm_words(vm, 0x103000, 2, 16)[0], 0x8000d);

	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), 0x40323456, vm_read, vm, &w), 0);
	assert_true(w.mapped);
	assert_int_equal(w.pa, 0x723456);
	assert_int_equal(w.page_size, 2 * MIB);
	assert_int_equal(w.nlevels, 4);
	text = walk_dump_text(&w, 0x40323456);
	/* Fields high to low (dev_mmu.ref.txt: VOL 3:3, APERTURE 2:1, VALID 0:0). */
	if (!strstr(text, "PD0[1] @0x103000 NV_MMU_VER2_PTE: ADDRESS_SYS=0x600 READ_ONLY=FALSE "
			  "PRIVILEGE=FALSE VOL=TRUE APERTURE=SYSTEM_COHERENT_MEMORY VALID=TRUE") ||
	    !strstr(text, "VA 0x40323456 -> 0x723456 (2048 KiB page)"))
		fail_msg("dump:\n%s", text);
	free(text);
	/* Both pages are one physically contiguous run. */
	assert_int_equal(nvrt_pt_walk_run(chip, nvrt_vm_pdb(vm), 0x40200010, 8 * MIB, vm_read, vm,
					  &w, &run), 0);
	assert_int_equal(run, 4 * MIB - 0x10);
	walk_expect_unmapped(vm, 0x40600000, "PD0[3]: no page table");

	/* Nothing smaller under a 2 MiB page, nor a 2 MiB page over a smaller one. */
	err_expect(nvrt_vm_map(vm, 0x40301000, 0x5000, 4 * KIB, 4 * KIB, coh, true, &f->err),
		   &f->err, "VA 0x40200000 is already mapped by a 2048 KiB page");
	assert_int_equal(nvrt_vm_map(vm, 0x40a01000, 0x5000, 4 * KIB, 4 * KIB, coh, true,
				     &f->err), 0);
	err_expect(nvrt_vm_map(vm, 0x40a00000, 0x600000, 2 * MIB, 2 * MIB, coh, true, &f->err),
		   &f->err, "VA 0x40a01000 is already mapped by a 4 KiB page");
	err_expect(nvrt_vm_map(vm, 0x40b00000, 0x600000, 2 * MIB, 2 * MIB, coh, true, &f->err),
		   &f->err, "VA 0x40b00000 is not aligned to the 2048 KiB page size");
	err_expect(nvrt_vm_map(vm, 0x40c00000, 0x700000, 2 * MIB, 2 * MIB, coh, true, &f->err),
		   &f->err, "IOVA 0x700000 is not aligned to the 2048 KiB page size");

	/* Unmapped, the entry is a blank dual PDE; then 4 KiB pages may go there. */
	assert_int_equal(nvrt_vm_unmap(vm, 0x40200000, 2 * MIB, 2 * MIB, &f->err), 0);
	walk_expect_unmapped(vm, 0x40200000, "PD0[1]: no page table");
	err_expect(nvrt_vm_unmap(vm, 0x40200000, 2 * MIB, 2 * MIB, &f->err), &f->err,
		   "VA 0x40200000 is not mapped by a 2048 KiB page");
	assert_int_equal(nvrt_vm_map(vm, 0x40201000, 0x5000, 4 * KIB, 4 * KIB, coh, true,
				     &f->err), 0);
	walk_expect(vm, 0x40201abc, 0x5abc, 4 * KIB);
	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), 0x40400000, vm_read, vm, &w), 0);
	assert_int_equal(w.pa, 0x800000);

	/* Across a PD1 boundary (PD1 37:29: VA 0x1fe0_0000 is PD1[0] PD0[0xff],
	 * 0x2000_0000 PD1[1] PD0[0]): two PD0 tables, so a run stops at the first's end. */
	assert_int_equal(nvrt_vm_map(vm, 0x1fe00000, 0x1000000, 4 * MIB, 2 * MIB, coh, false,
				     &f->err), 0);
	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), 0x1fe00010, vm_read, vm, &w), 0);
	assert_int_equal(w.pa, 0x1000010);
	assert_int_equal(w.levels[PD0_LEVEL].index, 0xff);
	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), 0x20000010, vm_read, vm, &w), 0);
	assert_int_equal(w.pa, 0x1200010);
	assert_int_equal(w.levels[PD0_LEVEL].index, 0);
	assert_int_equal(nvrt_pt_walk_run(chip, nvrt_vm_pdb(vm), 0x1fe00000, 4 * MIB, vm_read, vm,
					  &w, &run), 0);
	assert_int_equal(run, 2 * MIB);
}

static void test_map_overlap(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm;
	size_t n;

	assert_int_equal(nvrt_vm_map(vm, 0x40201000, 0x5000, 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	assert_int_equal(nvrt_vm_map(vm, 0x40210000, 0x30000, 64 * KIB, 64 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	n = vm->ntables;
	err_expect(nvrt_vm_map(vm, 0x40201000, 0x9000, 4 * KIB, 4 * KIB,
			       NVRT_APERTURE_SYS_COHERENT, true, &f->err), &f->err,
		   "VA 0x40201000 is already mapped by a 4 KiB page");
	/* A 64 KiB page over the 4 KiB one. */
	err_expect(nvrt_vm_map(vm, 0x40200000, 0x40000, 64 * KIB, 64 * KIB,
			       NVRT_APERTURE_SYS_COHERENT, true, &f->err), &f->err,
		   "VA 0x40201000 is already mapped by a 4 KiB page");
	/* A 4 KiB page inside the 64 KiB one. */
	err_expect(nvrt_vm_map(vm, 0x4021c000, 0x9000, 4 * KIB, 4 * KIB,
			       NVRT_APERTURE_SYS_COHERENT, true, &f->err), &f->err,
		   "VA 0x40210000 is already mapped by a 64 KiB page");
	/* A range whose tail overlaps: nothing of it is mapped. */
	err_expect(nvrt_vm_map(vm, 0x401fe000, 0x9000, 4 * 4 * KIB, 4 * KIB,
			       NVRT_APERTURE_SYS_COHERENT, true, &f->err), &f->err,
		   "already mapped");
	walk_expect_unmapped(vm, 0x401fe000, "no page");
	walk_expect_unmapped(vm, 0x40200000, "no page");
	assert_int_equal(vm->ntables, n);
	/* Next to them is fine. */
	assert_int_equal(nvrt_vm_map(vm, 0x40202000, 0x6000, 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	assert_int_equal(nvrt_vm_map(vm, 0x40220000, 0x40000, 64 * KIB, 64 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
}

static void test_map_errors(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm, blank = { 0 };
	const uint64_t va49 = (uint64_t)1 << 49, iova40 = (uint64_t)1 << 40;
	const enum nvrt_aperture coh = NVRT_APERTURE_SYS_COHERENT;

	err_expect(nvrt_vm_map(vm, 0x1000, 0x1000, 0x2000, 8 * KIB, coh, true, &f->err), &f->err,
		   "page size 8192: ver2 pages are 4 KiB, 64 KiB or 2048 KiB");
	err_expect(nvrt_vm_map(vm, 0x1001, 0x1000, 0x1000, 4 * KIB, coh, true, &f->err), &f->err,
		   "VA 0x1001 is not aligned to the 4 KiB page size");
	err_expect(nvrt_vm_map(vm, 0x1000, 0x10000, 0x10000, 64 * KIB, coh, true, &f->err),
		   &f->err, "VA 0x1000 is not aligned to the 64 KiB page size");
	err_expect(nvrt_vm_map(vm, 0x1000, 0x1800, 0x1000, 4 * KIB, coh, true, &f->err), &f->err,
		   "IOVA 0x1800 is not aligned to the 4 KiB page size");
	err_expect(nvrt_vm_map(vm, 0x10000, 0x11000, 0x10000, 64 * KIB, coh, true, &f->err),
		   &f->err, "IOVA 0x11000 is not aligned to the 64 KiB page size");
	err_expect(nvrt_vm_map(vm, 0x1000, 0x1000, 0x1800, 4 * KIB, coh, true, &f->err), &f->err,
		   "size 0x1800 is not a nonzero multiple of the 4 KiB page size");
	err_expect(nvrt_vm_map(vm, 0x1000, 0x1000, 0, 4 * KIB, coh, true, &f->err), &f->err,
		   "size 0x0 is not a nonzero multiple");
	err_expect(nvrt_vm_map(vm, va49, 0x1000, 0x1000, 4 * KIB, coh, true, &f->err), &f->err,
		   "goes beyond the 49-bit GPU VA space");
	err_expect(nvrt_vm_map(vm, va49 - 0x1000, 0x1000, 0x2000, 4 * KIB, coh, true, &f->err),
		   &f->err, "goes beyond the 49-bit GPU VA space");
	err_expect(nvrt_vm_map(vm, UINT64_MAX & ~0xfffull, 0x1000, 0x1000, 4 * KIB, coh, true,
			       &f->err), &f->err, "goes beyond the 49-bit GPU VA space");
	err_expect(nvrt_vm_map(vm, 0x1000, iova40, 0x1000, 4 * KIB, coh, true, &f->err), &f->err,
		   "IOVA range 0x10000000000+0x1000 goes beyond 2^40");
	err_expect(nvrt_vm_map(vm, 0x1000, iova40 - 0x1000, 0x2000, 4 * KIB, coh, true, &f->err),
		   &f->err, "goes beyond 2^40");
	err_expect(nvrt_vm_map(vm, 0x1000, 0x1000, 0x1000, 4 * KIB, (enum nvrt_aperture)7, true,
			       &f->err), &f->err, "aperture 7 is not system memory");
	err_expect(nvrt_vm_map(&blank, 0x1000, 0x1000, 0x1000, 4 * KIB, coh, true, &f->err),
		   &f->err, "not initialised");
	/* None of it allocated a table. */
	assert_int_equal(vm->ntables, 1);
}

static void test_init_errors(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm vm;

	err_expect(nvrt_vm_init(&vm, chip, f->b, (enum nvrt_aperture)5, &f->err), &f->err,
		   "not system memory");
	assert_int_equal(vm.ntables, 0);
	err_expect(nvrt_vm_init(&vm, chip, NULL, NVRT_APERTURE_SYS_COHERENT, &f->err), &f->err,
		   "no backend");
	nvrt_vm_fini(&vm);   /* harmless on a failed init */
	assert_int_equal(nvrt_vm_pdb(&vm), 0);

	/* Non-coherent tables: PDEs APERTURE 3, not VOL. */
	assert_int_equal(nvrt_vm_init(&vm, chip, f->b, NVRT_APERTURE_SYS_NONCOHERENT, &f->err), 0);
	assert_int_equal(nvrt_vm_pdb(&vm) % 4096, 0);
	assert_int_equal(nvrt_vm_map(&vm, 0, 0x1000, 0x1000, 4 * KIB, NVRT_APERTURE_SYS_COHERENT,
				     true, &f->err), 0);
	const uint32_t *e = vm_words(&vm, nvrt_vm_pdb(&vm), 0, 8);
	assert_int_equal(e[0], (uint32_t)(vm.tables[1].mem.iova >> 4) | 0x6);
	nvrt_vm_fini(&vm);
}

static void test_unmap(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm;
	size_t n;

	assert_int_equal(nvrt_vm_map(vm, 0x40201000, 0x5000, 3 * 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	assert_int_equal(nvrt_vm_map(vm, 0x40210000, 0x30000, 2 * 64 * KIB, 64 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	n = vm->ntables;

	err_expect(nvrt_vm_unmap(vm, 0x40200000, 4 * KIB, 4 * KIB, &f->err), &f->err,
		   "VA 0x40200000 is not mapped by a 4 KiB page");
	/* Partly mapped: nothing is unmapped. */
	err_expect(nvrt_vm_unmap(vm, 0x40202000, 3 * 4 * KIB, 4 * KIB, &f->err), &f->err,
		   "VA 0x40204000 is not mapped by a 4 KiB page");
	walk_expect(vm, 0x40202000, 0x6000, 4 * KIB);
	/* The wrong page size for what is there. */
	err_expect(nvrt_vm_unmap(vm, 0x40210000, 64 * KIB, 4 * KIB, &f->err), &f->err,
		   "VA 0x40210000 is not mapped by a 4 KiB page");
	err_expect(nvrt_vm_unmap(vm, 0x40200000, 64 * KIB, 64 * KIB, &f->err), &f->err,
		   "VA 0x40200000 is not mapped by a 64 KiB page");
	/* Nowhere near any table. */
	err_expect(nvrt_vm_unmap(vm, 0x1000000000ull, 4 * KIB, 4 * KIB, &f->err), &f->err,
		   "is not mapped");
	err_expect(nvrt_vm_unmap(vm, 0x40201800, 4 * KIB, 4 * KIB, &f->err), &f->err,
		   "not aligned");

	assert_int_equal(nvrt_vm_unmap(vm, 0x40202000, 4 * KIB, 4 * KIB, &f->err), 0);
	walk_expect(vm, 0x40201000, 0x5000, 4 * KIB);
	walk_expect_unmapped(vm, 0x40202000, "PT_SMALL[2]: no page");
	walk_expect(vm, 0x40203000, 0x7000, 4 * KIB);
	assert_int_equal(nvrt_vm_unmap(vm, 0x40210000, 2 * 64 * KIB, 64 * KIB, &f->err), 0);
	walk_expect_unmapped(vm, 0x40218000, "PT_SMALL[24]: no page");
	err_expect(nvrt_vm_unmap(vm, 0x40210000, 64 * KIB, 64 * KIB, &f->err), &f->err,
		   "not mapped");
	/* The PTE words are zero again; tables stay for reuse. */
	assert_int_equal(vm_words(vm, 0x104000, 2, 8)[0], 0);
	assert_int_equal(vm_words(vm, 0x104000, 2, 8)[1], 0);
	assert_int_equal(nvrt_vm_map(vm, 0x40202000, 0x9000, 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	walk_expect(vm, 0x40202000, 0x9000, 4 * KIB);
	assert_int_equal(vm->ntables, n);
}

/* ---- walk dump ------------------------------------------------------------------------- */

static void test_walk_dump(void **state)
{
	struct fixture *f = *state;
	struct nvrt_vm *vm = &f->vm;
	struct nvrt_walk w;
	char *text;

	assert_int_equal(nvrt_vm_map(vm, 0x40201000, 0x5000, 4 * KIB, 4 * KIB,
				     NVRT_APERTURE_SYS_COHERENT, true, &f->err), 0);
	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), 0x40201abc, vm_read, vm, &w), 0);
	text = walk_dump_text(&w, 0x40201abc);
	/*
	 * Fields word by word, high bit to low (volta/gv100/dev_mmu.ref.txt:275-371):
	 * PDE ADDRESS_SYS 53:8, VOL 3, APERTURE 2:1; DUAL_PDE big half in word 0,
	 * small half (ADDRESS_SMALL_SYS 117:72, VOL_SMALL 67, APERTURE_SMALL 66:65)
	 * in word 2; PTE ADDRESS_SYS 53:8, READ_ONLY 6, PRIVILEGE 5, VOL 3,
	 * APERTURE 2:1, VALID 0, then KIND 63:56 in word 1.
	 */
	assert_string_equal(text,
		"PD3[0] @0x100000 NV_MMU_VER2_PDE: ADDRESS_SYS=0x101 VOL=TRUE "
		"APERTURE=SYSTEM_COHERENT_MEMORY -> 0x101000\n"
		"PD2[0] @0x101000 NV_MMU_VER2_PDE: ADDRESS_SYS=0x102 VOL=TRUE "
		"APERTURE=SYSTEM_COHERENT_MEMORY -> 0x102000\n"
		"PD1[2] @0x102000 NV_MMU_VER2_PDE: ADDRESS_SYS=0x103 VOL=TRUE "
		"APERTURE=SYSTEM_COHERENT_MEMORY -> 0x103000\n"
		"PD0[1] @0x103000 NV_MMU_VER2_DUAL_PDE: APERTURE_BIG=INVALID "
		"ADDRESS_SMALL_SYS=0x104 VOL_SMALL=TRUE APERTURE_SMALL=SYSTEM_COHERENT_MEMORY "
		"-> PT_SMALL 0x104000\n"
		"PT_SMALL[1] @0x104000 NV_MMU_VER2_PTE: ADDRESS_SYS=0x5 READ_ONLY=FALSE "
		"PRIVILEGE=FALSE VOL=TRUE APERTURE=SYSTEM_COHERENT_MEMORY VALID=TRUE KIND=0x0 -> 0x5000\n"
		"VA 0x40201abc -> 0x5abc (4 KiB page)\n");
	free(text);

	/* A big page beside it: PD0 shows both halves, the walk the big PT. */
	assert_int_equal(nvrt_vm_map(vm, 0x40210000, 0x30000, 64 * KIB, 64 * KIB,
				     NVRT_APERTURE_SYS_NONCOHERENT, false, &f->err), 0);
	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), 0x40210010, vm_read, vm, &w), 0);
	text = walk_dump_text(&w, 0x40210010);
	assert_non_null(strstr(text,
		"PD0[1] @0x103000 NV_MMU_VER2_DUAL_PDE: ADDRESS_BIG_SYS=0x1050 "
		"VOL_BIG=TRUE APERTURE_BIG=SYSTEM_COHERENT_MEMORY ADDRESS_SMALL_SYS=0x104 "
		"VOL_SMALL=TRUE APERTURE_SMALL=SYSTEM_COHERENT_MEMORY -> PT_BIG 0x105000 PT_SMALL 0x104000\n"
		"PT_BIG[1] @0x105000 NV_MMU_VER2_PTE: ADDRESS_SYS=0x30 READ_ONLY=FALSE "
		"PRIVILEGE=FALSE VOL=FALSE APERTURE=SYSTEM_NON_COHERENT_MEMORY VALID=TRUE "
		"KIND=0x0 -> 0x30000\n"
		"VA 0x40210010 -> 0x30010 (64 KiB page)\n"));
	free(text);

	/* Not mapped: the levels read, then the reason. */
	assert_int_equal(nvrt_pt_walk(chip, nvrt_vm_pdb(vm), 0x80000000, vm_read, vm, &w), -1);
	text = walk_dump_text(&w, 0x80000000);
	assert_string_equal(text,
		"PD3[0] @0x100000 NV_MMU_VER2_PDE: ADDRESS_SYS=0x101 VOL=TRUE "
		"APERTURE=SYSTEM_COHERENT_MEMORY -> 0x101000\n"
		"PD2[0] @0x101000 NV_MMU_VER2_PDE: ADDRESS_SYS=0x102 VOL=TRUE "
		"APERTURE=SYSTEM_COHERENT_MEMORY -> 0x102000\n"
		"PD1[4] @0x102000 NV_MMU_VER2_PDE: APERTURE=INVALID\n"
		"VA 0x80000000 not mapped: PD1[4]: no next-level table (NV_MMU_VER2_PDE "
		"APERTURE=INVALID)\n");
	free(text);
}

/* ---- walks of foreign table contents ------------------------------------------------------ */

#define MEM_BASE 0x10000u
#define MEM_SIZE (64u * 1024)

struct fake_mem {
	uint8_t bytes[MEM_SIZE];
	unsigned reads;
};

static int fake_read(void *ctx, uint64_t iova, void *buf, size_t len)
{
	struct fake_mem *m = ctx;

	m->reads++;
	if (iova < MEM_BASE || iova - MEM_BASE > MEM_SIZE || len > MEM_SIZE - (iova - MEM_BASE))
		return -1;
	memcpy(buf, m->bytes + (iova - MEM_BASE), len);
	return 0;
}

static void fake_put(struct fake_mem *m, uint64_t iova, uint32_t lo, uint32_t hi)
{
	uint32_t w[2] = { lo, hi };

	memcpy(m->bytes + (iova - MEM_BASE), w, sizeof(w));
}

static void walk_fake_expect(struct fake_mem *m, uint64_t pdb, uint64_t va, const char *why)
{
	struct nvrt_walk w;
	char *text;

	assert_int_equal(nvrt_pt_walk(chip, pdb, va, fake_read, m, &w), -1);
	assert_false(w.mapped);
	if (!strstr(w.why, why))
		fail_msg("why \"%s\" lacks \"%s\"", w.why, why);
	text = walk_dump_text(&w, va);
	assert_non_null(strstr(text, why));
	free(text);
}

/* Tables at 0x1_0000 (PD3), 0x1_1000 (PD2), 0x1_2000 (PD1), 0x1_3000 (PD0). */
static void test_walk_bad_tables(void **state)
{
	struct fake_mem *m = calloc(1, sizeof(*m));

	(void)state;
	assert_non_null(m);
	walk_fake_expect(m, 0x10000, (uint64_t)1 << 49, "beyond the 49-bit GPU VA space");
	walk_fake_expect(m, 0x10800, 0, "PDB 0x10800 is not aligned to 4096 bytes");
	walk_fake_expect(m, (uint64_t)1 << 40, 0, "PD3: table at 0x10000000000 is beyond the 40-bit");
	walk_fake_expect(m, 0x2000, 0, "PD3[0]: the table at 0x2000 cannot be read");
	walk_fake_expect(m, 0x10000, 0, "PD3[0]: no next-level table (NV_MMU_VER2_PDE APERTURE=INVALID)");
	/* VIDEO_MEMORY (1 << 1) at 0x1_1000: (0x11000 >> 4) | 2 = 0x1102. */
	fake_put(m, 0x10000, 0x1102, 0);
	walk_fake_expect(m, 0x10000, 0, "PD3[0]: NV_MMU_VER2_PDE 0x0000000000001102 points at no "
			 "system-memory table");
	/* PD3[0] -> PD2 0x1_1000 whose entry 0 points back at PD3: a loop. */
	fake_put(m, 0x10000, 0x110c, 0);
	fake_put(m, 0x11000, 0x100c, 0);
	walk_fake_expect(m, 0x10000, 0, "PD1: table at 0x10000 is the PD3 table again (a loop)");
	/* PD2 entry pointing at itself. */
	fake_put(m, 0x11000, 0x110c, 0);
	walk_fake_expect(m, 0x10000, 0, "PD1: table at 0x11000 is the PD2 table again (a loop)");
	/* Out of the readable memory ((0x9990c & ~0xff) << 4), and beyond 2^40
	 * (ADDRESS_SYS 0x1000_0000 << 12). */
	fake_put(m, 0x11000, 0x9990c, 0);
	walk_fake_expect(m, 0x10000, 0, "PD1[0]: the table at 0x999000 cannot be read");
	fake_put(m, 0x11000, 0x0000000c, 0x10);
	walk_fake_expect(m, 0x10000, 0, "PD1: table at 0x10000000000 is beyond the 40-bit IOVA space");
	/* On to PD0 at 0x1_3000 with garbage that is no table. */
	fake_put(m, 0x11000, 0x120c, 0);
	fake_put(m, 0x12000, 0x130c, 0);
	fake_put(m, 0x13000, 0x1233, 0);
	walk_fake_expect(m, 0x10000, 0, "PD0[0]: NV_MMU_VER2_DUAL_PDE 0x0000000000000000_0000000000001233 "
			 "holds no system-memory page table");
	/* A small PT (0x1_4000, high qword) with a video-memory PTE (APERTURE 0). */
	fake_put(m, 0x13000, 0, 0);
	fake_put(m, 0x13008, 0x140c, 0);
	fake_put(m, 0x14000, 0x501, 0);
	walk_fake_expect(m, 0x10000, 0, "PT_SMALL[0]: NV_MMU_VER2_PTE 0x0000000000000501 is no "
			 "system-memory page");
	/* A PT that is PD0 again. */
	fake_put(m, 0x13008, 0x130c, 0);
	walk_fake_expect(m, 0x10000, 0, "PT_SMALL: table at 0x13000 is the PD0 table again (a loop)");
	/* A big PTE whose page is not 64 KiB aligned: (0x5000 >> 4) | 0xd. */
	fake_put(m, 0x13008, 0, 0);
	fake_put(m, 0x13000, 0x140c, 0);
	fake_put(m, 0x14000, 0x50d, 0);
	walk_fake_expect(m, 0x10000, 0, "PT_BIG[0]: page at 0x5000 is not aligned to its 64 KiB size");
	/* A page beyond 2^40: ADDRESS_SYS 0x1000_0000 -> word 1 = 0x10. */
	fake_put(m, 0x14000, 0xd, 0x10);
	walk_fake_expect(m, 0x10000, 0, "PT_BIG[0]: page at 0x10000000000 is beyond the 40-bit");
	/* And a good one. */
	struct nvrt_walk w;
	fake_put(m, 0x14000, 0x1000d, 0);
	assert_int_equal(nvrt_pt_walk(chip, 0x10000, 0x1234, fake_read, m, &w), 0);
	assert_int_equal(w.pa, 0x101234);
	free(m);
}

/* Entries that often point inside the buffer, so walks go deep and loop. */
static void fake_randomise(struct fake_mem *m)
{
	for (size_t i = 0; i < MEM_SIZE; i += 8) {
		uint64_t r = rng(), q;

		switch (r & 7) {
		case 0:
			q = rng();
			break;
		case 1:
			q = 0;
			break;
		default:
			/* pa >> 4 of a 256-byte aligned place in the buffer, random low byte */
			q = ((MEM_BASE + (rng() % MEM_SIZE)) & ~0xffull) >> 4 | (r >> 8 & 0xff);
			break;
		}
		memcpy(m->bytes + i, &q, sizeof(q));
	}
}

static void test_walk_random(void **state)
{
	struct fake_mem *m = calloc(1, sizeof(*m));
	unsigned mapped = 0, loops = 0;
	FILE *null = fopen("/dev/null", "w");

	(void)state;
	assert_non_null(m);
	assert_non_null(null);
	for (int round = 0; round < 64; round++) {
		fake_randomise(m);
		for (int i = 0; i < 2000; i++) {
			struct nvrt_walk w;
			uint64_t pdb = rng() & 7 ? MEM_BASE + (rng() % MEM_SIZE & ~0xfffull) : rng();
			uint64_t va = rng() & 15 ? rng() & (((uint64_t)1 << 49) - 1) : rng();
			int rc;

			memset(&w, 0xa5, sizeof(w));
			rc = nvrt_pt_walk(chip, pdb, va, fake_read, m, &w);
			assert_true(w.nlevels >= 0 && w.nlevels <= 5);
			if (rc == 0) {
				assert_true(w.mapped);
				assert_true(w.pa < ((uint64_t)1 << 40));
				assert_true(w.page_size == 4096 || w.page_size == 65536);
				assert_int_equal(w.nlevels, 5);
				mapped++;
			} else {
				assert_int_equal(rc, -1);
				assert_false(w.mapped);
				assert_non_null(memchr(w.why, '\0', sizeof(w.why)));
				assert_true(w.why[0] != '\0');
				loops += strstr(w.why, "(a loop)") != NULL;
			}
			nvrt_pt_walk_dump(chip, &w, va, null);
		}
	}
	/* The generator reaches the interesting paths. */
	assert_true(mapped > 0);
	assert_true(loops > 0);
	fclose(null);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_pde_words),
		cmocka_unit_test(test_pde_decode),
		cmocka_unit_test(test_dual_pde_words),
		cmocka_unit_test(test_dual_pde_decode),
		cmocka_unit_test(test_pte_words),
		cmocka_unit_test(test_pte_decode),
		cmocka_unit_test(test_pte_kind_check),
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test_setup_teardown(test_map_small_words, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_map_big_beside_small, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_map_ranges, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_map_overlap, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_map_errors, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_init_errors, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_unmap, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_map_huge, vm_setup, vm_teardown),
		cmocka_unit_test_setup_teardown(test_walk_dump, vm_setup, vm_teardown),
		cmocka_unit_test(test_walk_bad_tables),
		cmocka_unit_test(test_walk_random),
	};

	return cmocka_run_group_tests_name("nvrt_pagetable", tests, NULL, NULL);
}
