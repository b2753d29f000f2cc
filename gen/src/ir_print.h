/* Writes a manual's defines back as .ref lines, in manual order. */
#ifndef REFGEN_IR_PRINT_H
#define REFGEN_IR_PRINT_H

#include <stdio.h>

#include "ir.h"

/* "#define NAME[(params)] BODY [/\* CODE *\/] [//comment]" per define. */
void ir_print_define(const struct ir_def *d, FILE *out);
void ir_print_manual(const struct ir_manual *m, FILE *out);

#endif
