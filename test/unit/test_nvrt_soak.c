/* SPDX-License-Identifier: MIT */
/*
 * The fault soak: nvrt-submit's loop (bring-up, one channel, releases each
 * waited for, teardown) on the simulator, round after round, with a fault
 * in most rounds: every --inject kind of the channel (bad-signature,
 * bad-gp-entry, bad-method, bad-tsg, unmapped-semaphore, stuck-acquire),
 * and the world's (fell-off-bus and pri-error at a random read, stale-channel,
 * host-request after a random number of releases).  The order and the
 * points come from a fixed seed.  After each round everything is torn down
 * and a reopen must work: bring-up and two releases on the same simulator
 * when the GPU is still there (and bring-up finds nothing stale), on a new
 * one when it fell off the bus or was given back to the host.
 *
 * Checked: every fault that took effect is reported by name by some call
 * (or, for stale state, by bring-up's log); no call takes longer than its
 * wait's timeout and a margin; every fault is recovered from (the reopen
 * works); the final round runs
 * clean; no file descriptor is left open (memory: make check-sanitize runs
 * this under LeakSanitizer).  Prints the counts.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nvrt/debug.h"
#include "nvrt/device.h"
#include "nvrt/sim.h"

#define SOAK_SEED 15u
#define SOAK_PASSES 5             /* each kind this many times, shuffled */
#define SOAK_TIMEOUT_MS 300u      /* every wait's */
#define SOAK_MARGIN_MS 1500.0     /* a call may take its wait's timeout and this */
#define SOAK_MAX_RELEASES 24u

enum soak_kind {
	SOAK_NONE,
	SOAK_BAD_SIGNATURE, SOAK_BAD_GP_ENTRY, SOAK_BAD_METHOD, SOAK_BAD_TSG,
	SOAK_UNMAPPED_SEMAPHORE, SOAK_STUCK_ACQUIRE,
	SOAK_FELL_OFF_BUS, SOAK_PRI_ERROR, SOAK_STALE_CHANNEL, SOAK_HOST_REQUEST,
	SOAK_KINDS
};

static const struct {
	const char *name;
	enum nvrt_inject inject;     /* the channel's, or NONE */
	const char *report;          /* what the failing call's message must hold */
} soak_kinds[SOAK_KINDS] = {
	[SOAK_NONE] = { "none", NVRT_INJECT_NONE, NULL },
	[SOAK_BAD_SIGNATURE] = { "bad-signature", NVRT_INJECT_BAD_SIGNATURE, "SIGNATURE=PENDING" },
	[SOAK_BAD_GP_ENTRY] = { "bad-gp-entry", NVRT_INJECT_BAD_GP_ENTRY, "GPENTRY=PENDING" },
	[SOAK_BAD_METHOD] = { "bad-method", NVRT_INJECT_BAD_METHOD, "METHOD=PENDING" },
	[SOAK_BAD_TSG] = { "bad-tsg", NVRT_INJECT_BAD_TSG, "CODE=BAD_TSG" },
	[SOAK_UNMAPPED_SEMAPHORE] = { "unmapped-semaphore", NVRT_INJECT_UNMAPPED_SEMAPHORE,
				      "MMU fault NV_PFAULT_FAULT_TYPE_P" },
	[SOAK_STUCK_ACQUIRE] = { "stuck-acquire", NVRT_INJECT_STUCK_ACQUIRE,
				 "not seen; no fault reported" },
	[SOAK_FELL_OFF_BUS] = { "fell-off-bus", NVRT_INJECT_NONE,
				"the GPU is not responding (BAR0 reads 0xffffffff): NV_" },
	[SOAK_PRI_ERROR] = { "pri-error", NVRT_INJECT_NONE, "PRI error reading NV_" },
	[SOAK_STALE_CHANNEL] = { "stale-channel", NVRT_INJECT_NONE, "stale channel 1:" },
	[SOAK_HOST_REQUEST] = { "host-request", NVRT_INJECT_NONE,
				"the host asked for the device back" },
};

struct soak_round {
	enum soak_kind kind;
	uint32_t releases;           /* asked for */
	uint32_t fault_after;        /* releases seen before a world fault */
	uint32_t fault_reads;        /* reads before it (fell-off-bus, pri-error) */
	/* what happened */
	bool opened;                 /* bring-up and the channel's start worked */
	bool took_effect, reported, torn_down;
	uint32_t seen;
	double worst_ms;             /* the slowest call */
	char msg[640];
};

static double soak_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int soak_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* Times one call into r->worst_ms; keeps the first error message. */
#define SOAK_CALL(r, t0, expr, err)                                                    \
	({                                                                             \
		int rc_ = (expr);                                                      \
		double ms_ = soak_ms() - (t0);                                         \
		if (ms_ > (r)->worst_ms)                                               \
			(r)->worst_ms = ms_;                                           \
		if (rc_ && !(r)->msg[0])                                               \
			snprintf((r)->msg, sizeof((r)->msg), "%s", (err)->msg);        \
		rc_;                                                                   \
	})

static void soak_note(struct soak_round *r, const char *text)
{
	const char *want = soak_kinds[r->kind].report;

	if (want && text && strstr(text, want))
		r->reported = true;
}

static void soak_world_fault(struct soak_round *r, struct nvrt_backend *b)
{
	struct nvrt_err err;

	if (r->kind == SOAK_FELL_OFF_BUS)
		assert_int_equal(nvrt_sim_fail(b, NVRT_SIM_FELL_OFF_BUS, r->fault_reads, &err), 0);
	else if (r->kind == SOAK_HOST_REQUEST)
		assert_int_equal(nvrt_sim_fail(b, NVRT_SIM_HOST_REQUEST, 0, &err), 0);
}

/* Releases one at a time; a world fault after fault_after of them. */
static int soak_releases(struct soak_round *r, struct nvrt_channel *ch, struct nvrt_backend *b)
{
	struct nvrt_err err = { "" };
	int rc = 0;

	for (uint32_t v = 1; v <= r->releases && !rc; v++) {
		double t0;

		if (v == r->fault_after + 1)
			soak_world_fault(r, b);
		t0 = soak_ms();
		rc = SOAK_CALL(r, t0, nvrt_channel_submit_release(ch, v, &err), &err);
		if (!rc) {
			t0 = soak_ms();
			rc = SOAK_CALL(r, t0, nvrt_channel_wait(ch, v, NULL, &err), &err);
		}
		if (!rc)
			r->seen = v;
		soak_note(r, rc ? err.msg : NULL);
	}
	return rc;
}

/* One round on a new simulator: bring-up, run, tear down; the simulator is
 * returned for the reopen. */
static struct nvrt_backend *soak_round_run(struct soak_round *r)
{
	struct nvrt_sim_config cfg = { .crashed_run = r->kind == SOAK_STALE_CHANNEL };
	struct nvrt_err err = { "" };
	struct nvrt_channel_params p;
	struct nvrt_channel ch;
	struct nvrt_device d;
	struct nvrt_backend *b;
	char *log = NULL;
	size_t loglen = 0;
	FILE *logf;
	double t0;
	int rc;

	b = nvrt_backend_sim_open(&cfg, &err);
	if (!b)
		fail_msg("%s: simulator: %s", soak_kinds[r->kind].name, err.msg);
	if (r->kind == SOAK_PRI_ERROR)
		assert_int_equal(nvrt_sim_fail(b, NVRT_SIM_PRI_ERROR, r->fault_reads, &err), 0);
	logf = open_memstream(&log, &loglen);
	assert_non_null(logf);
	t0 = soak_ms();
	rc = SOAK_CALL(r, t0, nvrt_device_open(&d, b, nvrt_chip_find("gv100"), logf, &err), &err);
	d.log = NULL;     /* bring-up's log only */
	fclose(logf);
	soak_note(r, log);
	free(log);
	soak_note(r, rc ? err.msg : NULL);
	if (!rc) {
		nvrt_channel_params_default(&p);
		p.timeout_ms = SOAK_TIMEOUT_MS;
		nvrt_inject_arm(&p, soak_kinds[r->kind].inject);
		t0 = soak_ms();
		rc = SOAK_CALL(r, t0, nvrt_channel_open(&ch, &d, &p, &err), &err);
		soak_note(r, rc ? err.msg : NULL);
		r->opened = !rc;
		if (!rc)
			rc = soak_releases(r, &ch, b);
		t0 = soak_ms();
		r->torn_down = SOAK_CALL(r, t0, nvrt_channel_close(&ch, &err), &err) == 0;
		soak_note(r, r->torn_down ? NULL : err.msg);
		nvrt_device_close(&d);
	}
	/* Did the fault happen at all?  A world fault armed for a read or a
	 * release the round never reached did not. */
	switch (r->kind) {
	case SOAK_FELL_OFF_BUS:
	case SOAK_PRI_ERROR:
		r->took_effect = b->bus.errors > 0;
		break;
	case SOAK_HOST_REQUEST:
		r->took_effect = nvrt_backend_host_request(b);
		break;
	default:
		r->took_effect = r->kind != SOAK_NONE;
	}
	/* A crashed run's state is recovered from when this round runs clean. */
	if (r->kind == SOAK_STALE_CHANNEL && !(r->seen == r->releases && r->torn_down))
		fail_msg("stale-channel: the round did not complete (%u of %u, %s)", r->seen,
			 r->releases, r->msg);
	return b;
}

/*
 * After a fault: reopen and run two releases.  On the same simulator when
 * the GPU is still there (bring-up must then find nothing stale: the
 * teardown left nothing behind); a GPU that fell off the bus or was given
 * back to the host is "plugged in" anew.  True when all of it worked.
 */
static bool soak_reopen(struct soak_round *r, struct nvrt_backend *b)
{
	struct nvrt_sim_config cfg = { 0 };
	struct nvrt_err err = { "" };
	struct nvrt_channel_params p;
	struct nvrt_channel ch;
	struct nvrt_device d;
	char *log = NULL;
	size_t loglen = 0;
	FILE *logf;
	bool ok = false;

	if (r->kind == SOAK_FELL_OFF_BUS || r->kind == SOAK_HOST_REQUEST) {
		nvrt_backend_close(b);
		b = nvrt_backend_sim_open(&cfg, &err);
		assert_non_null(b);
	}
	logf = open_memstream(&log, &loglen);
	assert_non_null(logf);
	int rc = nvrt_device_open(&d, b, nvrt_chip_find("gv100"), logf, &err);
	d.log = NULL;     /* bring-up's log only */
	fclose(logf);
	if (!rc) {
		nvrt_channel_params_default(&p);
		p.timeout_ms = SOAK_TIMEOUT_MS;
		rc = nvrt_channel_open(&ch, &d, &p, &err);
		ok = !rc && !strstr(log, "stale");
		for (uint32_t v = 1; ok && v <= 2; v++)
			ok = !nvrt_channel_submit_release(&ch, v, &err) &&
			     !nvrt_channel_wait(&ch, v, NULL, &err);
		if (nvrt_channel_close(&ch, &err))
			ok = false;
		nvrt_device_close(&d);
	}
	if (!ok)
		print_message("soak: reopen after %s failed: %s%s\n", soak_kinds[r->kind].name,
			      err.msg, log && strstr(log, "stale") ? " (stale state left)" : "");
	free(log);
	nvrt_backend_close(b);
	return ok;
}

static void soak_plan(struct soak_round *plan, unsigned n)
{
	unsigned k = 0;

	srand(SOAK_SEED);
	for (unsigned pass = 0; pass < SOAK_PASSES; pass++)
		for (unsigned kind = 1; kind < SOAK_KINDS; kind++)
			plan[k++].kind = (enum soak_kind)kind;
	for (unsigned i = n - 1; i > 0; i--) {     /* Fisher-Yates, seeded */
		unsigned j = (unsigned)rand() % (i + 1);
		enum soak_kind t = plan[i].kind;

		plan[i].kind = plan[j].kind;
		plan[j].kind = t;
	}
	for (unsigned i = 0; i < n; i++) {
		plan[i].releases = 1 + (uint32_t)rand() % SOAK_MAX_RELEASES;
		plan[i].fault_after = (uint32_t)rand() % plan[i].releases;
		/* pri-error anywhere in the first part of the run (bring-up reads
		 * about 200 registers); fell-off-bus a few reads into a wait. */
		plan[i].fault_reads = plan[i].kind == SOAK_PRI_ERROR ? (uint32_t)rand() % 600 :
									 (uint32_t)rand() % 8;
	}
}

static void test_soak(void **state)
{
	enum { ROUNDS = SOAK_PASSES * (SOAK_KINDS - 1) };
	struct soak_round plan[ROUNDS + 1];
	unsigned injected = 0, reported = 0, recovered = 0, per_kind[SOAK_KINDS] = { 0 };
	int fds = soak_fds();
	double worst = 0;

	(void)state;
	memset(plan, 0, sizeof(plan));
	soak_plan(plan, ROUNDS);
	plan[ROUNDS] = (struct soak_round){ .kind = SOAK_NONE, .releases = SOAK_MAX_RELEASES };
	for (unsigned i = 0; i <= ROUNDS; i++) {
		struct soak_round *r = &plan[i];

		struct nvrt_backend *b = soak_round_run(r);
		bool back = r->took_effect ? soak_reopen(r, b) : (nvrt_backend_close(b), false);

		if (r->worst_ms > SOAK_TIMEOUT_MS + SOAK_MARGIN_MS)
			fail_msg("round %u (%s): a call took %.0f ms (wait timeout %u ms): %s", i,
				 soak_kinds[r->kind].name, r->worst_ms, SOAK_TIMEOUT_MS, r->msg);
		worst = r->worst_ms > worst ? r->worst_ms : worst;
		recovered += back;
		if (!r->took_effect)
			continue;
		injected++;
		per_kind[r->kind]++;
		if (!r->reported)
			fail_msg("round %u: %s (after %u releases, read %u) not reported by name; "
				 "first error: %s", i, soak_kinds[r->kind].name, r->fault_after,
				 r->fault_reads, r->msg[0] ? r->msg : "(none)");
		reported++;
	}
	/* The final round: clean. */
	struct soak_round *last = &plan[ROUNDS];
	if (!last->opened || last->seen != last->releases || !last->torn_down || last->msg[0])
		fail_msg("final round not clean: %u of %u releases, %s", last->seen, last->releases,
			 last->msg);
	assert_int_equal(soak_fds(), fds);
	print_message("soak: seed %u, %u rounds + a clean one: %u faults injected, %u reported by "
		      "name, %u recovered from; slowest call %.0f ms (waits time out at %u ms)\n",
		      SOAK_SEED, ROUNDS, injected, reported, recovered, worst, SOAK_TIMEOUT_MS);
	for (unsigned k = 1; k < SOAK_KINDS; k++)
		print_message("soak:   %-18s %u\n", soak_kinds[k].name, per_kind[k]);
	assert_int_equal(reported, injected);
	assert_int_equal(recovered, injected);
	/* Every kind took effect at least once. */
	for (unsigned k = 1; k < SOAK_KINDS; k++)
		if (!per_kind[k])
			fail_msg("%s never took effect", soak_kinds[k].name);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_soak),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
