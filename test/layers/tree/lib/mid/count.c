/* SPDX-License-Identifier: MIT */
int count_fn(void);

int count_fn(void)
{
	return 0;
}
