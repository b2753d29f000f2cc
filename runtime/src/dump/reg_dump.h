/* SPDX-License-Identifier: MIT */
/*
 * Register values with the manual's names, from generated field descriptors
 * (refgen/fields.h): one line per value ("NV_PFIFO_INTR_0 0x00000100:
 * SCHED_ERROR=PENDING"), and values built from named field values.
 * Chip-generic; the chip code picks the layouts.
 */
#ifndef NVRT_REG_DUMP_H
#define NVRT_REG_DUMP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "refgen/fields.h"

enum nvrt_reg_flags {
	NVRT_REG_NONZERO = 1 << 0,   /* only fields that are not 0 (pending bits) */
};

/*
 * " FIELD=VALUE_NAME" for each field of l in v.  A whole-word field that
 * holds narrower ones (BOOT_0_ID 31:0) and an indexed field that repeats a named
 * one (PMC_INTR_DEVICE(8) = PMC_INTR_PFIFO) are left out.
 */
void nvrt_reg_fields(const struct refgen_layout *l, uint32_t v, unsigned flags, FILE *out);
/* indent, the register's name (with "(index)" when index >= 0), the value,
 * then its fields; "none" when NONZERO leaves nothing.  Ends the line. */
void nvrt_reg_line(const char *indent, const struct refgen_layout *l, int index, uint32_t v,
		   unsigned flags, FILE *out);
/* nvrt_reg_line without indent or newline, into buf. */
void nvrt_reg_text(const struct refgen_layout *l, uint32_t v, unsigned flags, char *buf, size_t n);
/* The field of l whose named values are values (compile-time-checked
 * generated names, looked up at run time), or NULL. */
const struct refgen_field *nvrt_reg_field_of(const struct refgen_layout *l,
					     const struct refgen_value *values);
/* The manual's name for value v of f without the field's prefix ("LCE"),
 * or NULL. */
const char *nvrt_reg_value_name(const struct refgen_field *f, uint64_t v);

#endif
