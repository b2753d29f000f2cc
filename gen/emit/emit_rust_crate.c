/* SPDX-License-Identifier: MIT */
/*
 * <chip>/rust-crate/: a no_std Cargo crate without dependencies holding the
 * registers emit_rust.c writes for the kernel's macro, as plain Rust: per
 * register a newtype over its storage with its offset (and an array's count
 * and stride) as consts, per field its position as consts and a getter and
 * setters typed by what the field holds (a number, a bool, the enum of its
 * named values).  Each unit module tests its own accessors (cargo test).
 */
#include <stdio.h>
#include <string.h>

#include "emit/emit_rust_int.h"
#include "emit/emit_text.h"

static unsigned long long rust_field_mask(const struct rust_field *rf)
{
	unsigned w = rf->hi - rf->lo + 1;

	return (w >= 64 ? ~0ull : ((1ull << w) - 1)) << rf->lo;
}

static void crate_enum(struct strbuf *b, const struct rust_reg *rr, const struct rust_field *rf)
{
	const char *e = rf->enum_name, *s = rr->storage;

	rust_enum_decl(b, rr, rf);
	strbuf_printf(b, "\nimpl %s {\n", e);
	rust_enum_aliases(b, rf);
	strbuf_printf(b, "    /// The value named `v`, if the manual names it.\n"
		      "    #[inline]\n    pub const fn from_bits(v: %s) -> Option<Self> {\n        match v {\n", s);
	for (size_t k = 0; k < rf->nvalues; k++)
		if (!rf->values[k].alias_of)
			strbuf_printf(b, "            0x%llx => Some(Self::%s),\n",
				      (unsigned long long)rf->values[k].value, rf->values[k].ident);
	strbuf_printf(b, "            _ => None,\n        }\n    }\n}\n\n"
		      "impl ::core::convert::TryFrom<%s> for %s {\n    type Error = %s;\n\n"
		      "    fn try_from(v: %s) -> Result<Self, %s> {\n"
		      "        Self::from_bits(v).ok_or(v)\n    }\n}\n", s, e, s, s, s);
}

static void crate_field(struct strbuf *b, const struct rust_reg *rr, const struct rust_field *rf)
{
	const char *s = rr->storage, *id = rf->ident, *U = rf->upper;

	if (rf->skip) {
		rust_skip_comment(b, rf->f->name, rf->skip, "    ");
		return;
	}
	strbuf_puts(b, "\n");
	rust_doc_define(b, rf->f, "    ");
	strbuf_printf(b, "    pub const %s_SHIFT: u32 = %u;\n    pub const %s_WIDTH: u32 = %u;\n"
		      "    pub const %s_MASK: %s = 0x%llx;\n", U, rf->lo, U, rf->hi - rf->lo + 1, U, s,
		      rust_field_mask(rf));
	switch (rf->kind) {
	case RUST_FIELD_BOOL:
		strbuf_printf(b, "    #[inline]\n    pub const fn %s(self) -> bool {\n        self.0 & Self::%s_MASK != 0\n    }\n"
			      "    #[inline]\n    pub const fn with_%s(self, v: bool) -> Self {\n"
			      "        if v { Self(self.0 | Self::%s_MASK) } else { Self(self.0 & !Self::%s_MASK) }\n"
			      "    }\n", id, U, id, U, U);
		break;
	case RUST_FIELD_ENUM:
		strbuf_printf(b, "    /// The field's value: its name, or the number the manual does not name.\n"
			      "    #[inline]\n    pub const fn %s(self) -> Result<%s, %s> {\n"
			      "        let v = (self.0 & Self::%s_MASK) >> Self::%s_SHIFT;\n"
			      "        match %s::from_bits(v) {\n            Some(e) => Ok(e),\n"
			      "            None => Err(v),\n        }\n    }\n"
			      "    #[inline]\n    pub const fn with_%s(self, v: %s) -> Self {\n"
			      "        Self((self.0 & !Self::%s_MASK) | ((v as %s) << Self::%s_SHIFT))\n    }\n",
			      id, rf->enum_name, s, U, U, rf->enum_name, id, rf->enum_name, U, s, U);
		break;
	default:
		strbuf_printf(b, "    #[inline]\n    pub const fn %s(self) -> %s {\n"
			      "        (self.0 & Self::%s_MASK) >> Self::%s_SHIFT\n    }\n"
			      "    /// Sets the field to `v`'s low %s_WIDTH bits.\n"
			      "    #[inline]\n    pub const fn with_%s(self, v: %s) -> Self {\n"
			      "        Self((self.0 & !Self::%s_MASK) | ((v << Self::%s_SHIFT) & Self::%s_MASK))\n    }\n"
			      "    /// Sets the field to `v`, if it fits.\n"
			      "    #[inline]\n    pub const fn try_with_%s(self, v: %s) -> Option<Self> {\n"
			      "        if v > Self::%s_MASK >> Self::%s_SHIFT { None } else { Some(self.with_%s(v)) }\n"
			      "    }\n", id, s, U, U, U, id, s, U, U, U, id, s, U, U, id);
		break;
	}
}

static void crate_register(struct strbuf *b, const struct ir_manual *m, const struct rust_reg *rr)
{
	const char *n = rr->r->name;

	strbuf_puts(b, "\n");
	if (rr->skip) {
		rust_skip_comment(b, n, rr->skip, "");
		return;
	}
	rust_doc(b, rr->r, m, "");
	if (rr->base) {
		strbuf_puts(b, "///\n/// Its offset is in a block at ");
		rust_base_via(b, rr->base);
		strbuf_puts(b, "'s base, which a driver finds at run time.\n");
	}
	strbuf_printf(b, "#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]\n#[repr(transparent)]\n"
		      "pub struct %s(pub %s);\n\nimpl %s {\n", n, rr->storage, n);
	strbuf_printf(b, "    /// Byte offset%s.\n    pub const OFFSET: u32 = 0x%08llx;\n",
		      rr->base ? " in its block" : rr->array ? " of element 0" : "",
		      (unsigned long long)rr->offset);
	if (rr->array)
		strbuf_printf(b, "    /// Elements and the bytes from one to the next.\n"
			      "    pub const SIZE: u32 = %llu;\n    pub const STRIDE: u32 = 0x%llx;\n"
			      "    /// Byte offset of element `i`, if there is one.\n"
			      "    #[inline]\n    pub const fn offset_at(i: u32) -> Option<u32> {\n"
			      "        if i < Self::SIZE { Some(Self::OFFSET + i * Self::STRIDE) } else { None }\n"
			      "    }\n", (unsigned long long)rr->size, (unsigned long long)rr->stride);
	for (size_t k = 0; k < rr->nfields; k++)
		crate_field(b, rr, &rr->fields[k]);
	strbuf_puts(b, "}\n");
	for (size_t k = 0; k < rr->nfields; k++)
		if (!rr->fields[k].skip && rr->fields[k].kind == RUST_FIELD_ENUM)
			crate_enum(b, rr, &rr->fields[k]);
}

/* Each field set alone on zero fills exactly its mask, and reads back: checked
 * when the tests are compiled (const evaluation, no code). */
static void crate_tests(struct strbuf *b, const struct rust_unit *u)
{
	strbuf_puts(b, "\n#[cfg(test)]\n#[allow(dead_code, unused_imports)]\nmod tests {\n    use super::*;\n\n");
	for (size_t k = 0; k < u->nregs; k++) {
		const struct rust_reg *rr = &u->regs[k];
		const char *n = rr->r->name;
		if (rr->skip)
			continue;
		for (size_t j = 0; j < rr->nfields; j++) {
			const struct rust_field *rf = &rr->fields[j];
			const char *id = rf->ident, *U = rf->upper;
			if (rf->skip)
				continue;
			if (rf->kind == RUST_FIELD_BOOL)
				strbuf_printf(b, "    const _: () = assert!(%s(0).with_%s(true).0 == %s::%s_MASK);\n"
					      "    const _: () = assert!(!%s(!0).with_%s(false).%s());\n",
					      n, id, n, U, n, id, id);
			else if (rf->kind == RUST_FIELD_ENUM)
				for (size_t v = 0; v < rf->nvalues; v++)
					if (!rf->values[v].alias_of)
						strbuf_printf(b, "    const _: () = assert!(matches!(%s(!0).with_%s(%s::%s).%s(), Ok(%s::%s)));\n",
							      n, id, rf->enum_name, rf->values[v].ident, id,
							      rf->enum_name, rf->values[v].ident);
			if (rf->kind == RUST_FIELD_PLAIN)
				strbuf_printf(b, "    const _: () = assert!(%s(0).with_%s(!0).0 == %s::%s_MASK);\n"
					      "    const _: () = assert!(%s(!0).with_%s(0).%s() == 0);\n",
					      n, id, n, U, n, id, id);
		}
	}
	strbuf_puts(b, "\n    #[test]\n    fn accessors_checked_when_compiled() {}\n}\n");
}

int emit_rust_crate_unit(struct emit_chip *ec, size_t unit, const char *outdir)
{
	const struct ir_manual *m = ec->units[unit];
	struct strbuf *b = emit_chip_text(ec);
	struct rust_unit u;
	char path[4096];

	rust_unit_classify(ec, unit, &u, false);
	emit_banner(b, m, "Rust register types");
	strbuf_printf(b, "//! %s's %s: a type per register, its fields' accessors typed (doc/rust.md).\n",
		      ec->chip, m->unit);
	for (size_t k = 0; k < u.nregs; k++)
		crate_register(b, m, &u.regs[k]);
	crate_tests(b, &u);
	snprintf(path, sizeof(path), "%s/%s/rust-crate/src/%s.rs", outdir, ec->chip, m->unit);
	return ec->dry_run ? 0 : emit_write(path, b, ec->diag);
}

int emit_rust_crate_chip(struct emit_chip *ec, const char *outdir)
{
	struct strbuf *b = emit_chip_text(ec);
	const char *spdx[8];
	size_t nspdx = 0;
	char path[4096];
	int rc;

	for (size_t u = 0; u < ec->nunits; u++) {
		const char *s = ir_manual_spdx(ec->units[u]);
		bool seen = false;
		for (size_t k = 0; k < nspdx; k++)
			seen = seen || !strcmp(spdx[k], s);
		if (!seen && nspdx < 8)
			spdx[nspdx++] = s;
	}
	strbuf_printf(b, "# Generated by refgen (`refgen emit --format=rust-crate`); do not edit.\n"
		      "[package]\nname = \"refgen-%s\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"
		      "description = \"%s's registers from NVIDIA's manuals: a type per register\"\n"
		      "license = \"", ec->chip, ec->chip);
	for (size_t k = 0; k < nspdx; k++)
		strbuf_printf(b, "%s%s", k ? " AND " : "", spdx[k]);
	strbuf_puts(b, nspdx ? "\"\n" : "MIT\"\n");
	strbuf_puts(b, "publish = false\n\n[lib]\npath = \"src/lib.rs\"\ndoctest = false\n\n[dependencies]\n");
	snprintf(path, sizeof(path), "%s/%s/rust-crate/Cargo.toml", outdir, ec->chip);
	if (!ec->dry_run && emit_write(path, b, ec->diag) < 0)
		return -1;
	b = emit_chip_text(ec);
	strbuf_printf(b, "// SPDX-License-Identifier: MIT\n"
		      "//! %s's registers from NVIDIA's manuals, generated by refgen: a module per\n"
		      "//! unit, a type per register (doc/rust.md).  Do not edit: regenerate with\n"
		      "//! `refgen emit --format=rust-crate`.\n\n"
		      "#![no_std]\n#![allow(non_camel_case_types)]\n\n", ec->chip);
	for (size_t u = 0; u < ec->nunits; u++)
		strbuf_printf(b, "pub mod %s;\n", ec->units[u]->unit);
	snprintf(path, sizeof(path), "%s/%s/rust-crate/src/lib.rs", outdir, ec->chip);
	rc = ec->dry_run ? 0 : emit_write(path, b, ec->diag);
	return rc;
}
