/* SPDX-License-Identifier: MIT */
/*
 * A chip's IR: every unit's document from one directory, found by chip name
 * in the build tree or where `make install` put it.
 */
#ifndef REFGEN_IR_CHIP_H
#define REFGEN_IR_CHIP_H

#include <stddef.h>

#include "base/diag.h"
#include "ir/ir.h"

struct ir_chip {
	char name[64];
	char dir[4096];
	struct ir_manual **units;   /* sorted by unit name */
	size_t nunits;
};

/*
 * Finds <root>/<chip> for the first root that has it: ir_root when given
 * (nothing else is tried), else $REFGEN_IR, the build tree next to the
 * program (<bindir>/../ir), the installed tree (<bindir>/../share/refgen/ir),
 * then REFGEN_DATADIR/ir.  0, or -1 with every place tried in *tried.
 */
int ir_chip_locate(const char *chip, const char *ir_root, char *dir, size_t n,
		   char *tried, size_t ntried);
/* Loads every *.xml of the chip's directory.  0, or -1 with diagnostics. */
int ir_chip_load(struct ir_chip *c, const char *chip, const char *ir_root, struct diag *d);
/*
 * Loads one class unit as a chip of one unit: cls is a class id (c3b5,
 * clc3b5, 0xc3b5) or name (VOLTA_DMA_COPY_A), found in the first IR root
 * (the order of ir_chip_locate) where a chip's IR holds it.  0, or -1.
 */
int ir_class_load(struct ir_chip *c, const char *cls, const char *ir_root, struct diag *d);
/* The class unit of c that cls names: an id (c3b5, clc3b5, 0xc3b5) or a
 * name (VOLTA_DMA_COPY_A); NULL when c has none so named. */
const struct ir_manual *ir_chip_class(const struct ir_chip *c, const char *cls);
void ir_chip_release(struct ir_chip *c);
/* The unit named unit, or NULL. */
const struct ir_manual *ir_chip_unit(const struct ir_chip *c, const char *unit);

#endif
