/* SPDX-License-Identifier: MIT */
/* The fixed-size latency histogram of nvrt-submit (submit_hist.h). */
#include <string.h>

#include "submit_hist.h"

void submit_hist_init(struct submit_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

/* Bucket of v: exact below 2 * SUB; else the power of two and the top
 * SUB_BITS bits below its leading one. */
static uint32_t submit_hist_bucket(uint64_t v)
{
	uint32_t e, sub;

	if (v < 2 * SUBMIT_HIST_SUB)
		return (uint32_t)v;
	e = 63u - (uint32_t)__builtin_clzll(v);              /* >= SUB_BITS + 1 */
	sub = (uint32_t)(v >> (e - SUBMIT_HIST_SUB_BITS)) & (SUBMIT_HIST_SUB - 1);
	return 2 * SUBMIT_HIST_SUB + (e - SUBMIT_HIST_SUB_BITS - 1) * SUBMIT_HIST_SUB + sub;
}

/* The largest value that falls in bucket b. */
static uint64_t submit_hist_top(uint32_t b)
{
	uint32_t e, sub;

	if (b < 2 * SUBMIT_HIST_SUB)
		return b;
	e = (b - 2 * SUBMIT_HIST_SUB) / SUBMIT_HIST_SUB + SUBMIT_HIST_SUB_BITS + 1;
	sub = (b - 2 * SUBMIT_HIST_SUB) % SUBMIT_HIST_SUB;
	/* Leading one at e, then sub, then all ones below. */
	return (((uint64_t)(SUBMIT_HIST_SUB + sub) + 1) << (e - SUBMIT_HIST_SUB_BITS)) - 1;
}

void submit_hist_add(struct submit_hist *h, uint64_t v)
{
	h->count[submit_hist_bucket(v)]++;
	h->n++;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
}

uint64_t submit_hist_quantile(const struct submit_hist *h, uint64_t num, uint64_t den)
{
	uint64_t rank, seen = 0;

	if (!h->n || !den)
		return 0;
	rank = (uint64_t)((unsigned __int128)h->n * num / den);
	if (rank >= h->n)
		rank = h->n - 1;
	for (uint32_t b = 0; b < SUBMIT_HIST_BUCKETS; b++) {
		seen += h->count[b];
		if (seen > rank) {
			uint64_t top = submit_hist_top(b);

			return top < h->max ? top : h->max;
		}
	}
	return h->max;
}
