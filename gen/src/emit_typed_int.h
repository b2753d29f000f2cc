/* Shared between the typed emitter's files (emit_typed.c, emit_addr.c). */
#ifndef REFGEN_EMIT_TYPED_INT_H
#define REFGEN_EMIT_TYPED_INT_H

#include "emit.h"

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
	char lo[256];         /* first bit (register fields) */
	char word[320];       /* word index and bit in it (memory fields) */
	char shift[320];
	char width[512];
	uint64_t max_width;   /* over every index: picks the value type */
	uint64_t max_hi;
	bool constant;
	bool ok;
};

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

void emit_addr_helpers(struct emit_typed *t);

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
