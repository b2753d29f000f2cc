/* SPDX-License-Identifier: MIT */
/*
 * Builders, out/include/<chip>/make/<unit>.h: a whole register or small
 * structure value from named fields in one expression, with C99 designated
 * initializers,
 *
 *   r = gv100_make_pccsr_channel_inst(.ptr = inst >> 12, .bind = GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
 *
 * a macro over struct <chip>_<name>_parts (one member per writable field,
 * named as the manual names it after the register's name) and
 * <chip>_pack_<name>(parts), which starts from 0 and applies the setter of
 * every nonzero member, range-checked like any setter.  They are a header
 * of their own (it includes the typed one): a user who wants them includes
 * it, everyone else's compile does not parse them (README, "Compile time").
 *
 * Members left 0 are not applied, so fields that are views of the same bits
 * (NV_MMU_VER2_PTE_ADDRESS_SYS and _ADDRESS_VID) don't undo each other.
 * A register or structure gets a builder when every writable field has a
 * constant position and a member name that is a C identifier and no
 * keyword, and a structure when it is at most EMIT_BUILDER_WORDS words
 * (entries, headers; not RAMIN).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "emit/emit_typed_int.h"

#define EMIT_BUILDER_WORDS 8

static bool emit_builder_keyword(const char *s)
{
	static const char *const kw[] = {
		"auto", "bool", "break", "case", "char", "class", "const", "continue", "default",
		"delete", "do", "double", "else", "enum", "extern", "false", "float", "for", "goto",
		"if", "inline", "int", "long", "new", "operator", "private", "protected", "public",
		"register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
		"switch", "template", "this", "true", "typedef", "union", "unsigned", "virtual", "void",
		"volatile", "while",
	};

	/* the first letters compared first: a member is looked up for every
	 * writable field each time a builder is considered */
	for (size_t k = 0; k < ARRAY_SIZE(kw); k++)
		if (kw[k][0] == s[0] && !strcmp(s, kw[k]))
			return true;
	return false;
}

/* Member name of field f of d: the rest of its name, lower case ("PTR" -> "ptr"). */
static bool emit_builder_member(const struct ir_def *d, const struct ir_def *f, char *out, size_t cap)
{
	size_t n = strlen(d->name), k = 0;
	const char *s = f->name + n + 1;

	if (strncmp(f->name, d->name, n) || f->name[n] != '_' || !isalpha((unsigned char)*s))
		return false;
	for (; *s && k + 1 < cap; s++) {
		if (s[0] == '_' && s[1] == '_')
			continue;
		out[k++] = (char)tolower((unsigned char)*s);
	}
	out[k] = '\0';
	return *s == '\0' && !emit_builder_keyword(out);
}

/* True when an earlier field of fs[0..nf) has the member name m: its
 * name's rest read as emit_builder_member writes it, without a copy. */
static bool emit_builder_taken(const struct ir_def *d, const struct ir_def *const *fs, size_t nf,
			       const char *m)
{
	size_t n = strlen(d->name);

	for (size_t i = 0; i < nf; i++) {
		const char *s = fs[i]->name + n + 1, *q = m;

		for (; *s; s++) {
			if (s[0] == '_' && s[1] == '_')
				continue;
			if ((char)tolower((unsigned char)*s) != *q)
				break;
			q++;
		}
		if (!*s && !*q)
			return true;
	}
	return false;
}

/* The fields a builder sets: writable, constant position, one name each.
 * Two fields of one member name make no builder; the names are compared
 * as text (a builder has at most cap fields), no map keyed by a buffer
 * the next field rewrites. */
static bool emit_builder_fields(struct emit_typed *t, const struct ir_def *d, bool mem,
				const struct ir_def **fs, size_t *nf, size_t cap)
{
	bool ok = true;

	*nf = 0;
	for (const struct ir_def *f = d->first_child; f && ok; f = f->next_sibling) {
		struct emit_pos p;
		bool rd, wr;
		char m[256];

		if (f->kind != IR_FIELD)
			continue;
		emit_field_access(f, &rd, &wr);
		if (!wr)
			continue;
		emit_typed_pos(t, f, &p);
		ok = p.ok && p.constant && f->nparams == 0 && p.max_width <= 64 &&
		     (mem || p.max_hi <= 31) && *nf < cap && emit_builder_member(d, f, m, sizeof(m)) &&
		     !emit_builder_taken(d, fs, *nf, m);
		if (ok)
			fs[(*nf)++] = f;
	}
	return ok && *nf > 0;
}

void emit_builder(struct emit_typed *t, const struct ir_def *d)
{
	bool mem = d->kind == IR_STRUCTURE;
	const struct ir_def *fs[256];
	size_t nf;
	char m[256];

	if (mem && emit_typed_struct_words(t, d) > EMIT_BUILDER_WORDS)
		return;
	if (!emit_builder_fields(t, d, mem, fs, &nf, ARRAY_SIZE(fs)))
		return;
	const char *type = emit_ident(t->ec, d->name, "_t", false);
	const char *st = emit_ident(t->ec, d->name, "_parts", false);
	char key[600];

	/* Tags live in their own namespace: claim them apart. */
	snprintf(key, sizeof(key), "struct %s", st);
	if (emit_claim(t->ec, t->unit, arena_strdup(&t->ec->arena, key), d) < 0)
		t->rc = -1;
	const char *pack = emit_typed_verb(t, d, "pack");

	strbuf_printf(t->b, "\n/* %s from named fields */\nstruct %s {\n", d->name, st);
	for (size_t k = 0; k < nf; k++) {
		struct emit_pos p;
		emit_typed_pos(t, fs[k], &p);
		emit_builder_member(d, fs[k], m, sizeof(m));
		if (emit_field_has_enum(fs[k], &p) && !emit_field_is_numeric(fs[k]))
			strbuf_printf(t->b, "\tenum %s %s;\n", emit_ident(t->ec, fs[k]->name, NULL, false), m);
		else
			strbuf_printf(t->b, "\t%s %s;\n", p.max_width > 32 ? "uint64_t" : "uint32_t", m);
	}
	strbuf_printf(t->b, "};\nstatic inline %s %s(struct %s f)\n{\n\t%s x;\n\n", type, pack, st, type);
	strbuf_puts(t->b, mem ? "\tfor (unsigned k = 0; k < sizeof(x.w) / sizeof(x.w[0]); k++)\n"
			  "\t\tx.w[k] = 0;\n" : "\tx.v = 0;\n");
	for (size_t k = 0; k < nf; k++) {
		emit_builder_member(d, fs[k], m, sizeof(m));
		const char *set = emit_ident_verb(t->ec, "set", fs[k]->name);
		if (mem)
			strbuf_printf(t->b, "\tif (f.%s)\n\t\t%s(&x, f.%s);\n", m, set, m);
		else
			strbuf_printf(t->b, "\tif (f.%s)\n\t\tx = %s(x, f.%s);\n", m, set, m);
	}
	strbuf_printf(t->b, "\treturn x;\n}\n#define %s(...) %s((struct %s){ __VA_ARGS__ })\n",
		      emit_typed_verb(t, d, "make"), pack, st);
}

static void emit_make_defs(struct emit_typed *t, const struct ir_def *d)
{
	for (; d; d = d->next_sibling) {
		if (d->kind == IR_DEVICE)
			emit_make_defs(t, d->first_child);
		if ((d->kind != IR_REGISTER && d->kind != IR_STRUCTURE) || strmap_get(&t->seen, d->name))
			continue;
		strmap_put(&t->seen, d->name, (void *)d);
		emit_builder(t, d);
	}
}

static void emit_make_body(struct emit_typed *t)
{
	strbuf_printf(t->b, "#include \"../%s.h\"\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n",
		      t->m->unit);
	emit_make_defs(t, t->m->first_root);
	strbuf_puts(t->b, "\n#ifdef __cplusplus\n}\n#endif\n\n");
}

int emit_make_unit(struct emit_chip *ec, size_t unit, const char *outdir)
{
	static const struct emit_typed_file make = { "Builders", "make/", "MAKE_", emit_make_body };

	return emit_typed_file(ec, unit, outdir, &make);
}
