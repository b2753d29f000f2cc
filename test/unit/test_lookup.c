/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup: the index, value decoding and batch lines against the
 * gv100 IR ($REFGEN_IR), and the command's forms ($REFGEN_BIN).  Expected
 * names and numbers are read off the gv100 manuals:
 *   dev_fifo:23   NV_PCCSR 0x0080FFFF:0x00800000
 *   dev_fifo:54   NV_PCCSR_CHANNEL_INST(i) (0x00800000+(i)*8), PTR 27:0,
 *                 TARGET 29:28 (VID_MEM 0, SYS_MEM_COHERENT 2), BIND 31:31 (TRUE 1)
 *   dev_fifo:109  NV_PFIFO_RUNLIST_BASE 0x00002270, PTR 27:0, TARGET 29:28
 *   dev_display_withoffset:5359 NV_PDISP_SOR_DP_LINKCTL(i,j) (0x0061C10C+(i)*2048+(j)*128)
 *   dev_ram:466   NV_RAMFC_GP_BASE (18*32+31):(18*32+0)
 *   dev_mmu:335   NV_MMU_VER2_PTE: VALID 0:0, APERTURE 2:1 (SYSTEM_COHERENT_MEMORY 2),
 *                 ADDRESS_SYS 53:8
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_lookup.h"
#include "io/ir_chip.h"
#include "lookup/lookup_batch.h"
#include "lookup/lookup_decode.h"
#include "lookup/lookup_index.h"
#include "support/test_support.h"

struct fixture {
	struct ir_chip chip;
	struct lookup_index x;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct diag d;

	diag_init(&d);
	if (!f || ir_chip_load(&f->chip, "gv100", env_require("REFGEN_IR"), &d) < 0 ||
	    lookup_index_build(&f->x, &f->chip) < 0)
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	lookup_index_release(&f->x);
	ir_chip_release(&f->chip);
	free(f);
	return 0;
}

static const struct lookup_reg *reg_at(const struct fixture *f, uint64_t addr)
{
	const struct lookup_reg *r[4];
	size_t n = lookup_index_at(&f->x, IR_SPACE_BAR0, addr, r, 4);

	if (n == 0)
		fail_msg("no register at 0x%llx", (unsigned long long)addr);
	return r[0];
}

static void batch(struct fixture *f, const char *in, char *out, size_t n);

/* The decoded fields of a batch line "ADDRESS VALUE": what follows the register's name. */
static char *decode(struct fixture *f, uint64_t addr, uint32_t v)
{
	static char buf[512];
	char in[64], *p;

	snprintf(in, sizeof(in), "0x%llx 0x%x\n", (unsigned long long)addr, v);
	batch(f, in, buf, sizeof(buf));
	buf[strcspn(buf, "\n")] = '\0';
	p = strchr(strchr(strchr(buf, ' ') + 1, ' ') + 1, ' ');   /* after ADDRESS VALUE NAME */
	return p ? p + 1 : buf + strlen(buf);
}

static char *reg_name(const struct lookup_reg *r, uint64_t addr)
{
	static char buf[256];
	struct strbuf b = { 0 };

	lookup_reg_name(&b, r, addr);
	snprintf(buf, sizeof(buf), "%s", b.data);
	strbuf_release(&b);
	return buf;
}

/* 0x800028 = 0x800000 + 5 * 8. */
static void test_array_element(void **state)
{
	const struct lookup_reg *r = reg_at(*state, 0x800028);

	assert_string_equal(r->layout->def->name, "NV_PCCSR_CHANNEL_INST");
	assert_int_equal(r->index[0], 5);
	assert_string_equal(r->layout->unit->unit, "dev_fifo");
	assert_string_equal(reg_name(r, 0x800028), "NV_PCCSR_CHANNEL_INST(5)");
	/* A byte inside it. */
	assert_string_equal(reg_name(reg_at(*state, 0x80002a), 0x80002a), "NV_PCCSR_CHANNEL_INST(5)+0x2");
	/* 0x61C10C + 3*2048 + 1*128 = 0x61D98C. */
	assert_string_equal(reg_name(reg_at(*state, 0x61d98c), 0x61d98c), "NV_PDISP_SOR_DP_LINKCTL(3,1)");
}

/* gv100 dev_fifo.ref.txt:54-65: BIND 31 = 1 (TRUE), TARGET 29:28 = 0
 * (VID_MEM), PTR 27:0 = 0x123; bit 30 is nobody's.  Fields high bits first. */
static void test_decode_value(void **state)
{
	const struct lookup_reg *r = reg_at(*state, 0x800028);

	assert_string_equal(decode(*state, 0x800028, 0x80000123), "BIND=TRUE TARGET=VID_MEM PTR=0x123");
	assert_string_equal(decode(*state, 0x800028, 0x60000000),
			    "BIND=FALSE TARGET=SYS_MEM_COHERENT PTR=0x0 (no field: 0x40000000)");
	/* TARGET 1 has no name. */
	assert_string_equal(decode(*state, 0x800028, 0x10000000), "BIND=FALSE TARGET=0x1 PTR=0x0");
	assert_int_equal(lookup_unclaimed(r->layout, 0xffffffff), 0x40000000);
	/* Bits past the register's 32 are no field's either. */
	assert_int_equal(lookup_unclaimed(r->layout, 0x1c0000000ull), 0x140000000ull);
}

static void test_device_fallback(void **state)
{
	struct fixture *f = *state;
	const struct lookup_reg *r[1];
	const struct lookup_device *d;

	/* CHANNEL_INST/CHANNEL stop at 0x800000 + 4096 * 8 = 0x808000. */
	assert_int_equal(lookup_index_at(&f->x, IR_SPACE_BAR0, 0x80fff0, r, 1), 0);
	d = lookup_index_device(&f->x, IR_SPACE_BAR0, 0x80fff0);
	assert_non_null(d);
	assert_string_equal(d->def->name, "NV_PCCSR");
	assert_int_equal(d->lo, 0x800000);
}

static void test_name(void **state)
{
	struct fixture *f = *state;
	const struct lookup_name *n = lookup_index_name(&f->x, "NV_PFIFO_RUNLIST_BASE");
	uint64_t off;

	assert_non_null(n);
	assert_int_equal(n->def->kind, IR_REGISTER);
	assert_int_equal(n->def->line, 109);
	assert_true(lookup_reg_offset(&f->x.arena, n->def, 0, 0, &off));
	assert_int_equal(off, 0x2270);
	n = lookup_index_name(&f->x, "NV_PCCSR_CHANNEL_INST");
	assert_true(lookup_reg_offset(&f->x.arena, n->def, 5, 0, &off));
	assert_int_equal(off, 0x800028);
	assert_null(lookup_index_name(&f->x, "NV_NO_SUCH_THING"));
}

static void test_struct_words(void **state)
{
	struct fixture *f = *state;
	const struct lookup_name *n = lookup_index_name(&f->x, "NV_RAMFC");
	uint32_t w[20] = { 0 };
	uint64_t v;
	size_t i;

	assert_non_null(n->layout);
	for (i = 0; i < n->layout->nfields && strcmp(n->layout->fields[i].name, "GP_BASE"); i++)
		;
	assert_true(i < n->layout->nfields);
	assert_int_equal(n->layout->fields[i].lo, 18 * 32);
	assert_int_equal(n->layout->fields[i].width, 32);
	w[18] = 0x1000;
	assert_true(lookup_bits(w, 20, n->layout->fields[i].lo, 32, &v));
	assert_int_equal(v, 0x1000);
	/* A field across two words: bits 40..23 of words {0xff800000, 0x1ff}. */
	w[0] = 0xff800000;
	w[1] = 0x1ff;
	assert_true(lookup_bits(w, 2, 23, 18, &v));
	assert_int_equal(v, 0x3ffff);
	assert_false(lookup_bits(w, 1, 23, 18, &v));
}

static void batch(struct fixture *f, const char *in, char *out, size_t n)
{
	struct lookup_ctx c;
	struct lookup_batch b;
	struct strbuf s = { 0 };
	FILE *mem = fmemopen(out, n, "w");

	lookup_ctx_init(&c, &f->x, "gv100");
	lookup_batch_init(&b, &c);
	for (const char *p = in; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = (size_t)(nl - p);

		cli_lookup_print_line(mem, &s, &b, lookup_batch_line(&b, p, len), p, len, false);
		p = nl + 1;
	}
	lookup_batch_release(&b);
	strbuf_release(&s);
	fclose(mem);
}

static void test_batch(void **state)
{
	char out[1024];

	batch(*state, "0x800028 0x80000123\n800ff0\n", out, sizeof(out));
	assert_string_equal(out,
		"0x00800028 0x80000123 NV_PCCSR_CHANNEL_INST(5) BIND=TRUE TARGET=VID_MEM PTR=0x123\n"
		"0x00800ff0 NV_PCCSR_CHANNEL_INST(510)\n");
	/* mmiotrace: addresses relative to the MAP's base; other lines copied. */
	batch(*state,
	      "MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
	      "R 4 12.345678 1 0xf6800028 0x80000123 0x0 0\n"
	      "W 4 12.345679 1 0xf6002270 0x20000123 0x0 0\n"
	      "MARK 12.4 hello\n", out, sizeof(out));
	assert_string_equal(out,
		"MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
		"R 0x00800028 0x80000123 NV_PCCSR_CHANNEL_INST(5) BIND=TRUE TARGET=VID_MEM PTR=0x123\n"
		"W 0x00002270 0x20000123 NV_PFIFO_RUNLIST_BASE TARGET=SYS_MEM_COHERENT PTR=0x123\n"
		"MARK 12.4 hello\n");
}

/*
 * A whole mmiotrace log as the kernel writes it (kernel/trace/trace_mmiotrace.c:
 * VERSION, one PCIDEV line per PCI device, MAP/UNMAP, R/W, MARK, UNKNOWN): the
 * header names the GPU (vendor 0x10de) whose BAR0 is 16 MiB at 0xf6000000
 * (flags in the base's low bits); only the mapping inside it is decoded, the
 * BAR1 mapping (0xe0000000) and the audio function's (BAR0 16 KiB) are
 * copied through as they are, like every line that is no access.
 */
static void test_batch_mmiotrace_log(void **state)
{
	static const char *const copied[] = {
		"VERSION 20070824\n",
		"PCIDEV 6500 10de1db1 10 f6000000 e000000c 0 f000000c 0 e001 f7000002 1000000 10000000 0 2000000 0 80 80000 nouveau\n",
		"PCIDEV 6501 10de10f8 11 f7080000 0 0 0 0 0 0 4000 0 0 0 0 0 0 snd_hda_intel\n",
		"MAP 1.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n",
		"MAP 1.000001 2 0xe0000000 0xffffc90010000000 0x200000 0x0 0\n",
		"MAP 1.000002 3 0xf7080000 0xffffc90001000000 0x4000 0x0 0\n",
		"W 4 1.000004 2 0xe0000100 0x20040017 0x0 0\n",
		"R 4 1.000005 3 0xf7080000 0x1 0x0 0\n",
		"MARK 1.000006 nvrt-submit: teardown\n",
		"UNMAP 1.000007 2 0x0 0\n",
		"UNKNOWN 1.000008 1 0xf6000010 01,02,03 0x0 0\n",
	};
	char in[2048] = "", out[4096];

	for (size_t i = 0; i < 6; i++)
		strcat(in, copied[i]);
	/* NV_PCCSR_CHANNEL_INST(5) at BAR0 0x800028 (dev_fifo: 0x800000 + 8 * 5). */
	strcat(in, "R 4 1.000003 1 0xf6800028 0x80000123 0x0 0\n");
	for (size_t i = 6; i < sizeof(copied) / sizeof(copied[0]); i++)
		strcat(in, copied[i]);
	batch(*state, in, out, sizeof(out));
	for (size_t i = 0; i < sizeof(copied) / sizeof(copied[0]); i++)
		assert_non_null(strstr(out, copied[i]));
	assert_non_null(strstr(out, "\nR 0x00800028 0x80000123 NV_PCCSR_CHANNEL_INST(5) BIND=TRUE "));
	assert_null(strstr(out, "R 4 1.000003"));
}

static void run(struct proc_result *r, const char *a1, const char *a2, const char *a3, const char *a4)
{
	char *argv[] = { (char *)env_require("REFGEN_BIN"), "lookup", "--chip", "gv100",
			 (char *)a1, (char *)a2, (char *)a3, (char *)a4, NULL };

	proc_run(argv, r);
}

static void test_cli_forms(void **state)
{
	struct proc_result r;

	(void)state;
	run(&r, "0x800028", "0x80000123", NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "0x00800028  NV_PCCSR_CHANNEL_INST(5)  dev_fifo  RW-4A  bar0\n"
				      "  dev_fifo.ref.txt:54: #define NV_PCCSR_CHANNEL_INST(i) (0x00800000+(i)*8) /* RW-4A */\n"
				      "  = 0x80000123: BIND=TRUE TARGET=VID_MEM PTR=0x123\n"
				      "    31:31     BIND = 0x1 TRUE\n"
				      "    30:30     (no field) = 0x0\n"
				      "    29:28     TARGET = 0x0 VID_MEM\n"
				      "    27:0      PTR = 0x123\n"));
	proc_result_free(&r);

	run(&r, "0x80fff0", NULL, NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "NV_PCCSR+0xfff0  dev_fifo  RW--D  (no register)"));
	proc_result_free(&r);

	run(&r, "--json", "0x800028", "0x80000123", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\"register\":\"NV_PCCSR_CHANNEL_INST(5)\",\"offset\":0,"
				      "\"space\":{\"name\":\"bar0\",\"offset\":8388648,\"bar0\":8388648},\"indices\":[5],"
				      "\"decoded\":\"BIND=TRUE TARGET=VID_MEM PTR=0x123\""));
	proc_result_free(&r);

	run(&r, "NV_PFIFO_RUNLIST_BASE", NULL, NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "NV_PFIFO_RUNLIST_BASE: register in dev_fifo at 0x00002270 (bar0)\n"));
	/* dev_fifo.ref.txt:109-114: TARGET 29:28 above PTR 27:0. */
	assert_non_null(strstr(r.out, "  fields: TARGET 29:28, PTR 27:0\n"));
	proc_result_free(&r);

	run(&r, "--json", "NV_PCCSR_CHANNEL_INST_BIND_TRUE", NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\"parents\":[\"NV_PCCSR_CHANNEL_INST_BIND\",\"NV_PCCSR_CHANNEL_INST\",\"NV_PCCSR\"]"));
	proc_result_free(&r);

	run(&r, "--struct", "NV_RAMFC", "18:0x1000", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "  GP_BASE=0x1000\n"));
	proc_result_free(&r);

	run(&r, "--json", "--struct", "NV_MMU_VER2_PTE", "0x00123405");
	assert_int_equal(r.status, 0);
	/* Word 0 only: VALID 1, APERTURE (2:1) 2, VOL 0; ADDRESS_SYS needs word 1. */
	assert_non_null(strstr(r.out, "{\"field\":\"APERTURE\",\"bits\":\"2:1\",\"value\":2,\"name\":\"SYSTEM_COHERENT_MEMORY\"}"));
	assert_null(strstr(r.out, "ADDRESS_SYS"));
	proc_result_free(&r);

	run(&r, "NV_NO_SUCH_THING", NULL, NULL, NULL);
	assert_int_equal(r.status, 1);
	assert_string_equal(r.err, "refgen lookup: gv100 has no define named NV_NO_SUCH_THING\n");
	proc_result_free(&r);

	run(&r, "0x800028", "zz", NULL, NULL);
	assert_int_equal(r.status, 2);
	proc_result_free(&r);
}

static void runv(struct proc_result *r, const char *chip, const char *a1, const char *a2)
{
	char *argv[] = { (char *)env_require("REFGEN_BIN"), "lookup", "--ir", (char *)env_require("REFGEN_IR"),
			 "--chip", (char *)chip, (char *)a1, (char *)a2, NULL };

	proc_run(argv, r);
}

/* What a newcomer tripped over (issue 31), each as it answers now. */
static void test_cli_friction(void **state)
{
	struct proc_result r;

	(void)state;
	/* Chip names in any case. */
	runv(&r, "GV100", "0x800028", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "0x00800028  NV_PCCSR_CHANNEL_INST(5)  dev_fifo  RW-4A  bar0\n"));
	proc_result_free(&r);
	/* An unknown chip: the known ones listed (the build's IR has gv100, tu104, ga100). */
	runv(&r, "gv10", "0x0", NULL);
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "no IR for chip 'gv10'"));
	assert_non_null(strstr(r.err, "; known chips: "));
	assert_non_null(strstr(r.err, "gv100"));
	assert_non_null(strstr(r.err, "tu104"));
	proc_result_free(&r);
	/* The typed headers' spellings of dev_fifo.ref.txt:54 NV_PCCSR_CHANNEL_INST(i). */
	runv(&r, "gv100", "nv_pccsr_channel_inst", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "NV_PCCSR_CHANNEL_INST(i): register in dev_fifo base 0x00800000, stride 0x8 (i < 4096)"));
	proc_result_free(&r);
	runv(&r, "gv100", "gv100_pccsr_channel_inst(5)", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "NV_PCCSR_CHANNEL_INST(5): register in dev_fifo at 0x00800028 (bar0)\n"));
	proc_result_free(&r);
	/* A misspelled name: the nearest define. */
	runv(&r, "gv100", "NV_PCCSR_CHANNEL_INTS", NULL);
	assert_int_equal(r.status, 1);
	assert_string_equal(r.err, "refgen lookup: gv100 has no define named NV_PCCSR_CHANNEL_INTS "
				   "(did you mean NV_PCCSR_CHANNEL_INST?)\n");
	proc_result_free(&r);
	/* A value wider than the register: bit 32 no field's, and said. */
	runv(&r, "gv100", "0x800028", "0x180000123");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "  = 0x180000123: BIND=TRUE TARGET=VID_MEM PTR=0x123 (no field: 0x100000000)\n"));
	assert_string_equal(r.err, "refgen lookup: warning: 0x180000123 is wider than NV_PCCSR_CHANNEL_INST(5)'s 32 "
				   "bits: bits 32 and up are held by no field\n");
	proc_result_free(&r);
	/* Usage errors: the subcommand's name and help, exit 2. */
	runv(&r, "gv100", "--chp", "0x0");
	assert_int_equal(r.status, 2);
	assert_string_equal(r.err, "refgen lookup: unrecognized option '--chp'\nTry 'refgen lookup --help'.\n");
	proc_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_array_element),
		cmocka_unit_test(test_decode_value),
		cmocka_unit_test(test_device_fallback),
		cmocka_unit_test(test_name),
		cmocka_unit_test(test_struct_words),
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_batch_mmiotrace_log),
		cmocka_unit_test(test_cli_forms),
		cmocka_unit_test(test_cli_friction),
	};

	return cmocka_run_group_tests_name("lookup", tests, setup, teardown);
}
