/* SPDX-License-Identifier: MIT */
/*
 * Values against a compiled simple type (rng_grammar.h): the XSD datatypes
 * and RELAX NG values the IR schema uses, as libxml2's validator reads them.
 */
#include "schema/rng_grammar.h"

#include <string.h>

static bool rng_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * XSD integers collapse whitespace: surrounding blanks are allowed.  At most
 * 24 digits after the leading zeros: what libxml2's validator holds (its
 * decimals are three words of 8 digits; a longer number is not valid there).
 */
#define RNG_INTEGER_DIGITS 24
static bool rng_integer(const char *s, size_t n, bool positive)
{
	size_t i = 0, d, lead;
	bool minus = false, nonzero = false;

	while (n && rng_space(s[n - 1]))
		n--;
	while (i < n && rng_space(s[i]))
		i++;
	if (i < n && (s[i] == '+' || s[i] == '-'))
		minus = s[i++] == '-';
	for (d = i; i < n && s[i] == '0'; i++)
		;
	for (lead = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		nonzero |= s[i] != '0';
	if (i != n || i == d || i - lead > RNG_INTEGER_DIGITS)
		return false;
	return positive ? !minus && nonzero : !(minus && nonzero);
}

static size_t rng_chars(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)s[i] & 0xc0) != 0x80;
	return k;
}

static bool rng_token_equal(const char *s, size_t n, const char *want)
{
	size_t i = 0;

	while (i < n && rng_space(s[i]))
		i++;
	while (n > i && rng_space(s[n - 1]))
		n--;
	for (; i < n; i++, want++) {
		if (rng_space(s[i])) {
			while (i + 1 < n && rng_space(s[i + 1]))
				i++;
			if (*want != ' ')
				return false;
		} else if (*want != s[i]) {
			return false;
		}
	}
	return !*want;
}

/* 1 or 0: v matches f; -1: v is not ASCII (the pattern decides). */
static int rng_fast_match(const struct rng_fast *f, const char *v, size_t n)
{
	const unsigned char *p = (const unsigned char *)v;
	const uint8_t *r = f->rest;
	bool len_ok = n >= (size_t)f->nfixed + (f->tail == '+') && (f->tail || n == (size_t)f->nfixed);
	unsigned bad = 0;
	size_t i = 0;

	for (; i < n && i < (size_t)f->nfixed; i++)
		bad |= f->fixed[i][p[i]];
	for (; n - i >= 8; i += 8)
		bad |= r[p[i]] | r[p[i + 1]] | r[p[i + 2]] | r[p[i + 3]] | r[p[i + 4]] | r[p[i + 5]] |
		       r[p[i + 6]] | r[p[i + 7]];
	for (; i < n; i++)
		bad |= r[p[i]];
	if (bad & RNG_FAST_NOT_ASCII)
		return -1;
	return len_ok && !bad;
}

static bool rng_blanks_in(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (rng_space(s[i]))
			return true;
	return false;
}

static bool rng_simple_check(const struct rng_grammar *g, const struct rng_simple *s, const char *v,
			     size_t n)
{
	switch (s->dt) {
	case RNG_DT_TEXT:
		return true;
	case RNG_DT_VALUE_TOKEN:
		return rng_token_equal(v, n, s->value);
	case RNG_DT_VALUE_STRING:
		return s->value_len == n && !memcmp(s->value, v, n);
	case RNG_DT_POSITIVE:
	case RNG_DT_NONNEGATIVE:
		return rng_integer(v, n, s->dt == RNG_DT_POSITIVE);
	case RNG_DT_STRING:
		break;
	}
	if (s->min_len >= 0 || s->max_len >= 0) {
		size_t k = rng_chars(v, n);
		if ((s->min_len >= 0 && k < (size_t)s->min_len) || (s->max_len >= 0 && k > (size_t)s->max_len))
			return false;
	}
	if (s->fast) {
		int r = rng_fast_match(s->fast, v, n);
		if (r >= 0)
			return r;
	}
	return !s->pattern || pcre2_match(s->pattern, (PCRE2_SPTR)v, n, 0, 0, g->md, NULL) >= 0;
}

bool rng_type_check(const struct rng_grammar *g, const struct rng_type *t, const char *value, size_t len)
{
	int blanks = -1;   /* whether value holds whitespace; -1 not looked yet */

	for (int i = 0; i < t->nalts; i++) {
		const struct rng_simple *s = &t->alts[i];

		/* a token without whitespace: collapsing it changes nothing */
		if (s->dt == RNG_DT_VALUE_TOKEN && (blanks < 0 ? (blanks = rng_blanks_in(value, len)) : blanks) == 0) {
			if (s->value_len == len && !memcmp(s->value, value, len))
				return true;
		} else if (rng_simple_check(g, s, value, len)) {
			return true;
		}
	}
	return false;
}
