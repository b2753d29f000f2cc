/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup's batch mode: one input line read into one query
 * (lookup_query.h), asked with the run's options, its result kept for the
 * caller to print.  Lines are "ADDRESS [VALUE]" (the one number rule: hex,
 * 0x optional) or an mmiotrace log (Documentation/trace/mmiotrace.rst):
 * "R|W WIDTH TIME MAP-ID PHYS VALUE PC PID", with addresses taken relative
 * to the base its "MAP" line gave that map id.  When the log's header has
 * "PCIDEV" lines, only the mappings inside the BAR0 of an NVIDIA GPU they
 * list are decoded; the R/W lines of any other mapping (BAR1, BAR2/3,
 * another device) are text, copied through as they are.  Anything else
 * (VERSION, MARK, UNMAP, comments) is text too.
 *
 * Registers of a block whose BAR0 base only the running driver knows (a
 * unit in the block space: GA100's runlists, NV_RUNLIST_* and NV_CHRAM_*)
 * are named once their block is placed: by the caller (lookup_ctx_block_add,
 * refgen lookup --block NV_RUNLIST=0xc10000), or by the trace itself, from
 * the device records it reads (NV_PTOP_DEVICE_INFO2 rows, RUNLIST_PRI_BASE)
 * and each runlist's NV_RUNLIST_CHANNEL_CONFIG (CHRAM_BAR0_OFFSET): the
 * line that gave a base says so (b->found).
 */
#ifndef REFGEN_LOOKUP_BATCH_H
#define REFGEN_LOOKUP_BATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "lookup/lookup_index.h"
#include "lookup/lookup_query.h"

#define LOOKUP_BATCH_MAPS 64
#define LOOKUP_BATCH_GPUS 16
#define LOOKUP_BATCH_ROWS 16

/* The names a trace's block bases are read from (dev_top, dev_runlist). */
#define LOOKUP_BATCH_INFO_ROWS "NV_PTOP_DEVICE_INFO2"
#define LOOKUP_BATCH_INFO_RECORD "NV_PTOP_DEVICE_INFO2_DEV"
#define LOOKUP_BATCH_CHANNEL_CONFIG "NV_RUNLIST_CHANNEL_CONFIG"
#define LOOKUP_BATCH_RUNLIST "NV_RUNLIST"
#define LOOKUP_BATCH_CHRAM "NV_CHRAM"

enum lookup_line_kind {
	LOOKUP_LINE_TEXT,              /* not an access: copied through */
	LOOKUP_LINE_ACCESS,            /* b->q asked, b->r its answer, b->op its R/W */
};

struct lookup_batch {
	struct lookup_ctx *ctx;        /* blocks the trace gives are added to it */
	struct lookup_query q;         /* the line's query (first_only) */
	struct lookup_result r;        /* and its answer */
	char op;                       /* 'R', 'W', or 0 for an "ADDRESS [VALUE]" line */
	const struct lookup_block *found;   /* a block this line placed, or NULL */
	struct { unsigned long id; uint64_t base; bool other; } maps[LOOKUP_BATCH_MAPS];
	size_t nmaps;
	struct { uint64_t lo, hi; } gpus[LOOKUP_BATCH_GPUS];   /* BAR0s of PCIDEV lines */
	size_t ngpus;
	/* A device record being read: its rows so far, the row expected next. */
	uint32_t rows[LOOKUP_BATCH_ROWS];
	size_t nrows;
	uint32_t next_row;
	const struct lookup_field *row_chain, *rl_base, *chram_base;   /* NULL: the chip has none */
	unsigned long lines, decoded;  /* input lines; lines naming a register */
};

void lookup_batch_init(struct lookup_batch *b, struct lookup_ctx *c);
void lookup_batch_release(struct lookup_batch *b);
/* Reads one input line (len bytes, no newline); an access is asked at once. */
enum lookup_line_kind lookup_batch_line(struct lookup_batch *b, const char *s, size_t len);

#endif
