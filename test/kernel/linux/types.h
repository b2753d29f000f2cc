/* SPDX-License-Identifier: MIT */
/*
 * Minimal stand-in for the kernel's <linux/types.h>: just what generated
 * headers may use, so a freestanding -nostdinc build proves they need no
 * libc.  Written for the refgen tests; not copied from Linux.
 */
#ifndef REFGEN_TEST_LINUX_TYPES_H
#define REFGEN_TEST_LINUX_TYPES_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

typedef u8 uint8_t;
typedef u16 uint16_t;
typedef u32 uint32_t;
typedef u64 uint64_t;

#ifndef __cplusplus
typedef _Bool bool;
#define true 1
#define false 0
#endif

#endif
