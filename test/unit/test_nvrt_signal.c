/* SPDX-License-Identifier: MIT */
/*
 * nvrt-submit stopped by SIGINT or SIGTERM ($NVRT_SUBMIT_BIN on the
 * simulator): it stops submitting, tears the channel down as after any
 * failure, says what was done, and exits with status 1 within a second,
 * even while Host is stuck on an acquire that would wait a minute.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "support/test_support.h"

struct child {
	pid_t pid;
	int out, err;              /* read ends */
	char obuf[1 << 16], ebuf[1 << 14];
	size_t olen, elen;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void child_start(struct child *c, char *const *args)
{
	int o[2], e[2];

	assert_int_equal(pipe(o), 0);
	assert_int_equal(pipe(e), 0);
	c->olen = c->elen = 0;
	c->pid = fork();
	assert_true(c->pid >= 0);
	if (c->pid == 0) {
		dup2(o[1], 1);
		dup2(e[1], 2);
		close(o[0]);
		close(e[0]);
		execv(args[0], args);
		_exit(127);
	}
	close(o[1]);
	close(e[1]);
	c->out = o[0];
	c->err = e[0];
}

/* Reads what is there for up to ms; true once stdout holds text. */
static bool child_read_until(struct child *c, const char *text, int ms)
{
	double end = now_s() + ms / 1e3;

	while (now_s() < end) {
		struct pollfd p[2] = { { c->out, POLLIN, 0 }, { c->err, POLLIN, 0 } };
		ssize_t n;
		if (poll(p, 2, 20) < 0)
			return false;
		if ((p[0].revents & POLLIN) && c->olen + 1 < sizeof(c->obuf) &&
		    (n = read(c->out, c->obuf + c->olen, sizeof(c->obuf) - 1 - c->olen)) > 0)
			c->olen += (size_t)n;
		if ((p[1].revents & POLLIN) && c->elen + 1 < sizeof(c->ebuf) &&
		    (n = read(c->err, c->ebuf + c->elen, sizeof(c->ebuf) - 1 - c->elen)) > 0)
			c->elen += (size_t)n;
		c->obuf[c->olen] = '\0';
		c->ebuf[c->elen] = '\0';
		if (text && strstr(c->obuf, text))
			return true;
	}
	return false;
}

/* Sends sig; the exit status and how long the process took to end. */
static int child_stop(struct child *c, int sig, double *seconds)
{
	double t0 = now_s();
	int status = 0;

	kill(c->pid, sig);
	for (;;) {
		pid_t r = waitpid(c->pid, &status, WNOHANG);
		if (r == c->pid)
			break;
		child_read_until(c, NULL, 10);
		if (now_s() - t0 > 10) {
			kill(c->pid, SIGKILL);
			waitpid(c->pid, &status, 0);
			break;
		}
	}
	*seconds = now_s() - t0;
	child_read_until(c, NULL, 50);
	close(c->out);
	close(c->err);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void expect(const struct child *c, const char *text)
{
	if (strstr(c->obuf, text) || strstr(c->ebuf, text))
		return;
	fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", c->obuf, c->ebuf);
	fail_msg("\"%s\" not in the output", text);
}

/* Ctrl-C in the middle of a long run. */
static void test_sigint_while_submitting(void **state)
{
	char *args[] = { (char *)env_require("NVRT_SUBMIT_BIN"), "--count", "5000000", "--progress", "1000000", NULL };
	struct child c;
	double s;

	(void)state;
	child_start(&c, args);
	assert_true(child_read_until(&c, "submission 1:", 20000));
	assert_int_equal(child_stop(&c, SIGINT, &s), 1);
	if (s > 1.0)
		fail_msg("took %.2f s to stop after SIGINT", s);
	expect(&c, "nvrt-submit: SIGINT: stopping: ");
	expect(&c, " of 5000000 releases submitted, ");
	expect(&c, "teardown: channel 1 disabled, runlist 1 preempted, empty runlist submitted, channel unbound");
	assert_null(strstr(c.obuf, "done:"));
}

/* SIGTERM while Host waits on an acquire that never completes (60 s timeout). */
static void test_sigterm_while_stuck(void **state)
{
	char *args[] = { (char *)env_require("NVRT_SUBMIT_BIN"), "--inject", "stuck-acquire", "--timeout-ms", "60000", NULL };
	struct child c;
	double s;

	(void)state;
	child_start(&c, args);
	assert_true(child_read_until(&c, "submission 1:", 20000));
	assert_int_equal(child_stop(&c, SIGTERM, &s), 1);
	if (s > 1.0)
		fail_msg("took %.2f s to stop after SIGTERM", s);
	expect(&c, "nvrt-submit: SIGTERM: stopping: 1 of 1 releases submitted, 0 seen (semaphore 0)");
	expect(&c, "teardown: channel 1 disabled");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sigint_while_submitting),
		cmocka_unit_test(test_sigterm_while_stuck),
	};

	return cmocka_run_group_tests_name("nvrt_signal", tests, NULL, NULL);
}
