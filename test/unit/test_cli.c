/* SPDX-License-Identifier: MIT */
/*
 * The refgen command line, run as a subprocess ($REFGEN_BIN): exit statuses,
 * GCC-style diagnostics, output files that survive failed runs, -d naming,
 * --stats and print.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "io/ir_read.h"
#include "support/test_support.h"

struct cli_state {
	char *dir;                      /* fresh scratch directory per test */
	char *sample, *other, *bad;     /* fixture paths */
};

/* Runs refgen with args, a NULL-terminated list. */
static void cli_runv(struct proc_result *r, char *const *args)
{
	char *argv[32];
	int n = 0;

	argv[n++] = (char *)env_require("REFGEN_BIN");
	while (args[n - 1] && n < 31) {
		argv[n] = args[n - 1];
		n++;
	}
	argv[n] = NULL;
	proc_run(argv, r);
}

/* Runs refgen with the NULL-terminated arguments that follow. */
static void cli_run(struct proc_result *r, ...)
{
	char *args[32];
	int n = 0;
	va_list ap;

	va_start(ap, r);
	while ((args[n] = va_arg(ap, char *)) && n < 31)
		n++;
	va_end(ap);
	args[n] = NULL;
	cli_runv(r, args);
}

/* stderr of r has a line equal to want. */
static void cli_expect_err_line(const struct proc_result *r, const char *want)
{
	size_t n = strlen(want);

	for (const char *s = r->err; s && *s;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);

		if (len == n && !memcmp(s, want, n))
			return;
		s = nl ? nl + 1 : s + len;
	}
	fail_msg("stderr has no line \"%s\"; it was:\n%s", want, r->err);
}

static char *cli_fmt(const char *fmt, const char *a)
{
	char *s;

	assert_true(asprintf(&s, fmt, a) > 0);
	return s;
}

/* ---- outputs that are not theirs, all or nothing, stale temporary files ---------- */

/* parse -d with one bad input leaves an existing output as it was. */
static void test_cli_all_or_nothing(void **state)
{
	struct cli_state *st = *state;
	char *outdir = path_join(st->dir, "out"), *sample = path_join(outdir, "sample.xml");
	static const char old[] = "OLD, not the IR of sample.ref\n";
	struct proc_result r;
	size_t len;

	assert_int_equal(mkdir(outdir, 0755), 0);
	assert_int_equal(file_put(sample, old, sizeof(old) - 1), 0);
	cli_run(&r, "parse", "-d", outdir, st->sample, st->bad, NULL);
	assert_int_equal(r.status, 1);
	char *after = file_slurp(sample, &len);
	assert_non_null(after);
	assert_int_equal(len, sizeof(old) - 1);
	assert_memory_equal(after, old, len);
	assert_int_equal(dir_entry_count(outdir), 1);
	free(after);
	proc_result_free(&r);
	/* the same run without the bad input replaces it */
	cli_run(&r, "parse", "-d", outdir, st->sample, NULL);
	assert_int_equal(r.status, 0);
	after = file_slurp(sample, &len);
	assert_non_null(strstr(after, "<manual "));
	free(after);
	proc_result_free(&r);
	free(sample);
	free(outdir);
}

/* -o onto path is refused with "is WHAT, not a regular file" and path stays what it was. */
static void cli_expect_refused(struct cli_state *st, const char *path, const char *what,
			       mode_t type)
{
	char *want;
	struct proc_result r;
	struct stat sb;

	assert_true(asprintf(&want, "%s: error: is %s, not a regular file: refusing to replace it "
			     "(-o - writes to stdout)", path, what) > 0);
	cli_run(&r, "parse", "-o", path, st->sample, NULL);
	assert_int_equal(r.status, 1);
	cli_expect_err_line(&r, want);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & S_IFMT, type);
	proc_result_free(&r);
	free(want);
}

static void test_cli_output_not_regular_refused(void **state)
{
	struct cli_state *st = *state;
	char *fifo = path_join(st->dir, "fifo"), *sock = path_join(st->dir, "sock");
	char *dev = path_join(st->dir, "null"), *link = path_join(st->dir, "link");
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	assert_int_equal(mkfifo(fifo, 0644), 0);
	cli_expect_refused(st, fifo, "a FIFO", S_IFIFO);
	assert_true(fd >= 0 && strlen(sock) < sizeof(sa.sun_path));
	strcpy(sa.sun_path, sock);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	cli_expect_refused(st, sock, "a socket", S_IFSOCK);
	close(fd);
	assert_int_equal(symlink("fifo", link), 0);
	cli_expect_refused(st, link, "a FIFO", S_IFIFO);
	/* a private copy of /dev/null (needs CAP_MKNOD: root, as CI runs) */
	if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) == 0)
		cli_expect_refused(st, dev, "a character device", S_IFCHR);
	else
		print_message("mknod: %s: the character-device case is skipped\n", strerror(errno));
	free(link);
	free(dev);
	free(sock);
	free(fifo);
}

/* A link to a regular file: the file is replaced, the link stays a link. */
static void test_cli_output_link_to_file(void **state)
{
	struct cli_state *st = *state;
	char *file = path_join(st->dir, "real.xml"), *link = path_join(st->dir, "link.xml");
	struct proc_result r;
	struct stat sb;
	size_t len;

	assert_int_equal(file_put(file, "old\n", 4), 0);
	assert_int_equal(symlink("real.xml", link), 0);
	cli_run(&r, "parse", "-o", link, st->sample, NULL);
	assert_int_equal(r.status, 0);
	assert_int_equal(lstat(link, &sb), 0);
	assert_true(S_ISLNK(sb.st_mode));
	char *after = file_slurp(file, &len);
	assert_non_null(strstr(after, "<manual "));
	assert_int_equal(dir_entry_count(st->dir), 2);
	free(after);
	proc_result_free(&r);
	free(link);
	free(file);
}

/* The named temporary files of a killed run are removed by the next one. */
static void test_cli_stale_temp_removed(void **state)
{
	struct cli_state *st = *state;
	char *out = path_join(st->dir, "out.xml");
	char *dead = path_join(st->dir, ".out.xml.999999999.abcdef");   /* past any pid_max */
	char *live = path_join(st->dir, ".out.xml.1.abcdef");           /* init is alive */
	char *other = path_join(st->dir, ".other.xml.999999999.abcdef"); /* not this output's */
	struct proc_result r;
	struct stat sb;

	assert_int_equal(file_put(dead, "x", 1), 0);
	assert_int_equal(file_put(live, "x", 1), 0);
	assert_int_equal(file_put(other, "x", 1), 0);
	cli_run(&r, "parse", "-o", out, st->sample, NULL);
	assert_int_equal(r.status, 0);
	assert_int_equal(stat(dead, &sb), -1);
	assert_int_equal(stat(live, &sb), 0);
	assert_int_equal(stat(other, &sb), 0);
	assert_int_equal(stat(out, &sb), 0);
	assert_int_equal(dir_entry_count(st->dir), 3);
	proc_result_free(&r);
	free(other);
	free(live);
	free(dead);
	free(out);
}

/* ---- diagnostics and exit statuses ---------------------------------------------- */

static void test_cli_parse_error(void **state)
{
	struct cli_state *st = *state;
	char *out = path_join(st->dir, "bad.xml");
	char *want = cli_fmt("%s:4:28: error: reversed bit range 3:7: high bound 3 is below "
			     "low bound 7", st->bad);
	struct proc_result r;

	cli_run(&r, "parse", "-o", out, st->bad, NULL);
	assert_int_equal(r.status, 1);
	cli_expect_err_line(&r, want);
	assert_int_equal(r.out_len, 0);
	assert_int_equal(dir_entry_count(st->dir), 0);
	proc_result_free(&r);
	free(want);
	free(out);
}

static void test_cli_usage_errors(void **state)
{
	struct cli_state *st = *state;
	char *x = path_join(st->dir, "x.xml"), *y = path_join(st->dir, "y");
	char *const cases[][8] = {
		{ NULL },
		{ "bogus", NULL },
		{ "parse", NULL },
		{ "parse", "-o", x, "-d", y, st->sample, NULL },
		{ "parse", "-o", x, st->sample, st->other, NULL },
		{ "parse", st->sample, st->other, NULL },
		{ "parse", "-Wfoo", st->sample, NULL },
		{ "parse", "--bogus", st->sample, NULL },
		{ "print", NULL },
		/* every subcommand: its own name first, its own --help named */
		{ "print", "--bogus", NULL },
		{ "emit", "--bogus", NULL },
		{ "lookup", "--chp", "gv100", "0x0", NULL },
		{ "diff", "--bogus", NULL },
		{ "lookup", "--chip", "gv100", "0x0", "0x1", "0x2", NULL },
		{ "diff", "--from", "gv100", NULL },
	};
	static const char *const want[] = {
		"Usage: refgen",
		"refgen: unknown command 'bogus'",
		"refgen parse: no input files\nTry 'refgen parse --help'.\n",
		"refgen parse: -o and -d cannot be used together\nTry 'refgen parse --help'.\n",
		"refgen parse: -o takes one input; use -d for several\nTry 'refgen parse --help'.\n",
		"refgen parse: several inputs need -d OUTDIR\nTry 'refgen parse --help'.\n",
		"refgen parse: unknown option -Wfoo\nTry 'refgen parse --help'.\n",
		"refgen parse: unrecognized option '--bogus'\nTry 'refgen parse --help'.\n",
		"refgen print: no IR files\nTry 'refgen print --help'.\n",
		"refgen print: unrecognized option '--bogus'\nTry 'refgen print --help'.\n",
		"refgen emit: unrecognized option '--bogus'\nTry 'refgen emit --help'.\n",
		"refgen lookup: unrecognized option '--chp'\nTry 'refgen lookup --help'.\n",
		"refgen diff: unrecognized option '--bogus'\nTry 'refgen diff --help'.\n",
		"refgen lookup: unexpected argument '0x2'\nTry 'refgen lookup --help'.\n",
		"refgen diff: --from and --to are required\nTry 'refgen diff --help'.\n",
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct proc_result r;

		cli_runv(&r, cases[i]);
		if (r.status != 2 || !strstr(r.err, want[i]))
			fail_msg("case %zu: status %d, stderr \"%s\" (expected 2 and \"%s\")",
				 i, r.status, r.err, want[i]);
		proc_result_free(&r);
	}
	/* nothing was written */
	assert_int_equal(dir_entry_count(st->dir), 0);
	free(x);
	free(y);
}

/* ---- output files -------------------------------------------------------------- */

static void test_cli_failed_run_keeps_output(void **state)
{
	struct cli_state *st = *state;
	char *out = path_join(st->dir, "out.xml");
	static const char original[] = "ORIGINAL CONTENT, not IR\n";
	struct proc_result r;
	size_t len;

	assert_int_equal(file_put(out, original, sizeof(original) - 1), 0);
	cli_run(&r, "parse", "-o", out, st->bad, NULL);
	assert_int_equal(r.status, 1);
	char *after = file_slurp(out, &len);
	assert_non_null(after);
	assert_int_equal(len, sizeof(original) - 1);
	assert_memory_equal(after, original, len);
	/* no temporary file left next to it */
	assert_int_equal(dir_entry_count(st->dir), 1);
	free(after);
	proc_result_free(&r);
	free(out);
}

static void test_cli_failed_write_leaves_no_temp(void **state)
{
	/* The output is a directory: refused before anything is written, and no
	 * temporary file is left. */
	struct cli_state *st = *state;
	char *out = path_join(st->dir, "taken");
	char *want = cli_fmt("%s: error: is a directory, not a regular file: refusing to replace it "
			     "(-o - writes to stdout)", out);
	struct proc_result r;

	assert_int_equal(mkdir(out, 0755), 0);
	cli_run(&r, "parse", "-o", out, st->sample, NULL);
	assert_int_equal(r.status, 1);
	cli_expect_err_line(&r, want);
	assert_int_equal(dir_entry_count(st->dir), 1);
	assert_int_equal(dir_entry_count(out), 0);
	proc_result_free(&r);
	free(want);
	free(out);
}

static void test_cli_unchanged_output_untouched(void **state)
{
	struct cli_state *st = *state;
	char *out = path_join(st->dir, "same.xml");
	struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	struct proc_result r;
	struct stat sb;

	cli_run(&r, "parse", "-o", out, st->sample, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	assert_int_equal(utimensat(AT_FDCWD, out, old, 0), 0);
	cli_run(&r, "parse", "-o", out, st->sample, NULL);
	assert_int_equal(r.status, 0);
	assert_int_equal(stat(out, &sb), 0);
	assert_int_equal(sb.st_mtim.tv_sec, 1000000000);
	assert_int_equal(dir_entry_count(st->dir), 1);
	proc_result_free(&r);
	free(out);
}

static void test_cli_outdir_writes_unit_xml(void **state)
{
	struct cli_state *st = *state;
	char *outdir = path_join(st->dir, "ir/gv100");
	char *xml = path_join(outdir, "sample.xml");
	char *warn = cli_fmt("%s:7:9: warning: NV_OTHER_ORPHAN_VALUE is a value of no field: "
			     "kept as a top-level constant [-Wunplaced]", st->other);
	struct proc_result r;
	struct capture c;
	struct diag d;

	cli_run(&r, "parse", "-d", outdir, st->sample, st->other, NULL);
	assert_int_equal(r.status, 0);
	cli_expect_err_line(&r, warn);
	assert_int_equal(dir_entry_count(outdir), 2);
	capture_attach(&c, &d);
	struct ir_manual *m = ir_read_file(xml, &d);
	assert_non_null(m);
	assert_int_equal(m->ndefs, 17);
	assert_string_equal(m->unit, "sample");
	ir_manual_free(m);
	free(xml);
	xml = path_join(outdir, "other.xml");
	m = ir_read_file(xml, &d);
	assert_non_null(m);
	assert_int_equal(m->ndefs, 5);
	assert_int_equal(c.n, 0);
	ir_manual_free(m);
	capture_free(&c);
	proc_result_free(&r);
	free(warn);
	free(xml);
	free(outdir);
}

static void test_cli_outdir_strips_ref_txt(void **state)
{
	struct cli_state *st = *state;
	char *in = path_join(st->dir, "dev_sample.ref.txt"), *outdir = path_join(st->dir, "out");
	char *xml = path_join(outdir, "dev_sample.xml");
	size_t len;
	char *text = file_slurp(st->sample, &len);
	struct proc_result r;
	struct stat sb;

	assert_non_null(text);
	assert_int_equal(file_put(in, text, len), 0);
	cli_run(&r, "parse", "-d", outdir, in, NULL);
	assert_int_equal(r.status, 0);
	assert_int_equal(stat(xml, &sb), 0);
	assert_int_equal(dir_entry_count(outdir), 1);
	proc_result_free(&r);
	free(text);
	free(xml);
	free(outdir);
	free(in);
}

static void test_cli_outdir_same_unit_twice(void **state)
{
	struct cli_state *st = *state;
	char *a = path_join(st->dir, "a"), *b = path_join(st->dir, "b");
	char *fa = path_join(a, "x.ref"), *fb = path_join(b, "x.ref");
	char *outdir = path_join(st->dir, "out"), *want;
	struct proc_result r;

	assert_true(asprintf(&want, "%s: error: another input also writes %s/x.xml", fb, outdir) > 0);
	assert_int_equal(mkdir(a, 0755), 0);
	assert_int_equal(mkdir(b, 0755), 0);
	assert_int_equal(file_put(fa, "#define NV_A 1\n", 15), 0);
	assert_int_equal(file_put(fb, "#define NV_A 2\n", 15), 0);
	cli_run(&r, "parse", "-d", outdir, fa, fb, NULL);
	assert_int_equal(r.status, 1);
	cli_expect_err_line(&r, want);
	proc_result_free(&r);
	free(want);
	free(outdir);
	free(fa);
	free(fb);
	free(a);
	free(b);
}

static void test_cli_werror(void **state)
{
	/* The warning fails other.ref; sample.ref is clean, but a run with a bad
	 * input writes nothing (not even the directory it would have made). */
	struct cli_state *st = *state;
	char *outdir = path_join(st->dir, "out"), *sample = path_join(outdir, "sample.xml");
	char *other = path_join(outdir, "other.xml");
	struct proc_result r;
	struct stat sb;

	cli_run(&r, "parse", "-Werror", "-d", outdir, st->other, st->sample, NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "error: NV_OTHER_ORPHAN_VALUE is a value of no field: "
				      "kept as a top-level constant [-Werror=unplaced]"));
	assert_int_equal(stat(sample, &sb), -1);
	assert_int_equal(stat(other, &sb), -1);
	assert_int_equal(stat(outdir, &sb), -1);
	proc_result_free(&r);
	free(other);
	free(sample);
	free(outdir);
}

static void test_cli_single_input_to_stdout(void **state)
{
	struct cli_state *st = *state;
	struct proc_result r;

	cli_run(&r, "parse", st->sample, NULL);
	assert_int_equal(r.status, 0);
	assert_int_equal(r.err_len, 0);
	assert_true(!strncmp(r.out, "<?xml", 5));
	assert_non_null(strstr(r.out, "<manual version=\"1\" source=\"sample.ref\" unit=\"sample\""));
	proc_result_free(&r);
}

/* ---- --stats ------------------------------------------------------------------- */

static void test_cli_stats_total_row(void **state)
{
	struct cli_state *st = *state;
	struct proc_result r;
	size_t v[8];
	char label[64];

	cli_run(&r, "parse", "--stats", st->sample, st->other, NULL);
	assert_int_equal(r.status, 0);
	const char *row = strstr(r.out, "\ntotal ");
	assert_non_null(row);
	assert_int_equal(sscanf(row + 1, "%63s %zu %zu %zu %zu %zu %zu %zu %zu", label, &v[0],
				&v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]), 9);
	/* sample.ref: 17 defines, other.ref: 5 (one unplaced) */
	assert_int_equal(v[0], 22);  /* defines */
	assert_int_equal(v[1], 2);   /* device */
	assert_int_equal(v[2], 3);   /* register */
	assert_int_equal(v[3], 1);   /* structure */
	assert_int_equal(v[4], 6);   /* field */
	assert_int_equal(v[5], 5);   /* value */
	assert_int_equal(v[6], 5);   /* constant */
	assert_int_equal(v[7], 1);   /* unplaced */
	/* the total is the last row */
	const char *end = strchr(row + 1, '\n');
	assert_non_null(end);
	assert_int_equal(end[1], '\0');
	proc_result_free(&r);
}

static void test_cli_stats_file_row(void **state)
{
	struct cli_state *st = *state;
	struct proc_result r;
	size_t v[8];

	cli_run(&r, "parse", "--stats", st->sample, NULL);
	assert_int_equal(r.status, 0);
	const char *row = strstr(r.out, st->sample);
	assert_non_null(row);
	row += strlen(st->sample);
	assert_int_equal(sscanf(row, "%zu %zu %zu %zu %zu %zu %zu %zu", &v[0], &v[1], &v[2],
				&v[3], &v[4], &v[5], &v[6], &v[7]), 8);
	assert_int_equal(v[0], 17);
	assert_int_equal(v[1], 1);
	assert_int_equal(v[2], 2);
	assert_int_equal(v[3], 1);
	assert_int_equal(v[4], 5);
	assert_int_equal(v[5], 4);
	assert_int_equal(v[6], 4);
	assert_int_equal(v[7], 0);
	proc_result_free(&r);
}

/* ---- print --------------------------------------------------------------------- */

static void test_cli_print_equals_source_defines(void **state)
{
	struct cli_state *st = *state;
	char *xml = path_join(st->dir, "sample.xml");
	size_t len;
	char *src = file_slurp(st->sample, &len), *want;
	struct proc_result r;

	assert_non_null(src);
	want = refsrc_define_lines(src, len, false);
	cli_run(&r, "parse", "-o", xml, st->sample, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	cli_run(&r, "print", xml, NULL);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, want);
	assert_int_equal(r.err_len, 0);
	proc_result_free(&r);
	free(want);
	free(src);
	free(xml);
}

static void test_cli_print_refuses_doctype(void **state)
{
	struct cli_state *st = *state;
	char *xml = path_join(st->dir, "dt.xml");
	char *want = cli_fmt("%s:2:1: error: IR must not contain a DOCTYPE "
			     "(DTDs and entities are refused)", xml);
	static const char doc[] = "<?xml version=\"1.0\"?>\n<!DOCTYPE manual>\n"
				  "<manual version=\"1\" source=\"x.ref\" unit=\"x\"/>\n";
	struct proc_result r;

	assert_int_equal(file_put(xml, doc, sizeof(doc) - 1), 0);
	cli_run(&r, "print", xml, NULL);
	assert_int_equal(r.status, 1);
	cli_expect_err_line(&r, want);
	assert_int_equal(r.out_len, 0);
	proc_result_free(&r);
	free(want);
	free(xml);
}

/* ---- emit --format ------------------------------------------------------------ */

/* The files `refgen emit` wrote under dir, as "a b c" (sorted paths), each
 * relative to dir. */
static void cli_emit_tree(const char *dir, char *buf, size_t n)
{
	char *cmd = cli_fmt("cd '%s' && find . -type f | LC_ALL=C sort | tr '\\n' ' '", dir);
	FILE *p = popen(cmd, "r");
	size_t len;

	assert_non_null(p);
	len = fread(buf, 1, n - 1, p);
	buf[len] = '\0';
	assert_int_equal(pclose(p), 0);
	free(cmd);
}

/* Emits sample.ref's IR with the given --format arguments (NULL: none) and
 * checks exactly the expected files were written. */
static void cli_emit_expect(const char *dir, const char *xml, const char *fmt1, const char *fmt2,
			    const char *want)
{
	char *out = path_join(dir, fmt1 ? fmt1 : "default");
	char tree[1024];
	struct proc_result r;

	if (fmt2)
		cli_run(&r, "emit", "--chip", "gv100", "-o", out, fmt1, fmt2, xml, NULL);
	else if (fmt1)
		cli_run(&r, "emit", "--chip", "gv100", "-o", out, fmt1, xml, NULL);
	else
		cli_run(&r, "emit", "--chip", "gv100", "-o", out, xml, NULL);
	if (r.status != 0)
		fail_msg("emit %s: status %d: %s", fmt1 ? fmt1 : "", r.status, r.err);
	cli_emit_tree(out, tree, sizeof(tree));
	assert_string_equal(tree, want);
	proc_result_free(&r);
	free(out);
}

static void test_cli_emit_formats(void **state)
{
	struct cli_state *st = *state;
	char *xml = path_join(st->dir, "sample.xml");
	struct proc_result r;

	cli_run(&r, "parse", "-o", xml, st->sample, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	/* default: the header styles and their support headers (nv: drf.h) */
	cli_emit_expect(st->dir, xml, NULL, NULL,
			"./gv100/fields/sample.h ./gv100/make/sample.h ./gv100/nv/sample.h ./gv100/sample.h "
			"./refgen/accessors.h ./refgen/drf.h ./refgen/fields.h ./refgen/push.h ");
	cli_emit_expect(st->dir, xml, "--format=fields", NULL,
			"./gv100/fields/sample.h ./refgen/fields.h ");
	cli_emit_expect(st->dir, xml, "--format=nv", NULL, "./gv100/nv/sample.h ./refgen/drf.h ");
	/* a list, repeated, and a name twice: each format once */
	cli_emit_expect(st->dir, xml, "--format=typed,nv", "--format=typed",
			"./gv100/nv/sample.h ./gv100/sample.h ./refgen/accessors.h ./refgen/drf.h "
			"./refgen/push.h ");

	cli_run(&r, "emit", "--chip", "gv100", "-o", st->dir, "--format=nv,bogus", xml, NULL);
	assert_int_equal(r.status, 2);
	cli_expect_err_line(&r, "refgen emit: unknown format 'bogus' (see refgen emit --help)");
	proc_result_free(&r);
	cli_run(&r, "emit", "--help", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "  * fields   CHIP/fields/  field descriptors"));
	proc_result_free(&r);
	free(xml);
}

/* file at dir/name contains want */
static void cli_expect_in_file(const char *dir, const char *name, const char *want)
{
	char *path = path_join(dir, name);
	size_t len;
	char *text = file_slurp(path, &len);

	assert_non_null(text);
	if (!strstr(text, want))
		fail_msg("%s has no \"%s\"", path, want);
	free(text);
	free(path);
}

/* --format=html from two chips' IR directories: pages, indexes, search index,
 * anchors named after the defines, and links from one chip to the other. */
static void test_cli_emit_html(void **state)
{
	struct cli_state *st = *state;
	char *ir_a = path_join(st->dir, "ir/gv100"), *ir_b = path_join(st->dir, "ir/tu104");
	char *out = path_join(st->dir, "html");
	char tree[1024];
	struct proc_result r;

	cli_run(&r, "parse", "-d", ir_a, st->sample, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	cli_run(&r, "parse", "-d", ir_b, st->sample, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	cli_run(&r, "emit", "--format=html", "-o", out, ir_a, ir_b, NULL);
	if (r.status != 0)
		fail_msg("emit --format=html: status %d: %s", r.status, r.err);
	proc_result_free(&r);
	cli_emit_tree(out, tree, sizeof(tree));
	assert_string_equal(tree, "./gv100/index.html ./gv100/sample.html ./gv100/search.js ./index.html "
			    "./refgen.css ./refgen.js ./tu104/index.html ./tu104/sample.html ./tu104/search.js ");
	/* sample.ref: NV_PSAMPLE_CTRL 0x00001100, ENABLE 0:0, MODE 4:1 (reset INIT = 2) */
	cli_expect_in_file(out, "gv100/sample.html", "<h3 id=\"NV_PSAMPLE_CTRL\">");
	cli_expect_in_file(out, "gv100/sample.html", "<tr class=\"fld\" id=\"NV_PSAMPLE_CTRL_MODE\">");
	cli_expect_in_file(out, "gv100/sample.html", "<tr id=\"NV_PSAMPLE_CTRL_MODE_INIT\">");
	cli_expect_in_file(out, "gv100/sample.html", "<dt>offset</dt><dd><code>0x00001100</code></dd>");
	cli_expect_in_file(out, "gv100/sample.html", "<dt>reset</dt><dd><code>0x00000004</code>");
	cli_expect_in_file(out, "gv100/sample.html", "href=\"#NV_PSAMPLE_CTRL_MODE\" style=\"grid-area:2/29/3/33\"");
	cli_expect_in_file(out, "gv100/sample.html",
			   "<a class=\"peer\" href=\"../tu104/sample.html#NV_PSAMPLE_CTRL\">tu104</a> "
			   "<span class=\"same\">same</span>");
	cli_expect_in_file(out, "gv100/search.js", "[\"_CTRL\",0,0,\"r\",4352,0,0,0,0]");
	cli_expect_in_file(out, "index.html", "<a href=\"tu104/index.html\">tu104</a>");
	/* a directory that names no chip */
	cli_run(&r, "emit", "--format=html", "-o", out, st->dir, NULL);
	assert_int_equal(r.status, 2);
	proc_result_free(&r);
	free(ir_a);
	free(ir_b);
	free(out);
}

/* ---- group --------------------------------------------------------------------- */

static int cli_setup(void **state)
{
	struct cli_state *st = calloc(1, sizeof(*st));

	if (!st)
		return -1;
	st->sample = fixture_path("sample.ref");
	st->other = fixture_path("other.ref");
	st->bad = fixture_path("bad_range.ref");
	*state = st;
	return 0;
}

static int cli_teardown(void **state)
{
	struct cli_state *st = *state;

	free(st->sample);
	free(st->other);
	free(st->bad);
	free(st);
	return 0;
}

/* Each test gets an empty directory. */
static int cli_test_setup(void **state)
{
	struct cli_state *st = *state;

	st->dir = tmpdir_create();
	return 0;
}

static int cli_test_teardown(void **state)
{
	struct cli_state *st = *state;

	tmpdir_remove(st->dir);
	free(st->dir);
	st->dir = NULL;
	return 0;
}

#define CLI_TEST(f) cmocka_unit_test_setup_teardown(f, cli_test_setup, cli_test_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		CLI_TEST(test_cli_parse_error),
		CLI_TEST(test_cli_usage_errors),
		CLI_TEST(test_cli_failed_run_keeps_output),
		CLI_TEST(test_cli_failed_write_leaves_no_temp),
		CLI_TEST(test_cli_unchanged_output_untouched),
		CLI_TEST(test_cli_outdir_writes_unit_xml),
		CLI_TEST(test_cli_outdir_strips_ref_txt),
		CLI_TEST(test_cli_outdir_same_unit_twice),
		CLI_TEST(test_cli_werror),
		CLI_TEST(test_cli_all_or_nothing),
		CLI_TEST(test_cli_output_not_regular_refused),
		CLI_TEST(test_cli_output_link_to_file),
		CLI_TEST(test_cli_stale_temp_removed),
		CLI_TEST(test_cli_single_input_to_stdout),
		CLI_TEST(test_cli_stats_total_row),
		CLI_TEST(test_cli_stats_file_row),
		CLI_TEST(test_cli_print_equals_source_defines),
		CLI_TEST(test_cli_print_refuses_doctype),
		CLI_TEST(test_cli_emit_formats),
		CLI_TEST(test_cli_emit_html),
	};

	return cmocka_run_group_tests_name("cli", tests, cli_setup, cli_teardown);
}
