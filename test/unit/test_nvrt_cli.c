/* SPDX-License-Identifier: MIT */
/*
 * The nvrt command line as a user runs it ($NVRT_BIN): `nvrt layout` writes
 * every buffer and a layout.json that describes them; `nvrt decode` reads
 * them back with the manual's names; bad input gets a clear error and a
 * non-zero status, and never a half-written output.  The suite runs once per
 * chip of the build (--chip CHIP on every layout and decode), each against
 * the words its own manuals give (cli_expect below).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nvrt/chip.h"
#include "support/test_support.h"

/* What a chip's manuals say the default lay-out holds. */
struct cli_expect {
	const char *chip;
	/* dev_ram NV_RAMRL_ENTRY TSG header, TSG 0 with one channel, timeslice
	 * 128 << 3: TIMESLICE_TIMEOUT 31:24 = 0x80, TIMESLICE_SCALE 19:16 = 3,
	 * TYPE 0:0 = TSG 1 (tu104: TSG_GFID 11:4 = 0); word 1 TSG_LENGTH 7:0 = 1. */
	uint32_t tsg_header, tsg_length;
	/* The first channel id the chip cannot hold, and the array that says so. */
	const char *chid_over, *chid_limit;
};

static const struct cli_expect cli_expects[] = {
	/* dev_fifo NV_PCCSR_CHANNEL_INST__SIZE_1 4096 (gv100, tu104). */
	{ "gv100", 0x80030001, 1, "4096", "NV_PCCSR_CHANNEL_INST__SIZE_1" },
	{ "tu104", 0x80030001, 1, "4096", "NV_PCCSR_CHANNEL_INST__SIZE_1" },
	/* ga100: the same fields (dev_ram.ref.txt:778-832: TYPE 0:0, TSG_GFID 11:4,
	 * TIMESLICE_SCALE 19:16 = 3, TIMESLICE_TIMEOUT 31:24 = 128, LENGTH 7:0);
	 * a runlist's channel RAM holds NV_CHRAM_CHANNEL__SIZE_1 2048 channels
	 * (dev_runlist.ref.txt:74-75). */
	{ "ga100", 0x80030001, 1, "2048", "NV_CHRAM_CHANNEL__SIZE_1" },
};

/* The chip the suite runs for (set by the group's setup). */
static const struct cli_expect *cli;

static int cli_setup(void **state, size_t i)
{
	(void)state;
	cli = NULL;
	for (size_t k = 0; k < sizeof(cli_expects) / sizeof(cli_expects[0]); k++)
		if (!strcmp(cli_expects[k].chip, nvrt_chip_at(i)->name))
			cli = &cli_expects[k];
	if (!cli)
		fprintf(stderr, "no expected words for chip %s: work them out from its manuals\n",
			nvrt_chip_at(i)->name);
	return cli ? 0 : -1;
}

static char *nvrt_path(const char *dir, const char *name)
{
	return path_join(dir, name);
}

/* nvrt a0 ... a6 --chip CHIP (layout and decode; getopt takes options last). */
static void nvrt_run(struct proc_result *r, const char *a0, const char *a1, const char *a2,
		     const char *a3, const char *a4, const char *a5, const char *a6)
{
	char *argv[11] = { strdup(env_require("NVRT_BIN")) };
	const char *rest[] = { a0, a1, a2, a3, a4, a5, a6 };
	int n = 1;

	for (int i = 0; i < 7 && rest[i]; i++)
		argv[n++] = (char *)rest[i];
	if (a0 && (!strcmp(a0, "layout") || !strcmp(a0, "decode"))) {
		argv[n++] = "--chip";
		argv[n++] = (char *)cli->chip;
	}
	argv[n] = NULL;
	proc_run(argv, r);
	free(argv[0]);
}

/* gpu_va of buffer name in layout.json (one buffer per line). */
static uint64_t nvrt_json_va(const char *json, const char *name)
{
	char key[64];
	const char *p;
	uint64_t va = 0;

	snprintf(key, sizeof(key), "\"name\": \"%s\"", name);
	p = strstr(json, key);
	assert_non_null(p);
	p = strstr(p, "\"gpu_va\": \"");
	assert_non_null(p);
	assert_int_equal(sscanf(p + 11, "%" SCNx64, &va), 1);
	return va;
}

static void test_cli_layout_files(void **state)
{
	char *dir = tmpdir_create();
	struct proc_result r;
	static const char *const files[] = { "instance.bin", "userd.bin", "runlist.bin", "gpfifo.bin",
					     "pushbuffer.bin", "semaphore.bin", "pd3.bin", "pd2_0.bin",
					     "pd1_0.bin", "pd0_0.bin", "pt_0.bin", "layout.json" };
	(void)state;
	nvrt_run(&r, "layout", "--dir", dir, "--chid", "1", "--tsgid", "0");
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *p = nvrt_path(dir, files[i]);
		struct stat st;
		if (stat(p, &st) < 0)
			fail_msg("%s missing", files[i]);
		free(p);
	}
	char *jp = nvrt_path(dir, "layout.json");
	char *json = file_slurp(jp, NULL);
	char chip_line[64];
	snprintf(chip_line, sizeof(chip_line), "\"chip\": \"%s\"", cli->chip);
	assert_non_null(strstr(json, chip_line));
	assert_non_null(strstr(json, "\"chid\": 1, \"tsgid\": 0, \"runqueue\": 0, \"aperture\": \"coherent\", "
				     "\"gpfifo_entries\": 512, \"gp_put\": 1, \"pushbuffer_dwords\": 7"));
	/* The runlist holds the chip's TSG header (dev_ram NV_RAMRL_ENTRY, timeout 128, scale 3). */
	char *rp = nvrt_path(dir, "runlist.bin");
	size_t len = 0;
	uint32_t *rl = (uint32_t *)file_slurp(rp, &len);
	assert_true(len >= 32);
	assert_int_equal(rl[0], cli->tsg_header);
	assert_int_equal(rl[1], cli->tsg_length);
	free(rl);
	free(rp);
	free(json);
	free(jp);
	tmpdir_remove(dir);
	free(dir);
}

/* The pushbuffer is the 7-dword 32-bit release with WFI (facts doc 1.8). */
static void test_cli_decode_pushbuffer(void **state)
{
	char *dir = tmpdir_create(), *pb = nvrt_path(dir, "pushbuffer.bin");
	char *jp = nvrt_path(dir, "layout.json"), want[1024];
	struct proc_result r;

	(void)state;
	nvrt_run(&r, "layout", "--dir", dir, "--payload", "0x1234", NULL, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	char *json = file_slurp(jp, NULL);
	uint64_t va = nvrt_json_va(json, "semaphore");
	nvrt_run(&r, "decode", "pushbuffer", pb, NULL, NULL, NULL, NULL);
	assert_int_equal(r.status, 0);
	snprintf(want, sizeof(want),
		 "     0: 20040017  INCR subch 0 NV_UDMA_SEM_ADDR_LO count 4\n"
		 "     1: %08" PRIx64 "    NV_UDMA_SEM_ADDR_LO OFFSET=0x%" PRIx64 "\n"
		 "     2: %08" PRIx64 "    NV_UDMA_SEM_ADDR_HI OFFSET=0x%" PRIx64 "\n"
		 "     3: 00001234    NV_UDMA_SEM_PAYLOAD_LO PAYLOAD=0x1234\n"
		 "     4: 00000000    NV_UDMA_SEM_PAYLOAD_HI PAYLOAD=0x0\n"
		 "     5: 2001001b  INCR subch 0 NV_UDMA_SEM_EXECUTE count 1\n"
		 "     6: 00100001    NV_UDMA_SEM_EXECUTE PAYLOAD_SIZE=32BIT RELEASE_WFI=EN OPERATION=RELEASE\n",
		 va & 0xfffffffc, (va & 0xffffffff) >> 2, va >> 32, va >> 32);
	assert_string_equal(r.out, want);
	proc_result_free(&r);
	free(json);
	free(jp);
	free(pb);
	tmpdir_remove(dir);
	free(dir);
}

/* Every decoder accepts what layout wrote; the walk translates the semaphore VA. */
static void test_cli_decode_all(void **state)
{
	char *dir = tmpdir_create(), *jp = nvrt_path(dir, "layout.json"), va[32];
	static const char *const kinds[][2] = { { "gpfifo", "gpfifo.bin" }, { "runlist", "runlist.bin" },
						 { "ramin", "instance.bin" }, { "userd", "userd.bin" } };
	struct proc_result r;

	(void)state;
	nvrt_run(&r, "layout", "--dir", dir, "--aperture", "noncoherent", "--va-base", "0x40000000");
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	for (size_t i = 0; i < 4; i++) {
		char *f = nvrt_path(dir, kinds[i][1]);
		nvrt_run(&r, "decode", kinds[i][0], f, NULL, NULL, NULL, NULL);
		assert_int_equal(r.status, 0);
		assert_true(r.out_len > 0);
		proc_result_free(&r);
		free(f);
	}
	char *json = file_slurp(jp, NULL);
	snprintf(va, sizeof(va), "0x%" PRIx64, nvrt_json_va(json, "semaphore") + 8);
	nvrt_run(&r, "decode", "walk", "--dir", dir, "--va", va, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "APERTURE=SYSTEM_NON_COHERENT_MEMORY"));
	assert_non_null(strstr(r.out, "(4 KiB page)"));
	proc_result_free(&r);
	/* An unmapped VA: the walk says where it stops, exit 1. */
	nvrt_run(&r, "decode", "walk", "--dir", dir, "--va", "0x7f0000000", NULL);
	assert_int_equal(r.status, 1);
	proc_result_free(&r);
	free(json);
	free(jp);
	tmpdir_remove(dir);
	free(dir);
}

static void nvrt_expect(int status, const char *needle, const char *a0, const char *a1,
			const char *a2, const char *a3, const char *a4)
{
	struct proc_result r;

	nvrt_run(&r, a0, a1, a2, a3, a4, NULL, NULL);
	if (r.status != status || !strstr(r.err, needle))
		fail_msg("nvrt %s %s %s: status %d, stderr \"%s\"; wanted %d and \"%s\"", a0,
			 a1 ? a1 : "", a2 ? a2 : "", r.status, r.err, status, needle);
	proc_result_free(&r);
}

static void test_cli_bad_input(void **state)
{
	char *dir = tmpdir_create(), *pb = nvrt_path(dir, "pushbuffer.bin");
	struct proc_result r;

	(void)state;
	nvrt_expect(2, "unknown command", "frobnicate", NULL, NULL, NULL, NULL);
	nvrt_expect(2, "--dir is required", "layout", NULL, NULL, NULL, NULL);
	nvrt_expect(2, "is not coherent or noncoherent", "layout", "--dir", dir, "--aperture", "vram");
	nvrt_expect(2, "is not a number", "layout", "--dir", dir, "--chid", "x1");
	/* Options the library refuses are usage errors too (nvrt(1): exit 2). */
	nvrt_expect(2, "power of two", "layout", "--dir", dir, "--gpfifo-entries", "500");
	nvrt_expect(2, cli->chid_limit, "layout", "--dir", dir, "--chid", cli->chid_over);
	nvrt_expect(2, "not aligned", "layout", "--dir", dir, "--va-base", "0x123");
	nvrt_expect(2, "pushbuffer", "layout", "--dir", dir, "--pushbuffer-bytes", "3");
	nvrt_expect(2, "unknown KIND", "decode", "bogus", pb, NULL, NULL);
	nvrt_expect(1, "No such file", "decode", "pushbuffer", pb, NULL, NULL);
	nvrt_expect(2, "--va is required", "decode", "walk", "--dir", dir, NULL);
	/* A failed run leaves an earlier lay-out as it was. */
	nvrt_run(&r, "layout", "--dir", dir, NULL, NULL, NULL, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	size_t before_len = 0, after_len = 0;
	char *before = file_slurp(pb, &before_len);
	nvrt_expect(2, "power of two", "layout", "--dir", dir, "--gpfifo-entries", "3");
	char *after = file_slurp(pb, &after_len);
	assert_int_equal(before_len, after_len);
	assert_memory_equal(before, after, before_len);
	char *small = nvrt_path(dir, "short.bin");
	assert_int_equal(file_put(small, "abcd", 4), 0);
	nvrt_expect(1, "too short for ramin", "decode", "ramin", small, NULL, NULL);
	free(small);
	free(before);
	free(after);
	free(pb);
	tmpdir_remove(dir);
	free(dir);
}

/* Every chip of the build is named where a chip is asked for: the list is the library's. */
static void test_cli_chip_list(void **state)
{
	char *argv[] = { strdup(env_require("NVRT_BIN")), "layout", "--chip", "nv50", "--dir",
			 "/nonexistent", NULL };
	struct proc_result r;

	(void)state;
	proc_run(argv, &r);
	free(argv[0]);
	assert_int_equal(r.status, 2);
	if (!strstr(r.err, "unknown chip 'nv50' (this build knows "))
		fail_msg("stderr: %s", r.err);
	for (size_t i = 0; i < nvrt_chip_count(); i++)
		if (!strstr(r.err, nvrt_chip_at(i)->name))
			fail_msg("%s not listed: %s", nvrt_chip_at(i)->name, r.err);
	proc_result_free(&r);
	nvrt_run(&r, "--help", NULL, NULL, NULL, NULL, NULL, NULL);
	assert_int_equal(r.status, 0);
	for (size_t i = 0; i < nvrt_chip_count(); i++)
		if (!strstr(r.out, nvrt_chip_at(i)->name))
			fail_msg("nvrt --help does not list %s:\n%s", nvrt_chip_at(i)->name, r.out);
	proc_result_free(&r);
}

/* A walk of a lay-out takes layout.json's chip; another --chip is refused. */
static void test_cli_walk_chip(void **state)
{
	char *dir = tmpdir_create();
	struct proc_result r;
	char *argv[] = { strdup(env_require("NVRT_BIN")), "decode", "walk", "--dir", dir, "--va",
			 "0x1000", "--chip", NULL, NULL };

	(void)state;
	nvrt_run(&r, "layout", "--dir", dir, NULL, NULL, NULL, NULL);
	assert_int_equal(r.status, 0);
	proc_result_free(&r);
	for (size_t i = 0; i < nvrt_chip_count(); i++) {
		const char *other = nvrt_chip_at(i)->name;
		if (!strcmp(other, cli->chip))
			continue;
		argv[8] = (char *)other;
		proc_run(argv, &r);
		assert_int_equal(r.status, 2);
		if (!strstr(r.err, "was laid out for") || !strstr(r.err, cli->chip) || !strstr(r.err, other))
			fail_msg("stderr: %s", r.err);
		proc_result_free(&r);
	}
	free(argv[0]);
	tmpdir_remove(dir);
	free(dir);
}

/* The group's chip: index cli_index of the build's. */
static size_t cli_index;

static int cli_group_setup(void **state)
{
	return cli_setup(state, cli_index);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cli_layout_files),
		cmocka_unit_test(test_cli_decode_pushbuffer),
		cmocka_unit_test(test_cli_decode_all),
		cmocka_unit_test(test_cli_bad_input),
		cmocka_unit_test(test_cli_chip_list),
		cmocka_unit_test(test_cli_walk_chip),
	};
	int failed = 0;

	/* The whole suite once per chip of the build. */
	for (cli_index = 0; cli_index < nvrt_chip_count(); cli_index++) {
		char name[64];
		snprintf(name, sizeof(name), "nvrt command line (%s)", nvrt_chip_at(cli_index)->name);
		failed += cmocka_run_group_tests_name(name, tests, cli_group_setup, NULL);
	}
	return failed;
}
