/* SPDX-License-Identifier: MIT */
/*
 * HTML register reference, the unit pages: per unit a page (split in parts
 * when large) with every define in manual order, the manual's prose beside
 * what it describes, bit-field diagrams, values tables and cross-chip links.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/html/emit_html.h"

/* The five letters in words, per the KEY LEGEND of the manuals. */
static void emit_html_code(struct strbuf *b, const struct ir_code *c)
{
	static const char *const letters[5] = { "R-C", "W-", "-XIEBCVD", "VUSF12348", "CDLMRAFVTPBG" };
	static const char *const words[5][12] = {
		{ "readable", "not read (write-only)", "reads a constant" },
		{ "writable", "not writable" },
		{ "no state", "initial value unknown", "reset value (context reset)",
		  "reset value (engine reset)", "reset value (reset_IB_dly)", "initial value known",
		  "volatile reset", "default at creation" },
		{ "void", "unsigned", "signed", "float", "8-bit", "16-bit", "24-bit", "32-bit", "64-bit" },
		{ "clear value", "device", "logical device", "memory", "register", "array of registers",
		  "field", "value", "task", "phantom register", "bundle address", "general purpose" },
	};
	bool any = false;

	if (!c->present || strlen(c->c) != 5)
		return;
	strbuf_puts(b, "<code class=\"code\">");
	emit_html_text(b, c->c);
	strbuf_puts(b, "</code> ");
	for (int k = 0; k < 5; k++) {
		const char *at = c->c[k] ? strchr(letters[k], c->c[k]) : NULL;
		/* "no state" and "does not apply" say nothing worth a word */
		if (!at || ((k == 2 || k == 3) && c->c[k] == '-'))
			continue;
		strbuf_printf(b, "%s%s", any ? ", " : "", words[k][at - letters[k]]);
		any = true;
	}
}

static bool emit_html_is_reset(const struct ir_def *v)
{
	return v->code.present && strlen(v->code.c) == 5 && strchr("IEBC", v->code.c[2]);
}

/* The value of f the manual gives as its reset value, or NULL. */
static const struct ir_def *emit_html_reset_value(const struct ir_def *f)
{
	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling)
		if (v->kind == IR_VALUE && v->value.known && emit_html_is_reset(v))
			return v;
	return NULL;
}

/* ---- one page ------------------------------------------------------------------- */

struct emit_html_page {
	struct emit_chip *ec;
	const struct ir_manual *m;
	struct strbuf *b;
	struct strmap ids;            /* anchors already on the page */
	struct emit_html_peers *peers;
};

/* id="NAME" the first time NAME appears on the page. */
static void emit_html_id(struct emit_html_page *p, const struct ir_def *d)
{
	if (strmap_get(&p->ids, d->name))
		return;
	strmap_put(&p->ids, d->name, (void *)d);
	strbuf_puts(p->b, " id=\"");
	emit_html_text(p->b, d->name);
	strbuf_puts(p->b, "\"");
}

static bool emit_html_has_prose(const char *prose)
{
	return prose && prose[strspn(prose, " \t\r\n")];
}

static void emit_html_prose(struct strbuf *b, const char *prose, const char *cls)
{
	if (!emit_html_has_prose(prose))
		return;
	strbuf_printf(b, "<pre class=\"%s\">", cls);
	emit_html_text(b, prose);
	strbuf_puts(b, "</pre>\n");
}

static void emit_html_name(struct emit_html_page *p, const struct ir_def *d)
{
	strbuf_puts(p->b, "<a class=\"self\" href=\"#");
	emit_html_text(p->b, d->name);
	strbuf_puts(p->b, "\">");
	emit_html_text(p->b, d->name);
	strbuf_puts(p->b, "</a>");
	if (d->params) {
		strbuf_puts(p->b, "(");
		emit_html_text(p->b, d->params);
		strbuf_puts(p->b, ")");
	}
}

/* A child's row label: its name without the container's, the full name on hover. */
static void emit_html_short(struct emit_html_page *p, const struct ir_def *d)
{
	strbuf_puts(p->b, "<a class=\"self\" href=\"#");
	emit_html_text(p->b, d->name);
	strbuf_puts(p->b, "\" title=\"");
	emit_html_text(p->b, d->name);
	strbuf_puts(p->b, "\">");
	emit_html_text(p->b, emit_html_short_name(d));
	strbuf_puts(p->b, "</a>");
	if (d->params) {
		strbuf_puts(p->b, "(");
		emit_html_text(p->b, d->params);
		strbuf_puts(p->b, ")");
	}
}

static void emit_html_fact(struct strbuf *b, const char *term)
{
	strbuf_printf(b, "<dt>%s</dt><dd>", term);
}

static void emit_html_offset(struct emit_html_page *p, const struct ir_def *r)
{
	struct emit_html_place pl;
	static const char idx[2] = { 'i', 'j' };

	emit_html_fact(p->b, "offset");
	if (!emit_html_place_of(&p->ec->arena, r, &pl)) {
		strbuf_puts(p->b, "<code>");
		emit_html_text(p->b, r->body ? r->body : "?");
		strbuf_puts(p->b, "</code></dd>\n");
		return;
	}
	strbuf_printf(p->b, "<code>0x%08llx</code>", (unsigned long long)pl.base);
	for (int k = 0; k < pl.nidx; k++) {
		if (pl.linear)
			strbuf_printf(p->b, " + %c&#215;0x%llx", idx[k], (unsigned long long)pl.stride[k]);
	}
	if (!pl.linear && r->body) {
		strbuf_puts(p->b, " at index 0: <code>");
		emit_html_text(p->b, r->body);
		strbuf_puts(p->b, "</code>");
	}
	for (int k = 0; k < pl.nidx; k++)
		if (pl.n[k])
			strbuf_printf(p->b, "%s%c &lt; %u", k ? ", " : "; ", idx[k], pl.n[k]);
	if (pl.linear && pl.nidx && pl.n[0] && (pl.nidx == 1 || pl.n[1])) {
		uint64_t last = pl.base + (pl.n[0] - 1) * pl.stride[0] +
				(pl.nidx > 1 ? (pl.n[1] - 1) * pl.stride[1] : 0);
		strbuf_printf(p->b, " (last <code>0x%08llx</code>)", (unsigned long long)last);
	}
	strbuf_puts(p->b, "</dd>\n");
}

/* Reset value of a register from its fields' reset values. */
static void emit_html_reg_reset(struct emit_html_page *p, const struct ir_def *r)
{
	uint64_t value = 0, mask = 0, all = 0;

	for (const struct ir_def *f = r->first_child; f; f = f->next_sibling) {
		uint64_t w = ir_def_width(f);
		if (f->kind != IR_FIELD || !w || f->hi.value > 63)
			continue;
		uint64_t fm = (w >= 64 ? ~0ull : (1ull << w) - 1) << f->lo.value;
		const struct ir_def *v = emit_html_reset_value(f);
		all |= fm;
		if (v) {
			value |= (v->value.value << f->lo.value) & fm;
			mask |= fm;
		}
	}
	if (!mask)
		return;
	emit_html_fact(p->b, "reset");
	strbuf_printf(p->b, "<code>0x%08llx</code>", (unsigned long long)value);
	if (mask != all)
		strbuf_printf(p->b, " (bits of mask <code>0x%08llx</code>; other fields have no reset value)",
			      (unsigned long long)mask);
	strbuf_puts(p->b, "</dd>\n");
}

static void emit_html_struct_size(struct emit_html_page *p, const struct ir_def *s)
{
	for (const struct ir_def *c = s->first_child; c; c = c->next_sibling)
		if (c->role == IR_ROLE_STRUCT_SIZE && c->value.known) {
			emit_html_fact(p->b, "size");
			strbuf_printf(p->b, "%llu bytes (%llu words)</dd>\n", (unsigned long long)c->value.value,
				      (unsigned long long)(c->value.value + 3) / 4);
			return;
		}
}

static void emit_html_bits(struct strbuf *b, const struct ir_def *f, bool structure)
{
	if (f->hi.known && f->lo.known) {
		strbuf_printf(b, "%llu:%llu", (unsigned long long)f->hi.value, (unsigned long long)f->lo.value);
		if (structure)
			strbuf_printf(b, " <span class=\"w\">(word %llu, %llu:%llu)</span>",
				      (unsigned long long)f->lo.value / 32, (unsigned long long)f->hi.value % 32 +
				      (f->hi.value / 32 - f->lo.value / 32) * 32, (unsigned long long)f->lo.value % 32);
	} else if (f->body) {
		strbuf_puts(b, "<code>");
		emit_html_text(b, f->body);
		strbuf_puts(b, "</code>");
	}
}

static void emit_html_values(struct emit_html_page *p, const struct ir_def *f)
{
	bool any = false;

	for (const struct ir_def *v = f->first_child; v; v = v->next_sibling) {
		if (v->kind != IR_VALUE && v->kind != IR_CONSTANT)
			continue;
		if (!any)
			strbuf_puts(p->b, "<table class=\"vals\">\n");
		any = true;
		if (emit_html_has_prose(v->prose)) {
			strbuf_puts(p->b, "<tr><td colspan=\"3\">");
			emit_html_prose(p->b, v->prose, "prose");
			strbuf_puts(p->b, "</td></tr>\n");
		}
		strbuf_puts(p->b, "<tr");
		emit_html_id(p, v);
		strbuf_puts(p->b, "><td>");
		emit_html_short(p, v);
		strbuf_puts(p->b, "</td><td><code>");
		emit_html_text(p->b, v->body ? v->body : "");
		strbuf_puts(p->b, "</code></td><td class=\"acc\">");
		emit_html_code(p->b, &v->code);
		strbuf_puts(p->b, "</td></tr>\n");
	}
	if (any)
		strbuf_puts(p->b, "</table>");
}

/* Fields (with their values) and the other children of a register/structure. */
static void emit_html_fields(struct emit_html_page *p, const struct ir_def *c)
{
	bool structure = c->kind == IR_STRUCTURE, any = false;

	for (const struct ir_def *f = c->first_child; f; f = f->next_sibling) {
		if (!any)
			strbuf_puts(p->b, "<table class=\"fields\">\n<thead><tr><th>name</th><th>bits</th>"
				    "<th>access</th><th>reset</th><th>values</th></tr></thead>\n<tbody>\n");
		any = true;
		if (emit_html_has_prose(f->prose)) {
			strbuf_puts(p->b, "<tr class=\"p\"><td colspan=\"5\">");
			emit_html_prose(p->b, f->prose, "prose");
			strbuf_puts(p->b, "</td></tr>\n");
		}
		strbuf_printf(p->b, "<tr class=\"%s\"", f->kind == IR_FIELD ? "fld" : "other");
		emit_html_id(p, f);
		strbuf_puts(p->b, "><td>");
		emit_html_short(p, f);
		strbuf_puts(p->b, "</td><td>");
		if (f->kind == IR_FIELD)
			emit_html_bits(p->b, f, structure);
		else {
			strbuf_puts(p->b, "<code>");
			emit_html_text(p->b, f->body ? f->body : "");
			strbuf_puts(p->b, "</code>");
		}
		strbuf_puts(p->b, "</td><td class=\"acc\">");
		emit_html_code(p->b, &f->code);
		strbuf_puts(p->b, "</td><td>");
		const struct ir_def *rv = f->kind == IR_FIELD ? emit_html_reset_value(f) : NULL;
		if (rv)
			emit_html_text(p->b, emit_html_short_name(rv));
		strbuf_puts(p->b, "</td><td>");
		emit_html_values(p, f);
		strbuf_puts(p->b, "</td></tr>\n");
	}
	if (any)
		strbuf_puts(p->b, "</tbody></table>\n");
}

static const char *emit_html_kind(const struct ir_def *d)
{
	static const char *const k[IR_KIND_COUNT] = {
		"device", "register", "structure", "field", "value", "constant",
	};
	return d->kind < IR_KIND_COUNT ? k[d->kind] : "define";
}

/* <dt>space</dt>: where the offsets are, for a BAR0 reader (the unit's, or the device's own). */
static void emit_html_space(struct strbuf *b, const struct ir_space *sp)
{
	if (sp->kind == IR_SPACE_NONE)
		return;
	strbuf_printf(b, "<dt>space</dt><dd>%s", ir_space_name(sp->kind));
	if (sp->kind == IR_SPACE_WINDOW)
		strbuf_printf(b, ": in BAR0 from <code>0x%08llx</code> (%s)", (unsigned long long)sp->base, sp->via);
	else if (sp->kind == IR_SPACE_BLOCK)
		strbuf_printf(b, ": offsets in a block whose BAR0 base is found at run time (%s)", sp->via);
	else if (sp->kind != IR_SPACE_BAR0)
		strbuf_puts(b, ", not BAR0");
	strbuf_puts(b, " <small>");
	emit_html_text(b, sp->source ? sp->source : "");
	strbuf_puts(b, "</small></dd>\n");
}

static void emit_html_card(struct emit_html_page *p, const struct ir_def *d)
{
	struct strbuf *b = p->b;
	bool device = d->kind == IR_DEVICE;

	strbuf_printf(b, "<section class=\"blk %s\">\n", emit_html_kind(d));
	/* a card without text takes the whole width */
	emit_html_prose(b, d->prose, "prose");
	strbuf_printf(b, "<div class=\"card\">\n<%s", device ? "h2" : "h3");
	emit_html_id(p, d);
	strbuf_puts(b, ">");
	emit_html_name(p, d);
	strbuf_printf(b, " <small>%s%s</small></%s>\n<dl>\n", emit_html_kind(d),
		      d->addendum ? ", refgen addendum" :
		      d->published && !ir_manual_excerpt(p->m) ? ", published header" : "",
		      device ? "h2" : "h3");
	if (device && d->hi.known && d->lo.known) {
		emit_html_fact(b, "range");
		strbuf_printf(b, "<code>0x%08llx</code>&#8211;<code>0x%08llx</code></dd>\n",
			      (unsigned long long)d->lo.value, (unsigned long long)d->hi.value);
		emit_html_space(b, &d->space);
	} else if (d->kind == IR_REGISTER) {
		emit_html_offset(p, d);
	} else if (d->kind == IR_STRUCTURE) {
		emit_html_struct_size(p, d);
	} else if (!device && d->body) {
		emit_html_fact(b, "value");
		strbuf_puts(b, "<code>");
		emit_html_text(b, d->body);
		strbuf_puts(b, "</code></dd>\n");
	}
	if (d->code.present && strlen(d->code.c) == 5) {
		emit_html_fact(b, "access");
		emit_html_code(b, &d->code);
		strbuf_puts(b, "</dd>\n");
	}
	if (d->kind == IR_REGISTER)
		emit_html_reg_reset(p, d);
	strbuf_printf(b, "<dt>source</dt><dd>%s:%u</dd>\n</dl>\n", ir_def_file(p->m, d),
		      d->line);
	if (d->kind == IR_REGISTER || d->kind == IR_STRUCTURE || device)
		emit_html_peers_line(b, p->peers, d);
	if (!device) {
		emit_html_diagram(b, &p->ec->arena, d);
		emit_html_fields(p, d);
	}
	strbuf_puts(b, "</div>\n</section>\n");
}

void emit_html_head(struct strbuf *b, const char *spdx, const char *title, const char *root,
		    const char *search)
{
	strbuf_printf(b, "<!DOCTYPE html>\n<!-- SPDX-License-Identifier: %s -->\n", spdx);
	strbuf_puts(b, "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		    "<link rel=\"icon\" href=\"data:,\">\n<title>");
	emit_html_text(b, title);
	strbuf_printf(b, "</title>\n<link rel=\"stylesheet\" href=\"%srefgen.css\">\n"
		      "<script src=\"%srefgen.js\" defer></script>\n</head>\n"
		      "<body data-search=\"%s\">\n<header class=\"top\">\n<nav>", root, root, search);
}

void emit_html_search_box(struct strbuf *b)
{
	strbuf_puts(b, "</nav>\n<div class=\"search\"><input type=\"search\" id=\"q\" "
		    "placeholder=\"name or 0xADDRESS\" aria-label=\"Search names or addresses\" "
		    "autocomplete=\"off\"><div id=\"hits\"></div></div>\n</header>\n<main>\n");
}

static void emit_html_parts_nav(struct strbuf *b, const char *unit, unsigned nparts, unsigned part)
{
	if (nparts < 2)
		return;
	strbuf_puts(b, "<p class=\"parts\">Parts:");
	for (unsigned k = 0; k < nparts; k++) {
		if (k == part) {
			strbuf_printf(b, " <b>%u</b>", k + 1);
			continue;
		}
		strbuf_puts(b, " <a href=\"");
		emit_html_page_name(b, unit, k);
		strbuf_printf(b, "\">%u</a>", k + 1);
	}
	strbuf_puts(b, "</p>\n");
}

static int emit_html_write_page(struct emit_html_page *p, const struct emit_html_layout *l,
				unsigned part, const char *outdir)
{
	struct strbuf *b = p->b, path = { 0 }, title = { 0 };
	int rc;

	b->len = 0;
	strmap_free(&p->ids);
	strmap_init(&p->ids);
	strbuf_printf(&title, "%s %s", p->ec->chip, p->m->unit);
	if (p->m->class_id)
		strbuf_printf(&title, ": %s (0x%04X)", p->m->class_name, (unsigned)p->m->class_id);
	if (l->nparts > 1)
		strbuf_printf(&title, " (part %u of %u)", part + 1, l->nparts);
	emit_html_head(b, ir_manual_spdx(p->m), title.data, "../", "search.js");
	strbuf_printf(b, "<a href=\"../index.html\">chips</a> &#8250; <a href=\"index.html\">%s</a> &#8250; %s",
		      p->ec->chip, p->m->unit);
	emit_html_search_box(b);
	strbuf_puts(b, "<h1>");
	emit_html_text(b, title.data);
	strbuf_puts(b, "</h1>\n<p class=\"src\">From ");
	if (p->m->class_id) {
		strbuf_puts(b, "NVIDIA's class header <code>");
		emit_html_text(b, p->m->published);
		strbuf_puts(b, "</code>: the class's methods, as registers of the method space");
	} else if (ir_manual_excerpt(p->m)) {
		strbuf_puts(b, "NVIDIA's published reference header <code>");
		emit_html_text(b, p->m->published);
		strbuf_puts(b, "</code>");
	} else {
		strbuf_puts(b, "<code>");
		emit_html_text(b, p->m->source);
		strbuf_puts(b, "</code>");
	}
	if (p->m->addendum) {
		strbuf_printf(b, " and the project's addendum <code>manuals/%s/", p->ec->chip);
		emit_html_text(b, p->m->addendum);
		strbuf_puts(b, "</code>");
	}
	if (p->m->class_id) {
		strbuf_puts(b, ". The header's comments are on the left of what they describe.</p>\n");
	} else if (ir_manual_excerpt(p->m)) {
		strbuf_puts(b, ". <strong>An excerpt without prose:</strong> only the registers NVIDIA's "
			    "driver uses, as its headers define them; what it lacks is left out, not "
			    "known to be absent.</p>\n");
	} else {
		if (p->m->published) {
			strbuf_puts(b, "; the defines the manual lacks from NVIDIA's published headers <code>");
			emit_html_text(b, p->m->published);
			strbuf_puts(b, "</code>");
		}
		strbuf_puts(b, ". The manual's text is on the left of what it describes.</p>\n");
	}
	if (p->m->space.kind != IR_SPACE_NONE) {
		strbuf_puts(b, "<dl class=\"src\">");
		emit_html_space(b, &p->m->space);
		strbuf_puts(b, "</dl>\n");
	}
	emit_html_parts_nav(b, p->m->unit, l->nparts, part);
	for (size_t i = 0; i < l->ncards; i++)
		if (l->cards[i].part == part)
			emit_html_card(p, l->cards[i].def);
	if (part + 1 == l->nparts)
		emit_html_prose(b, p->m->trailer, "prose trailer");
	emit_html_parts_nav(b, p->m->unit, l->nparts, part);
	strbuf_puts(b, "</main>\n</body>\n</html>\n");
	strbuf_printf(&path, "%s/%s/", outdir, p->ec->chip);
	emit_html_page_name(&path, p->m->unit, part);
	rc = emit_write(path.data, b, p->ec->diag);
	strbuf_release(&path);
	strbuf_release(&title);
	return rc;
}

int emit_html_unit(struct emit_chip *ec, size_t unit, const char *outdir)
{
	struct strbuf b = { 0 };
	struct emit_html_page p = { ec, ec->units[unit], &b, { 0 }, NULL };
	struct emit_html_layout l;
	int rc = 0;

	if (ec->dry_run)
		return 0;   /* HTML claims no names: nothing to check */
	emit_html_layout_build(&l, p.m);
	p.peers = emit_html_peers_new(ec, unit);
	strmap_init(&p.ids);
	for (unsigned part = 0; part < l.nparts && rc == 0; part++)
		rc = emit_html_write_page(&p, &l, part, outdir);
	strmap_free(&p.ids);
	emit_html_peers_free(p.peers);
	emit_html_layout_release(&l);
	strbuf_release(&b);
	return rc;
}
