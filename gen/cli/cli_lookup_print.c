/* SPDX-License-Identifier: MIT */
/* refgen lookup: a lookup result (lookup/lookup_query.h) printed as text, JSON or a batch line. */
#include "cli/cli_lookup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_out.h"
#include "ir/ir_print.h"

/* ---- pieces every form prints ---------------------------------------------------------- */

/* "0x%08llx" without printf, which would be most of a batch line's cost. */
static void cli_addr(struct strbuf *s, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char buf[18];
	int n = 0;

	while (n < 8 || v) {
		buf[sizeof(buf) - 1 - n++] = digits[v & 15];
		v >>= 4;
	}
	buf[sizeof(buf) - 1 - n++] = 'x';
	buf[sizeof(buf) - 1 - n++] = '0';
	strbuf_append(s, buf + sizeof(buf) - n, (size_t)n);
}

/* "dev_fifo.ref.txt:54: #define ..." */
static void cli_source(FILE *out, const struct ir_manual *m, const struct ir_def *d, const char *indent)
{
	struct strbuf b = { 0 };

	ir_print_define_buf(d, &b);
	fprintf(out, "%s%s:%u: %s\n", indent, ir_def_file(m, d), d->line, b.data);
	strbuf_release(&b);
}

/* The define's members of a JSON object ("name", "kind", "unit", ..., "define"). */
static void cli_def_json(FILE *out, const struct ir_manual *m, const struct ir_def *d)
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

/* "NV_PCCSR_CHANNEL_INST(5)", "NV_RUNLIST_SUBMIT@0xc10000" (a placed block's). */
static void cli_cand_name(struct strbuf *s, const struct lookup_cand *k)
{
	strbuf_puts(s, k->name);
	if (k->in_block) {
		strbuf_append(s, "@", 1);
		strbuf_hex(s, k->block.base);
	}
}

/* "BIND=TRUE PTR=0x123 TARGET=VID_MEM", then " (no field: 0x40000000)". */
static void cli_decoded_line(struct strbuf *s, const struct lookup_result *r, const struct lookup_cand *k)
{
	bool first = true;

	for (size_t i = k->field0; i < k->field0 + k->nfields; i++) {
		const struct lookup_bitval *b = &r->fields[i];

		if (!b->readable)
			continue;
		if (!first)
			strbuf_append(s, " ", 1);
		first = false;
		strbuf_append(s, b->field->name, b->field->name_len);
		strbuf_append(s, "=", 1);
		if (b->named)
			strbuf_append(s, b->named->name, b->named->name_len);
		else
			strbuf_hex(s, b->value);
	}
	if (k->unclaimed) {
		strbuf_puts(s, first ? "(no field: " : " (no field: ");
		strbuf_hex(s, k->unclaimed);
		strbuf_append(s, ")", 1);
	}
}

/* "    31:31     BIND = 0x1 TRUE", and the runs of bits no field holds
 * ("(no field)"), all high bits first. */
static void cli_decoded_table(FILE *out, const struct lookup_result *r, const struct lookup_cand *k)
{
	const struct lookup_layout *l = k->layout;
	bool runs = k->kind == LOOKUP_CAND_REGISTER && l->bits <= 64;
	uint64_t value = r->q->value;
	int hi = runs ? (int)l->bits - 1 : -1;   /* the highest bit not yet shown as a run */
	char bits[48];

	for (size_t i = k->field0; i <= k->field0 + k->nfields; i++) {
		const struct lookup_bitval *b = i < k->field0 + k->nfields ? &r->fields[i] : NULL;
		int top = b ? (int)b->hi : -1;

		/* Uncovered runs above this field first. */
		for (; hi > top; hi--) {
			int lo = hi;

			if (l->covered >> hi & 1)
				continue;
			while (lo > 0 && lo - 1 > top && !(l->covered >> (lo - 1) & 1))
				lo--;
			snprintf(bits, sizeof(bits), "%d:%d", hi, lo);
			fprintf(out, "    %-9s (no field) = 0x%llx\n", bits,
				(unsigned long long)((value >> lo) & ((hi - lo + 1) >= 64 ? ~0ull : ((1ull << (hi - lo + 1)) - 1))));
			hi = lo;
		}
		if (!b)
			break;
		snprintf(bits, sizeof(bits), "%llu:%llu", (unsigned long long)b->hi, (unsigned long long)b->lo);
		if (!b->readable)
			fprintf(out, "    %-9s %s (%llu bits)\n", bits, b->field->name,
				(unsigned long long)(b->hi - b->lo + 1));
		else
			fprintf(out, "    %-9s %s = 0x%llx%s%s\n", bits, b->field->name, (unsigned long long)b->value,
				b->named ? " " : "", b->named ? b->named->name : "");
	}
}

static void cli_decoded_json(FILE *out, const struct lookup_result *r, const struct lookup_cand *k)
{
	char bits[48];
	bool first = true;

	fputc('[', out);
	for (size_t i = k->field0; i < k->field0 + k->nfields; i++) {
		const struct lookup_bitval *b = &r->fields[i];

		if (!b->readable)
			continue;
		snprintf(bits, sizeof(bits), "%llu:%llu", (unsigned long long)b->hi, (unsigned long long)b->lo);
		fputs(first ? "{" : ",{", out);
		first = false;
		json_out_member(out, "field", b->field->name, 1);
		json_out_member(out, "bits", bits, 0);
		fprintf(out, ",\"value\":%llu", (unsigned long long)b->value);
		json_out_member(out, "name", b->named ? b->named->name : NULL, 0);
		fputc('}', out);
	}
	fputc(']', out);
}

/* ,"decoded":..,"fields":[..],"unclaimed":.. of a decoded candidate (b: scratch). */
static void cli_decoded_members(FILE *out, struct strbuf *b, const struct lookup_result *r,
				const struct lookup_cand *k)
{
	b->len = 0;
	cli_decoded_line(b, r, k);
	json_out_member(out, "decoded", b->data ? b->data : "", 0);
	fputs(",\"fields\":", out);
	cli_decoded_json(out, r, k);
	fprintf(out, ",\"unclaimed\":%llu", (unsigned long long)k->unclaimed);
}

static void cli_warnings_json(FILE *out, const struct lookup_result *r)
{
	if (!r->nwarnings)
		return;
	fputs(",\"warnings\":[", out);
	for (size_t i = 0; i < r->nwarnings; i++) {
		if (i)
			fputc(',', out);
		json_out_string(out, r->warnings[i]);
	}
	fputc(']', out);
}

/* "bar0", "pci 0x100 through NV_PCFG (BAR0 0x88100)", "block 0x4 of NV_RUNLIST";
 * a window of no other space: "window 0xd40 through NV_XAL_BASE_ADDRESS (...)". */
static void cli_space_label(struct strbuf *b, const struct lookup_cand *k)
{
	const struct ir_space *sp = k->sp;

	if (sp->kind == IR_SPACE_WINDOW)
		strbuf_printf(b, "%s 0x%llx through %s (BAR0 0x%llx)",
			      k->own == IR_SPACE_BAR0 ? "window" : ir_space_name(k->own),
			      (unsigned long long)k->space_off, sp->via, (unsigned long long)(sp->base + k->space_off));
	else if (sp->kind == IR_SPACE_BLOCK)
		strbuf_printf(b, "block 0x%llx of %s", (unsigned long long)k->space_off, sp->via);
	else
		strbuf_puts(b, ir_space_name(sp->kind == IR_SPACE_NONE ? IR_SPACE_BAR0 : sp->kind));
}

/* ,"space":{"name":..,"offset":..,"bar0":..,"via":..} of a register candidate. */
static void cli_space_json(FILE *out, const struct lookup_cand *k)
{
	const struct ir_space *sp = k->sp;

	fputs(",\"space\":{", out);
	json_out_member(out, "name", ir_space_name(sp->kind == IR_SPACE_WINDOW ? k->own : sp->kind == IR_SPACE_NONE ?
					  IR_SPACE_BAR0 : sp->kind), 1);
	fprintf(out, ",\"offset\":%llu", (unsigned long long)k->space_off);
	if (sp->kind == IR_SPACE_WINDOW)
		fprintf(out, ",\"bar0\":%llu", (unsigned long long)(sp->base + k->space_off));
	else if (k->in_block)
		fprintf(out, ",\"bar0\":%llu", (unsigned long long)(k->block.base + k->space_off));
	else if (ir_space_in_bar0(sp->kind) || sp->kind == IR_SPACE_NONE)
		fprintf(out, ",\"bar0\":%llu", (unsigned long long)k->space_off);
	if (sp->via)
		json_out_member(out, "via", sp->via, 0);
	if (sp->kind == IR_SPACE_WINDOW || sp->kind == IR_SPACE_BLOCK)
		json_out_member(out, "kind", ir_space_name(sp->kind), 0);
	fputc('}', out);
}

static void cli_block_json(FILE *out, const char *key, const struct lookup_block *k)
{
	fprintf(out, ",\"%s\":{", key);
	fprintf(out, "\"name\":\"%.*s\",\"base\":%llu", (int)k->len, k->name, (unsigned long long)k->base);
	if (k->line)
		fprintf(out, ",\"line\":%lu", k->line);
	fputc('}', out);
}

/* ---- ADDRESS [VALUE] --------------------------------------------------------------------- */

static void cli_reg_text(FILE *out, const struct lookup_result *r, const struct lookup_cand *k)
{
	struct strbuf b = { 0 };

	cli_cand_name(&b, k);
	strbuf_puts(&b, "  ");
	strbuf_puts(&b, k->unit->unit);
	if (k->def->code.present) {   /* no code: no empty column */
		strbuf_puts(&b, "  ");
		strbuf_puts(&b, k->def->code.c);
	}
	strbuf_puts(&b, "  ");
	cli_space_label(&b, k);
	fprintf(out, "0x%08llx  %s\n", (unsigned long long)r->q->addr, b.data);
	cli_source(out, k->unit, k->def, "  ");
	if (k->decoded) {
		b.len = 0;
		cli_decoded_line(&b, r, k);
		fprintf(out, "  = 0x%llx: %s\n", (unsigned long long)r->q->value, b.data ? b.data : "");
		cli_decoded_table(out, r, k);
	}
	strbuf_release(&b);
}

static void cli_reg_json(FILE *out, const struct lookup_result *r, const struct lookup_cand *k, bool first)
{
	struct strbuf b = { 0 };

	fputs(first ? "{" : ",{", out);
	cli_def_json(out, k->unit, k->def);
	cli_cand_name(&b, k);
	json_out_member(out, "register", b.data, 0);
	fprintf(out, ",\"offset\":%llu", (unsigned long long)k->offset);
	cli_space_json(out, k);
	if (k->in_block)
		cli_block_json(out, "block", &k->block);
	fputs(",\"indices\":[", out);
	for (int i = 0; i < k->def->nparams && i < 2; i++)
		fprintf(out, "%s%u", i ? "," : "", k->reg->index[i]);
	fputc(']', out);
	if (k->decoded)
		cli_decoded_members(out, &b, r, k);
	fputc('}', out);
	strbuf_release(&b);
}

static void cli_address_text(FILE *out, const struct lookup_result *r)
{
	struct strbuf b = { 0 };
	size_t shown = 0;
	bool reg = false, dev = false;

	for (size_t i = 0; i < r->ncands; i++) {
		reg = reg || (r->cands[i].kind == LOOKUP_CAND_REGISTER && !r->cands[i].other_space);
		dev = dev || r->cands[i].kind == LOOKUP_CAND_DEVICE;
	}
	for (size_t i = 0; i < r->ncands; i++) {
		const struct lookup_cand *k = &r->cands[i];

		/* A device or aperture is the answer only where no register is (JSON lists them all). */
		if ((k->kind == LOOKUP_CAND_DEVICE && reg) || (k->kind == LOOKUP_CAND_APERTURE && (reg || dev)))
			continue;
		if (k->other_space) {
			strbuf_puts(&b, shown++ ? ", " : "");
			strbuf_printf(&b, "%s (%s)", k->name, ir_space_name(k->space));
		} else if (k->kind == LOOKUP_CAND_REGISTER) {
			cli_reg_text(out, r, k);
		} else if (k->kind == LOOKUP_CAND_DEVICE) {
			struct strbuf sp = { 0 };

			strbuf_puts(&sp, ir_space_name(k->space));
			if (k->sp->kind == IR_SPACE_WINDOW && k->space == IR_SPACE_BAR0)
				strbuf_printf(&sp, " through %s", k->sp->via);
			fprintf(out, "0x%08llx  %s+0x%llx  %s%s%s  (no register)  %s\n", (unsigned long long)r->q->addr,
				k->name, (unsigned long long)k->offset, k->unit->unit, k->def->code.present ? "  " : "",
				k->def->code.present ? k->def->code.c : "", sp.data);
			cli_source(out, k->unit, k->def, "  ");
			strbuf_release(&sp);
		} else if (k->kind == LOOKUP_CAND_APERTURE) {
			fprintf(out, "0x%08llx  in aperture %s, no register\n", (unsigned long long)r->q->addr, k->name);
			cli_source(out, k->unit, k->def, "  ");
		}
	}
	if (shown)
		fprintf(out, "  other spaces at 0x%llx (--space NAME): %s\n", (unsigned long long)r->q->addr, b.data);
	strbuf_release(&b);
}

static void cli_address_json(FILE *out, const struct lookup_result *r)
{
	const struct lookup_cand *dev = NULL, *ap = NULL;
	bool first = true;

	fprintf(out, "{\"chip\":\"%s\",\"space\":\"%s\",\"address\":%llu", r->ctx->chip, ir_space_name(r->ctx->space),
		(unsigned long long)r->q->addr);
	if (r->ctx->cls) {   /* --class: the address is one of its method offsets */
		json_out_member(out, "class", r->ctx->cls->class_name, 0);
		fprintf(out, ",\"class_id\":%u", (unsigned)r->ctx->cls->class_id);
	}
	if (r->q->has_value)
		fprintf(out, ",\"value\":%llu", (unsigned long long)r->q->value);
	fputs(",\"registers\":[", out);
	for (size_t i = 0; i < r->ncands; i++) {
		const struct lookup_cand *k = &r->cands[i];

		if (k->kind == LOOKUP_CAND_REGISTER && !k->other_space) {
			cli_reg_json(out, r, k, first);
			first = false;
		}
		dev = k->kind == LOOKUP_CAND_DEVICE ? k : dev;
		ap = k->kind == LOOKUP_CAND_APERTURE ? k : ap;
	}
	fputs("],\"device\":", out);
	if (dev) {
		fputc('{', out);
		cli_def_json(out, dev->unit, dev->def);
		fprintf(out, ",\"offset\":%llu", (unsigned long long)dev->offset);
		json_out_member(out, "space", ir_space_name(dev->space), 0);
		fputc('}', out);
	} else {
		fputs("null", out);
	}
	fputs(",\"aperture\":", out);
	if (ap)
		json_out_string(out, ap->name);
	else
		fputs("null", out);
	fputs(",\"other_spaces\":[", out);
	first = true;
	for (size_t i = 0; i < r->ncands; i++)
		if (r->cands[i].other_space) {
			cli_reg_json(out, r, &r->cands[i], first);
			first = false;
		}
	fputc(']', out);
	cli_warnings_json(out, r);
	fputs("}\n", out);
}

/* ---- NAME ----------------------------------------------------------------------------- */

/* " (vf; BAR0 0x00bb0090 through NV_..._FULL_PHYS_OFFSET)", " (bar0)": where an offset of it is. */
static void cli_where_space(FILE *out, const struct lookup_cand *k, uint64_t off)
{
	if (k->sp->kind == IR_SPACE_WINDOW)
		fprintf(out, " (%s; BAR0 0x%08llx through %s)", ir_space_name(k->own),
			(unsigned long long)(k->sp->base + off), k->sp->via);
	else if (k->sp->kind == IR_SPACE_BLOCK)
		fprintf(out, " (block: the offset in %s's block)", k->sp->via);
	else if (k->sp->kind != IR_SPACE_NONE)
		fprintf(out, " (%s)", ir_space_name(k->sp->kind));
}

static void cli_where_text(FILE *out, const struct lookup_result *r, const struct lookup_cand *k)
{
	const struct ir_def *d = k->def;
	struct strbuf b = { 0 };

	if (k->nidx && d->nparams == k->nidx)
		fprintf(out, "%s(%llu%s", d->name, (unsigned long long)k->idx[0], k->nidx > 1 ? "," : ")");
	else
		fprintf(out, "%s%s%s%s", d->name, d->params ? "(" : "", d->params ? d->params : "", d->params ? ")" : "");
	if (k->nidx > 1 && d->nparams == k->nidx)
		fprintf(out, "%llu)", (unsigned long long)k->idx[1]);
	fprintf(out, ": %s in %s", ir_kind_name(d->kind), k->unit->unit);
	if (k->has_addr) {
		fprintf(out, " at 0x%08llx", (unsigned long long)k->addr);
		cli_where_space(out, k, k->addr);
	}
	if (d->kind == IR_REGISTER && d->nparams && k->nidx != d->nparams) {
		if (!k->has_array) {
			fprintf(out, " at %s, %s < %u", d->value.expr ? d->value.expr : "?", d->param[0], d->size[0]);
		} else {
			fprintf(out, " base 0x%08llx, stride 0x%llx (%s < %u)", (unsigned long long)k->base,
				(unsigned long long)k->stride[0], d->param[0], d->size[0]);
			if (d->nparams > 1 && k->stride[1])
				fprintf(out, ", stride 0x%llx (%s < %u)", (unsigned long long)k->stride[1], d->param[1],
					d->size[1]);
			fprintf(out, " = %s", d->value.expr ? d->value.expr : "?");
		}
	}
	if (k->has_bits)
		fprintf(out, " bits %llu:%llu (%s)", (unsigned long long)k->hi, (unsigned long long)k->lo, d->body);
	else if ((d->kind == IR_FIELD || d->kind == IR_DEVICE) && d->body)
		fprintf(out, " bits %s", d->body);
	if (d->kind == IR_DEVICE)
		cli_where_space(out, k, d->lo.value);
	if (d->kind == IR_VALUE && d->value.known)
		fprintf(out, " = 0x%llx", (unsigned long long)d->value.value);
	fputc('\n', out);
	cli_source(out, k->unit, d, "  ");
	for (const struct ir_def *p = d->parent; p; p = p->parent) {
		b.len = 0;
		ir_print_name_buf(p, &b);
		fprintf(out, "  in %s %s", ir_kind_name(p->kind), b.data);
		if (p->body)
			fprintf(out, " %s", p->body);
		fputc('\n', out);
	}
	if ((d->kind == IR_REGISTER || d->kind == IR_STRUCTURE) && k->nfields) {
		fputs("  fields:", out);
		for (size_t i = 0; i < k->nfields && i < 64; i++) {
			const struct lookup_bitval *f = &r->fields[k->field0 + i];

			fprintf(out, "%s %s %llu:%llu", i ? "," : "", f->field->name, (unsigned long long)f->hi,
				(unsigned long long)f->lo);
		}
		fprintf(out, "%s\n", k->nfields > 64 ? " ..." : "");
	}
	if (d->kind == IR_FIELD) {
		fputs("  values:", out);
		for (const struct ir_def *v = d->first_child; v; v = v->next_sibling)
			if (v->kind == IR_VALUE && v->body)
				fprintf(out, " %s=%s",
					v->name + (strncmp(v->name, d->name, strlen(d->name)) ? 0 : strlen(d->name) + 1),
					v->body);
		fputc('\n', out);
	}
	strbuf_release(&b);
}

static void cli_where_json(FILE *out, const struct lookup_cand *k, bool first)
{
	const struct ir_def *d = k->def;

	fputs(first ? "{" : ",{", out);
	cli_def_json(out, k->unit, d);
	if (k->has_addr)
		fprintf(out, ",\"address\":%llu", (unsigned long long)k->addr);
	if (k->sp->kind != IR_SPACE_NONE) {
		json_out_member(out, "space", ir_space_name(k->own), 0);
		if (k->sp->kind == IR_SPACE_WINDOW && k->has_addr)
			fprintf(out, ",\"bar0\":%llu", (unsigned long long)(k->sp->base + k->addr));
		if (k->sp->via)
			json_out_member(out, "via", k->sp->via, 0);
	}
	fputs(",\"parents\":[", out);
	for (const struct ir_def *p = d->parent; p; p = p->parent) {
		if (p != d->parent)
			fputc(',', out);
		json_out_string(out, p->name);
	}
	fputs("]}", out);
}

/* ---- --struct NAME WORD... ------------------------------------------------------------- */

static void cli_struct_print(FILE *out, const struct lookup_result *r, bool json)
{
	const struct lookup_cand *k = &r->cands[0];
	struct strbuf b = { 0 };

	cli_decoded_line(&b, r, k);
	if (json) {
		fprintf(out, "{\"chip\":\"%s\",", r->ctx->chip);
		cli_def_json(out, k->unit, k->def);
		json_out_member(out, "decoded", b.data ? b.data : "", 0);
		fputs(",\"fields\":", out);
		cli_decoded_json(out, r, k);
		cli_warnings_json(out, r);
		fputs("}\n", out);
	} else {
		fprintf(out, "%s  %s  %s\n", k->def->name, ir_kind_name(k->def->kind), k->unit->unit);
		cli_source(out, k->unit, k->def, "  ");
		for (size_t i = 0; i < r->q->nwords; i++)
			if (r->q->given[i])
				fprintf(out, "  word %zu = 0x%08x\n", i, r->q->words[i]);
		fprintf(out, "  %s\n", b.data ? b.data : "(no field lies within the words given)");
		cli_decoded_table(out, r, k);
	}
	strbuf_release(&b);
}

void cli_lookup_print(FILE *out, const struct lookup_result *r, bool json)
{
	switch (r->q->kind) {
	case LOOKUP_QUERY_ADDRESS:
		if (json)
			cli_address_json(out, r);
		else
			cli_address_text(out, r);
		break;
	case LOOKUP_QUERY_NAME:
		if (json)
			fprintf(out, "{\"chip\":\"%s\",\"defines\":[", r->ctx->chip);
		for (size_t i = 0; i < r->ncands; i++) {
			if (json)
				cli_where_json(out, &r->cands[i], i == 0);
			else
				cli_where_text(out, r, &r->cands[i]);
		}
		if (json)
			fputs("]}\n", out);
		break;
	case LOOKUP_QUERY_STRUCT:
		cli_struct_print(out, r, json);
		break;
	}
}

/* ---- batch lines ----------------------------------------------------------------------- */

static void cli_line_text(struct strbuf *s, const struct lookup_batch *b)
{
	const struct lookup_result *r = &b->r;
	const struct lookup_cand *k = r->ncands ? &r->cands[0] : NULL;

	if (b->op)
		strbuf_append(s, b->op == 'R' ? "R " : "W ", 2);
	cli_addr(s, b->q.addr);
	if (b->q.has_value) {
		strbuf_append(s, " ", 1);
		cli_addr(s, b->q.value);
	}
	strbuf_append(s, " ", 1);
	if (!k) {
		strbuf_append(s, "?", 1);
	} else if (k->kind == LOOKUP_CAND_REGISTER) {
		cli_cand_name(s, k);
		if (k->decoded) {
			strbuf_append(s, " ", 1);
			cli_decoded_line(s, r, k);
		}
	} else if (k->kind == LOOKUP_CAND_DEVICE) {
		strbuf_puts(s, k->name);
		strbuf_append(s, "+", 1);
		strbuf_hex(s, k->offset);
	} else {
		strbuf_puts(s, "? in aperture ");
		strbuf_puts(s, k->name);
	}
	for (size_t i = 0; i < r->nwarnings; i++)
		strbuf_printf(s, " [warning: %s]", r->warnings[i]);
	if (b->found)   /* the base this line gave */
		strbuf_printf(s, " [block %.*s@0x%llx from line %lu]", (int)b->found->len, b->found->name,
			      (unsigned long long)b->found->base, b->found->line);
	strbuf_append(s, "\n", 1);
}

static void cli_line_json(FILE *out, const struct lookup_batch *b)
{
	const struct lookup_result *r = &b->r;
	const struct lookup_cand *k = r->ncands ? &r->cands[0] : NULL;
	char op[2] = { b->op, 0 };
	struct strbuf s = { 0 };

	fputc('{', out);
	json_out_member(out, "op", b->op ? op : NULL, 1);
	fprintf(out, ",\"address\":%llu", (unsigned long long)b->q.addr);
	if (b->q.has_value)
		fprintf(out, ",\"value\":%llu", (unsigned long long)b->q.value);
	if (k && k->kind == LOOKUP_CAND_REGISTER) {
		cli_cand_name(&s, k);
		json_out_member(out, "register", s.data, 0);
		json_out_member(out, "unit", k->unit->unit, 0);
		if (k->in_block)
			fprintf(out, ",\"block\":%llu,\"offset\":%llu", (unsigned long long)k->block.base,
				(unsigned long long)(b->q.addr - k->block.base));
		if (k->decoded)
			cli_decoded_members(out, &s, r, k);
	} else if (k && k->kind == LOOKUP_CAND_DEVICE) {
		json_out_member(out, "device", k->name, 0);
		fprintf(out, ",\"offset\":%llu", (unsigned long long)k->offset);
	} else if (k) {
		json_out_member(out, "aperture", k->name, 0);
	}
	cli_warnings_json(out, r);
	if (b->found)
		cli_block_json(out, "block_found", b->found);
	fputs("}\n", out);
	strbuf_release(&s);
}

void cli_lookup_print_line(FILE *out, struct strbuf *s, const struct lookup_batch *b, enum lookup_line_kind kind,
			   const char *line, size_t len, bool json)
{
	s->len = 0;
	if (kind == LOOKUP_LINE_ACCESS && json) {
		cli_line_json(out, b);
		return;
	}
	if (kind == LOOKUP_LINE_TEXT && json) {
		strbuf_append(s, line, len);
		fputs("{\"text\":", out);
		json_out_string(out, s->data ? s->data : "");
		fputs("}\n", out);
		return;
	}
	if (kind == LOOKUP_LINE_TEXT) {
		strbuf_append(s, line, len);
		strbuf_append(s, "\n", 1);
	} else {
		cli_line_text(s, b);
	}
	fwrite(s->data, 1, s->len, out);
}

bool cli_lookup_stream(struct lookup_batch *b, FILE *in, FILE *out, bool json)
{
	struct strbuf s = { 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, in)) >= 0) {
		if (n > 0 && line[n - 1] == '\n')
			n--;
		cli_lookup_print_line(out, &s, b, lookup_batch_line(b, line, (size_t)n), line, (size_t)n, json);
	}
	free(line);
	strbuf_release(&s);
	return !ferror(in) && !ferror(out);
}
