/* NVIDIA-compatible headers: every define as the manual writes it. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "emit.h"

static void emit_nv_guard(struct strbuf *b, const struct emit_chip *ec, size_t unit)
{
	strbuf_printf(b, "__%s_%s_h__", ec->chip, ec->units[unit]->unit);
}

/* Alternative views of one block (same names, other bodies) refuse each
 * other; #else around the body stops a bad include at the one message. */
static bool emit_nv_exclusions(struct strbuf *b, const struct emit_chip *ec, size_t unit)
{
	bool any = false;

	for (size_t o = 0; o < ec->nunits; o++) {
		if (o == unit || !ec->overlap[unit * ec->nunits + o])
			continue;
		strbuf_puts(b, any ? "#elif defined(" : "#if defined(");
		emit_nv_guard(b, ec, o);
		strbuf_printf(b, ")\n#error \"nv/%s.h and nv/%s.h describe the same registers "
			      "differently; include only one\"\n", ec->units[unit]->unit, ec->units[o]->unit);
		any = true;
	}
	if (any)
		strbuf_puts(b, "#else\n");
	return any;
}

static void emit_nv_define(struct strbuf *b, const struct ir_def *d)
{
	size_t start = b->len;

	strbuf_printf(b, "#define %s", d->name);
	if (d->params)
		strbuf_printf(b, "(%s)", d->params);
	if (d->body) {
		size_t col = b->len - start;
		size_t pad = col < 56 ? 56 - col : 1;
		strbuf_printf(b, "%*s%s", (int)pad, "", d->body);
	}
	if (d->code.present)
		strbuf_printf(b, " /* %-5s */", d->code.c);
	if (d->comment)
		strbuf_printf(b, " //%s", d->comment);
	strbuf_puts(b, "\n");
}

int emit_nv_unit(struct emit_chip *ec, size_t unit, const char *outdir)
{
	const struct ir_manual *m = ec->units[unit];
	struct strbuf b = { 0 };
	char path[4096];
	int rc;

	emit_banner(&b, m, "NVIDIA-compatible definitions");
	strbuf_puts(&b, "#ifndef ");
	emit_nv_guard(&b, ec, unit);
	strbuf_puts(&b, "\n#define ");
	emit_nv_guard(&b, ec, unit);
	strbuf_puts(&b, "\n\n");
	bool excl = emit_nv_exclusions(&b, ec, unit);
	for (size_t i = 0; i < m->ndefs; i++) {
		if (m->defs[i]->addendum && (i == 0 || !m->defs[i - 1]->addendum))
			strbuf_printf(&b, "\n/* refgen addendum (manuals/%s/%s): facts the public manual "
				      "lacks, each with its source there. */\n", ec->chip, m->addendum);
		emit_nv_define(&b, m->defs[i]);
	}
	if (excl)
		strbuf_puts(&b, "#endif /* alternative views */\n");
	strbuf_puts(&b, "\n#endif /* ");
	emit_nv_guard(&b, ec, unit);
	strbuf_puts(&b, " */\n");
	snprintf(path, sizeof(path), "%s/%s/nv/%s.h", outdir, ec->chip, m->unit);
	rc = ec->dry_run ? 0 : emit_write(path, &b, ec->diag);
	strbuf_release(&b);
	return rc;
}
