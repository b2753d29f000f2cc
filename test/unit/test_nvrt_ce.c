/* SPDX-License-Identifier: MIT */
/*
 * Copy-engine work on the simulator of every runtime chip (GV100, TU104,
 * GA100), through libnvrt's public API (nvrt/ce.h): random 1D and 2D pitch
 * copies and fills, checked byte for byte against memcpy/memset on the
 * CPU's copy of the buffers, over random sizes, offsets (alignments),
 * pitches, 4 KiB, 64 KiB and 2 MiB pages and buffers that span page-table
 * boundaries (a page table covers 2 MiB in the ver2 format, dev_mmu; a
 * 2 MiB page is a PTE in a PD0 entry, NV_MMU_VER2_DUAL_PDE_IS_PTE,
 * dev_mmu.ref.txt:296 of gv100, so a 3 MiB buffer spans two PD0 entries);
 * then the faults: a copy to an unmapped VA is an MMU fault of the copy
 * engine, a method the class does not define is HCE_ILLEGAL_MTHD
 * (dev_pbdma), SetObject of another class HCE_ILLEGAL_CLASS.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrt/ce.h"
#include "nvrt/chip.h"
#include "nvrt/device.h"
#include "nvrt/pushbuf.h"
#include "nvrt/sim.h"

#define KIB ((uint64_t)1024)
#define MIB (KIB * KIB)
/* Buffers of 3 MiB: every one crosses a 2 MiB page-table boundary. */
#define CE_TEST_BUF (3 * MIB)
#define CE_TEST_ROUNDS 40

struct ce_env {
	const struct nvrt_chip *chip;
	struct nvrt_backend *b;
	struct nvrt_device d;
	struct nvrt_channel ch;
	uint32_t payload;
};

static uint64_t rng_state;

static uint64_t rng(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return rng_state >> 33;
}

static uint64_t rng_below(uint64_t n)
{
	return n ? rng() % n : 0;
}

static void ce_env_open(struct ce_env *e, const struct nvrt_chip *c)
{
	struct nvrt_sim_config cfg = { .chip = c };
	struct nvrt_channel_params p;
	struct nvrt_err err;

	memset(e, 0, sizeof(*e));
	e->chip = c;
	e->b = nvrt_backend_sim_open(&cfg, &err);
	if (!e->b)
		fail_msg("%s: %s", c->name, err.msg);
	if (nvrt_device_open(&e->d, e->b, c, NULL, &err) < 0)
		fail_msg("%s: %s", c->name, err.msg);
	nvrt_channel_params_default(&p);
	p.copy_engine = true;
	if (nvrt_channel_open(&e->ch, &e->d, &p, &err) < 0)
		fail_msg("%s: %s", c->name, err.msg);
	if (nvrt_ce_bind(&e->ch, &err) < 0)
		fail_msg("%s: %s", c->name, err.msg);
}

static void ce_env_close(struct ce_env *e)
{
	struct nvrt_err err;

	nvrt_channel_close(&e->ch, &err);
	nvrt_device_close(&e->d);
	e->b->ops->close(e->b);
}

/* Release, submit, wait: 0 or the wait's error. */
static int ce_run(struct ce_env *e, struct nvrt_err *err)
{
	e->payload++;
	if (nvrt_ce_release(&e->ch, e->payload, err) < 0 || nvrt_ce_submit(&e->ch, e->payload, err) < 0)
		return -1;
	return nvrt_channel_wait(&e->ch, e->payload, NULL, err);
}

static void ce_must_run(struct ce_env *e)
{
	struct nvrt_err err;

	if (ce_run(e, &err))
		fail_msg("%s: %s", e->chip->name, err.msg);
}

static void fill_random(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rng();
}

/* One random copy (1D or 2D) within the buffers, checked against memcpy. */
static void ce_check_copy(struct ce_env *e, struct nvrt_ce_buffer *src, struct nvrt_ce_buffer *dst,
			  uint8_t *model)
{
	struct nvrt_ce_copy c = { 0 };
	uint64_t so, doff;
	struct nvrt_err err;

	c.lines = rng_below(4) ? 1 : 1 + (uint32_t)rng_below(64);
	if (c.lines == 1) {
		c.line_bytes = 1 + (uint32_t)rng_below(CE_TEST_BUF);
	} else {
		c.line_bytes = 1 + (uint32_t)rng_below(16 * KIB);
		c.src_pitch = c.line_bytes + (uint32_t)rng_below(8 * KIB);
		c.dst_pitch = c.line_bytes + (uint32_t)rng_below(8 * KIB);
	}
	uint64_t sspan = (uint64_t)(c.lines - 1) * c.src_pitch + c.line_bytes;
	uint64_t dspan = (uint64_t)(c.lines - 1) * c.dst_pitch + c.line_bytes;
	so = rng_below(CE_TEST_BUF - sspan + 1);
	doff = rng_below(CE_TEST_BUF - dspan + 1);
	c.src_va = src->va + so;
	c.dst_va = dst->va + doff;
	for (uint32_t i = 0; i < c.lines; i++)
		memcpy(model + doff + (uint64_t)i * c.dst_pitch,
		       (const uint8_t *)src->mem.cpu + so + (uint64_t)i * c.src_pitch, c.line_bytes);
	if (nvrt_ce_copy(&e->ch, &c, &err) < 0)
		fail_msg("%s: %s", e->chip->name, err.msg);
	ce_must_run(e);
	if (memcmp(dst->mem.cpu, model, CE_TEST_BUF))
		fail_msg("%s: copy of %u lines of %u bytes (pitches %u/%u) from +%llu to +%llu differs",
			 e->chip->name, c.lines, c.line_bytes, c.src_pitch, c.dst_pitch,
			 (unsigned long long)so, (unsigned long long)doff);
}

/* One random fill (4-byte elements, 4-byte aligned), checked against a word loop. */
static void ce_check_fill(struct ce_env *e, struct nvrt_ce_buffer *dst, uint8_t *model)
{
	struct nvrt_ce_fill f = { 0 };
	struct nvrt_err err;
	uint64_t off, span;

	f.value = (uint32_t)rng();
	f.lines = rng_below(2) ? 1 : 1 + (uint32_t)rng_below(32);
	f.words = 1 + (uint32_t)rng_below(f.lines == 1 ? CE_TEST_BUF / 4 : 4 * KIB);
	f.dst_pitch = f.lines == 1 ? 0 : f.words * 4 + 4 * (uint32_t)rng_below(1024);
	span = (uint64_t)(f.lines - 1) * f.dst_pitch + (uint64_t)f.words * 4;
	off = 4 * rng_below((CE_TEST_BUF - span) / 4 + 1);
	f.dst_va = dst->va + off;
	for (uint32_t l = 0; l < f.lines; l++)
		for (uint32_t w = 0; w < f.words; w++) {
			uint8_t *q = model + off + (uint64_t)l * f.dst_pitch + 4 * (uint64_t)w;

			/* CONST_A's four bytes, little-endian (COMPONENT_SIZE FOUR). */
			q[0] = (uint8_t)f.value;
			q[1] = (uint8_t)(f.value >> 8);
			q[2] = (uint8_t)(f.value >> 16);
			q[3] = (uint8_t)(f.value >> 24);
		}
	if (nvrt_ce_fill(&e->ch, &f, &err) < 0)
		fail_msg("%s: %s", e->chip->name, err.msg);
	ce_must_run(e);
	if (memcmp(dst->mem.cpu, model, CE_TEST_BUF))
		fail_msg("%s: fill of %u lines of %u words (pitch %u) at +%llu differs", e->chip->name,
			 f.lines, f.words, f.dst_pitch, (unsigned long long)off);
}

static void ce_props_chip(const struct nvrt_chip *c, uint32_t page)
{
	struct ce_env e;
	struct nvrt_ce_buffer src, dst;
	struct nvrt_err err;
	uint8_t *model = malloc(CE_TEST_BUF);

	assert_non_null(model);
	ce_env_open(&e, c);
	if (nvrt_ce_buffer_alloc(&e.ch, CE_TEST_BUF, page, &src, &err) < 0 ||
	    nvrt_ce_buffer_alloc(&e.ch, CE_TEST_BUF, page, &dst, &err) < 0)
		fail_msg("%s: %s", c->name, err.msg);
	fill_random(src.mem.cpu, CE_TEST_BUF);
	fill_random(dst.mem.cpu, CE_TEST_BUF);
	memcpy(model, dst.mem.cpu, CE_TEST_BUF);
	for (int i = 0; i < CE_TEST_ROUNDS; i++) {
		if (rng_below(3))
			ce_check_copy(&e, &src, &dst, model);
		else
			ce_check_fill(&e, &dst, model);
	}
	nvrt_ce_buffer_free(&e.ch, &src);
	nvrt_ce_buffer_free(&e.ch, &dst);
	ce_env_close(&e);
	free(model);
}

static void test_ce_copy_fill_properties(void **state)
{
	(void)state;
	rng_state = 0x5eed;
	for (size_t i = 0; i < nvrt_chip_count(); i++) {
		ce_props_chip(nvrt_chip_at(i), 4 * KIB);
		ce_props_chip(nvrt_chip_at(i), 64 * KIB);
		ce_props_chip(nvrt_chip_at(i), 2 * MIB);
	}
}

/* The failure report of a faulted run, as text. */
static char *ce_report(struct ce_env *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	nvrt_channel_report(&e->ch, f);
	fclose(f);
	return buf;
}

/*
 * The fault's hub client is the copy engine's, not Host's (HUB_HOST 6).  Hub
 * clients CE0 1, CE1 2, CE2 0x18, HSCE0 0x20: published/turing/tu102/
 * dev_fault.h:97,98,126,134, published/ampere/ga100/dev_fault.h:108,109,
 * 137,147, nouveau gv100_fifo_fault_hubclient for GV100; the simulator takes
 * LCE n to be PCE n (manuals/<chip>/dev_fault.ref).
 */
/* noinline: gcc 12 -Wdangling-pointer misreads the memstream report once inlined. */
__attribute__((noinline)) static void ce_client_check(const char *chip, const char *rep)
{
	static const struct { unsigned lce; const char *raw, *name; } want[] = {
		{ 0, "CLIENT=0x1 ", "CLIENT NV_PFAULT_CLIENT_HUB_CE0" },
		{ 1, "CLIENT=0x2 ", "CLIENT NV_PFAULT_CLIENT_HUB_CE1" },
		{ 2, "CLIENT=0x18 ", "CLIENT NV_PFAULT_CLIENT_HUB_CE2" },
		{ 3, "CLIENT=0x20 ", "CLIENT NV_PFAULT_CLIENT_HUB_HSCE0" },
	};
	const char *at = strstr(rep, ": copy engine, LCE ");
	unsigned lce;

	if (!at || sscanf(at, ": copy engine, LCE %u", &lce) != 1)
		fail_msg("%s: no LCE in the report:\n%s", chip, rep);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (want[i].lce == lce) {
			if (!strstr(rep, want[i].raw) || !strstr(rep, want[i].name))
				fail_msg("%s: LCE %u's fault lacks \"%s\" / \"%s\":\n%s", chip, lce,
					 want[i].raw, want[i].name, rep);
			return;
		}
	fail_msg("%s: LCE %u: no hub client worked out for it here", chip, lce);
}

/* A copy to a VA nothing maps: an MMU fault of the copy engine, reported as such. */
static void test_ce_unmapped_fault(void **state)
{
	(void)state;
	for (size_t i = 0; i < nvrt_chip_count(); i++) {
		struct ce_env e;
		struct nvrt_ce_buffer src;
		struct nvrt_err err;
		struct nvrt_ce_copy c = { 0 };
		char *rep;

		ce_env_open(&e, nvrt_chip_at(i));
		assert_int_equal(nvrt_ce_buffer_alloc(&e.ch, 64 * KIB, 4 * KIB, &src, &err), 0);
		c.src_va = src.va;
		/* Far above every buffer the simulator hands out (its IOVAs start at 1 MiB). */
		c.dst_va = (uint64_t)1 << 39;
		c.line_bytes = 4096;
		c.lines = 1;
		assert_int_equal(nvrt_ce_copy(&e.ch, &c, &err), 0);
		assert_int_equal(ce_run(&e, &err), NVRT_E_FAULT);
		rep = ce_report(&e);
		/* dev_fault: LCE n faults as NV_PFAULT_MMU_ENG_ID_CE0 + n. */
		if (!strstr(rep, "= NV_PFAULT_MMU_ENG_ID_CE0 + ") || !strstr(rep, ": copy engine, LCE "))
			fail_msg("%s: the report does not name the copy engine:\n%s", e.chip->name, rep);
		ce_client_check(e.chip->name, rep);
		free(rep);
		nvrt_ce_buffer_free(&e.ch, &src);
		ce_env_close(&e);
	}
}

/* Method 0x7fc: no method of clc3b5.h/clc5b5.h/clc6b5.h (their last is PM_TRIGGER_END 0x1114,
 * and nothing is defined between SET_REMAP_COMPONENTS 0x708 and SET_DST_BLOCK_SIZE 0x70c..):
 * here 0x800, between LINE_COUNT 0x41c / SET_REMAP_CONST_A 0x700 ranges -- 0x600 is undefined. */
static void test_ce_illegal_method(void **state)
{
	(void)state;
	for (size_t i = 0; i < nvrt_chip_count(); i++) {
		struct ce_env e;
		struct nvrt_err err;
		uint32_t data = 0;
		char *rep;

		ce_env_open(&e, nvrt_chip_at(i));
		assert_int_equal(nvrt_pb_incr(&e.ch.layout.pb, NVRT_CE_SUBCH, 0x600, &data, 1), 0);
		assert_int_equal(ce_run(&e, &err), NVRT_E_FAULT);
		rep = ce_report(&e);
		if (!strstr(rep, "HCE_ILLEGAL_MTHD"))
			fail_msg("%s: no HCE_ILLEGAL_MTHD in the report:\n%s", e.chip->name, rep);
		free(rep);
		ce_env_close(&e);
	}
}

/*
 * The pushbuffer of a 2D copy, fill and release, decoded: every method named,
 * by Host's manual (NV_UDMA_OBJECT) or the class SetObject bound
 * (NVC3B5_/NVC5B5_/NVC6B5_*).  Each line after the dword is "INCR subch 4
 * NAME count 1" or "  NAME FIELD=...": none may show a bare address.
 */
static void test_ce_pushbuffer_decoded(void **state)
{
	(void)state;
	for (size_t i = 0; i < nvrt_chip_count(); i++) {
		struct ce_env e;
		struct nvrt_err err;
		struct nvrt_ce_copy c = { 0x100000, 0x200000, 256, 4, 512, 1024 };
		struct nvrt_ce_fill f = { 0x300000, 16, 2, 128, 0x12345678 };
		char *buf = NULL, *line, *save = NULL;
		size_t len = 0, methods = 0;
		FILE *out = open_memstream(&buf, &len);
		char prefix[16];

		assert_non_null(out);
		ce_env_open(&e, nvrt_chip_at(i));
		assert_int_equal(nvrt_ce_copy(&e.ch, &c, &err), 0);
		assert_int_equal(nvrt_ce_fill(&e.ch, &f, &err), 0);
		assert_int_equal(nvrt_ce_release(&e.ch, 1, &err), 0);
		nvrt_pb_decode(e.chip, e.ch.layout.pb.base, e.ch.layout.pb.len, out);
		fclose(out);
		snprintf(prefix, sizeof(prefix), "NV%X_", nvrt_ce_class(e.chip));
		for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			const char *m = line + 18;   /* after "%6zu: %08x  " */

			if (!strncmp(m, "INCR subch 4 ", 13))
				m += 13;
			else if (!strncmp(m, "  ", 2))
				m += 2;
			else
				fail_msg("%s: not a method line: %s", e.chip->name, line);
			if (strncmp(m, "NV_UDMA_OBJECT", 14) && strncmp(m, prefix, strlen(prefix)))
				fail_msg("%s: a method not named %s*: %s", e.chip->name, prefix, line);
			methods++;
		}
		/* SetObject; copy: offsets 4, lines 4, launch; fill: CONST_A, COMPONENTS,
		 * offsets 2, lines 4, launch; release: semaphore 3, launch: 23 methods,
		 * each a header line and a data line. */
		assert_int_equal(methods, 2 * 23);
		free(buf);
		ce_env_close(&e);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ce_copy_fill_properties),
		cmocka_unit_test(test_ce_unmapped_fault),
		cmocka_unit_test(test_ce_illegal_method),
		cmocka_unit_test(test_ce_pushbuffer_decoded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
