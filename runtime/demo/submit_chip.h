/* SPDX-License-Identifier: MIT */
/* nvrt-submit: which chip it drives (submit_chip.c). */
#ifndef NVRT_SUBMIT_CHIP_H
#define NVRT_SUBMIT_CHIP_H

#include "nvrt/chip.h"
#include "nvrt/device.h"

/* The simulator's chip when --chip is not given. */
#define SUBMIT_CHIP_DEFAULT "gv100"

/* The build's chip names joined by sep ("gv100, tu104"), from the library. */
const char *submit_chip_list(const char *sep);
/*
 * The chip of the GPU behind b (at where, for messages): identified among
 * the build's chips; NULL with err when it is none of them, or when want
 * (--chip, may be NULL) is another chip ("--chip tu104, but the GPU at ...
 * is a gv100: NV_PMC_BOOT_0 ...").
 */
const struct nvrt_chip *submit_chip_identify(struct nvrt_backend *b, const char *where,
					     const struct nvrt_chip *want, struct nvrt_err *err);

#endif
