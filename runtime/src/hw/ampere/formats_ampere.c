/* SPDX-License-Identifier: MIT */
/*
 * The memory-format words Ampere writes its own way, called by the shared
 * hw/instance_hw.c and hw/gpfifo_hw.c (../shared/design/ga100-host-facts.md
 * 1.5, 1.8):
 * - RAMFC dwords 2-3 are RESERVED2/3 (dev_ram.ref.txt:469-470): Host reads
 *   the channel's USERD from its runlist entry ("The hardware uses
 *   NV_RAMRL_ENTRY_CHAN_USERD_PTR_LO and ..._HI", dev_ram.ref.txt:687-689),
 *   so nothing is written there;
 * - RAMFC dword 62 is the save area of NV_PPBDMA_INTR_NOTIFY (addendum
 *   manuals/ga100/dev_ram.ref): no notification, since nvrt's pushbuffers
 *   send no NON_STALL_INTERRUPT;
 * - the GP entry has no PRIV bit: AMPERE_CHANNEL_GPFIFO_A (clc56f.h)
 *   defines none, nor does the GA100 dev_pbdma.
 */
#define REFGEN_ALL_ACCESSORS

#include "hw/chip_hw.h"
#include "nvrt/gpfifo.h"
#include "nvrt/instance.h"
#include NVRT_HW_HEADER(dev_ram)

void NVRT_FN(ramfc_userd)(void *ramfc, const struct nvrt_instance_params *p)
{
	(void)ramfc;
	(void)p;
}

void NVRT_FN(ramfc_word62)(void *ramfc, const struct nvrt_instance_params *p)
{
	HW(ramfc_t) *fc = ramfc;

	(void)p;
	HW(set_ramfc_intr_notify_ctrl_cpu)(fc, HWC(RAMFC_INTR_NOTIFY_CTRL_CPU_DISABLE));
	HW(set_ramfc_intr_notify_ctrl_gsp)(fc, HWC(RAMFC_INTR_NOTIFY_CTRL_GSP_DISABLE));
}

int NVRT_FN(gp_entry1_priv_set)(uint32_t *w1, bool priv, struct nvrt_err *err)
{
	(void)w1;
	if (priv)
		return nvrt_err_set(err, "GP entry: GA100 has no NV_PPBDMA_GP_ENTRY1_PRIV "
				    "(AMPERE_CHANNEL_GPFIFO_A, clc56f.h, defines none)");
	return 0;
}

bool NVRT_FN(gp_entry1_priv_get)(uint32_t w1)
{
	(void)w1;
	return false;
}
