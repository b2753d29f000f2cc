/* SPDX-License-Identifier: MIT */
/*
 * The IR contract (gen/schema/ir.rng) and its fast checker:
 *  - every IR of the corpus (out/ir, $REFGEN_IR) is valid for libxml2's own
 *    RELAX NG validator, for the fast checker on the parsed document, and for
 *    the IR reader's streamed check (ir_read_validate_memory), the one every
 *    read takes;
 *  - on documents at the edges of the schema the three agree (the fuzz
 *    targets ir_schema and ir_read do the same on mutated documents);
 *  - a grammar outside the subset the fast checker supports is refused, not
 *    checked approximately;
 *  - writing the IR of one big manual (200,000 defines) grows the memory of
 *    `refgen parse` ($REFGEN_BIN) by at most 1 KB per define (issue 15).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "base/diag.h"
#include "io/ir_read.h"
#include "schema/ir_schema.h"
#include "schema/rng_check.h"
#include "schema/rng_grammar.h"
#include "support/test_support.h"

static void quiet(void *ctx, enum diag_level level, const char *line)
{
	(void)ctx, (void)level, (void)line;
}

static xmlDocPtr doc_read(const char *xml, size_t len)
{
	return xmlReadMemory(xml, (int)len, "t.xml", NULL, XML_PARSE_NONET);
}

/*
 * The validators on xml (doc: it parsed): the fast checker on the tree, the
 * reader's streamed check, libxml2's; 0 all accept, -1 all refuse; fails if
 * they differ.
 */
static int both_validate(const char *xml, size_t len, xmlDocPtr doc, const char *name)
{
	struct diag d;
	int fast, stream, ref;

	diag_init(&d);
	d.sink = quiet;
	fast = ir_schema_validate(doc, name, &d);
	stream = ir_read_validate_memory(xml, len, name, &d);
	ref = ir_schema_validate_libxml2(doc, name, &d);
	if (fast != ref || stream != ref)
		fail_msg("%s: fast checker %d, streamed %d, libxml2 %d", name, fast, stream, ref);
	return fast;
}

static void test_corpus_ir_valid_for_libxml2(void **state)
{
	const char *root = env_require("REFGEN_IR");
	DIR *chips = opendir(root);
	struct dirent *c;
	size_t files = 0;

	(void)state;
	assert_non_null(chips);
	while ((c = readdir(chips))) {
		char *dir = path_join(root, c->d_name);
		DIR *dp = c->d_name[0] == '.' ? NULL : opendir(dir);
		struct dirent *e;

		while (dp && (e = readdir(dp))) {
			size_t n = strlen(e->d_name), len;
			if (n < 5 || strcmp(e->d_name + n - 4, ".xml"))
				continue;
			char *path = path_join(dir, e->d_name);
			char *xml = file_slurp(path, &len);
			xmlDocPtr doc = xml ? doc_read(xml, len) : NULL;

			assert_non_null(doc);
			if (both_validate(xml, len, doc, path) != 0)
				fail_msg("%s: not valid IR", path);
			files++;
			xmlFreeDoc(doc);
			free(xml);
			free(path);
		}
		if (dp)
			closedir(dp);
		free(dir);
	}
	closedir(chips);
	print_message("%zu IR files valid for libxml2's RELAX NG validator, the fast checker and the "
		      "reader's streamed check\n", files);
	assert_true(files > 0);
}

#define HEAD "<?xml version=\"1.0\"?>\n<manual version=\"1\" source=\"s.ref\" unit=\"s\">"
#define TAIL "</manual>\n"
#define REG(attrs, kids) "<register name=\"NV_R\" line=\"3\" " attrs ">" kids "</register>"

static void test_checker_agrees_with_libxml2(void **state)
{
	static const struct { const char *xml; int want; } docs[] = {
		{ HEAD TAIL, 0 },
		{ HEAD REG("offset=\"0x10\"", "") TAIL, 0 },
		{ HEAD REG("offset=\"0x10\" offset-expr=\"(i)\"", "") TAIL, -1 },     /* choice: both */
		{ HEAD REG("", "") TAIL, -1 },                                         /* choice: neither */
		{ HEAD REG("offset=\"0X10\"", "") TAIL, -1 },                          /* hex pattern */
		{ HEAD REG("offset=\"0x10\" size1=\" +8 \"", "") TAIL, 0 },            /* integer blanks, sign */
		{ HEAD REG("offset=\"0x10\" size1=\"0\"", "") TAIL, -1 },              /* positive */
		/* libxml2 holds at most 24 digits after the leading zeros (issue 24's fuzzing) */
		{ HEAD REG("offset=\"0x10\" size1=\"999999999999999999999999\"", "") TAIL, 0 },
		{ HEAD REG("offset=\"0x10\" size1=\"1000000000000000000000000\"", "") TAIL, -1 },
		{ HEAD REG("offset=\"0x10\" size1=\"000123456789012345678901234\"", "") TAIL, 0 },
		{ HEAD REG("offset=\"0x10\" code=\"0123456789abcdef\"", "") TAIL, 0 },
		{ HEAD REG("offset=\"0x10\" code=\"RW\\4R\"", "") TAIL, -1 },      /* c-text: no backslash */
		{ HEAD REG("offset=\"0x10\" body=\"a&#10;b\"", "") TAIL, -1 },    /* c-text: one line */
		{ HEAD REG("offset=\"0x10\" comment=\"a&#9;b\"", "") TAIL, 0 },   /* c-text: tabs */
		{ HEAD REG("offset=\"0x10\" comment=\"caf\xc3\xa9\"", "") TAIL, -1 }, /* c-text: ASCII */
		{ HEAD REG("offset=\"0x10\" params=\"i,j\"", "") TAIL, 0 },
		{ HEAD REG("offset=\"0x10\" params=\"i,\"", "") TAIL, -1 },            /* params pattern */
		{ HEAD REG("offset=\"0x10\" bogus=\"1\"", "") TAIL, -1 },
		{ HEAD REG("offset=\"0x10\"", "<access read=\" yes \" write=\"no\" state=\"none\" decl=\"32\" "
			   "indicator=\"register\"/>") TAIL, 0 },                       /* token values */
		{ HEAD REG("offset=\"0x10\"", "<prose>p</prose><access read=\"yes\" write=\"no\" "
			   "state=\"none\" decl=\"32\" indicator=\"register\"/>") TAIL, -1 }, /* order */
		{ HEAD REG("offset=\"0x10\"", "<prose>a</prose><prose>b</prose>") TAIL, -1 },
		{ HEAD REG("offset=\"0x10\"", "<field name=\"NV_R_F\" line=\"4\" hi=\"3\" lo=\"-0\" "
			   "width=\"4\"/>") TAIL, 0 },                                  /* nonNegative -0 */
		{ HEAD REG("offset=\"0x10\"", "<field name=\"NV_R_F\" line=\"4\" hi=\"3\" lo=\"0\"/>") TAIL, -1 },
		{ HEAD REG("offset=\"0x10\"", "text") TAIL, -1 },
		{ HEAD "<license>l</license><trailer>t</trailer><license>l</license>" TAIL, -1 },
		{ HEAD "<trailer>t</trailer><addendum-trailer>a</addendum-trailer>" TAIL, 0 },
		{ HEAD "<trailer><b/></trailer>" TAIL, -1 },
		{ "<?xml version=\"1.0\"?>\n<register name=\"NV_R\" line=\"1\" offset=\"0x0\"/>", -1 },
		{ "<?xml version=\"1.0\"?>\n<manual xmlns=\"urn:x\" version=\"1\" source=\"s\" unit=\"s\"/>", -1 },
		{ HEAD "<constant name=\"NV_C\" line=\"1\" role=\"alias\" ref=\"NV_R\"/>" TAIL, 0 },
		{ HEAD "<constant name=\"NV_C\" line=\"1\" ref=\"\"/>" TAIL, -1 },       /* minLength 1 */
		{ HEAD "<constant name=\"NV_C\" line=\"1\" value=\"0x1\" string=\"s\"/>" TAIL, -1 },
		{ HEAD "<device name=\"NV_D\" line=\"1\" hi-expr=\"i\" lo-expr=\"0\">"
		       "<device name=\"NV_E\" line=\"2\" hi=\"1\" lo=\"0\" width=\"2\"/></device>" TAIL, 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		xmlDocPtr doc = doc_read(docs[i].xml, strlen(docs[i].xml));
		char name[32];

		snprintf(name, sizeof(name), "doc %zu", i);
		assert_non_null(doc);
		if (both_validate(docs[i].xml, strlen(docs[i].xml), doc, name) != docs[i].want)
			fail_msg("%s: both validators %s it", name, docs[i].want ? "accept" : "refuse");
		xmlFreeDoc(doc);
	}
}

static void test_grammar_outside_subset_refused(void **state)
{
	static const char *const grammars[][2] = {
		{ "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\"><start><element name=\"a\">"
		  "<interleave><element name=\"b\"><empty/></element><element name=\"c\"><empty/></element>"
		  "</interleave></element></start></grammar>", "<interleave> is not supported" },
		{ "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\" datatypeLibrary="
		  "\"http://www.w3.org/2001/XMLSchema-datatypes\"><start><element name=\"a\">"
		  "<attribute name=\"x\"><data type=\"date\"/></attribute></element></start></grammar>",
		  "datatype date is not supported" },
		{ "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\"><start><element name=\"a\">"
		  "<element name=\"b\"><empty/></element><element name=\"b\"><text/></element>"
		  "</element></start></grammar>", "element b is defined twice" },
		/* libxml2 rejects "acz" here, which XSD accepts: not followed */
		{ "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\" datatypeLibrary="
		  "\"http://www.w3.org/2001/XMLSchema-datatypes\"><start><element name=\"a\">"
		  "<attribute name=\"x\"><data type=\"string\"><param name=\"pattern\">"
		  "[a-z-[b-y-[c]]]+</param></data></attribute></element></start></grammar>",
		  "a nested class subtraction is not supported" },
		/* the defines are indexed once: a ref still finds only its own name */
		{ "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\"><start><element name=\"a\">"
		  "<ref name=\"nope\"/></element></start><define name=\"nop\"><empty/></define>"
		  "<define><empty/></define></grammar>", "ref to undefined pattern nope" },
		{ "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\"><start><element name=\"a\">"
		  "<ref name=\"x\"/></element></start><define name=\"x\" combine=\"choice\">"
		  "<element name=\"b\"><empty/></element></define></grammar>", "define x: combine is not supported" },
	};
	char why[320];

	(void)state;
	for (size_t i = 0; i < sizeof(grammars) / sizeof(grammars[0]); i++) {
		struct rng_grammar *g = rng_grammar_compile(grammars[i][0], strlen(grammars[i][0]), why,
							    sizeof(why));
		assert_null(g);
		if (!strstr(why, grammars[i][1]))
			fail_msg("grammar %zu: '%s' does not say '%s'", i, why, grammars[i][1]);
	}
}

/* Whether libxml2's validator accepts doc for the grammar text rng. */
static bool libxml2_accepts(const char *rng, xmlDocPtr doc)
{
	xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewMemParserCtxt(rng, (int)strlen(rng));
	xmlRelaxNGPtr schema = xmlRelaxNGParse(pc);
	xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(schema);
	int rc;

	xmlRelaxNGSetValidStructuredErrors(vc, NULL, NULL);
	rc = xmlRelaxNGValidateDoc(vc, doc);
	xmlRelaxNGFreeValidCtxt(vc);
	xmlRelaxNGFree(schema);
	xmlRelaxNGFreeParserCtxt(pc);
	return rc == 0;
}

static void quiet_xml(void *ctx, xmlErrorPtr err)
{
	(void)ctx, (void)err;
}

/*
 * XSD patterns the compiler translates for PCRE2, against libxml2 on the
 * same grammar: class subtraction (the printable-ASCII-without-backslash
 * class of a C text), '^' and '$' as plain characters, '.', \d.
 */
static void test_patterns_agree_with_libxml2(void **state)
{
	static const struct { const char *pattern, *value; bool want; } cases[] = {
		{ "[\\t -~-[\\\\]]*", "NV_X (1 &lt;&lt; 2) /* RW */", true },
		{ "[\\t -~-[\\\\]]*", "a&#9;b", true },
		{ "[\\t -~-[\\\\]]*", "a\\b", false },
		{ "[\\t -~-[\\\\]]*", "a&#10;b", false },
		{ "[\\t -~-[\\\\]]*", "caf\xc3\xa9", false },
		{ "[a-z-[aeiou]]+", "xyz", true },
		{ "[a-z-[aeiou]]+", "xaz", false },
		{ "a^b$", "a^b$", true },
		{ "a.c", "abc", true },
		{ "a.c", "a&#10;c", false },
		{ "\\d+", "042", true },
		{ "\\d+", "4x", false },
		{ "[\\-+]x", "-x", true },
	};
	char rng[512], xml[256], why[320];

	(void)state;
	xmlSetStructuredErrorFunc(NULL, quiet_xml);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(rng, sizeof(rng),
			 "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\" datatypeLibrary="
			 "\"http://www.w3.org/2001/XMLSchema-datatypes\"><start><element name=\"a\">"
			 "<attribute name=\"v\"><data type=\"string\"><param name=\"pattern\">%s"
			 "</param></data></attribute></element></start></grammar>", cases[i].pattern);
		snprintf(xml, sizeof(xml), "<a v=\"%s\"/>", cases[i].value);
		struct rng_grammar *g = rng_grammar_compile(rng, strlen(rng), why, sizeof(why));
		xmlDocPtr doc = doc_read(xml, strlen(xml));
		struct rng_check c;
		long line;

		if (!g)
			fail_msg("pattern %s: %s", cases[i].pattern, why);
		assert_non_null(doc);
		rng_check_init(&c, g);
		bool fast = rng_check_doc(&c, doc, &line) == 0, ref = libxml2_accepts(rng, doc);
		if (fast != ref || fast != cases[i].want)
			fail_msg("pattern %s, value %s: fast %d, libxml2 %d, expected %d", cases[i].pattern,
				 cases[i].value, fast, ref, cases[i].want);
		rng_check_release(&c);
		rng_grammar_free(g);
		xmlFreeDoc(doc);
	}
	xmlSetStructuredErrorFunc(NULL, NULL);
}

/* ---- memory to write one big manual's IR ------------------------------------------------ */

/* A manual of 1 + 5 * regs defines: registers with two fields and values. */
static size_t big_manual_write(const char *path, unsigned regs)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fprintf(f, "#define NV_PSYN 0x00FFFFFF:0x00000000 /* RW--D */\n");
	for (unsigned k = 0; k < regs; k++) {
		fprintf(f, "\n  Register %u of the synthetic unit: two fields, one with values.\n\n", k);
		fprintf(f, "#define NV_PSYN_R%05u 0x%08x /* RW-4R */\n", k, 4 * k);
		fprintf(f, "#define NV_PSYN_R%05u_EN 0:0 /* RWIVF */\n", k);
		fprintf(f, "#define NV_PSYN_R%05u_EN_OFF 0x00000000 /* RWI-V */\n", k);
		fprintf(f, "#define NV_PSYN_R%05u_EN_ON 0x00000001 /* RW--V */\n", k);
		fprintf(f, "#define NV_PSYN_R%05u_COUNT 15:4 /* RWIVF */\n", k);
	}
	assert_int_equal(fclose(f), 0);
	return 1 + 5 * (size_t)regs;
}

/* Peak resident memory of `refgen parse -o out in`, in bytes. */
static long refgen_parse_peak(const char *in, const char *out)
{
	const char *refgen = env_require("REFGEN_BIN");
	struct rusage ru;
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, STDERR_FILENO);
		execl(refgen, refgen, "parse", "-o", out, in, (char *)NULL);
		_exit(127);
	}
	assert_int_equal(wait4(pid, &status, 0, &ru), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return ru.ru_maxrss * 1024L;
}

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

static void test_write_memory_per_define(void **state)
{
#ifdef SANITIZED
	/* AddressSanitizer's shadow memory and quarantine are not refgen's. */
	(void)state;
	print_message("skipped under AddressSanitizer: memory figures are the sanitizer's\n");
	skip();
#endif
	char *dir = tmpdir_create();
	char *small = path_join(dir, "small.ref"), *big = path_join(dir, "big.ref");
	char *out = path_join(dir, "out.xml");
	size_t n_small = big_manual_write(small, 400), n_big = big_manual_write(big, 40000);
	long peak_small = refgen_parse_peak(small, out), peak_big = refgen_parse_peak(big, out);
	double per = (double)(peak_big - peak_small) / (double)(n_big - n_small);

	(void)state;
	print_message("refgen parse: peak %ld KB for %zu defines, %ld KB for %zu: %.0f bytes per define "
		      "(at most 1024)\n", peak_small / 1024, n_small, peak_big / 1024, n_big, per);
	assert_true(per <= 1024.0);
	tmpdir_remove(dir);
	free(small);
	free(big);
	free(out);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus_ir_valid_for_libxml2),
		cmocka_unit_test(test_checker_agrees_with_libxml2),
		cmocka_unit_test(test_grammar_outside_subset_refused),
		cmocka_unit_test(test_patterns_agree_with_libxml2),
		cmocka_unit_test(test_write_memory_per_define),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
