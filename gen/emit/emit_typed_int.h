/* SPDX-License-Identifier: MIT */
/* Shared between the typed emitter's files (emit_typed.c, emit_addr.c). */
#ifndef REFGEN_EMIT_TYPED_INT_H
#define REFGEN_EMIT_TYPED_INT_H

#include "emit/emit.h"

struct emit_typed {
	struct emit_chip *ec;
	size_t unit;
	const struct ir_manual *m;
	struct strbuf *b;
	struct strmap seen;   /* names already emitted in this unit */
	int rc;
};

/* Position of a field: constant numbers, or C expressions of the indices. */
struct emit_pos {
	char lo[1024];        /* first bit (register fields) */
	char word[1024];      /* word index and bit in it (memory fields) */
	char shift[1024];
	char width[1024];
	uint64_t max_width;   /* over every index: picks the value type */
	uint64_t max_hi;
	bool constant;
	bool ok;
};

/* emit_typed_util.c: apart, so emit_field.c and emit_addr.c never call back into
 * emit_typed.c (which calls them). */
/* Typed identifier for d (see emit_ident), claimed against collisions. */
const char *emit_typed_name(struct emit_typed *t, const struct ir_def *d,
			    const char *suffix, bool upper);
void emit_typed_pos(struct emit_typed *t, const struct ir_def *f, struct emit_pos *p);
/* ", uint32_t i, uint32_t j" */
void emit_typed_index_params(struct emit_typed *t, const struct ir_def *d);
/* Range checks of d's indices; (void) for the ones used_in does not use; with
 * ret, also an early "return ret;" when an index is out of range. */
void emit_typed_index_checks(struct emit_typed *t, const struct ir_def *d, const char *used_in,
			     const char *ret);

/* Accessor name <chip>_<verb>_<name> (emit_ident_verb), claimed. */
const char *emit_typed_verb(struct emit_typed *t, const struct ir_def *d, const char *verb);
const char *emit_typed_enum_tag(struct emit_typed *t, const struct ir_def *d);
/* A define the manual repeats with the same body is emitted once. */
bool emit_typed_repeat(struct emit_typed *t, const struct ir_def *d);
void emit_typed_u(struct strbuf *b, uint64_t v);
void emit_typed_constant(struct emit_typed *t, const struct ir_def *c);
void emit_typed_children_constants(struct emit_typed *t, const struct ir_def *d);
uint64_t emit_typed_struct_words(struct emit_typed *t, const struct ir_def *s);
/* Fields wider than 64 bits: their words, and copies of an embedded structure. */
void emit_typed_mem_wide(struct emit_typed *t, const struct ir_def *f, const char *st,
			 const struct ir_def *s);

/* Field accessors (emit_field.c). */
/* expr with d's index parameters as ((uint32_t)(i)), appended to t->b. */
void emit_typed_subst(struct emit_typed *t, const struct ir_def *d, const char *expr);
bool emit_value_is_constant(const struct ir_def *v);
void emit_field_index_cond(const struct ir_def *d, char *out, size_t cap);
bool emit_field_has_enum(const struct ir_def *f, const struct emit_pos *p);
/* Whether f's named values are values of a number (its setter takes any integer). */
bool emit_field_is_numeric(const struct ir_def *f);
/* Readable/writable per the access code (both when the code says nothing). */
void emit_field_access(const struct ir_def *f, bool *readable, bool *writable);
void emit_field_reg(struct emit_typed *t, const struct ir_def *f, const char *reg_type);
void emit_field_mem(struct emit_typed *t, const struct ir_def *f, const struct ir_def *s,
		    const char *st, uint64_t words);

void emit_addr_helpers(struct emit_typed *t);
/* A class's push helpers, <class>_push_<method>(pb, subch, v) (emit_push.c). */
void emit_push_helpers(struct emit_typed *t);
/* <chip>_make_<name>(.field = v, ...) for a register or small structure (emit_builder.c). */
void emit_builder(struct emit_typed *t, const struct ir_def *d);

/* One generated header per unit: what it is, where, and its body. */
struct emit_typed_file {
	const char *what;      /* banner: "Typed accessors" */
	const char *subdir;    /* under <chip>/: "" or "fields/" */
	const char *style;     /* include guard infix: "" or "FIELDS_" */
	void (*body)(struct emit_typed *t);
};
int emit_typed_file(struct emit_chip *ec, size_t unit, const char *outdir,
		    const struct emit_typed_file *f);

#endif
