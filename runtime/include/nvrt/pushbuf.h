/* SPDX-License-Identifier: MIT */
/*
 * Pushbuffer builder: method headers of every FIFO_DMA type and Host
 * methods with typed arguments.  It never writes past its buffer: an
 * operation that does not fit writes nothing, returns -1 and sets overflow.
 */
#ifndef NVRT_PUSHBUF_H
#define NVRT_PUSHBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nvrt/chip.h"
#include "nvrt/error.h"

struct nvrt_pb {
	const struct nvrt_chip *chip;
	uint32_t *base;
	size_t cap;        /* dwords */
	size_t len;        /* dwords written */
	bool overflow;     /* some operation did not fit */
	/* The chip's method header layouts (chip->pushbuf->method_format). */
	const struct nvrt_pb_method_format *method_format;
	struct nvrt_err err; /* why the last operation failed */
};

void nvrt_pb_init(struct nvrt_pb *pb, const struct nvrt_chip *c, void *mem, size_t bytes);
void nvrt_pb_reset(struct nvrt_pb *pb);

/*
 * Method headers followed by their data (op INCR, NONINCR or ONEINCR).
 * method is a byte address.
 *
 * Inline (C99 inline functions; libnvrt holds their external definitions,
 * for function pointers and unoptimised builds): the common case stores the
 * header, from the chip's layout (pb->method_format), and up to 8 data
 * dwords, after one test for every rare case (a field that does not fit,
 * no room, overflow before, NULL data, more data), which goes to
 * nvrt_pb_method_slow: the same op, checked and reported in full.
 */
/* Runs of dwords at any dword alignment, for nvrt_pb_method's copies. */
typedef uint32_t nvrt_pb_dwords4 __attribute__((vector_size(16), aligned(4)));
typedef uint32_t nvrt_pb_dwords2 __attribute__((vector_size(8), aligned(4)));

int nvrt_pb_method_slow(struct nvrt_pb *pb, enum nvrt_pb_op op, uint32_t subch, uint32_t method,
			const uint32_t *data, uint32_t count);

inline int nvrt_pb_method(struct nvrt_pb *pb, enum nvrt_pb_op op, uint32_t subch, uint32_t method,
			  const uint32_t *data, uint32_t count)
{
	const struct nvrt_pb_method_format *f = &pb->method_format[op];
	size_t len = pb->len;
	uint32_t *p;

	if (__builtin_expect(((method & f->method_invalid) | (subch & f->subch_invalid) |
			      (count & f->count_invalid)) != 0, 0) ||
	    __builtin_expect((count > 8) | pb->overflow | (count >= pb->cap - len) | !data |
			     (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__), 0))
		return nvrt_pb_method_slow(pb, op, subch, method, data, count);
	p = pb->base + len;
	pb->len = len + 1 + (size_t)count;
	p[0] = f->opcode | count * f->count_lsb | subch * f->subch_lsb |
	       method / (uint32_t)sizeof(uint32_t) * f->address_lsb;
	/*
	 * 1..8 dwords in at most two overlapping copies, none outside
	 * p[1..count].  Vectors of uint32_t, not memcpy: a memcpy may alias
	 * anything, pb's cursor too, which would then be stored and loaded
	 * again between two methods.
	 */
	if (count >= 4) {
		*(nvrt_pb_dwords4 *)(p + 1) = *(const nvrt_pb_dwords4 *)data;
		if (count > 4)
			*(nvrt_pb_dwords4 *)(p + count - 3) = *(const nvrt_pb_dwords4 *)(data + count - 4);
	} else if (count >= 2) {
		*(nvrt_pb_dwords2 *)(p + 1) = *(const nvrt_pb_dwords2 *)data;
		if (count > 2)
			*(nvrt_pb_dwords2 *)(p + count - 1) = *(const nvrt_pb_dwords2 *)(data + count - 2);
	} else if (count) {
		p[1] = data[0];
	}
	return 0;
}

inline int nvrt_pb_incr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
			uint32_t count)
{
	return nvrt_pb_method(pb, NVRT_PB_INCR, subch, method, data, count);
}

inline int nvrt_pb_nonincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method,
			   const uint32_t *data, uint32_t count)
{
	return nvrt_pb_method(pb, NVRT_PB_NONINCR, subch, method, data, count);
}

inline int nvrt_pb_oneincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method,
			   const uint32_t *data, uint32_t count)
{
	return nvrt_pb_method(pb, NVRT_PB_ONEINCR, subch, method, data, count);
}

/* Immediate data: 13 bits, checked. */
int nvrt_pb_immd(struct nvrt_pb *pb, uint32_t subch, uint32_t method, uint32_t data);
int nvrt_pb_nop(struct nvrt_pb *pb);
int nvrt_pb_set_subdevice_mask(struct nvrt_pb *pb, uint32_t mask);
int nvrt_pb_store_subdevice_mask(struct nvrt_pb *pb, uint32_t mask);
int nvrt_pb_use_subdevice_mask(struct nvrt_pb *pb);
int nvrt_pb_end_segment(struct nvrt_pb *pb);

/* Host methods (NV_UDMA_*). */
int nvrt_pb_host_nop(struct nvrt_pb *pb);
int nvrt_pb_set_reference(struct nvrt_pb *pb, uint32_t value);
int nvrt_pb_non_stall_interrupt(struct nvrt_pb *pb);
int nvrt_pb_membar_sys(struct nvrt_pb *pb);
/* SEM_ADDR_LO/HI, SEM_PAYLOAD_LO/HI, SEM_EXECUTE: va aligned to 4 bytes
 * (8 for 64-bit payloads, 16 with a timestamp) and below 2^40. */
int nvrt_pb_semaphore(struct nvrt_pb *pb, uint64_t va, uint64_t payload, unsigned flags);

/*
 * A batch: room for dwords reserved once, then filled by a chip's inline
 * encoders (nvrt/pushbuf_chip.h), each checked against the reserved end.
 * begin: 0, or -1 (overflow set) when the room is not free.  end commits
 * what was stored: 0, or -1 when an op did not fit (nothing of the batch
 * is committed; err says which).
 */
struct nvrt_pb_batch {
	struct nvrt_pb *pb;
	uint32_t *p, *end;
	bool failed;
};
/* The cold paths, in pushbuf.c: they set err (and overflow); -1. */
int nvrt_pb_batch_refuse(struct nvrt_pb *pb, size_t dwords);
void nvrt_pb_batch_fail(struct nvrt_pb *pb, uint32_t subch, uint32_t method, uint32_t count,
			size_t left);

/* Inline, and the batch never leaves the caller: its cursor stays in a register. */
static inline int nvrt_pb_batch_begin(struct nvrt_pb *pb, size_t dwords, struct nvrt_pb_batch *b)
{
	if (__builtin_expect(pb->overflow || dwords > pb->cap - pb->len, 0)) {
		*b = (struct nvrt_pb_batch){ .pb = pb, .failed = true };
		return nvrt_pb_batch_refuse(pb, dwords);
	}
	*b = (struct nvrt_pb_batch){ pb, pb->base + pb->len, pb->base + pb->len + dwords, false };
	return 0;
}

static inline int nvrt_pb_batch_end(struct nvrt_pb_batch *b)
{
	if (b->failed)
		return -1;
	b->pb->len = (size_t)(b->p - b->pb->base);
	return 0;
}

/* Subchannels a method header names (NV_FIFO_DMA_*_SUBCHANNEL 15:13). */
#define NVRT_PB_SUBCHANNELS 8u

/* Disassembles n dwords: headers, Host method names, data fields by name. */
void nvrt_pb_decode(const struct nvrt_chip *c, const uint32_t *words, size_t n, FILE *out);
/*
 * The same, naming engine methods by the class bound to their subchannel:
 * subch_class[NVRT_PB_SUBCHANNELS] (NULL: none) to start with, then each
 * SetObject's.  The chip's copy-engine class is known; a method it does not
 * define, or one of another class, is shown as unknown.
 */
void nvrt_pb_decode_classes(const struct nvrt_chip *c, const uint32_t *words, size_t n,
			    const uint32_t *subch_class, FILE *out);

#endif
