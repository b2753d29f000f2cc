/* SPDX-License-Identifier: MIT */
#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "base/data_file.h"
#include "base/diag.h"
#include "cli/emit_run.h"
#include "fs.h"
#include "io/ir_read.h"
#include "mem.h"

static void cli_emit_help(void)
{
	printf("Usage: refgen emit --chip CHIP -o OUTDIR [--format=NAME[,NAME...]] [--views FILE] [-W...] IR.xml...\n"
	       "       refgen emit -o OUTDIR [--format=NAME[,NAME...]] [--views FILE] [-W...] IRDIR...\n"
	       "Generate outputs from the IR of a chip's manuals (the second form: every\n"
	       "chip of the run, each IRDIR one chip named after it, e.g. out/ir/gv100;\n"
	       "cross-chip outputs compare the chips of one run).  Per unit\n"
	       "OUTDIR/CHIP/<subdir><unit>.<ext>.  Formats (* = default):\n");
	for (const struct emit_format *f = emit_formats; f->name; f++)
		printf("  %c %-8s CHIP/%-8s %s\n", f->by_default ? '*' : ' ', f->name, f->subdir, f->help);
	printf("-WNAME, -Wno-NAME, -Werror[=NAME] as refgen parse has them; emit's own:\n"
	       "-Wrust, a field the rust formats leave out (doc/rust.md says why).\n"
	       "--views FILE declares units that are alternative views of one block\n"
	       "(lines CHIP UNIT UNIT); any other units sharing a name are an error.\n"
	       "Default: the project's alternative-views.txt, installed with refgen\n"
	       "(share/refgen).  Nothing is written unless every input is good.\n");
}

/* One chip of the run: its units (struct emit_peer, what the others see)
 * and its declared alternative views. */
struct cli_emit_chips {
	struct emit_peer *chip;
	struct emit_views *views;
	size_t n;
	bool own_names;       /* chip names were allocated (IRDIR form) */
};

/* Reads one chip's IR files into c (emit_run_units). */
static void cli_emit_read(struct emit_peer *c, const char *chip, char **files, size_t nfiles,
			  struct diag *d)
{
	struct emit_run_input *in = mem_calloc(nfiles + 1, sizeof(*in));
	size_t n = 0;

	for (size_t i = 0; i < nfiles; i++) {
		struct ir_manual *m = ir_read_file(files[i], d);
		if (m)
			in[n++] = (struct emit_run_input){ m, files[i] };
	}
	emit_run_units(c, chip, in, n, d);
	free(in);
}

/* IRDIR: one chip named after the directory ("out/ir/gv100/" is gv100), its
 * units the *.xml in it. */
static int cli_emit_read_dir(struct emit_peer *c, const char *dir, struct diag *d)
{
	char *name, *pattern = NULL, *base;
	struct stat st;
	glob_t g;
	int rc = CLI_OK;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return cli_sub_usage("emit", "'%s' is not an IR directory (IR files need --chip CHIP)", dir);
	name = strdup(dir);
	for (size_t n = strlen(name); n > 1 && name[n - 1] == '/'; n--)
		name[n - 1] = '\0';
	base = strrchr(name, '/');
	memmove(name, base ? base + 1 : name, strlen(base ? base + 1 : name) + 1);
	if (!emit_run_chip_name_ok(name))
		rc = cli_sub_usage("emit", "chip name '%s' (from %s) must be lower-case letters and digits",
				     name, dir);
	else if (asprintf(&pattern, "%s/*.xml", dir) < 0 || glob(pattern, 0, NULL, &g) != 0)
		rc = cli_sub_usage("emit", "no IR files in %s", dir);
	free(pattern);
	if (rc != CLI_OK) {
		free(name);
		return rc;
	}
	cli_emit_read(c, name, g.gl_pathv, g.gl_pathc, d);
	globfree(&g);
	return CLI_OK;
}

static void cli_emit_chips_free(struct cli_emit_chips *cs)
{
	for (size_t c = 0; c < cs->n; c++) {
		for (size_t i = 0; i < cs->chip[c].nunits; i++)
			ir_manual_free(cs->chip[c].units[i]);
		free(cs->chip[c].units);
		if (cs->own_names)
			free((char *)cs->chip[c].chip);
		emit_views_release(&cs->views[c]);
	}
	free(cs->chip);
	free(cs->views);
}

/*
 * All or nothing: the support files, then every chip, made and staged
 * (emit_run_stage); files are linked in only when every output was made,
 * and on any error none is.
 */
static int cli_emit_run(const struct cli_emit_chips *cs, const struct emit_run_formats *sel,
			const char *outdir, struct diag *d)
{
	atomic_file_begin();
	/* a warning made an error (-Werror=rust) fails the run: nothing written */
	if (emit_run_stage(cs->chip, cs->views, cs->n, sel, outdir, d) < 0 || diag_failed(d)) {
		atomic_file_abort();
		fs_mkdir_p_undo();
		return -1;
	}
	if (atomic_file_commit() < 0) {
		fprintf(stderr, "%s: error: cannot write: %s\n", outdir, strerror(errno));
		fs_mkdir_p_undo();
		return -1;
	}
	return 0;
}

/* The chips of the command line: --chip CHIP with files, or IR directories. */
static int cli_emit_read_all(struct cli_emit_chips *cs, const char *chip, char **args, size_t nargs,
			     const char *views_file, struct diag *d)
{
	cs->chip = mem_calloc(nargs, sizeof(*cs->chip));
	cs->views = mem_calloc(nargs, sizeof(*cs->views));
	cs->own_names = !chip;
	if (chip) {
		cli_emit_read(&cs->chip[cs->n++], chip, args, nargs, d);
	} else {
		for (size_t i = 0; i < nargs; i++) {
			int rc = cli_emit_read_dir(&cs->chip[cs->n], args[i], d);
			if (rc != CLI_OK)
				return rc;
			cs->n++;
		}
	}
	for (size_t c = 0; c < cs->n && views_file; c++)
		if (emit_views_load(&cs->views[c], views_file, cs->chip[c].chip, d) < 0)
			return CLI_INPUT_ERROR;
	return CLI_OK;
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
	struct emit_run_formats sel = { { NULL }, 0 };
	const char *chip = NULL, *outdir = NULL, *views_file = NULL;
	char chip_name[64];
	char views_found[4096], tried[1024];
	struct cli_emit_chips cs = { NULL, NULL, 0, false };
	struct diag d;
	int c, rc;

	diag_init(&d);
	while ((c = getopt_long(argc, argv, "c:o:f:hW:", longopts, NULL)) != -1) {
		switch (c) {
		case 'W':
			if (diag_option(&d, optarg) < 0)
				return cli_usage_error("emit: unknown option -W%s", optarg);
			break;
		case 'c': chip = optarg; break;
		case 'o': outdir = optarg; break;
		case 'v': views_file = optarg; break;
		case 'f':
			if (emit_run_formats_add(&sel, optarg, "emit") != CLI_OK)
				return CLI_USAGE;
			break;
		case 'h':
			cli_emit_help();
			return CLI_OK;
		default:
			return cli_sub_try("emit");
		}
	}
	if (!sel.n)
		emit_run_formats_default(&sel);
	if (!outdir)
		return cli_sub_usage("emit", "-o OUTDIR is required");
	if (chip && cli_chip_arg("emit", chip, chip_name, sizeof(chip_name)))
		return CLI_USAGE;
	if (chip)
		chip = chip_name;   /* GV100 is gv100 */
	if (chip && !emit_run_chip_name_ok(chip))
		return cli_sub_usage("emit", "chip name '%s' must be lower-case letters and digits", chip);
	if (optind == argc)
		return cli_sub_usage("emit", chip ? "no IR files" : "no IR directories (or --chip CHIP IR.xml...)");
	if (!views_file && data_file_find("alternative-views.txt", views_found, sizeof(views_found),
					   tried, sizeof(tried)) == 0)
		views_file = views_found;
	rc = cli_emit_read_all(&cs, chip, argv + optind, (size_t)(argc - optind), views_file, &d);
	if (rc == CLI_OK && (d.errors || cli_emit_run(&cs, &sel, outdir, &d) < 0))
		rc = CLI_INPUT_ERROR;
	cli_emit_chips_free(&cs);
	return rc;
}
