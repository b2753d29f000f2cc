/* SPDX-License-Identifier: MIT */
#include "strbuf.h"

#include "mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void strbuf_reserve(struct strbuf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->data = mem_realloc(b->data, cap);
	b->cap = cap;
}

void strbuf_append(struct strbuf *b, const char *s, size_t n)
{
	strbuf_reserve(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void strbuf_puts(struct strbuf *b, const char *s)
{
	strbuf_append(b, s, strlen(s));
}

void strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* One formatting pass when the text fits the room left (it mostly does). */
	strbuf_reserve(b, 256);
	va_start(ap, fmt);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		strbuf_reserve(b, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void strbuf_release(struct strbuf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
