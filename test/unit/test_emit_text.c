/* SPDX-License-Identifier: MIT */
/*
 * Text an IR brings into generated C: emit_text_line (one safe line), the
 * last check of every header (emit_text_check), the reader's refusal of
 * control characters (ir_text_check, with file:line) and the schema's c-text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "emit/emit_text.h"
#include "io/ir_read.h"
#include "support/test_support.h"

static void text_line_is(const char *in, const char *want)
{
	struct arena a;

	arena_init(&a);
	assert_string_equal(emit_text_line(&a, in), want);
	arena_free(&a);
}

static void test_text_line_clean_is_unchanged(void **state)
{
	struct arena a;
	const char *s = "0x00001100 + (i)*4\tRW-4R";

	(void)state;
	arena_init(&a);
	assert_ptr_equal(emit_text_line(&a, s), s);
	arena_free(&a);
}

static void test_text_line_breaks_and_comments(void **state)
{
	(void)state;
	text_line_is("0x1\n#include </etc/passwd>", "0x1 #include </etc/passwd>");
	text_line_is("x\r#error boom", "x #error boom");
	text_line_is("a */ int evil; /* b", "a * / int evil; / * b");
	text_line_is("x \\", "x  ");
	text_line_is("?\?/", "? ?/");
	text_line_is("\x7f\x01\x0b\x0c", "    ");
}

/* emit_text_check on text: 0, or the one error want. */
static void check_is(const char *text, const char *want)
{
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	int rc = emit_text_check("h.h", text, strlen(text), &d);
	if (!want) {
		if (rc != 0)
			capture_dump(&c, text);
		assert_int_equal(rc, 0);
	} else {
		assert_int_equal(rc, -1);
		capture_expect_line(&c, want);
	}
	capture_free(&c);
}

static void test_check_accepts_the_generators_own(void **state)
{
	(void)state;
	check_is("/*\n * doc #include <x>\n */\n#ifndef G\n#define G\n#include \"../refgen/accessors.h\"\n"
		 "#if defined(A) && \\\n    defined(B)\n#error \"a and b\"\n#else\n#define X 1 /* RW */ //c\n"
		 "#endif\n#endif\n", NULL);
	check_is("  #  include <stdint.h>\n", NULL);
	/* a builders header (make/) includes its unit's typed header */
	check_is("#include \"../dev_fifo.h\"\n", NULL);
}

/* "../<unit>.h" only: a plain name, no other path. */
static void test_check_refuses_other_relative_includes(void **state)
{
	(void)state;
	check_is("#include \"../../etc/passwd.h\"\n",
		 "h.h:1:1: error: internal error: refusing to write a generated header with a "
		 "preprocessor directive the generator does not write");
	check_is("#include \"../.h\"\n",
		 "h.h:1:1: error: internal error: refusing to write a generated header with a "
		 "preprocessor directive the generator does not write");
	check_is("#include \"../a.b.h\"\n",
		 "h.h:1:1: error: internal error: refusing to write a generated header with a "
		 "preprocessor directive the generator does not write");
}

static void test_check_refuses_foreign_directives(void **state)
{
	(void)state;
	check_is("#define X 1\n#include </etc/passwd>\n",
		 "h.h:2:1: error: internal error: refusing to write a generated header with a "
		 "preprocessor directive the generator does not write");
	check_is("/* a */ x\n  #pragma once\n",
		 "h.h:2:3: error: internal error: refusing to write a generated header with a "
		 "preprocessor directive the generator does not write");
	check_is("#define X 1\r#error boom\n",
		 "h.h:1:12: error: internal error: refusing to write a generated header with a byte "
		 "that is not printable ASCII");
	check_is("#define X 1 //c \\\n#define Y 2\n",
		 "h.h:1:17: error: internal error: refusing to write a generated header with a line "
		 "splice outside a directive");
	check_is("int x; // a \\\nint y;\n",
		 "h.h:1:13: error: internal error: refusing to write a generated header with a line "
		 "splice outside a directive");
	check_is("/* open\n",
		 "h.h:2:1: error: internal error: refusing to write a generated header with an "
		 "unterminated comment or literal");
	check_is("#define S \"a\n\"\n",
		 "h.h:1:13: error: internal error: refusing to write a generated header with a line "
		 "break inside a literal");
	/* found inside runs of plain bytes longer than sixteen (the skip by blocks):
	 * 43 plain bytes, then a control byte at column 44; a DEL and a non-ASCII
	 * byte likewise; a splice at column 94 (93 bytes before it) after a comment */
	check_is("#define LONG_NAME_ABCDEFGHIJKLMNOPQRSTUV 1 \x01\n",
		 "h.h:1:44: error: internal error: refusing to write a generated header with a byte "
		 "that is not printable ASCII");
	check_is("#define LONG_NAME_ABCDEFGHIJKLMNOPQRSTUV 1 \x7f\n",
		 "h.h:1:44: error: internal error: refusing to write a generated header with a byte "
		 "that is not printable ASCII");
	check_is("#define LONG_NAME_ABCDEFGHIJKLMNOPQRSTUV 1 \xc3\xa9\n",
		 "h.h:1:44: error: internal error: refusing to write a generated header with a byte "
		 "that is not printable ASCII");
	check_is("int X_ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789_abcd; /* a comment long enough to span blocks */ \\\nint y;\n",
		 "h.h:1:94: error: internal error: refusing to write a generated header with a line "
		 "splice outside a directive");
}

/* The reader refuses, at file:line:col (the attribute's name, or the element holding the text), text
 * that would reach C with a line break. */
static void reader_refuses(const char *xml, const char *want)
{
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	assert_null(ir_read_memory(xml, strlen(xml), "i.xml", &d));
	capture_expect_line(&c, want);
	capture_free(&c);
}

#define IR_HEAD "<?xml version=\"1.0\"?>\n<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"

static void test_reader_refuses_control_characters(void **state)
{
	(void)state;
	reader_refuses(IR_HEAD "<constant name=\"NV_A\" body=\"1&#10;#include &lt;x&gt;\" line=\"1\"/>\n</manual>\n",
		       "i.xml:3:23: error: IR refused: attribute body of <constant NV_A> holds a line break "
		       "(0x0A); text copied into generated C must be printable ASCII");
	reader_refuses(IR_HEAD "<constant name=\"NV_A\" body=\"1\" comment=\"x&#13;#error\" line=\"1\"/>\n</manual>\n",
		       "i.xml:3:32: error: IR refused: attribute comment of <constant NV_A> holds a carriage "
		       "return (0x0D); text copied into generated C must be printable ASCII");
	reader_refuses(IR_HEAD "<constant name=\"NV_A\" body=\"1 \\\" line=\"1\"/>\n</manual>\n",
		       "i.xml:3:23: error: IR refused: attribute body of <constant NV_A> holds a backslash "
		       "(0x5C); text copied into generated C must be printable ASCII");
	reader_refuses(IR_HEAD "<constant name=\"NV_A\" body=\"1\" line=\"1\">\n<prose>a&#127;#error x</prose>"
		       "</constant>\n</manual>\n",
		       "i.xml:4:1: error: IR refused: the text of <prose> holds a control character (0x7F); "
		       "text copied into generated C must be printable ASCII");
	reader_refuses(IR_HEAD "<constant name=\"NV_A\" body=\"\" line=\"1\"/>\n</manual>\n",
		       "i.xml:3:23: error: IR refused: attribute body of <constant> is empty");
}

/* Tabs and printable ASCII are what manuals hold: accepted. */
static void test_reader_accepts_tabs(void **state)
{
	struct capture c;
	struct diag d;
	static const char xml[] = IR_HEAD "<constant name=\"NV_A\" body=\"(1 +&#9;2)\" comment=\" a [b] ~c\" "
				  "line=\"1\" value=\"0x3\"/>\n</manual>\n";

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = ir_read_memory(xml, strlen(xml), "i.xml", &d);
	if (!m)
		capture_dump(&c, xml);
	assert_non_null(m);
	assert_string_equal(m->defs[0]->body, "(1 +\t2)");
	ir_manual_free(m);
	capture_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_line_clean_is_unchanged),
		cmocka_unit_test(test_text_line_breaks_and_comments),
		cmocka_unit_test(test_check_accepts_the_generators_own),
		cmocka_unit_test(test_check_refuses_foreign_directives),
		cmocka_unit_test(test_check_refuses_other_relative_includes),
		cmocka_unit_test(test_reader_refuses_control_characters),
		cmocka_unit_test(test_reader_accepts_tabs),
	};

	return cmocka_run_group_tests_name("emit_text", tests, NULL, NULL);
}
