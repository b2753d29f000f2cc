/* SPDX-License-Identifier: MIT */
/*
 * Command-line arguments of the project's tools (refgen, nvrt, nvrt-submit):
 * one wording for usage errors and one strict reading of numbers.
 */
#ifndef COMMON_CLI_ARGS_H
#define COMMON_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>

/* The exit status of a usage error. */
#define CLI_ARGS_USAGE 2

/* "<prog>: <message>" and "Try '<prog> --help'." on stderr; returns
 * CLI_ARGS_USAGE. */
int cli_args_usage(const char *prog, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * s as a whole number below 2^64: base 0 reads it as C writes it (decimal,
 * 0x hexadecimal, 0 octal), base 16 hexadecimal (0x optional).  A digit comes first (strtoull would
 * take blanks and a sign: "-1" is not a number).  false if s is not one.
 */
bool cli_args_number_parse(const char *s, int base, uint64_t *out);

/* Option opt's value s (base 0), a number from min to max: 0, else the usage
 * error "<opt>: '<s>' is not a number from <min> to <max>", CLI_ARGS_USAGE. */
int cli_args_number(const char *prog, const char *opt, const char *s, uint64_t min, uint64_t max,
		    uint64_t *out);

#endif
