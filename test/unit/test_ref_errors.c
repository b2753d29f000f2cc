/* SPDX-License-Identifier: MIT */
/*
 * Every error the .ref reader reports: the exact "file:line:col: error: ..."
 * line, and that the manual is refused.  Columns count from 1 with tab stops
 * every 8, worked out by hand from the text of each case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parse/ref_parse.h"
#include "support/test_support.h"

/* ---- helpers ---------------------------------------------------------------- */

/* len bytes of text give exactly one diagnostic, the error want, and no manual. */
static void errors_expect_mem(const char *text, size_t len, const char *want)
{
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	struct ir_manual *m = parse_mem("e.ref", text, len, &d);
	if (m || d.errors != 1 || c.n != 1) {
		capture_dump(&c, text);
		ir_manual_free(m);
		fail_msg("expected exactly the error \"%s\" and no manual", want);
	}
	assert_true(diag_failed(&d));
	capture_expect_line(&c, want);
	capture_free(&c);
}

static void errors_expect(const char *text, const char *want)
{
	errors_expect_mem(text, strlen(text), want);
}

/* ref_parse_file(path) fails with exactly the error want. */
static void errors_expect_file(const char *path, const char *want)
{
	struct ref_parser *p = ref_parser_new();
	struct capture c;
	struct diag d;

	assert_non_null(p);
	capture_attach(&c, &d);
	assert_null(ref_parse_file(p, path, &d));
	assert_int_equal(d.errors, 1);
	capture_expect_line(&c, want);
	capture_free(&c);
	ref_parser_free(p);
}

static char *errors_printf(const char *fmt, const char *arg)
{
	char *s;

	assert_true(asprintf(&s, fmt, arg) > 0);
	return s;
}

#define REG "#define NV_R 0x00000000 /* RW-4R */\n"

/* ---- define lines ------------------------------------------------------------ */

static void test_errors_unterminated_code_comment(void **state)
{
	(void)state;
	errors_expect("#define NV_A 0x1 /* RW-4R\n",
		      "e.ref:1:18: error: unterminated code comment: '/*' without '*/'");
}

static void test_errors_text_after_code_comment(void **state)
{
	(void)state;
	errors_expect("#define NV_A 0x1 /* RW-4R */ junk\n",
		      "e.ref:1:30: error: unexpected text after the code comment");
}

static void test_errors_code_comment_too_long(void **state)
{
	(void)state;
	errors_expect("#define NV_A 1 /* not a code */\n",
		      "e.ref:1:16: error: code comment 'not a code' is not a five-letter code");
}

static void test_errors_code_comment_short_is_warning(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("e.ref", "#define NV_A 1 /* RW */\n", &d);
	assert_non_null(m);
	assert_int_equal(d.errors, 0);
	capture_expect_line(&c, "e.ref:1:16: warning: code comment 'RW' is not a five-letter code [-Wcode-length]");
	assert_string_equal(m->defs[0]->code.c, "RW");
	ir_manual_free(m);
	capture_free(&c);
}

static void test_errors_missing_macro_name(void **state)
{
	(void)state;
	errors_expect("#define 1BAD 2\n", "e.ref:1:9: error: expected a macro name after #define");
	errors_expect("#define\n", "e.ref:1:8: error: expected a macro name after #define");
}

static void test_errors_line_too_long(void **state)
{
	char *text = malloc(5100);

	(void)state;
	assert_non_null(text);
	strcpy(text, "#define NV_A ");
	memset(text + 13, '1', 5000);
	strcpy(text + 5013, "\n");
	errors_expect(text, "e.ref:1:1: error: line too long");
	free(text);
}

/* ---- bit ranges ---------------------------------------------------------------- */

static void test_errors_malformed_range(void **state)
{
	(void)state;
	errors_expect(REG "#define NV_R_F 3: /* RWIVF */\n",
		      "e.ref:2:18: error: malformed range: missing low bound after ':'");
	errors_expect(REG "#define NV_R_F 3:2:1 /* RWIVF */\n",
		      "e.ref:2:19: error: malformed range: more than one ':'");
	errors_expect(REG "#define NV_R_F :5 /* RWIVF */\n",
		      "e.ref:2:16: error: unexpected ':' in expression");
}

static void test_errors_reversed_range(void **state)
{
	(void)state;
	errors_expect(REG "#define NV_R_F 3:7 /* RWIVF */\n",
		      "e.ref:2:16: error: reversed bit range 3:7: high bound 3 is below low bound 7");
	errors_expect("#define NV_PBAD 0x00001000:0x00001FFF /* RW--D */\n",
		      "e.ref:1:17: error: reversed bit range 0x00001000:0x00001FFF: high bound "
		      "4096 is below low bound 8191");
}

/* Negative bounds wrap in C's unsigned arithmetic: refused, as are
 * structures past 2^24 bits (found by fuzzing). */
static void test_errors_range_out_of_bounds(void **state)
{
	(void)state;
	errors_expect(REG "#define NV_R_F -1:0 /* RWIVF */\n",
		      "e.ref:2:16: error: bit range -1:0: high bound 18446744073709551615 is negative "
		      "or beyond 2^48");
	errors_expect("#define NV_S /* ----G */\n#define NV_S_F (1<<24):0 /* RWXUF */\n",
		      "e.ref:2:9: error: NV_S_F: bit 16777216 is beyond any memory structure (2^24 bits)");
}

static void test_errors_reversed_range_at_index(void **state)
{
	(void)state;
	/* 10-i drops below 5 first at i=6 */
	errors_expect(REG "#define NV_R_F(i) (10-(i)):5 /* RWIVF */\n"
		      "#define NV_R_F__SIZE_1 8\n",
		      "e.ref:2:9: error: reversed bit range in NV_R_F at i=6: 4:5");
	/* 20-4i-j drops below 10 first at i=3, j=0 (i=2, j=2 gives 10:10) */
	errors_expect(REG "#define NV_R_G(i,j) (20-(i)*4-(j)):10 /* RWIVF */\n"
		      "#define NV_R_G__SIZE_1 4\n"
		      "#define NV_R_G__SIZE_2 3\n",
		      "e.ref:2:9: error: reversed bit range in NV_R_G at i=3, j=0: 8:10");
}

static void test_errors_indexed_range_without_size_unchecked(void **state)
{
	/* without __SIZE_1 the index has no bound: nothing to check */
	struct ir_manual *m = parse_clean(REG "#define NV_R_F(i) (10-(i)):5 /* RWIVF */\n");

	(void)state;
	ir_manual_free(m);
}

static void test_errors_range_past_structure(void **state)
{
	(void)state;
	/* 8 bytes: bits 0..63; 63:60 fits, 64:60 does not */
	errors_expect("#define NV_S /* ----G */\n"
		      "#define NV_S__SIZE 8\n"
		      "#define NV_S_OK 63:60 /* RWXUF */\n"
		      "#define NV_S_F 64:60 /* RWXUF */\n",
		      "e.ref:4:9: error: NV_S_F: bit 64 is past the end of NV_S (8 bytes)");
	/* element i spans bits 8i+7..8i: i=8 reaches bit 71 */
	errors_expect("#define NV_S /* ----G */\n"
		      "#define NV_S__SIZE 8\n"
		      "#define NV_S_E(i) ((i)*8+7):((i)*8) /* RWXUF */\n"
		      "#define NV_S_E__SIZE_1 9\n",
		      "e.ref:3:9: error: NV_S_E at i=8: bit 71 is past the end of NV_S (8 bytes)");
}

/* ---- expressions --------------------------------------------------------------- */

static void test_errors_unbalanced_parentheses(void **state)
{
	(void)state;
	errors_expect("#define NV_A ((1+2)\n",
		      "e.ref:1:14: error: unbalanced parentheses: '(' is not closed");
	errors_expect("#define NV_A (1+2))\n",
		      "e.ref:1:19: error: unbalanced parentheses: unexpected ')'");
	errors_expect("#define NV_A NV_B(1,2\n",
		      "e.ref:1:22: error: unbalanced parentheses: expected ')'");
}

static void test_errors_unbalanced_parameter_list(void **state)
{
	(void)state;
	errors_expect("#define NV_A(i (i)*4 /* RW-4A */\n",
		      "e.ref:1:13: error: unbalanced parentheses in the macro's parameter list");
	errors_expect("#define NV_A(i\n",
		      "e.ref:1:13: error: unbalanced parentheses in the macro's parameter list");
}

static void test_errors_parameter_list(void **state)
{
	(void)state;
	errors_expect("#define NV_A(i,j,k) 1\n", "e.ref:1:18: error: more than two macro parameters");
	errors_expect("#define NV_A(i,i) 1\n", "e.ref:1:16: error: duplicate parameter name");
	errors_expect("#define NV_A(1) 1\n", "e.ref:1:14: error: expected a parameter name");
}

static void test_errors_unknown_index_variable(void **state)
{
	(void)state;
	errors_expect("#define NV_A(i) (0x100+(j)*4) /* RW-4A */\n",
		      "e.ref:1:25: error: unknown index variable 'j'");
	errors_expect("#define NV_B (0x100+(i)*4)\n",
		      "e.ref:1:22: error: unknown index variable 'i'");
}

static void test_errors_numbers(void **state)
{
	(void)state;
	errors_expect("#define NV_A 09\n", "e.ref:1:15: error: invalid digit '9' in octal constant");
	errors_expect("#define NV_A 0x\n", "e.ref:1:14: error: malformed number");
	errors_expect("#define NV_A 0x1G\n", "e.ref:1:17: error: malformed number");
	errors_expect("#define NV_A 99999999999999999999\n",
		      "e.ref:1:14: error: number does not fit in 64 bits");
}

static void test_errors_expression_syntax(void **state)
{
	char deep[128] = "#define NV_A ";

	(void)state;
	errors_expect("#define NV_A 1+\n", "e.ref:1:16: error: expected an expression");
	errors_expect("#define NV_A 1 @ 2\n", "e.ref:1:16: error: unexpected '@' in expression");
	errors_expect("#define NV_A (1 ? 2)\n",
		      "e.ref:1:20: error: expected ':' of a conditional expression");
	errors_expect("#define NV_A NV_B(1,2,3,4,5,6,7,8,9)\n",
		      "e.ref:1:36: error: too many macro arguments");
	errors_expect("#define NV_A \"abc\n", "e.ref:1:14: error: malformed string literal");
	/* the 65th '(' is one level too many; it is at offset 64 of the body */
	memset(deep + 13, '(', 70);
	strcpy(deep + 83, "1\n");
	errors_expect(deep, "e.ref:1:78: error: expression nested too deeply");
}

static void test_errors_division_by_zero(void **state)
{
	(void)state;
	errors_expect("#define NV_A (1/0)\n", "e.ref:1:14: error: division by zero in '(1/0)'");
	errors_expect(REG "#define NV_R_F (8/0):0 /* RWIVF */\n",
		      "e.ref:2:16: error: division by zero in '(8/0)'");
	errors_expect(REG "#define NV_R_G 3:(1%0) /* RWIVF */\n",
		      "e.ref:2:18: error: division by zero in '(1%0)'");
}

/* Columns at the operator: "#define NV_A " is 13 characters, the body starts at 14. */
static void test_errors_overflow(void **state)
{
	(void)state;
	errors_expect("#define NV_A (0xFFFFFFFFFFFFFFFF+1)\n",
		      "e.ref:1:33: error: arithmetic overflow (the result does not fit 64 bits) in "
		      "'(0xFFFFFFFFFFFFFFFF+1)'");
	errors_expect("#define NV_A (0x100000000*0x100000000)\n",
		      "e.ref:1:26: error: arithmetic overflow (the result does not fit 64 bits) in "
		      "'(0x100000000*0x100000000)'");
	errors_expect("#define NV_A (1<<64)\n",
		      "e.ref:1:16: error: shift by 64 bits or more in '(1<<64)'");
	/* an index counting from 1 wraps at 0 and is no error (ls10 dev_pmgr
	 * GPIO_INPUT_CNTL(i)); one that wraps at every index from 0 to 63 is, at
	 * the '*' of "#define NV_A(i) (0x100 + ((i)-64) * 4)": body at 17, '*' 35 */
	ir_manual_free(parse_clean("#define NV_A(i) (0x100 + ((i)-1) * 4) /* RW-4R */\n"));
	errors_expect("#define NV_A(i) (0x100 + ((i)-64) * 4)\n",
		      "e.ref:1:35: error: arithmetic overflow (the result does not fit 64 bits) in "
		      "'(0x100 + ((i)-64) * 4)'");
	errors_expect("#define NV_A (2 >> 100)\n",
		      "e.ref:1:17: error: shift by 64 bits or more in '(2 >> 100)'");
	/* in a range bound: "#define NV_R_F " is 15 characters */
	errors_expect(REG "#define NV_R_F 7:(1<<70) /* RWIVF */\n",
		      "e.ref:2:20: error: shift by 64 bits or more in '(1<<70)'");
}

/* A lone CR inside a define would be a line break in the generated header. */
static void test_errors_carriage_return_in_define(void **state)
{
	(void)state;
	errors_expect("#define NV_A 0x1 /* RW-4R */ // a\rb\n",
		      "e.ref:1:34: error: carriage return inside a #define line");
	errors_expect("#define NV_A (0x1\r+2)\n", "e.ref:1:18: error: carriage return inside a #define line");
	/* nor a backslash (a line splice) or DEL, which the IR's c-text refuses */
	errors_expect("#define NV_A 0x1 // a\\\n", "e.ref:1:22: error: backslash inside a #define line");
	errors_expect("#define NV_A 0x1 // a\x7f\n",
		      "e.ref:1:22: error: control character 0x7F: the XML IR cannot hold it");
}

/* The largest values that fit are not errors. */
static void test_errors_no_overflow_at_the_limit(void **state)
{
	struct ir_manual *m;

	(void)state;
	m = parse_clean("#define NV_A (0xFFFFFFFFFFFFFFFE+1)\n#define NV_B (1<<63)\n"
			"#define NV_C (0xFFFFFFFF*0x100000001)\n#define NV_D (0-1)\n");
	assert_int_equal(manual_get(m, "NV_A")->value.value, UINT64_MAX);
	assert_int_equal(manual_get(m, "NV_B")->value.value, (uint64_t)1 << 63);
	assert_int_equal(manual_get(m, "NV_C")->value.value, UINT64_MAX);
	assert_int_equal(manual_get(m, "NV_D")->value.value, UINT64_MAX);
	ir_manual_free(m);
}

static void test_errors_columns_after_tabs(void **state)
{
	(void)state;
	/* '(' at 14, then "1 +" to 17, the tab at 18 stops at 25 */
	errors_expect("#define NV_A (1 +\t@)\n", "e.ref:1:25: error: unexpected '@' in expression");
	/* the tab after the name stops at 17, the one in the body again at 25 */
	errors_expect("#define NV_A\t(1 +\t@)\n", "e.ref:1:25: error: unexpected '@' in expression");
	errors_expect(REG "#define NV_R_F\t3:\t(1%0)\n",
		      "e.ref:2:25: error: division by zero in '(1%0)'");
}

static void test_errors_index_size_not_positive(void **state)
{
	(void)state;
	errors_expect("#define NV_A(i) ((i)*4)\n#define NV_A__SIZE_1 0\n",
		      "e.ref:2:9: error: NV_A__SIZE_1 must be a positive constant");
}

/* ---- names --------------------------------------------------------------------- */

static void test_errors_redefined_different_body(void **state)
{
	(void)state;
	errors_expect("#define NV_A 1\n#define NV_A 2\n",
		      "e.ref:2:9: error: NV_A redefined with a different body (first defined at e.ref:1)");
	errors_expect("#define NV_A(i) 4\n\n#define NV_A 4\n",
		      "e.ref:3:9: error: NV_A redefined with a different body (first defined at e.ref:1)");
}

static void test_errors_redefined_same_body_warns(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("e.ref", "#define NV_A 1\n#define NV_A 1\n", &d);
	assert_non_null(m);
	assert_int_equal(d.errors, 0);
	assert_int_equal(d.warnings, 1);
	capture_expect_line(&c, "e.ref:2:9: warning: NV_A redefined with the same body "
			    "(first defined at e.ref:1) [-Wredefined]");
	assert_int_equal(m->ndefs, 2);
	ir_manual_free(m);
	capture_free(&c);
}

/* ---- bytes ---------------------------------------------------------------------- */

static void test_errors_non_ascii(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	errors_expect("#define NV_A 1\n#define NV_B 2 // caf\xC3\xA9\n",
		      "e.ref:2:22: error: non-ASCII byte 0xC3; manuals are ASCII text");
	errors_expect("#define NV_A 1\n\tx\xFF\n",
		      "e.ref:2:10: error: non-ASCII byte 0xFF; manuals are ASCII text");
	/* one report per line, every bad line reported */
	capture_attach(&c, &d);
	assert_null(parse_str("e.ref", "\xE2\x80\x94\n#define NV_A 1\nok\xA0\n", &d));
	assert_int_equal(d.errors, 2);
	capture_expect_line(&c, "e.ref:1:1: error: non-ASCII byte 0xE2; manuals are ASCII text");
	capture_expect_line(&c, "e.ref:3:3: error: non-ASCII byte 0xA0; manuals are ASCII text");
	capture_free(&c);
}

static void test_errors_nul_byte(void **state)
{
	static const char text[] = "#define NV_A 1\nab\0cd\n";

	(void)state;
	errors_expect_mem(text, sizeof(text) - 1, "e.ref:2:3: error: NUL byte in text");
}

static void test_errors_control_character(void **state)
{
	/* XML 1.0 cannot hold these, so the IR could never be read back */
	(void)state;
	errors_expect("#define NV_A 1\nab\fcd\n",
		      "e.ref:2:3: error: control character 0x0C: the XML IR cannot hold it");
	errors_expect("#define NV_A 1 // \x1b[0m\n",
		      "e.ref:1:19: error: control character 0x1B: the XML IR cannot hold it");
}

static void test_errors_binary(void **state)
{
	char bin[256] = "\x7f" "ELF\x02\x01\x01";

	(void)state;
	errors_expect_mem(bin, sizeof(bin),
			  "e.ref: error: binary file (control or NUL bytes near the start); "
			  "expected .ref text");
}

static void test_errors_empty(void **state)
{
	(void)state;
	errors_expect_mem("", 0, "e.ref: error: empty file");
}

static void test_errors_no_defines(void **state)
{
	(void)state;
	errors_expect("Only prose here.\n\nNothing else.\n",
		      "e.ref: error: no #define lines: not a .ref manual");
}

/* ---- files ---------------------------------------------------------------------- */

static void test_errors_empty_file(void **state)
{
	char *dir = tmpdir_create(), *path = path_join(dir, "empty.ref");
	char *want = errors_printf("%s: error: empty file", path);

	(void)state;
	assert_int_equal(file_put(path, "", 0), 0);
	errors_expect_file(path, want);
	free(want);
	free(path);
	tmpdir_remove(dir);
	free(dir);
}

static void test_errors_directory(void **state)
{
	char *dir = tmpdir_create();
	char *want = errors_printf("%s: error: is a directory, expected a .ref file", dir);

	(void)state;
	errors_expect_file(dir, want);
	free(want);
	tmpdir_remove(dir);
	free(dir);
}

static void test_errors_missing_file(void **state)
{
	char *dir = tmpdir_create(), *path = path_join(dir, "missing.ref");
	char *want = errors_printf("%s: error: cannot open: No such file or directory", path);

	(void)state;
	errors_expect_file(path, want);
	free(want);
	free(path);
	tmpdir_remove(dir);
	free(dir);
}

static void test_errors_unsearchable_directory(void **state)
{
	char *dir, *locked, *path, *want;

	(void)state;
	if (geteuid() == 0)
		skip();  /* root reads through any permission */
	dir = tmpdir_create();
	locked = path_join(dir, "locked");
	path = path_join(locked, "x.ref");
	want = errors_printf("%s: error: cannot open: Permission denied", path);
	assert_int_equal(mkdir(locked, 0700), 0);
	assert_int_equal(file_put(path, "#define NV_A 1\n", 15), 0);
	assert_int_equal(chmod(locked, 0), 0);
	errors_expect_file(path, want);
	chmod(locked, 0700);
	free(want);
	free(path);
	free(locked);
	tmpdir_remove(dir);
	free(dir);
}

static void test_errors_file_position_from_disk(void **state)
{
	/* the same error through the file path, with the path as given */
	char *dir = tmpdir_create(), *path = path_join(dir, "bad.ref");
	char *want = errors_printf("%s:2:16: error: reversed bit range 3:7: high bound 3 is "
				   "below low bound 7", path);
	static const char text[] = REG "#define NV_R_F 3:7 /* RWIVF */\n";

	(void)state;
	assert_int_equal(file_put(path, text, sizeof(text) - 1), 0);
	errors_expect_file(path, want);
	free(want);
	free(path);
	tmpdir_remove(dir);
	free(dir);
}

/* ---- warnings and -Werror ------------------------------------------------------- */

static void test_errors_warnings_do_not_fail(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("w.ref", "#define NV_A 1\n#define NV_A 1\n", &d);
	assert_non_null(m);
	assert_false(diag_failed(&d));
	ir_manual_free(m);
	capture_free(&c);
}

static void test_errors_werror_fails_on_warning(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	d.werror = true;
	assert_null(parse_str("w.ref", "#define NV_A 1\n#define NV_A 1\n", &d));
	assert_true(diag_failed(&d));
	/* GCC-style: under -Werror the warning is an error naming its option. */
	assert_int_equal(d.errors, 1);
	assert_int_equal(d.warnings, 0);
	capture_expect_line(&c, "w.ref:2:9: error: NV_A redefined with the same body "
			    "(first defined at w.ref:1) [-Werror=redefined]");
	capture_free(&c);
}

static void test_errors_werror_judges_each_manual(void **state)
{
	/* One diag serves every input of a run: a later clean manual must not
	 * fail because an earlier one warned. */
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	d.werror = true;
	assert_null(parse_str("w.ref", "#define NV_A 1\n#define NV_A 1\n", &d));
	struct ir_manual *m = parse_str("clean.ref", "#define NV_B 2\n", &d);
	assert_non_null(m);
	assert_int_equal(c.n, 1);
	ir_manual_free(m);
	capture_free(&c);
}

static int errors_teardown(void **state)
{
	(void)state;
	parse_cleanup();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_errors_unterminated_code_comment),
		cmocka_unit_test(test_errors_text_after_code_comment),
		cmocka_unit_test(test_errors_code_comment_too_long),
		cmocka_unit_test(test_errors_code_comment_short_is_warning),
		cmocka_unit_test(test_errors_missing_macro_name),
		cmocka_unit_test(test_errors_line_too_long),
		cmocka_unit_test(test_errors_malformed_range),
		cmocka_unit_test(test_errors_reversed_range),
		cmocka_unit_test(test_errors_range_out_of_bounds),
		cmocka_unit_test(test_errors_reversed_range_at_index),
		cmocka_unit_test(test_errors_indexed_range_without_size_unchecked),
		cmocka_unit_test(test_errors_range_past_structure),
		cmocka_unit_test(test_errors_unbalanced_parentheses),
		cmocka_unit_test(test_errors_unbalanced_parameter_list),
		cmocka_unit_test(test_errors_parameter_list),
		cmocka_unit_test(test_errors_unknown_index_variable),
		cmocka_unit_test(test_errors_numbers),
		cmocka_unit_test(test_errors_expression_syntax),
		cmocka_unit_test(test_errors_division_by_zero),
		cmocka_unit_test(test_errors_overflow),
		cmocka_unit_test(test_errors_carriage_return_in_define),
		cmocka_unit_test(test_errors_no_overflow_at_the_limit),
		cmocka_unit_test(test_errors_columns_after_tabs),
		cmocka_unit_test(test_errors_index_size_not_positive),
		cmocka_unit_test(test_errors_redefined_different_body),
		cmocka_unit_test(test_errors_redefined_same_body_warns),
		cmocka_unit_test(test_errors_non_ascii),
		cmocka_unit_test(test_errors_nul_byte),
		cmocka_unit_test(test_errors_control_character),
		cmocka_unit_test(test_errors_binary),
		cmocka_unit_test(test_errors_empty),
		cmocka_unit_test(test_errors_no_defines),
		cmocka_unit_test(test_errors_empty_file),
		cmocka_unit_test(test_errors_directory),
		cmocka_unit_test(test_errors_missing_file),
		cmocka_unit_test(test_errors_unsearchable_directory),
		cmocka_unit_test(test_errors_file_position_from_disk),
		cmocka_unit_test(test_errors_warnings_do_not_fail),
		cmocka_unit_test(test_errors_werror_fails_on_warning),
		cmocka_unit_test(test_errors_werror_judges_each_manual),
	};

	return cmocka_run_group_tests_name("ref_errors", tests, NULL, errors_teardown);
}
