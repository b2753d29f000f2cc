/* SPDX-License-Identifier: MIT */
/*
 * Allocation that does not fail: for the tools' own buffers (refgen), where
 * running out of memory leaves nothing sensible to do but stop.  Never in
 * libnvrt.a (mk/common.mk): a library returns its errors.
 */
#ifndef COMMON_MEM_H
#define COMMON_MEM_H

#include <stddef.h>

/* realloc(p, size), never NULL: out of memory prints "<program>: out of
 * memory" on stderr and exits with status 1. */
void *mem_realloc(void *p, size_t size);
/* calloc(n, size), never NULL, in the same way. */
void *mem_calloc(size_t n, size_t size);
/* Prints "<program>: out of memory" on stderr and exits with status 1. */
void mem_out_of_memory(void) __attribute__((noreturn));

#endif
