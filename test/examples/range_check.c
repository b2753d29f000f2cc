/* SPDX-License-Identifier: MIT */
/*
 * A value too wide for its field, and an index out of range, in a debug
 * build with the default checks (test/headers/examples.sh): each failure
 * names the accessor, and the value with its field's width, then aborts.
 * NV_RAMRL_ENTRY_CHAN_CHID is (11+2*32):(0+2*32), 12 bits (gv100
 * dev_ram.ref.txt:780), so 5000 (0x1388) does not fit; NV_PCCSR_CHANNEL_INST
 * has 4096 entries (dev_fifo.ref.txt:55, __SIZE_1).
 */
#include <stdio.h>

#include <gv100/dev_fifo.h>
#include <gv100/dev_ram.h>

int main(void)
{
	gv100_ramrl_entry_t e = { { 0 } };

#ifdef INDEX
	printf("0x%x\n", (unsigned)gv100_pccsr_channel_inst(5000));
#else
	gv100_set_ramrl_entry_chan_chid(&e, 5000);
#endif
	/* reached only without checks (NDEBUG): the value masked to 12 bits */
	printf("0x%x\n", (unsigned)e.w[2]);
	return 0;
}
