/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the fast schema checker (gen/schema/rng_grammar.c, rng_check.c)
 * against libxml2's RELAX NG validator, both on gen/schema/ir.rng.
 *
 * Input: an XML document, parsed as the IR reader parses (no network, no
 * entity loaded, a DOCTYPE refused: nothing to compare then).
 *
 * Property (a violation aborts): the fast checker accepts the document
 * exactly when libxml2's validator does.  Every IR refgen reads or writes is
 * checked by the fast path; this is what keeps it equal to the contract.
 */
#include <stdbool.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "base/diag.h"
#include "schema/ir_schema.h"

#include "fuzz.h"

static char fuzz_last_error[512];

static void fuzz_diag_keep(void *ctx, enum diag_level level, const char *line)
{
	(void)ctx;
	if (level == DIAG_ERROR)
		snprintf(fuzz_last_error, sizeof(fuzz_last_error), "%s", line);
}

static void fuzz_diag_init(struct diag *d)
{
	diag_init(d);
	d->sink = fuzz_diag_keep;
	fuzz_last_error[0] = '\0';
}

static xmlParserInputPtr fuzz_no_entity(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url, (void)id, (void)ctxt;
	return NULL;
}

static void fuzz_xml_quiet(void *ctx, xmlErrorPtr err)
{
	(void)ctx, (void)err;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool init;
	char fast_why[512];
	struct diag d;
	xmlDocPtr doc;
	int fast, ref;

	if (!init) {
		xmlInitParser();
		xmlSetExternalEntityLoader(fuzz_no_entity);
		init = true;
	}
	if (size > 1 << 20)
		return 0;
	xmlSetStructuredErrorFunc(NULL, fuzz_xml_quiet);
	doc = xmlReadMemory((const char *)data, (int)size, "fuzz.xml", NULL, XML_PARSE_NONET);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!doc)
		return 0;
	if (doc->intSubset || doc->extSubset) {
		xmlFreeDoc(doc);
		return 0;
	}
	fuzz_diag_init(&d);
	fast = ir_schema_validate(doc, "fuzz.xml", &d);
	snprintf(fast_why, sizeof(fast_why), "%s", fuzz_last_error);
	fuzz_diag_init(&d);
	ref = ir_schema_validate_libxml2(doc, "fuzz.xml", &d);
	if (fast != ref)
		fuzz_fail("the fast checker %s the document, libxml2 %s it (fast: %s; libxml2: %s)",
			  fast ? "refuses" : "accepts", ref ? "refuses" : "accepts", fast_why,
			  fuzz_last_error);
	xmlFreeDoc(doc);
	return 0;
}
