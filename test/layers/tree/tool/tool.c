/* SPDX-License-Identifier: MIT */
#include "base/str.h"
#ifdef PLANT
/* planted: a stack uses another it does not sit on */
int app_run(void);
#endif
int tool_run(void);

int tool_run(void)
{
#ifdef PLANT
	return str_len("tool") + app_run();
#else
	return str_len("tool");
#endif
}
