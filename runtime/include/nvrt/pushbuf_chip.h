/* SPDX-License-Identifier: MIT */
/*
 * Inline pushbuffer encoding for one chip: the method-header words built
 * by the chip's generated FIFO_DMA accessors, inlined into the caller, so a
 * method costs a few stores (issue 11: >= 0.5x an inlined memcpy of the same
 * bytes; a reserved batch >= 1x).
 *
 * Define NVRT_PB_CHIP (gv100) and NVRT_PB_CHIP_UPPER (GV100), include the
 * chip's <CHIP/dev_ram.h>, then this file; or include <nvrt/pushbuf_gv100.h>.
 * Functions are nvrt_<chip>_pb_*.
 *
 * Never overruns: single methods check the buffer as nvrt_pb_incr does (and
 * hand anything that does not fit to it, which reports why); a batch
 * reserves room once (nvrt_pb_batch_begin) and each op checks against the
 * reserved end; an op that does not fit writes nothing and fails the batch,
 * which then commits nothing (nvrt_pb_batch_end).
 */
#if !defined(NVRT_PB_CHIP) || !defined(NVRT_PB_CHIP_UPPER)
#error "define NVRT_PB_CHIP and NVRT_PB_CHIP_UPPER before including nvrt/pushbuf_chip.h"
#endif

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "nvrt/pushbuf.h"

#define NVRT_PB_CAT_(a, b) a##b
#define NVRT_PB_CAT(a, b) NVRT_PB_CAT_(a, b)
#define NVRT_PB_HW(x) NVRT_PB_CAT(NVRT_PB_CHIP, NVRT_PB_CAT(_, x))
#define NVRT_PB_HWC(x) NVRT_PB_CAT(NVRT_PB_CHIP_UPPER, NVRT_PB_CAT(_, x))
#define NVRT_PB_FN(x) NVRT_PB_CAT(NVRT_PB_CAT(nvrt_, NVRT_PB_CHIP), NVRT_PB_CAT(_pb_, x))

/* The largest value field F holds, from its width (_FIELD_WIDTH). */
#define NVRT_PB_MAX(F) (0xFFFFFFFFu >> (32u - NVRT_PB_HWC(F##_FIELD_WIDTH)))

/* Whether an INCR header holds subch, method (a byte address) and count. */
static inline bool NVRT_PB_FN(incr_fits)(uint32_t subch, uint32_t method, uint32_t count)
{
	return !(method % NVRT_PB_HWC(FIFO_PB_ENTRY_SIZE)) &&
	       method / NVRT_PB_HWC(FIFO_PB_ENTRY_SIZE) <= NVRT_PB_MAX(FIFO_DMA_INCR_ADDRESS) &&
	       subch <= NVRT_PB_MAX(FIFO_DMA_INCR_SUBCHANNEL) &&
	       count <= NVRT_PB_MAX(FIFO_DMA_INCR_COUNT);
}

/* The INCR header word as memory holds it (little-endian); fields must fit. */
static inline uint32_t NVRT_PB_FN(incr_header)(uint32_t subch, uint32_t method, uint32_t count)
{
	NVRT_PB_HW(fifo_dma_incr_t) s;

	memset(&s, 0, sizeof(s));
	NVRT_PB_HW(set_fifo_dma_incr_opcode)(&s, NVRT_PB_HWC(FIFO_DMA_INCR_OPCODE_VALUE));
	NVRT_PB_HW(set_fifo_dma_incr_count)(&s, count);
	NVRT_PB_HW(set_fifo_dma_incr_subchannel)(&s, subch);
	NVRT_PB_HW(set_fifo_dma_incr_address)(&s, method / NVRT_PB_HWC(FIFO_PB_ENTRY_SIZE));
	return s.w[0];
}

/*
 * Little-endian data words, stored as uint32_t rather than by memcpy: a
 * memcpy may alias anything, which would make the compiler reload the
 * buffer's cursor after every method.
 */
static inline void NVRT_PB_FN(store)(uint32_t *dst, const uint32_t *src, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		dst[i] = __builtin_bswap32(src[i]);
#else
		dst[i] = src[i];
#endif
}

/*
 * The same by memcpy, for batches: their cursor is the caller's local
 * variable, which a memcpy cannot alias, and a memcpy of the data is one
 * wide load and store where the loop above is one per word.
 */
static inline void NVRT_PB_FN(store_block)(uint32_t *dst, const uint32_t *src, uint32_t n)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	NVRT_PB_FN(store)(dst, src, n);
#else
	memcpy(dst, src, (size_t)n * sizeof(*dst));
#endif
}

/* nvrt_pb_incr, inlined: the same words, the same checks and errors. */
static inline int NVRT_PB_FN(incr)(struct nvrt_pb *pb, uint32_t subch, uint32_t method,
				   const uint32_t *data, uint32_t count)
{
	size_t len = pb->len, end = len + 1 + (size_t)count;

	/* One test for the rare cases (| not ||: no branch per condition). */
	if (__builtin_expect(!NVRT_PB_FN(incr_fits)(subch, method, count) | pb->overflow |
			     (end > pb->cap) | (end <= len) | (count && !data), 0))
		return nvrt_pb_incr(pb, subch, method, data, count);
	uint32_t *p = pb->base + len;
	pb->len = end;
	p[0] = NVRT_PB_FN(incr_header)(subch, method, count);
	NVRT_PB_FN(store_block)(p + 1, data, count);
	return 0;
}

/* An INCR method group into a reserved batch. */
static inline void NVRT_PB_FN(batch_incr)(struct nvrt_pb_batch *b, uint32_t subch, uint32_t method,
					  const uint32_t *data, uint32_t count)
{
	if (__builtin_expect(!NVRT_PB_FN(incr_fits)(subch, method, count) ||
			     1 + (size_t)count > (size_t)(b->end - b->p) || (count && !data), 0)) {
		if (!b->failed)
			nvrt_pb_batch_fail(b->pb, subch, method, count,
					   b->p ? (size_t)(b->end - b->p) : 0);
		b->failed = true;
		return;
	}
	b->p[0] = NVRT_PB_FN(incr_header)(subch, method, count);
	NVRT_PB_FN(store_block)(b->p + 1, data, count);
	b->p += 1 + count;
}
