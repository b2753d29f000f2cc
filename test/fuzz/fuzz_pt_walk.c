/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the ver2 page-table walk (nvrt_pt_walk with a read callback,
 * as `nvrt decode walk` and the simulator's MMU use it), its dump
 * (nvrt_pt_walk_dump), and the chip's PDE / dual PDE / PTE codec.
 *
 * Input: a 25-byte header, then memory:
 *   byte  0      flags: bit 0 set -- the memory repeats over the whole IOVA
 *                space (iova - base, modulo its size), so any table address
 *                lands in it; clear -- it is a window at base, and reads
 *                outside it fail as reads of unbacked memory do
 *   bytes 1..8   VA to walk (little-endian)
 *   bytes 9..16  PDB: IOVA of the PD3
 *   bytes 17..24 base: IOVA of the memory's first byte
 * Seeds are `nvrt layout` page tables laid out at their IOVAs.
 *
 * Properties (a violation aborts), for every 8 bytes of memory as a PDE and
 * as a PTE and every 16 as a dual PDE:
 *  - decode, encode, decode gives what the first decode gave.
 */
#include <stdbool.h>

#include "nvrt/chip.h"
#include "nvrt/pagetable.h"

#include "fuzz.h"

struct fuzz_mem {
	const uint8_t *p;
	size_t n;
	uint64_t base;
	bool wrap;
};

static int fuzz_mem_read(void *ctx, uint64_t iova, void *buf, size_t len)
{
	const struct fuzz_mem *m = ctx;
	uint8_t *out = buf;

	if (!m->n)
		return -1;
	if (m->wrap) {
		size_t off = (size_t)((iova - m->base) % m->n);

		for (size_t i = 0; i < len; i++) {
			out[i] = m->p[off];
			off = off + 1 == m->n ? 0 : off + 1;
		}
		return 0;
	}
	if (iova < m->base || iova - m->base > m->n || len > m->n - (iova - m->base))
		return -1;
	memcpy(out, m->p + (iova - m->base), len);
	return 0;
}

static bool fuzz_same_pde(const struct nvrt_pde *a, const struct nvrt_pde *b)
{
	if (a->valid != b->valid)
		return false;
	return !a->valid || (a->aperture == b->aperture && a->vol == b->vol && a->addr == b->addr);
}

static bool fuzz_same_pte(const struct nvrt_pte *a, const struct nvrt_pte *b)
{
	if (a->valid != b->valid)
		return false;
	return !a->valid || (a->aperture == b->aperture && a->vol == b->vol &&
			     a->read_only == b->read_only && a->privileged == b->privileged &&
			     a->kind == b->kind && a->addr == b->addr);
}

static void fuzz_entries(const struct nvrt_chip *c, const uint8_t *mem, size_t n)
{
	for (size_t off = 0; off + 8 <= n; off += 8) {
		uint32_t w[4], enc[4];
		struct nvrt_pde pde, pde2, small, small2;
		struct nvrt_pte pte, pte2;

		memcpy(w, mem + off, 8);
		c->pt->pde_decode(w, &pde);
		c->pt->pde_encode(&pde, enc);
		c->pt->pde_decode(enc, &pde2);
		if (!fuzz_same_pde(&pde, &pde2))
			fuzz_fail("PDE %08x %08x -> %08x %08x decodes differently", w[0], w[1], enc[0], enc[1]);
		c->pt->pte_decode(w, &pte);
		c->pt->pte_encode(&pte, enc);
		c->pt->pte_decode(enc, &pte2);
		if (!fuzz_same_pte(&pte, &pte2))
			fuzz_fail("PTE %08x %08x -> %08x %08x decodes differently", w[0], w[1], enc[0], enc[1]);
		if (off % 16 || off + 16 > n)
			continue;
		memcpy(w, mem + off, 16);
		c->pt->dual_pde_decode(w, &pde, &small);
		c->pt->dual_pde_encode(&pde, &small, enc);
		c->pt->dual_pde_decode(enc, &pde2, &small2);
		if (!fuzz_same_pde(&pde, &pde2) || !fuzz_same_pde(&small, &small2))
			fuzz_fail("dual PDE %08x %08x %08x %08x -> %08x %08x %08x %08x decodes differently",
				  w[0], w[1], w[2], w[3], enc[0], enc[1], enc[2], enc[3]);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct nvrt_chip *c = nvrt_chip_find("gv100");
	struct fuzz_in in = { data, size };
	struct fuzz_mem m;
	struct nvrt_walk w;
	uint64_t va, pdb;
	uint8_t *mem;

	if (!c)
		abort();
	m.wrap = fuzz_take(&in, 1) & 1;
	va = fuzz_take(&in, 8);
	pdb = fuzz_take(&in, 8);
	m.base = fuzz_take(&in, 8);
	mem = fuzz_dup(in.p, in.n);
	m.p = mem;
	m.n = in.n;
	nvrt_pt_walk(c, pdb, va, fuzz_mem_read, &m, &w);
	if (w.nlevels < 0 || w.nlevels > 5)
		fuzz_fail("walk reports %d levels", w.nlevels);
	nvrt_pt_walk_dump(c, &w, va, fuzz_null());
	fuzz_entries(c, mem, m.n);
	free(mem);
	return 0;
}
