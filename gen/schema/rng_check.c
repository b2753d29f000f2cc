/* SPDX-License-Identifier: MIT */
#include "schema/rng_check.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rng_check_fail(struct rng_check *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int rng_check_fail(struct rng_check *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->why, sizeof(c->why), fmt, ap);
	va_end(ap);
	return -1;
}

void rng_check_init(struct rng_check *c, const struct rng_grammar *g)
{
	memset(c, 0, sizeof(*c));
	c->g = g;
}

void rng_check_reset(struct rng_check *c)
{
	c->depth = 0;
	c->text_len = 0;
	if (c->stack)
		c->stack[0].e = NULL;
	c->why[0] = '\0';
	c->why_attr = NULL;
}

void rng_check_release(struct rng_check *c)
{
	free(c->stack);
	free(c->text);
	memset(c, 0, sizeof(*c));
}

/* ---- attributes --------------------------------------------------------------------- */

/* Whether a consumes exactly the attributes in present (those under it). */
static bool rng_attrs_match(const struct rng_elem *e, const struct rng_attr_node *a, uint64_t present,
			    uint64_t valid)
{
	switch (a->kind) {
	case RNG_A_EMPTY:
		return !present;
	case RNG_A_ATTR:
		return present == a->names && (valid >> a->occ & 1);
	case RNG_A_OPTIONAL:
		if (!present)
			return true;
		/* fall through */
	case RNG_A_GROUP:
		if (present & ~a->names)
			return false;
		for (int i = 0; i < a->nkids; i++)
			if (!rng_attrs_match(e, a->kids[i], present & a->kids[i]->names, valid))
				return false;
		return true;
	case RNG_A_CHOICE:
		for (int i = 0; i < a->nkids; i++)
			if (!(present & ~a->kids[i]->names) && rng_attrs_match(e, a->kids[i], present, valid))
				return true;
		return false;
	}
	return false;
}

static const char *rng_attr_name(const struct rng_check *c, const struct rng_elem *e, int local)
{
	return c->g->attrs[e->global[local]];
}

/* Names the first attribute with a bad value, else says the set does not fit. */
static int rng_attrs_fail(struct rng_check *c, const struct rng_frame *f)
{
	const struct rng_elem *e = f->e;

	for (int k = 0; k < e->nocc; k++) {
		int n = e->occ[k].name;
		bool any_valid = false;

		for (int j = 0; j < e->nocc; j++)
			any_valid |= e->occ[j].name == n && (f->valid >> j & 1);
		if ((f->names >> n & 1) && !any_valid) {
			c->why_attr = rng_attr_name(c, e, n);
			return rng_check_fail(c, "attribute %s of <%s> has a value the schema does not allow",
					      rng_attr_name(c, e, n), e->name);
		}
	}
	return rng_check_fail(c, "the attributes of <%s> do not match the schema (one missing, "
			      "or two that exclude each other)", e->name);
}

static int rng_attrs_done(struct rng_check *c, struct rng_frame *f)
{
	uint64_t h = ((uint64_t)(uintptr_t)f->e >> 4) ^ f->names * 0x9e3779b97f4a7c15ull ^
		     f->valid * 0xc2b2ae3d27d4eb4full;
	struct rng_attrs_seen *seen = &c->seen[(h ^ h >> 29 ^ h >> 47) % (sizeof(c->seen) / sizeof(c->seen[0]))];

	f->attrs_done = true;
	/* the same element with the same attributes, valid the same way: the
	 * same verdict (rng_attrs_match depends on nothing else) */
	if (seen->e == f->e && seen->names == f->names && seen->valid == f->valid)
		return 0;
	if (!rng_attrs_match(f->e, f->e->attrs, f->names, f->valid))
		return rng_attrs_fail(c, f);
	*seen = (struct rng_attrs_seen){ f->e, f->names, f->valid };
	return 0;
}

int rng_check_attr(struct rng_check *c, int attr, const char *name, const char *value, size_t len)
{
	struct rng_frame *f = &c->stack[c->depth - 1];
	const struct rng_elem *e = f->e;
	int local = attr >= 0 ? e->local[attr] : -1;

	if (local < 0) {
		c->why_attr = name;
		return rng_check_fail(c, "<%s> has no attribute %s", e->name, name);
	}
	f->names |= (uint64_t)1 << local;
	for (int k = e->occ_first[local]; k >= 0; k = e->occ_next[k])
		if (rng_type_check(c->g, &e->occ[k].type, value, len))
			f->valid |= (uint64_t)1 << k;
	return 0;
}

void rng_check_attrs_put(struct rng_check *c, uint64_t names, uint64_t valid)
{
	struct rng_frame *f = &c->stack[c->depth - 1];

	f->names |= names;
	f->valid |= valid;
}

int rng_check_attrs_end(struct rng_check *c)
{
	struct rng_frame *f = &c->stack[c->depth - 1];

	return f->attrs_done ? 0 : rng_attrs_done(c, f);
}

/* ---- children ----------------------------------------------------------------------- */

/* States after taking element id from the states in state. */
static uint64_t rng_parts_step(const struct rng_elem *e, uint64_t state, int id)
{
	uint64_t next = 0, bit = (uint64_t)1 << id;

	for (int s = -1; s < e->nparts; s++) {
		if (!(state >> (s + 1) & 1))
			continue;
		if (s >= 0 && e->parts[s].repeat && (e->parts[s].elems & bit))
			next |= (uint64_t)1 << (s + 1);
		for (int k = s + 1; k < e->nparts; k++) {
			if (e->parts[k].elems & bit)
				next |= (uint64_t)1 << (k + 1);
			if (!e->parts[k].optional)
				break;
		}
	}
	return next;
}

static bool rng_parts_complete(const struct rng_elem *e, uint64_t state)
{
	for (int s = -1; s < e->nparts; s++) {
		int k;

		if (!(state >> (s + 1) & 1))
			continue;
		for (k = s + 1; k < e->nparts && e->parts[k].optional; k++)
			;
		if (k == e->nparts)
			return true;
	}
	return false;
}

static int rng_check_push(struct rng_check *c, const struct rng_elem *e)
{
	if (c->depth == c->cap) {
		int cap = c->cap ? 2 * c->cap : 16;
		struct rng_frame *s = realloc(c->stack, (size_t)cap * sizeof(*s));
		if (!s)
			return rng_check_fail(c, "out of memory");
		c->stack = s;
		c->cap = cap;
	}
	c->stack[c->depth++] = (struct rng_frame){ .e = e, .state = 1, .text_start = c->text_len };
	return 0;
}

int rng_check_open(struct rng_check *c, int elem, const char *name)
{
	const struct rng_grammar *g = c->g;

	if (elem < 0)
		return rng_check_fail(c, "element <%s> is not in the schema", name);
	if (!c->depth) {
		if (c->stack && c->stack[0].e)  /* a second root */
			return rng_check_fail(c, "a second document element <%s>", name);
		if (elem != g->root)
			return rng_check_fail(c, "the document element must be <%s>, not <%s>",
					      g->elems[g->root]->name, name);
		return rng_check_push(c, g->elems[elem]);
	}
	struct rng_frame *f = &c->stack[c->depth - 1];
	if (!f->attrs_done && rng_attrs_done(c, f) < 0)
		return -1;
	if (f->e->text)
		return rng_check_fail(c, "<%s> holds text, not element <%s>", f->e->name, name);
	uint64_t next = rng_parts_step(f->e, f->state, elem);
	if (!next)
		return rng_check_fail(c, "element <%s> is not allowed here in <%s>", name, f->e->name);
	f->state = next;
	return rng_check_push(c, g->elems[elem]);
}

static bool rng_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
			return false;
	return true;
}

int rng_check_text(struct rng_check *c, const char *text, size_t len)
{
	struct rng_frame *f = &c->stack[c->depth - 1];

	if (!f->attrs_done && rng_attrs_done(c, f) < 0)
		return -1;
	if (!f->e->text) {
		if (rng_blank(text, len))
			return 0;
		return rng_check_fail(c, "<%s> holds elements, not text", f->e->name);
	}
	if (!f->e->text_type)
		return 0;
	if (c->text_len + len + 1 > c->text_cap) {
		size_t cap = (c->text_len + len + 1) * 2;
		char *t = realloc(c->text, cap);
		if (!t)
			return rng_check_fail(c, "out of memory");
		c->text = t;
		c->text_cap = cap;
	}
	memcpy(c->text + c->text_len, text, len);
	c->text_len += len;
	return 0;
}

int rng_check_close(struct rng_check *c)
{
	struct rng_frame *f = &c->stack[c->depth - 1];
	const struct rng_elem *e = f->e;

	if (!f->attrs_done && rng_attrs_done(c, f) < 0)
		return -1;
	if (e->text_type) {
		size_t n = c->text_len - f->text_start;
		if (!rng_type_check(c->g, e->text_type, c->text ? c->text + f->text_start : "", n))
			return rng_check_fail(c, "the text of <%s> is not what the schema allows", e->name);
		c->text_len = f->text_start;
	}
	if (!e->text && !rng_parts_complete(e, f->state))
		return rng_check_fail(c, "<%s> lacks an element the schema requires", e->name);
	c->depth--;
	return 0;
}

int rng_check_end(struct rng_check *c)
{
	if (c->depth || !c->stack || !c->stack[0].e)
		return rng_check_fail(c, "the document is incomplete");
	return 0;
}

/* ---- a parsed document ----------------------------------------------------------------- */

static int rng_check_node(struct rng_check *c, xmlNodePtr n, long *line);

long rng_attr_line(xmlNodePtr n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(n, BAD_CAST name);
	long line = a && a->children ? xmlGetLineNo(a->children) : 0;

	return line > 0 ? line : xmlGetLineNo(n);
}

/* n's attributes, all of them: the set is checked here, not at n's first child. */
static int rng_check_attrs(struct rng_check *c, xmlNodePtr n)
{
	for (xmlAttrPtr a = n->properties; a; a = a->next) {
		const char *v = "";
		xmlChar *owned = NULL;
		int rc;

		if (a->ns)
			return rng_check_fail(c, "<%s> has attribute %s:%s in a namespace", n->name,
					      a->ns->prefix ? (const char *)a->ns->prefix : "",
					      a->name);
		if (a->children && !a->children->next && a->children->type == XML_TEXT_NODE)
			v = a->children->content ? (const char *)a->children->content : "";
		else if (a->children)
			v = (const char *)(owned = xmlNodeListGetString(n->doc, a->children, 1));
		rc = rng_check_attr(c, rng_grammar_attr(c->g, (const char *)a->name), (const char *)a->name,
				    v ? v : "", v ? strlen(v) : 0);
		xmlFree(owned);
		if (rc < 0)
			return -1;
	}
	return rng_check_attrs_end(c);
}

static int rng_check_kids(struct rng_check *c, xmlNodePtr n, long *line)
{
	for (xmlNodePtr k = n->children; k; k = k->next) {
		switch (k->type) {
		case XML_ELEMENT_NODE:
			if (rng_check_node(c, k, line) < 0)
				return -1;
			break;
		case XML_TEXT_NODE:
		case XML_CDATA_SECTION_NODE:
			*line = xmlGetLineNo(k);
			if (k->content && rng_check_text(c, (const char *)k->content,
							 strlen((const char *)k->content)) < 0)
				return -1;
			break;
		case XML_COMMENT_NODE:
		case XML_PI_NODE:
			break;
		default:
			*line = xmlGetLineNo(k);
			return rng_check_fail(c, "<%s> holds a node of type %d", n->name, (int)k->type);
		}
	}
	return 0;
}

static int rng_check_node(struct rng_check *c, xmlNodePtr n, long *line)
{
	*line = xmlGetLineNo(n);
	if (n->ns)
		return rng_check_fail(c, "element <%s> is in a namespace; the IR has none", n->name);
	if (rng_check_open(c, rng_grammar_elem(c->g, (const char *)n->name), (const char *)n->name) < 0)
		return -1;
	if (rng_check_attrs(c, n) < 0) {
		if (c->why_attr)
			*line = rng_attr_line(n, c->why_attr);
		return -1;
	}
	if (rng_check_kids(c, n, line) < 0)
		return -1;
	*line = xmlGetLineNo(n);
	return rng_check_close(c);
}

int rng_check_doc(struct rng_check *c, xmlDocPtr doc, long *line)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);

	*line = 0;
	rng_check_reset(c);
	if (!root)
		return rng_check_fail(c, "the document has no element");
	if (rng_check_node(c, root, line) < 0)
		return -1;
	return rng_check_end(c);
}
