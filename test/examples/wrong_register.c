/* SPDX-License-Identifier: MIT */
/* Must not compile: a field of NV_PCCSR_CHANNEL applied to a
 * NV_PCCSR_CHANNEL_INST value (and, with -DSTRUCTURE, to another structure). */
#include <gv100/dev_fifo.h>
#include <gv100/dev_mmu.h>

uint32_t wrong(uint32_t v);
uint32_t wrong(uint32_t v)
{
	gv100_pccsr_channel_inst_t r = { v };
#ifdef STRUCTURE
	gv100_mmu_ver2_pde_t pde = { { v, 0 } };
	return (uint32_t)gv100_get_mmu_ver2_pte_valid(&pde);
#else
	return (uint32_t)gv100_get_pccsr_channel_enable(r);
#endif
}
