/* SPDX-License-Identifier: MIT */
/*
 * Latency percentiles in fixed memory (submit_hist.c): a log-linear
 * histogram.  Values below SUBMIT_HIST_SUB * 2 are counted exactly; above,
 * each power of two is cut into SUBMIT_HIST_SUB equal buckets, so a
 * percentile is given to within 1/SUBMIT_HIST_SUB (about 3%) of the true
 * value, never below it, whatever the count: 8 bytes per bucket and ~16 KiB
 * in all, however many values go in.
 */
#ifndef NVRT_SUBMIT_HIST_H
#define NVRT_SUBMIT_HIST_H

#include <stdint.h>

#define SUBMIT_HIST_SUB_BITS 5
#define SUBMIT_HIST_SUB (1u << SUBMIT_HIST_SUB_BITS)
/* Exact buckets below 2 * SUB, then SUB per power of two up to 2^63. */
#define SUBMIT_HIST_BUCKETS (2 * SUBMIT_HIST_SUB + (63 - SUBMIT_HIST_SUB_BITS) * SUBMIT_HIST_SUB)

struct submit_hist {
	uint64_t count[SUBMIT_HIST_BUCKETS];
	uint64_t n, min, max;
};

void submit_hist_init(struct submit_hist *h);
void submit_hist_add(struct submit_hist *h, uint64_t v);
/* The value of rank n * num / den among the sorted values (what a sorted
 * array indexed [n * num / den] holds): the top of its bucket, no more than
 * the largest value seen.  0 when empty. */
uint64_t submit_hist_quantile(const struct submit_hist *h, uint64_t num, uint64_t den);

#endif
