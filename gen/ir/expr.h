/* SPDX-License-Identifier: MIT */
/*
 * C constant expressions as the manuals write them in #define bodies:
 * numbers, index parameters (i, j), + - * / % << >> comparisons, ?: and
 * references to other manual macros (NV_X or NV_X(args)).  A body is one
 * expression or a bit/address range "hi:lo".
 */
#ifndef REFGEN_EXPR_H
#define REFGEN_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

#define EXPR_MAX_PARAMS 2

enum expr_op {
	EX_NUM, EX_VAR, EX_REF,
	EX_NEG, EX_PLUS, EX_BNOT, EX_LNOT,
	EX_MUL, EX_DIV, EX_MOD, EX_ADD, EX_SUB, EX_SHL, EX_SHR,
	EX_LT, EX_GT, EX_LE, EX_GE, EX_EQ, EX_NE,
	EX_BAND, EX_XOR, EX_BOR, EX_LAND, EX_LOR, EX_COND,
};

struct expr {
	enum expr_op op;
	uint64_t num;          /* EX_NUM */
	int var;               /* EX_VAR: parameter position */
	const char *ref;       /* EX_REF: macro name (not NUL-terminated) */
	size_t ref_len;
	int nargs;             /* EX_REF: -1 when referenced without (...) */
	struct expr **args;
	struct expr *a, *b, *c;
	size_t at;             /* binary operators: offset of the operator in the text */
};

struct expr_body {
	struct expr *hi;       /* the whole expression when !is_range */
	struct expr *lo;
	bool is_range;
	size_t colon;          /* offset of the range ':' within the body */
	unsigned vars;         /* bit n set: parameter n is used */
	bool has_ref;          /* refers to another macro: not evaluable here */
};

struct expr_error {
	size_t offset;         /* within the parsed text */
	char msg[160];
};

/*
 * Parse body text (len bytes) whose macro parameters are params[0..nparams).
 * Returns 0, or -1 with *err filled.
 */
int expr_parse_body(struct arena *a, const char *text, size_t len,
		    const char *const *params, int nparams,
		    struct expr_body *out, struct expr_error *err);

enum expr_eval_status {
	EXPR_OK = 0,
	EXPR_NOT_CONSTANT,     /* refers to another macro */
	EXPR_DIV_ZERO,
	EXPR_OVERFLOW,         /* + or * past 2^64 - 1 */
	EXPR_SHIFT_RANGE,      /* << or >> by 64 or more */
};

/*
 * Evaluate with parameter values idx[] using C's unsigned 64-bit arithmetic,
 * except that a sum or product that does not fit and a shift by 64 or more
 * are errors (C would give a wrapped value, or undefined behaviour).
 */
enum expr_eval_status expr_eval(const struct expr *e, const uint64_t *idx,
				uint64_t *out);
/* The same; on an error, *at is the offset of the operator at fault. */
enum expr_eval_status expr_eval_at(const struct expr *e, const uint64_t *idx,
				   uint64_t *out, size_t *at);
/* What an error status means, for a diagnostic. */
const char *expr_eval_why(enum expr_eval_status s);

#endif
