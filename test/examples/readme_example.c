/* SPDX-License-Identifier: MIT */
#include <gv100/dev_fifo.h>
#include <gv100/dev_mmu.h>
#include <gv100/dev_ram.h>

/* Bind channel chid to the instance block at inst_pa (system memory). */
static void bind_channel(volatile uint32_t *bar0, uint32_t chid, uint64_t inst_pa)
{
	gv100_pccsr_channel_inst_t r = { 0 };

	r = gv100_set_pccsr_channel_inst_ptr(r, inst_pa >> GV100_PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT);
	r = gv100_set_pccsr_channel_inst_target(r, GV100_PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT);
	r = gv100_set_pccsr_channel_inst_bind(r, GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
	bar0[gv100_pccsr_channel_inst(chid) / 4] = r.v;
}

/* Point an instance block at a ver2 page directory with 64 KiB big pages. */
static void setup_pdb(gv100_ramin_t *ramin, uint64_t pdb_pa)
{
	gv100_set_ramin_page_dir_base_target(ramin, GV100_RAMIN_PAGE_DIR_BASE_TARGET_SYS_MEM_COHERENT);
	gv100_set_ramin_page_dir_base_vol(ramin, GV100_RAMIN_PAGE_DIR_BASE_VOL_TRUE);
	gv100_set_ramin_use_ver2_pt_format(ramin, GV100_RAMIN_USE_VER2_PT_FORMAT_TRUE);
	gv100_set_ramin_big_page_size(ramin, GV100_RAMIN_BIG_PAGE_SIZE_64KB);
	gv100_setaddr_ramin_page_dir_base(ramin, pdb_pa);   /* checks 4 KiB alignment */
}

/* A PTE mapping 4 KiB of coherent system memory at pa. */
static gv100_mmu_ver2_pte_t make_pte(uint64_t pa)
{
	gv100_mmu_ver2_pte_t pte = { { 0 } };

	gv100_set_mmu_ver2_pte_valid(&pte, GV100_MMU_VER2_PTE_VALID_TRUE);
	gv100_set_mmu_ver2_pte_aperture(&pte, GV100_MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY);
	gv100_set_mmu_ver2_pte_address_sys(&pte, pa >> GV100_MMU_VER2_PTE_ADDRESS_SHIFT);  /* 46 bits, both words */
	return pte;
}

/* Is the channel's instance block bound?  Read-only fields have getters only. */
static int channel_bound(uint32_t inst_value)
{
	gv100_pccsr_channel_inst_t r = { inst_value };

	return gv100_get_pccsr_channel_inst_bind(r) == GV100_PCCSR_CHANNEL_INST_BIND_TRUE;
}
