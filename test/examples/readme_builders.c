/* SPDX-License-Identifier: MIT */
#include <gv100/make/dev_fifo.h>
#include <gv100/make/dev_mmu.h>

/* The same PCCSR_CHANNEL_INST value and PTE, each in one expression (C99). */
static gv100_pccsr_channel_inst_t inst_value(uint64_t inst_pa)
{
	return gv100_make_pccsr_channel_inst(.ptr = (uint32_t)(inst_pa >> 12),
					     .target = GV100_PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT,
					     .bind = GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
}

static gv100_mmu_ver2_pte_t pte_value(uint64_t pa)
{
	return gv100_make_mmu_ver2_pte(.valid = GV100_MMU_VER2_PTE_VALID_TRUE,
				       .aperture = GV100_MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY,
				       .address_sys = pa >> 12);
}
