/* SPDX-License-Identifier: MIT */
/*
 * nvrt-submit's latency histogram (runtime/demo/submit_hist.c): fixed size
 * whatever the count, exact below 64, and above that a percentile is the
 * top of its bucket: never below the true value, at most 1/32 above it.
 * Bucket tops worked out by hand: 1000 lies in [512, 1024), whose 32
 * buckets are 16 wide, the 31st (sub 30) being [992, 1007]; 2000 in
 * [1024, 2048), buckets 32 wide, sub 30 = [1984, 2015]; 500001 in
 * [2^18, 2^19), buckets 8192 wide, sub 29 = [499712, 507903]; 990001 in
 * [2^19, 2^20), buckets 16384 wide, sub 28 = [983040, 999423].
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "submit_hist.h"

static struct submit_hist *hist_new(void)
{
	struct submit_hist *h = malloc(sizeof(*h));

	assert_non_null(h);
	submit_hist_init(h);
	return h;
}

static void test_hist_size_fixed(void **state)
{
	(void)state;
	/* 64 exact buckets + 58 powers of two (2^6 .. 2^63) x 32, plus n/min/max. */
	assert_int_equal(SUBMIT_HIST_BUCKETS, 64 + 58 * 32);
	assert_int_equal(sizeof(struct submit_hist), (64 + 58 * 32 + 3) * sizeof(uint64_t));
}

static void test_hist_exact_small(void **state)
{
	struct submit_hist *h = hist_new();

	(void)state;
	assert_int_equal(submit_hist_quantile(h, 1, 2), 0);     /* empty */
	for (uint64_t v = 0; v < 64; v++)
		submit_hist_add(h, v);
	assert_int_equal(h->n, 64);
	assert_int_equal(submit_hist_quantile(h, 0, 1), 0);
	assert_int_equal(submit_hist_quantile(h, 1, 2), 32);     /* rank 32 */
	assert_int_equal(submit_hist_quantile(h, 99, 100), 63);  /* rank 63 */
	assert_int_equal(submit_hist_quantile(h, 1, 1), 63);
	free(h);
}

static void test_hist_bucket_tops(void **state)
{
	struct submit_hist *h = hist_new();

	(void)state;
	submit_hist_add(h, 1000);
	assert_int_equal(submit_hist_quantile(h, 1, 2), 1000);   /* top 1007, capped at max */
	submit_hist_add(h, 2000);
	assert_int_equal(submit_hist_quantile(h, 0, 1), 1007);
	assert_int_equal(submit_hist_quantile(h, 1, 2), 2000);   /* top 2015, capped at max */
	submit_hist_add(h, 3000);
	/* 2000's bucket top, no longer the largest value. */
	assert_int_equal(submit_hist_quantile(h, 1, 2), 2015);
	assert_int_equal(h->min, 1000);
	assert_int_equal(h->max, 3000);
	free(h);
}

/* A million values 1..1e6: the median is 500001, p99 990001 (sorted[n*q]). */
static void test_hist_million(void **state)
{
	struct submit_hist *h = hist_new();

	(void)state;
	for (uint64_t v = 1; v <= 1000000; v++)
		submit_hist_add(h, v);
	assert_int_equal(submit_hist_quantile(h, 1, 2), 507903);
	assert_int_equal(submit_hist_quantile(h, 99, 100), 999423);
	assert_int_equal(submit_hist_quantile(h, 1, 1), 1000000);
	free(h);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Against a sorted array: never below, at most 1/32 above. */
static void test_hist_random_bound(void **state)
{
	enum { N = 20000 };
	uint64_t *v = malloc(N * sizeof(*v));
	struct submit_hist *h = hist_new();
	static const uint64_t q[][2] = { { 0, 1 }, { 1, 10 }, { 1, 2 }, { 9, 10 }, { 99, 100 },
					 { 999, 1000 }, { 1, 1 } };

	(void)state;
	assert_non_null(v);
	srand(15);
	for (int i = 0; i < N; i++) {
		v[i] = ((uint64_t)rand() << 16 ^ (uint64_t)rand()) >> (rand() % 40);
		submit_hist_add(h, v[i]);
	}
	qsort(v, N, sizeof(*v), cmp_u64);
	for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		uint64_t rank = (uint64_t)N * q[i][0] / q[i][1];
		uint64_t want = v[rank < N ? rank : N - 1], got = submit_hist_quantile(h, q[i][0], q[i][1]);

		if (got < want || got > want + want / 32)
			fail_msg("q %llu/%llu: %llu, true %llu", (unsigned long long)q[i][0],
				 (unsigned long long)q[i][1], (unsigned long long)got, (unsigned long long)want);
	}
	free(v);
	free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hist_size_fixed),
		cmocka_unit_test(test_hist_exact_small),
		cmocka_unit_test(test_hist_bucket_tops),
		cmocka_unit_test(test_hist_million),
		cmocka_unit_test(test_hist_random_bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
