/* SPDX-License-Identifier: MIT */
/*
 * The instance block (NV_RAMIN, 4 KiB) of one channel, with its Host state
 * (NV_RAMFC, the first 512 bytes) and its page-directory bases.
 */
#ifndef NVRT_INSTANCE_H
#define NVRT_INSTANCE_H

#include <stdbool.h>
#include <stdint.h>

#include "nvrt/chip.h"
#include "nvrt/dma.h"
#include "nvrt/error.h"

struct nvrt_instance_params {
	uint32_t chid;                     /* below NV_PFIFO_CFG1_NUM_CHANNELS_INIT */
	uint64_t userd_iova;               /* 512-byte aligned (NV_RAMUSERD_BASE_SHIFT) */
	enum nvrt_aperture userd_aperture;
	uint64_t gpfifo_va;                /* 8-byte aligned GPU VA of the ring */
	uint32_t gpfifo_entries;           /* a power of two (NV_PPBDMA_GP_BASE_HI_LIMIT2) */
	uint64_t pdb_iova;                 /* PD3, 4 KiB aligned */
	enum nvrt_aperture pdb_aperture;
	bool pdb_vol;                      /* NV_RAMIN_PAGE_DIR_BASE_VOL */
	bool privileged;                   /* CONFIG AUTH_LEVEL and HCE_CTRL HCE_PRIV_MODE */
	uint32_t veid;                     /* SET_CHANNEL_INFO VEID (subcontext) */
	uint32_t timeslice_timeout;        /* RAMFC runlist timeslice, e.g. 128 */
	uint32_t timeslice_scale;          /* e.g. 3: 128 << 3 us ~ 1 ms */
	uint64_t ce_method_buffer;         /* the CE method buffer's address (RAMIN
					    * ENG_METHOD_BUFFER_ADDR) and RAMFC TARGET
					    * CE_CTX_VALID TRUE; 0: none, CE_CTX_VALID FALSE */
};

/*
 * Validates p and writes the instance block at inst (zeroed first): RAMFC
 * (GP_BASE/LIMIT2, USERD and its target, SIGNATURE, PB_HEADER, SUBDEVICE,
 * ACQUIRE, CONFIG with USERD writeback, CHID, timeslice, SET_CHANNEL_INFO,
 * HCE_CTRL, TARGET), the ver2 page directory base with 64 KiB big pages, and
 * subcontext 0 with the same PDB, the other subcontexts invalid.
 */
int nvrt_instance_build(const struct nvrt_chip *c, struct nvrt_dma *inst,
			const struct nvrt_instance_params *p, struct nvrt_err *err);

#endif
