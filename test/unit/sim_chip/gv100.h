/* SPDX-License-Identifier: MIT */
/*
 * test_nvrt_sim on GV100: the values its manuals give (worked out here, not
 * read from the model), Volta's runlist submit and doorbell, and the tests
 * of what only GV100 has.  Included by test_nvrt_sim.c after its helpers;
 * the Host interface of design pfifo is sim_chip/pfifo.h.
 */
#include <tu104/dev_ctrl.h>
#include <tu104/dev_fifo.h>

/* dev_master: ARCHITECTURE 0x14 (28:24), IMPLEMENTATION 0 (23:20),
 * MAJOR_REVISION A (7:4), MINOR_REVISION 1 (3:0); BOOT_42 CHIP_ID GV100. */
#define EXPECT_BOOT_0 0x140000a1u
#define EXPECT_ARCHITECTURE 0x14u
#define EXPECT_CHIP_ID 0x140u
/* dev_fifo CFG0 NUM_PBDMA_INIT 14, CFG2 HOST_CLASS_ID_VALUE 50031 (0xc36f,
 * VOLTA_CHANNEL_GPFIFO_A); dev_usermode CFG0 USERMODE_CLASS_ID_VALUE 50017
 * (0xc361, VOLTA_USERMODE_A). */
#define EXPECT_NUM_PBDMA 14u
#define EXPECT_HOST_CLASS 0xc36fu
#define EXPECT_USERMODE_CLASS 0xc361u
/* nouveau nv140 (GV100): ce mask 0x1ff. */
#define EXPECT_LCES 9u
/* An MMU fault shows in NV_PMC_INTR(0) HUB (facts doc 5.1). */
#define EXPECT_PMC_INTR_HUB_ON_FAULT GV100_PMC_INTR_HUB_PENDING

/* dev_fifo: RUNLIST_BASE (PTR 27:0 = address >> 12, TARGET), then RUNLIST
 * (ID, LENGTH) starts the fetch of runlist ID. */
#include "sim_chip/pfifo.h"

static void runlist_submit(struct simt *t, uint32_t r, uint64_t iova, uint32_t entries)
{
	gv100_pfifo_runlist_base_t base = { 0 };
	gv100_pfifo_runlist_t rl = { 0 };

	base = gv100_set_pfifo_runlist_base_ptr(base, (uint32_t)(iova >>
						 GV100_PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT));
	base = gv100_set_pfifo_runlist_base_target(base, GV100_PFIFO_RUNLIST_BASE_TARGET_SYS_MEM_COHERENT);
	rl = gv100_set_pfifo_runlist_id(rl, r);
	rl = gv100_set_pfifo_runlist_length(rl, entries);
	wr(t, gv100_pfifo_runlist_base(), base.v);
	wr(t, gv100_pfifo_runlist(), rl.v);
}

/* ENG_RUNLIST(r) PENDING. */
static bool runlist_pending(struct simt *t, uint32_t r)
{
	gv100_pfifo_eng_runlist_t e = { rd(t, gv100_pfifo_eng_runlist(r)) };

	return gv100_get_pfifo_eng_runlist_pending(e) == GV100_PFIFO_ENG_RUNLIST_PENDING_TRUE;
}

/* ENG_RUNLIST(r) LENGTH: the entries of the runlist Host has. */
static uint32_t runlist_length(struct simt *t, uint32_t r)
{
	gv100_pfifo_eng_runlist_t e = { rd(t, gv100_pfifo_eng_runlist(r)) };

	return gv100_get_pfifo_eng_runlist_length(e);
}

/* dev_usermode NOTIFY_CHANNEL_PENDING ID: the channel ID alone. */
static uint32_t doorbell_value(struct simt *t, uint32_t chid, uint32_t runlist)
{
	gv100_usermode_notify_channel_pending_t n = { 0 };

	(void)t;
	(void)runlist;
	return gv100_set_usermode_notify_channel_pending_id(n, chid).v;
}

/* Turing's per-runlist submit registers and NV_CTRL are no GV100 registers:
 * a PRI error (0xbadf....), and writing them submits nothing. */
static void test_sim_gv100_no_turing_registers(void **state)
{
	struct simt *t = *state;

	pmc_enable_fifo(t, true);
	assert_int_equal(rd(t, tu104_pfifo_runlist_submit_info(1)) & 0xffff0000u, 0xbadf0000u);
	wr(t, tu104_pfifo_runlist_submit(1), 1);
	assert_false(runlist_pending(t, 1));
	assert_int_equal(rd(t, gv100_pfifo_eng_runlist(1)), 0);
	assert_int_equal(rd(t, tu104_ctrl_virtual_channel_cfg(0)) & 0xffff0000u, 0xbadf0000u);
}

#define SIM_CHIP_TESTS(setup, teardown) \
	cmocka_unit_test_setup_teardown(test_sim_gv100_no_turing_registers, setup, teardown),
