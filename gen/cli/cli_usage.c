/* SPDX-License-Identifier: MIT */
/* What every refgen subcommand's option reading shares: the usage messages' form, chip names. */
#include "cli/cli.h"

#include <ctype.h>
#include <stdio.h>

int cli_sub_try(const char *sub)
{
	fprintf(stderr, "Try 'refgen %s --help'.\n", sub);
	return CLI_USAGE;
}

int cli_chip_arg(const char *sub, const char *arg, char *buf, size_t n)
{
	size_t i;

	for (i = 0; arg[i] && i + 1 < n; i++) {
		if (!isalnum((unsigned char)arg[i])) {
			fprintf(stderr, "refgen %s: chip name '%s' must be letters and digits (gv100, tu104, ...)\n",
				sub, arg);
			return cli_sub_try(sub);
		}
		buf[i] = (char)tolower((unsigned char)arg[i]);
	}
	if (arg[i] || !i) {
		fprintf(stderr, "refgen %s: chip name '%s' is %s\n", sub, arg, i ? "too long" : "empty");
		return cli_sub_try(sub);
	}
	buf[i] = '\0';
	return 0;
}
