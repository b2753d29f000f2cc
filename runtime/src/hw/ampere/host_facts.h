/* SPDX-License-Identifier: MIT */
/*
 * Facts of Ampere's Host the shared files need as constants
 * (hw/chip_table.c, hw/instance_hw.c): Host's class, which GA100's manuals
 * give only as the PBDMA signature's HOST_CLASS_ID (dev_pbdma.ref.txt:2424,
 * 0xc56f: there is no NV_PFIFO_CFG2), and the channel ids of a runlist's
 * channel RAM, NV_CHRAM_CHANNEL__SIZE_1 (dev_runlist.ref.txt:74-75).
 */
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_runlist)
#define CHIP_HOST_CLASS HWC(PPBDMA_SIGNATURE_HW_HOST_CLASS_ID)
#define CHIP_CHANNELS HWC(CHRAM_CHANNEL_SIZE_1)
#define CHIP_CHANNELS_NAME "NV_CHRAM_CHANNEL__SIZE_1"
