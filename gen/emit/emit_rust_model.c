/* SPDX-License-Identifier: MIT */
/*
 * Which registers and fields the Rust outputs hold, and their Rust names
 * (emit_rust_int.h).  A register needs one 8/16/32/64-bit place: a fixed
 * offset in BAR0, an offset in a block whose base a driver supplies, or an
 * array with one index, a known count (__SIZE_1) and an even stride.  A field
 * needs constant bits inside the storage, not overlapping an earlier field,
 * and accessor names no other field's take.  The rest is left out, each with
 * its reason (doc/rust.md lists them).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit_rust_int.h"
#include "emit/emit_text.h"
#include "emit/emit_typed_int.h"
#include "ir/ir_eval.h"

static char *rust_dup(struct emit_chip *ec, const char *s, size_t n)
{
	char *r = arena_alloc(&ec->arena, n + 1);

	memcpy(r, s, n);
	r[n] = '\0';
	return r;
}

/* The part of name after prefix and '_' ("ARCHITECTURE" of NV_PMC_BOOT_0_...),
 * else name without NV_. */
static const char *rust_suffix(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);

	if (!strncmp(name, prefix, n) && name[n] == '_' && name[n + 1])
		return name + n + 1;
	return strncmp(name, "NV_", 3) ? name : name + 3;
}

static bool rust_keyword(const char *s)
{
	static const char *const kw[] = {
		"as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
		"extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod",
		"move", "mut", "pub", "ref", "return", "self", "static", "struct", "super", "trait",
		"true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box", "do",
		"final", "macro", "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
		"union",
	};
	for (size_t k = 0; k < sizeof(kw) / sizeof(kw[0]); k++)
		if (!strcmp(s, kw[k]))
			return true;
	return false;
}

/* A Rust identifier from a manual's name part: case changed (lower or
 * not), "__" folded, "f_" (lower) or '_' before a leading digit, '_' after
 * a keyword. */
static const char *rust_ident(struct emit_chip *ec, const char *s, bool lower)
{
	size_t n = strlen(s);
	char *r = arena_alloc(&ec->arena, n + 4), *o = r;

	if (isdigit((unsigned char)s[0]) && lower) {
		*o++ = 'f';   /* a field "f_0": "with__0" is no snake case */
		*o++ = '_';
	} else if (isdigit((unsigned char)s[0]))
		*o++ = '_';
	for (; *s; s++) {
		if (s[0] == '_' && s[1] == '_')
			continue;
		unsigned char c = (unsigned char)*s;
		*o++ = (char)(isalnum(c) ? (lower ? tolower(c) : c) : '_');
	}
	*o = '\0';
	if (rust_keyword(r) || !strcmp(r, "_") || !r[0]) {
		*o++ = '_';
		*o = '\0';
	}
	return r;
}

const char *rust_base_name(struct emit_chip *ec, const char *via)
{
	const char *s = strncmp(via, "NV_", 3) ? via : via + 3;
	char *r = arena_alloc(&ec->arena, strlen(s) + 6), *o = r;
	bool start = true;

	for (; *s; s++) {
		if (*s == '_') {
			start = true;
			continue;
		}
		*o++ = (char)(start ? toupper((unsigned char)*s) : tolower((unsigned char)*s));
		start = false;
	}
	strcpy(o, "Base");
	return r;
}

/* The storage type by the access code's size letter ("RW-4R": 4 bytes). */
static const char *rust_storage(const struct ir_def *r, unsigned *bytes)
{
	switch (r->code.c[0] ? r->code.c[3] : '4') {
	case '1': *bytes = 1; return "u8";
	case '2': *bytes = 2; return "u16";
	case '8': *bytes = 8; return "u64";
	default: *bytes = 4; return "u32";
	}
}

static bool rust_name_is(const char *sfx, const char *const *names, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (!strcmp(sfx, names[k]))
			return true;
	return false;
}

/* A one-bit field is a bool unless a named value says something else than
 * true (1) or false (0); reset and production settings say nothing. */
static bool rust_field_boolean(const struct ir_def *f)
{
	static const char *const yes[] = { "TRUE", "ENABLE", "ENABLED", "YES", "ON", "SET" };
	static const char *const no[] = { "FALSE", "DISABLE", "DISABLED", "NO", "OFF", "CLEAR" };
	static const char *const settings[] = { "INIT", "HWINIT", "ZERO", "PROD", "__PROD" };

	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE || emit_value_is_constant(v))
			continue;
		const char *sfx = rust_suffix(v->name, f->name);
		if (rust_name_is(sfx, settings, 5) || (strlen(sfx) > 5 && !strcmp(sfx + strlen(sfx) - 5, "_PROD")))
			continue;
		if (!v->value.known)
			return false;
		if (rust_name_is(sfx, yes, 6) ? v->value.value != 1 :
		    rust_name_is(sfx, no, 6) ? v->value.value != 0 : true)
			return false;
	}
	return true;
}

/* The enum's variants: each named value that fits the field, the first of a
 * value a variant, a later one an alias of it.  False: no enum. */
static bool rust_field_values(struct emit_chip *ec, struct rust_field *rf, unsigned width)
{
	const struct ir_def *f = rf->f;
	size_t n = 0;

	if (emit_field_is_numeric(f))
		return false;
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling)
		n++;
	rf->values = arena_alloc(&ec->arena, (n + 1) * sizeof(*rf->values));
	rf->nvalues = 0;
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE || emit_value_is_constant(v) || !v->value.known)
			continue;
		if (width < 64 && v->value.value >> width)
			continue;  /* cannot be the field's value */
		struct rust_value *rv = &rf->values[rf->nvalues];
		rv->v = v;
		rv->value = v->value.value;
		rv->ident = rust_ident(ec, rust_suffix(v->name, f->name), false);
		rv->alias_of = NULL;
		bool dup = false;
		for (size_t k = 0; k < rf->nvalues; k++) {
			if (!strcmp(rf->values[k].ident, rv->ident))
				dup = true;
			if (!rv->alias_of && !rf->values[k].alias_of && rf->values[k].value == rv->value)
				rv->alias_of = rf->values[k].ident;
		}
		if (!dup)
			rf->nvalues++;
	}
	return rf->nvalues > 0;
}

/* Method names a field's accessors take, in either format. */
static bool rust_field_names_free(struct strmap *taken, struct emit_chip *ec, const char *id)
{
	static const char *const forms[] = { "%s", "with_%s", "with_const_%s", "try_with_%s" };
	char buf[4][256];

	for (size_t k = 0; k < 4; k++) {
		snprintf(buf[k], sizeof(buf[k]), forms[k], id);
		if (strmap_get(taken, buf[k]))
			return false;
	}
	for (size_t k = 0; k < 4; k++)
		strmap_put(taken, rust_dup(ec, buf[k], strlen(buf[k])), (void *)1);
	return true;
}

static void rust_field_skip(struct rust_field *rf, const char *why)
{
	rf->skip = why;
}

/* A -Wrust warning for each field left out, in manual order. */
static void rust_field_warn(struct emit_chip *ec, size_t unit, const struct rust_reg *rr)
{
	for (size_t k = 0; k < rr->nfields; k++) {
		const struct ir_def *f = rr->fields[k].f;
		if (rr->fields[k].skip)
			diag_warn(ec->diag, DIAG_W_RUST, ir_def_file(ec->units[unit], f), f->line, f->col,
				  f->name, "field %s left out of the Rust outputs: %s", f->name,
				  rr->fields[k].skip);
	}
}

/* Fields' bits: where two overlap, the narrower one stays (a field over the
 * whole register, "ID 31:0", is the register's number; its parts say more),
 * and of two as wide the earlier. */
static void rust_reg_overlaps(struct rust_reg *rr)
{
	uint64_t used = 0;

	for (unsigned width = 1; width <= 64; width++)
		for (size_t k = 0; k < rr->nfields; k++) {
			struct rust_field *rf = &rr->fields[k];
			if (rf->skip || rf->hi - rf->lo + 1 != width)
				continue;
			uint64_t mask = (width >= 64 ? ~0ull : ((1ull << width) - 1)) << rf->lo;
			if (used & mask)
				rust_field_skip(rf, "it overlaps a narrower or earlier field");
			else
				used |= mask;
		}
}

static void rust_reg_fields(struct emit_chip *ec, size_t unit, struct rust_reg *rr, bool warn)
{
	/* the kernel macro's own methods, and the crate's */
	static const char *const reserved[] = { "from_raw", "into_raw", "zeroed", "offset_at" };
	const struct ir_def *r = rr->r;
	struct strmap taken;
	size_t n = 0;

	for (const struct ir_def *c = r->first_child; c; c = c->next_sibling)
		n += c->kind == IR_FIELD;
	rr->fields = arena_alloc(&ec->arena, (n + 1) * sizeof(*rr->fields));
	rr->nfields = 0;
	for (const struct ir_def *f = r->first_child; f; f = f->next_sibling) {
		if (f->kind != IR_FIELD)
			continue;
		struct rust_field *rf = &rr->fields[rr->nfields++];
		memset(rf, 0, sizeof(*rf));
		rf->f = f;
		rf->ident = rust_ident(ec, rust_suffix(f->name, r->name), true);
		char *up = rust_dup(ec, rf->ident, strlen(rf->ident));
		for (char *q = up; *q; q++)
			*q = (char)toupper((unsigned char)*q);
		rf->upper = up;
		if (f->nparams || !f->hi.known || !f->lo.known) {
			rust_field_skip(rf, "its bits depend on an index");
			continue;
		}
		if (f->hi.value < f->lo.value || f->hi.value >= 8u * rr->bytes) {
			rust_field_skip(rf, "its bits are outside the register's storage");
			continue;
		}
		rf->hi = (unsigned)f->hi.value;
		rf->lo = (unsigned)f->lo.value;
	}
	rust_reg_overlaps(rr);
	strmap_init(&taken);
	for (size_t k = 0; k < sizeof(reserved) / sizeof(reserved[0]); k++)
		strmap_put(&taken, reserved[k], (void *)1);
	for (size_t k = 0; k < rr->nfields; k++) {
		struct rust_field *rf = &rr->fields[k];
		if (rf->skip)
			continue;
		if (!rust_field_names_free(&taken, ec, rf->ident)) {
			rust_field_skip(rf, "its accessors' names are another field's");
			continue;
		}
		unsigned width = rf->hi - rf->lo + 1;
		if (width == 1 && rust_field_boolean(rf->f))
			rf->kind = RUST_FIELD_BOOL;
		else if (rust_field_values(ec, rf, width)) {
			rf->kind = RUST_FIELD_ENUM;
			rf->enum_name = rf->f->name;
		}
	}
	strmap_free(&taken);
	if (warn)
		rust_field_warn(ec, unit, rr);
}

/* Array: offsets of a one-index register at 0, 1, size - 1 on one line. */
static const char *rust_reg_array(struct emit_chip *ec, struct rust_reg *rr)
{
	const struct ir_def *r = rr->r;
	struct ir_eval ev;
	uint64_t a, b, last;

	if (r->nparams != 1)
		return "two indices: the grammar's arrays have one";
	if (!r->size[0])
		return "an array whose count the manual does not give (no __SIZE_1)";
	ev = ir_eval_prepare(&ec->arena, r, &r->value);
	if (!ev.ok || !ir_eval_at(&ev, 0, 0, &a) || !ir_eval_at(&ev, 1, 0, &b) ||
	    !ir_eval_at(&ev, r->size[0] - 1, 0, &last))
		return "its offset is not a number of its index";
	if (b <= a || (b - a) < rr->bytes || last != a + (uint64_t)(r->size[0] - 1) * (b - a))
		return "its elements are not evenly spaced upwards, at least a register apart";
	rr->array = true;
	rr->offset = a;
	rr->size = r->size[0];
	rr->stride = b - a;
	return NULL;
}

static void rust_reg_classify(struct emit_chip *ec, size_t unit, const struct ir_def *r,
			      struct rust_reg *rr, struct rust_unit *u, bool warn)
{
	const struct ir_space *sp = ir_def_space(ec->units[unit], r);

	memset(rr, 0, sizeof(*rr));
	rr->r = r;
	rr->storage = rust_storage(r, &rr->bytes);
	switch (sp->kind) {
	case IR_SPACE_NONE:
	case IR_SPACE_BAR0:
		break;
	case IR_SPACE_BLOCK:
		if (!sp->via) {
			rr->skip = "a block whose base no define names";
			return;
		}
		rr->base = rust_base_name(ec, sp->via);
		break;
	case IR_SPACE_WINDOW:
		rr->skip = "a register of a BAR0 window: its offset is in the window's own space "
			   "(the typed C header gives its BAR0 address)";
		return;
	default:
		rr->skip = "not in BAR0 (PCI configuration, a VF's BAR0, a context image or methods): "
			   "the grammar's offsets are MMIO offsets";
		return;
	}
	if (r->value.known)
		rr->offset = r->value.value;
	else if ((rr->skip = rust_reg_array(ec, rr)) != NULL)
		return;
	if (rr->base) {
		bool seen = false;
		for (size_t k = 0; k < u->nbases; k++)
			seen = seen || !strcmp(u->bases[k], rr->base);
		if (!seen && u->nbases < sizeof(u->bases) / sizeof(u->bases[0]))
			u->bases[u->nbases++] = rr->base;
	}
	rust_reg_fields(ec, unit, rr, warn);
}

static size_t rust_count(const struct ir_def *d)
{
	size_t n = 0;

	for (; d; d = d->next_sibling)
		n += d->kind == IR_REGISTER ? 1 : d->kind == IR_DEVICE ? rust_count(d->first_child) : 0;
	return n;
}

static void rust_walk(struct emit_chip *ec, size_t unit, const struct ir_def *d, struct rust_unit *u,
		      struct strmap *seen, bool warn)
{
	for (; d; d = d->next_sibling) {
		if (d->kind == IR_DEVICE)
			rust_walk(ec, unit, d->first_child, u, seen, warn);
		if (d->kind != IR_REGISTER)
			continue;
		/* a register the manual repeats is one type */
		int added;
		void **slot = strmap_ref(seen, d->name, &added);
		if (!added)
			continue;
		*slot = (void *)d;
		rust_reg_classify(ec, unit, d, &u->regs[u->nregs++], u, warn);
	}
}

void rust_unit_classify(struct emit_chip *ec, size_t unit, struct rust_unit *u, bool warn)
{
	const struct ir_manual *m = ec->units[unit];
	struct strmap seen;

	memset(u, 0, sizeof(*u));
	u->regs = arena_alloc(&ec->arena, (rust_count(m->first_root) + 1) * sizeof(*u->regs));
	strmap_init(&seen);
	rust_walk(ec, unit, m->first_root, u, &seen, warn);
	/* An enum is named as its field: not when a register has that name. */
	for (size_t k = 0; k < u->nregs; k++)
		for (size_t j = 0; j < u->regs[k].nfields; j++) {
			struct rust_field *rf = &u->regs[k].fields[j];
			if (rf->kind == RUST_FIELD_ENUM && strmap_get(&seen, rf->enum_name))
				rf->kind = RUST_FIELD_PLAIN;
		}
	u->enums = false;
	for (size_t k = 0; k < u->nregs; k++)
		for (size_t j = 0; j < u->regs[k].nfields; j++)
			u->enums = u->enums || (!u->regs[k].fields[j].skip &&
						u->regs[k].fields[j].kind == RUST_FIELD_ENUM);
	strmap_free(&seen);
}

static int rust_cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char **rust_chip_bases(struct emit_chip *ec, size_t *n)
{
	size_t cap = 16;
	const char **r = arena_alloc(&ec->arena, cap * sizeof(*r));

	*n = 0;
	for (size_t u = 0; u < ec->nunits; u++) {
		const struct ir_manual *m = ec->units[u];
		for (size_t k = 0; k < m->ndefs; k++) {
			const struct ir_def *d = m->defs[k];
			if (d->kind != IR_REGISTER)
				continue;
			const struct ir_space *sp = ir_def_space(m, d);
			if (sp->kind != IR_SPACE_BLOCK || !sp->via)
				continue;
			const char *name = rust_base_name(ec, sp->via);
			bool seen = false;
			for (size_t i = 0; i < *n; i++)
				seen = seen || !strcmp(r[i], name);
			if (seen)
				continue;
			if (*n == cap) {
				const char **g = arena_alloc(&ec->arena, 2 * cap * sizeof(*g));
				memcpy(g, r, cap * sizeof(*g));
				r = g;
				cap *= 2;
			}
			r[(*n)++] = name;
		}
	}
	qsort(r, *n, sizeof(*r), rust_cmp_str);
	return r;
}

void rust_doc(struct strbuf *b, const struct ir_def *d, const struct ir_manual *m, const char *indent)
{
	char start[64], blank[64];

	snprintf(start, sizeof(start), "%s/// ", indent);
	snprintf(blank, sizeof(blank), "%s///\n", indent);
	emit_doc_lines(b, d, m, start, blank);
}

void rust_doc_define(struct strbuf *b, const struct ir_def *d, const char *indent)
{
	strbuf_printf(b, "%s/// %s", indent, d->name);
	if (d->params) {
		strbuf_puts(b, "(");
		emit_text_put(b, d->params, strlen(d->params));
		strbuf_puts(b, ")");
	}
	if (d->body) {
		strbuf_puts(b, " ");
		emit_text_put(b, d->body, strlen(d->body));
	}
	if (d->code.c[0])
		strbuf_printf(b, " [%s]", d->code.c);
	strbuf_puts(b, "\n");
}

void rust_skip_comment(struct strbuf *b, const char *name, const char *why, const char *indent)
{
	strbuf_printf(b, "%s// %s: left out, %s.\n", indent, name, why);
}

void rust_enum_decl(struct strbuf *b, const struct rust_reg *rr, const struct rust_field *rf)
{
	strbuf_printf(b, "\n/// Values of %s (%u:%u).\n", rf->enum_name, rf->hi, rf->lo);
	strbuf_printf(b, "#[derive(Clone, Copy, Debug, PartialEq, Eq)]\n#[repr(%s)]\npub enum %s {\n",
		      rr->storage, rf->enum_name);
	for (size_t k = 0; k < rf->nvalues; k++) {
		const struct rust_value *v = &rf->values[k];
		if (v->alias_of)
			continue;
		rust_doc_define(b, v->v, "    ");
		strbuf_printf(b, "    %s = 0x%llx,\n", v->ident, (unsigned long long)v->value);
	}
	strbuf_puts(b, "}\n");
}

size_t rust_enum_aliases(struct strbuf *b, const struct rust_field *rf)
{
	size_t n = 0;

	for (size_t k = 0; k < rf->nvalues; k++) {
		const struct rust_value *v = &rf->values[k];
		if (!v->alias_of)
			continue;
		if (b) {
			rust_doc_define(b, v->v, "    ");
			strbuf_printf(b, "    pub const %s: Self = Self::%s;\n", v->ident, v->alias_of);
		}
		n++;
	}
	return n;
}

void rust_base_via(struct strbuf *b, const char *base)
{
	size_t n = strlen(base) - 4;  /* without "Base" */

	strbuf_puts(b, "NV");
	for (size_t k = 0; k < n; k++) {
		char c = (char)toupper((unsigned char)base[k]);
		if (isupper((unsigned char)base[k]))
			strbuf_puts(b, "_");
		strbuf_append(b, &c, 1);
	}
}
