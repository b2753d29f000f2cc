/* SPDX-License-Identifier: MIT */
/*
 * GA100's channel memory against words worked out by hand from the GA100
 * manuals (../shared/manuals/ampere/ga100/, cited as unit:line), NVIDIA's
 * published GA100 headers (../shared/published/ampere/ga100/) and the
 * project's GA100 addenda (manuals/ga100/<unit>.ref), independently of the
 * generated code: every expected word below is arithmetic on the manual's
 * bit ranges, done in the comments.  The configuration is the GV100 and
 * TU104 checks' (support/channel_fixture.h), so where the manuals agree the
 * words agree, and where GA100 differs (RAMFC without USERD, dword 62 the
 * INTR_NOTIFY save area, no GP entry PRIV, the runlist entry carrying
 * instance block and USERD) this says which line decides.  Only the
 * runtime's public API is used.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/gpfifo.h"
#include "nvrt/instance.h"
#include "nvrt/pagetable.h"
#include "nvrt/pushbuf.h"
#include "nvrt/runlist.h"
#include "nvrt/userd.h"
#include "support/channel_fixture.h"

#define KIB ((uint64_t)1024)

static const struct nvrt_chip *chip;

static int ga100_setup(void **state)
{
	(void)state;
	chip = nvrt_chip_find("ga100");
	if (!chip)
		fprintf(stderr, "this build has no ga100 chip table\n");
	return chip ? 0 : -1;
}

/*
 * RAMFC, chid 1, coherent system memory.  Each NV_RAMFC_* dword (dev_ram:469-520)
 * is the image of the NV_PPBDMA_* register of the same name (dev_pbdma):
 *   w2, w3  NV_RAMFC_RESERVED2/3 (dev_ram:469-470): TU104's USERD words are
 *       gone; Host takes USERD from the runlist entry ("The hardware uses
 *       NV_RAMRL_ENTRY_CHAN_USERD_PTR_LO and ..._HI", dev_ram:687-689) -> 0, 0
 *   w4  SIGNATURE (:471): HW 15:0 = VALID 0xface (dev_pbdma:2422-2423), SW 31:16 = 0
 *       -> 0x0000face (not HOST_CLASS_ID 50543 = 0xc56f, dev_pbdma:2424)
 *   w12 ACQUIRE (:479; dev_pbdma:1640-1649): RETRY_MAN 6:0 = 2, RETRY_EXP 10:7 = 2
 *       -> 0x100, TIMEOUT_EXP 14:11 = 0xf -> 0x7800, TIMEOUT_MAN 30:15 = 0xffff
 *       -> 0x7fff8000, TIMEOUT_EN 31 = 0 => 0x7ffff902
 *   w18 GP_BASE (:485): OFFSET 31:3 (dev_pbdma:340) -> 0xabcd0000
 *   w19 GP_BASE_HI (:486): OFFSET 7:0 = 0, LIMIT2 20:16 (dev_pbdma:350) = log2(512)
 *       = 9 -> 0x00090000
 *   w33 PB_HEADER (:496): TYPE 31:29 = INC 1 (dev_pbdma:817-819) -> 0x20000000,
 *       FIRST 22 = TRUE (dev_pbdma:808-810) -> 0x400000 => 0x20400000
 *   w37 SUBDEVICE (:498): ID 11:0 = 0xfff, STATUS 28 = 1, CHANNEL_DMA 29 = 1
 *       (dev_pbdma:1015-1022) -> 0x30000fff
 *   w43 TARGET (:504): 0 (no engine context)
 *   w57 HCE_CTRL (:518): 0 (HCE_PRIV_MODE 5:5 NO, dev_pbdma:2603)
 *   w58 CHID: ID 10:0 = 1 (addendum manuals/ga100/dev_ram.ref NV_RAMFC_CHID_ID;
 *       nouveau ga100_chan_ramfc_write)
 *   w61 CONFIG (:519): USERD_WRITEBACK 12:12 = ENABLE (dev_pbdma:2499) -> 0x1000
 *   w62 INTR_NOTIFY (addendum dev_ram.ref; dev_pbdma:2505-2521): VECTOR 11:0 = 0,
 *       CTRL_GSP 30 = DISABLE 0, CTRL_CPU 31 = DISABLE 0 -> 0 (TU104's
 *       RUNLIST_TIMESLICE 0x10003080 is gone)
 *   w63 SET_CHANNEL_INFO (:520): SCG_TYPE 0:0 = 0, VEID 13:8 = 0 (dev_pbdma:2557-2561) -> 0
 */
static void test_ga100_ramfc_words(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	if (nvrt_instance_build(chip, &inst, &p, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[0], 0);
	assert_int_equal(w[2], 0);
	assert_int_equal(w[3], 0);
	assert_int_equal(w[4], 0x0000face);
	assert_int_equal(w[12], 0x7ffff902);
	assert_int_equal(w[18], 0xabcd0000);
	assert_int_equal(w[19], 0x00090000);
	assert_int_equal(w[33], 0x20400000);
	assert_int_equal(w[37], 0x30000fff);
	assert_int_equal(w[43], 0);
	assert_int_equal(w[57], 0);
	assert_int_equal(w[58], 1);
	assert_int_equal(w[61], 0x00001000);
	assert_int_equal(w[62], 0);
	assert_int_equal(w[63], 0);
	free(inst.cpu);
}

/*
 * Privileged, VEID 7: CONFIG AUTH_LEVEL 8:8 = PRIVILEGED 1 (dev_pbdma:2496)
 * -> 0x1100; HCE_CTRL HCE_PRIV_MODE 5:5 = YES (dev_pbdma:2603) -> 0x20;
 * SET_CHANNEL_INFO VEID ((6-1)+8):8 (dev_pbdma:2561) = 7 -> 0x700; RAMFC
 * still holds no USERD for a noncoherent USERD (w2 0).  A channel id the
 * channel RAM cannot hold, 2048 (NV_CHRAM_CHANNEL__SIZE_1, dev_runlist:74-75),
 * is refused.
 */
static void test_ga100_ramfc_options(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	p.privileged = true;
	p.userd_aperture = NVRT_APERTURE_SYS_NONCOHERENT;
	p.veid = 7;
	if (nvrt_instance_build(chip, &inst, &p, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[61], 0x00001100);
	assert_int_equal(w[57], 0x00000020);
	assert_int_equal(w[2], 0);
	assert_int_equal(w[63], 0x00000700);
	p.chid = 2048;
	assert_int_equal(nvrt_instance_build(chip, &inst, &p, &err), -1);
	if (!strstr(err.msg, "NV_CHRAM_CHANNEL__SIZE_1"))
		fail_msg("%s", err.msg);
	free(inst.cpu);
}

/*
 * RAMIN page directory base, dwords 128/129 (unchanged from TU104):
 *   TARGET 1:0 = SYS_MEM_COHERENT 2 (dev_ram:193), VOL 2:2 (:202),
 *   USE_VER2_PT_FORMAT 10:10 = TRUE (:224) -> 0x400, BIG_PAGE_SIZE 11:11 =
 *   64KB 1 (:233) -> 0x800, PAGE_DIR_BASE_LO 31:12 (:242) = 0x401000 >> 12
 *   => w128 = 0x00401000 | 0x800 | 0x400 | 1 << 2 | 2 = 0x00401c06, w129 0.
 * SC_PDB_VALID(i) is bit i of dword 166 (:280): subcontext 0 only -> w166 = 1;
 * subcontext i's base at dword 168 + 4i (:306): 0 as the main one, the others
 * TARGET INVALID 1 (:310).
 */
static void test_ga100_ramin_pdb(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	if (nvrt_instance_build(chip, &inst, &p, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[128], 0x00401c06);
	assert_int_equal(w[129], 0);
	assert_int_equal(w[166], 1);
	assert_int_equal(w[167], 0);
	assert_int_equal(w[168], w[128]);
	for (unsigned i = 1; i < 64; i++)
		assert_int_equal(w[168 + 4 * i], 1);
	free(inst.cpu);
}

/*
 * Runlist, TSG 0 with channel 1 (dev_ram NV_RAMRL_ENTRY, dev_ram:778-837). On
 * GA100 Host reads the channel entry's instance block and USERD pointers
 * (dev_ram:671-689), so their targets matter:
 *   TSG header w0: TYPE 0:0 = TSG 1 (:778-780), TSG_GFID 11:4 = 0 (:825),
 *     TIMESLICE_SCALE 19:16 = 3 -> 0x30000 (:826-827), TIMESLICE_TIMEOUT 31:24
 *     = 128 -> 0x80000000 (:828-829) => 0x80030001; w1 TSG_LENGTH 7:0 = 1
 *     (:832); w2 TSGID 11:0 = 0 (:837); w3 0
 *   channel w0: TYPE 0, RUNQUEUE_SELECTOR 1:1 = 0 (:790), INST_TARGET 5:4 =
 *     SYS_MEM_COHERENT 2 -> 0x20 (:792-794), USERD_TARGET 7:6 = 2 -> 0x80
 *     (:797), USERD_PTR_LO 31:8 = bits 31:8 of 0x20_0000_0200 -> 0x200 (:803)
 *     => 0x000002a0; w1 USERD_PTR_HI (:804-805) = 0x20; w2 CHID 11:0 = 1
 *     (:807) | INST_PTR_LO 31:12 = 0x12345 << 12 (:809) -> 0x12345001;
 *     w3 INST_PTR_HI (:810) = 0
 *   Runqueue 1 and noncoherent targets 3: 0x2 | 0x30 | 0xc0 | 0x200 = 0x2f2.
 */
static void test_ga100_runlist_words(void **state)
{
	struct nvrt_dma rl = channel_buf(0x7000, 4096);
	struct nvrt_runlist_chan c = { 1, 0, INST_IOVA, NVRT_APERTURE_SYS_COHERENT, USERD_IOVA,
				       NVRT_APERTURE_SYS_COHERENT };
	struct nvrt_runlist_tsg t = { 0, 128, 3, &c, 1 };
	struct nvrt_err err;
	uint32_t n = 0;
	const uint32_t *w = rl.cpu;

	(void)state;
	if (nvrt_runlist_build(chip, &rl, &t, 1, &n, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(n, 2);
	assert_int_equal(w[0], 0x80030001);
	assert_int_equal(w[1], 1);
	assert_int_equal(w[2], 0);
	assert_int_equal(w[3], 0);
	assert_int_equal(w[4], 0x000002a0);
	assert_int_equal(w[5], 0x20);
	assert_int_equal(w[6], 0x12345001);
	assert_int_equal(w[7], 0);
	c.runqueue = 1;
	c.inst_aperture = c.userd_aperture = NVRT_APERTURE_SYS_NONCOHERENT;
	if (nvrt_runlist_build(chip, &rl, &t, 1, &n, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[4], 0x000002f2);
	free(rl.cpu);
}

/* USERD (dev_ram:596-597): GP_GET dword 34 (byte 0x88), GP_PUT dword 35 (0x8c). */
static void test_ga100_userd(void **state)
{
	struct nvrt_dma u = channel_buf(USERD_IOVA, 512);
	struct nvrt_err err;
	uint32_t *w = u.cpu;

	(void)state;
	if (nvrt_userd_init(chip, &u, &err) < 0)
		fail_msg("%s", err.msg);
	for (unsigned i = 0; i < 128; i++)
		assert_int_equal(w[i], 0);
	nvrt_userd_gp_put_set(chip, &u, 5);
	assert_int_equal(w[35], 5);
	w[34] = 4;
	assert_int_equal(nvrt_userd_gp_get(chip, &u), 4);
	free(u.cpu);
}

/*
 * GP entry (dev_pbdma:258-268) for a 7-dword segment at VA 0x1_2345_6780:
 * ENTRY0 GET 31:2 = VA bits 31:2 -> 0x23456780; ENTRY1 GET_HI 7:0 = 1, LEVEL
 * 9:9 = MAIN 0, LENGTH 30:10 = 7 -> 0x1c00, SYNC 31:31 = PROCEED 0 =>
 * 0x00001c01.  GA100 has no PRIV bit (AMPERE_CHANNEL_GPFIFO_A, clc56f.h,
 * defines no GP_ENTRY1_PRIV; nor does dev_pbdma): a privileged entry is refused.
 */
static void test_ga100_gp_entry(void **state)
{
	struct nvrt_dma mem = channel_buf(0x9000, 4096);
	struct nvrt_gpfifo g;
	struct nvrt_err err;
	const uint32_t *w = mem.cpu;

	(void)state;
	mem.size = 512 * 8;
	if (nvrt_gpfifo_init(&g, chip, &mem, 512, &err) < 0)
		fail_msg("%s", err.msg);
	if (nvrt_gpfifo_push(&g, &(struct nvrt_gp_entry){ .va = 0x123456780ull, .length = 7 }, 0,
			     &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[0], 0x23456780);
	assert_int_equal(w[1], 0x00001c01);
	assert_int_equal(nvrt_gpfifo_push(&g, &(struct nvrt_gp_entry){ .va = 0x1000, .length = 1, .priv = true },
					  0, &err), -1);
	if (!strstr(err.msg, "PRIV"))
		fail_msg("%s", err.msg);
	free(mem.cpu);
}

/*
 * The semaphore release (32-bit payload 0x1234, WFI) at VA 0x12_3456_7890,
 * as method headers of dev_ram:1032-1048 (METHOD_ADDRESS 11:0 in dwords,
 * METHOD_COUNT 28:16, SEC_OP 31:29 INC_METHOD 1) and the Host methods of
 * dev_pbdma (AMPERE_CHANNEL_GPFIFO_A), unchanged from TU104:
 *   INCR of NV_UDMA_SEM_ADDR_LO 0x5c (dev_pbdma:3665) = dword 0x17, count 4
 *     => 0x20040017
 *   SEM_ADDR_LO OFFSET 31:2 (:3667) -> 0x34567890; SEM_ADDR_HI OFFSET 7:0
 *     (:3684) -> 0x12; SEM_PAYLOAD_LO 0x1234, SEM_PAYLOAD_HI 0
 *   INCR of NV_UDMA_SEM_EXECUTE 0x6c (:4003) = dword 0x1b, count 1 -> 0x2001001b
 *   SEM_EXECUTE: OPERATION 2:0 = RELEASE 1 (:4005), RELEASE_WFI 20:20 = EN 1
 *     (:4018), PAYLOAD_SIZE 24:24 = 32BIT 0 (:4022) => 0x00100001
 */
static void test_ga100_release(void **state)
{
	uint32_t mem[64];
	struct nvrt_pb pb;
	static const uint32_t want[] = { 0x20040017, 0x34567890, 0x12, 0x1234, 0,
					 0x2001001b, 0x00100001 };

	(void)state;
	nvrt_pb_init(&pb, chip, mem, sizeof(mem));
	if (nvrt_pb_semaphore(&pb, 0x1234567890ull, 0x1234, NVRT_SEM_RELEASE | NVRT_SEM_WFI) < 0)
		fail_msg("%s", pb.err.msg);
	assert_int_equal(pb.len, 7);
	for (size_t i = 0; i < 7; i++)
		if (mem[i] != want[i])
			fail_msg("dword %zu: 0x%08x, manual says 0x%08x", i, mem[i], want[i]);
}

/* Reads one entry of the VM's table at iova. */
static const uint32_t *ga100_vm_words(const struct nvrt_vm *vm, uint64_t table, uint32_t idx,
				      uint32_t bytes)
{
	for (size_t i = 0; i < vm->ntables; i++)
		if (vm->tables[i].mem.iova == table)
			return (const uint32_t *)((const char *)vm->tables[i].mem.cpu + idx * bytes);
	fail_msg("no table at 0x%llx", (unsigned long long)table);
	return NULL;
}

/*
 * ver2 page tables for a 4 KiB page at VA 0x4020_1000 -> IOVA 0x5000 and a
 * 64 KiB page at VA 0x4021_0000 -> IOVA 0x3_0000, noncoherent.  GA100's
 * manuals have no dev_mmu: the addendum manuals/ga100/dev_mmu.ref carries
 * Turing's ver2 formats (RM, UVM and nouveau use them for GA100), so its lines
 * are cited here as mmu:line:
 *   VA split (mmu:127-132): PD3 48:47 = 0, PD2 46:38 = 0,
 *   PD1 37:29 = 2, PD0 28:21 = 1, PT_SMALL 20:12 = 1; PT_BIG 20:16 = 1.
 *   The host backend hands out 4 KiB-rounded IOVAs from 0x10_0000: PD3, PD2,
 *   PD1, PD0, small PT, big PT at 0x10_0000 .. 0x10_5000.
 *   PDE (mmu:17-42): IS_PTE 0:0 = 0, APERTURE 2:1 = SYSTEM_COHERENT 2
 *   (mmu:30), VOL 3:3 = 1, NO_ATS 5:5 = 0, ADDRESS_SYS 53:8 = pa >> 12
 *   -> (pa >> 4) | 0x4 | 0x8: PD3[0] = 0x1010c, PD2[0] = 0x1020c, PD1[2] = 0x1030c.
 *   Dual PDE (mmu:44-82): big half low qword APERTURE_BIG 2:1, VOL_BIG 3:3,
 *   ADDRESS_BIG_SYS 53:4 = pa >> 8 -> (0x10_5000 >> 4) | 0xc = 0x1050c; small
 *   half high qword APERTURE_SMALL 66:65, VOL_SMALL 67, ADDRESS_SMALL_SYS 117:72
 *   = pa >> 12 -> word 2 = (0x10_4000 >> 4) | 0xc = 0x1040c.
 *   PTE (mmu:84-118): VALID 0:0 = 1, APERTURE 2:1, VOL 3:3, ADDRESS_SYS
 *   53:8 = pa >> 12, KIND 63:56: small PT[1] = (0x5000 >> 4) | 1 | 2 << 1 | 1 << 3
 *   = 0x50d (coherent, volatile); big PT[1] = (0x3_0000 >> 4) | 1 | 3 << 1 =
 *   0x3007 (SYSTEM_NON_COHERENT_MEMORY 3, mmu:92, not volatile).
 */
static void test_ga100_page_tables(void **state)
{
	struct nvrt_err err;
	struct nvrt_backend *b = nvrt_backend_host_open(0x100000, &err);
	struct nvrt_vm vm;

	(void)state;
	assert_non_null(b);
	if (nvrt_vm_init(&vm, chip, b, NVRT_APERTURE_SYS_COHERENT, &err) < 0 ||
	    nvrt_vm_map(&vm, 0x40201000, 0x5000, 4 * KIB, 4 * KIB, NVRT_APERTURE_SYS_COHERENT, true,
			&err) < 0 ||
	    nvrt_vm_map(&vm, 0x40210000, 0x30000, 64 * KIB, 64 * KIB, NVRT_APERTURE_SYS_NONCOHERENT,
			false, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(nvrt_vm_pdb(&vm), 0x100000);
	assert_int_equal(ga100_vm_words(&vm, 0x100000, 0, 8)[0], 0x1010c);
	assert_int_equal(ga100_vm_words(&vm, 0x101000, 0, 8)[0], 0x1020c);
	assert_int_equal(ga100_vm_words(&vm, 0x102000, 2, 8)[0], 0x1030c);
	const uint32_t *d = ga100_vm_words(&vm, 0x103000, 1, 16);
	assert_int_equal(d[0], 0x1050c);
	assert_int_equal(d[1], 0);
	assert_int_equal(d[2], 0x1040c);
	assert_int_equal(d[3], 0);
	assert_int_equal(ga100_vm_words(&vm, 0x104000, 1, 8)[0], 0x50d);
	assert_int_equal(ga100_vm_words(&vm, 0x104000, 1, 8)[1], 0);
	assert_int_equal(ga100_vm_words(&vm, 0x105000, 1, 8)[0], 0x3007);
	assert_int_equal(ga100_vm_words(&vm, 0x105000, 1, 8)[1], 0);
	nvrt_vm_fini(&vm);
	nvrt_backend_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ga100_ramfc_words),
		cmocka_unit_test(test_ga100_ramfc_options),
		cmocka_unit_test(test_ga100_ramin_pdb),
		cmocka_unit_test(test_ga100_runlist_words),
		cmocka_unit_test(test_ga100_userd),
		cmocka_unit_test(test_ga100_gp_entry),
		cmocka_unit_test(test_ga100_release),
		cmocka_unit_test(test_ga100_page_tables),
	};

	return cmocka_run_group_tests_name("nvrt ga100 words from the manuals", tests, ga100_setup, NULL);
}
