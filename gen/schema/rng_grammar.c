/* SPDX-License-Identifier: MIT */
#include "schema/rng_grammar.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "mem.h"
#include "schema/xsd_regex.h"

#define RNG_NS "http://relaxng.org/ns/structure/1.0"
#define XSD_LIB "http://www.w3.org/2001/XMLSchema-datatypes"

struct rng_build {
	struct rng_grammar *g;
	xmlNodePtr grammar;
	char *why;
	size_t whylen;
	bool failed;
	/* the grammar's defines in document order and their names (NULL: none) */
	int ndefs;
	xmlNodePtr *defs;
	char **def_names;
};

static void rng_fail(struct rng_build *b, xmlNodePtr n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void rng_fail(struct rng_build *b, xmlNodePtr n, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (b->failed)
		return;
	b->failed = true;
	k = n ? snprintf(b->why, b->whylen, "ir.rng:%ld: ", xmlGetLineNo(n)) : 0;
	if (k < 0 || (size_t)k >= b->whylen)
		k = 0;
	va_start(ap, fmt);
	vsnprintf(b->why + k, b->whylen - (size_t)k, fmt, ap);
	va_end(ap);
}

/* ---- the grammar's XML ---------------------------------------------------------------- */

static bool rng_is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

/* Pattern children: RELAX NG elements (annotations in other namespaces are skipped). */
static xmlNodePtr rng_next(xmlNodePtr n)
{
	for (; n; n = n->next)
		if (n->type == XML_ELEMENT_NODE && n->ns && !strcmp((const char *)n->ns->href, RNG_NS))
			return n;
	return NULL;
}

#define RNG_KIDS(c, n) for (xmlNodePtr c = rng_next((n)->children); c; c = rng_next(c->next))

static const char *rng_prop(struct rng_build *b, xmlNodePtr n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(n, BAD_CAST name);

	if (!a || !a->children || !a->children->content)
		return NULL;
	return arena_strdup(&b->g->arena, (const char *)a->children->content);
}

static const char *rng_library(xmlNodePtr n)
{
	for (; n && n->type == XML_ELEMENT_NODE; n = n->parent) {
		xmlAttrPtr a = xmlHasProp(n, BAD_CAST "datatypeLibrary");
		if (a && a->children && a->children->content)
			return (const char *)a->children->content;
	}
	return "";
}

static xmlNodePtr rng_define(struct rng_build *b, xmlNodePtr ref)
{
	const char *name = rng_prop(b, ref, "name");

	for (int i = 0; name && i < b->ndefs; i++) {
		xmlNodePtr d = b->defs[i];

		if (b->def_names[i] && !strcmp(b->def_names[i], name)) {
			if (xmlHasProp(d, BAD_CAST "combine"))
				rng_fail(b, d, "define %s: combine is not supported", name);
			return d;
		}
	}
	rng_fail(b, ref, "ref to undefined pattern %s", name ? name : "?");
	return NULL;
}

/* ---- simple types ------------------------------------------------------------------- */

static pcre2_code *rng_pattern(struct rng_build *b, xmlNodePtr n, const char *src)
{
	char why[160], *re = xsd_regex_to_pcre2(src, why, sizeof(why));
	int err;
	PCRE2_SIZE off;
	pcre2_code *code;

	if (!re) {
		rng_fail(b, n, "pattern %s: %s", src, why);
		return NULL;
	}
	code = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
			     PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED | PCRE2_ENDANCHORED |
			     PCRE2_NO_AUTO_CAPTURE | PCRE2_DOLLAR_ENDONLY, &err, &off, NULL);
	free(re);
	if (!code) {
		rng_fail(b, n, "pattern %s does not compile", src);
		return NULL;
	}
	pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);   /* the interpreter is the fallback */
	return code;
}

/* Which ASCII characters the XSD atom src[0, len) takes, each alone. */
static bool rng_fast_atom(const char *src, size_t len, uint8_t take[256])
{
	char why[160], *atom = strndup(src, len), *re = atom ? xsd_regex_to_pcre2(atom, why, sizeof(why)) : NULL;
	pcre2_code *code = NULL;
	pcre2_match_data *md = NULL;
	PCRE2_SIZE off;
	int err;

	free(atom);
	if (re)
		code = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
				     PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED | PCRE2_ENDANCHORED |
				     PCRE2_NO_AUTO_CAPTURE | PCRE2_DOLLAR_ENDONLY, &err, &off, NULL);
	free(re);
	if (code)
		md = pcre2_match_data_create_from_pattern(code, NULL);
	for (int c = 0; md && c < 128; c++) {
		char ch = (char)c;
		take[c] = pcre2_match(code, (PCRE2_SPTR)&ch, 1, 0, 0, md, NULL) >= 0 ? RNG_FAST_TAKEN :
			  RNG_FAST_REFUSED;
	}
	memset(take + 128, RNG_FAST_NOT_ASCII, 128);
	pcre2_match_data_free(md);
	pcre2_code_free(code);
	return md != NULL;
}

/*
 * The pattern src as tables (struct rng_fast), or NULL when it is not of
 * that form: atoms are a class ([...], its subtractions included), an
 * escape of one character or a plain ASCII character; only the last may
 * be repeated (* or +); nothing else (groups, alternatives, ?, {n}, .).
 */
static const struct rng_fast *rng_pattern_fast(struct rng_build *b, const char *src)
{
	struct rng_fast f = { 0 };
	size_t i = 0, n = strlen(src);

	while (i < n) {
		size_t start = i;

		if (src[i] == '[') {
			int depth = 0;
			for (; i < n; i++) {
				if (src[i] == '\\' && i + 1 < n)
					i++;
				else if (src[i] == '[')
					depth++;
				else if (src[i] == ']' && --depth == 0)
					break;
			}
			if (i >= n)
				return NULL;
			i++;
		} else if (src[i] == '\\') {
			if (i + 1 >= n || strchr("pPcCiIdDsSwW", src[i + 1]))
				return NULL;
			i += 2;
		} else if ((unsigned char)src[i] >= 0x80 || strchr(".()|?*+{}^$", src[i])) {
			return NULL;
		} else {
			i++;
		}
		char q = i < n && (src[i] == '*' || src[i] == '+') ? src[i] : 0;
		if (q) {
			if (i + 1 != n || !rng_fast_atom(src + start, i - start, f.rest))
				return NULL;
			f.tail = q;
			i++;
		} else if (i < n && strchr("?{", src[i])) {
			return NULL;
		} else if (f.nfixed == RNG_FAST_FIXED || !rng_fast_atom(src + start, i - start, f.fixed[f.nfixed])) {
			return NULL;
		} else {
			f.nfixed++;
		}
	}
	if (!f.tail) {   /* nothing may follow the fixed atoms */
		memset(f.rest, RNG_FAST_REFUSED, 128);
		memset(f.rest + 128, RNG_FAST_NOT_ASCII, 128);
	}
	struct rng_fast *r = arena_alloc(&b->g->arena, sizeof(*r));
	*r = f;
	return r;
}

/* s's pattern and its tables from s->pattern_src, compiled at its first use. */
static void rng_pattern_get(struct rng_build *b, xmlNodePtr n, struct rng_simple *s)
{
	struct rng_pattern *p;

	for (p = b->g->patterns; p; p = p->next)
		if (!strcmp(p->src, s->pattern_src))
			break;
	if (!p) {
		pcre2_code *code = rng_pattern(b, n, s->pattern_src);
		if (!code)
			return;
		p = arena_alloc(&b->g->arena, sizeof(*p));
		*p = (struct rng_pattern){ b->g->patterns, s->pattern_src, code, NULL };
		b->g->patterns = p;
		p->fast = rng_pattern_fast(b, s->pattern_src);
	}
	s->pattern = p->code;
	s->fast = p->fast;
}

static long rng_length_param(struct rng_build *b, xmlNodePtr p)
{
	xmlChar *s = xmlNodeGetContent(p);
	char *end;
	long v = s ? strtol((const char *)s, &end, 10) : -1;

	if (!s || *end || v < 0)
		rng_fail(b, p, "bad length parameter");
	xmlFree(s);
	return v;
}

static void rng_data(struct rng_build *b, xmlNodePtr n, struct rng_simple *s)
{
	const char *type = rng_prop(b, n, "type");

	s->min_len = s->max_len = -1;
	if (strcmp(rng_library(n), XSD_LIB) || !type) {
		rng_fail(b, n, "data: only the XSD datatype library is supported");
		return;
	}
	if (!strcmp(type, "string"))
		s->dt = RNG_DT_STRING;
	else if (!strcmp(type, "positiveInteger"))
		s->dt = RNG_DT_POSITIVE;
	else if (!strcmp(type, "nonNegativeInteger"))
		s->dt = RNG_DT_NONNEGATIVE;
	else
		rng_fail(b, n, "datatype %s is not supported", type);
	RNG_KIDS(p, n) {
		const char *pn = rng_prop(b, p, "name");
		xmlChar *v;

		if (!rng_is(p, "param") || s->dt != RNG_DT_STRING || !pn) {
			rng_fail(b, p, "data %s: only string parameters are supported", type);
			return;
		}
		if (!strcmp(pn, "pattern")) {
			if (s->pattern) {
				rng_fail(b, p, "several patterns on one datatype");
				return;
			}
			v = xmlNodeGetContent(p);
			s->pattern_src = arena_strdup(&b->g->arena, (const char *)v);
			xmlFree(v);
			rng_pattern_get(b, p, s);
		} else if (!strcmp(pn, "minLength")) {
			s->min_len = rng_length_param(b, p);
		} else if (!strcmp(pn, "maxLength")) {
			s->max_len = rng_length_param(b, p);
		} else if (!strcmp(pn, "length")) {
			s->min_len = s->max_len = rng_length_param(b, p);
		} else {
			rng_fail(b, p, "parameter %s is not supported", pn);
		}
	}
}

static char *rng_collapse(struct arena *a, const char *s, size_t n)
{
	char *out = arena_alloc(a, n + 1), *o = out;
	bool space = false;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = o != out;
			continue;
		}
		if (space)
			*o++ = ' ';
		space = false;
		*o++ = c;
	}
	*o = '\0';
	return out;
}

static void rng_value(struct rng_build *b, xmlNodePtr n, struct rng_simple *s)
{
	const char *type = rng_prop(b, n, "type");
	const char *lib = type ? rng_library(n) : "";
	xmlChar *v = xmlNodeGetContent(n);
	const char *text = v ? (const char *)v : "";

	if (!type || (!*lib && !strcmp(type, "token"))) {
		s->dt = RNG_DT_VALUE_TOKEN;
		s->value = rng_collapse(&b->g->arena, text, strlen(text));
		s->value_len = strlen(s->value);
	} else if (!strcmp(type, "string")) {
		s->dt = RNG_DT_VALUE_STRING;
		s->value = arena_strdup(&b->g->arena, text);
		s->value_len = strlen(s->value);
	} else {
		rng_fail(b, n, "value of type %s is not supported", type);
	}
	xmlFree(v);
}

static int rng_type_count(struct rng_build *b, xmlNodePtr n)
{
	if (rng_is(n, "ref")) {
		xmlNodePtr d = rng_define(b, n);
		return d && rng_next(d->children) ? rng_type_count(b, rng_next(d->children)) : 0;
	}
	if (rng_is(n, "choice")) {
		int k = 0;
		RNG_KIDS(c, n)
			k += rng_type_count(b, c);
		return k;
	}
	return 1;
}

static void rng_type_fill(struct rng_build *b, xmlNodePtr n, struct rng_type *t)
{
	if (rng_is(n, "ref")) {
		xmlNodePtr d = rng_define(b, n);
		if (d && (!rng_next(d->children) || rng_next(rng_next(d->children)->next)))
			rng_fail(b, d, "a datatype define must hold one pattern");
		else if (d)
			rng_type_fill(b, rng_next(d->children), t);
	} else if (rng_is(n, "choice")) {
		RNG_KIDS(c, n)
			rng_type_fill(b, c, t);
	} else if (rng_is(n, "data")) {
		rng_data(b, n, &t->alts[t->nalts++]);
	} else if (rng_is(n, "value")) {
		rng_value(b, n, &t->alts[t->nalts++]);
	} else if (rng_is(n, "text")) {
		t->alts[t->nalts++].dt = RNG_DT_TEXT;
	} else {
		rng_fail(b, n, "<%s> is not supported as a datatype", n->name);
	}
}

/* The type of n's content (one pattern; none: text). */
static void rng_type_build(struct rng_build *b, xmlNodePtr owner, xmlNodePtr n, struct rng_type *t)
{
	int k = n ? rng_type_count(b, n) : 1;

	if (n && rng_next(n->next))
		rng_fail(b, owner, "<%s> must hold one pattern", owner->name);
	t->alts = arena_zalloc(&b->g->arena, (size_t)k * sizeof(*t->alts));
	t->nalts = 0;
	if (!n)
		t->alts[t->nalts++].dt = RNG_DT_TEXT;
	else
		rng_type_fill(b, n, t);
}

/* ---- attributes --------------------------------------------------------------------- */

static int rng_attr_global(struct rng_build *b, const char *name)
{
	struct rng_grammar *g = b->g;
	int id = rng_grammar_attr(g, name);

	if (id >= 0)
		return id;
	const char **a = mem_realloc(g->attrs, (size_t)(g->nattrs + 1) * sizeof(*a));
	g->attrs = a;
	g->attrs[g->nattrs] = name;
	return g->nattrs++;
}

static int rng_attr_local(struct rng_build *b, struct rng_elem *e, xmlNodePtr n, const char *name)
{
	int global = rng_attr_global(b, name);

	for (int i = 0; i < e->nnames; i++)
		if (e->global[i] == global)
			return i;
	if (e->nnames == 64) {
		rng_fail(b, n, "element %s: more than 64 attribute names", e->name);
		return 0;
	}
	int *gl = mem_realloc(e->global, (size_t)(e->nnames + 1) * sizeof(*gl));
	e->global = gl;
	e->global[e->nnames] = global;
	return e->nnames++;
}

static struct rng_attr_node *rng_anode(struct rng_build *b, enum rng_anode kind, int nkids)
{
	struct rng_attr_node *a = arena_zalloc(&b->g->arena, sizeof(*a));

	a->kind = kind;
	a->kids = arena_zalloc(&b->g->arena, (size_t)(nkids ? nkids : 1) * sizeof(*a->kids));
	return a;
}

static struct rng_attr_node *rng_attr_tree(struct rng_build *b, struct rng_elem *e, xmlNodePtr n);

/* A group of n's pattern children (or of a define's). */
static struct rng_attr_node *rng_attr_kids(struct rng_build *b, struct rng_elem *e, xmlNodePtr n,
					   enum rng_anode kind)
{
	int k = 0;

	RNG_KIDS(c, n)
		k++;
	struct rng_attr_node *a = rng_anode(b, kind, k);
	RNG_KIDS(c, n) {
		struct rng_attr_node *kid = rng_attr_tree(b, e, c);
		if (!kid)
			return NULL;
		if (kind == RNG_A_GROUP && (a->names & kid->names))
			rng_fail(b, c, "element %s: an attribute repeated in a group", e->name);
		a->names |= kid->names;
		a->kids[a->nkids++] = kid;
	}
	return a;
}

static struct rng_attr_node *rng_attr_tree(struct rng_build *b, struct rng_elem *e, xmlNodePtr n)
{
	if (b->failed)
		return NULL;
	if (rng_is(n, "attribute")) {
		const char *name = rng_prop(b, n, "name");
		const char *ns = rng_prop(b, n, "ns");
		if (!name || (ns && *ns)) {
			rng_fail(b, n, "attribute: only a plain name attribute is supported");
			return NULL;
		}
		if (e->nocc == RNG_MAX_OCCS) {
			rng_fail(b, n, "element %s: too many attribute patterns", e->name);
			return NULL;
		}
		struct rng_attr_node *a = rng_anode(b, RNG_A_ATTR, 0);
		struct rng_occ *o = &e->occ[e->nocc];
		o->name = rng_attr_local(b, e, n, name);
		rng_type_build(b, n, rng_next(n->children), &o->type);
		a->occ = e->nocc++;
		a->names = (uint64_t)1 << o->name;
		return a;
	}
	if (rng_is(n, "empty"))
		return rng_anode(b, RNG_A_EMPTY, 0);
	if (rng_is(n, "group"))
		return rng_attr_kids(b, e, n, RNG_A_GROUP);
	if (rng_is(n, "choice"))
		return rng_attr_kids(b, e, n, RNG_A_CHOICE);
	if (rng_is(n, "optional"))
		return rng_attr_kids(b, e, n, RNG_A_OPTIONAL);
	if (rng_is(n, "ref")) {
		xmlNodePtr d = rng_define(b, n);
		return d ? rng_attr_kids(b, e, d, RNG_A_GROUP) : NULL;
	}
	rng_fail(b, n, "<%s> is not supported among attributes", n->name);
	return NULL;
}

/* ---- element content ----------------------------------------------------------------- */

enum rng_class { RNG_CL_EMPTY = 0, RNG_CL_ATTR = 1, RNG_CL_ELEM = 2, RNG_CL_TEXT = 4 };

/* What a pattern holds: attributes, elements, text (bits), through refs. */
static unsigned rng_classify(struct rng_build *b, xmlNodePtr n, int depth)
{
	unsigned cl = 0;

	if (depth > 64) {
		rng_fail(b, n, "patterns nested too deep");
		return 0;
	}
	if (rng_is(n, "attribute"))
		return RNG_CL_ATTR;
	if (rng_is(n, "element"))
		return RNG_CL_ELEM;
	if (rng_is(n, "text") || rng_is(n, "data") || rng_is(n, "value"))
		return RNG_CL_TEXT;
	if (rng_is(n, "empty"))
		return RNG_CL_EMPTY;
	if (rng_is(n, "ref")) {
		xmlNodePtr d = rng_define(b, n);
		if (!d)
			return 0;
		n = d;
	} else if (!rng_is(n, "group") && !rng_is(n, "choice") && !rng_is(n, "optional") &&
		   !rng_is(n, "zeroOrMore") && !rng_is(n, "oneOrMore")) {
		rng_fail(b, n, "<%s> is not supported", n->name);
		return 0;
	}
	RNG_KIDS(c, n)
		cl |= rng_classify(b, c, depth + 1);
	return cl;
}

static int rng_elem_build(struct rng_build *b, xmlNodePtr n);

/* Element ids a particle's pattern accepts: elements, refs to them, choices. */
static uint64_t rng_particle_elems(struct rng_build *b, xmlNodePtr n, bool *empty)
{
	uint64_t set = 0;

	if (rng_is(n, "element")) {
		int id = rng_elem_build(b, n);
		return id < 0 ? 0 : (uint64_t)1 << id;
	}
	if (rng_is(n, "empty")) {
		*empty = true;
		return 0;
	}
	if (rng_is(n, "ref")) {
		xmlNodePtr d = rng_define(b, n);
		if (!d)
			return 0;
		if (!rng_next(d->children) || rng_next(rng_next(d->children)->next)) {
			rng_fail(b, n, "a particle's define must be one element or a choice");
			return 0;
		}
		return rng_particle_elems(b, rng_next(d->children), empty);
	}
	if (rng_is(n, "choice")) {
		RNG_KIDS(c, n)
			set |= rng_particle_elems(b, c, empty);
		return set;
	}
	rng_fail(b, n, "<%s> inside a particle is not supported", n->name);
	return 0;
}

/* pat: one pattern; repeated and optional ones hold exactly one. */
static void rng_particle_add(struct rng_build *b, struct rng_elem *e, xmlNodePtr pat,
			     bool optional, bool repeat)
{
	bool empty = false;
	uint64_t set;

	if (optional || repeat) {
		xmlNodePtr one = rng_next(pat->children);
		if (!one || rng_next(one->next)) {
			rng_fail(b, pat, "element %s: a repeated or optional group is not supported",
				 e->name);
			return;
		}
		pat = one;
	}
	set = rng_particle_elems(b, pat, &empty);
	if (e->nparts == RNG_MAX_PARTS) {
		rng_fail(b, pat, "element %s: too many child particles", e->name);
		return;
	}
	e->parts[e->nparts++] = (struct rng_particle){ set, optional || empty, repeat };
}

static void rng_content_item(struct rng_build *b, struct rng_elem *e, xmlNodePtr n);

static void rng_content_kids(struct rng_build *b, struct rng_elem *e, xmlNodePtr n)
{
	RNG_KIDS(c, n)
		rng_content_item(b, e, c);
}

static void rng_content_text(struct rng_build *b, struct rng_elem *e, xmlNodePtr n)
{
	if (e->text) {
		rng_fail(b, n, "element %s: text twice", e->name);
		return;
	}
	e->text = true;
	if (!rng_is(n, "text")) {
		e->text_type = arena_zalloc(&b->g->arena, sizeof(*e->text_type));
		rng_type_build(b, n->parent, n, e->text_type);
	}
}

/* One pattern of an element's content (their sequence is a group). */
static void rng_content_item(struct rng_build *b, struct rng_elem *e, xmlNodePtr n)
{
	unsigned cl = rng_classify(b, n, 0);
	struct rng_attr_node *a;

	if (b->failed)
		return;
	if (cl == RNG_CL_ATTR || cl == RNG_CL_EMPTY) {
		if (!(a = rng_attr_tree(b, e, n)))
			return;
		if (e->attrs->names & a->names)
			rng_fail(b, n, "element %s: an attribute repeated in a group", e->name);
		e->attrs->names |= a->names;
		e->attrs->kids[e->attrs->nkids++] = a;
		return;
	}
	if (rng_is(n, "ref")) {
		xmlNodePtr d = rng_define(b, n);
		if (!d)
			return;
		if (!rng_is(rng_next(d->children), "element")) {
			rng_content_kids(b, e, d);
			return;
		}
	}
	if (rng_is(n, "group"))
		rng_content_kids(b, e, n);
	else if (cl == RNG_CL_TEXT)
		rng_content_text(b, e, n);
	else if (cl != RNG_CL_ELEM)
		rng_fail(b, n, "element %s: attributes, elements and text mixed in one pattern", e->name);
	else if (rng_is(n, "element") || rng_is(n, "ref") || rng_is(n, "choice"))
		rng_particle_add(b, e, n, false, false);
	else
		rng_particle_add(b, e, n, rng_is(n, "optional") || rng_is(n, "zeroOrMore"),
				 !rng_is(n, "optional"));
}

static int rng_elem_build(struct rng_build *b, xmlNodePtr n)
{
	struct rng_grammar *g = b->g;
	const char *name = rng_prop(b, n, "name");
	const char *ns = rng_prop(b, n, "ns");
	int id;

	if (!name || (ns && *ns)) {
		rng_fail(b, n, "element: only a plain name attribute is supported");
		return -1;
	}
	id = rng_grammar_elem(g, name);
	if (id >= 0) {
		if (g->elems[id]->src != n)
			rng_fail(b, n, "element %s is defined twice", name);
		return id;
	}
	if (g->nelems == RNG_MAX_ELEMS) {
		rng_fail(b, n, "more than %d element names", RNG_MAX_ELEMS);
		return -1;
	}
	struct rng_elem *e = arena_zalloc(&g->arena, sizeof(*e));
	int k = 0;

	e->name = name;
	e->src = n;
	e->id = id = g->nelems;
	g->elems[g->nelems++] = e;
	RNG_KIDS(c, n)
		k++;
	/* Room for every top-level item plus those of inlined defines and groups. */
	e->attrs = rng_anode(b, RNG_A_GROUP, k + 64);
	rng_content_kids(b, e, n);
	if (e->text && e->nparts)
		rng_fail(b, n, "element %s: text and elements mixed", name);
	return id;
}

/* ---- the grammar -------------------------------------------------------------------- */

static void rng_locals(struct rng_grammar *g)
{
	for (int i = 0; i < g->nelems; i++) {
		struct rng_elem *e = g->elems[i];

		e->local = arena_alloc(&g->arena, (size_t)(g->nattrs ? g->nattrs : 1));
		memset(e->local, -1, (size_t)(g->nattrs ? g->nattrs : 1));
		for (int k = 0; k < e->nnames; k++)
			e->local[e->global[k]] = (int8_t)k;
		memset(e->occ_first, -1, sizeof(e->occ_first));
		for (int k = e->nocc - 1; k >= 0; k--) {
			e->occ_next[k] = e->occ_first[e->occ[k].name];
			e->occ_first[e->occ[k].name] = (int8_t)k;
		}
	}
}

struct rng_grammar *rng_grammar_compile(const char *rng, size_t len, char *why, size_t whylen)
{
	struct rng_grammar *g = calloc(1, sizeof(*g));
	struct rng_build b = { .g = g, .why = why, .whylen = whylen };
	xmlDocPtr doc;
	xmlNodePtr start = NULL;

	why[0] = '\0';
	if (!g) {
		snprintf(why, whylen, "%s", strerror(errno));
		return NULL;
	}
	arena_init(&g->arena);
	doc = xmlReadMemory(rng, (int)len, "ir.rng", NULL, XML_PARSE_NONET | XML_PARSE_NOENT);
	b.grammar = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!b.grammar || !rng_is(b.grammar, "grammar")) {
		rng_fail(&b, NULL, "the schema is not a RELAX NG <grammar>");
	} else {
		RNG_KIDS(c, b.grammar) {
			if (rng_is(c, "start"))
				start = rng_next(c->children);
			else if (!rng_is(c, "define"))
				rng_fail(&b, c, "<%s> in <grammar> is not supported", c->name);
			else
				b.ndefs++;
		}
		/* the defines' names read once, not at every ref */
		b.defs = mem_calloc((size_t)b.ndefs + 1, sizeof(*b.defs));
		b.def_names = mem_calloc((size_t)b.ndefs + 1, sizeof(*b.def_names));
		b.ndefs = 0;
		RNG_KIDS(c, b.grammar) {
			if (rng_is(c, "define")) {
				b.defs[b.ndefs] = c;
				b.def_names[b.ndefs++] = (char *)xmlGetProp(c, BAD_CAST "name");
			}
		}
		if (!start || !rng_is(start, "element"))
			rng_fail(&b, b.grammar, "<start> must be one element");
		else
			g->root = rng_elem_build(&b, start);
	}
	g->md = pcre2_match_data_create(1, NULL);
	rng_locals(g);
	for (int i = 0; i < b.ndefs; i++)
		xmlFree(b.def_names[i]);
	free(b.def_names);
	free(b.defs);
	xmlFreeDoc(doc);
	if (b.failed || !g->md) {
		rng_grammar_free(g);
		return NULL;
	}
	return g;
}


void rng_grammar_free(struct rng_grammar *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->nelems; i++) {
		struct rng_elem *e = g->elems[i];
		free(e->global);
	}
	for (struct rng_pattern *p = g->patterns; p; p = p->next)
		pcre2_code_free(p->code);
	pcre2_match_data_free(g->md);
	free(g->attrs);
	arena_free(&g->arena);
	free(g);
}

int rng_grammar_elem(const struct rng_grammar *g, const char *name)
{
	for (int i = 0; i < g->nelems; i++)
		if (!strcmp(g->elems[i]->name, name))
			return i;
	return -1;
}

int rng_grammar_attr(const struct rng_grammar *g, const char *name)
{
	for (int i = 0; i < g->nattrs; i++)
		if (!strcmp(g->attrs[i], name))
			return i;
	return -1;
}
