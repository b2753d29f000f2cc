/* SPDX-License-Identifier: MIT */
/* USERD (NV_RAMUSERD): GP_PUT written by software, GP_GET by Host writeback. */
#include "hw/chip_hw.h"
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(fields/dev_ram)
#include "dump/dump.h"

typedef HW(ramuserd_t) userd_t;

void NVRT_FN(userd_gp_put_set)(void *userd, uint32_t put)
{
	HW(set_ramuserd_gp_put)((userd_t *)userd, put);
}

uint32_t NVRT_FN(userd_gp_put)(const void *userd)
{
	return HW(get_ramuserd_gp_put)((const userd_t *)userd);
}

uint32_t NVRT_FN(userd_gp_get)(const void *userd)
{
	return HW(get_ramuserd_gp_get)((const userd_t *)userd);
}

void NVRT_FN(userd_dump)(const void *userd, FILE *out)
{
	const userd_t *u = userd;

	fprintf(out, "%s (%u bytes)\n", HW(ramuserd_layout).name, (unsigned)sizeof(u->w));
	nvrt_dump_layout(&HW(ramuserd_layout), u->w, sizeof(u->w) / 4, NULL, 0, "  ", out);
}
