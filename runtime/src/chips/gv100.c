/* SPDX-License-Identifier: MIT */
/* GV100 (Volta): every sub-table its own, from its generated headers. */
#include "chip/chip_tables.h"

NVRT_CHIP_TABLES_DECLARE(gv100);

const struct nvrt_chip nvrt_chip_gv100 = {
	.name = "gv100",
	.ident = &nvrt_gv100_ident,
	.formats = &nvrt_gv100_formats,
	.gpfifo = &nvrt_gv100_gpfifo,
	.pushbuf = &nvrt_gv100_pushbuf,
	.pt = &nvrt_gv100_pt,
	.dump = &nvrt_gv100_dump,
	.host = &nvrt_gv100_host,
	.runlist = &nvrt_gv100_runlist,
	.channel = &nvrt_gv100_channel,
	.usermode = &nvrt_gv100_usermode,
	.faults = &nvrt_gv100_faults,
	.bus = &nvrt_gv100_bus,
	.ce = &nvrt_gv100_ce,
};
