/* SPDX-License-Identifier: MIT */
/* NVIDIA-compatible headers: every define as the manual writes it. */
#include <stdio.h>
#include <string.h>

#include "emit/emit.h"
#include "emit/emit_text.h"

/* NVIDIA's guard name, so code that tests it keeps working. */
static void emit_nv_guard(struct strbuf *b, const struct emit_chip *ec, size_t unit,
			  const char *style)
{
	(void)style;
	strbuf_printf(b, "__%s_%s_h__", ec->chip, ec->units[unit]->unit);
}

/* s appended as one line of C whatever the IR text holds (emit_text_line's
 * changes, made while copying); returns the bytes appended. */
static size_t emit_nv_text(struct strbuf *b, const char *s)
{
	size_t start = b->len;

	emit_text_put(b, s, strlen(s));
	return b->len - start;
}

/* Appended directly, not through printf formats: a define a line, ~90,000 a chip. */
static void emit_nv_define(struct strbuf *b, const struct ir_def *d)
{
	static const char spaces[] = "                                                        ";
	size_t start = b->len;

	strbuf_append(b, "#define ", 8);
	emit_nv_text(b, d->name);
	if (d->params) {
		strbuf_append(b, "(", 1);
		emit_nv_text(b, d->params);
		strbuf_append(b, ")", 1);
	}
	if (d->body) {
		size_t col = b->len - start;
		size_t pad = col < 56 ? 56 - col : 1;
		strbuf_append(b, spaces, pad);
		emit_nv_text(b, d->body);
	}
	if (d->code.present) {
		strbuf_append(b, " /* ", 4);
		size_t n = emit_nv_text(b, d->code.c);
		if (n < 5)   /* "%-5s" */
			strbuf_append(b, spaces, 5 - n);
		strbuf_append(b, " */", 3);
	}
	if (d->comment) {
		strbuf_append(b, " //", 3);
		emit_nv_text(b, d->comment);
	}
	strbuf_append(b, "\n", 1);
}

int emit_nv_unit(struct emit_chip *ec, size_t unit, const char *outdir)
{
	const struct ir_manual *m = ec->units[unit];
	static const struct emit_guard guard = { emit_nv_guard, "", "nv/" };
	struct strbuf *b = emit_chip_text(ec);
	char path[4096];
	int rc;
	bool excerpt = ir_manual_excerpt(m);

	emit_banner(b, m, "NVIDIA-compatible definitions");
	emit_guard_open(b, ec, unit, &guard);
	for (size_t i = 0; i < m->ndefs; i++) {
		if (m->defs[i]->addendum && (i == 0 || !m->defs[i - 1]->addendum))
			strbuf_printf(b, "\n/* refgen addendum (manuals/%s/%s): facts the public manual "
				      "lacks, each with its source there. */\n", ec->chip,
				      emit_text_line(&ec->arena, m->addendum ? m->addendum : ""));
		if (m->defs[i]->published && !excerpt &&
		    (i == 0 || !m->defs[i - 1]->published))
			strbuf_printf(b, "\n/* From NVIDIA's published header %s: facts the manual "
				      "lacks. */\n", emit_text_line(&ec->arena, m->defs[i]->published));
		emit_nv_define(b, m->defs[i]);
	}
	emit_guard_views_close(b, ec, unit);
	strbuf_puts(b, "\n#endif /* ");
	emit_nv_guard(b, ec, unit, NULL);
	strbuf_puts(b, " */\n");
	snprintf(path, sizeof(path), "%s/%s/nv/%s.h", outdir, ec->chip, m->unit);
	rc = ec->dry_run ? 0 : emit_write(path, b, ec->diag);
	return rc;
}
