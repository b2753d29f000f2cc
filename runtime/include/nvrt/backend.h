/* SPDX-License-Identifier: MIT */
/*
 * What the runtime needs from a device: 32-bit BAR0 access and DMA buffers.
 * Backends: the in-process host-memory backend (layout and tests), and later
 * VFIO and the GV100 Host simulator, chosen when the device is opened.
 */
#ifndef NVRT_BACKEND_H
#define NVRT_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nvrt/dma.h"
#include "nvrt/error.h"

struct nvrt_backend;

/* Where a backend's BAR0 is, for a trace's MAP line: its PCI bus address,
 * where this process maps it, its size (0 for what a backend does not have). */
struct nvrt_bar0_where {
	uint64_t phys, virt, size;
};

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
	/* Optional: the host asked for the device back (VFIO's device request:
	 * an unbind, a hot-unplug); it waits until the backend is closed. */
	bool (*host_request)(struct nvrt_backend *b);
	/* Optional: where BAR0 is (nvrt_backend_bar0_where: all 0 without it). */
	void (*bar0_where)(struct nvrt_backend *b, struct nvrt_bar0_where *out);
};

/*
 * Register reads that are not data (bus.c).  A GPU that fell off the bus
 * (surprise removal, a link down, a hard hang) answers every BAR0 read with
 * all ones, as PCIe does for a request nobody completes; a read that failed
 * inside the GPU's priv ring returns the chip's PRI error word.  Once armed
 * (nvrt_device_open does it with the chip's facts), every nvrt_bar0_read32
 * is checked: `errors` counts bad reads, so a poll loop sees a new one at
 * once; the first bad read not yet reported is kept (nvrt_bus_take), and
 * until it is taken every BAR0 write is dropped, so that nothing computed
 * from a value that was not data (a read-modify-write, a write-1-to-clear
 * of what was read) ever reaches the GPU.
 */
enum nvrt_bus_state {
	NVRT_BUS_OK,
	NVRT_BUS_GONE,           /* the read and the probe register read all ones */
	NVRT_BUS_PRI_ERROR,      /* the read returned the PRI error word */
};

struct nvrt_bus_read {
	enum nvrt_bus_state kind;
	uint32_t offset, value;
};

struct nvrt_bus {
	bool armed;
	bool (*pri_error)(uint32_t value);   /* the chip's test for its PRI error word */
	uint32_t probe;          /* a register that never reads all ones (NV_PMC_BOOT_0) */
	enum nvrt_bus_state state;   /* GONE stays until nvrt_bus_clear */
	struct nvrt_bus_read first;  /* the first bad read not yet taken */
	uint64_t errors;         /* bad reads seen */
	uint64_t writes_dropped; /* while a bad read was not yet reported */
};

/*
 * A hook that sees every BAR0 access that reaches the device: each
 * nvrt_bar0_read32 and nvrt_bar0_write32 and the bus check's probe reads
 * ('R' or 'W', the offset, the value read or written).  One per backend;
 * the mmiotrace writer (trace.h) is one.
 */
struct nvrt_bar0_hook {
	void (*access)(void *ctx, char op, uint32_t offset, uint32_t value);
	void *ctx;
};

struct nvrt_backend {
	const struct nvrt_backend_ops *ops;
	struct nvrt_bus bus;
	struct nvrt_bar0_hook hook;   /* access NULL: none */
};

/* Checks every later register read of b: probe, and pri_error for PRI
 * errors; forgets what was seen before. */
void nvrt_bus_arm(struct nvrt_backend *b, uint32_t probe, bool (*pri_error)(uint32_t value));
void nvrt_bus_clear(struct nvrt_backend *b);
/* The first bad read since the last take (kind NVRT_BUS_OK: none). */
struct nvrt_bus_read nvrt_bus_take(struct nvrt_backend *b);
/* For nvrt_bar0_read32: checks one read of an armed backend. */
void nvrt_bus_check(struct nvrt_backend *b, uint32_t offset, uint32_t value);

int nvrt_dma_alloc(struct nvrt_backend *b, size_t size, size_t align, enum nvrt_aperture ap,
		   struct nvrt_dma *out, struct nvrt_err *err);
void nvrt_dma_free(struct nvrt_backend *b, struct nvrt_dma *buf);
uint32_t nvrt_bar0_read32(struct nvrt_backend *b, uint32_t offset);
/* Whether the host has asked for the device back: stop, tear down, close. */
bool nvrt_backend_host_request(struct nvrt_backend *b);
void nvrt_bar0_write32(struct nvrt_backend *b, uint32_t offset, uint32_t value);
/* One read of the device, through the hook but unchecked (the bus check's
 * own probe reads). */
uint32_t nvrt_bar0_read32_unchecked(struct nvrt_backend *b, uint32_t offset);
void nvrt_backend_bar0_where(struct nvrt_backend *b, struct nvrt_bar0_where *out);
void nvrt_backend_close(struct nvrt_backend *b);

/*
 * In-process backend: page-aligned host memory, IOVAs handed out upwards from
 * iova_base (a nonzero multiple of 4 KiB, below 2^40), nothing mapped for a
 * real device.  It has no BAR0: reads return all ones, as for a device that
 * is not there.
 */
struct nvrt_backend *nvrt_backend_host_open(uint64_t iova_base, struct nvrt_err *err);

#endif
