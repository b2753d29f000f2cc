/* GCC-style diagnostics: "file:line:col: error: message". */
#ifndef REFGEN_DIAG_H
#define REFGEN_DIAG_H

#include <stdarg.h>
#include <stdbool.h>

enum diag_level { DIAG_WARNING, DIAG_ERROR };

struct diag {
	unsigned errors, warnings;
	bool werror;                 /* warnings count as errors */
	unsigned max_errors;         /* stop reporting after this many (0: no cap) */
	/* Sink for formatted lines (without newline); NULL prints to stderr. */
	void (*sink)(void *ctx, enum diag_level level, const char *line);
	void *sink_ctx;
};

void diag_init(struct diag *d);
/* line/col of 0 are left out: "file: error: ..." */
void diag_report(struct diag *d, enum diag_level level, const char *file,
		 unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
void diag_vreport(struct diag *d, enum diag_level level, const char *file,
		  unsigned line, unsigned col, const char *fmt, va_list ap);
/* True when the run has failed: errors, or warnings under -Werror. */
bool diag_failed(const struct diag *d);

#endif
