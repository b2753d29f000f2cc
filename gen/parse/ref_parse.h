/* SPDX-License-Identifier: MIT */
/*
 * The .ref reader: splits a manual into #define lines and the prose between
 * them, then hands each define to ref_analyze and the whole to ref_group.
 */
#ifndef REFGEN_REF_PARSE_H
#define REFGEN_REF_PARSE_H

#include <stddef.h>

#include "base/diag.h"
#include "ir/ir.h"

struct ref_parser;

/* Compiles the PCRE2 patterns once (JIT where available). NULL on failure. */
struct ref_parser *ref_parser_new(void);
void ref_parser_free(struct ref_parser *p);
/* Whether the patterns were JIT-compiled. */
int ref_parser_jit(const struct ref_parser *p);

/*
 * Parses one manual held in memory; path names it in diagnostics and the IR.
 * Returns NULL when errors were reported (or warnings under -Werror).
 */
struct ir_manual *ref_parse_text(struct ref_parser *p, const char *path,
				 const char *text, size_t len, struct diag *d);
struct ir_manual *ref_parse_file(struct ref_parser *p, const char *path, struct diag *d);
/*
 * A manual continued by the project's addendum (a .ref file of facts the
 * manual lacks): its defines join the same unit, grouped together with the
 * manual's, and are marked as addendum in the IR.
 */
struct ir_manual *ref_parse_file_addendum(struct ref_parser *p, const char *path,
					  const char *addendum, struct diag *d);
/*
 * A unit from up to three sources: a manual (or, named *.h, NVIDIA's
 * published header), the project's addendum (or NULL), then published
 * headers that fill the manual's gaps: a published define the manual (or
 * addendum) lacks joins the unit, marked with its header; one it defines
 * stays the manual's, with a -Wpublished warning when the two disagree.
 * Continuing a published header, they join it as its addendum headers do.
 */
struct ir_manual *ref_parse_file_merged(struct ref_parser *p, const char *path,
					const char *addendum, const char *const *published,
					size_t npublished, struct diag *d);

#endif
