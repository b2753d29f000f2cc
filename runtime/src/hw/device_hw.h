/* SPDX-License-Identifier: MIT */
/*
 * Register access for runtime/src/hw/device*_hw.c: every read and write
 * names the generated register (its offset function and its typed value),
 * so no offset is written by hand.
 *
 *   HW(pfifo_intr_0_t) r = REG_RD(b, pfifo_intr_0);
 *   REG_WR(b, ppbdma_intr_0, r, pbdma);
 */
#ifndef NVRT_DEVICE_HW_H
#define NVRT_DEVICE_HW_H

#include <stdio.h>

#include "nvrt/backend.h"

#define REG_RD(b, reg, ...) \
	((HW(NVRT_CAT(reg, _t))){ nvrt_bar0_read32((b), HW(reg)(__VA_ARGS__)) })
#define REG_WR(b, reg, val, ...) \
	nvrt_bar0_write32((b), HW(reg)(__VA_ARGS__), (val).v)
/* A register value with every field 0. */
#define REG_ZERO(reg) ((HW(NVRT_CAT(reg, _t))){ 0 })


#endif
