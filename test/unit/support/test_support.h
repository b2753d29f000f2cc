/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the unit tests: captured diagnostics, parsing in-memory
 * manuals, looking up defines, temporary directories, files, subprocesses.
 * Every test binary is linked with the files in test/unit/support.
 */
#ifndef REFGEN_TEST_SUPPORT_H
#define REFGEN_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

#include "base/diag.h"
#include "ir/ir.h"

/* ---- diagnostics ---------------------------------------------------------- */

/* Every line a struct diag reported, in order. */
struct capture {
	char **lines;
	size_t n, cap;
};

/* diag_init(d) with a sink that appends to c. */
void capture_attach(struct capture *c, struct diag *d);
void capture_free(struct capture *c);
/* Index of the first line containing needle, or -1. */
long capture_find(const struct capture *c, const char *needle);
/* Writes every captured line to stderr (context for a failing assertion). */
void capture_dump(const struct capture *c, const char *why);
/* Fails the test unless some line equals want exactly. */
void capture_expect_line(const struct capture *c, const char *want);
/* Fails the test unless some line contains want. */
void capture_expect_substr(const struct capture *c, const char *want);

/* ---- parsing -------------------------------------------------------------- */

/* Parses len bytes as the manual named path (one parser per process). */
struct ir_manual *parse_mem(const char *path, const char *text, size_t len,
			    struct diag *d);
/* parse_mem of a NUL-terminated text. */
struct ir_manual *parse_str(const char *path, const char *text, struct diag *d);
/* Parses text that must give no diagnostic at all; fails the test otherwise. */
struct ir_manual *parse_clean(const char *text);
/* Releases the shared parser (group teardown). */
void parse_cleanup(void);

/* First define named name, or NULL. */
struct ir_def *manual_find(const struct ir_manual *m, const char *name);
/* manual_find that fails the test when the define is missing. */
struct ir_def *manual_get(const struct ir_manual *m, const char *name);
/* Number of children of d (roots when d is NULL). */
size_t def_child_count(const struct ir_manual *m, const struct ir_def *d);

/*
 * Evaluates expression text (a body, or one bound of a range) with the
 * define's parameters set to i and j.  Fails the test when it does not parse.
 */
uint64_t expr_text_eval(const struct ir_def *d, const char *text, uint64_t i, uint64_t j);

/*
 * Whether b holds everything a does: manual fields, and every define's source,
 * meaning, documentation and place, in the same order.  When not, why names
 * the first difference.
 */
bool ir_manual_same(const struct ir_manual *a, const struct ir_manual *b,
		    char *why, size_t n);

/* ---- the IR as XML -------------------------------------------------------- */

/* The element whose name attribute is name (depth first), or NULL. */
xmlNodePtr xml_find_def(xmlDocPtr doc, const char *name);
/* Attribute value of n (a static copy, NULL when absent). */
const char *xml_attr(xmlNodePtr n, const char *attr);

/* ---- files ---------------------------------------------------------------- */

/* A fresh directory under $TMPDIR (or /tmp); free() the result. */
char *tmpdir_create(void);
/* Removes dir and everything below it. */
void tmpdir_remove(const char *dir);
/* dir + "/" + name, malloc'ed. */
char *path_join(const char *dir, const char *name);
/* Whole file, NUL-terminated; NULL on error. */
char *file_slurp(const char *path, size_t *len);
/* Creates or truncates path with data. 0 or -1. */
int file_put(const char *path, const void *data, size_t len);
/* Entries of dir other than . and .., or -1. */
long dir_entry_count(const char *dir);
/* getenv(var); fails the test when it is unset or empty. */
const char *env_require(const char *var);
/* $REFGEN_FIXTURES/name, malloc'ed. */
char *fixture_path(const char *name);

/* ---- the .ref source, read independently of the parser -------------------- */

/* Whether the first non-blank characters are '#', optional blanks, "define". */
bool refsrc_is_define(const char *line, size_t len);
/* Number of such lines in text. */
size_t refsrc_count_defines(const char *text, size_t len);
/*
 * The define lines of text, one per line ("\n"-terminated), each normalised
 * by blanks_normalise when normalise is set, else copied verbatim (without
 * a trailing CR).  malloc'ed.
 */
char *refsrc_define_lines(const char *text, size_t len, bool normalise);
/*
 * Collapses runs of blanks into one space and trims, in place.  The blank
 * before a code comment's opening slash-star is dropped too: a few display
 * manuals glue the comment to the body ("0x00000001" directly followed by
 * the comment), spacing the IR rightly does not keep.
 */
void blanks_normalise(char *s);

/* ---- subprocesses --------------------------------------------------------- */

struct proc_result {
	int status;     /* exit status, or 128 + signal */
	char *out, *err;
	size_t out_len, err_len;
};

/* Runs argv[0] (a path) with argv, stdin from /dev/null; output captured. */
void proc_run(char *const argv[], struct proc_result *r);
void proc_result_free(struct proc_result *r);

#endif
