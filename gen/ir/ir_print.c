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

void ir_print_manual(const struct ir_manual *m, FILE *out)
{
	for (size_t i = 0; i < m->ndefs; i++)
		ir_print_define(m->defs[i], out);
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
