/* SPDX-License-Identifier: MIT */
/*
 * nvrt pushbuffers on GV100: method headers and Host method data against
 * words worked out by hand from dev_ram.ref ("Host Pushbuffer Format
 * (FIFO_DMA)") and dev_pbdma.ref (NV_UDMA_*), the builder's checks, and the
 * disassembler (exact text; any input).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nvrt/chip.h"
#include "nvrt/pushbuf.h"
#include "nvrt/pushbuf_gv100.h"

static const struct nvrt_chip *chip(void)
{
	return &nvrt_chip_gv100;
}

/* ---- captured output ---------------------------------------------------------- */

struct text {
	char *buf;
	size_t len;
	FILE *f;
};

static FILE *text_open(struct text *t)
{
	t->buf = NULL;
	t->len = 0;
	t->f = open_memstream(&t->buf, &t->len);
	assert_non_null(t->f);
	return t->f;
}

/* Closes the stream; the text stays in t->buf until text_free. */
static const char *text_close(struct text *t)
{
	fclose(t->f);
	return t->buf;
}

static void text_free(struct text *t)
{
	free(t->buf);
}

static void expect_data_dump(uint32_t method, uint32_t data, const char *want)
{
	struct text t;

	chip()->dump->host_method_data_dump(method, data, text_open(&t));
	assert_string_equal(text_close(&t), want);
	text_free(&t);
}

/* A deterministic generator for the random inputs (xorshift32). */
static uint32_t rnd_state = 0x2545f491u;

static uint32_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

/* ---- method headers by hand ----------------------------------------------------- */

static uint32_t encode(enum nvrt_pb_op op, uint32_t subch, uint32_t method, uint32_t count,
		       uint32_t data)
{
	struct nvrt_pb_header h = { .op = op, .subch = subch, .method = method, .count = count,
				    .data = data };
	struct nvrt_err err = { "" };
	uint32_t w = 0xdeadbeef;

	if (chip()->pushbuf->pb_header_encode(&h, &w, &err))
		fail_msg("encode: %s", err.msg);
	return w;
}

static void test_header_words(void **state)
{
	(void)state;
	/* NV_FIFO_DMA_INCR: OPCODE 31:29 = 1 (OPCODE_VALUE), COUNT 28:16 = 4,
	 * SUBCHANNEL 15:13 = 0, ADDRESS 11:0 = 0x5c >> 2 = 0x17 (dword address). */
	assert_int_equal(encode(NVRT_PB_INCR, 0, 0x5c, 4, 0), 0x20040017);
	/* INCR, COUNT 2 (0x00020000), SUBCHANNEL 3 (3 << 13 = 0x6000), ADDRESS 0x200 >> 2 = 0x80. */
	assert_int_equal(encode(NVRT_PB_INCR, 3, 0x200, 2, 0), 0x20026080);
	/* NV_FIFO_DMA_NONINCR: OPCODE_VALUE 3 (0x60000000), COUNT 3, SUBCHANNEL 1 (0x2000),
	 * ADDRESS 0x104 >> 2 = 0x41. */
	assert_int_equal(encode(NVRT_PB_NONINCR, 1, 0x104, 3, 0), 0x60032041);
	/* NV_FIFO_DMA_ONEINCR: OPCODE_VALUE 5 (0xa0000000), every field at its maximum:
	 * COUNT 0x1fff (0x1fff0000), SUBCHANNEL 7 (0xe000), ADDRESS 0xfff (byte 0x3ffc). */
	assert_int_equal(encode(NVRT_PB_ONEINCR, 7, 0x3ffc, 0x1fff, 0), 0xbfffefff);
	/* NV_FIFO_DMA_IMMD: OPCODE_VALUE 4 (0x80000000), DATA 28:16 = 0x1abc (0x1abc0000),
	 * SUBCHANNEL 2 (0x4000), ADDRESS 0x50 >> 2 = 0x14. */
	assert_int_equal(encode(NVRT_PB_IMMD, 2, 0x50, 0, 0x1abc), 0x9abc4014);
	/* NV_FIFO_DMA_SET_SUBDEVICE_MASK: OPCODE 31:16 = 1 (SEC_OP 0 GRP0_USE_TERT,
	 * TERT_OP 17:16 = 1 GRP0_SET_SUB_DEV_MASK), VALUE 15:4 = 0xfff. */
	assert_int_equal(encode(NVRT_PB_SET_SUBDEVICE_MASK, 0, 0, 0, 0xfff), 0x0001fff0);
	/* NV_FIFO_DMA_STORE_SUBDEVICE_MASK: OPCODE 31:16 = 2 (TERT_OP GRP0_STORE_SUB_DEV_MASK),
	 * VALUE 15:4 = 0x5a5. */
	assert_int_equal(encode(NVRT_PB_STORE_SUBDEVICE_MASK, 0, 0, 0, 0x5a5), 0x00025a50);
	/* NV_FIFO_DMA_USE_SUBDEVICE_MASK: OPCODE 31:16 = 3 (TERT_OP GRP0_USE_SUB_DEV_MASK). */
	assert_int_equal(encode(NVRT_PB_USE_SUBDEVICE_MASK, 0, 0, 0, 0), 0x00030000);
	/* NV_FIFO_DMA_ENDSEG_OPCODE 31:29 = 7 (SEC_OP_END_PB_SEGMENT). */
	assert_int_equal(encode(NVRT_PB_END_SEGMENT, 0, 0, 0, 0), 0xe0000000);
	/* NV_FIFO_DMA_NOP 0x00000000. */
	assert_int_equal(encode(NVRT_PB_NOP, 0, 0, 0, 0), 0);
	/* COUNT 0 is allowed: "the PB method effectively becomes a no-op". */
	assert_int_equal(encode(NVRT_PB_INCR, 0, 0, 0, 0), 0x20000000);
}

static void expect_decode(uint32_t word, enum nvrt_pb_op op, uint32_t subch, uint32_t method,
			  uint32_t count, uint32_t data)
{
	struct nvrt_pb_header h;

	memset(&h, 0xa5, sizeof(h));
	chip()->pushbuf->pb_header_decode(word, &h);
	assert_int_equal(h.op, op);
	assert_int_equal(h.subch, subch);
	assert_int_equal(h.method, method);
	assert_int_equal(h.count, count);
	assert_int_equal(h.data, data);
}

static void test_header_decode(void **state)
{
	(void)state;
	expect_decode(0x20040017, NVRT_PB_INCR, 0, 0x5c, 4, 0);
	expect_decode(0x60032041, NVRT_PB_NONINCR, 1, 0x104, 3, 0);
	expect_decode(0xbfffefff, NVRT_PB_ONEINCR, 7, 0x3ffc, 0x1fff, 0);
	expect_decode(0x9abc4014, NVRT_PB_IMMD, 2, 0x50, 0, 0x1abc);
	expect_decode(0x0001fff0, NVRT_PB_SET_SUBDEVICE_MASK, 0, 0, 0, 0xfff);
	expect_decode(0x00025a50, NVRT_PB_STORE_SUBDEVICE_MASK, 0, 0, 0, 0x5a5);
	expect_decode(0x00030000, NVRT_PB_USE_SUBDEVICE_MASK, 0, 0, 0, 0);
	/* END_PB_SEGMENT: SEC_OP 7, whatever the other bits. */
	expect_decode(0xe0000000, NVRT_PB_END_SEGMENT, 0, 0, 0, 0);
	expect_decode(0xffffffff, NVRT_PB_END_SEGMENT, 0, 0, 0, 0);
	expect_decode(0x00000000, NVRT_PB_NOP, 0, 0, 0, 0);
	/* SEC_OP 2 is not in the table, SEC_OP 6 is RESERVED6. */
	expect_decode(0x40010017, NVRT_PB_INVALID, 0, 0, 0, 0);
	expect_decode(0xc0010017, NVRT_PB_INVALID, 0, 0, 0, 0);
	/* SEC_OP 0 with TERT_OP 0 is only NV_FIFO_DMA_NOP when the word is 0. */
	expect_decode(0x00000001, NVRT_PB_INVALID, 0, 0, 0, 0);
	/* SET_SUBDEVICE_MASK_OPCODE is 31:16: bits 28:18 must be 0 too. */
	expect_decode(0x00050000, NVRT_PB_INVALID, 0, 0, 0, 0);
}

static void roundtrip(enum nvrt_pb_op op, uint32_t subch, uint32_t method, uint32_t count,
		      uint32_t data)
{
	expect_decode(encode(op, subch, method, count, data), op, subch, method, count, data);
}

static void test_header_roundtrip(void **state)
{
	(void)state;
	for (uint32_t subch = 0; subch < 8; subch++) {
		roundtrip(NVRT_PB_INCR, subch, 0x3ffc - subch * 4, 1 + subch * 1000, 0);
		roundtrip(NVRT_PB_NONINCR, subch, subch * 0x404, 0x1fff - subch, 0);
		roundtrip(NVRT_PB_ONEINCR, subch, 0x100 + subch * 8, subch, 0);
		roundtrip(NVRT_PB_IMMD, subch, 0x200 + subch * 4, 0, 0x1fff >> subch);
	}
	roundtrip(NVRT_PB_SET_SUBDEVICE_MASK, 0, 0, 0, 0);
	roundtrip(NVRT_PB_SET_SUBDEVICE_MASK, 0, 0, 0, 0x123);
	roundtrip(NVRT_PB_STORE_SUBDEVICE_MASK, 0, 0, 0, 0xfff);
	roundtrip(NVRT_PB_USE_SUBDEVICE_MASK, 0, 0, 0, 0);
	roundtrip(NVRT_PB_END_SEGMENT, 0, 0, 0, 0);
	roundtrip(NVRT_PB_NOP, 0, 0, 0, 0);
}

/* Every method header Host decodes encodes back to itself (but for reserved bit 12). */
static void test_header_random_reencode(void **state)
{
	(void)state;
	for (int i = 0; i < 20000; i++) {
		uint32_t w = rnd(), back = 0;
		struct nvrt_pb_header h;
		struct nvrt_err err;

		chip()->pushbuf->pb_header_decode(w, &h);
		if (h.op == NVRT_PB_INCR || h.op == NVRT_PB_NONINCR || h.op == NVRT_PB_ONEINCR ||
		    h.op == NVRT_PB_IMMD) {
			assert_int_equal(chip()->pushbuf->pb_header_encode(&h, &back, &err), 0);
			assert_int_equal(back, w & ~(1u << 12));
		}
	}
}

static void expect_encode_error(enum nvrt_pb_op op, uint32_t subch, uint32_t method,
				uint32_t count, uint32_t data, const char *needle)
{
	struct nvrt_pb_header h = { .op = op, .subch = subch, .method = method, .count = count,
				    .data = data };
	struct nvrt_err err = { "" };
	uint32_t w = 0x12345678;

	assert_int_equal(chip()->pushbuf->pb_header_encode(&h, &w, &err), -1);
	assert_int_equal(w, 0x12345678);
	if (!strstr(err.msg, needle))
		fail_msg("error \"%s\" does not mention \"%s\"", err.msg, needle);
}

static void test_header_errors(void **state)
{
	(void)state;
	expect_encode_error(NVRT_PB_INCR, 0, 0x5e, 1, 0, "not dword aligned");
	expect_encode_error(NVRT_PB_INCR, 0, 0x4000, 1, 0, "NV_FIFO_DMA_INCR_ADDRESS");
	expect_encode_error(NVRT_PB_NONINCR, 8, 0x100, 1, 0, "NV_FIFO_DMA_NONINCR_SUBCHANNEL");
	expect_encode_error(NVRT_PB_ONEINCR, 0, 0x100, 0x2000, 0, "NV_FIFO_DMA_ONEINCR_COUNT");
	expect_encode_error(NVRT_PB_IMMD, 0, 0x100, 0, 0x2000, "NV_FIFO_DMA_IMMD_DATA (13 bits");
	expect_encode_error(NVRT_PB_SET_SUBDEVICE_MASK, 0, 0, 0, 0x1000,
			    "NV_FIFO_DMA_SET_SUBDEVICE_MASK_VALUE");
	expect_encode_error(NVRT_PB_STORE_SUBDEVICE_MASK, 0, 0, 0, 0x1000,
			    "NV_FIFO_DMA_STORE_SUBDEVICE_MASK_VALUE");
	expect_encode_error(NVRT_PB_INVALID, 0, 0, 0, 0, "none of the PB instructions");
}

/* ---- Host method data ------------------------------------------------------------- */

static void test_sem_execute_words(void **state)
{
	(void)state;
	/* NV_UDMA_SEM_EXECUTE: OPERATION 2:0 RELEASE = 1, RELEASE_WFI 20:20 EN = 1,
	 * PAYLOAD_SIZE 24:24 32BIT = 0, RELEASE_TIMESTAMP 25:25 DIS = 0. */
	assert_int_equal(chip()->pushbuf->sem_execute(NVRT_SEM_RELEASE | NVRT_SEM_WFI), 0x00100001);
	assert_int_equal(chip()->pushbuf->sem_execute(NVRT_SEM_RELEASE), 0x00000001);
	/* PAYLOAD_SIZE_64BIT (1 << 24) and RELEASE_TIMESTAMP_EN (1 << 25). */
	assert_int_equal(chip()->pushbuf->sem_execute(NVRT_SEM_RELEASE | NVRT_SEM_WFI | NVRT_SEM_64BIT |
					     NVRT_SEM_TIMESTAMP), 0x03100001);
	assert_int_equal(chip()->pushbuf->sem_execute(NVRT_SEM_RELEASE | NVRT_SEM_64BIT | NVRT_SEM_TIMESTAMP),
			 0x03000001);
	/* OPERATION_ACQ_CIRC_GEQ = 3; release-only fields stay 0. */
	assert_int_equal(chip()->pushbuf->sem_execute(0), 0x00000003);
	assert_int_equal(chip()->pushbuf->sem_execute(NVRT_SEM_64BIT), 0x01000003);
	assert_int_equal(chip()->pushbuf->sem_execute(NVRT_SEM_WFI | NVRT_SEM_TIMESTAMP), 0x00000003);
}

static void test_membar_words(void **state)
{
	(void)state;
	/* NV_UDMA_MEM_OP_C_MEMBAR_TYPE 2:0 SYS_MEMBAR = 0. */
	assert_int_equal(chip()->pushbuf->membar_sys_op_c(), 0);
	/* NV_UDMA_MEM_OP_D_OPERATION 31:27 MEMBAR = 5: 5 << 27. */
	assert_int_equal(chip()->pushbuf->membar_op_d(), 0x28000000);
}

static void test_host_methods(void **state)
{
	struct nvrt_host_methods m;

	(void)state;
	chip()->pushbuf->host_methods(&m);
	/* dev_pbdma: NV_UDMA_NOP 0x08, SET_REF 0x50, NON_STALL_INT 0x20, SEM_ADDR_LO 0x5C,
	 * SEM_ADDR_HI 0x60, SEM_PAYLOAD_LO 0x64, SEM_PAYLOAD_HI 0x68, SEM_EXECUTE 0x6C,
	 * MEM_OP_A 0x28, MEM_OP_B 0x2c, MEM_OP_C 0x30, MEM_OP_D 0x34. */
	assert_int_equal(m.nop, 0x08);
	assert_int_equal(m.set_reference, 0x50);
	assert_int_equal(m.non_stall_interrupt, 0x20);
	assert_int_equal(m.sem_addr_lo, 0x5c);
	assert_int_equal(m.sem_addr_hi, 0x60);
	assert_int_equal(m.sem_payload_lo, 0x64);
	assert_int_equal(m.sem_payload_hi, 0x68);
	assert_int_equal(m.sem_execute, 0x6c);
	assert_int_equal(m.mem_op_a, 0x28);
	assert_int_equal(m.mem_op_b, 0x2c);
	assert_int_equal(m.mem_op_c, 0x30);
	assert_int_equal(m.mem_op_d, 0x34);
}

static void expect_name(uint32_t method, const char *want)
{
	const char *got = chip()->dump->host_method_name(method);

	if (!want)
		assert_null(got);
	else
		assert_string_equal(got ? got : "(null)", want);
}

static void test_host_method_names(void **state)
{
	(void)state;
	/* Every NV_UDMA_* method of dev_pbdma.ref, by its offset. */
	expect_name(0x00, "NV_UDMA_OBJECT");
	expect_name(0x04, "NV_UDMA_ILLEGAL");
	expect_name(0x08, "NV_UDMA_NOP");
	expect_name(0x20, "NV_UDMA_NON_STALL_INT");
	expect_name(0x28, "NV_UDMA_MEM_OP_A");
	expect_name(0x2c, "NV_UDMA_MEM_OP_B");
	expect_name(0x30, "NV_UDMA_MEM_OP_C");
	expect_name(0x34, "NV_UDMA_MEM_OP_D");
	expect_name(0x50, "NV_UDMA_SET_REF");
	expect_name(0x5c, "NV_UDMA_SEM_ADDR_LO");
	expect_name(0x60, "NV_UDMA_SEM_ADDR_HI");
	expect_name(0x64, "NV_UDMA_SEM_PAYLOAD_LO");
	expect_name(0x68, "NV_UDMA_SEM_PAYLOAD_HI");
	expect_name(0x6c, "NV_UDMA_SEM_EXECUTE");
	expect_name(0x78, "NV_UDMA_WFI");
	expect_name(0x7c, "NV_UDMA_CRC_CHECK");
	expect_name(0x80, "NV_UDMA_YIELD");
	expect_name(0x84, "NV_UDMA_CLEAR_FAULTED");
	/* Unnamed Host addresses, engine methods, unaligned and far addresses. */
	expect_name(0x0c, NULL);
	expect_name(0x5e, NULL);
	expect_name(0xfc, NULL);
	expect_name(0x100, NULL);
	expect_name(0x200, NULL);
	expect_name(0x10000000, NULL);   /* NV_PPBDMA_GP_ENTRY0 is no method */
	expect_name(0xffffffff, NULL);
}

static void test_host_method_data_dump(void **state)
{
	(void)state;
	/*
	 * Fields high to low (volta/gv100/dev_pbdma.ref.txt:3596-3631): REDUCTION_FORMAT
	 * 31:31, REDUCTION 30:27, RELEASE_TIMESTAMP 25:25, PAYLOAD_SIZE 24:24,
	 * RELEASE_WFI 20:20, OPERATION 2:0; CLEAR_FAULTED TYPE 31:31, CHID 11:0 (:4298).
	 */
	expect_data_dump(0x6c, 0x00100001, "PAYLOAD_SIZE=32BIT RELEASE_WFI=EN OPERATION=RELEASE");
	expect_data_dump(0x6c, 0x00000001, "PAYLOAD_SIZE=32BIT OPERATION=RELEASE");
	expect_data_dump(0x6c, 0x03000001,
			 "RELEASE_TIMESTAMP=EN PAYLOAD_SIZE=64BIT OPERATION=RELEASE");
	expect_data_dump(0x6c, 0x01000003, "PAYLOAD_SIZE=64BIT OPERATION=ACQ_CIRC_GEQ");
	/* REDUCTION IADD (5 << 27), REDUCTION_FORMAT UNSIGNED (1 << 31). */
	expect_data_dump(0x6c, 0xa8000006,
			 "REDUCTION_FORMAT=UNSIGNED REDUCTION=IADD PAYLOAD_SIZE=32BIT OPERATION=REDUCTION");
	/* OPERATION 7 has no name; bit 8 lies in no field. */
	expect_data_dump(0x6c, 0x00000107, "PAYLOAD_SIZE=32BIT OPERATION=0x7 UNDEFINED_BITS=0x00000100");
	expect_data_dump(0x5c, 0x34567890, "OFFSET=0xd159e24");
	expect_data_dump(0x5c, 0x00000003, "OFFSET=0x0 UNDEFINED_BITS=0x00000003");
	expect_data_dump(0x60, 0x00000012, "OFFSET=0x12");
	expect_data_dump(0x64, 0xdeadbeef, "PAYLOAD=0xdeadbeef");
	expect_data_dump(0x20, 0, "HANDLE=0x0");
	expect_data_dump(0x28, 0, "TLB_INVALIDATE_SYSMEMBAR=DIS");
	expect_data_dump(0x2c, 0, "TLB_INVALIDATE_TARGET_ADDR_HI=0x0");
	expect_data_dump(0x30, 0, "MEMBAR_TYPE=SYS_MEMBAR");
	expect_data_dump(0x34, 0x28000000, "OPERATION=MEMBAR");
	expect_data_dump(0x50, 5, "CNT=0x5");
	expect_data_dump(0x80, 3, "OP=TSG");
	expect_data_dump(0x78, 1, "SCOPE=ALL");
	expect_data_dump(0x84, 0x80000005, "TYPE=ENG_FAULTED CHID=0x5");
	expect_data_dump(0x200, 0x1234, "");
	expect_data_dump(0x0c, 0x1234, "");
}

/* ---- the builder ---------------------------------------------------------------- */

#define SENTINEL 0xcccccccc

struct pbuf {
	uint32_t words[64];
	struct nvrt_pb pb;
};

static void pbuf_init(struct pbuf *b, size_t dwords)
{
	for (size_t i = 0; i < 64; i++)
		b->words[i] = SENTINEL;
	nvrt_pb_init(&b->pb, chip(), b->words, dwords * sizeof(uint32_t));
}

static void expect_words(const struct pbuf *b, const uint32_t *want, size_t n)
{
	assert_int_equal(b->pb.len, n);
	for (size_t i = 0; i < n; i++)
		if (b->words[i] != want[i])
			fail_msg("dword %zu: 0x%08x, want 0x%08x", i, b->words[i], want[i]);
	for (size_t i = n; i < 64; i++)
		assert_int_equal(b->words[i], SENTINEL);
	assert_false(b->pb.overflow);
}

static void test_pb_release_32(void **state)
{
	/* facts 1.8: INC 4 at 0x5c, SEM_ADDR_LO = VA[31:0], SEM_ADDR_HI = VA[39:32],
	 * PAYLOAD_LO, PAYLOAD_HI 0, INC 1 at 0x6c, SEM_EXECUTE RELEASE | WFI_EN. */
	static const uint32_t want[] = { 0x20040017, 0x34567890, 0x00000012, 0x0000002a,
					 0x00000000, 0x2001001b, 0x00100001 };
	struct pbuf b;

	(void)state;
	pbuf_init(&b, 64);
	assert_int_equal(nvrt_pb_semaphore(&b.pb, 0x1234567890ull, 42,
					   NVRT_SEM_RELEASE | NVRT_SEM_WFI), 0);
	expect_words(&b, want, 7);
}

static void test_pb_release_64_timestamp(void **state)
{
	/* 16-byte aligned VA; PAYLOAD_SIZE_64BIT | RELEASE_TIMESTAMP_EN, no WFI. */
	static const uint32_t want[] = { 0x20040017, 0xcdef0120, 0x000000ab, 0x55667788,
					 0x11223344, 0x2001001b, 0x03000001 };
	struct pbuf b;

	(void)state;
	pbuf_init(&b, 64);
	assert_int_equal(nvrt_pb_semaphore(&b.pb, 0xabcdef0120ull, 0x1122334455667788ull,
					   NVRT_SEM_RELEASE | NVRT_SEM_64BIT | NVRT_SEM_TIMESTAMP), 0);
	expect_words(&b, want, 7);
}

static void test_pb_acquire(void **state)
{
	/* ACQ_CIRC_GEQ (3), 32-bit, at 0x1000 for payload 7. */
	static const uint32_t want[] = { 0x20040017, 0x00001000, 0x00000000, 0x00000007,
					 0x00000000, 0x2001001b, 0x00000003 };
	struct pbuf b;

	(void)state;
	pbuf_init(&b, 64);
	assert_int_equal(nvrt_pb_semaphore(&b.pb, 0x1000, 7, 0), 0);
	expect_words(&b, want, 7);
}

static void test_pb_host_methods(void **state)
{
	static const uint32_t want[] = {
		0x20010014, 0x00001234,     /* INC 1 at NV_UDMA_SET_REF 0x50 (0x14), CNT */
		0x20010008, 0x00000000,     /* INC 1 at NV_UDMA_NON_STALL_INT 0x20 (0x08) */
		0x20010002, 0x00000000,     /* INC 1 at NV_UDMA_NOP 0x08 (0x02) */
		/* INC 4 at NV_UDMA_MEM_OP_A 0x28 (0x0a): A 0, B 0, C SYS_MEMBAR 0, D MEMBAR */
		0x2004000a, 0x00000000, 0x00000000, 0x00000000, 0x28000000,
	};
	struct pbuf b;

	(void)state;
	pbuf_init(&b, 64);
	assert_int_equal(nvrt_pb_set_reference(&b.pb, 0x1234), 0);
	assert_int_equal(nvrt_pb_non_stall_interrupt(&b.pb), 0);
	assert_int_equal(nvrt_pb_host_nop(&b.pb), 0);
	assert_int_equal(nvrt_pb_membar_sys(&b.pb), 0);
	expect_words(&b, want, sizeof(want) / sizeof(want[0]));
}

static void test_pb_every_op(void **state)
{
	static const uint32_t d[3] = { 7, 8, 9 };
	static const uint32_t want[] = {
		0x20026080, 7, 8,           /* INCR subch 3 at 0x200, 2 */
		0x60028080, 7, 8,           /* NONINCR subch 4 at 0x200, 2 */
		0xa00320c0, 7, 8, 9,        /* ONEINCR subch 1 at 0x300, 3 */
		0x20000000,                 /* INCR with COUNT 0 */
		0x80050014,                 /* IMMD subch 0 at 0x50, 5 */
		0x0001fff0, 0x00020030, 0x00030000,   /* SET 0xfff, STORE 3, USE */
		0x00000000, 0xe0000000,     /* NOP, END_PB_SEGMENT */
	};
	struct pbuf b;

	(void)state;
	pbuf_init(&b, 64);
	assert_int_equal(nvrt_pb_incr(&b.pb, 3, 0x200, d, 2), 0);
	assert_int_equal(nvrt_pb_nonincr(&b.pb, 4, 0x200, d, 2), 0);
	assert_int_equal(nvrt_pb_oneincr(&b.pb, 1, 0x300, d, 3), 0);
	assert_int_equal(nvrt_pb_incr(&b.pb, 0, 0, NULL, 0), 0);
	assert_int_equal(nvrt_pb_immd(&b.pb, 0, 0x50, 5), 0);
	assert_int_equal(nvrt_pb_set_subdevice_mask(&b.pb, 0xfff), 0);
	assert_int_equal(nvrt_pb_store_subdevice_mask(&b.pb, 3), 0);
	assert_int_equal(nvrt_pb_use_subdevice_mask(&b.pb), 0);
	assert_int_equal(nvrt_pb_nop(&b.pb), 0);
	assert_int_equal(nvrt_pb_end_segment(&b.pb), 0);
	expect_words(&b, want, sizeof(want) / sizeof(want[0]));
	nvrt_pb_reset(&b.pb);
	assert_int_equal(b.pb.len, 0);
}

/* An op that does not fit writes nothing, fails and sets overflow, and so
 * does every op after it until nvrt_pb_reset. */
static void test_pb_overflow(void **state)
{
	static const uint32_t d[4] = { 1, 2, 3, 4 };
	struct pbuf b;

	(void)state;
	pbuf_init(&b, 6);
	assert_int_equal(nvrt_pb_semaphore(&b.pb, 0x1000, 1, NVRT_SEM_RELEASE), -1);
	assert_true(b.pb.overflow);
	assert_int_equal(b.pb.len, 0);
	assert_non_null(strstr(b.pb.err.msg, "pushbuffer full: 7 dwords needed, 6 of 6 free"));
	for (size_t i = 0; i < 64; i++)
		assert_int_equal(b.words[i], SENTINEL);
	assert_int_equal(nvrt_pb_nop(&b.pb), -1);
	assert_int_equal(b.words[0], SENTINEL);

	/* Exactly full, then one dword too many. */
	nvrt_pb_reset(&b.pb);
	assert_false(b.pb.overflow);
	assert_int_equal(nvrt_pb_incr(&b.pb, 0, 0x200, d, 4), 0);
	assert_int_equal(nvrt_pb_nop(&b.pb), 0);
	assert_int_equal(b.pb.len, 6);
	assert_int_equal(nvrt_pb_nop(&b.pb), -1);
	assert_true(b.pb.overflow);
	assert_int_equal(b.pb.len, 6);
	assert_int_equal(b.words[6], SENTINEL);

	/* A data run one longer than the room left. */
	nvrt_pb_reset(&b.pb);
	assert_int_equal(nvrt_pb_nop(&b.pb), 0);
	assert_int_equal(nvrt_pb_incr(&b.pb, 0, 0x200, d, 4), 0);
	assert_int_equal(b.pb.len, 6);
	nvrt_pb_reset(&b.pb);
	assert_int_equal(nvrt_pb_nop(&b.pb), 0);
	assert_int_equal(nvrt_pb_nop(&b.pb), 0);
	assert_int_equal(nvrt_pb_nonincr(&b.pb, 0, 0x200, d, 4), -1);
	assert_int_equal(b.pb.len, 2);
	assert_int_equal(b.words[2], 1);   /* the INCR's data from before the reset, untouched */
	assert_int_equal(b.words[3], 2);

	/* No memory at all. */
	nvrt_pb_init(&b.pb, chip(), NULL, 0);
	assert_int_equal(nvrt_pb_nop(&b.pb), -1);
	assert_true(b.pb.overflow);
}

static void expect_pb_error(struct pbuf *b, int rc, const char *needle)
{
	assert_int_equal(rc, -1);
	assert_false(b->pb.overflow);
	assert_int_equal(b->pb.len, 0);
	for (size_t i = 0; i < 64; i++)
		assert_int_equal(b->words[i], SENTINEL);
	if (!strstr(b->pb.err.msg, needle))
		fail_msg("error \"%s\" does not mention \"%s\"", b->pb.err.msg, needle);
}

static void test_pb_errors(void **state)
{
	static const uint32_t d[1] = { 1 };
	struct pbuf b;

	(void)state;
	pbuf_init(&b, 64);
	expect_pb_error(&b, nvrt_pb_immd(&b.pb, 0, 0x200, 0x2000), "NV_FIFO_DMA_IMMD_DATA (13 bits");
	expect_pb_error(&b, nvrt_pb_incr(&b.pb, 0, 0x202, d, 1), "not dword aligned");
	expect_pb_error(&b, nvrt_pb_incr(&b.pb, 0, 0x4000, d, 1), "NV_FIFO_DMA_INCR_ADDRESS");
	expect_pb_error(&b, nvrt_pb_nonincr(&b.pb, 8, 0x200, d, 1), "SUBCHANNEL");
	expect_pb_error(&b, nvrt_pb_oneincr(&b.pb, 0, 0x200, d, 0x2000), "NV_FIFO_DMA_ONEINCR_COUNT");
	expect_pb_error(&b, nvrt_pb_incr(&b.pb, 0, 0x200, NULL, 1), "from NULL");
	expect_pb_error(&b, nvrt_pb_set_subdevice_mask(&b.pb, 0x1000), "VALUE");

	/* Semaphore address alignment: 4, 8 with a 64-bit payload, 16 with a timestamp. */
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1002, 1, NVRT_SEM_RELEASE), "4-byte aligned");
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1004, 1, NVRT_SEM_RELEASE | NVRT_SEM_64BIT),
			"8-byte aligned");
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1008, 1, NVRT_SEM_RELEASE | NVRT_SEM_TIMESTAMP),
			"16-byte aligned");
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1004, 1, NVRT_SEM_64BIT), "8-byte aligned");
	/* SEM_ADDR_HI_OFFSET 7:0: VA bits 39:32. */
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 1ull << 40, 1, NVRT_SEM_RELEASE), "2^40");
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1000, 1ull << 32, NVRT_SEM_RELEASE),
			"PAYLOAD_SIZE_64BIT");
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1000, 1, NVRT_SEM_TIMESTAMP), "releases only");
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1000, 1, NVRT_SEM_WFI), "releases only");
	expect_pb_error(&b, nvrt_pb_semaphore(&b.pb, 0x1000, 1, 1u << 7), "unknown flags");

	/* The highest semaphore that fits. */
	assert_int_equal(nvrt_pb_semaphore(&b.pb, (1ull << 40) - 4, 1, NVRT_SEM_RELEASE), 0);
	assert_int_equal(b.words[1], 0xfffffffc);
	assert_int_equal(b.words[2], 0xff);
}

/* ---- the disassembler -------------------------------------------------------------- */

static char *decode_text(const uint32_t *w, size_t n)
{
	struct text t;

	nvrt_pb_decode(chip(), w, n, text_open(&t));
	return (char *)text_close(&t);
}

static void test_decode_text(void **state)
{
	static const uint32_t d[3] = { 7, 8, 9 };
	static const char want[] =
		"     0: 20040017  INCR subch 0 NV_UDMA_SEM_ADDR_LO count 4\n"
		"     1: 34567890    NV_UDMA_SEM_ADDR_LO OFFSET=0xd159e24\n"
		"     2: 00000012    NV_UDMA_SEM_ADDR_HI OFFSET=0x12\n"
		"     3: 0000002a    NV_UDMA_SEM_PAYLOAD_LO PAYLOAD=0x2a\n"
		"     4: 00000000    NV_UDMA_SEM_PAYLOAD_HI PAYLOAD=0x0\n"
		"     5: 2001001b  INCR subch 0 NV_UDMA_SEM_EXECUTE count 1\n"
		"     6: 00100001    NV_UDMA_SEM_EXECUTE PAYLOAD_SIZE=32BIT RELEASE_WFI=EN OPERATION=RELEASE\n"
		"     7: 2004000a  INCR subch 0 NV_UDMA_MEM_OP_A count 4\n"
		"     8: 00000000    NV_UDMA_MEM_OP_A TLB_INVALIDATE_SYSMEMBAR=DIS\n"
		"     9: 00000000    NV_UDMA_MEM_OP_B TLB_INVALIDATE_TARGET_ADDR_HI=0x0\n"
		"    10: 00000000    NV_UDMA_MEM_OP_C MEMBAR_TYPE=SYS_MEMBAR\n"
		"    11: 28000000    NV_UDMA_MEM_OP_D OPERATION=MEMBAR\n"
		"    12: 20010008  INCR subch 0 NV_UDMA_NON_STALL_INT count 1\n"
		"    13: 00000000    NV_UDMA_NON_STALL_INT HANDLE=0x0\n"
		"    14: 80050014  IMMD subch 0 NV_UDMA_SET_REF data 0x5 CNT=0x5\n"
		"    15: 60028080  NONINCR subch 4 0x0200 count 2\n"
		"    16: 00000007    0x0200\n"
		"    17: 00000008    0x0200\n"
		"    18: a00320c0  ONEINCR subch 1 0x0300 count 3\n"
		"    19: 00000007    0x0300\n"
		"    20: 00000008    0x0304\n"
		"    21: 00000009    0x0304\n"
		"    22: 00010030  SET_SUBDEVICE_MASK mask 0x003\n"
		"    23: 00000000  NOP\n"
		"    24: 40000000  INVALID\n"
		"    25: e0000000  END_PB_SEGMENT\n"
		"    26: 2 dwords after END_PB_SEGMENT, not processed\n";
	struct pbuf b;
	char *text;

	(void)state;
	pbuf_init(&b, 64);
	assert_int_equal(nvrt_pb_semaphore(&b.pb, 0x1234567890ull, 42,
					   NVRT_SEM_RELEASE | NVRT_SEM_WFI), 0);
	assert_int_equal(nvrt_pb_membar_sys(&b.pb), 0);
	assert_int_equal(nvrt_pb_non_stall_interrupt(&b.pb), 0);
	assert_int_equal(nvrt_pb_immd(&b.pb, 0, 0x50, 5), 0);
	assert_int_equal(nvrt_pb_nonincr(&b.pb, 4, 0x200, d, 2), 0);
	assert_int_equal(nvrt_pb_oneincr(&b.pb, 1, 0x300, d, 3), 0);
	assert_int_equal(nvrt_pb_set_subdevice_mask(&b.pb, 3), 0);
	assert_int_equal(nvrt_pb_nop(&b.pb), 0);
	b.words[b.pb.len++] = 0x40000000;   /* SEC_OP 2: no PB instruction */
	assert_int_equal(nvrt_pb_end_segment(&b.pb), 0);
	assert_int_equal(b.pb.len, 26);
	text = decode_text(b.words, 28);
	assert_string_equal(text, want);
	free(text);
}

/* A header whose data runs past the end of what is given. */
static void test_decode_truncated(void **state)
{
	static const uint32_t w[] = { 0x20040017, 0x00001000, 0x00000000 };
	static const char want[] =
		"     0: 20040017  INCR subch 0 NV_UDMA_SEM_ADDR_LO count 4\n"
		"     1: 00001000    NV_UDMA_SEM_ADDR_LO OFFSET=0x400\n"
		"     2: 00000000    NV_UDMA_SEM_ADDR_HI OFFSET=0x0\n"
		"     3: truncated: 2 of 4 data dwords present\n";
	char *text;

	(void)state;
	text = decode_text(w, 3);
	assert_string_equal(text, want);
	free(text);
	text = decode_text(w, 0);
	assert_string_equal(text, "");
	free(text);
}

/* Random streams: the decoder reads only the n dwords it is given (ASan
 * checks that with exactly-sized heap buffers) and never fails. */
static void test_decode_random(void **state)
{
	FILE *null = fopen("/dev/null", "w");

	(void)state;
	assert_non_null(null);
	for (int i = 0; i < 5000; i++) {
		size_t n = rnd() % 48;
		uint32_t *w = malloc((n ? n : 1) * sizeof(*w));

		assert_non_null(w);
		for (size_t k = 0; k < n; k++) {
			uint32_t r = rnd();

			/* Often a plausible header: a small count with random op bits. */
			w[k] = (r & 0x3) ? r : (r & 0xe000ffff) | ((rnd() % 8) << 16);
		}
		nvrt_pb_decode(chip(), w, n, null);
		free(w);
	}
	fclose(null);
}

/* ---- inline encoders and batches (nvrt/pushbuf_chip.h) -------------------------- */

/*
 * dev_ram NV_FIFO_DMA_INCR: OPCODE 31:29 = 1, COUNT 28:16, SUBCHANNEL 15:13,
 * ADDRESS 11:0 (dword address): subchannel 5, method 0x1ffc (dword 0x7ff),
 * count 2 -> 0x20000000 | 2 << 16 | 5 << 13 | 0x7ff = 0x2002a7ff.
 */
static void test_inline_incr_words(void **state)
{
	uint32_t mem[8] = { 0 }, data[2] = { 0x11111111, 0x22222222 };
	struct nvrt_pb pb;

	(void)state;
	nvrt_pb_init(&pb, chip(), mem, sizeof(mem));
	assert_int_equal(nvrt_gv100_pb_incr(&pb, 5, 0x1ffc, data, 2), 0);
	assert_int_equal(pb.len, 3);
	assert_int_equal(mem[0], 0x2002a7ff);
	assert_int_equal(mem[1], 0x11111111);
	assert_int_equal(mem[2], 0x22222222);
	assert_int_equal(nvrt_gv100_pb_incr_header(0, 0x5c, 4), 0x20040017);
}

/* Same words, length and refusals as nvrt_pb_incr, whatever the arguments. */
static void test_inline_matches_library(void **state)
{
	static const uint32_t subch[] = { 0, 7, 8 }, method[] = { 0, 0x5c, 0x5e, 0x3ffc, 0x4000 };
	static const uint32_t count[] = { 0, 1, 4, 9 };
	uint32_t data[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };

	(void)state;
	for (size_t a = 0; a < 3; a++)
		for (size_t m = 0; m < 5; m++)
			for (size_t k = 0; k < 4; k++) {
				uint32_t x[8] = { 0 }, y[8] = { 0 };
				struct nvrt_pb px, py;
				int rx, ry;

				nvrt_pb_init(&px, chip(), x, sizeof(x));
				nvrt_pb_init(&py, chip(), y, sizeof(y));
				rx = nvrt_pb_incr(&px, subch[a], method[m], data, count[k]);
				ry = nvrt_gv100_pb_incr(&py, subch[a], method[m], data, count[k]);
				assert_int_equal(rx, ry);
				assert_int_equal(px.len, py.len);
				assert_int_equal(px.overflow, py.overflow);
				assert_memory_equal(x, y, sizeof(x));
				assert_string_equal(px.err.msg, py.err.msg);
			}
}

/*
 * The method header layouts nvrt_pb_method encodes from (chip.h), by hand
 * from volta/gv100/dev_ram.ref.txt: OPCODE 31:29 with OPCODE_VALUE 1 (INCR,
 * lines 1075-1076), 3 (NONINCR, 1128-1129), 5 (ONEINCR, 1182-1183); COUNT
 * 28:16, SUBCHANNEL 15:13, ADDRESS 11:0 (a dword address) in all three
 * (1077-1079, 1130-1132, 1184-1186).
 */
static void test_method_format(void **state)
{
	static const uint32_t opcode[] = { 0x20000000, 0x60000000, 0xa0000000 };

	(void)state;
	for (int op = NVRT_PB_INCR; op <= NVRT_PB_ONEINCR; op++) {
		const struct nvrt_pb_method_format *f = &chip()->pushbuf->method_format[op];

		assert_int_equal(f->opcode, opcode[op]);
		assert_int_equal(f->count_lsb, 0x10000);
		assert_int_equal(f->subch_lsb, 0x2000);
		assert_int_equal(f->address_lsb, 1);
		assert_int_equal(f->count_invalid, 0xffffe000);     /* 13 bits */
		assert_int_equal(f->subch_invalid, 0xfffffff8);     /* 3 bits */
		assert_int_equal(f->method_invalid, 0xffffc003);    /* dword 0..0xfff: byte 0..0x3ffc */
	}
}

/*
 * Every data length the inline path copies (0..8) and a few it leaves to
 * nvrt_pb_method_slow, called inline and through a pointer to libnvrt's
 * external definition: the header (INCR subchannel 2 at 0x1ffc: 0x20000000
 * | count << 16 | 2 << 13 | 0x7ff, dev_ram.ref.txt:1075-1079), the data, not
 * a word more, and the length.
 */
static void test_method_lengths(void **state)
{
	int (*const incr)(struct nvrt_pb *, uint32_t, uint32_t, const uint32_t *, uint32_t) =
		nvrt_pb_incr;
	uint32_t data[12];

	(void)state;
	for (uint32_t i = 0; i < 12; i++)
		data[i] = 0x1000 + i;
	for (int how = 0; how < 2; how++)
		for (uint32_t count = 0; count <= 11; count++) {
			uint32_t mem[16];
			struct nvrt_pb pb;

			memset(mem, 0xee, sizeof(mem));
			nvrt_pb_init(&pb, chip(), mem, sizeof(mem));
			assert_int_equal(how ? incr(&pb, 2, 0x1ffc, data, count) :
					       nvrt_pb_incr(&pb, 2, 0x1ffc, data, count), 0);
			assert_int_equal(pb.len, 1 + count);
			assert_int_equal(mem[0], 0x20000000u | count << 16 | 2u << 13 | 0x7ffu);
			for (uint32_t i = 0; i < count; i++)
				assert_int_equal(mem[1 + i], 0x1000 + i);
			for (uint32_t i = 1 + count; i < 16; i++)
				assert_int_equal(mem[i], 0xeeeeeeee);
		}
}

/* The largest fields each header holds, and one more: refused whole, reported. */
static void test_method_limits(void **state)
{
	static const uint32_t d[1] = { 5 };
	uint32_t mem[4];
	struct nvrt_pb pb;

	(void)state;
	nvrt_pb_init(&pb, chip(), mem, sizeof(mem));
	/* NONINCR subchannel 7 at 0x3ffc (dword 0xfff), 1: 0x60000000 | 1 << 16 | 7 << 13 | 0xfff */
	assert_int_equal(nvrt_pb_method(&pb, NVRT_PB_NONINCR, 7, 0x3ffc, d, 1), 0);
	assert_int_equal(mem[0], 0x6001efff);
	assert_int_equal(mem[1], 5);
	assert_int_equal(nvrt_pb_method(&pb, NVRT_PB_ONEINCR, 0, 0x4000, d, 1), -1);
	assert_non_null(strstr(pb.err.msg, "NV_FIFO_DMA_ONEINCR_ADDRESS"));
	assert_int_equal(nvrt_pb_method(&pb, NVRT_PB_INCR, 0, 0x3ffe, d, 1), -1);
	assert_non_null(strstr(pb.err.msg, "not dword aligned"));
	assert_int_equal(pb.len, 2);
	assert_false(pb.overflow);
	/* the room left (2 dwords) is one short of a header and 2 data dwords */
	assert_int_equal(nvrt_pb_incr(&pb, 0, 0x100, mem, 2), -1);
	assert_true(pb.overflow);
	assert_int_equal(pb.len, 2);

	/* no chip: refused with a reason, nothing written */
	nvrt_pb_init(&pb, NULL, mem, sizeof(mem));
	assert_int_equal(nvrt_pb_incr(&pb, 0, 0x100, d, 1), -1);
	assert_int_equal(nvrt_pb_nop(&pb), -1);
	assert_non_null(strstr(pb.err.msg, "no chip"));
	assert_int_equal(pb.len, 0);
}

static void test_batch(void **state)
{
	uint32_t mem[12], data[4] = { 0xa, 0xb, 0xc, 0xd };
	struct nvrt_pb pb;
	struct nvrt_pb_batch b;

	(void)state;
	memset(mem, 0xee, sizeof(mem));
	nvrt_pb_init(&pb, chip(), mem, 10 * sizeof(uint32_t));
	/* two groups of 1 + 4 fill the 10 dwords reserved */
	assert_int_equal(nvrt_pb_batch_begin(&pb, 10, &b), 0);
	nvrt_gv100_pb_batch_incr(&b, 0, 0x5c, data, 4);
	nvrt_gv100_pb_batch_incr(&b, 0, 0x5c, data, 4);
	assert_int_equal(pb.len, 0);   /* nothing committed yet */
	assert_int_equal(nvrt_pb_batch_end(&b), 0);
	assert_int_equal(pb.len, 10);
	assert_int_equal(mem[0], 0x20040017);
	assert_int_equal(mem[5], 0x20040017);
	assert_int_equal(mem[9], 0xd);
	assert_int_equal(mem[10], 0xeeeeeeee);

	/* more than reserved: the op writes nothing, the batch commits nothing */
	nvrt_pb_reset(&pb);
	memset(mem, 0xee, sizeof(mem));
	assert_int_equal(nvrt_pb_batch_begin(&pb, 6, &b), 0);
	nvrt_gv100_pb_batch_incr(&b, 0, 0x5c, data, 4);
	nvrt_gv100_pb_batch_incr(&b, 0, 0x5c, data, 1);
	assert_true(b.failed);
	assert_int_equal(nvrt_pb_batch_end(&b), -1);
	assert_int_equal(pb.len, 0);
	assert_non_null(strstr(pb.err.msg, "does not fit the header or the 1 dwords left of the batch"));
	assert_int_equal(mem[4], 0xd);          /* the first group stored */
	assert_int_equal(mem[5], 0xeeeeeeee);   /* the second wrote nothing */

	/* a method that does not fit the header fails the batch too */
	assert_int_equal(nvrt_pb_batch_begin(&pb, 6, &b), 0);
	nvrt_gv100_pb_batch_incr(&b, 8, 0x5c, data, 4);
	assert_int_equal(nvrt_pb_batch_end(&b), -1);

	/* room the buffer does not have: refused like any op, overflow set */
	assert_int_equal(nvrt_pb_batch_begin(&pb, 11, &b), -1);
	assert_true(pb.overflow);
	assert_non_null(strstr(pb.err.msg, "pushbuffer full: 11 dwords needed"));
	nvrt_gv100_pb_batch_incr(&b, 0, 0x5c, data, 1);
	assert_int_equal(nvrt_pb_batch_end(&b), -1);
	assert_int_equal(pb.len, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inline_incr_words),
		cmocka_unit_test(test_inline_matches_library),
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_method_format),
		cmocka_unit_test(test_method_lengths),
		cmocka_unit_test(test_method_limits),
		cmocka_unit_test(test_header_words),
		cmocka_unit_test(test_header_decode),
		cmocka_unit_test(test_header_roundtrip),
		cmocka_unit_test(test_header_random_reencode),
		cmocka_unit_test(test_header_errors),
		cmocka_unit_test(test_sem_execute_words),
		cmocka_unit_test(test_membar_words),
		cmocka_unit_test(test_host_methods),
		cmocka_unit_test(test_host_method_names),
		cmocka_unit_test(test_host_method_data_dump),
		cmocka_unit_test(test_pb_release_32),
		cmocka_unit_test(test_pb_release_64_timestamp),
		cmocka_unit_test(test_pb_acquire),
		cmocka_unit_test(test_pb_host_methods),
		cmocka_unit_test(test_pb_every_op),
		cmocka_unit_test(test_pb_overflow),
		cmocka_unit_test(test_pb_errors),
		cmocka_unit_test(test_decode_text),
		cmocka_unit_test(test_decode_truncated),
		cmocka_unit_test(test_decode_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
