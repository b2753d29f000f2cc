/* SPDX-License-Identifier: MIT */
/*
 * Alternative views: units of one chip that describe the same registers
 * differently (gv100/tu104 dev_display_head, head-relative, and
 * dev_display_withoffset, absolute).  Only pairs declared in a file
 * (manuals/alternative-views.txt: "CHIP UNIT UNIT" per line, '#' comments)
 * may share names; their headers exclude each other.  Any other pair of
 * units defining one name is an error naming both defines.
 */
#ifndef REFGEN_EMIT_VIEWS_H
#define REFGEN_EMIT_VIEWS_H

#include "emit/emit.h"

struct emit_views {
	char (*pair)[2][64];   /* the pairs declared for the chip */
	size_t n;
};

/* Reads path's pairs for chip; errors at path:line.  0 or -1. */
int emit_views_load(struct emit_views *v, const char *path, const char *chip, struct diag *d);
void emit_views_release(struct emit_views *v);

/*
 * Sets ec->overlap for the declared pairs that share names, and reports
 * every other pair of units that define a name in common.  0 or -1.
 */
int emit_views_apply(struct emit_chip *ec, const struct emit_views *v);

#endif
