/* SPDX-License-Identifier: MIT */
#include "chip.h"
#include "base/str.h"

int CHIP_FN(helper)(void)
{
	return str_len("chip");
}
