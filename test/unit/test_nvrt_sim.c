/* SPDX-License-Identifier: MIT */
/*
 * The Host simulator (runtime/src/sim) against the manuals, driven through
 * the backend ops as the runtime drives a GPU, with channels laid out by
 * nvrt_layout_build.  Built once per runtime chip (test_nvrt_sim_<chip>,
 * -include runtime/src/chips/<chip>.h), each binary testing that chip's
 * model with its generated accessors (HW(x), HWC(X)).  What differs between
 * chips -- every Host register the checks touch (PFIFO and PCCSR on GV100
 * and TU104, runlist blocks, channel RAM and the VF window on GA100), the
 * values the manual gives each chip -- is in test/unit/sim_chip/<chip>.h,
 * written from that chip's manuals and
 * ../shared/design/{gv100,tu104,ga100}-host-facts.md.
 */
/* The tests play the hardware too (a BOOT_0 of another chip): every accessor. */
#define REFGEN_ALL_ACCESSORS

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hw/chip_hw.h"

#include NVRT_HW_HEADER(dev_fault)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(NVRT_CHIP_PMC_UNIT)

#include "nvrt/layout.h"
#include "nvrt/runlist.h"
#include "nvrt/sim.h"
#include "nvrt/userd.h"

#define WAIT_NS 3000000000ull     /* every poll gives up after 3 s */

/* ---- plumbing ------------------------------------------------------------------------------ */

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* CPU time of the whole process (the model's thread included). */
static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void pause_us(long us)
{
	struct timespec ts = { us / 1000000, us % 1000000 * 1000 };

	nanosleep(&ts, NULL);
}

/* Polls cond (an expression) until it holds; fails the test after WAIT_NS. */
#define WAIT_UNTIL(cond)                                                             \
	do {                                                                         \
		uint64_t t0_ = now_ns();                                              \
		while (!(cond)) {                                                    \
			if (now_ns() - t0_ > WAIT_NS)                                 \
				fail_msg("timed out waiting for %s", #cond);          \
			pause_us(20);                                                \
		}                                                                    \
	} while (0)

struct simt {
	struct nvrt_backend *b;
	const struct nvrt_chip *chip;
	struct nvrt_layout l;
	bool laid_out;
	uint32_t runlist, pbdma;     /* an async LCE's runlist and its first PBDMA */
};

static uint32_t rd(struct simt *t, uint32_t off)
{
	return nvrt_bar0_read32(t->b, off);
}

static void wr(struct simt *t, uint32_t off, uint32_t v)
{
	nvrt_bar0_write32(t->b, off, v);
}

static struct nvrt_backend *sim_open(uint32_t boot0)
{
	struct nvrt_sim_config cfg = { .chip = nvrt_chip_find(NVRT_STR(NVRT_CHIP)), .boot0 = boot0 };
	struct nvrt_err err;
	struct nvrt_backend *b = nvrt_backend_sim_open(&cfg, &err);

	if (!b)
		fail_msg("%s", err.msg);
	return b;
}

static int simt_setup(void **state)
{
	struct simt *t = calloc(1, sizeof(*t));

	t->b = sim_open(0);
	t->chip = nvrt_chip_find(NVRT_STR(NVRT_CHIP));
	*state = t;
	return 0;
}

static int simt_teardown(void **state)
{
	struct simt *t = *state;

	if (t->laid_out)
		nvrt_layout_fini(&t->l);
	nvrt_backend_close(t->b);
	free(t);
	return 0;
}

/* ---- what the chip's Host design gives ---------------------------------------------------- */

/* A device of the chip's device info. */
struct dev {
	uint32_t type, inst, engine, runlist, fault, pri_base, reset;
	bool engine_valid, runlist_valid, fault_valid;
};

/* The runlists test_sim_runlist_bad_tsg submits: a channel entry with no
 * TSG header, a runlist ending before a TSG's TSG_LENGTH channels, TSG_LENGTH
 * 0, a TSG header before the previous TSG's channels ended. */
enum bad_tsg { BAD_TSG_NO_HEADER, BAD_TSG_SHORT, BAD_TSG_ZERO_LENGTH, BAD_TSG_INTERRUPTED };

/* The MMU fault a chip's fault registers report. */
struct mmu_fault {
	uint32_t type, access, client, info_valid, engine, inst_aperture;
	uint64_t addr, inst;
};

/* ---- bring-up by hand -------------------------------------------------------------------------- */

/*
 * The chip's Host interface and expected values, from its manuals, and its
 * own tests (SIM_CHIP_TESTS), which use these helpers of this file:
 *   EXPECT_*, UNMODELLED_BASE, DEV_TYPE_GRAPHICS, DEV_TYPE_LCE,
 *   FAULT_ACCESS_VIRT_WRITE, FAULT_ACCESS_PHYS_READ,
 *   FAULT_INST_APERTURE_SYS_COH                          the manual's values
 *   parse_device_info, device_info_check_design          device info
 *   host_enable, pick_async_lce, intr_enable             bring-up
 *   runlist_submit, runlist_pending, runlist_length,
 *   runlist_error_pending, expect_bad_tsg                runlists
 *   chan_enable, chan_on_pbdma, chan_idle, chan_faulted,
 *   chan_faulted_reset, chan_enabled, doorbell_ring      channels
 *   usermode_class, time_0, time_1                       identification, time
 *   pbdma_intr_reported, expect_nonstall_intr,
 *   preempt_tsg, preempt_pending, expect_rebind_refused  interrupts, preemption
 *   fault_valid, fault_read, fault_clear, pbdma_fault_id,
 *   expect_fault_intr                                    MMU faults
 *   test_sim_pfifo_reset                                 Host's reset
 * sim_chip/pfifo.h has them for Host design pfifo (GV100, TU104).
 */
static void layout(struct simt *t, uint32_t gpfifo_entries);
static void bring_up(struct simt *t, uint32_t gpfifo_entries, void (*tweak)(struct simt *));
static uint32_t userd_gp_get(struct simt *t);
static uint32_t sem_word(struct simt *t, size_t byte);
#include NVRT_STR(sim_chip/NVRT_CHIP.h)

/* The submit; PENDING reads TRUE right after the write (the fetch is the
 * model thread's, 20 us later), then clears. */
static void runlist_submit_wait(struct simt *t, uint32_t r, uint64_t iova, uint32_t entries)
{
	uint64_t t0 = now_ns();
	bool pending;

	runlist_submit(t, r, iova, entries);
	pending = runlist_pending(t, r);
	if (now_ns() - t0 < 10000)
		assert_true(pending);
	WAIT_UNTIL(!runlist_pending(t, r));
}

static void layout(struct simt *t, uint32_t gpfifo_entries)
{
	struct nvrt_layout_params p;
	struct nvrt_err err;

	nvrt_layout_params_default(&p);
	p.chid = 5;
	p.tsgid = 3;
	p.gpfifo_entries = gpfifo_entries;
	if (nvrt_layout_build(&t->l, t->chip, t->b, &p, &err))
		fail_msg("%s", err.msg);
	t->laid_out = true;
}

/* Host enabled, the runlist, the channel enabled: ready for GP_PUT + doorbell. */
static void bring_up(struct simt *t, uint32_t gpfifo_entries, void (*tweak)(struct simt *))
{
	host_enable(t);
	pick_async_lce(t);
	intr_enable(t);
	layout(t, gpfifo_entries);
	if (tweak)
		tweak(t);
	runlist_submit_wait(t, t->runlist, t->l.runlist.iova, t->l.runlist_entries);
	assert_false(runlist_error_pending(t, t->runlist));
	chan_enable(t, t->l.params.chid, t->l.inst.iova);
}

static void doorbell(struct simt *t)
{
	doorbell_ring(t, t->l.params.chid);
}

static uint32_t userd_gp_get(struct simt *t)
{
	return nvrt_userd_gp_get(t->chip, &t->l.userd);
}

static volatile uint32_t *sem32(struct simt *t, size_t byte)
{
	return (volatile uint32_t *)((uint8_t *)t->l.semaphore.cpu + byte);
}

static uint32_t sem_word(struct simt *t, size_t byte)
{
	return __atomic_load_n(sem32(t, byte), __ATOMIC_ACQUIRE);
}

/* Queues the pushbuffer words from start as one GP entry and publishes GP_PUT. */
static void submit_segment(struct simt *t, size_t start)
{
	struct nvrt_gp_entry e = { .va = t->l.pushbuf_va + start * 4,
				   .length = (uint32_t)(t->l.pb.len - start) };
	struct nvrt_err err;

	assert_false(t->l.pb.overflow);
	if (nvrt_gpfifo_push(&t->l.gpfifo, &e, userd_gp_get(t), &err))
		fail_msg("%s", err.msg);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	nvrt_userd_gp_put_set(t->chip, &t->l.userd, t->l.gpfifo.put);
}

static uint32_t pbdma_intr_0(struct simt *t)
{
	return rd(t, HW(ppbdma_intr_0)(t->pbdma));
}

/* The five semaphore methods without the builder's checks (which refuse a
 * misaligned address): flags as nvrt_sem_flags. */
static void pb_semaphore_raw(struct simt *t, uint64_t va, uint64_t payload, unsigned flags)
{
	HW(udma_sem_addr_lo_t) lo = { 0 };
	HW(udma_sem_addr_hi_t) hi = { 0 };
	uint32_t exec = t->chip->pushbuf->sem_execute(flags);

	HW(split_udma_sem_addr)(va, &lo, &hi);
	uint32_t d[4] = { lo.v, hi.v, (uint32_t)payload, (uint32_t)(payload >> 32) };
	assert_int_equal(nvrt_pb_incr(&t->l.pb, 0, HW(udma_sem_addr_lo_offset)(), d, 4), 0);
	assert_int_equal(nvrt_pb_incr(&t->l.pb, 0, HW(udma_sem_execute_offset)(), &exec, 1), 0);
}

/* ---- identification ---------------------------------------------------------------------------- */

/* The chip's BOOT_0 and BOOT_42 (sim_chip/<chip>.h: facts doc 0). */
static void test_sim_boot0(void **state)
{
	struct simt *t = *state;
	HW(pmc_boot_0_t) b0 = { rd(t, HW(pmc_boot_0)()) };
	HW(pmc_boot_42_t) b42 = { rd(t, HW(pmc_boot_42)()) };
	HW(pmc_boot_0_t) other = { 0 };
	struct nvrt_backend *b;

	assert_int_equal(b0.v, EXPECT_BOOT_0);
	assert_int_equal(HW(get_pmc_boot_0_architecture)(b0), EXPECT_ARCHITECTURE);
	assert_int_equal(HW(get_pmc_boot_42_chip_id)(b42), EXPECT_CHIP_ID);
	assert_int_equal(rd(t, HW(pmc_boot_1)()), 0);   /* little endian */
	/* nvrt_sim_config.boot0 makes it another chip, BOOT_42 agreeing. */
	other = HW(set_pmc_boot_0_architecture)(other, HWC(PMC_BOOT_0_ARCHITECTURE_GP100));
	b = sim_open(other.v);
	assert_int_equal(nvrt_bar0_read32(b, HW(pmc_boot_0)()), other.v);
	b42.v = nvrt_bar0_read32(b, HW(pmc_boot_42)());
	assert_int_equal(HW(get_pmc_boot_42_chip_id)(b42), HWC(PMC_BOOT_42_CHIP_ID_GP100));
	nvrt_backend_close(b);
	/* Nothing is modelled outside the units: a PRI error (facts doc 0). */
	assert_int_equal(rd(t, UNMODELLED_BASE) & 0xffff0000u, 0xbadf0000u);
}

/* Facts doc 1.3: chained rows, GR on runlist 0, then the LCEs; the
 * design's own numbering of engines in device_info_check_design. */
static void test_sim_device_info(void **state)
{
	struct simt *t = *state;
	struct dev d[64];
	uint32_t nwords, n = parse_device_info(t, d, 64, &nwords), lces = 0, async = 0;

	assert_true(n >= 4);
	assert_int_equal(d[0].type, DEV_TYPE_GRAPHICS);
	assert_int_equal(d[0].engine, 0);
	assert_int_equal(d[0].runlist, 0);
	assert_int_equal(d[0].fault, HWC(PFAULT_MMU_ENG_ID_GRAPHICS));
	for (uint32_t i = 1; i < n; i++) {
		assert_int_equal(d[i].type, DEV_TYPE_LCE);
		assert_int_equal(d[i].inst, lces);
		assert_true(d[i].fault_valid);
		assert_int_equal(d[i].fault, HWC(PFAULT_MMU_ENG_ID_CE0) + lces);
		async += d[i].runlist != d[0].runlist;
		lces++;
	}
	assert_int_equal(lces, EXPECT_LCES);
	assert_true(async >= 3);
	device_info_check_design(t, d, n, nwords);
}

/* USERMODE CFG0 class (the VF window's CFG0 on GA100), and TIME_1:TIME_0
 * nanoseconds that never go back. */
static void test_sim_usermode_time(void **state)
{
	struct simt *t = *state;
	uint64_t last = 0;

	assert_int_equal(usermode_class(t), EXPECT_USERMODE_CLASS);
	for (int i = 0; i < 1000; i++) {
		uint32_t hi, lo;
		uint64_t ns;

		do {   /* dev_usermode: TIME_1, TIME_0, TIME_1 again */
			hi = time_1(t);
			lo = time_0(t);
		} while (hi != time_1(t));
		ns = (uint64_t)hi << 32 | lo;
		assert_true(ns >= last);
		assert_int_equal(lo & 0x1f, 0);   /* NSEC 31:5: 32 ns steps */
		last = ns;
	}
	assert_true(last > 1500000000ull * 1000000000ull);   /* since the UNIX epoch */
}

/* ---- runlists ------------------------------------------------------------------------------------ */

static void rl_tsg(HW(ramrl_entry_t) *e, uint32_t tsgid, uint32_t len)
{
	memset(e, 0, sizeof(*e));
	HW(set_ramrl_entry_type)(e, HWC(RAMRL_ENTRY_TYPE_TSG));
	HW(set_ramrl_entry_tsg_length)(e, len);
	HW(set_ramrl_entry_tsg_tsgid)(e, tsgid);
	HW(set_ramrl_entry_tsg_timeslice_timeout)(e, HWC(RAMRL_ENTRY_TSG_TIMESLICE_TIMEOUT_128));
	HW(set_ramrl_entry_tsg_timeslice_scale)(e, HWC(RAMRL_ENTRY_TSG_TIMESLICE_SCALE_3));
}

static void rl_chan(HW(ramrl_entry_t) *e, uint32_t chid)
{
	memset(e, 0, sizeof(*e));
	HW(set_ramrl_entry_type)(e, HWC(RAMRL_ENTRY_TYPE_CHAN));
	HW(set_ramrl_entry_chan_chid)(e, chid);
}

/* dev_ram: a channel entry outside a TSG, a short TSG, TSG_LENGTH 0, a TSG
 * header inside a TSG ("If Host reaches the end of the runlist or receives
 * another entry of type NV_RAMRL_ENTRY_TYPE_TSG before processing TSG_LENGTH
 * additional runlist entries, or if it encounters a TSG of length 0"): BAD_TSG. */
static void test_sim_runlist_bad_tsg(void **state)
{
	struct simt *t = *state;
	struct nvrt_dma rl;
	struct nvrt_err err;
	HW(ramrl_entry_t) *e;

	host_enable(t);
	assert_int_equal(nvrt_dma_alloc(t->b, 4096, 4096, NVRT_APERTURE_SYS_COHERENT, &rl, &err), 0);
	e = rl.cpu;
	rl_chan(&e[0], 1);                                   /* no TSG around it */
	runlist_submit_wait(t, 1, rl.iova, 1);
	expect_bad_tsg(t, 1, BAD_TSG_NO_HEADER);
	rl_tsg(&e[0], 0, 2);                                 /* 2 announced, 1 follows */
	rl_chan(&e[1], 1);
	runlist_submit_wait(t, 1, rl.iova, 2);
	expect_bad_tsg(t, 1, BAD_TSG_SHORT);
	rl_tsg(&e[0], 0, 0);                                 /* TSG_LENGTH 0 */
	runlist_submit_wait(t, 2, rl.iova, 1);
	expect_bad_tsg(t, 2, BAD_TSG_ZERO_LENGTH);
	rl_tsg(&e[0], 0, 2);                                 /* a TSG header where a channel belongs */
	rl_chan(&e[1], 1);
	rl_tsg(&e[2], 1, 1);
	rl_chan(&e[3], 2);
	runlist_submit_wait(t, 1, rl.iova, 4);
	expect_bad_tsg(t, 1, BAD_TSG_INTERRUPTED);
	rl_tsg(&e[0], 0, 1);                                 /* a good one: no error */
	runlist_submit_wait(t, 3, rl.iova, 2);
	assert_false(runlist_error_pending(t, 3));
	nvrt_dma_free(t->b, &rl);
}

/* ---- submission ---------------------------------------------------------------------------------- */

/* Facts doc 1.2-1.8 by hand: the semaphore is released, USERD GP_GET moves. */
static void test_sim_bringup_release(void **state)
{
	struct simt *t = *state;
	struct nvrt_err err;
	HW(ramuserd_t) *u;

	bring_up(t, 512, NULL);
	assert_int_equal(sem_word(t, 0), 0);
	if (nvrt_layout_push_release(&t->l, 0xc0ffee, userd_gp_get(t), &err))
		fail_msg("%s", err.msg);
	doorbell(t);
	WAIT_UNTIL(sem_word(t, 0) == 0xc0ffee);
	WAIT_UNTIL(userd_gp_get(t) == 1);
	/* Idle again: saved out, USERD written back. */
	WAIT_UNTIL(chan_idle(t, t->l.params.chid));
	u = t->l.userd.cpu;
	assert_int_equal(HW(get_ramuserd_get)(u), (uint32_t)t->l.pushbuf_va + 7 * 4);
	assert_int_equal(pbdma_intr_0(t), 0);
	/* A second one, after the channel went idle. */
	if (nvrt_layout_push_release(&t->l, 2, userd_gp_get(t), &err))
		fail_msg("%s", err.msg);
	doorbell(t);
	WAIT_UNTIL(sem_word(t, 0) == 2);
	WAIT_UNTIL(userd_gp_get(t) == 2);
}

/* dev_pbdma: a 64-bit release with a timestamp writes 16 bytes: the
 * payload, then PTIMER at +8; a 32-bit one zeroes bytes 4..7. */
static void test_sim_release_timestamp(void **state)
{
	struct simt *t = *state;
	uint64_t payload = 0x1122334455667788ull, t0, t1, ts, v;
	size_t start;

	bring_up(t, 512, NULL);
	t0 = (uint64_t)time_1(t) << 32 | time_0(t);
	start = t->l.pb.len;
	assert_int_equal(nvrt_pb_semaphore(&t->l.pb, t->l.semaphore_va, payload,
					   NVRT_SEM_RELEASE | NVRT_SEM_64BIT | NVRT_SEM_TIMESTAMP), 0);
	submit_segment(t, start);
	doorbell(t);
	WAIT_UNTIL(sem_word(t, 0) == (uint32_t)payload);
	t1 = (uint64_t)time_1(t) << 32 | time_0(t);
	v = (uint64_t)sem_word(t, 4) << 32 | sem_word(t, 0);
	ts = (uint64_t)sem_word(t, 12) << 32 | sem_word(t, 8);
	assert_true(v == payload);
	assert_true(ts >= t0 && ts <= t1 + 32);
	/* 32-bit + timestamp, 16 bytes further: bytes 4..7 become 0 */
	*sem32(t, 16 + 4) = 0xffffffffu;
	start = t->l.pb.len;
	assert_int_equal(nvrt_pb_semaphore(&t->l.pb, t->l.semaphore_va + 16, 0x77,
					   NVRT_SEM_RELEASE | NVRT_SEM_TIMESTAMP), 0);
	submit_segment(t, start);
	doorbell(t);
	WAIT_UNTIL(sem_word(t, 16) == 0x77);
	assert_int_equal(sem_word(t, 16 + 4), 0);
	assert_true(sem_word(t, 16 + 8) || sem_word(t, 16 + 12));
}

/* dev_pbdma: a 64-bit release at a 4-byte aligned address is SEMAPHORE. */
static void test_sim_semaphore_misaligned(void **state)
{
	struct simt *t = *state;
	size_t start;
	HW(ppbdma_intr_0_t) i0;
	HW(ppbdma_method0_t) m0;

	bring_up(t, 512, NULL);
	start = t->l.pb.len;
	pb_semaphore_raw(t, t->l.semaphore_va + 4, 1, NVRT_SEM_RELEASE | NVRT_SEM_64BIT);
	submit_segment(t, start);
	doorbell(t);
	WAIT_UNTIL(pbdma_intr_0(t) != 0);
	i0.v = pbdma_intr_0(t);
	assert_int_equal(HW(get_ppbdma_intr_0_semaphore)(i0), HWC(PPBDMA_INTR_0_SEMAPHORE_PENDING));
	m0.v = rd(t, HW(ppbdma_method0)(t->pbdma));
	assert_int_equal((uint32_t)HW(get_ppbdma_method0_addr)(m0) * 4, HW(udma_sem_execute_offset)());
	assert_int_equal(HW(get_ppbdma_method0_valid)(m0), HWC(PPBDMA_METHOD0_VALID_TRUE));
	assert_int_equal(sem_word(t, 4), 0);
}

static void corrupt_signature(struct simt *t)
{
	HW(ramin_t) *in = t->l.inst.cpu;
	HW(ramfc_t) fc;

	HW(read_ramin_ramfc)(in, &fc);
	HW(set_ramfc_signature)(&fc, 0xdead);
	HW(write_ramin_ramfc)(in, &fc);
}

/* dev_pbdma SIGNATURE: a bad RAMFC signature freezes the PBDMA with INTR_0
 * SIGNATURE; fixing NV_PPBDMA_SIGNATURE and clearing it lets it go on. */
static void test_sim_bad_signature(void **state)
{
	struct simt *t = *state;
	struct nvrt_err err;
	HW(ppbdma_intr_0_t) i0 = { 0 };
	HW(ppbdma_signature_t) sig = { 0 };
	uint64_t cpu0;

	bring_up(t, 512, corrupt_signature);
	assert_int_equal(nvrt_layout_push_release(&t->l, 9, userd_gp_get(t), &err), 0);
	doorbell(t);
	WAIT_UNTIL(pbdma_intr_0(t) != 0);
	i0.v = pbdma_intr_0(t);
	assert_int_equal(HW(get_ppbdma_intr_0_signature)(i0), HWC(PPBDMA_INTR_0_SIGNATURE_PENDING));
	assert_true(pbdma_intr_reported(t));
	/* A frozen PBDMA cannot save out: a preempt stays PENDING (dev_fifo, dev_runlist
	 * teardown), and the model waits for it without spinning. */
	preempt_tsg(t, t->l.params.tsgid);
	cpu0 = cpu_ns();
	pause_us(20000);
	assert_true(cpu_ns() - cpu0 < 10000000);
	assert_true(preempt_pending(t));
	assert_int_equal(sem_word(t, 0), 0);
	assert_true(chan_on_pbdma(t, t->l.params.chid));
	/* Recovery (dev_pbdma INTR_0 SIGNATURE). */
	sig = HW(set_ppbdma_signature_hw)(sig, HWC(PPBDMA_SIGNATURE_HW_VALID));
	wr(t, HW(ppbdma_signature)(t->pbdma), sig.v);
	i0.v = 0;
	i0 = HW(set_ppbdma_intr_0_signature)(i0, HWC(PPBDMA_INTR_0_SIGNATURE_RESET));
	wr(t, HW(ppbdma_intr_0)(t->pbdma), i0.v);
	WAIT_UNTIL(sem_word(t, 0) == 9);
	WAIT_UNTIL(!preempt_pending(t));
	assert_false(pbdma_intr_reported(t));
}

static void unmap_semaphore(struct simt *t)
{
	struct nvrt_err err;

	if (nvrt_vm_unmap(&t->l.vm, t->l.semaphore_va, 4096, 4096, &err))
		fail_msg("%s", err.msg);
}

/*
 * Facts doc 5.4: a release to an unmapped VA is an MMU fault in the chip's
 * fault registers (PTE, VIRT_WRITE, the PBDMA's fault id, the channel's
 * instance block), its interrupt (expect_fault_intr), the channel's
 * PBDMA_FAULTED.  Mapping the page, clearing the fault and resetting
 * PBDMA_FAULTED runs the release again.
 */
static void test_sim_unmapped_semaphore(void **state)
{
	struct simt *t = *state;
	struct nvrt_err err;
	struct mmu_fault f;

	bring_up(t, 512, unmap_semaphore);
	assert_int_equal(nvrt_layout_push_release(&t->l, 42, userd_gp_get(t), &err), 0);
	doorbell(t);
	WAIT_UNTIL(fault_valid(t));
	fault_read(t, &f);
	assert_int_equal(f.type, HWC(PFAULT_FAULT_TYPE_PTE));
	assert_int_equal(f.access, FAULT_ACCESS_VIRT_WRITE);
	assert_int_equal(f.client, HWC(PFAULT_CLIENT_HUB_HOST));
	assert_int_equal(f.info_valid, 1);
	assert_int_equal(f.addr, t->l.semaphore_va);
	assert_int_equal(f.inst, t->l.inst.iova);
	assert_int_equal(f.engine, pbdma_fault_id(t));
	assert_int_equal(f.inst_aperture, FAULT_INST_APERTURE_SYS_COH);
	expect_fault_intr(t, true);
	WAIT_UNTIL(chan_faulted(t, t->l.params.chid));
	WAIT_UNTIL(!chan_on_pbdma(t, t->l.params.chid));
	assert_int_equal(sem_word(t, 0), 0);
	/* recovery */
	if (nvrt_vm_map(&t->l.vm, t->l.semaphore_va, t->l.semaphore.iova, 4096, 4096,
			NVRT_APERTURE_SYS_COHERENT, true, &err))
		fail_msg("%s", err.msg);
	fault_clear(t);
	expect_fault_intr(t, false);
	chan_faulted_reset(t, t->l.params.chid);
	WAIT_UNTIL(sem_word(t, 0) == 42);
}

/* GP entries through a 16-entry ring, thousands of times: GP_GET wraps at
 * 2^LIMIT2 and every release lands. */
static void test_sim_gpfifo_wrap(void **state)
{
	struct simt *t = *state;
	const uint32_t total = 3000, entries = 16;
	uint32_t pushed = 0;
	struct nvrt_err err;

	bring_up(t, entries, NULL);
	while (pushed < total) {
		uint32_t get = userd_gp_get(t);

		while (pushed < total && !nvrt_gpfifo_full(&t->l.gpfifo, get) &&
		       (t->l.pb.cap - t->l.pb.len >= 7 || nvrt_gpfifo_empty(&t->l.gpfifo, get))) {
			if (nvrt_layout_push_release(&t->l, pushed + 1, get, &err))
				fail_msg("%s", err.msg);
			pushed++;
		}
		doorbell(t);
		WAIT_UNTIL(userd_gp_get(t) != get || sem_word(t, 0) == pushed);
	}
	WAIT_UNTIL(sem_word(t, 0) == total);
	WAIT_UNTIL(userd_gp_get(t) == total % entries);
	assert_int_equal(t->l.gpfifo.put, total % entries);
	assert_int_equal(pbdma_intr_0(t), 0);
}

/* ---- more Host behaviour -------------------------------------------------------------------------- */

static void submit_release(struct simt *t, uint64_t va, uint32_t value)
{
	assert_int_equal(nvrt_pb_semaphore(&t->l.pb, va, value, NVRT_SEM_RELEASE), 0);
}

/* An acquire waits for the CPU's release; the release after it follows. */
static void test_sim_acquire_waits(void **state)
{
	struct simt *t = *state;
	size_t start;

	bring_up(t, 512, NULL);
	start = t->l.pb.len;
	assert_int_equal(nvrt_pb_semaphore(&t->l.pb, t->l.semaphore_va, 5, 0), 0);  /* ACQ_CIRC_GEQ */
	submit_release(t, t->l.semaphore_va + 64, 7);
	submit_segment(t, start);
	doorbell(t);
	/* Waited for, not slept on: under load Host's thread may take longer
	 * than any fixed pause to load the channel. */
	WAIT_UNTIL(chan_on_pbdma(t, t->l.params.chid));
	pause_us(3000);
	assert_int_equal(sem_word(t, 64), 0);
	assert_true(chan_on_pbdma(t, t->l.params.chid));
	__atomic_store_n(sem32(t, 0), 4, __ATOMIC_RELEASE);
	pause_us(1000);
	assert_int_equal(sem_word(t, 64), 0);
	__atomic_store_n(sem32(t, 0), 5, __ATOMIC_RELEASE);
	WAIT_UNTIL(sem_word(t, 64) == 7);
	assert_int_equal(pbdma_intr_0(t), 0);
}

/* NON_STALL_INT raises the chip's non-stalling interrupt
 * (expect_nonstall_intr); SET_REF reaches USERD REF. */
static void test_sim_nonstall_set_ref(void **state)
{
	struct simt *t = *state;
	size_t start;

	bring_up(t, 512, NULL);
	start = t->l.pb.len;
	assert_int_equal(nvrt_pb_set_reference(&t->l.pb, 0x1234), 0);
	assert_int_equal(nvrt_pb_membar_sys(&t->l.pb), 0);
	assert_int_equal(nvrt_pb_non_stall_interrupt(&t->l.pb), 0);
	assert_int_equal(nvrt_pb_host_nop(&t->l.pb), 0);
	submit_release(t, t->l.semaphore_va, 3);
	submit_segment(t, start);
	doorbell(t);
	WAIT_UNTIL(sem_word(t, 0) == 3);
	WAIT_UNTIL(HW(get_ramuserd_ref)((HW(ramuserd_t) *)t->l.userd.cpu) == 0x1234);
	expect_nonstall_intr(t);
	assert_int_equal(pbdma_intr_0(t), 0);
}

/*
 * dev_pbdma INTR_0 METHOD: ILLEGAL stops the PBDMA with the method in
 * METHOD0/DATA0; software marks it done (VALID FALSE), clears the interrupt,
 * and the PBDMA goes on.  An engine method without a context is INTR_1
 * CTXNOTVALID; one on subchannel 5 goes to software (DEVICE).
 */
static void test_sim_method_interrupts(void **state)
{
	struct simt *t = *state;
	uint32_t data = 0xabcd;
	HW(ppbdma_intr_0_t) i0;
	HW(ppbdma_intr_1_t) i1;
	HW(ppbdma_method0_t) m0;
	size_t start;

	bring_up(t, 512, NULL);
	start = t->l.pb.len;
	assert_int_equal(nvrt_pb_incr(&t->l.pb, 0, HW(udma_illegal_offset)(), &data, 1), 0);
	/* past NV_UDMA: engine methods; subchannel 5 is software's (dev_ram) */
	assert_int_equal(nvrt_pb_incr(&t->l.pb, 0, HWC(UDMA_LIMIT) + 1, &data, 1), 0);
	assert_int_equal(nvrt_pb_incr(&t->l.pb, 5, HWC(UDMA_LIMIT) + 1, &data, 1), 0);
	submit_release(t, t->l.semaphore_va, 1);
	submit_segment(t, start);
	doorbell(t);

	WAIT_UNTIL(pbdma_intr_0(t) != 0);
	i0.v = pbdma_intr_0(t);
	assert_int_equal(HW(get_ppbdma_intr_0_method)(i0), HWC(PPBDMA_INTR_0_METHOD_PENDING));
	m0.v = rd(t, HW(ppbdma_method0)(t->pbdma));
	assert_int_equal((uint32_t)HW(get_ppbdma_method0_addr)(m0) * 4, HW(udma_illegal_offset)());
	assert_int_equal(rd(t, HW(ppbdma_data0)(t->pbdma)), data);
	m0 = HW(set_ppbdma_method0_valid)(m0, HWC(PPBDMA_METHOD0_VALID_FALSE));
	wr(t, HW(ppbdma_method0)(t->pbdma), m0.v);
	wr(t, HW(ppbdma_intr_0)(t->pbdma), i0.v);

	WAIT_UNTIL(rd(t, HW(ppbdma_intr_1)(t->pbdma)) != 0);
	i1.v = rd(t, HW(ppbdma_intr_1)(t->pbdma));
	assert_int_equal(HW(get_ppbdma_intr_1_ctxnotvalid)(i1), HWC(PPBDMA_INTR_1_CTXNOTVALID_PENDING));
	m0.v = rd(t, HW(ppbdma_method0)(t->pbdma));
	m0 = HW(set_ppbdma_method0_valid)(m0, HWC(PPBDMA_METHOD0_VALID_FALSE));
	wr(t, HW(ppbdma_method0)(t->pbdma), m0.v);
	wr(t, HW(ppbdma_intr_1)(t->pbdma), i1.v);

	WAIT_UNTIL(pbdma_intr_0(t) != 0);
	i0.v = pbdma_intr_0(t);
	assert_int_equal(HW(get_ppbdma_intr_0_device)(i0), HWC(PPBDMA_INTR_0_DEVICE_PENDING));
	m0.v = rd(t, HW(ppbdma_method0)(t->pbdma));
	assert_int_equal(HW(get_ppbdma_method0_subch)(m0), 5);
	m0 = HW(set_ppbdma_method0_valid)(m0, HWC(PPBDMA_METHOD0_VALID_FALSE));
	wr(t, HW(ppbdma_method0)(t->pbdma), m0.v);
	wr(t, HW(ppbdma_intr_0)(t->pbdma), i0.v);
	WAIT_UNTIL(sem_word(t, 0) == 1);
}

/* dev_pbdma: an ILLEGAL control GP entry is GPENTRY (GP_SHADOW holds it) and
 * is discarded; an invalid PB header is PBENTRY (HDR_SHADOW holds it). */
static void test_sim_gp_pb_entry_errors(void **state)
{
	struct simt *t = *state;
	struct nvrt_gp_entry bad = { .length = 0, .opcode = NVRT_GP_OP_ILLEGAL };
	struct nvrt_err err;
	HW(ppbdma_intr_0_t) i0;
	HW(ppbdma_gp_entry1_t) e1;
	HW(fifo_dma_t) invalid = { { 0 } };
	size_t start;

	bring_up(t, 512, NULL);
	assert_int_equal(nvrt_gpfifo_push(&t->l.gpfifo, &bad, 0, &err), 0);
	start = t->l.pb.len;
	/* SEC_OP 2 is none of dev_ram's PB instructions */
	HW(set_fifo_dma_sec_op)(&invalid, HWC(FIFO_DMA_SEC_OP_INC_METHOD) + 1);
	t->l.pb.base[t->l.pb.len++] = invalid.w[0];
	submit_release(t, t->l.semaphore_va, 6);
	submit_segment(t, start);
	doorbell(t);
	WAIT_UNTIL(pbdma_intr_0(t) != 0);
	i0.v = pbdma_intr_0(t);
	assert_int_equal(HW(get_ppbdma_intr_0_gpentry)(i0), HWC(PPBDMA_INTR_0_GPENTRY_PENDING));
	e1.v = rd(t, HW(ppbdma_gp_shadow_1)(t->pbdma));
	assert_int_equal(HW(get_ppbdma_gp_entry1_opcode)(e1), HWC(PPBDMA_GP_ENTRY1_OPCODE_ILLEGAL));
	wr(t, HW(ppbdma_intr_0)(t->pbdma), i0.v);
	WAIT_UNTIL(pbdma_intr_0(t) != 0);
	i0.v = pbdma_intr_0(t);
	assert_int_equal(HW(get_ppbdma_intr_0_pbentry)(i0), HWC(PPBDMA_INTR_0_PBENTRY_PENDING));
	assert_int_equal(rd(t, HW(ppbdma_hdr_shadow)(t->pbdma)), invalid.w[0]);
	wr(t, HW(ppbdma_intr_0)(t->pbdma), i0.v);
	WAIT_UNTIL(sem_word(t, 0) == 6);
}

/* A channel bound to an instance block no DMA buffer backs faults (a
 * physical read, REGION_VIOLATION); the model neither hangs nor crashes. */
static void test_sim_bad_instance(void **state)
{
	struct simt *t = *state;
	struct mmu_fault f;
	struct nvrt_err err;
	const uint32_t chid = 9;

	bring_up(t, 512, NULL);
	/* chid 9 in the same TSG: a new runlist with both channels */
	struct nvrt_runlist_chan ch[2] = {
		{ t->l.params.chid, 0, t->l.inst.iova, NVRT_APERTURE_SYS_COHERENT, t->l.userd.iova,
		  NVRT_APERTURE_SYS_COHERENT },
		{ chid, 0, 0xfff000000ull, NVRT_APERTURE_SYS_COHERENT, t->l.userd.iova,
		  NVRT_APERTURE_SYS_COHERENT },
	};
	struct nvrt_runlist_tsg tsg = { t->l.params.tsgid, 128, 3, ch, 2 };
	uint32_t nentries;

	assert_int_equal(nvrt_runlist_build(t->chip, &t->l.runlist, &tsg, 1, &nentries, &err), 0);
	runlist_submit_wait(t, t->runlist, t->l.runlist.iova, nentries);
	chan_enable(t, chid, 0xfff000000ull);
	doorbell_ring(t, chid);
	WAIT_UNTIL(fault_valid(t));
	fault_read(t, &f);
	assert_int_equal(f.type, HWC(PFAULT_FAULT_TYPE_REGION_VIOLATION));
	assert_int_equal(f.access, FAULT_ACCESS_PHYS_READ);
	WAIT_UNTIL(chan_faulted(t, chid));
	/* the good channel of the TSG still runs */
	assert_int_equal(nvrt_layout_push_release(&t->l, 11, userd_gp_get(t), &err), 0);
	doorbell(t);
	WAIT_UNTIL(sem_word(t, 0) == 11);
}

/* A TSG preempt: PENDING until it is off the PBDMA; a bound channel cannot
 * be rebound (expect_rebind_refused: BIND_ERROR BIND_NOT_UNBOUND where
 * there is a bind register). */
static void test_sim_preempt_bind(void **state)
{
	struct simt *t = *state;
	size_t start;

	bring_up(t, 512, NULL);
	start = t->l.pb.len;
	assert_int_equal(nvrt_pb_semaphore(&t->l.pb, t->l.semaphore_va, 1, 0), 0);   /* blocks */
	submit_segment(t, start);
	doorbell(t);
	WAIT_UNTIL(chan_on_pbdma(t, t->l.params.chid));
	preempt_tsg(t, t->l.params.tsgid);
	WAIT_UNTIL(!preempt_pending(t));
	expect_rebind_refused(t, t->l.params.chid);
	/* the acquire still completes once released, and the channel idles */
	__atomic_store_n(sem32(t, 0), 1, __ATOMIC_RELEASE);
	WAIT_UNTIL(chan_idle(t, t->l.params.chid));
	assert_int_equal(userd_gp_get(t), 1);
}

/*
 * nvrt_sim_config.crashed_run: the state a killed run leaves -- channel 1
 * bound and enabled, its TSG (one channel: 2 entries) still submitted on the
 * first async LCE's runlist -- and a second open of the model starts clean.
 */
static void test_sim_crashed_run(void **state)
{
	struct simt *t = *state;
	struct nvrt_sim_config cfg = { .chip = t->chip, .crashed_run = true };
	struct nvrt_err err;
	struct nvrt_backend *clean = t->b;

	t->b = nvrt_backend_sim_open(&cfg, &err);
	if (!t->b)
		fail_msg("%s", err.msg);
	pick_async_lce(t);
	assert_true(chan_enabled(t, 1));
	assert_int_equal(runlist_length(t, t->runlist), 2);
	assert_false(runlist_pending(t, t->runlist));
	nvrt_backend_close(t->b);
	t->b = clean;
	host_enable(t);
	assert_false(chan_enabled(t, 1));
	assert_int_equal(runlist_length(t, t->runlist), 0);
}

/* The chip-generic entry: a chip with no model in this build is refused by
 * name; nvrt_sim_fail refuses a backend that is no simulator. */
static void test_sim_no_model(void **state)
{
	struct simt *t = *state;
	const struct nvrt_chip fake = { .name = "gx000" };
	struct nvrt_sim_config cfg = { .chip = &fake };
	struct nvrt_backend other = { .ops = NULL };
	struct nvrt_err err;

	assert_null(nvrt_backend_sim_open(&cfg, &err));
	assert_string_equal(err.msg, "sim backend: no model of gx000 in this build");
	assert_int_equal(nvrt_sim_fail(&other, NVRT_SIM_PRI_ERROR, 0, &err), -1);
	assert_string_equal(err.msg, "failures can only be injected into the simulator");
	assert_int_equal(nvrt_sim_fail(t->b, NVRT_SIM_PRI_ERROR, 0, &err), 0);
	assert_int_equal(rd(t, HW(pmc_boot_0)()) & 0xffff0000u, 0xbadf0000u);
	assert_int_equal(rd(t, HW(pmc_boot_0)()), EXPECT_BOOT_0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_sim_boot0, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_device_info, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_pfifo_reset, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_usermode_time, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_runlist_bad_tsg, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_bringup_release, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_release_timestamp, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_semaphore_misaligned, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_bad_signature, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_unmapped_semaphore, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_gpfifo_wrap, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_acquire_waits, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_nonstall_set_ref, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_method_interrupts, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_gp_pb_entry_errors, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_bad_instance, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_preempt_bind, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_crashed_run, simt_setup, simt_teardown),
		cmocka_unit_test_setup_teardown(test_sim_no_model, simt_setup, simt_teardown),
		SIM_CHIP_TESTS(simt_setup, simt_teardown)
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
