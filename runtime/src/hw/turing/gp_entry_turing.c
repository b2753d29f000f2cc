/* SPDX-License-Identifier: MIT */
/*
 * Turing has no privileged GP entry: TU104's manuals define no
 * NV_PPBDMA_GP_ENTRY1_PRIV, neither does TURING_CHANNEL_GPFIFO_A's class
 * header (clc46f.h; clc36f.h and older have NVC36F_GP_ENTRY1_PRIV), and
 * NVIDIA's UVM builds Turing's GP entries without it, "GP_ENTRY1_PRIV_KERNEL,
 * which has been deprecated in Turing+" (open-gpu-kernel-modules,
 * kernel-open/nvidia-uvm/uvm_turing_host.c, uvm_hal_turing_host_set_gpfifo_entry).
 * A privileged entry is refused; bit 8 is no field to decode.
 */
#include "hw/chip_hw.h"
#include "nvrt/gpfifo.h"

int NVRT_FN(gp_entry1_priv_set)(uint32_t *w1, bool priv, struct nvrt_err *err)
{
	(void)w1;
	if (priv)
		return nvrt_err_set(err, "GP entry: no privileged GP entry on %s (GP_ENTRY1_PRIV is "
				    "deprecated from Turing on: no such field in its manuals nor in "
				    "clc46f.h)", NVRT_STR(NVRT_CHIP));
	return 0;
}

bool NVRT_FN(gp_entry1_priv_get)(uint32_t w1)
{
	(void)w1;
	return false;
}
