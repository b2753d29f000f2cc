/* SPDX-License-Identifier: MIT */
#include "ir/ir_code.h"

#include <string.h>

static const char *ir_code_read(char c)
{
	switch (c) {
	case 'R': return "yes";
	case '-': return "no";        /* part of a write-only register */
	case 'C': return "constant";  /* always reads the same value */
	default: return "other";
	}
}

static const char *ir_code_write(char c)
{
	switch (c) {
	case 'W': return "yes";
	case '-': return "no";
	default: return "other";
	}
}

static const char *ir_code_state(char c)
{
	switch (c) {
	case '-': return "none";
	case 'X': return "unknown";
	case 'I': case 'E': case 'B': case 'C': return "reset";
	case 'V': return "volatile";
	case 'D': return "default";
	default: return "other";
	}
}

static const char *ir_code_decl(char c)
{
	switch (c) {
	case '-': return "none";
	case 'V': return "void";
	case 'U': return "unsigned";
	case 'S': return "signed";
	case 'F': return "float";
	case '1': return "8";
	case '2': return "16";
	case '3': return "24";
	case '4': return "32";
	case '8': return "64";
	default: return "other";
	}
}

static const char *ir_code_indicator(char c)
{
	switch (c) {
	case 'C': return "clear";
	case 'D': return "device";
	case 'L': return "logical-device";
	case 'M': return "memory";
	case 'R': return "register";
	case 'A': return "array";
	case 'F': return "field";
	case 'V': return "value";
	case 'T': return "task";
	case 'P': return "phantom";
	case 'B': return "bundle";
	case 'G': return "general";
	case '-': return "none";
	default: return "other";
	}
}

bool ir_code_decode(const struct ir_code *c, struct ir_code_meaning *out)
{
	if (!c->present || strlen(c->c) != 5)
		return false;
	out->read = ir_code_read(c->c[0]);
	out->write = ir_code_write(c->c[1]);
	out->state = ir_code_state(c->c[2]);
	out->decl = ir_code_decl(c->c[3]);
	out->indicator = ir_code_indicator(c->c[4]);
	return true;
}
