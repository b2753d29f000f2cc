/* SPDX-License-Identifier: MIT */
/*
 * The in-process backend: buffers are aligned host memory, IOVAs come from a
 * counter.  Nothing is mapped for a device; this is what lays out channels
 * for `nvrt layout` and the tests.
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "nvrt/backend.h"

#define HOST_PAGE 4096u

struct backend_host {
	struct nvrt_backend base;
	uint64_t next_iova;
};

static uint32_t backend_host_read32(struct nvrt_backend *b, uint32_t offset)
{
	(void)b;
	(void)offset;
	return UINT32_MAX;   /* no device: all ones, as the bus answers a read nobody takes */
}

static void backend_host_write32(struct nvrt_backend *b, uint32_t offset, uint32_t value)
{
	(void)b;
	(void)offset;
	(void)value;
}

static int backend_host_alloc(struct nvrt_backend *b, size_t size, size_t align,
			      enum nvrt_aperture ap, struct nvrt_dma *out, struct nvrt_err *err)
{
	struct backend_host *h = (struct backend_host *)b;
	size_t a = align < HOST_PAGE ? HOST_PAGE : align;
	size_t bytes = (size_t)align_up(size, HOST_PAGE);
	uint64_t iova = align_up(h->next_iova, a);
	void *p;

	if (iova + bytes > NVRT_ADDR_LIMIT || iova + bytes < iova)
		return nvrt_err_set(err, "host backend: no IOVA space below 2^40 for %zu bytes", size);
	if (posix_memalign(&p, a, bytes))
		return nvrt_err_set(err, "host backend: out of memory for %zu bytes", size);
	memset(p, 0, bytes);
	out->cpu = p;
	out->iova = iova;
	out->size = size;
	out->align = align;
	out->aperture = ap;
	h->next_iova = iova + bytes;
	return 0;
}

static void backend_host_free(struct nvrt_backend *b, struct nvrt_dma *buf)
{
	(void)b;
	free(buf->cpu);
}

static void backend_host_close(struct nvrt_backend *b)
{
	free(b);
}

static const struct nvrt_backend_ops backend_host_ops = {
	.name = "host",
	.bar0_read32 = backend_host_read32,
	.bar0_write32 = backend_host_write32,
	.dma_alloc = backend_host_alloc,
	.dma_free = backend_host_free,
	.close = backend_host_close,
};

struct nvrt_backend *nvrt_backend_host_open(uint64_t iova_base, struct nvrt_err *err)
{
	struct backend_host *h;

	if (!iova_base || iova_base % HOST_PAGE || iova_base >= NVRT_ADDR_LIMIT) {
		nvrt_err_set(err, "host backend: IOVA base 0x%llx must be a nonzero multiple of 4 KiB "
			     "below 2^40", (unsigned long long)iova_base);
		return NULL;
	}
	h = calloc(1, sizeof(*h));
	if (!h) {
		nvrt_err_set(err, "host backend: out of memory");
		return NULL;
	}
	h->base.ops = &backend_host_ops;
	h->next_iova = iova_base;
	return &h->base;
}
