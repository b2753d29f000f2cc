/* SPDX-License-Identifier: MIT */
#include "ir/ir_eval.h"

#include <string.h>

struct ir_eval ir_eval_prepare(struct arena *a, const struct ir_def *d, const struct ir_num *num)
{
	struct ir_eval ev = { 0 };
	struct expr_body b;
	struct expr_error err;

	if (num->known && !num->expr) {
		ev.ok = true;
		ev.value = num->value;
		return ev;
	}
	if (!num->expr)
		return ev;
	if (expr_parse_body(a, num->expr, strlen(num->expr), d->param, d->nparams, &b, &err) < 0 ||
	    b.is_range || b.has_ref)
		return ev;
	ev.ok = true;
	ev.e = b.hi;
	return ev;
}

bool ir_eval_at(const struct ir_eval *ev, uint64_t i, uint64_t j, uint64_t *out)
{
	uint64_t idx[2] = { i, j };

	if (!ev->ok)
		return false;
	if (!ev->e) {
		*out = ev->value;
		return true;
	}
	return expr_eval(ev->e, idx, out) == EXPR_OK;
}
