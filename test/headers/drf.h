/*
 * DRF ("device, register, field") macros in the style NVIDIA's drivers use
 * with the NVIDIA-compatible headers, written for the refgen tests (not
 * copied).  A field define expands to "hi:lo", so inside a conditional
 * expression `0 ? hi:lo` is lo and `1 ? hi:lo` is hi; every position below
 * is computed by the C compiler from the manual's own text, independently of
 * refgen's typed accessors that the tests compare against.
 *
 * Register fields (bits of one 32-bit value): shift and mask taken %32 as
 * NVIDIA's nvmisc.h does.  Memory-structure fields (*_MW, "multi-word"):
 * bit positions count from bit 0 of word 0 and may span words.
 */
#ifndef REFGEN_TEST_DRF_H
#define REFGEN_TEST_DRF_H

#include <stdint.h>

#define DRF_BASE(drf)           (0 ? drf)
#define DRF_EXTENT(drf)         (1 ? drf)
#define DRF_SHIFT(drf)          ((uint32_t)(DRF_BASE(drf)) % 32u)
#define DRF_MASK(drf)           (0xFFFFFFFFu >> (31u - ((uint32_t)(DRF_EXTENT(drf)) % 32u) + \
						 ((uint32_t)(DRF_BASE(drf)) % 32u)))
#define DRF_SHIFTMASK(drf)      (DRF_MASK(drf) << DRF_SHIFT(drf))
#define DRF_NUM(drf, n)         ((((uint32_t)(n)) & DRF_MASK(drf)) << DRF_SHIFT(drf))
#define DRF_VAL(drf, v)         ((((uint32_t)(v)) >> DRF_SHIFT(drf)) & DRF_MASK(drf))

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
