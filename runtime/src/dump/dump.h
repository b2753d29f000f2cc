/* SPDX-License-Identifier: MIT */
/* Printing words with the manual's names, from generated field descriptors. */
#ifndef NVRT_DUMP_H
#define NVRT_DUMP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "refgen/fields.h"

enum nvrt_dump_flags {
	NVRT_DUMP_NONZERO = 1 << 0,   /* leave out fields that read 0 */
};

/*
 * One line per field of l found in w (words of l->words): indent, the field's
 * name, its value, and the value's name when the manual has one.  Only fields
 * whose name starts with prefix (NULL: all) and that lie within nwords.
 */
void nvrt_dump_layout(const struct refgen_layout *l, const uint32_t *w, uint32_t nwords,
		      const char *prefix, unsigned flags, const char *indent, FILE *out);
/* "FIELD=VALUE_NAME" pairs of a one-word register value on one line. */
/*
 * Fields are listed in bit order, as refgen lookup does: a multi-word
 * structure word by word in address order (by a field's lowest bit), within
 * a word the highest bit first, a wider field before a narrower one ending at
 * the same bit; a register is its one word.  order gets l's field indices so;
 * 0 (the manual's order to be kept) for more than NVRT_DUMP_ORDER_MAX fields
 * (RAMIN, the largest, has 723).
 */
#define NVRT_DUMP_ORDER_MAX 1024
uint32_t nvrt_dump_field_order(const struct refgen_layout *l, uint16_t *order);
void nvrt_dump_fields_inline(const struct refgen_layout *l, uint32_t v, FILE *out);
/* The manual's value name without its field's name ("SYS_MEM_COHERENT"). */
const char *nvrt_dump_value_suffix(const struct refgen_field *f, uint64_t v);

#endif
