/* SPDX-License-Identifier: MIT */
/* nvrt layout: one TSG with one channel, written out for inspection. */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "nvrt_cli.h"

struct layout_opts {
	const char *dir, *chip;
	uint64_t payload, count;
	struct nvrt_layout_params p;
};

static void layout_help(void)
{
	printf("Usage: nvrt layout --dir DIR [--chip %s] [--chid N] [--tsgid N] [--runqueue N]\n"
	       "                   [--aperture coherent|noncoherent] [--gpfifo-entries N]\n"
	       "                   [--pushbuffer-bytes N] [--va-base VA] [--payload N] [--count N]\n"
	       "                   [--privileged]\n"
	       "Lays out one TSG with one channel exactly as nvrt-submit does, pushes COUNT\n"
	       "(default 1) semaphore releases of PAYLOAD (default 1, then +1 each), and writes\n"
	       "instance.bin, userd.bin, runlist.bin, gpfifo.bin, pushbuffer.bin,\n"
	       "semaphore.bin, the page tables (pd3.bin, pd2_0.bin, ...) and layout.json to DIR,\n"
	       "in the formats of --chip (default " NVRT_CLI_CHIP_DEFAULT ").\n", nvrt_cli_chip_list("|"));
}

/* 0, or nonzero after a usage error. */
static int layout_opt(struct layout_opts *o, int c, const char *arg)
{
	uint64_t v;
	const uint64_t u32 = 0xFFFFFFFFu;

	switch (c) {
	case 'd': o->dir = arg; return 0;
	case 'c': o->chip = arg; return 0;
	case 'P': o->p.privileged = true; return 0;
	case 'a':
		if (nvrt_aperture_parse(arg, &o->p.aperture) < 0)
			return nvrt_cli_usage("--aperture: '%s' is not coherent or noncoherent", arg), -1;
		return 0;
	case 'v':
		return cli_args_number(NVRT_CLI_PROG, "--va-base", arg, 0, (uint64_t)1 << 49,
				       &o->p.va_base);
	case 'y': return cli_args_number(NVRT_CLI_PROG, "--payload", arg, 0, u32, &o->payload);
	case 'n': return cli_args_number(NVRT_CLI_PROG, "--count", arg, 0, 1u << 20, &o->count);
	}
	if (cli_args_number(NVRT_CLI_PROG, c == 'i' ? "--chid" : c == 't' ? "--tsgid" :
			    c == 'r' ? "--runqueue" : c == 'g' ? "--gpfifo-entries" :
			    "--pushbuffer-bytes", arg, 0, u32, &v))
		return -1;
	switch (c) {
	case 'i': o->p.chid = (uint32_t)v; break;
	case 't': o->p.tsgid = (uint32_t)v; break;
	case 'r': o->p.runqueue = (uint32_t)v; break;
	case 'g': o->p.gpfifo_entries = (uint32_t)v; break;
	case 'b': o->p.pushbuf_bytes = (uint32_t)v; break;
	}
	return 0;
}

static int layout_options(int argc, char **argv, struct layout_opts *o)
{
	static const struct option longopts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "chip", required_argument, NULL, 'c' },
		{ "chid", required_argument, NULL, 'i' },
		{ "tsgid", required_argument, NULL, 't' },
		{ "runqueue", required_argument, NULL, 'r' },
		{ "aperture", required_argument, NULL, 'a' },
		{ "gpfifo-entries", required_argument, NULL, 'g' },
		{ "pushbuffer-bytes", required_argument, NULL, 'b' },
		{ "va-base", required_argument, NULL, 'v' },
		{ "payload", required_argument, NULL, 'y' },
		{ "count", required_argument, NULL, 'n' },
		{ "privileged", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			layout_help();
			return 1;
		}
		if (c == '?' || layout_opt(o, c, optarg))
			return -1;
	}
	if (optind != argc)
		return nvrt_cli_usage("layout: unexpected argument '%s'", argv[optind]), -1;
	if (!o->dir)
		return nvrt_cli_usage("layout: --dir is required"), -1;
	return 0;
}

/*
 * Whether a lay-out that failed failed for its options: the same chip with
 * the default parameters lays out in the same (host) memory.  Then what the
 * library refused (a GPFIFO size that is no power of two, a CHID or TSG id
 * out of range, ...) is a usage error.
 */
static bool layout_options_refused(const struct nvrt_chip *c, struct nvrt_backend *b)
{
	struct nvrt_layout_params p;
	struct nvrt_layout l;
	struct nvrt_err err;

	nvrt_layout_params_default(&p);
	if (nvrt_layout_build(&l, c, b, &p, &err) < 0)
		return false;
	nvrt_layout_fini(&l);
	return true;
}

/* 0, -1 with err, or NVRT_CLI_USAGE with err (the options were refused). */
static int layout_run(const struct layout_opts *o, const struct nvrt_chip *c, struct nvrt_err *err)
{
	struct nvrt_backend *b = nvrt_backend_host_open(0x100000, err);
	struct nvrt_layout l;
	int rc = -1;

	if (!b)
		return -1;
	if (nvrt_layout_build(&l, c, b, &o->p, err) < 0) {
		if (layout_options_refused(c, b))
			rc = NVRT_CLI_USAGE;
	} else {
		rc = 0;
		/* Host memory does not run out: releases that do not fit are the
		 * options' (--count for --pushbuffer-bytes / --gpfifo-entries). */
		for (uint64_t k = 0; k < o->count && !rc; k++)
			if (nvrt_layout_push_release(&l, (uint32_t)(o->payload + k), 0, err) < 0)
				rc = NVRT_CLI_USAGE;
		if (!rc)
			rc = nvrt_layout_dir_write(&l, o->dir, err);
		nvrt_layout_fini(&l);
	}
	nvrt_backend_close(b);
	return rc;
}

int nvrt_cli_layout(int argc, char **argv)
{
	struct layout_opts o = { .chip = NVRT_CLI_CHIP_DEFAULT, .payload = 1, .count = 1 };
	struct nvrt_err err = { "" };
	struct stat st;
	const struct nvrt_chip *c;
	int rc;

	nvrt_layout_params_default(&o.p);
	rc = layout_options(argc, argv, &o);
	if (rc)
		return rc > 0 ? NVRT_CLI_OK : NVRT_CLI_USAGE;
	c = nvrt_cli_chip(o.chip);
	if (!c)
		return NVRT_CLI_USAGE;
	/* Another run may create it between our look and our mkdir: what
	 * counts is that a directory is there afterwards. */
	if (mkdir(o.dir, 0777) < 0 && (errno != EEXIST || stat(o.dir, &st) < 0 || !S_ISDIR(st.st_mode))) {
		fprintf(stderr, "nvrt: %s: cannot create: %s\n", o.dir,
			errno == EEXIST ? "exists and is not a directory" : strerror(errno));
		return NVRT_CLI_FAIL;
	}
	rc = layout_run(&o, c, &err);
	if (rc) {
		fprintf(stderr, "nvrt: layout: %s\n", err.msg);
		return rc == NVRT_CLI_USAGE ? NVRT_CLI_USAGE : NVRT_CLI_FAIL;
	}
	return NVRT_CLI_OK;
}
