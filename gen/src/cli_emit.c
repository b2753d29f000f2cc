#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "emit.h"
#include "ir_read.h"

static int cli_emit_by_unit(const void *a, const void *b)
{
	const struct ir_manual *x = *(const struct ir_manual *const *)a;
	const struct ir_manual *y = *(const struct ir_manual *const *)b;

	return strcmp(x->unit, y->unit);
}

/* One pass over every unit; with dry_run only names are checked. */
static int cli_emit_pass(const char *chip, struct ir_manual **units, size_t n,
			 const char *outdir, bool dry_run, struct diag *d)
{
	struct emit_chip ec;
	int rc = 0;

	if (emit_chip_init(&ec, chip, units, n, d) < 0) {
		fprintf(stderr, "refgen: emit: bad chip name '%s'\n", chip);
		return -1;
	}
	ec.dry_run = dry_run;
	for (size_t u = 0; u < n; u++) {
		if (emit_nv_unit(&ec, u, outdir) < 0)
			rc = -1;
		if (emit_typed_unit(&ec, u, outdir) < 0)
			rc = -1;
		if (emit_fields_unit(&ec, u, outdir) < 0)
			rc = -1;
	}
	emit_chip_release(&ec);
	return rc;
}

int cli_emit(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "chip", required_argument, NULL, 'c' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *chip = NULL, *outdir = NULL;
	struct ir_manual **units;
	struct diag d;
	size_t n = 0;
	int c, rc = CLI_OK;

	while ((c = getopt_long(argc, argv, "c:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': chip = optarg; break;
		case 'o': outdir = optarg; break;
		case 'h':
			printf("Usage: refgen emit --chip CHIP -o OUTDIR IR.xml...\n"
			       "Generate C headers for one chip from the IR of its manuals:\n"
			       "  OUTDIR/CHIP/nv/<unit>.h   NVIDIA-compatible #defines\n"
			       "  OUTDIR/CHIP/<unit>.h      typed accessors\n"
			       "  OUTDIR/CHIP/fields/<unit>.h field descriptors (names, positions, values)\n"
			       "  OUTDIR/refgen/accessors.h, fields.h  support shared by those headers\n");
			return CLI_OK;
		default:
			return CLI_USAGE;
		}
	}
	if (!chip || !outdir)
		return cli_usage_error("emit: --chip and -o are required");
	for (const char *s = chip; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
			return cli_usage_error("emit: chip name '%s' must be lower-case letters and digits", chip);
	if (optind == argc)
		return cli_usage_error("emit: no IR files");
	diag_init(&d);
	units = calloc((size_t)(argc - optind), sizeof(*units));
	for (int i = optind; i < argc; i++) {
		struct ir_manual *m = ir_read_file(argv[i], &d);
		if (m)
			units[n++] = m;
	}
	/* Stable output whatever the argument order. */
	qsort(units, n, sizeof(*units), cli_emit_by_unit);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(units[i - 1]->unit, units[i]->unit))
			diag_report(&d, DIAG_ERROR, units[i]->source, 0, 0,
				    "two inputs are unit '%s'", units[i]->unit);
	if (d.errors || cli_emit_pass(chip, units, n, outdir, true, &d) < 0 ||
	    emit_support(outdir, &d) < 0 || emit_fields_support(outdir, &d) < 0 || cli_emit_pass(chip, units, n, outdir, false, &d) < 0)
		rc = CLI_INPUT_ERROR;
	for (size_t i = 0; i < n; i++)
		ir_manual_free(units[i]);
	free(units);
	return rc;
}
