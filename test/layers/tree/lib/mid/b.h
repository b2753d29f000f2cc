/* SPDX-License-Identifier: MIT */
int b_fn(void);
