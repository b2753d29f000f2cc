/* SPDX-License-Identifier: MIT */
/*
 * The HTML reference's building blocks: how a large unit splits into pages
 * (and where links to a define land), the word-by-word structure diagram,
 * escaping and short names.  Expected numbers are worked out from the
 * inputs below by hand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/html/emit_html.h"
#include "emit/emit_text.h"
#include "support/test_support.h"

/* 800 registers, each with one field of 8 values: every card weighs 10
 * (itself, its field, 8 values), so a page holds EMIT_HTML_PART_WEIGHT / 10
 * cards (200). */
static void test_html_layout_splits_large_units(void **state)
{
	struct strbuf t = { 0 }, page = { 0 };
	struct emit_html_layout l;

	(void)state;
	for (int r = 0; r < 800; r++) {
		strbuf_printf(&t, "#define NV_PX_R%d 0x%08x /* RW-4R */\n", r, 0x1000 + 4 * r);
		strbuf_printf(&t, "#define NV_PX_R%d_F 7:0 /* RWIVF */\n", r);
		for (int v = 0; v < 8; v++)
			strbuf_printf(&t, "#define NV_PX_R%d_F_V%d 0x%08x /* RW--V */\n", r, v, v);
	}
	struct ir_manual *m = parse_clean(t.data);
	emit_html_layout_build(&l, m);
	const unsigned per = EMIT_HTML_PART_WEIGHT / 10;
	assert_int_equal(EMIT_HTML_PART_WEIGHT % 10, 0);
	assert_int_equal(l.ncards, 800);
	assert_int_equal(l.nparts, (800 + per - 1) / per);
	assert_int_equal(l.cards[per - 1].part, 0);
	assert_int_equal(l.cards[per].part, 1);
	assert_int_equal(l.cards[799].part, l.nparts - 1);
	/* a value lands on its register's page */
	char name[64];
	snprintf(name, sizeof(name), "NV_PX_R%u_F_V7", per - 1);
	assert_int_equal(emit_html_layout_part(&l, manual_get(m, name)), 0);
	snprintf(name, sizeof(name), "NV_PX_R%u_F_V0", per);
	assert_int_equal(emit_html_layout_part(&l, manual_get(m, name)), 1);
	emit_html_page_name(&page, "dev_x", 0);
	strbuf_puts(&page, " ");
	emit_html_page_name(&page, "dev_x", 1);
	assert_string_equal(page.data, "dev_x.html dev_x-2.html");
	emit_html_layout_release(&l);
	ir_manual_free(m);
	strbuf_release(&t);
	strbuf_release(&page);
}

/*
 * NV_T, 16 bytes = 4 words: A 15:0, B 47:16 (word 0 bits 31:16, word 1 bits
 * 15:0), C 95:64 (all of word 2), word 3 unused.  Grid rows start at 2 (the
 * ruler is row 1); bit b of a word is column 33 - b, so hi:lo spans columns
 * 33-hi to 34-lo.
 */
static void test_html_structure_diagram(void **state)
{
	static const char text[] =
		"#define NV_T /* ----G */\n"
		"#define NV_T__SIZE 16\n"
		"#define NV_T_A 15:0 /* RWXUF */\n"
		"#define NV_T_B 47:16 /* RWXUF */\n"
		"#define NV_T_C 95:64 /* RWXUF */\n";
	struct ir_manual *m = parse_clean(text);
	struct strbuf b = { 0 };
	struct arena a;

	(void)state;
	arena_init(&a);
	emit_html_diagram(&b, &a, manual_get(m, "NV_T"));
	assert_non_null(b.data);
	static const char *const want[] = {
		"<span class=\"wl\" style=\"grid-area:2/1\">w0</span>",
		"href=\"#NV_T_B\" style=\"grid-area:2/2/3/18\" title=\"NV_T_B 47:16\">B &#8597;</a>",
		"href=\"#NV_T_A\" style=\"grid-area:2/18/3/34\" title=\"NV_T_A 15:0\">A</a>",
		"<span class=\"wl\" style=\"grid-area:3/1\">w1</span>",
		"href=\"#NV_T_B\" style=\"grid-area:3/18/4/34\"",
		"<div class=\"r\" style=\"grid-area:3/2/4/18\"></div>",
		"href=\"#NV_T_C\" style=\"grid-area:4/2/5/34\" title=\"NV_T_C 95:64\">C</a>",
		"<span class=\"wl\" style=\"grid-area:5/1\">w3</span><div class=\"r\" style=\"grid-area:5/2/6/34\"></div>",
	};
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++)
		if (!strstr(b.data, want[k]))
			fail_msg("diagram lacks %s:\n%s", want[k], b.data);
	/* 32 bit numbers, 31 first */
	assert_non_null(strstr(b.data, "<span class=\"bn\">31</span><span class=\"bn\">30</span>"));
	assert_null(strstr(b.data, "grid-area:6/"));
	strbuf_release(&b);
	arena_free(&a);
	ir_manual_free(m);
}

static void test_html_text_and_short_names(void **state)
{
	struct strbuf b = { 0 };
	struct ir_manual *m = parse_clean("#define NV_PY_CTL 0x00000010 /* RW-4R */\n"
					  "#define NV_PY_CTL_EN 0:0 /* RWIVF */\n"
					  "#define NV_PY_CTL_EN_ON 0x00000001 /* RW--V */\n");

	(void)state;
	emit_html_text(&b, "a<b & \"c\">");
	assert_string_equal(b.data, "a&lt;b &amp; &quot;c&quot;&gt;");
	assert_string_equal(emit_html_short_name(manual_get(m, "NV_PY_CTL_EN_ON")), "ON");
	assert_string_equal(emit_html_short_name(manual_get(m, "NV_PY_CTL_EN")), "EN");
	assert_string_equal(emit_html_short_name(manual_get(m, "NV_PY_CTL")), "NV_PY_CTL");
	strbuf_release(&b);
	ir_manual_free(m);
}

/* What emit_html_unit hands to the writer (emit_text_sink). */
struct html_capture {
	char path[256];
	struct strbuf page;
};

static int html_sink(void *ctx, const char *path, const char *data, size_t len)
{
	struct html_capture *c = ctx;

	snprintf(c->path, sizeof(c->path), "%s", path);
	strbuf_append(&c->page, data, len);
	return 0;
}

/* The manual's text is shown verbatim, markup in it escaped (never markup of
 * the page), in a <pre> so ASCII diagrams keep their columns. */
static void test_html_prose_verbatim_and_escaped(void **state)
{
	static const char text[] =
		"   +--<b>--+   a & \"b\"\n"
		"   | </pre><script>x()</script> |\n"
		"#define NV_PZ_CTL 0x00000010 /* RW-4R */\n"
		"#define NV_PZ_CTL_EN 0:0 /* RWIVF */\n";
	struct ir_manual *m = parse_clean(text);
	struct html_capture c = { "", { 0 } };
	struct emit_chip ec;
	struct diag d;

	(void)state;
	diag_init(&d);
	assert_int_equal(emit_chip_init(&ec, "gv100", &m, 1, &d), 0);
	emit_text_sink = html_sink;
	emit_text_sink_ctx = &c;
	assert_int_equal(emit_html_unit(&ec, 0, "out"), 0);
	emit_text_sink = NULL;
	emit_text_sink_ctx = NULL;
	assert_non_null(strstr(c.path, "out/gv100/"));
	assert_non_null(strstr(c.page.data,
		"<pre class=\"prose\">   +--&lt;b&gt;--+   a &amp; &quot;b&quot;\n"
		"   | &lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt; |\n"));
	assert_null(strstr(c.page.data, "<script>x()"));
	assert_null(strstr(c.page.data, "<b>"));
	emit_chip_release(&ec);
	strbuf_release(&c.page);
	ir_manual_free(m);
}

static int html_teardown(void **state)
{
	(void)state;
	parse_cleanup();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_html_layout_splits_large_units),
		cmocka_unit_test(test_html_structure_diagram),
		cmocka_unit_test(test_html_text_and_short_names),
		cmocka_unit_test(test_html_prose_verbatim_and_escaped),
	};

	return cmocka_run_group_tests_name("emit_html", tests, NULL, html_teardown);
}
