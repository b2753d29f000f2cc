/* SPDX-License-Identifier: MIT */
#include "parse/ref_analyze.h"

#include <string.h>

#include "ir/expr.h"

/* Bounds of a hi:lo range: bit positions and device addresses stay below
 * this (the corpus's largest is a 32-bit address); a wrapped negative does not. */
#define REF_BIT_LIMIT ((uint64_t)1 << 48)

static enum ir_kind ref_kind_from_code(const struct ir_def *d)
{
	char ind = d->code.present && strlen(d->code.c) == 5 ? d->code.c[4] : ' ';

	switch (ind) {
	case 'G':
		return d->body ? IR_CONSTANT : IR_STRUCTURE;
	case 'D': case 'M': case 'L':
		return d->is_range ? IR_DEVICE : IR_CONSTANT;
	case 'R': case 'A':
		return d->is_range ? IR_CONSTANT : IR_REGISTER;
	case 'F':
		return d->is_range ? IR_FIELD : IR_CONSTANT;
	case 'V': case 'C': case 'T':
		return d->is_range ? IR_FIELD : IR_VALUE;
	default:
		/* No indicator: a bare hi:lo is a field candidate. */
		return d->is_range ? IR_FIELD : IR_CONSTANT;
	}
}

static const char *ref_dup_span(struct ir_manual *m, const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return arena_strndup(&m->arena, s, n);
}

/* Display column of body[off] when the body starts at column col (tabs every 8). */
static unsigned ref_body_column(const char *body, size_t off, unsigned col)
{
	for (size_t i = 0; i < off && body[i]; i++)
		col += body[i] == '\t' ? 8 - (col - 1) % 8 : 1;
	return col;
}

#define REF_INDEX_PROBES 64

/* The lowest index (every parameter equal to it) below REF_INDEX_PROBES at
 * which e evaluates; REF_INDEX_PROBES when none does. */
static uint64_t ref_eval_from(const struct expr *e)
{
	uint64_t v;

	for (uint64_t i = 0; i < REF_INDEX_PROBES; i++) {
		uint64_t idx[2] = { i, i };

		if (expr_eval(e, idx, &v) == EXPR_OK)
			return i;
	}
	return REF_INDEX_PROBES;
}

/*
 * Evaluates e (source text, at column col) into *num; keeps the text when it
 * depends on an index.  A division by zero is reported at the text, an
 * overflow or a shift out of range at its operator (body_col is the column
 * of d->body, from which operator offsets count).
 */
static int ref_eval_num(struct ir_def *d, const struct expr *e, const char *text, bool indexed,
			struct ir_num *num, const char *path, unsigned col, unsigned body_col,
			struct diag *diag)
{
	enum expr_eval_status s;
	size_t at = 0;
	uint64_t v;

	num->expr = indexed ? text : NULL;
	s = expr_eval_at(e, NULL, &v, &at);
	if (s == EXPR_NOT_CONSTANT)
		return 0;
	/* An index need not count from 0: ls10 dev_pmgr's GPIO_INPUT_CNTL(i)
	 * is 0xD740 + ((i)-1) * 4, elements 1..__SIZE_1 (its first is
	 * GPIO_INPUT_CNTL_1 0xD740), so i = 0 wraps.  The body is an error
	 * only when no index from 0 to 63 evaluates it. */
	if (s != EXPR_OK && indexed && ref_eval_from(e) < REF_INDEX_PROBES)
		return 0;
	if (s != EXPR_OK) {
		diag_report(diag, DIAG_ERROR, path, d->line,
			    s == EXPR_DIV_ZERO ? col : ref_body_column(d->body, at, body_col),
			    "%s in '%s'", expr_eval_why(s), text);
		return -1;
	}
	num->known = true;
	num->value = v;
	return 0;
}

static int ref_analyze_string(struct ir_manual *m, struct ir_def *d, const char *path,
			      unsigned col, struct diag *diag)
{
	size_t n = strlen(d->body);

	if (n < 2 || d->body[n - 1] != '"' || memchr(d->body + 1, '"', n - 2)) {
		diag_report(diag, DIAG_ERROR, path, d->line, col, "malformed string literal");
		return -1;
	}
	d->string = arena_strndup(&m->arena, d->body + 1, n - 2);
	d->role = IR_ROLE_STRING;
	d->kind = IR_CONSTANT;
	return 0;
}

int ref_analyze_def(struct ir_manual *m, struct ir_def *d, const char *path,
		    unsigned body_col, struct diag *diag)
{
	struct expr_body b;
	struct expr_error err;

	if (!d->body) {
		d->kind = ref_kind_from_code(d);
		if (d->kind != IR_STRUCTURE)
			d->kind = IR_CONSTANT;
		return 0;
	}
	if (d->body[0] == '"')
		return ref_analyze_string(m, d, path, body_col, diag);
	if (expr_parse_body(&m->arena, d->body, strlen(d->body), d->param, d->nparams,
			    &b, &err) < 0) {
		diag_report(diag, DIAG_ERROR, path, d->line,
			    ref_body_column(d->body, err.offset, body_col), "%s", err.msg);
		return -1;
	}
	if (b.has_ref) {
		/* Only a whole body may name another macro (an alias). */
		d->role = IR_ROLE_ALIAS;
		d->ref = d->body;
		d->kind = IR_CONSTANT;
		return 0;
	}
	d->is_range = b.is_range;
	bool indexed = b.vars != 0;
	if (b.is_range) {
		const char *hi = ref_dup_span(m, d->body, b.colon);
		const char *lo = ref_dup_span(m, d->body + b.colon + 1,
					      strlen(d->body) - b.colon - 1);
		size_t lo_off = b.colon + 1 + strspn(d->body + b.colon + 1, " \t");
		unsigned lo_col = ref_body_column(d->body, lo_off, body_col);

		if (ref_eval_num(d, b.hi, hi, indexed, &d->hi, path, body_col, body_col, diag) < 0 ||
		    ref_eval_num(d, b.lo, lo, indexed, &d->lo, path, lo_col, body_col, diag) < 0)
			return -1;
		if (indexed) {
			d->hi.known = d->lo.known = false;
		} else if (d->hi.value >= REF_BIT_LIMIT) {
			diag_report(diag, DIAG_ERROR, path, d->line, body_col,
				    "bit range %s: high bound %llu is negative or beyond 2^48", d->body,
				    (unsigned long long)d->hi.value);
			return -1;
		} else if (d->hi.value < d->lo.value) {
			diag_report(diag, DIAG_ERROR, path, d->line, body_col,
				    "reversed bit range %s: high bound %llu is below low bound %llu",
				    d->body, (unsigned long long)d->hi.value,
				    (unsigned long long)d->lo.value);
			return -1;
		}
	} else {
		if (ref_eval_num(d, b.hi, d->body, indexed, &d->value, path, body_col, body_col, diag) < 0)
			return -1;
		if (indexed)
			d->value.known = false;
	}
	d->kind = ref_kind_from_code(d);
	return 0;
}
