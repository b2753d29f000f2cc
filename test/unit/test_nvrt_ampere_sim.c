/* SPDX-License-Identifier: MIT */
/*
 * The simulator's GA100 model (runtime/src/sim/ampere/) register by
 * register, through the backend's BAR0 accessors: identification, the PRI
 * error of units GA100 no longer has, device info, the channel RAM's write
 * control, the doorbell's gating by PENDING_ENABLE, and the PBDMA
 * interrupt-enable pairs.  Expected values are worked out from GA100's
 * manuals (../shared/manuals/ampere/ga100, file:line) and the simulator's
 * description (runtime/src/sim/chips/ga100.h, sim/ampere/host.h, which
 * invents what is not published: runlist r's block at 0xc00000 + 0x10000 r,
 * its channel RAM 0x8000 above, DOORBELL_CONFIG ID 0x10 + r).
 * test_nvrt_submit and test/trace/run.sh run the whole demo on it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ga100/dev_boot.h>
#include <ga100/dev_bus.h>
#include <ga100/dev_pbdma.h>
#include <ga100/dev_runlist.h>
#include <ga100/dev_top.h>
#include <ga100/dev_vm.h>

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/device.h"
#include "nvrt/sim.h"

/* The description's runlist 1 (the first async copy engine's). */
#define RL1_BLOCK 0xc10000u
#define RL1_CHRAM 0xc18000u

static struct nvrt_backend *open_ga100(void)
{
	struct nvrt_sim_config cfg = { .chip = nvrt_chip_find("ga100") };
	struct nvrt_err err;
	struct nvrt_backend *b;

	assert_non_null(cfg.chip);
	b = nvrt_backend_sim_open(&cfg, &err);
	assert_non_null(b);
	return b;
}

static uint32_t rd(struct nvrt_backend *b, uint32_t off)
{
	return nvrt_bar0_read32_unchecked(b, off);
}

static void wr(struct nvrt_backend *b, uint32_t off, uint32_t v)
{
	nvrt_bar0_write32(b, off, v);
}

/* BOOT_0 (dev_boot.ref.txt:23): ARCHITECTURE 28:24 = GA100 0x17 (:69,83),
 * IMPLEMENTATION 23:20 = 0, MAJOR_REVISION 7:4 = A (0xa), MINOR_REVISION
 * 3:0 = 1: 0x170000a1.  BOOT_42 (:116): ARCHITECTURE 28:24 0x17,
 * IMPLEMENTATION 23:20 0, MAJOR_REVISION 19:16 0xa, MINOR_REVISION 15:12 1:
 * 0x170a1000, whose CHIP_ID 28:20 is GA100 0x170 (:179,199). */
static void test_ampere_identity(void **state)
{
	struct nvrt_backend *b = open_ga100();
	ga100_pmc_boot_42_t id;

	(void)state;
	assert_int_equal(rd(b, ga100_pmc_boot_0()), 0x170000a1u);
	id.v = rd(b, ga100_pmc_boot_42());
	assert_int_equal(id.v, 0x170a1000u);
	assert_int_equal(ga100_get_pmc_boot_42_chip_id(id), GA100_PMC_BOOT_42_CHIP_ID_GA100);
	nvrt_backend_close(b);
}

/* Units GA100's manuals do not have read as a PRI error (NV_PRI_ERROR CODE
 * 0xBADF, dev_bus addendum; facts section 8 item 1): PFIFO 0x2000, PCCSR
 * 0x800000, usermode 0x810000, NV_PMC_ENABLE_PB 0x204, DEVICE_INFO v1 0x22700. */
static void test_ampere_no_pfifo(void **state)
{
	static const uint32_t gone[] = { 0x2000u, 0x800000u, 0x810000u, 0x204u, 0x22700u };
	struct nvrt_backend *b = open_ga100();

	(void)state;
	for (size_t i = 0; i < sizeof(gone) / sizeof(gone[0]); i++) {
		ga100_pri_error_t e = { { rd(b, gone[i]) } };

		assert_int_equal(ga100_get_pri_error_code(&e), GA100_PRI_ERROR_CODE_BADF);
	}
	nvrt_backend_close(b);
}

/* NV_PTOP_DEVICE_INFO_CFG NUM_ROWS 31:20: GR and ten LCEs, three rows each
 * (DEVICE_INFO2 ROW_CHAIN 31 on the first two): 33. */
static void test_ampere_device_info(void **state)
{
	struct nvrt_backend *b = open_ga100();
	ga100_ptop_device_info_cfg_t cfg = { rd(b, ga100_ptop_device_info_cfg()) };
	ga100_ptop_device_info2_t r0 = { rd(b, ga100_ptop_device_info2(0)) };
	ga100_ptop_device_info2_t r2 = { rd(b, ga100_ptop_device_info2(2)) };

	(void)state;
	assert_int_equal(ga100_get_ptop_device_info_cfg_num_rows(cfg), 33);
	assert_int_equal(ga100_get_ptop_device_info2_row_chain(r0), GA100_PTOP_DEVICE_INFO2_ROW_CHAIN_MORE);
	assert_int_equal(ga100_get_ptop_device_info2_row_chain(r2), GA100_PTOP_DEVICE_INFO2_ROW_CHAIN_LAST);
	/* Runlist 1's block: CHANNEL_CONFIG CHRAM_BAR0_OFFSET 31:4 (address bits
	 * in place) and NUM_CHANNELS_LOG2 3:0 = 2K (11); DOORBELL_CONFIG ID
	 * 31:16 = 0x11 (dev_runlist.ref.txt:22-61). */
	assert_int_equal(rd(b, ga100_runlist_channel_config(RL1_BLOCK)), RL1_CHRAM | 11u);
	assert_int_equal(rd(b, ga100_runlist_doorbell_config(RL1_BLOCK)), 0x11u << 16);
	nvrt_backend_close(b);
}

/* NV_CHRAM_CHANNEL (dev_runlist.ref.txt:74-121): WRITE_CONTROL 0:0
 * ONES_SET_BITS (0) sets every bit written as 1, ONES_CLEAR_BITS (1)
 * clears them; ENABLE is 1:1; BUSY 3:3 is Host's, never written. */
static void test_ampere_chram_write_control(void **state)
{
	struct nvrt_backend *b = open_ga100();
	uint32_t ch1 = ga100_chram_channel(RL1_CHRAM, 1);

	(void)state;
	assert_int_equal(rd(b, ch1), 0);
	wr(b, ch1, 0x2u);                      /* set ENABLE */
	assert_int_equal(rd(b, ch1), 0x2u);
	wr(b, ch1, 0x2u | 0x8u);               /* BUSY is read-only */
	assert_int_equal(rd(b, ch1), 0x2u);
	wr(b, ch1, 0x1u | 0x2u);               /* clear ENABLE */
	assert_int_equal(rd(b, ch1), 0);
	nvrt_backend_close(b);
}

/*
 * NV_VIRTUAL_FUNCTION_DOORBELL (dev_vm.ref.txt:550, BAR0 0xBB0090): handle
 * RUNLIST_ID 22:16 = 0x11 (runlist 1's DOORBELL_CONFIG ID), VECTOR = chid 1:
 * 0x110001.  With VIRTUAL_CHANNEL_CFG(0) PENDING_ENABLE 31 at its init FALSE
 * (dev_runlist.ref.txt:45-55) it does nothing; once set, channel 1's
 * CHRAM PENDING 8:8 is set, by the write itself (the channel is on no
 * runlist: it stays so).
 */
static void test_ampere_doorbell_gated(void **state)
{
	struct nvrt_backend *b = open_ga100();
	uint32_t ch1 = ga100_chram_channel(RL1_CHRAM, 1);

	(void)state;
	assert_int_equal(ga100_virtual_function_doorbell(), 0xbb0090u);
	assert_int_equal(rd(b, ga100_runlist_virtual_channel_cfg(RL1_BLOCK, 0)), 0x7ffu);
	wr(b, ga100_virtual_function_doorbell(), 0x110001u);
	assert_int_equal(rd(b, ch1) & 0x100u, 0);
	wr(b, ga100_runlist_virtual_channel_cfg(RL1_BLOCK, 0), 0x800007ffu);
	wr(b, ga100_virtual_function_doorbell(), 0x100001u);   /* runlist 0's id: not channel 1 of runlist 1 */
	wr(b, ga100_virtual_function_doorbell(), 0x110001u);
	assert_int_equal(rd(b, ch1) & 0x100u, 0x100u);
	assert_int_equal(rd(b, ga100_chram_channel(0xc08000u, 1)) & 0x100u, 0);
	nvrt_backend_close(b);
}

/* NV_PPBDMA_INTR_0_EN_SET_TREE(i,j) / EN_CLEAR_TREE(i,j) (dev_pbdma.ref.txt:
 * 3254-3319): one enable, set and cleared by ones, read back by both;
 * SIGNATURE is bit 31. */
static void test_ampere_pbdma_enable_pair(void **state)
{
	struct nvrt_backend *b = open_ga100();

	(void)state;
	assert_int_equal(ga100_ppbdma_intr_0_en_set_tree(2, 0) - ga100_ppbdma_intr_0_en_set_tree(1, 0), 2048);
	wr(b, ga100_ppbdma_intr_0_en_set_tree(2, 0), 0xcfafe000u);
	assert_int_equal(rd(b, ga100_ppbdma_intr_0_en_clear_tree(2, 0)), 0xcfafe000u);
	wr(b, ga100_ppbdma_intr_0_en_clear_tree(2, 0), 0x80000000u);
	assert_int_equal(rd(b, ga100_ppbdma_intr_0_en_set_tree(2, 0)), 0x4fafe000u);
	nvrt_backend_close(b);
}

/* The BAR0 writes a bring-up makes, in order. */
struct write_log {
	uint32_t off[8192], val[8192];
	size_t n;
};

static void write_log_access(void *ctx, char op, uint32_t offset, uint32_t value)
{
	struct write_log *l = ctx;

	if (op == 'W' && l->n < sizeof(l->off) / sizeof(l->off[0])) {
		l->off[l->n] = offset;
		l->val[l->n++] = value;
	}
}

/* The first write to off with value v at or after from; n if none. */
static size_t write_log_find(const struct write_log *l, size_t from, uint32_t off, uint32_t v)
{
	for (size_t i = from; i < l->n; i++)
		if (l->off[i] == off && l->val[i] == v)
			return i;
	return l->n;
}

/*
 * A previous owner's runlist: the simulator starts as a killed run left it
 * (nvrt_sim_config.crashed_run: channel 1's TSG, 2 entries, still submitted
 * on runlist 1, the channel enabled).  GA100 has no Host reset
 * (ga100-host-facts.md 1.2), so bring-up empties and preempts every runlist
 * before any channel exists, as nouveau's ga100_runl_init does ("Submit
 * NULL runlist and preempt", drivers/gpu/drm/nouveau/nvkm/engine/fifo/
 * ga100.c): for each of the description's 9 runlists (r's block at
 * 0xc00000 + 0x10000 r), NV_RUNLIST_SUBMIT (+0x88) = LENGTH 0, OFFSET 0 =
 * 0 (dev_runlist.ref.txt:133-138), then NV_RUNLIST_PREEMPT (+0x98) = TYPE
 * RUNLIST 0 in 25:24, ID 0 = 0 (:526-537), both before the first write to
 * any channel RAM entry (block + 0x8000, 2048 words: NV_CHRAM_CHANNEL) or to
 * VIRTUAL_CHANNEL_CFG(0) (+0x300, the doorbell's PENDING_ENABLE, :45-55).
 * Afterwards every runlist holds nothing (SUBMIT LENGTH 0, SUBMIT_INFO
 * PENDING 15 and PREEMPT RUNLIST_PREEMPT_PENDING 21 clear, :133-147,
 * :533-535) and the previous owner's channel is cleared (CHRAM 0).
 */
static void test_ampere_previous_owner_runlists(void **state)
{
	static struct write_log log;
	struct nvrt_sim_config cfg = { .chip = nvrt_chip_find("ga100"), .crashed_run = true };
	struct nvrt_device d;
	struct nvrt_err err;
	struct nvrt_backend *b = nvrt_backend_sim_open(&cfg, &err);
	size_t first_channel = SIZE_MAX;

	(void)state;
	if (!b)
		fail_msg("%s", err.msg);
	assert_int_equal(rd(b, ga100_runlist_submit(RL1_BLOCK)), 2);   /* scheduled: TSG header + channel */
	log.n = 0;
	b->hook = (struct nvrt_bar0_hook){ write_log_access, &log };
	if (nvrt_device_open(&d, b, cfg.chip, NULL, &err) < 0)
		fail_msg("%s", err.msg);
	b->hook.access = NULL;
	for (size_t i = 0; i < log.n && first_channel == SIZE_MAX; i++)
		for (uint32_t r = 0; r < 9; r++) {
			uint32_t blk = 0xc00000u + r * 0x10000u;

			if ((log.off[i] >= blk + 0x8000u && log.off[i] < blk + 0x8000u + 4u * 2048u) ||
			    log.off[i] == blk + 0x300u)
				first_channel = i;
		}
	assert_true(first_channel < log.n);
	for (uint32_t r = 0; r < 9; r++) {
		uint32_t blk = 0xc00000u + r * 0x10000u;
		size_t submit = write_log_find(&log, 0, blk + 0x88u, 0);
		size_t preempt = write_log_find(&log, submit, blk + 0x98u, 0);

		assert_true(submit < preempt);
		assert_true(preempt < first_channel);
		assert_int_equal(rd(b, blk + 0x88u), 0);
		assert_int_equal(rd(b, blk + 0x8cu) & (1u << 15), 0);
		assert_int_equal(rd(b, blk + 0x98u) & (1u << 21), 0);
	}
	assert_int_equal(rd(b, ga100_chram_channel(RL1_CHRAM, 1)), 0);
	nvrt_device_close(&d);
	nvrt_backend_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ampere_identity),
		cmocka_unit_test(test_ampere_no_pfifo),
		cmocka_unit_test(test_ampere_device_info),
		cmocka_unit_test(test_ampere_chram_write_control),
		cmocka_unit_test(test_ampere_doorbell_gated),
		cmocka_unit_test(test_ampere_pbdma_enable_pair),
		cmocka_unit_test(test_ampere_previous_owner_runlists),
	};

	return cmocka_run_group_tests_name("GA100 simulator (sim/ampere)", tests, NULL, NULL);
}
