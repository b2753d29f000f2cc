/* SPDX-License-Identifier: MIT */
/*
 * lookup_config (refgen lookup --config) below the command: the reader's
 * forms of input and its errors, the capability lengths, and the walks'
 * guards, on spaces built here with no chip (an empty index: no register).
 * The chips' registers in real and hand-made spaces are test/cli/config.sh's.
 * Lengths and bit positions: PCI Local Bus Specification 3.0 (6.2.3 status
 * bit 4, 6.7 the pointer at 0x34 with bits 1:0 reserved, 6.8.1 MSI: control
 * bit 7 64-bit, bit 8 per-vector masking), PCI Express Base Specification
 * (7.6.3 the extended header: id 15:0, version 19:16, next 31:20; 7.9.5 the
 * vendor-specific header's length 31:20 at +4).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "lookup/lookup_config.h"

static void put32(struct lookup_config_bytes *c, size_t off, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		c->b[off + i] = (uint8_t)(v >> (8 * i));
}

/* A zeroed space of size bytes whose status says it has a capability list. */
static struct lookup_config_bytes *space(size_t size)
{
	struct lookup_config_bytes *c = calloc(1, sizeof(*c));

	assert_non_null(c);
	c->size = size;
	put32(c, 0x04, 0x00100000);
	return c;
}

static struct lookup_config_result *decode(const struct lookup_config_bytes *c)
{
	static struct lookup_index none;
	struct lookup_config_result *r = malloc(sizeof(*r));

	assert_non_null(r);
	assert_int_equal(lookup_config_decode(r, &none, c), 0);
	return r;
}

static void done(struct lookup_config_result *r, struct lookup_config_bytes *c)
{
	lookup_config_release(r);
	free(r);
	free(c);
}

static int read_text(struct lookup_config_bytes *c, const char *text, struct strbuf *err, unsigned *line,
		     unsigned *col)
{
	err->len = 0;
	return lookup_config_read(c, text, strlen(text), err, line, col);
}

/* lspci -x: a title, four lines, CRLF line ends and trailing blanks taken;
 * `lspci -D`'s title (domain first) is a title too. */
static void test_read_lspci_x(void **state)
{
	struct lookup_config_bytes *c = calloc(1, sizeof(*c));
	struct strbuf err = { 0 };
	unsigned line, col;
	const char *text =
		"0000:01:00.0 3D controller: NVIDIA Corporation Device 2335 (rev a1)\r\n"
		"00: de 10 35 23 46 05 10 00 a1 00 02 03 00 00 00 00  \r\n"
		"10: 0c 00 00 02 40 10 00 00 0c 00 00 00 00 10 00 00\r\n"
		"20: 0c 00 00 00 40 10 00 00 00 00 00 00 de 10 bf 18\n"
		"30: 00 00 00 00 40 00 00 00 00 00 00 00 ff 01 00 00\n"
		"\n";

	(void)state;
	assert_int_equal(read_text(c, text, &err, &line, &col), 0);
	assert_true(c->text);
	assert_int_equal(c->size, 64);
	assert_int_equal(c->b[0x00], 0xde);
	assert_int_equal(c->b[0x2f], 0x18);
	assert_int_equal(c->b[0x34], 0x40);
	strbuf_release(&err);
	free(c);
}

static void test_read_errors(void **state)
{
	struct lookup_config_bytes *c = calloc(1, sizeof(*c));
	struct strbuf err = { 0 };
	unsigned line, col;
	char bin[300];

	(void)state;
	/* a byte of three digits: the column of its first */
	assert_int_equal(read_text(c, "00: de 10 35 233 46 05 10 00 a1 00 02 03 00 00 00 00\n", &err, &line, &col), -1);
	assert_int_equal(line, 1);
	assert_int_equal(col, 14);
	/* seventeen bytes */
	assert_int_equal(read_text(c, "00: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n", &err, &line, &col), -1);
	assert_int_equal(line, 1);
	/* a second title after the bytes began */
	assert_int_equal(read_text(c, "00: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\nnot a line\n", &err, &line,
				   &col), -1);
	assert_int_equal(line, 2);
	assert_non_null(strstr(err.data, "not a line of lspci -x output"));
	/* 16 bytes: neither 64, 256 nor 4,096 */
	assert_int_equal(read_text(c, "00: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n", &err, &line, &col), -1);
	assert_non_null(strstr(err.data, "ends after 0x10 bytes"));
	/* binary of 300 bytes (a byte that is not text makes it binary) */
	memset(bin, 0, sizeof(bin));
	err.len = 0;
	assert_int_equal(lookup_config_read(c, bin, sizeof(bin), &err, &line, &col), -1);
	assert_int_equal(line, 0);
	assert_non_null(strstr(err.data, "300 bytes"));
	/* 256 binary bytes are taken */
	err.len = 0;
	assert_int_equal(lookup_config_read(c, bin, 256, &err, &line, &col), 0);
	assert_false(c->text);
	assert_int_equal(c->size, 256);
	strbuf_release(&err);
	free(c);
}

/* MSI's length by its control bits: 10, 14 (64-bit), 20 (masking), 24 (both). */
static void test_msi_lengths(void **state)
{
	static const struct { uint32_t ctrl; unsigned len; } cases[] = {
		{ 0x0000, 10 }, { 0x0080, 14 }, { 0x0100, 20 }, { 0x0180, 24 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct lookup_config_bytes *c = space(256);
		struct lookup_config_result *r;
		put32(c, 0x34, 0x43);                    /* bits 1:0 reserved: 0x40 */
		put32(c, 0x40, cases[i].ctrl << 16 | 0x05);
		r = decode(c);
		assert_int_equal(r->ncaps, 1);
		assert_int_equal(r->caps[0].offset, 0x40);
		assert_string_equal(r->caps[0].name, "MSI");
		assert_int_equal(r->caps[0].end, 0x40 + cases[i].len);
		assert_int_equal(r->nproblems, 0);
		done(r, c);
	}
}

/* A capability is never taken past the next one; an unknown id only its header. */
static void test_cut_at_next(void **state)
{
	struct lookup_config_bytes *c = space(256);
	struct lookup_config_result *r;

	(void)state;
	put32(c, 0x34, 0x40);
	put32(c, 0x40, 0x00025010);   /* PCI Express v2 (0x3c bytes), next 0x50 */
	put32(c, 0x50, 0x00006033);   /* id 0x33: unknown, next 0x60 */
	put32(c, 0x60, 0x00100009);   /* vendor-specific, 16 bytes by its length byte */
	r = decode(c);
	assert_int_equal(r->ncaps, 3);
	assert_int_equal(r->caps[0].end, 0x50);
	assert_true(r->caps[0].length_known);
	assert_null(r->caps[1].name);
	assert_false(r->caps[1].length_known);
	assert_int_equal(r->caps[1].end, 0x52);
	assert_int_equal(r->caps[2].end, 0x70);
	done(r, c);
}

/* 0xffffffff or 0 at 0x100: no extended list; a 256-byte space: none walked. */
static void test_no_extended_list(void **state)
{
	struct lookup_config_bytes *c = space(4096);
	struct lookup_config_result *r;

	(void)state;
	put32(c, 0x100, 0xffffffff);
	r = decode(c);
	assert_int_equal(r->ncaps, 0);
	assert_int_equal(r->nproblems, 0);
	done(r, c);
	c = space(256);
	put32(c, 0x100 - 4, 0x00010001);
	r = decode(c);
	assert_int_equal(r->ncaps, 0);
	done(r, c);
}

/* The longest extended list without a loop (every dword, 0x100 to 0xffc):
 * the first LOOKUP_CONFIG_CAPS kept, then one error; never a hang. */
static void test_long_list(void **state)
{
	struct lookup_config_bytes *c = space(4096);
	struct lookup_config_result *r;

	(void)state;
	for (uint32_t off = 0x100; off < 0x1000; off += 4)
		put32(c, off, (off + 4 < 0x1000 ? (off + 4) << 20 : 0) | 0x10000 | 0x0018);
	r = decode(c);
	assert_int_equal(r->ncaps, LOOKUP_CONFIG_CAPS);
	assert_int_equal(r->nerrors, 1);
	assert_non_null(strstr(r->problems[0].message, "more than 128 capabilities"));
	done(r, c);
}

/* The standard list's pointers: into the header, a loop, past 64 bytes. */
static void test_standard_guards(void **state)
{
	struct lookup_config_bytes *c = space(256);
	struct lookup_config_result *r;

	(void)state;
	put32(c, 0x34, 0x40);
	put32(c, 0x40, 0x00004801);
	put32(c, 0x48, 0x00004005);   /* back to 0x40 */
	r = decode(c);
	assert_int_equal(r->ncaps, 2);
	assert_int_equal(r->nerrors, 1);
	assert_true(r->problems[0].error);
	assert_string_equal(r->problems[0].message, "capability list loops: 0x40 (at 0x49) was already walked");
	done(r, c);

	c = space(256);
	put32(c, 0x34, 0x40);
	put32(c, 0x40, 0x00003c01);   /* next 0x3c: the header */
	r = decode(c);
	assert_int_equal(r->ncaps, 1);
	assert_string_equal(r->problems[0].message,
			    "capability pointer 0x3c (at 0x41) points into the header (below 0x40)");
	done(r, c);

	c = space(64);
	put32(c, 0x34, 0x40);
	r = decode(c);
	assert_int_equal(r->ncaps, 0);
	assert_int_equal(r->nerrors, 0);
	assert_int_equal(r->nproblems, 1);
	assert_false(r->problems[0].error);
	done(r, c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_lspci_x),
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_msi_lengths),
		cmocka_unit_test(test_cut_at_next),
		cmocka_unit_test(test_no_extended_list),
		cmocka_unit_test(test_long_list),
		cmocka_unit_test(test_standard_guards),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
