/* SPDX-License-Identifier: MIT */
/*
 * Volta's privileged GP entry: NV_PPBDMA_GP_ENTRY1_PRIV 8:8, USER 0 or
 * KERNEL 1, which GV100's manuals lack and the project's addendum takes
 * from VOLTA_CHANNEL_GPFIFO_A's class header (manuals/gv100/dev_pbdma.ref).
 */
#include "hw/chip_hw.h"
#include "nvrt/gpfifo.h"
#include NVRT_HW_HEADER(dev_pbdma)

int NVRT_FN(gp_entry1_priv_set)(uint32_t *w1, bool priv, struct nvrt_err *err)
{
	HW(ppbdma_gp_entry1_t) w = { *w1 };

	(void)err;
	w = HW(set_ppbdma_gp_entry1_priv)(w, priv ? HWC(PPBDMA_GP_ENTRY1_PRIV_KERNEL) :
					  HWC(PPBDMA_GP_ENTRY1_PRIV_USER));
	*w1 = w.v;
	return 0;
}

bool NVRT_FN(gp_entry1_priv_get)(uint32_t w1)
{
	HW(ppbdma_gp_entry1_t) w = { w1 };

	return HW(get_ppbdma_gp_entry1_priv)(w) == HWC(PPBDMA_GP_ENTRY1_PRIV_KERNEL);
}
