/* SPDX-License-Identifier: MIT */
/*
 * Shared by the fuzz targets (test/fuzz/fuzz_*.c).  Each target defines
 * LLVMFuzzerTestOneInput; it is linked either with libFuzzer (`make fuzz`,
 * clang -fsanitize=fuzzer) or with test/fuzz/replay.c, a plain main() that
 * feeds it the seed corpus and the regression inputs (`make test`).
 *
 * A target never trusts its input: it copies it into buffers of exactly the
 * size it hands on, so a sanitizer sees any read past the end.  A property a
 * target checks (a round trip, an internal-error path) fails with
 * fuzz_fail(), which aborts: libFuzzer and the replay driver both report it
 * as a crash.
 */
#ifndef REFGEN_FUZZ_H
#define REFGEN_FUZZ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where dumps and decoders print: /dev/null, opened once. */
static inline FILE *fuzz_null(void)
{
	static FILE *null;

	if (!null) {
		null = fopen("/dev/null", "w");
		if (!null) {
			perror("fuzz: /dev/null");
			abort();
		}
	}
	return null;
}

/* A broken property: says which and aborts (a crash for libFuzzer). */
__attribute__((noreturn, format(printf, 1, 2)))
static inline void fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz: property violated: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* A copy of data[0..size) in a buffer of exactly size bytes (1 if empty). */
static inline void *fuzz_dup(const uint8_t *data, size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		abort();
	if (size)
		memcpy(p, data, size);
	return p;
}

/* Little-endian integers from the front of the input (zeros past its end). */
struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

static inline uint64_t fuzz_take(struct fuzz_in *in, unsigned bytes)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < bytes; i++) {
		if (in->n) {
			v |= (uint64_t)in->p[0] << (8 * i);
			in->p++;
			in->n--;
		}
	}
	return v;
}

#endif
