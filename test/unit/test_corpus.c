/* SPDX-License-Identifier: MIT */
/*
 * Every manual under $REFGEN_MANUALS: parsed without error, one IR define per
 * #define line (counted here independently of the parser), the IR written,
 * validated and read back unchanged, and `print` giving every define line
 * back.  The group setup does the work once; each test checks one property
 * over all files and names the files that break it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/ir_print.h"
#include "io/ir_read.h"
#include "ir/ir_stats.h"
#include "io/ir_write.h"
#include "support/test_support.h"

struct corpus_file {
	char *path;
	size_t src_defines;       /* #define lines, counted by refsrc_count_defines */
	size_t ir_defines;        /* defines of the parsed manual */
	unsigned errors, warnings;
	char first_error[256];
	bool written;             /* ir_write_file validated and wrote it */
	bool read_back;           /* ir_read_file validated and read it */
	size_t back_defines;
	char diff[256];           /* how the read-back IR differs, "" if it does not */
	char print_diff[512];     /* first define line print does not reproduce */
};

struct corpus {
	struct corpus_file *files;
	size_t n, cap;
	struct ir_stats stats;
	unsigned warnings;
	char *tmp;
};

/* nftw has no context argument. */
static struct corpus *corpus_walking;

static int corpus_collect(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	size_t n = strlen(path);
	struct corpus *c = corpus_walking;

	(void)st;
	(void)ftw;
	if (flag != FTW_F || n < 8 || strcmp(path + n - 8, ".ref.txt"))
		return 0;
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 128;
		c->files = realloc(c->files, c->cap * sizeof(*c->files));
		if (!c->files)
			return -1;
	}
	c->files[c->n++] = (struct corpus_file){ .path = strdup(path) };
	return 0;
}

static int corpus_by_path(const void *a, const void *b)
{
	return strcmp(((const struct corpus_file *)a)->path, ((const struct corpus_file *)b)->path);
}

/* The first line where two line lists differ, described in out. */
static bool corpus_lines_equal(const char *want, const char *got, char *out, size_t n)
{
	unsigned line = 1;

	while (*want || *got) {
		size_t wl = strcspn(want, "\n"), gl = strcspn(got, "\n");

		if (wl != gl || memcmp(want, got, wl)) {
			snprintf(out, n, "define %u: source \"%.*s\", print \"%.*s\"", line,
				 (int)(wl < 200 ? wl : 200), want, (int)(gl < 200 ? gl : 200), got);
			return false;
		}
		want += wl + (want[wl] == '\n');
		got += gl + (got[gl] == '\n');
		line++;
	}
	return true;
}

/* print of m, each line normalised like the source's define lines. */
static char *corpus_print(const struct ir_manual *m)
{
	char *buf = NULL, *norm;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	ir_print_manual(m, f);
	fclose(f);
	norm = refsrc_define_lines(buf, len, true);
	free(buf);
	return norm;
}

static void corpus_read_back(struct corpus *c, struct corpus_file *f,
			     const struct ir_manual *m, const char *src, size_t len)
{
	char *xml = path_join(c->tmp, "manual.xml");
	struct capture cap;
	struct diag d;

	capture_attach(&cap, &d);
	f->written = ir_write_file(m, xml, &d) == 0;
	struct ir_manual *back = f->written ? ir_read_file(xml, &d) : NULL;
	f->read_back = back != NULL;
	if (back) {
		f->back_defines = back->ndefs;
		if (ir_manual_same(m, back, f->diff, sizeof(f->diff)))
			f->diff[0] = '\0';
		char *want = refsrc_define_lines(src, len, true), *got = corpus_print(back);
		if (got && corpus_lines_equal(want, got, f->print_diff, sizeof(f->print_diff)))
			f->print_diff[0] = '\0';
		else if (!got)
			snprintf(f->print_diff, sizeof(f->print_diff), "cannot print");
		free(want);
		free(got);
	}
	if (cap.n && !f->first_error[0])
		snprintf(f->first_error, sizeof(f->first_error), "%s", cap.lines[0]);
	ir_manual_free(back);
	unlink(xml);
	free(xml);
	capture_free(&cap);
}

static void corpus_check_file(struct corpus *c, struct corpus_file *f)
{
	size_t len;
	char *src = file_slurp(f->path, &len);
	struct capture cap;
	struct diag d;

	if (!src) {
		snprintf(f->first_error, sizeof(f->first_error), "%s: cannot read", f->path);
		f->errors = 1;
		return;
	}
	f->src_defines = refsrc_count_defines(src, len);
	capture_attach(&cap, &d);
	struct ir_manual *m = parse_mem(f->path, src, len, &d);
	f->errors = d.errors;
	f->warnings = d.warnings;
	for (size_t i = 0; i < cap.n && !f->first_error[0]; i++)
		if (strstr(cap.lines[i], ": error: "))
			snprintf(f->first_error, sizeof(f->first_error), "%s", cap.lines[i]);
	capture_free(&cap);
	if (m) {
		f->ir_defines = m->ndefs;
		ir_stats_add(&c->stats, m);
		corpus_read_back(c, f, m, src, len);
	}
	c->warnings += f->warnings;
	ir_manual_free(m);
	free(src);
}

static int corpus_setup(void **state)
{
	const char *root = getenv("REFGEN_MANUALS");
	struct corpus *c = calloc(1, sizeof(*c));

	if (!c || !root || !*root) {
		fprintf(stderr, "REFGEN_MANUALS is not set (run the tests through `make test`)\n");
		free(c);
		return -1;
	}
	corpus_walking = c;
	if (nftw(root, corpus_collect, 32, FTW_PHYS) != 0) {
		fprintf(stderr, "cannot walk %s\n", root);
		return -1;
	}
	qsort(c->files, c->n, sizeof(*c->files), corpus_by_path);
	c->tmp = tmpdir_create();
	for (size_t i = 0; i < c->n; i++)
		corpus_check_file(c, &c->files[i]);
	*state = c;
	return 0;
}

static int corpus_teardown(void **state)
{
	struct corpus *c = *state;

	for (size_t i = 0; i < c->n; i++)
		free(c->files[i].path);
	free(c->files);
	tmpdir_remove(c->tmp);
	free(c->tmp);
	free(c);
	parse_cleanup();
	return 0;
}

/* Names each file for which bad() holds, then fails if there was one. */
static void corpus_expect(const struct corpus *c, const char *what,
			  bool (*bad)(const struct corpus_file *, char *, size_t))
{
	size_t nbad = 0;
	char why[600];

	for (size_t i = 0; i < c->n; i++) {
		if (bad(&c->files[i], why, sizeof(why))) {
			if (nbad++ < 20)
				fprintf(stderr, "  %s: %s\n", c->files[i].path, why);
		}
	}
	if (nbad)
		fail_msg("%zu of %zu manuals: %s", nbad, c->n, what);
}

/* ---- properties ---------------------------------------------------------------- */

static bool corpus_has_errors(const struct corpus_file *f, char *why, size_t n)
{
	snprintf(why, n, "%u error(s), first: %s", f->errors, f->first_error);
	return f->errors != 0;
}

static bool corpus_count_differs(const struct corpus_file *f, char *why, size_t n)
{
	snprintf(why, n, "%zu #define lines, %zu defines in the IR", f->src_defines, f->ir_defines);
	return f->errors == 0 && f->ir_defines != f->src_defines;
}

static bool corpus_not_valid(const struct corpus_file *f, char *why, size_t n)
{
	snprintf(why, n, "written %d, read back %d with %zu of %zu defines: %s", f->written,
		 f->read_back, f->back_defines, f->src_defines, f->first_error);
	return f->errors == 0 && (!f->written || !f->read_back || f->back_defines != f->src_defines);
}

static bool corpus_read_differs(const struct corpus_file *f, char *why, size_t n)
{
	snprintf(why, n, "%s", f->diff);
	return f->read_back && f->diff[0];
}

static bool corpus_print_differs(const struct corpus_file *f, char *why, size_t n)
{
	snprintf(why, n, "%s", f->print_diff);
	return f->read_back && f->print_diff[0];
}

static void test_corpus_has_manuals(void **state)
{
	const struct corpus *c = *state;

	if (c->n == 0)
		fail_msg("no .ref.txt under %s", getenv("REFGEN_MANUALS"));
}

static void test_corpus_no_errors(void **state)
{
	corpus_expect(*state, "errors", corpus_has_errors);
}

static void test_corpus_define_counts(void **state)
{
	corpus_expect(*state, "define count differs from the source", corpus_count_differs);
}

static void test_corpus_ir_validates(void **state)
{
	corpus_expect(*state, "IR not written, validated and read back", corpus_not_valid);
}

static void test_corpus_ir_read_back_unchanged(void **state)
{
	corpus_expect(*state, "IR read back differs from the IR written", corpus_read_differs);
}

static void test_corpus_print_reproduces_defines(void **state)
{
	corpus_expect(*state, "print does not reproduce the define lines", corpus_print_differs);
}

static void test_corpus_totals(void **state)
{
	const struct corpus *c = *state;
	size_t src = 0;

	for (size_t i = 0; i < c->n; i++)
		src += c->files[i].src_defines;
	printf("corpus: %zu manuals, %zu #define lines, %zu defines in the IR "
	       "(device %zu, register %zu, structure %zu, field %zu, value %zu, constant %zu), "
	       "%zu unplaced, %u warnings\n",
	       c->n, src, c->stats.defines, c->stats.kind[IR_DEVICE], c->stats.kind[IR_REGISTER],
	       c->stats.kind[IR_STRUCTURE], c->stats.kind[IR_FIELD], c->stats.kind[IR_VALUE],
	       c->stats.kind[IR_CONSTANT], c->stats.unplaced, c->warnings);
	assert_int_equal(c->stats.files, c->n);
	assert_int_equal(c->stats.defines, src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus_has_manuals),
		cmocka_unit_test(test_corpus_no_errors),
		cmocka_unit_test(test_corpus_define_counts),
		cmocka_unit_test(test_corpus_ir_validates),
		cmocka_unit_test(test_corpus_ir_read_back_unchanged),
		cmocka_unit_test(test_corpus_print_reproduces_defines),
		cmocka_unit_test(test_corpus_totals),
	};

	return cmocka_run_group_tests_name("corpus", tests, corpus_setup, corpus_teardown);
}
