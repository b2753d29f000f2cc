/* SPDX-License-Identifier: MIT */
/*
 * Ctrl-C and SIGTERM in nvrt-submit.  Stopping the process outright would
 * leave the channel bound and scheduled on real hardware, so the handler
 * only records the signal; the submission loop sees it between steps and
 * tears down as after any failure.  Waits run in short slices so that a
 * signal is seen within SUBMIT_SIGNAL_SLICE_MS even while Host is stuck.
 * A second signal of the same kind is not caught: it ends the process.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "nvrt/error.h"
#include "submit.h"

#define SUBMIT_SIGNAL_SLICE_MS 50u

static volatile sig_atomic_t submit_signal_seen;

static void submit_signal_handler(int sig)
{
	submit_signal_seen = sig;
}

void submit_signal_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = submit_signal_handler;
	/* A second Ctrl-C ends the process at once, as users expect. */
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int submit_signal_caught(void)
{
	return submit_signal_seen;
}

static uint64_t submit_signal_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int submit_wait_interruptible(struct nvrt_channel *ch, uint32_t payload, uint32_t *seen, struct nvrt_err *err)
{
	uint32_t full = ch->params.timeout_ms;
	uint64_t deadline = submit_signal_now_ms() + full;
	int rc;

	for (;;) {
		uint64_t now = submit_signal_now_ms();
		uint64_t left = deadline > now ? deadline - now : 1;

		ch->params.timeout_ms = left < SUBMIT_SIGNAL_SLICE_MS ? (uint32_t)left : SUBMIT_SIGNAL_SLICE_MS;
		rc = nvrt_channel_wait(ch, payload, seen, err);
		ch->params.timeout_ms = full;
		if (rc != NVRT_E_TIMEOUT)
			return rc;
		if (submit_signal_caught())
			return SUBMIT_E_INTERRUPTED;
		if (submit_signal_now_ms() >= deadline)
			break;
	}
	/* The runtime's message, with the whole limit rather than the slice's. */
	nvrt_err_set(err, "semaphore wait: channel %u: the semaphore holds %u after %u ms, "
		     "release %u not seen; no fault reported", ch->params.chid,
		     nvrt_channel_semaphore(ch), full, payload);
	return NVRT_E_TIMEOUT;
}
