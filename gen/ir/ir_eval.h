/* SPDX-License-Identifier: MIT */
/*
 * Numbers of a define that depend on its indices (an array register's
 * offset, an indexed field's bits), evaluated at given indices.  The IR keeps
 * such numbers as the manual's expression text; this parses it once.
 */
#ifndef REFGEN_IR_EVAL_H
#define REFGEN_IR_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "ir/expr.h"
#include "ir/ir.h"

struct ir_eval {
	bool ok;               /* evaluable: a constant or a parsed expression */
	uint64_t value;        /* the constant, when e is NULL */
	const struct expr *e;  /* expression in d's index parameters */
};

/* Prepares num (d->value, d->hi or d->lo) of d; parsed nodes go to a. */
struct ir_eval ir_eval_prepare(struct arena *a, const struct ir_def *d, const struct ir_num *num);
/* The value at indices (i, j); false when not evaluable there. */
bool ir_eval_at(const struct ir_eval *ev, uint64_t i, uint64_t j, uint64_t *out);

#endif
