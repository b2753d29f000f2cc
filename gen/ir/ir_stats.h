/* SPDX-License-Identifier: MIT */
/* Counts of defines by kind, for `refgen parse --stats`. */
#ifndef REFGEN_IR_STATS_H
#define REFGEN_IR_STATS_H

#include <stdio.h>

#include "ir/ir.h"

struct ir_stats {
	size_t files, defines, unplaced;
	size_t kind[IR_KIND_COUNT];
};

void ir_stats_add(struct ir_stats *s, const struct ir_manual *m);
void ir_stats_print_header(FILE *out);
void ir_stats_print_row(FILE *out, const char *label, const struct ir_stats *s);

#endif
