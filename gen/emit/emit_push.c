/* SPDX-License-Identifier: MIT */
/*
 * Push helpers of a class's typed header: <class>_push_<method>(pb, subch,
 * v) writes one method header (INC_METHOD, count 1) and v's dword into a
 * struct refgen_pushbuf (refgen/push.h).  The header's layout is the
 * chip's manual's, NV_FIFO_DMA_* of dev_ram, read from the chip's IR: the
 * positions and the opcode are numbers here only as the manual gives them.
 */
#include <string.h>

#include "emit/emit_typed_int.h"

/* A field of the method header: its define, found in the chip's manuals. */
struct emit_push_field {
	const struct ir_def *d;
	const struct ir_manual *m;
};

/* The define named name of the chip's manuals (not of a class), or none. */
static struct emit_push_field emit_push_find(const struct emit_chip *ec, const char *name)
{
	for (size_t u = 0; u < ec->nunits; u++) {
		const struct ir_manual *m = ec->units[u];

		if (m->class_id)
			continue;
		for (size_t i = 0; i < m->ndefs; i++)
			if (!strcmp(m->defs[i]->name, name))
				return (struct emit_push_field){ m->defs[i], m };
	}
	return (struct emit_push_field){ NULL, NULL };
}

static bool emit_push_range_ok(const struct emit_push_field *f)
{
	return f->d && f->d->is_range && f->d->hi.known && f->d->lo.known && f->d->hi.value < 32 &&
	       f->d->lo.value <= f->d->hi.value;
}

/* NAME hi:lo (file:line), for the header's comment. */
static void emit_push_cite(struct strbuf *b, const struct emit_push_field *f)
{
	strbuf_printf(b, " *   %s %s (%s:%u)\n", f->d->name, f->d->body ? f->d->body : "",
		      ir_def_file(f->m, f->d), f->d->line);
}

static uint32_t emit_push_mask(const struct emit_push_field *f)
{
	uint64_t w = f->d->hi.value - f->d->lo.value + 1;

	return (uint32_t)((1ull << w) - 1);
}

/*
 * <CLASS>_PUSH_HEADER(subch, offset): the INC_METHOD header of one method
 * at byte offset, count 1.  false (and a comment saying so) when the chip's
 * manuals lack NV_FIFO_DMA_*: then no push helpers.
 */
static bool emit_push_header_macro(struct emit_typed *t, uint32_t *subch_mask)
{
	struct emit_push_field op = emit_push_find(t->ec, "NV_FIFO_DMA_SEC_OP");
	struct emit_push_field inc = emit_push_find(t->ec, "NV_FIFO_DMA_SEC_OP_INC_METHOD");
	struct emit_push_field cnt = emit_push_find(t->ec, "NV_FIFO_DMA_METHOD_COUNT");
	struct emit_push_field sub = emit_push_find(t->ec, "NV_FIFO_DMA_METHOD_SUBCHANNEL");
	struct emit_push_field adr = emit_push_find(t->ec, "NV_FIFO_DMA_METHOD_ADDRESS");
	const char *up = t->ec->prefix_upper;

	if (!emit_push_range_ok(&op) || !inc.d || !inc.d->value.known ||
	    inc.d->value.value > emit_push_mask(&op) || !emit_push_range_ok(&cnt) ||
	    !emit_push_range_ok(&sub) || !emit_push_range_ok(&adr)) {
		strbuf_puts(t->b, "\n/* No push helpers: the chip's manuals give no pushbuffer method header "
			    "(NV_FIFO_DMA_* of dev_ram). */\n");
		return false;
	}
	*subch_mask = emit_push_mask(&sub);
	strbuf_puts(t->b, "\n/*\n * Push helpers: <class>_push_<method>(pb, subch, v) writes the method's\n"
		    " * header and v into pb (refgen/push.h).  The header is the chip manual's\n"
		    " * INC_METHOD header of one method:\n");
	emit_push_cite(t->b, &op);
	strbuf_printf(t->b, " *   %s 0x%llx (%s:%u)\n", inc.d->name, (unsigned long long)inc.d->value.value,
		      ir_def_file(inc.m, inc.d), inc.d->line);
	emit_push_cite(t->b, &cnt);
	emit_push_cite(t->b, &sub);
	emit_push_cite(t->b, &adr);
	strbuf_puts(t->b, " * (the address field holds the method's dword address: its offset >> 2).\n */\n");
	strbuf_printf(t->b, "#include \"../refgen/push.h\"\n"
		      "#define %s_PUSH_HEADER(subch, offset) \\\n"
		      "\t((0x%llxu << %llu) | (1u << %llu) | (((uint32_t)(subch) & 0x%xu) << %llu) | \\\n"
		      "\t (((uint32_t)(offset) >> 2 & 0x%xu) << %llu))\n",
		      up, (unsigned long long)inc.d->value.value, (unsigned long long)op.d->lo.value,
		      (unsigned long long)cnt.d->lo.value, emit_push_mask(&sub),
		      (unsigned long long)sub.d->lo.value, emit_push_mask(&adr),
		      (unsigned long long)adr.d->lo.value);
	return true;
}

/* One method's helper; an array's takes its indices after subch. */
static void emit_push_method(struct emit_typed *t, const struct ir_def *r, uint32_t subch_mask)
{
	const char *fn = emit_typed_verb(t, r, "push");
	const char *type = emit_ident(t->ec, r->name, "_t", false);
	const char *off = emit_ident(t->ec, r->name, "_offset", false);

	strbuf_printf(t->b, "\n/* %s: its header and v. */\n"
		      "static inline int %s(struct refgen_pushbuf *pb, uint32_t subch", r->name, fn);
	emit_typed_index_params(t, r);
	strbuf_printf(t->b, ", %s v)\n{\n", type);
	strbuf_printf(t->b, "\tREFGEN_CHECK_AT(subch <= 0x%xu, \"%s\");\n", subch_mask, fn);
	strbuf_printf(t->b, "\treturn refgen_push_method(pb, %s_PUSH_HEADER(subch, %s(", t->ec->prefix_upper,
		      off);
	for (int k = 0; k < r->nparams; k++)
		strbuf_printf(t->b, "%s%s", k ? ", " : "", r->param[k]);
	strbuf_puts(t->b, ")), v.v);\n}\n");
}

void emit_push_helpers(struct emit_typed *t)
{
	uint32_t subch_mask;
	bool any = false;

	if (!t->m->class_id || t->m->space.kind != IR_SPACE_METHOD)
		return;
	for (const struct ir_def *d = t->m->first_root; d && !any; d = d->next_sibling)
		any = d->kind == IR_REGISTER;
	if (!any || !emit_push_header_macro(t, &subch_mask))
		return;
	for (const struct ir_def *d = t->m->first_root; d; d = d->next_sibling)
		if (d->kind == IR_REGISTER)
			emit_push_method(t, d, subch_mask);
}
