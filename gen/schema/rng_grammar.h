/* SPDX-License-Identifier: MIT */
/*
 * A RELAX NG grammar compiled for fast checking: gen/schema/ir.rng (or any
 * grammar in the same subset) turned into one content model per element
 * name.  The fast checker (rng_check.h) runs on it; libxml2's own RELAX NG
 * validator stays the reference it must agree with (test/fuzz/fuzz_ir_schema.c,
 * `make test`).
 *
 * The subset: elements named by a name attribute, one definition per element
 * name, no namespaces; attributes combined by group, choice and optional;
 * child elements as a sequence of particles, each an element or a choice of
 * elements, once, optional, zero or more or one or more times; or text (any,
 * or a datatype) instead of children; datatypes: value (token/string), XSD
 * string (pattern, minLength, maxLength, length), positiveInteger,
 * nonNegativeInteger.  A grammar outside the subset is refused with the
 * reason, never checked approximately.
 */
#ifndef REFGEN_RNG_GRAMMAR_H
#define REFGEN_RNG_GRAMMAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "arena.h"

#define RNG_MAX_ELEMS 64      /* element names in a grammar */
#define RNG_MAX_OCCS 64       /* attribute patterns in one element */
#define RNG_MAX_PARTS 32      /* child particles in one element */

/* One alternative of a simple type. */
enum rng_dt {
	RNG_DT_TEXT,              /* any string */
	RNG_DT_VALUE_TOKEN,       /* <value>: equal after whitespace collapsing */
	RNG_DT_VALUE_STRING,      /* <value type="string">: equal */
	RNG_DT_STRING,            /* xsd:string with facets */
	RNG_DT_POSITIVE,          /* xsd:positiveInteger */
	RNG_DT_NONNEGATIVE,       /* xsd:nonNegativeInteger */
};

/*
 * A pattern that is a few single-character atoms and at most one repeated
 * atom at its end ("[A-Za-z_][A-Za-z0-9_]*", "0x[0-9a-f]+", "[\t -~-[\\]]*"),
 * as a table per atom: which ASCII characters it takes, as PCRE2 judged each
 * alone when the grammar was compiled.  An ASCII value is matched by table;
 * any other by the pattern.  A table's byte: RNG_FAST_TAKEN (0), or the
 * bits RNG_FAST_REFUSED (ASCII the atom does not take) or RNG_FAST_NOT_ASCII.
 */
#define RNG_FAST_FIXED 4
#define RNG_FAST_TAKEN 0
#define RNG_FAST_REFUSED 1
#define RNG_FAST_NOT_ASCII 2
struct rng_fast {
	int nfixed;               /* leading atoms, one character each */
	uint8_t fixed[RNG_FAST_FIXED][256];
	char tail;                /* the last atom's quantifier: '*', '+', or 0: none */
	uint8_t rest[256];        /* what the repeated atom takes (none when no tail) */
};

struct rng_simple {
	enum rng_dt dt;
	const char *value;        /* VALUE_*: token values are stored collapsed */
	size_t value_len;         /* strlen(value) */
	pcre2_code *pattern;      /* STRING: pattern facet, or NULL */
	const struct rng_fast *fast; /* the pattern as tables, or NULL */
	const char *pattern_src;  /* as written in the grammar, for messages */
	long min_len, max_len;    /* STRING: in characters, -1 when absent */
};

/* A simple type: a choice of alternatives. */
struct rng_type {
	int nalts;
	struct rng_simple *alts;
};

enum rng_anode { RNG_A_EMPTY, RNG_A_ATTR, RNG_A_GROUP, RNG_A_CHOICE, RNG_A_OPTIONAL };

/* The attributes of an element: a tree of group/choice/optional. */
struct rng_attr_node {
	enum rng_anode kind;
	uint64_t names;           /* local name bits of every attribute below */
	int occ;                  /* RNG_A_ATTR: index into rng_elem.occ */
	int nkids;
	struct rng_attr_node **kids;
};

/* Child elements: rng_elem.parts in order. */
struct rng_particle {
	uint64_t elems;           /* element ids it accepts */
	bool optional, repeat;
};

struct rng_occ {
	int name;                 /* local name index */
	struct rng_type type;
};

struct rng_elem {
	const char *name;
	int id;
	const void *src;          /* the grammar's element node (one per name) */
	/* attributes */
	int nnames;               /* local attribute names */
	int *global;              /* local name -> grammar attribute id */
	int8_t *local;            /* grammar attribute id -> local name, -1 */
	int nocc;
	struct rng_occ occ[RNG_MAX_OCCS];
	/* the occurrences of each local name, in order: occ_first[name], then
	 * occ_next[k] until -1 (an attribute's value is checked against those only) */
	int8_t occ_first[RNG_MAX_OCCS], occ_next[RNG_MAX_OCCS];
	struct rng_attr_node *attrs;
	/* content: particles, or text */
	int nparts;
	struct rng_particle parts[RNG_MAX_PARTS];
	bool text;                /* text content instead of elements */
	struct rng_type *text_type; /* NULL: any text */
};

/* A pattern facet compiled once however many times the grammar refers to it. */
struct rng_pattern {
	struct rng_pattern *next;
	const char *src;          /* as written in the grammar */
	pcre2_code *code;
	const struct rng_fast *fast;
};

struct rng_grammar {
	struct arena arena;
	struct rng_pattern *patterns; /* every pattern compiled, each source text once */
	int nelems;
	struct rng_elem *elems[RNG_MAX_ELEMS];
	int root;                 /* element id of <start> */
	int nattrs;               /* attribute names over all elements */
	const char **attrs;
	pcre2_match_data *md;
};

/*
 * Compiles the grammar text (RELAX NG XML syntax).  NULL on failure, with
 * the reason in why.
 */
struct rng_grammar *rng_grammar_compile(const char *rng, size_t len, char *why, size_t whylen);
void rng_grammar_free(struct rng_grammar *g);

/* Element id / grammar attribute id of a name, or -1. */
int rng_grammar_elem(const struct rng_grammar *g, const char *name);
int rng_grammar_attr(const struct rng_grammar *g, const char *name);

/* Whether value (len bytes, UTF-8) is of type t; why gets the reason if not. */
bool rng_type_check(const struct rng_grammar *g, const struct rng_type *t, const char *value,
		    size_t len);

#endif
