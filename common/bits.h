/* SPDX-License-Identifier: MIT */
/*
 * Small arithmetic on sizes and words, shared by refgen and nvrt: the number
 * of elements of an array, rounding up to a power of two, and the
 * little-endian order the GPU reads memory in.
 */
#ifndef COMMON_BITS_H
#define COMMON_BITS_H

#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* v rounded up to a multiple of a, a power of two. */
static inline uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* A word as the GPU stores it in memory (little-endian), from or to the CPU's
 * order: the same swap both ways. */
static inline uint32_t le32(uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap32(v);
#else
	return v;
#endif
}

static inline uint64_t le64(uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap64(v);
#else
	return v;
#endif
}

#endif
