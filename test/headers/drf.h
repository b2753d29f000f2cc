/* SPDX-License-Identifier: MIT */
/*
 * DRF ("device, register, field") macros in the style NVIDIA's drivers use
 * with the NVIDIA-compatible headers, written for the refgen tests (not
 * copied).  A field define expands to "hi:lo", so inside a conditional
 * expression `0 ? hi:lo` is lo and `1 ? hi:lo` is hi; every position below
 * is computed by the C compiler from the manual's own text, independently of
 * refgen's typed accessors that the tests compare against.
 *
 * Register fields: refgen/drf.h, shipped.  Memory-structure fields (*_MW, "multi-word"):
 * bit positions count from bit 0 of word 0 and may span words.
 */
#ifndef REFGEN_TEST_DRF_H
#define REFGEN_TEST_DRF_H

#include <stdint.h>

/* The register-field macros are the shipped ones (out/include/refgen/drf.h),
 * so every chip's self-check tests them against its NV-style headers. */
#include "refgen/drf.h"

#define DRF_WORD_MW(drf)        ((uint32_t)(DRF_BASE(drf)) / 32u)
#define DRF_SHIFT_MW(drf)       ((uint32_t)(DRF_BASE(drf)) % 32u)
#define DRF_WIDTH_MW(drf)       ((uint32_t)((DRF_EXTENT(drf)) - (DRF_BASE(drf)) + 1))
/* width 1..64; a wider field has no single-value mask (0) */
#define DRF_MASK_MW(drf)        (DRF_WIDTH_MW(drf) > 64u ? 0u : \
				 (~0ull >> ((64u - DRF_WIDTH_MW(drf)) % 64u)))
#define DRF_VAL_MW(drf, w)      drf_val_mw((w), DRF_WORD_MW(drf), DRF_SHIFT_MW(drf), DRF_WIDTH_MW(drf))

/*
 * The value of a field of width 1..64 at bit `shift` of word `word` of the
 * little-endian words w: the (up to three) words it touches side by side,
 * shifted down and masked.  The caller guarantees those words exist.
 */
static inline uint64_t drf_val_mw(const uint32_t *w, uint32_t word, uint32_t shift,
				  uint32_t width)
{
	unsigned __int128 v = w[word];
	uint32_t words = (shift + width + 31) / 32;

	if (words > 1)
		v |= (unsigned __int128)w[word + 1] << 32;
	if (words > 2)
		v |= (unsigned __int128)w[word + 2] << 64;
	return (uint64_t)(v >> shift) & (~0ull >> (64 - width));
}

#endif
