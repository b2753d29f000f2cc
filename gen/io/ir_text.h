/* SPDX-License-Identifier: MIT */
/* Text in an IR document that refgen copies into generated C. */
#ifndef REFGEN_IR_TEXT_H
#define REFGEN_IR_TEXT_H

#include <libxml/tree.h>

#include "base/diag.h"

/*
 * Refuses, at name:line, an attribute holding anything but printable ASCII
 * and tabs (a line break, a carriage return, DEL, a backslash, non-ASCII),
 * and prose, licence or trailer text holding a control character other than
 * tab, line feed and carriage return, or DEL or non-ASCII: such text could end a comment or start a preprocessor
 * directive in a generated header (the schema's c-text says the same).
 * 0 or -1.
 */
int ir_text_check(xmlDocPtr doc, const char *name, struct diag *d);

#endif
