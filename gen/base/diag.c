/* SPDX-License-Identifier: MIT */
#include "base/diag.h"

#include <string.h>

static const char *const diag_names[DIAG_W_COUNT] = {
	[DIAG_W_UNPLACED] = "unplaced",
	[DIAG_W_REDEFINED] = "redefined",
	[DIAG_W_CODE_LENGTH] = "code-length",
	[DIAG_W_NO_FIELD] = "no-field",
	[DIAG_W_DIRECTIVE] = "directive",
	[DIAG_W_XML] = "xml",
	[DIAG_W_PUBLISHED] = "published",
	[DIAG_W_CODE_LETTER] = "code-letter",
	[DIAG_W_STRUCT] = "struct",
	[DIAG_W_RUST] = "rust",
};

void diag_init(struct diag *d)
{
	*d = (struct diag){ .max_errors = 0 };
}

const char *diag_warning_name(enum diag_warning w)
{
	return w < DIAG_W_COUNT ? diag_names[w] : "?";
}

static int diag_warning_find(const char *name)
{
	for (int w = 0; w < DIAG_W_COUNT; w++)
		if (!strcmp(name, diag_names[w]))
			return w;
	return -1;
}

int diag_option(struct diag *d, const char *opt)
{
	bool no = !strncmp(opt, "no-", 3), error = !strncmp(opt, "error=", 6);
	int w;

	if (!strncmp(opt, "no-error=", 9)) {
		w = diag_warning_find(opt + 9);
		if (w < 0)
			return -1;
		d->wflags[w] = (unsigned char)((d->wflags[w] & ~DIAG_WF_ERROR) | DIAG_WF_NO_ERROR);
		return 0;
	}

	if (!strcmp(opt, "error")) {
		d->werror = true;
		return 0;
	}
	if (!strcmp(opt, "no-error")) {
		d->werror = false;
		return 0;
	}
	w = diag_warning_find(opt + (no ? 3 : error ? 6 : 0));
	if (w < 0)
		return -1;
	if (no)
		d->wflags[w] |= DIAG_WF_OFF;
	else if (error)
		d->wflags[w] = DIAG_WF_ERROR;  /* and on */
	else
		d->wflags[w] &= (unsigned char)~DIAG_WF_OFF;
	return 0;
}

/* "file:line:col: " (parts of 0 left out) into out; returns its length. */
static int diag_where(char *out, size_t n, const char *file, unsigned line, unsigned col)
{
	if (line && col)
		return snprintf(out, n, "%s:%u:%u: ", file, line, col);
	if (line)
		return snprintf(out, n, "%s:%u: ", file, line);
	return snprintf(out, n, "%s: ", file);
}

static void diag_emit(struct diag *d, enum diag_level level, const char *file, unsigned line,
		      unsigned col, const char *msg, const char *tag)
{
	char out[1024];
	int n;

	if (level == DIAG_ERROR)
		d->errors++;
	else
		d->warnings++;
	if (d->max_errors && d->errors + d->warnings > d->max_errors) {
		if (d->errors + d->warnings == d->max_errors + 1 && !d->sink)
			fprintf(stderr, "%s: note: further diagnostics suppressed\n", file);
		return;
	}
	n = diag_where(out, sizeof(out), file, line, col);
	snprintf(out + n, sizeof(out) - (size_t)n, "%s: %s%s",
		 level == DIAG_ERROR ? "error" : "warning", msg, tag);
	if (d->sink)
		d->sink(d->sink_ctx, level, out);
	else
		fprintf(stderr, "%s\n", out);
}

void diag_vreport(struct diag *d, enum diag_level level, const char *file,
		  unsigned line, unsigned col, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	diag_emit(d, level, file, line, col, msg, "");
}

void diag_report(struct diag *d, enum diag_level level, const char *file,
		 unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(d, level, file, line, col, fmt, ap);
	va_end(ap);
}

void diag_warn(struct diag *d, enum diag_warning w, const char *file, unsigned line,
	       unsigned col, const char *define, const char *fmt, ...)
{
	bool error = (d->werror && !(d->wflags[w] & DIAG_WF_NO_ERROR)) ||
		     (d->wflags[w] & DIAG_WF_ERROR);
	char msg[512], tag[48];
	va_list ap;

	if (d->wflags[w] & DIAG_WF_OFF)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (d->known_list && define && d->known_has(d->known_list, file, w, define)) {
		d->known++;
		if (d->known_log) {
			char where[600];

			diag_where(where, sizeof(where), file, line, col);
			fprintf(d->known_log, "%swarning: %s [-W%s]\n", where, msg, diag_names[w]);
		}
		return;
	}
	snprintf(tag, sizeof(tag), " [-W%s%s]", error ? "error=" : "", diag_names[w]);
	diag_emit(d, error ? DIAG_ERROR : DIAG_WARNING, file, line, col, msg, tag);
}

bool diag_failed(const struct diag *d)
{
	return d->errors != 0;  /* warnings under -Werror were counted as errors */
}
