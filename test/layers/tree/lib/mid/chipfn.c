/* SPDX-License-Identifier: MIT */
#include "chip.h"

int CHIP_FN(fn)(void)
{
	return CHIP_FN(helper)();
}
