/* SPDX-License-Identifier: MIT */
/* The meaning of one #define from its body and code: range, value, kind. */
#ifndef REFGEN_REF_ANALYZE_H
#define REFGEN_REF_ANALYZE_H

#include "base/diag.h"
#include "ir/ir.h"

/*
 * Fills d's meaning (is_range, hi/lo, value, ref, string, first guess of the
 * kind) from its source fields.  body_col is the column the body starts at,
 * for diagnostics.  Returns 0, or -1 after reporting an error.
 */
int ref_analyze_def(struct ir_manual *m, struct ir_def *d, const char *path,
		    unsigned body_col, struct diag *diag);

#endif
