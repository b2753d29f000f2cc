/* SPDX-License-Identifier: MIT */
/*
 * Turing's own sub-tables, identification and runlists: the top of the
 * generation's files, pointing at them (ident_turing.c, runlist_turing.c) and
 * at the code every generation shares (runtime/src/hw/); none of those
 * names a table.  runtime/src/chips/<chip>.c puts the chip's table together.
 */
#include "hw/pfifo/chip_counts.h"
#include "hw/chip_hw.h"
#include NVRT_HW_HEADER(dev_master)

const struct nvrt_chip_ident NVRT_FN(ident) = {
	.value = HWC(NVRT_CHIP_IDENT),
	.value_name = "NV_" NVRT_STR(NVRT_CHIP_IDENT),
	.read = NVRT_FN(ident_read_boot42),
};

const struct nvrt_chip_runlist NVRT_FN(runlist) = {
	.runlists = CHIP_RUNLISTS,
	.runlist_submit = NVRT_FN(runlist_submit),
	.runlist_pending = NVRT_FN(runlist_pending),
	.runlist_sched_disable = NVRT_FN(runlist_sched_disable),
	.runlist_preempt = NVRT_FN(runlist_preempt),
	.preempt_done = NVRT_FN(preempt_done),
	.runlist_idle = NVRT_FN(runlist_idle),
};
