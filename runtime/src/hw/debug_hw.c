/* SPDX-License-Identifier: MIT */
/* This chip's encoders of faults for the debug layer (nvrt/debug.h). */
#include "hw/chip_hw.h"
#include "nvrt/debug.h"
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)

/* SIGNATURE HW = the complement of HW_VALID: anything else is invalid. */
static void debug_ramfc_signature_corrupt(void *inst)
{
	HW(ramfc_t) fc;
	HW(ppbdma_signature_t) s = { 0 };
	uint32_t max = HW_FIELD_MAX(PPBDMA_SIGNATURE_HW);

	HW(read_ramin_ramfc)((HW(ramin_t) *)inst, &fc);
	s.v = HW(get_ramfc_signature)(&fc);
	s = HW(set_ppbdma_signature_hw)(s, ~(uint32_t)HWC(PPBDMA_SIGNATURE_HW_VALID) & max);
	HW(set_ramfc_signature)(&fc, s.v);
	HW(write_ramin_ramfc)((HW(ramin_t) *)inst, &fc);
}

/* NV_UDMA_ILLEGAL: reserved so that it always raises INTR_0_METHOD. */
static uint32_t debug_host_method_illegal(void)
{
	return HW(udma_illegal_offset)();
}

extern const struct nvrt_chip NVRT_CAT(nvrt_chip_, NVRT_CHIP);

const struct nvrt_debug_chip NVRT_FN(debug) = {
	.chip = &NVRT_CAT(nvrt_chip_, NVRT_CHIP),
	.ramfc_signature_corrupt = debug_ramfc_signature_corrupt,
	.host_method_illegal = debug_host_method_illegal,
};
