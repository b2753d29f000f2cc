/* SPDX-License-Identifier: MIT */
#include "base/str.h"
#ifdef PLANT
/* planted: the bottom layer uses one above it */
int count_fn(void);
#endif

int str_len(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
#ifdef PLANT
	n += count_fn();
#endif
	return n;
}
