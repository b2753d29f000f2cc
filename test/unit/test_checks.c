/* SPDX-License-Identifier: MIT */
/*
 * The rules of meaning (gen/check/ir_check.c) on manuals and on IR read back:
 * the exact "file:line:col" diagnostics, named warnings (-W options, known
 * warnings), and crafted IR that is valid by schema but means nonsense.
 * Columns count from 1, worked out by hand from each text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag_known.h"
#include "io/ir_read.h"
#include "parse/ref_parse.h"
#include "support/test_support.h"

static const char checks_head[] =
	"#define NV_PFOO                0x0000FFFF:0x00001000 /* RW--D */\n"
	"#define NV_PFOO_CTRL           0x00001100 /* RW-4R */\n"
	"#define NV_PFOO_CTRL_LOW       15:0 /* RWIVF */\n";

/* checks_head + tail gives exactly the one diagnostic want (and a manual
 * only when want is a warning). */
static void checks_expect(const char *tail, const char *want)
{
	char text[1024];
	struct capture c;
	struct diag d;

	snprintf(text, sizeof(text), "%s%s", checks_head, tail);
	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("c.ref", text, &d);
	if (c.n != 1)
		capture_dump(&c, text);
	assert_int_equal(c.n, 1);
	capture_expect_line(&c, want);
	if (strstr(want, ": error: ")) {
		assert_null(m);
		assert_true(diag_failed(&d));
	} else {
		assert_non_null(m);
		assert_false(diag_failed(&d));
	}
	ir_manual_free(m);
	capture_free(&c);
}

/* ---- the five mistakes a manual can make silently ---------------------------- */

static void test_checks_field_outside_register(void **state)
{
	(void)state;
	checks_expect("#define NV_PFOO_CTRL_WIDE      40:33 /* RWIVF */\n",
		      "c.ref:4:9: error: field NV_PFOO_CTRL_WIDE: bits 40:33 lie outside its "
		      "32-bit register NV_PFOO_CTRL");
}

static void test_checks_field_outside_byte_register(void **state)
{
	(void)state;
	/* decl '1': an 8-bit register */
	checks_expect("#define NV_PFOO_BYTE 0x00001104 /* RW-1R */\n"
		      "#define NV_PFOO_BYTE_B 8:8 /* RWIVF */\n",
		      "c.ref:5:9: error: field NV_PFOO_BYTE_B: bits 8:8 lie outside its 8-bit "
		      "register NV_PFOO_BYTE");
}

static void test_checks_value_too_wide(void **state)
{
	(void)state;
	checks_expect("#define NV_PFOO_CTRL_LOW_BIG   0x1ffff /* RW--V */\n",
		      "c.ref:4:9: error: value 0x1ffff of NV_PFOO_CTRL_LOW_BIG does not fit its "
		      "16-bit field NV_PFOO_CTRL_LOW (15:0)");
}

static void test_checks_value_fits(void **state)
{
	char text[512];

	(void)state;
	snprintf(text, sizeof(text), "%s#define NV_PFOO_CTRL_LOW_MAX 0xffff /* RW--V */\n",
		 checks_head);
	ir_manual_free(parse_clean(text));
}

static void test_checks_uncoded_wide_constant_is_no_value(void **state)
{
	char text[512];

	(void)state;
	/* ga100 dev_ram: NV_RAMRL_ENTRY_CHAN_INST_TARGET_FB_BIND_SHIFT 28 under a
	 * 2-bit field is a constant of the field, not one of its values. */
	snprintf(text, sizeof(text), "%s#define NV_PFOO_CTRL_LOW_SHIFT 0x10000 /*       */\n",
		 checks_head);
	struct ir_manual *m = parse_clean(text);
	assert_int_equal(manual_get(m, "NV_PFOO_CTRL_LOW_SHIFT")->kind, IR_CONSTANT);
	ir_manual_free(m);
}

static void test_checks_misspelt_field(void **state)
{
	(void)state;
	checks_expect("#define NV_PFOO_CTRL_LWO_ZERO   0x0 /* RW--V */\n",
		      "c.ref:4:9: warning: NV_PFOO_CTRL_LWO_ZERO is coded as a value but names no "
		      "field of NV_PFOO_CTRL; did you mean NV_PFOO_CTRL_LOW? [-Wno-field]");
}

static void test_checks_code_alphabet(void **state)
{
	(void)state;
	/* "#define NV_PFOO_CTRL_X 3:3 " and the comment opener and a blank are 30
	 * columns: R at 31, W 32, Q 33 */
	checks_expect("#define NV_PFOO_CTRL_X 3:3 /* RWQQF */\n",
		      "c.ref:4:33: error: code 'RWQQF' of NV_PFOO_CTRL_X: 'Q' is not an allowed "
		      "internal-state letter (' -XIEBCVD')");
	/* a published header's 'A' is a warning (test_published.c); a manual's
	 * is an error as any letter the legend lacks */
	checks_expect("#define NV_PFOO_CTRL_X 3:3 /* RWAUF */\n",
		      "c.ref:4:33: error: code 'RWAUF' of NV_PFOO_CTRL_X: 'A' is not an allowed "
		      "internal-state letter (' -XIEBCVD')");
}

static void test_checks_code_alphabet_indicator(void **state)
{
	(void)state;
	checks_expect("#define NV_PFOO_CTRL_Y 4:4 /* RWIVZ */\n",
		      "c.ref:4:35: error: code 'RWIVZ' of NV_PFOO_CTRL_Y: 'Z' is not an allowed "
		      "define-indicator letter (' -CDLMRAFVTPBG')");
}

static void test_checks_misspelt_directive(void **state)
{
	(void)state;
	checks_expect("#defne NV_PFOO_CTRL_LOW_ONE 0x1 /* RW--V */\n",
		      "c.ref:4:1: warning: '#defne' is not a #define: the line is kept as prose "
		      "[-Wdirective]");
	checks_expect("  #include <x.h>\n",
		      "c.ref:4:3: warning: '#include' is not a #define: the line is kept as prose "
		      "[-Wdirective]");
}

/* ---- named warnings: -W options ------------------------------------------------- */

static const char checks_unplaced[] = "#define NV_PBUS_LONE 7:0 /* RWIVF */\n";

static void test_checks_wno_disables(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	assert_int_equal(diag_option(&d, "no-unplaced"), 0);
	struct ir_manual *m = parse_str("w.ref", checks_unplaced, &d);
	assert_non_null(m);
	assert_int_equal(c.n, 0);
	assert_int_equal(d.warnings, 0);
	ir_manual_free(m);
	/* -Wunplaced after -Wno-unplaced turns it back on */
	assert_int_equal(diag_option(&d, "unplaced"), 0);
	m = parse_str("w.ref", checks_unplaced, &d);
	assert_int_equal(c.n, 1);
	capture_expect_line(&c, "w.ref:1:9: warning: NV_PBUS_LONE is a bit range outside any "
			    "register or structure: kept as a top-level constant [-Wunplaced]");
	ir_manual_free(m);
	capture_free(&c);
}

static void test_checks_werror_named(void **state)
{
	struct capture c;
	struct diag d;

	(void)state;
	capture_attach(&c, &d);
	assert_int_equal(diag_option(&d, "error=unplaced"), 0);
	assert_null(parse_str("w.ref", checks_unplaced, &d));
	capture_expect_line(&c, "w.ref:1:9: error: NV_PBUS_LONE is a bit range outside any "
			    "register or structure: kept as a top-level constant [-Werror=unplaced]");
	/* -Wno-error=unplaced makes it a warning again */
	assert_int_equal(diag_option(&d, "no-error=unplaced"), 0);
	struct ir_manual *w = parse_str("w.ref", checks_unplaced, &d);
	assert_non_null(w);
	capture_expect_line(&c, "w.ref:1:9: warning: NV_PBUS_LONE is a bit range outside any "
			    "register or structure: kept as a top-level constant [-Wunplaced]");
	ir_manual_free(w);
	/* ... even under -Werror, as with GCC */
	assert_int_equal(diag_option(&d, "error"), 0);
	w = parse_str("w.ref", checks_unplaced, &d);
	assert_non_null(w);
	ir_manual_free(w);
	assert_null(parse_str("r.ref", "#define NV_A 1\n#define NV_A 1\n", &d));
	capture_expect_line(&c, "r.ref:2:9: error: NV_A redefined with the same body "
			    "(first defined at r.ref:1) [-Werror=redefined]");
	assert_int_equal(diag_option(&d, "no-error"), 0);
	/* other warnings stay warnings */
	struct ir_manual *m = parse_str("r.ref", "#define NV_A 1\n#define NV_A 1\n", &d);
	assert_non_null(m);
	capture_expect_line(&c, "r.ref:2:9: warning: NV_A redefined with the same body "
			    "(first defined at r.ref:1) [-Wredefined]");
	ir_manual_free(m);
	capture_free(&c);
}

static void test_checks_option_names(void **state)
{
	struct diag d;

	(void)state;
	diag_init(&d);
	for (int w = 0; w < DIAG_W_COUNT; w++) {
		char opt[64];

		snprintf(opt, sizeof(opt), "no-%s", diag_warning_name((enum diag_warning)w));
		assert_int_equal(diag_option(&d, opt), 0);
	}
	assert_int_equal(diag_option(&d, "error"), 0);
	assert_true(d.werror);
	assert_int_equal(diag_option(&d, "bogus"), -1);
	assert_int_equal(diag_option(&d, "error=bogus"), -1);
	assert_int_equal(diag_option(&d, "no-bogus"), -1);
	assert_int_equal(diag_option(&d, "no-error=bogus"), -1);
}

/* ---- known warnings ---------------------------------------------------------------- */

static void test_checks_known_counted_not_shown(void **state)
{
	char *dir = tmpdir_create(), *list = path_join(dir, "known.txt");
	char *log = path_join(dir, "known.log"), *got;
	static const char known[] =
		"# chip/unit warning define\n"
		"gv100/dev_x unplaced NV_PBUS_LONE\n";
	struct capture c;
	struct diag d;

	(void)state;
	assert_int_equal(file_put(list, known, strlen(known)), 0);
	capture_attach(&c, &d);
	diag_known_use(&d, diag_known_load(list, &d));
	assert_non_null(d.known_list);
	d.known_log = fopen(log, "w");
	assert_non_null(d.known_log);
	struct ir_manual *m = parse_str("m/volta/gv100/dev_x.ref.txt",
					"#define NV_PBUS_LONE 7:0 /* RWIVF */\n"
					"#define NV_PBUS_NEW 9:8 /* RWIVF */\n", &d);
	assert_non_null(m);
	/* the listed warning is counted; a new one is shown in full */
	assert_int_equal(d.known, 1);
	assert_int_equal(d.warnings, 1);
	assert_int_equal(c.n, 1);
	capture_expect_substr(&c, "dev_x.ref.txt:2:9: warning: NV_PBUS_NEW is a bit range");
	fclose(d.known_log);
	got = file_slurp(log, NULL);
	assert_string_equal(got, "m/volta/gv100/dev_x.ref.txt:1:9: warning: NV_PBUS_LONE is a bit "
			    "range outside any register or structure: kept as a top-level constant "
			    "[-Wunplaced]\n");
	free(got);
	ir_manual_free(m);
	diag_known_free((struct diag_known *)d.known_list);
	capture_free(&c);
	tmpdir_remove(dir);
	free(list);
	free(log);
	free(dir);
}

static void test_checks_known_list_errors(void **state)
{
	char *dir = tmpdir_create(), *list = path_join(dir, "known.txt");
	struct capture c;
	struct diag d;

	(void)state;
	assert_int_equal(file_put(list, "gv100/dev_x unplaced\n", 21), 0);
	capture_attach(&c, &d);
	assert_null(diag_known_load(list, &d));
	capture_expect_substr(&c, "known.txt:1:1: error: expected '<chip>/<unit> <warning> <DEFINE>'");
	capture_free(&c);
	/* four words, and a word over its limit (a DEFINE of 256 characters) */
	char bad[400] = "# comment\n\ngv100/dev_x unplaced NV_A NV_B\ngv100/dev_x unplaced ";
	memset(bad + strlen(bad), 'N', 256);
	strcat(bad, "\n");
	assert_int_equal(file_put(list, bad, strlen(bad)), 0);
	capture_attach(&c, &d);
	assert_null(diag_known_load(list, &d));
	capture_expect_substr(&c, "known.txt:3:1: error: expected '<chip>/<unit> <warning> <DEFINE>'");
	capture_expect_substr(&c, "known.txt:4:1: error: expected '<chip>/<unit> <warning> <DEFINE>'");
	capture_free(&c);
	/* tabs, a CR and a comment after the words: the entry is the three words */
	static const char ok[] = "\tgv100/dev_x\tunplaced  NV_A # why\r\n";
	assert_int_equal(file_put(list, ok, strlen(ok)), 0);
	capture_attach(&c, &d);
	struct diag_known *k = diag_known_load(list, &d);
	assert_non_null(k);
	assert_true(diag_known_has(k, "m/volta/gv100/dev_x.ref.txt", DIAG_W_UNPLACED, "NV_A"));
	assert_false(diag_known_has(k, "m/volta/gv100/dev_x.ref.txt", DIAG_W_UNPLACED, "NV_A #"));
	diag_known_free(k);
	capture_free(&c);
	tmpdir_remove(dir);
	free(list);
	free(dir);
}

/* ---- addendum diagnostics name the addendum ------------------------------------------ */

static void test_checks_addendum_first_defined(void **state)
{
	char *dir = tmpdir_create(), *man = path_join(dir, "dev_x.ref.txt");
	char *add = path_join(dir, "dev_x.ref"), want[1024];
	struct ref_parser *p = ref_parser_new();
	struct capture c;
	struct diag d;

	(void)state;
	assert_int_equal(file_put(man, "\n#define NV_A 1\n", 16), 0);
	assert_int_equal(file_put(add, "#define NV_B 2\n#define NV_A 1\n", 30), 0);
	capture_attach(&c, &d);
	struct ir_manual *m = ref_parse_file_addendum(p, man, add, &d);
	assert_non_null(m);
	snprintf(want, sizeof(want), "%s:2:9: warning: NV_A redefined with the same body "
		 "(first defined at %s:2) [-Wredefined]", add, man);
	capture_expect_line(&c, want);
	ir_manual_free(m);
	capture_free(&c);
	ref_parser_free(p);
	tmpdir_remove(dir);
	free(man);
	free(add);
	free(dir);
}

/* ---- IR read back: the same rules, at the IR's file:line ------------------------------ */

static const char checks_ir[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<manual version=\"1\" source=\"t.ref\" unit=\"t\" chip=\"gv100\">\n"
	"  <device name=\"NV_PFOO\" body=\"0x0000FFFF:0x00001000\" code=\"RW--D\" line=\"1\" col=\"9\" hi=\"65535\" lo=\"4096\" width=\"61440\">\n"
	"    <register name=\"NV_PFOO_CTRL\" body=\"0x00001100\" code=\"RW-4R\" line=\"2\" col=\"9\" offset=\"0x1100\">\n"
	"      <field name=\"NV_PFOO_CTRL_LOW\" body=\"7:0\" code=\"RWIVF\" line=\"3\" col=\"9\" hi=\"7\" lo=\"0\" width=\"8\">\n"
	"        <value name=\"NV_PFOO_CTRL_LOW_ONE\" body=\"0x1\" code=\"RW--V\" line=\"4\" col=\"9\" value=\"0x1\"/>\n"
	"      </field>\n"
	"      <constant name=\"NV_PFOO_CTRL_N\" body=\"4\" code=\"\" line=\"5\" col=\"9\" value=\"0x4\"/>\n"
	"    </register>\n"
	"  </device>\n"
	"</manual>\n";

/* checks_ir with from replaced by to is refused with the error want. */
static void checks_ir_expect(const char *from, const char *to, const char *want)
{
	char doc[4096];
	const char *at = strstr(checks_ir, from);
	struct capture c;
	struct diag d;

	assert_non_null(at);
	snprintf(doc, sizeof(doc), "%.*s%s%s", (int)(at - checks_ir), checks_ir, to,
		 at + strlen(from));
	capture_attach(&c, &d);
	struct ir_manual *m = ir_read_memory(doc, strlen(doc), "t.xml", &d);
	if (m || c.n != 1)
		capture_dump(&c, doc);
	assert_null(m);
	assert_int_equal(c.n, 1);
	capture_expect_line(&c, want);
	capture_free(&c);
}

static void test_checks_ir_clean(void **state)
{
	struct diag d;

	(void)state;
	diag_init(&d);
	struct ir_manual *m = ir_read_memory(checks_ir, strlen(checks_ir), "t.xml", &d);
	assert_non_null(m);
	assert_int_equal(d.errors + d.warnings, 0);
	ir_manual_free(m);
}

static void test_checks_ir_duplicate_name(void **state)
{
	(void)state;
	checks_ir_expect("name=\"NV_PFOO_CTRL_N\"", "name=\"NV_PFOO_CTRL\"",
			 "t.xml:8: error: NV_PFOO_CTRL redefined with a different body "
			 "(first defined at t.xml:4)");
}

static void test_checks_ir_range_disagrees(void **state)
{
	(void)state;
	checks_ir_expect("hi=\"7\"", "hi=\"15\"",
			 "t.xml:5: error: NV_PFOO_CTRL_LOW: attributes hi/lo disagree with its "
			 "body '7:0'");
}

static void test_checks_ir_value_disagrees(void **state)
{
	(void)state;
	checks_ir_expect("value=\"0x4\"", "value=\"0x5\"",
			 "t.xml:8: error: NV_PFOO_CTRL_N: attributes value/offset disagree with its "
			 "body '4'");
}

static void test_checks_ir_field_outside_register(void **state)
{
	(void)state;
	checks_ir_expect("body=\"7:0\" code=\"RWIVF\" line=\"3\" col=\"9\" hi=\"7\" lo=\"0\"",
			 "body=\"40:33\" code=\"RWIVF\" line=\"3\" col=\"9\" hi=\"40\" lo=\"33\"",
			 "t.xml:5: error: field NV_PFOO_CTRL_LOW: bits 40:33 lie outside its 32-bit "
			 "register NV_PFOO_CTRL");
}

static void test_checks_ir_value_too_wide(void **state)
{
	(void)state;
	checks_ir_expect("body=\"0x1\" code=\"RW--V\" line=\"4\" col=\"9\" value=\"0x1\"",
			 "body=\"0x100\" code=\"RW--V\" line=\"4\" col=\"9\" value=\"0x100\"",
			 "t.xml:6: error: value 0x100 of NV_PFOO_CTRL_LOW_ONE does not fit its 8-bit "
			 "field NV_PFOO_CTRL_LOW (7:0)");
}

static void test_checks_ir_code_alphabet(void **state)
{
	(void)state;
	checks_ir_expect("code=\"RWIVF\"", "code=\"RWQQF\"",
			 "t.xml:5: error: code 'RWQQF' of NV_PFOO_CTRL_LOW: 'Q' is not an allowed "
			 "internal-state letter (' -XIEBCVD')");
}

static void test_checks_ir_refusal_has_line(void **state)
{
	(void)state;
	checks_ir_expect("hi=\"65535\"", "hi=\"281474976710656\"",
			 "t.xml:3:85: error: IR refused: NV_PFOO has a bit position beyond 2^48");
}

static int checks_teardown(void **state)
{
	(void)state;
	parse_cleanup();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checks_field_outside_register),
		cmocka_unit_test(test_checks_field_outside_byte_register),
		cmocka_unit_test(test_checks_value_too_wide),
		cmocka_unit_test(test_checks_value_fits),
		cmocka_unit_test(test_checks_uncoded_wide_constant_is_no_value),
		cmocka_unit_test(test_checks_misspelt_field),
		cmocka_unit_test(test_checks_code_alphabet),
		cmocka_unit_test(test_checks_code_alphabet_indicator),
		cmocka_unit_test(test_checks_misspelt_directive),
		cmocka_unit_test(test_checks_wno_disables),
		cmocka_unit_test(test_checks_werror_named),
		cmocka_unit_test(test_checks_option_names),
		cmocka_unit_test(test_checks_known_counted_not_shown),
		cmocka_unit_test(test_checks_known_list_errors),
		cmocka_unit_test(test_checks_addendum_first_defined),
		cmocka_unit_test(test_checks_ir_clean),
		cmocka_unit_test(test_checks_ir_duplicate_name),
		cmocka_unit_test(test_checks_ir_range_disagrees),
		cmocka_unit_test(test_checks_ir_value_disagrees),
		cmocka_unit_test(test_checks_ir_field_outside_register),
		cmocka_unit_test(test_checks_ir_value_too_wide),
		cmocka_unit_test(test_checks_ir_code_alphabet),
		cmocka_unit_test(test_checks_ir_refusal_has_line),
	};

	return cmocka_run_group_tests_name("checks", tests, NULL, checks_teardown);
}
