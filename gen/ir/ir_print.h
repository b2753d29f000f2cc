/* SPDX-License-Identifier: MIT */
/* Writes a manual's defines back as .ref lines, in manual order. */
#ifndef REFGEN_IR_PRINT_H
#define REFGEN_IR_PRINT_H

#include <stdio.h>

#include "ir/ir.h"
#include "strbuf.h"

/* "#define NAME[(params)] BODY [/\* CODE *\/] [//comment]" per define. */
void ir_print_define(const struct ir_def *d, FILE *out);
/* The same line into b, without the newline. */
void ir_print_define_buf(const struct ir_def *d, struct strbuf *b);
/* "NAME" or "NAME(i,j)". */
void ir_print_name_buf(const struct ir_def *d, struct strbuf *b);
/* The define lines in manual order; the unit's and each device's address space
 * on a "// space: ..." line before them (not a define line). */
void ir_print_manual(const struct ir_manual *m, FILE *out);

#endif
