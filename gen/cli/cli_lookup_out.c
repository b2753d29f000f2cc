/* SPDX-License-Identifier: MIT */
/* refgen lookup: a define's source line and JSON members, which every form prints. */
#include <stdio.h>

#include "cli/cli_lookup.h"
#include "ir/ir_print.h"
#include "base/json_out.h"

/* "dev_fifo.ref.txt:54: #define ..." */
void cli_lookup_source(FILE *out, const struct ir_manual *m, const struct ir_def *d, const char *indent)
{
	struct strbuf b = { 0 };

	ir_print_define_buf(d, &b);
	fprintf(out, "%s%s:%u: %s\n", indent, ir_def_file(m, d), d->line, b.data);
	strbuf_release(&b);
}

void cli_lookup_def_json(FILE *out, const struct ir_manual *m, const struct ir_def *d)
{
	struct strbuf b = { 0 };

	ir_print_define_buf(d, &b);
	json_out_member(out, "name", d->name, 1);
	json_out_member(out, "kind", ir_kind_name(d->kind), 0);
	json_out_member(out, "unit", m->unit, 0);
	json_out_member(out, "code", d->code.present ? d->code.c : NULL, 0);
	json_out_member(out, "file", ir_def_file(m, d), 0);
	fprintf(out, ",\"line\":%u", d->line);
	json_out_member(out, "define", b.data, 0);
	strbuf_release(&b);
}

void cli_lookup_space_json(FILE *out, const struct lookup_reg *r, uint64_t addr)
{
	const struct ir_space *sp = r->sp;
	uint64_t off = r->offset + (addr - r->addr);
	enum ir_space_kind own = lookup_space_own(r->layout->unit, sp);

	fputs(",\"space\":{", out);
	json_out_member(out, "name", ir_space_name(sp->kind == IR_SPACE_WINDOW ? own : sp->kind == IR_SPACE_NONE ?
					  IR_SPACE_BAR0 : sp->kind), 1);
	fprintf(out, ",\"offset\":%llu", (unsigned long long)off);
	if (sp->kind == IR_SPACE_WINDOW)
		fprintf(out, ",\"bar0\":%llu", (unsigned long long)(sp->base + off));
	else if (ir_space_in_bar0(sp->kind) || sp->kind == IR_SPACE_NONE)
		fprintf(out, ",\"bar0\":%llu", (unsigned long long)off);
	if (sp->via)
		json_out_member(out, "via", sp->via, 0);
	if (sp->kind == IR_SPACE_WINDOW || sp->kind == IR_SPACE_BLOCK)
		json_out_member(out, "kind", ir_space_name(sp->kind), 0);
	fputc('}', out);
}
