// SPDX-License-Identifier: MIT
/* The README's kernel-module example: typed accessors under kbuild. */
#include <linux/module.h>
#include <gv100/dev_fifo.h>

static int __init bind_init(void)
{
	gv100_pccsr_channel_inst_t r = { 0 };

	r = gv100_set_pccsr_channel_inst_ptr(r, 0x100000 >> GV100_PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT);
	r = gv100_set_pccsr_channel_inst_target(r, GV100_PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT);
	r = gv100_set_pccsr_channel_inst_bind(r, GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
	pr_info("NV_PCCSR_CHANNEL_INST(1) at 0x%x = 0x%08x\n", gv100_pccsr_channel_inst(1), r.v);
	return 0;
}

static void __exit bind_exit(void)
{
}

module_init(bind_init);
module_exit(bind_exit);
MODULE_DESCRIPTION("refgen typed accessors in a kernel module");
MODULE_LICENSE("Dual MIT/GPL");
