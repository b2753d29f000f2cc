/* SPDX-License-Identifier: MIT */
/*
 * The chip seam: identification across the chips of the build, and the
 * operations Turing does its own way, against a tiny recording backend (a
 * register file: reads return what was written or preset, every write
 * logged), independent of the simulator.  Expected words are worked out
 * from the manuals (../shared/manuals/<arch>/<chip>/<unit>.ref.txt):
 *
 *   dev_master  NV_PMC_BOOT_0 0x0: ARCHITECTURE 28:24 (GV100 0x14, GP100
 *               0x13), IMPLEMENTATION 23:20, MAJOR_REVISION 7:4,
 *               MINOR_REVISION 3:0; NV_PMC_BOOT_42 0xa00: CHIP_ID 28:20
 *               (TU104 0x164), MAJOR_REVISION 19:16, MINOR_REVISION 15:12.
 *   dev_fifo    GV100: NV_PFIFO_RUNLIST_BASE 0x2270 (PTR 27:0, TARGET 29:28,
 *               SYS_MEM_COHERENT 2), NV_PFIFO_RUNLIST 0x2274 (LENGTH 15:0,
 *               ID 23:20); TU104: RUNLIST_BASE_LO(i) 0x2b00+16i (PTR_LO
 *               31:12, TARGET 1:0, SYS_MEM_COHERENT 2), BASE_HI(i)
 *               0x2b04+16i (PTR_HI 7:0), SUBMIT(i) 0x2b08+16i (LENGTH 15:0,
 *               OFFSET 31:16), SUBMIT_INFO(i) 0x2b0c+16i (PENDING 15:15);
 *               __SIZE_1 11; NV_PFIFO_CFG2_HOST_CLASS_ID_VALUE 50287.
 *   dev_usermode  NV_USERMODE_NOTIFY_CHANNEL_PENDING 0x810090: GV100 ID 31:0;
 *               TU104 CHID 11:0, RUNLIST_ID 22:16.
 *   dev_vm      TU104 NV_VIRTUAL_FUNCTION_DOORBELL 0x30090 (:550) in the window BAR0
 *               holds from NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0xB80000 (:24):
 *               0xbb0090, where TU104's doorbell is rung.
 *   dev_master  GV100 NV_PMC_ENABLE_PB 0x204; TU104 has none.
 *   dev_ctrl    TU104 NV_CTRL_VIRTUAL_CHANNEL_CFG(i) 0xb65000+4i: MASK 11:0
 *               (INIT 0xfff), SET 27:16 (INIT 0), PENDING_ENABLE 31:31 (TRUE 1).
 *   dev_ram     TU104 NV_RAMRL_ENTRY TSG header word 0: TYPE 0:0 (TSG 1),
 *               GFID 11:4 (new, "for future": 0), TIMESLICE_SCALE 19:16,
 *               TIMESLICE_TIMEOUT 31:24; word 1 TSG_LENGTH 7:0; word 2
 *               TSGID 11:0.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrt/device.h"
#include "nvrt/runlist.h"

/* ---- a recording register file --------------------------------------------------------- */

#define REC_REGS 256
#define REC_WRITES 256

struct rec {
	struct nvrt_backend base;
	uint32_t off[REC_REGS], val[REC_REGS];
	size_t nregs;
	uint32_t woff[REC_WRITES], wval[REC_WRITES];
	size_t nwrites;
};

static uint32_t *rec_slot(struct rec *r, uint32_t offset)
{
	for (size_t i = 0; i < r->nregs; i++)
		if (r->off[i] == offset)
			return &r->val[i];
	if (r->nregs == REC_REGS)
		fail_msg("recording backend: more than %d registers", REC_REGS);
	r->off[r->nregs] = offset;
	r->val[r->nregs] = 0;
	return &r->val[r->nregs++];
}

static uint32_t rec_read(struct nvrt_backend *b, uint32_t offset)
{
	return *rec_slot((struct rec *)b, offset);
}

static void rec_write(struct nvrt_backend *b, uint32_t offset, uint32_t value)
{
	struct rec *r = (struct rec *)b;

	*rec_slot(r, offset) = value;
	if (r->nwrites < REC_WRITES) {
		r->woff[r->nwrites] = offset;
		r->wval[r->nwrites++] = value;
	}
}

static const struct nvrt_backend_ops rec_ops = { .name = "recording", .bar0_read32 = rec_read,
						 .bar0_write32 = rec_write };

static void rec_init(struct rec *r, uint32_t boot0, uint32_t boot42)
{
	memset(r, 0, sizeof(*r));
	r->base.ops = &rec_ops;
	*rec_slot(r, 0x0) = boot0;
	*rec_slot(r, 0xa00) = boot42;
}

/* The index of the first write to offset, or -1. */
static long rec_written(const struct rec *r, uint32_t offset)
{
	for (size_t i = 0; i < r->nwrites; i++)
		if (r->woff[i] == offset)
			return (long)i;
	return -1;
}

static void expect_write(const struct rec *r, size_t i, uint32_t offset, uint32_t value)
{
	if (i >= r->nwrites)
		fail_msg("write %zu missing (0x%x = 0x%08x expected)", i, offset, value);
	if (r->woff[i] != offset || r->wval[i] != value)
		fail_msg("write %zu: 0x%x = 0x%08x, expected 0x%x = 0x%08x", i, r->woff[i], r->wval[i],
			 offset, value);
}

static void expect_text(const char *s, const char *part)
{
	if (!strstr(s, part))
		fail_msg("\"%s\" not in \"%s\"", part, s);
}

/* A watch of channel chid on runlist (indexed runlist registers: no block). */
#define CH(c, r) (&(const struct nvrt_host_watch){ .chid = (c), .runlist = (r) })
#define RL(r) CH(0, r)

/* BOOT_0: ARCHITECTURE 28:24, IMPLEMENTATION 23:20, MAJOR 7:4 = 0xa, MINOR 3:0 = 1. */
#define BOOT0(arch, impl) ((uint32_t)(arch) << 24 | (uint32_t)(impl) << 20 | 0xa0u | 0x1u)
/* BOOT_42: CHIP_ID 28:20, MAJOR 19:16 = 0xa, MINOR 15:12 = 1. */
#define BOOT42(chip_id) ((uint32_t)(chip_id) << 20 | 0xau << 16 | 0x1u << 12)

static const struct nvrt_chip *gv100, *tu104, *ga100;

static int chip_setup(void **state)
{
	(void)state;
	gv100 = nvrt_chip_find("gv100");
	tu104 = nvrt_chip_find("tu104");
	ga100 = nvrt_chip_find("ga100");
	return gv100 && tu104 && ga100 ? 0 : -1;
}

/* ---- identification ---------------------------------------------------------------------- */

static void test_chip_list(void **state)
{
	(void)state;
	assert_int_equal(nvrt_chip_count(), 3);
	assert_ptr_equal(nvrt_chip_at(0), gv100);
	assert_ptr_equal(nvrt_chip_at(1), tu104);
	assert_ptr_equal(nvrt_chip_at(2), ga100);
	assert_null(nvrt_chip_at(3));
	assert_string_equal(gv100->name, "gv100");
	assert_null(nvrt_chip_find("gp100"));
}

static void test_identify_gv100(void **state)
{
	struct rec r;
	struct nvrt_identity id;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, BOOT0(0x14, 0), BOOT42(0x140));
	assert_int_equal(BOOT0(0x14, 0), 0x140000a1u);
	assert_ptr_equal(nvrt_chip_identify(&r.base, &id, &err), gv100);
	assert_int_equal(id.boot0, 0x140000a1u);
	assert_int_equal(id.architecture, 0x14);
	assert_int_equal(id.implementation, 0);
	expect_text(id.text, "ARCHITECTURE=GV100");
	assert_int_equal(r.nwrites, 0);      /* identification only reads */
}

static void test_identify_tu104(void **state)
{
	struct rec r;
	struct nvrt_identity id;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, BOOT0(0x16, 4), BOOT42(0x164));
	assert_int_equal(BOOT42(0x164), 0x164a1000u);
	assert_ptr_equal(nvrt_chip_identify(&r.base, &id, &err), tu104);
	assert_int_equal(id.boot0, 0x164000a1u);
	assert_int_equal(id.boot42, 0x164a1000u);
	assert_int_equal(id.architecture, 0x16);
	assert_int_equal(id.implementation, 4);
	/* Another Turing (TU102, CHIP_ID 0x162) is not a TU104. */
	rec_init(&r, BOOT0(0x16, 2), BOOT42(0x162));
	assert_null(nvrt_chip_identify(&r.base, &id, &err));
}

/* GA100 (dev_boot.ref.txt): BOOT_0 ARCHITECTURE_GA100 0x17 (:83), IMPLEMENTATION 0;
 * BOOT_42 CHIP_ID_GA100 0x170 (:179,199).  GA102 (CHIP_ID 0x172, the same
 * ARCHITECTURE, implementation 2: ga100-host-facts.md 0) is not a GA100. */
static void test_identify_ga100(void **state)
{
	struct rec r;
	struct nvrt_identity id;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, BOOT0(0x17, 0), BOOT42(0x170));
	assert_int_equal(BOOT0(0x17, 0), 0x170000a1u);
	assert_int_equal(BOOT42(0x170), 0x170a1000u);
	assert_ptr_equal(nvrt_chip_identify(&r.base, &id, &err), ga100);
	assert_int_equal(id.boot42, 0x170a1000u);
	assert_int_equal(id.architecture, 0x17);
	expect_text(id.text, "ARCHITECTURE=GA100");
	assert_int_equal(r.nwrites, 0);
	rec_init(&r, BOOT0(0x17, 2), BOOT42(0x172));
	assert_null(nvrt_chip_identify(&r.base, &id, &err));
	assert_int_equal(nvrt_chip_check(ga100, &r.base, &id, &err), -1);
	expect_text(err.msg, "(a ga100 has NV_PMC_BOOT_42_CHIP_ID_GA100 0x170)");
}

static void test_identify_unknown(void **state)
{
	struct rec r;
	struct nvrt_identity id;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, BOOT0(0x13, 0), BOOT42(0x130));
	assert_null(nvrt_chip_identify(&r.base, &id, &err));
	expect_text(err.msg, "unknown GPU: NV_PMC_BOOT_0 0x130000a1 (");
	expect_text(err.msg, "ARCHITECTURE=GP100");
	expect_text(err.msg, "this build knows gv100 (NV_PMC_BOOT_0_ARCHITECTURE_GV100 0x14), "
			     "tu104 (NV_PMC_BOOT_42_CHIP_ID_TU104 0x164), "
			     "ga100 (NV_PMC_BOOT_42_CHIP_ID_GA100 0x170)");
}

/* A chip named on purpose must be the device's. */
static void test_identify_given_chip(void **state)
{
	struct rec r;
	struct nvrt_identity id;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, BOOT0(0x14, 0), BOOT42(0x140));
	assert_int_equal(nvrt_chip_check(gv100, &r.base, &id, &err), 0);
	assert_int_equal(nvrt_chip_check(tu104, &r.base, &id, &err), -1);
	expect_text(err.msg, "not a tu104: NV_PMC_BOOT_0 0x140000a1");
	expect_text(err.msg, "(a tu104 has NV_PMC_BOOT_42_CHIP_ID_TU104 0x164)");
	rec_init(&r, BOOT0(0x16, 4), BOOT42(0x164));
	assert_int_equal(nvrt_chip_check(gv100, &r.base, &id, &err), -1);
	expect_text(err.msg, "(a gv100 has NV_PMC_BOOT_0_ARCHITECTURE_GV100 0x14)");
}

/* ---- the data of each chip's sub-tables ------------------------------------------------- */

static void test_chip_data(void **state)
{
	(void)state;
	assert_int_equal(gv100->pushbuf->host_class, 0xc36f);   /* 50031 */
	assert_int_equal(tu104->pushbuf->host_class, 0xc46f);   /* 50287 */
	assert_int_equal(gv100->host->pbdmas, 14);
	assert_int_equal(tu104->host->pbdmas, 12);
	assert_int_equal(gv100->runlist->runlists, 13);          /* ENG_RUNLIST__SIZE_1 */
	assert_int_equal(tu104->runlist->runlists, 11);          /* RUNLIST_SUBMIT__SIZE_1 */
	/* Shared where nothing changed (chips/tu104.c checks the fields). */
	assert_ptr_equal(tu104->pt, gv100->pt);
	/* Not the GP entry: Turing has no GP_ENTRY1_PRIV (clc46f.h; UVM's
	 * uvm_turing_host.c: "deprecated in Turing+"), so TU104's is its own. */
	assert_ptr_not_equal(tu104->gpfifo, gv100->gpfifo);
	assert_ptr_not_equal(tu104->runlist, gv100->runlist);
	assert_ptr_not_equal(tu104->usermode, gv100->usermode);
	/* GA100: class 50543 (dev_pbdma.ref.txt:2424 HOST_CLASS_ID), 32 PBDMA slots
	 * (NV_PPBDMA_INTR_0__SIZE_1; "Each PBDMA unit is allocated a 2KB address
	 * space", :48); its runlists are found in device info, not counted. */
	assert_int_equal(ga100->pushbuf->host_class, 0xc56f);
	assert_int_equal(ga100->host->pbdmas, 32);
	/* Turing's (= Volta's) page tables; everything Host its own (chips/ga100.c). */
	assert_ptr_equal(ga100->pt, tu104->pt);
	assert_ptr_not_equal(ga100->gpfifo, tu104->gpfifo);
	assert_ptr_not_equal(ga100->runlist, tu104->runlist);
	assert_ptr_not_equal(ga100->channel, tu104->channel);
	assert_ptr_not_equal(ga100->usermode, tu104->usermode);
}

/* ---- GA100: each runlist's block, its channel RAM, the VF window's doorbell ------------- */

/* A channel on a runlist whose block is at 0xf10000 and channel RAM at
 * 0xf20000 (invented bases: a real GPU's are read from device info), doorbell
 * id 3. */
static const struct nvrt_host_watch ga100_watch = {
	.chid = 5, .tsgid = 0, .runlist = 1,
	.loc = { .pri_base = 0xf10000u, .chram_base = 0xf20000u, .doorbell_id = 3, .num_channels = 2048 },
};

/* dev_runlist.ref.txt:122-134: SUBMIT_BASE_LO 0x080 (PTR_LO 31:12, TARGET 1:0,
 * SYS_MEM_COHERENT 2), SUBMIT_BASE_HI 0x084 (PTR_HI), SUBMIT 0x088 (LENGTH 15:0),
 * at the block's base, in that order; 0x12_3456_7000 is PTR 0x1234567. */
static void test_runlist_submit_ga100(void **state)
{
	struct rec r;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, 0, 0);
	assert_int_equal(ga100->runlist->runlist_submit(&r.base, &ga100_watch, 0x1234567000ull,
							NVRT_APERTURE_SYS_COHERENT, 2, &err), 0);
	assert_int_equal(r.nwrites, 3);
	expect_write(&r, 0, 0xf10080, 0x34567000u | 2u);
	expect_write(&r, 1, 0xf10084, 0x12u);
	expect_write(&r, 2, 0xf10088, 2u);
	/* SUBMIT_INFO 0x08C PENDING 15:15 (:139,146). */
	*rec_slot(&r, 0xf1008c) = 1u << 15;
	assert_true(ga100->runlist->runlist_pending(&r.base, &ga100_watch));
	*rec_slot(&r, 0xf1008c) = 0xffff7fffu;
	assert_false(ga100->runlist->runlist_pending(&r.base, &ga100_watch));
	/* A runlist without a block (none found in device info) is refused. */
	rec_init(&r, 0, 0);
	assert_int_equal(ga100->runlist->runlist_submit(&r.base, RL(1), 0x5000, NVRT_APERTURE_SYS_COHERENT,
							1, &err), -1);
	assert_int_equal(r.nwrites, 0);
}

/* NV_CHRAM_CHANNEL(i) at the channel RAM's base + 4i (dev_runlist.ref.txt:74),
 * written with the manual's UPDATE values (:115-121): ENABLE_CHANNEL 0x2,
 * DISABLE_CHANNEL 0x3, CLEAR_CHANNEL 0xffffffff; no bind register (the
 * runlist entry carries the instance block). */
static void test_channel_ga100(void **state)
{
	struct rec r;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, 0, 0);
	assert_int_equal(ga100->channel->channel_bind(&r.base, &ga100_watch, 0x100000, NVRT_APERTURE_SYS_COHERENT,
						      &err), 0);
	assert_int_equal(r.nwrites, 0);
	ga100->channel->channel_enable(&r.base, &ga100_watch, true);
	ga100->channel->channel_enable(&r.base, &ga100_watch, false);
	ga100->channel->channel_unbind(&r.base, &ga100_watch);
	assert_int_equal(r.nwrites, 3);
	expect_write(&r, 0, 0xf20000 + 5 * 4, 0x2u);
	expect_write(&r, 1, 0xf20000 + 5 * 4, 0x3u);
	expect_write(&r, 2, 0xf20000 + 5 * 4, 0xffffffffu);
	/* The runlist's own SCHED_DISABLE 0x094 (RUNLIST 0:0) and PREEMPT 0x098,
	 * TYPE 25:24 RUNLIST 0 (:520-536). */
	rec_init(&r, 0, 0);
	ga100->runlist->runlist_sched_disable(&r.base, &ga100_watch, true);
	ga100->runlist->runlist_preempt(&r.base, &ga100_watch);
	ga100->runlist->runlist_sched_disable(&r.base, &ga100_watch, false);
	expect_write(&r, 0, 0xf10094, 1u);
	expect_write(&r, 1, 0xf10098, 0u);
	expect_write(&r, 2, 0xf10094, 0u);
}

/* NV_VIRTUAL_FUNCTION_DOORBELL 0x30090 (dev_vm.ref.txt:550) in the VF window at
 * 0xB80000 (:24): BAR0 0xbb0090; the handle NV_CTRL_VF_DOORBELL VECTOR 11:0 =
 * chid, RUNLIST_ID 22:16 = the runlist's doorbell id
 * (published/ampere/ga100/dev_ctrl.h:26-27). */
static void test_doorbell_ga100(void **state)
{
	struct rec r;

	(void)state;
	assert_int_equal(ga100->usermode->doorbell_handle(&ga100_watch), 3u << 16 | 5u);
	rec_init(&r, 0, 0);
	ga100->usermode->doorbell_ring(&r.base, &ga100_watch);
	assert_int_equal(r.nwrites, 1);
	expect_write(&r, 0, 0xbb0090, 0x00030005u);
}

/* ---- runlist submission ------------------------------------------------------------------ */

static void test_runlist_submit_gv100(void **state)
{
	struct rec r;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, 0, 0);
	assert_int_equal(gv100->runlist->runlist_submit(&r.base, RL(2), 0x12345000u, NVRT_APERTURE_SYS_COHERENT,
							3, &err), 0);
	assert_int_equal(r.nwrites, 2);
	expect_write(&r, 0, 0x2270, 2u << 28 | 0x12345u);     /* RUNLIST_BASE */
	expect_write(&r, 1, 0x2274, 2u << 20 | 3u);           /* RUNLIST: ID 2, LENGTH 3 */
}

static void test_runlist_submit_tu104(void **state)
{
	struct rec r;
	struct nvrt_err err;

	(void)state;
	rec_init(&r, 0, 0);
	/* Runlist 3, 2 entries at 0x12_3456_7000 (above 4 GiB), coherent sysmem. */
	assert_int_equal(tu104->runlist->runlist_submit(&r.base, RL(3), 0x1234567000ull,
							NVRT_APERTURE_SYS_COHERENT, 2, &err), 0);
	assert_int_equal(r.nwrites, 3);
	expect_write(&r, 0, 0x2b00 + 3 * 16, 0x34567000u | 2u);   /* BASE_LO: PTR_LO, TARGET */
	expect_write(&r, 1, 0x2b04 + 3 * 16, 0x12u);              /* BASE_HI: bits 39:32 */
	expect_write(&r, 2, 0x2b08 + 3 * 16, 2u);                 /* SUBMIT: LENGTH 2, OFFSET 0 */
	/* Non-coherent: TARGET 3; runlist 10 is the last one. */
	rec_init(&r, 0, 0);
	assert_int_equal(tu104->runlist->runlist_submit(&r.base, RL(10), 0x5000, NVRT_APERTURE_SYS_NONCOHERENT,
							0, &err), 0);
	expect_write(&r, 0, 0x2b00 + 10 * 16, 0x5000u | 3u);
	expect_write(&r, 1, 0x2b04 + 10 * 16, 0);
	expect_write(&r, 2, 0x2b08 + 10 * 16, 0);
	/* 11 runlists; 40 address bits. */
	rec_init(&r, 0, 0);
	assert_int_equal(tu104->runlist->runlist_submit(&r.base, RL(11), 0x5000, NVRT_APERTURE_SYS_COHERENT,
							1, &err), -1);
	expect_text(err.msg, "runlist 11");
	assert_int_equal(tu104->runlist->runlist_submit(&r.base, RL(0), 1ull << 40, NVRT_APERTURE_SYS_COHERENT,
							1, &err), -1);
	assert_int_equal(r.nwrites, 0);
}

static void test_runlist_pending_tu104(void **state)
{
	struct rec r;

	(void)state;
	rec_init(&r, 0, 0);
	*rec_slot(&r, 0x2b0c + 3 * 16) = 1u << 15;     /* SUBMIT_INFO(3) PENDING */
	assert_true(tu104->runlist->runlist_pending(&r.base, RL(3)));
	assert_false(tu104->runlist->runlist_pending(&r.base, RL(2)));
	*rec_slot(&r, 0x2b0c + 3 * 16) = 0xffff7fffu;  /* every other field set */
	assert_false(tu104->runlist->runlist_pending(&r.base, RL(3)));
}

/* ---- doorbell --------------------------------------------------------------------------- */

static void test_doorbell(void **state)
{
	struct rec r;

	(void)state;
	assert_int_equal(gv100->usermode->doorbell_handle(CH(5, 3)), 5);
	assert_int_equal(tu104->usermode->doorbell_handle(CH(5, 3)), 3u << 16 | 5u);
	assert_int_equal(tu104->usermode->doorbell_handle(CH(4095, 10)), 0x000a0fffu);
	rec_init(&r, 0, 0);
	tu104->usermode->doorbell_ring(&r.base, CH(1, 2));
	assert_int_equal(r.nwrites, 1);
	expect_write(&r, 0, 0xbb0090, 0x00020001u);
	rec_init(&r, 0, 0);
	gv100->usermode->doorbell_ring(&r.base, CH(1, 2));
	expect_write(&r, 0, 0x810090, 1u);
}

/* ---- bring-up ------------------------------------------------------------------------------- */

static void test_bringup_tu104(void **state)
{
	struct rec r;
	struct nvrt_err err;
	long cfg;

	(void)state;
	rec_init(&r, BOOT0(0x16, 4), BOOT42(0x164));
	*rec_slot(&r, 0x2004) = 12;     /* NV_PFIFO_CFG0 NUM_PBDMA */
	assert_int_equal(tu104->host->host_enable(&r.base, 0x1000, NULL, &err), 0);
	assert_int_equal(rec_written(&r, 0x204), -1);          /* no NV_PMC_ENABLE_PB */
	cfg = rec_written(&r, 0xb65000);
	assert_true(cfg >= 0);
	expect_write(&r, (size_t)cfg, 0xb65000, 0x80000fffu);  /* PENDING_ENABLE, MASK_INIT */
	/* GV100 enables its 14 PBDMAs in NV_PMC_ENABLE_PB and has no NV_CTRL. */
	rec_init(&r, BOOT0(0x14, 0), BOOT42(0x140));
	*rec_slot(&r, 0x2004) = 14;
	assert_int_equal(gv100->host->host_enable(&r.base, 0x1000, NULL, &err), 0);
	assert_true(rec_written(&r, 0x204) >= 0);
	assert_int_equal(rec_read(&r.base, 0x204), 0x3fffu);
	assert_int_equal(rec_written(&r, 0xb65000), -1);
}

/*
 * GA100's device info and runlist blocks, as a real board would hold them
 * (bases invented; the layout is the addendum's, manuals/ga100/dev_top.ref
 * from published/blackwell/gb100/dev_top.h:37-51):
 *   NV_PTOP_DEVICE_INFO_CFG 0x224fc NUM_ROWS 31:20 = 7 -> 0x00700000
 *   NV_PTOP_DEVICE_INFO2(i) 0x22800 + 4i, a device per chain (ROW_CHAIN 31:31):
 *   GR:  row0 FAULT_ID 10:0 = 0x40, TYPE_ENUM 30:24 = GRAPHICS 0, CHAIN
 *          -> 0x80000040
 *        row1 RESET_ID 7:0 = 1, DEVICE_PRI_BASE 25:8 (in place) 0x400000,
 *          IS_ENGINE 30:30, CHAIN -> 0xc0400001
 *        row2 RLENG_ID 1:0 = 0, RUNLIST_PRI_BASE 25:10 (in place) 0xf00000
 *          -> 0x00f00000
 *   an all-zero row (no device)
 *   LCE: row0 FAULT_ID 15 (CE0, published dev_fault.h:42), TYPE_ENUM LCE 0x13
 *          (published dev_top.h:34), CHAIN -> 0x9300000f
 *        row1 RESET_ID 3, DEVICE_PRI_BASE 0x104000, IS_ENGINE, CHAIN -> 0xc0104003
 *        row2 RUNLIST_PRI_BASE 0xf10000 -> 0x00f10000
 * The blocks (dev_runlist.ref.txt:36-59): CHANNEL_CONFIG +0x004
 * CHRAM_BAR0_OFFSET 31:4 (in place) | NUM_CHANNELS_LOG2 3:0 = 11;
 * DOORBELL_CONFIG +0x008 ID 31:16; PBDMA_CONFIG(i) +0x010 + 4i
 * PBDMA_BAR0_OFFSET 25:10 (in place) | VALID 31:31.  GR: channel RAM
 * 0xf30000, doorbell id 0, PBDMAs 0 and 1 (0x40000, 0x40800: NV_PPBDMA_*(i)
 * at 0x40000 + 2048i, dev_pbdma.ref.txt:2723); LCE: channel RAM 0xf20000,
 * doorbell id 3, PBDMA 2 (0x41000).  NV_PPBDMA_CFG0(0) 0x40104
 * PBDMA_FAULT_ID 9:0 = 32 (HOST0, dev_pbdma.ref.txt:1665-1668).
 */
static void ga100_board(struct rec *r)
{
	rec_init(r, BOOT0(0x17, 0), BOOT42(0x170));
	*rec_slot(r, 0x224fc) = 0x00700000;
	*rec_slot(r, 0x22800) = 0x80000040;
	*rec_slot(r, 0x22804) = 0xc0400001;
	*rec_slot(r, 0x22808) = 0x00f00000;
	*rec_slot(r, 0x2280c) = 0;
	*rec_slot(r, 0x22810) = 0x9300000f;
	*rec_slot(r, 0x22814) = 0xc0104003;
	*rec_slot(r, 0x22818) = 0x00f10000;
	*rec_slot(r, 0xf00004) = 0x00f30000u | 11;
	*rec_slot(r, 0xf00008) = 0;
	*rec_slot(r, 0xf00010) = 0x80040000u;
	*rec_slot(r, 0xf00014) = 0x80040800u;
	*rec_slot(r, 0xf10004) = 0x00f20000u | 11;
	*rec_slot(r, 0xf10008) = 3u << 16;
	*rec_slot(r, 0xf10010) = 0x80041000u;
	*rec_slot(r, 0x40104) = 32;
}

/* What bring-up reads: engines, runlists found by their blocks, PBDMAs. */
static void test_topology_ga100(void **state)
{
	struct rec r;
	struct nvrt_topology t;
	struct nvrt_err err;

	(void)state;
	ga100_board(&r);
	assert_int_equal(ga100->host->topology_read(&r.base, &t, &err), 0);
	assert_int_equal(r.nwrites, 0);
	assert_int_equal(t.nengines, 2);
	assert_true(t.engines[0].graphics);
	assert_int_equal(t.engines[0].runlist, 0);
	assert_int_equal(t.engines[0].reset, 1);
	assert_int_equal(t.engines[0].fault_id, 0x40);
	assert_int_equal(t.engines[0].pri_base, 0x400000);
	assert_true(t.engines[1].copy);
	expect_text(t.engines[1].type_name, "LCE");
	assert_int_equal(t.engines[1].runlist, 1);
	assert_int_equal(t.engines[1].engine_id, 0);
	assert_int_equal(t.engines[1].reset, 3);
	assert_int_equal(t.engines[1].fault_id, 15);
	assert_int_equal(t.engines[1].pri_base, 0x104000);
	assert_int_equal(t.nrunlists, 2);
	assert_int_equal(t.runlists[0].pri_base, 0xf00000);
	assert_int_equal(t.runlists[0].chram_base, 0xf30000);
	assert_int_equal(t.runlists[0].npbdma, 2);
	assert_int_equal(t.runlists[1].pri_base, 0xf10000);
	assert_int_equal(t.runlists[1].chram_base, 0xf20000);
	assert_int_equal(t.runlists[1].num_channels, 2048);
	assert_int_equal(t.runlists[1].doorbell_id, 3);
	assert_int_equal(t.runlists[1].npbdma, 1);
	assert_int_equal(t.runlists[1].pbdma_ids[0], 2);
	assert_int_equal(t.num_pbdma, 3);
	assert_int_equal(t.pbdma_runlists[0], 1u << 0);
	assert_int_equal(t.pbdma_runlists[1], 1u << 0);
	assert_int_equal(t.pbdma_runlists[2], 1u << 1);
	assert_int_equal(t.pbdma_fault_id, 32);
	assert_int_equal(t.num_channels, 2048);
	/* nvrt-submit prints it with the blocks found. */
	static struct nvrt_device d;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	d.topo = t;
	nvrt_device_topology_print(&d, out);
	fclose(out);
	expect_text(buf, "engines (NV_PTOP_DEVICE_INFO2): 2");
	expect_text(buf, "runlist  1 block 0xf10000, channel RAM 0xf20000 (2048 channels), doorbell id 3, PBDMA 2\n");
	expect_text(buf, "PBDMA  2 serves runlist 1\n");
	free(buf);
}

/*
 * Bring-up's writes, in order (ga100-host-facts.md 1.2 and 1.4), each
 * register at the base its block was found at:
 *   NV_PMC_DEVICE_ENABLE(0) 0x600: the LCE's RESET_ID 3 set -> 0x8
 *   per runlist B (0xf00000, then 0xf10000):
 *     NV_RUNLIST_VIRTUAL_CHANNEL_CFG(0) B+0x300 (dev_runlist.ref.txt:45-53):
 *       MASK_HW 10:0 = INIT 0x7ff, PENDING_ENABLE 31:31 = TRUE -> 0x800007ff
 *     NV_RUNLIST_INTR_0 B+0x100 (:166): what was pending (0), write 1 to clear
 *     NV_RUNLIST_INTR_0_EN_SET_TREE(0) B+0x120 (:243-293): CTXSW_TIMEOUT_ENG0-2
 *       2:0 -> 0x7, TSG_PREEMPT_COMPLETE 8 and RUNLIST_PREEMPT_COMPLETE 9
 *       -> 0x300, BAD_TSG 12 -> 0x1000, PBDMA0/1_INTR_TREE_0 16, 17 -> 0x30000
 *       => 0x00031307
 *     per PBDMA p of it: NV_PPBDMA_INTR_0(p) 0x40108 + 2048p, INTR_1(p)
 *       0x40148 (what was pending, 0); INTR_0_EN_SET_TREE(p,0) 0x40170 +
 *       2048p, every field (dev_pbdma.ref.txt:3258-3314: 13-19 -> 0xfe000,
 *       21 -> 0x200000, 23-27 -> 0xf800000, 30, 31 -> 0xc0000000) =>
 *       0xcfafe000; INTR_1_EN_SET_TREE(p,0) 0x40180 (:3323-3343: 4:0, 31)
 *       => 0x8000001f
 *     NV_RUNLIST_SCHED_DISABLE B+0x094 (:520-525) RUNLIST ENABLED -> 0
 *   NV_PFB_NISO_FLUSH_SYSMEM_ADDR_HI 0x100c40 = 0x1000 >> 40 = 0, then
 *   NV_PFB_NISO_FLUSH_SYSMEM_ADDR 0x100c10 = 0x1000 >> 8 = 0x10
 *   (addendum dev_fb.ref; published dev_fb.h:26-32).
 */
static void test_bringup_ga100(void **state)
{
	struct rec r;
	struct nvrt_err err;
	static const struct { uint32_t off, val; } want[] = {
		{ 0x600, 0x8 },
		{ 0xf00300, 0x800007ff }, { 0xf00100, 0 }, { 0xf00120, 0x00031307 },
		{ 0x40108, 0 }, { 0x40148, 0 }, { 0x40170, 0xcfafe000 }, { 0x40180, 0x8000001f },
		{ 0x40908, 0 }, { 0x40948, 0 }, { 0x40970, 0xcfafe000 }, { 0x40980, 0x8000001f },
		{ 0xf00094, 0 },
		{ 0xf10300, 0x800007ff }, { 0xf10100, 0 }, { 0xf10120, 0x00031307 },
		{ 0x41108, 0 }, { 0x41148, 0 }, { 0x41170, 0xcfafe000 }, { 0x41180, 0x8000001f },
		{ 0xf10094, 0 },
		{ 0x100c40, 0 }, { 0x100c10, 0x10 },
	};

	(void)state;
	ga100_board(&r);
	assert_int_equal(ga100->host->host_enable(&r.base, 0x1000, NULL, &err), 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		expect_write(&r, i, want[i].off, want[i].val);
	assert_int_equal(r.nwrites, sizeof(want) / sizeof(want[0]));
	/* Nothing of the PFIFO design is touched (no NV_PMC_ENABLE, PFIFO, PCCSR). */
	assert_int_equal(rec_written(&r, 0x200), -1);
}

/* ---- stale runlists and the failure report ------------------------------------------------- */

static void test_stale_tu104(void **state)
{
	struct rec r;
	struct nvrt_topology t = { .num_channels = 8 };
	struct nvrt_stale s;

	(void)state;
	rec_init(&r, 0, 0);
	*rec_slot(&r, 0x2b08 + 2 * 16) = 5;     /* RUNLIST_SUBMIT(2) LENGTH 5 */
	assert_int_equal(tu104->bus->stale_scan(&r.base, &t, &s, NULL), 0);
	assert_int_equal(s.runlists, 1u << 2);
	assert_int_equal(s.nchannels, 0);
	assert_int_equal(r.nwrites, 0);
}

static void test_report_tu104(void **state)
{
	struct rec r;
	struct nvrt_host_watch w = { .chid = 1, .tsgid = 0, .runlist = 3, .pbdma_mask = 1, .num_pbdma = 12 };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	(void)state;
	rec_init(&r, 0, 0);
	*rec_slot(&r, 0x2b0c + 3 * 16) = 1u << 15;
	tu104->faults->fault_report(&r.base, &w, out);
	fclose(out);
	expect_text(buf, "NV_PFIFO_RUNLIST_SUBMIT_INFO(3) 0x00008000:");
	expect_text(buf, "PENDING=TRUE");
	assert_null(strstr(buf, "ENG_RUNLIST"));
	free(buf);
}

/* ---- TU104's runlist entries: the TSG header with GFID 0, decoded ------------------------ */

static void test_runlist_gfid_tu104(void **state)
{
	static uint32_t rl[1024] __attribute__((aligned(4096)));
	struct nvrt_runlist_chan c = { .chid = 1, .inst_iova = 0x10000, .userd_iova = 0x20000,
				       .inst_aperture = NVRT_APERTURE_SYS_COHERENT,
				       .userd_aperture = NVRT_APERTURE_SYS_COHERENT };
	struct nvrt_runlist_tsg t = { .tsgid = 5, .timeslice_timeout = 128, .timeslice_scale = 3,
				      .chans = &c, .nchans = 1 };
	struct nvrt_dma d = { .cpu = rl, .iova = 0x30000, .size = sizeof(rl),
			      .aperture = NVRT_APERTURE_SYS_COHERENT };
	struct nvrt_err err;
	uint32_t n = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	assert_int_equal(nvrt_runlist_build(tu104, &d, &t, 1, &n, &err), 0);
	assert_int_equal(n, 2);
	/* TIMEOUT 128 << 24 | SCALE 3 << 16 | GFID 0 << 4 | TYPE TSG 1 */
	assert_int_equal(rl[0], 0x80030001u);
	assert_int_equal(rl[1], 1);      /* TSG_LENGTH */
	assert_int_equal(rl[2], 5);      /* TSGID */
	out = open_memstream(&buf, &len);
	tu104->dump->runlist_dump(rl, n, out);
	fclose(out);
	expect_text(buf, "GFID");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chip_list),
		cmocka_unit_test(test_identify_gv100),
		cmocka_unit_test(test_identify_tu104),
		cmocka_unit_test(test_identify_ga100),
		cmocka_unit_test(test_identify_unknown),
		cmocka_unit_test(test_identify_given_chip),
		cmocka_unit_test(test_chip_data),
		cmocka_unit_test(test_runlist_submit_gv100),
		cmocka_unit_test(test_runlist_submit_tu104),
		cmocka_unit_test(test_runlist_pending_tu104),
		cmocka_unit_test(test_runlist_submit_ga100),
		cmocka_unit_test(test_channel_ga100),
		cmocka_unit_test(test_doorbell_ga100),
		cmocka_unit_test(test_doorbell),
		cmocka_unit_test(test_bringup_tu104),
		cmocka_unit_test(test_topology_ga100),
		cmocka_unit_test(test_bringup_ga100),
		cmocka_unit_test(test_stale_tu104),
		cmocka_unit_test(test_report_tu104),
		cmocka_unit_test(test_runlist_gfid_tu104),
	};

	return cmocka_run_group_tests(tests, chip_setup, NULL);
}
