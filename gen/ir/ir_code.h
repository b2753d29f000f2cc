/* SPDX-License-Identifier: MIT */
/* The five-letter access code, decoded per the KEY legend of the manuals. */
#ifndef REFGEN_IR_CODE_H
#define REFGEN_IR_CODE_H

#include "ir/ir.h"

struct ir_code_meaning {
	const char *read, *write, *state, *decl, *indicator;
};

/* False when the code is absent, blank or not five letters. */
bool ir_code_decode(const struct ir_code *c, struct ir_code_meaning *out);

#endif
