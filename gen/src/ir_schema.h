/* The IR's RELAX NG schema (gen/schema/ir.rng, built into the binary). */
#ifndef REFGEN_IR_SCHEMA_H
#define REFGEN_IR_SCHEMA_H

#include <libxml/tree.h>

#include "diag.h"

/* Validates doc; reports each violation as "name:line: error: ...". 0 or -1. */
int ir_schema_validate(xmlDocPtr doc, const char *name, struct diag *d);

/* Forwards libxml2's structured errors to d, using the error's own file name
 * when it has one.  ctx must point to a struct ir_xml_errors. */
struct ir_xml_errors {
	struct diag *diag;
	const char *name;
	const char *prefix;   /* e.g. "IR schema: " */
};
void ir_xml_error_sink(void *ctx, xmlErrorPtr err);

#endif
