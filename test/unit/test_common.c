/* SPDX-License-Identifier: MIT */
/*
 * common/: the helpers refgen and nvrt share.  Expected values worked out
 * by hand: rounding, byte order, the exact text of usage errors, mkdir -p's
 * errors, and the stop when memory runs out.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bits.h"
#include "cli_args.h"
#include "fs.h"
#include "mem.h"
#include "strbuf.h"
#include "support/test_support.h"

/* Under ASan, an impossible allocation returns NULL (after a warning) as
 * libc's does, so mem_realloc's own message is what ends the output. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

/* ---- bits.h ---------------------------------------------------------------- */

static void test_align_up(void **state)
{
	(void)state;
	/* 0x12345 = 18 pages of 4096 (0x12000) and 0x345 more: the 19th page ends at 0x13000. */
	assert_int_equal(align_up(0x12345, 4096), 0x13000);
	assert_int_equal(align_up(0x13000, 4096), 0x13000);
	assert_int_equal(align_up(0x13001, 4096), 0x14000);
	assert_int_equal(align_up(0, 4096), 0);
	assert_int_equal(align_up(7, 1), 7);
	/* 64 KiB big pages: 0x10001 -> 0x20000. */
	assert_int_equal(align_up(0x10001, 0x10000), 0x20000);
}

static void test_le_bytes(void **state)
{
	uint32_t w = le32(0x11223344u);
	uint64_t q = le64(0x0102030405060708ull);
	unsigned char b[8];

	(void)state;
	memcpy(b, &w, 4);
	assert_int_equal(b[0], 0x44);
	assert_int_equal(b[1], 0x33);
	assert_int_equal(b[2], 0x22);
	assert_int_equal(b[3], 0x11);
	memcpy(b, &q, 8);
	for (int i = 0; i < 8; i++)
		assert_int_equal(b[i], 8 - i);
	/* The same swap reads the words back. */
	assert_int_equal(le32(w), 0x11223344u);
	assert_true(le64(q) == 0x0102030405060708ull);
}

static void test_array_size(void **state)
{
	static const char *const names[] = { "PD3", "PD2", "PD1", "PD0", "PT" };
	uint32_t words[130];

	(void)state;
	assert_int_equal(ARRAY_SIZE(names), 5);
	assert_int_equal(ARRAY_SIZE(words), 130);
}

/* ---- cli_args.h ------------------------------------------------------------ */

/* stderr redirected to a temporary file between begin and end; end returns
 * what was written, NUL-terminated (free() it). */
struct stderr_capture {
	int saved;
	FILE *f;
};

static void stderr_capture_begin(struct stderr_capture *c)
{
	fflush(stderr);
	c->f = tmpfile();
	assert_non_null(c->f);
	c->saved = dup(STDERR_FILENO);
	assert_true(c->saved >= 0);
	assert_true(dup2(fileno(c->f), STDERR_FILENO) >= 0);
}

static char *stderr_capture_end(struct stderr_capture *c)
{
	char *text = calloc(1, 4096);

	fflush(stderr);
	assert_true(dup2(c->saved, STDERR_FILENO) >= 0);
	close(c->saved);
	assert_non_null(text);
	rewind(c->f);
	(void)!fread(text, 1, 4095, c->f);
	fclose(c->f);
	return text;
}

static void test_usage_text(void **state)
{
	struct stderr_capture c;
	char *text;
	int rc;

	(void)state;
	stderr_capture_begin(&c);
	rc = cli_args_usage("nvrt", "layout: unexpected argument '%s'", "x");
	text = stderr_capture_end(&c);
	assert_int_equal(rc, 2);
	assert_string_equal(text, "nvrt: layout: unexpected argument 'x'\nTry 'nvrt --help'.\n");
	free(text);
}

static void test_number_parse(void **state)
{
	uint64_t v = 0;

	(void)state;
	/* Base 0: as C writes it. */
	assert_true(cli_args_number_parse("42", 0, &v));
	assert_int_equal(v, 42);
	assert_true(cli_args_number_parse("0x1f", 0, &v));
	assert_int_equal(v, 31);
	assert_true(cli_args_number_parse("010", 0, &v));
	assert_int_equal(v, 8);
	assert_true(cli_args_number_parse("18446744073709551615", 0, &v));
	assert_true(v == UINT64_MAX);
	/* Base 16: 0x optional. */
	assert_true(cli_args_number_parse("ff", 16, &v));
	assert_int_equal(v, 255);
	assert_true(cli_args_number_parse("0x10000", 16, &v));
	assert_int_equal(v, 0x10000);
	/* Not numbers: v untouched. */
	v = 7;
	static const char *const bad[] = { "", "-1", "+1", " 1", "1 ", "1x", "0x", "ff",
					   "18446744073709551616" };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		assert_false(cli_args_number_parse(bad[i], 0, &v));
	assert_false(cli_args_number_parse("g", 16, &v));
	assert_false(cli_args_number_parse("-1", 16, &v));
	assert_false(cli_args_number_parse("10000000000000000", 16, &v));   /* 2^64 */
	assert_int_equal(v, 7);
}

static void test_number_range(void **state)
{
	struct stderr_capture c;
	uint64_t v = 5;
	char *text;
	int rc;

	(void)state;
	assert_int_equal(cli_args_number("nvrt-submit", "--depth", "0x10000", 1, 1u << 16, &v), 0);
	assert_int_equal(v, 65536);
	stderr_capture_begin(&c);
	rc = cli_args_number("nvrt-submit", "--depth", "65537", 1, 1u << 16, &v);
	text = stderr_capture_end(&c);
	assert_int_equal(rc, 2);
	assert_int_equal(v, 65536);
	assert_string_equal(text, "nvrt-submit: --depth: '65537' is not a number from 1 to 65536\n"
			    "Try 'nvrt-submit --help'.\n");
	free(text);
	stderr_capture_begin(&c);
	rc = cli_args_number("nvrt", "--count", "0", 1, 3, &v);
	text = stderr_capture_end(&c);
	assert_int_equal(rc, 2);
	assert_string_equal(text, "nvrt: --count: '0' is not a number from 1 to 3\nTry 'nvrt --help'.\n");
	free(text);
}

/* ---- fs.h ------------------------------------------------------------------ */

static void test_mkdir_p(void **state)
{
	char *dir = tmpdir_create();
	char *deep = path_join(dir, "a/b/c"), *file = path_join(dir, "f");
	char *under = path_join(dir, "f/x"), *trailing = path_join(dir, "a/b/");
	struct stat st;

	(void)state;
	assert_int_equal(fs_mkdir_p(deep), 0);
	assert_int_equal(stat(deep, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(fs_mkdir_p(deep), 0);       /* there already */
	assert_int_equal(fs_mkdir_p(trailing), 0);
	assert_int_equal(file_put(file, "x", 1), 0);
	errno = 0;
	assert_int_equal(fs_mkdir_p(file), -1);      /* a file, not a directory */
	assert_int_equal(errno, ENOTDIR);
	errno = 0;
	assert_int_equal(fs_mkdir_p(under), -1);     /* below a file */
	assert_int_equal(errno, ENOTDIR);
	free(deep);
	free(file);
	free(under);
	free(trailing);
	tmpdir_remove(dir);
	free(dir);
}

static void test_mkdir_p_too_long(void **state)
{
	char *path = malloc(PATH_MAX + 1);

	(void)state;
	assert_non_null(path);
	memset(path, 'a', PATH_MAX);
	path[0] = '/';
	path[PATH_MAX] = '\0';
	errno = 0;
	assert_int_equal(fs_mkdir_p(path), -1);
	assert_int_equal(errno, ENAMETOOLONG);
	free(path);
}

/* ---- mem.h ----------------------------------------------------------------- */

/* In a child (its stderr a pipe): mem_realloc of more than any machine has
 * stops with "<program>: out of memory" as the last line and exit status 1
 * (a failure like any other, not a crash). */
static void test_out_of_memory(void **state)
{
	char buf[4096], want[256], *last;
	size_t n = 0;
	ssize_t r;
	int fd[2], status;
	pid_t pid;

	(void)state;
	assert_int_equal(pipe(fd), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		volatile size_t huge = SIZE_MAX - 4096;

		dup2(fd[1], STDERR_FILENO);
		close(fd[0]);
		mem_realloc(NULL, huge);
		_exit(0);   /* not reached */
	}
	close(fd[1]);
	while (n < sizeof(buf) - 1 && (r = read(fd[0], buf + n, sizeof(buf) - 1 - n)) > 0)
		n += (size_t)r;
	close(fd[0]);
	buf[n] = '\0';
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);
	/* ASan may warn first: the last line is mem_realloc's. */
	assert_true(n > 0 && buf[n - 1] == '\n');
	buf[n - 1] = '\0';
	last = strrchr(buf, '\n');
	last = last ? last + 1 : buf;
	snprintf(want, sizeof(want), "%s: out of memory", program_invocation_short_name);
	assert_string_equal(last, want);
}

static void test_realloc_grows(void **state)
{
	char *p = mem_realloc(NULL, 4);

	(void)state;
	memcpy(p, "abc", 4);
	p = mem_realloc(p, 1 << 20);
	assert_string_equal(p, "abc");
	free(p);
}

/*
 * strbuf_printf formats the conversions generated text uses itself; each
 * case's expected text is worked out by hand from C11 7.21.6.1 (flags,
 * width, precision, lengths), and equals what the C library's snprintf
 * gives.  The rest (here %+d, %#x, %5.2f, %hhu, %p) go to vsnprintf.
 */
#define STRBUF_IS(want, ...) do { \
		struct strbuf b_ = { 0 }; char c_[128]; \
		strbuf_puts(&b_, "<"); \
		strbuf_printf(&b_, __VA_ARGS__); \
		snprintf(c_, sizeof(c_), __VA_ARGS__); \
		assert_string_equal(b_.data + 1, want); \
		assert_string_equal(c_, want); \
		assert_int_equal(b_.len, strlen(want) + 1); \
		strbuf_release(&b_); \
	} while (0)

static void test_strbuf_printf(void **state)
{
	(void)state;
	STRBUF_IS("plain 100%", "plain 100%%");
	STRBUF_IS("a NV_X b", "a %s b", "NV_X");
	STRBUF_IS("NV_X |    ab|ab    |abc", "%s |%6s|%-6s|%.3s", "NV_X", "ab", "ab", "abcdef");
	STRBUF_IS("[  xy][xy  ][ab]", "[%*s][%-*s][%.*s]", 4, "xy", 4, "xy", 2, "abc");
	STRBUF_IS("[xy  ]", "[%*s]", -4, "xy");
	STRBUF_IS("0 -7 42 4294967295", "%d %d %i %u", 0, -7, 42, 4294967295u);
	STRBUF_IS("-0042|  -42|-42  ", "%05d|%5d|%-5d", -42, -42, -42);
	STRBUF_IS("0x0000abcd 0XFF ff", "0x%08llx 0X%X %lx", 0xabcdull, 255u, 255ul);
	STRBUF_IS("18446744073709551615 -9223372036854775808", "%llu %lld", 18446744073709551615ull,
		  (long long)-9223372036854775807ll - 1);
	STRBUF_IS("7 -3 c|  c", "%zu %ld %c|%3c", (size_t)7, -3l, 'c', 'c');
	STRBUF_IS("+5 0xff  1.50 7", "%+d %#x %5.2f %hhu", 5, 255u, 1.5, (unsigned char)7);
	STRBUF_IS("00012 12   ", "%05u %-5x", 12u, 0x12u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_align_up),
		cmocka_unit_test(test_strbuf_printf),
		cmocka_unit_test(test_le_bytes),
		cmocka_unit_test(test_array_size),
		cmocka_unit_test(test_usage_text),
		cmocka_unit_test(test_number_parse),
		cmocka_unit_test(test_number_range),
		cmocka_unit_test(test_mkdir_p),
		cmocka_unit_test(test_mkdir_p_too_long),
		cmocka_unit_test(test_out_of_memory),
		cmocka_unit_test(test_realloc_grows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
