/* SPDX-License-Identifier: MIT */
/*
 * The GPFIFO ring, for any chip (dev_pbdma GP_BASE, GP_PUT, GP_GET): a
 * power-of-two number of GP entries; software writes at GP_PUT, Host reads
 * at GP_GET.  GP_PUT == GP_GET is empty and GP_PUT == GP_GET - 1 full, so
 * one entry always stays empty.
 */
#include <inttypes.h>

#include "bits.h"
#include "nvrt/gpfifo.h"

/* A GP entry is the two words the chip's encoder writes. */
#define GP_ENTRY_WORDS 2u
#define GP_ENTRY_BYTES (GP_ENTRY_WORDS * sizeof(uint32_t))

static int gpfifo_check(const struct nvrt_dma *mem, uint32_t entries, struct nvrt_err *err)
{
	if (entries < 2 || (entries & (entries - 1)))
		return nvrt_err_set(err, "gpfifo: %" PRIu32 " entries: the ring must hold a power of "
				    "two (NV_PPBDMA_GP_BASE_HI_LIMIT2 is its log2), at least 2 "
				    "since one entry always stays empty", entries);
	if (mem->size / GP_ENTRY_BYTES < entries)
		return nvrt_err_set(err, "gpfifo: %" PRIu32 " entries of %zu bytes do not fit the "
				    "%zu-byte buffer", entries, GP_ENTRY_BYTES, mem->size);
	/* GP_BASE_OFFSET counts 8-byte units: entries are GP_ENTRY__SIZE aligned. */
	if (mem->iova % GP_ENTRY_BYTES || (uintptr_t)mem->cpu % GP_ENTRY_BYTES)
		return nvrt_err_set(err, "gpfifo: ring at IOVA 0x%" PRIx64 " (CPU %p) is not %zu-byte "
				    "aligned (NV_PPBDMA_GP_BASE_OFFSET)", mem->iova, mem->cpu,
				    GP_ENTRY_BYTES);
	return 0;
}

int nvrt_gpfifo_init(struct nvrt_gpfifo *g, const struct nvrt_chip *c, struct nvrt_dma *mem,
		     uint32_t entries, struct nvrt_err *err)
{
	if (!c || !mem || !mem->cpu)
		return nvrt_err_set(err, "gpfifo: no chip or no memory");
	if (gpfifo_check(mem, entries, err))
		return -1;
	g->chip = c;
	g->mem = mem;
	g->entries = entries;
	g->put = 0;
	return 0;
}

/* Indices wrap modulo the ring size (GP_GET comes from Host: keep it in range). */
static uint32_t gpfifo_index(const struct nvrt_gpfifo *g, uint32_t i)
{
	return i & (g->entries - 1);
}

uint32_t nvrt_gpfifo_space(const struct nvrt_gpfifo *g, uint32_t gp_get)
{
	return gpfifo_index(g, gp_get - g->put - 1);
}

bool nvrt_gpfifo_empty(const struct nvrt_gpfifo *g, uint32_t gp_get)
{
	return gpfifo_index(g, gp_get) == g->put;
}

bool nvrt_gpfifo_full(const struct nvrt_gpfifo *g, uint32_t gp_get)
{
	return nvrt_gpfifo_space(g, gp_get) == 0;
}

int nvrt_gpfifo_push(struct nvrt_gpfifo *g, const struct nvrt_gp_entry *e, uint32_t gp_get,
		     struct nvrt_err *err)
{
	uint32_t w[GP_ENTRY_WORDS], *slot;

	if (gp_get >= g->entries)
		return nvrt_err_set(err, "gpfifo: GP_GET %" PRIu32 " is outside the ring of %" PRIu32
				    " entries", gp_get, g->entries);
	if (nvrt_gpfifo_full(g, gp_get))
		return nvrt_err_set(err, "gpfifo full: GP_PUT %" PRIu32 " is GP_GET %" PRIu32 " - 1 "
				    "(dev_pbdma GP_PUT: one entry always stays empty)", g->put, gp_get);
	if (g->chip->gpfifo->gp_entry_encode(e, w, err))
		return -1;
	slot = (uint32_t *)g->mem->cpu + (size_t)g->put * GP_ENTRY_WORDS;
	slot[0] = le32(w[0]);
	slot[1] = le32(w[1]);
	g->put = gpfifo_index(g, g->put + 1);
	return 0;
}

uint32_t nvrt_gpfifo_limit2(uint32_t entries)
{
	return entries ? 31u - (uint32_t)__builtin_clz(entries) : 0;
}
