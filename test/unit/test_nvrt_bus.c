/* SPDX-License-Identifier: MIT */
/*
 * Register reads that are not data, and state a crashed run left.  The
 * values come from the manuals: NV_PRI_ERROR (addendum dev_bus: CODE 31:16 =
 * 0xBADF), NV_PMC_BOOT_0 at 0x0 (dev_master), NV_PFIFO_ENG_RUNLIST(i) at
 * 0x2284 + 8i, NV_PFIFO_PBDMA_STATUS(i) at 0x3080 + 4i (dev_fifo),
 * NV_PPBDMA_INTR_0(i) at 0x40108 + 0x2000i (dev_pbdma),
 * NV_PFB_PRI_MMU_FAULT_STATUS at 0x100E60 (pri_mmu_hub).  In the simulator
 * the first copy engine on a runlist of its own is LCE2 on runlist 1,
 * served by PBDMA 2 (sim/pfifo/regs_pfifo.c: GR's runlist 0 has PBDMAs 0 and 1).
 *
 * Checked: the PRI word test and register names; all ones is an error only
 * when NV_PMC_BOOT_0 reads all ones too; a GPU that falls off the bus ends
 * every wait (runlist taken, semaphore with its fault checks, teardown
 * preempt) at once, naming the register; a PRI error anywhere in a whole
 * run -- bring-up, channel, submissions, teardown -- is always reported by
 * some call, never taken as data; a crashed run's channel and runlist are
 * found, described and torn down, and the next run completes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nvrt/device.h"
#include "nvrt/sim.h"

#define BUS_TIMEOUT_MS 5000u
/* A bad bus must end a wait long before its timeout. */
#define BUS_FAST_MS 1000.0

static const struct nvrt_chip *chip;

static double bus_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void expect_text(const char *s, const char *part)
{
	if (!strstr(s, part))
		fail_msg("\"%s\" not in \"%s\"", part, s);
}

static int bus_setup(void **state)
{
	(void)state;
	chip = nvrt_chip_find("gv100");
	return chip ? 0 : -1;
}

/* ---- the chip's facts ------------------------------------------------------------ */

static void test_bus_pri_word(void **state)
{
	(void)state;
	assert_true(chip->bus->pri_error(0xbadf0000u));
	assert_true(chip->bus->pri_error(0xbadf1234u));
	assert_true(chip->bus->pri_error(0xbadfffffu));
	assert_false(chip->bus->pri_error(0xbade0000u));
	assert_false(chip->bus->pri_error(0xffffffffu));
	assert_false(chip->bus->pri_error(0x0000badfu));
	assert_false(chip->bus->pri_error(0));
	assert_int_equal(chip->bus->bus_probe(), 0x0);    /* NV_PMC_BOOT_0 */
}

static void expect_name_on(const struct nvrt_chip *c, const struct nvrt_topology *t, uint32_t offset,
			   const char *want)
{
	char buf[128];

	c->dump->reg_name(t, offset, buf, sizeof(buf));
	assert_string_equal(buf, want);
}

static void expect_name(uint32_t offset, const char *want)
{
	expect_name_on(chip, NULL, offset, want);
}

static void test_bus_reg_names(void **state)
{
	(void)state;
	expect_name(0x0, "NV_PMC_BOOT_0");
	expect_name(0x2284 + 8 * 1, "NV_PFIFO_ENG_RUNLIST(1)");
	expect_name(0x3080 + 4 * 2, "NV_PFIFO_PBDMA_STATUS(2)");
	expect_name(0x40108 + 0x2000 * 2, "NV_PPBDMA_INTR_0(2)");
	expect_name(0x800000 + 8 * 5, "NV_PCCSR_CHANNEL_INST(5)");
	expect_name(0x800004 + 8 * 5, "NV_PCCSR_CHANNEL(5)");
	expect_name(0x100e60, "NV_PFB_PRI_MMU_FAULT_STATUS");
	expect_name(0x7ffffc, "the register at 0x7ffffc");
}

/*
 * GA100: the VF window and the runlists' blocks.  dev_vm.ref.txt:24
 * NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0x00BBFFFF:0x00B80000 puts the window
 * at BAR0 0xb80000: :279 PRIV_MMU_FAULT_STATUS 0x3094 is BAR0 0xb83094, :550
 * DOORBELL 0x30090 is 0xbb0090.  A runlist's registers are offsets in its
 * block (dev_runlist.ref.txt:139 NV_RUNLIST_SUBMIT_INFO 0x08C) and its
 * channel RAM (:74 NV_CHRAM_CHANNEL(i) 0x000+i*4), at the bases bring-up
 * read, here runlist 1's at 0xc10000 and 0xc18000: without them, no name.
 */
static void test_bus_reg_names_ga100(void **state)
{
	const struct nvrt_chip *ga100 = nvrt_chip_find("ga100");
	struct nvrt_topology t = { .nrunlists = 2 };

	(void)state;
	assert_non_null(ga100);
	t.runlists[0] = (struct nvrt_runlist_loc){ .pri_base = 0xc00000, .chram_base = 0xc08000,
						   .num_channels = 2048 };
	t.runlists[1] = (struct nvrt_runlist_loc){ .pri_base = 0xc10000, .chram_base = 0xc18000,
						   .num_channels = 2048 };
	expect_name_on(ga100, &t, 0x0, "NV_PMC_BOOT_0");
	expect_name_on(ga100, &t, 0xb83094, "NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS");
	expect_name_on(ga100, &t, 0xbb0090, "NV_VIRTUAL_FUNCTION_DOORBELL");
	expect_name_on(ga100, &t, 0xc1008c, "NV_RUNLIST_SUBMIT_INFO of runlist 1 (block 0xc10000)");
	expect_name_on(ga100, &t, 0xc18000 + 4 * 5,
		       "NV_CHRAM_CHANNEL(5) of runlist 1 (channel RAM 0xc18000)");
	expect_name_on(ga100, &t, 0xc08000, "NV_CHRAM_CHANNEL(0) of runlist 0 (channel RAM 0xc08000)");
	expect_name_on(ga100, NULL, 0xc1008c, "the register at 0xc1008c");
}

/* ---- all ones: data or a dead bus ---------------------------------------------------- */

struct fake_bar {
	struct nvrt_backend base;
	uint32_t boot0;
};

/* Every register reads all ones but NV_PMC_BOOT_0, which reads boot0. */
static uint32_t fake_read(struct nvrt_backend *b, uint32_t offset)
{
	return offset == 0 ? ((struct fake_bar *)b)->boot0 : 0xffffffffu;
}

static void fake_write(struct nvrt_backend *b, uint32_t offset, uint32_t value)
{
	(void)b, (void)offset, (void)value;
}

static const struct nvrt_backend_ops fake_ops = { .name = "fake", .bar0_read32 = fake_read,
						  .bar0_write32 = fake_write };

static void test_bus_all_ones(void **state)
{
	struct fake_bar f = { .base = { .ops = &fake_ops }, .boot0 = 0x140000a1u };

	(void)state;
	nvrt_bus_arm(&f.base, chip->bus->bus_probe(), chip->bus->pri_error);
	assert_int_equal(nvrt_bar0_read32(&f.base, 0x2284), 0xffffffffu);
	assert_int_equal(f.base.bus.errors, 0);           /* BOOT_0 answers: data */
	assert_int_equal(f.base.bus.state, NVRT_BUS_OK);
	f.boot0 = 0xffffffffu;
	nvrt_bar0_read32(&f.base, 0x2284);
	assert_int_equal(f.base.bus.errors, 1);
	assert_int_equal(f.base.bus.state, NVRT_BUS_GONE);
	struct nvrt_bus_read r = nvrt_bus_take(&f.base);
	assert_int_equal(r.kind, NVRT_BUS_GONE);
	assert_int_equal(r.offset, 0x2284);
	assert_int_equal(nvrt_bus_take(&f.base).kind, NVRT_BUS_OK);
	f.boot0 = 0xbadf5040u;
	nvrt_bus_clear(&f.base);
	nvrt_bar0_read32(&f.base, 0);
	assert_int_equal(f.base.bus.state, NVRT_BUS_PRI_ERROR);
}

/* ---- the GPU falls off the bus --------------------------------------------------------- */

struct bus_run {
	struct nvrt_backend *b;
	struct nvrt_device d;
	struct nvrt_channel ch;
	struct nvrt_channel_params p;
	struct nvrt_err err;
};

static void run_open(struct bus_run *r, const struct nvrt_sim_config *cfg, FILE *log)
{
	struct nvrt_sim_config none = { 0 };

	r->b = nvrt_backend_sim_open(cfg ? cfg : &none, &r->err);
	if (!r->b)
		fail_msg("%s", r->err.msg);
	if (nvrt_device_open(&r->d, r->b, chip, log, &r->err))
		fail_msg("%s", r->err.msg);
	nvrt_channel_params_default(&r->p);
	r->p.timeout_ms = BUS_TIMEOUT_MS;
}

static void run_release(struct bus_run *r, uint32_t payload)
{
	if (nvrt_channel_submit_release(&r->ch, payload, &r->err) ||
	    nvrt_channel_wait(&r->ch, payload, NULL, &r->err))
		fail_msg("release %u: %s", payload, r->err.msg);
}

static void run_close(struct bus_run *r)
{
	nvrt_channel_close(&r->ch, &r->err);
	nvrt_device_close(&r->d);
	nvrt_backend_close(r->b);
}

static void fall_off(struct bus_run *r)
{
	assert_int_equal(nvrt_sim_fail(r->b, NVRT_SIM_FELL_OFF_BUS, 0, &r->err), 0);
}

static void expect_gone(int rc, double t0, const struct nvrt_err *err, const char *what,
			const char *reg)
{
	double ms = bus_ms() - t0;

	assert_int_equal(rc, NVRT_E_BUS);
	expect_text(err->msg, what);
	expect_text(err->msg, "the GPU is not responding (BAR0 reads 0xffffffff)");
	expect_text(err->msg, reg);
	if (ms > BUS_FAST_MS)
		fail_msg("%s took %.0f ms (timeout %u ms)", what, ms, BUS_TIMEOUT_MS);
}

/* Runlist submit: PENDING would read 1 forever; the wait stops at once. */
static void test_bus_gone_runlist_wait(void **state)
{
	struct bus_run r;
	double t0;

	(void)state;
	run_open(&r, NULL, NULL);
	fall_off(&r);
	t0 = bus_ms();
	expect_gone(nvrt_channel_open(&r.ch, &r.d, &r.p, &r.err), t0, &r.err, "runlist submit: channel 1",
		    "NV_PFIFO_ENG_RUNLIST(1) (0x00228c) read 0xffffffff, and so does NV_PMC_BOOT_0");
	assert_true(nvrt_device_gone(&r.d));
	assert_false(r.ch.faulted);      /* no fault decoded from all ones */
	t0 = bus_ms();
	assert_int_equal(nvrt_channel_close(&r.ch, &r.err), -1);
	expect_gone(NVRT_E_BUS, t0, &r.err, "teardown", "NV_");
	run_close(&r);
}

/* The semaphore wait and its fault checks, then the teardown's preempt. */
static void test_bus_gone_semaphore_and_preempt(void **state)
{
	struct bus_run r;
	double t0;
	int rc;

	(void)state;
	run_open(&r, NULL, NULL);
	assert_int_equal(nvrt_channel_open(&r.ch, &r.d, &r.p, &r.err), 0);
	run_release(&r, 1);
	fall_off(&r);
	assert_int_equal(nvrt_channel_submit_release(&r.ch, 2, &r.err), 0);
	t0 = bus_ms();
	rc = nvrt_channel_wait(&r.ch, 2, NULL, &r.err);
	/* The first register a wait reads is MMU fault status (fault_check). */
	expect_gone(rc, t0, &r.err, "semaphore wait: channel 1",
		    "NV_PFB_PRI_MMU_FAULT_STATUS (0x100e60) read 0xffffffff");
	assert_false(r.ch.faulted);
	t0 = bus_ms();
	assert_int_equal(nvrt_channel_close(&r.ch, &r.err), -1);
	expect_gone(NVRT_E_BUS, t0, &r.err, "teardown preempt: channel 1", "read 0xffffffff");
	nvrt_device_close(&r.d);
	nvrt_backend_close(r.b);
}

/* Bring-up itself: BOOT_0 reads all ones. */
static void test_bus_gone_identify(void **state)
{
	struct nvrt_sim_config cfg = { 0 };
	struct nvrt_device d;
	struct nvrt_err err;
	struct nvrt_backend *b = nvrt_backend_sim_open(&cfg, &err);

	(void)state;
	assert_non_null(b);
	assert_int_equal(nvrt_sim_fail(b, NVRT_SIM_FELL_OFF_BUS, 0, &err), 0);
	assert_int_equal(nvrt_device_open(&d, b, chip, NULL, &err), NVRT_E_BUS);
	assert_string_equal(err.msg, "identify: the GPU is not responding (BAR0 reads 0xffffffff): "
			    "NV_PMC_BOOT_0 (0x000000) read 0xffffffff");
	nvrt_backend_close(b);
}

/* ---- PRI errors wherever a register is read ------------------------------------------ */

/* A backend that counts the reads of the one it wraps. */
struct counting {
	struct nvrt_backend base;
	struct nvrt_backend *inner;
	uint64_t reads;
};

static uint32_t counting_read(struct nvrt_backend *b, uint32_t offset)
{
	struct counting *c = (struct counting *)b;

	c->reads++;
	return c->inner->ops->bar0_read32(c->inner, offset);
}

static void counting_write(struct nvrt_backend *b, uint32_t offset, uint32_t value)
{
	struct counting *c = (struct counting *)b;

	c->inner->ops->bar0_write32(c->inner, offset, value);
}

static int counting_alloc(struct nvrt_backend *b, size_t size, size_t align, enum nvrt_aperture ap,
			  struct nvrt_dma *out, struct nvrt_err *err)
{
	struct counting *c = (struct counting *)b;

	return c->inner->ops->dma_alloc(c->inner, size, align, ap, out, err);
}

static void counting_free(struct nvrt_backend *b, struct nvrt_dma *buf)
{
	struct counting *c = (struct counting *)b;

	c->inner->ops->dma_free(c->inner, buf);
}

static const struct nvrt_backend_ops counting_ops = {
	.name = "counting", .bar0_read32 = counting_read, .bar0_write32 = counting_write,
	.dma_alloc = counting_alloc, .dma_free = counting_free,
};

/*
 * A whole run, the k-th read (-1: none) a PRI error: open, channel, two
 * releases, teardown.  Returns the reads made; *happened tells whether the
 * run got as far as read k (waits poll for as long as they take, so runs
 * differ), *reported whether some call failed with a PRI error message.
 */
static uint64_t pri_run(bool crashed, long k, bool *happened, bool *reported, char *msg, size_t n)
{
	struct nvrt_sim_config cfg = { .crashed_run = crashed };
	struct counting c = { .base = { .ops = &counting_ops } };
	struct nvrt_channel_params p;
	struct nvrt_channel ch;
	struct nvrt_device d;
	struct nvrt_err err = { "" };
	int rc;

	c.inner = nvrt_backend_sim_open(&cfg, &err);
	assert_non_null(c.inner);
	if (k >= 0)
		assert_int_equal(nvrt_sim_fail(c.inner, NVRT_SIM_PRI_ERROR, (uint64_t)k, &err), 0);
	*reported = false;
	nvrt_channel_params_default(&p);
	p.timeout_ms = BUS_TIMEOUT_MS;
	rc = nvrt_device_open(&d, &c.base, chip, NULL, &err);
	if (rc == 0) {
		rc = nvrt_channel_open(&ch, &d, &p, &err);
		for (uint32_t v = 1; rc == 0 && v <= 2; v++) {
			rc = nvrt_channel_submit_release(&ch, v, &err);
			if (rc == 0)
				rc = nvrt_channel_wait(&ch, v, NULL, &err);
		}
		if (rc == NVRT_E_BUS)
			*reported = true;
		if (nvrt_channel_close(&ch, rc ? NULL : &err) < 0 && !rc)
			rc = -1;
		if (strstr(err.msg, "PRI error reading NV_"))
			*reported = true;
		nvrt_device_close(&d);
	} else if (rc == NVRT_E_BUS) {
		*reported = true;
	}
	snprintf(msg, n, "%s", err.msg);
	*happened = c.base.bus.errors > 0;
	if (*reported && !strstr(err.msg, "PRI error reading NV_"))
		fail_msg("k %ld: reported, but not as a PRI error naming the register: %s", k, err.msg);
	nvrt_backend_close(c.inner);
	return c.reads;
}

static void pri_sweep(bool crashed)
{
	bool happened, reported;
	char msg[400];
	uint64_t total = UINT64_MAX;
	unsigned runs = 0, hit = 0;

	/* Waits poll for as long as they take: the shortest of three clean runs. */
	for (int i = 0; i < 3; i++) {
		uint64_t n = pri_run(crashed, -1, &happened, &reported, msg, sizeof(msg));

		assert_false(happened);
		assert_false(reported);
		total = n < total ? n : total;
	}
	assert_true(total > 100);
	/* The first reads one by one (identify, bring-up), then every part of
	 * the run in about 200 steps. */
	for (uint64_t k = 0; k < total; k = k < 64 ? k + 1 : k + total / 200 + 1) {
		pri_run(crashed, (long)k, &happened, &reported, msg, sizeof(msg));
		runs++;
		if (!happened)
			continue;    /* this run made fewer reads */
		hit++;
		if (!reported)
			fail_msg("a PRI error at read %llu (of about %llu) went unreported (last "
				 "message: %s)", (unsigned long long)k, (unsigned long long)total, msg);
	}
	assert_true(hit >= 64);   /* identify and bring-up alone read more than that */
	print_message("%s%u runs, a PRI error at a different read of about %llu each; %u hit a "
		      "read, every one reported\n", crashed ? "after a crashed run: " : "", runs,
		      (unsigned long long)total, hit);
}

static void test_bus_pri_everywhere(void **state)
{
	(void)state;
	pri_sweep(false);
}

/* The same with stale state to find and tear down first (8192 PCCSR reads). */
static void test_bus_pri_everywhere_stale(void **state)
{
	(void)state;
	pri_sweep(true);
}

/* The failure report shows a PRI error word as one, never as fields. */
static void test_bus_pri_in_report(void **state)
{
	struct bus_run r;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	run_open(&r, NULL, NULL);
	assert_int_equal(nvrt_channel_open(&r.ch, &r.d, &r.p, &r.err), 0);
	/* The report's first read: NV_PMC_INTR(0). */
	assert_int_equal(nvrt_sim_fail(r.b, NVRT_SIM_PRI_ERROR, 0, &r.err), 0);
	nvrt_channel_report(&r.ch, f);
	fclose(f);
	expect_text(text, "  NV_PMC_INTR(0) 0xbadf0000: PRI error (NV_PRI_ERROR_CODE_BADF): not the "
		    "register's value\n  NV_PFIFO_INTR_0 0x00000000: none");
	free(text);
	/* The teardown reports the bad read first, then runs on. */
	assert_int_equal(nvrt_channel_close(&r.ch, &r.err), -1);
	expect_text(r.err.msg, "PRI error reading NV_PMC_INTR(0) (0x000100)");
	nvrt_device_close(&r.d);
	nvrt_backend_close(r.b);
}

/* ---- the host takes the device back ------------------------------------------------- */

/* The request stops the next wait at once; the teardown still runs. */
static void test_bus_host_request(void **state)
{
	struct bus_run r;
	double t0;

	(void)state;
	run_open(&r, NULL, NULL);
	assert_int_equal(nvrt_channel_open(&r.ch, &r.d, &r.p, &r.err), 0);
	run_release(&r, 1);
	assert_int_equal(nvrt_sim_fail(r.b, NVRT_SIM_HOST_REQUEST, 0, &r.err), 0);
	assert_true(nvrt_backend_host_request(r.b));
	assert_int_equal(nvrt_channel_submit_release(&r.ch, 2, &r.err), 0);
	t0 = bus_ms();
	assert_int_equal(nvrt_channel_wait(&r.ch, 2, NULL, &r.err), NVRT_E_RELEASED);
	assert_true(bus_ms() - t0 < BUS_FAST_MS);
	assert_string_equal(r.err.msg, "semaphore wait: channel 1: the host asked for the device back "
			    "(sim device request: an unbind or a hot-unplug): stopping");
	assert_int_equal(nvrt_channel_close(&r.ch, &r.err), 0);
	nvrt_device_close(&r.d);
	nvrt_backend_close(r.b);
}

/* ---- a crashed run's leftovers --------------------------------------------------------- */

static void test_bus_stale_channel(void **state)
{
	struct nvrt_sim_config cfg = { .crashed_run = true };
	struct bus_run r;
	char *log = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&log, &len);

	(void)state;
	assert_non_null(f);
	run_open(&r, &cfg, f);
	fclose(f);
	assert_int_equal(r.d.stale.nchannels, 1);
	assert_int_equal(r.d.stale.channels[0].chid, 1);        /* channel 1 */
	assert_int_equal(r.d.stale.runlists, 1u << 1);         /* runlist 1 */
	expect_text(log, "stale state from a previous user");
	expect_text(log, "stale channel 1:");
	expect_text(log, "NV_PCCSR_CHANNEL_INST(1) 0x");
	expect_text(log, "BIND=TRUE");
	expect_text(log, "ENABLE=IN_USE");
	expect_text(log, "stale runlist 1:");
	/* fields high to low: PENDING 20:20, LENGTH 15:0 (dev_fifo) */
	expect_text(log, "NV_PFIFO_ENG_RUNLIST(1) 0x00000002: PENDING=FALSE LENGTH=0x2");
	expect_text(log, "stale state cleared: runlist 1 scheduling disabled, preempted, emptied; "
		    "1 channel disabled and unbound");
	/* The stale text comes before bring-up's reset. */
	assert_true(strstr(log, "stale state cleared") < strstr(log, "bring-up:"));
	free(log);
	assert_int_equal(nvrt_channel_open(&r.ch, &r.d, &r.p, &r.err), 0);
	for (uint32_t v = 1; v <= 3; v++)
		run_release(&r, v);
	assert_int_equal(nvrt_channel_close(&r.ch, &r.err), 0);
	nvrt_device_close(&r.d);
	nvrt_backend_close(r.b);
}

static void test_bus_no_stale(void **state)
{
	struct bus_run r;
	char *log = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&log, &len);

	(void)state;
	run_open(&r, NULL, f);
	fclose(f);
	assert_int_equal(r.d.stale.nchannels, 0);
	assert_int_equal(r.d.stale.runlists, 0);
	assert_null(strstr(log, "stale"));
	free(log);
	nvrt_device_close(&r.d);
	nvrt_backend_close(r.b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bus_pri_word),
		cmocka_unit_test(test_bus_reg_names),
		cmocka_unit_test(test_bus_reg_names_ga100),
		cmocka_unit_test(test_bus_all_ones),
		cmocka_unit_test(test_bus_gone_runlist_wait),
		cmocka_unit_test(test_bus_gone_semaphore_and_preempt),
		cmocka_unit_test(test_bus_gone_identify),
		cmocka_unit_test(test_bus_pri_everywhere),
		cmocka_unit_test(test_bus_pri_everywhere_stale),
		cmocka_unit_test(test_bus_pri_in_report),
		cmocka_unit_test(test_bus_host_request),
		cmocka_unit_test(test_bus_stale_channel),
		cmocka_unit_test(test_bus_no_stale),
	};

	return cmocka_run_group_tests(tests, bus_setup, NULL);
}
