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
	struct nvrt_err err; /* why the last operation failed */
};

void nvrt_pb_init(struct nvrt_pb *pb, const struct nvrt_chip *c, void *mem, size_t bytes);
void nvrt_pb_reset(struct nvrt_pb *pb);

/* Method headers followed by their data. method is a byte address. */
int nvrt_pb_incr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
		 uint32_t count);
int nvrt_pb_nonincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
		    uint32_t count);
int nvrt_pb_oneincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
		    uint32_t count);
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

/* Disassembles n dwords: headers, Host method names, data fields by name. */
void nvrt_pb_decode(const struct nvrt_chip *c, const uint32_t *words, size_t n, FILE *out);

#endif
