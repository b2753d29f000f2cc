/* SPDX-License-Identifier: MIT */
#include "io/ir_text.h"

#include <string.h>

/*
 * Prose (lines) may hold line ends, a lone CR included (the manuals' own):
 * the emitters put it into comments a line at a time, CRs as spaces.
 * The bytes a text may hold, as tables: an attribute printable ASCII but the backslash,
 * and tab; prose (lines) printable ASCII, tab and the line ends.
 */
static const bool ir_text_ok_attr[256] = { ['\t'] = true, [0x20 ... 0x5b] = true, [0x5d ... 0x7e] = true };
static const bool ir_text_ok_lines[256] = { ['\t'] = true, ['\n'] = true, ['\r'] = true,
					     [0x20 ... 0x7e] = true };

const char *ir_text_bad(const char *s, size_t len, bool lines)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	const bool *ok = lines ? ir_text_ok_lines : ir_text_ok_attr;

	/* eight at a time while all are good, then byte by byte */
	while (end - p >= 8 && (ok[p[0]] & ok[p[1]] & ok[p[2]] & ok[p[3]] & ok[p[4]] & ok[p[5]] &
				ok[p[6]] & ok[p[7]]))
		p += 8;
	while (p < end && ok[*p])
		p++;
	return p < end ? (const char *)p : NULL;
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
