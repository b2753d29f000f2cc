/* SPDX-License-Identifier: MIT */
#include "io/xml_out.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

#define XML_OUT_CHUNK (64 * 1024)
#define XML_DECL "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

static void xml_out_fail(struct xml_out *o, const char *why)
{
	if (o->failed)
		return;
	o->failed = true;
	snprintf(o->why, sizeof(o->why), "%s", why);
}

static void xml_out_flush(struct xml_out *o)
{
	if (!o->sink || !o->len || o->failed)
		return;
	if (o->sink(o->sink_ctx, o->buf, o->len) < 0) {
		o->sink_failed = true;
		xml_out_fail(o, strerror(errno));
	}
	o->len = 0;
}

/* Room for n more bytes. */
static char *xml_out_room(struct xml_out *o, size_t n)
{
	if (o->len + n <= o->cap)
		return o->buf + o->len;
	xml_out_flush(o);
	if (o->len + n > o->cap) {
		size_t cap = o->cap ? o->cap : XML_OUT_CHUNK;
		while (cap < o->len + n)
			cap *= 2;
		o->buf = mem_realloc(o->buf, cap);
		o->cap = cap;
	}
	return o->buf + o->len;
}

static void xml_out_put(struct xml_out *o, const char *s, size_t n)
{
	memcpy(xml_out_room(o, n), s, n);
	o->len += n;
}

static void xml_out_puts(struct xml_out *o, const char *s)
{
	xml_out_put(o, s, strlen(s));
}

void xml_out_init(struct xml_out *o, const struct rng_grammar *g, xml_out_sink sink, void *ctx)
{
	memset(o, 0, sizeof(*o));
	o->sink = sink;
	o->sink_ctx = ctx;
	rng_check_init(&o->check, g);
	xml_out_puts(o, XML_DECL);
}

void xml_out_comment(struct xml_out *o, const char *text)
{
	if (o->failed)
		return;
	xml_out_puts(o, "<!-- ");
	xml_out_puts(o, text);
	xml_out_puts(o, " -->\n");
}

void xml_out_release(struct xml_out *o)
{
	free(o->buf);
	rng_check_release(&o->check);
	memset(o, 0, sizeof(*o));
}

/*
 * What libxml2 escapes: in attributes < > & " and TAB, LF, CR as character
 * references; in text < > & and CR.  1: escape in attributes, 2: in text.
 */
static const unsigned char xml_escape_class[256] = {
	['<'] = 3, ['>'] = 3, ['&'] = 3, ['"'] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 3,
};

static const char *xml_escape(unsigned char c)
{
	switch (c) {
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '&': return "&amp;";
	case '"': return "&quot;";
	case '\t': return "&#9;";
	case '\n': return "&#10;";
	default: return "&#13;";
	}
}

static void xml_out_escaped(struct xml_out *o, const char *s, size_t n, unsigned char mask)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t run = 0;

	for (size_t i = 0; i < n; i++) {
		/* eight at a time while none needs escaping */
		while (n - i >= 8 && !((xml_escape_class[u[i]] | xml_escape_class[u[i + 1]] |
					xml_escape_class[u[i + 2]] | xml_escape_class[u[i + 3]] |
					xml_escape_class[u[i + 4]] | xml_escape_class[u[i + 5]] |
					xml_escape_class[u[i + 6]] | xml_escape_class[u[i + 7]]) & mask))
			i += 8;
		if (i == n)
			break;
		if (__builtin_expect(!(xml_escape_class[u[i]] & mask), 1))
			continue;
		xml_out_put(o, s + run, i - run);
		xml_out_puts(o, xml_escape((unsigned char)s[i]));
		run = i + 1;
	}
	xml_out_put(o, s + run, n - run);
}

static void xml_out_indent(struct xml_out *o)
{
	char *p = xml_out_room(o, 2 * (size_t)o->depth);

	memset(p, ' ', 2 * (size_t)o->depth);
	o->len += 2 * (size_t)o->depth;
}

/* Ends the parent's start tag: it has children. */
static void xml_out_end_tag(struct xml_out *o)
{
	if (o->in_tag) {
		xml_out_put(o, ">\n", 2);
		o->in_tag = false;
	}
}

/*
 * After a failure (the schema, or the sink: a full disk) the document is
 * abandoned: nothing more is checked or written, so the checker's stack is
 * never driven past the point where it stopped following the elements.
 */
static bool xml_out_checked(struct xml_out *o, int rc)
{
	if (rc < 0)
		xml_out_fail(o, o->check.why);
	return !o->failed;
}

void xml_out_open(struct xml_out *o, int elem, const char *name)
{
	if (o->failed)
		return;
	if (!xml_out_checked(o, rng_check_open(&o->check, elem, name)))
		return;
	xml_out_end_tag(o);
	xml_out_indent(o);
	xml_out_put(o, "<", 1);
	xml_out_puts(o, name);
	o->in_tag = true;
	o->depth++;
}

static void xml_out_attr_n(struct xml_out *o, int attr, const char *name, const char *value, size_t n)
{
	if (o->failed)
		return;
	if (!xml_out_checked(o, rng_check_attr(&o->check, attr, name, value, n)))
		return;
	size_t k = strlen(name);
	char *p = xml_out_room(o, k + 3);

	p[0] = ' ';
	memcpy(p + 1, name, k);
	p[k + 1] = '=';
	p[k + 2] = '"';
	o->len += k + 3;
	xml_out_escaped(o, value, n, 1);
	xml_out_put(o, "\"", 1);
}

void xml_out_attr(struct xml_out *o, int attr, const char *name, const char *value)
{
	if (value)
		xml_out_attr_n(o, attr, name, value, strlen(value));
}

void xml_out_attr_u64(struct xml_out *o, int attr, const char *name, uint64_t v)
{
	char buf[24], *p = buf + sizeof(buf);

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	xml_out_attr_n(o, attr, name, p, (size_t)(buf + sizeof(buf) - p));
}

void xml_out_attr_hex(struct xml_out *o, int attr, const char *name, uint64_t v)
{
	char buf[24], *p = buf + sizeof(buf);

	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	*--p = 'x';
	*--p = '0';
	xml_out_attr_n(o, attr, name, p, (size_t)(buf + sizeof(buf) - p));
}

void xml_out_text_elem(struct xml_out *o, int elem, const char *name, const char *text)
{
	size_t n = strlen(text);

	if (o->failed)
		return;
	xml_out_open(o, elem, name);
	if (o->failed || !xml_out_checked(o, rng_check_text(&o->check, text, n)))
		return;
	xml_out_put(o, ">", 1);
	o->in_tag = false;
	xml_out_escaped(o, text, n, 2);
	xml_out_put(o, "</", 2);
	xml_out_puts(o, name);
	xml_out_put(o, ">\n", 2);
	o->depth--;
	xml_out_checked(o, rng_check_close(&o->check));
}

void xml_out_close(struct xml_out *o, const char *name)
{
	if (o->failed)
		return;
	if (!xml_out_checked(o, rng_check_close(&o->check)))
		return;
	o->depth--;
	if (o->in_tag) {
		xml_out_put(o, "/>\n", 3);
		o->in_tag = false;
		return;
	}
	xml_out_indent(o);
	xml_out_put(o, "</", 2);
	xml_out_puts(o, name);
	xml_out_put(o, ">\n", 2);
}

int xml_out_finish(struct xml_out *o)
{
	if (!o->failed)
		xml_out_checked(o, rng_check_end(&o->check));
	xml_out_flush(o);
	return o->failed ? -1 : 0;
}
