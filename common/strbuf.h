/* SPDX-License-Identifier: MIT */
/* Growable text buffer (generated output, messages); never fails: out of
 * memory stops the program (mem.h). */
#ifndef COMMON_STRBUF_H
#define COMMON_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *data;    /* NUL-terminated once anything was added */
	size_t len, cap;
};

void strbuf_append(struct strbuf *b, const char *s, size_t n);
void strbuf_puts(struct strbuf *b, const char *s);
void strbuf_printf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "0x1f": v in lower-case hex, no leading zeros (without printf: decoders
 * write it per field). */
void strbuf_hex(struct strbuf *b, unsigned long long v);
void strbuf_release(struct strbuf *b);

#endif
