/* SPDX-License-Identifier: MIT */
/*
 * The generated header self-check (test/headers/selfcheck_gen.c writes one
 * C file per unit of a chip from its IR; selfcheck_main.c runs them).
 *
 * Each generated file includes a unit's NVIDIA-compatible header and its
 * typed header and fills the tables below: for every field, the positions
 * the DRF macros (drf.h) compute from the NV define at a few indices, next
 * to wrappers around the typed accessors with one signature per kind; for
 * every named value, constant and register offset, the typed number next to
 * the NV one.  The runner then checks that they agree bit for bit.  The
 * position constants (_FIELD_SHIFT/_WIDTH/_MASK/_WORD) of every field at a
 * fixed position are checked against the DRF macros at compile time.
 */
#ifndef REFGEN_TEST_SELFCHECK_H
#define REFGEN_TEST_SELFCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "drf.h"

/* A REFGEN_CHECK that fires during a self-check fails the item being checked. */
extern unsigned sc_check_fired;
void sc_check_fire(const char *cond);
#define REFGEN_CHECK(cond) ((cond) ? (void)0 : sc_check_fire(#cond))

/* first, middle and last index of up to two dimensions */
#define SC_MAX_SAMPLES 9

/* Where a field is at one index, by the DRF macros applied to its NV define. */
struct sc_pos {
	uint32_t i, j;
	uint32_t base, extent;   /* DRF_BASE, DRF_EXTENT */
	uint32_t shift, mask;    /* DRF_SHIFT, DRF_MASK: register fields */
	uint32_t word, mw_shift; /* DRF_WORD_MW, DRF_SHIFT_MW: structure fields */
	uint32_t width;          /* DRF_WIDTH_MW */
	uint64_t mask64;         /* DRF_MASK_MW */
};

/* A register field: the %32 shift and mask too. */
#define SC_POS_REG(ii, jj, drf) { .i = (ii), .j = (jj), .base = DRF_BASE(drf), \
	.extent = DRF_EXTENT(drf), .shift = DRF_SHIFT(drf), .mask = DRF_MASK(drf), \
	.word = DRF_WORD_MW(drf), .mw_shift = DRF_SHIFT_MW(drf), \
	.width = DRF_WIDTH_MW(drf), .mask64 = DRF_MASK_MW(drf) }
/* A structure field: word-based only (a %32 mask means nothing across words). */
#define SC_POS_MEM(ii, jj, drf) { .i = (ii), .j = (jj), .base = DRF_BASE(drf), \
	.extent = DRF_EXTENT(drf), .word = DRF_WORD_MW(drf), .mw_shift = DRF_SHIFT_MW(drf), \
	.width = DRF_WIDTH_MW(drf), .mask64 = DRF_MASK_MW(drf) }

/*
 * The typed header's position constants of a field at a fixed position
 * against the DRF macros applied to its NV define, checked at compile time.
 */
#define SC_FIELD_REG(T, drf)                                                            \
	_Static_assert(T##_FIELD_SHIFT == DRF_SHIFT(drf) && T##_FIELD_WIDTH == DRF_SIZE(drf) && \
		       T##_FIELD_MASK == DRF_SHIFTMASK(drf), #T " position constants")
#define SC_FIELD_MEM(T, drf)                                                            \
	_Static_assert(T##_FIELD_WORD == DRF_WORD_MW(drf) && T##_FIELD_SHIFT == DRF_SHIFT_MW(drf) && \
		       T##_FIELD_WIDTH == DRF_WIDTH_MW(drf), #T " position constants")
/* ... and the mask of one that lies in one word */
#define SC_FIELD_MEM_MASK(T, drf) \
	_Static_assert(T##_FIELD_MASK == (uint32_t)(DRF_MASK_MW(drf) << DRF_SHIFT_MW(drf)), #T " mask")

/*
 * The shipped DRF macros with the NV define's name pasted back together
 * (nvtail: the name without NV, d = nvtail, r and f empty) against the
 * position constants: DRF_NUM, DRF_VAL, FLD_SET_DRF_NUM, FLD_TEST_DRF_NUM,
 * and per named value DRF_DEF, FLD_SET_DRF and FLD_TEST_DRF.
 */
#define SC_DRF_REG(T, nvtail)                                                            \
	_Static_assert(DRF_NUM(nvtail, , , 0xFFFFFFFFu) == T##_FIELD_MASK &&               \
		       DRF_VAL(nvtail, , , T##_FIELD_MASK) == (T##_FIELD_MASK >> T##_FIELD_SHIFT) && \
		       FLD_SET_DRF_NUM(nvtail, , , 0u, 0xFFFFFFFFu) == (uint32_t)~T##_FIELD_MASK && \
		       FLD_TEST_DRF_NUM(nvtail, , , 0u, 0u), #T " DRF macros")
#define SC_DRF_VALUE(T, V, nvtail, c)                                                    \
	_Static_assert(DRF_DEF(nvtail, , , c) == (uint32_t)((uint32_t)(V) << T##_FIELD_SHIFT) && \
		       FLD_SET_DRF(nvtail, , , c, 0u) == DRF_DEF(nvtail, , , c) &&                \
		       FLD_TEST_DRF(nvtail, , , c, DRF_DEF(nvtail, , , c)), #V " DRF_DEF")

/* A field of a 32-bit register: <field>_get/_set[/_set_raw] on a value. */
struct sc_reg_field {
	const char *name;
	unsigned nsamples;
	struct sc_pos pos[SC_MAX_SAMPLES];
	uint32_t (*get)(uint32_t r, uint32_t i, uint32_t j);
	uint32_t (*set)(uint32_t r, uint32_t i, uint32_t j, uint32_t v);
	uint32_t (*set_raw)(uint32_t r, uint32_t i, uint32_t j, uint32_t v); /* enums only */
};

/* A field of a memory structure, up to 64 bits, on its words. */
struct sc_mem_field {
	const char *name;
	unsigned nsamples;
	struct sc_pos pos[SC_MAX_SAMPLES];
	uint32_t words;          /* sizeof the structure type / 4 */
	uint32_t ret_size;       /* sizeof what <field>_get returns */
	uint64_t (*get)(const uint32_t *w, uint32_t i, uint32_t j);
	void (*set)(uint32_t *w, uint32_t i, uint32_t j, uint64_t v);
	void (*set_raw)(uint32_t *w, uint32_t i, uint32_t j, uint64_t v);
};

/* A structure field wider than 64 bits: <field>_words() and <FIELD>_WORDS. */
struct sc_wide_field {
	const char *name;
	struct sc_pos pos;
	uint32_t words;          /* of the structure */
	uint32_t nwords;         /* <FIELD>_WORDS */
	uint32_t *(*words_of)(uint32_t *w);
};

/* A named value of a field (enum constant or #define) and its NV define. */
struct sc_value {
	const char *name;
	uint64_t typed, nv;
	int reg_field, mem_field;  /* the field's index in its table, or -1 */
};

/* A number both styles define: constants, device bases and limits. */
struct sc_const {
	const char *name;
	uint64_t typed, nv;
};

/* A register offset at a few indices: <reg>(i, j) against NV_<REG>(i, j). */
struct sc_offset {
	const char *name;
	unsigned nsamples;
	uint32_t i[SC_MAX_SAMPLES], j[SC_MAX_SAMPLES];
	uint64_t nv[SC_MAX_SAMPLES];
	uint32_t (*offset)(uint32_t i, uint32_t j);
};

/* <base>_addr_set/_addr_get: an address split over a structure's LO/HI fields. */
struct sc_addr_field {
	const char *name;
	unsigned nsamples;
	struct sc_pos lo[SC_MAX_SAMPLES], hi[SC_MAX_SAMPLES];
	uint32_t words;
	void (*set)(uint32_t *w, uint32_t i, uint32_t j, uint64_t addr);
	uint64_t (*get)(const uint32_t *w, uint32_t i, uint32_t j);
};

/* <base>_split/_join: an address split over the fields of two registers. */
struct sc_addr_reg {
	const char *name;
	struct sc_pos lo, hi;
	void (*split)(uint64_t addr, uint32_t *lo, uint32_t *hi);
	uint64_t (*join)(uint32_t lo, uint32_t hi);
};

struct sc_unit {
	const char *name;
	const struct sc_reg_field *reg_fields;
	size_t n_reg_fields;
	const struct sc_mem_field *mem_fields;
	size_t n_mem_fields;
	const struct sc_wide_field *wide_fields;
	size_t n_wide_fields;
	const struct sc_value *values;
	size_t n_values;
	const struct sc_const *consts;
	size_t n_consts;
	const struct sc_offset *offsets;
	size_t n_offsets;
	const struct sc_addr_field *addr_fields;
	size_t n_addr_fields;
	const struct sc_addr_reg *addr_regs;
	size_t n_addr_regs;
	unsigned skipped;        /* fields without accessors, by design */
};

/* units.c, generated: every unit of the chip, NULL-terminated. */
extern const char sc_chip[];
extern const struct sc_unit *const sc_units[];

#endif
