/* SPDX-License-Identifier: MIT */
/*
 * The search index of one chip: OUTDIR/<chip>/search.js, a script (so it
 * loads from file:// where fetch() may not) calling refgenIndex() with
 *   pages: the page files,
 *   e: one entry per define, [name, parent, page, kind, ...where]:
 *      name is the suffix after the parent entry's name (parent >= 0) or
 *      the whole name; kind d/r/s/f/v/c; registers add base, stride i,
 *      count i, stride j, count j (or a list of addresses when the offset is
 *      not linear in its indices); devices add lo, hi.  Addresses are BAR0
 *      addresses: a window's at base + offset; registers and devices of a
 *      space that is not BAR0 (or a block's, or an aperture) have none.
 * refgen.js rebuilds the names and matches substrings and addresses.
 * Names need no escaping: the schema holds them to C identifiers.
 */
#include <stdio.h>
#include <string.h>

#include "emit/html/emit_html.h"

#define SEARCH_MAX_LIST 1024      /* addresses listed for a non-linear array */

struct search {
	struct emit_chip *ec;
	struct strbuf *b;
	size_t next;              /* index of the next entry */
	size_t page0;             /* page index of the unit's part 0 */
	const struct emit_html_layout *l;
	const struct ir_manual *m;
};

static char search_kind(const struct ir_def *d)
{
	static const char k[IR_KIND_COUNT] = { 'd', 'r', 's', 'f', 'v', 'c' };

	return d->kind < IR_KIND_COUNT ? k[d->kind] : 'c';
}

/* Addresses of an array whose offset isn't linear: every index (capped). */
static void search_addr_list(struct search *s, const struct ir_def *r, uint64_t base)
{
	struct ir_eval ev = ir_eval_prepare(&s->ec->arena, r, &r->value);
	uint32_t n0 = r->size[0] ? r->size[0] : 1, n1 = r->nparams > 1 && r->size[1] ? r->size[1] : 1;
	uint64_t v;
	size_t count = 0;

	strbuf_puts(s->b, ",[");
	for (uint32_t i = 0; i < n0 && ev.ok; i++)
		for (uint32_t j = 0; j < n1 && count < SEARCH_MAX_LIST; j++)
			if (ir_eval_at(&ev, i, j, &v))
				strbuf_printf(s->b, "%s%llu", count++ ? "," : "", (unsigned long long)(base + v));
	strbuf_puts(s->b, "]");
}

static void search_where(struct search *s, const struct ir_def *d)
{
	struct emit_html_place pl;
	const struct ir_space *sp = ir_def_space(s->m, d);
	uint64_t base = sp->kind == IR_SPACE_WINDOW ? sp->base : 0;

	if (sp->kind != IR_SPACE_NONE && !ir_space_in_bar0(sp->kind))
		return;
	if (d->kind == IR_DEVICE && d->hi.known && d->lo.known) {
		strbuf_printf(s->b, ",%llu,%llu", (unsigned long long)(base + d->lo.value),
			      (unsigned long long)(base + d->hi.value));
	} else if (d->kind == IR_REGISTER && emit_html_place_of(&s->ec->arena, d, &pl)) {
		if (!pl.linear && pl.nidx) {
			search_addr_list(s, d, base);
			return;
		}
		strbuf_printf(s->b, ",%llu,%llu,%u,%llu,%u", (unsigned long long)(base + pl.base),
			      (unsigned long long)pl.stride[0], pl.nidx > 0 ? pl.n[0] : 0,
			      (unsigned long long)pl.stride[1], pl.nidx > 1 ? pl.n[1] : 0);
	}
}

static void search_walk(struct search *s, const struct ir_def *d, const struct ir_def *parent,
			size_t parent_idx)
{
	for (; d; d = d->next_sibling) {
		size_t me = s->next++;
		size_t n = parent ? strlen(parent->name) : 0;
		bool rel = parent && !strncmp(d->name, parent->name, n);

		strbuf_printf(s->b, "%s[\"%s\",%ld,%zu,\"%c\"", me ? ",\n" : "", rel ? d->name + n : d->name,
			      rel ? (long)parent_idx : -1L,
			      s->page0 + emit_html_layout_part(s->l, d), search_kind(d));
		search_where(s, d);
		strbuf_puts(s->b, "]");
		search_walk(s, d->first_child, d, me);
	}
}

int emit_html_search(struct emit_chip *ec, const char *outdir)
{
	struct strbuf b = { 0 }, pages = { 0 }, path = { 0 };
	struct search s = { ec, &b, 0, 0, NULL, NULL };
	int rc;

	strbuf_printf(&b, "/* SPDX-License-Identifier: MIT */\nrefgenIndex({\"chip\":\"%s\",\n\"e\":[\n", ec->chip);
	for (size_t u = 0; u < ec->nunits; u++) {
		struct emit_html_layout l;

		emit_html_layout_build(&l, ec->units[u]);
		for (unsigned k = 0; k < l.nparts; k++) {
			strbuf_puts(&pages, pages.len ? ",\"" : "\"");
			emit_html_page_name(&pages, ec->units[u]->unit, k);
			strbuf_puts(&pages, "\"");
		}
		s.l = &l;
		s.m = ec->units[u];
		search_walk(&s, ec->units[u]->first_root, NULL, 0);
		s.page0 += l.nparts;
		emit_html_layout_release(&l);
	}
	strbuf_printf(&b, "],\n\"pages\":[%s]});\n", pages.data ? pages.data : "");
	strbuf_printf(&path, "%s/%s/search.js", outdir, ec->chip);
	rc = emit_write(path.data, &b, ec->diag);
	strbuf_release(&b);
	strbuf_release(&pages);
	strbuf_release(&path);
	return rc;
}
