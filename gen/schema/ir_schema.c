/* SPDX-License-Identifier: MIT */
#include "schema/ir_schema.h"

#include <string.h>

#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "schema/rng_check.h"

/* Generated from gen/schema/ir.rng by the build. */
extern const unsigned char ir_schema_rng[];
extern const unsigned int ir_schema_rng_len;

static xmlRelaxNGPtr ir_schema;
static struct rng_grammar *ir_schema_fast;
static char ir_schema_fast_why[320];

void ir_xml_error_sink(void *ctx, xmlErrorPtr err)
{
	struct ir_xml_errors *e = ctx;
	char msg[512];
	size_t n;

	if (!err || err->level == XML_ERR_NONE)
		return;
	snprintf(msg, sizeof(msg), "%s", err->message ? err->message : "XML error");
	n = strlen(msg);
	while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = '\0';
	unsigned line = err->line > 0 ? (unsigned)err->line : 0;
	unsigned col = err->line > 0 && err->int2 > 0 ? (unsigned)err->int2 : 0;

	if (err->level == XML_ERR_WARNING)
		diag_warn(e->diag, DIAG_W_XML, e->name, line, col, NULL, "%s%s",
			  e->prefix ? e->prefix : "", msg);
	else
		diag_report(e->diag, DIAG_ERROR, e->name, line, col, "%s%s",
			    e->prefix ? e->prefix : "", msg);
}

static xmlRelaxNGPtr ir_schema_load(struct diag *d)
{
	if (ir_schema)
		return ir_schema;
	struct ir_xml_errors sink = { d, "gen/schema/ir.rng", "schema: " };
	xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewMemParserCtxt((const char *)ir_schema_rng,
								 (int)ir_schema_rng_len);
	if (!pc)
		return NULL;
	xmlRelaxNGSetParserStructuredErrors(pc, ir_xml_error_sink, &sink);
	ir_schema = xmlRelaxNGParse(pc);
	xmlRelaxNGFreeParserCtxt(pc);
	return ir_schema;
}

const struct rng_grammar *ir_schema_grammar(struct diag *d, const char *name)
{
	if (!ir_schema_fast && !ir_schema_fast_why[0])
		ir_schema_fast = rng_grammar_compile((const char *)ir_schema_rng, ir_schema_rng_len,
						     ir_schema_fast_why, sizeof(ir_schema_fast_why));
	if (!ir_schema_fast)
		diag_report(d, DIAG_ERROR, name, 0, 0, "cannot compile the IR schema: %s",
			    ir_schema_fast_why);
	return ir_schema_fast;
}

int ir_schema_validate(xmlDocPtr doc, const char *name, struct diag *d)
{
	const struct rng_grammar *g = ir_schema_grammar(d, name);
	struct rng_check c;
	long line;
	int rc;

	if (!g)
		return -1;
	rng_check_init(&c, g);
	rc = rng_check_doc(&c, doc, &line);
	if (rc < 0)
		diag_report(d, DIAG_ERROR, name, line > 0 ? (unsigned)line : 0, 0,
			    "IR does not match the schema: %s", c.why);
	rng_check_release(&c);
	return rc;
}

int ir_schema_validate_libxml2(xmlDocPtr doc, const char *name, struct diag *d)
{
	xmlRelaxNGPtr schema = ir_schema_load(d);
	struct ir_xml_errors sink = { d, name, "IR does not match the schema: " };
	unsigned before = d->errors;
	int rc;

	if (!schema) {
		diag_report(d, DIAG_ERROR, name, 0, 0, "cannot load the IR schema");
		return -1;
	}
	xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(schema);
	if (!vc)
		return -1;
	xmlRelaxNGSetValidStructuredErrors(vc, ir_xml_error_sink, &sink);
	rc = xmlRelaxNGValidateDoc(vc, doc);
	xmlRelaxNGFreeValidCtxt(vc);
	if (rc != 0 && d->errors == before)
		diag_report(d, DIAG_ERROR, name, 0, 0, "IR does not match the schema");
	return rc == 0 ? 0 : -1;
}
