/* SPDX-License-Identifier: MIT */
/*
 * TU104's channel memory against words worked out by hand from the TU104
 * manuals (../shared/manuals/turing/tu104/, cited as unit:line) and the
 * project's TU104 addenda (manuals/tu104/<unit>.ref), independently of the GV100
 * check (test_nvrt_channel.c) and of the generated code: every expected word
 * below is arithmetic on the manual's bit ranges, done in the comments.  The
 * configuration is the GV100 check's, so where the two chips' manuals agree
 * the words agree too, and where they differ (RAMRL TSG_GFID, the RAMFC
 * dword 62 the TU104 manual leaves reserved) this says which manual line
 * decides.  Only the runtime's public API is used: the builders, the GP
 * ring, the pushbuffer, the page tables.
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

static int tu104_setup(void **state)
{
	(void)state;
	chip = nvrt_chip_find("tu104");
	if (!chip)
		fprintf(stderr, "this build has no tu104 chip table\n");
	return chip ? 0 : -1;
}

/*
 * RAMFC, chid 1, coherent system memory.  Each NV_RAMFC_* dword (dev_ram:452-502)
 * is the image of the NV_PPBDMA_* register of the same name (dev_pbdma):
 *   w2  USERD (dev_ram:454): TARGET 1:0 SYS_MEM_COHERENT 2 (dev_pbdma:1960,1963),
 *       ADDR 31:9 (dev_pbdma:1965) = bits 31:9 of 0x20_0000_0200 = 0x200
 *       -> 0x00000200 | 2 = 0x00000202
 *   w3  USERD_HI: ADDR 7:0 (dev_pbdma:1970) = 0x2000000200 >> 32 = 0x20
 *   w4  SIGNATURE: HW 15:0 = VALID 0xface (dev_pbdma:1929-1930), SW 31:16 = ZERO
 *       -> 0x0000face (not HOST_CLASS_ID 50287 = 0xc46f, the class, dev_pbdma:1931)
 *   w12 ACQUIRE (dev_pbdma:1666-1675): RETRY_MAN 6:0 = 2, RETRY_EXP 10:7 = 2
 *       -> 2 << 7 = 0x100, TIMEOUT_EXP 14:11 = 0xf -> 0x7800, TIMEOUT_MAN
 *       30:15 = 0xffff -> 0x7fff8000, TIMEOUT_EN 31 = 0
 *       -> 0x7fff8000 | 0x7800 | 0x100 | 2 = 0x7ffff902
 *   w18 GP_BASE: OFFSET 31:3 (dev_pbdma:312) = 0xabcd0000 >> 3 << 3 = 0xabcd0000
 *   w19 GP_BASE_HI: OFFSET 7:0 = 0 (VA below 4 GiB), LIMIT2 20:16 (dev_pbdma:322)
 *       = log2(512) = 9 -> 0x00090000
 *   w33 PB_HEADER: TYPE 31:29 = INC 1 (dev_pbdma:801,803) -> 0x20000000,
 *       FIRST 22 = TRUE 1 (dev_pbdma:792,794) -> 0x400000 => 0x20400000
 *   w37 SUBDEVICE: ID 11:0 = 0xfff, STATUS 28 = ACTIVE 1, CHANNEL_DMA 29 =
 *       ENABLE 1 (dev_pbdma:1000-1009) -> 0x30000fff
 *   w43 TARGET: 0 (no engine context, dev_pbdma:1263-1286)
 *   w57 HCE_CTRL: 0 (HCE_PRIV_MODE 5:5 NO, dev_pbdma:2124)
 *   w58 CHID: ID 11:0 = 1 (addendum manuals/tu104/dev_ram.ref NV_RAMFC_CHID)
 *   w61 CONFIG: USERD_WRITEBACK 12:12 = ENABLE 1 (dev_pbdma:2037-2039) -> 0x1000;
 *       AUTH_LEVEL 8:8 NON_PRIVILEGED 0
 *   w62 the manual's NV_RAMFC_RESERVED62 (dev_ram:501), which the addendum
 *       names RUNLIST_TIMESLICE: TIMEOUT 7:0 = 128 = 0x80, TIMESCALE 15:12 = 3
 *       -> 0x3000, ENABLE 28:28 = 1 -> 0x10000000 => 0x10003080
 *       (manuals/tu104/dev_pbdma.ref NV_PPBDMA_RUNLIST_TIMESLICE)
 *   w63 SET_CHANNEL_INFO: SCG_TYPE 0:0 = 0, VEID 13:8 = 0, CHID 27:16 left 0
 *       (dev_pbdma:2076-2083: Host fills it in) -> 0
 */
static void test_tu104_ramfc_words(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	if (nvrt_instance_build(chip, &inst, &p, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[0], 0);
	assert_int_equal(w[2], 0x00000202);
	assert_int_equal(w[3], 0x20);
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
	assert_int_equal(w[62], 0x10003080);
	assert_int_equal(w[63], 0);
	free(inst.cpu);
}

/*
 * Privileged, noncoherent, VEID 7: CONFIG AUTH_LEVEL 8:8 = PRIVILEGED 1
 * (dev_pbdma:2034-2036) -> 0x1100; HCE_CTRL HCE_PRIV_MODE 5:5 = YES
 * (dev_pbdma:2124-2126) -> 0x20; USERD TARGET SYS_MEM_NONCOHERENT 3
 * (dev_pbdma:1964) -> 0x203; SET_CHANNEL_INFO VEID ((6-1)+8):8 = 13:8
 * (dev_pbdma:2080) = 7 -> 0x700.
 */
static void test_tu104_ramfc_options(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	p.privileged = true;
	p.userd_aperture = NVRT_APERTURE_SYS_NONCOHERENT;
	p.pdb_aperture = NVRT_APERTURE_SYS_NONCOHERENT;
	p.pdb_vol = false;
	p.veid = 7;
	if (nvrt_instance_build(chip, &inst, &p, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[61], 0x00001100);
	assert_int_equal(w[57], 0x00000020);
	assert_int_equal(w[2], 0x00000203);
	assert_int_equal(w[63], 0x00000700);
	/* PAGE_DIR_BASE TARGET SYS_MEM_NONCOHERENT 3 (dev_ram:185), VER2 and 64KB as
	 * below; VOL (bit 2) for a non-coherent directory is the runtime's choice
	 * (instance_hw.c says why), not a manual fact, so it is left out here. */
	assert_int_equal(w[128] & 3u, 3);
	assert_int_equal(w[128] & ~7u, 0x00401c00);
	free(inst.cpu);
}

/*
 * RAMIN page directory base (dev_ram:181-231), dwords 128/129:
 *   TARGET 1:0 = SYS_MEM_COHERENT 2 (dev_ram:184), VOL 2:2 (dev_ram:190),
 *   USE_VER2_PT_FORMAT 10:10 = TRUE 1 (dev_ram:212-214) -> 0x400,
 *   BIG_PAGE_SIZE 11:11 = 64KB 1 (dev_ram:221-223) -> 0x800,
 *   PAGE_DIR_BASE_LO 31:12 = 0x401000 >> 12 -> 0x00401000, HI 0
 *   => w128 = 0x00401000 | 0x800 | 0x400 | VOL 1 << 2 | 2 = 0x00401c06.
 * SC_PDB_VALID(i) is bit i of dwords 166/167 (dev_ram:268): subcontext 0 only
 * -> w166 = 1, w167 = 0.  Subcontext i's page directory base is at dword
 * 168 + 4i (dev_ram:294): subcontext 0 as the main one; the others TARGET
 * INVALID 1 (dev_ram:298) -> 1 in their low dword (subcontext 5: dword 188).
 */
static void test_tu104_ramin_pdb(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	if (nvrt_instance_build(chip, &inst, &p, &err) < 0)
		fail_msg("%s", err.msg);
	assert_int_equal(w[128], 0x00401c06);   /* VOL 1 as asked (pdb_vol) */
	assert_int_equal(w[129], 0);
	assert_int_equal(w[166], 1);
	assert_int_equal(w[167], 0);
	assert_int_equal(w[168], w[128]);
	assert_int_equal(w[169], 0);
	for (unsigned i = 1; i < 64; i++)
		assert_int_equal(w[168 + 4 * i], 1);
	assert_int_equal(w[188], 1);
	free(inst.cpu);
}

/*
 * Runlist, TSG 0 with channel 1 (dev_ram NV_RAMRL_ENTRY, dev_ram:765-823):
 *   TSG header w0: TYPE 0:0 = TSG 1 (:765), TSG_GFID 11:4 = 0 (:810, TU104
 *     only, "for future"), TIMESLICE_SCALE 19:16 = 3 -> 0x30000 (:811),
 *     TIMESLICE_TIMEOUT 31:24 = 128 -> 0x80000000 (:813) => 0x80030001;
 *     w1 TSG_LENGTH 7:0 = 1 (:818); w2 TSGID 11:0 = 0 (:823); w3 0
 *   channel w0: TYPE 0:0 = CHAN 0, RUNQUEUE_SELECTOR 1:1 = 0 (:777), INST_TARGET
 *     5:4 = SYS_MEM_COHERENT 2 -> 0x20 (:779), USERD_TARGET 7:6 = 2 -> 0x80
 *     (:784), USERD_PTR_LO 31:8 = bits 31:8 of 0x20_0000_0200 -> 0x200 (:790)
 *     => 0x000002a0; w1 USERD_PTR_HI 31:0 = 0x20 (:791);
 *     w2 CHID 11:0 = 1 (:794) | INST_PTR_LO 31:12 = 0x12345 << 12 (:796)
 *     -> 0x12345001; w3 INST_PTR_HI = 0
 *   Runqueue 1 and noncoherent targets 3: 0x2 | 0x30 | 0xc0 | 0x200 = 0x2f2.
 */
static void test_tu104_runlist_words(void **state)
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

/* USERD (dev_ram:579-581): GP_GET dword 34 (byte 0x88), GP_PUT dword 35 (0x8c). */
static void test_tu104_userd(void **state)
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
 * GP entry (dev_pbdma:232-253) for a 7-dword segment at VA 0x1_2345_6780:
 * ENTRY0 GET 31:2 = VA bits 31:2 -> 0x23456780, FETCH 0:0 unconditional 0;
 * ENTRY1 GET_HI 7:0 = VA >> 32 = 1, LEVEL 9:9 = MAIN 0, LENGTH 30:10 = 7
 * -> 0x1c00, SYNC 31:31 = PROCEED 0 => 0x00001c01.
 */
static void test_tu104_gp_entry(void **state)
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
	free(mem.cpu);
}

/*
 * The semaphore release the demo pushes (32-bit payload 0x1234, WFI) at VA
 * 0x12_3456_7890, as method headers of dev_ram:1017-1039 (METHOD_ADDRESS
 * 11:0 in dwords, SUBCHANNEL 15:13, METHOD_COUNT 28:16, SEC_OP 31:29) and the
 * Host methods of dev_pbdma (TURING_CHANNEL_GPFIFO_A):
 *   INCR (SEC_OP 1 -> 0x20000000) of NV_UDMA_SEM_ADDR_LO 0x5c (dev_pbdma:3270)
 *     = dword 0x17, count 4 -> 0x40000 => 0x20040017
 *   SEM_ADDR_LO OFFSET 31:2 (dev_pbdma:3272) = VA bits 31:2 -> 0x34567890
 *   SEM_ADDR_HI OFFSET 7:0 (dev_pbdma:3289) = VA >> 32 = 0x12
 *   SEM_PAYLOAD_LO 0x1234, SEM_PAYLOAD_HI 0
 *   INCR of NV_UDMA_SEM_EXECUTE 0x6c (dev_pbdma:3608) = dword 0x1b, count 1
 *     -> 0x2001001b
 *   SEM_EXECUTE: OPERATION 2:0 = RELEASE 1, RELEASE_WFI 20:20 = EN 1,
 *     PAYLOAD_SIZE 24:24 = 32BIT 0 (dev_pbdma:3610-3628) => 0x00100001
 */
static void test_tu104_release(void **state)
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
static const uint32_t *tu104_vm_words(const struct nvrt_vm *vm, uint64_t table, uint32_t idx,
				      uint32_t bytes)
{
	for (size_t i = 0; i < vm->ntables; i++)
		if (vm->tables[i].mem.iova == table)
			return (const uint32_t *)((const char *)vm->tables[i].mem.cpu + idx * bytes);
	fail_msg("no table at 0x%llx", (unsigned long long)table);
	return NULL;
}

/*
 * ver2 page tables (dev_mmu) for a 4 KiB page at VA 0x4020_1000 -> IOVA
 * 0x5000 and a 64 KiB page at VA 0x4021_0000 -> IOVA 0x3_0000, noncoherent:
 *   VA split (addendum manuals/tu104/dev_mmu.ref): PD3 48:47 = 0, PD2 46:38 = 0,
 *   PD1 37:29 = 2, PD0 28:21 = 1, PT_SMALL 20:12 = 1; PT_BIG 20:16 = 1.
 *   The host backend hands out 4 KiB-rounded IOVAs from 0x10_0000: PD3, PD2,
 *   PD1, PD0, small PT, big PT at 0x10_0000 .. 0x10_5000.
 *   PDE (dev_mmu:38-63): IS_PTE 0:0 = 0, APERTURE 2:1 = SYSTEM_COHERENT 2
 *   (dev_mmu:50), VOL 3:3 = 1, NO_ATS 5:5 = 0, ADDRESS_SYS 53:8 = pa >> 12
 *   -> (pa >> 4) | 0x4 | 0x8: PD3[0] = 0x1010c, PD2[0] = 0x1020c, PD1[2] = 0x1030c.
 *   Dual PDE (dev_mmu:65-103): big half low qword APERTURE_BIG 2:1, VOL_BIG 3:3,
 *   ADDRESS_BIG_SYS 53:4 = pa >> 8 -> (0x10_5000 >> 4) | 0xc = 0x1050c; small
 *   half high qword APERTURE_SMALL 66:65, VOL_SMALL 67, ADDRESS_SMALL_SYS 117:72
 *   = pa >> 12 -> word 2 = (0x10_4000 >> 4) | 0xc = 0x1040c.
 *   PTE (dev_mmu:105-137): VALID 0:0 = 1, APERTURE 2:1, VOL 3:3, ADDRESS_SYS
 *   53:8 = pa >> 12, KIND 63:56: small PT[1] = (0x5000 >> 4) | 1 | 2 << 1 | 1 << 3
 *   = 0x50d (coherent, volatile); big PT[1] = (0x3_0000 >> 4) | 1 | 3 << 1 =
 *   0x3007 (SYSTEM_NON_COHERENT_MEMORY 3, dev_mmu:112, not volatile).
 */
static void test_tu104_page_tables(void **state)
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
	assert_int_equal(tu104_vm_words(&vm, 0x100000, 0, 8)[0], 0x1010c);
	assert_int_equal(tu104_vm_words(&vm, 0x101000, 0, 8)[0], 0x1020c);
	assert_int_equal(tu104_vm_words(&vm, 0x102000, 2, 8)[0], 0x1030c);
	const uint32_t *d = tu104_vm_words(&vm, 0x103000, 1, 16);
	assert_int_equal(d[0], 0x1050c);
	assert_int_equal(d[1], 0);
	assert_int_equal(d[2], 0x1040c);
	assert_int_equal(d[3], 0);
	assert_int_equal(tu104_vm_words(&vm, 0x104000, 1, 8)[0], 0x50d);
	assert_int_equal(tu104_vm_words(&vm, 0x104000, 1, 8)[1], 0);
	assert_int_equal(tu104_vm_words(&vm, 0x105000, 1, 8)[0], 0x3007);
	assert_int_equal(tu104_vm_words(&vm, 0x105000, 1, 8)[1], 0);
	nvrt_vm_fini(&vm);
	nvrt_backend_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tu104_ramfc_words),
		cmocka_unit_test(test_tu104_ramfc_options),
		cmocka_unit_test(test_tu104_ramin_pdb),
		cmocka_unit_test(test_tu104_runlist_words),
		cmocka_unit_test(test_tu104_userd),
		cmocka_unit_test(test_tu104_gp_entry),
		cmocka_unit_test(test_tu104_release),
		cmocka_unit_test(test_tu104_page_tables),
	};

	return cmocka_run_group_tests_name("nvrt tu104 words from the manuals", tests, tu104_setup, NULL);
}
