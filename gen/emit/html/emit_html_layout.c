/* SPDX-License-Identifier: MIT */
/*
 * The HTML reference's common ground: escaping and names, which page of a
 * unit each define lands on (the same computation for links from other
 * chips), and where a register sits.
 */
#include <stdlib.h>
#include <string.h>

#include "emit/html/emit_html.h"
#include "mem.h"

void emit_html_text(struct strbuf *b, const char *s)
{
	const char *run = s;

	for (; *s; s++) {
		const char *esc = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" :
				  *s == '"' ? "&quot;" : NULL;
		if (!esc)
			continue;
		strbuf_append(b, run, (size_t)(s - run));
		strbuf_puts(b, esc);
		run = s + 1;
	}
	strbuf_append(b, run, (size_t)(s - run));
}

const char *emit_html_short_name(const struct ir_def *d)
{
	const struct ir_def *p = d->parent;
	size_t n = p ? strlen(p->name) : 0;

	if (p && !strncmp(d->name, p->name, n) && d->name[n] == '_' && d->name[n + 1])
		return d->name + n + 1;
	return d->name;
}

void emit_html_page_name(struct strbuf *b, const char *unit, unsigned part)
{
	if (part)
		strbuf_printf(b, "%s-%u.html", unit, part + 1);
	else
		strbuf_printf(b, "%s.html", unit);
}

/* ---- layout: cards and parts ------------------------------------------------- */

static size_t emit_html_weight(const struct ir_def *d)
{
	size_t w = 1 + (d->prose ? strlen(d->prose) / 80 : 0);

	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		if (d->kind != IR_DEVICE)
			w += emit_html_weight(c);
	return w;
}

static void emit_html_layout_walk(struct emit_html_layout *l, const struct ir_def *d, size_t *cap)
{
	for (; d; d = d->next_sibling) {
		if (l->ncards == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			l->cards = mem_realloc(l->cards, *cap * sizeof(*l->cards));
		}
		l->cards[l->ncards++] = (struct emit_html_card){ d, 0 };
		if (d->kind == IR_DEVICE)
			emit_html_layout_walk(l, d->first_child, cap);
	}
}

void emit_html_layout_build(struct emit_html_layout *l, const struct ir_manual *m)
{
	size_t cap = 0, weight = 0;
	unsigned part = 0;

	memset(l, 0, sizeof(*l));
	emit_html_layout_walk(l, m->first_root, &cap);
	for (size_t i = 0; i < l->ncards; i++) {
		size_t w = emit_html_weight(l->cards[i].def);
		if (weight && weight + w > EMIT_HTML_PART_WEIGHT) {
			part++;
			weight = 0;
		}
		weight += w;
		l->cards[i].part = part;
	}
	l->nparts = part + 1;
}

void emit_html_layout_release(struct emit_html_layout *l)
{
	free(l->cards);
	memset(l, 0, sizeof(*l));
}

unsigned emit_html_layout_part(const struct emit_html_layout *l, const struct ir_def *d)
{
	while (d->parent && d->parent->kind != IR_DEVICE)
		d = d->parent;
	for (size_t i = 0; i < l->ncards; i++)
		if (l->cards[i].def == d)
			return l->cards[i].part;
	return 0;
}

/* ---- places and codes -------------------------------------------------------- */

bool emit_html_place_of(struct arena *a, const struct ir_def *r, struct emit_html_place *p)
{
	struct ir_eval ev = ir_eval_prepare(a, r, &r->value);
	uint64_t v, v1;

	memset(p, 0, sizeof(*p));
	p->nidx = r->nparams;
	p->n[0] = r->size[0];
	p->n[1] = r->size[1];
	p->linear = true;
	if (!ev.ok || !ir_eval_at(&ev, 0, 0, &p->base))
		return false;
	for (int k = 0; k < r->nparams; k++) {
		if (!ir_eval_at(&ev, k == 0, k == 1, &v1) || v1 < p->base)
			return p->linear = false, true;
		p->stride[k] = v1 - p->base;
		/* linear over the whole range (checked up to 4096 indices) */
		for (uint64_t i = 2; i < p->n[k] && i < 4096; i++)
			if (!ir_eval_at(&ev, k == 0 ? i : 0, k == 1 ? i : 0, &v) ||
			    v != p->base + i * p->stride[k])
				p->linear = false;
	}
	return true;
}
