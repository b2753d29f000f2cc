/* SPDX-License-Identifier: MIT */
/*
 * The fast checker: a document, as a stream of events (an element opens,
 * its attributes, text, it closes), against a compiled grammar
 * (rng_grammar.h).  ir_write feeds it each element as it writes it, ir_read
 * each as libxml2's SAX2 parser reads it; rng_check_doc walks a parsed
 * document (the tests' and fuzz targets' comparisons with libxml2).
 *
 * Each call returns 0, or -1 with the reason in why (the document does not
 * match from there on; stop).
 */
#ifndef REFGEN_RNG_CHECK_H
#define REFGEN_RNG_CHECK_H

#include <libxml/tree.h>

#include "schema/rng_grammar.h"

struct rng_frame {
	const struct rng_elem *e;
	uint64_t names;         /* local attribute names seen */
	uint64_t valid;         /* attribute patterns whose value matched */
	uint64_t state;         /* bit k+1: after particle k; bit 0: before any */
	bool attrs_done;
	size_t text_start;      /* typed text: where it starts in the text buffer */
};

struct rng_check {
	const struct rng_grammar *g;
	struct rng_frame *stack;
	int depth, cap;
	char *text;             /* typed text collected so far */
	size_t text_len, text_cap;
	char why[320];
	const char *why_attr;   /* the attribute why is about, or NULL */
	/* Attribute sets seen to match (rng_attrs_done): an IR repeats a few
	 * sets of each element thousands of times.  Direct-mapped; e NULL: empty. */
	struct rng_attrs_seen {
		const struct rng_elem *e;
		uint64_t names, valid;
	} seen[64];
};

void rng_check_init(struct rng_check *c, const struct rng_grammar *g);
void rng_check_release(struct rng_check *c);
/* Ready for another document. */
void rng_check_reset(struct rng_check *c);

/* elem: rng_grammar_elem() of name (-1: not in the grammar). */
int rng_check_open(struct rng_check *c, int elem, const char *name);
/* attr: rng_grammar_attr() of name (-1: not in the grammar). */
int rng_check_attr(struct rng_check *c, int attr, const char *name, const char *value, size_t len);
/* Attribute bits (a frame's names and valid) a caller recorded after the
 * same attributes with the same values on an element of the same name:
 * what rng_check_attr would set for each of them. */
void rng_check_attrs_put(struct rng_check *c, uint64_t names, uint64_t valid);
/* After the element's last attribute: the set of them is complete (else
 * the first child, text or close checks it). */
int rng_check_attrs_end(struct rng_check *c);
int rng_check_text(struct rng_check *c, const char *text, size_t len);
int rng_check_close(struct rng_check *c);
/* After the root closed: the document is complete. */
int rng_check_end(struct rng_check *c);

/*
 * The whole document; *line gets the line of the offending node, or of the
 * offending attribute (rng_attr_line()).
 */
int rng_check_doc(struct rng_check *c, xmlDocPtr doc, long *line);

/*
 * The line of n's attribute name: the line its value's text node holds when
 * the reader recorded it (ir_read), else n's line.
 */
long rng_attr_line(xmlNodePtr n, const char *name);

#endif
