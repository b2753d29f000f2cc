/* SPDX-License-Identifier: MIT */
#include "io/ir_read.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#include "check/ir_check.h"
#include "schema/ir_schema.h"
#include "schema/rng_check.h"
#include "io/ir_text.h"
#include "base/text_file.h"

/* The IR never refers to anything outside itself. */
static xmlParserInputPtr ir_read_refuse_entity(const char *url, const char *id,
					       xmlParserCtxtPtr ctxt)
{
	(void)id;
	(void)ctxt;
	(void)url;
	return NULL;
}

static const char *ir_attr(xmlNodePtr n, const char *name)
{
	xmlAttrPtr a = xmlHasProp(n, BAD_CAST name);

	if (!a || !a->children || !a->children->content)
		return NULL;
	return (const char *)a->children->content;
}

static const char *ir_attr_dup(struct ir_manual *m, xmlNodePtr n, const char *name)
{
	const char *v = ir_attr(n, name);

	return v ? arena_strdup(&m->arena, v) : NULL;
}

static uint64_t ir_attr_u64(xmlNodePtr n, const char *name, bool *found)
{
	const char *v = ir_attr(n, name);

	if (found)
		*found = v != NULL;
	return v ? strtoull(v, NULL, v[0] == '0' && v[1] == 'x' ? 16 : 10) : 0;
}

static const char *ir_text_dup(struct ir_manual *m, xmlNodePtr n)
{
	xmlChar *s = xmlNodeGetContent(n);
	const char *r = s ? arena_strdup(&m->arena, (const char *)s) : NULL;

	xmlFree(s);
	return r;
}

static void ir_read_params(struct ir_manual *m, struct ir_def *d)
{
	const char *comma;

	if (!d->params || !d->params[0])
		return;
	comma = strchr(d->params, ',');
	if (!comma) {
		d->param[0] = d->params;
		d->nparams = 1;
		return;
	}
	d->param[0] = arena_strndup(&m->arena, d->params, (size_t)(comma - d->params));
	d->param[1] = comma + 1;
	d->nparams = 2;
}

static void ir_read_num(struct ir_manual *m, xmlNodePtr n, const char *attr,
			const char *attr_expr, struct ir_num *num)
{
	num->value = ir_attr_u64(n, attr, &num->known);
	num->expr = ir_attr_dup(m, n, attr_expr);
}

static int ir_read_def(struct ir_manual *m, xmlNodePtr n, struct ir_def *parent);

/* Why the last document was refused after validation (for the diagnostic). */
static char ir_read_why[320];
static unsigned ir_read_why_line;

/* What d has wrong, on the line of n's attribute attr. */
static int ir_read_refuse(const struct ir_def *d, xmlNodePtr n, const char *attr, const char *what)
{
	long line = rng_attr_line(n, attr);

	snprintf(ir_read_why, sizeof(ir_read_why), "%s has %s", d->name ? d->name : "a define", what);
	ir_read_why_line = line > 0 && line <= UINT32_MAX ? (unsigned)line : d->ir_line;
	return -1;
}

static int ir_read_children(struct ir_manual *m, xmlNodePtr n, struct ir_def *parent)
{
	for (xmlNodePtr c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (!strcmp((const char *)c->name, "access")) {
			continue;  /* derived from the code */
		} else if (!strcmp((const char *)c->name, "prose")) {
			if (parent)
				parent->prose = ir_text_dup(m, c);
		} else if (!strcmp((const char *)c->name, "license")) {
			m->license = ir_text_dup(m, c);
		} else if (!strcmp((const char *)c->name, "trailer")) {
			m->trailer = ir_text_dup(m, c);
		} else if (!strcmp((const char *)c->name, "addendum-trailer")) {
			m->addendum_trailer = ir_text_dup(m, c);
		} else if (ir_read_def(m, c, parent) < 0) {
			return -1;
		}
	}
	return 0;
}

/* The space attributes (the schema has checked their form). */
static void ir_read_space(struct ir_manual *m, xmlNodePtr n, struct ir_space *s)
{
	s->kind = ir_space_from_name(ir_attr(n, "space"));
	if (s->kind == IR_SPACE_NONE)
		return;
	s->base = ir_attr_u64(n, "space-base", &s->has_base);
	s->via = ir_attr_dup(m, n, "space-via");
	s->source = ir_attr_dup(m, n, "space-source");
}

static int ir_read_def(struct ir_manual *m, xmlNodePtr n, struct ir_def *parent)
{
	struct ir_def *d = ir_manual_add_def(m);
	const char *code, *role;
	bool found;

	if (!d)
		return -1;
	d->kind = (enum ir_kind)ir_kind_from_name((const char *)n->name);
	long xml_line = xmlGetLineNo(n);
	d->ir_line = xml_line > 0 && xml_line <= UINT32_MAX ? (uint32_t)xml_line : 0;
	d->name = ir_attr_dup(m, n, "name");
	d->params = ir_attr_dup(m, n, "params");
	ir_read_params(m, d);
	d->body = ir_attr_dup(m, n, "body");
	code = ir_attr(n, "code");
	if (code) {
		d->code.present = true;
		snprintf(d->code.c, sizeof(d->code.c), "%s", code);
	}
	d->comment = ir_attr_dup(m, n, "comment");
	uint64_t line = ir_attr_u64(n, "line", NULL), col = ir_attr_u64(n, "col", &found);
	uint64_t size1 = ir_attr_u64(n, "size1", NULL), size2 = ir_attr_u64(n, "size2", NULL);
	/* The schema cannot bound these: the model holds 32 bits. */
	if (line > UINT32_MAX || col > UINT32_MAX || size1 > UINT32_MAX || size2 > UINT32_MAX)
		return ir_read_refuse(d, n, line > UINT32_MAX ? "line" : col > UINT32_MAX ? "col" :
				      size1 > UINT32_MAX ? "size1" : "size2",
				      "a line, column or index size beyond 32 bits");
	d->line = (uint32_t)line;
	d->addendum = ir_attr(n, "addendum") != NULL;
	d->published = ir_attr_dup(m, n, "published");
	d->col = found ? (uint32_t)col : 1;
	d->section = ir_attr_dup(m, n, "section");
	role = ir_attr(n, "role");
	d->role = role ? (enum ir_role)ir_role_from_name(role) : IR_ROLE_NONE;
	d->placed = !ir_attr(n, "placed");
	d->ref = ir_attr_dup(m, n, "ref");
	d->string = ir_attr_dup(m, n, "string");
	ir_read_num(m, n, "hi", "hi-expr", &d->hi);
	ir_read_num(m, n, "lo", "lo-expr", &d->lo);
	d->is_range = d->hi.known || d->hi.expr;
	if (d->kind == IR_REGISTER)
		ir_read_num(m, n, "offset", "offset-expr", &d->value);
	else
		ir_read_num(m, n, "value", "value-expr", &d->value);
	if (d->kind == IR_DEVICE)
		ir_read_space(m, n, &d->space);
	d->size[0] = (uint32_t)size1;
	d->size[1] = (uint32_t)size2;
	/* Nor hi >= lo, which the parser never writes otherwise. */
	if (d->hi.known && d->lo.known && d->hi.value < d->lo.value)
		return ir_read_refuse(d, n, "hi", "a range whose hi is below its lo");
	if (d->hi.known && d->hi.value >= (uint64_t)1 << 48)
		return ir_read_refuse(d, n, "hi", "a bit position beyond 2^48");
	ir_def_set_parent(m, d, parent);
	return ir_read_children(m, n, d);
}

static int ir_read_by_line(const void *a, const void *b)
{
	const struct ir_def *x = *(const struct ir_def *const *)a;
	const struct ir_def *y = *(const struct ir_def *const *)b;

	if (x->addendum != y->addendum)
		return x->addendum ? 1 : -1;
	if (!x->published != !y->published)
		return x->published ? 1 : -1;
	if (x->published && strcmp(x->published, y->published))
		return strcmp(x->published, y->published);
	return x->line < y->line ? -1 : x->line > y->line;
}

static struct ir_manual *ir_read_doc(xmlDocPtr doc)
{
	struct ir_manual *m = ir_manual_new();
	xmlNodePtr root = xmlDocGetRootElement(doc);

	if (!m)
		return NULL;
	m->source = ir_attr_dup(m, root, "source");
	m->unit = ir_attr_dup(m, root, "unit");
	m->chip = ir_attr_dup(m, root, "chip");
	m->arch = ir_attr_dup(m, root, "arch");
	m->path = ir_attr_dup(m, root, "path");
	m->addendum = ir_attr_dup(m, root, "addendum");
	m->published = ir_attr_dup(m, root, "published");
	ir_read_space(m, root, &m->space);
	if (ir_read_children(m, root, NULL) < 0) {
		ir_manual_free(m);
		return NULL;
	}
	/* Manual order: the manual's lines, then its addendum's, then the
	 * published headers' (by file). */
	if (m->ndefs)
		qsort(m->defs, m->ndefs, sizeof(*m->defs), ir_read_by_line);
	return m;
}

/* Sets a node's line as libxml2 keeps it (lines past 65535 in psvi, text only). */
static void ir_read_set_line(xmlNodePtr n, unsigned long line)
{
	if (line < 65535) {
		n->line = (unsigned short)line;
	} else if (n->type == XML_TEXT_NODE && line <= LONG_MAX) {
		n->line = 65535;
		n->psvi = (void *)(ptrdiff_t)line;
	}
}

/* The document being parsed, for ir_read_start_element. */
struct ir_read_src {
	const char *buf;
	size_t len;
};

/*
 * libxml2 gives an element the line its start tag ends on (or the next) and
 * an attribute none.  Called by the parser as each start tag ends (the input
 * at its '>' or "/>"), after libxml2 made the element: the element gets the
 * line of its '<' and each attribute value's text node the line of the
 * attribute's name (rng_attr_line() reads it), so that a diagnostic about an
 * attribute names the line it is on.
 */
static void ir_read_start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
				  const xmlChar *uri, int nns, const xmlChar **ns, int nattrs,
				  int ndefaulted, const xmlChar **attrs)
{
	xmlParserCtxtPtr ctxt = ctx;
	const struct ir_read_src *src = ctxt->_private;
	xmlNodePtr n;
	size_t end, i;
	unsigned long line;

	xmlSAX2StartElementNs(ctx, localname, prefix, uri, nns, ns, nattrs, ndefaulted, attrs);
	n = ctxt->node;
	if (!n || n->type != XML_ELEMENT_NODE || !ctxt->input || ctxt->input->line <= 0 ||
	    ctxt->input->cur < ctxt->input->base)
		return;
	end = (size_t)ctxt->input->consumed + (size_t)(ctxt->input->cur - ctxt->input->base);
	if (end >= src->len || (src->buf[end] != '>' && src->buf[end] != '/'))
		return;   /* not where the bytes given are (not expected: the IR is UTF-8) */
	line = (unsigned long)ctxt->input->line;
	for (i = end; i > 0 && src->buf[i] != '<'; i--)
		line -= src->buf[i] == '\n';
	if (src->buf[i] != '<' || line == 0)
		return;
	ir_read_set_line(n, line);
	/* <name (space+ name space? = space? quoted)* space? */
	for (i++; i < end && !strchr(" \t\r\n", src->buf[i]); i++)
		;
	while (i < end) {
		size_t name, len;
		unsigned long attr_line;
		char q;

		for (; i < end && strchr(" \t\r\n", src->buf[i]); i++)
			line += src->buf[i] == '\n';
		name = i;
		attr_line = line;
		for (; i < end && !strchr(" \t\r\n=", src->buf[i]); i++)
			;
		len = i - name;
		for (; i < end && strchr(" \t\r\n=", src->buf[i]); i++)
			line += src->buf[i] == '\n';
		if (i >= end || (src->buf[i] != '"' && src->buf[i] != '\''))
			return;
		for (q = src->buf[i++]; i < end && src->buf[i] != q; i++)
			line += src->buf[i] == '\n';
		i++;
		for (xmlAttrPtr a = n->properties; a; a = a->next)
			if (!a->ns && !strncmp((const char *)a->name, src->buf + name, len) &&
			    !a->name[len] && a->children && a->children->type == XML_TEXT_NODE)
				ir_read_set_line(a->children, attr_line);
	}
}

static unsigned ir_read_doctype_line(const char *buf, size_t len)
{
	unsigned line = 1;

	for (size_t i = 0; i + 9 <= len; i++) {
		if (buf[i] == '\n')
			line++;
		else if (!memcmp(buf + i, "<!DOCTYPE", 9))
			return line;
	}
	return 0;
}

struct ir_manual *ir_read_memory(const char *buf, size_t len, const char *name,
				 struct diag *d)
{
	struct ir_xml_errors sink = { d, name, "" };
	struct ir_read_src src = { buf, len };
	struct ir_manual *m = NULL;
	unsigned errors = d->errors;
	xmlParserCtxtPtr ctxt;
	xmlDocPtr doc;

	if (len > INT32_MAX) {
		diag_report(d, DIAG_ERROR, name, 0, 0, "IR file too large");
		return NULL;
	}
	xmlSetExternalEntityLoader(ir_read_refuse_entity);
	/* Parsed as xmlCtxtReadMemory does, with the lines of start tags and attributes. */
	ctxt = xmlCreateMemoryParserCtxt(buf, (int)len);
	if (!ctxt) {
		diag_report(d, DIAG_ERROR, name, 0, 0, len ? "out of memory" : "empty file");
		return NULL;
	}
	xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
	ctxt->_private = &src;
	ctxt->sax->startElementNs = ir_read_start_element;
	xmlSetStructuredErrorFunc(&sink, ir_xml_error_sink);
	xmlParseDocument(ctxt);
	xmlSetStructuredErrorFunc(NULL, NULL);
	doc = ctxt->myDoc;
	ctxt->myDoc = NULL;
	if (doc && !ctxt->wellFormed) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	xmlFreeParserCtxt(ctxt);
	if (!doc) {
		if (d->errors == errors)
			diag_report(d, DIAG_ERROR, name, 0, 0, "not well-formed XML");
		return NULL;
	}
	if (doc->intSubset || doc->extSubset) {
		diag_report(d, DIAG_ERROR, name, ir_read_doctype_line(buf, len), 0,
			    "IR must not contain a DOCTYPE (DTDs and entities are refused)");
	} else if (ir_text_check(doc, name, d) == 0 && ir_schema_validate(doc, name, d) == 0) {
		ir_read_why[0] = '\0';
		ir_read_why_line = 0;
		m = ir_read_doc(doc);
		if (!m) {
			diag_report(d, DIAG_ERROR, name, ir_read_why_line, 0, "IR refused: %s",
				    ir_read_why[0] ? ir_read_why : "out of memory");
		} else if (ir_check_read(m, name, d) < 0) {
			ir_manual_free(m);
			m = NULL;
		}
	}
	xmlFreeDoc(doc);
	return m;
}

struct ir_manual *ir_read_file(const char *path, struct diag *d)
{
	struct text_file f;
	struct ir_manual *m;

	if (text_file_load(&f, path, d) < 0)
		return NULL;
	m = ir_read_memory(f.data, f.size, path, d);
	text_file_release(&f);
	return m;
}
