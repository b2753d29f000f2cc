/* SPDX-License-Identifier: MIT */
/*
 * IR model -> XML, written as a stream (gen/io/xml_out.h) and checked
 * element by element against the schema as it is written; a file gets it
 * whole or not at all.
 */
#ifndef REFGEN_IR_WRITE_H
#define REFGEN_IR_WRITE_H

#include <libxml/tree.h>

#include "base/diag.h"
#include "ir/ir.h"

/* The XML document for m, parsed back from what ir_write_file writes (NULL
 * when m does not match the schema): for tests. */
xmlDocPtr ir_write_doc(const struct ir_manual *m);

/* Writes m to path ("-": stdout) atomically, checking it against the schema;
 * memory stays bounded whatever m's size (file output is streamed). */
int ir_write_file(const struct ir_manual *m, const char *path, struct diag *d);

#endif
