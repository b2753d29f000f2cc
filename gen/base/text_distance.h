/* SPDX-License-Identifier: MIT */
/* How far apart two names are: for "did you mean" suggestions (check/, lookup/). */
#ifndef REFGEN_TEXT_DISTANCE_H
#define REFGEN_TEXT_DISTANCE_H

#include <stddef.h>

#define TEXT_DISTANCE_MAX 255   /* longest text measured */

/* The edit distance (Levenshtein: insert, delete, replace one byte) of
 * a[0..na) and b[0..nb) when at most limit; else limit + 1 (also for a text
 * longer than TEXT_DISTANCE_MAX), found without finishing the table. */
size_t text_distance(const char *a, size_t na, const char *b, size_t nb, size_t limit);

#endif
