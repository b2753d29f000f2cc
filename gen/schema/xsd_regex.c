/* SPDX-License-Identifier: MIT */
#include "schema/xsd_regex.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * XSD regular expression -> PCRE2.  XSD expressions match the whole value
 * and have no anchors ('^' and '$' are plain characters outside classes);
 * a class subtraction [A-[B]] becomes (?:(?![B])[A]); constructs whose
 * meaning differs between the two (or between XSD and libxml2, the
 * reference) are refused.
 */
struct xsd_re {
	char *why;
	size_t whylen;
	const char *src;
	size_t i;
	char *o;           /* output cursor */
	bool bad;
};

static void xsd_re_fail(struct xsd_re *r, const char *what)
{
	if (!r->bad)
		snprintf(r->why, r->whylen, "%s", what);
	r->bad = true;
}

/* An escape at src[i] ('\'), inside a class or not. */
static void xsd_re_escape(struct xsd_re *r)
{
	char e = r->src[r->i + 1];

	if (!e || strchr("sSiIcCwW", e) ||
	    ((e == 'p' || e == 'P') && !strncmp(r->src + r->i + 2, "{Is", 3))) {
		xsd_re_fail(r, "this escape is not supported");
		return;
	}
	if (e == 'd')
		r->o += sprintf(r->o, "\\p{Nd}");
	else if (e == 'D')
		r->o += sprintf(r->o, "\\P{Nd}");
	else
		r->o += sprintf(r->o, "\\%c", e);
	r->i += 2;
}

/* A class at src[i] ('['), to its ']', subtractions included. */
static void xsd_re_class(struct xsd_re *r, int depth)
{
	char *sub = NULL, *start = r->o;

	if (depth > 8) {
		xsd_re_fail(r, "classes nested too deep");
		return;
	}
	r->i++;
	*r->o++ = '[';
	if (r->src[r->i] == '^')
		*r->o++ = r->src[r->i++];
	if (r->src[r->i] == ']')
		xsd_re_fail(r, "empty class");
	while (!r->bad && r->src[r->i] && r->src[r->i] != ']') {
		char c = r->src[r->i];

		if (c == '-' && r->src[r->i + 1] == '[') {
			/* libxml2 reads a nested one otherwise than XSD says: refused */
			if (depth) {
				xsd_re_fail(r, "a nested class subtraction is not supported");
				break;
			}
			/* the subtraction, kept aside: it comes first in the output */
			*r->o++ = ']';
			*r->o = '\0';
			sub = r->o + 1;
			r->o = sub;
			r->i++;
			xsd_re_class(r, depth + 1);
			*r->o++ = '\0';
			if (r->src[r->i] != ']')
				xsd_re_fail(r, "a subtraction must end its class");
			break;
		}
		if (c == '\\') {
			xsd_re_escape(r);
		} else {
			if (c == '[')
				*r->o++ = '\\';
			*r->o++ = c;
			r->i++;
		}
	}
	if (r->src[r->i] != ']') {
		xsd_re_fail(r, "unterminated class");
		return;
	}
	r->i++;
	if (!sub) {
		*r->o++ = ']';
		return;
	}
	/* start: "[A]" NUL sub: "[B]" NUL -> "(?:(?![B])[A])" */
	size_t na = strlen(start), nb = strlen(sub);
	char *tmp = malloc(na + nb + 2);
	if (!tmp) {
		xsd_re_fail(r, "out of memory");
		return;
	}
	memcpy(tmp, start, na + 1);
	memcpy(tmp + na + 1, sub, nb + 1);
	r->o = start;
	r->o += sprintf(r->o, "(?:(?!%s)%s)", tmp + na + 1, tmp);
	free(tmp);
}

char *xsd_regex_to_pcre2(const char *re, char *why, size_t whylen)
{
	size_t len = strlen(re);
	struct xsd_re r = { why, whylen, re, 0, NULL, false };
	char *out = malloc(len * 16 + 16);

	if (!out) {
		snprintf(why, whylen, "out of memory");
		return NULL;
	}
	r.o = out;
	while (!r.bad && re[r.i]) {
		char c = re[r.i];

		if (c == '\\') {
			xsd_re_escape(&r);
		} else if (c == '[') {
			xsd_re_class(&r, 0);
		} else if (c == '^' || c == '$') {
			*r.o++ = '\\';
			*r.o++ = c;
			r.i++;
		} else if (c == '.') {
			r.o += sprintf(r.o, "[^\\n\\r]");
			r.i++;
		} else if (c == '(' && re[r.i + 1] == '?') {
			xsd_re_fail(&r, "(? is not XSD");
		} else {
			*r.o++ = c;
			r.i++;
		}
	}
	*r.o = '\0';
	if (r.bad) {
		free(out);
		return NULL;
	}
	return out;
}
