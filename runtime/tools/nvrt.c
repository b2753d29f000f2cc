/* SPDX-License-Identifier: MIT */
/* nvrt: lay out and decode channel memory of the chips the library knows. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrt/version.h"
#include "nvrt_cli.h"

static void nvrt_usage(FILE *out)
{
	fputs("Usage: nvrt COMMAND [options]\n\n"
	      "Commands:\n"
	      "  layout --dir DIR [options]   lay out one TSG with one channel whose pushbuffer\n"
	      "                               releases a semaphore; write every buffer to DIR\n"
	      "  decode KIND FILE [options]   print memory with the manual's names; KIND is\n"
	      "                               pushbuffer, gpfifo, runlist, ramin, userd or walk\n\n"
	      "'nvrt COMMAND --help' describes a command's options; 'nvrt --version'\n"
	      "prints the version.\n"
	      "Exit status: 0 success, 1 failure (message on stderr), 2 usage.\n", out);
	fprintf(out, "Chips (--chip, default " NVRT_CLI_CHIP_DEFAULT "): %s\n", nvrt_cli_chip_list(", "));
}

/* Output that could not be written is a failure, not a success. */
static int nvrt_flush_stdout(int rc)
{
	errno = 0;
	if ((fflush(stdout) == 0 && !ferror(stdout)) || rc != NVRT_CLI_OK)
		return rc;
	fprintf(stderr, "nvrt: cannot write to standard output: %s\n", strerror(errno ? errno : EIO));
	return rc == NVRT_CLI_OK ? NVRT_CLI_FAIL : rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		nvrt_usage(stderr);
		return NVRT_CLI_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		nvrt_usage(stdout);
		return nvrt_flush_stdout(NVRT_CLI_OK);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("nvrt %s\n", NVRT_VERSION);
		return NVRT_CLI_OK;
	}
	/* getopt names the program by argv[0]: "nvrt layout: unrecognized option". */
	if (!strcmp(argv[1], "layout")) {
		argv[1] = (char *)"nvrt layout";
		return nvrt_flush_stdout(nvrt_cli_layout(argc - 1, argv + 1));
	}
	if (!strcmp(argv[1], "decode")) {
		argv[1] = (char *)"nvrt decode";
		return nvrt_flush_stdout(nvrt_cli_decode(argc - 1, argv + 1));
	}
	return nvrt_cli_usage("unknown command '%s'", argv[1]);
}
