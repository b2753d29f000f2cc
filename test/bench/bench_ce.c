/* SPDX-License-Identifier: MIT */
/*
 * make bench: the simulator's copy engine against memcpy.
 *
 *   bench_ce [ignored]       (run-bench.sh passes the manuals root)
 *
 * Row (run-bench.sh's columns: figure | value | baseline | ratio | notes):
 *   ce copy 64 MiB   one 1D LAUNCH_DMA of 64 MiB between two buffers mapped
 *                    with 64 KiB pages, on the GA100 simulator through
 *                    libnvrt (nvrt_ce_copy + the CE's semaphore release):
 *                    time from the doorbell to the semaphore seen.
 *                    Baseline, in the same run: one memcpy of 64 MiB between
 *                    two other buffers, touched beforehand.  Goal: ratio
 *                    <= 2 (the "64 MiB copied in <= 2x the time of
 *                    one memcpy of 64 MiB").
 * Best of BENCH_REPEAT (default 5); wall-clock time (CLOCK_MONOTONIC): the
 * copy runs on the simulator's own thread.  BENCH_SMOKE=1: 4 MiB.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nvrt/ce.h"
#include "nvrt/chip.h"
#include "nvrt/device.h"
#include "nvrt/sim.h"

#define BENCH_ROW_FORMAT "%-34s | %-10s | %-10s | %-8s | %s\n"
#define BENCH_PAGE (64u * 1024u)

static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int bench_fail(const char *what, const struct nvrt_err *err)
{
	fprintf(stderr, "bench_ce: %s: %s\n", what, err->msg);
	return 1;
}

/* One copy of size bytes and its release; seconds from submission to the semaphore. */
static int bench_ce_once(struct nvrt_channel *ch, const struct nvrt_ce_buffer *src,
			 const struct nvrt_ce_buffer *dst, uint32_t size, uint32_t payload, double *t)
{
	struct nvrt_ce_copy c = { src->va, dst->va, size, 1, 0, 0 };
	struct nvrt_err err;
	double t0;

	if (nvrt_ce_copy(ch, &c, &err) < 0 || nvrt_ce_release(ch, payload, &err) < 0)
		return bench_fail("push", &err);
	t0 = bench_now();
	if (nvrt_ce_submit(ch, payload, &err) < 0 || nvrt_channel_wait(ch, payload, NULL, &err))
		return bench_fail("copy", &err);
	*t = bench_now() - t0;
	if (memcmp(src->mem.cpu, dst->mem.cpu, size)) {
		fprintf(stderr, "bench_ce: the copy differs from its source\n");
		return 1;
	}
	return 0;
}

static double bench_memcpy_once(uint8_t *d, const uint8_t *s, size_t n)
{
	double t0 = bench_now();

	memcpy(d, s, n);
	__asm__ __volatile__("" : : "r"(d) : "memory");
	return bench_now() - t0;
}

int main(void)
{
	const char *s = getenv("BENCH_REPEAT"), *smoke = getenv("BENCH_SMOKE");
	int repeat = s && atoi(s) > 0 ? atoi(s) : 5;
	uint32_t size = smoke && !strcmp(smoke, "1") ? 4u << 20 : 64u << 20;
	const struct nvrt_chip *c = nvrt_chip_find("ga100");
	struct nvrt_sim_config cfg = { .chip = c };
	struct nvrt_channel_params p;
	struct nvrt_ce_buffer src, dst;
	struct nvrt_backend *b;
	struct nvrt_device d;
	struct nvrt_channel ch;
	struct nvrt_err err;
	double ce = 1e9, mc = 1e9, t = 0;
	uint8_t *ms, *md;
	char v[32], bl[32], r[32], notes[240];
	int rc = 0;

	if (!c || !(b = nvrt_backend_sim_open(&cfg, &err)))
		return c ? bench_fail("simulator", &err) : 1;
	if (nvrt_device_open(&d, b, c, NULL, &err) < 0)
		return bench_fail("device", &err);
	nvrt_channel_params_default(&p);
	p.copy_engine = true;
	p.timeout_ms = 60000;
	if (nvrt_channel_open(&ch, &d, &p, &err) < 0 || nvrt_ce_bind(&ch, &err) < 0 ||
	    nvrt_ce_buffer_alloc(&ch, size, BENCH_PAGE, &src, &err) < 0 ||
	    nvrt_ce_buffer_alloc(&ch, size, BENCH_PAGE, &dst, &err) < 0)
		return bench_fail("channel", &err);
	ms = malloc(size);
	md = malloc(size);
	if (!ms || !md)
		return 1;
	for (uint32_t i = 0; i < size; i++)
		((uint8_t *)src.mem.cpu)[i] = ms[i] = (uint8_t)(i * 2654435761u >> 24);
	memset(md, 0, size);
	for (int i = 0; i < repeat && !rc; i++) {
		rc = bench_ce_once(&ch, &src, &dst, size, (uint32_t)i + 1, &t);
		ce = t < ce ? t : ce;
		t = bench_memcpy_once(md, ms, size);
		mc = t < mc ? t : mc;
	}
	if (!rc) {
		snprintf(v, sizeof(v), "%.2f ms", ce * 1e3);
		snprintf(bl, sizeof(bl), "%.2f ms", mc * 1e3);
		snprintf(r, sizeof(r), "%.2fx", ce / mc);
		snprintf(notes, sizeof(notes), "ga100 simulator, one 1D LAUNCH_DMA of %u MiB, 64 KiB pages, "
			 "doorbell to CE semaphore; baseline one memcpy of %u MiB; goal <= 2x: %s",
			 size >> 20, size >> 20, ce <= 2 * mc ? "met" : "NOT MET");
		printf(BENCH_ROW_FORMAT, "ce copy vs memcpy", v, bl, r, notes);
	}
	nvrt_ce_buffer_free(&ch, &src);
	nvrt_ce_buffer_free(&ch, &dst);
	nvrt_channel_close(&ch, &err);
	nvrt_device_close(&d);
	nvrt_backend_close(b);
	free(ms);
	free(md);
	return rc;
}
