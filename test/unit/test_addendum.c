/* SPDX-License-Identifier: MIT */
/*
 * The project's addenda (manuals/<chip>/<unit>.ref): a manual continued by
 * facts it lacks, grouped as one unit, marked in the IR, kept in order.
 * Fixtures: test/fixtures/addendum/unit.ref, add/{unit,alone,past}.ref and
 * alias/unit.ref.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_print.h"
#include "io/ir_read.h"
#include "io/ir_write.h"
#include "parse/ref_parse.h"
#include "support/test_support.h"

static struct ref_parser *parser;

static struct ir_manual *addendum_parse(const char *manual, const char *addendum,
					struct capture *c)
{
	struct diag d;
	char *mp = fixture_path(manual), *ap = addendum ? fixture_path(addendum) : NULL;

	capture_attach(c, &d);
	struct ir_manual *m = ref_parse_file_addendum(parser, mp, ap, &d);
	free(mp);
	free(ap);
	return m;
}

/* NV_T_B (2*32+7):(2*32+0) joins the structure NV_T of the manual. */
static void test_addendum_joins_structure(void **state)
{
	struct capture c = { 0 };
	struct ir_manual *m = addendum_parse("addendum/unit.ref", "addendum/add/unit.ref", &c);

	(void)state;
	assert_non_null(m);
	assert_int_equal(m->ndefs, 8);
	assert_string_equal(m->addendum, "unit.ref");
	struct ir_def *b = manual_get(m, "NV_T_B");
	assert_true(b->addendum);
	assert_int_equal(b->kind, IR_FIELD);
	assert_string_equal(b->parent->name, "NV_T");
	assert_int_equal(b->line, 4);
	assert_int_equal(b->hi.value, 71);
	assert_int_equal(b->lo.value, 64);
	assert_string_equal(b->prose, "The project's facts about unit, with their (made-up) source.\n\n"
			    "// Word 2 of NV_T: source, a made-up driver for this test.\n");
	struct ir_def *on = manual_get(m, "NV_T_B_ON");
	assert_int_equal(on->kind, IR_VALUE);
	assert_ptr_equal(on->parent, b);
	struct ir_def *g = manual_get(m, "NV_R_G");
	assert_int_equal(g->kind, IR_FIELD);
	assert_string_equal(g->parent->name, "NV_R");
	assert_false(manual_get(m, "NV_R_F")->addendum);
	assert_string_equal(m->addendum_trailer, "Trailing text of the addendum.\n");
	ir_manual_free(m);
	capture_free(&c);
}

/* Errors in the addendum name the addendum's file and line. */
static void test_addendum_error_location(void **state)
{
	struct capture c = { 0 };
	char *ap = fixture_path("addendum/add/past.ref"), want[512];
	struct ir_manual *m = addendum_parse("addendum/past.ref", "addendum/add/past.ref", &c);

	(void)state;
	assert_null(m);
	snprintf(want, sizeof(want), "%s:3:9: error: NV_T_C: bit 128 is past the end of NV_T (16 bytes)", ap);
	capture_expect_line(&c, want);
	free(ap);
	capture_free(&c);
}

/* The IR keeps the addendum marks; print gives the manual's lines first. */
static void test_addendum_ir_round_trip(void **state)
{
	struct capture c = { 0 };
	struct ir_manual *m = addendum_parse("addendum/unit.ref", "addendum/add/unit.ref", &c);
	char *dir = tmpdir_create(), *xml = path_join(dir, "unit.xml"), why[256];
	struct diag d;

	(void)state;
	assert_non_null(m);
	diag_init(&d);
	assert_int_equal(ir_write_file(m, xml, &d), 0);
	struct ir_manual *r = ir_read_file(xml, &d);
	assert_non_null(r);
	assert_true(ir_manual_same(m, r, why, sizeof(why)));
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	ir_print_manual(r, out);
	fclose(out);
	assert_string_equal(buf,
		"#define NV_T /* ----G */\n"
		"#define NV_T_A (0*32+31):(0*32+0) /* RWXUF */\n"
		"#define NV_T_SIZE 16 /*       */\n"
		"#define NV_R 0x00000100 /* RW-4R */\n"
		"#define NV_R_F 3:0 /* RWIVF */\n"
		"#define NV_T_B (2*32+7):(2*32+0) /* RWXUF */\n"
		"#define NV_T_B_ON 0x00000001 /* RW--V */\n"
		"#define NV_R_G 31:28 /* RWIVF */\n");
	free(buf);
	ir_manual_free(r);
	ir_manual_free(m);
	tmpdir_remove(dir);
	free(xml);
	free(dir);
	capture_free(&c);
}

/* refgen parse -a DIR: unit.ref is continued, alone.ref stands alone. */
static void test_addendum_cli(void **state)
{
	char *dir = tmpdir_create(), *add = fixture_path("addendum/add");
	char *unit = fixture_path("addendum/unit.ref"), *alone = fixture_path("addendum/add/alone.ref");
	char *bin = strdup(env_require("REFGEN_BIN"));
	char *argv[] = { bin, "parse", "-a", add, "-d", dir, unit, alone, NULL };
	struct proc_result r;

	(void)state;
	proc_run(argv, &r);
	assert_int_equal(r.status, 0);
	char *ux = path_join(dir, "unit.xml"), *ax = path_join(dir, "alone.xml");
	char *u = file_slurp(ux, NULL), *a = file_slurp(ax, NULL);
	assert_non_null(u);
	assert_non_null(a);
	assert_non_null(strstr(u, " addendum=\"unit.ref\""));
	assert_non_null(strstr(u, "name=\"NV_T_B\""));
	assert_null(strstr(a, "addendum="));
	free(u);
	free(a);
	free(ux);
	free(ax);
	proc_result_free(&r);
	tmpdir_remove(dir);
	free(dir);
	free(add);
	free(unit);
	free(alone);
	free(bin);
}

/*
 * "#define NV_T_LEN NV_T_SIZE" in an addendum: the NV header keeps the line
 * as written and the typed header gives the old name the number 16 too.
 */
static void test_addendum_alias_typed(void **state)
{
	char *dir = tmpdir_create(), *add = fixture_path("addendum/alias");
	char *unit = fixture_path("addendum/unit.ref"), *bin = strdup(env_require("REFGEN_BIN"));
	char *ir = path_join(dir, "unit.xml"), *inc = path_join(dir, "inc");
	char *parse[] = { bin, "parse", "-a", add, "-d", dir, unit, NULL };
	char *emit[] = { bin, "emit", "--chip", "t1", "-o", inc, ir, NULL };
	struct proc_result r;

	(void)state;
	proc_run(parse, &r);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	proc_run(emit, &r);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	char *typed_path = path_join(inc, "t1/unit.h"), *nv_path = path_join(inc, "t1/nv/unit.h");
	char *typed = file_slurp(typed_path, NULL), *nv = file_slurp(nv_path, NULL);
	assert_non_null(typed);
	assert_non_null(nv);
	assert_non_null(strstr(typed, "#define T1_T_LEN 0x10u /* another name of NV_T_SIZE */\n"));
	assert_non_null(strstr(nv, "#define NV_T_LEN"));
	assert_non_null(strstr(nv, "NV_T_SIZE\n"));
	free(typed);
	free(nv);
	free(typed_path);
	free(nv_path);
	tmpdir_remove(dir);
	free(dir);
	free(add);
	free(unit);
	free(bin);
	free(ir);
	free(inc);
}

static int addendum_setup(void **state)
{
	(void)state;
	parser = ref_parser_new();
	return parser ? 0 : -1;
}

static int addendum_teardown(void **state)
{
	(void)state;
	ref_parser_free(parser);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_addendum_joins_structure),
		cmocka_unit_test(test_addendum_error_location),
		cmocka_unit_test(test_addendum_ir_round_trip),
		cmocka_unit_test(test_addendum_cli),
		cmocka_unit_test(test_addendum_alias_typed),
	};

	return cmocka_run_group_tests_name("addendum", tests, addendum_setup, addendum_teardown);
}
