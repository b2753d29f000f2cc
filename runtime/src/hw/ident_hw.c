/* SPDX-License-Identifier: MIT */
/*
 * Identification, the same source for every generation (dev_master
 * NV_PMC_BOOT_0): the generations' ident sub-tables read it, Turing's
 * before its BOOT_42.  Its own file below device_hw.c and the generations'
 * files, which both use it.
 */
#include <string.h>

#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(NVRT_CHIP_PMC_UNIT)
#include NVRT_HW_HEADER(fields/NVRT_CHIP_PMC_UNIT)
#include "dump/reg_dump.h"

uint32_t NVRT_FN(ident_read_boot0)(struct nvrt_backend *b, struct nvrt_identity *id)
{
	HW(pmc_boot_0_t) r = REG_RD(b, pmc_boot_0);

	memset(id, 0, sizeof(*id));
	id->boot0 = r.v;
	id->architecture = HW(get_pmc_boot_0_architecture)(r);
	id->implementation = HW(get_pmc_boot_0_implementation)(r);
	nvrt_reg_text(&HW(pmc_boot_0_layout), r.v, 0, id->text, sizeof(id->text));
	return id->architecture;
}
