/* SPDX-License-Identifier: MIT */
#include "a.h"
#include "b.h"

int b_fn(void)
{
	return a_fn() + 1;
}
