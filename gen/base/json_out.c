/* SPDX-License-Identifier: MIT */
#include "base/json_out.h"

void json_out_string(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(f, "\\u%04x", *p);   /* bytes past ASCII as Latin-1: always valid JSON */
		else
			putc(*p, f);
	}
	putc('"', f);
}

void json_out_member(FILE *f, const char *key, const char *s, int first)
{
	if (!first)
		putc(',', f);
	json_out_string(f, key);
	putc(':', f);
	json_out_string(f, s);
}
