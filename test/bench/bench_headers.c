/* SPDX-License-Identifier: MIT */
/*
 * make bench: what the generated headers cost their users.
 *
 *   bench_headers [MANUALS_ROOT]     (the argument is accepted and not used)
 *
 * Run from the repository root, after `make headers` (make bench does both).
 * Three groups of rows, each followed by plain lines (goal, notes):
 *
 *   compile time  One translation unit including every typed gv100 header
 *                 (out/include/gv100/<unit>.h) against one including every
 *                 NVIDIA-style header of the same units (gv100/nv/<unit>.h),
 *                 `CC -std=gnu11 -O2 -DNDEBUG -Wall -Wextra -Werror -c`, for
 *                 each compiler of BENCH_CCS (default "gcc clang"; a missing
 *                 one is skipped).  dev_display_head is left out of both: its
 *                 typed header refuses to be included with
 *                 dev_display_withoffset, which covers the same registers.
 *                 Each TU and an empty TU (the compiler's start-up cost) are
 *                 compiled BENCH_REPEAT times (default 5), interleaved,
 *                 after one untimed warm-up; best and median wall time in
 *                 the rows, the compilers' CPU time (less disturbed by other
 *                 load) after them, also less the empty TU's.  Goal (issue
 *                 31: the field enums that type-check getters and setters
 *                 stay, and the cost is held, not cut): typed at most 3.3x
 *                 NV-style under gcc, 2.5x under clang (3.3x under any other
 *                 compiler), judged on the wall-time medians; the CPU-time
 *                 ratio is printed beside.  A second pair of TUs includes
 *                 only the Host units a driver uses (dev_fifo, dev_ram,
 *                 dev_pbdma, dev_usermode, dev_master), typed against
 *                 NV-style: its rows give the milliseconds typed adds.
 *   sizes         Bytes and lines of every generated header per chip, typed
 *                 (<chip>/<unit>.h) against NVIDIA-style (<chip>/nv/<unit>.h),
 *                 and of the chip's IR (out/ir/<chip>/<unit>.xml), for the
 *                 chips in BENCH_CHIPS (make passes the chips it built;
 *                 default: every chip with headers under out/include).
 *   accessors     test/bench/accessor_ops.c holds pairs typed_<op> (generated
 *                 accessors) / hand_<op> (shifts and masks from the manual);
 *                 each compiler turns it into assembly (-O2 -DNDEBUG, the
 *                 release configuration) and the instructions of each
 *                 function are counted.  The same file built with
 *                 -DACCESSOR_OPS_CHECK checks that every pair computes the
 *                 same results.  Goal: the same instruction count.
 *                 BENCH_ASM=1 also lists the pairs that differ side by side.
 *
 * The compile-time and accessor groups need gv100's headers; they are
 * skipped when gv100 is not among the chips built.
 * Rows follow run-bench.sh's columns: figure | value | baseline | ratio | notes.
 */
#include <ctype.h>
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

extern char **environ;

/* make runs benches from the repository root. */
#define BENCH_INCLUDE "out/include"
#define BENCH_IR "out/ir"
#define BENCH_TMP_ROOT "out/tmp"
#define BENCH_OPS_SRC "test/bench/accessor_ops.c"

#define BENCH_CHIP "gv100"
#define BENCH_UNIT_EXCLUDED "dev_display_head.h"
#define BENCH_CCS_DEFAULT "gcc clang"
#define BENCH_CC_MAX 8
#define BENCH_REPEAT_DEFAULT 5
#define BENCH_REPEAT_MAX 99
#define BENCH_GOAL_RATIO 3.3          /* gcc and any compiler not named below */
#define BENCH_GOAL_RATIO_CLANG 2.5
/* The units a Host driver includes (nvrt's runtime/src/hw, Volta). */
static const char *const bench_host_units[] = {
	"dev_fifo.h", "dev_ram.h", "dev_pbdma.h", "dev_usermode.h", "dev_master.h",
};
#define BENCH_NOISE_SECONDS 0.002   /* below this, a start-up-free time is noise */

/* Must match the header printed by run-bench.sh. */
#define BENCH_ROW_FORMAT "%-34s | %-10s | %-10s | %-8s | %s\n"

/* posix_spawnp could not start the program (e.g. not installed). */
#define BENCH_NOT_STARTED (-2)

static void bench_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void bench_die(const char *fmt, ...)
{
	va_list ap;

	fputs("bench_headers: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void *bench_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		bench_die("out of memory");
	return p;
}

static char *bench_strdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		bench_die("out of memory");
	return d;
}

static char *bench_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *bench_printf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (rc < 0)
		bench_die("out of memory");
	return s;
}

static double bench_clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void bench_row(const char *figure, const char *value, const char *baseline,
		      double ratio, const char *notes)
{
	char r[32];

	if (ratio >= 0)
		snprintf(r, sizeof(r), "%.2fx", ratio);
	else
		snprintf(r, sizeof(r), "-");
	printf(BENCH_ROW_FORMAT, figure, value, baseline, r, notes);
}

/* ---- string lists ----------------------------------------------------------- */

struct bench_list {
	char **v;
	size_t n, cap;
};

/* Takes ownership of s. */
static void bench_list_add(struct bench_list *l, char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = bench_realloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = s;
}

static bool bench_list_has(const struct bench_list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return true;
	return false;
}

static void bench_list_free(struct bench_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	*l = (struct bench_list){ 0 };
}

static int bench_str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whitespace-separated words of s. */
static void bench_list_split(struct bench_list *l, const char *s)
{
	while (*s) {
		size_t n;

		s += strspn(s, " \t\n");
		n = strcspn(s, " \t\n");
		if (n) {
			char *w = strndup(s, n);

			if (!w)
				bench_die("out of memory");
			bench_list_add(l, w);
		}
		s += n;
	}
}

/*
 * Sorted names of the regular files in dir ending in suffix (suffix NULL:
 * of the subdirectories).  -1 if dir can't be opened.
 */
static int bench_dir_list(const char *dir, const char *suffix, struct bench_list *out)
{
	DIR *dp = opendir(dir);
	struct dirent *e;

	if (!dp)
		return -1;
	while ((e = readdir(dp))) {
		size_t n = strlen(e->d_name);
		struct stat st;
		char *path;

		if (e->d_name[0] == '.')
			continue;
		if (suffix && (n <= strlen(suffix) || strcmp(e->d_name + n - strlen(suffix), suffix)))
			continue;
		path = bench_printf("%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && (suffix ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode)))
			bench_list_add(out, bench_strdup(e->d_name));
		free(path);
	}
	closedir(dp);
	qsort(out->v, out->n, sizeof(*out->v), bench_str_cmp);
	return 0;
}

/* ---- files ------------------------------------------------------------------ */

struct bench_size {
	size_t files, bytes, lines;
};

static void bench_size_add_file(struct bench_size *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	char buf[65536];
	size_t n;

	if (!f)
		bench_die("%s: %s", path, strerror(errno));
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		s->bytes += n;
		for (const char *p = buf; (p = memchr(p, '\n', (size_t)(buf + n - p))); p++)
			s->lines++;
	}
	if (ferror(f))
		bench_die("%s: read error", path);
	fclose(f);
	s->files++;
}

/* Every dir/ *suffix; zero if dir is missing. */
static struct bench_size bench_size_of_dir(const char *dir, const char *suffix)
{
	struct bench_size s = { 0 };
	struct bench_list l = { 0 };

	bench_dir_list(dir, suffix, &l);
	for (size_t i = 0; i < l.n; i++) {
		char *path = bench_printf("%s/%s", dir, l.v[i]);

		bench_size_add_file(&s, path);
		free(path);
	}
	bench_list_free(&l);
	return s;
}

static void bench_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) == EOF || fclose(f) == EOF)
		bench_die("%s: %s", path, strerror(errno));
}

static int bench_tmp_remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	if (remove(path) < 0)
		fprintf(stderr, "bench_headers: cannot remove %s: %s\n", path, strerror(errno));
	return 0;
}

static void bench_mkdir(const char *dir)
{
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		bench_die("%s: %s", dir, strerror(errno));
}

static char *bench_tmp_create(void)
{
	char *dir = bench_strdup(BENCH_TMP_ROOT "/bench_headers.XXXXXX");

	bench_mkdir("out");
	bench_mkdir(BENCH_TMP_ROOT);
	if (!mkdtemp(dir))
		bench_die("%s: %s", dir, strerror(errno));
	return dir;
}

/* ---- subprocesses ----------------------------------------------------------- */

struct bench_time {
	double wall;   /* spawn to exit */
	double cpu;    /* the child's user + system time */
};

/*
 * Runs argv with stdout on out_fd (/dev/null if out_fd < 0) and stderr
 * inherited, so compiler errors show.  Returns the exit status, -1 if killed
 * by a signal, BENCH_NOT_STARTED if it could not be started.  *t, if given,
 * gets the times.  The CPU time is what the other load of a shared machine
 * disturbs least.
 */
static int bench_run(char *const argv[], int out_fd, struct bench_time *t)
{
	posix_spawn_file_actions_t fa;
	double t0 = bench_clock_now();
	struct rusage ru;
	int rc, status;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	if (out_fd < 0)
		posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
	else
		posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		return BENCH_NOT_STARTED;
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			bench_die("wait4: %s", strerror(errno));
	if (t) {
		t->wall = bench_clock_now() - t0;
		t->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
			 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* First line of `argv` 's stdout into buf; the exit status as bench_run(). */
static int bench_run_line(char *const argv[], char *buf, size_t cap)
{
	int fds[2], rc;
	FILE *in;

	buf[0] = '\0';
	if (pipe2(fds, O_CLOEXEC) < 0)
		bench_die("pipe: %s", strerror(errno));
	/* Small outputs (--version) fit in the pipe; read after the exit. */
	rc = bench_run(argv, fds[1], NULL);
	close(fds[1]);
	in = fdopen(fds[0], "r");
	if (!in)
		bench_die("fdopen: %s", strerror(errno));
	if (fgets(buf, (int)cap, in))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(in);
	return rc;
}

/* ---- statistics ------------------------------------------------------------- */

static int bench_double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void bench_stats(double *s, int n, double *best, double *median)
{
	qsort(s, (size_t)n, sizeof(*s), bench_double_cmp);
	*best = s[0];
	*median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* ---- configuration ---------------------------------------------------------- */

struct bench_config {
	int reps;
	struct bench_list ccs;      /* compilers to try */
	struct bench_list chips;    /* chips for the size rows */
	bool have_chip;             /* BENCH_CHIP's headers are current */
	bool asm_listing;
	char *tmp;
};

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

/* Chips with generated headers (a .stamp from make) under out/include. */
static void bench_chips_found(struct bench_list *chips)
{
	struct bench_list dirs = { 0 };

	bench_dir_list(BENCH_INCLUDE, NULL, &dirs);
	for (size_t i = 0; i < dirs.n; i++) {
		char *stamp = bench_printf("%s/%s/.stamp", BENCH_INCLUDE, dirs.v[i]);

		if (access(stamp, F_OK) == 0)
			bench_list_add(chips, bench_strdup(dirs.v[i]));
		free(stamp);
	}
	bench_list_free(&dirs);
}

static void bench_config_init(struct bench_config *c)
{
	const char *s;

	c->reps = bench_repeat_get();
	s = getenv("BENCH_CCS");
	bench_list_split(&c->ccs, s && *s ? s : BENCH_CCS_DEFAULT);
	if (c->ccs.n > BENCH_CC_MAX)
		bench_die("BENCH_CCS names more than %d compilers", BENCH_CC_MAX);
	s = getenv("BENCH_CHIPS");
	if (s && *s)
		bench_list_split(&c->chips, s);
	else
		bench_chips_found(&c->chips);
	c->have_chip = bench_list_has(&c->chips, BENCH_CHIP);
	s = getenv("BENCH_ASM");
	c->asm_listing = s && *s && strcmp(s, "0");
	c->tmp = bench_tmp_create();
}

/* "gcc (Debian 12.2.0-14+deb12u1) 12.2.0"; false if cc doesn't run. */
static bool bench_cc_version(const char *cc, char *buf, size_t cap)
{
	char *argv[] = { (char *)cc, "--version", NULL };

	return bench_run_line(argv, buf, cap) == 0;
}

/* ---- compile time ----------------------------------------------------------- */

enum bench_tu { TU_EMPTY, TU_NV, TU_TYPED, TU_HOST_NV, TU_HOST_TYPED, TU_COUNT };
static const char *const bench_tu_name[TU_COUNT] = { "empty", "nv", "typed", "host_nv", "host_typed" };

struct bench_compile {
	const char *cc;
	char version[160];
	bool ok;                        /* ran and compiled every TU */
	double *s[TU_COUNT];            /* wall time, one per repetition */
	double *cpu[TU_COUNT];          /* CPU time, one per repetition */
	double best[TU_COUNT], median[TU_COUNT];
	double cpu_best[TU_COUNT], cpu_median[TU_COUNT];
};

/* Units with both a typed and an NV-style header, less the excluded one. */
static void bench_units(struct bench_list *units, struct bench_size *typed, struct bench_size *nv)
{
	char *dir = bench_printf("%s/%s", BENCH_INCLUDE, BENCH_CHIP);
	struct bench_list all = { 0 };

	if (bench_dir_list(dir, ".h", &all) < 0)
		bench_die("%s: %s", dir, strerror(errno));
	for (size_t i = 0; i < all.n; i++) {
		char *tp = bench_printf("%s/%s", dir, all.v[i]);
		char *np = bench_printf("%s/nv/%s", dir, all.v[i]);

		if (strcmp(all.v[i], BENCH_UNIT_EXCLUDED) && access(np, R_OK) == 0) {
			bench_size_add_file(typed, tp);
			bench_size_add_file(nv, np);
			bench_list_add(units, bench_strdup(all.v[i]));
		}
		free(tp);
		free(np);
	}
	bench_list_free(&all);
	free(dir);
}

static char *bench_tu_text(const struct bench_list *units, const char *subdir)
{
	char *text = bench_strdup("/* Generated by bench_headers. */\n");

	for (size_t i = 0; i < units->n; i++) {
		char *next = bench_printf("%s#include \"%s/%s%s\"\n", text, BENCH_CHIP, subdir, units->v[i]);

		free(text);
		text = next;
	}
	return text;
}

/* The Host units of units (all of them, for gv100). */
static void bench_host_list(const struct bench_list *units, struct bench_list *host)
{
	for (size_t k = 0; k < sizeof(bench_host_units) / sizeof(bench_host_units[0]); k++)
		for (size_t i = 0; i < units->n; i++)
			if (!strcmp(units->v[i], bench_host_units[k]))
				bench_list_add(host, bench_strdup(units->v[i]));
}

static int bench_compile_tu(const char *cc, const char *src, const char *obj, struct bench_time *t)
{
	char *argv[] = {
		(char *)cc, "-std=gnu11", "-O2", "-DNDEBUG", "-Wall", "-Wextra", "-Werror",
		"-I", BENCH_INCLUDE, "-c", (char *)src, "-o", (char *)obj, NULL,
	};

	return bench_run(argv, -1, t);
}

/* Warm-up: one untimed compile of each TU, which must succeed. */
static bool bench_compile_warm(struct bench_compile *b, char *const src[TU_COUNT],
			       char *const obj[TU_COUNT])
{
	for (int t = 0; t < TU_COUNT; t++) {
		int rc = bench_compile_tu(b->cc, src[t], obj[t], NULL);

		if (rc) {
			fprintf(stderr, "bench_headers: %s failed on the %s TU (status %d)\n",
				b->cc, bench_tu_name[t], rc);
			return false;
		}
	}
	return true;
}

/* Repetitions interleaved across compilers and TUs, so drift hits all alike. */
static void bench_compile_time(struct bench_compile *b, size_t ncc, int reps,
			       char *const src[TU_COUNT], char *const obj[TU_COUNT])
{
	for (int r = 0; r < reps; r++)
		for (size_t i = 0; i < ncc; i++)
			for (int t = 0; t < TU_COUNT && b[i].ok; t++) {
				struct bench_time tm = { 0 };

				if (bench_compile_tu(b[i].cc, src[t], obj[t], &tm))
					b[i].ok = false;
				b[i].s[t][r] = tm.wall;
				b[i].cpu[t][r] = tm.cpu;
			}
	for (size_t i = 0; i < ncc; i++)
		for (int t = 0; t < TU_COUNT && b[i].ok; t++) {
			bench_stats(b[i].s[t], reps, &b[i].best[t], &b[i].median[t]);
			bench_stats(b[i].cpu[t], reps, &b[i].cpu_best[t], &b[i].cpu_median[t]);
		}
}

static void bench_compile_rows(const struct bench_compile *b, int reps, size_t units,
			       const struct bench_size *typed, const struct bench_size *nv)
{
	for (int m = 0; m < 2; m++) {
		const double *v = m ? b->median : b->best;
		char fig[64], val[32], base[32], notes[160];

		snprintf(fig, sizeof(fig), "%s -c all %s, %s of %d", b->cc, BENCH_CHIP,
			 m ? "median" : "best", reps);
		snprintf(val, sizeof(val), "%.4f s", v[TU_TYPED]);
		snprintf(base, sizeof(base), "%.4f s", v[TU_NV]);
		snprintf(notes, sizeof(notes),
			 "typed / NV-style, %zu headers, %.2f / %.2f MB; empty TU %.4f s",
			 units, (double)typed->bytes / 1e6, (double)nv->bytes / 1e6, v[TU_EMPTY]);
		bench_row(fig, val, base, v[TU_TYPED] / v[TU_NV], notes);
	}
}

/* The Host units' TUs: what typed adds to a driver's compile, in ms. */
static void bench_compile_host_rows(const struct bench_compile *b, int reps, size_t nhost)
{
	for (int m = 0; m < 2; m++) {
		const double *v = m ? b->median : b->best;
		char fig[64], val[32], base[32], notes[160];

		snprintf(fig, sizeof(fig), "%s -c Host units, %s of %d", b->cc,
			 m ? "median" : "best", reps);
		snprintf(val, sizeof(val), "%.4f s", v[TU_HOST_TYPED]);
		snprintf(base, sizeof(base), "%.4f s", v[TU_HOST_NV]);
		snprintf(notes, sizeof(notes), "typed / NV-style, %zu headers: typed adds %.1f ms; empty TU %.4f s",
			 nhost, (v[TU_HOST_TYPED] - v[TU_HOST_NV]) * 1e3, v[TU_EMPTY]);
		bench_row(fig, val, base, v[TU_HOST_TYPED] / v[TU_HOST_NV], notes);
	}
}

/* The compile-time goal for compiler cc: typed at most this many times NV-style. */
static double bench_goal_ratio(const char *cc)
{
	return strstr(cc, "clang") ? BENCH_GOAL_RATIO_CLANG : BENCH_GOAL_RATIO;
}

static void bench_compile_report(const struct bench_compile *b, size_t ncc, int reps,
				 size_t units, const struct bench_size *typed,
				 const struct bench_size *nv, const struct bench_list *host)
{
	bool met = true, any = false;
	const char *sep = "";

	for (size_t i = 0; i < ncc; i++)
		if (b[i].ok) {
			bench_compile_rows(&b[i], reps, units, typed, nv);
			bench_compile_host_rows(&b[i], reps, host->n);
		}
	printf("compile time: one TU per side, every %s header but %s (it can't be "
	       "included with dev_display_withoffset), -std=gnu11 -O2 -DNDEBUG -Wall -Wextra -Werror\n",
	       BENCH_CHIP, BENCH_UNIT_EXCLUDED);
	for (size_t i = 0; i < ncc; i++) {
		const double *md = b[i].median, *cm = b[i].cpu_median;

		if (!b[i].ok) {
			printf("  %s: %s\n", b[i].cc, b[i].version[0] ? "FAILED (see above)" : "not found, skipped");
			continue;
		}
		any = true;
		met = met && md[TU_TYPED] <= bench_goal_ratio(b[i].cc) * md[TU_NV];
		printf("  %s: %s; goal at most %.1fx (wall median %.2fx: %s); CPU time (user+sys) "
		       "medians: typed %.4f s, NV-style %.4f s, empty TU %.4f s: %.2fx", b[i].cc,
		       b[i].version, bench_goal_ratio(b[i].cc), md[TU_TYPED] / md[TU_NV],
		       md[TU_TYPED] <= bench_goal_ratio(b[i].cc) * md[TU_NV] ? "met" : "not met",
		       cm[TU_TYPED], cm[TU_NV], cm[TU_EMPTY], cm[TU_TYPED] / cm[TU_NV]);
		if (cm[TU_NV] - cm[TU_EMPTY] >= BENCH_NOISE_SECONDS)
			printf(", %.1fx less the empty TU (start-up)\n",
			       (cm[TU_TYPED] - cm[TU_EMPTY]) / (cm[TU_NV] - cm[TU_EMPTY]));
		else
			printf(" (NV-style within noise of the empty TU)\n");
	}
	if (!any) {
		printf("typed headers compile in at most %.1fx (gcc) / %.1fx (clang) the NV-style time: "
		       "not measured (no compiler ran)\n", BENCH_GOAL_RATIO, BENCH_GOAL_RATIO_CLANG);
		return;
	}
	printf("typed headers compile in at most %.1fx (gcc) / %.1fx (clang) the NV-style time "
	       "(wall median, every compiler): %s (", BENCH_GOAL_RATIO, BENCH_GOAL_RATIO_CLANG,
	       met ? "met" : "not met");
	for (size_t i = 0; i < ncc; i++)
		if (b[i].ok) {
			printf("%s%s %.2fx of %.1fx", sep, b[i].cc, b[i].median[TU_TYPED] / b[i].median[TU_NV],
			       bench_goal_ratio(b[i].cc));
			sep = ", ";
		}
	printf(")\n");
	printf("a driver's Host units (");
	for (size_t k = 0; k < host->n; k++)
		printf("%s%s", k ? " " : "", host->v[k]);
	printf("), typed vs NV-style, wall medians:");
	sep = " ";
	for (size_t i = 0; i < ncc; i++)
		if (b[i].ok) {
			const double *md = b[i].median, *cm = b[i].cpu_median;

			printf("%s%s +%.1f ms (%.4f / %.4f s, %.2fx; CPU +%.1f ms)", sep, b[i].cc,
			       (md[TU_HOST_TYPED] - md[TU_HOST_NV]) * 1e3, md[TU_HOST_TYPED], md[TU_HOST_NV],
			       md[TU_HOST_TYPED] / md[TU_HOST_NV], (cm[TU_HOST_TYPED] - cm[TU_HOST_NV]) * 1e3);
			sep = "; ";
		}
	printf("\n");
}

static void bench_compile_group(const struct bench_config *c)
{
	struct bench_list units = { 0 }, host = { 0 };
	struct bench_size typed = { 0 }, nv = { 0 };
	struct bench_compile b[BENCH_CC_MAX] = { 0 };
	char *src[TU_COUNT], *obj[TU_COUNT], *text[TU_COUNT];

	bench_units(&units, &typed, &nv);
	text[TU_EMPTY] = bench_strdup("/* Generated by bench_headers: the compiler's start-up. */\n");
	text[TU_NV] = bench_tu_text(&units, "nv/");
	text[TU_TYPED] = bench_tu_text(&units, "");
	bench_host_list(&units, &host);
	text[TU_HOST_NV] = bench_tu_text(&host, "nv/");
	text[TU_HOST_TYPED] = bench_tu_text(&host, "");
	for (int t = 0; t < TU_COUNT; t++) {
		src[t] = bench_printf("%s/%s.c", c->tmp, bench_tu_name[t]);
		obj[t] = bench_printf("%s/%s.o", c->tmp, bench_tu_name[t]);
		bench_write_file(src[t], text[t]);
	}
	for (size_t i = 0; i < c->ccs.n; i++) {
		b[i].cc = c->ccs.v[i];
		b[i].ok = bench_cc_version(b[i].cc, b[i].version, sizeof(b[i].version)) &&
			  bench_compile_warm(&b[i], src, obj);
		for (int t = 0; t < TU_COUNT; t++) {
			b[i].s[t] = bench_realloc(NULL, (size_t)c->reps * sizeof(double));
			b[i].cpu[t] = bench_realloc(NULL, (size_t)c->reps * sizeof(double));
		}
	}
	bench_compile_time(b, c->ccs.n, c->reps, src, obj);
	bench_compile_report(b, c->ccs.n, c->reps, units.n, &typed, &nv, &host);
	for (size_t i = 0; i < c->ccs.n; i++)
		for (int t = 0; t < TU_COUNT; t++) {
			free(b[i].s[t]);
			free(b[i].cpu[t]);
		}
	for (int t = 0; t < TU_COUNT; t++) {
		free(src[t]);
		free(obj[t]);
		free(text[t]);
	}
	bench_list_free(&units);
	bench_list_free(&host);
}

/* ---- sizes ------------------------------------------------------------------ */

struct bench_chip_size {
	struct bench_size typed, nv, ir;
};

static void bench_size_rows(const char *who, const struct bench_chip_size *s)
{
	char fig[64], val[32], base[32], notes[160];

	snprintf(fig, sizeof(fig), "%s typed vs NV headers, bytes", who);
	snprintf(val, sizeof(val), "%.2f MB", (double)s->typed.bytes / 1e6);
	snprintf(base, sizeof(base), "%.2f MB", (double)s->nv.bytes / 1e6);
	snprintf(notes, sizeof(notes), "%zu / %zu headers; IR %.2f MB in %zu files (%.2fx NV)",
		 s->typed.files, s->nv.files, (double)s->ir.bytes / 1e6, s->ir.files,
		 s->nv.bytes ? (double)s->ir.bytes / (double)s->nv.bytes : 0.0);
	bench_row(fig, val, base, s->nv.bytes ? (double)s->typed.bytes / (double)s->nv.bytes : -1, notes);
	snprintf(fig, sizeof(fig), "%s typed vs NV headers, lines", who);
	snprintf(val, sizeof(val), "%zu", s->typed.lines);
	snprintf(base, sizeof(base), "%zu", s->nv.lines);
	snprintf(notes, sizeof(notes), "IR %zu lines (%.2fx NV)", s->ir.lines,
		 s->nv.lines ? (double)s->ir.lines / (double)s->nv.lines : 0.0);
	bench_row(fig, val, base, s->nv.lines ? (double)s->typed.lines / (double)s->nv.lines : -1, notes);
}

static void bench_size_group(const struct bench_config *c)
{
	struct bench_chip_size total = { 0 };
	struct bench_size support;
	char *path;

	for (size_t i = 0; i < c->chips.n; i++) {
		char *typed = bench_printf("%s/%s", BENCH_INCLUDE, c->chips.v[i]);
		char *nv = bench_printf("%s/%s/nv", BENCH_INCLUDE, c->chips.v[i]);
		char *ir = bench_printf("%s/%s", BENCH_IR, c->chips.v[i]);
		struct bench_chip_size s = {
			.typed = bench_size_of_dir(typed, ".h"),
			.nv = bench_size_of_dir(nv, ".h"),
			.ir = bench_size_of_dir(ir, ".xml"),
		};

		bench_size_rows(c->chips.v[i], &s);
		total.typed.files += s.typed.files, total.typed.bytes += s.typed.bytes, total.typed.lines += s.typed.lines;
		total.nv.files += s.nv.files, total.nv.bytes += s.nv.bytes, total.nv.lines += s.nv.lines;
		total.ir.files += s.ir.files, total.ir.bytes += s.ir.bytes, total.ir.lines += s.ir.lines;
		free(typed);
		free(nv);
		free(ir);
	}
	if (c->chips.n > 1) {
		char who[32];

		snprintf(who, sizeof(who), "%zu chips", c->chips.n);
		bench_size_rows(who, &total);
	}
	path = bench_printf("%s/refgen/accessors.h", BENCH_INCLUDE);
	support = (struct bench_size){ 0 };
	if (access(path, R_OK) == 0)
		bench_size_add_file(&support, path);
	printf("sizes: %s/<chip>/*.h (typed), <chip>/nv/*.h (NVIDIA-style), %s/<chip>/*.xml (IR); "
	       "the typed headers also share refgen/accessors.h (%zu bytes, %zu lines), not counted\n",
	       BENCH_INCLUDE, BENCH_IR, support.bytes, support.lines);
	free(path);
}

/* ---- accessor instruction counts -------------------------------------------- */

struct bench_func {
	char *name;
	struct bench_list insns;   /* normalised instruction text */
};

struct bench_asm {
	struct bench_func *f;
	size_t n, cap;
};

static struct bench_func *bench_asm_find(const struct bench_asm *a, const char *name)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->f[i].name, name))
			return &a->f[i];
	return NULL;
}

static struct bench_func *bench_asm_func(struct bench_asm *a, const char *name)
{
	struct bench_func *f = bench_asm_find(a, name);

	if (f)
		return f;
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 32;
		a->f = bench_realloc(a->f, a->cap * sizeof(*a->f));
	}
	a->f[a->n] = (struct bench_func){ .name = bench_strdup(name) };
	return &a->f[a->n++];
}

static void bench_asm_free(struct bench_asm *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->f[i].name);
		bench_list_free(&a->f[i].insns);
	}
	free(a->f);
	*a = (struct bench_asm){ 0 };
}

/* One instruction, blanks squeezed, a trailing "# comment" (clang) dropped. */
static char *bench_insn_text(const char *s)
{
	char *out = bench_realloc(NULL, strlen(s) + 1), *o = out;

	for (; *s && *s != '\n'; s++) {
		if (isspace((unsigned char)*s)) {
			if (s[1] == '#' && (isspace((unsigned char)s[2]) || !s[2]))
				break;
			if (o > out && o[-1] != ' ')
				*o++ = ' ';
		} else {
			*o++ = *s;
		}
	}
	while (o > out && o[-1] == ' ')
		o--;
	*o = '\0';
	return out;
}

/*
 * The instructions of every function in a GNU-as file: a function runs from
 * its label at column 0 ("name:", gcc's split-off "name.cold:" counted with
 * it) to its ".size"; an instruction is an indented line that starts with a
 * letter (not a directive, a local label or a comment).
 */
static void bench_asm_parse(const char *path, struct bench_asm *a)
{
	FILE *f = fopen(path, "r");
	struct bench_func *cur = NULL;
	char line[1024];

	if (!f)
		bench_die("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		const char *p = line + strspn(line, " \t");

		if (p == line && (isalpha((unsigned char)*p) || *p == '_')) {
			size_t n = strcspn(p, ":");

			if (p[n] != ':')
				continue;
			line[n] = '\0';
			if (n > 5 && !strcmp(line + n - 5, ".cold"))
				line[n - 5] = '\0';
			cur = bench_asm_func(a, line);
		} else if (p != line && !strncmp(p, ".size", 5)) {
			cur = NULL;
		} else if (cur && p != line && isalpha((unsigned char)*p)) {
			bench_list_add(&cur->insns, bench_insn_text(p));
		}
	}
	fclose(f);
}

/* The <op> of every "typed_<op>(" defined at column 0 of the source, in order. */
static void bench_ops_list(struct bench_list *ops)
{
	FILE *f = fopen(BENCH_OPS_SRC, "r");
	char line[1024];

	if (!f)
		bench_die("%s: %s", BENCH_OPS_SRC, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "typed_");
		size_t n;

		if (!p || isspace((unsigned char)line[0]) || line[0] == '/' || line[0] == '#')
			continue;
		p += 6;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_");
		if (n && p[n] == '(') {
			p[n] = '\0';
			if (!bench_list_has(ops, p))
				bench_list_add(ops, bench_strdup(p));
		}
	}
	fclose(f);
	if (!ops->n)
		bench_die("%s: no typed_<op>() functions", BENCH_OPS_SRC);
}

struct bench_ops_cc {
	const char *cc;
	char version[160];
	bool ran;           /* the assembly was produced */
	int check;          /* -DACCESSOR_OPS_CHECK run: exit status */
	size_t equal;       /* ops with the same instruction count */
	struct bench_list differ;
};

static bool bench_ops_compile(struct bench_ops_cc *o, const char *s_path, const char *exe)
{
	char *argv_s[] = {
		(char *)o->cc, "-std=gnu11", "-O2", "-DNDEBUG", "-Wall", "-Wextra", "-Werror",
		"-fno-asynchronous-unwind-tables", "-I", BENCH_INCLUDE, "-S", BENCH_OPS_SRC,
		"-o", (char *)s_path, NULL,
	};
	char *argv_c[] = {
		(char *)o->cc, "-std=gnu11", "-O2", "-DNDEBUG", "-DACCESSOR_OPS_CHECK", "-Wall",
		"-Wextra", "-Werror", "-I", BENCH_INCLUDE, BENCH_OPS_SRC, "-o", (char *)exe, NULL,
	};
	char *argv_x[] = { (char *)exe, NULL };

	if (!bench_cc_version(o->cc, o->version, sizeof(o->version)))
		return false;
	if (bench_run(argv_s, -1, NULL) != 0)
		return false;
	o->check = bench_run(argv_c, -1, NULL);
	if (o->check == 0)
		o->check = bench_run(argv_x, -1, NULL);
	return true;
}

static void bench_ops_listing(const char *op, const char *cc, const struct bench_func *t,
			      const struct bench_func *h)
{
	size_t n = t->insns.n > h->insns.n ? t->insns.n : h->insns.n;

	printf("  %s, %s: typed_%s (%zu) | hand_%s (%zu)\n", op, cc, op, t->insns.n, op, h->insns.n);
	for (size_t i = 0; i < n; i++)
		printf("    %-36s | %s\n", i < t->insns.n ? t->insns.v[i] : "",
		       i < h->insns.n ? h->insns.v[i] : "");
}

static void bench_ops_rows(struct bench_ops_cc *o, const struct bench_list *ops,
			   const struct bench_asm *a)
{
	for (size_t i = 0; i < ops->n; i++) {
		char *tn = bench_printf("typed_%s", ops->v[i]), *hn = bench_printf("hand_%s", ops->v[i]);
		const struct bench_func *t = bench_asm_find(a, tn), *h = bench_asm_find(a, hn);
		char fig[64], val[32], base[32], notes[96];
		bool same = true;

		snprintf(fig, sizeof(fig), "%s, %s", ops->v[i], o->cc);
		if (!t || !h || !h->insns.n) {
			bench_row(fig, t ? "-" : "missing", h ? "-" : "missing", -1, "not in the assembly");
			bench_list_add(&o->differ, bench_printf("%s (missing)", ops->v[i]));
			free(tn);
			free(hn);
			continue;
		}
		for (size_t k = 0; same && k < t->insns.n; k++)
			same = t->insns.n == h->insns.n && !strcmp(t->insns.v[k], h->insns.v[k]);
		snprintf(val, sizeof(val), "%zu insns", t->insns.n);
		snprintf(base, sizeof(base), "%zu insns", h->insns.n);
		if (t->insns.n == h->insns.n) {
			snprintf(notes, sizeof(notes), "%s", same ? "identical code" : "same count, other instructions");
			o->equal++;
		} else {
			snprintf(notes, sizeof(notes), "%+ld insns",
				 (long)t->insns.n - (long)h->insns.n);
			bench_list_add(&o->differ, bench_printf("%s %+ld", ops->v[i],
								(long)t->insns.n - (long)h->insns.n));
		}
		bench_row(fig, val, base, (double)t->insns.n / (double)h->insns.n, notes);
		free(tn);
		free(hn);
	}
}

static void bench_ops_listings(const struct bench_ops_cc *o, const struct bench_list *ops,
			       const struct bench_asm *a)
{
	for (size_t i = 0; i < ops->n; i++) {
		char *tn = bench_printf("typed_%s", ops->v[i]), *hn = bench_printf("hand_%s", ops->v[i]);
		const struct bench_func *t = bench_asm_find(a, tn), *h = bench_asm_find(a, hn);

		if (t && h && t->insns.n != h->insns.n)
			bench_ops_listing(ops->v[i], o->cc, t, h);
		free(tn);
		free(hn);
	}
}

static void bench_ops_report(const struct bench_config *c, const struct bench_ops_cc *o, size_t ncc,
			     size_t nops)
{
	bool met = true, any = false;

	printf("accessors: %s, typed_<op> against hand_<op>, -std=gnu11 -O2 -DNDEBUG "
	       "(REFGEN_CHECK silent), instructions per function incl. the return\n", BENCH_OPS_SRC);
	for (size_t i = 0; i < ncc; i++) {
		if (!o[i].ran) {
			printf("  %s: %s\n", o[i].cc, o[i].version[0] ? "FAILED (see above)" : "not found, skipped");
			continue;
		}
		any = true;
		met = met && o[i].equal == nops;
		printf("  %s: %s; %zu of %zu ops with the same count", o[i].cc, o[i].version, o[i].equal, nops);
		for (size_t k = 0; k < o[i].differ.n; k++)
			printf("%s%s", k ? ", " : "; differ: ", o[i].differ.v[k]);
		printf("; typed and hand-written results %s\n",
		       o[i].check == 0 ? "agree (-DACCESSOR_OPS_CHECK)" : "DISAGREE or the check failed to build");
	}
	if (!any) {
		printf("accessors compile to as many instructions as hand-written code: not measured (no compiler ran)\n");
		return;
	}
	printf("accessors compile to as many instructions as hand-written shifts and masks (every op, every compiler): %s\n",
	       met ? "met" : "not met");
	if (!met && !c->asm_listing)
		printf("  (BENCH_ASM=1 lists the pairs that differ side by side)\n");
}

static void bench_ops_group(const struct bench_config *c)
{
	struct bench_list ops = { 0 };
	struct bench_ops_cc o[BENCH_CC_MAX] = { 0 };
	struct bench_asm a[BENCH_CC_MAX] = { { 0 } };

	bench_ops_list(&ops);
	for (size_t i = 0; i < c->ccs.n; i++) {
		char *s_path = bench_printf("%s/accessor_ops.%s.s", c->tmp, c->ccs.v[i]);
		char *exe = bench_printf("%s/accessor_ops.%s", c->tmp, c->ccs.v[i]);

		o[i].cc = c->ccs.v[i];
		o[i].ran = bench_ops_compile(&o[i], s_path, exe);
		if (o[i].ran) {
			bench_asm_parse(s_path, &a[i]);
			bench_ops_rows(&o[i], &ops, &a[i]);
		}
		free(s_path);
		free(exe);
	}
	bench_ops_report(c, o, c->ccs.n, ops.n);
	for (size_t i = 0; i < c->ccs.n; i++) {
		if (o[i].ran && c->asm_listing)
			bench_ops_listings(&o[i], &ops, &a[i]);
		bench_asm_free(&a[i]);
		bench_list_free(&o[i].differ);
	}
	bench_list_free(&ops);
}

/* ---- main ------------------------------------------------------------------- */

/* As bench_parse: one CPU, inherited by the compilers.  -1 if not pinned. */
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

int main(int argc, char **argv)
{
	struct bench_config c = { 0 };
	int cpu;

	(void)argc, (void)argv;
	bench_config_init(&c);
	cpu = bench_cpu_pin();
	if (c.have_chip)
		bench_compile_group(&c);
	else
		printf("compile time: skipped, %s is not among the chips built\n", BENCH_CHIP);
	bench_size_group(&c);
	if (c.have_chip)
		bench_ops_group(&c);
	else
		printf("accessors: skipped, %s is not among the chips built\n", BENCH_CHIP);
	if (cpu >= 0)
		printf("pinned to CPU %d (the compilers too)\n", cpu);
	else
		printf("not pinned to one CPU (sched_setaffinity failed)\n");
	nftw(c.tmp, bench_tmp_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(c.tmp);
	bench_list_free(&c.ccs);
	bench_list_free(&c.chips);
	return 0;
}
