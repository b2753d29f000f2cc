/* SPDX-License-Identifier: MIT */
/* refgen lookup NAME[(i[,j])]: where a register, field, value or structure is. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_lookup.h"
#include "ir/ir_print.h"
#include "base/json_out.h"
#include "ir/ir_eval.h"

/* ---- NAME ------------------------------------------------------------------------- */

/* "NAME(3,4)" -> "NAME", indices. -1 when malformed. */
static int cli_lookup_split_name(const char *arg, char *name, size_t n, uint64_t idx[2])
{
	const char *paren = strchr(arg, '(');
	char *end;
	int k = 0;

	if (!paren) {
		snprintf(name, n, "%s", arg);
		return 0;
	}
	if ((size_t)(paren - arg) >= n)
		return -1;
	memcpy(name, arg, (size_t)(paren - arg));
	name[paren - arg] = '\0';
	for (const char *p = paren + 1; k < 2; k++) {
		idx[k] = strtoull(p, &end, 0);
		if (end == p)
			return -1;
		if (*end == ')')
			return end[1] ? -1 : k + 1;
		if (*end != ',')
			return -1;
		p = end + 1;
	}
	return -1;
}

/* " (vf; BAR0 0x00bb0090 through NV_..._FULL_PHYS_OFFSET)", " (bar0)": where an offset of d is. */
static void cli_lookup_where_space(const struct lookup_name *n, uint64_t off)
{
	const struct ir_space *sp = ir_def_space(n->unit, n->def);

	if (sp->kind == IR_SPACE_WINDOW)
		printf(" (%s; BAR0 0x%08llx through %s)", ir_space_name(lookup_space_own(n->unit, sp)),
		       (unsigned long long)(sp->base + off), sp->via);
	else if (sp->kind == IR_SPACE_BLOCK)
		printf(" (block: the offset in %s's block)", sp->via);
	else if (sp->kind != IR_SPACE_NONE)
		printf(" (%s)", ir_space_name(sp->kind));
}

/* " base 0x2200, stride 0x8 (i < 512)": an array register named without its index. */
static void cli_lookup_where_array(struct cli_lookup *l, const struct ir_def *d)
{
	uint64_t o00, o10, o01;

	if (!lookup_reg_offset(&l->x.arena, d, 0, 0, &o00) || !lookup_reg_offset(&l->x.arena, d, 1, 0, &o10)) {
		printf(" at %s, %s < %u", d->value.expr ? d->value.expr : "?", d->param[0], d->size[0]);
		return;
	}
	printf(" base 0x%08llx, stride 0x%llx (%s < %u)", (unsigned long long)o00, (unsigned long long)(o10 - o00),
	       d->param[0], d->size[0]);
	if (d->nparams > 1 && lookup_reg_offset(&l->x.arena, d, 0, 1, &o01))
		printf(", stride 0x%llx (%s < %u)", (unsigned long long)(o01 - o00), d->param[1], d->size[1]);
	printf(" = %s", d->value.expr ? d->value.expr : "?");
}

/* " bits 12:12": field d at index i. */
static bool cli_lookup_field_bits(struct cli_lookup *l, const struct ir_def *d, uint64_t i, uint64_t *hi, uint64_t *lo)
{
	struct ir_eval eh = ir_eval_prepare(&l->x.arena, d, &d->hi), el = ir_eval_prepare(&l->x.arena, d, &d->lo);

	return ir_eval_at(&eh, i, 0, hi) && ir_eval_at(&el, i, 0, lo);
}

static void cli_lookup_where(struct cli_lookup *l, const struct lookup_name *n, int nidx, const uint64_t *idx)
{
	const struct ir_def *d = n->def;
	uint64_t off;

	struct strbuf b = { 0 };

	if (nidx && d->nparams == nidx)
		printf("%s(%llu%s", d->name, (unsigned long long)idx[0], nidx > 1 ? "," : ")");
	else
		printf("%s%s%s%s", d->name, d->params ? "(" : "", d->params ? d->params : "", d->params ? ")" : "");
	if (nidx > 1 && d->nparams == nidx)
		printf("%llu)", (unsigned long long)idx[1]);
	printf(": %s in %s", ir_kind_name(d->kind), n->unit->unit);
	if (d->kind == IR_REGISTER && nidx == d->nparams &&
	    lookup_reg_offset(&l->x.arena, d, idx[0], nidx > 1 ? idx[1] : 0, &off)) {
		printf(" at 0x%08llx", (unsigned long long)off);
		cli_lookup_where_space(n, off);
	}
	if (d->kind == IR_REGISTER && d->nparams && nidx != d->nparams)
		cli_lookup_where_array(l, d);
	uint64_t hi, lo;
	if (d->kind == IR_FIELD && d->nparams == 1 && nidx == 1 && cli_lookup_field_bits(l, d, idx[0], &hi, &lo))
		printf(" bits %llu:%llu (%s)", (unsigned long long)hi, (unsigned long long)lo, d->body);
	else if ((d->kind == IR_FIELD || d->kind == IR_DEVICE) && d->body)
		printf(" bits %s", d->body);
	if (d->kind == IR_DEVICE)
		cli_lookup_where_space(n, d->lo.value);
	if (d->kind == IR_VALUE && d->value.known)
		printf(" = 0x%llx", (unsigned long long)d->value.value);
	putchar('\n');
	cli_lookup_source(stdout, n->unit, d, "  ");
	for (const struct ir_def *p = d->parent; p; p = p->parent) {
		b.len = 0;
		ir_print_name_buf(p, &b);
		printf("  in %s %s", ir_kind_name(p->kind), b.data);
		if (p->body)
			printf(" %s", p->body);
		putchar('\n');
	}
	if ((d->kind == IR_REGISTER || d->kind == IR_STRUCTURE) && n->layout && n->layout->nfields) {
		printf("  fields:");
		for (size_t i = 0; i < n->layout->nfields && i < 64; i++) {
			const struct lookup_field *f = &n->layout->fields[i];
			printf("%s %s %llu:%llu", i ? "," : "", f->name, (unsigned long long)(f->lo + f->width - 1),
			       (unsigned long long)f->lo);
		}
		printf("%s\n", n->layout->nfields > 64 ? " ..." : "");
	}
	if (d->kind == IR_FIELD) {
		printf("  values:");
		for (const struct ir_def *v = d->first_child; v; v = v->next_sibling)
			if (v->kind == IR_VALUE && v->body)
				printf(" %s=%s", v->name + (strncmp(v->name, d->name, strlen(d->name)) ? 0 : strlen(d->name) + 1),
				       v->body);
		putchar('\n');
	}
	strbuf_release(&b);
}

static void cli_lookup_where_json(struct cli_lookup *l, const struct lookup_name *n, int nidx, const uint64_t *idx,
				  bool first)
{
	const struct ir_def *d = n->def;
	uint64_t off;

	fputs(first ? "{" : ",{", stdout);
	cli_lookup_def_json(stdout, n->unit, d);
	if (d->kind == IR_REGISTER && nidx == d->nparams &&
	    lookup_reg_offset(&l->x.arena, d, idx[0], nidx > 1 ? idx[1] : 0, &off))
		printf(",\"address\":%llu", (unsigned long long)off);
	const struct ir_space *sp = ir_def_space(n->unit, d);
	if (sp->kind != IR_SPACE_NONE) {
		json_out_member(stdout, "space", ir_space_name(lookup_space_own(n->unit, sp)), 0);
		if (sp->kind == IR_SPACE_WINDOW && d->kind == IR_REGISTER && nidx == d->nparams &&
		    lookup_reg_offset(&l->x.arena, d, idx[0], nidx > 1 ? idx[1] : 0, &off))
			printf(",\"bar0\":%llu", (unsigned long long)(sp->base + off));
		if (sp->via)
			json_out_member(stdout, "via", sp->via, 0);
	}
	fputs(",\"parents\":[", stdout);
	for (const struct ir_def *p = d->parent; p; p = p->parent) {
		if (p != d->parent)
			fputc(',', stdout);
		json_out_string(stdout, p->name);
	}
	fputc(']', stdout);
	fputc('}', stdout);
}

int cli_lookup_name(struct cli_lookup *l, const char *arg)
{
	char name[512];
	uint64_t idx[2] = { 0, 0 };
	int nidx = cli_lookup_split_name(arg, name, sizeof(name), idx);
	const struct lookup_name *n;
	bool first = true;

	if (nidx < 0)
		return cli_usage_error("lookup: '%s' is neither a number nor NAME or NAME(i[,j])", arg);
	n = lookup_index_name(&l->x, name);
	if (!n) {
		fprintf(stderr, "refgen: lookup: %s has no define named %s\n", l->chip, name);
		return CLI_INPUT_ERROR;
	}
	if (l->json)
		printf("{\"chip\":\"%s\",\"defines\":[", l->chip);
	for (; n; n = n->next, first = false) {
		if (nidx && n->def->nparams && (uint64_t)n->def->size[0] && idx[0] >= n->def->size[0]) {
			fprintf(stderr, "refgen: lookup: %s index %llu is out of range (%s < %u)\n", name,
				(unsigned long long)idx[0], n->def->param[0], n->def->size[0]);
			if (l->json)
				fputs("]}\n", stdout);
			return CLI_INPUT_ERROR;
		}
		if (l->json)
			cli_lookup_where_json(l, n, nidx, idx, first);
		else
			cli_lookup_where(l, n, nidx, idx);
	}
	if (l->json)
		fputs("]}\n", stdout);
	return CLI_OK;
}
