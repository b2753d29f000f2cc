/* SPDX-License-Identifier: MIT */
#include "ir/ir_print.h"

void ir_print_define(const struct ir_def *d, FILE *out)
{
	fprintf(out, "#define %s", d->name);
	if (d->params)
		fprintf(out, "(%s)", d->params);
	if (d->body)
		fprintf(out, " %s", d->body);
	if (d->code.present)
		fprintf(out, " /* %-5s */", d->code.c);
	if (d->comment)
		fprintf(out, " //%s", d->comment);
	fputc('\n', out);
}

/* "// space: window 0x88000 via NV_PCFG (address-spaces.txt:40)": not a define line. */
static void ir_print_space(const char *what, const struct ir_space *s, FILE *out)
{
	if (s->kind == IR_SPACE_NONE)
		return;
	fprintf(out, "// %s: %s", what, ir_space_name(s->kind));
	if (s->has_base)
		fprintf(out, " 0x%llx", (unsigned long long)s->base);
	if (s->via)
		fprintf(out, " via %s", s->via);
	fprintf(out, " (%s)\n", s->source ? s->source : "");
}

void ir_print_manual(const struct ir_manual *m, FILE *out)
{
	ir_print_space("unit space", &m->space, out);
	for (size_t i = 0; i < m->ndefs; i++) {
		if (m->defs[i]->kind == IR_DEVICE)
			ir_print_space("space", &m->defs[i]->space, out);
		ir_print_define(m->defs[i], out);
	}
}

void ir_print_define_buf(const struct ir_def *d, struct strbuf *b)
{
	strbuf_printf(b, "#define %s", d->name);
	if (d->params)
		strbuf_printf(b, "(%s)", d->params);
	if (d->body)
		strbuf_printf(b, " %s", d->body);
	if (d->code.present)
		strbuf_printf(b, " /* %-5s */", d->code.c);
	if (d->comment)
		strbuf_printf(b, " //%s", d->comment);
}

void ir_print_name_buf(const struct ir_def *d, struct strbuf *b)
{
	strbuf_puts(b, d->name);
	if (d->params)
		strbuf_printf(b, "(%s)", d->params);
}
