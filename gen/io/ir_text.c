/* SPDX-License-Identifier: MIT */
#include "io/ir_text.h"

#include <string.h>

/*
 * Prose (lines) may hold line ends, a lone CR included (the manuals' own):
 * the emitters put it into comments a line at a time, CRs as spaces.
 */
/* Printable ASCII but the backslash: the bytes every text may hold. */
static bool ir_text_plain[256];

static void ir_text_plain_init(void)
{
	for (int c = 0x20; c < 0x7f; c++)
		ir_text_plain[c] = c != '\\';
}

const char *ir_text_bad(const char *s, size_t len, bool lines)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	if (!ir_text_plain['a'])
		ir_text_plain_init();
	/* the common case first, eight bytes at a time while all are plain */
	while (end - p >= 8 && (ir_text_plain[p[0]] & ir_text_plain[p[1]] & ir_text_plain[p[2]] &
				ir_text_plain[p[3]] & ir_text_plain[p[4]] & ir_text_plain[p[5]] &
				ir_text_plain[p[6]] & ir_text_plain[p[7]]))
		p += 8;
	while (p < end && ir_text_plain[*p])
		p++;
	for (; p < end; p++) {
		if (*p >= 0x20 && *p < 0x7f && (lines || *p != '\\'))
			continue;
		if (*p == '\t' || (lines && (*p == '\n' || *p == '\r')))
			continue;
		return (const char *)p;
	}
	return NULL;
}

const char *ir_text_what(unsigned char c)
{
	return c == '\n' ? "a line break" : c == '\r' ? "a carriage return" : c == '\\' ? "a backslash" :
	       c >= 0x80 ? "a non-ASCII character" : "a control character";
}

const char *ir_text_length_bad(const char *attr, size_t len)
{
	if (len == 0 && (!strcmp(attr, "body") || !strcmp(attr, "source")))
		return "empty";
	if (len > 15 && !strcmp(attr, "code"))
		return "longer than 15 characters";
	return NULL;
}
