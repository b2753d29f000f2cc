/* SPDX-License-Identifier: MIT */
/* Runlists (NV_RAMRL_ENTRY): TSG headers, each followed by its channels. */
#ifndef NVRT_RUNLIST_H
#define NVRT_RUNLIST_H

#include <stdint.h>

#include "nvrt/chip.h"
#include "nvrt/dma.h"
#include "nvrt/error.h"

struct nvrt_runlist_chan {
	uint32_t chid;
	uint32_t runqueue;                /* RUNQUEUE_SELECTOR: 0 or 1 */
	uint64_t inst_iova;               /* 4 KiB aligned */
	enum nvrt_aperture inst_aperture;
	uint64_t userd_iova;              /* 512-byte aligned */
	enum nvrt_aperture userd_aperture;
};

struct nvrt_runlist_tsg {
	uint32_t tsgid;
	uint32_t timeslice_timeout;       /* e.g. 128 */
	uint32_t timeslice_scale;         /* e.g. 3 */
	const struct nvrt_runlist_chan *chans;
	uint32_t nchans;                  /* TSG_LENGTH: 1..128 */
};

/*
 * Writes the runlist for tsgs into rl (4 KiB aligned) and returns the number
 * of entries written.  Every channel is inside a TSG by construction; ids,
 * lengths, alignments and the buffer size are checked against dev_ram.
 */
int nvrt_runlist_build(const struct nvrt_chip *c, struct nvrt_dma *rl,
		       const struct nvrt_runlist_tsg *tsgs, uint32_t ntsgs,
		       uint32_t *nentries, struct nvrt_err *err);

#endif
