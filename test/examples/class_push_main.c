/* SPDX-License-Identifier: MIT */
/*
 * Runs the push example of doc/headers.md (class_push.c, which
 * test/headers/examples.sh checks is that page's block) and compares the
 * dwords with values worked out by hand from clc3b5.h and gv100 dev_ram:
 *   header = SEC_OP INC_METHOD 1 << 29 | COUNT 1 << 16 | subch 4 << 13 |
 *            offset >> 2 (dev_ram.ref.txt:1004-1021)
 *   OFFSET_IN_UPPER 0x400 (clc3b5.h:135) -> 0x20018100, ... LINE_COUNT 0x41c
 *   (:149) -> 0x20018107, LAUNCH_DMA 0x300 (:68) -> 0x200180c0 with
 *   NON_PIPELINED 2 | FLUSH_ENABLE bit 2 | SRC/DST PITCH bits 7, 8 = 0x186.
 * With -DWRONG it pushes LAUNCH_DMA's value as LINE_COUNT: must not compile.
 */
#include <stdio.h>
#include <string.h>

#include "class_push.c"

int main(void)
{
	static const uint32_t want[14] = {
		0x20018100, 0x1, 0x20018101, 0x2000, 0x20018102, 0x2, 0x20018103, 0x4000,
		0x20018106, 0x100, 0x20018107, 0x1, 0x200180c0, 0x186,
	};
	uint32_t mem[16];
	struct refgen_pushbuf pb = { mem, mem + 16, false };
	int passed = 0, failed = 0;

	memset(mem, 0, sizeof(mem));
	if (push_copy(&pb, 0x100002000ull, 0x200004000ull, 0x100) == 0 && pb.cur == mem + 14 &&
	    !memcmp(mem, want, sizeof(want)))
		passed++;
	else
		failed++;
	/* 2 dwords left: the next copy's first method fits, the rest does not */
	if (push_copy(&pb, 0, 0, 1) == -1 && pb.overflow && pb.cur == mem + 16)
		passed++;
	else
		failed++;
#ifdef WRONG
	c3b5_push_line_count(&pb, 4, c3b5_make_launch_dma(.flush_enable = C3B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE));
#endif
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
