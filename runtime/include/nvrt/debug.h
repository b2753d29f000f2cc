/* SPDX-License-Identifier: MIT */
/*
 * Faults built on purpose (nvrt-submit --inject): not part of driving a GPU,
 * so not in device.h nor in the chip table.  The debug layer arms a
 * channel's hooks (nvrt_channel_hooks: after layout, before the first
 * submission) and changes memory or pushes entries with the chip's own
 * encoders (runtime/src/hw/debug_hw.c).
 */
#ifndef NVRT_DEBUG_H
#define NVRT_DEBUG_H

#include "nvrt/device.h"

enum nvrt_inject {
	NVRT_INJECT_NONE,
	NVRT_INJECT_BAD_SIGNATURE,       /* RAMFC SIGNATURE not HW_VALID */
	NVRT_INJECT_BAD_GP_ENTRY,        /* a GP control entry with OPCODE ILLEGAL */
	NVRT_INJECT_BAD_METHOD,          /* the Host method NV_UDMA_ILLEGAL */
	NVRT_INJECT_BAD_TSG,             /* a runlist whose channel is outside any TSG */
	NVRT_INJECT_UNMAPPED_SEMAPHORE,  /* the semaphore's page unmapped */
	NVRT_INJECT_STUCK_ACQUIRE,       /* an acquire never satisfied: no fault, a timeout */
};

const char *nvrt_inject_name(enum nvrt_inject k);
/* "bad-signature" ... -> k; -1 when unknown. */
int nvrt_inject_parse(const char *s, enum nvrt_inject *k);
/* Sets p->hooks so that the channel opened with p carries fault k (none
 * for NVRT_INJECT_NONE). */
void nvrt_inject_arm(struct nvrt_channel_params *p, enum nvrt_inject k);

/* A chip's encoders of faults (runtime/src/hw/debug_hw.c). */
struct nvrt_debug_chip {
	const struct nvrt_chip *chip;
	/* An instance block whose RAMFC signature is wrong. */
	void (*ramfc_signature_corrupt)(void *inst);
	/* A Host method that always raises a method error. */
	uint32_t (*host_method_illegal)(void);
};

/* c's fault encoders, or NULL. */
const struct nvrt_debug_chip *nvrt_debug_chip_find(const struct nvrt_chip *c);

#endif
