/* SPDX-License-Identifier: MIT */
/*
 * Address spaces ($REFGEN_IR of the five default chips, $REFGEN_BIN):
 *  - every unit and every device of the manuals of gv100, tu102, tu104,
 *    ga100, ga102 has a space (manuals/address-spaces.txt, or derived from
 *    *_FULL_PHYS_OFFSET);
 *  - hand-picked BAR0 addresses name what BAR0 holds there first: windows
 *    at their BAR0 address, never an offset of another space;
 *  - an mmiotrace excerpt decodes as the driver meant it (BAR0 only), and
 *    GA100's runlist blocks once their bases are given (--block);
 *  - lookup's exit codes: register 0, aperture only 1, nothing 1.
 * Expected names are read off the manuals (file:line beside each); arrays
 * are worked out as base + index * stride.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/ir_chip.h"
#include "cli/cli_lookup.h"
#include "lookup/lookup_batch.h"
#include "lookup/lookup_decode.h"
#include "lookup/lookup_index.h"
#include "support/test_support.h"

static const char *const chips[] = { "gv100", "tu102", "tu104", "ga100", "ga102" };

/* Every unit and device has a space, and each space what it needs. */
static void test_every_device_has_a_space(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof(chips) / sizeof(chips[0]); c++) {
		struct ir_chip chip;
		struct diag d;
		size_t devices = 0;

		diag_init(&d);
		if (ir_chip_load(&chip, chips[c], env_require("REFGEN_IR"), &d) < 0)
			fail_msg("cannot load %s", chips[c]);
		for (size_t u = 0; u < chip.nunits; u++) {
			const struct ir_manual *m = chip.units[u];
			/* the manuals' units: a unit of NVIDIA's published
			 * headers alone (an excerpt) is declared where its
			 * header gives the space (test/cli/published.sh) */
			if (ir_manual_excerpt(m))
				continue;
			if (m->space.kind == IR_SPACE_NONE)
				fail_msg("%s/%s: the unit has no space (manuals/address-spaces.txt)", chips[c], m->unit);
			for (size_t i = 0; i < m->ndefs; i++) {
				const struct ir_def *dev = m->defs[i];
				if (dev->kind != IR_DEVICE)
					continue;
				devices++;
				if (dev->space.kind == IR_SPACE_NONE || !dev->space.source || !*dev->space.source)
					fail_msg("%s/%s: device %s has no space", chips[c], m->unit, dev->name);
				if ((dev->space.kind == IR_SPACE_WINDOW) != dev->space.has_base)
					fail_msg("%s/%s: %s: a window and only a window has a base", chips[c], m->unit,
						 dev->name);
			}
		}
		assert_true(devices > 0);
		ir_chip_release(&chip);
	}
}

struct bar0_case {
	const char *chip;
	uint64_t addr;
	const char *name;   /* the first register BAR0 holds there */
};

/* Sources, per chip (gv100: volta/gv100, tu104: turing/tu104, ga100: ampere/ga100). */
static const struct bar0_case bar0_cases[] = {
	/* gv100 dev_master.ref.txt */
	{ "gv100", 0x100, "NV_PMC_INTR(0)" },            /* :185 (0x00000100+(i)*4); not NV_CTXSW_FECS_HEADER */
	{ "gv100", 0x104, "NV_PMC_INTR(1)" },            /* :185 0x100 + 1*4 */
	{ "gv100", 0x144, "NV_PMC_INTR_EN(1)" },         /* :244 (0x00000140+(i)*4) */
	{ "gv100", 0x1a8, "NV_PMC_INTR_SW(2)" },         /* :264 (0x000001A0+(i)*4) */
	{ "gv100", 0x200, "NV_PMC_ENABLE" },             /* :291 */
	{ "gv100", 0x0, "NV_PMC_BOOT_0" },               /* :23 */
	{ "gv100", 0xa00, "NV_PMC_BOOT_42" },            /* :111 */
	/* gv100 dev_fifo.ref.txt */
	{ "gv100", 0x2100, "NV_PFIFO_INTR_0" },          /* :150 */
	{ "gv100", 0x2140, "NV_PFIFO_INTR_EN_0" },       /* :181 */
	{ "gv100", 0x2270, "NV_PFIFO_RUNLIST_BASE" },    /* :109 */
	{ "gv100", 0x2274, "NV_PFIFO_RUNLIST" },         /* :117 */
	{ "gv100", 0x2630, "NV_PFIFO_SCHED_DISABLE" },   /* :498 */
	{ "gv100", 0x2634, "NV_PFIFO_PREEMPT" },         /* :505 */
	{ "gv100", 0x2650, "NV_PFIFO_ENGINE_STATUS(2)" },/* :530 0x2640 + 2*8 */
	{ "gv100", 0x80001c, "NV_PCCSR_CHANNEL(3)" },    /* :65 0x800004 + 3*8 */
	/* gv100 dev_timer.ref.txt */
	{ "gv100", 0x9100, "NV_PTIMER_INTR_0" },         /* :53; not a display head capability */
	{ "gv100", 0x9140, "NV_PTIMER_INTR_EN_0" },      /* :62 */
	{ "gv100", 0x9420, "NV_PTIMER_ALARM_0" },        /* :74 */
	{ "gv100", 0x9080, "NV_PTIMER_PRI_TIMEOUT" },    /* :23 */
	/* gv100 dev_bus.ref.txt */
	{ "gv100", 0x1100, "NV_PBUS_INTR_0" },           /* :37 */
	{ "gv100", 0x1140, "NV_PBUS_INTR_EN_0" },        /* :82 */
	{ "gv100", 0x1700, "NV_PBUS_BAR0_WINDOW" },      /* :165 */
	{ "gv100", 0x1704, "NV_PBUS_BAR1_BLOCK" },       /* :173 */
	{ "gv100", 0x1714, "NV_PBUS_BAR2_BLOCK" },       /* :198 */
	{ "gv100", 0x158c, "NV_PBUS_SW_SCRATCH(3)" },    /* :33 0x1580 + 3*4 */
	/* gv100 dev_nv_xve3g_fn0.ref.txt:22 NV_PCFG 0x00088FFF:0x00088000 holds NV_XVE */
	{ "gv100", 0x88100, "NV_XVE_VCCAP_HDR" },        /* :608 0x100 */
	{ "gv100", 0x88000, "NV_XVE_ID" },               /* :24 0x0 */
	{ "gv100", 0x88010, "NV_XVE_BAR0" },             /* :172 0x10 */
	{ "gv100", 0x88080, "NV_XVE_DEVICE_CONTROL_STATUS" }, /* :364 0x80 */
	/* gv100 dev_nv_xve3g_fn1.ref.txt:22 NV_PCFG1 0x0008AFFF:0x0008A000; :24 0x88 */
	{ "gv100", 0x8a088, "NV_XVE1_LINK_CONTROL_STATUS" },
	/* manuals/gv100/dev_fb.ref:19 (the project's addendum) */
	{ "gv100", 0x100c10, "NV_PFB_NISO_FLUSH_SYSMEM_ADDR" },
	/* tu104 dev_vm.ref.txt:24 NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0x00BBFFFF:0x00B80000 */
	{ "tu104", 0xbb0090, "NV_VIRTUAL_FUNCTION_DOORBELL" },          /* :550 0x30090 */
	{ "tu104", 0xbb0080, "NV_VIRTUAL_FUNCTION_TIME_0" },            /* :544 0x30080 */
	{ "tu104", 0xbb0084, "NV_VIRTUAL_FUNCTION_TIME_1" },            /* :547 0x30084 */
	{ "tu104", 0xb80f40, "NV_VIRTUAL_FUNCTION_PRIV_BAR1_BLOCK" },   /* :44 0xF40 */
	{ "tu104", 0xb80f48, "NV_VIRTUAL_FUNCTION_PRIV_BAR2_BLOCK" },   /* :56 0xF48 */
	{ "tu104", 0xb82200, "NV_VIRTUAL_FUNCTION_PRIV_DOORBELL" },     /* :150 0x2200 */
	{ "tu104", 0xb82104, "NV_VIRTUAL_FUNCTION_PRIV_MAILBOX_SCRATCH(1)" }, /* :146 0x2100 + 1*4 */
	{ "tu104", 0xb81600, "NV_VIRTUAL_FUNCTION_PRIV_CPU_INTR_TOP(0)" },    /* :84-85 0x1600, __SIZE_1 1 */
	{ "tu104", 0xb830b0, "NV_VIRTUAL_FUNCTION_PRIV_MMU_INVALIDATE" },     /* :359 0x30B0 */
	/* tu104 dev_fifo.ref.txt: the bare VF offset 0x2100 is not BAR0's */
	{ "tu104", 0x2100, "NV_PFIFO_INTR_0" },                         /* :166 */
	{ "tu104", 0x2b18, "NV_PFIFO_RUNLIST_SUBMIT(1)" },              /* :134 0x2B08 + 1*16 */
	{ "tu104", 0x2b20, "NV_PFIFO_RUNLIST_BASE_LO(2)" },             /* :121 0x2B00 + 2*16 */
	/* tu104 dev_ctrl.ref.txt */
	{ "tu104", 0xb73404, "NV_CTRL_CPU_INTR_TOP(1)" },               /* :23 0xB73400 + 1*4 */
	{ "tu104", 0xb74008, "NV_CTRL_CPU_INTR_LEAF(2)" },              /* :34 0xB74000 + 2*4 */
	{ "tu104", 0xb6687c, "NV_CTRL_CPU_DOORBELL_VECTORID" },         /* :112 */
	{ "tu104", 0xb66880, "NV_CTRL_LEGACY_ENGINE_STALL_INTR_BASE_VECTORID" }, /* :47 */
	/* tu104 dev_master.ref.txt, dev_timer.ref.txt, dev_nv_xve3g_fn1.ref.txt, manuals/tu104/dev_fb.ref */
	{ "tu104", 0x100, "NV_PMC_INTR(0)" },            /* dev_master:197 */
	{ "tu104", 0x200, "NV_PMC_ENABLE" },             /* dev_master:303 */
	{ "tu104", 0x9100, "NV_PTIMER_INTR_0" },         /* dev_timer:42 */
	{ "tu104", 0x8a088, "NV_XVE1_LINK_CONTROL_STATUS" }, /* fn1:22 NV_PCFG1 0x8A000, :24 0x88 */
	{ "tu104", 0x100c10, "NV_PFB_NISO_FLUSH_SYSMEM_ADDR" }, /* dev_fb.ref:18 */
	/* ga100: dev_func.ref.txt:24 NV_FUNC_FULL_PHYS_OFFSET 0xB80000, :510 NV_FUNC_DOORBELL 0x30090
	 * (dev_func sorts before dev_vm, whose NV_VIRTUAL_FUNCTION_DOORBELL is the same place) */
	{ "ga100", 0xbb0090, "NV_FUNC_DOORBELL" },
	{ "ga100", 0x200, "NV_PMC_ENABLE" },             /* dev_boot:200 */
	{ "ga100", 0xb73400, "NV_CTRL_CPU_INTR_TOP(0)" }, /* dev_ctrl:23 */
};

static void test_bar0_first_names(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof(chips) / sizeof(chips[0]); c++) {
		struct ir_chip chip;
		struct lookup_index x;
		struct diag d;

		diag_init(&d);
		if (ir_chip_load(&chip, chips[c], env_require("REFGEN_IR"), &d) < 0 || lookup_index_build(&x, &chip) < 0)
			fail_msg("cannot load %s", chips[c]);
		for (size_t i = 0; i < sizeof(bar0_cases) / sizeof(bar0_cases[0]); i++) {
			const struct bar0_case *t = &bar0_cases[i];
			const struct lookup_reg *r[4];
			struct strbuf b = { 0 };
			if (strcmp(t->chip, chips[c]))
				continue;
			if (!lookup_index_at(&x, IR_SPACE_BAR0, t->addr, r, 4))
				fail_msg("%s 0x%llx: nothing, expected %s", t->chip, (unsigned long long)t->addr, t->name);
			lookup_reg_name(&b, r[0], t->addr);
			if (strcmp(b.data, t->name))
				fail_msg("%s 0x%llx: %s, expected %s", t->chip, (unsigned long long)t->addr, b.data, t->name);
			strbuf_release(&b);
		}
		lookup_index_release(&x);
		ir_chip_release(&chip);
	}
	assert_true(sizeof(bar0_cases) / sizeof(bar0_cases[0]) >= 44);
}

/* Batch over a whole input, into out; blocks: "NAME=BASE" strings, NULL-ended, or NULL. */
static void batch_blocks(const char *chipname, const char *const *blocks, const char *in, char *out, size_t n)
{
	struct ir_chip chip;
	struct lookup_index x;
	struct lookup_ctx c;
	struct lookup_batch b;
	struct strbuf s = { 0 };
	struct diag d;
	FILE *mem = fmemopen(out, n, "w");

	diag_init(&d);
	if (!mem || ir_chip_load(&chip, chipname, env_require("REFGEN_IR"), &d) < 0 || lookup_index_build(&x, &chip) < 0)
		fail_msg("cannot load %s", chipname);
	lookup_ctx_init(&c, &x, chipname);
	for (size_t i = 0; blocks && blocks[i]; i++) {
		const char *eq = strchr(blocks[i], '=');

		if (lookup_ctx_block_add(&c, blocks[i], (size_t)(eq - blocks[i]), strtoull(eq + 1, NULL, 0), 0) < 0)
			fail_msg("%s: --block %s refused", chipname, blocks[i]);
	}
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
	lookup_index_release(&x);
	ir_chip_release(&chip);
}

static void batch(const char *chipname, const char *in, char *out, size_t n)
{
	batch_blocks(chipname, NULL, in, out, n);
}

/*
 * A trace written by hand, as mmiotrace logs a driver's BAR0 (mapped at
 * 0xf6000000) on gv100 and tu104:
 *   gv100 dev_timer:53-57   NV_PTIMER_INTR_0: ALARM 0:0 (PENDING 1), TIMER 1:1 (NOT_PENDING 0)
 *   gv100 dev_nv_xve3g_fn0:24-27 NV_XVE_ID: VENDOR 15:0 (NVIDIA 0x10DE), DEVICE_CHIP 31:16
 *                            (no value named 0x1DB1), BAR0 0x88000 through NV_PCFG (:22)
 *   gv100 dev_bus:24         0x70000: only the aperture NV_EXPROM 0x0007FFFF:0x00000000
 *   tu104 dev_vm:550-552     NV_VIRTUAL_FUNCTION_DOORBELL 0x30090 at BAR0 0xB80000 + 0x30090,
 *                            HANDLE 31:0
 *   tu104 dev_vm:544-546     NV_VIRTUAL_FUNCTION_TIME_0 0x30080, NSEC 31:5: 0x1000 >> 5 = 0x80
 */
static void test_mmiotrace(void **state)
{
	char out[2048];

	(void)state;
	batch("gv100",
	      "MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
	      "R 4 1.000000 1 0xf6009100 0x00000001 0x0 0\n"
	      "R 4 1.000001 1 0xf6088000 0x1db110de 0x0 0\n"
	      "R 4 1.000003 1 0xf6070000 0x00000000 0x0 0\n"
	      "MARK 1.1 done\n", out, sizeof(out));
	assert_string_equal(out,
		"MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
		"R 0x00009100 0x00000001 NV_PTIMER_INTR_0 TIMER=NOT_PENDING ALARM=PENDING\n"
		"R 0x00088000 0x1db110de NV_XVE_ID DEVICE_CHIP=0x1db1 VENDOR=NVIDIA\n"
		"R 0x00070000 0x00000000 ? in aperture NV_EXPROM\n"
		"MARK 1.1 done\n");
	/* Lines without a value: gv100 dev_master:185 NV_PMC_INTR(0) at 0x100, not
	 * NV_CTXSW_FECS_HEADER (ctxsw) or NV_XVE_VCCAP_HDR (pci); dev_master:291. */
	batch("gv100", "0x100\n0x200\n", out, sizeof(out));
	assert_string_equal(out, "0x00000100 NV_PMC_INTR(0)\n0x00000200 NV_PMC_ENABLE\n");
	batch("tu104",
	      "MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
	      "W 4 2.000000 1 0xf6bb0090 0x00000005 0x0 0\n"
	      "R 4 2.000001 1 0xf6bb0080 0x00001000 0x0 0\n", out, sizeof(out));
	assert_string_equal(out,
		"MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
		"W 0x00bb0090 0x00000005 NV_VIRTUAL_FUNCTION_DOORBELL HANDLE=0x5\n"
		"R 0x00bb0080 0x00001000 NV_VIRTUAL_FUNCTION_TIME_0 NSEC=0x80\n");
}

/*
 * GA100's runlist registers are offsets in a block whose base device info
 * gives (address-spaces.txt: dev_runlist is block:NV_RUNLIST), and the block
 * space holds NV_RUNLIST_* and NV_CHRAM_* at the same offsets.  With runlist
 * 1's block at 0xc10000 and its channel RAM at 0xc18000 (BAR0 mapped at
 * 0xf6000000), from ga100 dev_runlist.ref.txt:
 *   :45,53-54 NV_RUNLIST_VIRTUAL_CHANNEL_CFG(i) 0x300+i*4, PENDING_ENABLE 31:31 TRUE 1
 *   :166,205,207 NV_RUNLIST_INTR_0 0x100, BAD_TSG 12:12 PENDING 1 (0x1000)
 *   :74,79-81 NV_CHRAM_CHANNEL(i) 0x000+i*4, ENABLE 1:1 (IN_USE 1):
 *        0xc18014 is channel 5, 0xc18100 channel 64 (not NV_RUNLIST_INTR_0)
 * An access below every base, or the block's name not given, stays unnamed.
 */
static void test_mmiotrace_blocks(void **state)
{
	static const char *const blocks[] = { "NV_RUNLIST=0xc10000", "NV_CHRAM=0xc18000", NULL };
	char out[4096];

	(void)state;
	batch_blocks("ga100", blocks,
		     "MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
		     "W 4 1.000000 1 0xf6c10304 0x80000000 0x0 0\n"
		     "R 4 1.000001 1 0xf6c10100 0x00001000 0x0 0\n"
		     "W 4 1.000002 1 0xf6c18014 0x00000002 0x0 0\n"
		     "R 4 1.000003 1 0xf6c18100 0x00000000 0x0 0\n"
		     "R 4 1.000004 1 0xf6000000 0x170000a1 0x0 0\n", out, sizeof(out));
	assert_non_null(strstr(out, "\nW 0x00c10304 0x80000000 NV_RUNLIST_VIRTUAL_CHANNEL_CFG(1)@0xc10000 "));
	assert_non_null(strstr(out, " PENDING_ENABLE=TRUE"));
	assert_non_null(strstr(out, "\nR 0x00c10100 0x00001000 NV_RUNLIST_INTR_0@0xc10000 "));
	assert_non_null(strstr(out, " BAD_TSG=PENDING "));
	assert_non_null(strstr(out, "\nW 0x00c18014 0x00000002 NV_CHRAM_CHANNEL(5)@0xc18000 "));
	assert_non_null(strstr(out, " ENABLE=IN_USE "));
	assert_non_null(strstr(out, "\nR 0x00c18100 0x00000000 NV_CHRAM_CHANNEL(64)@0xc18000 "));
	assert_non_null(strstr(out, "\nR 0x00000000 0x170000a1 NV_PMC_BOOT_0 "));
	/* without the bases: nothing of BAR0 is a register there */
	batch("ga100", "0xc10100\n", out, sizeof(out));
	assert_null(strstr(out, "NV_RUNLIST"));
}

/*
 * The same blocks placed by the trace itself, as a driver finds them:
 *   manuals/ga100/dev_top.ref:20,24,60,64  NV_PTOP_DEVICE_INFO2(i) at 0x22800+i*4,
 *        ROW_CHAIN 31:31 (MORE 1, LAST 0), the record's IS_ENGINE (1*32+30),
 *        RUNLIST_PRI_BASE (2*32+25):(2*32+10), the address's bits in place:
 *        rows 0x80000000, 0xc0000000 (IS_ENGINE), 0x00c10000 -> NV_RUNLIST at 0xc10000
 *   ga100 dev_runlist.ref.txt:36-39  NV_RUNLIST_CHANNEL_CONFIG 0x004,
 *        CHRAM_BAR0_OFFSET 31:4 in place, NUM_CHANNELS_LOG2 3:0 (2K 11):
 *        0x00c1800b -> NV_CHRAM at 0xc18000
 * Each placing line says so, with its line number (MAP is line 1).
 */
static void test_mmiotrace_blocks_from_trace(void **state)
{
	char out[4096];

	(void)state;
	batch("ga100",
	      "MAP 0.000000 1 0xf6000000 0xffffc90000080000 0x1000000 0x0 0\n"
	      "R 4 1.000000 1 0xf6022800 0x80000000 0x0 0\n"
	      "R 4 1.000001 1 0xf6022804 0xc0000000 0x0 0\n"
	      "R 4 1.000002 1 0xf6022808 0x00c10000 0x0 0\n"
	      "R 4 1.000003 1 0xf6c10004 0x00c1800b 0x0 0\n"
	      "W 4 1.000004 1 0xf6c18014 0x00000002 0x0 0\n", out, sizeof(out));
	assert_non_null(strstr(out, "\nR 0x00022808 0x00c10000 NV_PTOP_DEVICE_INFO2(2) "));
	assert_non_null(strstr(out, " [block NV_RUNLIST@0xc10000 from line 4]\n"));
	assert_non_null(strstr(out, "\nR 0x00c10004 0x00c1800b NV_RUNLIST_CHANNEL_CONFIG@0xc10000 "
				    "CHRAM_BAR0_OFFSET=0xc1800 NUM_CHANNELS_LOG2=2K [block NV_CHRAM@0xc18000 from line 5]\n"));
	assert_non_null(strstr(out, "\nW 0x00c18014 0x00000002 NV_CHRAM_CHANNEL(5)@0xc18000 "));
	/* A record read out of turn (row 2 without rows 0 and 1 before it) places nothing. */
	batch("ga100", "0x22808 0x00c10000\n0xc10004 0x00c1800b\n", out, sizeof(out));
	assert_null(strstr(out, "[block"));
}

static void run(struct proc_result *r, const char *chip, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { (char *)env_require("REFGEN_BIN"), "lookup", "--chip", (char *)chip,
			 (char *)a1, (char *)a2, (char *)a3, NULL };

	proc_run(argv, r);
}

static void test_exit_codes(void **state)
{
	struct proc_result r;

	(void)state;
	/* A register: 0, labelled with its space. */
	run(&r, "gv100", "0x88100", NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "0x00088100  NV_XVE_VCCAP_HDR  dev_nv_xve3g_fn0  R--4R  "
				      "pci 0x100 through NV_PCFG (BAR0 0x88100)\n"));
	proc_result_free(&r);
	run(&r, "tu104", "0xbb0090", NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "0x00bb0090  NV_VIRTUAL_FUNCTION_DOORBELL  dev_vm  -W-4R  "
				      "vf 0x30090 through NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET (BAR0 0xbb0090)\n"));
	proc_result_free(&r);
	/* Only an aperture (dev_bus:24 NV_EXPROM 0x0007FFFF:0x00000000): 1. */
	run(&r, "gv100", "0x70000", NULL, NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "0x00070000  in aperture NV_EXPROM, no register\n"));
	proc_result_free(&r);
	/* dev_bus:26 NV_RSPACE 0x00FFFFFF:0x00000000 is the smallest range holding 0xFFFF00. */
	run(&r, "gv100", "0xffff00", NULL, NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "in aperture NV_RSPACE, no register"));
	proc_result_free(&r);
	/* Beyond NV_MEMORY/NV_IO (0xFFFFFFFF:0): nothing at all. */
	run(&r, "gv100", "0x100000000", NULL, NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "nothing of gv100's bar0 holds 0x100000000"));
	proc_result_free(&r);
	/* Other spaces on request: dev_ctxsw:23 NV_CTXSW_FECS_HEADER 0x100. */
	run(&r, "gv100", "--space", "ctxsw", "0x100");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "0x00000100  NV_CTXSW_FECS_HEADER  dev_ctxsw  RW-4R  ctxsw\n"));
	proc_result_free(&r);
	run(&r, "gv100", "--space", "nowhere", "0x100");
	assert_int_equal(r.status, 2);
	proc_result_free(&r);
	/* --json: every candidate with its space. */
	run(&r, "gv100", "--json", "0x100", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\"register\":\"NV_PMC_INTR(0)\",\"offset\":0,\"space\":{\"name\":\"bar0\""));
	assert_non_null(strstr(r.out, "\"register\":\"NV_CTXSW_FECS_HEADER\",\"offset\":0,\"space\":{\"name\":\"ctxsw\""));
	assert_non_null(strstr(r.out, "\"register\":\"NV_XVE_VCCAP_HDR\",\"offset\":0,\"space\":{\"name\":\"pci\",\"offset\":256,"
				      "\"bar0\":557312,\"via\":\"NV_PCFG\""));
	proc_result_free(&r);
}

/* lookup NAME: an indexed field's bits, an array's base and stride. */
static void test_name_forms(void **state)
{
	struct proc_result r;

	(void)state;
	/* gv100 dev_master:292 NV_PMC_ENABLE_DEVICE(i) (i):(i) */
	run(&r, "gv100", "NV_PMC_ENABLE_DEVICE(3)", NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "NV_PMC_ENABLE_DEVICE(3): field in dev_master bits 3:3 ((i):(i))\n"));
	proc_result_free(&r);
	/* gv100 dev_fifo:65 NV_PCCSR_CHANNEL(i) (0x00800004+(i)*8), __SIZE_1 4096 */
	run(&r, "gv100", "NV_PCCSR_CHANNEL", NULL, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "base 0x00800004, stride 0x8 (i < 4096)"));
	proc_result_free(&r);
	/* gv100 dev_ram:364 NV_RAMIN_SC_ENABLE_ATS(i) has no __SIZE_1: shown, with a warning. */
	run(&r, "gv100", "--struct", "NV_RAMIN", "170:0x80000000");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "SC_ENABLE_ATS(0)=0x1"));
	assert_non_null(strstr(r.err, "warning: the manual gives NV_RAMIN_SC_ENABLE_ATS(i) no array size"));
	proc_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_device_has_a_space),
		cmocka_unit_test(test_bar0_first_names),
		cmocka_unit_test(test_mmiotrace),
		cmocka_unit_test(test_mmiotrace_blocks),
		cmocka_unit_test(test_mmiotrace_blocks_from_trace),
		cmocka_unit_test(test_exit_codes),
		cmocka_unit_test(test_name_forms),
	};

	return cmocka_run_group_tests_name("lookup spaces", tests, NULL, NULL);
}
