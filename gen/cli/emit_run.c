/* SPDX-License-Identifier: MIT */
/* A run of emitters over models in memory (see emit_run.h). */
#include "cli/emit_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "cli/cli.h"
#include "mem.h"

int emit_run_formats_add(struct emit_run_formats *sel, const char *list, const char *cmd)
{
	bool want[16] = { false };
	size_t nall = 0;

	for (size_t i = 0; i < sel->n; i++)
		want[sel->f[i] - emit_formats] = true;
	for (const char *s = list; ; s++) {
		size_t len = strcspn(s, ",");
		const struct emit_format *f = emit_format_find(s, len);

		if (!f)
		{
			char prog[32];

			snprintf(prog, sizeof(prog), "refgen %s", cmd);
			return cli_args_usage(prog, "unknown format '%.*s' (see refgen emit --help)", (int)len, s);
		}
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

void emit_run_formats_default(struct emit_run_formats *sel)
{
	for (const struct emit_format *f = emit_formats; f->name; f++)
		if (f->by_default)
			sel->f[sel->n++] = f;
}

static int emit_run_by_unit(const void *a, const void *b)
{
	const struct emit_run_input *x = a, *y = b;

	return strcmp(x->m->unit, y->m->unit);
}

/*
 * Inputs that don't belong together: two of one unit, or IR of another chip
 * than chip (an IR that records no chip, made from a file outside a
 * manuals tree, goes with any).  Each error names both files.
 */
static void emit_run_check(const char *chip, const struct emit_run_input *in, size_t n,
			   struct diag *d)
{
	const struct emit_run_input *ours = NULL;

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

void emit_run_units(struct emit_peer *c, const char *chip, struct emit_run_input *in, size_t n,
		    struct diag *d)
{
	qsort(in, n, sizeof(*in), emit_run_by_unit);
	emit_run_check(chip, in, n, d);
	c->chip = chip;
	c->units = mem_calloc(n + 1, sizeof(*c->units));
	for (size_t i = 0; i < n; i++)
		c->units[i] = in[i].m;
	c->nunits = n;
}

bool emit_run_chip_name_ok(const char *chip)
{
	if (!*chip)
		return false;
	for (const char *s = chip; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

/* One pass over every unit and format of chip c; with dry_run only names are checked. */
static int emit_run_pass(const struct emit_peer *chips, const struct emit_views *views, size_t n,
			 size_t c, const struct emit_run_formats *sel, const char *outdir, bool dry_run,
			 struct diag *d)
{
	const struct emit_peer *p = &chips[c];
	struct emit_chip ec;
	int rc = 0;

	if (emit_chip_init(&ec, p->chip, p->units, p->nunits, d) < 0) {
		fprintf(stderr, "refgen emit: bad chip name '%s'\n", p->chip);
		return -1;
	}
	if (emit_views_apply(&ec, &views[c]) < 0) {
		emit_chip_release(&ec);
		return -1;
	}
	ec.dry_run = dry_run;
	ec.peers = chips;
	ec.npeers = n;
	for (size_t u = 0; u < ec.nunits; u++) {
		emit_chip_unit(&ec, u);
		for (size_t k = 0; k < sel->n; k++)
			if (sel->f[k]->unit(&ec, u, outdir) < 0)
				rc = -1;
	}
	for (size_t k = 0; k < sel->n; k++)
		if (sel->f[k]->chip && sel->f[k]->chip(&ec, outdir) < 0)
			rc = -1;
	emit_chip_release(&ec);
	return rc;
}

/*
 * One pass a chip: each output is generated once (a dry run of every chip
 * before the writing pass made each twice); after a failure the chips are
 * only checked, and an output folder that cannot be written is said once.
 */
int emit_run_stage(const struct emit_peer *chips, const struct emit_views *views, size_t n,
		   const struct emit_run_formats *sel, const char *outdir, struct diag *d)
{
	int rc = 0;

	for (size_t k = 0; k < sel->n && !rc; k++)
		if (sel->f[k]->support && sel->f[k]->support(outdir, d) < 0)
			rc = -1;
	for (size_t c = 0; c < n; c++)
		if (emit_run_pass(chips, views, n, c, sel, outdir, rc < 0, d) < 0)
			rc = -1;
	return rc;
}
