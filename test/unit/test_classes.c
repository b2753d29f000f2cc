/* SPDX-License-Identifier: MIT */
/*
 * NVIDIA's class headers as class units: the class, its methods, their
 * fields and values, worked out by hand from the headers (file:line cited,
 * ../shared/classes, CLASSES), methods decoded from the model for the Host,
 * copy-engine and compute classes; and every error of a bad class header.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ref_parse.h"
#include "support/test_support.h"

/* ---- helpers ---------------------------------------------------------------- */

/* The class header unit (clc3b5 ...) parsed from CLASSES, with no error. */
static struct ir_manual *class_load(const char *unit)
{
	const char *dir = getenv("CLASSES");
	char path[4096];
	struct diag d;

	snprintf(path, sizeof(path), "%s/%s.h", dir && *dir ? dir : "../shared/classes", unit);
	diag_init(&d);
	d.wflags[DIAG_W_STRUCT] = DIAG_WF_OFF;
	d.wflags[DIAG_W_REDEFINED] = DIAG_WF_OFF;
	struct ref_parser *p = ref_parser_new();
	assert_non_null(p);
	struct ir_manual *m = ref_parse_file(p, path, &d);
	ref_parser_free(p);
	if (!m)
		fail_msg("%s: did not parse", path);
	assert_int_equal(d.errors, 0);
	return m;
}

/* Decodes method value v: the named value (or NULL) of field fname of method. */
static const char *class_decode(const struct ir_manual *m, const char *method, const char *fname,
				uint32_t v, uint64_t *num)
{
	const struct ir_def *r = manual_get(m, method), *f = manual_get(m, fname);

	assert_int_equal(r->kind, IR_REGISTER);
	assert_ptr_equal(f->parent, r);
	assert_true(f->hi.known && f->lo.known);
	uint64_t width = f->hi.value - f->lo.value + 1;
	*num = (v >> f->lo.value) & ((1ull << width) - 1);
	for (const struct ir_def *c = f->first_child; c; c = c->next_sibling)
		if (c->kind == IR_VALUE && c->value.known && c->value.value == *num)
			return c->name;
	return NULL;
}

/* ---- the copy engine: clc3b5.h ----------------------------------------------- */

static void test_class_ce(void **state)
{
	(void)state;
	struct ir_manual *m = class_load("clc3b5");
	uint64_t n;

	/* clc3b5.h:33 #define VOLTA_DMA_COPY_A (0x0000C3B5) */
	assert_string_equal(m->class_name, "VOLTA_DMA_COPY_A");
	assert_int_equal(m->class_id, 0xc3b5);
	assert_int_equal(m->space.kind, IR_SPACE_METHOD);
	/* clc3b5.h:68 NVC3B5_LAUNCH_DMA (0x00000300): a method */
	const struct ir_def *r = manual_get(m, "NVC3B5_LAUNCH_DMA");
	assert_int_equal(r->kind, IR_REGISTER);
	assert_true(r->value.known && r->value.value == 0x300);
	/* clc3b5.h:271 NVC3B5_PM_TRIGGER_END (0x00001114), after PM_TRIGGER: a
	 * method of its own, not a constant of NVC3B5_PM_TRIGGER */
	r = manual_get(m, "NVC3B5_PM_TRIGGER_END");
	assert_int_equal(r->kind, IR_REGISTER);
	assert_null(r->parent);
	assert_true(r->value.value == 0x1114);
	assert_ptr_equal(manual_get(m, "NVC3B5_PM_TRIGGER_END_V")->parent, r);
	/* LAUNCH_DMA 0x182 = bits 1, 7, 8: DATA_TRANSFER_TYPE 1:0 = 2
	 * NON_PIPELINED (clc3b5.h:72), SRC_MEMORY_LAYOUT 7:7 = 1 PITCH (:87, :89),
	 * DST_MEMORY_LAYOUT 8:8 = 1 PITCH (:90, :92), FLUSH_ENABLE 2:2 = 0 FALSE */
	assert_string_equal(class_decode(m, "NVC3B5_LAUNCH_DMA", "NVC3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE",
					 0x182, &n), "NVC3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED");
	assert_string_equal(class_decode(m, "NVC3B5_LAUNCH_DMA", "NVC3B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT",
					 0x182, &n), "NVC3B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH");
	assert_string_equal(class_decode(m, "NVC3B5_LAUNCH_DMA", "NVC3B5_LAUNCH_DMA_DST_MEMORY_LAYOUT",
					 0x182, &n), "NVC3B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH");
	assert_string_equal(class_decode(m, "NVC3B5_LAUNCH_DMA", "NVC3B5_LAUNCH_DMA_FLUSH_ENABLE",
					 0x182, &n), "NVC3B5_LAUNCH_DMA_FLUSH_ENABLE_FALSE");
	ir_manual_free(m);
}

/* ---- Host: clc36f.h ------------------------------------------------------------- */

static void test_class_host(void **state)
{
	(void)state;
	struct ir_manual *m = class_load("clc36f");
	uint64_t n;

	assert_string_equal(m->class_name, "VOLTA_CHANNEL_GPFIFO_A");   /* clc36f.h:43 */
	assert_int_equal(m->class_id, 0xc36f);
	/* clc36f.h:68-70 SET_OBJECT (0x0): NVCLASS 15:0, ENGINE 20:16; binding
	 * the copy engine: 0x0000c3b5 is NVCLASS 0xc3b5, ENGINE 0 */
	assert_true(manual_get(m, "NVC36F_SET_OBJECT")->value.value == 0);
	assert_null(class_decode(m, "NVC36F_SET_OBJECT", "NVC36F_SET_OBJECT_NVCLASS", 0xc3b5, &n));
	assert_int_equal(n, 0xc3b5);
	class_decode(m, "NVC36F_SET_OBJECT", "NVC36F_SET_OBJECT_ENGINE", 0xc3b5, &n);
	assert_int_equal(n, 0);
	/* clc36f.h:82-85 SEMAPHORED (0x1c) 0x01000002: OPERATION 4:0 = 2 RELEASE,
	 * RELEASE_SIZE 24:24 = 1 4BYTE */
	assert_true(manual_get(m, "NVC36F_SEMAPHORED")->value.value == 0x1c);
	assert_string_equal(class_decode(m, "NVC36F_SEMAPHORED", "NVC36F_SEMAPHORED_OPERATION",
					 0x01000002, &n), "NVC36F_SEMAPHORED_OPERATION_RELEASE");
	assert_string_equal(class_decode(m, "NVC36F_SEMAPHORED", "NVC36F_SEMAPHORED_RELEASE_SIZE",
					 0x01000002, &n), "NVC36F_SEMAPHORED_RELEASE_SIZE_4BYTE");
	/* the pushbuffer header layout NVC36F_DMA_* (clc36f.h:286-360) is no method */
	assert_int_equal(manual_get(m, "NVC36F_DMA_SEC_OP")->kind, IR_CONSTANT);
	ir_manual_free(m);
}

/* ---- compute: clc3c0.h ---------------------------------------------------------- */

static void test_class_compute(void **state)
{
	(void)state;
	struct ir_manual *m = class_load("clc3c0");
	uint64_t n;

	assert_string_equal(m->class_name, "VOLTA_COMPUTE_A");
	assert_int_equal(m->class_id, 0xc3c0);
	/* clc3c0.h:141-148 LAUNCH_DMA 0x01b0; 0x21: DST_MEMORY_LAYOUT 0:0 = 1
	 * PITCH, COMPLETION_TYPE 5:4 = 2 RELEASE_SEMAPHORE */
	assert_true(manual_get(m, "NVC3C0_LAUNCH_DMA")->value.value == 0x1b0);
	assert_string_equal(class_decode(m, "NVC3C0_LAUNCH_DMA", "NVC3C0_LAUNCH_DMA_DST_MEMORY_LAYOUT",
					 0x21, &n), "NVC3C0_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH");
	assert_string_equal(class_decode(m, "NVC3C0_LAUNCH_DMA", "NVC3C0_LAUNCH_DMA_COMPLETION_TYPE",
					 0x21, &n), "NVC3C0_LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE");
	/* clc3c0.h:300-302 SET_QMD_VERSION 0x0288: 0x00010002 is CURRENT 15:0 = 2,
	 * OLDEST_SUPPORTED 31:16 = 1 */
	class_decode(m, "NVC3C0_SET_QMD_VERSION", "NVC3C0_SET_QMD_VERSION_CURRENT", 0x00010002, &n);
	assert_int_equal(n, 2);
	class_decode(m, "NVC3C0_SET_QMD_VERSION", "NVC3C0_SET_QMD_VERSION_OLDEST_SUPPORTED", 0x00010002, &n);
	assert_int_equal(n, 1);
	/* an array: NVC3C0_LOAD_INLINE_QMD_DATA(i) (0x0320+(i)*4), a method */
	const struct ir_def *a = manual_get(m, "NVC3C0_LOAD_INLINE_QMD_DATA");
	assert_int_equal(a->kind, IR_REGISTER);
	assert_int_equal(a->nparams, 1);
	assert_int_equal(expr_text_eval(a, a->value.expr, 3, 0), 0x32c);
	ir_manual_free(m);
}

/* ---- bad class headers ---------------------------------------------------------- */

/* text, parsed as path, gives the error want and no unit. */
static void class_error(const char *path, const char *text, const char *want)
{
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	struct ir_manual *m = parse_str(path, text, &d);
	if (m || d.errors != 1) {
		capture_dump(&c, text);
		ir_manual_free(m);
		fail_msg("expected the error \"%s\" and no unit", want);
	}
	capture_expect_line(&c, want);
	capture_free(&c);
}

static void test_class_errors(void **state)
{
	(void)state;
	/* a method offset that is not a multiple of 4 */
	class_error("cl1234.h",
		    "#define TEST_CLASS_A (0x00001234)\n"
		    "#define NV1234_GO (0x00000102)\n"
		    "#define NV1234_GO_V 31:0\n",
		    "cl1234.h:2:9: error: method NV1234_GO: offset 0x102 is not a multiple of 4");
	/* an array whose second element is not */
	class_error("cl1234.h",
		    "#define TEST_CLASS_A (0x00001234)\n"
		    "#define NV1234_DATA(i) (0x00000100+(i)*2)\n"
		    "#define NV1234_DATA_V 31:0\n",
		    "cl1234.h:2:9: error: method NV1234_DATA: offset 0x102 (its second element) is not a "
		    "multiple of 4");
	/* a field outside 31:0 */
	class_error("cl1234.h",
		    "#define TEST_CLASS_A (0x00001234)\n"
		    "#define NV1234_GO (0x00000100)\n"
		    "#define NV1234_GO_LOW 31:0\n"
		    "#define NV1234_GO_HIGH 35:32\n",
		    "cl1234.h:4:9: error: field NV1234_GO_HIGH: bits 35:32 lie outside its 32-bit register "
		    "NV1234_GO");
	/* a define of another class's prefix */
	class_error("cl1234.h",
		    "#define TEST_CLASS_A (0x00001234)\n"
		    "#define NV1234_GO (0x00000100)\n"
		    "#define NV1234_GO_V 31:0\n"
		    "#define NVC3B5_NOP (0x00000100)\n",
		    "cl1234.h:4:9: error: NVC3B5_NOP: a define of class C3B5's prefix in class 1234's unit");
	/* no define names the class */
	class_error("cl1234.h",
		    "#define NV1234_GO (0x00000100)\n"
		    "#define NV1234_GO_V 31:0\n",
		    "cl1234.h: error: no define names class 1234 (such as '#define VOLTA_DMA_COPY_A (0x1234)')");
}

/* A C struct is reported (-Wstruct) and kept as prose, never silently lost. */
static void test_class_struct(void **state)
{
	(void)state;
	struct capture c;
	struct diag d;
	const char *text = "#define TEST_CLASS_A (0x00001234)\n"
			   "typedef volatile struct Nv1234Control_struct {\n"
			   " NvU32 Put;\n"
			   "} Nv1234Control;\n"
			   "#define NV1234_GO (0x00000100)\n"
			   "#define NV1234_GO_V 31:0\n";

	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("cl1234.h", text, &d);
	assert_non_null(m);
	capture_expect_line(&c, "cl1234.h:2:25: warning: C struct Nv1234Control_struct is kept as prose, "
			    "not read as a memory layout [-Wstruct]");
	assert_non_null(strstr(manual_get(m, "NV1234_GO")->prose, " NvU32 Put;"));
	capture_free(&c);
	ir_manual_free(m);
}

static int teardown(void **state)
{
	(void)state;
	parse_cleanup();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_class_ce),
		cmocka_unit_test(test_class_host),
		cmocka_unit_test(test_class_compute),
		cmocka_unit_test(test_class_errors),
		cmocka_unit_test(test_class_struct),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
