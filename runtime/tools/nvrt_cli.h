/* SPDX-License-Identifier: MIT */
/* The nvrt command line: one file per subcommand. */
#ifndef NVRT_CLI_H
#define NVRT_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "cli_args.h"
#include "nvrt/chip.h"
#include "nvrt/layout.h"

enum {
	NVRT_CLI_OK = 0,
	NVRT_CLI_FAIL = 1,
	NVRT_CLI_USAGE = 2,
};

int nvrt_cli_layout(int argc, char **argv);
int nvrt_cli_decode(int argc, char **argv);

/* The program name of usage errors (cli_args.h). */
#define NVRT_CLI_PROG "nvrt"
/* "nvrt: message" on stderr; returns NVRT_CLI_USAGE. */
#define nvrt_cli_usage(...) cli_args_usage(NVRT_CLI_PROG, __VA_ARGS__)
/* The chip called name; a usage error listing the build's chips if none. */
const struct nvrt_chip *nvrt_cli_chip(const char *name);
/* The build's chip names joined by sep ("gv100, tu104"), from the library. */
const char *nvrt_cli_chip_list(const char *sep);
/* The chip when --chip is not given. */
#define NVRT_CLI_CHIP_DEFAULT "gv100"

/* Writes every buffer of l as a raw file into dir, plus layout.json. */
int nvrt_layout_dir_write(const struct nvrt_layout *l, const char *dir, struct nvrt_err *err);

/* A buffer listed in DIR/layout.json. */
struct nvrt_dir_buffer {
	char name[32], file[64];
	uint64_t iova, size;
};
/* What DIR/layout.json says (as nvrt layout writes it). */
struct nvrt_dir_layout {
	char chip[32];               /* the chip it was laid out for */
	uint64_t pdb;
	size_t n;                    /* buffers */
};
/* Reads the chip, the PDB and up to cap buffers of DIR/layout.json. */
int nvrt_layout_dir_read(const char *dir, struct nvrt_dir_buffer *bufs, size_t cap,
			 struct nvrt_dir_layout *out, struct nvrt_err *err);

#endif
