/* SPDX-License-Identifier: MIT */
/*
 * What runtime/src/hw/ampere/'s files share besides hw/chip_fns.h: a
 * runlist's state, by the BAR0 base of its block (runlist_ampere.c; used by
 * the failure report and the stale scan, fault_ampere.c).
 */
#ifndef NVRT_HW_AMPERE_H
#define NVRT_HW_AMPERE_H

#include <stdint.h>
#include <stdio.h>

#include "hw/chip_hw.h"

/* NV_RUNLIST_SUBMIT_BASE_LO/HI, SUBMIT, SUBMIT_INFO, one line each after indent. */
void NVRT_FN(runlist_block_report)(struct nvrt_backend *b, uint32_t base, const char *indent, FILE *out);
/* Entries of the block's last submission (0: it holds none). */
uint32_t NVRT_FN(runlist_block_length)(struct nvrt_backend *b, uint32_t base);

#endif
