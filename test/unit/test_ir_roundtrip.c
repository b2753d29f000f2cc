/* SPDX-License-Identifier: MIT */
/*
 * IR <-> XML: what is written reads back the same, `print` gives the define
 * lines back, and what must not be read (DOCTYPE, entities, documents off
 * the schema, broken XML) is refused with file:line.
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

/* ---- helpers ---------------------------------------------------------------- */

struct rt_state {
	char *dir;   /* scratch directory of the group */
};

/* Writes m to dir/name, reads it back; fails the test on any diagnostic. */
static struct ir_manual *rt_write_read(const struct ir_manual *m, const char *dir,
				       const char *name)
{
	char *path = path_join(dir, name);
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	if (ir_write_file(m, path, &d) < 0 || c.n) {
		capture_dump(&c, "ir_write_file");
		fail_msg("cannot write %s", path);
	}
	struct ir_manual *back = ir_read_file(path, &d);
	if (!back || c.n) {
		capture_dump(&c, "ir_read_file");
		fail_msg("cannot read %s back", path);
	}
	capture_free(&c);
	free(path);
	return back;
}

static void rt_expect_same(const struct ir_manual *a, const struct ir_manual *b)
{
	char why[256];

	if (!ir_manual_same(a, b, why, sizeof(why)))
		fail_msg("the IR read back differs: %s", why);
}

/* What ir_print_manual writes for m. */
static char *rt_print(const struct ir_manual *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	ir_print_manual(m, f);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static struct ir_manual *rt_parse_fixture(const char *name)
{
	char *path = fixture_path(name);
	struct ref_parser *p = ref_parser_new();
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	struct ir_manual *m = ref_parse_file(p, path, &d);
	if (!m || c.n) {
		capture_dump(&c, path);
		fail_msg("fixture %s does not parse cleanly", name);
	}
	ref_parser_free(p);
	capture_free(&c);
	free(path);
	return m;
}

/* ir_read_memory(doc) refuses the document; the diagnostics are in c. */
static void rt_expect_refused(const char *name, const char *doc, struct capture *c)
{
	struct diag d;

	capture_attach(c, &d);
	struct ir_manual *m = ir_read_memory(doc, strlen(doc), name, &d);
	if (m) {
		ir_manual_free(m);
		fail_msg("%s was accepted", name);
	}
	assert_true(d.errors > 0);
}

/* Some diagnostic starts with prefix and contains text. */
static void rt_expect_diag(const struct capture *c, const char *prefix, const char *text)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strncmp(c->lines[i], prefix, strlen(prefix)) && strstr(c->lines[i], text))
			return;
	capture_dump(c, "expected diagnostic missing");
	fail_msg("no diagnostic starts with \"%s\" and contains \"%s\"", prefix, text);
}

static void rt_expect_no_leak(const struct capture *c, const char *secret)
{
	for (size_t i = 0; i < c->n; i++)
		if (strstr(c->lines[i], secret))
			fail_msg("diagnostic leaks file content: %s", c->lines[i]);
}

/* ---- round trips ------------------------------------------------------------ */

static void test_roundtrip_sample_fixture(void **state)
{
	struct rt_state *st = *state;
	struct ir_manual *m = rt_parse_fixture("sample.ref");
	struct ir_manual *back = rt_write_read(m, st->dir, "sample.xml");

	rt_expect_same(m, back);
	/* and what was read is what the fixture says */
	assert_int_equal(back->ndefs, 17);
	assert_string_equal(back->unit, "sample");
	assert_string_equal(back->trailer, "\nEnd of the sample manual.\n");
	assert_non_null(strstr(back->license, "Copyright (c) 2024 The refgen authors.\n"));
	struct ir_def *addr = manual_get(back, "NV_SAMPLE_DESC_ADDR");
	assert_int_equal(addr->hi.value, 95);
	assert_int_equal(addr->lo.value, 40);
	assert_string_equal(addr->parent->name, "NV_SAMPLE_DESC");
	struct ir_def *data = manual_get(back, "NV_PSAMPLE_DATA");
	assert_int_equal(data->size[0], 16);
	assert_string_equal(data->value.expr, "(0x00001200+(i)*4)");
	assert_string_equal(data->param[0], "i");
	assert_string_equal(manual_get(back, "NV_PSAMPLE_CTRL_MODE_INIT")->comment, " reset value");
	assert_string_equal(manual_get(back, "NV_SAMPLE_DESC_NAME")->string, "sample");
	assert_string_equal(manual_get(back, "NV_SAMPLE_DESC_ALIAS")->ref, "NV_SAMPLE_DESC_ADDR");
	assert_string_equal(manual_get(back, "NV_SAMPLE_DESC")->section, "SAMPLE STRUCTURE");
	ir_manual_free(back);
	ir_manual_free(m);
}

/* Every line form, unplaced defines, and text XML must escape. */
static const char rt_every_form[] =
	"Copyright (c) 2024 Example Corp.\n"
	"Licence text with <angle> & \"quotes\" 'apostrophes' and ]]> inside.\n"
	"----------\n"
	"HEAD <1> & 2\n"
	"============\n"
	"  <!-- not a comment --> &amp; &#65; mid\rline\ttab   \n"
	"#define NV_PX 0x0000FFFF:0x00001000 /* RW--D */\n"
	"#define NV_PX_R(i,j) (0x00001000+(i)*8+(j)*4) /* RW-4A */ // a < b && c > d\n"
	"#define NV_PX_R__SIZE_1 4 /*       */\n"
	"#define NV_PX_R__SIZE_2 2 /*       */\n"
	"#define NV_PX_R_F 7:0 /* RWIVF */\n"
	"#define NV_PX_R_F_V (1 <<\t2) /* RW--V */ //\t\"x\"\n"
	"#define NV_PX_R_G 15:8 /* RWIVF */\n"
	"#define NV_PX_R_G_OFF 0x0 /*       */\n"
	"#define NV_PX_NAME \"a&b<c>\"\n"
	"#define NV_PX_ALIAS NV_PX_R(0,1)\n"
	"#define NV_PX_FLAG\n"
	"#define NV_ORPHAN_V 0x1 /* RW--V */\n"
	"#define NV_LONE 3:0 /* RWIVF */\n"
	"\n"
	"#define NV_S /* ----G */\n"
	"#define NV_S__SIZE 8\n"
	"#define NV_S_A(i) ((i)*8+7):((i)*8) /* RWXUF */\n"
	"#define NV_S_A__SIZE_1 8\n"
	"#define NV_S_B (1*32+31):(1*32+0) /* RWXUF */\n"
	"#define NV_S_SHORT 1 /* RW */\n"
	"trailer with & and < and ]]>\n";

static void test_roundtrip_every_form(void **state)
{
	struct rt_state *st = *state;
	struct capture c;
	struct diag d;

	capture_attach(&c, &d);
	struct ir_manual *m = parse_str("volta/gv100/dev_x.ref.txt", rt_every_form, &d);
	assert_non_null(m);
	assert_int_equal(d.errors, 0);
	assert_int_equal(d.warnings, 3);  /* two unplaced, one short code */
	struct ir_manual *back = rt_write_read(m, st->dir, "every.xml");

	rt_expect_same(m, back);
	assert_string_equal(back->source, "dev_x.ref.txt");
	assert_string_equal(back->unit, "dev_x");
	assert_string_equal(back->chip, "gv100");
	assert_string_equal(back->arch, "volta");
	assert_string_equal(back->defs[0]->prose,
			    "HEAD <1> & 2\n============\n"
			    "  <!-- not a comment --> &amp; &#65; mid\rline\ttab   \n");
	assert_string_equal(manual_get(back, "NV_PX_R_F_V")->body, "(1 <<\t2)");
	assert_string_equal(manual_get(back, "NV_PX_R_F_V")->comment, "\t\"x\"");
	assert_int_equal(manual_get(back, "NV_PX_R_F_V")->value.value, 4);
	assert_false(manual_get(back, "NV_LONE")->placed);
	assert_string_equal(manual_get(back, "NV_S_A")->hi.expr, "((i)*8+7)");
	assert_int_equal(manual_get(back, "NV_S_B")->lo.value, 32);
	assert_string_equal(back->trailer, "trailer with & and < and ]]>\n");
	ir_manual_free(back);
	ir_manual_free(m);
	capture_free(&c);
}

static void test_roundtrip_rewrite_identical(void **state)
{
	/* Writing what was read gives the same bytes: nothing drifts. */
	struct rt_state *st = *state;
	struct ir_manual *m = rt_parse_fixture("sample.ref");
	struct ir_manual *back = rt_write_read(m, st->dir, "first.xml");
	struct ir_manual *again = rt_write_read(back, st->dir, "second.xml");
	char *p1 = path_join(st->dir, "first.xml"), *p2 = path_join(st->dir, "second.xml");
	size_t n1, n2;
	char *x1 = file_slurp(p1, &n1), *x2 = file_slurp(p2, &n2);

	assert_non_null(x1);
	assert_non_null(x2);
	assert_int_equal(n1, n2);
	assert_memory_equal(x1, x2, n1);
	free(x1);
	free(x2);
	free(p1);
	free(p2);
	ir_manual_free(again);
	ir_manual_free(back);
	ir_manual_free(m);
}

static void test_write_refuses_off_schema(void **state)
{
	/* A register without an offset cannot be written: nothing reaches disk. */
	struct rt_state *st = *state;
	struct ir_manual *m = ir_manual_new();
	struct ir_def *r = ir_manual_add_def(m);
	char *path = path_join(st->dir, "never.xml");
	struct capture c;
	struct diag d;

	ir_manual_set_source(m, "x.ref");
	r->name = "NV_BROKEN";
	r->line = 1;
	r->col = 9;
	r->kind = IR_REGISTER;
	ir_def_set_parent(m, r, NULL);
	capture_attach(&c, &d);
	assert_int_equal(ir_write_file(m, path, &d), -1);
	capture_expect_substr(&c, "internal error: the IR built from x.ref does not match the schema");
	assert_null(file_slurp(path, NULL));
	capture_free(&c);
	free(path);
	ir_manual_free(m);
}

/* ---- print -------------------------------------------------------------------- */

static void test_print_reproduces_fixture(void **state)
{
	/* sample.ref is written the way print writes: the lines come back byte for byte */
	struct rt_state *st = *state;
	char *path = fixture_path("sample.ref");
	size_t len;
	char *src = file_slurp(path, &len);
	struct ir_manual *m = rt_parse_fixture("sample.ref");
	struct ir_manual *back = rt_write_read(m, st->dir, "print.xml");
	char *want = refsrc_define_lines(src, len, false);
	char *got = rt_print(back);

	assert_string_equal(got, want);
	free(got);
	free(want);
	free(src);
	free(path);
	ir_manual_free(back);
	ir_manual_free(m);
}

static void test_print_canonical_spacing(void **state)
{
	struct rt_state *st = *state;
	struct ir_manual *m = rt_parse_fixture("spacing.ref");
	struct ir_manual *back = rt_write_read(m, st->dir, "spacing.xml");
	char *got = rt_print(back);

	assert_string_equal(got,
		"#define NV_PSPACE 0x00000FFF:0x00000000 /* RW--D */\n"
		"#define NV_PSPACE_REG 0x00000010 /* RW-4R */\n"
		"#define NV_PSPACE_REG_F 3:0 /* RWIVF */\n"
		"#define NV_PSPACE_REG_F_ON 0x00000001 /* RW--V */ //   on\n"
		"#define NV_PSPACE_ARR(i,j) (0x00000100+(i)*8+(j)*4) /* RW-4A */\n");
	free(got);
	ir_manual_free(back);
	ir_manual_free(m);
}

/* ---- what is refused ------------------------------------------------------------ */

static void test_read_refuses_doctype(void **state)
{
	struct capture c;

	(void)state;
	rt_expect_refused("dt.xml",
			  "<?xml version=\"1.0\"?>\n"
			  "<!DOCTYPE manual>\n"
			  "<manual version=\"1\" source=\"x.ref\" unit=\"x\"/>\n", &c);
	capture_expect_line(&c, "dt.xml:2:1: error: IR must not contain a DOCTYPE "
			    "(DTDs and entities are refused)");
	capture_free(&c);
}

static void test_read_refuses_external_entity_passwd(void **state)
{
	struct capture c;

	(void)state;
	rt_expect_refused("xxe.xml",
			  "<?xml version=\"1.0\"?>\n"
			  "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n"
			  "<manual version=\"1\" source=\"x.ref\" unit=\"x\">"
			  "<license>&e;</license></manual>\n", &c);
	rt_expect_diag(&c, "xxe.xml:2:1: error: ", "must not contain a DOCTYPE");
	rt_expect_no_leak(&c, "root:");
	capture_free(&c);
}

static void test_read_refuses_external_entity_file(void **state)
{
	/* A file of our own, so that any leak of its content is recognisable. */
	struct rt_state *st = *state;
	char *secret = path_join(st->dir, "secret.txt"), *doc;
	struct capture c;

	assert_int_equal(file_put(secret, "REFGEN-SECRET-7f3a\n", 19), 0);
	assert_true(asprintf(&doc,
			     "<?xml version=\"1.0\"?>\n"
			     "<!DOCTYPE manual [<!ENTITY e SYSTEM \"file://%s\">]>\n"
			     "<manual version=\"1\" source=\"x.ref\" unit=\"x\">\n"
			     "<trailer>&e;</trailer></manual>\n", secret) > 0);
	rt_expect_refused("xxe2.xml", doc, &c);
	rt_expect_diag(&c, "xxe2.xml:2:1: error: ", "must not contain a DOCTYPE");
	rt_expect_no_leak(&c, "REFGEN-SECRET");
	capture_free(&c);
	free(doc);
	free(secret);
}

static void test_read_refuses_external_dtd(void **state)
{
	struct rt_state *st = *state;
	char *dtd = path_join(st->dir, "evil.dtd"), *doc;
	struct capture c;

	assert_int_equal(file_put(dtd, "<!ENTITY leak \"REFGEN-DTD-SECRET\">\n", 35), 0);
	assert_true(asprintf(&doc,
			     "<?xml version=\"1.0\"?>\n"
			     "\n"
			     "<!DOCTYPE manual SYSTEM \"file://%s\">\n"
			     "<manual version=\"1\" source=\"x.ref\" unit=\"x\">"
			     "<license>&leak;</license></manual>\n", dtd) > 0);
	rt_expect_refused("dtd.xml", doc, &c);
	rt_expect_diag(&c, "dtd.xml:3:1: error: ", "must not contain a DOCTYPE");
	rt_expect_no_leak(&c, "REFGEN-DTD-SECRET");
	capture_free(&c);
	free(doc);
	free(dtd);
}

static void test_read_refuses_off_schema(void **state)
{
	static const char *const docs[][2] = {
		/* a register without its offset */
		{ "s1.xml:3:3: ", "<?xml version=\"1.0\"?>\n"
			      "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
			      "  <register name=\"NV_A\" line=\"1\"/>\n"
			      "</manual>\n" },
		/* an IR version this reader does not know */
		{ "s2.xml:2:9: ", "<?xml version=\"1.0\"?>\n"
			      "<manual version=\"2\" source=\"s.ref\" unit=\"s\"/>\n" },
		/* an element the IR does not have */
		{ "s3.xml:3:3: ", "<?xml version=\"1.0\"?>\n"
			      "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
			      "  <bogus/>\n"
			      "</manual>\n" },
		/* a value that is not lower-case hex */
		{ "s4.xml:4:34: ", "<?xml version=\"1.0\"?>\n"
			      "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
			      "\n"
			      "  <constant name=\"NV_A\" line=\"1\" value=\"12\"/>\n"
			      "</manual>\n" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		char name[8];
		struct capture c;

		snprintf(name, sizeof(name), "s%zu.xml", i + 1);
		rt_expect_refused(name, docs[i][1], &c);
		rt_expect_diag(&c, docs[i][0], "error: IR does not match the schema");
		capture_free(&c);
	}
}

/*
 * Issue 23: an error about an attribute names the line the attribute is on,
 * not the line the start tag ends on; issue 24: and the column its name
 * starts at (counted by hand from the documents below).  Each start tag below spans three
 * lines, one attribute a line; each case spoils one attribute in turn.
 */
static void test_read_names_the_attribute_line(void **state)
{
	static const char head[] = "<?xml version=\"1.0\"?>\n";
	static const struct {
		const char *doc, *where, *what;
	} cases[] = {
		/* <manual> on lines 2-4: the example, a version at line 2 */
		{ "<manual version=\"2\"\n source=\"s.ref\"\n unit=\"s\"/>\n",
		  "a1.xml:2:9: error: ", "attribute version of <manual> has a value the schema does not allow" },
		{ "<manual version=\"1\"\n source=\"\"\n unit=\"s\"/>\n",
		  "a2.xml:3:2: error: ", "attribute source of <manual> is empty" },
		{ "<manual version=\"1\"\n source=\"s.ref\"\n unit=\"s\\\"/>\n",
		  "a3.xml:4:2: error: ", "attribute unit of <manual> holds a backslash" },
		{ "<manual version=\"1\"\n source=\"s.ref\"\n bogus=\"s\"/>\n",
		  "a4.xml:4:2: error: ", "<manual> has no attribute bogus" },
		/* a <constant> on lines 3-5 inside a one-line <manual> */
		{ "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
		  "  <constant name=\"NV A\"\n    line=\"1\"\n    value=\"0x1\"/>\n</manual>\n",
		  "a5.xml:3:13: error: ", "attribute name of <constant> has a value the schema does not allow" },
		{ "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
		  "  <constant name=\"NV_A\"\n    line=\"x\"\n    value=\"0x1\"/>\n</manual>\n",
		  "a6.xml:4:5: error: ", "attribute line of <constant> has a value the schema does not allow" },
		{ "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
		  "  <constant name=\"NV_A\"\n    line=\"1\"\n    value=\"12\"/>\n</manual>\n",
		  "a7.xml:5:5: error: ", "attribute value of <constant> has a value the schema does not allow" },
		/* a <field> on lines 4-6 whose hi (line 5) is below its lo: refused after the schema */
		{ "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
		  "  <register name=\"NV_A\" body=\"0x0\" line=\"1\" offset=\"0x0\">\n"
		  "    <field name=\"NV_A_F\" body=\"3:4\" line=\"2\" width=\"1\"\n      hi=\"3\"\n      lo=\"4\"/>\n"
		  "  </register>\n</manual>\n",
		  "a8.xml:5:7: error: ", "IR refused: NV_A_F has a range whose hi is below its lo" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[8], *doc;
		struct capture c;

		snprintf(name, sizeof(name), "a%zu.xml", i + 1);
		assert_true(asprintf(&doc, "%s%s", head, cases[i].doc) > 0);
		rt_expect_refused(name, doc, &c);
		rt_expect_diag(&c, cases[i].where, cases[i].what);
		capture_free(&c);
		free(doc);
	}
}

/*
 * Numbers in every form the schema lets through, read as strtoull reads
 * them: blanks and a sign around a decimal, leading zeros, 16 hex digits;
 * a decimal beyond 64 bits saturates and is refused as beyond 32 bits.
 */
static void test_read_number_forms(void **state)
{
	static const char doc[] = "<?xml version=\"1.0\"?>\n"
		"<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
		"  <constant name=\"NV_A\" line=\" +0012 \" col=\"0007\" value=\"0xffffffffffffffff\"/>\n"
		"  <constant name=\"NV_B\" line=\"4294967295\" value=\"0x000000000000000000000001\"/>\n"
		"</manual>\n";
	static const char big[] = "<?xml version=\"1.0\"?>\n"
		"<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n"
		"  <constant name=\"NV_A\" line=\"18446744073709551616\" value=\"0x1\"/>\n"
		"</manual>\n";
	struct diag d;
	struct capture c;

	(void)state;
	capture_attach(&c, &d);
	struct ir_manual *m = ir_read_memory(doc, strlen(doc), "n.xml", &d);
	if (!m)
		capture_dump(&c, "n.xml");
	assert_non_null(m);
	assert_int_equal(m->ndefs, 2);
	assert_int_equal(m->defs[0]->line, 12);
	assert_int_equal(m->defs[0]->col, 7);
	assert_true(m->defs[0]->value.value == UINT64_MAX);
	assert_int_equal(m->defs[1]->line, 4294967295u);
	assert_true(m->defs[1]->value.value == 1);
	ir_manual_free(m);
	capture_free(&c);
	rt_expect_refused("b.xml", big, &c);
	rt_expect_diag(&c, "b.xml:3:", "beyond 32 bits");
	capture_free(&c);
}

static void test_read_reports_not_well_formed(void **state)
{
	struct capture c;

	(void)state;
	rt_expect_refused("nwf.xml",
			  "<manual version=\"1\" source=\"x\" unit=\"x\">\n"
			  "<constant name=\"A\" line=\"1\">\n"
			  "</manual>\n", &c);
	rt_expect_diag(&c, "nwf.xml:3:", ": error: ");
	capture_free(&c);
	rt_expect_refused("cut.xml", "<?xml version=\"1.0\"?>\n<manual version=\"1\"", &c);
	rt_expect_diag(&c, "cut.xml:2:", ": error: ");
	capture_free(&c);
}

static void test_read_file_reports_its_path(void **state)
{
	struct rt_state *st = *state;
	char *path = path_join(st->dir, "broken.xml"), *prefix;
	/* well-formed and schema-valid up to line 3's mismatched end tag */
	static const char doc[] = "<manual version=\"1\" source=\"s.ref\" unit=\"s\">\n\n</b>\n</manual>\n";
	struct capture c;
	struct diag d;

	assert_int_equal(file_put(path, doc, sizeof(doc) - 1), 0);
	assert_true(asprintf(&prefix, "%s:3:", path) > 0);
	capture_attach(&c, &d);
	assert_null(ir_read_file(path, &d));
	rt_expect_diag(&c, prefix, ": error: ");
	capture_free(&c);
	free(prefix);
	free(path);
}

static void test_read_missing_file(void **state)
{
	struct rt_state *st = *state;
	char *path = path_join(st->dir, "absent.xml"), *want;
	struct capture c;
	struct diag d;

	assert_true(asprintf(&want, "%s: error: cannot open: No such file or directory", path) > 0);
	capture_attach(&c, &d);
	assert_null(ir_read_file(path, &d));
	capture_expect_line(&c, want);
	capture_free(&c);
	free(want);
	free(path);
}

/* ---- group ------------------------------------------------------------------------ */

static int rt_setup(void **state)
{
	struct rt_state *st = calloc(1, sizeof(*st));

	if (!st)
		return -1;
	st->dir = tmpdir_create();
	*state = st;
	return 0;
}

static int rt_teardown(void **state)
{
	struct rt_state *st = *state;

	tmpdir_remove(st->dir);
	free(st->dir);
	free(st);
	parse_cleanup();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip_sample_fixture),
		cmocka_unit_test(test_roundtrip_every_form),
		cmocka_unit_test(test_roundtrip_rewrite_identical),
		cmocka_unit_test(test_write_refuses_off_schema),
		cmocka_unit_test(test_print_reproduces_fixture),
		cmocka_unit_test(test_print_canonical_spacing),
		cmocka_unit_test(test_read_refuses_doctype),
		cmocka_unit_test(test_read_refuses_external_entity_passwd),
		cmocka_unit_test(test_read_refuses_external_entity_file),
		cmocka_unit_test(test_read_refuses_external_dtd),
		cmocka_unit_test(test_read_refuses_off_schema),
		cmocka_unit_test(test_read_names_the_attribute_line),
		cmocka_unit_test(test_read_number_forms),
		cmocka_unit_test(test_read_reports_not_well_formed),
		cmocka_unit_test(test_read_file_reports_its_path),
		cmocka_unit_test(test_read_missing_file),
	};

	return cmocka_run_group_tests_name("ir_roundtrip", tests, rt_setup, rt_teardown);
}
