/* SPDX-License-Identifier: MIT */
#include "cli/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "atomic_file.h"
#include "base/data_file.h"
#include "base/diag.h"
#include "base/diag_known.h"
#include "cli/emit_run.h"
#include "fs.h"
#include "ir/ir_stats.h"
#include "io/ir_write.h"
#include "mem.h"
#include "parse/ref_parse.h"
#include "parse/ref_space.h"

struct cli_parse_opts {
	const char *output, *outdir, *addendum_dir, *published_dir, *chip, *known, *known_log, *spaces;
	char chip_name[64];            /* --chip in lower case */
	const char *published[16];   /* --published FILE, in order */
	const char *space_bases;     /* --space-bases hwproject.h */
	const char *emit, *views;    /* --emit OUTDIR, --views FILE */
	struct emit_run_formats formats;   /* --format (with --emit) */
	size_t npublished;
	bool stats, no_known;
	char known_found[4096];   /* the project's list, when --known is not given */
	char spaces_found[4096];  /* the project's address spaces, when --spaces is not */
	char views_found[4096];   /* the project's alternative views, when --views is not */
	struct diag *diag;   /* -W options land here */
};

static int cli_parse_options(int argc, char **argv, struct cli_parse_opts *o)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "outdir", required_argument, NULL, 'd' },
		{ "stats", no_argument, NULL, 's' },
		{ "addendum-dir", required_argument, NULL, 'a' },
		{ "published-dir", required_argument, NULL, 'p' },
		{ "published", required_argument, NULL, 'P' },
		{ "space-bases", required_argument, NULL, 'B' },
		{ "chip", required_argument, NULL, 'c' },
		{ "known", required_argument, NULL, 'k' },
		{ "known-log", required_argument, NULL, 'K' },
		{ "no-known", no_argument, NULL, 'N' },
		{ "spaces", required_argument, NULL, 'S' },
		{ "emit", required_argument, NULL, 'E' },
		{ "format", required_argument, NULL, 'F' },
		{ "views", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "o:d:a:p:c:W:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': o->output = optarg; break;
		case 'd': o->outdir = optarg; break;
		case 's': o->stats = true; break;
		case 'a': o->addendum_dir = optarg; break;
		case 'p': o->published_dir = optarg; break;
		case 'B': o->space_bases = optarg; break;
		case 'P':
			if (o->npublished == sizeof(o->published) / sizeof(o->published[0]))
				return cli_sub_usage("parse", "more than %zu --published headers",
						       o->npublished);
			o->published[o->npublished++] = optarg;
			break;
		case 'c': o->chip = optarg; break;
		case 'k': o->known = optarg; break;
		case 'K': o->known_log = optarg; break;
		case 'N': o->no_known = true; break;
		case 'S': o->spaces = optarg; break;
		case 'E': o->emit = optarg; break;
		case 'V': o->views = optarg; break;
		case 'F':
			if (emit_run_formats_add(&o->formats, optarg, "parse") != CLI_OK)
				return CLI_USAGE;
			break;
		case 'W':
			if (diag_option(o->diag, optarg) < 0)
				return cli_sub_usage("parse", "unknown option -W%s", optarg);
			break;
		case 'h':
			printf("Usage: refgen parse [-o OUT.xml | -d OUTDIR] [-a DIR] [-p DIR] [--chip CHIP] [--stats] [-W...]\n"
			       "                    [--known FILE | --no-known] [--known-log LOG] [--spaces FILE]\n"
			       "                    [--emit OUTDIR [--format=NAME[,NAME...]] [--views FILE]] FILE.ref|FILE.h...\n"
			       "Parse NVIDIA .ref manuals (or published reference headers, *.h) into\n"
			       "schema-validated XML IR, and with --emit generate the chip's outputs\n"
			       "from it in the same run.\n\n"
			       "  -o, --output FILE  write the IR of the single input to FILE ('-': stdout)\n"
			       "  -d, --outdir DIR   write DIR/<unit>.xml for each input\n"
			       "  -a, --addendum-dir DIR  continue each manual <unit>.ref[.txt] with DIR/<unit>.ref,\n"
			       "                     the project's facts the manual lacks, when that file exists\n"
			       "  -p, --published-dir DIR  fill each input <unit>'s gaps from NVIDIA's published\n"
			       "                     headers DIR/<unit>.h and DIR/<unit>_addendum.h, those that\n"
			       "                     exist: a define the manual lacks is added, marked with its\n"
			       "                     header; one it has stays the manual's (-Wpublished when they\n"
			       "                     disagree)\n"
			       "      --published FILE  fill the single input's gaps from this published header\n"
			       "                     too (repeatable; after -p's, in the order given)\n"
			       "  -c, --chip CHIP    the chip the inputs describe, recorded in the IR (a manual\n"
			       "                     <arch>/<chip>/<unit>.ref.txt of another chip is an error)\n"
			       "      --stats        print define counts by kind, per file and in total\n"
			       "      --known FILE   don't show the warnings FILE lists (\"<chip>/<unit> <warning>\n"
			       "                     <DEFINE>\" a line: known defects of the public manuals);\n"
			       "                     default: the project's known-warnings.txt, installed with\n"
			       "                     refgen (share/refgen); a count says how many were not shown\n"
			       "      --no-known     show every warning (no list)\n"
			       "      --known-log LOG  write the listed warnings to LOG instead of counting them\n"
			       "      --spaces FILE  the address spaces FILE declares (\"<chip>/<unit> <DEVICE>|*\n"
			       "                     <space>[:<VIA>] <source>\" a line), recorded in the IR;\n"
			       "                     default: the project's address-spaces.txt (share/refgen)\n"
			       "      --space-bases FILE  a published hwproject.h: a declared window may start\n"
			       "                     at one of its base addresses (window:NV_XAL_BASE_ADDRESS)\n"
			       "  -Werror            treat warnings as errors; -Werror=NAME only warning NAME\n"
			       "                     (-Wno-error=NAME undoes that)\n"
			       "  -WNAME, -Wno-NAME  enable or disable warning NAME: unplaced, redefined,\n"
			       "                     code-length, no-field, directive, xml, published,\n"
			       "                     code-letter, struct, rust (rust: --emit's Rust formats;\n"
			       "                     all on by default)\n"
			       "      --emit OUTDIR  also write the chip's outputs, as `refgen emit --chip CHIP\n"
			       "                     -o OUTDIR` does from this IR (byte for byte), from the\n"
			       "                     parsed model: the IR is not read back.  The inputs are\n"
			       "                     one chip's units: --chip, or their <arch>/<chip>/ folder\n"
			       "      --format=LIST  --emit's formats (refgen emit --help; default: the C ones)\n"
			       "      --views FILE   --emit's alternative views (default: the project's\n"
			       "                     alternative-views.txt, share/refgen)\n\n"
			       "Without -o, -d or --emit, a single input's IR goes to stdout (unless --stats).\n"
			       "Nothing is written unless every input, and every output of --emit, is good.\n");
			exit(CLI_OK);
		default:
			return cli_sub_try("parse");
		}
	}
	if (optind == argc)
		return cli_sub_usage("parse", "no input files");
	if (o->chip && cli_chip_arg("parse", o->chip, o->chip_name, sizeof(o->chip_name)))
		return CLI_USAGE;
	if (o->chip)
		o->chip = o->chip_name;   /* GV100 is gv100 */
	if (o->output && o->outdir)
		return cli_sub_usage("parse", "-o and -d cannot be used together");
	if (!o->emit && (o->formats.n || o->views))
		return cli_sub_usage("parse", "%s is an option of --emit", o->views ? "--views" : "--format");
	if (o->emit && !o->formats.n)
		emit_run_formats_default(&o->formats);
	if (o->emit && !o->views) {
		char tried[1024];

		if (data_file_find("alternative-views.txt", o->views_found, sizeof(o->views_found),
				   tried, sizeof(tried)) == 0)
			o->views = o->views_found;
	}
	if (o->known && o->no_known)
		return cli_sub_usage("parse", "--known and --no-known cannot be used together");
	if (!o->known && !o->no_known) {
		char tried[1024];

		if (data_file_find("known-warnings.txt", o->known_found, sizeof(o->known_found),
				   tried, sizeof(tried)) == 0)
			o->known = o->known_found;
	}
	if (!o->spaces) {
		char tried[1024];

		if (data_file_find("address-spaces.txt", o->spaces_found, sizeof(o->spaces_found),
				   tried, sizeof(tried)) == 0)
			o->spaces = o->spaces_found;
	}
	if (o->output && argc - optind > 1)
		return cli_sub_usage("parse", "-o takes one input; use -d for several");
	if (o->npublished && argc - optind > 1)
		return cli_sub_usage("parse", "--published continues a single input");
	if (!o->output && !o->outdir && !o->stats && !o->emit) {
		if (argc - optind > 1)
			return cli_sub_usage("parse", "several inputs need -d OUTDIR");
		o->output = "-";
	}
	return CLI_OK;
}

/* DIR/<unit>.ref for the manual at path, if it exists and is not path itself. */
static char *cli_parse_addendum(const char *dir, const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t n = strcspn(base, ".");
	struct stat a, b;
	char *add;

	if (!dir || asprintf(&add, "%s/%.*s.ref", dir, (int)n, base) < 0)
		return NULL;
	if (stat(add, &a) < 0 || (stat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)) {
		free(add);
		return NULL;
	}
	return add;
}

/* DIR/<unit>.h and DIR/<unit>_addendum.h for the input at path, those that
 * exist and are not path itself, then the --published headers; *n of them. */
static char **cli_parse_published(const char *dir, const char *path, const char *const *more,
				  size_t nmore, size_t *n)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t len = strcspn(base, ".");
	char **list = NULL;
	static const char *const suffixes[] = { ".h", "_addendum.h" };

	*n = 0;
	list = mem_calloc(2 + nmore, sizeof(*list));
	for (size_t i = 0; i < 2 && dir; i++) {
		struct stat a, b;
		char *h;

		if (asprintf(&h, "%s/%.*s%s", dir, (int)len, base, suffixes[i]) < 0)
			mem_out_of_memory();
		if (stat(h, &a) < 0 || (stat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino))
			free(h);
		else
			list[(*n)++] = h;
	}
	for (size_t i = 0; i < nmore; i++)
		if (!(list[(*n)++] = strdup(more[i])))
			mem_out_of_memory();
	return list;
}

/* Loads the known-warnings list and opens its log. */
static int cli_parse_known(const struct cli_parse_opts *o, struct diag *d)
{
	struct diag_known *k = diag_known_load(o->known, d);

	if (!k)
		return -1;
	diag_known_use(d, k);
	if (o->known_log && !(d->known_log = fopen(o->known_log, "w"))) {
		fprintf(stderr, "%s: error: cannot create: %s\n", o->known_log, strerror(errno));
		diag_known_free((struct diag_known *)d->known_list);
		return -1;
	}
	return 0;
}

/* The known-warnings list and its log, on a way out before any input is read. */
static void cli_parse_known_release(struct diag *d)
{
	diag_known_free((struct diag_known *)d->known_list);
	d->known_list = NULL;
	if (d->known_log)
		fclose(d->known_log);
	d->known_log = NULL;
}

static char *cli_parse_out_path(const char *outdir, const struct ir_manual *m)
{
	char *path;

	if (asprintf(&path, "%s/%s.xml", outdir, m->unit) < 0)
		mem_out_of_memory();
	return path;
}

/* An output that is not a regular file (or a new path) is never replaced. */
static int cli_parse_check_target(const char *out, struct diag *d)
{
	const char *why = strcmp(out, "-") ? atomic_file_target_error(out) : NULL;

	if (why)
		diag_report(d, DIAG_ERROR, out, 0, 0,
			    "is %s, not a regular file: refusing to replace it (-o - writes to stdout)", why);
	return why ? -1 : 0;
}

/* The chip the IR records: --chip, which a manual's own place must match. */
static int cli_parse_chip(struct ir_manual *m, const char *chip, const char *path, struct diag *d)
{
	if (!chip)
		return 0;
	if (m->chip && strcmp(m->chip, chip)) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "a manual of chip %s (%s), not %s (--chip)",
			    m->chip, m->path ? m->path : path, chip);
		return -1;
	}
	m->chip = arena_strdup(&m->arena, chip);
	return 0;
}

static bool cli_parse_unit_seen(char **units, int n, const char *unit)
{
	for (int i = 0; i < n; i++)
		if (units[i] && !strcmp(units[i], unit))
			return true;
	return false;
}

/*
 * --emit: the chip's outputs from the n models parsed (which it takes),
 * staged in the run's atomic_file session.  The chip is --chip's, or the
 * one the inputs' folder names.  0, -1, or -2 when no chip is known (usage).
 */
static int cli_parse_emit(const struct cli_parse_opts *o, struct emit_run_input *in, size_t n,
			  struct diag *d)
{
	const char *chip = o->chip;
	struct emit_views views = { NULL, 0 };
	struct emit_peer peer;
	int rc = -1;

	for (size_t i = 0; i < n && !chip; i++)
		chip = in[i].m->chip;
	if (!chip) {
		/* a usage error found late: only the inputs' place could have named the chip */
		cli_sub_usage("parse", "--emit needs the chip: no input is in a manuals tree "
			      "(<arch>/<chip>/<unit>.ref.txt); give --chip CHIP");
		for (size_t i = 0; i < n; i++)
			ir_manual_free(in[i].m);
		return -2;
	}
	for (size_t i = 0; i < n; i++)
		ir_manual_order(in[i].m);   /* as the IR reader leaves it */
	emit_run_units(&peer, chip, in, n, d);
	if (!d->errors && (!o->views || emit_views_load(&views, o->views, chip, d) == 0) &&
	    emit_run_stage(&peer, &views, 1, &o->formats, o->emit, d) == 0)
		rc = 0;
	emit_views_release(&views);
	for (size_t i = 0; i < peer.nunits; i++)
		ir_manual_free(peer.units[i]);
	free(peer.units);
	return rc;
}

int cli_parse(int argc, char **argv)
{
	struct cli_parse_opts o = { 0 };
	struct ir_stats total = { 0 };
	struct diag d;
	struct ref_parser *p;
	struct ref_spaces *spaces = NULL;
	struct ir_manual *bases = NULL;
	int rc, failed = 0, ninputs;
	struct emit_run_input *parsed;   /* the models --emit keeps */
	size_t nparsed = 0;
	char **units;

	diag_init(&d);
	o.diag = &d;
	rc = cli_parse_options(argc, argv, &o);
	if (rc != CLI_OK)
		return rc;
	if (o.known_log && !o.known)
		return cli_sub_usage("parse", o.no_known ? "--known-log needs a known-warnings list, not --no-known" :
				       "--known-log needs --known (the project's known-warnings.txt is not installed)");
	if (o.output && cli_parse_check_target(o.output, &d) < 0)
		return CLI_INPUT_ERROR;
	if (o.known && cli_parse_known(&o, &d) < 0)
		return CLI_INPUT_ERROR;
	if (o.outdir && fs_mkdir_p(o.outdir) < 0) {
		fprintf(stderr, "%s: error: cannot create directory: %s\n", o.outdir, strerror(errno));
		cli_parse_known_release(&d);
		return CLI_INPUT_ERROR;
	}
	if (o.spaces && !(spaces = ref_spaces_load(o.spaces, &d))) {
		cli_parse_known_release(&d);
		return CLI_INPUT_ERROR;
	}
	p = ref_parser_new();
	if (p && spaces && o.space_bases) {
		/* read for its constants: its own warnings are its unit's parse's */
		struct diag bd;

		diag_init(&bd);
		for (int w = 0; w < DIAG_W_COUNT; w++)
			bd.wflags[w] = DIAG_WF_OFF;
		if (!(bases = ref_parse_file(p, o.space_bases, &bd)) || bd.errors) {
			ir_manual_free(bases);
			ref_parser_free(p);
			ref_spaces_free(spaces);
			cli_parse_known_release(&d);
			return CLI_INPUT_ERROR;
		}
		ref_spaces_use_bases(spaces, bases);
	}
	if (!p) {
		ref_spaces_free(spaces);
		fprintf(stderr, "refgen: cannot compile the .ref patterns: %s\n", strerror(errno));
		cli_parse_known_release(&d);
		return CLI_INPUT_ERROR;
	}
	ninputs = argc - optind;
	units = mem_calloc((size_t)ninputs, sizeof(*units));
	parsed = mem_calloc((size_t)ninputs, sizeof(*parsed));
	/* All or nothing: outputs are linked in only if every input was good. */
	atomic_file_begin();
	if (o.stats)
		ir_stats_print_header(stdout);
	for (int i = 0; i < ninputs; i++) {
		const char *path = argv[optind + i];
		unsigned before = d.errors;  /* -Werror turns warnings into errors */
		char *addendum = cli_parse_addendum(o.addendum_dir, path);
		size_t npub;
		char **pub = cli_parse_published(o.published_dir, path, o.published, o.npublished, &npub);
		struct ir_manual *m = ref_parse_file_merged(p, path, addendum, (const char *const *)pub,
							   npub, &d);

		free(addendum);
		for (size_t k = 0; k < npub; k++)
			free(pub[k]);
		free(pub);

		if (!m || d.errors != before || cli_parse_chip(m, o.chip, path, &d) < 0 ||
		    (spaces && ref_spaces_apply(spaces, m, &d) < 0)) {
			failed = 1;
			ir_manual_free(m);
			continue;
		}
		if (o.stats) {
			struct ir_stats s = { 0 };
			ir_stats_add(&s, m);
			ir_stats_add(&total, m);
			ir_stats_print_row(stdout, path, &s);
		}
		if (o.outdir) {
			char *out = cli_parse_out_path(o.outdir, m);
			if (cli_parse_unit_seen(units, i, m->unit)) {
				diag_report(&d, DIAG_ERROR, path, 0, 0,
					    "another input also writes %s", out);
				failed = 1;
			} else if (!out || cli_parse_check_target(out, &d) < 0 || ir_write_file(m, out, &d) < 0) {
				failed = 1;
			}
			if (!(units[i] = strdup(m->unit)))
				mem_out_of_memory();
			free(out);
		} else if (o.output && ir_write_file(m, o.output, &d) < 0) {
			failed = 1;
		}
		if (o.emit)
			parsed[nparsed++] = (struct emit_run_input){ m, path };
		else
			ir_manual_free(m);
	}
	if (o.emit && !failed) {
		int e = cli_parse_emit(&o, parsed, nparsed, &d);

		if (e < 0)
			failed = e == -2 ? CLI_USAGE : CLI_INPUT_ERROR;
	} else {
		for (size_t i = 0; i < nparsed; i++)
			ir_manual_free(parsed[i].m);
	}
	free(parsed);
	if (o.stats && ninputs > 1)
		ir_stats_print_row(stdout, "total", &total);
	errno = 0;
	if (o.stats && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "refgen: error: cannot write to standard output: %s\n",
			strerror(errno ? errno : EIO));
		failed = 1;
	}
	if (failed) {
		atomic_file_abort();
		fs_mkdir_p_undo();   /* the folders we made, empty: the run leaves nothing */
	} else if (atomic_file_commit() < 0) {
		fprintf(stderr, "%s: error: cannot write: %s\n",
			o.outdir ? o.outdir : o.output ? o.output : o.emit, strerror(errno));
		fs_mkdir_p_undo();
		failed = 1;
	}
	for (int i = 0; i < ninputs; i++)
		free(units[i]);
	free(units);
	ref_parser_free(p);
	if (d.known && !d.known_log)
		fprintf(stderr, "refgen: %u warning(s) about known defects of the public manuals not shown "
			"(%s; --no-known shows them)\n", d.known, o.known);
	ref_spaces_free(spaces);
	ir_manual_free(bases);
	diag_known_free((struct diag_known *)d.known_list);
	if (d.known_log && fclose(d.known_log) != 0) {
		fprintf(stderr, "%s: error: cannot write: %s\n", o.known_log, strerror(errno));
		failed = 1;
	}
	return failed == CLI_USAGE ? CLI_USAGE : failed ? CLI_INPUT_ERROR : CLI_OK;
}
