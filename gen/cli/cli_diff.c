/* SPDX-License-Identifier: MIT */
/*
 * refgen diff: what changed between two chips' manuals, for porting a driver
 * from one to the next.  A per-unit count of changes, then each change as
 * git shows a hunk: a header line saying what changed, then the manual's
 * lines, '-' from the first chip and '+' from the second.
 */
#include "cli/cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/diag.h"
#include "io/ir_chip.h"
#include "diff/ir_diff.h"
#include "ir/ir_print.h"
#include "base/json_out.h"
#include "mem.h"

struct cli_diff_opts {
	const char *from, *to, *unit, *ir_root;
	char from_name[64], to_name[64];   /* --from, --to in lower case */
	bool json, stat_only;
};

static const char *cli_diff_kind(const struct ir_def *d)
{
	return ir_kind_name(d->kind);
}

static const char *cli_diff_sb(struct strbuf *b)
{
	return b->data ? b->data : "";
}

static void cli_diff_clear(struct strbuf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

/* "-109: #define ..." (the addendum's file named when the line is from it). */
static void cli_diff_line(FILE *out, char sign, const struct ir_manual *m, const struct ir_def *d)
{
	struct strbuf b = { 0 };

	ir_print_define_buf(d, &b);
	if (d->addendum)
		fprintf(out, "%c%s:%u: %s\n", sign, m->addendum ? m->addendum : "addendum", d->line, cli_diff_sb(&b));
	else
		fprintf(out, "%c%u: %s\n", sign, d->line, cli_diff_sb(&b));
	strbuf_release(&b);
}

static void cli_diff_summary(FILE *out, const struct ir_diff *df, const struct cli_diff_opts *o)
{
	unsigned total[IR_DIFF_CHANGE_COUNT] = { 0 };

	fprintf(out, "%s -> %s: %zu unit%s with changes\n", o->from, o->to, df->nunits, df->nunits == 1 ? "" : "s");
	fprintf(out, "%-26s", "unit");
	for (int c = 0; c < IR_DIFF_CHANGE_COUNT; c++)
		fprintf(out, " %8s", ir_diff_change_name(c));
	fputc('\n', out);
	for (size_t i = 0; i < df->nunits; i++) {
		const struct ir_diff_unit *u = &df->units[i];
		char name[64];
		snprintf(name, sizeof(name), "%s%s", u->unit, !u->from ? " (new)" : !u->to ? " (gone)" : "");
		fprintf(out, "%-26s", name);
		for (int c = 0; c < IR_DIFF_CHANGE_COUNT; c++) {
			fprintf(out, " %8u", u->count[c]);
			total[c] += u->count[c];
		}
		fputc('\n', out);
	}
	if (df->nunits > 1) {
		fprintf(out, "%-26s", "total");
		for (int c = 0; c < IR_DIFF_CHANGE_COUNT; c++)
			fprintf(out, " %8u", total[c]);
		fputc('\n', out);
	}
}

static void cli_diff_hunk(FILE *out, const struct ir_diff_unit *u, const struct ir_diff_entry *e)
{
	const struct ir_def *d = e->to ? e->to : e->from;
	struct strbuf b = { 0 };

	ir_diff_changes_text(&b, e->changes);
	strbuf_printf(&b, " %s ", cli_diff_kind(d));
	ir_print_name_buf(e->from ? e->from : e->to, &b);
	if (e->from && e->to) {
		strbuf_puts(&b, ": ");
		ir_diff_detail_text(&b, e);
	}
	for (size_t i = 0; i < e->nrelated; i++) {
		strbuf_puts(&b, i ? ", " : "; replaced by ");
		ir_print_name_buf(e->related[i], &b);
	}
	fprintf(out, "@@ %s\n", cli_diff_sb(&b));
	strbuf_release(&b);
	if (e->from)
		cli_diff_line(out, '-', u->from, e->from);
	if (e->to)
		cli_diff_line(out, '+', u->to, e->to);
}

static void cli_diff_details(FILE *out, const struct ir_diff *df, const struct cli_diff_opts *o)
{
	for (size_t i = 0; i < df->nunits; i++) {
		const struct ir_diff_unit *u = &df->units[i];
		fprintf(out, "\ndiff --refgen %s/%s %s/%s\n", o->from, u->from ? u->from->unit : u->unit,
			o->to, u->to ? u->to->unit : u->unit);
		if (u->from)
			fprintf(out, "--- a/%s/%s\n", o->from, u->from->source ? u->from->source : u->unit);
		else
			fputs("--- /dev/null\n", out);
		if (u->to)
			fprintf(out, "+++ b/%s/%s\n", o->to, u->to->source ? u->to->source : u->unit);
		else
			fputs("+++ /dev/null\n", out);
		/* An excerpt leaves out what NVIDIA's driver does not use: a name
		 * it lacks is not shown to be gone from the chip. */
		if (u->from && !u->from->class_id && ir_manual_excerpt(u->from))
			fprintf(out, "note: %s/%s is an excerpt (NVIDIA's published %s): what it lacks is left out, not known to be added\n",
				o->from, u->unit, u->from->published);
		if (u->to && !u->to->class_id && ir_manual_excerpt(u->to))
			fprintf(out, "note: %s/%s is an excerpt (NVIDIA's published %s): what it lacks is left out, not known to be removed\n",
				o->to, u->unit, u->to->published);
		for (size_t k = 0; k < u->nentries; k++) {
			const struct ir_diff_entry *e = &u->entries[k];
			if (e->within < 0) {
				cli_diff_hunk(out, u, e);
				continue;
			}
			if (e->from)
				cli_diff_line(out, '-', u->from, e->from);
			if (e->to)
				cli_diff_line(out, '+', u->to, e->to);
		}
	}
}

static void cli_diff_json_def(FILE *out, const struct ir_manual *m, const struct ir_def *d)
{
	struct strbuf b = { 0 };

	if (!d) {
		fputs("null", out);
		return;
	}
	ir_print_define_buf(d, &b);
	fputc('{', out);
	json_out_member(out, "name", d->name, 1);
	json_out_member(out, "params", d->params, 0);
	json_out_member(out, "file", ir_def_file(m, d), 0);
	fprintf(out, ",\"line\":%u", d->line);
	json_out_member(out, "define", cli_diff_sb(&b), 0);
	fputc('}', out);
	strbuf_release(&b);
}

static void cli_diff_json_entry(FILE *out, const struct ir_diff_unit *u, const struct ir_diff_entry *e)
{
	struct strbuf b = { 0 };
	int first = 1;

	fputs("{\"changes\":[", out);
	for (int c = 0; c < IR_DIFF_CHANGE_COUNT; c++) {
		if (!(e->changes & IR_DIFF_BIT(c)))
			continue;
		if (!first)
			fputc(',', out);
		json_out_string(out, ir_diff_change_name(c));
		first = 0;
	}
	fputs("],", out);
	json_out_member(out, "kind", cli_diff_kind(e->to ? e->to : e->from), 1);
	ir_diff_detail_text(&b, e);
	json_out_member(out, "detail", cli_diff_sb(&b), 0);
	fprintf(out, ",\"within\":%ld,\"from\":", e->within);
	cli_diff_json_def(out, u->from, e->from);
	fputs(",\"to\":", out);
	cli_diff_json_def(out, u->to, e->to);
	fputs(",\"replaced_by\":[", out);
	for (size_t i = 0; i < e->nrelated; i++) {
		cli_diff_clear(&b);
		ir_print_name_buf(e->related[i], &b);
		if (i)
			fputc(',', out);
		json_out_string(out, cli_diff_sb(&b));
	}
	fputs("]}", out);
	strbuf_release(&b);
}

static void cli_diff_json(FILE *out, const struct ir_diff *df, const struct cli_diff_opts *o)
{
	fputc('{', out);
	json_out_member(out, "from", o->from, 1);
	json_out_member(out, "to", o->to, 0);
	fputs(",\"units\":[", out);
	for (size_t i = 0; i < df->nunits; i++) {
		const struct ir_diff_unit *u = &df->units[i];
		fputs(i ? ",{" : "{", out);
		json_out_member(out, "unit", u->unit, 1);
		fprintf(out, ",\"in_from\":%s,\"in_to\":%s,\"counts\":{", u->from ? "true" : "false",
			u->to ? "true" : "false");
		for (int c = 0; c < IR_DIFF_CHANGE_COUNT; c++)
			fprintf(out, "%s\"%s\":%u", c ? "," : "", ir_diff_change_name(c), u->count[c]);
		fputs("},\"entries\":[", out);
		for (size_t k = 0; !o->stat_only && k < u->nentries; k++) {
			if (k)
				fputc(',', out);
			cli_diff_json_entry(out, u, &u->entries[k]);
		}
		fputs("]}", out);
	}
	fputs("]}\n", out);
}

static int cli_diff_help(void)
{
	printf("Usage: refgen diff --from CHIP --to CHIP [--unit UNIT] [--stat] [--json] [--ir DIR]\n"
	       "       refgen diff --from CLASS --to CLASS [--stat] [--json] [--ir DIR]\n"
	       "Compare two chips' IR: registers, fields and values added, removed, moved,\n"
	       "resized, re-coded (access changed) and renamed with the same layout.\n"
	       "A count per unit, then each change with the manual lines of both chips\n"
	       "('-' first chip, '+' second).  Two classes (c3b5, clc6b5, VOLTA_DMA_COPY_A:\n"
	       "names of no chip, found in any chip's IR) compare their methods, matched\n"
	       "by name after the class prefix (NVC3B5_LAUNCH_DMA is NVC6B5_LAUNCH_DMA).\n"
	       "  --unit UNIT  only this unit (dev_fifo)\n"
	       "  --stat       only the counts\n"
	       "  --json       JSON instead of text\n"
	       "  --ir DIR     IR root holding DIR/CHIP/*.xml (default: the build tree, then\n"
	       "               the installed share/refgen/ir)\n"
	       "Exit status: 0 no change, 1 changes found, 2 usage or unreadable IR.\n");
	return CLI_OK;
}

/* --from/--to: a chip (any case, checked as every subcommand checks one), or
 * a class by its name (VOLTA_DMA_COPY_A: no chip name holds a '_'), kept as
 * given for cli_diff_classes. */
static int cli_diff_side(const char *arg, char *buf, size_t n)
{
	if (strchr(arg, '_')) {
		if (snprintf(buf, n, "%s", arg) >= (int)n)
			return cli_sub_usage("diff", "class name '%s' is too long", arg);
		return 0;
	}
	return cli_chip_arg("diff", arg, buf, n);
}

static int cli_diff_options(int argc, char **argv, struct cli_diff_opts *o)
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ "unit", required_argument, NULL, 'u' },
		{ "ir", required_argument, NULL, 'I' },
		{ "json", no_argument, NULL, 'j' },
		{ "stat", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "f:t:u:I:jsh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': o->from = optarg; break;
		case 't': o->to = optarg; break;
		case 'u': o->unit = optarg; break;
		case 'I': o->ir_root = optarg; break;
		case 'j': o->json = true; break;
		case 's': o->stat_only = true; break;
		case 'h': return cli_diff_help(), -1;
		default: return cli_sub_try("diff");
		}
	}
	if (!o->from || !o->to)
		return cli_sub_usage("diff", "--from and --to are required");
	if (optind != argc)
		return cli_sub_usage("diff", "unexpected argument '%s'", argv[optind]);
	if (cli_diff_side(o->from, o->from_name, sizeof(o->from_name)) ||
	    cli_diff_side(o->to, o->to_name, sizeof(o->to_name)))
		return CLI_USAGE;
	o->from = o->from_name;
	o->to = o->to_name;
	return 0;
}

/* The summary and the changes (or JSON); the exit status they make. */
static int cli_diff_print(const struct ir_diff *df, const struct cli_diff_opts *o)
{
	if (o->json) {
		cli_diff_json(stdout, df, o);
	} else {
		cli_diff_summary(stdout, df, o);
		if (!o->stat_only)
			cli_diff_details(stdout, df, o);
	}
	return df->nunits ? CLI_INPUT_ERROR : CLI_OK;
}

/* Puts class id's prefix (NV<ID>_) in place of another class's in each name
 * of m: the two classes' methods then match by name. */
static void cli_diff_class_names(struct ir_manual *m, uint32_t from, uint32_t to)
{
	char a[8], b[8];

	snprintf(a, sizeof(a), "NV%04X_", (unsigned)from);
	snprintf(b, sizeof(b), "NV%04X", (unsigned)to);
	for (size_t i = 0; i < m->ndefs; i++)
		if (!strncmp(m->defs[i]->name, a, 7))
			memcpy((char *)m->defs[i]->name, b, 6);
}

/*
 * --from and --to naming no chip but two classes (c3b5, clc6b5,
 * VOLTA_DMA_COPY_A): df is the one unit of what changed from one's methods
 * to the other's, matched by name after the class prefix (NVC3B5_LAUNCH_DMA
 * is NVC6B5_LAUNCH_DMA), a and b keep the units.  0; -1 when they are not
 * two classes (d holds an error only when the IR could not be read).
 */
static int cli_diff_classes(struct ir_chip *a, struct ir_chip *b, const struct cli_diff_opts *o,
			    struct ir_diff *df, struct diag *d)
{
	char dir[4096], tried[2048];
	struct ir_diff_unit *u;

	if (ir_chip_locate(o->from, o->ir_root, dir, sizeof(dir), tried, sizeof(tried)) == 0 ||
	    ir_chip_locate(o->to, o->ir_root, dir, sizeof(dir), tried, sizeof(tried)) == 0 ||
	    ir_class_load(a, o->from, o->ir_root, d) < 0 || ir_class_load(b, o->to, o->ir_root, d) < 0)
		return -1;
	struct ir_manual *x = a->units[0], *y = b->units[0];
	u = mem_calloc(1, sizeof(*u));
	cli_diff_class_names(y, y->class_id, x->class_id);
	int rc = ir_diff_unit_compare(u, x, y);
	cli_diff_class_names(y, x->class_id, y->class_id);
	if (rc < 0) {
		fprintf(stderr, "refgen: diff: out of memory\n");
		free(u);
		return -1;
	}
	u->unit = x->unit;
	df->units = u;
	df->nunits = u->nentries ? 1 : 0;
	return 0;
}

int cli_diff(int argc, char **argv)
{
	struct cli_diff_opts o = { 0 };
	struct ir_chip a, b;
	struct ir_diff df;
	struct diag d;
	int rc = cli_diff_options(argc, argv, &o);

	if (rc)
		return rc < 0 ? CLI_OK : rc;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	diag_init(&d);
	if (cli_diff_classes(&a, &b, &o, &df, &d) == 0) {
		/* two classes: their methods compared (no chip of those names) */
		rc = cli_diff_print(&df, &o);
		ir_diff_unit_release(df.units);
		free(df.units);
	} else if (d.errors || ir_chip_load(&a, o.from, o.ir_root, &d) < 0 ||
		   ir_chip_load(&b, o.to, o.ir_root, &d) < 0) {
		rc = CLI_USAGE;
	} else if (o.unit && !ir_chip_unit(&a, o.unit) && !ir_chip_unit(&b, o.unit)) {
		fprintf(stderr, "refgen diff: neither %s nor %s has unit '%s'\n", o.from, o.to, o.unit);
		rc = CLI_USAGE;
	} else if (ir_diff_chips(&df, a.units, a.nunits, b.units, b.nunits, o.unit) < 0) {
		fprintf(stderr, "refgen diff: out of memory\n");
		rc = CLI_USAGE;
	} else {
		rc = cli_diff_print(&df, &o);
		ir_diff_release(&df);
	}
	ir_chip_release(&a);
	ir_chip_release(&b);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "refgen diff: write error on standard output\n");
		return CLI_USAGE;
	}
	return rc;
}
