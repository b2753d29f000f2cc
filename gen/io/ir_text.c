/* SPDX-License-Identifier: MIT */
#include "io/ir_text.h"

#include <stdbool.h>
#include <string.h>

#include "schema/rng_check.h"

/*
 * The first byte of s a line of generated C must not hold, or NULL.  Prose
 * (lines) may hold line ends, a lone CR included (the manuals' own): the
 * emitters put it into comments a line at a time, CRs as spaces.
 */
static const xmlChar *ir_text_bad(const xmlChar *s, bool lines)
{
	for (; *s; s++) {
		if (*s == '\t' || (lines && (*s == '\n' || *s == '\r')))
			continue;
		if (*s < 0x20 || *s >= 0x7f || (!lines && *s == '\\'))
			return s;
	}
	return NULL;
}

static const char *ir_text_what(xmlChar c)
{
	return c == '\n' ? "a line break" : c == '\r' ? "a carriage return" : c == '\\' ? "a backslash" :
	       c >= 0x80 ? "a non-ASCII character" : "a control character";
}

static int ir_text_refuse(xmlNodePtr n, const char *attr, xmlChar c, const char *name,
			  struct diag *d)
{
	xmlChar *def = xmlGetProp(n, BAD_CAST "name");

	long line = attr ? rng_attr_line(n, attr) : xmlGetLineNo(n);

	diag_report(d, DIAG_ERROR, name, line > 0 ? (unsigned)line : 0, 0,
		    "IR refused: %s%s of <%s%s%s> holds %s (0x%02X); text copied into generated C "
		    "must be printable ASCII", attr ? "attribute " : "", attr ? attr : "the text",
		    (const char *)n->name, def ? " " : "", def ? (const char *)def : "",
		    ir_text_what(c), c);
	xmlFree(def);
	return -1;
}

/* The lengths the schema's c-text does not bound (it is one pattern for all). */
static int ir_text_length(xmlNodePtr n, const char *attr, const xmlChar *v, const char *name,
			  struct diag *d)
{
	size_t len = xmlStrlen(v);
	bool empty = len == 0 && (!strcmp(attr, "body") || !strcmp(attr, "source"));

	if (!empty && !(len > 15 && !strcmp(attr, "code")))
		return 0;
	long line = rng_attr_line(n, attr);

	diag_report(d, DIAG_ERROR, name, line > 0 ? (unsigned)line : 0, 0,
		    "IR refused: attribute %s of <%s> is %s", attr, (const char *)n->name,
		    empty ? "empty" : "longer than 15 characters");
	return -1;
}

static int ir_text_node(xmlNodePtr n, const char *name, struct diag *d)
{
	for (xmlAttrPtr a = n->properties; a; a = a->next) {
		const xmlChar *v = a->children ? a->children->content : BAD_CAST "";
		const xmlChar *bad = ir_text_bad(v, false);
		if (bad)
			return ir_text_refuse(n, (const char *)a->name, *bad, name, d);
		if (ir_text_length(n, (const char *)a->name, v, name, d) < 0)
			return -1;
	}
	for (xmlNodePtr c = n->children; c; c = c->next) {
		if (c->type == XML_ELEMENT_NODE) {
			if (ir_text_node(c, name, d) < 0)
				return -1;
		} else if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
			const xmlChar *bad = ir_text_bad(c->content, true);
			if (bad)
				return ir_text_refuse(n, NULL, *bad, name, d);
		}
	}
	return 0;
}

int ir_text_check(xmlDocPtr doc, const char *name, struct diag *d)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);

	return root ? ir_text_node(root, name, d) : 0;
}
