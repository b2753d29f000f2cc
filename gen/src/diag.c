#include "diag.h"

#include <stdio.h>

void diag_init(struct diag *d)
{
	*d = (struct diag){ .max_errors = 0 };
}

void diag_vreport(struct diag *d, enum diag_level level, const char *file,
		  unsigned line, unsigned col, const char *fmt, va_list ap)
{
	char msg[512], out[1024];
	int n = 0;

	if (level == DIAG_ERROR)
		d->errors++;
	else
		d->warnings++;
	if (d->max_errors && d->errors + d->warnings > d->max_errors) {
		if (d->errors + d->warnings == d->max_errors + 1 && !d->sink)
			fprintf(stderr, "%s: note: further diagnostics suppressed\n", file);
		return;
	}
	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (line && col)
		n = snprintf(out, sizeof(out), "%s:%u:%u: ", file, line, col);
	else if (line)
		n = snprintf(out, sizeof(out), "%s:%u: ", file, line);
	else
		n = snprintf(out, sizeof(out), "%s: ", file);
	snprintf(out + n, sizeof(out) - (size_t)n, "%s: %s",
		 level == DIAG_ERROR ? "error" : "warning", msg);
	if (d->sink)
		d->sink(d->sink_ctx, level, out);
	else
		fprintf(stderr, "%s\n", out);
}

void diag_report(struct diag *d, enum diag_level level, const char *file,
		 unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(d, level, file, line, col, fmt, ap);
	va_end(ap);
}

bool diag_failed(const struct diag *d)
{
	return d->errors || (d->werror && d->warnings);
}
