/* SPDX-License-Identifier: MIT */
/* USERD (NV_RAMUSERD): the channel state user space shares with Host. */
#ifndef NVRT_USERD_H
#define NVRT_USERD_H

#include <stdint.h>

#include "nvrt/chip.h"
#include "nvrt/dma.h"
#include "nvrt/error.h"

/* Checks size and 512-byte alignment (NV_RAMUSERD_BASE_SHIFT) and zeroes it. */
int nvrt_userd_init(const struct nvrt_chip *c, struct nvrt_dma *userd, struct nvrt_err *err);
/* GP_PUT is written by software; GP_GET by Host (USERD writeback). */
void nvrt_userd_gp_put_set(const struct nvrt_chip *c, struct nvrt_dma *userd, uint32_t put);
uint32_t nvrt_userd_gp_put(const struct nvrt_chip *c, const struct nvrt_dma *userd);
uint32_t nvrt_userd_gp_get(const struct nvrt_chip *c, const struct nvrt_dma *userd);

#endif
