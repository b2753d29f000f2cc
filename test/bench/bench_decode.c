/* SPDX-License-Identifier: MIT */
/*
 * make bench: decoding to the manual's names.
 *
 *   bench_decode [ignored]       (run-bench.sh passes the manuals root)
 *
 * Rows follow run-bench.sh's columns: figure | value | baseline | ratio | notes.
 *   reg decode    nvrt_reg_text of every one-word register layout of GV100's
 *                 dev_fifo, dev_pbdma and dev_pmc with pseudo-random values:
 *                 every field named, value names resolved; time per value.
 *                 Baseline, in the same run: the plain walk over the same
 *                 descriptors (refgen_field_value, refgen_field_value_name,
 *                 snprintf per field), no hidden-field rules.  Goal <= 0.5 us.
 *   pb decode     nvrt_pb_decode (what `nvrt decode pushbuffer` prints) of
 *                 a pushbuffer of semaphore releases, written to a file under
 *                 out/tmp (a new file, default stdio buffering, as `nvrt
 *                 decode pushbuffer >FILE`): dwords per second.  Baseline:
 *                 fprintf of each dword as "offset: hex" to a file the same
 *                 way.  Goal >= 10 M dwords/s.
 * Best of BENCH_REPEAT (default 5).  Times are the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID, system time of the writes included), ours and
 * the baselines alike: on a shared machine wall time counts the neighbours.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <gv100/fields/dev_fifo.h>
#include <gv100/fields/dev_master.h>
#include <gv100/fields/dev_pbdma.h>

#include "nvrt/pushbuf.h"
#include "dump/reg_dump.h"

#define BENCH_ROW_FORMAT "%-34s | %-10s | %-10s | %-8s | %s\n"
#define BENCH_SECONDS 0.2
#define BENCH_PB_DWORDS (1u << 20)
#define BENCH_TMP "out/tmp/bench_decode.txt"

static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- register values --------------------------------------------------------------- */

struct bench_regs {
	const struct refgen_layout *l[4096];
	uint32_t v[4096];
	size_t n;
};

static void bench_regs_add(struct bench_regs *r, const struct refgen_layout *const *ls)
{
	static uint32_t x = 0x12345678u;

	for (; *ls && r->n < 4096; ls++) {
		if ((*ls)->words != 1 || !(*ls)->nfields)
			continue;
		x ^= x << 13, x ^= x >> 17, x ^= x << 5;
		r->l[r->n] = *ls;
		r->v[r->n++] = x;
	}
}

static size_t bench_sink;

/* ns per value of nvrt_reg_text over every register. */
static double bench_reg_ours(const struct bench_regs *r)
{
	char buf[1024];
	size_t n = 0;
	double t0 = bench_now(), t;

	do {
		for (size_t i = 0; i < r->n; i++) {
			nvrt_reg_text(r->l[i], r->v[i], 0, buf, sizeof(buf));
			bench_sink += (unsigned char)buf[0];
		}
		n += r->n;
		t = bench_now() - t0;
	} while (t < BENCH_SECONDS);
	return t * 1e9 / (double)n;
}

static void bench_reg_plain_one(const struct refgen_layout *l, uint32_t v, char *buf, size_t size)
{
	int k = snprintf(buf, size, "%s 0x%08" PRIx32 ":", l->name, v);

	for (uint32_t i = 0; i < l->nfields && k > 0 && (size_t)k < size; i++) {
		const struct refgen_field *f = &l->fields[i];
		uint64_t x = refgen_field_value(f, &v);
		const char *name = refgen_field_value_name(f, x);

		if (name)
			k += snprintf(buf + k, size - (size_t)k, " %s=%s", f->name, name);
		else
			k += snprintf(buf + k, size - (size_t)k, " %s=0x%" PRIx64, f->name, x);
	}
}

static double bench_reg_plain(const struct bench_regs *r)
{
	char buf[1024];
	size_t n = 0;
	double t0 = bench_now(), t;

	do {
		for (size_t i = 0; i < r->n; i++) {
			bench_reg_plain_one(r->l[i], r->v[i], buf, sizeof(buf));
			bench_sink += (unsigned char)buf[0];
		}
		n += r->n;
		t = bench_now() - t0;
	} while (t < BENCH_SECONDS);
	return t * 1e9 / (double)n;
}

/* ---- pushbuffer ---------------------------------------------------------------------- */

static size_t bench_pb_build(uint32_t *mem, size_t dwords)
{
	struct nvrt_pb pb;
	uint64_t i = 0;

	nvrt_pb_init(&pb, nvrt_chip_find("gv100"), mem, dwords * sizeof(uint32_t));
	while (nvrt_pb_semaphore(&pb, 0x100000 + 16 * (i % 4096), i, NVRT_SEM_RELEASE) == 0 &&
	       nvrt_pb_non_stall_interrupt(&pb) == 0)
		i++;
	return pb.len;
}

/* Seconds to write words[0..n) to a fresh file, with ours or the baseline. */
static double bench_pb_pass(const uint32_t *w, size_t n, int baseline)
{
	FILE *f;
	double t0, t;

	/* A new file, as a shell's "> FILE" gives: not the truncation of the last pass's. */
	remove(BENCH_TMP);
	t0 = bench_now();
	f = fopen(BENCH_TMP, "w");
	if (!f) {
		perror(BENCH_TMP);
		exit(1);
	}
	if (baseline)
		for (size_t i = 0; i < n; i++)
			fprintf(f, "%6zu: %08" PRIx32 "\n", i, w[i]);
	else
		nvrt_pb_decode(nvrt_chip_find("gv100"), w, n, f);
	fclose(f);
	t = bench_now() - t0;
	return t;
}

static void bench_row(const char *figure, const char *v, const char *b, const char *r, const char *notes)
{
	printf(BENCH_ROW_FORMAT, figure, v, b, r, notes);
}

int main(void)
{
	static struct bench_regs regs;
	const char *s = getenv("BENCH_REPEAT");
	int repeat = s && atoi(s) > 0 ? atoi(s) : 5;
	double ours = 1e9, plain = 1e9, pb = 1e9, pb_base = 1e9;
	uint32_t *mem = malloc(BENCH_PB_DWORDS * sizeof(uint32_t));
	size_t n;
	char v[32], b[32], r[32], notes[200];

	bench_regs_add(&regs, gv100_dev_fifo_layouts);
	bench_regs_add(&regs, gv100_dev_pbdma_layouts);
	bench_regs_add(&regs, gv100_dev_master_layouts);
	if (!mem)
		return 1;
	n = bench_pb_build(mem, BENCH_PB_DWORDS);
	mkdir("out", 0777);
	mkdir("out/tmp", 0777);
	for (int i = 0; i < repeat; i++) {
		double a = bench_reg_ours(&regs), c = bench_reg_plain(&regs);
		double d = bench_pb_pass(mem, n, 0), e = bench_pb_pass(mem, n, 1);
		ours = a < ours ? a : ours;
		plain = c < plain ? c : plain;
		pb = d < pb ? d : pb;
		pb_base = e < pb_base ? e : pb_base;
	}
	snprintf(v, sizeof(v), "%.3f us", ours / 1e3);
	snprintf(b, sizeof(b), "%.3f us", plain / 1e3);
	snprintf(r, sizeof(r), "%.2fx", ours / plain);
	snprintf(notes, sizeof(notes), "nvrt_reg_text, %zu gv100 registers (dev_fifo, dev_pbdma, dev_master); "
		 "baseline snprintf field walk; goal <= 0.5 us: %s", regs.n, ours <= 500 ? "met" : "NOT MET");
	bench_row("reg decode per value", v, b, r, notes);
	snprintf(v, sizeof(v), "%.1f M/s", (double)n / pb / 1e6);
	snprintf(b, sizeof(b), "%.1f M/s", (double)n / pb_base / 1e6);
	snprintf(r, sizeof(r), "%.2fx", pb_base / pb);
	snprintf(notes, sizeof(notes), "nvrt_pb_decode of %zu dwords (semaphore releases) to a file; "
		 "baseline fprintf \"offset: hex\" per dword; goal >= 10 M dwords/s: %s", n,
		 (double)n / pb >= 10e6 ? "met" : "NOT MET");
	bench_row("pb decode to a file, dwords/s", v, b, r, notes);
	remove(BENCH_TMP);
	free(mem);
	return bench_sink == 42;   /* keeps the decoded text alive */
}
