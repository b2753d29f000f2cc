/* SPDX-License-Identifier: MIT */
/*
 * This chip's sub-tables whose code is the same source for every
 * generation (the files of runtime/src/hw/ compiled against the chip's
 * headers): memory formats, GP entries, pushbuffers, page tables, dumps,
 * with their constants from the chip's generated headers.  Host's registers
 * differ by design: the PFIFO design's sub-tables (Volta, Turing) are in
 * runtime/src/hw/pfifo/table_pfifo.c, a generation's own in
 * runtime/src/hw/<generation>/table_<generation>.c;
 * runtime/src/chips/<chip>.c puts the chip's table together.  The tables
 * are the top of runtime/src/hw/: they point at the functions, which never
 * name a table.
 */
#include "hw/chip_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)
/* CHIP_HOST_CLASS: where the generation's manual gives Host's class. */
#include NVRT_STR(hw/NVRT_CHIP_GENERATION/host_facts.h)

const struct nvrt_chip_formats NVRT_FN(formats) = {
	.instance_bytes = HWC(RAMIN_ALLOC_SIZE),
	.instance_align = 1u << HWC(RAMIN_BASE_SHIFT),
	.instance_build = NVRT_FN(instance_build),
	.userd_bytes = HWC(RAMUSERD_CHAN_SIZE),
	.userd_align = 1u << HWC(RAMUSERD_BASE_SHIFT),
	.userd_gp_put_set = NVRT_FN(userd_gp_put_set),
	.userd_gp_put = NVRT_FN(userd_gp_put),
	.userd_gp_get = NVRT_FN(userd_gp_get),
	.runlist_entry_bytes = HWC(RAMRL_ENTRY_SIZE),
	.runlist_align = 1u << HWC(RAMRL_ENTRY_BASE_SHIFT),
	.runlist_build = NVRT_FN(runlist_build),
};

const struct nvrt_chip_gpfifo NVRT_FN(gpfifo) = {
	.gp_entry_encode = NVRT_FN(gp_entry_encode),
	.gp_entry_decode = NVRT_FN(gp_entry_decode),
};

/* A method header type's layout from its fields' position constants (dev_ram). */
#define PB_METHOD_FORMAT(KIND)                                                                  \
	{                                                                                       \
		.opcode = (uint32_t)HWC(FIFO_DMA_##KIND##_OPCODE_VALUE)                       \
			  << HWC(FIFO_DMA_##KIND##_OPCODE_FIELD_SHIFT),                          \
		.count_lsb = 1u << HWC(FIFO_DMA_##KIND##_COUNT_FIELD_SHIFT),                    \
		.subch_lsb = 1u << HWC(FIFO_DMA_##KIND##_SUBCHANNEL_FIELD_SHIFT),               \
		.address_lsb = 1u << HWC(FIFO_DMA_##KIND##_ADDRESS_FIELD_SHIFT),                \
		.count_invalid = ~HW_FIELD_MAX(FIFO_DMA_##KIND##_COUNT),                        \
		.subch_invalid = ~HW_FIELD_MAX(FIFO_DMA_##KIND##_SUBCHANNEL),                   \
		.method_invalid = ~(HW_FIELD_MAX(FIFO_DMA_##KIND##_ADDRESS) * HWC(FIFO_PB_ENTRY_SIZE)), \
	}

const struct nvrt_chip_pushbuf NVRT_FN(pushbuf) = {
	.host_class = CHIP_HOST_CLASS,
	.method_format = {
		[NVRT_PB_INCR] = PB_METHOD_FORMAT(INCR),
		[NVRT_PB_NONINCR] = PB_METHOD_FORMAT(NONINCR),
		[NVRT_PB_ONEINCR] = PB_METHOD_FORMAT(ONEINCR),
	},
	.host_methods = NVRT_FN(host_methods),
	.pb_header_encode = NVRT_FN(pb_header_encode),
	.pb_header_decode = NVRT_FN(pb_header_decode),
	.sem_execute = NVRT_FN(sem_execute),
	.membar_sys_op_c = NVRT_FN(membar_sys_op_c),
	.membar_op_d = NVRT_FN(membar_op_d),
};

const struct nvrt_chip_pt NVRT_FN(pt) = {
	.pt_format = NVRT_FN(pt_format),
	.pde_encode = NVRT_FN(pde_encode),
	.pde_decode = NVRT_FN(pde_decode),
	.dual_pde_encode = NVRT_FN(dual_pde_encode),
	.dual_pde_decode = NVRT_FN(dual_pde_decode),
	.pte_encode = NVRT_FN(pte_encode),
	.pte_decode = NVRT_FN(pte_decode),
};

const struct nvrt_chip_dump NVRT_FN(dump) = {
	.ramin_dump = NVRT_FN(ramin_dump),
	.userd_dump = NVRT_FN(userd_dump),
	.runlist_dump = NVRT_FN(runlist_dump),
	.host_method_name = NVRT_FN(host_method_name),
	.host_method_data_dump = NVRT_FN(host_method_data_dump),
	.host_method_data_text = NVRT_FN(host_method_data_text),
	.reg_name = NVRT_FN(reg_name),
};
