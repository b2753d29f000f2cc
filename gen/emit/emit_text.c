/* SPDX-License-Identifier: MIT */
#include "emit/emit_text.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bits.h"

int (*emit_text_sink)(void *ctx, const char *path, const char *data, size_t len);
void *emit_text_sink_ctx;

/* A byte that may not be copied as is: not printable ASCII (tab is). */
static bool emit_text_odd(unsigned char c)
{
	return (c < 0x20 && c != '\t') || c >= 0x7f || c == '\\';
}

/* Pairs that would end or open a comment, or form a trigraph. */
static bool emit_text_pair(const char *s, size_t i, size_t n)
{
	return i + 1 < n && ((s[i] == '*' && s[i + 1] == '/') || (s[i] == '/' && s[i + 1] == '*') ||
			     (s[i] == '?' && s[i + 1] == '?'));
}

/* Bytes emit_text_put looks at twice: the odd ones and a pair's first. */
static bool emit_text_special[256];

static void emit_text_special_init(void)
{
	for (int c = 0; c < 256; c++)
		emit_text_special[c] = emit_text_odd((unsigned char)c) || c == '*' || c == '/' || c == '?';
}

/* The first byte at or after i that emit_text_special holds, else n; with
 * SSE2 sixteen at a time (the same set: the bytes below a space but tab,
 * 0x7f and up, the backslash, '*', '/' and '?'). */
static size_t emit_text_next_special(const char *s, size_t i, size_t n)
{
#if defined(__SSE2__)
	const __m128i tab = _mm_set1_epi8('\t'), space = _mm_set1_epi8(' '), del = _mm_set1_epi8(0x7f);
	const __m128i bslash = _mm_set1_epi8('\\'), star = _mm_set1_epi8('*'), slash = _mm_set1_epi8('/');
	const __m128i query = _mm_set1_epi8('?');

	for (; n - i >= 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		/* signed: below a space are the control bytes and every byte >= 0x80 */
		__m128i hit = _mm_andnot_si128(_mm_cmpeq_epi8(x, tab), _mm_cmplt_epi8(x, space));
		hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(x, del), _mm_cmpeq_epi8(x, bslash)));
		hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(x, star), _mm_cmpeq_epi8(x, slash)));
		hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, query));
		unsigned mask = (unsigned)_mm_movemask_epi8(hit);
		if (mask)
			return i + (size_t)__builtin_ctz(mask);
	}
#endif
	while (i < n && !emit_text_special[(unsigned char)s[i]])
		i++;
	return i;
}

void emit_text_put(struct strbuf *b, const char *s, size_t n)
{
	size_t run = 0;

	if (!emit_text_special['*'])
		emit_text_special_init();
	for (size_t i = emit_text_next_special(s, 0, n); i < n; i = emit_text_next_special(s, i + 1, n)) {
		bool odd = emit_text_odd((unsigned char)s[i]), pair = !odd && emit_text_pair(s, i, n);

		if (!odd && !pair)
			continue;
		strbuf_append(b, s + run, i - run);
		strbuf_append(b, odd ? " " : s + i, 1);
		if (pair)
			strbuf_puts(b, " ");
		run = i + 1;
	}
	strbuf_append(b, s + run, n - run);
}

const char *emit_text_line(struct arena *a, const char *s)
{
	struct strbuf b = { 0 };
	const char *r;

	/* One pass to the end for the usual clean text (no strlen first):
	 * a pair's second byte is never the terminating NUL. */
	for (const char *p = s;; p++) {
		unsigned char c = (unsigned char)*p;

		if (!c)
			return s;
		if (emit_text_odd(c))
			break;
		if ((c == '*' || c == '/' || c == '?') && emit_text_pair(p, 0, 2))
			break;
	}
	size_t n = strlen(s);
	emit_text_put(&b, s, n);
	r = arena_strndup(a, b.data, b.len);
	strbuf_release(&b);
	return r;
}

/* ---- the check ------------------------------------------------------------- */

enum emit_lex { LEX_CODE, LEX_BLOCK, LEX_LINE, LEX_STRING, LEX_CHAR };

struct emit_check {
	const char *path, *start, *p, *end;
	unsigned line;
	enum emit_lex state;
	bool directive;      /* the current line is (a continuation of) a directive */
	struct diag *d;
};

static int emit_check_fail(struct emit_check *c, const char *at, const char *what)
{
	const char *ls = at;

	while (ls > c->start && ls[-1] != '\n')
		ls--;
	diag_report(c->d, DIAG_ERROR, c->path, c->line, (unsigned)(at - ls) + 1,
		    "internal error: refusing to write a generated header with %s", what);
	return -1;
}

static bool emit_check_word_n(const char **s, const char *end, const char *w, size_t n)
{
	if ((size_t)(end - *s) < n || **s != *w || memcmp(*s, w, n))
		return false;
	if (*s + n < end && (isalnum((unsigned char)(*s)[n]) || (*s)[n] == '_'))
		return false;
	*s += n;
	return true;
}

static bool emit_check_word(const char **s, const char *end, const char *w)
{
	return emit_check_word_n(s, end, w, strlen(w));
}

/* "../<unit>.h", the typed header a builders header (make/) includes:
 * letters, digits and '_' only between the fixed parts. */
static bool emit_check_unit_include(const char *s, const char *eol)
{
	static const char pre[] = "\"../", post[] = ".h\"";
	size_t n = (size_t)(eol - s), a = sizeof(pre) - 1, b = sizeof(post) - 1;

	if (n <= a + b || memcmp(s, pre, a) || memcmp(eol - b, post, b))
		return false;
	for (const char *q = s + a; q < eol - b; q++)
		if (!isalnum((unsigned char)*q) && *q != '_')
			return false;
	return true;
}

/*
 * The directive starting at s (just after '#') is one the generator writes.
 * end is the text's end: no keyword holds a line feed, so none matches
 * across the line's end, and the line feed after one ends the word as the
 * line's end would.  The line's end is looked for only for an #include.
 */
static bool emit_check_directive(const char *s, const char *end)
{
#define EMIT_KW(w) { w, sizeof(w) - 1 }
	static const struct {
		const char *w;
		size_t n;
	} kw[] = {   /* whole words, so any order: the most frequent first */
		EMIT_KW("define"), EMIT_KW("endif"), EMIT_KW("ifdef"), EMIT_KW("ifndef"), EMIT_KW("if"),
		EMIT_KW("elif"),   EMIT_KW("else"),  EMIT_KW("undef"), EMIT_KW("error"),
	};
#undef EMIT_KW
	static const char *const includes[] = {
		"\"../refgen/accessors.h\"", "\"../../refgen/fields.h\"", "\"../refgen/push.h\"",
		"\"accessors.h\"", "<stdint.h>", "<stdbool.h>",
		"<linux/types.h>", "<linux/bug.h>", "<stdio.h>", "<stdlib.h>",
	};
	const char *eol;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (emit_check_word_n(&s, end, kw[i].w, kw[i].n))
			return true;
	if (!emit_check_word(&s, end, "include"))
		return false;
	eol = memchr(s, '\n', (size_t)(end - s));
	if (!eol)
		eol = end;
	while (s < eol && *s == ' ')
		s++;
	for (size_t i = 0; i < ARRAY_SIZE(includes); i++) {
		size_t n = strlen(includes[i]);
		if ((size_t)(eol - s) == n && !memcmp(s, includes[i], n))
			return true;
	}
	return emit_check_unit_include(s, eol);
}

/* At the start of a line: a directive must be one of ours. */
static int emit_check_line_start(struct emit_check *c)
{
	const char *s = c->p;

	if (c->directive || c->state != LEX_CODE)
		return 0;
	while (s < c->end && (*s == ' ' || *s == '\t'))
		s++;
	if (s == c->end || *s != '#')
		return 0;
	c->directive = true;
	return emit_check_directive(s + 1, c->end) ? 0 :
	       emit_check_fail(c, s, "a preprocessor directive the generator does not write");
}

static int emit_check_newline(struct emit_check *c)
{
	bool splice = c->p > c->start && c->p[-1] == '\\';

	if (c->state == LEX_STRING || c->state == LEX_CHAR)
		return emit_check_fail(c, c->p, "a line break inside a literal");
	if (splice && (!c->directive || c->state != LEX_CODE))
		return emit_check_fail(c, c->p - 1, "a line splice outside a directive");
	if (c->state == LEX_LINE)
		c->state = LEX_CODE;
	c->directive = splice;
	c->line++;
	c->p++;
	return emit_check_line_start(c);
}

/* One byte (or pair) of the lexer; returns -1 on refusal. */
static int emit_check_step(struct emit_check *c)
{
	unsigned char ch = (unsigned char)*c->p;
	char next = c->p + 1 < c->end ? c->p[1] : '\0';

	if (ch == '\n')
		return emit_check_newline(c);
	if ((ch < 0x20 && ch != '\t') || ch >= 0x7f)
		return emit_check_fail(c, c->p, "a byte that is not printable ASCII");
	switch (c->state) {
	case LEX_CODE:
		if (ch == '/' && next == '*')
			c->state = LEX_BLOCK, c->p++;
		else if (ch == '/' && next == '/')
			c->state = LEX_LINE, c->p++;
		else if (ch == '"')
			c->state = LEX_STRING;
		else if (ch == '\'')
			c->state = LEX_CHAR;
		break;
	case LEX_BLOCK:
		if (ch == '*' && next == '/')
			c->state = LEX_CODE, c->p++;
		break;
	case LEX_STRING:
	case LEX_CHAR:
		if (ch == '\\' && next && next != '\n')
			c->p++;
		else if (ch == (c->state == LEX_STRING ? '"' : '\''))
			c->state = LEX_CODE;
		break;
	case LEX_LINE:
		break;
	}
	c->p++;
	return 0;
}

/*
 * Bytes that change no lexer state and are never refused, for each state:
 * printable ASCII and tab but for the line end and that state's own
 * characters (code: a comment's or a literal's opening; a block comment:
 * '*'; a literal: the escape and its closing quote; a line comment: none).
 * Runs of them are skipped without a step each (most of a header).
 */
static const char emit_check_stops[][4] = {
	[LEX_CODE] = "/\"'", [LEX_BLOCK] = "*", [LEX_LINE] = "", [LEX_STRING] = "\\\"",
	[LEX_CHAR] = "\\'",
};
static bool emit_check_plain[LEX_CHAR + 1][256];

static void emit_check_plain_init(void)
{
	for (size_t st = 0; st < ARRAY_SIZE(emit_check_plain); st++) {
		for (int ch = 0x20; ch < 0x7f; ch++)
			emit_check_plain[st][ch] = !strchr(emit_check_stops[st], ch);
		emit_check_plain[st]['\t'] = true;
	}
}

#if defined(__SSE2__)
/*
 * Of the 64 bytes at q, a bit each that is plain in no state: what
 * emit_check_plain_init leaves out of every table (the bytes below a space
 * but tab, 0x7f and up, and the five characters of the states).
 */
static uint64_t emit_check_block(const unsigned char *q)
{
	const __m128i slash = _mm_set1_epi8('/'), star = _mm_set1_epi8('*'), dquote = _mm_set1_epi8('"');
	const __m128i quote = _mm_set1_epi8('\''), bslash = _mm_set1_epi8('\\'), tab = _mm_set1_epi8('\t');
	const __m128i space = _mm_set1_epi8(' '), del = _mm_set1_epi8(0x7f);
	uint64_t mask = 0;

	for (int k = 0; k < 4; k++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(q + 16 * k));
		/* signed: below a space are the control bytes and every byte >= 0x80 */
		__m128i bad = _mm_andnot_si128(_mm_cmpeq_epi8(x, tab), _mm_cmplt_epi8(x, space));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, del));
		bad = _mm_or_si128(bad, _mm_or_si128(_mm_cmpeq_epi8(x, slash), _mm_cmpeq_epi8(x, star)));
		bad = _mm_or_si128(bad, _mm_or_si128(_mm_cmpeq_epi8(x, dquote), _mm_cmpeq_epi8(x, quote)));
		bad = _mm_or_si128(bad, _mm_cmpeq_epi8(x, bslash));
		mask |= (uint64_t)(unsigned)_mm_movemask_epi8(bad) << (16 * k);
	}
	return mask;
}
#endif

int emit_text_check(const char *path, const char *data, size_t len, struct diag *d)
{
	struct emit_check c = { path, data, data, data + len, 1, LEX_CODE, false, d };

	if (!emit_check_plain[LEX_CODE]['a'])
		emit_check_plain_init();
	if (emit_check_line_start(&c) < 0)
		return -1;
	while (c.p < c.end) {
#if defined(__SSE2__)
		/* Sixty-four bytes at a time: a step at each byte that may not be
		 * plain, in order, unless it is plain in the state the lexer is in
		 * by then or a step has gone past it. */
		if (c.end - c.p >= 64) {
			const char *block = c.p;

			for (uint64_t m = emit_check_block((const unsigned char *)block); m; m &= m - 1) {
				const char *q = block + __builtin_ctzll(m);

				if (q < c.p || emit_check_plain[c.state][(unsigned char)*q])
					continue;
				c.p = q;
				if (emit_check_step(&c) < 0)
					return -1;
			}
			if (c.p < block + 64)
				c.p = block + 64;
			continue;
		}
#endif
		const bool *plain = emit_check_plain[c.state];

		while (c.p < c.end && plain[(unsigned char)*c.p])
			c.p++;
		if (c.p < c.end && emit_check_step(&c) < 0)
			return -1;
	}
	if (c.state != LEX_CODE && c.state != LEX_LINE)
		return emit_check_fail(&c, c.end, "an unterminated comment or literal");
	if (c.directive && len && data[len - 1] != '\n')
		return emit_check_fail(&c, c.end, "a directive without its line end");
	return 0;
}

bool emit_text_is_c(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot && !strchr(dot, '/') && (!strcmp(dot, ".h") || !strcmp(dot, ".c") || !strcmp(dot, ".hpp"));
}
