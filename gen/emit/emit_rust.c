/* SPDX-License-Identifier: MIT */
/*
 * <chip>/rust/<unit>.rs: the unit's registers as invocations of the Linux
 * kernel's register! macro (rust/kernel/io/register.rs), written in its
 * grammar; <chip>/rust/mod.rs: the units as modules and the marker type of
 * each block kind, for a driver to implement RegisterBase<...> on.  What the
 * grammar cannot hold is a comment (emit_rust_model.c says what).
 */
#include <stdio.h>
#include <string.h>

#include "emit/emit_rust_int.h"
#include "emit/emit_text.h"

static void rust_named_values(struct strbuf *b, const struct rust_field *rf)
{
	unsigned n = 0;

	for (const struct ir_def *v = rf->f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE || !v->value.known)
			continue;
		if (n++ == 6) {
			strbuf_puts(b, " and more");
			break;
		}
		strbuf_printf(b, "%s %s = 0x%llx", n > 1 ? "," : "", v->name, (unsigned long long)v->value.value);
	}
}

static void rust_field(struct strbuf *b, const struct rust_field *rf)
{
	if (rf->skip) {
		rust_skip_comment(b, rf->f->name, rf->skip, "        ");
		return;
	}
	rust_doc_define(b, rf->f, "        ");
	if (rf->kind == RUST_FIELD_PLAIN && rf->f->first_child && rf->f->first_child->kind == IR_VALUE &&
	    rf->f->first_child->value.known) {
		strbuf_puts(b, "        /// Named values:");
		rust_named_values(b, rf);
		strbuf_puts(b, ".\n");
	}
	strbuf_printf(b, "        %u:%u %s", rf->hi, rf->lo, rf->ident);
	if (rf->kind == RUST_FIELD_BOOL)
		strbuf_puts(b, " => bool");
	else if (rf->kind == RUST_FIELD_ENUM)
		strbuf_printf(b, " ?=> %s", rf->enum_name);
	strbuf_puts(b, ";\n");
}

/* The field's values as an enum, TryFrom the field's Bounded value and
 * into it (what the grammar's ?=> asks of the type). */
static void rust_enum(struct strbuf *b, const struct rust_reg *rr, const struct rust_field *rf)
{
	unsigned w = rf->hi - rf->lo + 1;
	const char *e = rf->enum_name;

	rust_enum_decl(b, rr, rf);
	if (rust_enum_aliases(NULL, rf)) {
		strbuf_printf(b, "\nimpl %s {\n", e);
		rust_enum_aliases(b, rf);
		strbuf_puts(b, "}\n");
	}
	strbuf_printf(b, "\nimpl ::core::convert::TryFrom<Bounded<%s, %u>> for %s {\n"
		      "    type Error = kernel::error::Error;\n\n"
		      "    fn try_from(v: Bounded<%s, %u>) -> Result<Self, Self::Error> {\n"
		      "        match v.get() {\n", rr->storage, w, e, rr->storage, w);
	for (size_t k = 0; k < rf->nvalues; k++)
		if (!rf->values[k].alias_of)
			strbuf_printf(b, "            0x%llx => Ok(Self::%s),\n",
				      (unsigned long long)rf->values[k].value, rf->values[k].ident);
	strbuf_puts(b, "            _ => Err(kernel::error::code::EINVAL),\n        }\n    }\n}\n");
	strbuf_printf(b, "\nimpl ::core::convert::From<%s> for Bounded<%s, %u> {\n"
		      "    fn from(v: %s) -> Self {\n        match v {\n", e, rr->storage, w, e);
	for (size_t k = 0; k < rf->nvalues; k++)
		if (!rf->values[k].alias_of)
			strbuf_printf(b, "            %s::%s => Bounded::<%s, %u>::new::<0x%llx>(),\n", e,
				      rf->values[k].ident, rr->storage, w,
				      (unsigned long long)rf->values[k].value);
	strbuf_puts(b, "        }\n    }\n}\n");
}

static void rust_register(struct strbuf *b, const struct ir_manual *m, const struct rust_reg *rr)
{
	strbuf_puts(b, "\n");
	if (rr->skip) {
		rust_skip_comment(b, rr->r->name, rr->skip, "");
		return;
	}
	strbuf_puts(b, "register! {\n");
	rust_doc(b, rr->r, m, "    ");
	strbuf_printf(b, "    pub %s(%s)", rr->r->name, rr->storage);
	if (rr->array && rr->stride == rr->bytes)
		strbuf_printf(b, "[%llu]", (unsigned long long)rr->size);
	else if (rr->array)
		strbuf_printf(b, "[%llu, stride = 0x%llx]", (unsigned long long)rr->size,
			      (unsigned long long)rr->stride);
	strbuf_puts(b, " @ ");
	if (rr->base)
		strbuf_printf(b, "%s + ", rr->base);
	strbuf_printf(b, "0x%08llx {\n", (unsigned long long)rr->offset);
	for (size_t k = 0; k < rr->nfields; k++)
		rust_field(b, &rr->fields[k]);
	strbuf_puts(b, "    }\n}\n");
	for (size_t k = 0; k < rr->nfields; k++)
		if (!rr->fields[k].skip && rr->fields[k].kind == RUST_FIELD_ENUM)
			rust_enum(b, rr, &rr->fields[k]);
}

int emit_rust_unit(struct emit_chip *ec, size_t unit, const char *outdir)
{
	const struct ir_manual *m = ec->units[unit];
	struct strbuf *b = emit_chip_text(ec);
	struct rust_unit u;
	size_t emitted = 0;
	char path[4096];

	rust_unit_classify(ec, unit, &u, true);
	for (size_t k = 0; k < u.nregs; k++)
		emitted += !u.regs[k].skip;
	emit_banner(b, m, "Linux kernel register! definitions");
	strbuf_printf(b, "// %s's %s in the grammar of the kernel's register! macro\n"
		      "// (rust/kernel/io/register.rs); `mod %s;` beside the chip's mod.rs\n"
		      "// (doc/rust.md).\n\n#![allow(non_camel_case_types)]\n", ec->chip, m->unit, m->unit);
	if (emitted)
		strbuf_puts(b, "\nuse kernel::io::register;\n");
	if (u.enums)
		strbuf_puts(b, "use kernel::num::Bounded;\n");
	for (size_t k = 0; k < u.nbases; k++)
		strbuf_printf(b, "use super::%s;\n", u.bases[k]);
	for (size_t k = 0; k < u.nregs; k++)
		rust_register(b, m, &u.regs[k]);
	snprintf(path, sizeof(path), "%s/%s/rust/%s.rs", outdir, ec->chip, m->unit);
	return ec->dry_run ? 0 : emit_write(path, b, ec->diag);
}

int emit_rust_chip(struct emit_chip *ec, const char *outdir)
{
	struct strbuf *b = emit_chip_text(ec);
	size_t nbases;
	const char **bases = rust_chip_bases(ec, &nbases);
	char path[4096];

	strbuf_printf(b, "// SPDX-License-Identifier: MIT\n"
		      "// %s's registers for the Linux kernel's register! macro, generated by refgen.\n"
		      "// Do not edit: regenerate with `refgen emit --format=rust`.  Each unit is\n"
		      "// a module; see doc/rust.md.\n", ec->chip);
	for (size_t k = 0; k < nbases; k++) {
		strbuf_puts(b, "\n/// The registers at ");
		rust_base_via(b, bases[k]);
		strbuf_printf(b, "'s base: implement `RegisterBase<%s>` for each\n"
			      "/// engine holding such a block (its `BASE`: the block's BAR0 address).\n"
			      "pub struct %s;\n", bases[k], bases[k]);
	}
	strbuf_puts(b, "\n");
	for (size_t u = 0; u < ec->nunits; u++)
		strbuf_printf(b, "pub mod %s;\n", ec->units[u]->unit);
	snprintf(path, sizeof(path), "%s/%s/rust/mod.rs", outdir, ec->chip);
	return ec->dry_run ? 0 : emit_write(path, b, ec->diag);
}
