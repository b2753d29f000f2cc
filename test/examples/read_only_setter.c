/* SPDX-License-Identifier: MIT */
/* NV_PMC_BOOT_0_ARCHITECTURE is R--VF (dev_master.ref.txt:69): its setter
 * exists only with REFGEN_ALL_ACCESSORS (-DALL below). */
#ifdef ALL
#define REFGEN_ALL_ACCESSORS
#endif
#include <gv100/dev_master.h>

uint32_t boot0_of(uint32_t arch);
uint32_t boot0_of(uint32_t arch)
{
	gv100_pmc_boot_0_t r = { 0 };

	r = gv100_set_pmc_boot_0_architecture(r, arch);
	return r.v;
}
