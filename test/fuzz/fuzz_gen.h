/* SPDX-License-Identifier: MIT */
/*
 * What the two refgen targets (fuzz_ref_parse.c, fuzz_ir_read.c) share:
 * diagnostics kept rather than printed, and a dry run of every emitter.
 */
#ifndef REFGEN_FUZZ_GEN_H
#define REFGEN_FUZZ_GEN_H

#include <stdio.h>

#include "base/diag.h"
#include "cli/emit_format.h"
#include "ir/ir.h"

/* Diagnostics are not printed; the last error is kept for fuzz_fail. */
static char fuzz_last_error[512];

static inline void fuzz_diag_keep(void *ctx, enum diag_level level, const char *line)
{
	(void)ctx;
	if (level == DIAG_ERROR)
		snprintf(fuzz_last_error, sizeof(fuzz_last_error), "%s", line);
}

static inline void fuzz_diag_init(struct diag *d)
{
	diag_init(d);
	d->sink = fuzz_diag_keep;
	fuzz_last_error[0] = '\0';
}

/* What `refgen emit` does with one unit, writing nothing. */
static inline void fuzz_emit(struct ir_manual *m)
{
	struct emit_chip ec;
	struct diag d;

	fuzz_diag_init(&d);
	if (emit_chip_init(&ec, "fuzz", &m, 1, &d) < 0)
		return;
	ec.dry_run = true;
	for (const struct emit_format *f = emit_formats; f->name; f++)
		f->unit(&ec, 0, "/nonexistent/fuzz");
	emit_chip_release(&ec);
}

#endif
