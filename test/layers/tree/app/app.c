/* SPDX-License-Identifier: MIT */
#include "mid/a.h"
#include "mid/b.h"
int app_run(void);
int chip_gv100_fn(void);

int app_run(void)
{
	return a_fn() + b_fn() + chip_gv100_fn();
}
