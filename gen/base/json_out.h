/* SPDX-License-Identifier: MIT */
/* Minimal JSON output for the --json forms of the command line. */
#ifndef REFGEN_JSON_OUT_H
#define REFGEN_JSON_OUT_H

#include <stdio.h>

/* s as a JSON string (quoted, escaped); NULL as null. */
void json_out_string(FILE *f, const char *s);
/* "key": string, with a leading comma unless first. */
void json_out_member(FILE *f, const char *key, const char *s, int first);

#endif
