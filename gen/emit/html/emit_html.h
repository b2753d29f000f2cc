/* SPDX-License-Identifier: MIT */
/*
 * The HTML register reference (refgen emit --format=html), shared between
 * its files:
 *   emit_html_layout.c   escaping, names, which page a define lands on
 *   emit_html.c          unit pages (split into parts)
 *   emit_html_index.c    chip and top indexes, support files
 *   emit_html_diagram.c  bit-field diagrams of registers and structures
 *   emit_html_peer.c     links to the same register on the other chips
 *   emit_html_search.c   the prebuilt search index (search.js per chip)
 * The stylesheet and script are gen/emit/html/refgen.css and refgen.js, built
 * into refgen like the schema.
 */
#ifndef REFGEN_EMIT_HTML_H
#define REFGEN_EMIT_HTML_H

#include "emit/emit.h"
#include "ir/ir_eval.h"

/* A page holds at most this much weight (defines + prose/80): no page of
 * the manuals comes near 5 MB. */
#define EMIT_HTML_PART_WEIGHT 2000

/* One card of a unit page: a device, register, structure or loose define,
 * in manual order; children are drawn inside their card. */
struct emit_html_card {
	const struct ir_def *def;
	unsigned part;           /* 0: <unit>.html, k: <unit>-<k+1>.html */
};

struct emit_html_layout {
	struct emit_html_card *cards;
	size_t ncards;
	unsigned nparts;
};

/* Cards of m and the page each lands on (a pure function of m, so links
 * from other chips find the same page). */
void emit_html_layout_build(struct emit_html_layout *l, const struct ir_manual *m);
void emit_html_layout_release(struct emit_html_layout *l);
/* Part of the card holding d (d or an ancestor is a card), or 0. */
unsigned emit_html_layout_part(const struct emit_html_layout *l, const struct ir_def *d);
/* "dev_fifo.html" or "dev_display_withoffset-2.html". */
void emit_html_page_name(struct strbuf *b, const char *unit, unsigned part);

/* Text with & < > " escaped. */
void emit_html_text(struct strbuf *b, const char *s);
/* The name without its container's prefix: NV_PCCSR_CHANNEL_INST_BIND -> BIND. */
const char *emit_html_short_name(const struct ir_def *d);

/* Register offset at index 0 and per-index strides (0 when not an array or
 * not linear); false when the offset can't be evaluated. */
struct emit_html_place {
	uint64_t base, stride[2];
	uint32_t n[2];
	int nidx;
	bool linear;
};
bool emit_html_place_of(struct arena *a, const struct ir_def *r, struct emit_html_place *p);

/* The diagram of a register or structure (nothing when it has no field). */
void emit_html_diagram(struct strbuf *b, struct arena *a, const struct ir_def *c);

/* Cross-chip comparison for one unit page, against every other chip of the run. */
struct emit_html_peers;
struct emit_html_peers *emit_html_peers_new(const struct emit_chip *ec, size_t unit);
/* "other chips" line of a register or structure card. */
void emit_html_peers_line(struct strbuf *b, struct emit_html_peers *p, const struct ir_def *d);
void emit_html_peers_free(struct emit_html_peers *p);

/* Page head (title, stylesheet and script from root) up to the breadcrumb
 * <nav>, whose content the caller writes; then the search box and <main>. */
/* spdx: the licence of what the page shows (its manual's, ir_manual_spdx). */
void emit_html_head(struct strbuf *b, const char *spdx, const char *title, const char *root,
		    const char *search);
void emit_html_search_box(struct strbuf *b);

/* OUTDIR/<chip>/search.js: every name of the chip, and register addresses. */
int emit_html_search(struct emit_chip *ec, const char *outdir);

/* The format table's writers. */
int emit_html_unit(struct emit_chip *ec, size_t unit, const char *outdir);
int emit_html_chip(struct emit_chip *ec, const char *outdir);
int emit_html_support(const char *outdir, struct diag *d);

#endif
