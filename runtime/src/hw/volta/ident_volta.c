/* SPDX-License-Identifier: MIT */
/*
 * Volta: identification, PBDMA enable and the doorbell handle.  The
 * chip is named by NV_PMC_BOOT_0's ARCHITECTURE (dev_master lists GV100
 * there); every PBDMA has its bit in NV_PMC_ENABLE_PB; the doorbell's value
 * is the channel id alone (dev_usermode NV_USERMODE_NOTIFY_CHANNEL_PENDING_ID;
 * nouveau gv100_chan_doorbell_handle, nvgpu).
 */
#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_master)
#include NVRT_HW_HEADER(dev_usermode)
#include NVRT_HW_HEADER(fields/dev_master)
#include "dump/reg_dump.h"

/* NV_PMC_ENABLE_PB: every PBDMA that exists on (nouveau gk104_fifo_init_pbdmas). */
void NVRT_FN(pbdma_enable)(struct nvrt_backend *b, uint32_t npbdma, FILE *log)
{
	HW(pmc_enable_pb_t) r = REG_RD(b, pmc_enable_pb);

	for (uint32_t i = 0; i < npbdma && i < HWC(PMC_ENABLE_PB_SEL_SIZE_1); i++)
		r = HW(set_pmc_enable_pb_sel)(r, i, HWC(PMC_ENABLE_PB_SEL_ENABLED));
	REG_WR(b, pmc_enable_pb, r);
	if (log) {
		fprintf(log, "  %-22s ", "PBDMAs enabled");
		nvrt_reg_line("", &HW(pmc_enable_pb_layout), -1, REG_RD(b, pmc_enable_pb).v,
			      NVRT_REG_NONZERO, log);
	}
}

/* Volta's doorbell: NV_USERMODE_NOTIFY_CHANNEL_PENDING (dev_usermode; BAR0,
 * nouveau gv100_vfn's user region 0x810000). */
uint32_t NVRT_FN(doorbell_addr)(void)
{
	return HW(usermode_notify_channel_pending)();
}

/* NV_USERMODE_NOTIFY_CHANNEL_PENDING_ID: the channel id is the handle. */
uint32_t NVRT_FN(doorbell_handle)(const struct nvrt_host_watch *w)
{
	HW(usermode_notify_channel_pending_t) r = REG_ZERO(usermode_notify_channel_pending);

	return HW(set_usermode_notify_channel_pending_id)(r, w->chid).v;
}
