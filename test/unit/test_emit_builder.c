/* SPDX-License-Identifier: MIT */
/*
 * Builders (<chip>/make/<unit>.h): a register whose writable fields have
 * member names of one length gets its builder.  Fixture:
 * test/fixtures/builder/dup.ref (NV_T_R, fields LOW 15:0 and DMA 16:16).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "support/test_support.h"

/*
 * "#define NV_T_R 0x00000100 /+ RW-4R +/" with LOW 15:0 and DMA 16:16, both
 * RW: the builder of chip t1 has one member a field, in the manual's order,
 * and sets each that is not 0.  The member names were once keys of a map
 * that all pointed at one buffer, so "dma" (same length as "low", same
 * slot) was taken for a duplicate and the builder dropped.
 */
static void test_builder_same_length_members(void **state)
{
	char *dir = tmpdir_create(), *ref = fixture_path("builder/dup.ref");
	char *bin = strdup(env_require("REFGEN_BIN"));
	char *ir = path_join(dir, "dup.xml"), *inc = path_join(dir, "inc");
	char *parse[] = { bin, "parse", "-d", dir, ref, NULL };
	char *emit[] = { bin, "emit", "--chip", "t1", "-o", inc, ir, NULL };
	struct proc_result r;

	(void)state;
	proc_run(parse, &r);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	proc_run(emit, &r);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	char *make_path = path_join(inc, "t1/make/dup.h");
	char *make = file_slurp(make_path, NULL);
	assert_non_null(make);
	assert_non_null(strstr(make,
		"/* NV_T_R from named fields */\n"
		"struct t1_t_r_parts {\n"
		"\tuint32_t low;\n"
		"\tuint32_t dma;\n"
		"};\n"
		"static inline t1_t_r_t t1_pack_t_r(struct t1_t_r_parts f)\n"
		"{\n"
		"\tt1_t_r_t x;\n"
		"\n"
		"\tx.v = 0;\n"
		"\tif (f.low)\n"
		"\t\tx = t1_set_t_r_low(x, f.low);\n"
		"\tif (f.dma)\n"
		"\t\tx = t1_set_t_r_dma(x, f.dma);\n"
		"\treturn x;\n"
		"}\n"
		"#define t1_make_t_r(...) t1_pack_t_r((struct t1_t_r_parts){ __VA_ARGS__ })\n"));
	free(make);
	free(make_path);
	tmpdir_remove(dir);
	free(dir);
	free(ref);
	free(bin);
	free(ir);
	free(inc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builder_same_length_members),
	};

	return cmocka_run_group_tests_name("emit_builder", tests, NULL, NULL);
}
