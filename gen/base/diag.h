/* SPDX-License-Identifier: MIT */
/* GCC-style diagnostics: "file:line:col: error: message". */
#ifndef REFGEN_DIAG_H
#define REFGEN_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

enum diag_level { DIAG_WARNING, DIAG_ERROR };

/* Named warnings, shown as "[-W<name>]" and selected by -W<name>, -Wno-<name>,
 * -Werror=<name> (diag_warning_name gives the names). */
enum diag_warning {
	DIAG_W_UNPLACED,     /* a define kept as a top-level constant */
	DIAG_W_REDEFINED,    /* a define repeated with the same body */
	DIAG_W_CODE_LENGTH,  /* a code comment that is not five letters */
	DIAG_W_NO_FIELD,     /* a value-coded define that names no field */
	DIAG_W_DIRECTIVE,    /* a '#' line that is not a well-formed #define */
	DIAG_W_XML,          /* libxml2's warnings about an IR document */
	DIAG_W_PUBLISHED,    /* a published header's define that disagrees with the manual */
	DIAG_W_CODE_LETTER,  /* a published header's internal-state letter no legend defines */
	DIAG_W_STRUCT,       /* a class header's C struct, kept as prose, no layout */
	DIAG_W_RUST,         /* a field the Rust outputs leave out (the grammar can't hold it) */
	DIAG_W_COUNT
};

/* Known warnings (defects of the public manuals) are counted, not shown. */
struct diag_known;

struct diag {
	unsigned errors, warnings;
	unsigned known;              /* known warnings not shown */
	bool werror;                 /* warnings count as errors */
	unsigned char wflags[DIAG_W_COUNT];  /* DIAG_WF_* per warning */
	unsigned max_errors;         /* stop reporting after this many (0: no cap) */
	const struct diag_known *known_list;
	/* Whether known_list lists warning w about define in file; set with
	 * known_list by diag_known_use, so diag.c needs nothing of diag_known.c. */
	bool (*known_has)(const struct diag_known *k, const char *file, enum diag_warning w,
			  const char *define);
	FILE *known_log;             /* where known warnings go instead (or NULL) */
	/* Sink for formatted lines (without newline); NULL prints to stderr. */
	void (*sink)(void *ctx, enum diag_level level, const char *line);
	void *sink_ctx;
};

/* -Wno-NAME, -Werror=NAME, -Wno-error=NAME (which overrides -Werror). */
enum { DIAG_WF_OFF = 1, DIAG_WF_ERROR = 2, DIAG_WF_NO_ERROR = 4 };

void diag_init(struct diag *d);
/* line/col of 0 are left out: "file: error: ..." */
void diag_report(struct diag *d, enum diag_level level, const char *file,
		 unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
void diag_vreport(struct diag *d, enum diag_level level, const char *file,
		  unsigned line, unsigned col, const char *fmt, va_list ap);
/*
 * A named warning about define (NULL if none) at file:line:col: dropped when
 * disabled, counted in d->known when listed as known, an error under -Werror.
 */
void diag_warn(struct diag *d, enum diag_warning w, const char *file, unsigned line,
	       unsigned col, const char *define, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
const char *diag_warning_name(enum diag_warning w);
/* Applies "-W" option text: "error", "no-error", "error=NAME",
 * "no-error=NAME", "NAME", "no-NAME".  -1 when unknown. */
int diag_option(struct diag *d, const char *opt);
/* True when the run has failed: errors (warnings under -Werror included). */
bool diag_failed(const struct diag *d);

#endif
