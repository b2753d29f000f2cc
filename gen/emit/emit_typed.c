/* SPDX-License-Identifier: MIT */
/*
 * Typed accessors: per register a value type and an offset function, per
 * field get/set (enum-typed where the manual names values), per memory
 * structure a word array type with pointer-taking field accessors.  The
 * helpers this file shares with emit_field.c and emit_addr.c are
 * emit_typed_util.c's.
 */
#include <string.h>

#include "emit/emit_text.h"
#include "emit/emit_typed_int.h"

/* The register's offset as the manual gives it (in its own space): a macro,
 * index checked against __SIZE_n; base (or NULL) is added to it. */
static void emit_typed_offset_body(struct emit_typed *t, const struct ir_def *r, const char *name,
				   const char *base)
{
	char cond[640];

	if (r->value.known) {
		if (base)
			strbuf_printf(t->b, "(%s + 0x%08llxu)\n", base, (unsigned long long)r->value.value);
		else
			strbuf_printf(t->b, "0x%08llxu\n", (unsigned long long)r->value.value);
		return;
	}
	emit_field_index_cond(r, cond, sizeof(cond));
	if (base)
		strbuf_printf(t->b, "(%s + ", base);
	if (cond[0])
		strbuf_puts(t->b, "refgen_offset(");
	strbuf_puts(t->b, "(uint32_t)(");
	emit_typed_subst(t, r, r->value.expr ? r->value.expr : "0");
	if (cond[0])
		strbuf_printf(t->b, "), %s, \"%s\")", cond, name);
	else
		strbuf_puts(t->b, ")");
	strbuf_puts(t->b, base ? ")\n" : "\n");
}

static void emit_typed_params(struct emit_typed *t, const struct ir_def *r, const char *first)
{
	strbuf_puts(t->b, "(");
	if (first)
		strbuf_puts(t->b, first);
	for (int k = 0; k < r->nparams; k++)
		strbuf_printf(t->b, "%s%s", k || first ? ", " : "", r->param[k]);
	strbuf_puts(t->b, ") ");
}

/*
 * The register's place, by its space (refgen-headers(7)):
 *   bar0    name(i)         its BAR0 address;
 *   window  name(i)         its BAR0 address (the window's base + offset),
 *           name_offset(i)  its offset in the window's space;
 *   block   name(base, i)   base + its offset in the block (base: the block's
 *                           BAR0 address, found at run time),
 *           name_offset(i)  that offset;
 *   others  name_offset(i)  only: an offset in PCI configuration space, a
 *                           context-switch image, method space, ..., never
 *                           something that looks like a register address.
 */
static void emit_typed_offset(struct emit_typed *t, const struct ir_def *r)
{
	const char *name = emit_typed_name(t, r, NULL, false);
	const struct ir_space *sp = ir_def_space(t->m, r);
	char base[32];

	if (sp->kind == IR_SPACE_BAR0 || sp->kind == IR_SPACE_NONE) {
		strbuf_printf(t->b, "#define %s", name);
		emit_typed_params(t, r, NULL);
		emit_typed_offset_body(t, r, name, NULL);
		return;
	}
	const char *off = emit_typed_name(t, r, "_offset", false);
	strbuf_printf(t->b, "#define %s", off);
	emit_typed_params(t, r, NULL);
	emit_typed_offset_body(t, r, off, NULL);
	if (sp->kind == IR_SPACE_WINDOW) {
		snprintf(base, sizeof(base), "0x%08llxu", (unsigned long long)sp->base);
		strbuf_printf(t->b, "#define %s", name);
		emit_typed_params(t, r, NULL);
		emit_typed_offset_body(t, r, name, base);
	} else if (sp->kind == IR_SPACE_BLOCK) {
		strbuf_printf(t->b, "#define %s", name);
		emit_typed_params(t, r, "base");
		emit_typed_offset_body(t, r, name, "(uint32_t)(base)");
	}
}

/* " * Space: ..." of a unit or device: where its offsets are. */
static void emit_typed_space(struct emit_typed *t, const struct ir_space *sp, const char *what)
{
	if (sp->kind == IR_SPACE_NONE)
		return;
	strbuf_printf(t->b, "/* %s space: %s", what, ir_space_name(sp->kind));
	if (sp->kind == IR_SPACE_WINDOW)
		strbuf_printf(t->b, "; BAR0 holds it from 0x%08llx (%s): a register's helper gives its BAR0 "
			      "address, <name>_offset() its offset in the window", (unsigned long long)sp->base,
			      sp->via);
	else if (sp->kind == IR_SPACE_BLOCK)
		strbuf_printf(t->b, "; offsets in a block whose BAR0 base is found at run time (%s): "
			      "a register's helper takes that base first, <name>_offset() is the offset", sp->via);
	else if (sp->kind != IR_SPACE_BAR0)
		strbuf_puts(t->b, ", not BAR0: <name>_offset() gives offsets in that space");
	strbuf_puts(t->b, ".\n * Why: ");
	emit_text_put(t->b, sp->source ? sp->source : "", sp->source ? strlen(sp->source) : 0);
	strbuf_puts(t->b, " */\n");
}

static void emit_typed_register(struct emit_typed *t, const struct ir_def *r)
{
	const char *type = emit_typed_name(t, r, "_t", false);

	strbuf_puts(t->b, "\n");
	emit_doc(t->b, r, t->m);
	strbuf_printf(t->b, "typedef struct { uint32_t v; } %s;\n", type);
	emit_typed_offset(t, r);
	for (const struct ir_def *c = r->first_child; c; c = c->next_sibling) {
		if (c->kind == IR_FIELD)
			emit_field_reg(t, c, type);
		else if (c->kind == IR_CONSTANT)
			emit_typed_constant(t, c);
	}}

static void emit_typed_structure(struct emit_typed *t, const struct ir_def *s)
{
	const char *st = emit_ident(t->ec, s->name, "_t", false);
	uint64_t words = emit_typed_struct_words(t, s);

	strbuf_printf(t->b, "\n/* ---- %s: %llu bytes, see the type above ---- */\n", s->name,
		      (unsigned long long)words * 4);
	for (const struct ir_def *c = s->first_child; c; c = c->next_sibling) {
		if (c->kind == IR_FIELD)
			emit_field_mem(t, c, s, st, words);
		else if (c->kind == IR_CONSTANT)
			emit_typed_constant(t, c);
	}}

/* Structure types first: one structure may embed another defined later. */
static void emit_typed_struct_types(struct emit_typed *t)
{
	for (const struct ir_def *d = t->m->first_root; d; d = d->next_sibling) {
		if (d->kind != IR_STRUCTURE)
			continue;
		uint64_t words = emit_typed_struct_words(t, d);
		strbuf_puts(t->b, "\n");
		emit_doc(t->b, d, t->m);
		strbuf_printf(t->b, "typedef struct { uint32_t w[%llu]; } %s;\n",
			      (unsigned long long)words, emit_typed_name(t, d, "_t", false));
	}
}

static void emit_typed_device(struct emit_typed *t, const struct ir_def *d);

static void emit_typed_def(struct emit_typed *t, const struct ir_def *d)
{
	switch (d->kind) {
	case IR_DEVICE:
		emit_typed_device(t, d);
		break;
	case IR_REGISTER:
		emit_typed_register(t, d);
		break;
	case IR_STRUCTURE:
		emit_typed_structure(t, d);
		break;
	case IR_CONSTANT:
		emit_typed_constant(t, d);
		break;
	default:
		break;  /* fields and values are emitted with their parent */
	}
}

static void emit_typed_device(struct emit_typed *t, const struct ir_def *d)
{
	strbuf_puts(t->b, "\n");
	emit_doc(t->b, d, t->m);
	if (!ir_space_same(&d->space, &t->m->space))
		emit_typed_space(t, &d->space, "Device");
	/* The manual's own NAME_BASE/NAME_LIMIT, when it has them, stand. */
	bool own = false;
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling) {
		size_t n = strlen(d->name);
		if (!strncmp(c->name, d->name, n) &&
		    (!strcmp(c->name + n, "_BASE") || !strcmp(c->name + n, "_LIMIT")))
			own = true;
	}
	if (d->lo.known && d->hi.known && !own) {
		strbuf_printf(t->b, "#define %s 0x%08llxu\n", emit_typed_name(t, d, "_BASE", true),
			      (unsigned long long)d->lo.value);
		strbuf_printf(t->b, "#define %s 0x%08llxu\n", emit_typed_name(t, d, "_LIMIT", true),
			      (unsigned long long)d->hi.value);
	}
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		emit_typed_def(t, c);
}

static void emit_typed_body(struct emit_typed *t)
{
	strbuf_puts(t->b, "#include \"../refgen/accessors.h\"\n\n"
		    "#ifdef __cplusplus\nextern \"C\" {\n#endif\n");
	strbuf_puts(t->b, "\n");
	emit_typed_space(t, &t->m->space, "Unit");
	emit_typed_struct_types(t);
	for (const struct ir_def *d = t->m->first_root; d; d = d->next_sibling)
		emit_typed_def(t, d);
	emit_addr_helpers(t);
	emit_push_helpers(t);
	strbuf_puts(t->b, "\n#ifdef __cplusplus\n}\n#endif\n\n");
}

int emit_typed_unit(struct emit_chip *ec, size_t unit, const char *outdir)
{
	static const struct emit_typed_file typed = { "Typed accessors", "", "", emit_typed_body };

	return emit_typed_file(ec, unit, outdir, &typed);
}
