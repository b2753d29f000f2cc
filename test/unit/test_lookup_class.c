/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup --class ($REFGEN_IR of gv100 and ga100): a method offset of
 * one class unit, named and its value decoded through the lookup core.
 * Expected names and values are read off NVIDIA's class headers
 * (../shared/classes/<file>:<line> beside each), never the program's output.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "io/ir_chip.h"
#include "lookup/lookup_index.h"
#include "lookup/lookup_query.h"
#include "support/test_support.h"

struct class_run {
	struct ir_chip chip;
	struct lookup_index x;
	struct lookup_ctx ctx;
	struct lookup_result r;
};

static void class_run_open(struct class_run *t, const char *chip)
{
	struct diag d;

	diag_init(&d);
	if (ir_chip_load(&t->chip, chip, env_require("REFGEN_IR"), &d) < 0)
		fail_msg("cannot load %s", chip);
	assert_int_equal(lookup_index_build(&t->x, &t->chip), 0);
	lookup_ctx_init(&t->ctx, &t->x, chip);
	lookup_result_init(&t->r);
}

static void class_run_close(struct class_run *t)
{
	lookup_result_release(&t->r);
	lookup_index_release(&t->x);
	ir_chip_release(&t->chip);
}

/* The field named name of candidate 0's decoded value. */
static const struct lookup_bitval *class_field(const struct lookup_result *r, const char *name)
{
	const struct lookup_cand *k = &r->cands[0];

	for (size_t i = k->field0; i < k->field0 + k->nfields; i++)
		if (!strcmp(r->fields[i].field->name, name))
			return &r->fields[i];
	fail_msg("%s: no field %s decoded", k->name, name);
	return NULL;
}

static void expect_field(const struct lookup_result *r, const char *name, uint64_t hi, uint64_t lo, uint64_t value,
			 const char *named)
{
	const struct lookup_bitval *b = class_field(r, name);

	assert_int_equal(b->hi, hi);
	assert_int_equal(b->lo, lo);
	assert_int_equal(b->value, value);
	assert_non_null(b->named);
	assert_string_equal(b->named->name, named);
}

static enum lookup_status ask(struct class_run *t, uint64_t addr, uint64_t value)
{
	struct lookup_query q = { .kind = LOOKUP_QUERY_ADDRESS, .addr = addr, .has_value = true, .value = value };

	return lookup_query_run(&t->ctx, &q, &t->r);
}

/* Every spelling of VOLTA_DMA_COPY_A names one class unit. */
static void test_class_spellings(void **state)
{
	static const char *const names[] = { "c3b5", "C3B5", "clc3b5", "0xc3b5", "VOLTA_DMA_COPY_A" };
	struct class_run t;

	(void)state;
	class_run_open(&t, "gv100");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		lookup_ctx_init(&t.ctx, &t.x, "gv100");
		assert_int_equal(lookup_ctx_class(&t.ctx, names[i]), 0);
		assert_int_equal(t.ctx.cls->class_id, 0xc3b5);
		assert_int_equal(t.ctx.space, IR_SPACE_METHOD);
	}
	/* AMPERE_DMA_COPY_A is ga100's (manuals/ga100/classes.txt), not gv100's */
	lookup_ctx_init(&t.ctx, &t.x, "gv100");
	assert_int_equal(lookup_ctx_class(&t.ctx, "c6b5"), -1);
	assert_int_equal(lookup_ctx_class(&t.ctx, "NO_SUCH_CLASS"), -1);
	class_run_close(&t);
}

/* c3b5 0x300 0x182 = 0b1_1000_0010: bits 8, 7 and 1. */
static void test_c3b5_launch_dma(void **state)
{
	struct class_run t;
	const struct lookup_cand *k;

	(void)state;
	class_run_open(&t, "gv100");
	assert_int_equal(lookup_ctx_class(&t.ctx, "c3b5"), 0);
	assert_int_equal(ask(&t, 0x300, 0x182), LOOKUP_FOUND);
	assert_int_equal(t.r.ncands, 1);
	k = &t.r.cands[0];
	assert_string_equal(k->name, "NVC3B5_LAUNCH_DMA");          /* clc3b5.h:68 (0x00000300) */
	assert_true(k->decoded);
	/* high bits first: RESERVED_ERR_CODE 31:28 (clc3b5.h:134) ... DATA_TRANSFER_TYPE 1:0 (clc3b5.h:69) */
	assert_string_equal(t.r.fields[k->field0].field->name, "RESERVED_ERR_CODE");
	assert_string_equal(t.r.fields[k->field0 + k->nfields - 1].field->name, "DATA_TRANSFER_TYPE");
	expect_field(&t.r, "DATA_TRANSFER_TYPE", 1, 0, 2, "NON_PIPELINED");   /* clc3b5.h:69, :72 */
	expect_field(&t.r, "FLUSH_ENABLE", 2, 2, 0, "FALSE");                 /* clc3b5.h:73, :74 */
	expect_field(&t.r, "SRC_MEMORY_LAYOUT", 7, 7, 1, "PITCH");            /* clc3b5.h:87, :89 */
	expect_field(&t.r, "DST_MEMORY_LAYOUT", 8, 8, 1, "PITCH");            /* clc3b5.h:90, :92 */
	assert_int_equal(k->unclaimed, 0);
	class_run_close(&t);
}

/* c36f 0x6c 0x100001: bits 20 and 0. */
static void test_c36f_sem_execute(void **state)
{
	struct class_run t;

	(void)state;
	class_run_open(&t, "gv100");
	assert_int_equal(lookup_ctx_class(&t.ctx, "VOLTA_CHANNEL_GPFIFO_A"), 0);
	assert_int_equal(ask(&t, 0x6c, 0x100001), LOOKUP_FOUND);
	assert_string_equal(t.r.cands[0].name, "NVC36F_SEM_EXECUTE");   /* clc36f.h:209 (0x0000006c) */
	expect_field(&t.r, "OPERATION", 2, 0, 1, "RELEASE");             /* clc36f.h:210, :212 */
	expect_field(&t.r, "ACQUIRE_SWITCH_TSG", 12, 12, 0, "DIS");      /* clc36f.h:218, :219 */
	expect_field(&t.r, "RELEASE_WFI", 20, 20, 1, "EN");              /* clc36f.h:221, :223 */
	expect_field(&t.r, "PAYLOAD_SIZE", 24, 24, 0, "32BIT");          /* clc36f.h:224, :225 */
	expect_field(&t.r, "RELEASE_TIMESTAMP", 25, 25, 0, "DIS");       /* clc36f.h:227, :228 */
	class_run_close(&t);
}

/* c6b5 0x300 0xc = 0b1100: bits 3 and 2. */
static void test_c6b5_launch_dma(void **state)
{
	struct class_run t;

	(void)state;
	class_run_open(&t, "ga100");
	assert_int_equal(lookup_ctx_class(&t.ctx, "clc6b5"), 0);
	assert_int_equal(ask(&t, 0x300, 0xc), LOOKUP_FOUND);
	assert_string_equal(t.r.cands[0].name, "NVC6B5_LAUNCH_DMA");    /* clc6b5.h:74 (0x00000300) */
	expect_field(&t.r, "DATA_TRANSFER_TYPE", 1, 0, 0, "NONE");       /* clc6b5.h:75, :76 */
	expect_field(&t.r, "FLUSH_ENABLE", 2, 2, 1, "TRUE");             /* clc6b5.h:79, :81 */
	expect_field(&t.r, "SEMAPHORE_TYPE", 4, 3, 1, "RELEASE_ONE_WORD_SEMAPHORE");   /* clc6b5.h:85, :87 */
	expect_field(&t.r, "INTERRUPT_TYPE", 6, 5, 0, "NONE");           /* clc6b5.h:90, :91 */
	class_run_close(&t);
}

/* An offset the class lacks is said so, never another class's method. */
static void test_offset_the_class_lacks(void **state)
{
	struct class_run t;

	(void)state;
	class_run_open(&t, "gv100");
	assert_int_equal(lookup_ctx_class(&t.ctx, "c3b5"), 0);
	/* clc3b5.h defines no method at 0x304; clc36f.h:209 has SEM_EXECUTE at 0x6c, clc3b5.h nothing */
	assert_int_equal(ask(&t, 0x304, 1), LOOKUP_NOTHING);
	assert_int_equal(t.r.ncands, 0);
	assert_non_null(strstr(t.r.error, "VOLTA_DMA_COPY_A"));
	assert_int_equal(ask(&t, 0x6c, 1), LOOKUP_NOTHING);
	assert_int_equal(t.r.ncands, 0);
	class_run_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_class_spellings),
		cmocka_unit_test(test_c3b5_launch_dma),
		cmocka_unit_test(test_c36f_sem_execute),
		cmocka_unit_test(test_c6b5_launch_dma),
		cmocka_unit_test(test_offset_the_class_lacks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
