/* SPDX-License-Identifier: MIT */
/*
 * make bench: submissions on the GV100 simulator (and the sync ones on the
 * TU104 model beside them), and pushbuffer encoding.
 *
 *   bench_submit [ignored]       (run-bench.sh passes the manuals root)
 *
 * Rows follow run-bench.sh's columns: figure | value | baseline | ratio | notes.
 *   sim sync      BENCH_SUBMIT_N (default 100000) releases of 7 dwords, each
 *                 waited for: submissions per second, and the median (p99)
 *                 time from nvrt_channel_submit_release to the semaphore
 *                 showing the value
 *   sim pipelined the same with up to 256 in flight, against sync
 *   pb encode     nvrt_pb_incr of method groups (header + 4 data dwords)
 *                 against memcpy of the same bytes in the same run: group by
 *                 group (inlined by the compiler), a library call per group,
 *                 and one call for everything; best of BENCH_REPEAT (default 5),
 *                 rates in the thread's CPU time.  nvrt_pb_incr as a program
 *                 calls it (its inline fast path, nvrt/pushbuf.h): goal
 *                 >= 0.5x the inlined memcpy per group; and through a
 *                 pointer to libnvrt's out-of-line definition, against
 *                 memcpy called through a pointer
 *   pb inline     the same groups through GV100's inline encoder
 *                 (nvrt_gv100_pb_incr, nvrt/pushbuf_chip.h), one method at
 *                 a time and into one reserved batch (nvrt_gv100_pb_batch_incr):
 *                 goals >= 0.5x and >= 1.0x the inlined memcpy per group
 *
 * Built with libnvrt by the Makefile rule for out/bench/bench_submit.
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nvrt/device.h"
#include "nvrt/pushbuf.h"
#include "nvrt/pushbuf_gv100.h"
#include "nvrt/sim.h"

#define BENCH_ROW_FORMAT "%-34s | %-10s | %-10s | %-8s | %s\n"
#define BENCH_N_DEFAULT 100000u
#define BENCH_DEPTH 256u
#define BENCH_GROUP_DATA 4u                  /* data dwords per method group */
#define BENCH_PB_BYTES (64u * 1024u)         /* fits L2: encoding, not DRAM */
#define BENCH_PB_SECONDS 0.2

static uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static unsigned bench_env(const char *name, unsigned def)
{
	const char *s = getenv(name);
	unsigned v = s ? (unsigned)strtoul(s, NULL, 0) : 0;

	return v ? v : def;
}

static void bench_row(const char *figure, const char *value, const char *baseline,
		      const char *ratio, const char *notes)
{
	printf(BENCH_ROW_FORMAT, figure, value, baseline, ratio, notes);
}

static int bench_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* ---- the simulator ------------------------------------------------------------------ */

struct bench_sim {
	struct nvrt_backend *b;
	struct nvrt_device d;
	struct nvrt_channel ch;
};

/* The model of chip (a runtime chip name), driven by that chip's runtime. */
static int bench_sim_open(struct bench_sim *s, const char *chip, uint32_t depth)
{
	struct nvrt_sim_config cfg = { .chip = nvrt_chip_find(chip) };
	struct nvrt_channel_params p;
	struct nvrt_err err;

	s->b = cfg.chip ? nvrt_backend_sim_open(&cfg, &err) : NULL;
	if (!cfg.chip)
		nvrt_err_set(&err, "no chip %s in this build", chip);
	if (!s->b || nvrt_device_open(&s->d, s->b, cfg.chip, NULL, &err) < 0) {
		fprintf(stderr, "bench_submit: %s\n", err.msg);
		return -1;
	}
	nvrt_channel_params_default(&p);
	if (depth >= p.gpfifo_entries)
		p.gpfifo_entries = 1u << (32 - __builtin_clz(depth));
	if (nvrt_channel_open(&s->ch, &s->d, &p, &err)) {
		fprintf(stderr, "bench_submit: %s\n", err.msg);
		return -1;
	}
	return 0;
}

static void bench_sim_close(struct bench_sim *s)
{
	struct nvrt_err err;

	nvrt_channel_close(&s->ch, &err);
	nvrt_device_close(&s->d);
	nvrt_backend_close(s->b);
}

/* n releases, at most depth in flight; lat (n entries) gets each latency.
 * Returns the elapsed ns, 0 on failure. */
static uint64_t bench_sim_run(struct bench_sim *s, uint32_t n, uint32_t depth, uint32_t *lat)
{
	uint64_t *t = calloc(depth, sizeof(*t)), t0 = bench_now_ns();
	uint32_t sent = 0, seen = 0;
	struct nvrt_err err;

	while (t && seen < n) {
		for (; sent < n && sent - seen < depth; sent++) {
			t[(sent + 1) % depth] = bench_now_ns();
			if (nvrt_channel_submit_release(&s->ch, sent + 1, &err))
				goto fail;
		}
		uint32_t got;
		if (nvrt_channel_wait(&s->ch, seen + 1, &got, &err))
			goto fail;
		uint64_t now = bench_now_ns();
		for (got = got > sent ? sent : got; seen < got; seen++)
			lat[seen] = (uint32_t)(now - t[(seen + 1) % depth]);
	}
	free(t);
	return bench_now_ns() - t0;
fail:
	fprintf(stderr, "bench_submit: %s\n", err.msg);
	free(t);
	return 0;
}

/* The same sync run on the TU104 model: one model parameterised per chip,
 * so about the GV100 model's rate (gv100_ns, its figure). */
static void bench_sim_rows_tu104(uint32_t n, uint64_t gv100_ns, uint32_t *lat)
{
	struct bench_sim s;
	uint64_t ns;
	char v[32], base[32], ratio[32];

	if (bench_sim_open(&s, "tu104", 1) < 0)
		return;
	ns = bench_sim_run(&s, n, 1, lat);
	bench_sim_close(&s);
	if (!ns)
		return;
	snprintf(v, sizeof(v), "%.0f/s", n * 1e9 / (double)ns);
	snprintf(base, sizeof(base), "%.0f/s", n * 1e9 / (double)gv100_ns);
	snprintf(ratio, sizeof(ratio), "%.2fx", (double)gv100_ns / (double)ns);
	bench_row("sim submissions (sync), TU104", v, base, ratio,
		  "the TU104 model and runtime; baseline: GV100's sync");
}

static void bench_sim_rows(uint32_t n)
{
	uint32_t *lat = calloc(n, sizeof(*lat));
	struct bench_sim s;
	uint64_t sync_ns, pipe_ns;
	char v[32], base[32], ratio[32], notes[160];

	if (!lat || bench_sim_open(&s, "gv100", 1) < 0)
		goto out;
	sync_ns = bench_sim_run(&s, n, 1, lat);
	bench_sim_close(&s);
	if (!sync_ns)
		goto out;
	qsort(lat, n, sizeof(*lat), bench_cmp_u32);
	snprintf(v, sizeof(v), "%.0f/s", n * 1e9 / (double)sync_ns);
	snprintf(notes, sizeof(notes), "N=%u releases of 7 dwords, each waited for, simulator", n);
	bench_row("sim submissions (sync)", v, "-", "-", notes);
	snprintf(v, sizeof(v), "%.1f us", lat[n / 2] / 1e3);
	snprintf(notes, sizeof(notes), "p99 %.1f us, max %.1f us, min %.1f us", lat[(uint64_t)n * 99 / 100] / 1e3,
		 lat[n - 1] / 1e3, lat[0] / 1e3);
	bench_row("sim submit-to-semaphore median", v, "-", "-", notes);
	bench_sim_rows_tu104(n, sync_ns, lat);
	if (bench_sim_open(&s, "gv100", BENCH_DEPTH) < 0)
		goto out;
	pipe_ns = bench_sim_run(&s, n, BENCH_DEPTH, lat);
	bench_sim_close(&s);
	if (!pipe_ns)
		goto out;
	snprintf(v, sizeof(v), "%.0f/s", n * 1e9 / (double)pipe_ns);
	snprintf(base, sizeof(base), "%.0f/s", n * 1e9 / (double)sync_ns);
	snprintf(ratio, sizeof(ratio), "%.2fx", (double)sync_ns / (double)pipe_ns);
	snprintf(notes, sizeof(notes), "up to %u in flight; baseline: sync", BENCH_DEPTH);
	bench_row("sim submissions (pipelined)", v, base, ratio, notes);
out:
	free(lat);
}

/* ---- pushbuffer encoding ------------------------------------------------------------------ */

/* Fills pb with groups until full; returns the bytes written. */
static size_t bench_pb_fill(struct nvrt_pb *pb, const uint32_t *data, uint32_t method)
{
	nvrt_pb_reset(pb);
	while (nvrt_pb_incr(pb, 0, method, data, BENCH_GROUP_DATA) == 0)
		;
	return pb->len * sizeof(uint32_t);
}

/* The same through a pointer the compiler cannot see: libnvrt's own definition. */
static int (*volatile bench_pb_incr_fn)(struct nvrt_pb *, uint32_t, uint32_t, const uint32_t *,
				       uint32_t) = nvrt_pb_incr;

static size_t bench_pb_fill_call(struct nvrt_pb *pb, const uint32_t *data, uint32_t method)
{
	int (*fn)(struct nvrt_pb *, uint32_t, uint32_t, const uint32_t *, uint32_t) = bench_pb_incr_fn;

	nvrt_pb_reset(pb);
	while (fn(pb, 0, method, data, BENCH_GROUP_DATA) == 0)
		;
	return pb->len * sizeof(uint32_t);
}

static size_t bench_pb_fill_inline(struct nvrt_pb *pb, const uint32_t *data, uint32_t method)
{
	nvrt_pb_reset(pb);
	while (nvrt_gv100_pb_incr(pb, 0, method, data, BENCH_GROUP_DATA) == 0)
		;
	return pb->len * sizeof(uint32_t);
}

static size_t bench_pb_fill_batch(struct nvrt_pb *pb, const uint32_t *data, uint32_t method)
{
	const size_t groups = pb->cap / (1 + BENCH_GROUP_DATA);
	struct nvrt_pb_batch b;

	nvrt_pb_reset(pb);
	if (nvrt_pb_batch_begin(pb, groups * (1 + BENCH_GROUP_DATA), &b) < 0)
		return 0;
	for (size_t i = 0; i < groups; i++)
		nvrt_gv100_pb_batch_incr(&b, 0, method, data, BENCH_GROUP_DATA);
	if (nvrt_pb_batch_end(&b) < 0)
		return 0;
	return pb->len * sizeof(uint32_t);
}

/* The thread's CPU time: on a shared machine wall time counts the neighbours. */
static uint64_t bench_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Bytes per second of f over at least BENCH_PB_SECONDS of CPU time. */
#define BENCH_RATE(bytes_out, body)                                             \
	do {                                                                    \
		uint64_t t0_ = bench_cpu_ns(), t_, b_ = 0;                     \
		do {                                                            \
			body;                                                   \
			b_ += (bytes_out);                                      \
			t_ = bench_cpu_ns() - t0_;                             \
		} while (t_ < BENCH_PB_SECONDS * 1e9);                         \
		rate = (double)b_ * 1e9 / (double)t_;                          \
	} while (0)

struct bench_pb {
	struct nvrt_pb pb;
	uint32_t *dst, *src;
	size_t bytes;               /* of whole groups that fit */
	uint32_t method;
	uint32_t data[BENCH_GROUP_DATA];
};

static double bench_pb_encode(struct bench_pb *b)
{
	double rate;

	BENCH_RATE(bench_pb_fill(&b->pb, b->data, b->method), (void)0);
	return rate;
}

static double bench_pb_encode_call(struct bench_pb *b)
{
	double rate;

	BENCH_RATE(bench_pb_fill_call(&b->pb, b->data, b->method), (void)0);
	return rate;
}

static double bench_pb_encode_inline(struct bench_pb *b)
{
	double rate;

	BENCH_RATE(bench_pb_fill_inline(&b->pb, b->data, b->method), (void)0);
	return rate;
}

static double bench_pb_encode_batch(struct bench_pb *b)
{
	double rate;

	BENCH_RATE(bench_pb_fill_batch(&b->pb, b->data, b->method), (void)0);
	return rate;
}

/* memcpy of the encoded bytes, one group (header + data) per call. */
static double bench_pb_memcpy_groups(struct bench_pb *b)
{
	const size_t g = (1 + BENCH_GROUP_DATA) * sizeof(uint32_t);
	double rate;

	BENCH_RATE(b->bytes, {
		uint8_t *d = (uint8_t *)b->dst;
		const uint8_t *s = (const uint8_t *)b->src;
		for (size_t off = 0; off + g <= b->bytes; off += g)
			memcpy(d + off, s + off, g);
		__asm__ __volatile__("" : : "r"(d) : "memory");
	});
	return rate;
}

/* The same, through a pointer the compiler cannot see: a call per group,
 * as a library call is (the inlined memcpy above is two stores). */
static void *(*volatile bench_memcpy_fn)(void *, const void *, size_t) = memcpy;

static double bench_pb_memcpy_calls(struct bench_pb *b)
{
	const size_t g = (1 + BENCH_GROUP_DATA) * sizeof(uint32_t);
	void *(*fn)(void *, const void *, size_t) = bench_memcpy_fn;
	double rate;

	BENCH_RATE(b->bytes, {
		uint8_t *d = (uint8_t *)b->dst;
		const uint8_t *s = (const uint8_t *)b->src;
		for (size_t off = 0; off + g <= b->bytes; off += g)
			fn(d + off, s + off, g);
		__asm__ __volatile__("" : : "r"(d) : "memory");
	});
	return rate;
}

/* Headers alone (the chip's encoder, no stores to the buffer): ns each. */
static double bench_pb_header_ns(struct bench_pb *b)
{
	const struct nvrt_chip *c = b->pb.chip;
	struct nvrt_pb_header h = { .op = NVRT_PB_INCR, .method = b->method, .count = BENCH_GROUP_DATA };
	uint64_t n = 0, t0 = bench_now_ns(), t;
	uint32_t w = 0;

	do {
		for (int i = 0; i < 1024; i++) {
			c->pushbuf->pb_header_encode(&h, &w, NULL);
			__asm__ __volatile__("" : : "r"(w) : "memory");
		}
		n += 1024;
		t = bench_now_ns() - t0;
	} while (t < BENCH_PB_SECONDS * 1e9);
	return (double)t / (double)n;
}

static double bench_pb_memcpy_bulk(struct bench_pb *b)
{
	double rate;

	BENCH_RATE(b->bytes, {
		memcpy(b->dst, b->src, b->bytes);
		__asm__ __volatile__("" : : "r"(b->dst) : "memory");
	});
	return rate;
}

static void bench_pb_row(const char *figure, double v, double base, const char *notes)
{
	char sv[32], sb[32], sr[32];

	snprintf(sv, sizeof(sv), "%.0f MB/s", v / 1e6);
	snprintf(sb, sizeof(sb), "%.0f MB/s", base / 1e6);
	snprintf(sr, sizeof(sr), "%.2fx", v / base);
	bench_row(figure, sv, sb, sr, notes);
}

static void bench_pb_rows(unsigned repeat)
{
	struct bench_pb b = { .method = 0 };
	struct nvrt_host_methods hm;
	double enc = 0, grp = 0, calls = 0, bulk = 0, hdr = 1e9, inl = 0, bat = 0, call = 0;
	char notes[200];

	b.dst = aligned_alloc(64, BENCH_PB_BYTES);
	b.src = aligned_alloc(64, BENCH_PB_BYTES);
	if (!b.dst || !b.src)
		return;
	nvrt_chip_find("gv100")->pushbuf->host_methods(&hm);
	b.method = hm.sem_addr_lo;  /* SEM_ADDR_LO..PAYLOAD_HI: a release's group */
	for (uint32_t i = 0; i < BENCH_GROUP_DATA; i++)
		b.data[i] = 0x1000u * (i + 1);
	nvrt_pb_init(&b.pb, nvrt_chip_find("gv100"), b.dst, BENCH_PB_BYTES);
	b.bytes = bench_pb_fill(&b.pb, b.data, b.method);
	memcpy(b.src, b.dst, b.bytes);
	for (unsigned r = 0; r < repeat; r++) {
		double e = bench_pb_encode(&b), g = bench_pb_memcpy_groups(&b),
		       f = bench_pb_memcpy_calls(&b), k = bench_pb_memcpy_bulk(&b),
		       h = bench_pb_header_ns(&b), in = bench_pb_encode_inline(&b),
		       ba = bench_pb_encode_batch(&b), ca = bench_pb_encode_call(&b);
		call = ca > call ? ca : call;
		inl = in > inl ? in : inl;
		bat = ba > bat ? ba : bat;
		enc = e > enc ? e : enc;
		grp = g > grp ? g : grp;
		calls = f > calls ? f : calls;
		bulk = k > bulk ? k : bulk;
		hdr = h < hdr ? h : hdr;
	}
	snprintf(notes, sizeof(notes), "nvrt_pb_incr, %u data dwords per header, %u KiB buffer; "
		 "baseline memcpy of each group; goal ratio >= 0.5", BENCH_GROUP_DATA, BENCH_PB_BYTES / 1024);
	bench_pb_row("pb encode vs memcpy per group", enc, grp, notes);
	bench_pb_row("pb encode vs memcpy call per group", enc, calls,
		     "memcpy through a function pointer: one call per group");
	bench_pb_row("pb call vs memcpy call per group", call, calls,
		     "nvrt_pb_incr through a function pointer (libnvrt's definition)");
	bench_pb_row("pb encode vs memcpy bulk", enc, bulk, "same bytes, one memcpy call");
	bench_pb_row("pb inline single vs memcpy/group", inl, grp,
		     "nvrt_gv100_pb_incr (inline, generated accessors); goal >= 0.5");
	bench_pb_row("pb inline batch vs memcpy/group", bat, grp,
		     "nvrt_gv100_pb_batch_incr into one reserved batch; goal >= 1.0");
	printf("pb encode: nvrt_pb_incr at least 0.5x memcpy per group: %s (%.2fx); "
	       "batch at least 1.0x: %s (%.2fx)\n", enc >= 0.5 * grp ? "met" : "not met", enc / grp,
	       bat >= grp ? "met" : "not met", bat / grp);
	printf("pb encode: %.1f ns per group of %u dwords, of which the chip's header encoder "
	       "%.1f ns (best of %u)\n", (1 + BENCH_GROUP_DATA) * 4 * 1e9 / enc, 1 + BENCH_GROUP_DATA,
	       hdr, repeat);
	free(b.dst);
	free(b.src);
}

int main(void)
{
	bench_pb_rows(bench_env("BENCH_REPEAT", 5));
	bench_sim_rows(bench_env("BENCH_SUBMIT_N", BENCH_N_DEFAULT));
	return 0;
}
