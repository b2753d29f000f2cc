/* SPDX-License-Identifier: MIT */
/*
 * What `refgen lookup` searches: every register element of a chip at its
 * address (arrays expanded with their indices), the devices' address
 * ranges, every define by name, and the field layout of each register and
 * structure for decoding values.  Built once from a chip's IR.
 */
#ifndef REFGEN_LOOKUP_INDEX_H
#define REFGEN_LOOKUP_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "ir/ir.h"
#include "io/ir_chip.h"
#include "base/strmap.h"
#include "strbuf.h"

struct lookup_value {
	uint64_t value;
	const char *name;              /* without its field's name: "TRUE" */
	size_t name_len;
	const struct ir_def *def;
	int rank;                      /* 0: a V/C/T value; 1: a plain constant (_INIT, __PROD) */
};

struct lookup_field {
	const char *name;              /* without the register's name: "BIND", "RUNLIST(3)" */
	size_t name_len;
	uint64_t lo, width;            /* bits; structures count from word 0 bit 0 */
	const struct ir_def *def;
	uint32_t index;                /* of an indexed field (def->nparams) */
	long element;                  /* NAME<n>_FIELD of array NAME(i): only for last index n; else -1 */
	bool has_variants;             /* fields of the same name exist for some elements */
	bool unsized;                  /* indexed, the manual gives no __SIZE_1: elements while inside the structure */
	struct lookup_value *values;   /* manual order */
	size_t nvalues;
};

/* A register's or structure's fields, by name. */
struct lookup_layout {
	const struct ir_def *def;
	const struct ir_manual *unit;
	struct lookup_field *fields;
	size_t nfields;
	uint64_t bits;                 /* register width in bits; a structure's covered bits */
	uint64_t covered;              /* bits 0..63 some field holds */
	const struct ir_def *unsized;  /* the first indexed field without an array size (shown anyway) */
	const uint32_t *by_bit;        /* field numbers in bit order, high bits first (how they are shown) */
};

/*
 * One register element at one address of one space.  A register of a BAR0
 * window is there twice: at its BAR0 address (space IR_SPACE_BAR0) and at its
 * offset in its own space (the unit's: pci, vf).
 */
struct lookup_reg {
	enum ir_space_kind space;      /* the space addr is in: BAR0 for bar0 and windows */
	uint64_t addr;
	uint64_t offset;               /* the register's own offset, as the manual gives it */
	const struct ir_space *sp;     /* the space the manual's unit or device says */
	uint32_t bytes;
	uint32_t index[2];             /* valid for def->nparams of them */
	const struct lookup_layout *layout;   /* def and unit too */
};

struct lookup_device {
	enum ir_space_kind space;      /* of lo, hi (as lookup_reg.space) */
	uint64_t lo, hi;
	const struct ir_space *sp;
	const struct ir_def *def;
	const struct ir_manual *unit;
};

/* Every define named so, across units (the alternative display views share names). */
struct lookup_name {
	const struct ir_def *def;
	const struct ir_manual *unit;
	const struct lookup_layout *layout;   /* of a register or structure */
	struct lookup_name *next;
};

struct lookup_index {
	const struct ir_chip *chip;
	struct lookup_reg *regs;       /* by address, then unit and line */
	size_t nregs;
	struct lookup_device *devices; /* smallest range first */
	size_t ndevices;
	struct strmap names;           /* name -> struct lookup_name */
	struct arena arena;
};

/* 0, or -1 when memory ran out. */
int lookup_index_build(struct lookup_index *x, const struct ir_chip *c);
void lookup_index_release(struct lookup_index *x);

/* Register elements of space whose bytes hold addr, up to max of them; the
 * count found.  IR_SPACE_BAR0 is what a GPU's BAR0 holds (windows at their
 * BAR0 address); a register whose space is not known is taken as BAR0. */
size_t lookup_index_at(const struct lookup_index *x, enum ir_space_kind space, uint64_t addr,
		       const struct lookup_reg **out, size_t max);
/* The smallest device range of space holding addr that is not an aperture, or NULL. */
const struct lookup_device *lookup_index_device(const struct lookup_index *x, enum ir_space_kind space,
						uint64_t addr);
/* The smallest aperture holding addr (apertures are searched for BAR0 only), or NULL. */
const struct lookup_device *lookup_index_aperture(const struct lookup_index *x, uint64_t addr);
/* The space a define's offsets are searched in besides BAR0: its own (a
 * window's is the unit's, pci or vf), or BAR0 when not known. */
enum ir_space_kind lookup_space_own(const struct ir_manual *m, const struct ir_space *sp);
/* Every define named name, or NULL. */
const struct lookup_name *lookup_index_name(const struct lookup_index *x, const char *name);
/* The layout of a register or structure define, or NULL. */
const struct lookup_layout *lookup_index_layout(const struct lookup_index *x, const struct ir_def *d);
/* Byte offset of register d at indices i, j.  False when not computable. */
bool lookup_reg_offset(struct arena *a, const struct ir_def *d, uint64_t i, uint64_t j, uint64_t *out);

#endif
