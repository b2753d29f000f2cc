/* SPDX-License-Identifier: MIT */
#include "strbuf.h"

#include "mem.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

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

/*
 * The conversions generated text uses, formatted here without stdio's
 * per-call set-up: %s %c %d %i %u %x %X, flags '-' and '0', a width (digits
 * or *), a precision for %s only (digits or *), lengths l, ll and z.  Returns
 * false, having written nothing it keeps, on anything else (and on a NULL
 * %s): the caller formats the whole text with vsnprintf, whose output this
 * equals.
 */
static bool strbuf_pad(struct strbuf *b, char c, size_t n)
{
	strbuf_reserve(b, n);
	memset(b->data + b->len, c, n);
	b->len += n;
	return true;
}

static bool strbuf_format_fast(struct strbuf *b, const char *fmt, va_list ap)
{
	while (*fmt) {
		const char *pct = strchr(fmt, '%');
		size_t lit = pct ? (size_t)(pct - fmt) : strlen(fmt);

		if (lit) {
			strbuf_reserve(b, lit);
			memcpy(b->data + b->len, fmt, lit);
			b->len += lit;
		}
		if (!pct)
			break;
		fmt = pct + 1;
		if (*fmt == '%') {
			strbuf_pad(b, '%', 1);
			fmt++;
			continue;
		}
		bool left = false, zero = false;
		for (;; fmt++) {
			if (*fmt == '-')
				left = true;
			else if (*fmt == '0')
				zero = true;
			else
				break;
		}
		long width = 0, prec = -1;
		if (*fmt == '*') {
			int w = va_arg(ap, int);
			if (w < 0) {
				left = true;
				width = -(long)w;
			} else {
				width = w;
			}
			fmt++;
		} else {
			for (; *fmt >= '0' && *fmt <= '9' && width < 100000; fmt++)
				width = width * 10 + (*fmt - '0');
		}
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*') {
				int p = va_arg(ap, int);
				prec = p < 0 ? -1 : p;
				fmt++;
			} else {
				for (prec = 0; *fmt >= '0' && *fmt <= '9' && prec < 100000; fmt++)
					prec = prec * 10 + (*fmt - '0');
			}
		}
		int lng = 0;   /* 1: l, 2: ll, 3: z */
		if (fmt[0] == 'l' && fmt[1] == 'l')
			lng = 2, fmt += 2;
		else if (*fmt == 'l')
			lng = 1, fmt++;
		else if (*fmt == 'z')
			lng = 3, fmt++;
		char conv = *fmt++;
		char digits[24];
		const char *text;
		size_t n;
		bool neg = false;

		switch (conv) {
		case 's': {
			if (zero || lng)
				return false;
			text = va_arg(ap, const char *);
			if (!text)
				return false;
			n = prec < 0 ? strlen(text) : strnlen(text, (size_t)prec);
			break;
		}
		case 'c':
			if (zero || lng || prec >= 0)
				return false;
			digits[0] = (char)va_arg(ap, int);
			text = digits;
			n = 1;
			break;
		case 'd':
		case 'i':
		case 'u':
		case 'x':
		case 'X': {
			unsigned long long v;
			unsigned base = conv == 'x' || conv == 'X' ? 16 : 10;
			const char *hex = conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";

			if (prec >= 0)
				return false;
			if (conv == 'd' || conv == 'i') {
				long long sv = lng == 2 ? va_arg(ap, long long) : lng == 1 ? va_arg(ap, long) :
					       lng == 3 ? (long long)va_arg(ap, ssize_t) : va_arg(ap, int);
				neg = sv < 0;
				v = neg ? 0ull - (unsigned long long)sv : (unsigned long long)sv;
			} else {
				v = lng == 2 ? va_arg(ap, unsigned long long) : lng == 1 ? va_arg(ap, unsigned long) :
				    lng == 3 ? va_arg(ap, size_t) : va_arg(ap, unsigned);
			}
			char *o = digits + sizeof(digits);
			/* constant divisors: shifts and multiplications, no division */
			if (base == 16)
				do {
					*--o = hex[v & 15];
					v >>= 4;
				} while (v);
			else
				do {
					*--o = (char)('0' + v % 10);
					v /= 10;
				} while (v);
			text = o;
			n = (size_t)(digits + sizeof(digits) - o);
			break;
		}
		default:
			return false;
		}
		size_t body = n + neg, pad = width > 0 && (size_t)width > body ? (size_t)width - body : 0;
		if (pad && !left && !(zero && conv != 's' && conv != 'c'))
			strbuf_pad(b, ' ', pad);
		if (neg)
			strbuf_pad(b, '-', 1);
		if (pad && !left && zero && conv != 's' && conv != 'c')
			strbuf_pad(b, '0', pad);
		strbuf_reserve(b, n);
		memcpy(b->data + b->len, text, n);
		b->len += n;
		if (pad && left)
			strbuf_pad(b, ' ', pad);
	}
	b->data[b->len] = '\0';
	return true;
}

void strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	size_t start = b->len;
	va_list ap, again;
	int n;

	va_start(ap, fmt);
	va_copy(again, ap);
	strbuf_reserve(b, 0);
	if (strbuf_format_fast(b, fmt, ap)) {
		va_end(again);
		va_end(ap);
		return;
	}
	va_end(ap);
	b->len = start;
	/* One formatting pass when the text fits the room left (it mostly does). */
	strbuf_reserve(b, 256);
	va_copy(ap, again);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->data[b->len] = '\0';
		va_end(again);
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		strbuf_reserve(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
	}
	va_end(again);
	b->len += (size_t)n;
}

void strbuf_release(struct strbuf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

void strbuf_hex(struct strbuf *b, unsigned long long v)
{
	static const char digits[] = "0123456789abcdef";
	char buf[20];
	int n = 0;

	do {
		buf[sizeof(buf) - 1 - n++] = digits[v & 15];
		v >>= 4;
	} while (v);
	buf[sizeof(buf) - 1 - n++] = 'x';
	buf[sizeof(buf) - 1 - n++] = '0';
	strbuf_append(b, buf + sizeof(buf) - n, (size_t)n);
}
