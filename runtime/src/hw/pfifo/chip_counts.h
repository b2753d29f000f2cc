/* SPDX-License-Identifier: MIT */
/*
 * How many PBDMAs and runlists the chip's registers hold: the counts its
 * sub-tables give (nvrt_chip_host.pbdmas, nvrt_chip_runlist.runlists) and
 * the per-chip code loops over, given here, below both, so that no function
 * reads them back from the tables that point at it.
 */
#ifndef NVRT_CHIP_COUNTS_H
#define NVRT_CHIP_COUNTS_H

#include "hw/chip_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(dev_pbdma)
/* CHIP_RUNLISTS: the generation's (its runlist registers differ). */
#include NVRT_STR(hw/NVRT_CHIP_GENERATION/runlists.h)

/* PBDMAs: as many as every per-PBDMA array of the manual holds. */
#define CHIP_MIN(a, b) ((a) < (b) ? (a) : (b))
#define CHIP_PBDMAS CHIP_MIN(CHIP_MIN(HWC(PPBDMA_INTR_0_SIZE_1), HWC(PFIFO_PBDMA_MAP_SIZE_1)), \
			     CHIP_MIN(HWC(PFIFO_PBDMA_STATUS_SIZE_1), NVRT_MAX_PBDMAS))

#endif
