/* SPDX-License-Identifier: MIT */
/*
 * Cross-chip links: for each register, structure or device of a unit page,
 * the same define on every other chip of the run (same unit, same name) and
 * what differs, from refgen diff's comparison engine (ir_diff.c): the
 * define's own offset/size/code, its fields, its values.
 */
#include <stdlib.h>
#include <string.h>

#include "emit/html/emit_html.h"
#include "diff/ir_diff.h"
#include "mem.h"

#define PEER_DETAILS 12           /* changes listed in a link's tooltip */

enum {
	PEER_PLACE = 1u << 0,     /* offset, bit range, stride or size */
	PEER_CODE = 1u << 1,      /* access code */
	PEER_FIELDS = 1u << 2,
	PEER_VALUES = 1u << 3,
};

struct peer_card {
	unsigned flags;
	unsigned ndetails;
	struct strbuf detail;
};

struct peer_chip {
	const char *chip;
	const char *unit;
	const struct ir_manual *m;        /* same unit there, or NULL */
	struct emit_html_layout layout;
	struct strmap names;              /* card-level name -> def there */
	struct strmap cards;              /* card-level name here -> struct peer_card */
	struct ir_diff_unit diff;
};

struct emit_html_peers {
	struct peer_chip *chip;
	size_t n;
	struct arena arena;
};

static const struct ir_def *peer_card_of(const struct ir_def *d)
{
	while (d->parent && d->parent->kind != IR_DEVICE)
		d = d->parent;
	return d;
}

static void peer_note(struct emit_html_peers *ps, struct peer_chip *pc, const struct ir_diff_entry *e)
{
	const struct ir_def *d = e->from ? e->from : e->to;
	const struct ir_def *card = peer_card_of(d);
	struct peer_card *c = strmap_get(&pc->cards, card->name);

	if (!c) {
		c = arena_zalloc(&ps->arena, sizeof(*c));
		strmap_put(&pc->cards, card->name, c);
	}
	if (d == card) {
		if (e->changes & (IR_DIFF_BIT(IR_DIFF_MOVED) | IR_DIFF_BIT(IR_DIFF_RESIZED)))
			c->flags |= PEER_PLACE;
		if (e->changes & IR_DIFF_BIT(IR_DIFF_RECODED))
			c->flags |= PEER_CODE;
	} else {
		c->flags |= d->kind == IR_VALUE ? PEER_VALUES : PEER_FIELDS;
	}
	if (c->ndetails++ >= PEER_DETAILS)
		return;
	strbuf_printf(&c->detail, "%s%s: ", c->detail.len ? "\n" : "", d->name);
	ir_diff_changes_text(&c->detail, e->changes);
	if (e->from && e->to) {
		strbuf_puts(&c->detail, " (");
		ir_diff_detail_text(&c->detail, e);
		strbuf_puts(&c->detail, ")");
	}
}

static bool peer_same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Same defines, same bodies and codes, in the same order: nothing to compare
 * (tu102 and tu104 share most manuals). */
static bool peer_unit_identical(const struct ir_manual *a, const struct ir_manual *b)
{
	if (a->ndefs != b->ndefs)
		return false;
	for (size_t i = 0; i < a->ndefs; i++) {
		const struct ir_def *x = a->defs[i], *y = b->defs[i];
		if (strcmp(x->name, y->name) || !peer_same_text(x->params, y->params) ||
		    !peer_same_text(x->body, y->body) || strcmp(x->code.c, y->code.c))
			return false;
	}
	return true;
}

static void peer_index(struct peer_chip *pc)
{
	for (size_t i = 0; i < pc->layout.ncards; i++)
		strmap_put(&pc->names, pc->layout.cards[i].def->name, (void *)pc->layout.cards[i].def);
}

struct emit_html_peers *emit_html_peers_new(const struct emit_chip *ec, size_t unit)
{
	struct emit_html_peers *ps = mem_calloc(1, sizeof(*ps));
	const struct ir_manual *m = ec->units[unit];

	arena_init(&ps->arena);
	ps->chip = mem_calloc(ec->npeers + 1, sizeof(*ps->chip));
	for (size_t c = 0; c < ec->npeers; c++) {
		const struct emit_peer *p = &ec->peers[c];
		struct peer_chip *pc;

		if (!strcmp(p->chip, ec->chip))
			continue;
		pc = &ps->chip[ps->n++];
		pc->chip = p->chip;
		pc->unit = m->unit;
		strmap_init(&pc->names);
		strmap_init(&pc->cards);
		for (size_t u = 0; u < p->nunits; u++)
			if (!strcmp(p->units[u]->unit, m->unit))
				pc->m = p->units[u];
		if (!pc->m)
			continue;
		emit_html_layout_build(&pc->layout, pc->m);
		peer_index(pc);
		if (peer_unit_identical(m, pc->m) || ir_diff_unit_compare(&pc->diff, m, pc->m) < 0)
			continue;
		for (size_t k = 0; k < pc->diff.nentries; k++)
			peer_note(ps, pc, &pc->diff.entries[k]);
	}
	return ps;
}

void emit_html_peers_line(struct strbuf *b, struct emit_html_peers *ps, const struct ir_def *d)
{
	static const char *const what[] = { "offset", "access", "fields", "values" };

	if (!ps->n)
		return;
	strbuf_puts(b, "<p class=\"peers\">Other chips:");
	for (size_t c = 0; c < ps->n; c++) {
		struct peer_chip *pc = &ps->chip[c];
		const struct ir_def *there = pc->m ? strmap_get(&pc->names, d->name) : NULL;
		const struct peer_card *pcard = strmap_get(&pc->cards, d->name);

		strbuf_puts(b, c ? "; " : " ");
		if (!there) {
			strbuf_printf(b, "%s <span class=\"absent\">%s%s</span>", pc->chip,
				      pc->m ? "absent" : "no ", pc->m ? "" : d->name ? pc->unit : "");
			continue;
		}
		strbuf_printf(b, "<a class=\"peer\" href=\"../%s/", pc->chip);
		emit_html_page_name(b, pc->m->unit, emit_html_layout_part(&pc->layout, there));
		strbuf_puts(b, "#");
		emit_html_text(b, d->name);
		strbuf_printf(b, "\">%s</a> ", pc->chip);
		if (!pcard || !pcard->flags) {
			strbuf_puts(b, "<span class=\"same\">same</span>");
			continue;
		}
		strbuf_puts(b, "<span class=\"differs\" title=\"");
		emit_html_text(b, pcard->detail.data ? pcard->detail.data : "");
		if (pcard->ndetails > PEER_DETAILS)
			strbuf_printf(b, "\n... %u more", pcard->ndetails - PEER_DETAILS);
		strbuf_puts(b, "\">differs:");
		for (unsigned k = 0, any = 0; k < 4; k++)
			if (pcard->flags & (1u << k)) {
				strbuf_printf(b, "%s %s", any ? "," : "", what[k]);
				any = 1;
			}
		strbuf_puts(b, "</span>");
	}
	strbuf_puts(b, "</p>\n");
}

void emit_html_peers_free(struct emit_html_peers *ps)
{
	if (!ps)
		return;
	for (size_t c = 0; c < ps->n; c++) {
		struct peer_chip *pc = &ps->chip[c];
		for (size_t i = 0; i < pc->cards.cap; i++)
			if (pc->cards.slots[i].key)
				strbuf_release(&((struct peer_card *)pc->cards.slots[i].value)->detail);
		strmap_free(&pc->names);
		strmap_free(&pc->cards);
		if (pc->m) {
			emit_html_layout_release(&pc->layout);
			ir_diff_unit_release(&pc->diff);
		}
	}
	free(ps->chip);
	arena_free(&ps->arena);
	free(ps);
}
