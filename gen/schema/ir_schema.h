/* SPDX-License-Identifier: MIT */
/* The IR's RELAX NG schema (gen/schema/ir.rng, built into the binary). */
#ifndef REFGEN_IR_SCHEMA_H
#define REFGEN_IR_SCHEMA_H

#include <libxml/tree.h>

#include "base/diag.h"

struct rng_grammar;

/*
 * Validates doc with the fast checker (rng_check.h) run on the schema
 * compiled by rng_grammar.h; reports the first violation as
 * "name:line: error: IR does not match the schema: ...".  0 or -1.
 */
int ir_schema_validate(xmlDocPtr doc, const char *name, struct diag *d);

/* The same with libxml2's RELAX NG validator: the reference the fast
 * checker must agree with (tests, fuzz_ir_schema). */
int ir_schema_validate_libxml2(xmlDocPtr doc, const char *name, struct diag *d);

/* The schema compiled for the fast checker (once); NULL, reported, if it
 * is outside the subset rng_grammar.h supports. */
const struct rng_grammar *ir_schema_grammar(struct diag *d, const char *name);

/* Forwards libxml2's structured errors to d, using the error's own file name
 * when it has one.  ctx must point to a struct ir_xml_errors. */
struct ir_xml_errors {
	struct diag *diag;
	const char *name;
	const char *prefix;   /* e.g. "IR schema: " */
};
void ir_xml_error_sink(void *ctx, xmlErrorPtr err);

#endif
