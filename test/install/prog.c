/* SPDX-License-Identifier: MIT */
/*
 * An out-of-tree program built only from installed files, through
 * pkg-config (test/install/run.sh): a gv100 typed accessor, the field
 * descriptors, a builder (make/), and libnvrt laying out a channel in host
 * memory.
 */
#include <stdio.h>

#include <gv100/dev_fifo.h>
#include <gv100/fields/dev_fifo.h>
#include <gv100/make/dev_fifo.h>
#include <nvrt/backend.h>
#include <nvrt/chip.h>
#include <nvrt/layout.h>

int main(void)
{
	gv100_pccsr_channel_inst_t r = { 0 };
	struct nvrt_layout_params p;
	struct nvrt_layout l;
	struct nvrt_err err = { "" };
	struct nvrt_backend *b = nvrt_backend_host_open(0x100000, &err);

	r = gv100_set_pccsr_channel_inst_bind(r, GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
	printf("NV_PCCSR_CHANNEL_INST(5) 0x%x BIND_TRUE 0x%08x\n", gv100_pccsr_channel_inst(5), r.v);
	printf("first dev_fifo layout %s\n", gv100_dev_fifo_layouts[0]->name);
	/* PTR 27:0 = 0x123, BIND 31:31 TRUE 1 (gv100 dev_fifo.ref.txt:56,61,63) */
	r = gv100_make_pccsr_channel_inst(.ptr = 0x123, .bind = GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
	printf("made NV_PCCSR_CHANNEL_INST 0x%08x\n", r.v);
	nvrt_layout_params_default(&p);
	if (!b || nvrt_layout_build(&l, nvrt_chip_find("gv100"), b, &p, &err) < 0) {
		fprintf(stderr, "prog: %s\n", err.msg);
		return 1;
	}
	printf("runlist entries %u\n", l.runlist_entries);
	nvrt_layout_fini(&l);
	nvrt_backend_close(b);
	return 0;
}
