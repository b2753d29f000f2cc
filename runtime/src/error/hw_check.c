/* SPDX-License-Identifier: MIT */
#include "error/hw_check.h"

#include <stdio.h>

/* Per thread: the simulator runs beside the code that lays channels out. */
static _Thread_local const char *hw_check_accessor, *hw_check_cond;

void nvrt_hw_check_fail(const char *accessor, const char *cond)
{
	if (!hw_check_accessor) {
		hw_check_accessor = accessor;
		hw_check_cond = cond;
	}
}

void nvrt_hw_check_reset(void)
{
	hw_check_accessor = hw_check_cond = NULL;
}

int nvrt_hw_check_result(struct nvrt_err *err, const char *what)
{
	if (!hw_check_accessor)
		return 0;
	nvrt_err_set(err, "%s: a value does not fit its field (%s: %s)", what,
		     hw_check_accessor, hw_check_cond);
	nvrt_hw_check_reset();
	return -1;
}
