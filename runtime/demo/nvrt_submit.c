/* SPDX-License-Identifier: MIT */
/*
 * nvrt-submit: drive the Host of a chip the runtime knows (gv100, tu104, ...),
 * on the built-in simulator of that chip or on a GPU bound to vfio-pci
 * (whose chip NV_PMC_BOOT_0 tells).  Identifies the chip, brings PFIFO up, finds the
 * engines and runlists, opens one channel on a copy engine's runlist and
 * runs semaphore releases; with --inject, builds one fault on purpose and
 * shows it decoded.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "nvrt/sim.h"
#include "nvrt/trace.h"
#include "nvrt/version.h"
#include "nvrt/vfio.h"
#include "submit.h"
#include "submit_chip.h"

static void submit_help(void)
{
	printf("Usage: nvrt-submit [--chip %s] [--vfio DOMAIN:BUS:DEV.FN] [--count N]\n"
	       "                   [--depth N] [--inject KIND] [--timeout-ms N] [--progress N]\n"
	       "                   [--trace FILE] [--work release|copy|fill] [--size N[K|M|G]]\n"
	       "                   [--lines N] [--page-size 4K|64K|2M] [--verify]\n"
	       "                   [--save-pushbuf FILE] [--version]\n"
	       "Brings up a GPU (the built-in simulator of --chip, default " SUBMIT_CHIP_DEFAULT ",\n"
	       "or with --vfio a GPU bound to vfio-pci, its chip identified from NV_PMC_BOOT_0),\n"
	       "opens one channel on a copy engine's runlist and pushes N (default 1) semaphore\n"
	       "releases, payloads 1..N, waiting for each to show in memory.\n\n"
	       "  --chip CHIP      the chip to simulate; with --vfio, the chip the GPU must be\n"
	       "                   (default: whichever chip of this build it is)\n"
	       "  --vfio BDF       the GPU at BDF instead of the simulator\n", submit_chip_list("|"));
	fputs(
	       "  --count N        releases to run (default 1)\n"
	       "  --depth N        releases in flight at once (default 1: each waited for)\n"
	       "  --inject KIND    build a fault on purpose: bad-signature, bad-gp-entry,\n"
	       "                   bad-method, bad-tsg or unmapped-semaphore; or stuck-acquire\n"
	       "                   (a wait that never ends, to see the timeout's report); or,\n"
	       "                   on the simulator, fell-off-bus (the GPU stops answering after\n"
	       "                   the first release), pri-error (a register read fails),\n"
	       "                   stale-channel (a killed run's channel is left bound) or\n"
	       "                   host-request (the host asks for the device back)\n"
	       "  --timeout-ms N   limit of every wait (default 2000)\n"
	       "  --progress N     a line every N releases (default: all up to 16, else 10 lines)\n"
	       "  --trace FILE     every BAR0 read and write into FILE, in Linux's mmiotrace\n"
	       "                   format (refgen lookup --chip CHIP - < FILE names them)\n"
	       "  --work KIND      release (default): Host semaphore releases; copy: one copy\n"
	       "                   of --size bytes between two buffers by the copy engine,\n"
	       "                   then its semaphore release; fill: the same, filling\n"
	       "  --size N         bytes to copy or fill (K, M, G: KiB, MiB, GiB; default 1M)\n"
	       "  --lines N        a 2D copy or fill: N lines of size/N bytes (default 1: 1D)\n"
	       "  --page-size P    pages mapping the buffers: 4K, 64K or 2M (default 64K)\n"
	       "  --verify         check the destination byte for byte afterwards\n"
	       "  --save-pushbuf FILE  the pushbuffer as submitted (nvrt decode pushbuffer)\n"
	       "  --inject ce-unmapped  with --work: the destination is a VA nothing maps\n\n"
	       "Exit status: 0 every release seen, 1 failure (a fault or timeout is decoded\n"
	       "on stderr with the manual's names), 2 usage.\n", stdout);
	printf("Chips (--chip, default " SUBMIT_CHIP_DEFAULT " on the simulator): %s\n", submit_chip_list(", "));
}

#define SUBMIT_PROG "nvrt-submit"
/* "nvrt-submit: message" on stderr; returns SUBMIT_USAGE. */
#define submit_usage(...) cli_args_usage(SUBMIT_PROG, __VA_ARGS__)

/* An option's number from min to max into a 32-bit field: 0 or SUBMIT_USAGE. */
static int submit_number(const char *opt, const char *s, uint32_t min, uint32_t max, uint32_t *out)
{
	uint64_t v;

	if (cli_args_number(SUBMIT_PROG, opt, s, min, max, &v))
		return SUBMIT_USAGE;
	*out = (uint32_t)v;
	return 0;
}

/* A byte count with an optional K, M or G (binary) suffix, 1 .. 4 GiB - 1. */
static int submit_size(const char *opt, const char *s, uint64_t *out)
{
	static const char units[] = "KMG";
	char num[32];
	size_t n = strlen(s);
	unsigned shift = 0;
	const char *u = n ? strchr(units, s[n - 1]) : NULL;
	uint64_t v;

	if (u && s[n - 1]) {
		shift = 10 * (unsigned)(u - units + 1);
		n--;
	}
	if (n >= sizeof(num))
		return submit_usage("%s: '%s' is not a byte count", opt, s);
	memcpy(num, s, n);
	num[n] = '\0';
	if (cli_args_number(SUBMIT_PROG, opt, num, 1, UINT32_MAX >> shift, &v))
		return SUBMIT_USAGE;
	*out = v << shift;
	if (*out > UINT32_MAX)
		return submit_usage("%s: %s is 4 GiB or more (one copy-engine line at most)", opt, s);
	return 0;
}

/* --work's options agree with each other: 0, or the usage message's SUBMIT_USAGE. */
static int submit_work_check(const struct submit_opts *o)
{
	uint32_t lines = o->lines ? o->lines : 1;

	if (o->work == SUBMIT_WORK_RELEASE) {
		if (o->ce_unmapped)
			return submit_usage("--inject ce-unmapped needs --work copy or fill");
		if (o->verify || o->save_pushbuf || o->lines)
			return submit_usage("--verify, --save-pushbuf and --lines need --work copy or fill");
		return 0;
	}
	if (o->inject != NVRT_INJECT_NONE || o->fault != SUBMIT_FAULT_NONE)
		return submit_usage("--work %s: of --inject, only ce-unmapped applies",
				    o->work == SUBMIT_WORK_COPY ? "copy" : "fill");
	if (o->size % lines)
		return submit_usage("--size %" PRIu64 " is not a whole number of --lines %u", o->size, lines);
	if (o->work == SUBMIT_WORK_FILL && (o->size / lines) % 4)
		return submit_usage("--work fill: lines of %" PRIu64 " bytes are not whole 4-byte words",
				    o->size / lines);
	return 0;
}

static int submit_opt(struct submit_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'c':
		o->chip = nvrt_chip_find(arg);
		if (!o->chip)
			return submit_usage("--chip: unknown chip '%s' (this build knows %s)", arg,
					    submit_chip_list(", "));
		return 0;
	case 'v': {
		struct nvrt_err err;

		/* A BDF not written as one is the command line's fault (exit 2). */
		if (nvrt_vfio_bdf_check(arg, &err) < 0)
			return submit_usage("--vfio: %s", err.msg);
		o->vfio = arg;
		return 0;
	}
	case 'T':
		o->trace = arg;
		return 0;
	case 'n':
		return submit_number("--count", arg, 1, 100000000, &o->count);
	case 'd':
		return submit_number("--depth", arg, 1, 1u << 16, &o->depth);
	case 't':
		return submit_number("--timeout-ms", arg, 1, 3600000, &o->timeout_ms);
	case 'p':
		return submit_number("--progress", arg, 1, UINT32_MAX, &o->progress);
	case 'w':
		if (!strcmp(arg, "release"))
			o->work = SUBMIT_WORK_RELEASE;
		else if (!strcmp(arg, "copy"))
			o->work = SUBMIT_WORK_COPY;
		else if (!strcmp(arg, "fill"))
			o->work = SUBMIT_WORK_FILL;
		else
			return submit_usage("--work: '%s' is none of release, copy, fill", arg);
		return 0;
	case 's':
		return submit_size("--size", arg, &o->size);
	case 'l':
		return submit_number("--lines", arg, 1, 1u << 20, &o->lines);
	case 'P':
		if (!strcmp(arg, "4K"))
			o->page_size = 4096;
		else if (!strcmp(arg, "64K"))
			o->page_size = 65536;
		else if (!strcmp(arg, "2M"))
			o->page_size = 2u << 20;
		else
			return submit_usage("--page-size: '%s' is none of 4K, 64K, 2M", arg);
		return 0;
	case 'y':
		o->verify = true;
		return 0;
	case 'S':
		o->save_pushbuf = arg;
		return 0;
	case 'i':
		if (!strcmp(arg, "ce-unmapped")) {
			o->ce_unmapped = true;
			return 0;
		}
		if (nvrt_inject_parse(arg, &o->inject) < 0 && submit_fault_parse(arg, &o->fault) < 0)
			return submit_usage("--inject: '%s' is none of bad-signature, bad-gp-entry, "
					    "bad-method, bad-tsg, unmapped-semaphore, stuck-acquire, "
					    "fell-off-bus, pri-error, stale-channel, host-request", arg);
		return 0;
	}
	return SUBMIT_USAGE;
}

/* 0, SUBMIT_USAGE, or -1 after --help. */
static int submit_options(int argc, char **argv, struct submit_opts *o)
{
	static const struct option longopts[] = {
		{ "chip", required_argument, NULL, 'c' },
		{ "vfio", required_argument, NULL, 'v' },
		{ "count", required_argument, NULL, 'n' },
		{ "depth", required_argument, NULL, 'd' },
		{ "inject", required_argument, NULL, 'i' },
		{ "timeout-ms", required_argument, NULL, 't' },
		{ "progress", required_argument, NULL, 'p' },
		{ "trace", required_argument, NULL, 'T' },
		{ "work", required_argument, NULL, 'w' },
		{ "size", required_argument, NULL, 's' },
		{ "lines", required_argument, NULL, 'l' },
		{ "page-size", required_argument, NULL, 'P' },
		{ "verify", no_argument, NULL, 'y' },
		{ "save-pushbuf", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct submit_opts){ .count = 1, .depth = 1, .timeout_ms = 2000, .size = 1u << 20,
				   .page_size = 65536 };
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			submit_help();
			return -1;
		}
		if (c == 'V') {
			printf("nvrt-submit %s\n", NVRT_VERSION);
			return -1;
		}
		if (c == '?' || submit_opt(o, c, optarg))
			return c == '?' ? (fputs("Try 'nvrt-submit --help'.\n", stderr), SUBMIT_USAGE) : SUBMIT_USAGE;
	}
	if (optind < argc)
		return submit_usage("unexpected argument '%s'", argv[optind]);
	if (submit_work_check(o))
		return SUBMIT_USAGE;
	if (o->vfio && o->fault != SUBMIT_FAULT_NONE)
		return submit_usage("--inject %s: only the simulator can stage it, not --vfio",
				    submit_fault_name(o->fault));
	return 0;
}

static struct nvrt_backend *submit_backend(const struct submit_opts *o, const struct nvrt_chip *c,
					   struct nvrt_err *err)
{
	struct nvrt_sim_config cfg = { .chip = c };

	if (o->vfio) {
		printf("backend: vfio %s\n", o->vfio);
		return nvrt_backend_vfio_open(o->vfio, err);
	}
	printf("backend: simulator\n");
	submit_fault_config(o, &cfg);
	if (cfg.crashed_run)
		printf("injecting: stale-channel (the simulator starts as a run killed before its "
		       "teardown left it)\n");
	return nvrt_backend_sim_open(&cfg, err);
}

/* --trace FILE: opened and started on b; NULL without --trace or on failure
 * (*failed set, the message said). */
static FILE *submit_trace_start(const struct submit_opts *o, struct nvrt_backend *b, bool *failed)
{
	struct nvrt_err err;
	FILE *f;

	*failed = false;
	if (!o->trace)
		return NULL;
	f = fopen(o->trace, "w");
	if (!f) {
		fprintf(stderr, "nvrt-submit: --trace %s: %s\n", o->trace, strerror(errno));
		*failed = true;
		return NULL;
	}
	if (nvrt_trace_start(b, f, &err) < 0) {
		fprintf(stderr, "nvrt-submit: --trace %s: %s\n", o->trace, err.msg);
		fclose(f);
		*failed = true;
		return NULL;
	}
	return f;
}

/* Ends the trace; SUBMIT_FAIL when any write of it failed. */
static int submit_trace_stop(const struct submit_opts *o, struct nvrt_backend *b, FILE *f)
{
	struct nvrt_err err;
	int rc = SUBMIT_OK;

	if (!f)
		return SUBMIT_OK;
	if (nvrt_trace_stop(b, &err) < 0) {
		fprintf(stderr, "nvrt-submit: --trace %s: %s\n", o->trace, err.msg);
		rc = SUBMIT_FAIL;
	}
	if (fclose(f) == EOF && rc == SUBMIT_OK) {
		fprintf(stderr, "nvrt-submit: --trace %s: %s: the trace is incomplete\n", o->trace,
			strerror(errno));
		rc = SUBMIT_FAIL;
	}
	return rc;
}

/* Identifies the chip (--vfio), brings the device up and runs the
 * submissions; the backend stays open. */
static int submit_device(const struct submit_opts *o, struct nvrt_backend *b, const struct nvrt_chip *c)
{
	struct nvrt_device d;
	struct nvrt_err err;
	int rc;

	nvrt_trace_mark(b, "nvrt-submit: identify and bring-up");
	if (o->vfio && !(c = submit_chip_identify(b, o->vfio, o->chip, &err))) {
		fprintf(stderr, "nvrt-submit: refused: %s\n", err.msg);
		return SUBMIT_FAIL;
	}
	rc = nvrt_device_open(&d, b, c, stdout, &err);
	if (rc < 0) {
		fprintf(stderr, "nvrt-submit: %s%s\n", rc == NVRT_E_BUS ? "" : "refused: ", err.msg);
		return SUBMIT_FAIL;
	}
	nvrt_device_topology_print(&d, stdout);
	rc = o->work == SUBMIT_WORK_RELEASE ? submit_run(&d, o) : submit_work_run(&d, o);
	nvrt_device_close(&d);
	return rc;
}

int main(int argc, char **argv)
{
	const struct nvrt_chip *c;
	struct submit_opts o;
	struct nvrt_backend *b;
	struct nvrt_err err;
	bool requested, trace_failed;
	FILE *trace;
	int rc = submit_options(argc, argv, &o);

	if (rc)
		return rc < 0 ? SUBMIT_OK : rc;
	setvbuf(stdout, NULL, _IOLBF, 0);
	submit_signal_install();
	c = o.chip ? o.chip : o.vfio ? NULL : nvrt_chip_find(SUBMIT_CHIP_DEFAULT);
	b = submit_backend(&o, c, &err);
	if (!b) {
		fprintf(stderr, "nvrt-submit: %s\n", err.msg);
		return SUBMIT_FAIL;
	}
	trace = submit_trace_start(&o, b, &trace_failed);
	rc = trace_failed ? SUBMIT_FAIL : submit_device(&o, b, c);
	requested = nvrt_backend_host_request(b);
	if (submit_trace_stop(&o, b, trace) != SUBMIT_OK)
		rc = SUBMIT_FAIL;
	nvrt_backend_close(b);
	submit_fault_released(requested, &o);
	return requested ? SUBMIT_FAIL : rc;
}
