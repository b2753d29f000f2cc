/* SPDX-License-Identifier: MIT */
/*
 * The chip's copy-engine class (NVRT_CHIP_CE_CLASS, runtime/src/chips/<chip>.h)
 * through its generated NV-style header, whose fields are NVIDIA's "hi:lo"
 * ranges: NVRT_CE(LAUNCH_DMA) is the method's offset,
 * NVRT_CE_FIELD(v, LAUNCH_DMA, REMAP_ENABLE) reads a field of a value,
 * NVRT_CE_SET(v, LAUNCH_DMA, REMAP_ENABLE, TRUE) writes one of its values,
 * NVRT_CE_SETN(v, LINE_COUNT, VALUE, n) a number.  Shared by hw/ce_hw.c (the
 * encoder) and sim/sim_ce.c (the model).
 */
#ifndef NVRT_HW_CE_CLASS_H
#define NVRT_HW_CE_CLASS_H

#include <stdint.h>

#include NVRT_CHIP_CE_CLASS_HEADER
#include NVRT_CHIP_CE_TYPED_HEADER

/* A "hi:lo" range's ends, as NVIDIA's DRF macros read them. */
#define NVRT_CE_LO(range) (0 ? range)
#define NVRT_CE_HI(range) (1 ? range)
#define NVRT_CE_MASK(range) (0xffffffffu >> (31 - (NVRT_CE_HI(range) - NVRT_CE_LO(range))))
#define NVRT_CE_GET(v, range) (((uint32_t)(v) >> NVRT_CE_LO(range)) & NVRT_CE_MASK(range))
#define NVRT_CE_PUT(v, range, x)                                                               \
	(((uint32_t)(v) & ~(NVRT_CE_MASK(range) << NVRT_CE_LO(range))) |                          \
	 (((uint32_t)(x) & NVRT_CE_MASK(range)) << NVRT_CE_LO(range)))

#define NVRT_CE_FIELD(v, method, field) NVRT_CE_GET(v, NVRT_CE(method##_##field))
#define NVRT_CE_IS(v, method, field, value) \
	(NVRT_CE_FIELD(v, method, field) == NVRT_CE(method##_##field##_##value))
#define NVRT_CE_SET(v, method, field, value) \
	NVRT_CE_PUT(v, NVRT_CE(method##_##field), NVRT_CE(method##_##field##_##value))
#define NVRT_CE_SETN(v, method, field, x) NVRT_CE_PUT(v, NVRT_CE(method##_##field), x)

#endif
