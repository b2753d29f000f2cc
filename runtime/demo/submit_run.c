/* SPDX-License-Identifier: MIT */
/*
 * The submissions of nvrt-submit: one channel, COUNT semaphore releases
 * (payload 1, 2, ...), at most DEPTH in flight, each one waited for and
 * timed from its submission to the semaphore showing it.
 */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nvrt/trace.h"
#include "submit.h"
#include "submit_hist.h"

struct submit_state {
	const struct submit_opts *o;
	struct nvrt_device *dev;
	struct nvrt_channel ch;
	uint64_t *t_submit;          /* submit time of payload p at [p % depth] */
	struct submit_hist *latency; /* submit-to-semaphore, ns: fixed size whatever the count */
	uint32_t submitted, seen;
	uint32_t every;              /* progress line period */
	uint64_t cpu0, gpu0;
	bool interrupted;            /* by SIGINT/SIGTERM */
};

static uint64_t submit_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Every release for small counts, else about ten progress lines. */
static uint32_t submit_every(const struct submit_opts *o)
{
	if (o->progress)
		return o->progress;
	return o->count <= 16 ? 1 : (o->count + 9) / 10;
}

/* Stopped by SIGINT/SIGTERM: what was done, then teardown as on failure. */
static int submit_interrupted(struct submit_state *s)
{
	int sig = submit_signal_caught();

	fprintf(stderr, "nvrt-submit: %s: stopping: %u of %u releases submitted, %u seen (semaphore %u)\n",
		sig == SIGTERM ? "SIGTERM" : "SIGINT", s->submitted, s->o->count, s->seen,
		nvrt_channel_semaphore(&s->ch));
	s->interrupted = true;
	return SUBMIT_FAIL;
}

static int submit_fail(struct submit_state *s, int rc, const struct nvrt_err *err)
{
	if (rc == SUBMIT_E_INTERRUPTED)
		return submit_interrupted(s);
	fprintf(stderr, "nvrt-submit: %s\n", err->msg);
	/* A GPU that does not answer, or the host's request, has nothing to report. */
	if (rc == NVRT_E_FAULT || rc == NVRT_E_TIMEOUT || (rc == NVRT_E_BUS && !nvrt_device_gone(s->dev)))
		nvrt_channel_report(&s->ch, stderr);
	return SUBMIT_FAIL;
}

static int submit_open(struct submit_state *s)
{
	struct nvrt_channel_params p;
	struct nvrt_err err;
	int rc;

	nvrt_channel_params_default(&p);
	p.timeout_ms = s->o->timeout_ms;
	if (s->o->depth >= p.gpfifo_entries)
		p.gpfifo_entries = 1u << (32 - __builtin_clz(s->o->depth));
	submit_fault_channel(s->o, &p);
	if (submit_fault_channel_start(s->dev->backend, s->o))
		return SUBMIT_FAIL;
	nvrt_trace_mark(s->dev->backend, "nvrt-submit: channel open");
	rc = nvrt_channel_open(&s->ch, s->dev, &p, &err);
	if (rc)
		return submit_fail(s, rc, &err);
	printf("channel %u, TSG %u: runlist %u, PBDMA mask 0x%x; GPFIFO %u entries at VA 0x%" PRIx64
	       ", pushbuffer %u bytes at VA 0x%" PRIx64 ", semaphore at VA 0x%" PRIx64 "\n",
	       s->ch.watch.chid, s->ch.watch.tsgid, s->ch.watch.runlist, s->ch.watch.pbdma_mask,
	       s->ch.layout.gpfifo.entries, s->ch.layout.gpfifo_va, p.pushbuf_bytes,
	       s->ch.layout.pushbuf_va, s->ch.layout.semaphore_va);
	return SUBMIT_OK;
}

static int submit_one(struct submit_state *s)
{
	struct nvrt_err err;
	uint32_t payload = s->submitted + 1;
	int rc;

	if (payload == 1)
		nvrt_trace_mark(s->dev->backend, "nvrt-submit: submissions");
	s->t_submit[payload % s->o->depth] = submit_now_ns();
	rc = nvrt_channel_submit_release(&s->ch, payload, &err);
	if (rc)
		return submit_fail(s, rc, &err);
	s->submitted = payload;
	if (payload % s->every == 0 || payload == 1)
		printf("submission %u: release of %u pushed, GP_PUT %u\n", payload, payload,
		       s->ch.layout.gpfifo.put);
	return SUBMIT_OK;
}

/* Waits for the oldest release in flight; every release up to the value
 * seen has run (Host runs them in order). */
static int submit_wait(struct submit_state *s)
{
	struct nvrt_err err;
	uint32_t want = s->seen + 1, got = 0;
	int rc = submit_wait_interruptible(&s->ch, want, &got, &err);
	uint64_t now = submit_now_ns();

	if (rc)
		return submit_fail(s, rc, &err);
	if ((int32_t)(got - s->submitted) > 0)
		got = s->submitted;
	if (want == 1 && submit_fault_first_release(s->dev->backend, s->o))
		return SUBMIT_FAIL;
	for (uint32_t p = want; (int32_t)(got - p) >= 0; p++) {
		submit_hist_add(s->latency, now - s->t_submit[p % s->o->depth]);
		if (p % s->every == 0 || p == 1)
			printf("semaphore: %u seen (release %u)\n", got, p);
	}
	s->seen = got;
	return SUBMIT_OK;
}

static int submit_loop(struct submit_state *s)
{
	while (s->seen < s->o->count) {
		while (s->submitted < s->o->count && s->submitted - s->seen < s->o->depth) {
			if (submit_signal_caught())
				return submit_interrupted(s);
			if (submit_one(s))
				return SUBMIT_FAIL;
		}
		if (submit_wait(s))
			return SUBMIT_FAIL;
	}
	return SUBMIT_OK;
}

static void submit_summary(struct submit_state *s, uint64_t cpu_ns, uint64_t gpu_ns)
{
	const struct submit_hist *h = s->latency;
	uint32_t n = s->o->count;

	printf("done: %u of %u releases seen, semaphore %u\n", s->seen, n,
	       nvrt_channel_semaphore(&s->ch));
	printf("GPU time (%s) %" PRIu64 " ns, CPU time %" PRIu64 " ns\n",
	       s->dev->chip->usermode->time_name, gpu_ns, cpu_ns);
	printf("rate %.0f submissions/s; submit-to-semaphore latency median %.1f us, p99 %.1f us, "
	       "max %.1f us (depth %u, %" PRIu64 " fault checks)\n",
	       cpu_ns ? (double)n * 1e9 / (double)cpu_ns : 0.0,
	       (double)submit_hist_quantile(h, 1, 2) / 1e3, (double)submit_hist_quantile(h, 99, 100) / 1e3,
	       (double)h->max / 1e3, s->o->depth, s->ch.polls);
}

/* NV_USERMODE_TIME is read outside any wait: was it data? */
static int submit_gpu_time_check(struct submit_state *s)
{
	struct nvrt_err err;
	int rc = nvrt_device_check(s->dev, "GPU time", &err);

	return rc ? submit_fail(s, rc, &err) : SUBMIT_OK;
}

static int submit_close(struct submit_state *s, int rc)
{
	struct nvrt_err err;

	nvrt_trace_mark(s->dev->backend, "nvrt-submit: teardown");
	if (nvrt_channel_close(&s->ch, &err) < 0) {
		fprintf(stderr, "nvrt-submit: teardown: %s\n", err.msg);
		rc = SUBMIT_FAIL;
	} else if (rc == SUBMIT_OK || s->interrupted) {
		printf("teardown: channel %u disabled, runlist %u preempted, empty runlist "
		       "submitted, channel unbound\n", s->ch.params.chid, s->ch.watch.runlist);
	}
	return rc;
}

int submit_run(struct nvrt_device *d, const struct submit_opts *o)
{
	struct submit_state s = { .o = o, .dev = d, .every = submit_every(o) };
	int rc;

	s.t_submit = calloc(o->depth, sizeof(*s.t_submit));
	s.latency = malloc(sizeof(*s.latency));
	if (s.latency)
		submit_hist_init(s.latency);
	if (!s.t_submit || !s.latency) {
		fprintf(stderr, "nvrt-submit: out of memory\n");
		rc = SUBMIT_FAIL;
	} else if ((rc = submit_open(&s)) == SUBMIT_OK) {
		s.cpu0 = submit_now_ns();
		s.gpu0 = nvrt_device_time_ns(d);
		rc = submit_gpu_time_check(&s);
		if (rc == SUBMIT_OK)
			rc = submit_loop(&s);
		if (rc == SUBMIT_OK) {
			uint64_t cpu = submit_now_ns() - s.cpu0, gpu = nvrt_device_time_ns(d) - s.gpu0;

			rc = submit_gpu_time_check(&s);
			if (rc == SUBMIT_OK)
				submit_summary(&s, cpu, gpu);
		}
	}
	if (s.t_submit && s.latency)
		rc = submit_close(&s, rc);
	free(s.t_submit);
	free(s.latency);
	return rc;
}
