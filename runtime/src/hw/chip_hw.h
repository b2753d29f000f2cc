/* SPDX-License-Identifier: MIT */
/*
 * Included by every file of runtime/src/hw/, which is compiled once per chip
 * with -include runtime/src/chips/<chip>.h (NVRT_CHIP gv100, NVRT_CHIP_UPPER
 * GV100).  HW(x) names that chip's generated accessor x (gv100_x), HWC(X) its
 * constant (GV100_X), HW_FIELD_MAX(F) the largest value of its field F;
 * NVRT_FN(x) gives this file's functions chip-specific
 * names (nvrt_gv100_x) so one library can hold several chips.
 */
#ifndef NVRT_CHIP_HW_H
#define NVRT_CHIP_HW_H

#ifndef NVRT_CHIP
#error "compile runtime/src/hw/ with -include runtime/src/chips/<chip>.h"
#endif

#define NVRT_CAT_(a, b) a##b
#define NVRT_CAT(a, b) NVRT_CAT_(a, b)
#define HW(name) NVRT_CAT(NVRT_CHIP, NVRT_CAT(_, name))
#define HWC(name) NVRT_CAT(NVRT_CHIP_UPPER, NVRT_CAT(_, name))
/* The largest value field F (at most 32 bits) holds, from its _FIELD_WIDTH. */
#define HW_FIELD_MAX(F) (0xFFFFFFFFu >> (32u - HWC(F##_FIELD_WIDTH)))
#define NVRT_FN(name) NVRT_CAT(NVRT_CAT(nvrt_, NVRT_CHIP), NVRT_CAT(_, name))
#define NVRT_STR_(x) #x
#define NVRT_STR(x) NVRT_STR_(x)
/* #include NVRT_HW_HEADER(dev_ram) -> "gv100/dev_ram.h" */
#define NVRT_HW_HEADER(unit) NVRT_STR(NVRT_CHIP/unit.h)

#include "error/hw_check.h"   /* before any generated header: REFGEN_CHECK */
#include "nvrt/chip.h"
#include "hw/chip_fns.h"

#endif
