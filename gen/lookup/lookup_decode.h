/* SPDX-License-Identifier: MIT */
/*
 * What decoding a register value or structure words takes: a field's bits,
 * the manual's name of its value, the bits no field holds, and the names of
 * register elements.  lookup_query.c decodes with them into a result.
 */
#ifndef REFGEN_LOOKUP_DECODE_H
#define REFGEN_LOOKUP_DECODE_H

#include <stdbool.h>
#include <stdint.h>

#include "lookup/lookup_index.h"
#include "strbuf.h"

/* Bits [lo, lo + width) of little-endian 32-bit words w[0..nwords); width <= 64. */
bool lookup_bits(const uint32_t *w, size_t nwords, uint64_t lo, uint64_t width, uint64_t *out);
/* The value of f named v (a V/C/T value before a plain constant), or NULL. */
const struct lookup_value *lookup_field_value(const struct lookup_field *f, uint64_t v);
/* Set bits of a register value that no field holds. */
uint64_t lookup_unclaimed(const struct lookup_layout *l, uint64_t value);

/*
 * Whether field i of l applies to element (the last index of a register
 * array, -1 for none): NAME<n>_F fields only to element n, where they stand
 * in for the array's own F.
 */
bool lookup_field_applies(const struct lookup_layout *l, size_t i, long element);

/* The element a register array's NAME<n>_F fields are for: its last index. */
static inline long lookup_reg_element(const struct lookup_reg *r)
{
	int n = r->layout->def->nparams;

	return n > 0 && n <= 2 ? (long)r->index[n - 1] : -1;
}

/* "NV_PCCSR_CHANNEL_INST(5)", with "+0x1" when addr is inside it. */
void lookup_reg_name(struct strbuf *b, const struct lookup_reg *r, uint64_t addr);
#endif
