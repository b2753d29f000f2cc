/* SPDX-License-Identifier: MIT */
/*
 * Turing: identification, the doorbell enable and the doorbell handle.
 *
 * The chip is named by NV_PMC_BOOT_42's CHIP_ID: Turing's dev_master lists
 * the Turing architecture (TU100) only under BOOT_42 (BOOT_0's value list
 * stops at GV110).  There is no NV_PMC_ENABLE_PB: the PBDMAs need no enable
 * bit (tu104-host-facts.md 1.2; nouveau tu102_fifo_init_pbdmas writes
 * neither 0x204 nor 0x2a04).  The doorbell's value is a handle holding
 * CHID and RUNLIST_ID (dev_usermode NV_USERMODE_NOTIFY_CHANNEL_PENDING).
 */
#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_ctrl)
#include NVRT_HW_HEADER(dev_master)
#include NVRT_HW_HEADER(dev_usermode)
#include NVRT_HW_HEADER(dev_vm)
#include NVRT_HW_HEADER(fields/dev_ctrl)
#include "dump/reg_dump.h"

/* BOOT_0 decoded as on every chip, then BOOT_42's CHIP_ID. */
uint32_t NVRT_FN(ident_read_boot42)(struct nvrt_backend *b, struct nvrt_identity *id)
{
	HW(pmc_boot_42_t) r;

	NVRT_FN(ident_read_boot0)(b, id);
	r = REG_RD(b, pmc_boot_42);
	id->boot42 = r.v;
	return HW(get_pmc_boot_42_chip_id)(r);
}

/*
 * No PBDMA enable register.  NV_CTRL_VIRTUAL_CHANNEL_CFG(0) PENDING_ENABLE
 * is set instead: the manual gives the field no prose, but nouveau
 * (tu102_fifo_init_pbdmas, "so the doorbell works") sets it before any
 * doorbell, and tu104-host-facts.md 1.2 and 7 recommend the same.  The
 * value is written whole from the manual's init values (MASK_INIT,
 * SET_INIT 0) with PENDING_ENABLE TRUE, so nothing read is written back.
 */
void NVRT_FN(pbdma_enable)(struct nvrt_backend *b, uint32_t npbdma, FILE *log)
{
	HW(ctrl_virtual_channel_cfg_t) r = REG_ZERO(ctrl_virtual_channel_cfg);

	(void)npbdma;
	r = HW(set_ctrl_virtual_channel_cfg_mask)(r, HWC(CTRL_VIRTUAL_CHANNEL_CFG_MASK_INIT));
	r = HW(set_ctrl_virtual_channel_cfg_pending_enable)(r, HWC(CTRL_VIRTUAL_CHANNEL_CFG_PENDING_ENABLE_TRUE));
	REG_WR(b, ctrl_virtual_channel_cfg, r, 0);
	if (log) {
		fprintf(log, "  %-22s ", "doorbell enabled");
		nvrt_reg_line("", &HW(ctrl_virtual_channel_cfg_layout), 0, r.v, NVRT_REG_NONZERO, log);
	}
}

/*
 * Turing's doorbell: NV_VIRTUAL_FUNCTION_DOORBELL, where nouveau and RM ring
 * it (nouveau tu102_vfn: the VFN at 0xb80000, its user region at +0x30000;
 * doorbell at user + 0x90).  dev_vm gives it as 0x30090 in the function's
 * space, which BAR0 holds from NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET
 * (0xB80000) on: the generated helper is its BAR0 address, 0xbb0090.  Its
 * value is the NOTIFY_CHANNEL_PENDING handle (dev_usermode: "the
 * NOTIFY_CHANNEL_PENDING register's fields match ... the VF_DOORBELL
 * register"; dev_vm NV_VIRTUAL_FUNCTION_DOORBELL__VFALIAS NV_CTRL_VF_DOORBELL).
 */
uint32_t NVRT_FN(doorbell_addr)(void)
{
	return HW(virtual_function_doorbell)();
}

/*
 * HANDLE = CHID | RUNLIST_ID (dev_usermode; nouveau tu102_chan_doorbell_handle):
 * the manual ignores a handle whose RUNLIST_ID is not the channel's runlist
 * (or 15, ALL), so the plain chid only works on runlist 0.
 */
uint32_t NVRT_FN(doorbell_handle)(const struct nvrt_host_watch *w)
{
	HW(usermode_notify_channel_pending_t) r = REG_ZERO(usermode_notify_channel_pending);

	r = HW(set_usermode_notify_channel_pending_chid)(r, w->chid);
	r = HW(set_usermode_notify_channel_pending_runlist_id)(r, w->runlist);
	return r.v;
}
