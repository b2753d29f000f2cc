/* SPDX-License-Identifier: MIT */
/* Volta's runlists: one NV_PFIFO_ENG_RUNLIST(i) each (dev_fifo; hw/pfifo/chip_counts.h). */
#define CHIP_RUNLISTS HWC(PFIFO_ENG_RUNLIST_SIZE_1)
