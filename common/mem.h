/* SPDX-License-Identifier: MIT */
/*
 * Allocation that does not fail: for the tools' own buffers, where running
 * out of memory leaves nothing sensible to do but stop.
 */
#ifndef COMMON_MEM_H
#define COMMON_MEM_H

#include <stddef.h>

/* realloc(p, size), never NULL: out of memory prints "<program>: out of
 * memory" on stderr and aborts. */
void *mem_realloc(void *p, size_t size);

#endif
