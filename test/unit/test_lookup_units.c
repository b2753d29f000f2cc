/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup's unit map (gen/lookup/lookup_units.c): the files it names
 * for an address or a name give the very answers the whole chip gives, for
 * every register element, device edge and define name of gv100 and tu104
 * ($REFGEN_IR); its text reads back as written and a truncated or altered
 * map is refused; and the command ($REFGEN_BIN) ignores a map whose IR
 * changed or that is corrupt, answering from the IR as it is.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/ir_chip.h"
#include "lookup/lookup_index.h"
#include "lookup/lookup_units.h"
#include "support/test_support.h"

#define MAX_UNITS 64

/* The index of the units of full a selection names, built once per selection. */
struct subset {
	uint64_t mask;
	struct ir_chip chip;
	struct lookup_index x;
};

struct subsets {
	const struct ir_chip *full;
	struct subset *s;
	size_t n, cap;
};

static const struct lookup_index *subset_index(struct subsets *ss, const bool *want)
{
	uint64_t mask = 0;
	struct subset *s;

	for (size_t i = 0; i < ss->full->nunits; i++)
		mask |= want[i] ? (uint64_t)1 << i : 0;
	for (size_t i = 0; i < ss->n; i++)
		if (ss->s[i].mask == mask)
			return &ss->s[i].x;
	if (ss->n == ss->cap) {
		ss->cap = ss->cap ? ss->cap * 2 : 64;
		ss->s = realloc(ss->s, ss->cap * sizeof(*ss->s));
		assert_non_null(ss->s);
	}
	s = &ss->s[ss->n++];
	memset(s, 0, sizeof(*s));
	s->mask = mask;
	s->chip.units = calloc(ss->full->nunits + 1, sizeof(*s->chip.units));
	assert_non_null(s->chip.units);
	/* in the whole chip's order (by unit), as lookup_units_load sorts them */
	for (size_t i = 0; i < ss->full->nunits; i++)
		if (want[i])
			s->chip.units[s->chip.nunits++] = ss->full->units[i];
	assert_int_equal(lookup_index_build(&s->x, &s->chip), 0);
	return &s->x;
}

static void subsets_release(struct subsets *ss)
{
	for (size_t i = 0; i < ss->n; i++) {
		lookup_index_release(&ss->s[i].x);
		free(ss->s[i].chip.units);   /* the units are the whole chip's */
	}
	free(ss->s);
}

static void same_regs(const struct lookup_index *a, const struct lookup_index *b, enum ir_space_kind k, uint64_t addr)
{
	const struct lookup_reg *ra[16], *rb[16];
	size_t na = lookup_index_at(a, k, addr, ra, 16), nb = lookup_index_at(b, k, addr, rb, 16);

	if (na != nb)
		fail_msg("%s 0x%llx: %zu registers from the whole chip, %zu from the map's units", ir_space_name(k),
			 (unsigned long long)addr, na, nb);
	for (size_t i = 0; i < na; i++) {
		assert_ptr_equal(ra[i]->layout->def, rb[i]->layout->def);
		assert_true(ra[i]->addr == rb[i]->addr && ra[i]->index[0] == rb[i]->index[0] &&
			    ra[i]->index[1] == rb[i]->index[1] && ra[i]->sp == rb[i]->sp);
	}
}

static void same_device(const struct lookup_device *a, const struct lookup_device *b, uint64_t addr)
{
	if ((a ? a->def : NULL) != (b ? b->def : NULL))
		fail_msg("0x%llx: device %s from the whole chip, %s from the map's units", (unsigned long long)addr,
			 a ? a->def->name : "none", b ? b->def->name : "none");
}

/* What lookup ADDRESS asks of the index in space s (cli_lookup.c): the
 * registers at addr in every space, the device of s, BAR0's aperture. */
static void same_address(struct subsets *ss, const struct lookup_units *u, const struct lookup_index *full,
			 enum ir_space_kind s, uint64_t addr)
{
	struct lookup_want w = { LOOKUP_WANT_ADDRESS, addr, s, NULL };
	bool want[MAX_UNITS] = { false };
	const struct lookup_index *sub;

	lookup_units_select(u, &w, want);
	sub = subset_index(ss, want);
	for (int k = IR_SPACE_NONE + 1; k < IR_SPACE_COUNT; k++)
		same_regs(full, sub, (enum ir_space_kind)k, addr);
	same_device(lookup_index_device(full, s, addr), lookup_index_device(sub, s, addr), addr);
	if (s == IR_SPACE_BAR0)
		same_device(lookup_index_aperture(full, addr), lookup_index_aperture(sub, addr), addr);
}

static void same_name(struct subsets *ss, const struct lookup_units *u, const struct lookup_index *full,
		      const char *name)
{
	struct lookup_want w = { LOOKUP_WANT_NAME, 0, IR_SPACE_NONE, name };
	bool want[MAX_UNITS] = { false };
	const struct lookup_name *a, *b;

	lookup_units_select(u, &w, want);
	a = lookup_index_name(full, name);
	b = lookup_index_name(subset_index(ss, want), name);
	for (; a && b; a = a->next, b = b->next) {
		assert_ptr_equal(a->def, b->def);
		assert_int_equal(a->layout ? a->layout->nfields : 0, b->layout ? b->layout->nfields : 0);
	}
	if (a || b)
		fail_msg("%s: defined in a unit the map does not name", name);
}

static void check_chip(const char *chip, char **text_out, size_t *text_len)
{
	static const enum ir_space_kind spaces[] = { IR_SPACE_BAR0, IR_SPACE_PCI, IR_SPACE_VF, IR_SPACE_BLOCK,
						     IR_SPACE_MEMORY, IR_SPACE_CTXSW, IR_SPACE_METHOD };
	struct ir_chip c;
	struct lookup_index x;
	struct lookup_units u = { 0 };
	struct subsets ss = { 0 };
	uint32_t ufile[MAX_UNITS];
	struct diag d;

	diag_init(&d);
	assert_int_equal(ir_chip_load(&c, chip, env_require("REFGEN_IR"), &d), 0);
	assert_true(c.nunits > 0 && c.nunits <= MAX_UNITS);
	assert_int_equal(lookup_index_build(&x, &c), 0);
	for (size_t i = 0; i < c.nunits; i++)
		ufile[i] = (uint32_t)i;
	u.nfiles = c.nunits;
	lookup_units_map(&u, &x, &c, ufile);
	assert_true(u.nranges > 0 && u.nnames > 0);
	ss.full = &c;
	/* Where the map's selection changes: the edges of every range it holds
	 * and the addresses just outside them, asked in BAR0 and (a device's) in
	 * the range's own space; between them, every 61st register element's
	 * first and last byte, and every 7th define's name (all of them, in
	 * every space, take 10x the time of the suite's other lookup tests). */
	for (size_t i = 0; i < u.nranges; i++) {
		const struct lookup_units_range *r = &u.ranges[i];
		for (size_t si = 0; si < sizeof(spaces) / sizeof(spaces[0]); si++) {
			if (spaces[si] != IR_SPACE_BAR0 && spaces[si] != r->space)
				continue;
			same_address(&ss, &u, &x, spaces[si], r->lo);
			same_address(&ss, &u, &x, spaces[si], r->hi);
			if (r->lo)
				same_address(&ss, &u, &x, spaces[si], r->lo - 1);
			if (r->hi != UINT64_MAX)
				same_address(&ss, &u, &x, spaces[si], r->hi + 1);
		}
	}
	for (size_t i = 0; i < x.nregs; i += 61) {
		same_address(&ss, &u, &x, IR_SPACE_BAR0, x.regs[i].addr);
		same_address(&ss, &u, &x, IR_SPACE_BAR0, x.regs[i].addr + x.regs[i].bytes - 1);
	}
	for (size_t k = 0, n = 0; k < c.nunits; k++)
		for (size_t i = 0; i < c.units[k]->ndefs; i++)
			if (c.units[k]->defs[i]->name && n++ % 7 == 0)
				same_name(&ss, &u, &x, c.units[k]->defs[i]->name);
	same_name(&ss, &u, &x, "NV_NO_SUCH_DEFINE");
	if (text_out) {
		/* the map's text for test_text, with made-up sizes and hashes */
		struct lookup_units_file files[MAX_UNITS];
		struct strbuf b = { 0 };
		static char names[MAX_UNITS][64];
		for (size_t i = 0; i < c.nunits; i++) {
			snprintf(names[i], sizeof(names[i]), "%s.xml", c.units[i]->unit);
			files[i] = (struct lookup_units_file){ names[i], 1000 + i, 0x0123456789abcdefull * (i + 1) };
		}
		u.files = files;
		lookup_units_format(&u, &b);
		u.files = NULL;
		*text_out = b.data;
		*text_len = b.len;
	}
	subsets_release(&ss);
	free(u.ranges);
	free(u.names);
	lookup_index_release(&x);
	ir_chip_release(&c);
}

/* gv100's map as text, made by test_same_answers_gv100 for test_text. */
static char *map_text;
static size_t map_len;

static void test_same_answers_gv100(void **state)
{
	(void)state;
	check_chip("gv100", &map_text, &map_len);
}

static void test_same_answers_tu104(void **state)
{
	(void)state;
	check_chip("tu104", NULL, NULL);
}

/* ---- the text ----------------------------------------------------------------------- */

static void test_text(void **state)
{
	struct lookup_units u;
	struct strbuf again = { 0 };
	size_t len = map_len;
	char *text = map_text;

	(void)state;
	assert_non_null(text);
	assert_int_equal(lookup_units_parse(&u, text, len), 0);
	lookup_units_format(&u, &again);
	assert_int_equal(again.len, len);
	assert_memory_equal(again.data, text, len);
	/* gv100's first unit by name: its usermode class (manuals/gv100/classes.txt) */
	assert_string_equal(u.files[0].name, "clc361.xml");
	assert_true(u.files[0].size == 1000 && u.files[0].hash == 0x0123456789abcdefull);
	lookup_units_release(&u);
	strbuf_release(&again);
	/* cut anywhere (a sample of lengths, and the last line's every byte) */
	for (size_t n = 0; n < len; n += (n + 64 < len ? 997 : 1))
		assert_int_equal(lookup_units_parse(&u, text, n), -1);
	/* one byte changed anywhere after the checksum's line: the sum no longer holds */
	for (size_t i = 60; i < len; i += 1009) {
		char saved = text[i];
		text[i] = saved == '1' ? '2' : '1';
		assert_int_equal(lookup_units_parse(&u, text, len), -1);
		text[i] = saved;
	}
	assert_int_equal(lookup_units_parse(&u, text, len), 0);
	lookup_units_release(&u);
	free(text);
	map_text = NULL;
}

/* Lines that are well formed, with the checksum made to match: the order and
 * ranges are checked too. */
static int parse_body(const char *body)
{
	struct lookup_units parsed;
	uint64_t h = 14695981039346656037ull;   /* FNV-1a 64 of the body, as the format sums it */
	char *text = malloc(strlen(body) + 64);
	int rc;

	assert_non_null(text);
	for (const char *p = body; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	sprintf(text, "refgen lookup index 1\nsum %016llx\n%s", (unsigned long long)h, body);
	rc = lookup_units_parse(&parsed, text, strlen(text));
	if (rc == 0)
		lookup_units_release(&parsed);
	free(text);
	return rc;
}

static void test_text_rules(void **state)
{
	(void)state;
	assert_int_equal(parse_body(""), 0);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001\nfile b.xml 2 0000000000000002\n"
				    "range 1 reg 0x10 0x13\nrange 1 bar0 0x0 0xfff\nname 0 0000abcd\nname 1 00000001\n"), 0);
	/* files out of order, a file number not given, a range upside down or
	 * touching the one before, an unknown space, leading zeros, upper case */
	assert_int_equal(parse_body("file b.xml 1 0000000000000001\nfile a.xml 2 0000000000000002\n"), -1);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001\nrange 1 reg 0x10 0x13\n"), -1);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001\nrange 0 reg 0x13 0x10\n"), -1);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001\nrange 0 reg 0x10 0x13\nrange 0 reg 0x14 0x17\n"), -1);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001\nrange 0 moon 0x10 0x13\n"), -1);
	assert_int_equal(parse_body("file a.xml 01 0000000000000001\n"), -1);
	assert_int_equal(parse_body("file a.xml 1 000000000000000A\n"), -1);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001\nname 0 0000abcd\nname 0 0000abcd\n"), -1);
	assert_int_equal(parse_body("file ../a.xml 1 0000000000000001\n"), -1);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001"), -1);
	assert_int_equal(parse_body("file a.xml 1 0000000000000001\nrange 0 reg 0x0 0x10000000000000000\n"), -1);
}

/* ---- the command ---------------------------------------------------------------------- */

static void copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out;
	char buf[65536];
	size_t n;

	assert_non_null(in);
	out = fopen(to, "wb");
	assert_non_null(out);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	assert_int_equal(fclose(out), 0);
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Rewrites path in place (the same inode, the same size): every from turned
 * into to (of the same length). */
static void rewrite(const char *path, const char *from, const char *to)
{
	size_t len, k = strlen(from);
	char *buf = read_all(path, &len), *p;
	FILE *f;

	assert_non_null(buf);
	assert_int_equal(strlen(to), k);
	for (p = buf; (p = strstr(p, from)); p += k)
		memcpy(p, to, k);
	f = fopen(path, "r+b");
	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	free(buf);
}

static void lookup2(struct proc_result *r, const char *root, const char *what, const char *value)
{
	char *argv[] = { (char *)env_require("REFGEN_BIN"), "lookup", "--chip", "gv100", "--ir", (char *)root,
			 (char *)what, (char *)value, NULL };

	proc_run(argv, r);
}

static void lookup(struct proc_result *r, const char *root, const char *what)
{
	lookup2(r, root, what, NULL);
}

static void test_command(void **state)
{
	char *root = tmpdir_create(), *dir = path_join(root, "gv100"), *map = path_join(dir, LOOKUP_UNITS_FILE);
	static const char *const units[] = { "dev_bus.xml", "dev_fifo.xml", "dev_ram.xml" };
	char from[4096], *to, *text;
	struct proc_result r;
	size_t len;

	(void)state;
	assert_int_equal(mkdir(dir, 0755), 0);
	for (size_t i = 0; i < 3; i++) {
		snprintf(from, sizeof(from), "%s/gv100/%s", env_require("REFGEN_IR"), units[i]);
		to = path_join(dir, units[i]);
		copy_file(from, to);
		free(to);
	}
	/* a run that fails (a usage error found after the IR is read, or
	 * nothing found) changes no file: no map */
	lookup2(&r, root, "0x2100", "zz");
	assert_int_equal(r.status, 2);
	proc_result_free(&r);
	lookup(&r, root, "NV_NO_SUCH_DEFINE");
	assert_int_equal(r.status, 1);
	proc_result_free(&r);
	assert_null(read_all(map, &len));

	/* the first lookup reads every file and leaves the map */
	lookup(&r, root, "NV_PFIFO_INTR_0");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "NV_PFIFO_INTR_0: register in dev_fifo at 0x00002100 (bar0)\n"));
	proc_result_free(&r);
	text = read_all(map, &len);
	assert_non_null(text);
	assert_non_null(strstr(text, "file dev_fifo.xml "));
	free(text);

	/* dev_fifo.xml changed in place, its size the same: the map is stale,
	 * so the renamed register is found and the old name is not */
	rewrite(strcat(strcpy(from, dir), "/dev_fifo.xml"), "NV_PFIFO_INTR_0", "NV_PFIFO_INTR_Q");
	lookup(&r, root, "NV_PFIFO_INTR_Q");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "NV_PFIFO_INTR_Q: register in dev_fifo at 0x00002100 (bar0)\n"));
	proc_result_free(&r);
	lookup(&r, root, "NV_PFIFO_INTR_0");
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "gv100 has no define named NV_PFIFO_INTR_0"));
	proc_result_free(&r);
	lookup(&r, root, "0x2100");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "0x00002100  NV_PFIFO_INTR_Q  dev_fifo  RW-4R  bar0\n"));
	proc_result_free(&r);

	/* a map cut short, or garbage: ignored, and made anew */
	text = read_all(map, &len);
	assert_non_null(text);
	for (int k = 0; k < 2; k++) {
		FILE *f = fopen(map, "wb");
		assert_non_null(f);
		if (k == 0)
			assert_int_equal(fwrite(text, 1, len / 2, f), len / 2);
		else
			fputs("refgen lookup index 1\nsum 0000000000000000\nfile dev_fifo.xml 1 0000000000000000\n", f);
		assert_int_equal(fclose(f), 0);
		lookup(&r, root, "0x2100");
		assert_int_equal(r.status, 0);
		assert_non_null(strstr(r.out, "0x00002100  NV_PFIFO_INTR_Q  dev_fifo  RW-4R  bar0\n"));
		proc_result_free(&r);
		{
			size_t n2;
			char *again = read_all(map, &n2);
			assert_non_null(again);
			assert_int_equal(n2, len);
			assert_memory_equal(again, text, len);
			free(again);
		}
	}
	free(text);

	/* a file gone: the map is stale (the register was in it) */
	assert_int_equal(unlink(from), 0);
	lookup(&r, root, "0x2100");
	assert_int_equal(r.status, 1);
	assert_null(strstr(r.out, "NV_PFIFO"));
	proc_result_free(&r);

	free(map);
	free(dir);
	tmpdir_remove(root);
	free(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_answers_gv100),
		cmocka_unit_test(test_same_answers_tu104),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_text_rules),
		cmocka_unit_test(test_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
