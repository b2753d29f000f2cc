// SPDX-License-Identifier: MIT
/*
 * A kernel module built by kbuild (W=1) against installed generated headers
 * through pkg-config (test/install/run.sh): typed and NVIDIA-style headers,
 * and every field-descriptor header of the chip (and every typed and field
 * header of ad102, gh100 and gb202 when built), in one translation unit.
 */
#include <linux/module.h>
#include <linux/kernel.h>

#include <gv100/dev_fifo.h>
#include <gv100/dev_ram.h>
#include <gv100/dev_mmu.h>
#include <gv100/nv/dev_fifo.h>
/* Written by run.sh: every gv100 field-descriptor header, and the newer
 * architectures' headers when built. */
#include "regs_all.h"

static int __init regs_mod_init(void)
{
	gv100_pccsr_channel_inst_t r = { 0 };

	r = gv100_set_pccsr_channel_inst_bind(r, GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
	pr_info("refgen: NV_PCCSR_CHANNEL_INST(5) at 0x%x = 0x%x\n", gv100_pccsr_channel_inst(5), r.v);
	return 0;
}

static void __exit regs_mod_exit(void)
{
}

module_init(regs_mod_init);
module_exit(regs_mod_exit);
MODULE_DESCRIPTION("refgen installed-headers build test");
MODULE_LICENSE("Dual MIT/GPL");
