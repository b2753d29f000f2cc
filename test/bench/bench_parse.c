/* SPDX-License-Identifier: MIT */
/*
 * make bench: how fast the whole manuals corpus becomes IR, next to a
 * minimal Python regex pass that extracts the same defines
 * (test/bench/defines.py) and `grep -c '#define'` over the same files.
 *
 *   bench_parse [MANUALS_ROOT]       (default: $MANUALS)
 *
 * Every *.ref.txt under the root is loaded first (not timed).  Then, in one
 * run, each figure is measured BENCH_REPEAT times (default 5) with
 * CPU time (user + system: this thread's for refgen, the child's rusage
 * for the commands) and reported as best and median:
 *   parse only        ref_parse_text() over every file, one parser reused
 *   parse + write IR  the same, plus ir_write_file() of each manual into a
 *                     fresh directory under out/tmp (removed afterwards)
 *   python regex      `python3 test/bench/defines.py FILE...` as a
 *                     subprocess (interpreter start included), stdout to
 *                     /dev/null: the baseline of the two figures above
 *   grep              `grep -c '#define' FILE...` likewise: the baseline of
 *                     the Python pass
 * Rows follow run-bench.sh's columns: figure | value | baseline | ratio | notes.
 * The goal (issue 11): parse + write IR under 0.3 s and at most 2x the
 * Python pass, judged on medians.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sched.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "ir/ir.h"
#include "io/ir_write.h"
#include "parse/ref_parse.h"

extern char **environ;

#define BENCH_REPEAT_DEFAULT 5
#define BENCH_REPEAT_MAX 99
#define BENCH_TMP_ROOT "out/tmp"   /* make runs benches from the repository root */
#define BENCH_GOAL_SECONDS 0.3
#define BENCH_GOAL_RATIO 2.0
#define BENCH_PY_SCRIPT "test/bench/defines.py"
#define BENCH_SUFFIX ".ref.txt"

/* Must match the header printed by run-bench.sh. */
#define BENCH_ROW_FORMAT "%-34s | %-10s | %-10s | %-8s | %s\n"

struct bench_file {
	char *path;
	char *data;
	size_t size;
};

struct bench_corpus {
	struct bench_file *files;
	size_t n, cap;
	size_t bytes;
};

/* What one pass over the corpus found; identical from pass to pass. */
struct bench_pass {
	size_t defines;
	size_t failed;        /* files that produced no IR; for grep, failed runs */
	unsigned warnings;
};

enum bench_fig { BENCH_PARSE, BENCH_TO_IR, BENCH_PY, BENCH_GREP, BENCH_FIG_COUNT };

struct bench_figure {
	const char *name;
	double *seconds;      /* one per repetition */
	double best, median;
	struct bench_pass pass;
};

static void bench_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void bench_die(const char *fmt, ...)
{
	va_list ap;

	fputs("bench_parse: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/*
 * CPU time, user and system: what "on one core" means, and on a shared
 * machine wall time counts the neighbours.  refgen's passes run in this
 * thread; grep and python are timed by their own rusage (bench_cmd_wait).
 */
static double bench_clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- corpus ----------------------------------------------------------------- */

static int bench_path_cmp(const void *a, const void *b)
{
	return strcmp(((const struct bench_file *)a)->path, ((const struct bench_file *)b)->path);
}

static int bench_name_is_manual(const char *name)
{
	size_t n = strlen(name), s = sizeof(BENCH_SUFFIX) - 1;

	return n > s && !strcmp(name + n - s, BENCH_SUFFIX);
}

static void bench_corpus_add(struct bench_corpus *c, char *path)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 128;
		c->files = realloc(c->files, c->cap * sizeof(*c->files));
		if (!c->files)
			bench_die("out of memory");
	}
	c->files[c->n++] = (struct bench_file){ .path = path };
}

/* lstat, not d_type: d_type may be DT_UNKNOWN, and symlinks are not followed. */
static void bench_corpus_scan(struct bench_corpus *c, const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;

	if (!dp)
		bench_die("%s: %s", dir, strerror(errno));
	while ((e = readdir(dp))) {
		struct stat st;
		char *path;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (asprintf(&path, "%s/%s", dir, e->d_name) < 0)
			bench_die("out of memory");
		if (lstat(path, &st) < 0)
			bench_die("%s: %s", path, strerror(errno));
		if (S_ISDIR(st.st_mode)) {
			bench_corpus_scan(c, path);
			free(path);
		} else if (S_ISREG(st.st_mode) && bench_name_is_manual(e->d_name)) {
			bench_corpus_add(c, path);
		} else {
			free(path);
		}
	}
	closedir(dp);
}

static void bench_file_load(struct bench_file *f)
{
	int fd = open(f->path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	size_t got = 0;

	if (fd < 0 || fstat(fd, &st) < 0)
		bench_die("%s: %s", f->path, strerror(errno));
	f->size = (size_t)st.st_size;
	f->data = malloc(f->size + 1);
	if (!f->data)
		bench_die("out of memory");
	while (got < f->size) {
		ssize_t n = read(fd, f->data + got, f->size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			bench_die("%s: %s", f->path, n < 0 ? strerror(errno) : "file shrank while reading");
		got += (size_t)n;
	}
	f->data[f->size] = '\0';
	close(fd);
}

static void bench_corpus_load(struct bench_corpus *c, const char *root)
{
	bench_corpus_scan(c, root);
	if (!c->n)
		bench_die("%s: no *" BENCH_SUFFIX " files", root);
	qsort(c->files, c->n, sizeof(*c->files), bench_path_cmp);
	for (size_t i = 0; i < c->n; i++) {
		bench_file_load(&c->files[i]);
		c->bytes += c->files[i].size;
	}
}

static void bench_corpus_free(struct bench_corpus *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->files[i].path);
		free(c->files[i].data);
	}
	free(c->files);
}

/* ---- temporary output ------------------------------------------------------- */

static int bench_tmp_remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	if (remove(path) < 0)
		fprintf(stderr, "bench_parse: cannot remove %s: %s\n", path, strerror(errno));
	return 0;
}

static void bench_tmp_remove(const char *dir)
{
	nftw(dir, bench_tmp_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void bench_mkdir(const char *dir)
{
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		bench_die("%s: %s", dir, strerror(errno));
}

static char *bench_tmp_create(void)
{
	static char tmpl[] = BENCH_TMP_ROOT "/bench_parse.XXXXXX";

	bench_mkdir("out");
	bench_mkdir(BENCH_TMP_ROOT);
	if (!mkdtemp(tmpl))
		bench_die("%s: %s", tmpl, strerror(errno));
	return tmpl;
}

/* ---- the parser figures ----------------------------------------------------- */

/* Diagnostics are counted by struct diag; printing them would be timed too. */
static void bench_diag_discard(void *ctx, enum diag_level level, const char *line)
{
	(void)ctx, (void)level, (void)line;
}

static int bench_manual_write(const struct ir_manual *m, const char *outdir, size_t i,
			      struct diag *d)
{
	char path[4096];

	/* Numbered, not <unit>.xml: every chip has its own dev_fifo. */
	snprintf(path, sizeof(path), "%s/%04zu.xml", outdir, i);
	return ir_write_file(m, path, d);
}

/* One pass over the corpus; outdir NULL: parse only. */
static struct bench_pass bench_parse_pass(struct ref_parser *p, const struct bench_corpus *c,
					  const char *outdir)
{
	struct bench_pass r = { 0 };
	struct diag d;

	diag_init(&d);
	d.sink = bench_diag_discard;
	for (size_t i = 0; i < c->n; i++) {
		const struct bench_file *f = &c->files[i];
		struct ir_manual *m = ref_parse_text(p, f->path, f->data, f->size, &d);

		if (!m || (outdir && bench_manual_write(m, outdir, i, &d) < 0))
			r.failed++;
		if (m)
			r.defines += m->ndefs;
		ir_manual_free(m);
	}
	r.warnings = d.warnings;
	return r;
}

static double bench_parse_time(struct ref_parser *p, const struct bench_corpus *c,
			       const char *outdir, struct bench_pass *pass)
{
	double t0 = bench_clock_now();

	*pass = bench_parse_pass(p, c, outdir);
	return bench_clock_now() - t0;
}

/*
 * A fresh directory per repetition: atomic_file_write() leaves an identical
 * file alone, so a reused directory would time a compare, not a write.
 */
static double bench_write_time(struct ref_parser *p, const struct bench_corpus *c,
			       const char *tmp, int rep, struct bench_pass *pass)
{
	char dir[4096];
	double s;

	snprintf(dir, sizeof(dir), "%s/%d", tmp, rep);
	bench_mkdir(dir);
	s = bench_parse_time(p, c, dir, pass);
	bench_tmp_remove(dir);
	return s;
}

/* ---- the grep baseline ------------------------------------------------------ */

/* cmd (NULL-terminated) followed by every file of the corpus. */
static char **bench_cmd_argv(const struct bench_corpus *c, const char *const *cmd)
{
	size_t k = 0;
	char **argv;

	while (cmd[k])
		k++;
	argv = calloc(c->n + k + 1, sizeof(*argv));
	if (!argv)
		bench_die("out of memory");
	for (size_t i = 0; i < k; i++)
		argv[i] = (char *)cmd[i];
	for (size_t i = 0; i < c->n; i++)
		argv[k + i] = c->files[i].path;
	return argv;
}

/* grep exits 0 (matches) or 1 (none); anything else is a failure. */
static int bench_grep_wait_usage(pid_t pid, double *cpu)
{
	struct rusage ru;
	int status;

	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	if (cpu)
		*cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	return WIFEXITED(status) && WEXITSTATUS(status) <= 1 ? 0 : -1;
}

static int bench_grep_wait(pid_t pid)
{
	return bench_grep_wait_usage(pid, NULL);
}

/* Starts grep with its stdout on out_fd, or /dev/null when out_fd < 0. */
static pid_t bench_grep_spawn(char **argv, int out_fd)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc;

	posix_spawn_file_actions_init(&fa);
	if (out_fd < 0)
		posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	else
		posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		bench_die("cannot run %s: %s", argv[0], strerror(rc));
	return pid;
}

static double bench_grep_time(char **argv, struct bench_pass *pass)
{
	pid_t pid = bench_grep_spawn(argv, -1);
	double s = 0;
	int rc = bench_grep_wait_usage(pid, &s);

	pass->failed += rc < 0;
	return s;
}

/* Sums grep's "path:count" lines; the count is after the last colon. */
static size_t bench_grep_sum(FILE *in)
{
	char line[8192];
	size_t sum = 0;

	while (fgets(line, sizeof(line), in)) {
		const char *colon = strrchr(line, ':');
		sum += strtoul(colon ? colon + 1 : line, NULL, 10);
	}
	return sum;
}

/* Untimed run that reads grep's output, for the defines column. */
static size_t bench_grep_count(char **argv)
{
	int fds[2];
	pid_t pid;
	FILE *in;
	size_t sum;

	if (pipe2(fds, O_CLOEXEC) < 0)
		bench_die("pipe: %s", strerror(errno));
	pid = bench_grep_spawn(argv, fds[1]);
	close(fds[1]);
	in = fdopen(fds[0], "r");
	if (!in)
		bench_die("fdopen: %s", strerror(errno));
	sum = bench_grep_sum(in);
	fclose(in);
	if (bench_grep_wait(pid) < 0)
		bench_die("%s exited with an error", argv[0]);
	return sum;
}

/* ---- statistics and report -------------------------------------------------- */

static int bench_double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void bench_figure_stats(struct bench_figure *f, int n)
{
	double *s = f->seconds;

	qsort(s, (size_t)n, sizeof(*s), bench_double_cmp);
	f->best = s[0];
	f->median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static void bench_row_print(const char *figure, double value, double baseline,
			    const struct bench_corpus *c, const struct bench_pass *pass)
{
	char v[32], b[32], r[32], notes[160];
	int len;

	snprintf(v, sizeof(v), "%.4f s", value);
	snprintf(b, sizeof(b), "%.4f s", baseline);
	snprintf(r, sizeof(r), "%.1fx", value / baseline);
	len = snprintf(notes, sizeof(notes), "%.1f MB/s, %zu files, %zu defines",
		       (double)c->bytes / 1e6 / value, c->n, pass->defines);
	if (pass->failed && len > 0 && (size_t)len < sizeof(notes))
		snprintf(notes + len, sizeof(notes) - (size_t)len, ", %zu FAILED", pass->failed);
	printf(BENCH_ROW_FORMAT, figure, v, b, r, notes);
}

/* Best against the baseline's best, median against its median. */
static void bench_figure_print(const struct bench_figure *f, const struct bench_figure *base,
			       int reps, const struct bench_corpus *c)
{
	char name[64];

	snprintf(name, sizeof(name), "%s, best of %d", f->name, reps);
	bench_row_print(name, f->best, base->best, c, &f->pass);
	snprintf(name, sizeof(name), "%s, median of %d", f->name, reps);
	bench_row_print(name, f->median, base->median, c, &f->pass);
}

/* The goal is judged on medians: one lucky repetition doesn't meet it. */
static void bench_goal_print(const struct bench_figure *f, const struct bench_figure *py)
{
	double ratio = f->median / py->median;
	bool met = f->median < BENCH_GOAL_SECONDS && ratio <= BENCH_GOAL_RATIO && !f->pass.failed;

	printf("goal: corpus to validated IR under %.1f s on one core and <= %.0fx the Python regex "
	       "pass: %s (median %.4f s, %.2fx python's %.4f s",
	       BENCH_GOAL_SECONDS, BENCH_GOAL_RATIO, met ? "met" : "NOT MET", f->median, ratio,
	       py->median);
	if (f->pass.failed)
		printf("; %zu files produced no IR", f->pass.failed);
	printf(")\n");
}

static void bench_report(struct bench_figure *fig[BENCH_FIG_COUNT], int reps, const struct bench_corpus *c,
			 const struct ref_parser *p, int cpu)
{
	for (int i = 0; i < BENCH_FIG_COUNT; i++)
		bench_figure_stats(fig[i], reps);
	for (int i = 0; i < BENCH_FIG_COUNT; i++)
		bench_figure_print(fig[i], fig[i < BENCH_PY ? BENCH_PY : BENCH_GREP], reps, c);
	printf("corpus: %zu files, %.2f MB, loaded before timing; parser warnings per pass: %u; "
	       "baselines: python regex pass for refgen's rows, grep for python's\n",
	       c->n, (double)c->bytes / 1e6, fig[BENCH_PARSE]->pass.warnings);
	printf("PCRE2 JIT: %s\n", ref_parser_jit(p) ? "active" : "not active (interpreter)");
	if (cpu >= 0)
		printf("pinned to CPU %d (grep too)\n", cpu);
	else
		printf("not pinned to one CPU (sched_setaffinity failed)\n");
	bench_goal_print(fig[BENCH_TO_IR], fig[BENCH_PY]);
}

/* ---- main ------------------------------------------------------------------- */

static int bench_repeat_get(void)
{
	const char *s = getenv("BENCH_REPEAT");
	char *end;
	long n;

	if (!s || !*s)
		return BENCH_REPEAT_DEFAULT;
	n = strtol(s, &end, 10);
	if (*end || n < 1 || n > BENCH_REPEAT_MAX)
		bench_die("BENCH_REPEAT must be 1..%d, not '%s'", BENCH_REPEAT_MAX, s);
	return (int)n;
}

/* "On one core" literally; grep inherits the same CPU.  -1 if not pinned. */
static int bench_cpu_pin(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;

	if (cpu < 0)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) == 0 ? cpu : -1;
}

static double *bench_seconds_new(int reps)
{
	double *s = calloc((size_t)reps, sizeof(*s));

	if (!s)
		bench_die("out of memory");
	return s;
}

/* Repetitions are interleaved so that drift (clock, neighbours) hits all figures alike. */
static void bench_run(struct ref_parser *p, const struct bench_corpus *c, int reps,
		      struct bench_figure *fig[BENCH_FIG_COUNT])
{
	static const char *const grep_cmd[] = { "grep", "-c", "#define", NULL };
	const char *py_script = getenv("BENCH_PY_SCRIPT");
	const char *py_cmd[] = { "python3", py_script && *py_script ? py_script : BENCH_PY_SCRIPT, NULL };
	char **argv = bench_cmd_argv(c, grep_cmd), **py_argv = bench_cmd_argv(c, py_cmd);
	char *tmp;

	/* Also warms the page cache for grep and python. */
	fig[BENCH_GREP]->pass.defines = bench_grep_count(argv);
	fig[BENCH_PY]->pass.defines = bench_grep_count(py_argv);
	tmp = bench_tmp_create();
	for (int i = 0; i < reps; i++) {
		struct bench_figure *f = fig[BENCH_PARSE], *w = fig[BENCH_TO_IR], *g = fig[BENCH_GREP];
		struct bench_figure *y = fig[BENCH_PY];

		f->seconds[i] = bench_parse_time(p, c, NULL, &f->pass);
		w->seconds[i] = bench_write_time(p, c, tmp, i, &w->pass);
		y->seconds[i] = bench_grep_time(py_argv, &y->pass);
		g->seconds[i] = bench_grep_time(argv, &g->pass);
	}
	bench_tmp_remove(tmp);
	free(py_argv);
	free(argv);
}

int main(int argc, char **argv)
{
	const char *root = argc > 1 ? argv[1] : getenv("MANUALS");
	struct bench_corpus c = { 0 };
	int reps = bench_repeat_get(), cpu;
	struct bench_figure parse = { .name = "parse only" };
	struct bench_figure to_ir = { .name = "parse + write IR" };
	struct bench_figure grep = { .name = "grep -c '#define'" };
	struct bench_figure py = { .name = "python3 regex pass" };
	struct bench_figure *fig[BENCH_FIG_COUNT] = {
		[BENCH_PARSE] = &parse, [BENCH_TO_IR] = &to_ir, [BENCH_PY] = &py, [BENCH_GREP] = &grep,
	};
	struct ref_parser *p;

	if (!root || !*root)
		bench_die("usage: bench_parse MANUALS_ROOT (or set $MANUALS)");
	bench_corpus_load(&c, root);
	p = ref_parser_new();
	if (!p)
		bench_die("cannot compile the .ref patterns");
	cpu = bench_cpu_pin();
	for (int i = 0; i < BENCH_FIG_COUNT; i++)
		fig[i]->seconds = bench_seconds_new(reps);
	bench_run(p, &c, reps, fig);
	if (grep.pass.failed || py.pass.failed)
		bench_die("%s exited with an error", grep.pass.failed ? "grep" : "python3");
	bench_report(fig, reps, &c, p, cpu);
	for (int i = 0; i < BENCH_FIG_COUNT; i++)
		free(fig[i]->seconds);
	ref_parser_free(p);
	bench_corpus_free(&c);
	return 0;
}
