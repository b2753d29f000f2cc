/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup: cli_lookup.c reads the options and asks the lookup core
 * (lookup/lookup_query.h) one query per ADDRESS, NAME, --struct or batch
 * line; cli_lookup_print.c prints its result as text, JSON or a batch line.
 * Nothing here finds or decodes: every form prints what the core answered.
 */
#ifndef REFGEN_CLI_LOOKUP_H
#define REFGEN_CLI_LOOKUP_H

#include <stdbool.h>
#include <stdio.h>

#include "lookup/lookup_batch.h"
#include "lookup/lookup_query.h"
#include "strbuf.h"

/* An ADDRESS, NAME or --struct result as text or one JSON object. */
void cli_lookup_print(FILE *out, const struct lookup_result *r, bool json);
/* A batch line's output line to out (s is scratch space): the input copied
 * through when it is text, else its access and first candidate, decoded. */
void cli_lookup_print_line(FILE *out, struct strbuf *s, const struct lookup_batch *b, enum lookup_line_kind kind,
			   const char *line, size_t len, bool json);
/* Every line of in through b, printed to out; false on a read or write error. */
bool cli_lookup_stream(struct lookup_batch *b, FILE *in, FILE *out, bool json);

#endif
