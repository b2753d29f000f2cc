/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup's batch mode: one input line in, one decoded line out.
 * Lines are "ADDRESS [VALUE]" (hex, 0x optional) or an mmiotrace log
 * (Documentation/trace/mmiotrace.rst): "R|W WIDTH TIME MAP-ID PHYS VALUE PC PID",
 * with addresses taken relative to the base its "MAP" line gave that map id.
 * When the log's header has "PCIDEV" lines, only the mappings inside the
 * BAR0 of an NVIDIA GPU they list are decoded; the R/W lines of any other
 * mapping (BAR1, BAR2/3, another device) are copied through as they are.
 * Anything else (VERSION, MARK, UNMAP, comments) is copied through.
 */
#ifndef REFGEN_LOOKUP_BATCH_H
#define REFGEN_LOOKUP_BATCH_H

#include <stdbool.h>
#include <stdio.h>

#include "lookup/lookup_index.h"
#include "strbuf.h"

#define LOOKUP_BATCH_MAPS 64
#define LOOKUP_BATCH_GPUS 16

struct lookup_batch {
	const struct lookup_index *x;
	bool json;
	struct { unsigned long id; uint64_t base; bool other; } maps[LOOKUP_BATCH_MAPS];
	size_t nmaps;
	struct { uint64_t lo, hi; } gpus[LOOKUP_BATCH_GPUS];   /* BAR0s of PCIDEV lines */
	size_t ngpus;
	struct strbuf line;            /* the output line being built */
	unsigned long lines, decoded;  /* input lines; lines naming a register */
};

void lookup_batch_init(struct lookup_batch *b, const struct lookup_index *x, bool json);
void lookup_batch_release(struct lookup_batch *b);
/* Decodes one input line (len bytes, no newline) and writes its output line. */
void lookup_batch_line(struct lookup_batch *b, const char *s, size_t len, FILE *out);
/* Every line of in; false on a read or write error. */
bool lookup_batch_stream(struct lookup_batch *b, FILE *in, FILE *out);

#endif
