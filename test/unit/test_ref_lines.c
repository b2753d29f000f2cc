/* SPDX-License-Identifier: MIT */
/*
 * One test per form of .ref line: what ref_parse_text makes of small
 * in-memory manuals.  Expected numbers are worked out by hand from the text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "ir/ir_code.h"
#include "io/ir_write.h"
#include "support/test_support.h"

/* ---- helpers ---------------------------------------------------------------- */

/* The one define a single-line manual holds. */
static struct ir_def *lines_only_def(const struct ir_manual *m)
{
	assert_int_equal(m->ndefs, 1);
	return m->defs[0];
}

static void lines_expect_value(const char *text, const char *body, uint64_t value)
{
	struct ir_manual *m = parse_clean(text);
	struct ir_def *d = lines_only_def(m);

	assert_string_equal(d->body, body);
	assert_false(d->is_range);
	assert_true(d->value.known);
	assert_int_equal(d->value.value, value);
	assert_null(d->value.expr);
	assert_int_equal(d->kind, IR_CONSTANT);
	ir_manual_free(m);
}

static void lines_expect_range(const struct ir_def *d, uint64_t hi, uint64_t lo)
{
	assert_true(d->is_range);
	assert_true(d->hi.known);
	assert_true(d->lo.known);
	assert_int_equal(d->hi.value, hi);
	assert_int_equal(d->lo.value, lo);
	assert_int_equal(ir_def_width(d), hi - lo + 1);
}

/* word and bit of a structure field, as the IR states them. */
static void lines_expect_word_bit(const struct ir_manual *m, const char *name,
				  const char *word, const char *bit)
{
	xmlDocPtr doc = ir_write_doc(m);
	xmlNodePtr n = xml_find_def(doc, name);

	assert_non_null(n);
	assert_string_equal((const char *)n->name, "field");
	assert_string_equal(xml_attr(n, "word"), word);
	assert_string_equal(xml_attr(n, "bit"), bit);
	xmlFreeDoc(doc);
}

/* A structure, so that ranges below it are fields with a word and a bit. */
#define RAMIN_HEAD "#define NV_RAMIN /* ----G */\n"

/* ---- plain constants -------------------------------------------------------- */

static void test_lines_constant_decimal(void **state)
{
	(void)state;
	lines_expect_value("#define NV_RAMIN_BASE_SHIFT 12 /*       */\n", "12", 12);
}

static void test_lines_constant_hex(void **state)
{
	(void)state;
	lines_expect_value("#define NV_PFOO_BASE 0x00000200\n", "0x00000200", 0x200);
}

static void test_lines_constant_large_decimal(void **state)
{
	(void)state;
	lines_expect_value("#define NV_CLASS_ID 50017 /*       */\n", "50017", 50017);
}

static void test_lines_constant_expression(void **state)
{
	(void)state;
	lines_expect_value("#define NV_PFOO_LIMIT (4096-1) /*       */\n", "(4096-1)", 4095);
}

static void test_lines_constant_line_and_col(void **state)
{
	struct ir_manual *m = parse_clean("Some text.\n\n#define NV_A 1\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->name, "NV_A");
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 9);
	assert_null(d->params);
	assert_int_equal(d->nparams, 0);
	ir_manual_free(m);
}

static void test_lines_no_body(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_FLAG\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_null(d->body);
	assert_false(d->code.present);
	assert_int_equal(d->kind, IR_CONSTANT);
	assert_false(d->value.known);
	ir_manual_free(m);
}

static void test_lines_string(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_CHIP_NAME \"gv100\"\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->body, "\"gv100\"");
	assert_string_equal(d->string, "gv100");
	assert_int_equal(d->role, IR_ROLE_STRING);
	assert_int_equal(d->kind, IR_CONSTANT);
	ir_manual_free(m);
}

static void test_lines_alias(void **state)
{
	/* The free index f is resolved where the other macro is used. */
	struct ir_manual *m = parse_clean(
		"#define NV_PRIV_BAR1_BLOCK__VFALIAS NV_VBUS_VF_BAR1_BLOCK(f) /*       */\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->ref, "NV_VBUS_VF_BAR1_BLOCK(f)");
	assert_int_equal(d->role, IR_ROLE_ALIAS);
	assert_int_equal(d->kind, IR_CONSTANT);
	assert_false(d->value.known);
	ir_manual_free(m);
}

/* ---- bit ranges ------------------------------------------------------------- */

static void test_lines_range_simple(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_PFOO_CTRL 0x00000100 /* RW-4R */\n"
					  "#define NV_PFOO_CTRL_MODE 15:4 /* RWIVF */\n");
	struct ir_def *f = manual_get(m, "NV_PFOO_CTRL_MODE");

	(void)state;
	assert_string_equal(f->body, "15:4");
	assert_int_equal(f->kind, IR_FIELD);
	lines_expect_range(f, 15, 4);
	assert_int_equal(ir_def_width(f), 12);
	assert_null(f->hi.expr);
	assert_null(f->lo.expr);
	ir_manual_free(m);
}

static void test_lines_range_word_offsets(void **state)
{
	struct ir_manual *m = parse_clean(
		RAMIN_HEAD
		"#define NV_RAMIN_PAGE_DIR_BASE_TARGET (128*32+1):(128*32+0) /* RWXUF */\n"
		"#define NV_RAMIN_PAGE_DIR_BASE_LO (128*32+31):(128*32+12) /* RWXUF */\n");

	(void)state;
	/* 128*32 = 4096 */
	lines_expect_range(manual_get(m, "NV_RAMIN_PAGE_DIR_BASE_TARGET"), 4097, 4096);
	lines_expect_word_bit(m, "NV_RAMIN_PAGE_DIR_BASE_TARGET", "128", "0");
	lines_expect_range(manual_get(m, "NV_RAMIN_PAGE_DIR_BASE_LO"), 4127, 4108);
	assert_int_equal(ir_def_width(manual_get(m, "NV_RAMIN_PAGE_DIR_BASE_LO")), 20);
	lines_expect_word_bit(m, "NV_RAMIN_PAGE_DIR_BASE_LO", "128", "12");
	ir_manual_free(m);
}

static void test_lines_range_nested_arithmetic(void **state)
{
	struct ir_manual *m = parse_clean(
		RAMIN_HEAD
		"#define NV_RAMIN_PASID (135*32+(20-1)):(135*32+0) /* RWXUF */\n"
		"#define NV_RAMIN_ENG_METHOD_BUFFER_ADDR_HI"
		" (137*32+(((49-1)-32))):(137*32+0)  /* RWXUF */\n");

	(void)state;
	/* 135*32 = 4320; 137*32 = 4384 and (49-1)-32 = 16 */
	lines_expect_range(manual_get(m, "NV_RAMIN_PASID"), 4339, 4320);
	assert_int_equal(ir_def_width(manual_get(m, "NV_RAMIN_PASID")), 20);
	lines_expect_word_bit(m, "NV_RAMIN_PASID", "135", "0");
	lines_expect_range(manual_get(m, "NV_RAMIN_ENG_METHOD_BUFFER_ADDR_HI"), 4400, 4384);
	assert_int_equal(ir_def_width(manual_get(m, "NV_RAMIN_ENG_METHOD_BUFFER_ADDR_HI")), 17);
	lines_expect_word_bit(m, "NV_RAMIN_ENG_METHOD_BUFFER_ADDR_HI", "137", "0");
	ir_manual_free(m);
}

static void test_lines_device_range(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_PFIFO 0x0081FFFF:0x00810000 /* RW--D */\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_int_equal(d->kind, IR_DEVICE);
	lines_expect_range(d, 0x81FFFF, 0x810000);
	assert_int_equal(d->hi.value, 8519679);
	assert_int_equal(d->lo.value, 8454144);
	assert_int_equal(ir_def_width(d), 65536);
	ir_manual_free(m);
}

/* ---- indexed macros --------------------------------------------------------- */

static void test_lines_indexed_offset(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_PFOO_RING(i) (0x00800000+(i)*8) /* RW-4A */\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->name, "NV_PFOO_RING");
	assert_string_equal(d->params, "i");
	assert_int_equal(d->nparams, 1);
	assert_string_equal(d->param[0], "i");
	assert_int_equal(d->kind, IR_REGISTER);
	assert_false(d->value.known);
	assert_string_equal(d->value.expr, "(0x00800000+(i)*8)");
	assert_int_equal(expr_text_eval(d, d->value.expr, 0, 0), 0x800000);
	assert_int_equal(expr_text_eval(d, d->value.expr, 3, 0), 0x800018);
	ir_manual_free(m);
}

static void test_lines_indexed_two_params(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_PDISP_SOR_DP_LINKCTL(i,j) (0x0061C10C+(i)*2048+(j)*128) /* RW-4A */\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->params, "i,j");
	assert_int_equal(d->nparams, 2);
	assert_string_equal(d->param[0], "i");
	assert_string_equal(d->param[1], "j");
	assert_int_equal(d->kind, IR_REGISTER);
	assert_int_equal(expr_text_eval(d, d->value.expr, 0, 0), 0x61C10C);
	/* 2*2048 = 0x1000, 1*128 = 0x80 */
	assert_int_equal(expr_text_eval(d, d->value.expr, 2, 1), 0x61D18C);
	ir_manual_free(m);
}

static void test_lines_indexed_params_with_blanks(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_PFOO_ARR( i , j ) ((i)*16+(j)) /* RW-4A */\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->params, "i,j");
	assert_string_equal(d->param[1], "j");
	assert_int_equal(expr_text_eval(d, d->value.expr, 2, 3), 35);
	ir_manual_free(m);
}

static void test_lines_indexed_range(void **state)
{
	struct ir_manual *m = parse_clean(
		RAMIN_HEAD
		"#define NV_RAMIN_SC_PAGE_DIR_BASE_TARGET(i)"
		"             ((168+(i)*4)*32+1):((168+(i)*4)*32+0) /* RWXUF */\n");
	struct ir_def *d = manual_get(m, "NV_RAMIN_SC_PAGE_DIR_BASE_TARGET");
	xmlDocPtr doc = ir_write_doc(m);
	xmlNodePtr n = xml_find_def(doc, d->name);

	(void)state;
	assert_int_equal(d->kind, IR_FIELD);
	assert_true(d->is_range);
	assert_false(d->hi.known);
	assert_false(d->lo.known);
	assert_string_equal(d->hi.expr, "((168+(i)*4)*32+1)");
	assert_string_equal(d->lo.expr, "((168+(i)*4)*32+0)");
	/* i=2: (168+8)*32 = 5632 */
	assert_int_equal(expr_text_eval(d, d->hi.expr, 2, 0), 5633);
	assert_int_equal(expr_text_eval(d, d->lo.expr, 2, 0), 5632);
	assert_string_equal(xml_attr(n, "hi-expr"), "((168+(i)*4)*32+1)");
	assert_null(xml_attr(n, "hi"));
	assert_null(xml_attr(n, "word"));
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

static void test_lines_indexed_ternary(void **state)
{
	/* The ':' belongs to ?: so this is an offset, not a range; the last
	 * "+((j)-1)*8" binds to the third operand only. */
	struct ir_manual *m = parse_clean(
		"#define NV_PDISP_SF_DP_STREAM_CTL_ARRAY(i,j) (((j)==0)?(0x00616578+(i)*2048)"
		":(0x00616584+(i)*2048)+((j)-1)*8) /*       */\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_false(d->is_range);
	assert_false(d->value.known);
	assert_string_equal(d->value.expr, d->body);
	assert_int_equal(expr_text_eval(d, d->body, 0, 0), 0x616578);
	assert_int_equal(expr_text_eval(d, d->body, 1, 0), 0x616D78);
	assert_int_equal(expr_text_eval(d, d->body, 1, 1), 0x616D84);
	/* 3*2048 = 0x1800, (2-1)*8 = 8 */
	assert_int_equal(expr_text_eval(d, d->body, 3, 2), 0x617D8C);
	ir_manual_free(m);
}

static void test_lines_index_sizes(void **state)
{
	struct ir_manual *m = parse_clean(
		"#define NV_PDISP_SOR_DP_LINKCTL(i,j) (0x0061C10C+(i)*2048+(j)*128) /* RW-4A */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL__SIZE_1 8 /*       */\n"
		"#define NV_PDISP_SOR_DP_LINKCTL__SIZE_2 2 /*       */\n");
	struct ir_def *base = manual_get(m, "NV_PDISP_SOR_DP_LINKCTL");
	struct ir_def *s1 = manual_get(m, "NV_PDISP_SOR_DP_LINKCTL__SIZE_1");
	struct ir_def *s2 = manual_get(m, "NV_PDISP_SOR_DP_LINKCTL__SIZE_2");
	xmlDocPtr doc = ir_write_doc(m);
	xmlNodePtr n = xml_find_def(doc, base->name);

	(void)state;
	assert_int_equal(base->size[0], 8);
	assert_int_equal(base->size[1], 2);
	assert_int_equal(s1->role, IR_ROLE_INDEX_SIZE);
	assert_int_equal(s2->role, IR_ROLE_INDEX_SIZE);
	assert_ptr_equal(s1->parent, base);
	assert_ptr_equal(s2->parent, base);
	assert_int_equal(s1->value.value, 8);
	assert_int_equal(s1->size[0], 0);
	assert_string_equal(xml_attr(n, "size1"), "8");
	assert_string_equal(xml_attr(n, "size2"), "2");
	xmlFreeDoc(doc);
	ir_manual_free(m);
}

/* ---- the code comment ------------------------------------------------------- */

static void test_lines_code_register(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_PFOO_CTRL 0x00000100 /* RW-4R */\n");
	struct ir_def *d = lines_only_def(m);
	struct ir_code_meaning cm;

	(void)state;
	assert_true(d->code.present);
	assert_string_equal(d->code.c, "RW-4R");
	assert_string_equal(d->body, "0x00000100");
	assert_int_equal(d->kind, IR_REGISTER);
	assert_int_equal(d->value.value, 0x100);
	assert_true(ir_code_decode(&d->code, &cm));
	assert_string_equal(cm.read, "yes");
	assert_string_equal(cm.write, "yes");
	assert_string_equal(cm.state, "none");
	assert_string_equal(cm.decl, "32");
	assert_string_equal(cm.indicator, "register");
	ir_manual_free(m);
}

static void test_lines_code_structure(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_MMU_VER2_PTE                /* ----G */\n");
	struct ir_def *d = lines_only_def(m);
	struct ir_code_meaning cm;

	(void)state;
	assert_null(d->body);
	assert_string_equal(d->code.c, "----G");
	assert_int_equal(d->kind, IR_STRUCTURE);
	assert_true(ir_code_decode(&d->code, &cm));
	assert_string_equal(cm.read, "no");
	assert_string_equal(cm.write, "no");
	assert_string_equal(cm.decl, "none");
	assert_string_equal(cm.indicator, "general");
	ir_manual_free(m);
}

static void test_lines_code_blank(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_RAMIN_BASE_SHIFT 12 /*       */\n");
	struct ir_def *d = lines_only_def(m);
	struct ir_code_meaning cm;

	(void)state;
	assert_true(d->code.present);
	assert_string_equal(d->code.c, "");
	assert_false(ir_code_decode(&d->code, &cm));
	ir_manual_free(m);
}

static void test_lines_code_none(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_MMU_VER2_PTE__SIZE 8\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_false(d->code.present);
	assert_string_equal(d->body, "8");
	assert_null(d->comment);
	ir_manual_free(m);
}

/* ---- trailing // comments --------------------------------------------------- */

static void test_lines_line_comment_after_code(void **state)
{
	struct ir_manual *m = parse_clean(
		RAMIN_HEAD
		"#define NV_RAMIN_SC_TARGET 1:0 /* RWXUF */\n"
		"#define NV_RAMIN_SC_TARGET_INVALID 0x00000001 /* RW--V */"
		" // Note: INVALID should match PEER\n");
	struct ir_def *d = manual_get(m, "NV_RAMIN_SC_TARGET_INVALID");

	(void)state;
	assert_string_equal(d->body, "0x00000001");
	assert_string_equal(d->code.c, "RW--V");
	assert_string_equal(d->comment, " Note: INVALID should match PEER");
	ir_manual_free(m);
}

static void test_lines_line_comment_without_code(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_A 3 // three\n");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->body, "3");
	assert_false(d->code.present);
	assert_string_equal(d->comment, " three");
	assert_int_equal(d->value.value, 3);
	ir_manual_free(m);
}

/* ---- spacing, tabs, line ends ----------------------------------------------- */

static void test_lines_define_spacing(void **state)
{
	struct ir_manual *m = parse_clean("#  define NV_A 1\n"
					  "#define  NV_B 2\n"
					  "  #define NV_C 3\n");

	(void)state;
	assert_int_equal(m->ndefs, 3);
	assert_string_equal(m->defs[0]->name, "NV_A");
	assert_int_equal(m->defs[0]->col, 11);
	assert_string_equal(m->defs[1]->name, "NV_B");
	assert_int_equal(m->defs[1]->col, 10);
	assert_string_equal(m->defs[2]->name, "NV_C");
	assert_int_equal(m->defs[2]->col, 11);
	assert_string_equal(m->defs[2]->body, "3");
	ir_manual_free(m);
}

static void test_lines_tabs(void **state)
{
	struct ir_manual *m = parse_clean("#define\tNV_A\t\t0x10\t/* RW-4R */\n"
					  "\t#define NV_A_F\t3:0\t/*\tRWIVF\t*/\t//\tnote\n");
	struct ir_def *a = manual_get(m, "NV_A"), *f = manual_get(m, "NV_A_F");

	(void)state;
	/* "#define" ends at column 7, the tab stops at 9. */
	assert_int_equal(a->col, 9);
	assert_string_equal(a->body, "0x10");
	assert_string_equal(a->code.c, "RW-4R");
	assert_int_equal(a->value.value, 16);
	/* the leading tab puts '#' at 9, the name at 17 */
	assert_int_equal(f->col, 17);
	assert_string_equal(f->body, "3:0");
	assert_string_equal(f->code.c, "RWIVF");
	assert_string_equal(f->comment, "\tnote");
	assert_ptr_equal(f->parent, a);
	ir_manual_free(m);
}

static void test_lines_crlf(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_A 0x10 /* RW-4R */\r\n"
					  "#define NV_A_F 3:0 /* RWIVF */ // low\r\n"
					  "TEXT\r\n"
					  "====\r\n"
					  "#define NV_A_F_ON 0x1 /* RW--V */\r\n"
					  "tail\r\n");
	struct ir_def *a = manual_get(m, "NV_A"), *f = manual_get(m, "NV_A_F");
	struct ir_def *v = manual_get(m, "NV_A_F_ON");

	(void)state;
	assert_string_equal(a->code.c, "RW-4R");
	assert_int_equal(a->kind, IR_REGISTER);
	assert_string_equal(f->comment, " low");
	assert_int_equal(v->line, 5);
	assert_string_equal(v->section, "TEXT");
	/* line ends are kept as "\n", like the IR's XML would normalise them */
	assert_string_equal(v->prose, "TEXT\n====\n");
	assert_string_equal(m->trailer, "tail\n");
	assert_ptr_equal(v->parent, f);
	ir_manual_free(m);
}

static void test_lines_last_line_unterminated(void **state)
{
	struct ir_manual *m = parse_clean("intro\n#define NV_A 0x7");
	struct ir_def *d = lines_only_def(m);

	(void)state;
	assert_string_equal(d->body, "0x7");
	assert_int_equal(d->line, 2);
	assert_string_equal(d->prose, "intro\n");
	assert_null(m->trailer);
	ir_manual_free(m);
}

/* ---- prose, sections, licence, trailer -------------------------------------- */

static const char lines_prose_text[] =
	"#define NV_A 1\n"
	"\n"
	"FIRST SECTION\n"
	"=============\n"
	"\n"
	"     Some prose, indented   with  odd spacing.  \n"
	"\n"
	"  +---+---+\n"
	"  | a | b |\n"
	"  +---+---+\n"
	"#define NV_B 2\n"
	"#define NV_C 3\n"
	"SECOND\n"
	"   ===   \n"
	"#define NV_D 4\n";

static void test_lines_prose_attached(void **state)
{
	struct ir_manual *m = parse_clean(lines_prose_text);
	struct ir_def *a = manual_get(m, "NV_A"), *b = manual_get(m, "NV_B");
	struct ir_def *c = manual_get(m, "NV_C"), *d = manual_get(m, "NV_D");

	(void)state;
	assert_null(a->prose);
	assert_null(a->section);
	assert_string_equal(b->prose, "\n"
				      "FIRST SECTION\n"
				      "=============\n"
				      "\n"
				      "     Some prose, indented   with  odd spacing.  \n"
				      "\n"
				      "  +---+---+\n"
				      "  | a | b |\n"
				      "  +---+---+\n");
	assert_string_equal(b->section, "FIRST SECTION");
	/* no text in between: no prose, same section */
	assert_null(c->prose);
	assert_string_equal(c->section, "FIRST SECTION");
	assert_string_equal(d->prose, "SECOND\n   ===   \n");
	assert_string_equal(d->section, "SECOND");
	assert_null(m->license);
	assert_null(m->trailer);
	ir_manual_free(m);
}

static void test_lines_underline_needs_three(void **state)
{
	struct ir_manual *m = parse_clean("HEAD\n==\n#define NV_A 1\n");

	(void)state;
	assert_null(m->defs[0]->section);
	assert_string_equal(m->defs[0]->prose, "HEAD\n==\n");
	ir_manual_free(m);
}

static void test_lines_license(void **state)
{
	struct ir_manual *m = parse_clean(
		"Copyright (c) 2024 Example Corp. All rights reserved.\n"
		"\n"
		"Permission is granted to use this text in tests.\n"
		"----------\n"
		"\n"
		"INTRO\n"
		"=====\n"
		"#define NV_A 1\n");

	(void)state;
	assert_string_equal(m->license, "Copyright (c) 2024 Example Corp. All rights reserved.\n"
					"\n"
					"Permission is granted to use this text in tests.\n"
					"----------\n");
	assert_string_equal(m->defs[0]->prose, "\nINTRO\n=====\n");
	assert_string_equal(m->defs[0]->section, "INTRO");
	ir_manual_free(m);
}

static void test_lines_license_needs_rule(void **state)
{
	/* nine dashes do not close a licence block */
	static const char text[] = "Copyright (c) 2024 Example Corp.\n---------\n#define NV_A 1\n";
	struct ir_manual *m = parse_clean(text);

	(void)state;
	assert_null(m->license);
	assert_string_equal(m->defs[0]->prose, "Copyright (c) 2024 Example Corp.\n---------\n");
	ir_manual_free(m);
}

static void test_lines_license_only_before_first_define(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_A 1\n"
					  "Copyright (c) 2024 Example Corp.\n"
					  "----------\n"
					  "#define NV_B 2\n");

	(void)state;
	assert_null(m->license);
	assert_string_equal(m->defs[1]->prose, "Copyright (c) 2024 Example Corp.\n----------\n");
	ir_manual_free(m);
}

static void test_lines_trailer(void **state)
{
	struct ir_manual *m = parse_clean("#define NV_A 1\n\n   The end.\n");
	struct ir_manual *bare = parse_clean("#define NV_A 1\n");

	(void)state;
	assert_string_equal(m->trailer, "\n   The end.\n");
	assert_null(bare->trailer);
	ir_manual_free(m);
	ir_manual_free(bare);
}

static int lines_teardown(void **state)
{
	(void)state;
	parse_cleanup();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines_constant_decimal),
		cmocka_unit_test(test_lines_constant_hex),
		cmocka_unit_test(test_lines_constant_large_decimal),
		cmocka_unit_test(test_lines_constant_expression),
		cmocka_unit_test(test_lines_constant_line_and_col),
		cmocka_unit_test(test_lines_no_body),
		cmocka_unit_test(test_lines_string),
		cmocka_unit_test(test_lines_alias),
		cmocka_unit_test(test_lines_range_simple),
		cmocka_unit_test(test_lines_range_word_offsets),
		cmocka_unit_test(test_lines_range_nested_arithmetic),
		cmocka_unit_test(test_lines_device_range),
		cmocka_unit_test(test_lines_indexed_offset),
		cmocka_unit_test(test_lines_indexed_two_params),
		cmocka_unit_test(test_lines_indexed_params_with_blanks),
		cmocka_unit_test(test_lines_indexed_range),
		cmocka_unit_test(test_lines_indexed_ternary),
		cmocka_unit_test(test_lines_index_sizes),
		cmocka_unit_test(test_lines_code_register),
		cmocka_unit_test(test_lines_code_structure),
		cmocka_unit_test(test_lines_code_blank),
		cmocka_unit_test(test_lines_code_none),
		cmocka_unit_test(test_lines_line_comment_after_code),
		cmocka_unit_test(test_lines_line_comment_without_code),
		cmocka_unit_test(test_lines_define_spacing),
		cmocka_unit_test(test_lines_tabs),
		cmocka_unit_test(test_lines_crlf),
		cmocka_unit_test(test_lines_last_line_unterminated),
		cmocka_unit_test(test_lines_prose_attached),
		cmocka_unit_test(test_lines_underline_needs_three),
		cmocka_unit_test(test_lines_license),
		cmocka_unit_test(test_lines_license_needs_rule),
		cmocka_unit_test(test_lines_license_only_before_first_define),
		cmocka_unit_test(test_lines_trailer),
	};

	return cmocka_run_group_tests_name("ref_lines", tests, NULL, lines_teardown);
}
