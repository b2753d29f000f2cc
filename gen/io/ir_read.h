/* SPDX-License-Identifier: MIT */
/*
 * XML -> IR model, as a stream (libxml2's SAX2 parser, no document tree).
 * The IR is read defensively: no DTD, no entities, no network or file access
 * beyond the named file, a DOCTYPE is refused, and each element must match
 * the schema (the grammar-compiled checker, rng_check.h, the writer's) and
 * the text rules (ir_text.h) before anything is taken from it.  Every error
 * names its place: file:line:col of the element, attribute or text.
 */
#ifndef REFGEN_IR_READ_H
#define REFGEN_IR_READ_H

#include <stddef.h>

#include "base/diag.h"
#include "ir/ir.h"

struct ir_manual *ir_read_file(const char *path, struct diag *d);
/* name is used in diagnostics. */
struct ir_manual *ir_read_memory(const char *buf, size_t len, const char *name,
				 struct diag *d);

/*
 * The document streamed through the schema's fast checker alone (no text
 * rules, no model): what the reader's schema check says of it, for the tests
 * and fuzz target that hold it equal to libxml2's RELAX NG validator.  0, or
 * -1 with the first problem reported.
 */
int ir_read_validate_memory(const char *buf, size_t len, const char *name, struct diag *d);

#endif
