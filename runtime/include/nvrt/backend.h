/*
 * What the runtime needs from a device: 32-bit BAR0 access and DMA buffers.
 * Backends: the in-process host-memory backend (layout and tests), and later
 * VFIO and the GV100 Host simulator, chosen when the device is opened.
 */
#ifndef NVRT_BACKEND_H
#define NVRT_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "nvrt/dma.h"
#include "nvrt/error.h"

struct nvrt_backend;

struct nvrt_backend_ops {
	const char *name;
	uint32_t (*bar0_read32)(struct nvrt_backend *b, uint32_t offset);
	void (*bar0_write32)(struct nvrt_backend *b, uint32_t offset, uint32_t value);
	/* Allocates size bytes (zeroed), align-aligned in CPU and IOVA space,
	 * and maps them for the device. */
	int (*dma_alloc)(struct nvrt_backend *b, size_t size, size_t align,
			 enum nvrt_aperture ap, struct nvrt_dma *out, struct nvrt_err *err);
	void (*dma_free)(struct nvrt_backend *b, struct nvrt_dma *buf);
	void (*close)(struct nvrt_backend *b);
};

struct nvrt_backend {
	const struct nvrt_backend_ops *ops;
};

int nvrt_dma_alloc(struct nvrt_backend *b, size_t size, size_t align, enum nvrt_aperture ap,
		   struct nvrt_dma *out, struct nvrt_err *err);
void nvrt_dma_free(struct nvrt_backend *b, struct nvrt_dma *buf);
uint32_t nvrt_bar0_read32(struct nvrt_backend *b, uint32_t offset);
void nvrt_bar0_write32(struct nvrt_backend *b, uint32_t offset, uint32_t value);
void nvrt_backend_close(struct nvrt_backend *b);

/*
 * In-process backend: page-aligned host memory, IOVAs handed out upwards from
 * iova_base (a nonzero multiple of 4 KiB, below 2^40), nothing mapped for a
 * real device.  It has no BAR0: reads return 0xBADF0000 (a PRI error).
 */
struct nvrt_backend *nvrt_backend_host_open(uint64_t iova_base, struct nvrt_err *err);

#endif
