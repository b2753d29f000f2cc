/*
 * The pushbuffer builder and disassembler, for any chip: the encodings come
 * from the chip's table (chip.h), this file only places words.
 *
 * Memory holds little-endian words, as Host fetches them; the chip's
 * encoders and decoders deal in numbers.
 */
#include <inttypes.h>
#include <string.h>

#include "nvrt/pushbuf.h"

#define PB_DWORD sizeof(uint32_t)

static inline uint32_t pb_le32(uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap32(v);
#else
	return v;
#endif
}

/* Data dwords as they are; short runs inline (a memcpy call costs more). */
static inline void pb_store(uint32_t *dst, const uint32_t *src, size_t n)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	for (size_t i = 0; i < n; i++)
		dst[i] = pb_le32(src[i]);
#else
	switch (n) {
	case 4:
		dst[3] = src[3];
		/* fall through */
	case 3:
		dst[2] = src[2];
		/* fall through */
	case 2:
		dst[1] = src[1];
		/* fall through */
	case 1:
		dst[0] = src[0];
		/* fall through */
	case 0:
		break;
	default:
		memcpy(dst, src, n * PB_DWORD);
	}
#endif
}

void nvrt_pb_init(struct nvrt_pb *pb, const struct nvrt_chip *c, void *mem, size_t bytes)
{
	memset(pb, 0, sizeof(*pb));
	pb->chip = c;
	pb->base = mem;
	/* Host reads dwords: unaligned memory holds none (every op overflows). */
	if (!mem)
		nvrt_err_set(&pb->err, "pushbuffer: no memory");
	else if ((uintptr_t)mem % PB_DWORD)
		nvrt_err_set(&pb->err, "pushbuffer memory %p is not dword aligned", mem);
	else
		pb->cap = bytes / PB_DWORD;
}

void nvrt_pb_reset(struct nvrt_pb *pb)
{
	pb->len = 0;
	pb->overflow = false;
	pb->err.msg[0] = '\0';
}

/*
 * Once an op has not fit, none is written until nvrt_pb_reset: the buffer
 * never holds a stream with an op missing from its middle.
 */
static __attribute__((cold, noinline)) uint32_t *pb_overflow(struct nvrt_pb *pb, size_t n)
{
	if (pb->overflow) {
		nvrt_err_set(&pb->err, "pushbuffer overflowed before: nothing is added until "
			     "nvrt_pb_reset");
		return NULL;
	}
	pb->overflow = true;
	nvrt_err_set(&pb->err, "pushbuffer full: %zu dwords needed, %zu of %zu free", n,
		     pb->cap - pb->len, pb->cap);
	return NULL;
}

/* Room for n dwords, or NULL with overflow set. */
static inline uint32_t *pb_reserve(struct nvrt_pb *pb, size_t n)
{
	if (__builtin_expect(!pb->overflow && n <= pb->cap - pb->len, 1))
		return pb->base + pb->len;
	return pb_overflow(pb, n);
}

static int pb_header(struct nvrt_pb *pb, const struct nvrt_pb_header *h, uint32_t *out)
{
	return pb->chip->pb_header_encode(h, out, &pb->err);
}

static int pb_method(struct nvrt_pb *pb, enum nvrt_pb_op op, uint32_t subch, uint32_t method,
		     const uint32_t *data, uint32_t count)
{
	struct nvrt_pb_header h = { .op = op, .subch = subch, .method = method, .count = count };
	uint32_t hdr, *p;

	if (count && !data)
		return nvrt_err_set(&pb->err, "pushbuffer: %u data dwords from NULL", count);
	if (pb_header(pb, &h, &hdr) || !(p = pb_reserve(pb, 1 + (size_t)count)))
		return -1;
	p[0] = pb_le32(hdr);
	pb_store(p + 1, data, count);
	pb->len += 1 + (size_t)count;
	return 0;
}

int nvrt_pb_batch_refuse(struct nvrt_pb *pb, size_t dwords)
{
	pb_overflow(pb, dwords);
	return -1;
}

void nvrt_pb_batch_fail(struct nvrt_pb *pb, uint32_t subch, uint32_t method, uint32_t count,
			size_t left)
{
	nvrt_err_set(&pb->err, "pushbuffer batch: INCR subchannel %u method 0x%x with %u data "
		     "dwords does not fit the header or the %zu dwords left of the batch (nothing "
		     "of the batch is committed)", subch, method, count, left);
}

/* A one-dword PB instruction. */
static int pb_single(struct nvrt_pb *pb, const struct nvrt_pb_header *h)
{
	uint32_t word, *p;

	if (pb_header(pb, h, &word) || !(p = pb_reserve(pb, 1)))
		return -1;
	*p = pb_le32(word);
	pb->len++;
	return 0;
}

int nvrt_pb_incr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
		 uint32_t count)
{
	return pb_method(pb, NVRT_PB_INCR, subch, method, data, count);
}

int nvrt_pb_nonincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
		    uint32_t count)
{
	return pb_method(pb, NVRT_PB_NONINCR, subch, method, data, count);
}

int nvrt_pb_oneincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
		    uint32_t count)
{
	return pb_method(pb, NVRT_PB_ONEINCR, subch, method, data, count);
}

int nvrt_pb_immd(struct nvrt_pb *pb, uint32_t subch, uint32_t method, uint32_t data)
{
	struct nvrt_pb_header h = { .op = NVRT_PB_IMMD, .subch = subch, .method = method, .data = data };

	return pb_single(pb, &h);
}

int nvrt_pb_nop(struct nvrt_pb *pb)
{
	struct nvrt_pb_header h = { .op = NVRT_PB_NOP };

	return pb_single(pb, &h);
}

int nvrt_pb_set_subdevice_mask(struct nvrt_pb *pb, uint32_t mask)
{
	struct nvrt_pb_header h = { .op = NVRT_PB_SET_SUBDEVICE_MASK, .data = mask };

	return pb_single(pb, &h);
}

int nvrt_pb_store_subdevice_mask(struct nvrt_pb *pb, uint32_t mask)
{
	struct nvrt_pb_header h = { .op = NVRT_PB_STORE_SUBDEVICE_MASK, .data = mask };

	return pb_single(pb, &h);
}

int nvrt_pb_use_subdevice_mask(struct nvrt_pb *pb)
{
	struct nvrt_pb_header h = { .op = NVRT_PB_USE_SUBDEVICE_MASK };

	return pb_single(pb, &h);
}

int nvrt_pb_end_segment(struct nvrt_pb *pb)
{
	struct nvrt_pb_header h = { .op = NVRT_PB_END_SEGMENT };

	return pb_single(pb, &h);
}

/* ---- Host methods -------------------------------------------------------------- */

/* Host-only methods ignore the subchannel (dev_ram FIFO_DMA): use 0. */
static int pb_host(struct nvrt_pb *pb, uint32_t method, const uint32_t *data, uint32_t count)
{
	return pb_method(pb, NVRT_PB_INCR, 0, method, data, count);
}

static struct nvrt_host_methods pb_host_methods(const struct nvrt_pb *pb)
{
	struct nvrt_host_methods m;

	pb->chip->host_methods(&m);
	return m;
}

int nvrt_pb_host_nop(struct nvrt_pb *pb)
{
	static const uint32_t zero;

	return pb_host(pb, pb_host_methods(pb).nop, &zero, 1);
}

int nvrt_pb_set_reference(struct nvrt_pb *pb, uint32_t value)
{
	return pb_host(pb, pb_host_methods(pb).set_reference, &value, 1);
}

int nvrt_pb_non_stall_interrupt(struct nvrt_pb *pb)
{
	static const uint32_t handle;   /* NON_STALL_INT's data is ignored */

	return pb_host(pb, pb_host_methods(pb).non_stall_interrupt, &handle, 1);
}

/* One incrementing method header covers methods a, b, c, d only if they follow each other. */
static int pb_check_run(struct nvrt_pb *pb, const char *what, uint32_t a, uint32_t b, uint32_t c,
			uint32_t d)
{
	if (b == a + PB_DWORD && c == b + PB_DWORD && d == c + PB_DWORD)
		return 0;
	return nvrt_err_set(&pb->err, "%s: the chip's methods 0x%x 0x%x 0x%x 0x%x are not "
			    "consecutive, one INCR cannot carry them", what, a, b, c, d);
}

/* MEM_OP_A..D with OPERATION MEMBAR, MEMBAR_TYPE SYS_MEMBAR, the rest 0 (dev_pbdma). */
int nvrt_pb_membar_sys(struct nvrt_pb *pb)
{
	struct nvrt_host_methods m = pb_host_methods(pb);
	uint32_t data[4] = { 0, 0, pb->chip->membar_sys_op_c(), pb->chip->membar_op_d() };

	if (pb_check_run(pb, "membar", m.mem_op_a, m.mem_op_b, m.mem_op_c, m.mem_op_d))
		return -1;
	return pb_host(pb, m.mem_op_a, data, 4);
}

/*
 * The semaphore's bytes in memory (dev_pbdma SEM_EXECUTE): a 4- or 8-byte
 * payload, or with a timestamp 16 bytes (the payload slot and the 64-bit
 * timer); its address must be aligned to that size.
 */
static uint64_t pb_sem_bytes(unsigned flags)
{
	if (flags & NVRT_SEM_TIMESTAMP)
		return 2 * sizeof(uint64_t);
	return flags & NVRT_SEM_64BIT ? sizeof(uint64_t) : sizeof(uint32_t);
}

/* SEM_ADDR_HI_OFFSET holds VA bits 39:32 (dev_pbdma): NVRT_ADDR_LIMIT. */
static int pb_sem_check(struct nvrt_pb *pb, uint64_t va, uint64_t payload, unsigned flags)
{
	const unsigned known = NVRT_SEM_RELEASE | NVRT_SEM_64BIT | NVRT_SEM_TIMESTAMP | NVRT_SEM_WFI;
	uint64_t align = pb_sem_bytes(flags);

	if (flags & ~known)
		return nvrt_err_set(&pb->err, "semaphore: unknown flags 0x%x", flags & ~known);
	if (!(flags & NVRT_SEM_RELEASE) && (flags & (NVRT_SEM_TIMESTAMP | NVRT_SEM_WFI)))
		return nvrt_err_set(&pb->err, "semaphore acquire: RELEASE_WFI and RELEASE_TIMESTAMP "
				    "apply to releases only (NV_UDMA_SEM_EXECUTE: bits the "
				    "OPERATION does not use must be 0)");
	if (va % align)
		return nvrt_err_set(&pb->err, "semaphore VA 0x%" PRIx64 " is not %" PRIu64 "-byte "
				    "aligned (NV_UDMA_SEM_EXECUTE: 4 bytes, 8 for PAYLOAD_SIZE_64BIT, "
				    "16 with RELEASE_TIMESTAMP_EN; else NV_PPBDMA_INTR_0_SEMAPHORE)",
				    va, align);
	if (va >= NVRT_ADDR_LIMIT)
		return nvrt_err_set(&pb->err, "semaphore VA 0x%" PRIx64 " is not below 2^40 "
				    "(NV_UDMA_SEM_ADDR_HI_OFFSET holds VA bits 39:32)", va);
	if (!(flags & NVRT_SEM_64BIT) && payload > UINT32_MAX)
		return nvrt_err_set(&pb->err, "semaphore payload 0x%" PRIx64 " needs PAYLOAD_SIZE_64BIT "
				    "(NVRT_SEM_64BIT): a 32-bit semaphore uses SEM_PAYLOAD_LO only",
				    payload);
	return 0;
}

/* SEM_ADDR_LO/HI, SEM_PAYLOAD_LO/HI in one INCR of 4, then SEM_EXECUTE in one INCR of 1. */
int nvrt_pb_semaphore(struct nvrt_pb *pb, uint64_t va, uint64_t payload, unsigned flags)
{
	struct nvrt_host_methods m = pb_host_methods(pb);
	struct nvrt_pb_header set = { .op = NVRT_PB_INCR, .method = m.sem_addr_lo, .count = 4 };
	struct nvrt_pb_header exec = { .op = NVRT_PB_INCR, .method = m.sem_execute, .count = 1 };
	/* SEM_ADDR_LO takes the low word as is: Host ignores bits 1:0. */
	uint32_t data[4] = { (uint32_t)va, (uint32_t)(va >> 32), (uint32_t)payload,
			     (uint32_t)(payload >> 32) };
	uint32_t words[7], *p;

	if (pb_sem_check(pb, va, payload, flags) ||
	    pb_check_run(pb, "semaphore", m.sem_addr_lo, m.sem_addr_hi, m.sem_payload_lo,
			 m.sem_payload_hi) ||
	    pb_header(pb, &set, &words[0]) || pb_header(pb, &exec, &words[5]))
		return -1;
	memcpy(&words[1], data, sizeof(data));
	words[6] = pb->chip->sem_execute(flags);
	if (!(p = pb_reserve(pb, 7)))
		return -1;
	pb_store(p, words, 7);
	pb->len += 7;
	return 0;
}

/* ---- disassembler -------------------------------------------------------------- */

static const char *const pb_op_names[] = {
	[NVRT_PB_INCR] = "INCR",
	[NVRT_PB_NONINCR] = "NONINCR",
	[NVRT_PB_ONEINCR] = "ONEINCR",
	[NVRT_PB_IMMD] = "IMMD",
	[NVRT_PB_SET_SUBDEVICE_MASK] = "SET_SUBDEVICE_MASK",
	[NVRT_PB_STORE_SUBDEVICE_MASK] = "STORE_SUBDEVICE_MASK",
	[NVRT_PB_USE_SUBDEVICE_MASK] = "USE_SUBDEVICE_MASK",
	[NVRT_PB_END_SEGMENT] = "END_PB_SEGMENT",
	[NVRT_PB_NOP] = "NOP",
	[NVRT_PB_INVALID] = "INVALID",
};

/*
 * Output goes through the unlocked stdio calls with numbers formatted here:
 * `nvrt decode pushbuffer` prints a line per dword, and printf's format
 * parsing was half of its time.
 */
static void pb_put(const char *s, size_t n, FILE *out)
{
	fwrite_unlocked(s, 1, n, out);
}

/* v in hex, at least width digits, with "0x" when prefix. */
static void pb_put_hex(uint64_t v, int width, bool prefix, FILE *out)
{
	char t[24], *p = t + sizeof(t);

	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
		width--;
	} while (v || width > 0);
	if (prefix) {
		*--p = 'x';
		*--p = '0';
	}
	pb_put(p, (size_t)(t + sizeof(t) - p), out);
}

static void pb_put_dec(uint64_t v, FILE *out)
{
	char t[24], *p = t + sizeof(t);

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	pb_put(p, (size_t)(t + sizeof(t) - p), out);
}

/* "NV_UDMA_SEM_EXECUTE" for a Host method, the byte address otherwise. */
static void pb_decode_method(const char *name, uint32_t method, FILE *out)
{
	if (name)
		fputs_unlocked(name, out);
	else
		pb_put_hex(method, 4, true, out);
}

/* The method and, for a Host method, the fields the data word sets. */
static void pb_decode_data(const struct nvrt_chip *c, uint32_t method, uint32_t data, FILE *out)
{
	const char *name = c->host_method_name(method);

	pb_decode_method(name, method, out);
	if (name) {
		putc_unlocked(' ', out);
		c->host_method_data_dump(method, data, out);
	}
}

/* Method of the i-th data dword of a header (dev_ram: INCR, NONINCR, ONEINCR). */
static uint32_t pb_data_method(const struct nvrt_pb_header *h, uint32_t i)
{
	switch (h->op) {
	case NVRT_PB_INCR:
		return h->method + i * (uint32_t)PB_DWORD;
	case NVRT_PB_ONEINCR:
		return h->method + (i ? (uint32_t)PB_DWORD : 0);
	default:
		return h->method;
	}
}

/* "%6zu: %08x  " */
static void pb_decode_line(size_t at, uint32_t word, FILE *out)
{
	char t[48], *p = t + 24;
	size_t k;

	do {
		*--p = (char)('0' + at % 10);
		at /= 10;
	} while (at);
	while (p > t + 18)
		*--p = ' ';
	k = (size_t)(t + 24 - p);
	memmove(t, p, k);
	t[k++] = ':';
	t[k++] = ' ';
	for (int i = 7; i >= 0; i--)
		t[k++] = "0123456789abcdef"[(word >> (4 * i)) & 15];
	t[k++] = ' ';
	t[k++] = ' ';
	pb_put(t, k, out);
}

/* A method header and its data dwords; returns the dwords it spans in words[at..n). */
static size_t pb_decode_methods(const struct nvrt_chip *c, const struct nvrt_pb_header *h,
				const uint32_t *words, size_t at, size_t n, FILE *out)
{
	uint32_t i;

	fputs_unlocked(pb_op_names[h->op], out);
	pb_put(" subch ", 7, out);
	pb_put_dec(h->subch, out);
	putc_unlocked(' ', out);
	pb_decode_method(c->host_method_name(h->method), h->method, out);
	pb_put(" count ", 7, out);
	pb_put_dec(h->count, out);
	putc_unlocked('\n', out);
	for (i = 0; i < h->count && at + 1 + i < n; i++) {
		uint32_t data = pb_le32(words[at + 1 + i]);

		pb_decode_line(at + 1 + i, data, out);
		pb_put("  ", 2, out);
		pb_decode_data(c, pb_data_method(h, i), data, out);
		putc_unlocked('\n', out);
	}
	if (i < h->count)
		fprintf(out, "%6zu: truncated: %" PRIu32 " of %" PRIu32 " data dwords present\n",
			n, i, h->count);
	return 1 + (size_t)i;
}

/* The PB instruction h at words[at]; returns the dwords it spans. */
static size_t pb_decode_one(const struct nvrt_chip *c, const struct nvrt_pb_header *h,
			    const uint32_t *words, size_t at, size_t n, FILE *out)
{
	pb_decode_line(at, pb_le32(words[at]), out);
	switch (h->op) {
	case NVRT_PB_INCR:
	case NVRT_PB_NONINCR:
	case NVRT_PB_ONEINCR:
		return pb_decode_methods(c, h, words, at, n, out);
	case NVRT_PB_IMMD:
		fprintf(out, "IMMD subch %" PRIu32 " ", h->subch);
		pb_decode_method(c->host_method_name(h->method), h->method, out);
		fprintf(out, " data 0x%" PRIx32, h->data);
		if (c->host_method_name(h->method)) {
			fputc(' ', out);
			c->host_method_data_dump(h->method, h->data, out);
		}
		break;
	case NVRT_PB_SET_SUBDEVICE_MASK:
	case NVRT_PB_STORE_SUBDEVICE_MASK:
		fprintf(out, "%s mask 0x%03" PRIx32, pb_op_names[h->op], h->data);
		break;
	case NVRT_PB_USE_SUBDEVICE_MASK:
	case NVRT_PB_END_SEGMENT:
	case NVRT_PB_NOP:
	case NVRT_PB_INVALID:
		fputs(pb_op_names[h->op], out);
		break;
	}
	fputc('\n', out);
	return 1;
}

void nvrt_pb_decode(const struct nvrt_chip *c, const uint32_t *words, size_t n, FILE *out)
{
	size_t at = 0;

	if (!c || !out || !words)
		return;
	while (at < n) {
		struct nvrt_pb_header h;

		c->pb_header_decode(pb_le32(words[at]), &h);
		at += pb_decode_one(c, &h, words, at, n, out);
		/* Host decodes nothing of the segment after END_PB_SEGMENT (dev_ram). */
		if (h.op == NVRT_PB_END_SEGMENT && at < n) {
			fprintf(out, "%6zu: %zu dwords after END_PB_SEGMENT, not processed\n", at, n - at);
			break;
		}
	}
}
