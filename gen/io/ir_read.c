/* SPDX-License-Identifier: MIT */
/*
 * The IR read as a stream: libxml2's SAX2 parser calls back as each start
 * tag, run of text and end tag is read; each is checked at once by the
 * grammar-compiled checker (rng_check.h) the writer uses and the text rules
 * (ir_text.h), and the model is built from what passed.  No document tree is
 * made.  The checker's grammar names every element and attribute: the
 * reader looks names up through it, so an attribute the schema gains needs
 * no change here unless the model is to hold it.
 */
#include "io/ir_read.h"

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#include "check/ir_check.h"
#include "schema/ir_schema.h"
#include "schema/rng_check.h"
#include "io/ir_text.h"
#include "base/strmap.h"
#include "base/text_file.h"
#include "mem.h"

/* The attributes the model takes (any other the schema allows is checked only). */
enum ir_r_attr {
	A_NAME, A_PARAMS, A_BODY, A_CODE, A_COMMENT, A_LINE, A_COL, A_SIZE1, A_SIZE2,
	A_ADDENDUM, A_SECTION, A_ROLE, A_PLACED, A_REF, A_STRING, A_HI, A_HI_EXPR, A_LO,
	A_LO_EXPR, A_OFFSET, A_OFFSET_EXPR, A_VALUE, A_VALUE_EXPR, A_SPACE, A_SPACE_BASE,
	A_SPACE_VIA, A_SPACE_SOURCE, A_SOURCE, A_UNIT, A_CHIP, A_ARCH, A_PATH, A_PUBLISHED,
	A_CLASS, A_CLASS_ID, A_COUNT
};

static const char *const ir_r_attr_names[A_COUNT] = {
	"name", "params", "body", "code", "comment", "line", "col", "size1", "size2",
	"addendum", "section", "role", "placed", "ref", "string", "hi", "hi-expr", "lo",
	"lo-expr", "offset", "offset-expr", "value", "value-expr", "space", "space-base",
	"space-via", "space-source", "source", "unit", "chip", "arch", "path", "published",
	"class", "class-id",
};

/* What an element of the grammar is to the model. */
enum ir_r_role { R_DEF, R_ROOT, R_ACCESS, R_PROSE, R_LICENSE, R_TRAILER, R_ADDENDUM_TRAILER };

/* libxml2 interns names: a name's pointer stands for it within one parse. */
#define IR_R_NAMES 256
struct ir_r_name {
	const xmlChar *name;
	int id;
};

/*
 * Start tags whose attributes passed and gave the model nothing, by their
 * bytes from '<' to the tag's end: the same bytes are the same attributes
 * with the same values (no DTD, so no defaults or entities of the
 * document's own), so the same verdicts.  An IR repeats a few dozen
 * <access .../> tags thousands of times.  Direct-mapped; len 0: empty.
 */
#define IR_R_MEMO 128
struct ir_r_memo {
	size_t at, len;         /* the tag's bytes in the document */
	uint64_t names, valid;  /* the checker's attribute bits after them */
};

struct ir_r_frame {
	int elem;               /* grammar element id */
	struct ir_def *def;     /* R_DEF: the define; else the nearest enclosing one */
	size_t tag;             /* offset of its '<' in the document, SIZE_MAX unknown */
	size_t text_start;      /* where its text starts in r->text (text elements) */
};

struct ir_reader {
	xmlParserCtxtPtr ctxt;
	const char *buf;
	size_t len;
	const char *name;
	struct diag *d;
	bool model;             /* false: the schema check alone (no text rules, no model) */
	bool failed;            /* reported; the parse is stopped */
	bool doctype;           /* a DOCTYPE was met (the parse stopped there) */
	struct ir_manual *m;
	const struct rng_grammar *g;
	struct rng_check check;
	int attr_id[A_COUNT];               /* grammar attribute id of each, -1 none */
	int8_t attr_model[RNG_MAX_OCCS * 4]; /* grammar attribute id -> enum ir_r_attr, -1 */
	enum ir_r_role role[RNG_MAX_ELEMS];
	int kind[RNG_MAX_ELEMS];            /* R_DEF: its enum ir_kind */
	struct ir_r_name elem_names[IR_R_NAMES], attr_names[IR_R_NAMES];
	struct ir_r_memo memo[IR_R_MEMO];
	/* the open elements */
	struct ir_r_frame *stack;
	int depth, cap;
	/* the current start tag's values of the model's attributes, NUL-terminated */
	char *vals;
	size_t vals_len, vals_cap;
	size_t val_at[A_COUNT];             /* offset in vals + 1; 0: absent */
	/* the text of the open text elements */
	char *text;
	size_t text_len, text_cap;
};

/* ---- where in the document ------------------------------------------------------- */

/* Line and column (1-based) of byte off; counted only when an error needs them. */
static void ir_r_where(const struct ir_reader *r, size_t off, unsigned *line, unsigned *col)
{
	const char *p = r->buf, *end = r->buf + (off < r->len ? off : r->len), *bol = p;
	unsigned long n = 1;

	while ((p = memchr(p, '\n', (size_t)(end - p)))) {
		n++;
		bol = ++p;
	}
	*line = n <= UINT_MAX ? (unsigned)n : 0;
	*col = (unsigned)(end - bol) + 1;
}

/* Offset of the byte the parser is at, SIZE_MAX when it is not in the document given. */
static size_t ir_r_offset(const struct ir_reader *r, const xmlChar *p)
{
	xmlParserInputPtr in = r->ctxt->input;

	if (!in || !in->base || p < in->base || (in->end && p > in->end) || in->consumed > SIZE_MAX)
		return SIZE_MAX;
	size_t off = (size_t)in->consumed + (size_t)(p - in->base);
	return off <= r->len ? off : SIZE_MAX;
}

static void ir_r_fail(struct ir_reader *r, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Reports at off (SIZE_MAX: the line the parser is on) and stops the parse. */
static void ir_r_fail(struct ir_reader *r, size_t off, const char *fmt, ...)
{
	unsigned line = 0, col = 0;
	char msg[640];
	va_list ap;

	if (r->failed)
		return;
	if (off != SIZE_MAX)
		ir_r_where(r, off, &line, &col);
	else if (r->ctxt->input && r->ctxt->input->line > 0)
		line = (unsigned)r->ctxt->input->line;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_report(r->d, DIAG_ERROR, r->name, line, col, "%s", msg);
	r->failed = true;
	xmlStopParser(r->ctxt);
}

/* Offset of attribute attr's name in the start tag at tag, else the tag's. */
static size_t ir_r_attr_offset(const struct ir_reader *r, size_t tag, const char *attr)
{
	size_t alen = strlen(attr), i = tag;

	if (tag == SIZE_MAX)
		return SIZE_MAX;
	/* <name (space+ name space? = space? quoted)* */
	for (i++; i < r->len && !strchr(" \t\r\n/>", r->buf[i]); i++)
		;
	while (i < r->len) {
		size_t at;
		char q;

		for (; i < r->len && strchr(" \t\r\n", r->buf[i]); i++)
			;
		if (i >= r->len || r->buf[i] == '>' || r->buf[i] == '/')
			break;
		at = i;
		for (; i < r->len && !strchr(" \t\r\n=", r->buf[i]); i++)
			;
		if (i - at == alen && !memcmp(r->buf + at, attr, alen))
			return at;
		for (; i < r->len && strchr(" \t\r\n=", r->buf[i]); i++)
			;
		if (i >= r->len || (r->buf[i] != '"' && r->buf[i] != '\''))
			break;
		q = r->buf[i++];
		for (; i < r->len && r->buf[i] != q; i++)
			;
		i++;
	}
	return tag;
}

/* ---- names ------------------------------------------------------------------------ */

static int ir_r_name_id(struct ir_r_name *t, const xmlChar *name, const struct rng_grammar *g,
			int (*lookup)(const struct rng_grammar *, const char *))
{
	/* the names lie packed in libxml2's dictionary: all the pointer's bits mixed */
	size_t h = (size_t)(((uint64_t)(uintptr_t)name * 0x9e3779b97f4a7c15ull) >> 56) % IR_R_NAMES;

	for (size_t k = 0; k < IR_R_NAMES; k++, h = (h + 1) % IR_R_NAMES) {
		if (t[h].name == name)
			return t[h].id;
		if (!t[h].name) {
			t[h].name = name;
			t[h].id = lookup(g, (const char *)name);
			return t[h].id;
		}
	}
	return lookup(g, (const char *)name);
}

static void ir_r_names(struct ir_reader *r)
{
	static const char *const texts[] = { "manual", "access", "prose", "license", "trailer",
					     "addendum-trailer" };
	static const enum ir_r_role roles[] = { R_ROOT, R_ACCESS, R_PROSE, R_LICENSE, R_TRAILER,
						R_ADDENDUM_TRAILER };

	memset(r->attr_model, -1, sizeof(r->attr_model));
	for (int i = 0; i < A_COUNT; i++) {
		r->attr_id[i] = rng_grammar_attr(r->g, ir_r_attr_names[i]);
		if (r->attr_id[i] >= 0 && (size_t)r->attr_id[i] < sizeof(r->attr_model))
			r->attr_model[r->attr_id[i]] = (int8_t)i;
	}
	for (int e = 0; e < r->g->nelems && e < RNG_MAX_ELEMS; e++) {
		const char *name = r->g->elems[e]->name;

		r->role[e] = R_DEF;
		r->kind[e] = ir_kind_from_name(name);
		for (size_t k = 0; k < sizeof(texts) / sizeof(texts[0]); k++)
			if (!strcmp(name, texts[k]))
				r->role[e] = roles[k];
	}
}

/* ---- the model ------------------------------------------------------------------------ */

/* The current start tag's value of a, NULL when absent. */
static const char *ir_r_val(const struct ir_reader *r, enum ir_r_attr a)
{
	return r->val_at[a] ? r->vals + r->val_at[a] - 1 : NULL;
}

static const char *ir_r_dup(struct ir_reader *r, enum ir_r_attr a)
{
	const char *v = ir_r_val(r, a);

	return v ? arena_strdup(&r->m->arena, v) : NULL;
}

/*
 * v as strtoull reads it in base 16 after "0x", else 10.  The forms the
 * writer writes (digits, or 0x and hex digits, short enough not to
 * overflow) are read here; anything else the schema lets through (blanks, a
 * sign, many digits) by strtoull itself.
 */
static uint64_t ir_r_number(const char *v)
{
	/* a hex digit's value + 1; 0: not one */
	static const uint8_t hex[256] = {
		['0'] = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ['a'] = 11, 12, 13, 14, 15, 16,
		['A'] = 11, 12, 13, 14, 15, 16,
	};
	bool base16 = v[0] == '0' && v[1] == 'x';
	const unsigned char *p = (const unsigned char *)v + (base16 ? 2 : 0);
	uint64_t n = 0;
	int k = 0;

	if (base16) {
		for (; k < 16 && hex[p[k]]; k++)
			n = n << 4 | (uint64_t)(hex[p[k]] - 1);
	} else {
		for (; k < 19 && p[k] >= '0' && p[k] <= '9'; k++)
			n = n * 10 + (uint64_t)(p[k] - '0');
	}
	if (k && !p[k])
		return n;
	return strtoull(v, NULL, base16 ? 16 : 10);
}

static uint64_t ir_r_u64(const struct ir_reader *r, enum ir_r_attr a, bool *found)
{
	const char *v = ir_r_val(r, a);

	if (found)
		*found = v != NULL;
	return v ? ir_r_number(v) : 0;
}

static void ir_r_num(struct ir_reader *r, enum ir_r_attr a, enum ir_r_attr a_expr, struct ir_num *num)
{
	num->value = ir_r_u64(r, a, &num->known);
	num->expr = ir_r_dup(r, a_expr);
}

static void ir_r_params(struct ir_manual *m, struct ir_def *d)
{
	const char *comma;

	if (!d->params || !d->params[0])
		return;
	comma = strchr(d->params, ',');
	if (!comma) {
		d->param[0] = d->params;
		d->nparams = 1;
		return;
	}
	d->param[0] = arena_strndup(&m->arena, d->params, (size_t)(comma - d->params));
	d->param[1] = comma + 1;
	d->nparams = 2;
}

/* The space attributes (the schema has checked their form). */
static void ir_r_space(struct ir_reader *r, struct ir_space *s)
{
	s->kind = ir_space_from_name(ir_r_val(r, A_SPACE));
	if (s->kind == IR_SPACE_NONE)
		return;
	s->base = ir_r_u64(r, A_SPACE_BASE, &s->has_base);
	s->via = ir_r_dup(r, A_SPACE_VIA);
	s->source = ir_r_dup(r, A_SPACE_SOURCE);
}

/* What d has wrong, at attribute attr of its start tag. */
static void ir_r_refuse(struct ir_reader *r, const struct ir_def *d, size_t tag, const char *attr,
			const char *what)
{
	ir_r_fail(r, ir_r_attr_offset(r, tag, attr), "IR refused: %s has %s",
		  d->name ? d->name : "a define", what);
}

/* A define from its start tag's attributes (the schema has checked them). */
static struct ir_def *ir_r_def(struct ir_reader *r, int elem, size_t tag, unsigned tag_line,
			       struct ir_def *parent)
{
	struct ir_manual *m = r->m;
	struct ir_def *d = ir_manual_add_def(m);
	const char *code, *role;
	bool found;

	if (!d) {
		ir_r_fail(r, tag, "IR refused: out of memory");
		return NULL;
	}
	d->kind = (enum ir_kind)r->kind[elem];
	d->ir_line = tag_line;
	d->name = ir_r_dup(r, A_NAME);
	d->params = ir_r_dup(r, A_PARAMS);
	ir_r_params(m, d);
	d->body = ir_r_dup(r, A_BODY);
	code = ir_r_val(r, A_CODE);
	if (code) {
		d->code.present = true;
		size_t n = strnlen(code, sizeof(d->code.c) - 1);   /* as snprintf "%s" cuts it */
		memcpy(d->code.c, code, n);
		d->code.c[n] = '\0';
	}
	d->comment = ir_r_dup(r, A_COMMENT);
	uint64_t line = ir_r_u64(r, A_LINE, NULL), col = ir_r_u64(r, A_COL, &found);
	uint64_t size1 = ir_r_u64(r, A_SIZE1, NULL), size2 = ir_r_u64(r, A_SIZE2, NULL);
	/* The schema cannot bound these: the model holds 32 bits. */
	if (line > UINT32_MAX || col > UINT32_MAX || size1 > UINT32_MAX || size2 > UINT32_MAX) {
		ir_r_refuse(r, d, tag, line > UINT32_MAX ? "line" : col > UINT32_MAX ? "col" :
			    size1 > UINT32_MAX ? "size1" : "size2",
			    "a line, column or index size beyond 32 bits");
		return NULL;
	}
	d->line = (uint32_t)line;
	d->addendum = ir_r_val(r, A_ADDENDUM) != NULL;
	d->published = ir_r_dup(r, A_PUBLISHED);
	d->col = found ? (uint32_t)col : 1;
	d->section = ir_r_dup(r, A_SECTION);
	role = ir_r_val(r, A_ROLE);
	d->role = role ? (enum ir_role)ir_role_from_name(role) : IR_ROLE_NONE;
	d->placed = !ir_r_val(r, A_PLACED);
	d->ref = ir_r_dup(r, A_REF);
	d->string = ir_r_dup(r, A_STRING);
	ir_r_num(r, A_HI, A_HI_EXPR, &d->hi);
	ir_r_num(r, A_LO, A_LO_EXPR, &d->lo);
	d->is_range = d->hi.known || d->hi.expr;
	if (d->kind == IR_REGISTER)
		ir_r_num(r, A_OFFSET, A_OFFSET_EXPR, &d->value);
	else
		ir_r_num(r, A_VALUE, A_VALUE_EXPR, &d->value);
	if (d->kind == IR_DEVICE)
		ir_r_space(r, &d->space);
	d->size[0] = (uint32_t)size1;
	d->size[1] = (uint32_t)size2;
	/* Nor hi >= lo, which the parser never writes otherwise. */
	if (d->hi.known && d->lo.known && d->hi.value < d->lo.value) {
		ir_r_refuse(r, d, tag, "hi", "a range whose hi is below its lo");
		return NULL;
	}
	if (d->hi.known && d->hi.value >= (uint64_t)1 << 48) {
		ir_r_refuse(r, d, tag, "hi", "a bit position beyond 2^48");
		return NULL;
	}
	ir_def_set_parent(m, d, parent);
	return d;
}

static void ir_r_root(struct ir_reader *r)
{
	struct ir_manual *m = r->m;

	m->source = ir_r_dup(r, A_SOURCE);
	m->unit = ir_r_dup(r, A_UNIT);
	m->chip = ir_r_dup(r, A_CHIP);
	m->arch = ir_r_dup(r, A_ARCH);
	m->path = ir_r_dup(r, A_PATH);
	m->addendum = ir_r_dup(r, A_ADDENDUM);
	m->published = ir_r_dup(r, A_PUBLISHED);
	m->class_name = ir_r_dup(r, A_CLASS);
	bool found;
	uint64_t id = ir_r_u64(r, A_CLASS_ID, &found);
	m->class_id = found && m->class_name ? (uint32_t)id : 0;
	ir_r_space(r, &m->space);
}

/* ---- the stream ----------------------------------------------------------------------- */

static void ir_r_schema_fail(struct ir_reader *r, size_t off)
{
	ir_r_fail(r, off, "IR does not match the schema: %s", r->check.why);
}

/* Keeps a copy of the model's attribute a (value[0, len), NUL-terminated). */
static void ir_r_keep(struct ir_reader *r, enum ir_r_attr a, const char *value, size_t len)
{
	if (r->vals_len + len + 1 > r->vals_cap) {
		r->vals_cap = (r->vals_len + len + 1) * 2;
		r->vals = mem_realloc(r->vals, r->vals_cap);
	}
	memcpy(r->vals + r->vals_len, value, len);
	r->vals[r->vals_len + len] = '\0';
	r->val_at[a] = r->vals_len + 1;
	r->vals_len += len + 1;
}

/* The memo's slot for the tag at buf[at, at + len). */
static struct ir_r_memo *ir_r_memo_slot(struct ir_reader *r, size_t at, size_t len)
{
	return &r->memo[strmap_hash(r->buf + at, len) % IR_R_MEMO];
}

/* The start tag's attributes: the text rules, the schema, the model's copies. */
static void ir_r_attrs(struct ir_reader *r, const char *elem, size_t tag, size_t end, int nattrs,
		       const xmlChar **attrs)
{
	struct ir_r_memo *memo = NULL;

	memset(r->val_at, 0, sizeof(r->val_at));
	r->vals_len = 0;
	if (tag != SIZE_MAX && nattrs) {
		memo = ir_r_memo_slot(r, tag, end - tag);
		if (memo->len == end - tag && !memcmp(r->buf + memo->at, r->buf + tag, end - tag)) {
			rng_check_attrs_put(&r->check, memo->names, memo->valid);
			if (rng_check_attrs_end(&r->check) < 0)   /* passed before: never */
				ir_r_schema_fail(r, tag);
			return;
		}
	}
	/* The text rules first, over every attribute, then the schema. */
	for (int i = 0; r->model && i < nattrs; i++) {
		const char *an = (const char *)attrs[5 * i], *v = (const char *)attrs[5 * i + 3];
		size_t len = (size_t)(attrs[5 * i + 4] - attrs[5 * i + 3]);
		const char *bad = ir_text_bad(v, len, false), *why;

		if (bad) {
			const char *def = NULL;
			size_t deflen = 0;

			for (int k = 0; k < nattrs; k++)
				if (!attrs[5 * k + 1] && !strcmp((const char *)attrs[5 * k], "name")) {
					def = (const char *)attrs[5 * k + 3];
					deflen = (size_t)(attrs[5 * k + 4] - attrs[5 * k + 3]);
				}
			ir_r_fail(r, ir_r_attr_offset(r, tag, an),
				  "IR refused: attribute %s of <%s%s%.*s> holds %s (0x%02X); text copied "
				  "into generated C must be printable ASCII", an, elem, def ? " " : "",
				  (int)deflen, def ? def : "", ir_text_what((unsigned char)*bad),
				  (unsigned char)*bad);
			return;
		}
		if ((len == 0 || len > 15) && (why = ir_text_length_bad(an, len))) {   /* its only cases */
			ir_r_fail(r, ir_r_attr_offset(r, tag, an), "IR refused: attribute %s of <%s> is %s",
				  an, elem, why);
			return;
		}
	}
	for (int i = 0; i < nattrs; i++) {
		const xmlChar *an = attrs[5 * i];
		const char *v = (const char *)attrs[5 * i + 3];
		size_t len = (size_t)(attrs[5 * i + 4] - attrs[5 * i + 3]);
		int id;

		if (attrs[5 * i + 1] || attrs[5 * i + 2]) {
			ir_r_fail(r, ir_r_attr_offset(r, tag, (const char *)an),
				  "IR does not match the schema: <%s> has attribute %s:%s in a namespace",
				  elem, attrs[5 * i + 1] ? (const char *)attrs[5 * i + 1] : "",
				  (const char *)an);
			return;
		}
		id = ir_r_name_id(r->attr_names, an, r->g, rng_grammar_attr);
		if (rng_check_attr(&r->check, id, (const char *)an, v, len) < 0) {
			ir_r_schema_fail(r, ir_r_attr_offset(r, tag, (const char *)an));
			return;
		}
		if (r->model && id >= 0 && (size_t)id < sizeof(r->attr_model) && r->attr_model[id] >= 0)
			ir_r_keep(r, (enum ir_r_attr)r->attr_model[id], v, len);
	}
	if (rng_check_attrs_end(&r->check) < 0) {
		ir_r_schema_fail(r, r->check.why_attr ? ir_r_attr_offset(r, tag, r->check.why_attr) : tag);
		return;
	}
	if (memo && !r->vals_len) {
		const struct rng_frame *f = &r->check.stack[r->check.depth - 1];

		*memo = (struct ir_r_memo){ tag, end - tag, f->names, f->valid };
	}
}

static void ir_r_push(struct ir_reader *r, struct ir_r_frame f)
{
	if (r->depth == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 32;
		r->stack = mem_realloc(r->stack, (size_t)r->cap * sizeof(*r->stack));
	}
	r->stack[r->depth++] = f;
}

/*
 * Called as each start tag ends (the input at its '>' or "/>").  The tag's
 * '<' is found backwards from there, and its line from the parser's: a
 * define's ir_line is where its element starts, as the writer wrote it.
 */
static void ir_r_start(void *ctx, const xmlChar *localname, const xmlChar *prefix,
		       const xmlChar *uri, int nns, const xmlChar **ns, int nattrs,
		       int ndefaulted, const xmlChar **attrs)
{
	struct ir_reader *r = ((xmlParserCtxtPtr)ctx)->_private;
	xmlParserInputPtr in = r->ctxt->input;
	size_t end, tag = SIZE_MAX;
	unsigned line = in && in->line > 0 ? (unsigned)in->line : 0;
	const char *elem = (const char *)localname;
	int id;

	(void)nns, (void)ns, (void)ndefaulted;
	if (r->failed)
		return;
	end = ir_r_offset(r, in ? in->cur : NULL);
	if (end < r->len && (r->buf[end] == '>' || r->buf[end] == '/')) {
		/* an attribute value holds no raw '<': the last one is the tag's */
		const char *lt = memrchr(r->buf, '<', end), *p = lt;

		while (p && (p = memchr(p, '\n', (size_t)(r->buf + end - p))))
			line--, p++;
		if (lt)
			tag = (size_t)(lt - r->buf);
	}
	if (prefix || uri) {
		ir_r_fail(r, tag, "IR does not match the schema: element <%s> is in a namespace; "
			  "the IR has none", elem);
		return;
	}
	id = ir_r_name_id(r->elem_names, localname, r->g, rng_grammar_elem);
	if (rng_check_open(&r->check, id, elem) < 0) {
		ir_r_schema_fail(r, tag);
		return;
	}
	ir_r_attrs(r, elem, tag, end, nattrs, attrs);
	if (r->failed)
		return;

	struct ir_r_frame f = { .elem = id, .def = r->depth ? r->stack[r->depth - 1].def : NULL,
				.tag = tag, .text_start = r->text_len };
	if (r->model) {
		if (r->role[id] == R_ROOT && !r->depth) {
			ir_r_root(r);
		} else if (r->role[id] == R_DEF) {
			f.def = ir_r_def(r, id, tag, line, f.def);
			if (!f.def)
				return;
		}
	}
	ir_r_push(r, f);
}

static void ir_r_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri)
{
	struct ir_reader *r = ((xmlParserCtxtPtr)ctx)->_private;
	struct ir_r_frame *f;

	(void)localname, (void)prefix, (void)uri;
	if (r->failed || !r->depth)
		return;
	f = &r->stack[--r->depth];
	if (rng_check_close(&r->check) < 0) {
		ir_r_schema_fail(r, f->tag);
		return;
	}
	if (!r->model)
		return;
	const char **to = NULL;
	switch (r->role[f->elem]) {
	case R_PROSE:
		if (f->def)
			to = &f->def->prose;
		break;
	case R_LICENSE:
		to = &r->m->license;
		break;
	case R_TRAILER:
		to = &r->m->trailer;
		break;
	case R_ADDENDUM_TRAILER:
		to = &r->m->addendum_trailer;
		break;
	default:
		break;
	}
	if (to)
		*to = arena_strndup(&r->m->arena, r->text ? r->text + f->text_start : "", r->text_len - f->text_start);
	r->text_len = f->text_start;
}

static bool ir_r_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

static void ir_r_chars(void *ctx, const xmlChar *ch, int n)
{
	struct ir_reader *r = ((xmlParserCtxtPtr)ctx)->_private;
	const char *s = (const char *)ch, *bad;
	size_t len = n > 0 ? (size_t)n : 0;

	if (r->failed || !r->depth)
		return;
	struct ir_r_frame *f = &r->stack[r->depth - 1];
	/* The line ends and indentation between elements: blanks pass the text
	 * rules, and the checker takes them in an element of elements once its
	 * attributes are done (they always are here: ir_r_attrs ends them). */
	if (!r->g->elems[f->elem]->text && r->check.stack[r->check.depth - 1].attrs_done &&
	    ir_r_blank(s, len))
		return;
	if (r->model && (bad = ir_text_bad(s, len, true))) {
		const struct ir_def *def = r->role[f->elem] == R_DEF ? f->def : NULL;

		ir_r_fail(r, f->tag, "IR refused: the text of <%s%s%s> holds %s (0x%02X); text copied "
			  "into generated C must be printable ASCII", r->g->elems[f->elem]->name,
			  def && def->name ? " " : "", def && def->name ? def->name : "",
			  ir_text_what((unsigned char)*bad), (unsigned char)*bad);
		return;
	}
	if (rng_check_text(&r->check, s, len) < 0) {
		size_t at = ir_r_offset(r, ch);
		ir_r_schema_fail(r, at != SIZE_MAX ? at : f->tag);
		return;
	}
	switch (r->model ? r->role[f->elem] : R_DEF) {
	case R_PROSE:
	case R_LICENSE:
	case R_TRAILER:
	case R_ADDENDUM_TRAILER:
		if (r->text_len + len + 1 > r->text_cap) {
			r->text_cap = (r->text_len + len + 1) * 2;
			r->text = mem_realloc(r->text, r->text_cap);
		}
		memcpy(r->text + r->text_len, s, len);
		r->text_len += len;
		break;
	default:
		break;
	}
}

/* A DOCTYPE: refused before anything of it is loaded or declared. */
static void ir_r_doctype(void *ctx, const xmlChar *name, const xmlChar *external_id,
			 const xmlChar *system_id)
{
	struct ir_reader *r = ((xmlParserCtxtPtr)ctx)->_private;

	(void)name, (void)external_id, (void)system_id;
	if (!r->failed)
		r->doctype = true;
	/* Stop even after an earlier error: nothing of a DTD is ever declared. */
	xmlStopParser(r->ctxt);
}

/* The IR never refers to anything outside itself. */
static xmlParserInputPtr ir_read_refuse_entity(const char *url, const char *id,
					       xmlParserCtxtPtr ctxt)
{
	(void)id;
	(void)ctxt;
	(void)url;
	return NULL;
}

static size_t ir_read_doctype_offset(const char *buf, size_t len)
{
	for (size_t i = 0; i + 9 <= len; i++)
		if (buf[i] == '<' && !memcmp(buf + i, "<!DOCTYPE", 9))
			return i;
	return SIZE_MAX;
}

/* Streams buf through the checks; with model, builds r->m.  0 or -1 (reported). */
static int ir_read_stream(struct ir_reader *r)
{
	struct ir_xml_errors sink = { r->d, r->name, "" };
	unsigned errors = r->d->errors;
	xmlParserCtxtPtr ctxt;
	int rc = 0;

	if (r->len > INT32_MAX) {
		diag_report(r->d, DIAG_ERROR, r->name, 0, 0, "IR file too large");
		return -1;
	}
	if (!(r->g = ir_schema_grammar(r->d, r->name)))
		return -1;
	xmlSetExternalEntityLoader(ir_read_refuse_entity);
	ctxt = xmlCreateMemoryParserCtxt(r->buf, (int)r->len);
	if (!ctxt) {
		diag_report(r->d, DIAG_ERROR, r->name, 0, 0, r->len ? "out of memory" : "empty file");
		return -1;
	}
	xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
	/* Character and predefined entity references become their text in values. */
	ctxt->replaceEntities = 1;
	/* Our callbacks only: no document tree, no DTD, nothing loaded. */
	xmlSAXHandlerPtr sax = ctxt->sax;
	memset(sax, 0, sizeof(*sax));
	sax->initialized = XML_SAX2_MAGIC;
	sax->startElementNs = ir_r_start;
	sax->endElementNs = ir_r_end;
	sax->characters = ir_r_chars;
	sax->ignorableWhitespace = ir_r_chars;
	sax->cdataBlock = ir_r_chars;
	sax->internalSubset = ir_r_doctype;
	sax->getEntity = xmlSAX2GetEntity;
	ctxt->_private = r;
	ctxt->userData = ctxt;
	r->ctxt = ctxt;
	rng_check_init(&r->check, r->g);
	ir_r_names(r);
	if (r->model && !(r->m = ir_manual_new())) {
		diag_report(r->d, DIAG_ERROR, r->name, 0, 0, "IR refused: out of memory");
		xmlFreeParserCtxt(ctxt);
		return -1;
	}
	xmlSetStructuredErrorFunc(&sink, ir_xml_error_sink);
	xmlParseDocument(ctxt);
	xmlSetStructuredErrorFunc(NULL, NULL);
	/* libxml2 builds a document of its own for an entity declaration even
	 * under SAX (its "expat compatibility"); we never use it. */
	xmlFreeDoc(ctxt->myDoc);
	ctxt->myDoc = NULL;
	if (r->failed) {
		rc = -1;
	} else if (r->doctype) {
		unsigned line = 0, col = 0;
		size_t at = ir_read_doctype_offset(r->buf, r->len);

		if (at != SIZE_MAX)
			ir_r_where(r, at, &line, &col);
		diag_report(r->d, DIAG_ERROR, r->name, line, col,
			    "IR must not contain a DOCTYPE (DTDs and entities are refused)");
		rc = -1;
	} else if (!ctxt->wellFormed || r->d->errors != errors) {
		if (r->d->errors == errors)
			diag_report(r->d, DIAG_ERROR, r->name, 0, 0, "not well-formed XML");
		rc = -1;
	} else if (rng_check_end(&r->check) < 0) {
		ir_r_fail(r, SIZE_MAX, "IR does not match the schema: %s", r->check.why);
		rc = -1;
	}
	xmlFreeParserCtxt(ctxt);
	rng_check_release(&r->check);
	free(r->stack);
	free(r->vals);
	free(r->text);
	if (rc < 0 && r->m) {
		ir_manual_free(r->m);
		r->m = NULL;
	}
	return rc;
}

struct ir_manual *ir_read_memory(const char *buf, size_t len, const char *name,
				 struct diag *d)
{
	struct ir_reader *r = mem_calloc(1, sizeof(*r));
	struct ir_manual *m;

	*r = (struct ir_reader){ .buf = buf, .len = len, .name = name, .d = d, .model = true };
	ir_read_stream(r);
	m = r->m;
	free(r);
	if (!m)
		return NULL;
	ir_manual_order(m);
	if (ir_check_read(m, name, d) < 0) {
		ir_manual_free(m);
		return NULL;
	}
	return m;
}

int ir_read_validate_memory(const char *buf, size_t len, const char *name, struct diag *d)
{
	struct ir_reader *r = mem_calloc(1, sizeof(*r));
	int rc;

	*r = (struct ir_reader){ .buf = buf, .len = len, .name = name, .d = d, .model = false };
	rc = ir_read_stream(r);
	free(r);
	return rc;
}

struct ir_manual *ir_read_file(const char *path, struct diag *d)
{
	struct text_file f;
	struct ir_manual *m;

	if (text_file_load(&f, path, d) < 0)
		return NULL;
	m = ir_read_memory(f.data, f.size, path, d);
	text_file_release(&f);
	return m;
}
