/* SPDX-License-Identifier: MIT */
/*
 * One TSG with one channel, laid out in DMA memory exactly as the submit
 * path uses it: instance block, USERD, runlist, GPFIFO ring, a pushbuffer
 * that releases a semaphore, the semaphore, and the page tables that map the
 * ring, the pushbuffer and the semaphore into the channel's GPU VA space.
 */
#ifndef NVRT_LAYOUT_H
#define NVRT_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/gpfifo.h"
#include "nvrt/pagetable.h"
#include "nvrt/pushbuf.h"

struct nvrt_layout_params {
	uint32_t chid, tsgid;
	uint32_t runqueue;                 /* RUNQUEUE_SELECTOR */
	enum nvrt_aperture aperture;       /* of every buffer and page table */
	uint32_t gpfifo_entries;           /* a power of two */
	uint32_t pushbuf_bytes;
	uint64_t va_base;                  /* GPU VA of the first mapped buffer; 0: identity */
	bool privileged;
	uint32_t timeslice_timeout, timeslice_scale;
	bool copy_engine;                  /* a CE method buffer, RAMFC CE_CTX_VALID TRUE */
};

/* Defaults: chid 1, tsgid 0, runqueue 0, coherent, 512 entries, 4 KiB
 * pushbuffer, identity VAs, TSG timeslice 128 << 3. */
void nvrt_layout_params_default(struct nvrt_layout_params *p);

struct nvrt_layout {
	const struct nvrt_chip *chip;
	struct nvrt_backend *backend;
	struct nvrt_layout_params params;
	struct nvrt_dma inst, userd, runlist, gpfifo_mem, pushbuf_mem, semaphore;
	struct nvrt_dma ce_methods;        /* the CE method buffer (copy_engine) */
	uint64_t gpfifo_va, pushbuf_va, semaphore_va, ce_methods_va;
	uint64_t va_next;                  /* next free VA after va_base's buffers */
	uint32_t runlist_entries;
	struct nvrt_vm vm;
	struct nvrt_gpfifo gpfifo;
	struct nvrt_pb pb;
};

/* Allocates, maps and fills everything but the work itself. */
int nvrt_layout_build(struct nvrt_layout *l, const struct nvrt_chip *c, struct nvrt_backend *b,
		      const struct nvrt_layout_params *p, struct nvrt_err *err);
void nvrt_layout_fini(struct nvrt_layout *l);

/* A buffer of size bytes for the channel's engines, mapped with page_size
 * (4 KiB or 64 KiB) pages at *va; nvrt_layout_buffer_unmap undoes it. */
int nvrt_layout_buffer_map(struct nvrt_layout *l, struct nvrt_dma *buf, uint64_t size,
			   uint32_t page_size, uint64_t *va, struct nvrt_err *err);
void nvrt_layout_buffer_unmap(struct nvrt_layout *l, struct nvrt_dma *buf, uint64_t va,
			      uint32_t page_size);

/*
 * Appends one submission: a pushbuffer segment that releases payload to the
 * semaphore (32-bit, with WFI) and a GP entry for it, then publishes GP_PUT
 * in USERD.  gp_get is Host's GP_GET (from USERD), for the full check.
 */
int nvrt_layout_push_release(struct nvrt_layout *l, uint32_t payload, uint32_t gp_get,
			     struct nvrt_err *err);

#endif
