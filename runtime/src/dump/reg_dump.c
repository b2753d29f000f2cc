/* SPDX-License-Identifier: MIT */
#include "dump/reg_dump.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "dump/dump.h"

static uint64_t reg_field_mask(const struct refgen_field *f)
{
	return (f->width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << f->width) - 1)) << f->lo;
}

/* f is the whole word and g one of its fields: f only repeats the value. */
static bool reg_field_contains(const struct refgen_field *f, const struct refgen_field *g)
{
	return f->width >= 32 && g->width < f->width && (reg_field_mask(g) & ~reg_field_mask(f)) == 0;
}

static bool reg_field_indexed(const struct refgen_field *f)
{
	return strchr(f->name, '(') != NULL;
}

/*
 * Leave out containers, and indexed repeats of a named field.  Only a wide
 * field can contain others and only an indexed one repeat another, so the
 * search over the other fields is for those few.
 */
static bool reg_field_hidden(const struct refgen_layout *l, const struct refgen_field *f)
{
	bool wide = f->width >= 32, indexed = reg_field_indexed(f);

	if (!wide && !indexed)
		return false;
	for (uint32_t i = 0; i < l->nfields; i++) {
		const struct refgen_field *g = &l->fields[i];

		if (g == f)
			continue;
		if (wide && reg_field_contains(f, g))
			return true;
		if (indexed && g->lo == f->lo && g->width == f->width && !reg_field_indexed(g))
			return true;
	}
	return false;
}

/* A one-word register's field (bits past the word read as 0). */
static uint64_t reg_field_get(const struct refgen_field *f, uint32_t v)
{
	if (f->lo >= 32)
		return 0;
	uint64_t x = (uint64_t)v >> f->lo;
	return f->width >= 64 ? x : x & (((uint64_t)1 << f->width) - 1);
}

static bool reg_name_is_action(const char *name, size_t n)
{
	return n > 6 && (!memcmp(name + n - 6, "_RESET", 6) || !memcmp(name + n - 6, "_CLEAR", 6));
}

/*
 * Several names may share a value (PENDING and RESET, SET and CLEAR): what
 * is read is the state, so a write action's name is the last choice.
 */
static const char *reg_value_best(const struct refgen_field *f, uint64_t v)
{
	const char *best = NULL;
	bool best_action = false;

	for (uint32_t k = 0; k < f->nvalues; k++) {
		if (f->values[k].value != v)
			continue;
		if (!best || best_action) {
			const char *name = f->values[k].name;
			bool action = reg_name_is_action(name, strlen(name));
			if (!best || !action) {
				best = name;
				best_action = action;
			}
		}
	}
	return best;
}

/* The length of an indexed field's name without its index: the values of
 * NV_X_BIT(3) are named NV_X_BIT_<VALUE>, as of every element. */
static size_t reg_field_stem(const char *name, size_t len)
{
	const char *paren = len && name[len - 1] == ')' ? memchr(name, '(', len) : NULL;

	return paren ? (size_t)(paren - name) : len;
}

const char *nvrt_reg_value_name(const struct refgen_field *f, uint64_t v)
{
	const char *best = f ? reg_value_best(f, v) : NULL;
	size_t n;

	if (!best)
		return NULL;
	n = reg_field_stem(f->name, strlen(f->name));
	return !strncmp(best, f->name, n) && best[n] == '_' ? best + n + 1 : best;
}

/* ---- output: one line formatted in memory, then written at once ------------------ */

struct reg_buf {
	char *p;
	size_t len, cap;    /* cap includes the terminating NUL */
	FILE *out;          /* flushed there when full; NULL: truncate */
};

static void reg_buf_flush(struct reg_buf *b)
{
	if (b->out && b->len)
		fwrite(b->p, 1, b->len, b->out);
	b->len = 0;
}

static void reg_put_slow(struct reg_buf *b, const char *s, size_t n)
{
	while (n) {
		size_t room = b->cap - 1 - b->len;
		if (!room) {
			if (!b->out)
				return;
			reg_buf_flush(b);
			continue;
		}
		size_t k = n < room ? n : room;
		memcpy(b->p + b->len, s, k);
		b->len += k;
		s += k;
		n -= k;
	}
}

static inline void reg_put(struct reg_buf *b, const char *s, size_t n)
{
	if (__builtin_expect(b->len + n < b->cap, 1)) {
		memcpy(b->p + b->len, s, n);
		b->len += n;
	} else {
		reg_put_slow(b, s, n);
	}
}

static void reg_puts(struct reg_buf *b, const char *s)
{
	reg_put(b, s, strlen(s));
}

/* "0x" and lower-case hex digits, at least width of them. */
static void reg_put_hex(struct reg_buf *b, uint64_t v, int width)
{
	char t[20], *p = t + sizeof(t);

	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
		width--;
	} while (v || width > 0);
	*--p = 'x';
	*--p = '0';
	reg_put(b, p, (size_t)(t + sizeof(t) - p));
}

static void reg_put_dec(struct reg_buf *b, int v)
{
	char t[16];
	int n = snprintf(t, sizeof(t), "%d", v);

	reg_put(b, t, (size_t)n);
}

/* Fields of a one-word register by place: bit lo * 33 + width. */
#define REG_PLACES (32 * 33)
#define REG_PLACE(f) ((f)->lo * 33 + (f)->width)
#define REG_IN_WORD(f) ((f)->lo < 32 && (f)->width <= 32)

/*
 * Bit i: field i is shown (fields past 64 are looked at by reg_fields_buf).
 * The places of the named (not indexed) fields are collected first, so that
 * an indexed field finds the named one it repeats without a search.
 */
static uint64_t reg_shown(const struct refgen_layout *l, uint32_t v, unsigned flags)
{
	uint64_t named[REG_PLACES / 64 + 1] = { 0 }, indexed = 0, shown = 0;
	uint32_t n = l->nfields < 64 ? l->nfields : 64;

	for (uint32_t i = 0; i < n; i++) {
		const struct refgen_field *f = &l->fields[i];

		if (reg_field_indexed(f))
			indexed |= (uint64_t)1 << i;
		else if (REG_IN_WORD(f))
			named[REG_PLACE(f) / 64] |= (uint64_t)1 << (REG_PLACE(f) % 64);
	}
	for (uint32_t i = 0; i < n; i++) {
		const struct refgen_field *f = &l->fields[i];
		bool hidden;

		if ((flags & NVRT_REG_NONZERO) && !reg_field_get(f, v))
			continue;
		if (f->width >= 32 || !REG_IN_WORD(f))
			hidden = reg_field_hidden(l, f);
		else
			hidden = (indexed >> i & 1) && (named[REG_PLACE(f) / 64] >> (REG_PLACE(f) % 64) & 1);
		if (!hidden)
			shown |= (uint64_t)1 << i;
	}
	return shown;
}

/* name without prefix and '_' when it starts with them (prefix is plen long). */
static const char *reg_unprefixed(const char *name, size_t nlen, const char *prefix, size_t plen)
{
	return nlen > plen && name[plen] == '_' && !memcmp(name, prefix, plen) ? name + plen + 1 : name;
}

static void reg_fields_buf(const struct refgen_layout *l, uint32_t v, unsigned flags, uint64_t shown,
			   struct reg_buf *b)
{
	size_t ln = strlen(l->name);
	uint16_t order[NVRT_DUMP_ORDER_MAX];
	uint32_t n = nvrt_dump_field_order(l, order);

	for (uint32_t k = 0; k < l->nfields; k++) {
		uint32_t i = k < n ? order[k] : k;
		const struct refgen_field *f = &l->fields[i];
		uint64_t x = reg_field_get(f, v);
		const char *name, *fname;
		size_t fl;

		if (i < 64 ? !(shown >> i & 1) :
		    (!x && (flags & NVRT_REG_NONZERO)) || reg_field_hidden(l, f))
			continue;
		fl = strlen(f->name);
		fname = reg_unprefixed(f->name, fl, l->name, ln);
		reg_put(b, " ", 1);
		reg_put(b, fname, fl - (size_t)(fname - f->name));
		reg_put(b, "=", 1);
		name = reg_value_best(f, x);
		if (name) {
			size_t vl = strlen(name);
			const char *vs = reg_unprefixed(name, vl, f->name, reg_field_stem(f->name, fl));
			reg_put(b, vs, vl - (size_t)(vs - name));
		} else {
			reg_put_hex(b, x, 1);
		}
	}
}

void nvrt_reg_fields(const struct refgen_layout *l, uint32_t v, unsigned flags, FILE *out)
{
	char buf[1024];
	struct reg_buf b = { buf, 0, sizeof(buf), out };

	reg_fields_buf(l, v, flags, reg_shown(l, v, flags), &b);
	reg_buf_flush(&b);
}

static bool reg_any_shown(const struct refgen_layout *l, uint32_t v, unsigned flags, uint64_t shown)
{
	if (shown)
		return true;
	for (uint32_t i = 64; i < l->nfields; i++)
		if ((!(flags & NVRT_REG_NONZERO) || reg_field_get(&l->fields[i], v)) &&
		    !reg_field_hidden(l, &l->fields[i]))
			return true;
	return false;
}

static void reg_line_body(const struct refgen_layout *l, int index, uint32_t v, unsigned flags,
			  struct reg_buf *b)
{
	reg_puts(b, l->name);
	if (index >= 0) {
		reg_put(b, "(", 1);
		reg_put_dec(b, index);
		reg_put(b, ")", 1);
	}
	reg_put(b, " ", 1);
	reg_put_hex(b, v, 8);
	reg_put(b, ":", 1);
	uint64_t shown = reg_shown(l, v, flags);

	if (reg_any_shown(l, v, flags, shown))
		reg_fields_buf(l, v, flags, shown, b);
	else
		reg_puts(b, " none");
}

void nvrt_reg_line(const char *indent, const struct refgen_layout *l, int index, uint32_t v,
		   unsigned flags, FILE *out)
{
	char buf[1024];
	struct reg_buf b = { buf, 0, sizeof(buf), out };

	reg_puts(&b, indent);
	reg_line_body(l, index, v, flags, &b);
	reg_put(&b, "\n", 1);
	reg_buf_flush(&b);
}

void nvrt_reg_text(const struct refgen_layout *l, uint32_t v, unsigned flags, char *buf, size_t n)
{
	struct reg_buf b = { buf, 0, n, NULL };

	if (!n)
		return;
	reg_line_body(l, -1, v, flags, &b);
	buf[b.len] = '\0';
}

const struct refgen_field *nvrt_reg_field_of(const struct refgen_layout *l,
					     const struct refgen_value *values)
{
	for (uint32_t i = 0; i < l->nfields; i++)
		if (l->fields[i].values == values)
			return &l->fields[i];
	return NULL;
}

/* The value of f named <f's name><suffix>, if the manual has one. */
