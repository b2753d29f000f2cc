/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the IR reader (ir_read_memory) -- libxml2's SAX2 parsing with the
 * reader's own defences (its refusing external-entity loader, XML_PARSE_NONET,
 * DOCTYPE refused), RELAX NG validation against the built-in schema, and the
 * model built from what validated -- then what `refgen print` and `refgen
 * emit` do with a document they accept.
 *
 * Input: an IR document (XML).
 *
 * Properties (a violation aborts):
 *  - the reader's streamed schema check (ir_read_validate_memory: SAX2 events
 *    through the grammar-compiled checker) accepts a well-formed document
 *    without a DOCTYPE, which libxml2 parses without an error, exactly when
 *    libxml2's RELAX NG validator accepts its parsed tree: the reader and the
 *    reference never disagree on a read;
 *  - a document that validated and was read gives a model that writes back
 *    to schema-valid IR (ir_write_doc + ir_schema_validate), unless it holds
 *    numbers too long for the model or a reversed range (known findings:
 *    fuzz_long_number, fuzz_reversed_range);
 *  - `refgen print` and a dry run of the three header emitters survive it.
 */
#include <stdbool.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "base/diag.h"
#include "emit/emit.h"
#include "ir/ir_print.h"
#include "io/ir_read.h"
#include "schema/ir_schema.h"
#include "io/ir_write.h"

#include "fuzz.h"
#include "fuzz_gen.h"

/*
 * A run of 10 or more digits: a number that may not fit the model (the
 * reader refuses 32-bit fields that overflow and bit positions past 2^48,
 * but 64-bit values saturate).  Such documents skip the write-back check.
 */
static bool fuzz_long_number(const uint8_t *p, size_t n)
{
	size_t run = 0;

	for (size_t i = 0; i < n; i++) {
		run = p[i] >= '0' && p[i] <= '9' ? run + 1 : 0;
		if (run >= 10)
			return true;
	}
	return false;
}

static xmlParserInputPtr fuzz_no_entity(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
	(void)url, (void)id, (void)ctxt;
	return NULL;
}

/* libxml2's errors while parsing for the reference: counted, not printed. */
static void fuzz_xml_count(void *ctx, xmlErrorPtr err)
{
	if (err && err->level >= XML_ERR_ERROR)
		++*(int *)ctx;
}

/* The streamed check against libxml2's validator on the parsed tree. */
static void fuzz_stream_agrees(const char *xml, size_t size)
{
	char stream_why[512];
	struct diag d;
	xmlDocPtr doc;
	int stream, ref;

	if (size > 1 << 20)
		return;
	xmlSetExternalEntityLoader(fuzz_no_entity);
	int errors = 0;

	xmlSetStructuredErrorFunc(&errors, fuzz_xml_count);
	doc = xmlReadMemory(xml, (int)size, "fuzz.xml", NULL, XML_PARSE_NONET);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!doc || errors) {
		/* not well-formed, or an error libxml2 parses past (a namespace
		 * name that is no URI): the reader refuses it before any check */
		xmlFreeDoc(doc);
		return;
	}
	if (doc->intSubset || doc->extSubset) {
		xmlFreeDoc(doc);
		return;   /* refused by the reader before any check */
	}
	fuzz_diag_init(&d);
	stream = ir_read_validate_memory(xml, size, "fuzz.xml", &d);
	snprintf(stream_why, sizeof(stream_why), "%s", fuzz_last_error);
	fuzz_diag_init(&d);
	ref = ir_schema_validate_libxml2(doc, "fuzz.xml", &d);
	if (stream != ref)
		fuzz_fail("the reader's streamed check %s the document, libxml2 %s it (reader: %s; "
			  "libxml2: %s)", stream ? "refuses" : "accepts", ref ? "refuses" : "accepts",
			  stream_why, fuzz_last_error);
	xmlFreeDoc(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool init;
	struct ir_manual *m;
	struct diag d;
	char *xml;

	if (!init) {
		xmlInitParser();
		init = true;
	}
	xml = fuzz_dup(data, size);
	fuzz_stream_agrees(xml, size);
	fuzz_diag_init(&d);
	m = ir_read_memory(xml, size, "fuzz.xml", &d);
	/* The model must not point into the document's text. */
	free(xml);
	if (!m)
		return 0;

	xmlDocPtr doc = ir_write_doc(m);
	fuzz_diag_init(&d);
	if (!doc || (!fuzz_long_number(data, size) && ir_schema_validate(doc, "fuzz.xml", &d) < 0))
		fuzz_fail("IR that validated and was read does not write back to schema-valid IR: %s",
			  fuzz_last_error);
	xmlFreeDoc(doc);
	ir_print_manual(m, fuzz_null());
	fuzz_emit(m);
	ir_manual_free(m);
	return 0;
}
