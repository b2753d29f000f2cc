/* SPDX-License-Identifier: MIT */
/*
 * Instance block, USERD and runlist words for known configurations, worked
 * out by hand from the gv100 manuals (dev_ram.ref, dev_pbdma.ref, the
 * project's addenda) and ../shared/design/gv100-host-facts.md 1.5-1.7;
 * and every validation error of those builders.
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
#include "nvrt/instance.h"
#include "nvrt/layout.h"
#include "nvrt/pagetable.h"
#include "nvrt/runlist.h"
#include "nvrt/userd.h"
#include "support/channel_fixture.h"


static const struct nvrt_chip *chip;

/*
 * RAMFC for chid 1 in coherent system memory (dev_ram NV_RAMFC_* words,
 * each the image of the NV_PPBDMA_* register of the same name):
 *   w2  USERD: ADDR 31:9 = bits 31:9 of 0x2000000200, TARGET 1:0 = 2 -> 0x00000202
 *   w3  USERD_HI: ADDR 7:0 = 0x20
 *   w4  SIGNATURE: HW 15:0 = VALID 0xface
 *   w12 ACQUIRE: RETRY_MAN 2, RETRY_EXP 2 <<7, TIMEOUT_EXP 0xF <<11,
 *       TIMEOUT_MAN 0xFFFF <<15, TIMEOUT_EN 0 -> 0x7ffff902
 *   w18 GP_BASE: OFFSET 31:3 = 0xabcd0000; w19 GP_BASE_HI: OFFSET 0, LIMIT2 20:16 = 9
 *   w33 PB_HEADER: TYPE 31:29 = INC 1, FIRST 22 = 1 -> 0x20400000
 *   w37 SUBDEVICE: ID 11:0 = 0xfff, STATUS 28 = ACTIVE, CHANNEL_DMA 29 = ENABLE -> 0x30000fff
 *   w43 TARGET 0 (no engine context); w57 HCE_CTRL 0 (not privileged)
 *   w58 CHID (addendum) = 1; w61 CONFIG: USERD_WRITEBACK 12 -> 0x1000
 *   w62 RUNLIST_TIMESLICE (addendum): TIMEOUT 128, TIMESCALE 3 <<12, ENABLE 28 -> 0x10003080
 *   w63 SET_CHANNEL_INFO: VEID 0
 */
static void test_channel_ramfc_words(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	assert_int_equal(nvrt_instance_build(chip, &inst, &p, &err), 0);
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
 * RAMIN page directory base (dev_ram, dword 128/129): TARGET 1:0 = SYS_MEM_COHERENT 2,
 * VOL 2 = 1, USE_VER2_PT_FORMAT 10 = 1, BIG_PAGE_SIZE 11 = 64KB 1, LO 31:12 = pdb >> 12
 * -> w128 = 0x00401000 | 0xc06, w129 = 0.  Subcontext 0 (dwords 168/169) the same,
 * SC_PDB_VALID (dwords 166/167) = bit 0 only, subcontexts 1..63 TARGET INVALID (1).
 */
static void test_channel_ramin_pdb(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_err err;
	const uint32_t *w = inst.cpu;

	(void)state;
	assert_int_equal(nvrt_instance_build(chip, &inst, &p, &err), 0);
	assert_int_equal(w[128], 0x00401c06);
	assert_int_equal(w[129], 0);
	assert_int_equal(w[166], 1);
	assert_int_equal(w[167], 0);
	assert_int_equal(w[168], 0x00401c06);
	assert_int_equal(w[169], 0);
	for (unsigned i = 1; i < 64; i++) {
		assert_int_equal(w[168 + 4 * i], 1);
		assert_int_equal(w[169 + 4 * i], 0);
	}
	/* Subcontext 5 is word 188: invalid. */
	assert_int_equal(w[188], 1);
	free(inst.cpu);
}

/* Privileged: CONFIG AUTH_LEVEL 8 -> 0x1100, HCE_CTRL HCE_PRIV_MODE 5 -> 0x20;
 * noncoherent USERD target 3; VEID 7 in SET_CHANNEL_INFO 13:8 -> 0x700. */
static void test_channel_ramfc_options(void **state)
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
	assert_int_equal(nvrt_instance_build(chip, &inst, &p, &err), 0);
	assert_int_equal(w[61], 0x00001100);
	assert_int_equal(w[57], 0x00000020);
	assert_int_equal(w[2], 0x00000203);
	assert_int_equal(w[63], 0x00000700);
	assert_int_equal(w[128], 0x00401c03);
	free(inst.cpu);
}

/*
 * The lay-out's instance block (dev_ram, dword 128): VOL 2 says whether L2
 * may cache the top-level table, so it follows the VM's own PDEs, which
 * mark coherent tables volatile and non-coherent ones not.  Coherent:
 * TARGET 2 | VOL 1<<2 | VER2 1<<10 | BIG_PAGE_SIZE 64KB 1<<11 = 0xc06 in
 * the low 12 bits; non-coherent: TARGET 3, VOL 0 -> 0xc03.  Words 130-131
 * (the deprecated ADR_LIMIT) are 0; subcontexts 1..63: LO TARGET INVALID
 * (1), HI 0.
 */
static void test_channel_layout_pdb_vol(void **state)
{
	static const struct { enum nvrt_aperture ap; uint32_t low; int pde_vol; } cases[] = {
		{ NVRT_APERTURE_SYS_COHERENT, 0xc06, 1 },
		{ NVRT_APERTURE_SYS_NONCOHERENT, 0xc03, 0 },
	};

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct nvrt_err err;
		struct nvrt_backend *b = nvrt_backend_host_open(0x100000, &err);
		struct nvrt_layout_params lp;
		struct nvrt_layout l;
		const uint32_t *w;
		struct nvrt_pde pde;

		assert_non_null(b);
		nvrt_layout_params_default(&lp);
		lp.aperture = cases[c].ap;
		if (nvrt_layout_build(&l, chip, b, &lp, &err) < 0)
			fail_msg("layout: %s", err.msg);
		w = l.inst.cpu;
		assert_int_equal(w[128] & 0xfff, cases[c].low);
		assert_int_equal(w[128] & ~0xfffu, (uint32_t)nvrt_vm_pdb(&l.vm) & ~0xfffu);
		assert_int_equal(w[130], 0);
		assert_int_equal(w[131], 0);
		for (unsigned i = 1; i < 64; i++) {
			assert_int_equal(w[168 + 4 * i], 1);
			assert_int_equal(w[169 + 4 * i], 0);
		}
		/* PD3's first entry points at PD2 with the same VOL. */
		chip->pt->pde_decode(l.vm.tables[0].mem.cpu, &pde);
		assert_true(pde.valid);
		assert_int_equal(pde.vol, cases[c].pde_vol);
		nvrt_layout_fini(&l);
		nvrt_backend_close(b);
	}
}

static void channel_expect_error(const struct nvrt_instance_params *p, struct nvrt_dma *inst,
				 const char *needle)
{
	struct nvrt_err err = { "" };

	assert_int_equal(nvrt_instance_build(chip, inst, p, &err), -1);
	if (!strstr(err.msg, needle))
		fail_msg("error \"%s\" does not mention \"%s\"", err.msg, needle);
}

static void test_channel_instance_errors(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096);
	struct nvrt_instance_params p;

	(void)state;
	p = channel_params();
	p.chid = 4096;
	channel_expect_error(&p, &inst, "NV_PCCSR_CHANNEL_INST__SIZE_1");
	p = channel_params();
	p.userd_iova += 0x100;
	channel_expect_error(&p, &inst, "NV_RAMUSERD_BASE_SHIFT");
	p = channel_params();
	p.gpfifo_entries = 500;
	channel_expect_error(&p, &inst, "power of two");
	p = channel_params();
	p.veid = 64;
	channel_expect_error(&p, &inst, "NV_RAMIN_SC_PDB_VALID__SIZE_1");
	p = channel_params();
	p.gpfifo_va = (uint64_t)1 << 40;   /* GP_BASE_HI OFFSET is 8 bits */
	channel_expect_error(&p, &inst, "gp_base");
	p = channel_params();
	p.pdb_iova = PDB_IOVA + 0x800;     /* PAGE_DIR_BASE_LO starts at bit 12 */
	channel_expect_error(&p, &inst, "page_dir_base");
	p = channel_params();
	p.timeslice_timeout = 256;         /* TIMEOUT 7:0 */
	channel_expect_error(&p, &inst, "runlist_timeslice_timeout");
	p = channel_params();
	inst.size = 2048;
	channel_expect_error(&p, &inst, "NV_RAMIN_ALLOC_SIZE");
	inst.size = 4096;
	inst.iova += 0x800;
	channel_expect_error(&p, &inst, "NV_RAMIN_BASE_SHIFT");
	free(inst.cpu);
}

/*
 * TSG 0 with channel 1 (dev_ram NV_RAMRL_ENTRY):
 *   TSG header w0 = TIMESLICE_TIMEOUT 31:24 = 128 | SCALE 19:16 = 3 | TYPE 0 = TSG
 *              -> 0x80030001; w1 = TSG_LENGTH 7:0 = 1; w2 = TSGID 11:0 = 0; w3 = 0
 *   channel    w0 = USERD_PTR_LO 31:8 | USERD_TARGET 7:6 = 2 | INST_TARGET 5:4 = 2
 *              | RUNQUEUE_SELECTOR 1 = 0 | TYPE 0 = CHAN -> 0x00000200 | 0xa0 = 0x000002a0
 *              w1 = USERD_PTR_HI = 0x20; w2 = INST_PTR_LO 31:12 | CHID 11:0 = 1
 *              -> 0x12345001; w3 = INST_PTR_HI = 0
 */
static void test_channel_runlist_words(void **state)
{
	struct nvrt_dma rl = channel_buf(0x7000, 4096);
	struct nvrt_runlist_chan c = { 1, 0, INST_IOVA, NVRT_APERTURE_SYS_COHERENT, USERD_IOVA,
				       NVRT_APERTURE_SYS_COHERENT };
	struct nvrt_runlist_tsg t = { 0, 128, 3, &c, 1 };
	struct nvrt_err err;
	uint32_t n = 0;
	const uint32_t *w = rl.cpu;

	(void)state;
	assert_int_equal(nvrt_runlist_build(chip, &rl, &t, 1, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(w[0], 0x80030001);
	assert_int_equal(w[1], 1);
	assert_int_equal(w[2], 0);
	assert_int_equal(w[3], 0);
	assert_int_equal(w[4], 0x000002a0);
	assert_int_equal(w[5], 0x20);
	assert_int_equal(w[6], 0x12345001);
	assert_int_equal(w[7], 0);
	/* Runqueue 1 and noncoherent targets: RUNQUEUE_SELECTOR 1, targets 3 -> 0xf2. */
	c.runqueue = 1;
	c.inst_aperture = c.userd_aperture = NVRT_APERTURE_SYS_NONCOHERENT;
	assert_int_equal(nvrt_runlist_build(chip, &rl, &t, 1, &n, &err), 0);
	assert_int_equal(w[4], 0x000002f2);
	free(rl.cpu);
}

static void channel_runlist_error(struct nvrt_dma *rl, const struct nvrt_runlist_tsg *t,
				  uint32_t n, const char *needle)
{
	struct nvrt_err err = { "" };
	uint32_t entries = 77;

	assert_int_equal(nvrt_runlist_build(chip, rl, t, n, &entries, &err), -1);
	assert_int_equal(entries, 77);
	if (!strstr(err.msg, needle))
		fail_msg("error \"%s\" does not mention \"%s\"", err.msg, needle);
}

static void test_channel_runlist_errors(void **state)
{
	struct nvrt_dma rl = channel_buf(0x7000, 64);
	struct nvrt_runlist_chan c[130];
	struct nvrt_runlist_tsg t = { 0, 128, 3, c, 1 };

	(void)state;
	for (unsigned i = 0; i < 130; i++)
		c[i] = (struct nvrt_runlist_chan){ i, 0, INST_IOVA, NVRT_APERTURE_SYS_COHERENT,
						   USERD_IOVA, NVRT_APERTURE_SYS_COHERENT };
	t.nchans = 0;
	channel_runlist_error(&rl, &t, 1, "NV_RAMRL_ENTRY_TSG_LENGTH");
	t.nchans = 129;
	channel_runlist_error(&rl, &t, 1, "NV_RAMRL_ENTRY_TSG_LENGTH");
	t.nchans = 4;   /* 5 entries of 16 bytes in 64 bytes */
	channel_runlist_error(&rl, &t, 1, "do not fit");
	t.nchans = 1;
	t.tsgid = 4096;
	channel_runlist_error(&rl, &t, 1, "NV_RAMRL_ENTRY_ID_MAX");
	t.tsgid = 0;
	c[0].chid = 4096;
	channel_runlist_error(&rl, &t, 1, "NV_RAMRL_ENTRY_ID_MAX");
	c[0].chid = 0;
	c[0].inst_iova = INST_IOVA + 0x10;
	channel_runlist_error(&rl, &t, 1, "INST_PTR_ALIGN_SHIFT");
	c[0].inst_iova = INST_IOVA;
	c[0].userd_iova = USERD_IOVA + 0x10;
	channel_runlist_error(&rl, &t, 1, "USERD_PTR_ALIGN_SHIFT");
	c[0].userd_iova = USERD_IOVA;
	c[0].runqueue = 2;   /* RUNQUEUE_SELECTOR is one bit */
	channel_runlist_error(&rl, &t, 1, "runqueue_selector");
	c[0].runqueue = 0;
	c[1].chid = 0;
	t.nchans = 2;
	channel_runlist_error(&rl, &t, 1, "channel 0 appears twice");
	struct nvrt_runlist_tsg two[2] = { { 3, 128, 3, &c[2], 1 }, { 3, 128, 3, &c[3], 1 } };
	channel_runlist_error(&rl, two, 2, "TSG 3 appears twice");
	rl.iova = 0x7800;
	t.nchans = 1;
	channel_runlist_error(&rl, &t, 1, "NV_RAMRL_ENTRY_BASE_SHIFT");
	free(rl.cpu);
}

/* USERD (dev_ram NV_RAMUSERD): GP_PUT dword 35 (0x8c), GP_GET dword 34 (0x88). */
static void test_channel_userd(void **state)
{
	struct nvrt_dma u = channel_buf(USERD_IOVA, 512);
	struct nvrt_err err;
	uint32_t *w = u.cpu;

	(void)state;
	assert_int_equal(nvrt_userd_init(chip, &u, &err), 0);
	for (unsigned i = 0; i < 128; i++)
		assert_int_equal(w[i], 0);
	nvrt_userd_gp_put_set(chip, &u, 5);
	assert_int_equal(w[35], 5);
	assert_int_equal(nvrt_userd_gp_put(chip, &u), 5);
	w[34] = 4;
	assert_int_equal(nvrt_userd_gp_get(chip, &u), 4);
	u.iova += 0x100;
	assert_int_equal(nvrt_userd_init(chip, &u, &err), -1);
	assert_non_null(strstr(err.msg, "NV_RAMUSERD_BASE_SHIFT"));
	u.iova -= 0x100;
	u.size = 256;
	assert_int_equal(nvrt_userd_init(chip, &u, &err), -1);
	free(u.cpu);
}

/* What a dump printed, for assertions. */
static char *channel_dump(void (*dump)(const void *, FILE *), const void *mem)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	dump(mem, f);
	fclose(f);
	return text;
}

static void channel_expect_text(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("dump lacks \"%s\":\n%s", needle, text);
}

/* Build -> decode: the dumps name what the builders wrote. */
static void test_channel_dumps_round_trip(void **state)
{
	struct nvrt_dma inst = channel_buf(INST_IOVA, 4096), rl = channel_buf(0x7000, 4096);
	struct nvrt_instance_params p = channel_params();
	struct nvrt_runlist_chan c = { 1, 0, INST_IOVA, NVRT_APERTURE_SYS_COHERENT, USERD_IOVA,
				       NVRT_APERTURE_SYS_COHERENT };
	struct nvrt_runlist_tsg t = { 0, 128, 3, &c, 1 };
	struct nvrt_err err;
	uint32_t n;
	char *text = NULL;
	size_t len = 0;

	(void)state;
	assert_int_equal(nvrt_instance_build(chip, &inst, &p, &err), 0);
	char *ramin = channel_dump(chip->dump->ramin_dump, inst.cpu);
	/* fields high to low: SW 31:16, then HW 15:0 (w4 above) */
	channel_expect_text(ramin, "NV_RAMFC_SIGNATURE                 = 0x0000face  NV_PPBDMA_SIGNATURE: SW=ZERO HW=VALID");
	/* ADDR 31:9 = 1 (0x200 >> 9) before TARGET 1:0 (w2 above) */
	channel_expect_text(ramin, "NV_PPBDMA_USERD: ADDR=0x1 TARGET=SYS_MEM_COHERENT");
	channel_expect_text(ramin, "NV_RAMFC_CHID                      = 0x00000001");
	channel_expect_text(ramin, "NV_RAMIN_PAGE_DIR_BASE_TARGET                    = 0x2 SYS_MEM_COHERENT");
	channel_expect_text(ramin, "NV_RAMIN_USE_VER2_PT_FORMAT                      = 0x1 TRUE");
	channel_expect_text(ramin, "page directory base (PAGE_DIR_BASE_HI:LO)        = 0x401000");
	free(ramin);
	assert_int_equal(nvrt_runlist_build(chip, &rl, &t, 1, &n, &err), 0);
	FILE *f = open_memstream(&text, &len);
	chip->dump->runlist_dump(rl.cpu, n, f);
	fclose(f);
	channel_expect_text(text, "entry 0: 80030001 00000001 00000000 00000000  NV_RAMRL_ENTRY_TYPE_TSG");
	channel_expect_text(text, "NV_RAMRL_ENTRY_TSG_TIMESLICE_TIMEOUT             = 0x80 128");
	channel_expect_text(text, "NV_RAMRL_ENTRY_CHAN_INST_TARGET                  = 0x2 SYS_MEM_COHERENT");
	channel_expect_text(text, "instance block (INST_PTR_HI:LO)                  = 0x12345000");
	channel_expect_text(text, "USERD (USERD_PTR_HI:LO)                          = 0x2000000200");
	free(text);
	free(inst.cpu);
	free(rl.cpu);
}

static void channel_dump_null(const void *mem, FILE *out)
{
	chip->dump->runlist_dump(mem, 4096 / 16, out);
}

/* Random bytes through every dump: they read fixed sizes and never crash. */
static void test_channel_dumps_random(void **state)
{
	uint32_t *mem = aligned_alloc(4096, 4096);
	FILE *null = fopen("/dev/null", "w");

	(void)state;
	assert_non_null(mem);
	assert_non_null(null);
	srand(4096);
	for (int round = 0; round < 200; round++) {
		for (unsigned k = 0; k < 1024; k++)
			mem[k] = (uint32_t)rand() ^ ((uint32_t)rand() << 16);
		chip->dump->ramin_dump(mem, null);
		chip->dump->userd_dump(mem, null);
		channel_dump_null(mem, null);
	}
	fclose(null);
	free(mem);
}

static int channel_setup(void **state)
{
	(void)state;
	chip = nvrt_chip_find("gv100");
	return chip ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_channel_ramfc_words),
		cmocka_unit_test(test_channel_ramin_pdb),
		cmocka_unit_test(test_channel_ramfc_options),
		cmocka_unit_test(test_channel_layout_pdb_vol),
		cmocka_unit_test(test_channel_instance_errors),
		cmocka_unit_test(test_channel_runlist_words),
		cmocka_unit_test(test_channel_runlist_errors),
		cmocka_unit_test(test_channel_userd),
		cmocka_unit_test(test_channel_dumps_round_trip),
		cmocka_unit_test(test_channel_dumps_random),
	};

	return cmocka_run_group_tests_name("nvrt channel memory", tests, channel_setup, NULL);
}
