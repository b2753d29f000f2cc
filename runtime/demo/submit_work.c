/* SPDX-License-Identifier: MIT */
/*
 * nvrt-submit --work copy|fill: one channel with a copy-engine context, two
 * buffers mapped into it (--page-size pages), the chip's CE class bound,
 * then one pitch copy (1D, or 2D with --lines) or one fill and the copy
 * engine's own semaphore release, waited for and timed; --verify checks
 * the destination byte for byte, --save-pushbuf writes the pushbuffer as
 * submitted, --inject ce-unmapped aims the copy at a VA nothing maps.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "atomic_file.h"
#include "nvrt/ce.h"
#include "nvrt/trace.h"
#include "submit.h"

/* The fill's value and the buffers' first contents: patterns anyone can redo. */
#define WORK_FILL_VALUE 0xc0ffee01u
#define WORK_PAYLOAD 1u

struct work {
	const struct submit_opts *o;
	struct nvrt_device *dev;
	struct nvrt_channel ch;
	struct nvrt_ce_buffer src, dst;
	uint32_t line_bytes, lines;
};

static uint64_t work_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int work_fail(struct work *w, int rc, const struct nvrt_err *err)
{
	fprintf(stderr, "nvrt-submit: %s\n", err->msg);
	if (rc == NVRT_E_FAULT || rc == NVRT_E_TIMEOUT || (rc == NVRT_E_BUS && !nvrt_device_gone(w->dev)))
		nvrt_channel_report(&w->ch, stderr);
	return SUBMIT_FAIL;
}

/* xorshift bytes: the source differs from the destination everywhere it matters. */
static void work_pattern(uint8_t *p, uint64_t n, uint64_t seed)
{
	uint64_t x = seed;

	for (uint64_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = (uint8_t)x;
	}
}

static int work_open(struct work *w)
{
	struct nvrt_channel_params p;
	struct nvrt_err err;
	int rc;

	nvrt_channel_params_default(&p);
	p.timeout_ms = w->o->timeout_ms;
	p.copy_engine = true;
	nvrt_trace_mark(w->dev->backend, "nvrt-submit: channel open");
	rc = nvrt_channel_open(&w->ch, w->dev, &p, &err);
	if (rc)
		return work_fail(w, rc, &err);
	printf("channel %u, TSG %u: runlist %u, PBDMA mask 0x%x; copy engine class %s (0x%04x) "
	       "on subchannel %u; CE method buffer at VA 0x%" PRIx64 "\n",
	       w->ch.watch.chid, w->ch.watch.tsgid, w->ch.watch.runlist, w->ch.watch.pbdma_mask,
	       nvrt_ce_class_name(w->dev->chip), nvrt_ce_class(w->dev->chip), NVRT_CE_SUBCH,
	       w->ch.layout.ce_methods_va);
	if (nvrt_ce_buffer_alloc(&w->ch, w->o->size, w->o->page_size, &w->src, &err) < 0 ||
	    nvrt_ce_buffer_alloc(&w->ch, w->o->size, w->o->page_size, &w->dst, &err) < 0)
		return work_fail(w, -1, &err);
	work_pattern(w->src.mem.cpu, w->o->size, 0x9e3779b97f4a7c15ull);
	work_pattern(w->dst.mem.cpu, w->o->size, 0xd1b54a32d192ed03ull);
	printf("buffers: %" PRIu64 " bytes each, %u KiB pages: source at VA 0x%" PRIx64
	       ", destination at VA 0x%" PRIx64 "\n", w->o->size, w->o->page_size / 1024, w->src.va,
	       w->dst.va);
	return SUBMIT_OK;
}

/* A VA nothing maps: above everything the channel mapped, 1 GiB aligned. */
static uint64_t work_unmapped_va(const struct work *w)
{
	uint64_t top = w->dst.va + w->o->size;
	uint64_t gib = (uint64_t)1 << 30;

	return (top + 2 * gib) & ~(gib - 1);
}

static int work_push(struct work *w, struct nvrt_err *err)
{
	uint64_t dst = w->o->ce_unmapped ? work_unmapped_va(w) : w->dst.va;

	if (w->o->ce_unmapped)
		printf("injecting: ce-unmapped (the destination is VA 0x%" PRIx64 ", which no page "
		       "table maps)\n", dst);
	if (nvrt_ce_bind(&w->ch, err) < 0)
		return -1;
	if (w->o->work == SUBMIT_WORK_COPY) {
		struct nvrt_ce_copy c = { w->src.va, dst, w->line_bytes, w->lines, w->line_bytes,
					  w->line_bytes };

		if (nvrt_ce_copy(&w->ch, &c, err) < 0)
			return -1;
	} else {
		struct nvrt_ce_fill f = { dst, w->line_bytes / 4, w->lines, w->line_bytes,
					  WORK_FILL_VALUE };

		if (nvrt_ce_fill(&w->ch, &f, err) < 0)
			return -1;
	}
	return nvrt_ce_release(&w->ch, WORK_PAYLOAD, err);
}

static int work_save_pushbuf(const struct work *w)
{
	const struct nvrt_pb *pb = &w->ch.layout.pb;

	if (!w->o->save_pushbuf)
		return SUBMIT_OK;
	if (atomic_file_write(w->o->save_pushbuf, pb->base, pb->len * sizeof(uint32_t))) {
		fprintf(stderr, "nvrt-submit: --save-pushbuf %s: %s\n", w->o->save_pushbuf, strerror(errno));
		return SUBMIT_FAIL;
	}
	printf("pushbuffer: %zu dwords written to %s (nvrt decode pushbuffer --chip %s %s)\n", pb->len,
	       w->o->save_pushbuf, w->dev->chip->name, w->o->save_pushbuf);
	return SUBMIT_OK;
}

/* The first byte that differs from what the work should have left, or size. */
static uint64_t work_first_bad(const struct work *w)
{
	const uint8_t *d = w->dst.mem.cpu, *s = w->src.mem.cpu;

	if (w->o->work == SUBMIT_WORK_COPY) {
		if (!memcmp(d, s, w->o->size))
			return w->o->size;
		for (uint64_t i = 0; i < w->o->size; i++)
			if (d[i] != s[i])
				return i;
	}
	for (uint64_t i = 0; i < w->o->size; i++)
		if (d[i] != (uint8_t)(WORK_FILL_VALUE >> (8 * (i % 4))))
			return i;
	return w->o->size;
}

static int work_verify(const struct work *w)
{
	uint64_t bad;

	if (!w->o->verify)
		return SUBMIT_OK;
	bad = work_first_bad(w);
	if (bad != w->o->size) {
		fprintf(stderr, "nvrt-submit: verify: byte %" PRIu64 " of the destination is 0x%02x, "
			"not what the %s should have left\n", bad, ((const uint8_t *)w->dst.mem.cpu)[bad],
			w->o->work == SUBMIT_WORK_COPY ? "copy" : "fill");
		return SUBMIT_FAIL;
	}
	printf("verify: all %" PRIu64 " bytes of the destination %s\n", w->o->size,
	       w->o->work == SUBMIT_WORK_COPY ? "equal the source" : "hold the fill value 0xc0ffee01");
	return SUBMIT_OK;
}

static int work_run(struct work *w)
{
	struct nvrt_err err;
	uint64_t t0, t1;
	uint32_t seen = 0;
	int rc;

	if (work_push(w, &err) < 0)
		return work_fail(w, -1, &err);
	if (work_save_pushbuf(w) != SUBMIT_OK)
		return SUBMIT_FAIL;
	nvrt_trace_mark(w->dev->backend, "nvrt-submit: submissions");
	t0 = work_now_ns();
	if (nvrt_ce_submit(&w->ch, WORK_PAYLOAD, &err) < 0)
		return work_fail(w, -1, &err);
	rc = submit_wait_interruptible(&w->ch, WORK_PAYLOAD, &seen, &err);
	t1 = work_now_ns();
	if (rc)
		return work_fail(w, rc, &err);
	printf("%s: %" PRIu64 " bytes in %u line%s of %u bytes, %s; copy engine semaphore %u seen "
	       "after %.3f ms (%.2f GB/s)\n", w->o->work == SUBMIT_WORK_COPY ? "copy" : "fill",
	       w->o->size, w->lines, w->lines == 1 ? "" : "s", w->line_bytes,
	       w->lines == 1 ? "1D" : "2D", seen, (double)(t1 - t0) / 1e6,
	       t1 > t0 ? (double)w->o->size / (double)(t1 - t0) : 0.0);
	return work_verify(w);
}

int submit_work_run(struct nvrt_device *d, const struct submit_opts *o)
{
	struct work w = { .o = o, .dev = d, .lines = o->lines ? o->lines : 1 };
	struct nvrt_err err;
	int rc;

	w.line_bytes = (uint32_t)(o->size / w.lines);
	rc = work_open(&w);
	if (rc == SUBMIT_OK)
		rc = work_run(&w);
	nvrt_ce_buffer_free(&w.ch, &w.src);
	nvrt_ce_buffer_free(&w.ch, &w.dst);
	nvrt_trace_mark(d->backend, "nvrt-submit: teardown");
	if (w.ch.dev && nvrt_channel_close(&w.ch, &err) < 0) {
		fprintf(stderr, "nvrt-submit: teardown: %s\n", err.msg);
		rc = SUBMIT_FAIL;
	} else if (w.ch.dev && rc == SUBMIT_OK) {
		printf("teardown: channel %u disabled, runlist %u preempted, empty runlist submitted, "
		       "channel unbound\n", w.ch.params.chid, w.ch.watch.runlist);
	}
	return rc;
}
