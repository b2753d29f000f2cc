/* SPDX-License-Identifier: MIT */
/*
 * Field accessors of the typed headers.  Per field: its position as
 * constants (<CHIP>_<FIELD>_FIELD_SHIFT/_WIDTH/_MASK, and _FIELD_WORD in a
 * structure), its named values (an enum when they fit one), and get/set
 * accessors as thin macros over refgen/accessors.h's helpers: macros cost
 * the compiler almost nothing until used, where a function per field costs
 * parsing time in every translation unit (README, "Compile time").
 *
 * Accessors follow the manual's access code: no setter for a read-only field,
 * no getter for a write-only one, unless REFGEN_ALL_ACCESSORS is defined.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "emit/emit_text.h"
#include "emit/emit_typed_int.h"
#include "ir/ir_code.h"

/* What one field's macros are made of. */
struct emit_field {
	const struct ir_def *f;
	struct emit_pos p;      /* index parameters substituted */
	char cond[4096];        /* index check, "" when none */
	char vtype[300];        /* value type: "enum x" or uint32_t/uint64_t */
	bool as_enum;
	bool numeric;           /* the enum's values are numbers: set takes any integer */
	const char *owner;      /* register or structure type: gv100_x_t */
	const char *obj, *val;  /* macro parameter names of the value and the new value */
};

/* A value the manual states without an access code and names as a size,
 * shift or alignment is a constant, not one of the field's values. */
bool emit_value_is_constant(const struct ir_def *v)
{
	static const char *const tails[] = { "_SHIFT", "_ALIGN", "_ALIGNMENT", "_SIZE" };
	size_t n = strlen(v->name);

	if (v->code.c[0] || v->role == IR_ROLE_INDEX_SIZE)
		return v->role == IR_ROLE_INDEX_SIZE;
	for (size_t k = 0; k < ARRAY_SIZE(tails); k++) {
		size_t t = strlen(tails[k]);
		if (n > t && !strcmp(v->name + n - t, tails[k]))
			return true;
	}
	return false;
}

/* An enum type when the manual names values that fit a C enum. */
bool emit_field_has_enum(const struct ir_def *f, const struct emit_pos *p)
{
	bool any = false;

	if (p->max_width > 32)
		return false;
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE || emit_value_is_constant(v))
			continue;
		if (!v->value.known || v->value.value > 0x7FFFFFFF)
			return false;
		any = true;
	}
	return any;
}

/* v's name after its field's and '_': "MAX" of NV_X_LENGTH_MAX. */
static const char *emit_value_suffix(const struct ir_def *f, const struct ir_def *v)
{
	size_t n = strlen(f->name);

	return !strncmp(v->name, f->name, n) && v->name[n] == '_' ? v->name + n + 1 : v->name;
}

static bool emit_suffix_is(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return !strcmp(s, tail) || (n > t && s[n - t - 1] == '_' && !strcmp(s + n - t, tail));
}

/*
 * Numeric: the field holds a number, and its named values are a few numbers
 * of it, not a list of meanings (doc/headers.md, "Numeric fields"):
 *   - one names a bound of a range: MIN or MAX, or a name ending _MIN, _MAX
 *     (NV_RAMRL_ENTRY_TSG_LENGTH: INIT, MIN 1, MAX 128);
 *   - each is a reset or recommended value (INIT, HWINIT, _PROD), ZERO, or a
 *     number: a name starting with the decimal digits of its value (10US =
 *     0xa, 0_CLOCKS = 0);
 *   - they all name one value (NV_PFIFO_RUNLIST_BASE_PTR: NULL = 0).
 * Anything else (TRUE/FALSE, VID_MEM/SYS_MEM, ...) is an enumeration.
 */
bool emit_field_is_numeric(const struct ir_def *f)
{
	static const char *const settings[] = { "INIT", "HWINIT", "ZERO", "_PROD" };
	bool numbers = true, one = true, any = false;
	uint64_t first = 0;

	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE || !v->value.known || emit_value_is_constant(v))
			continue;
		const char *sfx = emit_value_suffix(f, v);
		if (emit_suffix_is(sfx, "MIN") || emit_suffix_is(sfx, "MAX"))
			return true;
		if (!any)
			first = v->value.value;
		one = one && v->value.value == first;
		any = true;
		bool setting = false;
		for (size_t k = 0; k < ARRAY_SIZE(settings); k++)
			setting = setting || !strcmp(sfx, settings[k]);
		if (setting)
			continue;
		char *end;
		unsigned long long num = isdigit((unsigned char)sfx[0]) ? strtoull(sfx, &end, 10) : 0;
		numbers = numbers && isdigit((unsigned char)sfx[0]) && !isdigit((unsigned char)*end) &&
			  num == v->value.value;
	}
	return any && (numbers || one);
}

static void emit_field_values(struct emit_typed *t, const struct ir_def *f, bool as_enum)
{
	if (as_enum)
		strbuf_printf(t->b, "enum %s REFGEN_ENUM_BASE {\n", emit_typed_enum_tag(t, f));
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE || !v->value.known || emit_value_is_constant(v))
			continue;
		const char *id = emit_typed_name(t, v, NULL, true);
		if (as_enum) {
			strbuf_printf(t->b, "\t%s = 0x%llx,\n", id, (unsigned long long)v->value.value);
		} else {
			strbuf_puts(t->b, "#define ");
			strbuf_puts(t->b, id);
			strbuf_puts(t->b, " ");
			emit_typed_u(t->b, v->value.value);
			strbuf_puts(t->b, "\n");
		}
	}
	if (as_enum)
		strbuf_puts(t->b, "};\n");
	/* The rest are constants: after the enum, never in it. */
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling)
		if (v->kind == IR_VALUE && emit_value_is_constant(v))
			emit_typed_constant(t, v);
}

/* in with every index parameter of f replaced by ((uint32_t)(p)). */
static void emit_field_subst(const struct ir_def *f, const char *in, char *out, size_t cap)
{
	size_t o = 0;

	for (const char *s = in; *s && o + 1 < cap;) {
		bool word = isalpha((unsigned char)*s) || *s == '_';
		bool prev = s > in && (isalnum((unsigned char)s[-1]) || s[-1] == '_');
		size_t n = 0;
		while (word && (isalnum((unsigned char)s[n]) || s[n] == '_'))
			n++;
		int k = -1;
		for (int q = 0; word && !prev && q < f->nparams; q++)
			if (strlen(f->param[q]) == n && !strncmp(s, f->param[q], n))
				k = q;
		if (k >= 0) {
			int w = snprintf(out + o, cap - o, "((uint32_t)(%s))", f->param[k]);
			o = w < 0 || (size_t)w >= cap - o ? cap - 1 : o + (size_t)w;
			s += n;
			continue;
		}
		size_t len = n ? n : 1;
		if (o + len >= cap)
			break;
		memcpy(out + o, s, len);
		o += len;
		s += len;
	}
	out[o] = '\0';
}

void emit_typed_subst(struct emit_typed *t, const struct ir_def *d, const char *expr)
{
	char tmp[2048];

	emit_field_subst(d, expr, tmp, sizeof(tmp));
	strbuf_puts(t->b, tmp);
}

static void emit_field_subst_pos(const struct ir_def *f, struct emit_pos *p)
{
	char tmp[sizeof(p->width)];

	if (!f->nparams)
		return;
	memcpy(tmp, p->lo, strlen(p->lo) + 1);
	emit_field_subst(f, tmp, p->lo, sizeof(p->lo));
	memcpy(tmp, p->word, strlen(p->word) + 1);
	emit_field_subst(f, tmp, p->word, sizeof(p->word));
	memcpy(tmp, p->shift, strlen(p->shift) + 1);
	emit_field_subst(f, tmp, p->shift, sizeof(p->shift));
	memcpy(tmp, p->width, strlen(p->width) + 1);
	emit_field_subst(f, tmp, p->width, sizeof(p->width));
}

/* "(uint32_t)(i) < 64u && (uint32_t)(j) < 4u" for the indices with sizes. */
void emit_field_index_cond(const struct ir_def *d, char *out, size_t cap)
{
	size_t o = 0;

	out[0] = '\0';
	for (int k = 0; k < d->nparams; k++) {
		if (!d->size[k])
			continue;
		int w = snprintf(out + o, cap - o, "%s(uint32_t)(%s) < %uu", o ? " && " : "", d->param[k],
				 d->size[k]);
		if (w < 0 || (size_t)w >= cap - o)
			return;
		o += (size_t)w;
	}
}

/* Macro parameter name not used by the manual's index names. */
static const char *emit_field_param(const struct ir_def *f, const char *want, const char *alt)
{
	for (int k = 0; k < f->nparams; k++)
		if (!strcmp(f->param[k], want))
			return alt;
	return want;
}

/* The hot lines below are appended piece by piece, not through printf
 * formats: several a field, tens of thousands a chip. */
static void emit_field_params(struct emit_typed *t, const struct emit_field *e, bool value)
{
	strbuf_puts(t->b, "(");
	strbuf_puts(t->b, e->obj);
	for (int k = 0; k < e->f->nparams; k++) {
		strbuf_puts(t->b, ", ");
		strbuf_puts(t->b, e->f->param[k]);
	}
	if (value) {
		strbuf_puts(t->b, ", ");
		strbuf_puts(t->b, e->val);
	}
	strbuf_puts(t->b, ")");
}

/* A position string that is a plain number ("31u"). */
static bool emit_field_numeric(const char *s, uint64_t *v)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	*v = strtoull(s, &end, 10);
	return !strcmp(end, "u");
}

static void emit_field_const(struct emit_typed *t, const struct emit_field *e, const char *suffix,
			     const char *body)
{
	strbuf_puts(t->b, "#define ");
	strbuf_puts(t->b, emit_typed_name(t, e->f, suffix, true));
	if (e->f->nparams) {
		strbuf_puts(t->b, "(");
		for (int k = 0; k < e->f->nparams; k++) {
			if (k)
				strbuf_puts(t->b, ", ");
			strbuf_puts(t->b, e->f->param[k]);
		}
		strbuf_puts(t->b, ") (");
		strbuf_puts(t->b, body);
		strbuf_puts(t->b, ")\n");
	} else {
		strbuf_puts(t->b, " ");
		strbuf_puts(t->b, body);
		strbuf_puts(t->b, "\n");
	}
}

/* _FIELD_WORD (structures), _FIELD_SHIFT, _FIELD_WIDTH, and _FIELD_MASK
 * when the field lies in one 32-bit word. */
static void emit_field_position(struct emit_typed *t, const struct emit_field *e, bool mem)
{
	const struct emit_pos *p = &e->p;
	const char *shift = mem ? p->shift : p->lo;
	uint64_t s, w;
	char mask[2200];

	if (mem)
		emit_field_const(t, e, "_FIELD_WORD", p->word);
	emit_field_const(t, e, "_FIELD_SHIFT", shift);
	emit_field_const(t, e, "_FIELD_WIDTH", p->width);
	if (emit_field_numeric(shift, &s) && emit_field_numeric(p->width, &w)) {
		if (s + w > 32)
			return;
		/* "0x%llxu" of a 32-bit mask: hex digits from the highest non-zero one */
		uint32_t v = (uint32_t)((((1ull << w) - 1) << s) & 0xFFFFFFFFu);
		size_t o = 0;
		int k = 28;

		mask[o++] = '0';
		mask[o++] = 'x';
		while (k > 0 && !(v >> k & 15))
			k -= 4;
		for (; k >= 0; k -= 4)
			mask[o++] = "0123456789abcdef"[v >> k & 15];
		mask[o++] = 'u';
		mask[o] = '\0';
	} else if (!mem) {
		snprintf(mask, sizeof(mask), "(0xffffffffu >> (32u - (%s))) << (%s)", p->width, shift);
	} else {
		return;
	}
	emit_field_const(t, e, "_FIELD_MASK", mask);
}

static void emit_field_guard_open(struct emit_typed *t, bool hidden, const char *why)
{
	if (hidden)
		strbuf_printf(t->b, "#ifdef REFGEN_ALL_ACCESSORS /* %s */\n", why);
}

static void emit_field_guard_close(struct emit_typed *t, bool hidden)
{
	if (hidden)
		strbuf_puts(t->b, "#endif\n");
}

/* Type the new value is passed as: the field's enum (C++ checks it), else
 * any unsigned number (also for a numeric field's enum: C++ takes integers). */
static const char *emit_field_argtype(const struct emit_field *e)
{
	return e->as_enum && !e->numeric ? e->vtype : "uint64_t";
}

/* Each string up to NULL, followed by ", ". */
static void emit_field_list(struct strbuf *b, ...)
{
	va_list ap;

	va_start(ap, b);
	for (const char *s; (s = va_arg(ap, const char *));) {
		strbuf_puts(b, s);
		strbuf_puts(b, ", ");
	}
	va_end(ap);
}

/* Accessors are one call of a generic macro of refgen/accessors.h each:
 * REFGEN_{R,M}{GET,SET}[I](...), I when an index is checked. */
static void emit_field_getter(struct emit_typed *t, const struct emit_field *e, bool mem)
{
	const char *name = emit_typed_verb(t, e->f, "get");

	strbuf_puts(t->b, "#define ");
	strbuf_puts(t->b, name);
	emit_field_params(t, e, false);
	strbuf_puts(t->b, mem ? " REFGEN_MGET" : " REFGEN_RGET");
	strbuf_puts(t->b, e->cond[0] ? "I(" : "(");
	emit_field_list(t->b, e->owner, e->obj, NULL);
	if (e->cond[0])
		emit_field_list(t->b, e->cond, name, NULL);
	if (mem)
		emit_field_list(t->b, e->p.word, NULL);
	emit_field_list(t->b, mem ? e->p.shift : e->p.lo, e->p.width, NULL);
	strbuf_puts(t->b, e->vtype);
	strbuf_puts(t->b, ")\n");
}

static void emit_field_setter(struct emit_typed *t, const struct emit_field *e, bool mem)
{
	const char *name = emit_typed_verb(t, e->f, "set");

	strbuf_puts(t->b, "#define ");
	strbuf_puts(t->b, name);
	emit_field_params(t, e, true);
	strbuf_puts(t->b, mem ? " REFGEN_MSET" : " REFGEN_RSET");
	strbuf_puts(t->b, e->cond[0] ? "I(" : "(");
	emit_field_list(t->b, e->owner, e->obj, NULL);
	if (e->cond[0])
		emit_field_list(t->b, e->cond, NULL);
	if (mem)
		emit_field_list(t->b, e->p.word, NULL);
	emit_field_list(t->b, mem ? e->p.shift : e->p.lo, e->p.width, emit_field_argtype(e), e->val, NULL);
	strbuf_puts(t->b, name);
	strbuf_puts(t->b, ")\n");
}

/* Readable/writable per the access code (both when the code says nothing). */
void emit_field_access(const struct ir_def *f, bool *readable, bool *writable)
{
	struct ir_code_meaning m;

	*readable = *writable = true;
	if (!ir_code_decode(&f->code, &m))
		return;
	*readable = strcmp(m.read, "no") != 0;
	*writable = strcmp(m.write, "no") != 0;
}

/* Comment, values, position constants: shared by both kinds of field.
 * False when the field gets no accessor. */
static bool emit_field_begin(struct emit_typed *t, const struct ir_def *f, struct emit_field *e,
			     const char *owner)
{
	/* Every member is set below (cond and p by their writers): no 8 KB
	 * memset a field. */
	e->f = f;
	e->owner = owner;
	if (emit_typed_repeat(t, f))
		return false;
	emit_typed_pos(t, f, &e->p);
	strbuf_printf(t->b, "\n/* %s%s%s%s %s [%s] */\n", f->name, f->params ? "(" : "",
		      f->params ? f->params : "", f->params ? ")" : "",
		      emit_text_line(&t->ec->arena, f->body ? f->body : ""),
		      emit_text_line(&t->ec->arena, f->code.c));
	e->obj = emit_field_param(f, f->parent->kind == IR_STRUCTURE ? "s" : "r", "obj_");
	e->val = emit_field_param(f, "v", "val_");
	e->as_enum = e->p.ok && e->p.max_width <= 64 && emit_field_has_enum(f, &e->p);
	e->numeric = e->as_enum && emit_field_is_numeric(f);
	if (e->as_enum) {   /* "enum %s", cut to the buffer as snprintf would */
		const char *id = emit_ident(t->ec, f->name, NULL, false);
		size_t n = strnlen(id, sizeof(e->vtype) - 1 - 5);
		memcpy(e->vtype, "enum ", 5);
		memcpy(e->vtype + 5, id, n);
		e->vtype[5 + n] = '\0';
	} else {
		strcpy(e->vtype, e->p.max_width > 32 ? "uint64_t" : "uint32_t");
	}
	emit_field_subst_pos(f, &e->p);
	emit_field_index_cond(f, e->cond, sizeof(e->cond));
	return true;
}

void emit_field_reg(struct emit_typed *t, const struct ir_def *f, const char *reg_type)
{
	struct emit_field e;
	bool rd, wr;

	if (!emit_field_begin(t, f, &e, reg_type))
		return;
	if (!e.p.ok || e.p.max_hi > 31) {
		strbuf_puts(t->b, "/* no accessor: not a bit range of a 32-bit register */\n");
		return;
	}
	emit_field_values(t, f, e.as_enum);
	emit_field_position(t, &e, false);
	emit_field_access(f, &rd, &wr);
	emit_field_guard_open(t, !rd, "write-only field");
	emit_field_getter(t, &e, false);
	emit_field_guard_close(t, !rd);
	emit_field_guard_open(t, !wr, "read-only field");
	emit_field_setter(t, &e, false);
	emit_field_guard_close(t, !wr);
	emit_typed_children_constants(t, f);
}

/* An indexed position without sizes must stay inside the structure. */
static void emit_mem_bounds(const struct ir_def *f, struct emit_field *e, uint64_t words)
{
	bool sized = f->nparams && f->size[0] && (f->nparams < 2 || f->size[1]);
	size_t n = strlen(e->cond);

	if (e->p.constant || sized)
		return;
	snprintf(e->cond + n, sizeof(e->cond) - n, "%s(%s) * 32u + %s + %s <= %lluu", n ? " && " : "",
		 e->p.word, e->p.shift, e->p.width, (unsigned long long)words * 32);
}

void emit_field_mem(struct emit_typed *t, const struct ir_def *f, const struct ir_def *s,
		    const char *st, uint64_t words)
{
	struct emit_field e;
	bool rd, wr;

	if (!emit_field_begin(t, f, &e, st))
		return;
	if (!e.p.ok) {
		strbuf_puts(t->b, "/* no accessor: bit range not computable */\n");
		return;
	}
	if (e.p.max_width > 64) {
		emit_typed_mem_wide(t, f, st, s);
		return;
	}
	emit_mem_bounds(f, &e, words);
	emit_field_values(t, f, e.as_enum);
	emit_field_position(t, &e, true);
	emit_field_access(f, &rd, &wr);
	emit_field_guard_open(t, !rd, "write-only field");
	emit_field_getter(t, &e, true);
	emit_field_guard_close(t, !rd);
	emit_field_guard_open(t, !wr, "read-only field");
	emit_field_setter(t, &e, true);
	emit_field_guard_close(t, !wr);
	emit_typed_children_constants(t, f);
}
