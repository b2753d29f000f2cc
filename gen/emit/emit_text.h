/* SPDX-License-Identifier: MIT */
/*
 * Text the IR brings into generated C, and the last check of every header
 * before it is written.  An IR document may come from anywhere: whatever it
 * holds, a generated header has only the generator's own lines and
 * preprocessor directives (defence in depth behind the schema and reader,
 * which refuse control characters already).
 */
#ifndef REFGEN_EMIT_TEXT_H
#define REFGEN_EMIT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "base/diag.h"
#include "strbuf.h"

/*
 * s made safe for one line of C, in code or inside a comment the emitter
 * opened: control characters (line breaks included) and backslashes become
 * spaces, and "*" "/", "/" "*" and "??" are split by a space.  Returns s
 * itself when it needs none of that (the usual case), else a copy in a.
 */
const char *emit_text_line(struct arena *a, const char *s);

/* Appends s[0..n) to b with the changes emit_text_line makes. */
void emit_text_put(struct strbuf *b, const char *s, size_t n);

/*
 * Checks a whole generated header: printable ASCII, tabs and line feeds
 * only; every comment and string closed; line splices only in directives;
 * every preprocessor directive one the generator writes (#if, #ifdef,
 * #ifndef, #elif, #else, #endif, #define, #undef, #error, and #include of
 * its own support headers, of "../<unit>.h" (a builders header's typed
 * header) and of <stdint.h>, <stdbool.h>, <linux/types.h>, <linux/bug.h>,
 * <assert.h>).  0, or -1 with an error at path:line.
 */
int emit_text_check(const char *path, const char *data, size_t len, struct diag *d);

/* Whether path is C or C++ (.h, .c, .hpp), which emit_text_check applies to. */
bool emit_text_is_c(const char *path);

/*
 * Where checked headers go instead of files, when set (tests and the
 * injection fuzz target read what emit would write).  Returns 0 or -1.
 */
extern int (*emit_text_sink)(void *ctx, const char *path, const char *data, size_t len);
extern void *emit_text_sink_ctx;

#endif
