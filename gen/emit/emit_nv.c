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

/* One line whatever the IR text holds (emit_text_line). */
static void emit_nv_define(struct emit_chip *ec, struct strbuf *b, const struct ir_def *d)
{
	size_t start = b->len;

	strbuf_printf(b, "#define %s", emit_text_line(&ec->arena, d->name));
	if (d->params)
		strbuf_printf(b, "(%s)", emit_text_line(&ec->arena, d->params));
	if (d->body) {
		size_t col = b->len - start;
		size_t pad = col < 56 ? 56 - col : 1;
		strbuf_printf(b, "%*s%s", (int)pad, "", emit_text_line(&ec->arena, d->body));
	}
	if (d->code.present)
		strbuf_printf(b, " /* %-5s */", emit_text_line(&ec->arena, d->code.c));
	if (d->comment)
		strbuf_printf(b, " //%s", emit_text_line(&ec->arena, d->comment));
	strbuf_puts(b, "\n");
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
		emit_nv_define(ec, b, m->defs[i]);
	}
	emit_guard_views_close(b, ec, unit);
	strbuf_puts(b, "\n#endif /* ");
	emit_nv_guard(b, ec, unit, NULL);
	strbuf_puts(b, " */\n");
	snprintf(path, sizeof(path), "%s/%s/nv/%s.h", outdir, ec->chip, m->unit);
	rc = ec->dry_run ? 0 : emit_write(path, b, ec->diag);
	return rc;
}
