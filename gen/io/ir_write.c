/* SPDX-License-Identifier: MIT */
#include "io/ir_write.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "atomic_file.h"
#include "ir/ir_code.h"
#include "schema/ir_schema.h"
#include "io/xml_out.h"

static void ir_write_discard(void *ctx, enum diag_level level, const char *line)
{
	(void)ctx, (void)level, (void)line;
}

/*
 * Names the writer uses, resolved once against the compiled schema: the
 * checker is handed ids, and a name the schema lacks is -1 (refused).
 */
enum ir_w_attr {
	W_VERSION, W_SOURCE, W_UNIT, W_CHIP, W_ARCH, W_PATH, W_ADDENDUM, W_NAME, W_PARAMS, W_BODY,
	W_CODE, W_COMMENT, W_LINE, W_COL, W_SECTION, W_READ, W_WRITE, W_STATE, W_DECL,
	W_INDICATOR, W_HI, W_LO, W_WIDTH, W_WORD, W_BIT, W_HI_EXPR, W_LO_EXPR, W_ROLE,
	W_PLACED, W_REF, W_STRING, W_OFFSET, W_OFFSET_EXPR, W_VALUE, W_VALUE_EXPR, W_BYTES,
	W_SIZE1, W_SIZE2, W_SPACE, W_SPACE_BASE, W_SPACE_VIA, W_SPACE_SOURCE, W_PUBLISHED, W_CLASS,
	W_CLASS_ID, W_ATTR_COUNT
};

static const char *const ir_w_attr_names[W_ATTR_COUNT] = {
	"version", "source", "unit", "chip", "arch", "path", "addendum", "name", "params", "body",
	"code", "comment", "line", "col", "section", "read", "write", "state", "decl",
	"indicator", "hi", "lo", "width", "word", "bit", "hi-expr", "lo-expr", "role",
	"placed", "ref", "string", "offset", "offset-expr", "value", "value-expr", "bytes",
	"size1", "size2", "space", "space-base", "space-via", "space-source", "published",
	"class", "class-id",
};

enum ir_w_elem { E_MANUAL = IR_KIND_COUNT, E_ACCESS, E_PROSE, E_LICENSE, E_TRAILER,
		 E_ADDENDUM_TRAILER, E_COUNT };

struct ir_w {
	struct xml_out o;
	int attr[W_ATTR_COUNT];
	int elem[E_COUNT];
	const char *elem_name[E_COUNT];
};

static void ir_w_names(struct ir_w *w, const struct rng_grammar *g)
{
	static const char *const extra[] = { "manual", "access", "prose", "license", "trailer",
					     "addendum-trailer" };

	for (int i = 0; i < W_ATTR_COUNT; i++)
		w->attr[i] = rng_grammar_attr(g, ir_w_attr_names[i]);
	for (int k = 0; k < IR_KIND_COUNT; k++)
		w->elem_name[k] = ir_kind_name((enum ir_kind)k);
	for (int i = E_MANUAL; i < E_COUNT; i++)
		w->elem_name[i] = extra[i - E_MANUAL];
	for (int i = 0; i < E_COUNT; i++)
		w->elem[i] = rng_grammar_elem(g, w->elem_name[i]);
}

static void ir_set(struct ir_w *w, enum ir_w_attr a, const char *value)
{
	xml_out_attr(&w->o, w->attr[a], ir_w_attr_names[a], value);
}

static void ir_set_u64(struct ir_w *w, enum ir_w_attr a, uint64_t v)
{
	xml_out_attr_u64(&w->o, w->attr[a], ir_w_attr_names[a], v);
}

static void ir_set_hex(struct ir_w *w, enum ir_w_attr a, uint64_t v)
{
	xml_out_attr_hex(&w->o, w->attr[a], ir_w_attr_names[a], v);
}

static void ir_open(struct ir_w *w, int e)
{
	xml_out_open(&w->o, w->elem[e], w->elem_name[e]);
}

static void ir_close(struct ir_w *w, int e)
{
	xml_out_close(&w->o, w->elem_name[e]);
}

static void ir_text(struct ir_w *w, int e, const char *text)
{
	if (text)
		xml_out_text_elem(&w->o, w->elem[e], w->elem_name[e], text);
}

static void ir_write_source(struct ir_w *w, const struct ir_def *d)
{
	ir_set(w, W_NAME, d->name);
	ir_set(w, W_PARAMS, d->params);
	ir_set(w, W_BODY, d->body);
	if (d->code.present)
		ir_set(w, W_CODE, d->code.c);
	ir_set(w, W_COMMENT, d->comment);
	ir_set_u64(w, W_LINE, d->line);
	if (d->addendum)
		ir_set(w, W_ADDENDUM, "true");
	ir_set(w, W_PUBLISHED, d->published);
	if (d->col > 1)
		ir_set_u64(w, W_COL, d->col);
	ir_set(w, W_SECTION, d->section);
}

static void ir_write_access(struct ir_w *w, const struct ir_def *d)
{
	struct ir_code_meaning cm;

	if (!ir_code_decode(&d->code, &cm))
		return;
	ir_open(w, E_ACCESS);
	ir_set(w, W_READ, cm.read);
	ir_set(w, W_WRITE, cm.write);
	ir_set(w, W_STATE, cm.state);
	ir_set(w, W_DECL, cm.decl);
	ir_set(w, W_INDICATOR, cm.indicator);
	ir_close(w, E_ACCESS);
}

static void ir_write_range(struct ir_w *w, const struct ir_def *d)
{
	if (d->hi.known && d->lo.known) {
		ir_set_u64(w, W_HI, d->hi.value);
		ir_set_u64(w, W_LO, d->lo.value);
		ir_set_u64(w, W_WIDTH, ir_def_width(d));
		if (d->kind == IR_FIELD && d->parent && d->parent->kind == IR_STRUCTURE) {
			ir_set_u64(w, W_WORD, d->lo.value / 32);
			ir_set_u64(w, W_BIT, d->lo.value % 32);
		}
	} else {
		ir_set(w, W_HI_EXPR, d->hi.expr);
		ir_set(w, W_LO_EXPR, d->lo.expr);
	}
}

static void ir_write_scalar(struct ir_w *w, const struct ir_def *d, enum ir_w_attr attr,
			    enum ir_w_attr attr_expr)
{
	if (d->value.known)
		ir_set_hex(w, attr, d->value.value);
	else
		ir_set(w, attr_expr, d->value.expr);
}

/* A structure's size: its first struct-size constant that is not 0. */
static void ir_write_bytes(struct ir_w *w, const struct ir_def *d)
{
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling) {
		if (c->role == IR_ROLE_STRUCT_SIZE && c->value.value) {
			ir_set_u64(w, W_BYTES, c->value.value);
			return;
		}
	}
}

static void ir_write_space(struct ir_w *w, const struct ir_space *s)
{
	if (s->kind == IR_SPACE_NONE)
		return;
	ir_set(w, W_SPACE, ir_space_name(s->kind));
	if (s->has_base)
		ir_set_hex(w, W_SPACE_BASE, s->base);
	ir_set(w, W_SPACE_VIA, s->via);
	ir_set(w, W_SPACE_SOURCE, s->source ? s->source : "");
}

static void ir_write_meaning(struct ir_w *w, const struct ir_def *d)
{
	if (d->kind == IR_CONSTANT && d->role != IR_ROLE_NONE)
		ir_set(w, W_ROLE, ir_role_name(d->role));
	if (!d->placed)
		ir_set(w, W_PLACED, "false");
	if (d->ref)
		ir_set(w, W_REF, d->ref);
	else if (d->string)
		ir_set(w, W_STRING, d->string);
	else if (d->is_range)
		ir_write_range(w, d);
	if (d->kind == IR_DEVICE)
		ir_write_space(w, &d->space);
	else if (d->kind == IR_REGISTER)
		ir_write_scalar(w, d, W_OFFSET, W_OFFSET_EXPR);
	else if (d->value.known || d->value.expr)
		ir_write_scalar(w, d, W_VALUE, W_VALUE_EXPR);
	if (d->kind == IR_STRUCTURE)
		ir_write_bytes(w, d);
	if (d->size[0])
		ir_set_u64(w, W_SIZE1, d->size[0]);
	if (d->size[1])
		ir_set_u64(w, W_SIZE2, d->size[1]);
}

static void ir_write_def(struct ir_w *w, const struct ir_def *d)
{
	ir_open(w, (int)d->kind);
	ir_write_source(w, d);
	ir_write_meaning(w, d);
	ir_write_access(w, d);
	ir_text(w, E_PROSE, d->prose);
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		ir_write_def(w, c);
	ir_close(w, (int)d->kind);
}

static void ir_write_manual(struct ir_w *w, const struct ir_manual *m)
{
	ir_open(w, E_MANUAL);
	ir_set(w, W_VERSION, "1");
	ir_set(w, W_SOURCE, m->source);
	ir_set(w, W_UNIT, m->unit);
	ir_set(w, W_CHIP, m->chip);
	ir_set(w, W_ARCH, m->arch);
	ir_set(w, W_PATH, m->path);
	ir_set(w, W_ADDENDUM, m->addendum);
	ir_set(w, W_PUBLISHED, m->published);
	ir_set(w, W_CLASS, m->class_name);
	if (m->class_name) {
		char id[16];

		snprintf(id, sizeof(id), "0x%04x", (unsigned)m->class_id);
		ir_set(w, W_CLASS_ID, id);
	}
	ir_write_space(w, &m->space);
	ir_text(w, E_LICENSE, m->license);
	for (const struct ir_def *d = m->first_root; d; d = d->next_sibling)
		ir_write_def(w, d);
	ir_text(w, E_TRAILER, m->trailer);
	ir_text(w, E_ADDENDUM_TRAILER, m->addendum_trailer);
	ir_close(w, E_MANUAL);
}

/* The IR is generated from the manual: it carries the manual's licence. */
static void ir_write_spdx(struct ir_w *w, const struct ir_manual *m)
{
	char tag[80];

	snprintf(tag, sizeof(tag), "SPDX-License-Identifier: %s", ir_manual_spdx(m));
	xml_out_comment(&w->o, tag);
}

/* Writes m through sink (NULL: into w->o.buf); 0, or -1 reported. */
static int ir_write_stream(struct ir_w *w, const struct ir_manual *m, xml_out_sink sink, void *ctx,
			   const char *path, struct diag *d)
{
	const struct rng_grammar *g = ir_schema_grammar(d, path);

	memset(&w->o, 0, sizeof(w->o));   /* the caller releases it, failed or not */
	if (!g)
		return -1;
	ir_w_names(w, g);
	xml_out_init(&w->o, g, sink, ctx);
	ir_write_spdx(w, m);
	ir_write_manual(w, m);
	if (xml_out_finish(&w->o) == 0)
		return 0;
	if (w->o.sink_failed)
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot write: %s", w->o.why);
	else
		diag_report(d, DIAG_ERROR, path, 0, 0,
			    "internal error: the IR built from %s does not match the schema: %s",
			    m->source, w->o.why);
	return -1;
}

xmlDocPtr ir_write_doc(const struct ir_manual *m)
{
	struct ir_w w;
	struct diag d;
	xmlDocPtr doc = NULL;

	diag_init(&d);
	d.sink = ir_write_discard;
	if (ir_write_stream(&w, m, NULL, NULL, "-", &d) == 0)
		doc = xmlReadMemory(w.o.buf, (int)w.o.len, "ir.xml", NULL, XML_PARSE_NONET);
	xml_out_release(&w.o);
	return doc;
}

static int ir_write_to_file(void *ctx, const char *p, size_t n)
{
	return atomic_file_stream_write(ctx, p, n);
}

int ir_write_file(const struct ir_manual *m, const char *path, struct diag *d)
{
	struct atomic_stream f;
	struct ir_w w;
	int rc;

	if (path[0] == '-' && !path[1]) {
		/* stdout gets the whole document or nothing */
		rc = ir_write_stream(&w, m, NULL, NULL, path, d);
		if (rc == 0 && (fwrite(w.o.buf, 1, w.o.len, stdout) != w.o.len || fflush(stdout) != 0)) {
			diag_report(d, DIAG_ERROR, path, 0, 0, "cannot write: %s", strerror(errno));
			rc = -1;
		}
		xml_out_release(&w.o);
		return rc;
	}
	if (atomic_file_stream_open(&f, path) < 0) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot write: %s", strerror(errno));
		return -1;
	}
	rc = ir_write_stream(&w, m, ir_write_to_file, &f, path, d);
	xml_out_release(&w.o);
	if (rc < 0) {
		atomic_file_stream_abort(&f);
		return -1;
	}
	if (atomic_file_stream_close(&f) < 0) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot write: %s", strerror(errno));
		return -1;
	}
	return 0;
}
