/* SPDX-License-Identifier: MIT */
/* The refgen command line: one function per subcommand. */
#ifndef REFGEN_CLI_H
#define REFGEN_CLI_H

#include <stddef.h>

#include "cli_args.h"

/* Exit statuses. */
enum {
	CLI_OK = 0,
	CLI_INPUT_ERROR = 1,   /* diagnostics were printed */
	CLI_USAGE = 2,
};

int cli_parse(int argc, char **argv);
int cli_print(int argc, char **argv);
int cli_emit(int argc, char **argv);
int cli_diff(int argc, char **argv);
int cli_lookup(int argc, char **argv);

/* "refgen: message" on stderr; returns CLI_USAGE. */
#define cli_usage_error(...) cli_args_usage("refgen", __VA_ARGS__)
/* "refgen SUB: message" and "Try 'refgen SUB --help'." on stderr; returns
 * CLI_USAGE.  SUB is a string literal: the subcommand. */
#define cli_sub_usage(sub, ...) cli_args_usage("refgen " sub, __VA_ARGS__)
/* After getopt's own message (it names "refgen SUB": main.c sets argv[0]):
 * "Try 'refgen SUB --help'."; returns CLI_USAGE. */
int cli_sub_try(const char *sub);
/* A chip name as the IR's folders spell it (lower case) into buf; 0, or
 * CLI_USAGE with a message when it is too long or not letters and digits. */
int cli_chip_arg(const char *sub, const char *arg, char *buf, size_t n);

#endif
