/* SPDX-License-Identifier: MIT */
/*
 * XML -> IR model.  The IR is read defensively: no DTD, no entities, no
 * network or file access beyond the named file, a DOCTYPE is refused, and the
 * document must match the schema before anything is taken from it.
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

#endif
