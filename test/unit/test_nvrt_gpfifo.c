/* SPDX-License-Identifier: MIT */
/*
 * nvrt GPFIFO on GV100: GP entries against words worked out by hand from
 * dev_pbdma.ref (NV_PPBDMA_GP_ENTRY0/1; PRIV from the project's addendum),
 * their checks, and the ring (GP_PUT/GP_GET, one entry always empty).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nvrt/gpfifo.h"

static const struct nvrt_chip *chip(void)
{
	return &nvrt_chip_gv100;
}

static uint32_t rnd_state = 0x9e3779b9u;

static uint32_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

/* ---- GP entries --------------------------------------------------------------- */

static void expect_entry(const struct nvrt_gp_entry *e, uint32_t e0, uint32_t e1)
{
	struct nvrt_err err = { "" };
	uint32_t w[2] = { 0xdeadbeef, 0xdeadbeef };
	struct nvrt_gp_entry back;

	if (chip()->gpfifo->gp_entry_encode(e, w, &err))
		fail_msg("encode: %s", err.msg);
	if (w[0] != e0 || w[1] != e1)
		fail_msg("got %08x %08x, want %08x %08x", w[0], w[1], e0, e1);
	/* And back. */
	chip()->gpfifo->gp_entry_decode(w, &back);
	assert_int_equal(back.va, e->va);
	assert_int_equal(back.length, e->length);
	assert_int_equal(back.subroutine, e->subroutine);
	assert_int_equal(back.sync_wait, e->sync_wait);
	assert_int_equal(back.conditional, e->conditional);
	assert_int_equal(back.priv, e->priv);
	assert_int_equal(back.opcode, e->opcode);
}

static void test_entry_words(void **state)
{
	(void)state;
	/* facts 1.8: e0 = lo32(va) (GET 31:2 = VA 31:2, FETCH 0 UNCONDITIONAL),
	 * e1 = GET_HI 7:0 (VA 39:32) | LENGTH 30:10 (dwords) << 10. */
	expect_entry(&(struct nvrt_gp_entry){ .va = 0x123456780ull, .length = 7 },
		     0x23456780, 0x00001c01);
	/* FETCH_CONDITIONAL bit 0; PRIV_KERNEL bit 8; LEVEL_SUBROUTINE bit 9; SYNC_WAIT bit 31. */
	expect_entry(&(struct nvrt_gp_entry){ .va = 0x123456780ull, .length = 7, .subroutine = true,
					      .sync_wait = true, .conditional = true, .priv = true },
		     0x23456781, 0x80001f01);
	/* The longest segment (LENGTH 0x1fffff) high in the VA space. */
	expect_entry(&(struct nvrt_gp_entry){ .va = 0xff00000000ull, .length = 0x1fffff },
		     0x00000000, 0x7ffffcff);
	/* The last usable dword: PUT (the dword after it) is still below 2^40. */
	expect_entry(&(struct nvrt_gp_entry){ .va = (1ull << 40) - 8, .length = 1 },
		     0xfffffff8, 0x000004ff);
}

static void test_entry_control(void **state)
{
	(void)state;
	/* LENGTH_CONTROL (0): OPCODE 7:0, ENTRY0_OPERAND 31:0 (passed in va). */
	expect_entry(&(struct nvrt_gp_entry){ .opcode = NVRT_GP_OP_NOP }, 0, 0);
	expect_entry(&(struct nvrt_gp_entry){ .opcode = NVRT_GP_OP_ILLEGAL }, 0, 1);
	expect_entry(&(struct nvrt_gp_entry){ .va = 0xcafef00d, .opcode = NVRT_GP_OP_GP_CRC },
		     0xcafef00d, 2);
	expect_entry(&(struct nvrt_gp_entry){ .va = 0x1, .opcode = NVRT_GP_OP_PB_CRC }, 1, 3);
	/* SYNC_WAIT applies to control entries too. */
	expect_entry(&(struct nvrt_gp_entry){ .sync_wait = true, .opcode = NVRT_GP_OP_NOP },
		     0, 0x80000000);
}

static void test_entry_decode_opcode(void **state)
{
	/* An opcode the manual does not define acts as ILLEGAL (INTR_0_GPENTRY). */
	static const uint32_t w[2] = { 0x12345678, 0x00000042 };
	struct nvrt_gp_entry e;

	(void)state;
	chip()->gpfifo->gp_entry_decode(w, &e);
	assert_int_equal(e.length, 0);
	assert_int_equal(e.opcode, NVRT_GP_OP_ILLEGAL);
	assert_int_equal(e.va, 0x12345678);
	assert_false(e.conditional);
}

static void expect_entry_error(const struct nvrt_gp_entry *e, const char *needle)
{
	struct nvrt_err err = { "" };
	uint32_t w[2] = { 0x11111111, 0x22222222 };

	assert_int_equal(chip()->gpfifo->gp_entry_encode(e, w, &err), -1);
	assert_int_equal(w[0], 0x11111111);
	assert_int_equal(w[1], 0x22222222);
	if (!strstr(err.msg, needle))
		fail_msg("error \"%s\" does not mention \"%s\"", err.msg, needle);
}

static void test_entry_errors(void **state)
{
	(void)state;
	expect_entry_error(&(struct nvrt_gp_entry){ .va = 0x1002, .length = 1 }, "4-byte aligned");
	expect_entry_error(&(struct nvrt_gp_entry){ .va = 1ull << 40, .length = 1 },
			   "NV_PPBDMA_GP_ENTRY1_GET_HI");
	expect_entry_error(&(struct nvrt_gp_entry){ .va = 0x1000, .length = 0x200000 },
			   "NV_PPBDMA_GP_ENTRY1_LENGTH");
	/* PUT would be 2^40: the last dword of the VA space is unusable. */
	expect_entry_error(&(struct nvrt_gp_entry){ .va = (1ull << 40) - 8, .length = 2 },
			   "end of the VA space");
	expect_entry_error(&(struct nvrt_gp_entry){ .va = 0x1000, .length = 1,
						    .opcode = NVRT_GP_OP_GP_CRC }, "LENGTH 0");
	expect_entry_error(&(struct nvrt_gp_entry){ .conditional = true }, "ENTRY0_OPERAND");
	expect_entry_error(&(struct nvrt_gp_entry){ .va = 1ull << 32 }, "OPERAND (32 bits)");
	expect_entry_error(&(struct nvrt_gp_entry){ .opcode = (enum nvrt_gp_opcode)9 },
			   "NV_PPBDMA_GP_ENTRY1_OPCODE");
}

/* Any two words decode; decoded entries encode back to the same words
 * (bit 1 of ENTRY0 is no field of a segment entry). */
static void test_entry_random(void **state)
{
	(void)state;
	for (int i = 0; i < 20000; i++) {
		uint32_t w[2] = { rnd(), rnd() }, back[2];
		struct nvrt_gp_entry e;
		struct nvrt_err err;

		if (i % 4 == 0)
			w[1] &= 0x800003ffu;   /* a control entry */
		chip()->gpfifo->gp_entry_decode(w, &e);
		if (e.length) {
			int rc = chip()->gpfifo->gp_entry_encode(&e, back, &err);

			if (e.va + 4ull * e.length >= 1ull << 40) {
				assert_int_equal(rc, -1);
				continue;
			}
			assert_int_equal(rc, 0);
			assert_int_equal(back[0], w[0] & ~2u);
			assert_int_equal(back[1], w[1]);
		} else if ((w[1] & 0xff) <= 3) {
			assert_int_equal(chip()->gpfifo->gp_entry_encode(&e, back, &err), 0);
			assert_int_equal(back[0], w[0]);
			assert_int_equal(back[1], w[1]);
		} else {
			assert_int_equal(e.opcode, NVRT_GP_OP_ILLEGAL);
		}
	}
}

/* ---- the ring --------------------------------------------------------------------- */

struct ring {
	struct nvrt_dma mem;
	struct nvrt_gpfifo g;
};

static void ring_mem(struct ring *r, size_t bytes, uint64_t iova)
{
	memset(r, 0, sizeof(*r));
	r->mem.cpu = aligned_alloc(64, bytes ? (bytes + 63) / 64 * 64 : 64);
	assert_non_null(r->mem.cpu);
	memset(r->mem.cpu, 0, bytes);
	r->mem.iova = iova;
	r->mem.size = bytes;
	r->mem.align = 64;
}

static void ring_open(struct ring *r, uint32_t entries)
{
	struct nvrt_err err = { "" };

	ring_mem(r, entries * 8u, 0x10000);
	if (nvrt_gpfifo_init(&r->g, chip(), &r->mem, entries, &err))
		fail_msg("init: %s", err.msg);
}

static void ring_close(struct ring *r)
{
	free(r->mem.cpu);
}

static void expect_init_error(uint32_t entries, size_t bytes, uint64_t iova, const char *needle)
{
	struct nvrt_err err = { "" };
	struct ring r;

	ring_mem(&r, bytes, iova);
	assert_int_equal(nvrt_gpfifo_init(&r.g, chip(), &r.mem, entries, &err), -1);
	if (!strstr(err.msg, needle))
		fail_msg("error \"%s\" does not mention \"%s\"", err.msg, needle);
	ring_close(&r);
}

static void test_ring_init_errors(void **state)
{
	struct nvrt_err err;
	struct nvrt_gpfifo g;

	(void)state;
	expect_init_error(0, 64, 0x1000, "power of two");
	expect_init_error(1, 64, 0x1000, "at least 2");
	expect_init_error(3, 64, 0x1000, "power of two");
	expect_init_error(6, 64, 0x1000, "power of two");
	expect_init_error(0x80000001u, 64, 0x1000, "power of two");
	expect_init_error(16, 64, 0x1000, "do not fit");
	expect_init_error(8, 64, 0x1004, "NV_PPBDMA_GP_BASE_OFFSET");
	assert_int_equal(nvrt_gpfifo_init(&g, chip(), NULL, 8, &err), -1);
}

static void test_ring_full_empty(void **state)
{
	struct nvrt_err err = { "" };
	struct nvrt_gp_entry e = { .va = 0x200000, .length = 7 };
	uint32_t *w;
	struct ring r;

	(void)state;
	ring_open(&r, 8);
	w = r.mem.cpu;
	assert_true(nvrt_gpfifo_empty(&r.g, 0));
	assert_false(nvrt_gpfifo_full(&r.g, 0));
	assert_int_equal(nvrt_gpfifo_space(&r.g, 0), 7);
	for (uint32_t i = 0; i < 7; i++) {
		e.va = 0x200000 + i * 0x100;
		assert_int_equal(nvrt_gpfifo_push(&r.g, &e, 0, &err), 0);
		assert_int_equal(r.g.put, i + 1);
		/* Entry i in memory: e0 = VA[31:0], e1 = LENGTH 7 << 10 (GET_HI 0). */
		assert_int_equal(w[2 * i], 0x200000 + i * 0x100);
		assert_int_equal(w[2 * i + 1], 0x1c00);
	}
	/* GP_PUT == GP_GET - 1 (mod 8): full, the last slot stays empty. */
	assert_true(nvrt_gpfifo_full(&r.g, 0));
	assert_int_equal(nvrt_gpfifo_space(&r.g, 0), 0);
	assert_int_equal(nvrt_gpfifo_push(&r.g, &e, 0, &err), -1);
	assert_non_null(strstr(err.msg, "gpfifo full"));
	assert_int_equal(r.g.put, 7);
	assert_int_equal(w[14], 0);
	assert_int_equal(w[15], 0);
	/* Host consumed three. */
	assert_int_equal(nvrt_gpfifo_space(&r.g, 3), 3);
	assert_false(nvrt_gpfifo_full(&r.g, 3));
	assert_false(nvrt_gpfifo_empty(&r.g, 3));
	assert_true(nvrt_gpfifo_empty(&r.g, 7));
	assert_int_equal(nvrt_gpfifo_space(&r.g, 7), 7);
	/* GP_GET outside the ring, and a bad entry: nothing written, put unchanged. */
	assert_int_equal(nvrt_gpfifo_push(&r.g, &e, 8, &err), -1);
	assert_non_null(strstr(err.msg, "outside the ring"));
	e.va = 0x1002;
	assert_int_equal(nvrt_gpfifo_push(&r.g, &e, 7, &err), -1);
	assert_non_null(strstr(err.msg, "4-byte aligned"));
	assert_int_equal(r.g.put, 7);
	assert_int_equal(w[14], 0);
	ring_close(&r);
}

/* A producer and a consumer going round a small ring many times. */
static void test_ring_wrap(void **state)
{
	struct nvrt_err err = { "" };
	uint32_t get = 0, pushed = 0, popped = 0;
	struct ring r;

	(void)state;
	ring_open(&r, 4);
	while (popped < 5000) {
		uint32_t room = nvrt_gpfifo_space(&r.g, get), n = rnd() % 5, k;

		for (k = 0; k < n; k++) {
			struct nvrt_gp_entry e = { .va = 0x1000000 + 4ull * pushed, .length = 1 + pushed % 100,
						   .sync_wait = pushed & 1 };

			if (k >= room) {
				assert_true(nvrt_gpfifo_full(&r.g, get));
				assert_int_equal(nvrt_gpfifo_push(&r.g, &e, get, &err), -1);
				break;
			}
			assert_int_equal(nvrt_gpfifo_push(&r.g, &e, get, &err), 0);
			pushed++;
		}
		assert_int_equal(r.g.put, pushed % 4);
		/* Host fetches some: each entry is the one pushed in that order. */
		for (n = rnd() % 5; n && !nvrt_gpfifo_empty(&r.g, get); n--) {
			struct nvrt_gp_entry e;

			chip()->gpfifo->gp_entry_decode((uint32_t *)r.mem.cpu + 2 * get, &e);
			assert_int_equal(e.va, 0x1000000 + 4ull * popped);
			assert_int_equal(e.length, 1 + popped % 100);
			assert_int_equal(e.sync_wait, popped & 1);
			popped++;
			get = (get + 1) % 4;
		}
		assert_int_equal(nvrt_gpfifo_space(&r.g, get), 3 - (pushed - popped));
	}
	ring_close(&r);
}

static void test_limit2(void **state)
{
	(void)state;
	/* NV_PPBDMA_GP_BASE_HI_LIMIT2: log2 of the number of entries (2^16 -> 16). */
	assert_int_equal(nvrt_gpfifo_limit2(1), 0);
	assert_int_equal(nvrt_gpfifo_limit2(2), 1);
	assert_int_equal(nvrt_gpfifo_limit2(8), 3);
	assert_int_equal(nvrt_gpfifo_limit2(1u << 16), 16);
	assert_int_equal(nvrt_gpfifo_limit2(1u << 31), 31);
}

/* TU104 has no GP_ENTRY1_PRIV (no such define in its manuals nor in
 * clc46f.h; UVM's uvm_turing_host.c: "deprecated in Turing+"): a privileged
 * entry is refused, and bit 8 decodes as nothing.  The rest of the entry is
 * GV100's (tu104-host-facts.md 1.8 step 23). */
static void test_entry_priv_turing(void **state)
{
	const struct nvrt_chip *tu = &nvrt_chip_tu104;
	struct nvrt_gp_entry e = { .va = 0x123456780ull, .length = 7, .priv = true }, back;
	struct nvrt_err err = { "" };
	uint32_t w[2] = { 0, 0 };
	const uint32_t priv_word[2] = { 0x23456780, 0x00001d01 };   /* bit 8 of word 1 set */

	(void)state;
	assert_int_equal(tu->gpfifo->gp_entry_encode(&e, w, &err), -1);
	assert_non_null(strstr(err.msg, "no privileged GP entry on tu104"));
	e.priv = false;
	assert_int_equal(tu->gpfifo->gp_entry_encode(&e, w, &err), 0);
	assert_int_equal(w[0], 0x23456780);
	assert_int_equal(w[1], 0x00001c01);
	tu->gpfifo->gp_entry_decode(priv_word, &back);
	assert_false(back.priv);
	assert_int_equal(back.length, 7);
	assert_int_equal(back.va, 0x123456780ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_entry_words),
		cmocka_unit_test(test_entry_control),
		cmocka_unit_test(test_entry_decode_opcode),
		cmocka_unit_test(test_entry_errors),
		cmocka_unit_test(test_entry_priv_turing),
		cmocka_unit_test(test_entry_random),
		cmocka_unit_test(test_ring_init_errors),
		cmocka_unit_test(test_ring_full_empty),
		cmocka_unit_test(test_ring_wrap),
		cmocka_unit_test(test_limit2),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
