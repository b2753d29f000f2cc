/* SPDX-License-Identifier: MIT */
/*
 * The BAR0 trace (nvrt/trace.h) on the GV100 simulator: the lines are laid
 * out as Linux's mmiotrace prints them (kernel/trace/trace_mmiotrace.c;
 * Documentation/trace/mmiotrace.rst "Trace Log Format": "R|W width
 * timestamp map-id physical value pc pid", "MAP timestamp map-id physical
 * virtual length pc pid", "MARK timestamp text", "VERSION 20070824"), every
 * access that reaches the device is traced (the bus check's probe reads
 * too) and none that does not (a write held back after a bad read), and a
 * failed write of the trace is returned.  Values from the manuals:
 * NV_PMC_BOOT_0 at 0x0 of a GV100 A01 = ARCHITECTURE 0x14 (28:24),
 * IMPLEMENTATION 0 (23:20), MAJOR_REVISION 0xA (7:4), MINOR_REVISION 1
 * (3:0) = 0x140000a1 (dev_master); NV_PFIFO_USERD_WRITEBACK at 0x225c,
 * TIMER_100US 0x64 (dev_fifo.ref.txt:45, :49); BAR0 is NV_RSPACE, 16 MiB
 * (dev_bus.ref.txt:26: NV_RSPACE 0x00FFFFFF:0x00000000).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrt/chip.h"
#include "nvrt/sim.h"
#include "nvrt/trace.h"

#define TRACE_BOOT_0 0x00000000u
#define TRACE_BOOT_0_GV100_A01 0x140000a1u
#define TRACE_USERD_WRITEBACK 0x0000225cu
#define TRACE_TIMER_100US 0x64u

static struct nvrt_backend *trace_sim(void)
{
	struct nvrt_sim_config cfg = { .chip = nvrt_chip_find("gv100") };
	struct nvrt_err err;
	struct nvrt_backend *b = nvrt_backend_sim_open(&cfg, &err);

	if (!b)
		fail_msg("sim: %s", err.msg);
	return b;
}

/* The lines of f, read back from its start: at most n, each without "\n". */
static size_t trace_lines(FILE *f, char lines[][160], size_t n)
{
	size_t i = 0;

	rewind(f);
	while (i < n && fgets(lines[i], 160, f)) {
		lines[i][strcspn(lines[i], "\n")] = '\0';
		i++;
	}
	return i;
}

/* "R|W 4 S.UUUUUU 1 0xADDR 0xVALUE 0x0 0": op, address and value. */
static void expect_access(const char *line, char op, uint32_t addr, uint32_t value)
{
	char o, usec[16];
	unsigned long sec;
	unsigned int width, id, a, v, pid;
	unsigned long pc;
	int end = 0;

	if (sscanf(line, "%c %u %lu.%15[0-9] %u 0x%x 0x%x 0x%lx %u%n", &o, &width, &sec, usec, &id,
		   &a, &v, &pc, &pid, &end) != 9 || line[end])
		fail_msg("not an mmiotrace access: \"%s\"", line);
	assert_int_equal(o, op);
	assert_int_equal(width, 4);
	assert_int_equal(strlen(usec), 6);
	assert_int_equal(id, 1);
	assert_int_equal(a, addr);
	assert_int_equal(v, value);
	assert_int_equal(pc, 0);
	assert_int_equal(pid, 0);
}

/* "KEYWORD S.UUUUUU rest": the rest. */
static const char *expect_timed(const char *line, const char *keyword)
{
	size_t k = strlen(keyword);
	const char *p = line + k + 1, *dot;

	if (strncmp(line, keyword, k) || line[k] != ' ')
		fail_msg("\"%s\" is no %s line", line, keyword);
	dot = strchr(p, '.');
	assert_non_null(dot);
	assert_true(dot > p && strspn(p, "0123456789") == (size_t)(dot - p));
	assert_int_equal(strspn(dot + 1, "0123456789"), 6);
	assert_int_equal(dot[7], ' ');
	return dot + 8;
}

static void test_trace_lines(void **state)
{
	struct nvrt_backend *b = trace_sim();
	struct nvrt_err err;
	char lines[8][160];
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	assert_int_equal(nvrt_trace_start(b, f, &err), 0);
	assert_int_equal(nvrt_trace_start(b, f, &err), -1);   /* one hook per backend */
	assert_non_null(strstr(err.msg, "has a hook already"));
	assert_int_equal(nvrt_bar0_read32(b, TRACE_BOOT_0), TRACE_BOOT_0_GV100_A01);
	nvrt_bar0_write32(b, TRACE_USERD_WRITEBACK, TRACE_TIMER_100US);
	nvrt_trace_mark(b, "step one");
	assert_false(nvrt_trace_failed(b));
	assert_int_equal(nvrt_trace_stop(b, &err), 0);
	nvrt_bar0_read32(b, TRACE_BOOT_0);   /* after the stop: not traced */
	assert_int_equal(trace_lines(f, lines, 8), 6);
	assert_string_equal(lines[0], "VERSION 20070824");
	/* The simulator has no bus address nor mapping: 0; BAR0 16 MiB. */
	assert_string_equal(expect_timed(lines[1], "MAP"), "1 0x0 0x0 0x1000000 0x0 0");
	expect_access(lines[2], 'R', TRACE_BOOT_0, TRACE_BOOT_0_GV100_A01);
	expect_access(lines[3], 'W', TRACE_USERD_WRITEBACK, TRACE_TIMER_100US);
	assert_string_equal(expect_timed(lines[4], "MARK"), "step one");
	assert_string_equal(expect_timed(lines[5], "UNMAP"), "1 0x0 0");
	fclose(f);
	nvrt_backend_close(b);
}

/* A GPU off the bus: the read, then the bus check's own read of the probe
 * register (NV_PMC_BOOT_0), both all ones; the write that follows is held
 * back (backend.h) and never reaches the device, so it is not traced. */
static void test_trace_probe_and_held_write(void **state)
{
	const struct nvrt_chip *c = nvrt_chip_find("gv100");
	struct nvrt_backend *b = trace_sim();
	struct nvrt_err err;
	char lines[8][160];
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	nvrt_bus_arm(b, c->bus->bus_probe(), c->bus->pri_error);
	assert_int_equal(nvrt_trace_start(b, f, &err), 0);
	assert_int_equal(nvrt_sim_fail(b, NVRT_SIM_FELL_OFF_BUS, 0, &err), 0);
	assert_int_equal(nvrt_bar0_read32(b, TRACE_USERD_WRITEBACK), UINT32_MAX);
	nvrt_bar0_write32(b, TRACE_USERD_WRITEBACK, TRACE_TIMER_100US);
	assert_int_equal(b->bus.writes_dropped, 1);
	assert_int_equal(nvrt_trace_stop(b, &err), 0);
	assert_int_equal(trace_lines(f, lines, 8), 5);
	expect_access(lines[2], 'R', TRACE_USERD_WRITEBACK, UINT32_MAX);
	expect_access(lines[3], 'R', TRACE_BOOT_0, UINT32_MAX);
	expect_timed(lines[4], "UNMAP");
	fclose(f);
	nvrt_backend_close(b);
}

/* A trace that cannot be written: the accesses still happen, and the stop
 * says which error the writes hit. */
static void test_trace_write_fails(void **state)
{
	struct nvrt_backend *b = trace_sim();
	struct nvrt_err err;
	FILE *f = fopen("/dev/full", "w");

	(void)state;
	if (!f)
		skip();
	assert_int_equal(nvrt_trace_start(b, f, &err), 0);   /* buffered: not yet written */
	for (int i = 0; i < 2000; i++)
		assert_int_equal(nvrt_bar0_read32(b, TRACE_BOOT_0), TRACE_BOOT_0_GV100_A01);
	assert_int_equal(nvrt_trace_stop(b, &err), -1);
	assert_non_null(strstr(err.msg, "No space left on device"));
	assert_non_null(strstr(err.msg, "the trace is incomplete"));
	fclose(f);
	/* Unbuffered, the header's own write fails at once. */
	f = fopen("/dev/full", "w");
	assert_non_null(f);
	setvbuf(f, NULL, _IONBF, 0);
	assert_int_equal(nvrt_trace_start(b, f, &err), -1);
	assert_non_null(strstr(err.msg, "cannot write the header: No space left on device"));
	assert_null(b->hook.access);
	fclose(f);
	nvrt_backend_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_lines),
		cmocka_unit_test(test_trace_probe_and_held_write),
		cmocka_unit_test(test_trace_write_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
