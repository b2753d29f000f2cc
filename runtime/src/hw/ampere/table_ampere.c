/* SPDX-License-Identifier: MIT */
/*
 * Ampere's own sub-tables: identification, Host bring-up, runlists,
 * channels (channel RAM), usermode (the VF window's doorbell and time),
 * faults and the bus: the top of the generation's files, pointing at them
 * (device_ampere.c, runlist_ampere.c, fault_ampere.c) and at the code every
 * generation shares (runtime/src/hw/); none of those names a table.
 * runtime/src/chips/<chip>.c puts the chip's table together.
 */
#include "hw/chip_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_boot)
#include NVRT_HW_HEADER(dev_pbdma)

const struct nvrt_chip_ident NVRT_FN(ident) = {
	.value = HWC(NVRT_CHIP_IDENT),
	.value_name = "NV_" NVRT_STR(NVRT_CHIP_IDENT),
	.read = NVRT_FN(ident_read_boot42),
};

const struct nvrt_chip_host NVRT_FN(host) = {
	/* The manual's PBDMA arrays: which exist, each runlist's PBDMA_CONFIG says. */
	.pbdmas = HWC(PPBDMA_INTR_0_SIZE_1) < NVRT_MAX_PBDMAS ? HWC(PPBDMA_INTR_0_SIZE_1) : NVRT_MAX_PBDMAS,
	.host_enable = NVRT_FN(host_enable),
	.topology_read = NVRT_FN(topology_read),
	.host_enabled = NVRT_FN(host_enabled),
	.runlists_cleared_by_hand = true,
};

const struct nvrt_chip_runlist NVRT_FN(runlist) = {
	/* Found in device info at bring-up (d->topo.nrunlists), not in a register array. */
	.runlists = NVRT_MAX_RUNLISTS,
	.runlist_submit = NVRT_FN(runlist_submit),
	.runlist_pending = NVRT_FN(runlist_pending),
	.runlist_sched_disable = NVRT_FN(runlist_sched_disable),
	.runlist_preempt = NVRT_FN(runlist_preempt),
	.preempt_done = NVRT_FN(preempt_done),
	.runlist_idle = NVRT_FN(runlist_idle),
};

const struct nvrt_chip_channel NVRT_FN(channel) = {
	.channel_bind = NVRT_FN(channel_bind),
	.channel_unbind = NVRT_FN(channel_unbind),
	.channel_enable = NVRT_FN(channel_enable),
};

const struct nvrt_chip_usermode NVRT_FN(usermode) = {
	.doorbell_handle = NVRT_FN(doorbell_handle),
	.doorbell_ring = NVRT_FN(doorbell_ring),
	.time_read = NVRT_FN(time_read),
	.time_name = "NV_VIRTUAL_FUNCTION_TIME",
};

const struct nvrt_chip_faults NVRT_FN(faults) = {
	.fault_check = NVRT_FN(fault_check),
	.fault_report = NVRT_FN(fault_report),
	.fault_clear = NVRT_FN(fault_clear),
};

const struct nvrt_chip_bus NVRT_FN(bus) = {
	.pri_error = NVRT_FN(pri_error),
	.bus_probe = NVRT_FN(bus_probe),
	.stale_scan = NVRT_FN(stale_scan),
};
