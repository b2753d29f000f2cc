/* SPDX-License-Identifier: MIT */
/* Turing's runlists: one NV_PFIFO_RUNLIST_SUBMIT(i) each (dev_fifo; hw/pfifo/chip_counts.h). */
#define CHIP_RUNLISTS HWC(PFIFO_RUNLIST_SUBMIT_SIZE_1)
