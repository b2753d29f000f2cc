/* SPDX-License-Identifier: MIT */
/*
 * test_nvrt_sim on TU104: the values its manuals give (worked out here, not
 * read from the model), Turing's per-runlist submit and doorbell handle, and
 * the tests of what differs from GV100 (../shared/design/tu104-host-facts.md
 * section 6).  Included by test_nvrt_sim.c after its helpers; the Host
 * interface of design pfifo is sim_chip/pfifo.h.
 */
#include <tu104/dev_ctrl.h>
#include <tu104/dev_vm.h>
#include <gv100/dev_fifo.h>
#include <gv100/dev_master.h>

/* dev_master: BOOT_42 CHIP_ID TU104 0x164 spans ARCHITECTURE 0x16 (TU100)
 * and IMPLEMENTATION 4; MAJOR_REVISION A, MINOR_REVISION 1. */
#define EXPECT_BOOT_0 0x164000a1u
#define EXPECT_ARCHITECTURE 0x16u
#define EXPECT_CHIP_ID 0x164u
/* dev_fifo CFG0 NUM_PBDMA_INIT 12, CFG2 HOST_CLASS_ID_VALUE 50287 (0xc46f,
 * TURING_CHANNEL_GPFIFO_A); dev_usermode CFG0 USERMODE_CLASS_ID_VALUE 50273
 * (0xc461, TURING_USERMODE_A). */
#define EXPECT_NUM_PBDMA 12u
#define EXPECT_HOST_CLASS 0xc46fu
#define EXPECT_USERMODE_CLASS 0xc461u
/* nouveau nv164 (TU104): ce mask 0x1f. */
#define EXPECT_LCES 5u
/* MMU faults are vectors of the NV_CTRL tree, not NV_PMC_INTR(0) HUB
 * (facts doc 5.1). */
#define EXPECT_PMC_INTR_HUB_ON_FAULT TU104_PMC_INTR_HUB_NOT_PENDING

/* dev_fifo / dev_ram RAMRL: BASE_LO(r) (PTR_LO = address bits 31:12 in
 * place, TARGET 1:0), BASE_HI(r) (PTR_HI = bits 39:32), then SUBMIT(r)
 * (LENGTH) starts the fetch. */
#include "sim_chip/pfifo.h"

static void runlist_submit(struct simt *t, uint32_t r, uint64_t iova, uint32_t entries)
{
	tu104_pfifo_runlist_base_lo_t lo = { 0 };
	tu104_pfifo_runlist_base_hi_t hi = { 0 };
	tu104_pfifo_runlist_submit_t sub = { 0 };

	lo = tu104_set_pfifo_runlist_base_lo_ptr_lo(lo, (uint32_t)(iova >> 12) & 0xfffffu);
	lo = tu104_set_pfifo_runlist_base_lo_target(lo, TU104_PFIFO_RUNLIST_BASE_LO_TARGET_SYS_MEM_COHERENT);
	hi = tu104_set_pfifo_runlist_base_hi_ptr_hi(hi, (uint32_t)(iova >> 32));
	sub = tu104_set_pfifo_runlist_submit_length(sub, entries);
	wr(t, tu104_pfifo_runlist_base_lo(r), lo.v);
	wr(t, tu104_pfifo_runlist_base_hi(r), hi.v);
	wr(t, tu104_pfifo_runlist_submit(r), sub.v);
}

/* SUBMIT_INFO(r) PENDING (bit 15). */
static bool runlist_pending(struct simt *t, uint32_t r)
{
	tu104_pfifo_runlist_submit_info_t i = { rd(t, tu104_pfifo_runlist_submit_info(r)) };

	return tu104_get_pfifo_runlist_submit_info_pending(i) == TU104_PFIFO_RUNLIST_SUBMIT_INFO_PENDING_TRUE;
}

/* SUBMIT(r) LENGTH: the entries of the runlist last submitted. */
static uint32_t runlist_length(struct simt *t, uint32_t r)
{
	tu104_pfifo_runlist_submit_t s = { rd(t, tu104_pfifo_runlist_submit(r)) };

	return tu104_get_pfifo_runlist_submit_length(s);
}

/* dev_usermode NOTIFY_CHANNEL_PENDING handle: RUNLIST_ID 22:16, CHID 11:0. */
static uint32_t doorbell_value(struct simt *t, uint32_t chid, uint32_t runlist)
{
	(void)t;
	return runlist << 16 | chid;
}

/* SUBMIT(r) makes SUBMIT_INFO(r) -- only r's -- PENDING (0x8000), then idle;
 * BASE_LO/HI read back as written. */
static void test_sim_tu104_submit_info(void **state)
{
	struct simt *t = *state;
	uint64_t t0;
	uint32_t info;

	pmc_enable_fifo(t, true);
	pick_async_lce(t);
	intr_enable(t);
	layout(t, 512);
	t0 = now_ns();
	runlist_submit(t, t->runlist, t->l.runlist.iova, t->l.runlist_entries);
	info = rd(t, tu104_pfifo_runlist_submit_info(t->runlist));
	/* the fetch is the model thread's, 20 us later (a slow host may miss it) */
	if (now_ns() - t0 < 10000)
		assert_int_equal(info, 0x8000);
	else
		assert_true(info == 0x8000 || info == 0);
	assert_int_equal(rd(t, tu104_pfifo_runlist_submit_info(t->runlist + 1)), 0);
	assert_int_equal(rd(t, tu104_pfifo_runlist_base_lo(t->runlist)),
			 (uint32_t)t->l.runlist.iova | 2u);   /* TARGET SYS_MEM_COHERENT */
	assert_int_equal(rd(t, tu104_pfifo_runlist_base_hi(t->runlist)), (uint32_t)(t->l.runlist.iova >> 32));
	WAIT_UNTIL(rd(t, tu104_pfifo_runlist_submit_info(t->runlist)) == 0);
	assert_int_equal(rd(t, tu104_pfifo_intr_sched_error()), 0);
}

/* GV100's registers that TU104's manual lacks are PRI errors (facts doc 6):
 * NV_PMC_ENABLE_PB, NV_PFIFO_RUNLIST_BASE/RUNLIST/ENG_RUNLIST; a GV100-style
 * submit fetches nothing. */
static void test_sim_tu104_no_gv100_registers(void **state)
{
	struct simt *t = *state;
	gv100_pfifo_runlist_t rl = { 0 };

	pmc_enable_fifo(t, true);
	assert_int_equal(rd(t, gv100_pmc_enable_pb()) & 0xffff0000u, 0xbadf0000u);
	assert_int_equal(rd(t, gv100_pfifo_runlist_base()) & 0xffff0000u, 0xbadf0000u);
	assert_int_equal(rd(t, gv100_pfifo_runlist()) & 0xffff0000u, 0xbadf0000u);
	assert_int_equal(rd(t, gv100_pfifo_eng_runlist(1)) & 0xffff0000u, 0xbadf0000u);
	rl = gv100_set_pfifo_runlist_id(rl, 1);
	rl = gv100_set_pfifo_runlist_length(rl, 2);
	wr(t, gv100_pfifo_runlist(), rl.v);
	assert_int_equal(rd(t, tu104_pfifo_runlist_submit_info(1)), 0);
	/* PBDMAs work with PFIFO alone: no ENABLE_PB to set */
	assert_int_equal(rd(t, tu104_ppbdma_intr_en_0(11)), 0);
	wr(t, tu104_ppbdma_intr_en_0(11), 1);
	assert_int_equal(rd(t, tu104_ppbdma_intr_en_0(11)), 1);
}

/* dev_ctrl NV_CTRL_VIRTUAL_CHANNEL_CFG(i): init MASK 0xfff, SET 0,
 * PENDING_ENABLE FALSE; read back as written (nouveau sets PENDING_ENABLE
 * of (0), bit 31). */
static void test_sim_tu104_virtual_channel_cfg(void **state)
{
	struct simt *t = *state;

	assert_int_equal(rd(t, tu104_ctrl_virtual_channel_cfg(0)), 0xfff);
	assert_int_equal(rd(t, tu104_ctrl_virtual_channel_cfg(63)), 0xfff);
	wr(t, tu104_ctrl_virtual_channel_cfg(0), 0x80000fffu);
	assert_int_equal(rd(t, tu104_ctrl_virtual_channel_cfg(0)), 0x80000fffu);
	assert_int_equal(rd(t, tu104_ctrl_virtual_channel_cfg(1)), 0xfff);
}

/* A doorbell write that dev_usermode says Host ignores leaves the channel
 * IDLE and its work undone. */
static void doorbell_ignored(struct simt *t, uint32_t v, uint32_t sem)
{
	wr(t, tu104_usermode_notify_channel_pending(), v);
	pause_us(2000);
	assert_true(chan_idle(t, t->l.params.chid));
	assert_int_equal(sem_word(t, 0), sem);
}

/*
 * dev_usermode NOTIFY_CHANNEL_PENDING on Turing: the handle is RUNLIST_ID
 * 22:16 and CHID 11:0.  Ignored: a plain channel ID (RUNLIST_ID 0) for a
 * channel on another runlist, a bit outside both fields, a RUNLIST_ID that
 * is no runlist (11 runlists: 11..14) nor ALL (15).  The channel's own
 * handle and RUNLIST_ID_ALL work.
 */
static void test_sim_tu104_doorbell_handle(void **state)
{
	struct simt *t = *state;
	struct nvrt_err err;
	uint32_t chid;

	bring_up(t, 512, NULL);
	chid = t->l.params.chid;
	assert_int_not_equal(t->runlist, 0);
	assert_int_equal(nvrt_layout_push_release(&t->l, 1, userd_gp_get(t), &err), 0);
	doorbell_ignored(t, chid, 0);                                /* plain chid: runlist 0 */
	doorbell_ignored(t, t->runlist << 16 | chid | 1u << 31, 0);  /* bit outside the fields */
	doorbell_ignored(t, t->runlist << 16 | chid | 1u << 12, 0);
	doorbell_ignored(t, 11u << 16 | chid, 0);                    /* no runlist 11 */
	wr(t, tu104_usermode_notify_channel_pending(), t->runlist << 16 | chid);
	WAIT_UNTIL(sem_word(t, 0) == 1);
	WAIT_UNTIL(chan_idle(t, t->l.params.chid));
	assert_int_equal(nvrt_layout_push_release(&t->l, 2, userd_gp_get(t), &err), 0);
	wr(t, tu104_usermode_notify_channel_pending(), 15u << 16 | chid);   /* RUNLIST_ID_ALL */
	WAIT_UNTIL(sem_word(t, 0) == 2);
}

/*
 * The window (dev_vm): BAR0 holds the function's registers from
 * NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0xB80000 (:24) on, so
 * NV_VIRTUAL_FUNCTION_DOORBELL 0x30090 (:550) is BAR0 0xbb0090, where nouveau
 * rings it; it takes the NOTIFY_CHANNEL_PENDING handle.  TIME_0 0x30080
 * (:544, __VFALIAS NV_USERMODE_TIME_0) reads USERMODE's time.
 */
static void test_sim_tu104_window_doorbell(void **state)
{
	struct simt *t = *state;
	struct nvrt_err err;
	uint32_t chid, t0, t1;

	bring_up(t, 512, NULL);
	chid = t->l.params.chid;
	assert_int_equal(tu104_virtual_function_doorbell(), 0xbb0090);
	assert_int_equal(nvrt_layout_push_release(&t->l, 1, userd_gp_get(t), &err), 0);
	wr(t, 0xbb0090, t->runlist << 16 | chid);
	WAIT_UNTIL(sem_word(t, 0) == 1);
	t0 = rd(t, 0x810080);   /* dev_usermode NV_USERMODE_TIME_0 */
	t1 = rd(t, 0xbb0080);   /* its window alias, read after it */
	assert_true(t1 >= t0 && t1 != 0);
}

#define SIM_CHIP_TESTS(setup, teardown)                                                    \
	cmocka_unit_test_setup_teardown(test_sim_tu104_window_doorbell, setup, teardown),       \
	cmocka_unit_test_setup_teardown(test_sim_tu104_submit_info, setup, teardown),           \
	cmocka_unit_test_setup_teardown(test_sim_tu104_no_gv100_registers, setup, teardown),    \
	cmocka_unit_test_setup_teardown(test_sim_tu104_doorbell_handle, setup, teardown),       \
	cmocka_unit_test_setup_teardown(test_sim_tu104_virtual_channel_cfg, setup, teardown),
