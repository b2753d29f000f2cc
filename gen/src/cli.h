/* SPDX-License-Identifier: MIT */
/* The refgen command line: one function per subcommand. */
#ifndef REFGEN_CLI_H
#define REFGEN_CLI_H

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
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Creates dir and its parents. 0 or -1 with errno. */
int cli_mkdir_p(const char *dir);

#endif
