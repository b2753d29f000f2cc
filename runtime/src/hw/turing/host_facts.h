/* SPDX-License-Identifier: MIT */
/*
 * Facts of Turing's Host the shared files need as constants (hw/chip_table.c,
 * hw/instance_hw.c): Host's class, NV_PFIFO_CFG2_HOST_CLASS_ID_VALUE (0xc46f),
 * and the channel ids, one NV_PCCSR_CHANNEL_INST(i) each (dev_fifo).
 */
#include NVRT_HW_HEADER(dev_fifo)
#define CHIP_HOST_CLASS HWC(PFIFO_CFG2_HOST_CLASS_ID_VALUE)
#define CHIP_CHANNELS HWC(PCCSR_CHANNEL_INST_SIZE_1)
#define CHIP_CHANNELS_NAME "NV_PCCSR_CHANNEL_INST__SIZE_1"
