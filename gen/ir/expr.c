/* SPDX-License-Identifier: MIT */
#include "ir/expr.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"

#define EXPR_MAX_DEPTH 64

struct expr_parser {
	struct arena *arena;
	const char *s;
	size_t len, pos;
	const char *const *params;
	int nparams;
	int call_depth;        /* > 0 while inside a macro reference's arguments */
	int depth;
	struct expr_body *body;
	struct expr_error *err;
	bool failed;
};

static void expr_fail(struct expr_parser *p, size_t at, const char *fmt, ...)
{
	va_list ap;

	if (p->failed)
		return;
	p->failed = true;
	p->err->offset = at;
	va_start(ap, fmt);
	vsnprintf(p->err->msg, sizeof(p->err->msg), fmt, ap);
	va_end(ap);
}

static void expr_skip_space(struct expr_parser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t'))
		p->pos++;
}

static int expr_peek(struct expr_parser *p)
{
	expr_skip_space(p);
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static bool expr_accept(struct expr_parser *p, const char *tok)
{
	size_t n = strlen(tok);

	expr_skip_space(p);
	if (p->len - p->pos < n || memcmp(p->s + p->pos, tok, n))
		return false;
	/* "<" must not swallow "<<" or "<=", and so on. */
	if (n == 1 && p->pos + 1 < p->len && strchr("<>&|=", tok[0]) &&
	    (p->s[p->pos + 1] == tok[0] || p->s[p->pos + 1] == '='))
		return false;
	if (n == 1 && tok[0] == '!' && p->pos + 1 < p->len && p->s[p->pos + 1] == '=')
		return false;
	p->pos += n;
	return true;
}

static struct expr *expr_new(struct expr_parser *p, enum expr_op op,
			     struct expr *a, struct expr *b)
{
	struct expr *e = arena_zalloc(p->arena, sizeof(*e));

	e->op = op;
	e->a = a;
	e->b = b;
	return e;
}

static struct expr *expr_parse_cond(struct expr_parser *p);

static struct expr *expr_parse_number(struct expr_parser *p)
{
	size_t start = p->pos;
	uint64_t v = 0;
	unsigned base = 10;
	bool overflow = false, any = false;

	if (p->s[p->pos] == '0' && p->pos + 1 < p->len &&
	    (p->s[p->pos + 1] == 'x' || p->s[p->pos + 1] == 'X')) {
		base = 16;
		p->pos += 2;
	} else if (p->s[p->pos] == '0') {
		base = 8;
	}
	for (; p->pos < p->len; p->pos++) {
		int c = (unsigned char)p->s[p->pos];
		unsigned d;

		if (isdigit(c))
			d = (unsigned)(c - '0');
		else if (base == 16 && isxdigit(c))
			d = (unsigned)(tolower(c) - 'a' + 10);
		else
			break;
		if (d >= base) {
			expr_fail(p, p->pos, "invalid digit '%c' in %s constant", c,
				  base == 8 ? "octal" : "decimal");
			return NULL;
		}
		if (v > (UINT64_MAX - d) / base)
			overflow = true;
		v = v * base + d;
		any = true;
	}
	if (!any) {
		expr_fail(p, start, "malformed number");
		return NULL;
	}
	if (overflow) {
		expr_fail(p, start, "number does not fit in 64 bits");
		return NULL;
	}
	while (p->pos < p->len && strchr("uUlL", p->s[p->pos]))
		p->pos++;
	if (p->pos < p->len && (isalnum((unsigned char)p->s[p->pos]) || p->s[p->pos] == '_')) {
		expr_fail(p, p->pos, "malformed number");
		return NULL;
	}
	struct expr *e = expr_new(p, EX_NUM, NULL, NULL);
	e->num = v;
	return e;
}

static struct expr *expr_parse_ref_args(struct expr_parser *p, struct expr *e)
{
	struct expr *argv[8];
	int n = 0;

	p->call_depth++;
	if (!expr_accept(p, ")")) {
		do {
			struct expr *arg = expr_parse_cond(p);

			if (!arg)
				return NULL;
			if (n == (int)(ARRAY_SIZE(argv))) {
				expr_fail(p, p->pos, "too many macro arguments");
				return NULL;
			}
			argv[n++] = arg;
		} while (expr_accept(p, ","));
		if (!expr_accept(p, ")")) {
			expr_fail(p, p->pos, "unbalanced parentheses: expected ')'");
			return NULL;
		}
	}
	p->call_depth--;
	e->nargs = n;
	e->args = arena_alloc(p->arena, sizeof(*e->args) * (size_t)(n ? n : 1));
	memcpy(e->args, argv, sizeof(*argv) * (size_t)n);
	return e;
}

static struct expr *expr_parse_ident(struct expr_parser *p)
{
	size_t start = p->pos;

	while (p->pos < p->len &&
	       (isalnum((unsigned char)p->s[p->pos]) || p->s[p->pos] == '_'))
		p->pos++;
	size_t n = p->pos - start;

	for (int i = 0; i < p->nparams; i++) {
		if (strlen(p->params[i]) == n && !memcmp(p->params[i], p->s + start, n)) {
			struct expr *e = expr_new(p, EX_VAR, NULL, NULL);

			e->var = i;
			p->body->vars |= 1u << i;
			return e;
		}
	}
	struct expr *e = expr_new(p, EX_REF, NULL, NULL);
	e->ref = p->s + start;
	e->ref_len = n;
	e->nargs = -1;
	/* Manual macros are upper case; lower case names are index variables,
	 * which may only be left free inside another macro's arguments, where
	 * the preprocessor resolves them in the user's context. */
	if (islower((unsigned char)p->s[start]) && p->call_depth == 0) {
		expr_fail(p, start, "unknown index variable '%.*s'", (int)n, p->s + start);
		return NULL;
	}
	p->body->has_ref = true;
	if (expr_accept(p, "("))
		return expr_parse_ref_args(p, e);
	return e;
}

static struct expr *expr_parse_primary(struct expr_parser *p)
{
	int c = expr_peek(p);
	size_t at = p->pos;

	if (c < 0) {
		expr_fail(p, at, "expected an expression");
		return NULL;
	}
	if (c == '(') {
		p->pos++;
		if (++p->depth > EXPR_MAX_DEPTH) {
			expr_fail(p, at, "expression nested too deeply");
			return NULL;
		}
		struct expr *e = expr_parse_cond(p);
		if (!e)
			return NULL;
		if (!expr_accept(p, ")")) {
			expr_fail(p, at, "unbalanced parentheses: '(' is not closed");
			return NULL;
		}
		p->depth--;
		return e;
	}
	if (isdigit(c))
		return expr_parse_number(p);
	if (isalpha(c) || c == '_')
		return expr_parse_ident(p);
	if (c == ')')
		expr_fail(p, at, "unbalanced parentheses: unexpected ')'");
	else
		expr_fail(p, at, "unexpected '%c' in expression", c);
	return NULL;
}

static struct expr *expr_parse_unary(struct expr_parser *p)
{
	static const struct { const char *tok; enum expr_op op; } unops[] = {
		{ "-", EX_NEG }, { "+", EX_PLUS }, { "~", EX_BNOT }, { "!", EX_LNOT },
	};

	int c = expr_peek(p);

	for (size_t i = 0; i < ARRAY_SIZE(unops); i++) {
		if (c == unops[i].tok[0] && expr_accept(p, unops[i].tok)) {
			if (++p->depth > EXPR_MAX_DEPTH) {
				expr_fail(p, p->pos, "expression nested too deeply");
				return NULL;
			}
			struct expr *a = expr_parse_unary(p);
			p->depth--;
			return a ? expr_new(p, unops[i].op, a, NULL) : NULL;
		}
	}
	return expr_parse_primary(p);
}

/* Binary operators by C precedence level, loosest first. */
static const struct binop {
	const char *tok;
	enum expr_op op;
	int level;
} expr_binops[] = {
	{ "||", EX_LOR, 0 }, { "&&", EX_LAND, 1 }, { "|", EX_BOR, 2 },
	{ "^", EX_XOR, 3 }, { "&", EX_BAND, 4 },
	{ "==", EX_EQ, 5 }, { "!=", EX_NE, 5 },
	{ "<=", EX_LE, 6 }, { ">=", EX_GE, 6 }, { "<", EX_LT, 6 }, { ">", EX_GT, 6 },
	{ "<<", EX_SHL, 7 }, { ">>", EX_SHR, 7 },
	{ "+", EX_ADD, 8 }, { "-", EX_SUB, 8 },
	{ "*", EX_MUL, 9 }, { "/", EX_DIV, 9 }, { "%", EX_MOD, 9 },
};

/*
 * Operands joined by the operators of level min and tighter, by precedence
 * climbing: the tree C's grammar gives (left to right within a level), the
 * operands read in the same order.  At most one operator matches at a
 * place (expr_accept keeps "<" from "<<" and "<=", "&" from "&&", ...), so
 * the one there either binds at min or tighter, or ends this operand.
 */
static struct expr *expr_parse_binary(struct expr_parser *p, int min)
{
	struct expr *lhs = expr_parse_unary(p);

	while (lhs) {
		const struct binop *hit = NULL;
		int c = expr_peek(p);   /* an operator's first character, or nothing to try */

		for (size_t i = 0; c >= 0 && i < ARRAY_SIZE(expr_binops); i++) {
			if (expr_binops[i].tok[0] == c && expr_binops[i].level >= min &&
			    expr_accept(p, expr_binops[i].tok)) {
				hit = &expr_binops[i];
				break;
			}
		}
		if (!hit)
			break;
		size_t at = p->pos - strlen(hit->tok);
		struct expr *rhs = expr_parse_binary(p, hit->level + 1);
		lhs = rhs ? expr_new(p, hit->op, lhs, rhs) : NULL;
		if (lhs)
			lhs->at = at;
	}
	return lhs;
}

static struct expr *expr_parse_cond(struct expr_parser *p)
{
	struct expr *c = expr_parse_binary(p, 0);

	if (!c || !expr_accept(p, "?"))
		return c;
	struct expr *t = expr_parse_cond(p);
	if (!t)
		return NULL;
	if (!expr_accept(p, ":")) {
		expr_fail(p, p->pos, "expected ':' of a conditional expression");
		return NULL;
	}
	struct expr *f = expr_parse_cond(p);
	if (!f)
		return NULL;
	struct expr *e = expr_new(p, EX_COND, t, f);
	e->c = c;
	return e;
}

int expr_parse_body(struct arena *a, const char *text, size_t len,
		    const char *const *params, int nparams,
		    struct expr_body *out, struct expr_error *err)
{
	struct expr_parser p = {
		.arena = a, .s = text, .len = len, .params = params,
		.nparams = nparams, .body = out, .err = err,
	};

	memset(out, 0, sizeof(*out));
	out->hi = expr_parse_cond(&p);
	if (out->hi && expr_accept(&p, ":")) {
		out->colon = p.pos - 1;
		out->is_range = true;
		if (expr_peek(&p) < 0)
			expr_fail(&p, p.pos, "malformed range: missing low bound after ':'");
		else
			out->lo = expr_parse_cond(&p);
	}
	if (!p.failed && expr_peek(&p) >= 0) {
		if (p.s[p.pos] == ')')
			expr_fail(&p, p.pos, "unbalanced parentheses: unexpected ')'");
		else if (p.s[p.pos] == ':')
			expr_fail(&p, p.pos, "malformed range: more than one ':'");
		else
			expr_fail(&p, p.pos, "unexpected '%c' in expression", p.s[p.pos]);
	}
	if (!p.failed && out->is_range && !out->hi)
		expr_fail(&p, 0, "malformed range");
	return p.failed ? -1 : 0;
}

static enum expr_eval_status expr_eval_in(const struct expr *e, const uint64_t *idx,
					  uint64_t *out, const struct expr **bad);

static enum expr_eval_status expr_eval2(const struct expr *e, const uint64_t *idx,
					uint64_t *a, uint64_t *b, const struct expr **bad)
{
	enum expr_eval_status s = expr_eval_in(e->a, idx, a, bad);

	return s ? s : expr_eval_in(e->b, idx, b, bad);
}

/* The operators whose C result would not be the arithmetic one. */
static enum expr_eval_status expr_eval_checked(enum expr_op op, uint64_t a, uint64_t b,
					       uint64_t *out)
{
	switch (op) {
	case EX_ADD:
		if (a + b < a)
			return EXPR_OVERFLOW;
		*out = a + b;
		return EXPR_OK;
	case EX_MUL:
		if (b && a > UINT64_MAX / b)
			return EXPR_OVERFLOW;
		*out = a * b;
		return EXPR_OK;
	case EX_SHL:
	case EX_SHR:
		if (b >= 64)
			return EXPR_SHIFT_RANGE;
		*out = op == EX_SHL ? a << b : a >> b;
		return EXPR_OK;
	case EX_DIV:
	case EX_MOD:
		if (!b)
			return EXPR_DIV_ZERO;
		*out = op == EX_DIV ? a / b : a % b;
		return EXPR_OK;
	default:
		return EXPR_NOT_CONSTANT;
	}
}

static enum expr_eval_status expr_eval_in(const struct expr *e, const uint64_t *idx,
					  uint64_t *out, const struct expr **bad)
{
	uint64_t a = 0, b = 0;
	enum expr_eval_status s;

	switch (e->op) {
	case EX_NUM: *out = e->num; return EXPR_OK;
	case EX_VAR: *out = idx ? idx[e->var] : 0; return EXPR_OK;
	case EX_REF: return EXPR_NOT_CONSTANT;
	case EX_COND:
		if ((s = expr_eval_in(e->c, idx, &a, bad)))
			return s;
		return expr_eval_in(a ? e->a : e->b, idx, out, bad);
	case EX_NEG: case EX_PLUS: case EX_BNOT: case EX_LNOT:
		if ((s = expr_eval_in(e->a, idx, &a, bad)))
			return s;
		*out = e->op == EX_NEG ? 0 - a : e->op == EX_PLUS ? a :
		       e->op == EX_BNOT ? ~a : !a;
		return EXPR_OK;
	default:
		break;
	}
	if ((s = expr_eval2(e, idx, &a, &b, bad)))
		return s;
	switch (e->op) {
	case EX_ADD: case EX_MUL: case EX_SHL: case EX_SHR: case EX_DIV: case EX_MOD:
		s = expr_eval_checked(e->op, a, b, out);
		if (s && bad)
			*bad = e;
		return s;
	case EX_SUB: *out = a - b; break;
	case EX_LT: *out = a < b; break;
	case EX_GT: *out = a > b; break;
	case EX_LE: *out = a <= b; break;
	case EX_GE: *out = a >= b; break;
	case EX_EQ: *out = a == b; break;
	case EX_NE: *out = a != b; break;
	case EX_BAND: *out = a & b; break;
	case EX_XOR: *out = a ^ b; break;
	case EX_BOR: *out = a | b; break;
	case EX_LAND: *out = a && b; break;
	case EX_LOR: *out = a || b; break;
	default: *out = 0; break;
	}
	return EXPR_OK;
}

enum expr_eval_status expr_eval_at(const struct expr *e, const uint64_t *idx,
				   uint64_t *out, size_t *at)
{
	const struct expr *bad = NULL;
	enum expr_eval_status s = expr_eval_in(e, idx, out, &bad);

	if (s && at)
		*at = bad ? bad->at : 0;
	return s;
}

enum expr_eval_status expr_eval(const struct expr *e, const uint64_t *idx, uint64_t *out)
{
	return expr_eval_in(e, idx, out, NULL);
}

const char *expr_eval_why(enum expr_eval_status s)
{
	switch (s) {
	case EXPR_DIV_ZERO: return "division by zero";
	case EXPR_OVERFLOW: return "arithmetic overflow (the result does not fit 64 bits)";
	case EXPR_SHIFT_RANGE: return "shift by 64 bits or more";
	case EXPR_NOT_CONSTANT: return "not a constant";
	default: return "";
	}
}
