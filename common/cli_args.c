/* SPDX-License-Identifier: MIT */
#include "cli_args.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int cli_args_usage(const char *prog, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help'.\n", prog);
	return CLI_ARGS_USAGE;
}

bool cli_args_number_parse(const char *s, int base, uint64_t *out)
{
	unsigned char first = (unsigned char)s[0];
	unsigned long long v;
	char *end;

	if (base == 16 ? !isxdigit(first) : !isdigit(first))
		return false;
	errno = 0;
	v = strtoull(s, &end, base);
	if (*end || errno)
		return false;
	*out = v;
	return true;
}

int cli_args_number(const char *prog, const char *opt, const char *s, uint64_t min, uint64_t max,
		    uint64_t *out)
{
	uint64_t v;

	if (!cli_args_number_parse(s, 0, &v) || v < min || v > max)
		return cli_args_usage(prog, "%s: '%s' is not a number from %llu to %llu", opt, s,
				      (unsigned long long)min, (unsigned long long)max);
	*out = v;
	return 0;
}
