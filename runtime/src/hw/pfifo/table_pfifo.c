/* SPDX-License-Identifier: MIT */
/*
 * The sub-tables of the PFIFO Host design, which Volta and Turing share
 * (NV_PFIFO, NV_PCCSR, NV_PMC_INTR, NV_USERMODE): bring-up, channels,
 * usermode, faults and the bus, from this folder's files compiled against
 * the chip's headers.  Compiled for the chips whose runtime/src/chips/<chip>.h
 * names NVRT_CHIP_HOST_DESIGN pfifo; GA100's Host (runlist blocks, channel
 * RAM) has its own, runtime/src/hw/ampere/table_ampere.c.
 */
#include "hw/pfifo/chip_counts.h"
#include "hw/chip_hw.h"
#include "nvrt/device.h"

const struct nvrt_chip_host NVRT_FN(host) = {
	.pbdmas = CHIP_PBDMAS,
	.host_enable = NVRT_FN(host_enable),
	.topology_read = NVRT_FN(topology_read),
	.host_enabled = NVRT_FN(host_enabled),
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
	.time_name = "NV_USERMODE_TIME",
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
