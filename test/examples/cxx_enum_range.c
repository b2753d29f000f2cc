/* SPDX-License-Identifier: MIT */
/*
 * Built as C++ with clang++ -fsanitize=enum: every value a field can hold is
 * a valid value of its enum (fixed underlying type), named or not.
 * NV_PCCSR_CHANNEL_INST_TARGET 29:28 names 0, 2 and 3 (dev_fifo.ref.txt:57-60);
 * 1 is a value the field can hold all the same.
 */
#include <stdio.h>

#include <gv100/dev_fifo.h>

int main(void)
{
	volatile enum gv100_pccsr_channel_inst_target seen[4];
	unsigned sum = 0;

	for (uint32_t v = 0; v < 4; v++) {
		gv100_pccsr_channel_inst_t r = { v << 28 };

		seen[v] = gv100_get_pccsr_channel_inst_target(r);
	}
	for (uint32_t v = 0; v < 4; v++) {
		enum gv100_pccsr_channel_inst_target t = seen[v];
		sum += (unsigned)t;
	}
	printf("%s\n", sum == 6 ? "1 passed, 0 failed" : "0 passed, 1 failed");
	return sum != 6;
}
