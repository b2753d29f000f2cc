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
 *
 * Registers of a block whose BAR0 base only the running driver knows (a
 * unit in the block space: GA100's runlists, NV_RUNLIST_* and NV_CHRAM_*)
 * are named once the caller says where a block is (lookup_batch_block_add,
 * refgen lookup --block NV_RUNLIST=0xc10000): an access at or above the
 * base is that block's register at the offset from it, "NAME@BASE".
 */
#ifndef REFGEN_LOOKUP_BATCH_H
#define REFGEN_LOOKUP_BATCH_H

#include <stdbool.h>
#include <stdio.h>

#include "lookup/lookup_index.h"
#include "strbuf.h"

#define LOOKUP_BATCH_MAPS 64
#define LOOKUP_BATCH_GPUS 16
#define LOOKUP_BATCH_BLOCKS 256

/* The registers named name_* (or name(...)) of the block space, at base. */
struct lookup_block {
	const char *name;
	size_t len;
	uint64_t base;
};

struct lookup_batch {
	const struct lookup_index *x;
	bool json;
	struct { unsigned long id; uint64_t base; bool other; } maps[LOOKUP_BATCH_MAPS];
	size_t nmaps;
	struct { uint64_t lo, hi; } gpus[LOOKUP_BATCH_GPUS];   /* BAR0s of PCIDEV lines */
	size_t ngpus;
	struct lookup_block blocks[LOOKUP_BATCH_BLOCKS];   /* highest base first */
	size_t nblocks;
	struct strbuf line;            /* the output line being built */
	unsigned long lines, decoded;  /* input lines; lines naming a register */
};

void lookup_batch_init(struct lookup_batch *b, const struct lookup_index *x, bool json);
void lookup_batch_release(struct lookup_batch *b);
/* A block of the block space's registers named name_* (len bytes of name,
 * which is not copied) at BAR0 base.  0; -1 when no register of the block
 * space is named so; -2 when LOOKUP_BATCH_BLOCKS are given already. */
int lookup_batch_block_add(struct lookup_batch *b, const char *name, size_t len, uint64_t base);
/* Decodes one input line (len bytes, no newline) and writes its output line. */
void lookup_batch_line(struct lookup_batch *b, const char *s, size_t len, FILE *out);
/* Every line of in; false on a read or write error. */
bool lookup_batch_stream(struct lookup_batch *b, FILE *in, FILE *out);

#endif
