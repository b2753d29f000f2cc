/* IR model -> XML document (validated against the schema before it is written). */
#ifndef REFGEN_IR_WRITE_H
#define REFGEN_IR_WRITE_H

#include <libxml/tree.h>

#include "diag.h"
#include "ir.h"

/* Builds the XML document for m. */
xmlDocPtr ir_write_doc(const struct ir_manual *m);

/* Serialises m, validates it and writes it atomically to path ("-": stdout). */
int ir_write_file(const struct ir_manual *m, const char *path, struct diag *d);

#endif
