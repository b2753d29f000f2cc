/* SPDX-License-Identifier: MIT */
/*
 * Copy-engine work on a channel (doc/ce-facts.md): the chip's CE class bound
 * to a subchannel, pitch copies (1D and 2D), fills (REMAP from a constant)
 * and the copy engine's own semaphore release, encoded from the chip's
 * class header.  The channel must be opened with copy_engine set (a CE
 * method buffer and RAMFC CE_CTX_VALID) on a copy engine's runlist.
 */
#ifndef NVRT_CE_H
#define NVRT_CE_H

#include <stdint.h>

#include "nvrt/device.h"
#include "nvrt/dma.h"
#include "nvrt/error.h"

/* The subchannel nvrt binds its copy-engine object to (nouveau's for its
 * copy engine; on the graphics runlist the one dev_ram gives GRCOPY). */
#define NVRT_CE_SUBCH 4u

/* A pitch copy: line_bytes bytes on each of lines lines; lines 1 is a 1D
 * copy (MULTI_LINE_ENABLE FALSE, pitches unused). */
struct nvrt_ce_copy {
	uint64_t src_va, dst_va;
	uint32_t line_bytes;     /* LINE_LENGTH_IN */
	uint32_t lines;          /* LINE_COUNT */
	uint32_t src_pitch, dst_pitch;   /* PITCH_IN / PITCH_OUT: bytes between line starts */
};

/* A fill: value (4-byte elements, CONST_A) over words elements on each line. */
struct nvrt_ce_fill {
	uint64_t dst_va;
	uint32_t words;          /* LINE_LENGTH_IN: elements of 4 bytes */
	uint32_t lines;
	uint32_t dst_pitch;
	uint32_t value;
};

/* A buffer the channel's engines reach at va. */
struct nvrt_ce_buffer {
	struct nvrt_dma mem;
	uint64_t va;
	uint32_t page_size;
};

/* size bytes mapped into the channel with page_size pages (4 KiB or 64 KiB). */
int nvrt_ce_buffer_alloc(struct nvrt_channel *ch, uint64_t size, uint32_t page_size,
			 struct nvrt_ce_buffer *b, struct nvrt_err *err);
void nvrt_ce_buffer_free(struct nvrt_channel *ch, struct nvrt_ce_buffer *b);

/*
 * Each pushes its methods after the channel's last submission (waiting for
 * Host to consume the pushbuffer when it is full); nvrt_ce_submit sends
 * them.  bind: SetObject of the chip's CE class on NVRT_CE_SUBCH.  copy and
 * fill: lines of at most 2^32 - 1 bytes / elements.  release: the CE writes
 * payload to the channel's semaphore once the work before it is done.
 */
int nvrt_ce_bind(struct nvrt_channel *ch, struct nvrt_err *err);
int nvrt_ce_copy(struct nvrt_channel *ch, const struct nvrt_ce_copy *c, struct nvrt_err *err);
int nvrt_ce_fill(struct nvrt_channel *ch, const struct nvrt_ce_fill *f, struct nvrt_err *err);
int nvrt_ce_release(struct nvrt_channel *ch, uint32_t payload, struct nvrt_err *err);
/* One GP entry for everything pushed since the last, and the doorbell;
 * payload is what nvrt_channel_wait then waits for. */
int nvrt_ce_submit(struct nvrt_channel *ch, uint32_t payload, struct nvrt_err *err);

/* The class bound (VOLTA_DMA_COPY_A 0xc3b5 ...) and its name. */
uint32_t nvrt_ce_class(const struct nvrt_chip *c);
const char *nvrt_ce_class_name(const struct nvrt_chip *c);

#endif
