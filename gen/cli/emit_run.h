/* SPDX-License-Identifier: MIT */
/*
 * A run of emitters over models in memory: what `refgen emit` does with the
 * IR it reads and `refgen parse --emit` with the manuals it parsed.
 */
#ifndef REFGEN_EMIT_RUN_H
#define REFGEN_EMIT_RUN_H

#include "cli/emit_format.h"
#include "emit/emit_views.h"

/* The formats selected (--format), in table order, so output order is fixed. */
struct emit_run_formats {
	const struct emit_format *f[16];
	size_t n;
};

/* Adds every name of the comma-separated list; a usage error (for command
 * cmd) naming an unknown one. */
int emit_run_formats_add(struct emit_run_formats *sel, const char *list, const char *cmd);
/* The formats written when --format is not given. */
void emit_run_formats_default(struct emit_run_formats *sel);

/* A model and the file it came from (IR or manual), for error messages. */
struct emit_run_input {
	struct ir_manual *m;
	const char *file;
};

/*
 * Makes c chip's units: in sorted by unit (stable output whatever the
 * argument order), checked to belong together (two of one unit, or of
 * another chip than chip, are errors naming both files).  c owns the models.
 */
void emit_run_units(struct emit_peer *c, const char *chip, struct emit_run_input *in, size_t n,
		    struct diag *d);

/* Lower-case letters and digits: a name that makes identifiers and paths. */
bool emit_run_chip_name_ok(const char *chip);

/*
 * Stages (atomic_file) the support files, then every output of each chip
 * (views[c] are chip c's declared alternative views).  After an error the
 * rest is only checked, so every chip's errors are reported.  The caller
 * owns the atomic_file session: it commits, or aborts on -1.
 */
int emit_run_stage(const struct emit_peer *chips, const struct emit_views *views, size_t n,
		   const struct emit_run_formats *sel, const char *outdir, struct diag *d);

#endif
