/* SPDX-License-Identifier: MIT */
/*
 * make bench: refgen lookup's batch mode, lines decoded per second (the goal
 * is 1 M lines/s), next to copying the same lines unchanged as a floor.
 *
 *   bench_lookup [MANUALS_ROOT]     (the IR is read from $REFGEN_IR/gv100,
 *                                    default out/ir/gv100)
 *
 * 1 M "ADDRESS VALUE" lines are made in memory (not timed): register
 * addresses of every unit of gv100 taken in turn from the index, every eighth
 * line an address no register holds, values from a fixed xorshift sequence.
 * Each figure is the best of BENCH_REPEAT runs (default 5) writing to
 * /dev/null through a 64 KiB stdio buffer, as `refgen lookup -` does, timed
 * in process CPU time: the benchmark is single-threaded, and on a shared
 * machine wall time would measure the other load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/diag.h"
#include "io/ir_chip.h"
#include "cli/cli_lookup.h"
#include "lookup/lookup_batch.h"
#include "lookup/lookup_index.h"

#define BENCH_ROW_FORMAT "%-34s | %-10s | %-10s | %-8s | %s\n"
#define BENCH_LINES 1000000

static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static char *bench_lines(const struct lookup_index *x, size_t *len)
{
	size_t cap = (size_t)BENCH_LINES * 24, n = 0;
	char *buf = malloc(cap);
	uint64_t s = 88172645463325252ull;

	if (!buf)
		abort();
	for (size_t i = 0; i < BENCH_LINES; i++) {
		uint64_t addr = x->regs[(i * 7919) % x->nregs].addr;
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		if (i % 8 == 7)
			addr = 0x7f000000 + (i & 0xfff) * 4;
		n += (size_t)snprintf(buf + n, cap - n, "0x%llx 0x%08x\n", (unsigned long long)addr, (uint32_t)s);
	}
	*len = n;
	return buf;
}

static double bench_run(const struct lookup_index *x, const char *in, size_t len, bool decode)
{
	static char obuf[1 << 16];
	FILE *out = fopen("/dev/null", "w");
	struct lookup_ctx c;
	struct lookup_batch b;
	struct strbuf s = { 0 };
	double t0;

	if (!out)
		abort();
	setvbuf(out, obuf, _IOFBF, sizeof(obuf));
	lookup_ctx_init(&c, x, "gv100");
	lookup_batch_init(&b, &c);
	t0 = bench_now();
	for (const char *p = in, *end = in + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (decode) {
			size_t len = (size_t)(nl - p);

			cli_lookup_print_line(out, &s, &b, lookup_batch_line(&b, p, len), p, len, false);
		} else {
			fwrite(p, 1, (size_t)(nl - p), out);
			fputc('\n', out);
		}
		p = nl + 1;
	}
	fflush(out);
	t0 = bench_now() - t0;
	lookup_batch_release(&b);
	strbuf_release(&s);
	fclose(out);
	return t0;
}

int main(void)
{
	const char *root = getenv("REFGEN_IR") ? getenv("REFGEN_IR") : "out/ir";
	int reps = getenv("BENCH_REPEAT") ? atoi(getenv("BENCH_REPEAT")) : 5;
	struct ir_chip chip;
	struct lookup_index x;
	struct diag d;
	double best = 1e9, copy = 1e9;
	char v[32], base[32], ratio[32], notes[96];
	size_t len;
	char *in;

	diag_init(&d);
	if (ir_chip_load(&chip, "gv100", root, &d) < 0 || lookup_index_build(&x, &chip) < 0 || !x.nregs)
		return 1;
	in = bench_lines(&x, &len);
	for (int r = 0; r < (reps > 0 ? reps : 1); r++) {
		double t = bench_run(&x, in, len, true), c = bench_run(&x, in, len, false);
		best = t < best ? t : best;
		copy = c < copy ? c : copy;
	}
	snprintf(v, sizeof(v), "%.2f M/s", BENCH_LINES / best / 1e6);
	snprintf(base, sizeof(base), "1.00 M/s");
	snprintf(ratio, sizeof(ratio), "%.2fx", BENCH_LINES / best / 1e6);
	snprintf(notes, sizeof(notes), "goal 1 M lines/s; CPU time; gv100, %zu register elements", x.nregs);
	printf(BENCH_ROW_FORMAT, "lookup batch, decoded lines", v, base, ratio, notes);
	snprintf(v, sizeof(v), "%.2f M/s", BENCH_LINES / copy / 1e6);
	snprintf(base, sizeof(base), "%.2f M/s", BENCH_LINES / best / 1e6);
	snprintf(ratio, sizeof(ratio), "%.2fx", best / copy);
	printf(BENCH_ROW_FORMAT, "lookup batch, lines copied (floor)", v, base, ratio, "decode cost = ratio");
	free(in);
	lookup_index_release(&x);
	ir_chip_release(&chip);
	return 0;
}
