/* SPDX-License-Identifier: MIT */
/*
 * Bit-field diagrams as a CSS grid: a ruler of bit numbers 31..0, then one
 * row per 32-bit word (registers: usually one), a box per field spanning its
 * bits (a link to the field's row and values), unused bits shaded.  Fields
 * across words are drawn in each word they cover; words a field fills
 * entirely, and runs of unused words, collapse into one row.  Overlapping
 * fields go to extra rows of the same word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/html/emit_html.h"
#include "mem.h"

#define DIAGRAM_MAX_INDEX 64      /* indexed fields drawn per index up to this */
#define DIAGRAM_MAX_WORDS 65536

struct diagram_box {
	const struct ir_def *f;
	uint64_t lo, hi;          /* absolute bits */
	char label[96];
	char key[8];              /* legend key when the label doesn't fit */
};

struct diagram {
	struct strbuf *b;
	struct diagram_box *box;
	size_t nbox, cap;
	unsigned row;             /* next grid row */
	unsigned nkeys;
};

static void diagram_add(struct diagram *g, const struct ir_def *f, uint64_t lo, uint64_t hi,
			const char *label)
{
	if (g->nbox == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 16;
		g->box = mem_realloc(g->box, g->cap * sizeof(*g->box));
	}
	struct diagram_box *x = &g->box[g->nbox++];
	memset(x, 0, sizeof(*x));
	x->f = f;
	x->lo = lo;
	x->hi = hi;
	snprintf(x->label, sizeof(x->label), "%s", label);
}

static void diagram_collect(struct diagram *g, struct arena *a, const struct ir_def *c)
{
	for (const struct ir_def *f = c->first_child; f; f = f->next_sibling) {
		if (f->kind != IR_FIELD)
			continue;
		if (f->hi.known && f->lo.known && f->hi.value >= f->lo.value) {
			diagram_add(g, f, f->lo.value, f->hi.value, emit_html_short_name(f));
			continue;
		}
		struct ir_eval hi = ir_eval_prepare(a, f, &f->hi), lo = ir_eval_prepare(a, f, &f->lo);
		uint32_t n0 = f->size[0], n1 = f->nparams > 1 ? f->size[1] : 1;
		if (!hi.ok || !lo.ok || !n0 || !n1 || (uint64_t)n0 * n1 > DIAGRAM_MAX_INDEX)
			continue;
		for (uint32_t i = 0; i < n0; i++)
			for (uint32_t j = 0; j < n1; j++) {
				uint64_t h, l;
				char label[96];
				if (!ir_eval_at(&hi, i, j, &h) || !ir_eval_at(&lo, i, j, &l) || h < l)
					continue;
				if (f->nparams > 1)
					snprintf(label, sizeof(label), "%s(%u,%u)", emit_html_short_name(f), i, j);
				else
					snprintf(label, sizeof(label), "%s(%u)", emit_html_short_name(f), i);
				diagram_add(g, f, l, h, label);
			}
	}
}

/* Keys (a, b, ... z, aa, ...) for labels wider than their box in any word. */
static void diagram_keys(struct diagram *g)
{
	for (size_t k = 0; k < g->nbox; k++) {
		struct diagram_box *x = &g->box[k];
		uint64_t w = x->hi - x->lo + 1;
		if (w > 32)
			w = 32;   /* drawn at most a word wide */
		else if (x->lo / 32 != x->hi / 32)
			w = 32 - x->lo % 32 < x->hi % 32 + 1 ? 32 - x->lo % 32 : x->hi % 32 + 1;
		if (strlen(x->label) <= w * 3)
			continue;
		unsigned n = g->nkeys++;
		if (n < 26)
			snprintf(x->key, sizeof(x->key), "%c", 'a' + n);
		else
			snprintf(x->key, sizeof(x->key), "%c%c", 'a' + (n / 26 - 1) % 26, 'a' + n % 26);
	}
}

static void diagram_label_cell(struct diagram *g, const char *text)
{
	strbuf_printf(g->b, "<span class=\"wl\" style=\"grid-area:%u/1\">%s</span>", g->row, text);
}

static void diagram_box_cell(struct diagram *g, const struct diagram_box *x, unsigned hi, unsigned lo,
			     const char *extra, const char *cls)
{
	strbuf_printf(g->b, "<a class=\"f%s\" href=\"#", cls);
	emit_html_text(g->b, x->f->name);
	strbuf_printf(g->b, "\" style=\"grid-area:%u/%u/%u/%u\" title=\"", g->row, 33 - hi, g->row + 1, 34 - lo);
	emit_html_text(g->b, x->f->name);
	if (strcmp(x->label, emit_html_short_name(x->f)))
		emit_html_text(g->b, x->label + strlen(emit_html_short_name(x->f)));
	strbuf_printf(g->b, " %llu:%llu\">", (unsigned long long)x->hi, (unsigned long long)x->lo);
	emit_html_text(g->b, x->key[0] ? x->key : x->label);
	strbuf_printf(g->b, "%s</a>", extra);
}

static void diagram_unused(struct diagram *g, unsigned hi, unsigned lo)
{
	strbuf_printf(g->b, "<div class=\"r\" style=\"grid-area:%u/%u/%u/%u\"></div>", g->row, 33 - hi,
		      g->row + 1, 34 - lo);
}

/* Does box x cover word w? Its bits there (hi, lo within the word). */
static bool diagram_in_word(const struct diagram_box *x, uint64_t w, unsigned *hi, unsigned *lo)
{
	if (x->hi < w * 32 || x->lo > w * 32 + 31)
		return false;
	*lo = x->lo > w * 32 ? (unsigned)(x->lo - w * 32) : 0;
	*hi = x->hi < w * 32 + 31 ? (unsigned)(x->hi - w * 32) : 31;
	return true;
}

/* The only box in word w, if it fills the word. */
static const struct diagram_box *diagram_fills(const struct diagram *g, uint64_t w)
{
	const struct diagram_box *only = NULL;
	unsigned hi, lo;

	for (size_t k = 0; k < g->nbox; k++) {
		if (!diagram_in_word(&g->box[k], w, &hi, &lo))
			continue;
		if (only || hi != 31 || lo != 0)
			return NULL;
		only = &g->box[k];
	}
	return only;
}

/* The first word at or after w that any box other than skip touches (or end). */
static uint64_t diagram_next_touched(const struct diagram *g, uint64_t w, const struct diagram_box *skip,
				     uint64_t end)
{
	uint64_t next = end;

	for (size_t k = 0; k < g->nbox; k++) {
		const struct diagram_box *x = &g->box[k];
		if (x == skip || x->hi / 32 < w)
			continue;
		uint64_t first = x->lo / 32 > w ? x->lo / 32 : w;
		if (first < next)
			next = first;
	}
	return next;
}

/* One word, its boxes on as many rows as overlaps need. */
static void diagram_word(struct diagram *g, uint64_t w, bool label)
{
	uint32_t used = 0, lane_bits[8] = { 0 };
	unsigned nlanes = 1, first = g->row;
	char wl[32];

	snprintf(wl, sizeof(wl), "w%llu", (unsigned long long)w);
	if (label)
		diagram_label_cell(g, wl);
	for (size_t k = 0; k < g->nbox; k++) {
		unsigned hi, lo, lane = 0;
		if (!diagram_in_word(&g->box[k], w, &hi, &lo))
			continue;
		uint32_t m = (uint32_t)((hi == 31 ? 0xffffffffu : (1u << (hi + 1)) - 1) & ~((1u << lo) - 1));
		while (lane < 8 && (lane_bits[lane] & m))
			lane++;
		if (lane == 8)
			lane = 7;
		lane_bits[lane] |= m;
		used |= m;
		if (lane + 1 > nlanes)
			nlanes = lane + 1;
		g->row = first + lane;
		const struct diagram_box *x = &g->box[k];
		bool cont = x->lo < w * 32 || x->hi > w * 32 + 31;
		diagram_box_cell(g, x, hi, lo, cont ? " &#8597;" : "", cont ? " cont" : "");
	}
	g->row = first;
	for (int bit = 31; bit >= 0;) {
		if (used & (1u << bit)) {
			bit--;
			continue;
		}
		int lo = bit;
		while (lo > 0 && !(used & (1u << (lo - 1))))
			lo--;
		diagram_unused(g, (unsigned)bit, (unsigned)lo);
		bit = lo - 1;
	}
	g->row = first + nlanes;
}

static uint64_t diagram_words(const struct diagram *g, const struct ir_def *c)
{
	uint64_t maxhi = 0;

	for (size_t k = 0; k < g->nbox; k++)
		if (g->box[k].hi > maxhi)
			maxhi = g->box[k].hi;
	uint64_t words = maxhi / 32 + 1;
	if (c->kind == IR_STRUCTURE)
		for (const struct ir_def *s = c->first_child; s; s = s->next_sibling)
			if (s->role == IR_ROLE_STRUCT_SIZE && s->value.known && (s->value.value + 3) / 4 > words &&
			    (s->value.value + 3) / 4 <= DIAGRAM_MAX_WORDS)
				words = (s->value.value + 3) / 4;
	return words;
}

static void diagram_rows(struct diagram *g, uint64_t words, bool labels)
{
	for (uint64_t w = 0; w < words;) {
		const struct diagram_box *fill = diagram_fills(g, w);
		uint64_t e = w;
		char wl[48];

		if (diagram_next_touched(g, w, NULL, words) > w) {
			e = diagram_next_touched(g, w, NULL, words) - 1;
		} else if (fill) {
			/* the last word fill covers entirely, before any other box */
			uint64_t last = (fill->hi + 1) / 32 - 1;
			uint64_t other = diagram_next_touched(g, w + 1, fill, words);
			e = last < other - 1 ? last : other - 1;
			if (e >= words)
				e = words - 1;
		}
		if (e == w) {
			diagram_word(g, w, labels);
			w++;
			continue;
		}
		snprintf(wl, sizeof(wl), "w%llu&#8211;%llu", (unsigned long long)w, (unsigned long long)e);
		diagram_label_cell(g, wl);
		if (fill) {
			char extra[64];
			snprintf(extra, sizeof(extra), " (words %llu&#8211;%llu)", (unsigned long long)w,
				 (unsigned long long)e);
			diagram_box_cell(g, fill, 31, 0, extra, " cont");
		} else {
			diagram_unused(g, 31, 0);
		}
		g->row++;
		w = e + 1;
	}
}

void emit_html_diagram(struct strbuf *b, struct arena *a, const struct ir_def *c)
{
	struct diagram g = { b, NULL, 0, 0, 2, 0 };

	diagram_collect(&g, a, c);
	if (!g.nbox) {
		free(g.box);
		return;
	}
	uint64_t words = diagram_words(&g, c);
	bool labels = c->kind == IR_STRUCTURE || words > 1;
	diagram_keys(&g);
	strbuf_printf(b, "<div class=\"dia\" role=\"group\" aria-label=\"bit fields of %s\">", c->name);
	strbuf_puts(b, "<div class=\"wl c0\"></div>");
	for (int bit = 31; bit >= 0; bit--)
		strbuf_printf(b, "<span class=\"bn\">%d</span>", bit);
	diagram_rows(&g, words, labels);
	strbuf_puts(b, "</div>\n");
	if (g.nkeys) {
		strbuf_puts(b, "<p class=\"legend\">");
		for (size_t k = 0; k < g.nbox; k++) {
			if (!g.box[k].key[0])
				continue;
			strbuf_printf(b, "<a href=\"#");
			emit_html_text(b, g.box[k].f->name);
			strbuf_printf(b, "\"><b>%s</b> ", g.box[k].key);
			emit_html_text(b, g.box[k].label);
			strbuf_puts(b, "</a> ");
		}
		strbuf_puts(b, "</p>\n");
	}
	free(g.box);
}
