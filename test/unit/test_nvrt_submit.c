/* SPDX-License-Identifier: MIT */
/*
 * nvrt-submit end to end on the simulator ($NVRT_SUBMIT_BIN, as a user runs
 * it): one release; 10000 with GPFIFO and pushbuffer wrap-around, one at a
 * time and pipelined; each injected fault decoded with the manual's names
 * and a non-zero status well before the wait's timeout; a wait that never
 * ends stopped by its timeout, with the report; the GPU falling off the
 * bus, a PRI error and a crashed run's channel (simulator failures).  In
 * process: a simulator that answers another chip's NV_PMC_BOOT_0 is refused,
 * with what BOOT_0 said, and nvrt_chip_identify names the chip a simulator
 * models.  The suite runs once per chip of the build (--chip CHIP, the
 * simulator's model of that chip); what differs between chips is in
 * submit_expects.
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

#include <gv100/dev_master.h>

#include "nvrt/chip.h"
#include "nvrt/device.h"
#include "nvrt/sim.h"
#include "support/test_support.h"

/* What differs between the chips' runs, from their manuals. */
struct submit_expect {
	const char *chip;
	uint32_t architecture;   /* NV_PMC_BOOT_0_ARCHITECTURE */
	/* The identification line: the register the chip's manual identifies it
	 * by, and a field of it decoded. */
	const char *ident, *boot;
	/* --inject pri-error: the first register the channel's start reads, named */
	const char *pri_error;
	/* --inject stale-channel: the crashed run's runlist (the first copy engine's) */
	const char *stale_runlist, *stale_cleared;
	/* The engine list's title: the device-info register the engines come from. */
	const char *engines;
	/* --inject bad-tsg: the runlist error's registers and code, decoded */
	const char *bad_tsg[5];
	/* --inject unmapped-semaphore: the fault info register */
	const char *fault_info;
	/* --inject fell-off-bus: what the semaphore wait read (Host's fault status) */
	const char *dead_read;
	/* --inject stale-channel: the channel line, and what shows it is Host's */
	const char *stale_channel, *stale_bound;
	/* The summary's GPU time: the time registers the chip's Host reads */
	const char *gpu_time;
};

/* Volta's and Turing's Host design: dev_top NV_PTOP_DEVICE_INFO; dev_fifo
 * NV_PFIFO_INTR_0 SCHED_ERROR and NV_PFIFO_INTR_SCHED_ERROR CODE BAD_TSG;
 * pri_mmu_hub NV_PFB_PRI_MMU_FAULT_INFO and FAULT_STATUS 0x100e60; dev_fifo
 * NV_PCCSR_CHANNEL_INST BIND; dev_usermode NV_USERMODE_TIME_0/1. */
#define SUBMIT_PFIFO_EXPECTS                                                                      \
	"engines (NV_PTOP_DEVICE_INFO)",                                                          \
	{ "NV_PFIFO_INTR_0", "SCHED_ERROR=PENDING", "NV_PFIFO_INTR_SCHED_ERROR", "CODE=BAD_TSG", NULL }, \
	"NV_PFB_PRI_MMU_FAULT_INFO",                                                              \
	"nvrt-submit: semaphore wait: channel 1: the GPU is not responding (BAR0 "                \
	"reads 0xffffffff): NV_PFB_PRI_MMU_FAULT_STATUS (0x100e60) read 0xffffffff, and "         \
	"so does NV_PMC_BOOT_0",                                                                  \
	"stale channel 1:", "BIND=TRUE",                                                          \
	"GPU time (NV_USERMODE_TIME)"

static const struct submit_expect submit_expects[] = {
	/* dev_master NV_PMC_BOOT_0_ARCHITECTURE_GV100 0x14; dev_fifo
	 * NV_PFIFO_ENG_RUNLIST(i) 0x2284+8i: runlist 1 at 0x228c. */
	{ "gv100", 0x14, "chip gv100: NV_PMC_BOOT_0 0x", "ARCHITECTURE=GV100",
	  "nvrt-submit: runlist submit: channel 1: PRI error reading NV_PFIFO_ENG_RUNLIST(1) (0x00228c): "
	  "0xbadf0000 is a failed priv-ring read (NV_PRI_ERROR_CODE_BADF), not the register's value",
	  "stale runlist 1:",
	  "stale state cleared: runlist 1 scheduling disabled, preempted, emptied; 1 channel disabled and unbound",
	  SUBMIT_PFIFO_EXPECTS },
	/* dev_master NV_PMC_BOOT_42_ARCHITECTURE_TU100 0x16 (the architecture is
	 * named only under BOOT_42), CHIP_ID_TU104 0x164 = architecture 0x16,
	 * IMPLEMENTATION 4 (BOOT_0 23:20, BOOT_42 23:20): the line shows BOOT_0 or
	 * BOOT_42; dev_fifo NV_PFIFO_RUNLIST_SUBMIT_INFO(i) 0x2b0c+16i: runlist 1
	 * at 0x2b1c. */
	{ "tu104", 0x16, "chip tu104: NV_PMC_BOOT_", "IMPLEMENTATION=4",
	  "nvrt-submit: runlist submit: channel 1: PRI error reading NV_PFIFO_RUNLIST_SUBMIT_INFO(1) (0x002b1c): "
	  "0xbadf0000 is a failed priv-ring read (NV_PRI_ERROR_CODE_BADF), not the register's value",
	  "stale runlist 1:",
	  "stale state cleared: runlist 1 scheduling disabled, preempted, emptied; 1 channel disabled and unbound",
	  SUBMIT_PFIFO_EXPECTS },
	/* dev_boot NV_PMC_BOOT_0_ARCHITECTURE_GA100 0x17 (dev_boot.ref.txt:69,83,
	 * listed under BOOT_0); the first copy-engine runlist's block is runlist 1
	 * of the simulator's description, 0xc10000 (sim/ampere/host.h: 0xc00000 +
	 * 0x10000 per runlist), and dev_runlist NV_RUNLIST_SUBMIT_INFO is 0x08C in
	 * it (dev_runlist.ref.txt): 0xc1008c, named with the block bring-up found
	 * (no BAR0 address alone names it). */
	{ "ga100", 0x17, "chip ga100: NV_PMC_BOOT_0 0x", "ARCHITECTURE=GA100",
	  "nvrt-submit: runlist submit: channel 1: PRI error reading NV_RUNLIST_SUBMIT_INFO of runlist 1 "
	  "(block 0xc10000) (0xc1008c): "
	  "0xbadf0000 is a failed priv-ring read (NV_PRI_ERROR_CODE_BADF), not the register's value",
	  "stale runlist 1 (block 0xc10000):",
	  /* no Host reset: the runlist is emptied and preempted with every
	   * runlist (nouveau ga100_runl_init), its channel torn down */
	  "stale state cleared: runlist 1 emptied and preempted (with every runlist); 1 channel disabled and unbound",
	  /* dev_top (addendum, published dev_top.h) NV_PTOP_DEVICE_INFO2;
	   * dev_runlist NV_RUNLIST_INTR_0 BAD_TSG 12 and NV_RUNLIST_INTR_BAD_TSG
	   * CODE EXPECTED_A_TSG_HEADER (the injected runlist is a channel entry
	   * with no TSG header before it, dev_ram RAMRL); dev_vm
	   * NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INFO/STATUS 0x3090/0x3094 at
	   * NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0xB80000 (dev_vm.ref.txt:24,
	   * 217-345): STATUS is BAR0 0xb83094; the channel is runlist 1's
	   * NV_CHRAM_CHANNEL(1) in the channel RAM the description puts at
	   * 0xc18000 (block 0xc10000 + 0x8000, sim/ampere/host.h), no bind. */
	  "engines (NV_PTOP_DEVICE_INFO2)",
	  { "NV_RUNLIST_INTR_0", "BAD_TSG=PENDING", "NV_RUNLIST_INTR_BAD_TSG", "CODE=EXPECTED_A_TSG_HEADER", NULL },
	  "NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INFO",
	  "nvrt-submit: semaphore wait: channel 1: the GPU is not responding (BAR0 reads 0xffffffff): "
	  "NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS (0xb83094) read 0xffffffff, and so does NV_PMC_BOOT_0",
	  "stale channel 1 of runlist 1 (channel RAM 0xc18000):", "NV_CHRAM_CHANNEL(1)",
	  /* dev_vm NV_VIRTUAL_FUNCTION_TIME_0/1 (dev_vm.ref.txt:544,547) */
	  "GPU time (NV_VIRTUAL_FUNCTION_TIME)" },
};

/* The chip of the group being run. */
static size_t submit_index;
static const struct nvrt_chip *submit_chip;
static const struct submit_expect *submit_want;

static int submit_group_setup(void **state)
{
	(void)state;
	submit_chip = nvrt_chip_at(submit_index);
	submit_want = NULL;
	for (size_t k = 0; k < sizeof(submit_expects) / sizeof(submit_expects[0]); k++)
		if (!strcmp(submit_expects[k].chip, submit_chip->name))
			submit_want = &submit_expects[k];
	if (!submit_want)
		fprintf(stderr, "no expected output for chip %s: work it out from its manuals\n",
			submit_chip->name);
	return submit_want ? 0 : -1;
}

/* A fault must end the run long before the wait's own timeout. */
#define SUBMIT_TIMEOUT_MS "8000"
#define SUBMIT_FAULT_SECONDS 4.0
/* Whatever happens, no run may hang the suite (coreutils timeout). */
#define SUBMIT_KILL_SECONDS "120"

struct submit_result {
	struct proc_result r;
	double seconds;
};

static double submit_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs nvrt-submit --chip CHIP with up to 6 arguments (NULL-terminated). */
static void submit_run(struct submit_result *s, const char *a0, const char *a1, const char *a2,
		       const char *a3, const char *a4, const char *a5)
{
	char *argv[14] = { "/usr/bin/timeout", "-s", "KILL", SUBMIT_KILL_SECONDS,
			   strdup(env_require("NVRT_SUBMIT_BIN")), "--chip", (char *)submit_chip->name };
	const char *rest[] = { a0, a1, a2, a3, a4, a5 };
	int n = 7;
	double t0 = submit_now();

	for (int i = 0; i < 6 && rest[i]; i++)
		argv[n++] = (char *)rest[i];
	argv[n] = NULL;
	proc_run(argv, &s->r);
	s->seconds = submit_now() - t0;
	free(argv[4]);
}

static void submit_expect(const struct submit_result *s, const char *text, const char *what)
{
	if (strstr(s->r.out, text) || strstr(s->r.err, text))
		return;
	fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s->r.out, s->r.err);
	fail_msg("%s: \"%s\" not in the output", what, text);
}

static void test_submit_one(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, NULL, NULL, NULL, NULL, NULL, NULL);
	if (s.r.status != 0)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 0);
	submit_expect(&s, submit_want->ident, "BOOT_0 (or BOOT_42) shown");
	submit_expect(&s, submit_want->boot, "BOOT_0 (or BOOT_42) decoded");
	submit_expect(&s, submit_want->engines, "engines listed");
	submit_expect(&s, "LCE", "a copy engine found");
	submit_expect(&s, "serves runlist", "PBDMA_MAP decoded");
	submit_expect(&s, "channel 1, TSG 0: runlist", "channel ids");
	submit_expect(&s, "submission 1: release of 1 pushed", "submission shown");
	submit_expect(&s, "semaphore: 1 seen (release 1)", "release seen");
	submit_expect(&s, "done: 1 of 1 releases seen", "summary");
	submit_expect(&s, submit_want->gpu_time, "GPU timestamp delta");
	submit_expect(&s, "teardown:", "teardown");
	/* A value is named as its field is, without the register and field
	 * before it: ENABLE, not NV_PMC_DEVICE_ENABLE_STATUS_BIT_ENABLE for
	 * the indexed field STATUS_BIT(1) (ga100 dev_boot.ref.txt:222-225). */
	if (strstr(s.r.out, "=NV_"))
		fail_msg("a value shown with its whole name: %s", strstr(s.r.out, "=NV_"));
	proc_result_free(&s.r);
}

/* 10000 releases in a 512-entry ring and a 4 KiB pushbuffer: both wrap. */
static void test_submit_wrap(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--count", "10000", NULL, NULL, NULL, NULL);
	if (s.r.status != 0)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 0);
	submit_expect(&s, "done: 10000 of 10000 releases seen, semaphore 10000", "all seen");
	/* GP_PUT after release 10000 is 10000 mod 512: the ring wrapped. */
	submit_expect(&s, "submission 10000: release of 10000 pushed, GP_PUT 272", "ring wrapped");
	proc_result_free(&s.r);
}

/* Pipelined: the pushbuffer (146 releases) fills while Host still runs. */
static void test_submit_wrap_pipelined(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--count", "10000", "--depth", "300", NULL, NULL);
	if (s.r.status != 0)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 0);
	submit_expect(&s, "done: 10000 of 10000 releases seen, semaphore 10000", "all seen");
	proc_result_free(&s.r);
}

/* Runs an injection; the result is freed unless keep is given. */
static void submit_inject(const char *kind, const char *const *names, struct submit_result *keep)
{
	struct submit_result s;

	submit_run(&s, "--inject", kind, "--timeout-ms", SUBMIT_TIMEOUT_MS, NULL, NULL);
	if (s.r.status != 1)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 1);
	submit_expect(&s, "failure report:", kind);
	for (size_t i = 0; names[i]; i++)
		submit_expect(&s, names[i], kind);
	if (strstr(s.r.err, "timed out"))
		fail_msg("%s: ended by the timeout, not by the fault", kind);
	if (s.seconds > SUBMIT_FAULT_SECONDS)
		fail_msg("%s: took %.1f s", kind, s.seconds);
	if (keep)
		*keep = s;
	else
		proc_result_free(&s.r);
}

/* --work copy|fill --verify: the copy engine's work, checked byte for byte. */
static void test_work_copy_fill(void **state)
{
	static const char *const works[] = { "copy", "fill" };

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		struct submit_result s;

		submit_run(&s, "--work", works[i], "--size", "3M", "--verify", NULL);
		if (s.r.status != 0)
			fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
		assert_int_equal(s.r.status, 0);
		submit_expect(&s, "copy engine semaphore 1 seen", works[i]);
		submit_expect(&s, "verify: all 3145728 bytes of the destination", works[i]);
		submit_expect(&s, "teardown:", works[i]);
		proc_result_free(&s.r);
	}
}

/* --page-size 2M: the buffers on 2 MiB pages (a PTE in the PD0 entry); 5 MiB
 * rounds to three pages, two PD0 boundaries crossed. */
static void test_work_copy_2m(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--work=copy", "--size=5M", "--page-size=2M", "--lines=5", "--verify", NULL);
	if (s.r.status != 0)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 0);
	submit_expect(&s, "2048 KiB pages", "2 MiB pages");
	submit_expect(&s, "verify: all 5242880 bytes of the destination equal the source", "copy");
	proc_result_free(&s.r);
}

/* --inject ce-unmapped: the copy engine's MMU fault, named as the copy engine's
 * (dev_fault: LCE n faults as NV_PFAULT_MMU_ENG_ID_CE0 + n). */
static void test_inject_ce_unmapped(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--work", "copy", "--inject", "ce-unmapped", "--timeout-ms", SUBMIT_TIMEOUT_MS);
	if (s.r.status != 1)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 1);
	submit_expect(&s, "injecting: ce-unmapped", "announced");
	submit_expect(&s, "failure report:", "report");
	submit_expect(&s, "ACCESS_TYPE_VIRT_WRITE", "the destination's write faulted");
	submit_expect(&s, "= NV_PFAULT_MMU_ENG_ID_CE0 + ", "the engine named");
	submit_expect(&s, ": copy engine, LCE 2", "the engine named");
	/* LCE 2's hub client: NV_PFAULT_CLIENT_HUB_CE2 0x18
	 * (published/turing/tu102/dev_fault.h:126, ga100/dev_fault.h:137). */
	submit_expect(&s, "CLIENT=0x18 ", "the copy engine's hub client");
	submit_expect(&s, "CLIENT NV_PFAULT_CLIENT_HUB_CE2", "the copy engine's hub client named");
	submit_expect(&s, "ENG_FAULTED", "the engine's fault");
	proc_result_free(&s.r);
}

/* --work's usage errors exit 2 with the reason. */
static void test_work_usage(void **state)
{
	static const char *const bad[][4] = {
		{ "--work", "move", NULL, "none of release, copy, fill" },
		{ "--work", "fill", "--size", "6" },
		{ "--inject", "ce-unmapped", NULL, "needs --work copy or fill" },
		{ "--size", "4G", "--work", "copy" },
		{ "--page-size", "8K", NULL, "none of 4K, 64K, 2M" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct submit_result s;

		submit_run(&s, bad[i][0], bad[i][1], bad[i][2], bad[i][2] ? bad[i][3] : NULL, NULL, NULL);
		assert_int_equal(s.r.status, 2);
		if (!bad[i][2])
			submit_expect(&s, bad[i][3], bad[i][0]);
		proc_result_free(&s.r);
	}
}

static void test_inject_bad_signature(void **state)
{
	static const char *const names[] = { "NV_PPBDMA_INTR_0", "SIGNATURE=PENDING",
					     "NV_PPBDMA_SIGNATURE", NULL };
	(void)state;
	submit_inject("bad-signature", names, NULL);
}

static void test_inject_bad_gp_entry(void **state)
{
	static const char *const names[] = { "NV_PPBDMA_INTR_0", "GPENTRY=PENDING",
					     "OPCODE=ILLEGAL", NULL };
	(void)state;
	submit_inject("bad-gp-entry", names, NULL);
}

static void test_inject_bad_method(void **state)
{
	static const char *const names[] = { "NV_PPBDMA_INTR_0", "METHOD=PENDING",
					     "NV_PPBDMA_METHOD0", "NV_UDMA_ILLEGAL", NULL };
	(void)state;
	submit_inject("bad-method", names, NULL);
}

static void test_inject_bad_tsg(void **state)
{
	(void)state;
	submit_inject("bad-tsg", submit_want->bad_tsg, NULL);
}

static void test_inject_unmapped_semaphore(void **state)
{
	const char *const names[] = { submit_want->fault_info, "ACCESS_TYPE_VIRT_WRITE",
				      "faulting address", NULL };
	struct submit_result s;

	(void)state;
	submit_inject("unmapped-semaphore", names, &s);
	/* A PTE fault if the page's table is still there, PDE if not. */
	if (!strstr(s.r.err, "NV_PFAULT_FAULT_TYPE_PTE") && !strstr(s.r.err, "NV_PFAULT_FAULT_TYPE_PDE"))
		fail_msg("no PTE/PDE fault type in:\n%s", s.r.err);
	proc_result_free(&s.r);
}

/* No fault, no progress: the wait's timeout ends it, with the report. */
static void test_inject_stuck_acquire_timeout(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--inject", "stuck-acquire", "--timeout-ms", "300", NULL, NULL);
	assert_int_equal(s.r.status, 1);
	submit_expect(&s, "release 1 not seen; no fault reported", "timeout message");
	submit_expect(&s, "failure report:", "report on timeout");
	submit_expect(&s, "pending method 0x06c NV_UDMA_SEM_EXECUTE", "method in flight");
	submit_expect(&s, "OPERATION=ACQ_CIRC_GEQ", "acquire decoded");
	if (s.seconds > SUBMIT_FAULT_SECONDS)
		fail_msg("stuck-acquire: took %.1f s with a 300 ms timeout", s.seconds);
	proc_result_free(&s.r);
}

/* The GPU stops answering after release 1: the next wait ends at once,
 * naming what it read, and nothing is decoded from all ones. */
static void test_inject_fell_off_bus(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--inject", "fell-off-bus", "--count", "3", "--timeout-ms", SUBMIT_TIMEOUT_MS);
	if (s.r.status != 1)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 1);
	submit_expect(&s, "semaphore: 1 seen (release 1)", "release 1 before the failure");
	submit_expect(&s, submit_want->dead_read, "the wait's report");
	submit_expect(&s, "teardown: teardown preempt: channel 1: the GPU is not responding",
		      "teardown stops too");
	if (strstr(s.r.err, "failure report:") || strstr(s.r.err, "PENDING"))
		fail_msg("all ones decoded as registers:\n%s", s.r.err);
	if (strstr(s.r.out, "semaphore: 2 seen"))
		fail_msg("release 2 seen on a dead GPU");
	if (s.seconds > SUBMIT_FAULT_SECONDS)
		fail_msg("fell-off-bus: took %.1f s", s.seconds);
	proc_result_free(&s.r);
}

/* A register read fails in the priv ring: reported as such, not used. */
static void test_inject_pri_error(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--inject", "pri-error", "--timeout-ms", SUBMIT_TIMEOUT_MS, NULL, NULL);
	assert_int_equal(s.r.status, 1);
	/* The first read of the channel's start: its runlist's submit status. */
	submit_expect(&s, submit_want->pri_error, "PRI error named");
	submit_expect(&s, "failure report:", "the registers, readable again");
	if (s.seconds > SUBMIT_FAULT_SECONDS)
		fail_msg("pri-error: took %.1f s", s.seconds);
	proc_result_free(&s.r);
}

/* A killed run's channel is found, said, torn down; the run completes. */
static void test_inject_stale_channel(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--inject", "stale-channel", "--count", "5", NULL, NULL);
	if (s.r.status != 0)
		fprintf(stderr, "---- stdout\n%s---- stderr\n%s----\n", s.r.out, s.r.err);
	assert_int_equal(s.r.status, 0);
	submit_expect(&s, "stale state from a previous user", "found");
	submit_expect(&s, submit_want->stale_channel, "the channel");
	submit_expect(&s, submit_want->stale_bound, "bound");
	submit_expect(&s, "ENABLE=IN_USE", "enabled");
	submit_expect(&s, submit_want->stale_runlist, "the runlist");
	submit_expect(&s, submit_want->stale_cleared, "torn down");
	submit_expect(&s, "done: 5 of 5 releases seen, semaphore 5", "all releases");
	proc_result_free(&s.r);
}

/* The host asks for the device back: the next wait stops, the teardown
 * completes, the backend is closed, and the exit says why. */
static void test_inject_host_request(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--inject", "host-request", "--count", "3", "--timeout-ms", SUBMIT_TIMEOUT_MS);
	assert_int_equal(s.r.status, 1);
	submit_expect(&s, "nvrt-submit: semaphore wait: channel 1: the host asked for the device back "
		      "(sim device request: an unbind or a hot-unplug): stopping", "the wait stops");
	submit_expect(&s, "nvrt-submit: the host asked for the simulated GPU back: work stopped, "
		      "channel torn down, device released", "exit message");
	if (strstr(s.r.err, "teardown:") || strstr(s.r.err, "failure report:"))
		fail_msg("the teardown failed, or a report was printed:\n%s", s.r.err);
	if (s.seconds > SUBMIT_FAULT_SECONDS)
		fail_msg("host-request: took %.1f s", s.seconds);
	proc_result_free(&s.r);
}

static void test_usage(void **state)
{
	struct submit_result s;

	(void)state;
	submit_run(&s, "--inject", "nonsense", NULL, NULL, NULL, NULL);
	assert_int_equal(s.r.status, 2);
	submit_expect(&s, "bad-signature", "kinds listed");
	proc_result_free(&s.r);
	submit_run(&s, "--count", "0", NULL, NULL, NULL, NULL);
	assert_int_equal(s.r.status, 2);
	proc_result_free(&s.r);
	submit_run(&s, "--inject", "fell-off-bus", "--vfio", "0000:65:00.0", NULL, NULL);
	assert_int_equal(s.r.status, 2);
	submit_expect(&s, "only the simulator can stage it", "simulator-only kinds");
	proc_result_free(&s.r);
	/* A BDF without its domain is the command line's fault, found before
	 * anything is opened (nvrt-submit(1): usage errors exit 2). */
	submit_run(&s, "--vfio", "65:00.0", NULL, NULL, NULL, NULL);
	assert_int_equal(s.r.status, 2);
	submit_expect(&s, "nvrt-submit: --vfio: vfio: bad PCI address \"65:00.0\"", "BDF format");
	proc_result_free(&s.r);
}

/* A GP100's NV_PMC_BOOT_0 (dev_master of gv100 lists GP100's architecture). */
static uint32_t submit_gp100_boot0(void)
{
	gv100_pmc_boot_0_t boot0 = { 0 };

	boot0 = gv100_set_pmc_boot_0_architecture(boot0, GV100_PMC_BOOT_0_ARCHITECTURE_GP100);
	boot0 = gv100_set_pmc_boot_0_implementation(boot0, GV100_PMC_BOOT_0_IMPLEMENTATION_0);
	boot0 = gv100_set_pmc_boot_0_major_revision(boot0, GV100_PMC_BOOT_0_MAJOR_REVISION_A);
	boot0 = gv100_set_pmc_boot_0_minor_revision(boot0, GV100_PMC_BOOT_0_MINOR_REVISION_1);
	return boot0.v;
}

static struct nvrt_backend *submit_sim_open(const struct nvrt_chip *c, uint32_t boot0)
{
	struct nvrt_sim_config cfg = { .chip = c, .boot0 = boot0 };
	struct nvrt_err err = { { 0 } };
	struct nvrt_backend *b = nvrt_backend_sim_open(&cfg, &err);

	if (!b)
		fail_msg("simulator of %s: %s", c->name, err.msg);
	return b;
}

/* A simulator answering a GP100's BOOT_0 is refused as the chip, and says so. */
static void test_identify_refused(void **state)
{
	uint32_t boot0 = submit_gp100_boot0();
	struct nvrt_backend *b = submit_sim_open(submit_chip, boot0);
	struct nvrt_device d;
	struct nvrt_err err = { { 0 } };
	char want[64], not_chip[32];

	(void)state;
	assert_int_equal(nvrt_device_open(&d, b, submit_chip, NULL, &err), -1);
	snprintf(want, sizeof(want), "NV_PMC_BOOT_0 0x%08x", boot0);
	snprintf(not_chip, sizeof(not_chip), "not a %s", submit_chip->name);
	if (!strstr(err.msg, not_chip))
		fail_msg("refusal message: %s", err.msg);
	if (!strcmp(submit_chip->name, "gv100") &&
	    (!strstr(err.msg, want) || !strstr(err.msg, "ARCHITECTURE=GP100") ||
	     !strstr(err.msg, "NV_PMC_BOOT_0_ARCHITECTURE_GV100")))
		fail_msg("refusal message: %s", err.msg);
	nvrt_backend_close(b);
}

/* Identification among every chip of the build: none matches a GP100, and
 * the error shows BOOT_0 and lists the chips known. */
static void test_identify_unknown(void **state)
{
	uint32_t boot0 = submit_gp100_boot0();
	struct nvrt_backend *b = submit_sim_open(submit_chip, boot0);
	struct nvrt_identity id;
	struct nvrt_err err = { { 0 } };
	char want[64];

	(void)state;
	assert_null(nvrt_chip_identify(b, &id, &err));
	snprintf(want, sizeof(want), "unknown GPU: NV_PMC_BOOT_0 0x%08x", boot0);
	if (!strstr(err.msg, want) || !strstr(err.msg, "this build knows"))
		fail_msg("identification error: %s", err.msg);
	for (size_t i = 0; i < nvrt_chip_count(); i++)
		if (!strstr(err.msg, nvrt_chip_at(i)->name))
			fail_msg("%s not listed: %s", nvrt_chip_at(i)->name, err.msg);
	nvrt_backend_close(b);
}

/* The simulator of the chip is identified as that chip, and no other chip
 * of the build accepts it. */
static void test_identify_accepted(void **state)
{
	struct nvrt_backend *b = submit_sim_open(submit_chip, 0);
	struct nvrt_identity id;
	struct nvrt_device d;
	struct nvrt_err err;
	const struct nvrt_engine *e;

	(void)state;
	assert_ptr_equal(nvrt_chip_identify(b, &id, &err), submit_chip);
	for (size_t i = 0; i < nvrt_chip_count(); i++) {
		const struct nvrt_chip *other = nvrt_chip_at(i);
		if (other != submit_chip && nvrt_device_open(&d, b, other, NULL, &err) == 0)
			fail_msg("a %s simulator accepted as a %s", submit_chip->name, other->name);
	}
	if (nvrt_device_open(&d, b, submit_chip, NULL, &err) < 0)
		fail_msg("bring-up: %s", err.msg);
	assert_int_equal(d.id.architecture, submit_want->architecture);
	e = nvrt_device_copy_engine(&d);
	assert_non_null(e);
	assert_true(e->copy && e->has_runlist);
	assert_int_not_equal(nvrt_device_runlist_pbdmas(&d, e->runlist), 0);
	nvrt_device_close(&d);
	nvrt_backend_close(b);
}

/* --chip: an unknown name lists the build's chips. */
static void test_chip_option(void **state)
{
	char *argv[] = { strdup(env_require("NVRT_SUBMIT_BIN")), "--chip", "nv50", NULL };
	struct proc_result r;

	(void)state;
	proc_run(argv, &r);
	free(argv[0]);
	assert_int_equal(r.status, 2);
	if (!strstr(r.err, "--chip: unknown chip 'nv50' (this build knows "))
		fail_msg("stderr: %s", r.err);
	for (size_t i = 0; i < nvrt_chip_count(); i++)
		if (!strstr(r.err, nvrt_chip_at(i)->name))
			fail_msg("%s not listed: %s", nvrt_chip_at(i)->name, r.err);
	proc_result_free(&r);
}

/*
 * A chip of the build without a simulator model (every runtime chip has
 * one today: GV100, TU104, GA100) cannot run the suite: nvrt-submit says so
 * plainly and exits 1, before touching anything.
 */
static void test_no_simulator(void **state)
{
	struct submit_result s;
	char want[96];

	(void)state;
	submit_run(&s, NULL, NULL, NULL, NULL, NULL, NULL);
	snprintf(want, sizeof(want), "nvrt-submit: sim backend: no model of %s in this build", submit_chip->name);
	assert_int_equal(s.r.status, 1);
	submit_expect(&s, want, "nvrt-submit without a simulator model");
	proc_result_free(&s.r);
}

static int submit_nosim_setup(void **state)
{
	(void)state;
	submit_chip = nvrt_chip_at(submit_index);
	return 0;
}

/* Whether this build has a simulator model of chip c. */
static bool submit_has_sim(const struct nvrt_chip *c)
{
	struct nvrt_sim_config cfg = { .chip = c };
	struct nvrt_err err;
	struct nvrt_backend *b = nvrt_backend_sim_open(&cfg, &err);

	if (!b)
		return false;
	nvrt_backend_close(b);
	return true;
}

int main(void)
{
	const struct CMUnitTest nosim[] = {
		cmocka_unit_test(test_no_simulator),
	};
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identify_refused),
		cmocka_unit_test(test_identify_unknown),
		cmocka_unit_test(test_identify_accepted),
		cmocka_unit_test(test_submit_one),
		cmocka_unit_test(test_submit_wrap),
		cmocka_unit_test(test_submit_wrap_pipelined),
		cmocka_unit_test(test_inject_bad_signature),
		cmocka_unit_test(test_inject_bad_gp_entry),
		cmocka_unit_test(test_inject_bad_method),
		cmocka_unit_test(test_inject_bad_tsg),
		cmocka_unit_test(test_inject_unmapped_semaphore),
		cmocka_unit_test(test_inject_stuck_acquire_timeout),
		cmocka_unit_test(test_inject_fell_off_bus),
		cmocka_unit_test(test_inject_pri_error),
		cmocka_unit_test(test_inject_stale_channel),
		cmocka_unit_test(test_inject_host_request),
		cmocka_unit_test(test_work_copy_fill),
		cmocka_unit_test(test_work_copy_2m),
		cmocka_unit_test(test_inject_ce_unmapped),
		cmocka_unit_test(test_work_usage),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_chip_option),
	};
	int failed = 0;

	/* The whole suite once per chip of the build. */
	for (submit_index = 0; submit_index < nvrt_chip_count(); submit_index++) {
		char name[64];
		snprintf(name, sizeof(name), "nvrt-submit (%s)", nvrt_chip_at(submit_index)->name);
		if (submit_has_sim(nvrt_chip_at(submit_index)))
			failed += cmocka_run_group_tests_name(name, tests, submit_group_setup, NULL);
		else
			failed += cmocka_run_group_tests_name(name, nosim, submit_nosim_setup, NULL);
	}
	return failed;
}
