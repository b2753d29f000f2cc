/* SPDX-License-Identifier: MIT */
/* Groups a manual's defines into devices, registers, structures, fields, values. */
#ifndef REFGEN_REF_GROUP_H
#define REFGEN_REF_GROUP_H

#include "base/diag.h"
#include "ir/ir.h"

/*
 * Links every define of m into the hierarchy; reports conflicts.  paths[0]
 * names the manual and paths[1] its addendum in diagnostics.  0 or -1.
 */
int ref_group(struct ir_manual *m, const char *const *paths, struct diag *diag);

#endif
