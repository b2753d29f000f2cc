/* SPDX-License-Identifier: MIT */
/* Text in an IR document that refgen copies into generated C. */
#ifndef REFGEN_IR_TEXT_H
#define REFGEN_IR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The first byte of s[0, len) a line of generated C must not hold, or NULL:
 * an attribute (lines false) holds printable ASCII and tabs only (no line
 * break, carriage return, DEL, backslash or non-ASCII); prose, licence or
 * trailer text (lines true) may hold line feeds and carriage returns too.
 * Such text could end a comment or start a preprocessor directive in a
 * generated header (the schema's c-text says the same).
 */
const char *ir_text_bad(const char *s, size_t len, bool lines);

/* What the byte c that ir_text_bad found is: "a line break", ... */
const char *ir_text_what(unsigned char c);

/*
 * The lengths the schema's c-text does not bound (it is one pattern for
 * all): NULL, or why attribute attr with a value of len bytes is refused
 * ("empty", "longer than 15 characters").
 */
const char *ir_text_length_bad(const char *attr, size_t len);

#endif
