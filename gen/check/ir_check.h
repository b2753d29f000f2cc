/* SPDX-License-Identifier: MIT */
/*
 * Rules of meaning a manual must follow, checked the same way on a manual the
 * parser grouped and on IR read back from XML (ir_read.c): a name defined
 * twice, a field outside its register or structure, a value that doesn't fit
 * its field, an access code outside the manuals' alphabet, a value-coded
 * define that names no field, and (IR only) a range or value that disagrees
 * with the body it claims to come from.
 */
#ifndef REFGEN_IR_CHECK_H
#define REFGEN_IR_CHECK_H

#include "base/diag.h"
#include "ir/ir.h"

/* Where a define's diagnostics point: file, line and column (0: unknown). */
struct ir_where {
	const char *file;
	unsigned line, col;
};

struct ir_check {
	struct diag *diag;
	/* Locates d for a diagnostic. */
	struct ir_where (*where)(const struct ir_check *c, const struct ir_def *d);
	const void *ctx;
};

/* d repeats old's name: a warning when bodies and parameters agree, else an
 * error naming where old was first defined.  0 or -1 (error). */
int ir_check_redefinition(const struct ir_check *c, const struct ir_def *old,
			  const struct ir_def *d);
/* The five letters of d's code, each from its position's alphabet (KEY
 * LEGEND of the manuals); reported at w.  0 or -1. */
int ir_check_code(const struct ir_check *c, const struct ir_def *d, struct ir_where w);
/* Every rule that needs the hierarchy (fields, values, value codes) over a
 * grouped manual.  0 or -1 (some error). */
int ir_check_manual(const struct ir_check *c, struct ir_manual *m);
/* Every rule over IR read from file (each define's line in it is d->ir_line),
 * and its hi/lo or value attributes against what its body evaluates to:
 * errors only, the manual's warnings were shown when it was parsed.  0 or -1. */
int ir_check_read(struct ir_manual *m, const char *file, struct diag *d);

/* The width of register r in bits, from its code's size letter (32 if none). */
unsigned ir_check_register_bits(const struct ir_def *r);

#endif
