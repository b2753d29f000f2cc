/* SPDX-License-Identifier: MIT */
int str_len(const char *s);
