/* SPDX-License-Identifier: MIT */
/* The refgen command line: one function per subcommand. */
#ifndef REFGEN_CLI_H
#define REFGEN_CLI_H

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

#endif
