/* SPDX-License-Identifier: MIT */
/*
 * make bench: the class headers' push helpers against hand-packed dwords.
 *
 *   bench_push [ignored]       (run-bench.sh passes the manuals root)
 *
 * Row (run-bench.sh's columns: figure | value | baseline | ratio | notes):
 *   push c3b5 copy   a pitch copy's nine copy-engine methods (OFFSET_IN/OUT
 *                    UPPER/LOWER, PITCH_IN/OUT, LINE_LENGTH_IN, LINE_COUNT,
 *                    LAUNCH_DMA) pushed with c3b5_push_<method>() into a
 *                    struct refgen_pushbuf, again and again through a 1 MiB
 *                    buffer: methods per second.  Baseline, in the same run:
 *                    the same dwords packed by hand (the header written as
 *                    0x20000000 | 1 << 16 | subch << 13 | offset >> 2, the
 *                    offsets from clc3b5.h:135-149 and :68), with the same
 *                    room check per method.  Goal: ratio >= 0.9.
 * Built with NDEBUG (the release configuration: REFGEN_CHECK off).  Best of
 * BENCH_REPEAT (default 5); the thread's CPU time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gv100/clc3b5.h>

#define BENCH_ROW_FORMAT "%-34s | %-10s | %-10s | %-8s | %s\n"
#define BENCH_DWORDS (1u << 18)
#define BENCH_ROUNDS 400u

static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One copy through the push helpers: -1 when pb is full. */
static inline int bench_copy_helpers(struct refgen_pushbuf *pb, uint64_t src, uint64_t dst, uint32_t n)
{
	int rc = 0;

	rc |= c3b5_push_offset_in_upper(pb, 4, (c3b5_offset_in_upper_t){ (uint32_t)(src >> 32) });
	rc |= c3b5_push_offset_in_lower(pb, 4, (c3b5_offset_in_lower_t){ (uint32_t)src });
	rc |= c3b5_push_offset_out_upper(pb, 4, (c3b5_offset_out_upper_t){ (uint32_t)(dst >> 32) });
	rc |= c3b5_push_offset_out_lower(pb, 4, (c3b5_offset_out_lower_t){ (uint32_t)dst });
	rc |= c3b5_push_pitch_in(pb, 4, (c3b5_pitch_in_t){ n });
	rc |= c3b5_push_pitch_out(pb, 4, (c3b5_pitch_out_t){ n });
	rc |= c3b5_push_line_length_in(pb, 4, (c3b5_line_length_in_t){ n });
	rc |= c3b5_push_line_count(pb, 4, (c3b5_line_count_t){ 1 });
	rc |= c3b5_push_launch_dma(pb, 4, (c3b5_launch_dma_t){ 0x386 });
	return rc;
}

/* The same by hand: header = INC_METHOD | count 1 | subchannel 4 | offset >> 2. */
#define BENCH_HDR(off) (0x20000000u | 0x10000u | (4u << 13) | ((off) >> 2))
static inline int bench_put(uint32_t **p, uint32_t *end, uint32_t header, uint32_t v)
{
	if (end - *p < 2)
		return -1;
	(*p)[0] = header;
	(*p)[1] = v;
	*p += 2;
	return 0;
}

static inline int bench_copy_hand(uint32_t **p, uint32_t *end, uint64_t src, uint64_t dst, uint32_t n)
{
	int rc = 0;

	rc |= bench_put(p, end, BENCH_HDR(0x400u), (uint32_t)(src >> 32));
	rc |= bench_put(p, end, BENCH_HDR(0x404u), (uint32_t)src);
	rc |= bench_put(p, end, BENCH_HDR(0x408u), (uint32_t)(dst >> 32));
	rc |= bench_put(p, end, BENCH_HDR(0x40cu), (uint32_t)dst);
	rc |= bench_put(p, end, BENCH_HDR(0x410u), n);
	rc |= bench_put(p, end, BENCH_HDR(0x414u), n);
	rc |= bench_put(p, end, BENCH_HDR(0x418u), n);
	rc |= bench_put(p, end, BENCH_HDR(0x41cu), 1);
	rc |= bench_put(p, end, BENCH_HDR(0x300u), 0x386);
	return rc;
}

int main(void)
{
	const char *e = getenv("BENCH_REPEAT");
	int repeat = e ? atoi(e) : 5;
	uint32_t *mem = malloc(BENCH_DWORDS * sizeof(*mem)), *ref = malloc(BENCH_DWORDS * sizeof(*ref));
	unsigned rounds = getenv("BENCH_SMOKE") && atoi(getenv("BENCH_SMOKE")) ? 20u : BENCH_ROUNDS;
	double best_h = 1e30, best_b = 1e30;
	unsigned long copies = 0;

	if (!mem || !ref)
		return 1;
	for (int r = 0; r < (repeat > 0 ? repeat : 1); r++) {
		double t = bench_now();
		copies = 0;
		for (unsigned k = 0; k < rounds; k++) {
			struct refgen_pushbuf pb = { mem, mem + BENCH_DWORDS, false };
			for (uint32_t i = 0; bench_copy_helpers(&pb, 0x100000000ull + i, 0x200000000ull + i * 2, 4096 + i) == 0; i++)
				copies++;
		}
		t = bench_now() - t;
		best_h = t < best_h ? t : best_h;
		t = bench_now();
		for (unsigned k = 0; k < rounds; k++) {
			uint32_t *p = ref;
			for (uint32_t i = 0; bench_copy_hand(&p, ref + BENCH_DWORDS, 0x100000000ull + i, 0x200000000ull + i * 2, 4096 + i) == 0; i++)
				;
		}
		t = bench_now() - t;
		best_b = t < best_b ? t : best_b;
	}
	/* the same dwords either way (up to where the last whole copy fits) */
	if (memcmp(mem, ref, (BENCH_DWORDS / 18) * 18 * sizeof(*mem))) {
		fprintf(stderr, "bench_push: the push helpers' dwords differ from the hand-packed ones\n");
		return 1;
	}
	double methods = (double)copies * 9, ours = methods / best_h / 1e6, base = methods / best_b / 1e6;
	char v[32], b[32], q[32];
	snprintf(v, sizeof(v), "%.0f M/s", ours);
	snprintf(b, sizeof(b), "%.0f M/s", base);
	snprintf(q, sizeof(q), "%.2fx", ours / base);
	printf(BENCH_ROW_FORMAT, "push c3b5 copy methods", v, b, q,
	       "c3b5_push_* vs hand-packed dwords (goal >= 0.9x)");
	printf("push c3b5: %s (%.2fx of hand-packed dwords; goal >= 0.9x)\n",
	       ours / base >= 0.9 ? "goal met" : "goal NOT met", ours / base);
	free(mem);
	free(ref);
	return 0;
}
