/* SPDX-License-Identifier: MIT */
/*
 * Shared by the Rust outputs (emit_rust.c: the kernel's register! grammar;
 * emit_rust_crate.c: a no_std crate): which registers and fields a Rust
 * type can hold, and their Rust names.  Both formats hold the same ones.
 */
#ifndef REFGEN_EMIT_RUST_INT_H
#define REFGEN_EMIT_RUST_INT_H

#include "emit/emit.h"

enum rust_field_kind {
	RUST_FIELD_PLAIN,   /* a number of hi - lo + 1 bits */
	RUST_FIELD_BOOL,    /* one bit: no named values, or TRUE/FALSE-like ones */
	RUST_FIELD_ENUM,    /* the manual's named values, a Rust enum */
};

struct rust_value {
	const struct ir_def *v;
	const char *ident;       /* variant: "_4B" of NV_..._SIZE_4B */
	uint64_t value;
	const char *alias_of;    /* an earlier variant of the same value, or NULL */
};

struct rust_field {
	const struct ir_def *f;
	const char *ident;       /* "architecture" */
	const char *upper;       /* "ARCHITECTURE" */
	unsigned hi, lo;
	enum rust_field_kind kind;
	const char *enum_name;   /* RUST_FIELD_ENUM: the field's NVIDIA name */
	struct rust_value *values;
	size_t nvalues;
	const char *skip;        /* why it is left out, or NULL */
};

struct rust_reg {
	const struct ir_def *r;
	const char *skip;        /* why it is left out, or NULL */
	const char *storage;     /* "u32" */
	unsigned bytes;
	uint64_t offset;         /* the first element's, in its space */
	bool array;
	uint64_t size, stride;
	const char *base;        /* a block's marker type ("PfalconBase"), or NULL */
	struct rust_field *fields;
	size_t nfields;
};

/* The registers of a unit, in manual order (devices' ones in place). */
struct rust_unit {
	struct rust_reg *regs;
	size_t nregs;
	bool enums;              /* some field is RUST_FIELD_ENUM */
	const char *bases[16];   /* marker types used, each once */
	size_t nbases;
};

/*
 * Classifies every register of unit; with warn, a field left out is a
 * -Wrust warning (one format warns, so a run says it once).
 */
void rust_unit_classify(struct emit_chip *ec, size_t unit, struct rust_unit *u, bool warn);
/* The marker type of a block whose base via gives ("NV_PFALCON" -> "PfalconBase"). */
const char *rust_base_name(struct emit_chip *ec, const char *via);
/* The define a marker type is named after: "PfalconFbifBase" -> "NV_PFALCON_FBIF". */
void rust_base_via(struct strbuf *b, const char *base);
/* Every marker type of the chip's units, sorted, each once; n set. */
const char **rust_chip_bases(struct emit_chip *ec, size_t *n);
/* "/// " lines of d's doc comment (emit_doc's text), each after indent. */
void rust_doc(struct strbuf *b, const struct ir_def *d, const struct ir_manual *m, const char *indent);
/* One "/// " line: the define as the manual writes it, "NAME hi:lo [code]". */
void rust_doc_define(struct strbuf *b, const struct ir_def *d, const char *indent);
/* The comment saying a register or field is left out, and why. */
void rust_skip_comment(struct strbuf *b, const char *name, const char *why, const char *indent);

/* The field's enum: its doc comment and its variants, a value's first name each. */
void rust_enum_decl(struct strbuf *b, const struct rust_reg *rr, const struct rust_field *rf);
/* Its other names, as associated consts (b NULL: counted only). */
size_t rust_enum_aliases(struct strbuf *b, const struct rust_field *rf);

#endif
