/* SPDX-License-Identifier: MIT */
/*
 * In-memory form of the IR: one manual, its defines in manual order, and the
 * hierarchy they are grouped into.  The parser builds it from .ref text,
 * ir_read builds it from IR XML, and every writer and emitter reads it.
 */
#ifndef REFGEN_IR_H
#define REFGEN_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

enum ir_kind {
	IR_DEVICE,      /* D/M address range that owns registers */
	IR_REGISTER,    /* R, or A (array) */
	IR_STRUCTURE,   /* G: a memory structure (RAMIN, a PTE, a PB header) */
	IR_FIELD,       /* F, or a bare hi:lo under a register/structure */
	IR_VALUE,       /* V/C/T: a named value of a field */
	IR_CONSTANT,    /* anything else: sizes, shifts, aliases, strings */
	IR_KIND_COUNT
};

/* What a constant is for, when the grouping pass could tell. */
enum ir_role {
	IR_ROLE_NONE,
	IR_ROLE_INDEX_SIZE,   /* NAME__SIZE_1 / NAME__SIZE_2 */
	IR_ROLE_STRUCT_SIZE,  /* NAME__SIZE, NAME_SIZE, NAME_ALLOC_SIZE of a structure */
	IR_ROLE_RANGE,        /* hi:lo that is not a field (e.g. NV_RAMRL_ENTRY_RANGE) */
	IR_ROLE_ALIAS,        /* body names another macro */
	IR_ROLE_STRING,       /* body is a string literal */
	IR_ROLE_COUNT
};

/* A number the manual states, or the expression it is computed from. */
struct ir_num {
	bool known;       /* value is valid */
	uint64_t value;
	const char *expr; /* source text when it depends on an index (else NULL) */
};

/* The five-letter code, e.g. "RW-4R"; letters kept as written. */
struct ir_code {
	bool present;     /* a comment was written, possibly blank */
	char c[6];        /* NUL-terminated; "" for a blank comment */
};

/*
 * Where a device's (or a unit's) offsets live (manuals/address-spaces.txt
 * says why each is what it is).  BAR0: the offset is a BAR0 address.
 * WINDOW: offsets of another space that BAR0 also holds from base on (the
 * manual's NV_PCFG, *_FULL_PHYS_OFFSET): BAR0 address = base + offset.
 * BLOCK: offsets inside a BAR0 block whose base is known only at run time
 * (read from via, e.g. NV_RUNLIST_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET).  The
 * others are not BAR0 at all.  APERTURE: a range naming a whole address
 * space (NV_RSPACE), no unit.
 */
enum ir_space_kind {
	IR_SPACE_NONE,
	IR_SPACE_BAR0, IR_SPACE_WINDOW, IR_SPACE_BLOCK, IR_SPACE_APERTURE,
	IR_SPACE_PCI, IR_SPACE_VF, IR_SPACE_MEMORY, IR_SPACE_CTXSW, IR_SPACE_METHOD,
	IR_SPACE_COUNT
};

struct ir_space {
	enum ir_space_kind kind;
	bool has_base;
	uint64_t base;          /* WINDOW: BAR0 address of offset 0 */
	const char *via;        /* WINDOW, BLOCK: the define that gives the base */
	const char *source;     /* why: "address-spaces.txt:12", or the define it is derived from */
};

struct ir_def {
	/* source, exactly as written */
	const char *name;
	const char *params;    /* "i" or "i,j"; NULL when not function-like */
	const char *body;      /* NULL when empty */
	struct ir_code code;
	const char *comment;   /* text after "//", NULL when none */
	uint32_t line, col;
	bool addendum;         /* from the project's addendum, not the manual */
	/* from NVIDIA's published header <arch>/<chip>/<file>.h (NULL: not);
	 * while parsing, the path as given */
	const char *published;
	uint32_t ir_line;      /* line of the IR element it was read from (0: parsed) */

	/* meaning */
	enum ir_kind kind;
	enum ir_role role;
	bool placed;           /* false: no parent found, kept at top level */
	int nparams;
	const char *param[2];
	uint32_t size[2];      /* index bounds from __SIZE_1/__SIZE_2, 0 = unknown */
	bool is_range;
	struct ir_num hi, lo;  /* ranges */
	struct ir_num value;   /* scalar bodies: offsets, values, constants */
	const char *ref;       /* alias target */
	const char *string;    /* string literal, without quotes */

	/* documentation */
	const char *prose;     /* verbatim text that precedes the define */
	const char *section;   /* heading of the section it is in */

	/* a device's address space (IR_SPACE_NONE: not a device, or not known) */
	struct ir_space space;

	/* hierarchy */
	struct ir_def *parent;
	struct ir_def *first_child, *last_child, *next_sibling;
};

struct ir_manual {
	struct arena arena;
	const char *source;    /* file name as given to refgen, basename only */
	const char *arch, *chip, *unit;
	const char *path;      /* <arch>/<chip>/<unit>.ref.txt: the manual under the manuals root */
	const char *license;   /* the manual's licence block, verbatim */
	const char *trailer;   /* text after the last define, verbatim */
	const char *addendum;  /* file name of the project's addendum, if any */
	const char *addendum_trailer;
	/* the published headers read for this unit ("<arch>/<chip>/<file>.h ..."),
	 * NULL when none */
	const char *published;
	struct ir_space space; /* of the defines no device holds */
	/* a class unit (NVIDIA's class header cl<id>.h): its name
	 * ("VOLTA_DMA_COPY_A") and id (0xc3b5); NULL and 0 for a manual.  Its
	 * registers are methods (space METHOD) named NV<ID>_... */
	const char *class_name;
	uint32_t class_id;
	struct ir_def **defs;  /* manual order (ir_manual_order) */
	size_t ndefs, cap;
	struct ir_def *first_root, *last_root;
};

struct ir_manual *ir_manual_new(void);
/* Puts m->defs in the order the emitters list them: the manual's lines,
 * then the published headers' (by file), then the project's addendum's. */
void ir_manual_order(struct ir_manual *m);
void ir_manual_free(struct ir_manual *m);
/* The file d was written in: the project's addendum (when the IR names it)
 * or the manual. */
const char *ir_def_file(const struct ir_manual *m, const struct ir_def *d);
/* Whether m is an excerpt: every define from a published header or the
 * project's addendum, none from a manual. */
bool ir_manual_excerpt(const struct ir_manual *m);
/* A published header's path as the IR records it: its last three components,
 * <arch>/<chip>/<file>.h (fewer when the path has fewer), in m's arena. */
const char *ir_published_path(struct ir_manual *m, const char *path);
/* The SPDX licence identifier of what is generated from m. */
const char *ir_manual_spdx(const struct ir_manual *m);
struct ir_def *ir_manual_add_def(struct ir_manual *m);
void ir_def_set_parent(struct ir_manual *m, struct ir_def *d, struct ir_def *parent);

const char *ir_kind_name(enum ir_kind k);
/* "bar0", "window", ...; NULL for IR_SPACE_NONE. */
const char *ir_space_name(enum ir_space_kind k);
/* IR_SPACE_NONE when s names no space. */
enum ir_space_kind ir_space_from_name(const char *s);
/* True for the spaces whose offsets are BAR0 addresses once placed: BAR0 and WINDOW. */
static inline bool ir_space_in_bar0(enum ir_space_kind k)
{
	return k == IR_SPACE_BAR0 || k == IR_SPACE_WINDOW;
}
/* The same space for the same reason: kind, base, via and source equal (by
 * text: a model read from IR holds each string apart). */
bool ir_space_same(const struct ir_space *a, const struct ir_space *b);
/* The space d's offset is in: its own (a device), its nearest device's, or the unit's. */
const struct ir_space *ir_def_space(const struct ir_manual *m, const struct ir_def *d);
int ir_kind_from_name(const char *s);
const char *ir_role_name(enum ir_role r);
int ir_role_from_name(const char *s);

/* Width of a constant range, 0 if not constant. */
static inline uint64_t ir_def_width(const struct ir_def *d)
{
	return d->is_range && d->hi.known && d->lo.known ? d->hi.value - d->lo.value + 1 : 0;
}

/*
 * Derive the unit from path's file name and, for a manual named as NVIDIA's
 * are ("<arch>/<chip>/<unit>.ref.txt"), its chip, arch and path under the
 * manuals root.
 */
void ir_manual_set_source(struct ir_manual *m, const char *path);

#endif
