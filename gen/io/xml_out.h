/* SPDX-License-Identifier: MIT */
/*
 * Streaming XML writer: elements, attributes and text escaped and indented
 * as libxml2's xmlDocDumpFormatMemoryEnc(..., "UTF-8", 1) lays them out,
 * each checked against the grammar as it is written (rng_check.h).
 *
 * Output collects in a buffer; with a sink, the buffer is handed to it
 * whenever it fills, so memory stays bounded whatever the document's size.
 * The first failure (a check, the sink) sticks: later calls do nothing,
 * and xml_out_finish returns -1 with the reason in why.
 */
#ifndef REFGEN_XML_OUT_H
#define REFGEN_XML_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "schema/rng_check.h"

/* Takes n bytes of output; 0 or -1 (errno set). */
typedef int (*xml_out_sink)(void *ctx, const char *p, size_t n);

struct xml_out {
	char *buf;
	size_t len, cap;
	xml_out_sink sink;       /* NULL: everything stays in buf */
	void *sink_ctx;
	int depth;
	bool in_tag;             /* "<name attrs" written, '>' not yet */
	bool failed;
	bool sink_failed;        /* the failure was the sink's (errno) */
	struct rng_check check;
	char why[320];
};

/* Starts a document ("<?xml ...?>") checked against g. */
void xml_out_init(struct xml_out *o, const struct rng_grammar *g, xml_out_sink sink, void *ctx);
void xml_out_release(struct xml_out *o);
/* A comment line before the root element (text without "--"). */
void xml_out_comment(struct xml_out *o, const char *text);

/* elem/attr: the grammar's ids for name (rng_grammar_elem/attr). */
void xml_out_open(struct xml_out *o, int elem, const char *name);
void xml_out_attr(struct xml_out *o, int attr, const char *name, const char *value);
void xml_out_attr_u64(struct xml_out *o, int attr, const char *name, uint64_t v);
void xml_out_attr_hex(struct xml_out *o, int attr, const char *name, uint64_t v);
/* A whole element holding only text. */
void xml_out_text_elem(struct xml_out *o, int elem, const char *name, const char *text);
void xml_out_close(struct xml_out *o, const char *name);

/* Ends the document and hands the rest to the sink; 0 or -1. */
int xml_out_finish(struct xml_out *o);

#endif
