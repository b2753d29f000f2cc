/* SPDX-License-Identifier: MIT */
/* The GPFIFO ring: 8-byte GP entries that point Host at pushbuffer segments. */
#ifndef NVRT_GPFIFO_H
#define NVRT_GPFIFO_H

#include <stdbool.h>
#include <stdint.h>

#include "nvrt/chip.h"
#include "nvrt/dma.h"
#include "nvrt/error.h"

/* Control entries (LENGTH 0): NV_PPBDMA_GP_ENTRY1_OPCODE. */
enum nvrt_gp_opcode {
	NVRT_GP_OP_NOP,
	NVRT_GP_OP_ILLEGAL,
	NVRT_GP_OP_GP_CRC,
	NVRT_GP_OP_PB_CRC,
};

struct nvrt_gp_entry {
	uint64_t va;               /* pushbuffer segment, 4-byte aligned, below 2^40 */
	uint32_t length;           /* in dwords; 0 makes a control entry */
	bool subroutine;           /* LEVEL SUBROUTINE, else MAIN */
	bool sync_wait;            /* SYNC WAIT: wait for the previous segment's fetch */
	bool conditional;          /* FETCH CONDITIONAL */
	bool priv;                 /* PRIV KERNEL: Volta only (addendum: clc36f.h); refused on Turing */
	enum nvrt_gp_opcode opcode;/* control entries only */
};

struct nvrt_gpfifo {
	const struct nvrt_chip *chip;
	struct nvrt_dma *mem;      /* entries * 8 bytes, 8-byte aligned */
	uint32_t entries;          /* a power of two */
	uint32_t put;              /* next entry software writes (GP_PUT) */
};

int nvrt_gpfifo_init(struct nvrt_gpfifo *g, const struct nvrt_chip *c, struct nvrt_dma *mem,
		     uint32_t entries, struct nvrt_err *err);
/* Entries software may still write before reaching gp_get (one stays free). */
uint32_t nvrt_gpfifo_space(const struct nvrt_gpfifo *g, uint32_t gp_get);
bool nvrt_gpfifo_empty(const struct nvrt_gpfifo *g, uint32_t gp_get);
bool nvrt_gpfifo_full(const struct nvrt_gpfifo *g, uint32_t gp_get);
/* Writes e at put and advances put, wrapping; fails when full. */
int nvrt_gpfifo_push(struct nvrt_gpfifo *g, const struct nvrt_gp_entry *e, uint32_t gp_get,
		     struct nvrt_err *err);
/* LOG2 of entries for NV_PPBDMA_GP_BASE_HI_LIMIT2. */
uint32_t nvrt_gpfifo_limit2(uint32_t entries);

#endif
