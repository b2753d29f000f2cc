/* SPDX-License-Identifier: MIT */
#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/diag.h"
#include "ir/ir_print.h"
#include "io/ir_read.h"

int cli_print(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct diag d;
	int c, failed = 0;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c != 'h')
			return cli_sub_try("print");
		printf("Usage: refgen print IR.xml...\n"
		       "Write the manual's #define lines back from IR, in manual order.\n");
		return CLI_OK;
	}
	if (optind == argc)
		return cli_sub_usage("print", "no IR files");
	diag_init(&d);
	for (int i = optind; i < argc; i++) {
		struct ir_manual *m = ir_read_file(argv[i], &d);

		if (!m) {
			failed = 1;
			continue;
		}
		ir_print_manual(m, stdout);
		ir_manual_free(m);
	}
	if (fflush(stdout) != 0) {
		perror("refgen: stdout");
		failed = 1;
	}
	return failed ? CLI_INPUT_ERROR : CLI_OK;
}
