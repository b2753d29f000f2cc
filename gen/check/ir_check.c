/* SPDX-License-Identifier: MIT */
#include "check/ir_check.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/text_distance.h"
#include "ir/expr.h"
#include "base/strmap.h"

/* Structures are at most 2 MiB (RAMIN is 4 KiB): anything larger is an error. */
#define IR_STRUCT_MAX_BITS ((uint64_t)1 << 24)

static void ir_check_error(const struct ir_check *c, const struct ir_def *d, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void ir_check_error(const struct ir_check *c, const struct ir_def *d, const char *fmt, ...)
{
	struct ir_where w = c->where(c, d);
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(c->diag, DIAG_ERROR, w.file, w.line, w.col, fmt, ap);
	va_end(ap);
}

static bool ir_check_same_text(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

int ir_check_redefinition(const struct ir_check *c, const struct ir_def *old,
			  const struct ir_def *d)
{
	struct ir_where w = c->where(c, d), first = c->where(c, old);

	if (ir_check_same_text(old->body, d->body) && ir_check_same_text(old->params, d->params)) {
		diag_warn(c->diag, DIAG_W_REDEFINED, w.file, w.line, w.col, d->name,
			  "%s redefined with the same body (first defined at %s:%u)", d->name,
			  first.file, first.line);
		return 0;
	}
	diag_report(c->diag, DIAG_ERROR, w.file, w.line, w.col,
		    "%s redefined with a different body (first defined at %s:%u)", d->name,
		    first.file, first.line);
	return -1;
}

/* ---- access codes -------------------------------------------------------------- */

/* Letters of each position per the KEY LEGEND (' ' = other information); the
 * indicator also takes '-', which a few manuals write. */
static const char *const ir_code_alphabet[5] = {
	" -CR",          /* read */
	" -W",           /* write */
	" -XIEBCVD",     /* internal state */
	" -VUSF12348",   /* declaration/size */
	" -CDLMRAFVTPBG" /* define indicator */
};
static const char *const ir_code_position[5] = {
	"read", "write", "internal-state", "declaration/size", "define-indicator"
};

int ir_check_code(const struct ir_check *c, const struct ir_def *d, struct ir_where w)
{
	size_t n = strlen(d->code.c);

	for (size_t i = 0; i < n && i < 5; i++) {
		if (strchr(ir_code_alphabet[i], d->code.c[i]))
			continue;
		/* NVIDIA's published headers write internal-state letters no
		 * legend defines (lr10 dev_trim 'A', dev_pmgr 'H'; the manuals'
		 * KEY LEGEND and the headers say nothing of them): kept as
		 * written, a warning.  A manual's stays an error. */
		if (d->published && i == 2 && d->code.c[i] >= 'A' && d->code.c[i] <= 'Z') {
			diag_warn(c->diag, DIAG_W_CODE_LETTER, w.file, w.line,
				  w.col ? w.col + (unsigned)i : 0, d->name,
				  "code '%s' of %s: '%c' is an internal-state letter the legend "
				  "does not define ('%s')", d->code.c, d->name, d->code.c[i],
				  ir_code_alphabet[i]);
			continue;
		}
		diag_report(c->diag, DIAG_ERROR, w.file, w.line, w.col ? w.col + (unsigned)i : 0,
			    "code '%s' of %s: '%c' is not an allowed %s letter ('%s')", d->code.c,
			    d->name, d->code.c[i], ir_code_position[i], ir_code_alphabet[i]);
		return -1;
	}
	return 0;
}

/* ---- fields inside their register or structure ------------------------------------ */

static uint64_t ir_check_struct_bytes(const struct ir_def *s)
{
	for (const struct ir_def *c = s->first_child; c; c = c->next_sibling)
		if (c->role == IR_ROLE_STRUCT_SIZE)
			return c->value.value;
	return 0;
}

/* Bits of a register: its code's declaration size, else the manuals' 32. */
unsigned ir_check_register_bits(const struct ir_def *r)
{
	switch (strlen(r->code.c) == 5 ? r->code.c[3] : ' ') {
	case '1': return 8;
	case '2': return 16;
	case '3': return 24;
	case '8': return 64;
	default: return 32;
	}
}

/* " at i=N[, j=M]" for a message about f at index idx (none: ""); made only
 * when a message is reported. */
static void ir_check_at(char *at, size_t n, const struct ir_def *f, const uint64_t *idx)
{
	if (idx && f->nparams == 1)
		snprintf(at, n, " at %s=%llu", f->param[0], (unsigned long long)idx[0]);
	else if (idx)
		snprintf(at, n, " at %s=%llu, %s=%llu", f->param[0], (unsigned long long)idx[0],
			 f->param[1], (unsigned long long)idx[1]);
}

/* Checks hi >= lo, and hi inside the parent, for one index combination. */
static int ir_check_bits(const struct ir_check *c, const struct ir_def *f, uint64_t hi,
			 uint64_t lo, const uint64_t *idx)
{
	const struct ir_def *p = f->parent;
	uint64_t bits = 0;
	char at[64] = "";

	if (hi < lo) {
		ir_check_at(at, sizeof(at), f, idx);
		ir_check_error(c, f, "reversed bit range in %s%s: %llu:%llu", f->name, at,
			       (unsigned long long)hi, (unsigned long long)lo);
		return -1;
	}
	if (p->kind == IR_REGISTER) {
		if (hi < ir_check_register_bits(p))
			return 0;
		ir_check_at(at, sizeof(at), f, idx);
		ir_check_error(c, f, "field %s%s: bits %llu:%llu lie outside its %u-bit register %s",
			       f->name, at, (unsigned long long)hi, (unsigned long long)lo,
			       ir_check_register_bits(p), p->name);
		return -1;
	}
	bits = ir_check_struct_bytes(p) * 8;
	if (!bits && hi >= IR_STRUCT_MAX_BITS) {
		ir_check_at(at, sizeof(at), f, idx);
		ir_check_error(c, f, "%s%s: bit %llu is beyond any memory structure (2^24 bits)",
			       f->name, at, (unsigned long long)hi);
		return -1;
	}
	if (bits && hi >= bits) {
		ir_check_at(at, sizeof(at), f, idx);
		ir_check_error(c, f, "%s%s: bit %llu is past the end of %s (%llu bytes)", f->name, at,
			       (unsigned long long)hi, p->name, (unsigned long long)(bits / 8));
		return -1;
	}
	return 0;
}

/* Evaluates an indexed range at every index the __SIZE companions allow. */
static int ir_check_indexed(const struct ir_check *c, struct ir_manual *m, const struct ir_def *f)
{
	struct expr_body hb, lb;
	struct expr_error err;
	uint64_t n0 = f->size[0] ? f->size[0] : 1, n1 = f->nparams > 1 && f->size[1] ? f->size[1] : 1;

	if (!f->size[0] || n0 * n1 > 65536)
		return 0;
	if (expr_parse_body(&m->arena, f->hi.expr, strlen(f->hi.expr), f->param, f->nparams,
			    &hb, &err) < 0 ||
	    expr_parse_body(&m->arena, f->lo.expr, strlen(f->lo.expr), f->param, f->nparams,
			    &lb, &err) < 0)
		return 0; /* already parsed once as a whole body */
	for (uint64_t i = 0; i < n0; i++) {
		for (uint64_t j = 0; j < n1; j++) {
			uint64_t idx[2] = { i, j }, hi, lo;

			if (expr_eval(hb.hi, idx, &hi) || expr_eval(lb.hi, idx, &lo))
				return 0;
			/* Negative: the index doesn't count from 0 (GPIO_RISING(i)
			 * is ((i)-16):((i)-16) for i = 16..31); nothing to check. */
			if ((hi | lo) >> 63)
				return 0;
			if (ir_check_bits(c, f, hi, lo, idx) < 0)
				return -1;
		}
	}
	return 0;
}

static int ir_check_field(const struct ir_check *c, struct ir_manual *m, const struct ir_def *f)
{
	if (!f->parent || (f->parent->kind != IR_REGISTER && f->parent->kind != IR_STRUCTURE))
		return 0;
	if (f->hi.known && f->lo.known)
		return ir_check_bits(c, f, f->hi.value, f->lo.value, NULL);
	if (f->hi.expr && f->lo.expr)
		return ir_check_indexed(c, m, f);
	return 0;
}

/* ---- values ------------------------------------------------------------------------- */

static int ir_check_value(const struct ir_check *c, const struct ir_def *v)
{
	const struct ir_def *f = v->parent;
	uint64_t width = f ? ir_def_width(f) : 0;

	if (!f || f->kind != IR_FIELD || !v->value.known || !width || width >= 64 ||
	    !(v->value.value >> width))
		return 0;
	ir_check_error(c, v, "value %s of %s does not fit its %llu-bit field %s (%s)", v->body,
		       v->name, (unsigned long long)width, f->name, f->body);
	return -1;
}

/* Edit distance of a[0..n) and b, capped at 255 (names are short). */
static unsigned ir_check_distance(const char *a, size_t n, const char *b)
{
	return (unsigned)text_distance(a, n, b, strlen(b), 254);
}

/* The field of r whose name is closest to a prefix of name (cut at '_'). */
static const struct ir_def *ir_check_closest_field(const struct ir_def *r, const char *name)
{
	const struct ir_def *best = NULL;
	unsigned best_d = 255;

	for (const struct ir_def *f = r->first_child; f; f = f->next_sibling) {
		if (f->kind != IR_FIELD)
			continue;
		for (size_t n = strlen(r->name) + 1, len = strlen(name); n <= len; n++) {
			if (n < len && name[n] != '_')
				continue;
			unsigned dist = ir_check_distance(name, n, f->name);
			if (dist < best_d) {
				best_d = dist;
				best = f;
			}
		}
	}
	return best;
}

/* A value-coded define (code ending in V) whose parent is a register or structure:
 * the field it names does not exist, often a misspelling. */
static void ir_check_value_code(const struct ir_check *c, const struct ir_def *d)
{
	const struct ir_def *p = d->parent, *f;
	struct ir_where w;

	if (d->kind != IR_CONSTANT || d->role != IR_ROLE_NONE || !p || d->is_range ||
	    (p->kind != IR_REGISTER && p->kind != IR_STRUCTURE) ||
	    strlen(d->code.c) != 5 || d->code.c[4] != 'V')
		return;
	w = c->where(c, d);
	f = ir_check_closest_field(p, d->name);
	if (f)
		diag_warn(c->diag, DIAG_W_NO_FIELD, w.file, w.line, w.col, d->name,
			  "%s is coded as a value but names no field of %s; did you mean %s?",
			  d->name, p->name, f->name);
	else
		diag_warn(c->diag, DIAG_W_NO_FIELD, w.file, w.line, w.col, d->name,
			  "%s is coded as a value but %s has no fields", d->name, p->name);
}

/* ---- class units ----------------------------------------------------------------------- */

/* A class's method: a 4-byte aligned offset (a pushbuffer method header
 * addresses dwords), every element of an array too.  0 or -1. */
static int ir_check_method(const struct ir_check *c, struct ir_manual *m, const struct ir_def *d)
{
	struct expr_body b;
	struct expr_error err;
	uint64_t off[2] = { d->value.value, 0 };
	int n = 1;

	if (!d->value.known) {
		if (!d->value.expr || expr_parse_body(&m->arena, d->value.expr, strlen(d->value.expr),
						      d->param, d->nparams, &b, &err) < 0)
			return 0;
		/* the first element and the stride: (0x0320+(i)*4) */
		uint64_t i0[2] = { 0, 0 }, i1[2] = { 1, 1 };
		if (expr_eval(b.hi, i0, &off[0]) || expr_eval(b.hi, i1, &off[1]))
			return 0;
		n = 2;
	}
	for (int k = 0; k < n; k++)
		if (off[k] & 3) {
			ir_check_error(c, d, "method %s: offset 0x%llx%s is not a multiple of 4",
				       d->name, (unsigned long long)off[k],
				       k ? " (its second element)" : "");
			return -1;
		}
	return 0;
}

/* Whether a name has a class prefix NV<4 hex digits>_ of another class than id. */
static bool ir_check_other_class(const char *name, uint32_t id, unsigned *other)
{
	unsigned v = 0;

	if (strncmp(name, "NV", 2) || strlen(name) < 6 || (name[6] && name[6] != '_'))
		return false;
	for (int i = 2; i < 6; i++) {
		int ch = (unsigned char)name[i];
		int h = isdigit(ch) ? ch - '0' : isxdigit(ch) ? (tolower(ch) - 'a' + 10) : -1;
		if (h < 0)
			return false;
		v = v * 16 + (unsigned)h;
	}
	*other = v;
	return v != id;
}

static int ir_check_class(const struct ir_check *c, struct ir_manual *m, const struct ir_def *d)
{
	unsigned other;

	if (ir_check_other_class(d->name, m->class_id, &other)) {
		ir_check_error(c, d, "%s: a define of class %04X's prefix in class %04X's unit",
			       d->name, other, (unsigned)m->class_id);
		return -1;
	}
	return d->kind == IR_REGISTER ? ir_check_method(c, m, d) : 0;
}

int ir_check_manual(const struct ir_check *c, struct ir_manual *m)
{
	int rc = 0;

	for (size_t i = 0; i < m->ndefs; i++) {
		const struct ir_def *d = m->defs[i];

		if (m->class_id && ir_check_class(c, m, d) < 0)
			rc = -1;

		if (d->kind == IR_FIELD && ir_check_field(c, m, d) < 0)
			rc = -1;
		else if (d->kind == IR_VALUE && ir_check_value(c, d) < 0)
			rc = -1;
		else if (d->kind == IR_CONSTANT)
			ir_check_value_code(c, d);
	}
	return rc;
}

/* ---- IR attributes against the body ------------------------------------------------- */

static bool ir_check_num_agrees(const struct ir_num *n, const struct expr *e, bool indexed)
{
	uint64_t v;
	bool known = !indexed && e && expr_eval(e, NULL, &v) == EXPR_OK;

	if (!known)
		return !n->known;
	return n->known && n->value == v;
}

/* s[0, n) as a number expr_parse_body reads the same way: a hexadecimal
 * constant 0x of 1 to 16 digits, or a decimal one of 1 to 9 digits without a
 * leading zero (or just "0"), without suffix or blanks.  False otherwise. */
static bool ir_check_plain_number(const char *s, size_t n, uint64_t *v)
{
	*v = 0;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		if (n - 2 > 16)
			return false;
		for (size_t i = 2; i < n; i++) {
			unsigned char c = (unsigned char)s[i];
			unsigned d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
				     c >= 'A' && c <= 'F' ? c - 'A' + 10 : 16;
			if (d == 16)
				return false;
			*v = *v << 4 | d;
		}
		return true;
	}
	if (n < 1 || n > 9 || (s[0] == '0' && n > 1))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return true;
}

/*
 * The usual body, a number ("0x00000001") or a range of two ("31:0"), read
 * without building its expression: true when it is one and d's attributes
 * agree with it, the verdict ir_check_body's full parse gives such a body.
 * False for anything else, which the full parse decides (and words).
 */
static bool ir_check_body_plain(const struct ir_def *d)
{
	const char *b = d->body, *colon = strchr(b, ':');
	size_t n = strlen(b);
	uint64_t hi, lo;

	if (!colon)
		return !d->is_range && ir_check_plain_number(b, n, &hi) && d->value.known &&
		       d->value.value == hi;
	return d->is_range && ir_check_plain_number(b, (size_t)(colon - b), &hi) &&
	       ir_check_plain_number(colon + 1, n - (size_t)(colon - b) - 1, &lo) && d->hi.known &&
	       d->hi.value == hi && d->lo.known && d->lo.value == lo;
}

/* d's hi/lo or value agree with what its body evaluates to (IR only: the
 * parser derives them from the body). */
static int ir_check_body(const struct ir_check *c, struct ir_manual *m, const struct ir_def *d)
{
	struct expr_body b;
	struct expr_error err;
	bool indexed;

	if (!d->body || d->body[0] == '"' || d->role == IR_ROLE_ALIAS)
		return 0;
	if (ir_check_body_plain(d))
		return 0;
	if (expr_parse_body(&m->arena, d->body, strlen(d->body), d->param, d->nparams, &b,
			    &err) < 0) {
		ir_check_error(c, d, "body '%s' of %s: %s", d->body, d->name, err.msg);
		return -1;
	}
	if (b.has_ref)
		return 0;
	indexed = b.vars != 0;
	if (b.is_range != d->is_range) {
		ir_check_error(c, d, "%s: body '%s' %s a bit range but its attributes say otherwise",
			       d->name, d->body, b.is_range ? "is" : "is not");
		return -1;
	}
	if (b.is_range ? !ir_check_num_agrees(&d->hi, b.hi, indexed) ||
				 !ir_check_num_agrees(&d->lo, b.lo, indexed)
		       : !ir_check_num_agrees(&d->value, b.hi, indexed)) {
		ir_check_error(c, d, "%s: attributes %s disagree with its body '%s'", d->name,
			       b.is_range ? "hi/lo" : "value/offset", d->body);
		return -1;
	}
	return 0;
}

/* A space says what it needs and no more: a window its BAR0 base and the
 * define placing it (a range of the unit starting at that base, or in a
 * published unit a base address of the chip's hwproject.h), a block
 * the define its base is read from; no other space has either. */
static int ir_check_space(const struct ir_check *c, const struct ir_manual *m, const struct ir_def *d,
			  const struct ir_space *s)
{
	const char *what = d ? d->name : "the unit";
	bool window = s->kind == IR_SPACE_WINDOW, block = s->kind == IR_SPACE_BLOCK;

	if (s->kind == IR_SPACE_NONE)
		return 0;
	if (s->has_base != window || (s->via != NULL) != (window || block)) {
		ir_check_error(c, d ? d : m->first_root, "%s: space %s %s", what, ir_space_name(s->kind),
			       window ? "needs space-base and space-via" :
			       block ? "needs space-via and no space-base" : "takes no space-base or space-via");
		return -1;
	}
	if (window) {
		bool named = false;

		for (size_t i = 0; i < m->ndefs; i++) {
			if (m->defs[i]->kind != IR_DEVICE || strcmp(m->defs[i]->name, s->via))
				continue;
			named = true;
			if (m->defs[i]->lo.known && m->defs[i]->lo.value == s->base)
				return 0;
		}
		/* A published chip's window starts at a base address of its
		 * hwproject.h (NV_XAL_BASE_ADDRESS), no device of the unit's. */
		if (!named && m->published)
			return 0;
		ir_check_error(c, d ? d : m->first_root, "%s: window base 0x%llx is not where %s starts",
			       what, (unsigned long long)s->base, s->via);
		return -1;
	}
	return 0;
}

/* ---- IR read back ---------------------------------------------------------------------- */

static struct ir_where ir_check_read_where(const struct ir_check *c, const struct ir_def *d)
{
	return (struct ir_where){ c->ctx, d->ir_line, 0 };
}

int ir_check_read(struct ir_manual *m, const char *file, struct diag *d)
{
	struct ir_check c = { d, ir_check_read_where, file };
	unsigned char wflags[DIAG_W_COUNT];
	unsigned errors = d->errors;
	struct strmap names;

	/* The warnings were shown when the manual was parsed. */
	memcpy(wflags, d->wflags, sizeof(wflags));
	memset(d->wflags, DIAG_WF_OFF, sizeof(d->wflags));
	strmap_init(&names);
	strmap_reserve(&names, m->ndefs);
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *def = m->defs[i];
		const struct ir_def *old = strmap_get(&names, def->name);

		if (old)
			ir_check_redefinition(&c, old, def);
		else
			strmap_put(&names, def->name, def);
		if (def->code.present)
			ir_check_code(&c, def, ir_check_read_where(&c, def));
		ir_check_body(&c, m, def);
		if (def->kind == IR_DEVICE)
			ir_check_space(&c, m, def, &def->space);
	}
	if (m->first_root)
		ir_check_space(&c, m, NULL, &m->space);
	strmap_free(&names);
	if (d->errors == errors)
		ir_check_manual(&c, m);
	memcpy(d->wflags, wflags, sizeof(wflags));
	return d->errors == errors ? 0 : -1;
}
