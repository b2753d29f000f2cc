/* SPDX-License-Identifier: MIT */
/*
 * The typed gv100 headers against words worked out by hand from NVIDIA's
 * manuals (volta/gv100/<unit>.ref.txt, cited as unit:line).  Every expected
 * word below is arithmetic on the manual's bit ranges and values, done in the
 * comments, never read back from generated output.
 *
 * REFGEN_CHECK is defined here, before the headers, to count failed checks
 * instead of stopping: the tests assert both that correct uses never trip it
 * and that a too-wide value or an out-of-range index does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

static unsigned check_failures;
static const char *check_last;

static void check_record(const char *cond)
{
	check_failures++;
	check_last = cond;
}

#define REFGEN_CHECK(cond) ((cond) ? (void)0 : check_record(#cond))

#include "gv100/dev_fifo.h"
#include "gv100/dev_master.h"
#include "gv100/dev_mmu.h"
#include "gv100/dev_pbdma.h"
#include "gv100/dev_ram.h"
#include "gv100/nv/dev_fifo.h"
#include "refgen/drf.h"

/* ---- helpers ---------------------------------------------------------------- */

static int check_reset(void **state)
{
	(void)state;
	check_failures = 0;
	check_last = NULL;
	return 0;
}

/* No REFGEN_CHECK may have fired since the last reset. */
static void check_assert_none(void)
{
	if (check_failures) {
		print_error("REFGEN_CHECK(%s) failed %u time(s)\n", check_last, check_failures);
		fail();
	}
}

/* Some REFGEN_CHECK fired since the last reset (the misuse was caught); resets. */
static void check_assert_caught(void)
{
	if (!check_failures) {
		print_error("no REFGEN_CHECK failed\n");
		fail();
	}
	check_failures = 0;
}

/* Every word of got equals want; reports the first that differs. */
static void words_assert(const uint32_t *got, const uint32_t *want, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		if (got[k] != want[k]) {
			print_error("word %zu = 0x%08x, want 0x%08x\n", k, got[k], want[k]);
			fail();
		}
	}
}

/* ---- RAMIN: instance block ---------------------------------------------------- */

/* An instance block is 4096 bytes: NV_RAMIN_ALLOC_SIZE 4096 (dev_ram:166). */
static void test_ramin_size(void **state)
{
	(void)state;
	assert_int_equal(sizeof(gv100_ramin_t), 4096);
}

/*
 * Page directory of the non-subcontext engines, in system memory:
 *   TARGET  (128*32+1):(128*32+0) = SYS_MEM_COHERENT 2      (dev_ram:181,184)
 *   VOL     (128*32+2):(128*32+2) = TRUE 1                  (dev_ram:190-191)
 *   USE_VER2_PT_FORMAT (128*32+10):(128*32+10) = TRUE 1     (dev_ram:212,214)
 *   BIG_PAGE_SIZE (128*32+11):(128*32+11) = 64KB 1          (dev_ram:221,223)
 *   LO (128*32+31):(128*32+12), HI (129*32+31):(129*32+0)   (dev_ram:229-230),
 *   the base 4K-byte aligned (dev_ram:146-147): LO holds address bits 31:12
 *   in place, HI bits 63:32.
 * Address 0x12_3456_7000: word 128 = 0x34567000 | 1<<11 | 1<<10 | 1<<2 | 2
 * = 0x34567c06, word 129 = 0x12; every other word stays 0.
 */
static void test_ramin_page_dir_base(void **state)
{
	static gv100_ramin_t inst;
	static uint32_t want[1024];

	(void)state;
	memset(&inst, 0, sizeof(inst));
	gv100_set_ramin_page_dir_base_target(&inst, GV100_RAMIN_PAGE_DIR_BASE_TARGET_SYS_MEM_COHERENT);
	gv100_set_ramin_page_dir_base_vol(&inst, GV100_RAMIN_PAGE_DIR_BASE_VOL_TRUE);
	gv100_set_ramin_use_ver2_pt_format(&inst, GV100_RAMIN_USE_VER2_PT_FORMAT_TRUE);
	gv100_set_ramin_big_page_size(&inst, GV100_RAMIN_BIG_PAGE_SIZE_64KB);
	gv100_setaddr_ramin_page_dir_base(&inst, 0x1234567000ull);
	want[128] = 0x34567c06u;
	want[129] = 0x00000012u;
	words_assert(inst.w, want, 1024);
	assert_int_equal(gv100_getaddr_ramin_page_dir_base(&inst), 0x1234567000ull);
	assert_int_equal(gv100_get_ramin_page_dir_base_lo(&inst), 0x34567);
	assert_int_equal(gv100_get_ramin_page_dir_base_hi(&inst), 0x12);
	assert_int_equal(gv100_get_ramin_page_dir_base_target(&inst),
			 GV100_RAMIN_PAGE_DIR_BASE_TARGET_SYS_MEM_COHERENT);
	check_assert_none();
}

/*
 * Subcontext 5, same settings in video memory (dev_ram:268-352):
 *   SC_PDB_VALID(i) (166*32+i):(166*32+i), TRUE 1: word 166 bit 5 = 0x20.
 *   SC_PAGE_DIR_BASE_*(i) live in word (168+i*4) = 188 for i = 5:
 *     TARGET bits 1:0 = VID_MEM 0, VOL bit 2 = TRUE, USE_VER2_PT_FORMAT
 *     bit 10 = TRUE, BIG_PAGE_SIZE bit 11 = 64KB, LO bits 31:12;
 *   SC_PAGE_DIR_BASE_HI(i) is word (169+i*4) = 189.
 * Address 0x3_0000_0000 + 0xABCDE000: word 188 = 0xabcde000 | 0x800 | 0x400
 * | 0x4 | 0 = 0xabcdec04, word 189 = 0x3.  Subcontexts 4 and 6 untouched.
 */
static void test_ramin_subcontext_5(void **state)
{
	static gv100_ramin_t inst;
	static uint32_t want[1024];

	(void)state;
	memset(&inst, 0, sizeof(inst));
	gv100_set_ramin_sc_pdb_valid(&inst, 5, GV100_RAMIN_SC_PDB_VALID_TRUE);
	gv100_set_ramin_sc_page_dir_base_target(&inst, 5, GV100_RAMIN_SC_PAGE_DIR_BASE_TARGET_VID_MEM);
	gv100_set_ramin_sc_page_dir_base_vol(&inst, 5, GV100_RAMIN_SC_PAGE_DIR_BASE_VOL_TRUE);
	gv100_set_ramin_sc_use_ver2_pt_format(&inst, 5, GV100_RAMIN_SC_USE_VER2_PT_FORMAT_TRUE);
	gv100_set_ramin_sc_big_page_size(&inst, 5, GV100_RAMIN_SC_BIG_PAGE_SIZE_64KB);
	gv100_setaddr_ramin_sc_page_dir_base(&inst, 5, 0x3abcde000ull);
	want[166] = 0x00000020u;
	want[188] = 0xabcdec04u;
	want[189] = 0x00000003u;
	words_assert(inst.w, want, 1024);
	assert_int_equal(gv100_getaddr_ramin_sc_page_dir_base(&inst, 5), 0x3abcde000ull);
	assert_int_equal(gv100_getaddr_ramin_sc_page_dir_base(&inst, 4), 0);
	assert_int_equal(gv100_getaddr_ramin_sc_page_dir_base(&inst, 6), 0);
	assert_int_equal(gv100_get_ramin_sc_pdb_valid(&inst, 5), GV100_RAMIN_SC_PDB_VALID_TRUE);
	assert_int_equal(gv100_get_ramin_sc_pdb_valid(&inst, 4), GV100_RAMIN_SC_PDB_VALID_FALSE);
	check_assert_none();
}

/* ---- RAMFC, RAMUSERD ------------------------------------------------------------ */

/*
 * NV_RAMFC_SIGNATURE (4*32+31):(4*32+0) is word 4 (dev_ram:452);
 * NV_RAMUSERD_GP_PUT (35*32+31):(35*32+0) is word 35 (dev_ram:576).
 */
static void test_ramfc_userd_words(void **state)
{
	gv100_ramfc_t fc;
	gv100_ramuserd_t ud;

	(void)state;
	memset(&fc, 0, sizeof(fc));
	memset(&ud, 0, sizeof(ud));
	assert_true(sizeof(fc.w) / 4 > 4);
	assert_true(sizeof(ud.w) / 4 > 35);
	gv100_set_ramfc_signature(&fc, 0x0000faceu);
	gv100_set_ramuserd_gp_put(&ud, 0x00000123u);
	for (size_t k = 0; k < sizeof(fc.w) / 4; k++)
		assert_int_equal(fc.w[k], k == 4 ? 0x0000faceu : 0);
	for (size_t k = 0; k < sizeof(ud.w) / 4; k++)
		assert_int_equal(ud.w[k], k == 35 ? 0x00000123u : 0);
	check_assert_none();
}

/* ---- RAMRL: runlist entries (16 bytes, NV_RAMRL_ENTRY_SIZE, dev_ram:747) -------- */

/*
 * TSG header (dev_ram:752-810):
 *   TYPE bit 0 = TSG 1; TSG_TIMESLICE_SCALE 19:16 = 3; TSG_TIMESLICE_TIMEOUT
 *   31:24 = 128 (0x80): word 0 = 0x80 << 24 | 3 << 16 | 1 = 0x80030001.
 *   TSG_LENGTH (7+1*32):(0+1*32) = 1: word 1 = 0x00000001.
 *   TSG_TSGID (11+2*32):(0+2*32) = 0x2a: word 2 = 0x0000002a.
 */
static void test_ramrl_tsg_header(void **state)
{
	gv100_ramrl_entry_t e;
	static const uint32_t want[4] = { 0x80030001u, 0x00000001u, 0x0000002au, 0 };

	(void)state;
	memset(&e, 0, sizeof(e));
	assert_int_equal(sizeof(e), 16);
	gv100_set_ramrl_entry_type(&e, GV100_RAMRL_ENTRY_TYPE_TSG);
	gv100_set_ramrl_entry_tsg_timeslice_scale(&e, GV100_RAMRL_ENTRY_TSG_TIMESLICE_SCALE_3);
	gv100_set_ramrl_entry_tsg_timeslice_timeout(&e, GV100_RAMRL_ENTRY_TSG_TIMESLICE_TIMEOUT_128);
	gv100_set_ramrl_entry_tsg_length(&e, 1);
	gv100_set_ramrl_entry_tsg_tsgid(&e, 0x2a);
	words_assert(e.w, want, 4);
	assert_int_equal(gv100_get_ramrl_entry_tsg_length(&e), GV100_RAMRL_ENTRY_TSG_LENGTH_MIN);
	check_assert_none();
}

/*
 * Channel entry (dev_ram:752-789, layout dev_ram:614-657):
 *   TYPE bit 0 = CHAN 0; RUNQUEUE_SELECTOR bit 1 = 1 -> 0x2;
 *   INST_TARGET 5:4 = SYS_MEM_NONCOHERENT 3 -> 0x30;
 *   USERD_TARGET 7:6 = SYS_MEM_COHERENT 2 -> 0x80;
 *   USERD_PTR_LO 31:8 holds USERD address bits 31:8 in place, USERD_PTR_HI is
 *   word 1: USERD at 0x1_2345_6600 (512-byte aligned) gives word 0 =
 *   0x23456600 | 0x80 | 0x30 | 0x2 = 0x234566b2, word 1 = 0x1;
 *   CHID (11+2*32):(0+2*32) = 0x123, INST_PTR_LO (31+2*32):(12+2*32) holds
 *   instance address bits 31:12 in place, INST_PTR_HI is word 3: instance
 *   block at 0x2_abcd_e000 gives word 2 = 0xabcde000 | 0x123 = 0xabcde123,
 *   word 3 = 0x2.
 */
static void test_ramrl_channel_entry(void **state)
{
	gv100_ramrl_entry_t e;
	static const uint32_t want[4] = { 0x234566b2u, 0x00000001u, 0xabcde123u, 0x00000002u };

	(void)state;
	memset(&e, 0, sizeof(e));
	gv100_set_ramrl_entry_type(&e, GV100_RAMRL_ENTRY_TYPE_CHAN);
	gv100_set_ramrl_entry_chan_runqueue_selector(&e, 1);
	gv100_set_ramrl_entry_chan_inst_target(&e, GV100_RAMRL_ENTRY_CHAN_INST_TARGET_SYS_MEM_NONCOHERENT);
	gv100_set_ramrl_entry_chan_userd_target(&e, GV100_RAMRL_ENTRY_CHAN_USERD_TARGET_SYS_MEM_COHERENT);
	gv100_setaddr_ramrl_entry_chan_userd_ptr(&e, 0x123456600ull);
	gv100_set_ramrl_entry_chan_chid(&e, 0x123);
	gv100_setaddr_ramrl_entry_chan_inst_ptr(&e, 0x2abcde000ull);
	words_assert(e.w, want, 4);
	assert_int_equal(gv100_getaddr_ramrl_entry_chan_userd_ptr(&e), 0x123456600ull);
	assert_int_equal(gv100_getaddr_ramrl_entry_chan_inst_ptr(&e), 0x2abcde000ull);
	assert_int_equal(gv100_get_ramrl_entry_chan_inst_ptr_lo(&e), 0xabcde);
	assert_int_equal(gv100_get_ramrl_entry_chan_userd_ptr_lo(&e), 0x234566);
	check_assert_none();
}

/* ---- FIFO_DMA: pushbuffer entries ------------------------------------------------ */

/*
 * Method headers (dev_ram:1074-1227): OPCODE 31:29, COUNT 28:16,
 * SUBCHANNEL 15:13, ADDRESS 11:0 (a dword address), DATA the next word.
 *   INCR    opcode 1, count 2, subch 3, addr 0x040:
 *           1<<29 | 2<<16 | 3<<13 | 0x040 = 0x20026040, data 0xdeadbeef
 *   NONINCR opcode 3, count 1, subch 0, addr 0x008: 0x60010008
 *   ONEINCR opcode 5, count 4, subch 7, addr 0xfff:
 *           0xa0000000 | 0x40000 | 0xe000 | 0xfff = 0xa004efff
 *   IMMD    opcode 4 (31:29), data 0x1fff (28:16), subch 2, addr 0x123:
 *           0x80000000 | 0x1fff0000 | 0x4000 | 0x123 = 0x9fff4123
 * The opcodes agree with the secondary-opcode table (dev_ram:919-926):
 * 001 incrementing, 011 non-incrementing, 101 increment-once, 100 immediate.
 */
static void test_fifo_dma_method_headers(void **state)
{
	gv100_fifo_dma_incr_t incr;
	gv100_fifo_dma_nonincr_t nonincr;
	gv100_fifo_dma_oneincr_t oneincr;
	gv100_fifo_dma_immd_t immd;

	(void)state;
	memset(&incr, 0, sizeof(incr));
	memset(&nonincr, 0, sizeof(nonincr));
	memset(&oneincr, 0, sizeof(oneincr));
	memset(&immd, 0, sizeof(immd));
	gv100_set_fifo_dma_incr_opcode(&incr, GV100_FIFO_DMA_INCR_OPCODE_VALUE);
	gv100_set_fifo_dma_incr_count(&incr, 2);
	gv100_set_fifo_dma_incr_subchannel(&incr, 3);
	gv100_set_fifo_dma_incr_address(&incr, 0x040);
	gv100_set_fifo_dma_incr_data(&incr, 0xdeadbeefu);
	assert_int_equal(incr.w[0], 0x20026040u);
	assert_int_equal(incr.w[1], 0xdeadbeefu);

	gv100_set_fifo_dma_nonincr_opcode(&nonincr, GV100_FIFO_DMA_NONINCR_OPCODE_VALUE);
	gv100_set_fifo_dma_nonincr_count(&nonincr, 1);
	gv100_set_fifo_dma_nonincr_subchannel(&nonincr, 0);
	gv100_set_fifo_dma_nonincr_address(&nonincr, 0x008);
	assert_int_equal(nonincr.w[0], 0x60010008u);

	gv100_set_fifo_dma_oneincr_opcode(&oneincr, GV100_FIFO_DMA_ONEINCR_OPCODE_VALUE);
	gv100_set_fifo_dma_oneincr_count(&oneincr, 4);
	gv100_set_fifo_dma_oneincr_subchannel(&oneincr, 7);
	gv100_set_fifo_dma_oneincr_address(&oneincr, 0xfff);
	assert_int_equal(oneincr.w[0], 0xa004efffu);

	gv100_set_fifo_dma_immd_opcode(&immd, GV100_FIFO_DMA_IMMD_OPCODE_VALUE);
	gv100_set_fifo_dma_immd_data(&immd, 0x1fff);
	gv100_set_fifo_dma_immd_subchannel(&immd, 2);
	gv100_set_fifo_dma_immd_address(&immd, 0x123);
	assert_int_equal(immd.w[0], 0x9fff4123u);
	check_assert_none();
}

/*
 * Control entries (dev_ram:1253-1299): OPCODE 31:16 (secondary and tertiary
 * opcode together, dev_ram:919-921), VALUE 15:4.
 *   SET_SUBDEVICE_MASK   opcode 1, mask 0xabc: 0x00010000 | 0xabc0 = 0x0001abc0
 *   STORE_SUBDEVICE_MASK opcode 2, mask 0x00f: 0x00020000 | 0x00f0 = 0x000200f0
 *   USE_SUBDEVICE_MASK   opcode 3: 0x00030000
 *   END_PB_SEGMENT       ENDSEG_OPCODE 31:29 = 7: 0xe0000000, the same as
 *                        SEC_OP 31:29 = END_PB_SEGMENT 7 (dev_ram:1019,1026)
 */
static void test_fifo_dma_control_entries(void **state)
{
	gv100_fifo_dma_set_subdevice_mask_t ssdm;
	gv100_fifo_dma_store_subdevice_mask_t stsdm;
	gv100_fifo_dma_use_subdevice_mask_t usdm;
	gv100_fifo_dma_t endseg, secop;

	(void)state;
	memset(&ssdm, 0, sizeof(ssdm));
	memset(&stsdm, 0, sizeof(stsdm));
	memset(&usdm, 0, sizeof(usdm));
	memset(&endseg, 0, sizeof(endseg));
	memset(&secop, 0, sizeof(secop));
	gv100_set_fifo_dma_set_subdevice_mask_opcode(&ssdm, GV100_FIFO_DMA_SET_SUBDEVICE_MASK_OPCODE_VALUE);
	gv100_set_fifo_dma_set_subdevice_mask_value(&ssdm, 0xabc);
	assert_int_equal(ssdm.w[0], 0x0001abc0u);
	gv100_set_fifo_dma_store_subdevice_mask_opcode(&stsdm,
						       GV100_FIFO_DMA_STORE_SUBDEVICE_MASK_OPCODE_VALUE);
	gv100_set_fifo_dma_store_subdevice_mask_value(&stsdm, 0x00f);
	assert_int_equal(stsdm.w[0], 0x000200f0u);
	gv100_set_fifo_dma_use_subdevice_mask_opcode(&usdm, GV100_FIFO_DMA_USE_SUBDEVICE_MASK_OPCODE_VALUE);
	assert_int_equal(usdm.w[0], 0x00030000u);
	gv100_set_fifo_dma_endseg_opcode(&endseg, GV100_FIFO_DMA_ENDSEG_OPCODE_VALUE);
	assert_int_equal(endseg.w[0], 0xe0000000u);
	gv100_set_fifo_dma_sec_op(&secop, GV100_FIFO_DMA_SEC_OP_END_PB_SEGMENT);
	assert_int_equal(secop.w[0], 0xe0000000u);
	check_assert_none();
}

/* ---- GP entry -------------------------------------------------------------------- */

/*
 * NV_PPBDMA_GP_ENTRY0/1 (dev_pbdma:230-255; meaning dev_pbdma:73-88): the
 * segment's byte address is (GET_HI << 32) + (GET << 2).
 * Segment at 0x12_3456_7890, 0x100 entries, conditional fetch, subroutine
 * level, wait for sync:
 *   entry0: GET 31:2 = 0x34567890 >> 2 (in place 0x34567890), FETCH 0:0 =
 *           CONDITIONAL 1: 0x34567891
 *   entry1: GET_HI 7:0 = 0x12, LEVEL 9:9 = SUBROUTINE 1 (0x200), LENGTH
 *           30:10 = 0x100 (0x40000), SYNC 31:31 = WAIT 1: 0x80040212
 * A control entry: LENGTH = CONTROL 0, OPCODE 7:0 = PB_CRC 3, OPERAND 31:0 of
 * entry0 = 0xcafe: entry1 = 0x00000003, entry0 = 0x0000cafe.
 */
static void test_gp_entry(void **state)
{
	gv100_ppbdma_gp_entry0_t e0 = { 0 }, c0 = { 0 };
	gv100_ppbdma_gp_entry1_t e1 = { 0 }, c1 = { 0 };

	(void)state;
	e0 = gv100_set_ppbdma_gp_entry0_get(e0, 0x34567890u >> 2);
	e0 = gv100_set_ppbdma_gp_entry0_fetch(e0, GV100_PPBDMA_GP_ENTRY0_FETCH_CONDITIONAL);
	e1 = gv100_set_ppbdma_gp_entry1_get_hi(e1, 0x12);
	e1 = gv100_set_ppbdma_gp_entry1_level(e1, GV100_PPBDMA_GP_ENTRY1_LEVEL_SUBROUTINE);
	e1 = gv100_set_ppbdma_gp_entry1_length(e1, 0x100);
	e1 = gv100_set_ppbdma_gp_entry1_sync(e1, GV100_PPBDMA_GP_ENTRY1_SYNC_WAIT);
	assert_int_equal(e0.v, 0x34567891u);
	assert_int_equal(e1.v, 0x80040212u);
	assert_int_equal(((uint64_t)gv100_get_ppbdma_gp_entry1_get_hi(e1) << 32) +
			 ((uint64_t)gv100_get_ppbdma_gp_entry0_get(e0) << 2), 0x1234567890ull);

	c1 = gv100_set_ppbdma_gp_entry1_length(c1, GV100_PPBDMA_GP_ENTRY1_LENGTH_CONTROL);
	c1 = gv100_set_ppbdma_gp_entry1_opcode(c1, GV100_PPBDMA_GP_ENTRY1_OPCODE_PB_CRC);
	c0 = gv100_set_ppbdma_gp_entry0_operand(c0, 0xcafe);
	assert_int_equal(c1.v, 0x00000003u);
	assert_int_equal(c0.v, 0x0000cafeu);
	/* the registers' own offsets: 0x10000000 and 0x10000004 (dev_pbdma:230,238) */
	assert_int_equal(gv100_ppbdma_gp_entry0(), 0x10000000u);
	assert_int_equal(gv100_ppbdma_gp_entry1(), 0x10000004u);
	check_assert_none();
}

/* ---- MMU ver2 entries --------------------------------------------------------------- */

/*
 * PTE (dev_mmu:335-373), 8 bytes: VALID 0:0, APERTURE 2:1, VOL 3:3,
 * ADDRESS_SYS 53:8 = physical address >> 12 (ADDRESS_SHIFT 0xc), KIND 63:56.
 * Page at 0xab_cdef_1000, system coherent (2), volatile, kind 0:
 *   ADDRESS_SYS = 0xabcdef1, at bit 8: 0xa_bcde_f100;
 *   word 0 = 0xbcdef100 | 2<<1 | 1<<3 | 1 = 0xbcdef10d, word 1 = 0xa.
 * A 50-bit address 0x3_ffff_ffff_f000 fills ADDRESS_SYS bits 8..45 with
 * 0x3f_ffff_ffff: word 0 = 0xffffff00 | 0xd, word 1 = 0x3fff (bits 32..45),
 * KIND 0xfe on top: word 1 = 0xfe003fff.
 */
static void test_ver2_pte(void **state)
{
	gv100_mmu_ver2_pte_t pte;

	(void)state;
	memset(&pte, 0, sizeof(pte));
	assert_int_equal(sizeof(pte), 8);
	gv100_set_mmu_ver2_pte_valid(&pte, GV100_MMU_VER2_PTE_VALID_TRUE);
	gv100_set_mmu_ver2_pte_aperture(&pte, GV100_MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY);
	gv100_set_mmu_ver2_pte_vol(&pte, GV100_MMU_VER2_PTE_VOL_TRUE);
	gv100_set_mmu_ver2_pte_address_sys(&pte, 0xabcdef1000ull >> GV100_MMU_VER2_PTE_ADDRESS_SHIFT);
	assert_int_equal(pte.w[0], 0xbcdef10du);
	assert_int_equal(pte.w[1], 0x0000000au);
	assert_int_equal(gv100_get_mmu_ver2_pte_address_sys(&pte), 0xabcdef1ull);

	gv100_set_mmu_ver2_pte_address_sys(&pte, 0x3fffffffff000ull >> 12);
	gv100_set_mmu_ver2_pte_kind(&pte, 0xfe);
	assert_int_equal(pte.w[0], 0xffffff0du);
	assert_int_equal(pte.w[1], 0xfe003fffu);
	assert_int_equal(gv100_get_mmu_ver2_pte_address_sys(&pte), 0x3fffffffffull);
	check_assert_none();
}

/*
 * Dual PDE (dev_mmu:295-334), 16 bytes.  Big page table in system coherent
 * memory at 0x12_3456_7800: APERTURE_BIG 2:1 = 2 (0x4), VOL_BIG 3:3 = 1
 * (0x8), ADDRESS_BIG_SYS 53:4 = address >> 8 (ADDRESS_BIG_SHIFT 8) =
 * 0x12345678, at bit 4: 0x1_2345_6780: word 0 = 0x2345678c, word 1 = 0x1.
 * Small page table in non-coherent system memory at 0xff_ffff_f000:
 * APERTURE_SMALL 66:65 = 3 (word 2 bits 2:1: 0x6), VOL_SMALL 67:67 = 1
 * (word 2 bit 3: 0x8), ADDRESS_SMALL_SYS 117:72 = address >> 12
 * (ADDRESS_SHIFT 0xc) = 0xfffffff at bit 72 (word 2 bit 8): word 2 =
 * 0xffffff00 | 0xe = 0xffffff0e, word 3 = 0xf.  IS_PTE 0:0 stays FALSE 0.
 */
static void test_ver2_dual_pde(void **state)
{
	gv100_mmu_ver2_dual_pde_t pde;
	static const uint32_t want[4] = { 0x2345678cu, 0x00000001u, 0xffffff0eu, 0x0000000fu };

	(void)state;
	memset(&pde, 0, sizeof(pde));
	assert_int_equal(sizeof(pde), 16);
	gv100_set_mmu_ver2_dual_pde_is_pte(&pde, GV100_MMU_VER2_DUAL_PDE_IS_PTE_FALSE);
	gv100_set_mmu_ver2_dual_pde_aperture_big(&pde,
		GV100_MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_COHERENT_MEMORY);
	gv100_set_mmu_ver2_dual_pde_vol_big(&pde, GV100_MMU_VER2_DUAL_PDE_VOL_BIG_TRUE);
	gv100_set_mmu_ver2_dual_pde_address_big_sys(&pde,
		0x1234567800ull >> GV100_MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT);
	gv100_set_mmu_ver2_dual_pde_aperture_small(&pde,
		GV100_MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY);
	gv100_set_mmu_ver2_dual_pde_vol_small(&pde, GV100_MMU_VER2_DUAL_PDE_VOL_SMALL_TRUE);
	gv100_set_mmu_ver2_dual_pde_address_small_sys(&pde,
		0xfffffff000ull >> GV100_MMU_VER2_DUAL_PDE_ADDRESS_SHIFT);
	words_assert(pde.w, want, 4);
	assert_int_equal(gv100_get_mmu_ver2_dual_pde_address_small_sys(&pde), 0xfffffffull);
	check_assert_none();
}

/* ---- PCCSR: an indexed register ------------------------------------------------------- */

/*
 * NV_PCCSR_CHANNEL_INST(i) (0x00800000+(i)*8), __SIZE_1 4096 (dev_fifo:54-55):
 * channel 0 at 0x00800000, 1 at 0x00800008, 4095 at 0x00800000 + 0x7ff8.
 * Fields (dev_fifo:56-63): PTR 27:0 = instance address >> 12, TARGET 29:28,
 * BIND 31:31.  Instance at 0x2_abcd_e000 in coherent system memory, bound:
 * 0x2abcde | 2<<28 | 1<<31 = 0xa02abcde.
 */
static void test_pccsr_channel_inst(void **state)
{
	gv100_pccsr_channel_inst_t r = { 0 };

	(void)state;
	assert_int_equal(gv100_pccsr_channel_inst(0), 0x00800000u);
	assert_int_equal(gv100_pccsr_channel_inst(1), 0x00800008u);
	assert_int_equal(gv100_pccsr_channel_inst(4095), 0x00807ff8u);
	check_assert_none();
	(void)gv100_pccsr_channel_inst(4096);
	check_assert_caught();

	r = gv100_set_pccsr_channel_inst_ptr(r, 0x2abcde000ull >> 12);
	r = gv100_set_pccsr_channel_inst_target(r, GV100_PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT);
	r = gv100_set_pccsr_channel_inst_bind(r, GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
	assert_int_equal(r.v, 0xa02abcdeu);
	check_assert_none();
}

/* ---- REFGEN_CHECK: values too wide, indices out of range --------------------------------- */

/*
 * TARGET 29:28 of NV_PCCSR_CHANNEL_INST is 2 bits: 4 is too wide.  The check
 * fires and only the low 2 bits (0) reach the field; PTR 27:0 and BIND 31
 * around it keep their bits (0xa02abcde & ~0x30000000 = 0x802abcde).
 */
static void test_check_register_too_wide(void **state)
{
	gv100_pccsr_channel_inst_t r = { 0xa02abcdeu };

	(void)state;
	r = gv100_set_pccsr_channel_inst_target(r, 4);
	check_assert_caught();
	assert_int_equal(r.v, 0x802abcdeu);
	r.v = 0xffffffffu;
	r = gv100_set_pccsr_channel_inst_target(r, 5);   /* 0b101: 0b01 kept */
	check_assert_caught();
	assert_int_equal(r.v, 0xdfffffffu);
}

/*
 * TSG_LENGTH (7+1*32):(0+1*32) is 8 bits: 0x1ff is too wide; 0xff lands,
 * the rest of word 1 (pre-set to 0xa5a5a5a5) and the other words stay.
 * ADDRESS_SYS 53:8 of a PTE is 46 bits: 1 << 46 is too wide and writes 0
 * there, leaving VALID..ATOMIC_DISABLE 7:0 and KIND 63:56 (bits 54, 55 too).
 */
static void test_check_structure_too_wide(void **state)
{
	gv100_ramrl_entry_t e;
	gv100_mmu_ver2_pte_t pte;
	static const uint32_t want[4] = { 0xa5a5a5a5u, 0xa5a5a5ffu, 0xa5a5a5a5u, 0xa5a5a5a5u };

	(void)state;
	memset(&e, 0xa5, sizeof(e));
	gv100_set_ramrl_entry_tsg_length(&e, 0x1ff);
	check_assert_caught();
	words_assert(e.w, want, 4);

	pte.w[0] = 0xffffffffu;
	pte.w[1] = 0xffffffffu;
	gv100_set_mmu_ver2_pte_address_sys(&pte, 1ull << 46);
	check_assert_caught();
	assert_int_equal(pte.w[0], 0x000000ffu);
	assert_int_equal(pte.w[1], 0xffc00000u);
}

/*
 * Indices: SC_PDB_VALID(i) and SC_PAGE_DIR_BASE_*(i) have __SIZE_1 64
 * (dev_ram:269,294), so 64 is out of range; 63 is the last good one.
 */
static void test_check_index_out_of_range(void **state)
{
	static gv100_ramin_t inst;

	(void)state;
	memset(&inst, 0, sizeof(inst));
	gv100_set_ramin_sc_pdb_valid(&inst, 63, GV100_RAMIN_SC_PDB_VALID_TRUE);
	check_assert_none();
	assert_int_equal(inst.w[167], 0x80000000u);   /* 166*32 + 63 = word 167 bit 31 */
	(void)gv100_get_ramin_sc_pdb_valid(&inst, 64);
	check_assert_caught();
	gv100_set_ramin_sc_page_dir_base_target(&inst, 64, GV100_RAMIN_SC_PAGE_DIR_BASE_TARGET_VID_MEM);
	check_assert_caught();
	gv100_setaddr_ramin_sc_page_dir_base(&inst, 64, 0);
	check_assert_caught();
}

/* The page directory base is 4K-byte aligned (dev_ram:146-147): 0x1234 is not. */
static void test_check_misaligned_address(void **state)
{
	static gv100_ramin_t inst;

	(void)state;
	memset(&inst, 0, sizeof(inst));
	gv100_setaddr_ramin_page_dir_base(&inst, 0x1234);
	check_assert_caught();
	gv100_setaddr_ramin_page_dir_base(&inst, 0x1000);
	check_assert_none();
}

/* ---- field position constants, access codes, names, enums -------------------- */

/* dev_fifo.ref.txt:58 NV_PCCSR_CHANNEL_INST_BIND 31:31; :57 TARGET 29:28. */
static void test_field_constants_register(void **state)
{
	(void)state;
	assert_int_equal(GV100_PCCSR_CHANNEL_INST_BIND_FIELD_SHIFT, 31);
	assert_int_equal(GV100_PCCSR_CHANNEL_INST_BIND_FIELD_WIDTH, 1);
	assert_int_equal(GV100_PCCSR_CHANNEL_INST_BIND_FIELD_MASK, 0x80000000u);
	assert_int_equal(GV100_PCCSR_CHANNEL_INST_TARGET_FIELD_SHIFT, 28);
	assert_int_equal(GV100_PCCSR_CHANNEL_INST_TARGET_FIELD_WIDTH, 2);
	assert_int_equal(GV100_PCCSR_CHANNEL_INST_TARGET_FIELD_MASK, 0x30000000u);
	/* dev_master.ref.txt:69 NV_PMC_BOOT_0_ARCHITECTURE 28:24 */
	assert_int_equal(GV100_PMC_BOOT_0_ARCHITECTURE_FIELD_MASK, 0x1f000000u);
}

/* dev_ram.ref.txt:181 NV_RAMIN_PAGE_DIR_BASE_TARGET (128*32+1):(128*32+0);
 * dev_mmu.ref.txt:359 NV_MMU_VER2_PTE_ADDRESS_SYS 53:8 spans two words: no mask. */
static void test_field_constants_structure(void **state)
{
	(void)state;
	assert_int_equal(GV100_RAMIN_PAGE_DIR_BASE_TARGET_FIELD_WORD, 128);
	assert_int_equal(GV100_RAMIN_PAGE_DIR_BASE_TARGET_FIELD_SHIFT, 0);
	assert_int_equal(GV100_RAMIN_PAGE_DIR_BASE_TARGET_FIELD_WIDTH, 2);
	assert_int_equal(GV100_RAMIN_PAGE_DIR_BASE_TARGET_FIELD_MASK, 0x3u);
	assert_int_equal(GV100_MMU_VER2_PTE_ADDRESS_SYS_FIELD_WORD, 0);
	assert_int_equal(GV100_MMU_VER2_PTE_ADDRESS_SYS_FIELD_SHIFT, 8);
	assert_int_equal(GV100_MMU_VER2_PTE_ADDRESS_SYS_FIELD_WIDTH, 46);
#ifdef GV100_MMU_VER2_PTE_ADDRESS_SYS_FIELD_MASK
	fail_msg("a field across words has no one-word mask");
#endif
}

/*
 * Access codes: NV_PMC_BOOT_0_ARCHITECTURE R--VF has a getter and no setter;
 * NV_PCCSR_CHANNEL_ENABLE_SET -W-VF (dev_fifo.ref.txt:76) a setter and no
 * getter.  The name reads one way: set_ + the whole field name.
 */
static void test_access_codes(void **state)
{
	gv100_pmc_boot_0_t b = { 0x140000a1u };
	gv100_pccsr_channel_t c = { 0 };

	(void)state;
#if defined(gv100_set_pmc_boot_0_architecture) || defined(gv100_get_pccsr_channel_enable_set)
	fail_msg("accessor against the manual's access code");
#endif
	assert_int_equal(gv100_get_pmc_boot_0_architecture(b), 0x14);
	c = gv100_set_pccsr_channel_enable_set(c, GV100_PCCSR_CHANNEL_ENABLE_SET_TRUE);
	assert_int_equal(c.v, 0x400u);
	assert_int_equal(check_failures, 0);
}

/* NV_PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT (dev_fifo.ref.txt:64, no code) is a
 * constant (unsigned), not an enumerator of a field (int in C). */
static void test_constants_not_enumerators(void **state)
{
	(void)state;
	assert_int_equal(_Generic(GV100_PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT, unsigned: 1, default: 0), 1);
	assert_int_equal(GV100_PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT, 12);
	assert_int_equal(_Generic(GV100_PCCSR_CHANNEL_INST_BIND_TRUE, int: 1, default: 0), 1);
}

/* refgen/drf.h against the NV-style dev_fifo.h: the same words as above. */
static void test_drf_macros(void **state)
{
	(void)state;
	assert_int_equal(DRF_SHIFT(NV_PCCSR_CHANNEL_INST_TARGET), 28);
	assert_int_equal(DRF_MASK(NV_PCCSR_CHANNEL_INST_TARGET), 0x3u);
	assert_int_equal(DRF_SHIFTMASK(NV_PCCSR_CHANNEL_INST_TARGET), 0x30000000u);
	assert_int_equal(DRF_SIZE(NV_PCCSR_CHANNEL_INST_PTR), 28);
	assert_int_equal(DRF_DEF(_PCCSR, _CHANNEL_INST, _BIND, _TRUE), 0x80000000u);
	assert_int_equal(DRF_NUM(_PCCSR, _CHANNEL_INST, _TARGET, 7), 0x30000000u);   /* masked */
	assert_int_equal(DRF_VAL(_PCCSR, _CHANNEL_INST, _TARGET, 0xa0000000u), 2);
	assert_int_equal(FLD_SET_DRF(_PCCSR, _CHANNEL_INST, _TARGET, _SYS_MEM_NONCOHERENT, 0x80000001u),
			 0xb0000001u);
	assert_int_equal(FLD_SET_DRF_NUM(_PCCSR, _CHANNEL_INST, _PTR, 0x12345, 0xffffffffu), 0xf0012345u);
	assert_true(FLD_TEST_DRF(_PCCSR, _CHANNEL_INST, _BIND, _TRUE, 0x80000000u));
	assert_false(FLD_TEST_DRF(_PCCSR, _CHANNEL_INST, _BIND, _TRUE, 0x7fffffffu));
	/* Indexed (dev_fifo.ref.txt:499): NV_PFIFO_SCHED_DISABLE_RUNLIST(i) (i):(i). */
	assert_int_equal(DRF_IDX_NUM(_PFIFO, _SCHED_DISABLE, _RUNLIST, 5, 1), 0x20u);
	assert_int_equal(DRF_IDX_NUM(_PFIFO, _SCHED_DISABLE, _RUNLIST, 5, 2), 0);   /* masked */
	assert_int_equal(DRF_IDX_VAL(_PFIFO, _SCHED_DISABLE, _RUNLIST, 3, 0x8u), 1);
	assert_int_equal(FLD_IDX_SET_DRF_NUM(_PFIFO, _SCHED_DISABLE, _RUNLIST, 3, 1, 0x1u), 0x9u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_ramin_size, check_reset),
		cmocka_unit_test_setup(test_ramin_page_dir_base, check_reset),
		cmocka_unit_test_setup(test_ramin_subcontext_5, check_reset),
		cmocka_unit_test_setup(test_ramfc_userd_words, check_reset),
		cmocka_unit_test_setup(test_ramrl_tsg_header, check_reset),
		cmocka_unit_test_setup(test_ramrl_channel_entry, check_reset),
		cmocka_unit_test_setup(test_fifo_dma_method_headers, check_reset),
		cmocka_unit_test_setup(test_fifo_dma_control_entries, check_reset),
		cmocka_unit_test_setup(test_gp_entry, check_reset),
		cmocka_unit_test_setup(test_ver2_pte, check_reset),
		cmocka_unit_test_setup(test_ver2_dual_pde, check_reset),
		cmocka_unit_test_setup(test_pccsr_channel_inst, check_reset),
		cmocka_unit_test_setup(test_check_register_too_wide, check_reset),
		cmocka_unit_test_setup(test_check_structure_too_wide, check_reset),
		cmocka_unit_test_setup(test_check_index_out_of_range, check_reset),
		cmocka_unit_test_setup(test_check_misaligned_address, check_reset),
		cmocka_unit_test_setup(test_field_constants_register, check_reset),
		cmocka_unit_test_setup(test_field_constants_structure, check_reset),
		cmocka_unit_test_setup(test_access_codes, check_reset),
		cmocka_unit_test_setup(test_constants_not_enumerators, check_reset),
		cmocka_unit_test_setup(test_drf_macros, check_reset),
	};

	return cmocka_run_group_tests_name("headers_gv100", tests, NULL, NULL);
}
