/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup's forms, shared between cli_lookup.c (the command and the
 * ADDRESS [VALUE] form), cli_lookup_name.c (NAME) and cli_lookup_struct.c
 * (--struct NAME WORD...); the define lines they all print are
 * cli_lookup_out.c's.
 */
#ifndef REFGEN_CLI_LOOKUP_H
#define REFGEN_CLI_LOOKUP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"
#include "lookup/lookup_batch.h"
#include "lookup/lookup_index.h"

struct cli_lookup {
	const char *chip, *ir_root, *structure;
	const char *config;            /* --config FILE: cli_lookup_config.c */
	const char *space_name;        /* --space NAME; NULL: BAR0 */
	enum ir_space_kind space;      /* what ADDRESS is in (IR_SPACE_BAR0 by default) */
	bool json;
	struct lookup_block blocks[LOOKUP_BATCH_BLOCKS];   /* --block NAME=BASE (NAME in the argument) */
	size_t nblocks;
	struct lookup_index x;
};

/* cli_lookup_out.c: apart, so NAME and --struct never call back into cli_lookup.c. */
/* indent + "dev_fifo.ref.txt:54: #define ..." */
void cli_lookup_source(FILE *out, const struct ir_manual *m, const struct ir_def *d, const char *indent);
/* The define's members of a JSON object ("name", "kind", "unit", ..., "define"). */
void cli_lookup_def_json(FILE *out, const struct ir_manual *m, const struct ir_def *d);
/* ,"space":{"name":..,"offset":..,"bar0":..,"via":..} of register element r at addr. */
void cli_lookup_space_json(FILE *out, const struct lookup_reg *r, uint64_t addr);

int cli_lookup_name(struct cli_lookup *l, const char *arg);
int cli_lookup_struct(struct cli_lookup *l, int argc, char **argv);

#endif
