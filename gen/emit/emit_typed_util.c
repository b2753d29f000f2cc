/* SPDX-License-Identifier: MIT */
/* What the typed emitter's files share: claimed names, field positions, index checks, constants. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "emit/emit_text.h"
#include "emit/emit_typed_int.h"
#include "ir/expr.h"

/* A define the manual repeats with the same body is emitted once. */
bool emit_typed_repeat(struct emit_typed *t, const struct ir_def *d)
{
	if (strmap_get(&t->seen, d->name)) {
		strbuf_printf(t->b, "/* %s: repeated in the manual (line %u), emitted above */\n",
			      d->name, d->line);
		return true;
	}
	strmap_put(&t->seen, d->name, (void *)d);
	return false;
}


const char *emit_typed_name(struct emit_typed *t, const struct ir_def *d,
			    const char *suffix, bool upper)
{
	const char *id = emit_ident(t->ec, d->name, suffix, upper);

	if (emit_claim(t->ec, t->unit, id, d) < 0)
		t->rc = -1;
	return id;
}

const char *emit_typed_verb(struct emit_typed *t, const struct ir_def *d, const char *verb)
{
	const char *id = emit_ident_verb(t->ec, verb, d->name);

	if (emit_claim(t->ec, t->unit, id, d) < 0)
		t->rc = -1;
	return id;
}

const char *emit_typed_enum_tag(struct emit_typed *t, const struct ir_def *d)
{
	const char *id = emit_ident(t->ec, d->name, NULL, false);
	size_t n = strnlen(id, 511 - 5);   /* "enum %s" in 512 bytes, as it was */
	char *key = arena_alloc(&t->ec->arena, 5 + n + 1);

	/* Tags live in their own namespace: claim them apart. */
	memcpy(key, "enum ", 5);
	memcpy(key + 5, id, n);
	key[5 + n] = '\0';
	if (emit_claim(t->ec, t->unit, key, d) < 0)
		t->rc = -1;
	return id;
}

static bool emit_expr_uses(const char *expr, const char *param)
{
	size_t n = strlen(param);

	for (const char *p = expr; (p = strstr(p, param)); p += n) {
		bool start = p == expr || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		bool end = !(isalnum((unsigned char)p[n]) || p[n] == '_');
		if (start && end)
			return true;
	}
	return false;
}

/* ", uint32_t i, uint32_t j" */
void emit_typed_index_params(struct emit_typed *t, const struct ir_def *d)
{
	for (int k = 0; k < d->nparams; k++)
		strbuf_printf(t->b, ", uint32_t %s", d->param[k]);
}

/*
 * Range checks for the indices, and uses of otherwise unused ones.  With ret
 * set, an index out of range also returns ret ("" for void) whatever
 * REFGEN_CHECK does, so memory outside the structure is never touched.
 */
void emit_typed_index_checks(struct emit_typed *t, const struct ir_def *d, const char *used_in,
			     const char *ret)
{
	for (int k = 0; k < d->nparams; k++) {
		if (d->size[k]) {
			strbuf_printf(t->b, "\tREFGEN_CHECK(%s < %uu);\n", d->param[k], d->size[k]);
			if (ret)
				strbuf_printf(t->b, "\tif (%s >= %uu)\n\t\treturn%s%s;\n", d->param[k],
					      d->size[k], *ret ? " " : "", ret);
		}
		if (!used_in || !emit_expr_uses(used_in, d->param[k]))
			strbuf_printf(t->b, "\t(void)%s;\n", d->param[k]);
	}
}

void emit_typed_u(struct strbuf *b, uint64_t v)
{
	strbuf_printf(b, v > 0xFFFFFFFFu ? "0x%llxull" : "0x%llxu", (unsigned long long)v);
}

/* "%lluu" of v into out (at least 22 bytes), without snprintf's set-up:
 * every field's position is written this way, each time a builder looks. */
static void emit_typed_dec_u(char *out, uint64_t v)
{
	char tmp[20];
	size_t n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10));
	while (n)
		*out++ = tmp[--n];
	out[0] = 'u';
	out[1] = '\0';
}

/* Word and bit of a constant position. */
static void emit_typed_pos_const(struct emit_pos *p, uint64_t lo)
{
	emit_typed_dec_u(p->lo, lo);
	emit_typed_dec_u(p->word, lo / 32);
	emit_typed_dec_u(p->shift, lo % 32);
}

/*
 * Word and bit of an indexed position.  When lo = base + si*i + sj*j with
 * strides that are whole words, the word is computed directly and the bit is
 * a constant, as hand-written code would do it; otherwise both come from the
 * manual's expression.
 */
static void emit_typed_pos_indexed(struct emit_pos *p, const struct ir_def *f, bool linear,
				   const uint64_t *base_stride)
{
	uint64_t base = base_stride[0], si = base_stride[1], sj = base_stride[2];

	snprintf(p->lo, sizeof(p->lo), "(uint32_t)(%s)", f->lo.expr);
	if (!linear || si % 32 || sj % 32) {
		snprintf(p->word, sizeof(p->word), "(uint32_t)((%s) / 32u)", f->lo.expr);
		snprintf(p->shift, sizeof(p->shift), "(uint32_t)((%s) %% 32u)", f->lo.expr);
		return;
	}
	int n = snprintf(p->word, sizeof(p->word), "%lluu", (unsigned long long)(base / 32));
	if (si)
		n += snprintf(p->word + n, sizeof(p->word) - (size_t)n, " + %lluu * %s",
			      (unsigned long long)(si / 32), f->param[0]);
	if (sj)
		snprintf(p->word + n, sizeof(p->word) - (size_t)n, " + %lluu * %s",
			 (unsigned long long)(sj / 32), f->param[1]);
	snprintf(p->shift, sizeof(p->shift), "%lluu", (unsigned long long)(base % 32));
}

void emit_typed_pos(struct emit_typed *t, const struct ir_def *f, struct emit_pos *p)
{
	struct expr_body hb, lb;
	struct expr_error err;

	/* The strings' first bytes only: a field's 4 KB of text is not
	 * cleared for each field (and each builder looks at every field). */
	p->lo[0] = p->word[0] = p->shift[0] = p->width[0] = '\0';
	p->max_width = p->max_hi = 0;
	p->constant = p->ok = false;
	if (f->hi.known && f->lo.known) {
		p->constant = p->ok = true;
		emit_typed_pos_const(p, f->lo.value);
		p->max_width = f->hi.value - f->lo.value + 1;
		emit_typed_dec_u(p->width, p->max_width);
		p->max_hi = f->hi.value;
		return;
	}
	if (!f->hi.expr || !f->lo.expr ||
	    expr_parse_body(&t->ec->arena, f->hi.expr, strlen(f->hi.expr), f->param, f->nparams, &hb, &err) ||
	    expr_parse_body(&t->ec->arena, f->lo.expr, strlen(f->lo.expr), f->param, f->nparams, &lb, &err))
		return;
	uint64_t n0 = f->size[0] ? f->size[0] : 3, n1 = f->nparams > 1 ? (f->size[1] ? f->size[1] : 3) : 1;
	uint64_t first = 0, bs[3] = { 0, 0, 0 }, one[2][2] = { { 1, 0 }, { 0, 1 } }, v;
	bool same = true, linear = true;
	if (expr_eval(lb.hi, NULL, &bs[0]) || expr_eval(lb.hi, one[0], &v))
		return;
	bs[1] = v - bs[0];
	if (f->nparams > 1 && !expr_eval(lb.hi, one[1], &v))
		bs[2] = v - bs[0];
	for (uint64_t i = 0; i < n0 && i < 4096; i++) {
		for (uint64_t j = 0; j < n1 && j < 4096 && i * n1 + j < 65536; j++) {
			uint64_t idx[2] = { i, j }, hi, lo;
			if (expr_eval(hb.hi, idx, &hi) || expr_eval(lb.hi, idx, &lo) || hi < lo)
				return;
			if (!i && !j)
				first = hi - lo + 1;
			same &= hi - lo + 1 == first;
			linear &= lo == bs[0] + bs[1] * i + bs[2] * j;
			if (hi - lo + 1 > p->max_width)
				p->max_width = hi - lo + 1;
			if (hi > p->max_hi)
				p->max_hi = hi;
		}
	}
	emit_typed_pos_indexed(p, f, linear, bs);
	if (same)
		snprintf(p->width, sizeof(p->width), "%lluu", (unsigned long long)first);
	else
		snprintf(p->width, sizeof(p->width), "(uint32_t)((%s) - (%s) + 1)", f->hi.expr, f->lo.expr);
	p->ok = true;
}

void emit_typed_children_constants(struct emit_typed *t, const struct ir_def *d)
{
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		if (c->kind == IR_CONSTANT)
			emit_typed_constant(t, c);
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		if (c->kind == IR_VALUE)
			emit_typed_children_constants(t, c);
}

/* Bytes stated by the manual, else the words that cover every field. */
uint64_t emit_typed_struct_words(struct emit_typed *t, const struct ir_def *s)
{
	uint64_t words = 1;

	for (const struct ir_def *c = s->first_child; c; c = c->next_sibling)
		if (c->role == IR_ROLE_STRUCT_SIZE && c->value.known)
			return (c->value.value + 3) / 4;
	for (const struct ir_def *c = s->first_child; c; c = c->next_sibling) {
		struct emit_pos p;
		if (c->kind != IR_FIELD)
			continue;
		emit_typed_pos(t, c, &p);
		if (p.ok && p.max_hi / 32 + 1 > words)
			words = p.max_hi / 32 + 1;
	}
	return words;
}

static const struct ir_def *emit_typed_find_struct(const struct ir_manual *m, const char *tail)
{
	for (const struct ir_def *d = m->first_root; d; d = d->next_sibling)
		if (d->kind == IR_STRUCTURE && !strncmp(d->name, "NV_", 3) && !strcmp(d->name + 3, tail))
			return d;
	return NULL;
}

/* Fields wider than 64 bits: the words themselves, and copies of the
 * structure they embed when the manual defines it (NV_RAMIN_RAMFC). */
void emit_typed_mem_wide(struct emit_typed *t, const struct ir_def *f,
				const char *st, const struct ir_def *s)
{
	if (!f->lo.known || f->lo.value % 32 || ir_def_width(f) % 32) {
		strbuf_puts(t->b, "/* no accessor: wider than 64 bits and not word-aligned */\n");
		return;
	}
	uint64_t word = f->lo.value / 32, n = ir_def_width(f) / 32;
	strbuf_printf(t->b, "#define %s %lluu\n", emit_typed_name(t, f, "_WORDS", true),
		      (unsigned long long)n);
	strbuf_printf(t->b, "static inline uint32_t *%s(%s *s)\n{\n\treturn &s->w[%llu];\n}\n",
		      emit_typed_verb(t, f, "words"), st, (unsigned long long)word);
	const struct ir_def *inner = emit_typed_find_struct(t->m, f->name + strlen(s->name) + 1);
	if (!inner || inner == s || emit_typed_struct_words(t, inner) > n)
		return;
	const char *it = emit_ident(t->ec, inner->name, "_t", false);
	uint64_t iw = emit_typed_struct_words(t, inner);
	strbuf_printf(t->b, "static inline void %s(const %s *s, %s *out)\n{\n"
		      "\tfor (uint32_t k = 0; k < %lluu; k++)\n\t\tout->w[k] = s->w[%llu + k];\n}\n",
		      emit_typed_verb(t, f, "read"), st, it, (unsigned long long)iw,
		      (unsigned long long)word);
	strbuf_printf(t->b, "static inline void %s(%s *s, const %s *in)\n{\n"
		      "\tfor (uint32_t k = 0; k < %lluu; k++)\n\t\ts->w[%llu + k] = in->w[k];\n}\n",
		      emit_typed_verb(t, f, "write"), st, it, (unsigned long long)iw,
		      (unsigned long long)word);
}

/*
 * The number an alias stands for: an addendum renames a define with
 * "#define OLD_NAME NEW_NAME" (one line), and code written against either
 * chip then uses one name.  Only a plain name of a scalar in the same manual
 * has a number; chains of aliases are followed a few steps.
 */
static const struct ir_def *emit_typed_alias_target(const struct emit_typed *t, const struct ir_def *a)
{
	for (int depth = 0; depth < 8 && a->role == IR_ROLE_ALIAS && a->ref; depth++) {
		const struct ir_def *to = NULL;

		if (strspn(a->ref, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") !=
		    strlen(a->ref))
			return NULL;
		for (size_t i = 0; i < t->m->ndefs && !to; i++)
			if (t->m->defs[i] != a && !strcmp(t->m->defs[i]->name, a->ref))
				to = t->m->defs[i];
		if (!to)
			return NULL;
		if (to->role != IR_ROLE_ALIAS)
			return to->value.known && !to->is_range && !to->nparams ? to : NULL;
		a = to;
	}
	return NULL;
}

static void emit_typed_alias(struct emit_typed *t, const struct ir_def *c)
{
	const struct ir_def *to = emit_typed_alias_target(t, c);

	if (!to)
		return;
	strbuf_printf(t->b, "#define %s ", emit_typed_name(t, c, NULL, true));
	emit_typed_u(t->b, to->value.value);
	strbuf_printf(t->b, " /* another name of %s */\n", to->name);
}

void emit_typed_constant(struct emit_typed *t, const struct ir_def *c)
{
	if (emit_typed_repeat(t, c))
		return;
	if (c->role == IR_ROLE_STRING) {
		strbuf_printf(t->b, "#define %s \"%s\"\n", emit_typed_name(t, c, NULL, true),
			      emit_text_line(&t->ec->arena, c->string));
	} else if (c->value.known && !c->is_range && c->role != IR_ROLE_ALIAS) {
		strbuf_printf(t->b, "#define %s ", emit_typed_name(t, c, NULL, true));
		emit_typed_u(t->b, c->value.value);
		strbuf_puts(t->b, "\n");
	} else if (c->role == IR_ROLE_ALIAS) {
		emit_typed_alias(t, c);
	}
	for (const struct ir_def *k = c->first_child; k; k = k->next_sibling)
		emit_typed_constant(t, k);
}
