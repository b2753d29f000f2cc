/* SPDX-License-Identifier: MIT */
#include "a.h"
#include "base/str.h"
#ifdef PLANT
/* planted: a and b use each other */
int b_fn(void);
#endif

int a_fn(void)
{
#ifdef PLANT
	return str_len("a") + b_fn();
#else
	return str_len("a");
#endif
}
