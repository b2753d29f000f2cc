/* SPDX-License-Identifier: MIT */
/*
 * refgen's output formats: `refgen emit --format=NAME[,NAME...]`.  A new
 * output is one emitter file plus one row in emit_formats (emit_format.c).
 */
#ifndef REFGEN_EMIT_FORMAT_H
#define REFGEN_EMIT_FORMAT_H

#include <stdbool.h>

#include "emit/emit.h"

struct emit_format {
	const char *name;      /* --format=NAME */
	const char *subdir;    /* per-unit files: OUTDIR/<chip>/<subdir><unit>.<ext> */
	const char *help;      /* one line for --help */
	/* One unit's file; with ec->dry_run, checks only (names), writes nothing. */
	int (*unit)(struct emit_chip *ec, size_t unit, const char *outdir);
	/* After every unit of the chip (indexes); NULL: none. */
	int (*chip)(struct emit_chip *ec, const char *outdir);
	/* Chip-independent files under OUTDIR (support headers); NULL: none. */
	int (*support)(const char *outdir, struct diag *d);
	bool by_default;       /* written when --format is not given */
};

/* Every format, ending with a row whose name is NULL. */
extern const struct emit_format emit_formats[];

/* The format called name (the first len bytes), or NULL. */
const struct emit_format *emit_format_find(const char *name, size_t len);

#endif
