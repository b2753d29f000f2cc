/* SPDX-License-Identifier: MIT */
/*
 * Address spaces: where each device's (and each unit's) offsets live, set
 * on a parsed manual.  What the manual says is derived (a device
 * <P>_FULL_PHYS_OFFSET places the devices <P> and <P>_* that fit in it in
 * BAR0 at its low address); the rest is declared as data, one line per
 * chip/unit or device with its source (manuals/address-spaces.txt):
 *
 *   <chip>/<unit>  <DEVICE>|*  <space>[:<VIA>]  <source...>
 *
 * <space> is bar0, window:VIA (BAR0 holds the unit's offsets from where
 * the unit's device VIA starts, or from the chip's base address VIA), block:VIA (a BAR0 block whose base is read
 * at run time from VIA), aperture, pci, vf, memory, ctxsw or method.
 */
#ifndef REFGEN_REF_SPACE_H
#define REFGEN_REF_SPACE_H

#include "base/diag.h"
#include "ir/ir.h"

struct ref_spaces;

/* The declarations of path; NULL reported (file:line:col: error: ...). */
struct ref_spaces *ref_spaces_load(const char *path, struct diag *d);
void ref_spaces_free(struct ref_spaces *s);
/*
 * A published chip's base addresses (its hwproject.h, parsed): a window
 * whose VIA is no device of the unit starts at the constant VIA of bases
 * (window:NV_XAL_BASE_ADDRESS).  bases must outlive s's use.
 */
void ref_spaces_use_bases(struct ref_spaces *s, const struct ir_manual *bases);

/*
 * Sets m's space and every device's (its own declaration, else derived,
 * else its enclosing device's, else the unit's), for chip (m->chip when
 * NULL).  A declaration naming a device m lacks, or a window whose VIA is
 * no device of m, is an error at the declaration's line.  0 or -1.
 */
int ref_spaces_apply(const struct ref_spaces *s, struct ir_manual *m, struct diag *d);

#endif
