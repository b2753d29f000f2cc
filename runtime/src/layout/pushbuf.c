/* SPDX-License-Identifier: MIT */
/*
 * The pushbuffer builder and disassembler, for any chip: the encodings come
 * from the chip's table (chip.h), this file only places words.
 *
 * Memory holds little-endian words, as Host fetches them; the chip's
 * encoders and decoders deal in numbers.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "nvrt/pushbuf.h"

#define PB_DWORD sizeof(uint32_t)

/* Data dwords as they are; short runs inline (a memcpy call costs more). */
static inline void pb_store(uint32_t *dst, const uint32_t *src, size_t n)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	for (size_t i = 0; i < n; i++)
		dst[i] = le32(src[i]);
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

/* Without a chip every method header misfits: nvrt_pb_method takes the slow path, which says so. */
static const struct nvrt_pb_method_format pb_no_chip[NVRT_PB_ONEINCR + 1] = {
	[NVRT_PB_INCR] = { .method_invalid = ~0u },
	[NVRT_PB_NONINCR] = { .method_invalid = ~0u },
	[NVRT_PB_ONEINCR] = { .method_invalid = ~0u },
};

void nvrt_pb_init(struct nvrt_pb *pb, const struct nvrt_chip *c, void *mem, size_t bytes)
{
	memset(pb, 0, sizeof(*pb));
	pb->chip = c;
	pb->base = mem;
	pb->method_format = c ? c->pushbuf->method_format : pb_no_chip;
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
	if (!pb->chip)
		return nvrt_err_set(&pb->err, "pushbuffer: no chip (nvrt_pb_init was given none)");
	return pb->chip->pushbuf->pb_header_encode(h, out, &pb->err);
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
	p[0] = le32(hdr);
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
	*p = le32(word);
	pb->len++;
	return 0;
}

/* The rare cases of the inline nvrt_pb_method (pushbuf.h): the same op, checked fully. */
int nvrt_pb_method_slow(struct nvrt_pb *pb, enum nvrt_pb_op op, uint32_t subch, uint32_t method,
			const uint32_t *data, uint32_t count)
{
	return pb_method(pb, op, subch, method, data, count);
}

/* The external definitions of pushbuf.h's inline functions (C99 inline). */
extern int nvrt_pb_method(struct nvrt_pb *pb, enum nvrt_pb_op op, uint32_t subch, uint32_t method,
			  const uint32_t *data, uint32_t count);
extern int nvrt_pb_incr(struct nvrt_pb *pb, uint32_t subch, uint32_t method, const uint32_t *data,
			uint32_t count);
extern int nvrt_pb_nonincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method,
			   const uint32_t *data, uint32_t count);
extern int nvrt_pb_oneincr(struct nvrt_pb *pb, uint32_t subch, uint32_t method,
			   const uint32_t *data, uint32_t count);
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

	pb->chip->pushbuf->host_methods(&m);
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
	uint32_t data[4] = { 0, 0, pb->chip->pushbuf->membar_sys_op_c(), pb->chip->pushbuf->membar_op_d() };

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
	words[6] = pb->chip->pushbuf->sem_execute(flags);
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
 * Lines are built in memory and written in large blocks: `nvrt decode
 * pushbuffer` prints a line per dword, and printf's format parsing and the
 * per-piece stdio calls were most of its time.  A line is at most
 * PB_LINE_MAX bytes (cut short beyond).
 */
#define PB_LINE_MAX 2048
#define PB_OUT_BYTES (64 * 1024)
#define PB_AT_END 24

struct pb_line {
	char *buf;          /* PB_OUT_BYTES: whole lines waiting, then the current one */
	size_t len, start;  /* start: where the current line begins */
	FILE *out;
	/* The last dword index printed, in decimal: lines count up by one. */
	size_t at;
	/* Right-aligned, ending at at_text + PB_AT_END, spaces before it; the
	 * 8 bytes after the end let a line copy 8 at once. */
	char at_text[PB_AT_END + 8];
	int at_len;
	/* The class bound to each subchannel (SetObject, or --class), 0: none. */
	uint32_t cls[NVRT_PB_SUBCHANNELS];
};

static void pb_put(struct pb_line *l, const char *s, size_t n)
{
	size_t room = l->start + PB_LINE_MAX - l->len;

	if (n > room)
		n = room;
	memcpy(l->buf + l->len, s, n);
	l->len += n;
}

static void pb_flush(struct pb_line *l)
{
	fwrite_unlocked(l->buf, 1, l->len, l->out);
	l->len = l->start = 0;
}

static void pb_puts(struct pb_line *l, const char *s)
{
	pb_put(l, s, strlen(s));
}

/* v in hex, at least width digits, with "0x" when prefix. */
static void pb_put_hex(struct pb_line *l, uint64_t v, int width, bool prefix)
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
	pb_put(l, p, (size_t)(t + sizeof(t) - p));
}

/* v in decimal, right-aligned in width columns. */
static void pb_put_dec(struct pb_line *l, uint64_t v, int width)
{
	char t[24], *p = t + sizeof(t);

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
		width--;
	} while (v);
	while (width-- > 0)
		*--p = ' ';
	pb_put(l, p, (size_t)(t + sizeof(t) - p));
}

static void pb_line_end(struct pb_line *l)
{
	if (l->len == l->start + PB_LINE_MAX)
		l->len--;
	l->buf[l->len++] = '\n';
	l->start = l->len;
	if (l->len > PB_OUT_BYTES - PB_LINE_MAX)
		pb_flush(l);
}

/* "NV_UDMA_SEM_EXECUTE" for a Host method, the byte address otherwise. */
static void pb_decode_method(struct pb_line *l, const char *name, uint32_t method)
{
	if (name)
		pb_puts(l, name);
	else
		pb_put_hex(l, method, 4, true);
}

/* The fields a method's data word sets (text: the Host's or a class's), after a space. */
static void pb_decode_fields(struct pb_line *l, size_t (*text)(uint32_t, uint32_t, char *, size_t),
			     uint32_t method, uint32_t data)
{
	pb_put(l, " ", 1);
	if (l->len < l->start + PB_LINE_MAX)
		l->len += text(method, data, l->buf + l->len, l->start + PB_LINE_MAX - l->len);
}

/*
 * An engine method (not Host's) by the class bound to its subchannel: the
 * class's name for it, or the address and why it has none.  Returns the
 * class's name, NULL when it printed the address.
 */
static const char *pb_decode_engine_method(const struct nvrt_chip *c, struct pb_line *l,
					   uint32_t subch, uint32_t method)
{
	uint32_t cls = l->cls[subch];
	const char *name = cls && cls == c->ce->class_id ? c->ce->method_name(method) : NULL;

	if (name) {
		pb_puts(l, name);
		return name;
	}
	pb_put_hex(l, method, 4, true);
	if (cls == c->ce->class_id) {
		pb_put(l, " (unknown: no method of ", 24);
		pb_puts(l, c->ce->class_name);
		pb_put(l, ")", 1);
	} else if (cls) {
		pb_put(l, " (unknown: class ", 17);
		pb_put_hex(l, cls, 4, true);
		pb_put(l, " is not known to nvrt)", 22);
	}
	return NULL;
}

/* The method and the fields the data word sets; SetObject binds its class. */
static void pb_decode_data(const struct nvrt_chip *c, struct pb_line *l, uint32_t subch,
			   uint32_t method, uint32_t data)
{
	const char *name = c->dump->host_method_name(method);

	if (!name) {
		if (l->cls[subch] && pb_decode_engine_method(c, l, subch, method))
			pb_decode_fields(l, c->ce->method_data_text, method, data);
		else if (!l->cls[subch])
			pb_put_hex(l, method, 4, true);
		return;
	}
	pb_puts(l, name);
	pb_decode_fields(l, c->dump->host_method_data_text, method, data);
	if (method == c->ce->object_method)
		l->cls[subch] = c->ce->object_class(data);
}

/* A header's first method: Host's name, the bound class's, or the address. */
static void pb_decode_header_method(const struct nvrt_chip *c, struct pb_line *l, uint32_t subch,
				    uint32_t method)
{
	const char *name = c->dump->host_method_name(method);

	if (name || !l->cls[subch])
		pb_decode_method(l, name, method);
	else
		pb_decode_engine_method(c, l, subch, method);
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

/* at in decimal, right-aligned in 6 columns: the last one plus one when it can. */
static void pb_put_index(struct pb_line *l, size_t at)
{
	char *end = l->at_text + PB_AT_END;
	int i, w;

	if (l->at_len && at == l->at + 1) {
		for (i = 1; i <= l->at_len && end[-i] == '9'; i++)
			end[-i] = '0';
		if (i > l->at_len) {
			l->at_len++;      /* 99 -> 100 */
			end[-i] = '1';
		} else {
			end[-i]++;
		}
	} else {
		size_t v = at;
		memset(l->at_text, ' ', PB_AT_END);
		l->at_len = 0;
		do {
			end[-++l->at_len] = (char)('0' + v % 10);
			v /= 10;
		} while (v);
	}
	l->at = at;
	/* at a line's start, so with room for 8 bytes, or the 7 to 20 columns */
	w = l->at_len > 6 ? l->at_len : 6;
	if (w <= 8)
		memcpy(l->buf + l->len, end - w, 8);
	else
		memcpy(l->buf + l->len, end - w, (size_t)w);
	l->len += (size_t)w;
}

/* The two hex digits of each byte value. */
static const char pb_hex_pairs[256][2] = {
#define PB_HEX_ROW(h) { h, '0' }, { h, '1' }, { h, '2' }, { h, '3' }, { h, '4' }, { h, '5' }, \
	{ h, '6' }, { h, '7' }, { h, '8' }, { h, '9' }, { h, 'a' }, { h, 'b' }, { h, 'c' }, { h, 'd' }, \
	{ h, 'e' }, { h, 'f' }
	PB_HEX_ROW('0'), PB_HEX_ROW('1'), PB_HEX_ROW('2'), PB_HEX_ROW('3'), PB_HEX_ROW('4'),
	PB_HEX_ROW('5'), PB_HEX_ROW('6'), PB_HEX_ROW('7'), PB_HEX_ROW('8'), PB_HEX_ROW('9'),
	PB_HEX_ROW('a'), PB_HEX_ROW('b'), PB_HEX_ROW('c'), PB_HEX_ROW('d'), PB_HEX_ROW('e'),
	PB_HEX_ROW('f'),
#undef PB_HEX_ROW
};

/* "%6zu: %08x  ", at a line's start (the line has room for it), in place:
 * a line a dword, the decoder's commonest text. */
static void pb_decode_line(struct pb_line *l, size_t at, uint32_t word)
{
	char *p;

	pb_put_index(l, at);
	p = l->buf + l->len;
	p[0] = ':';
	p[1] = ' ';
	memcpy(p + 2, pb_hex_pairs[word >> 24], 2);
	memcpy(p + 4, pb_hex_pairs[(word >> 16) & 0xff], 2);
	memcpy(p + 6, pb_hex_pairs[(word >> 8) & 0xff], 2);
	memcpy(p + 8, pb_hex_pairs[word & 0xff], 2);
	p[10] = ' ';
	p[11] = ' ';
	l->len += 12;
}

/* A method header and its data dwords; returns the dwords it spans in words[at..n). */
static size_t pb_decode_methods(const struct nvrt_chip *c, const struct nvrt_pb_header *h,
				const uint32_t *words, size_t at, size_t n, struct pb_line *l)
{
	uint32_t i;

	pb_puts(l, pb_op_names[h->op]);
	pb_put(l, " subch ", 7);
	pb_put_dec(l, h->subch, 0);
	pb_put(l, " ", 1);
	pb_decode_header_method(c, l, h->subch, h->method);
	pb_put(l, " count ", 7);
	pb_put_dec(l, h->count, 0);
	pb_line_end(l);
	for (i = 0; i < h->count && at + 1 + i < n; i++) {
		uint32_t data = le32(words[at + 1 + i]);

		pb_decode_line(l, at + 1 + i, data);
		pb_put(l, "  ", 2);
		pb_decode_data(c, l, h->subch, pb_data_method(h, i), data);
		pb_line_end(l);
	}
	if (i < h->count) {
		pb_put_dec(l, n, 6);
		pb_put(l, ": truncated: ", 13);
		pb_put_dec(l, i, 0);
		pb_put(l, " of ", 4);
		pb_put_dec(l, h->count, 0);
		pb_put(l, " data dwords present", 20);
		pb_line_end(l);
	}
	return 1 + (size_t)i;
}

/* The PB instruction h at words[at]; returns the dwords it spans. */
static size_t pb_decode_one(const struct nvrt_chip *c, const struct nvrt_pb_header *h,
			    const uint32_t *words, size_t at, size_t n, struct pb_line *l)
{
	pb_decode_line(l, at, le32(words[at]));
	switch (h->op) {
	case NVRT_PB_INCR:
	case NVRT_PB_NONINCR:
	case NVRT_PB_ONEINCR:
		return pb_decode_methods(c, h, words, at, n, l);
	case NVRT_PB_IMMD:
		pb_put(l, "IMMD subch ", 11);
		pb_put_dec(l, h->subch, 0);
		pb_put(l, " ", 1);
		pb_decode_header_method(c, l, h->subch, h->method);
		pb_put(l, " data ", 6);
		pb_put_hex(l, h->data, 1, true);
		if (c->dump->host_method_name(h->method))
			pb_decode_fields(l, c->dump->host_method_data_text, h->method, h->data);
		else if (l->cls[h->subch] == c->ce->class_id && c->ce->method_name(h->method))
			pb_decode_fields(l, c->ce->method_data_text, h->method, h->data);
		break;
	case NVRT_PB_SET_SUBDEVICE_MASK:
	case NVRT_PB_STORE_SUBDEVICE_MASK:
		pb_puts(l, pb_op_names[h->op]);
		pb_put(l, " mask ", 6);
		pb_put_hex(l, h->data, 3, true);
		break;
	case NVRT_PB_USE_SUBDEVICE_MASK:
	case NVRT_PB_END_SEGMENT:
	case NVRT_PB_NOP:
	case NVRT_PB_INVALID:
		pb_puts(l, pb_op_names[h->op]);
		break;
	}
	pb_line_end(l);
	return 1;
}

void nvrt_pb_decode(const struct nvrt_chip *c, const uint32_t *words, size_t n, FILE *out)
{
	nvrt_pb_decode_classes(c, words, n, NULL, out);
}

void nvrt_pb_decode_classes(const struct nvrt_chip *c, const uint32_t *words, size_t n,
			    const uint32_t *subch_class, FILE *out)
{
	struct pb_line l = { .out = out };
	size_t at = 0;

	if (!c || !out || !words)
		return;
	if (subch_class)
		memcpy(l.cls, subch_class, sizeof(l.cls));
	l.buf = malloc(PB_OUT_BYTES);
	if (!l.buf) {
		fputs("pushbuffer: out of memory\n", out);
		return;
	}
	while (at < n) {
		struct nvrt_pb_header h;

		c->pushbuf->pb_header_decode(le32(words[at]), &h);
		at += pb_decode_one(c, &h, words, at, n, &l);
		/* Host decodes nothing of the segment after END_PB_SEGMENT (dev_ram). */
		if (h.op == NVRT_PB_END_SEGMENT && at < n) {
			pb_put_dec(&l, at, 6);
			pb_put(&l, ": ", 2);
			pb_put_dec(&l, n - at, 0);
			pb_put(&l, " dwords after END_PB_SEGMENT, not processed", 43);
			pb_line_end(&l);
			break;
		}
	}
	pb_flush(&l);
	free(l.buf);
}
