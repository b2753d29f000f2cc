/* SPDX-License-Identifier: MIT */
/*
 * Known warnings: defects of the public manuals that a user can't fix, listed
 * one a line as "<chip>/<unit> <warning> <DEFINE>" (manuals/known-warnings.txt).
 * A listed warning is counted instead of shown, so a new one stands out.
 */
#ifndef REFGEN_DIAG_KNOWN_H
#define REFGEN_DIAG_KNOWN_H

#include <stdbool.h>

#include "base/diag.h"

/* Loads path; NULL with a diagnostic in d on error. */
struct diag_known *diag_known_load(const char *path, struct diag *d);
void diag_known_free(struct diag_known *k);
/* d counts the warnings k lists instead of showing them; k stays the caller's. */
void diag_known_use(struct diag *d, const struct diag_known *k);
/* Whether warning w about define in file (".../<chip>/<unit>.ref[.txt]") is listed. */
bool diag_known_has(const struct diag_known *k, const char *file, enum diag_warning w,
		    const char *define);

#endif
