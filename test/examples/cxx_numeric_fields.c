/* SPDX-License-Identifier: MIT */
/*
 * A numeric field's setter takes a plain integer in C++ as in C, and its
 * named values still (doc/headers.md, "Numeric fields"); built as C++17 by
 * g++ and clang++ with -Wconversion -Wsign-conversion, and as C11.  The
 * words, worked out from the gv100 manuals:
 *   dev_ram.ref.txt:805-808  NV_RAMRL_ENTRY_TSG_LENGTH (7+1*32):(0+1*32),
 *     INIT 0, MIN 1, MAX 0x80 (a bound: numeric): word 1 bits 7:0
 *     -> 3: w[1] = 0x3; MAX: w[1] = 0x80
 *   dev_fifo.ref.txt:117-120  NV_PFIFO_RUNLIST_LENGTH 15:0, ZERO, MAX 0xffff
 *     -> 0x1234: 0x00001234
 *   dev_fifo.ref.txt:109-111  NV_PFIFO_RUNLIST_BASE_PTR 27:0, only NULL 0
 *     (one value: numeric) -> the 4 KiB page 0x123456 of 0x123456000:
 *     0x00123456
 * NV_PCCSR_CHANNEL_INST_TARGET (dev_fifo.ref.txt:57-60: VID_MEM,
 * SYS_MEM_COHERENT, SYS_MEM_NONCOHERENT) stays an enumeration: with
 * -DENUM_FIELD_INT an integer passed to it must not compile as C++.
 */
#include <stdint.h>
#include <stdio.h>

#include <gv100/dev_fifo.h>
#include <gv100/dev_ram.h>

int main(void)
{
	int failed = 0, checks = 5;
	gv100_ramrl_entry_t tsg = { { 0, 0, 0, 0 } };
	gv100_pfifo_runlist_t rl = { 0 };
	gv100_pfifo_runlist_base_t base = { 0 };
	unsigned channels = 3;
	uint64_t page = 0x123456000ull >> 12;

	gv100_set_ramrl_entry_tsg_length(&tsg, channels);
	failed += tsg.w[1] != 0x3u;
	gv100_set_ramrl_entry_tsg_length(&tsg, 1);
	gv100_set_ramrl_entry_tsg_length(&tsg, GV100_RAMRL_ENTRY_TSG_LENGTH_MAX);
	failed += tsg.w[1] != 0x80u;
	rl = gv100_set_pfifo_runlist_length(rl, 0x1234);
	failed += rl.v != 0x00001234u;
	base = gv100_set_pfifo_runlist_base_ptr(base, page);
	failed += base.v != 0x00123456u;
	failed += gv100_get_ramrl_entry_tsg_length(&tsg) != GV100_RAMRL_ENTRY_TSG_LENGTH_MAX;
#ifdef ENUM_FIELD_INT
	gv100_pccsr_channel_inst_t inst = { 0 };
	inst = gv100_set_pccsr_channel_inst_target(inst, 2);
#endif
	printf("%d passed, %d failed\n", checks - failed, failed);
	return failed != 0;
}
