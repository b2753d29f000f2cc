/* SPDX-License-Identifier: MIT */
/* Growable text buffer for generated output. */
#ifndef REFGEN_STRBUF_H
#define REFGEN_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *data;    /* NUL-terminated once anything was added */
	size_t len, cap;
};

void strbuf_append(struct strbuf *b, const char *s, size_t n);
void strbuf_puts(struct strbuf *b, const char *s);
void strbuf_printf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_release(struct strbuf *b);

#endif
