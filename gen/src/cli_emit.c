#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "diag.h"
#include "emit_format.h"
#include "emit_views.h"
#include "ir_read.h"

/* An IR document and the file it was read from. */
struct cli_emit_input {
	struct ir_manual *m;
	const char *file;
};

static int cli_emit_by_unit(const void *a, const void *b)
{
	const struct cli_emit_input *x = a, *y = b;

	return strcmp(x->m->unit, y->m->unit);
}

/*
 * Inputs that don't belong together: two of one unit, or IR of another chip
 * than --chip (an IR that records no chip, made from a file outside a
 * manuals tree, goes with any).  Each error names both files.
 */
static void cli_emit_check_inputs(const char *chip, const struct cli_emit_input *in, size_t n,
				  struct diag *d)
{
	const struct cli_emit_input *ours = NULL;

	for (size_t i = 0; i < n && !ours; i++)
		if (in[i].m->chip && !strcmp(in[i].m->chip, chip))
			ours = &in[i];
	for (size_t i = 0; i < n; i++) {
		const struct ir_manual *m = in[i].m;
		if (i > 0 && !strcmp(in[i - 1].m->unit, m->unit))
			diag_report(d, DIAG_ERROR, in[i].file, 0, 0, "unit '%s' again: %s is unit '%s' too",
				    m->unit, in[i - 1].file, m->unit);
		if (m->chip && strcmp(m->chip, chip))
			diag_report(d, DIAG_ERROR, in[i].file, 0, 0,
				    "IR of chip %s (%s) among %s's%s%s%s: refused", m->chip,
				    m->path ? m->path : m->source, chip, ours ? " (" : "",
				    ours ? ours->file : "", ours ? " is one)" : "");
	}
}

/* The formats selected by --format, in table order (so output order is fixed). */
struct cli_emit_formats {
	const struct emit_format *f[16];
	size_t n;
};

/* Adds every name of the comma-separated list; a usage error for an unknown one. */
static int cli_emit_formats_add(struct cli_emit_formats *sel, const char *list)
{
	bool want[16] = { false };
	size_t nall = 0;

	for (size_t i = 0; i < sel->n; i++)
		want[sel->f[i] - emit_formats] = true;
	for (const char *s = list; ; s++) {
		size_t len = strcspn(s, ",");
		const struct emit_format *f = emit_format_find(s, len);

		if (!f)
			return cli_usage_error("emit: unknown format '%.*s' (see refgen emit --help)",
					       (int)len, s);
		want[f - emit_formats] = true;
		s += len;
		if (!*s)
			break;
	}
	sel->n = 0;
	for (const struct emit_format *f = emit_formats; f->name; f++, nall++)
		if (want[nall])
			sel->f[sel->n++] = f;
	return CLI_OK;
}

static void cli_emit_formats_default(struct cli_emit_formats *sel)
{
	for (const struct emit_format *f = emit_formats; f->name; f++)
		if (f->by_default)
			sel->f[sel->n++] = f;
}

static void cli_emit_help(void)
{
	printf("Usage: refgen emit --chip CHIP -o OUTDIR [--format=NAME[,NAME...]] [--views FILE] IR.xml...\n"
	       "Generate one chip's outputs from the IR of its manuals, per unit\n"
	       "OUTDIR/CHIP/<subdir><unit>.<ext>.  Formats (* = default):\n");
	for (const struct emit_format *f = emit_formats; f->name; f++)
		printf("  %c %-8s CHIP/%-8s %s\n", f->by_default ? '*' : ' ', f->name, f->subdir, f->help);
	printf("--views FILE declares units that are alternative views of one block\n"
	       "(lines CHIP UNIT UNIT); any other units sharing a name are an error.\n"
	       "Nothing is written unless every input is good.\n");
}

/* One pass over every unit and format; with dry_run only names are checked. */
static int cli_emit_pass(const char *chip, struct ir_manual **units, size_t n,
			 const struct cli_emit_formats *sel, const struct emit_views *views,
			 const char *outdir, bool dry_run, struct diag *d)
{
	struct emit_chip ec;
	int rc = 0;

	if (emit_chip_init(&ec, chip, units, n, d) < 0) {
		fprintf(stderr, "refgen: emit: bad chip name '%s'\n", chip);
		return -1;
	}
	if (emit_views_apply(&ec, views) < 0) {
		emit_chip_release(&ec);
		return -1;
	}
	ec.dry_run = dry_run;
	for (size_t u = 0; u < n; u++)
		for (size_t k = 0; k < sel->n; k++)
			if (sel->f[k]->unit(&ec, u, outdir) < 0)
				rc = -1;
	for (size_t k = 0; k < sel->n; k++)
		if (sel->f[k]->chip && sel->f[k]->chip(&ec, outdir) < 0)
			rc = -1;
	emit_chip_release(&ec);
	return rc;
}

static int cli_emit_support(const struct cli_emit_formats *sel, const char *outdir, struct diag *d)
{
	for (size_t k = 0; k < sel->n; k++)
		if (sel->f[k]->support && sel->f[k]->support(outdir, d) < 0)
			return -1;
	return 0;
}

int cli_emit(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "chip", required_argument, NULL, 'c' },
		{ "output", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, 'f' },
		{ "views", required_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_emit_formats sel = { { NULL }, 0 };
	const char *chip = NULL, *outdir = NULL, *views_file = NULL;
	struct emit_views views = { 0 };
	struct cli_emit_input *in;
	struct ir_manual **units;
	struct diag d;
	size_t n = 0;
	int c, rc = CLI_OK;

	while ((c = getopt_long(argc, argv, "c:o:f:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': chip = optarg; break;
		case 'o': outdir = optarg; break;
		case 'v': views_file = optarg; break;
		case 'f':
			if (cli_emit_formats_add(&sel, optarg) != CLI_OK)
				return CLI_USAGE;
			break;
		case 'h':
			cli_emit_help();
			return CLI_OK;
		default:
			return CLI_USAGE;
		}
	}
	if (!sel.n)
		cli_emit_formats_default(&sel);
	if (!chip || !outdir)
		return cli_usage_error("emit: --chip and -o are required");
	for (const char *s = chip; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
			return cli_usage_error("emit: chip name '%s' must be lower-case letters and digits", chip);
	if (optind == argc)
		return cli_usage_error("emit: no IR files");
	diag_init(&d);
	if (views_file && emit_views_load(&views, views_file, chip, &d) < 0)
		return CLI_INPUT_ERROR;
	in = calloc((size_t)(argc - optind), sizeof(*in));
	units = calloc((size_t)(argc - optind), sizeof(*units));
	for (int i = optind; i < argc; i++) {
		struct ir_manual *m = ir_read_file(argv[i], &d);
		if (m)
			in[n++] = (struct cli_emit_input){ m, argv[i] };
	}
	/* Stable output whatever the argument order. */
	qsort(in, n, sizeof(*in), cli_emit_by_unit);
	cli_emit_check_inputs(chip, in, n, &d);
	for (size_t i = 0; i < n; i++)
		units[i] = in[i].m;
	/* All or nothing: files are linked in only when every output was made. */
	atomic_file_begin();
	if (d.errors || cli_emit_pass(chip, units, n, &sel, &views, outdir, true, &d) < 0 ||
	    cli_emit_support(&sel, outdir, &d) < 0 ||
	    cli_emit_pass(chip, units, n, &sel, &views, outdir, false, &d) < 0) {
		atomic_file_abort();
		rc = CLI_INPUT_ERROR;
	} else if (atomic_file_commit() < 0) {
		fprintf(stderr, "%s: error: cannot write: %s\n", outdir, strerror(errno));
		rc = CLI_INPUT_ERROR;
	}
	for (size_t i = 0; i < n; i++)
		ir_manual_free(units[i]);
	free(units);
	free(in);
	emit_views_release(&views);
	return rc;
}
