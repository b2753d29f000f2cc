/* SPDX-License-Identifier: MIT */
/*
 * Chip-to-chip comparison of the IR: which devices, registers, structures,
 * fields and values were added, removed, moved (offset, bit range or value
 * changed), resized (width or array size), re-coded (access code changed)
 * or renamed with the same layout between one chip's manuals and another's.
 *
 * Offsets compare within an address space: a register or device whose
 * space changed (bar0 -> a window, another window base) has moved.
 * Defines match by name within a unit.  A removed define and an added one
 * are a rename when they are of one kind, under the same (matched) parent,
 * with the same layout, and neither overlaps anything else that changed
 * side.  Constants (sizes, shifts) are not compared: their effect shows on
 * what they describe.
 */
#ifndef REFGEN_IR_DIFF_H
#define REFGEN_IR_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/ir.h"
#include "strbuf.h"

enum ir_diff_change {
	IR_DIFF_ADDED,
	IR_DIFF_REMOVED,
	IR_DIFF_MOVED,     /* offset, bit range, array stride or value changed */
	IR_DIFF_RESIZED,   /* width or array size changed */
	IR_DIFF_RECODED,   /* access code changed */
	IR_DIFF_RENAMED,   /* another name, same layout */
	IR_DIFF_CHANGE_COUNT
};
#define IR_DIFF_BIT(c) (1u << (c))

struct ir_diff_entry {
	unsigned changes;               /* IR_DIFF_BIT()s; several may hold */
	const struct ir_def *from, *to; /* from NULL: added; to NULL: removed */
	/* Index of the added/removed entry this one belongs to (its register
	 * when a register was removed with its fields), or -1. */
	long within;
	/* For a removed define: the added ones that took its place (same
	 * kind and parent, overlapping position, or a name extending it). */
	const struct ir_def **related;
	size_t nrelated;
	/* A register's or device's address space, when the two differ (then it
	 * moved: an offset is compared only within one space). */
	const struct ir_space *space_from, *space_to;
};

struct ir_diff_unit {
	const char *unit;
	const struct ir_manual *from, *to;  /* NULL when the unit is on one side only */
	struct ir_diff_entry *entries;      /* by name; a define's own entries follow it */
	size_t nentries;
	/* Per change, entries that are not within another one. */
	unsigned count[IR_DIFF_CHANGE_COUNT];
};

struct ir_diff {
	struct ir_diff_unit *units;   /* by unit name */
	size_t nunits;
};

/*
 * Compares two chips given as their units (any order).  With unit non-NULL
 * only that unit.  Units without any change are left out.  0, or -1 when
 * memory ran out.
 */
int ir_diff_chips(struct ir_diff *out, struct ir_manual *const *from, size_t nfrom,
		  struct ir_manual *const *to, size_t nto, const char *unit);
/* Compares one unit (either side may be NULL). 0 or -1. */
int ir_diff_unit_compare(struct ir_diff_unit *out, const struct ir_manual *from,
			 const struct ir_manual *to);
void ir_diff_unit_release(struct ir_diff_unit *u);
void ir_diff_release(struct ir_diff *d);

/* "added", "removed", "moved", "resized", "re-coded", "renamed". */
const char *ir_diff_change_name(enum ir_diff_change c);
/* "moved, re-coded": the changes of e, comma-separated. */
void ir_diff_changes_text(struct strbuf *b, unsigned changes);
/* What changed, old -> new: "0x2270 -> 0x2b00; RW-4R -> RW-4A". */
void ir_diff_detail_text(struct strbuf *b, const struct ir_diff_entry *e);
/* The entry of u about the define named name (either side), or NULL. */
const struct ir_diff_entry *ir_diff_unit_find(const struct ir_diff_unit *u, const char *name);

#endif
