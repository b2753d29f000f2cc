/* SPDX-License-Identifier: MIT */
/* refgen: NVIDIA .ref manuals -> XML IR -> C headers. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <libxml/parser.h>

#include "bits.h"
#include "cli/cli.h"

#ifndef REFGEN_VERSION
#define REFGEN_VERSION "0.1"
#endif

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "parse", cli_parse, "parse .ref manuals into XML IR" },
	{ "print", cli_print, "write the define lines back from IR" },
	{ "emit", cli_emit, "generate a chip's C headers from IR" },
	{ "lookup", cli_lookup, "decode an address, value or name with the manuals' names" },
	{ "diff", cli_diff, "compare two chips' registers, fields and values" },
};

/* Output that could not be written is a failure, not a success (a command
 * that failed has said why already). */
static int main_flush_stdout(int rc)
{
	errno = 0;
	if ((fflush(stdout) == 0 && !ferror(stdout)) || rc != CLI_OK)
		return rc;
	fprintf(stderr, "refgen: error: cannot write to standard output: %s\n",
		strerror(errno ? errno : EIO));
	return CLI_INPUT_ERROR;
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: refgen COMMAND [options] FILE...\n\nCommands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(out, "\n'refgen COMMAND --help' describes a command's options.\n"
		"Exit status: 0 success, 1 input errors (diagnostics on stderr), 2 usage.\n");
}

int main(int argc, char **argv)
{
	int rc;

	if (argc < 2)
		return usage(stderr), CLI_USAGE;
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return main_flush_stdout(CLI_OK);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("refgen %s\n", REFGEN_VERSION);
		return main_flush_stdout(CLI_OK);
	}
#if defined(__GLIBC__)
	/* A run is short and grows to tens of MB (an IR read, a chip's headers):
	 * the heap grows in large steps and keeps what is freed, so that pages
	 * are reused rather than returned and faulted in again (emit of gv100:
	 * 7,500 -> 5,300 page faults).  Address space only: no page is touched. */
	mallopt(M_TOP_PAD, 64 << 20);
#endif
	xmlInitParser();
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++) {
		if (!strcmp(argv[1], commands[i].name)) {
			char prog[32];

			/* getopt's own messages name "refgen lookup", as refgen's do */
			snprintf(prog, sizeof(prog), "refgen %s", commands[i].name);
			argv[1] = prog;
			rc = commands[i].run(argc - 1, argv + 1);
			xmlCleanupParser();
			return main_flush_stdout(rc);
		}
	}
	return cli_usage_error("unknown command '%s'", argv[1]);
}
