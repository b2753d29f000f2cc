/* SPDX-License-Identifier: MIT */
#include "parse/ref_parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "check/ir_check.h"
#include "parse/ref_analyze.h"
#include "parse/ref_class.h"
#include "parse/ref_group.h"
#include "mem.h"
#include "strbuf.h"
#include "base/strmap.h"
#include "base/text_file.h"

/* A #define line, in parts: name, (params), body, code comment, // comment. */
static const char ref_re_define[] =
	"^[ \\t]*+#[ \\t]*+define[ \\t]++"
	"([A-Za-z_][A-Za-z0-9_]*+)"                /* 1 name */
	"(?:\\(([^()]*+)\\)|(?!\\())"                /* 2 params, else no '(' */
	"((?:[^/]++|/(?![*/]))*+)"                  /* 3 body */
	"(?:/\\*((?:[^*]++|\\*(?!/))*+)\\*/)?+"     /* 4 code */
	"[ \\t]*+(?://(.*+))?+$";                   /* 5 comment */
static const char ref_re_define_head[] = "^[ \\t]*+#[ \\t]*+define\\b";
static const char ref_re_underline[] = "^[ \\t]*+={3,}+[ \\t]*+$";
static const char ref_re_license[] = "\\A\\s*+Copyright.*?^-{10,}+[ \\t]*+\\n";
/* A published header's licence: the C comment before anything else. */
static const char ref_re_license_h[] = "\\A\\s*+/\\*(?:(?!\\*/).)*?Copyright.*?\\*/[ \\t]*+\\n";

struct ref_parser {
	pcre2_code *define, *define_head, *underline, *license, *license_h;
	pcre2_match_data *md;
	int jit;
};

static pcre2_code *ref_compile(const char *pattern, uint32_t options, int *jit)
{
	int err;
	PCRE2_SIZE off;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
				       options, &err, &off, NULL);

	if (re && pcre2_jit_compile(re, PCRE2_JIT_COMPLETE) != 0)
		*jit = 0;  /* the interpreter is fast enough for ~64k lines */
	return re;
}

struct ref_parser *ref_parser_new(void)
{
	struct ref_parser *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->jit = 1;
	p->define = ref_compile(ref_re_define, 0, &p->jit);
	p->define_head = ref_compile(ref_re_define_head, 0, &p->jit);
	p->underline = ref_compile(ref_re_underline, 0, &p->jit);
	p->license = ref_compile(ref_re_license, PCRE2_DOTALL | PCRE2_MULTILINE, &p->jit);
	p->license_h = ref_compile(ref_re_license_h, PCRE2_DOTALL, &p->jit);
	p->md = pcre2_match_data_create(8, NULL);
	if (!p->define || !p->define_head || !p->underline || !p->license || !p->license_h || !p->md) {
		/* the patterns are fixed: only memory can have run out */
		ref_parser_free(p);
		errno = ENOMEM;
		return NULL;
	}
	return p;
}

void ref_parser_free(struct ref_parser *p)
{
	if (!p)
		return;
	pcre2_code_free(p->define);
	pcre2_code_free(p->define_head);
	pcre2_code_free(p->underline);
	pcre2_code_free(p->license);
	pcre2_code_free(p->license_h);
	pcre2_match_data_free(p->md);
	free(p);
}

int ref_parser_jit(const struct ref_parser *p)
{
	return p->jit;
}

static int ref_match(struct ref_parser *p, const pcre2_code *re, const char *s, size_t len)
{
	return pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, p->md, NULL);
}

/* Group n of the last match as [*start, *start + *len); false if unset. */
static bool ref_group_span(struct ref_parser *p, int n, const char *s,
			   const char **start, size_t *len)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(p->md);

	if (ov[2 * n] == PCRE2_UNSET)
		return false;
	*start = s + ov[2 * n];
	*len = ov[2 * n + 1] - ov[2 * n];
	return true;
}

static void ref_trim(const char **s, size_t *n)
{
	while (*n && isspace((unsigned char)**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
}

struct ref_line {
	const char *path;
	unsigned lineno;
	const char *s;       /* line start */
	size_t len;          /* without the line end */
};

/* Explains why a line that starts like a #define does not parse. */
static void ref_diagnose_define(const struct ref_line *l, struct diag *d)
{
	const char *end = l->s + l->len;
	const char *open = NULL, *p = strstr(l->s, "define") + 6;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || !(isalpha((unsigned char)*p) || *p == '_')) {
		diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, p),
			    "expected a macro name after #define");
		return;
	}
	while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
		p++;
	/* A '(' right after the name opens a parameter list: it must close
	 * before any other '('. */
	if (p < end && *p == '(' && p[strcspn(p + 1, "()") + 1] != ')') {
		diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, p),
			    "unbalanced parentheses in the macro's parameter list");
		return;
	}
	for (const char *q = p; q + 1 < end; q++) {
		if (q[0] == '/' && q[1] == '/')
			break;
		if (q[0] == '/' && q[1] == '*') {
			open = q;
			break;
		}
	}
	if (open) {
		const char *close = NULL;

		for (const char *q = open + 2; q + 1 < end; q++)
			if (q[0] == '*' && q[1] == '/') {
				close = q;
				break;
			}
		if (!close) {
			diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, open),
				    "unterminated code comment: '/*' without '*/'");
			return;
		}
		const char *after = close + 2;
		while (after < end && (*after == ' ' || *after == '\t'))
			after++;
		diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, after),
			    "unexpected text after the code comment");
		return;
	}
	diag_report(d, DIAG_ERROR, l->path, l->lineno, 1, "malformed #define");
}

static int ref_parse_params(struct ir_manual *m, struct ir_def *def, const struct ref_line *l,
			    const char *s, size_t n, struct diag *d)
{
	const char *end = s + n;
	char buf[64];
	size_t out = 0;

	def->nparams = 0;
	while (s < end) {
		const char *start;

		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		start = s;
		while (s < end && (isalnum((unsigned char)*s) || *s == '_'))
			s++;
		if (s == start || isdigit((unsigned char)*start) || def->nparams == 2) {
			diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, start),
				    def->nparams == 2 ? "more than two macro parameters" :
							"expected a parameter name");
			return -1;
		}
		for (int i = 0; i < def->nparams; i++)
			if (strlen(def->param[i]) == (size_t)(s - start) &&
			    !memcmp(def->param[i], start, (size_t)(s - start))) {
				diag_report(d, DIAG_ERROR, l->path, l->lineno,
					    text_column(l->s, start), "duplicate parameter name");
				return -1;
			}
		def->param[def->nparams++] = arena_strndup(&m->arena, start, (size_t)(s - start));
		if (out + (size_t)(s - start) + 2 < sizeof(buf)) {
			if (out)
				buf[out++] = ',';
			memcpy(buf + out, start, (size_t)(s - start));
			out += (size_t)(s - start);
		}
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s < end && *s != ',') {
			diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, s),
				    "expected ',' or ')' in the parameter list");
			return -1;
		}
		if (s < end)
			s++;
	}
	def->params = arena_strndup(&m->arena, buf, out);
	return 0;
}

static struct ir_def *ref_parse_define(struct ref_parser *p, struct ir_manual *m,
				       const struct ref_line *l, const char *published,
				       struct diag *d)
{
	const char *s = NULL, *body = NULL;
	size_t n = 0, body_len = 0;
	unsigned body_col = 0;
	const char *bad = l->s + strcspn(l->s, "\r\\");

	/* A define is copied into generated C as one line: a carriage return
	 * inside it (not the CRLF line end) would start another, a backslash
	 * splice two (the IR's c-text holds neither). */
	if (bad < l->s + l->len) {
		diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, bad),
			    "%s inside a #define line", *bad == '\r' ? "carriage return" : "backslash");
		return NULL;
	}
	if (ref_match(p, p->define, l->s, l->len) < 0) {
		ref_diagnose_define(l, d);
		return NULL;
	}
	struct ir_def *def = ir_manual_add_def(m);
	if (!def)
		mem_out_of_memory();
	def->line = l->lineno;
	def->published = published;
	ref_group_span(p, 1, l->s, &s, &n);
	def->name = arena_strndup(&m->arena, s, n);
	def->col = text_column(l->s, s);
	if (ref_group_span(p, 2, l->s, &s, &n) &&
	    ref_parse_params(m, def, l, s, n, d) < 0)
		return NULL;
	if (ref_group_span(p, 3, l->s, &body, &body_len)) {
		ref_trim(&body, &body_len);
		if (body_len) {
			body_col = text_column(l->s, body);
			def->body = arena_strndup(&m->arena, body, body_len);
		}
	}
	if (ref_group_span(p, 4, l->s, &s, &n)) {
		const char *code = s;

		ref_trim(&s, &n);
		def->code.present = true;
		if (n >= sizeof(def->code.c)) {
			diag_report(d, DIAG_ERROR, l->path, l->lineno, text_column(l->s, code) - 2,
				    "code comment '%.*s' is not a five-letter code", (int)n, s);
			return NULL;
		}
		if (n && n != 5)
			diag_warn(d, DIAG_W_CODE_LENGTH, l->path, l->lineno,
				  text_column(l->s, code) - 2, def->name,
				  "code comment '%.*s' is not a five-letter code", (int)n, s);
		memcpy(def->code.c, s, n);
		struct ir_check check = { .diag = d };
		struct ir_where w = { l->path, l->lineno, text_column(l->s, s) };
		if (ir_check_code(&check, def, w) < 0)
			return NULL;
	}
	if (ref_group_span(p, 5, l->s, &s, &n))
		def->comment = arena_strndup(&m->arena, s, n);
	if (ref_analyze_def(m, def, l->path, body_col, d) < 0)
		return NULL;
	return def;
}

/* Printable ASCII without a backslash: what the IR's c-text holds. */
static bool ref_c_text(const char *s)
{
	for (; s && *s; s++)
		if (*s != '\t' && (*s < 0x20 || *s > 0x7e || *s == '\\'))
			return false;
	return true;
}

/*
 * The names a manual's path gives the IR (unit, file names, chip, arch) are
 * copied into generated C and name its files: refuse what the IR cannot
 * hold rather than stop on an internal schema error.
 */
static int ref_check_names(const struct ir_manual *m, const char *path, struct diag *d)
{
	const char *u = m->unit;
	bool unit_ok = u[0] && u[0] != '.' && u[0] != '-';

	for (; *u && unit_ok; u++)
		unit_ok = isalnum((unsigned char)*u) || strchr("_.-", *u);
	if (!unit_ok) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "unit name '%s' (from the file name) must be "
			    "letters, digits, '_', '.' and '-', not starting with '.' or '-'", m->unit);
		return -1;
	}
	if (!ref_c_text(m->source) || !ref_c_text(m->addendum) || !ref_c_text(m->chip) ||
	    !ref_c_text(m->arch)) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "file or directory name with a control, "
			    "non-ASCII or backslash character: the IR cannot record it");
		return -1;
	}
	return 0;
}

/* Splits the licence block off the text before the first define: a
 * manual's, or a published header's C comment. */
static const char *ref_take_license(struct ref_parser *p, struct ir_manual *m,
				    struct strbuf *prose, bool published)
{
	if (!prose->len || ref_match(p, published ? p->license_h : p->license,
				     prose->data, prose->len) < 0)
		return NULL;
	PCRE2_SIZE end = pcre2_get_ovector_pointer(p->md)[1];
	m->license = arena_strndup(&m->arena, prose->data, end);
	return prose->data + end;
}

static const char *ref_prose_dup(struct ir_manual *m, const char *s, size_t n)
{
	return n ? arena_strndup(&m->arena, s, n) : NULL;
}

/* A '#' line that is not a #define (a misspelt "#defne") would vanish into
 * the prose: say so. */
static void ref_check_directive(const struct ref_line *l, bool published, bool klass,
				struct diag *d)
{
	size_t i = 0, n;

	while (i < l->len && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	if (i == l->len || l->s[i] != '#')
		return;
	n = 1;
	while (i + n < l->len && (isalnum((unsigned char)l->s[i + n]) || l->s[i + n] == '_'))
		n++;
	/* A published header's include guard is understood, not warned about. */
	if (published && ((n == 7 && !memcmp(l->s + i, "#ifndef", 7)) ||
			  (n == 6 && !memcmp(l->s + i, "#endif", 6))))
		return;
	/* A class header's C scaffolding: its types' header, C++ linkage. */
	if (klass && ((n == 8 && !memcmp(l->s + i, "#include", 8)) ||
		      (n == 6 && !memcmp(l->s + i, "#ifdef", 6) && memmem(l->s, l->len, "__cplusplus", 11))))
		return;
	diag_warn(d, DIAG_W_DIRECTIVE, l->path, l->lineno, text_column(l->s, l->s + i), NULL,
		  "'%.*s' is not a #define: the line is kept as prose", (int)n, l->s + i);
}

struct ref_text {
	const char *path, *text;
	size_t len;
	bool addendum;
	bool published;   /* NVIDIA's published header (C), not a manual */
	bool klass;       /* NVIDIA's class header cl<id>.h (published too) */
	uint32_t class_id;
};

/* The name an '#ifndef NAME' line tests, or NULL. */
static const char *ref_ifndef_name(struct ir_manual *m, const struct ref_line *l)
{
	const char *s = l->s, *end = l->s + l->len;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if ((size_t)(end - s) < 8 || memcmp(s, "#ifndef", 7) || (s[7] != ' ' && s[7] != '\t'))
		return NULL;
	s += 7;
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	const char *name = s;
	while (s < end && (isalnum((unsigned char)*s) || *s == '_'))
		s++;
	return s > name ? arena_strndup(&m->arena, name, (size_t)(s - name)) : NULL;
}

/* The include guard's '#define NAME', nothing more, after its '#ifndef NAME'. */
static bool ref_is_guard(const struct ir_def *def, const char *guard)
{
	return guard && !strcmp(def->name, guard) && !def->body && !def->params &&
	       !def->code.present && !def->comment;
}

/* Whether a line is '#endif', with a comment or not. */
static bool ref_is_endif(const struct ref_line *l)
{
	const char *s = l->s, *end = l->s + l->len;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	return (size_t)(end - s) >= 6 && !memcmp(s, "#endif", 6) &&
	       (end - s == 6 || !(isalnum((unsigned char)s[6]) || s[6] == '_'));
}

/* Whether a line (without its line end) ends in a backslash: continued. */
static bool ref_line_continues(const struct ref_line *l)
{
	size_t n = l->len;

	while (n && (l->s[n - 1] == ' ' || l->s[n - 1] == '\t'))
		n--;
	return n && l->s[n - 1] == '\\';
}

/* Adds the defines of one text to m, prose attached; returns the trailing prose. */
static const char *ref_parse_lines(struct ref_parser *p, struct ir_manual *m,
				   const struct ref_text *t, struct diag *d)
{
	struct strbuf prose = { 0 };
	const char *section = NULL, *prev = NULL, *end = t->text + t->len, *trailer;
	const char *guard = NULL, *published = t->published ? arena_strdup(&m->arena, t->path) : NULL;
	size_t prev_len = 0, first = m->ndefs;
	unsigned errors = d->errors;
	bool continued = false;
	struct ref_line l = { .path = t->path };

	for (const char *s = t->text; s < end; l.s = NULL) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *next = nl ? nl + 1 : end;

		l.lineno++;
		l.s = s;
		l.len = (size_t)((nl ? nl : end) - s);
		if (l.len && s[l.len - 1] == '\r')
			l.len--;
		s = next;
		/* A published header's macro continued over lines is a C
		 * initializer (a register map's bit array), not a register fact:
		 * its lines stay as prose. */
		if (t->published && (continued || (ref_line_continues(&l) &&
						   ref_match(p, p->define_head, l.s, l.len) >= 0))) {
			continued = ref_line_continues(&l);
			strbuf_append(&prose, l.s, l.len);
			strbuf_append(&prose, "\n", 1);
			prev = NULL;
			continue;
		}
		/* The include guard (#ifndef, its #define, #endif) is the C
		 * header's scaffolding, no fact and no prose. */
		if (t->published && !guard && m->ndefs == first &&
		    (guard = ref_ifndef_name(m, &l)) != NULL)
			continue;
		if (t->published && ref_is_endif(&l))
			continue;
		if (ref_match(p, p->define_head, l.s, l.len) >= 0) {
			/* NUL-terminate a copy: diagnostics scan the line. */
			char line[4096];
			struct ref_line lc = l;

			if (l.len >= sizeof(line)) {
				diag_report(d, DIAG_ERROR, t->path, l.lineno, 1, "line too long");
				continue;
			}
			memcpy(line, l.s, l.len);
			line[l.len] = '\0';
			lc.s = line;
			struct ir_def *def = ref_parse_define(p, m, &lc, published, d);
			if (def && t->published && ref_is_guard(def, guard)) {
				m->ndefs--;   /* the guard's #define */
				guard = NULL;
				continue;
			}
			if (def) {
				const char *pr = prose.data;
				if (m->ndefs == 1 && !t->addendum) {
					const char *rest = ref_take_license(p, m, &prose, t->published);
					if (rest)
						pr = rest;
				}
				def->prose = pr ? ref_prose_dup(m, pr, prose.len - (size_t)(pr - prose.data)) : NULL;
				def->section = section;
				def->addendum = t->addendum;
			}
			prose.len = 0;
			prev = NULL;
			continue;
		}
		ref_check_directive(&l, t->published, t->klass, d);
		const char *sname;
		size_t sn;
		if (t->klass && ref_class_struct_line(l.s, l.len, &sname, &sn))
			diag_warn(d, DIAG_W_STRUCT, t->path, l.lineno, text_column(l.s, sname),
				  arena_strndup(&m->arena, sname, sn),
				  "C struct %.*s is kept as prose, not read as a memory layout",
				  (int)sn, sname);
		if (prev && prev_len && ref_match(p, p->underline, l.s, l.len) >= 0) {
			const char *h = prev;
			size_t hn = prev_len;
			ref_trim(&h, &hn);
			/* A heading the IR's section attribute can't hold (a backslash,
			 * non-ASCII) names no section; it stays verbatim in the prose. */
			char *title = hn ? arena_strndup(&m->arena, h, hn) : NULL;
			if (title && ref_c_text(title))
				section = title;
		}
		strbuf_append(&prose, l.s, l.len);
		strbuf_append(&prose, "\n", 1);
		prev = l.s;
		prev_len = l.len;
	}
	if (m->ndefs == first && d->errors == errors)
		diag_report(d, DIAG_ERROR, t->path, 0, 0, "no #define lines: not a .ref %s",
			    t->published ? "manual or published header" : t->addendum ? "addendum" : "manual");
	trailer = ref_prose_dup(m, prose.data, prose.len);
	strbuf_release(&prose);
	return trailer;
}

static bool ref_text_check(const struct ref_text *t, struct diag *d)
{
	if (!t->len) {
		diag_report(d, DIAG_ERROR, t->path, 0, 0, "empty file");
		return false;
	}
	return text_check_ascii(t->path, t->text, t->len, d) == 0;
}

/* Two texts equal but for spaces and tabs (NULL is the empty text). */
static bool ref_text_same(const char *a, const char *b)
{
	a = a ? a : "";
	b = b ? b : "";
	for (;;) {
		while (*a == ' ' || *a == '\t')
			a++;
		while (*b == ' ' || *b == '\t')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

/* Whether a manual's define a and a published header's b of one name say
 * the same: the same parameters, the same meaning (range bounds or value,
 * else the body's text without spaces) and the same code, if b gives one. */
static bool ref_same_define(const struct ir_def *a, const struct ir_def *b)
{
	/* a published header's blank code says nothing of the access */
	if (!ref_text_same(a->params, b->params) ||
	    (strcmp(a->code.c, b->code.c) && !ref_text_same(b->code.c, "")))
		return false;
	if (a->is_range != b->is_range)
		return false;
	if (a->is_range && a->hi.known && a->lo.known && b->hi.known && b->lo.known)
		return a->hi.value == b->hi.value && a->lo.value == b->lo.value;
	if (!a->is_range && a->value.known && b->value.known && !a->ref && !b->ref)
		return a->value.value == b->value.value;
	return ref_text_same(a->body, b->body);
}

/* A define's body and code comment, for a message. */
static void ref_define_text(struct strbuf *b, const struct ir_def *d)
{
	b->len = 0;
	if (d->params)
		strbuf_printf(b, "(%s) ", d->params);
	strbuf_printf(b, "%s", d->body ? d->body : "");
	if (d->code.present)
		strbuf_printf(b, " /* %s */", d->code.c);
	strbuf_append(b, "", 0);
}

/*
 * Manual first, published fills gaps: of the defines a published header
 * added after defs[0..nmanual) (the manual's and the project's addendum's),
 * one whose name those define is dropped, with a warning when it says
 * something else; the others stay, marked published.
 */
static void ref_merge_published(struct ir_manual *m, size_t nmanual, const char *const *paths,
				struct diag *d)
{
	struct strmap names;
	struct strbuf a = { 0 }, b = { 0 };
	size_t out = nmanual;

	strmap_init(&names);
	for (size_t i = 0; i < nmanual; i++)
		if (!strmap_get(&names, m->defs[i]->name))
			strmap_put(&names, m->defs[i]->name, m->defs[i]);
	for (size_t i = nmanual; i < m->ndefs; i++) {
		struct ir_def *pd = m->defs[i];
		const struct ir_def *md = strmap_get(&names, pd->name);

		if (!md) {
			m->defs[out++] = pd;
			continue;
		}
		if (!ref_same_define(md, pd)) {
			ref_define_text(&a, pd);
			ref_define_text(&b, md);
			diag_warn(d, DIAG_W_PUBLISHED, pd->published, pd->line, pd->col, pd->name,
				  "%s: the published header says '%s', the manual '%s' (%s:%u): "
				  "the manual's is kept", pd->name, a.data, b.data,
				  paths[md->addendum], md->line);
		}
	}
	m->ndefs = out;
	strmap_free(&names);
	strbuf_release(&a);
	strbuf_release(&b);
}

/* The space-separated list of the published headers a unit read. */
static const char *ref_published_list(struct ir_manual *m, const struct ref_text *first,
				      const struct ref_text *pub, size_t npub)
{
	struct strbuf b = { 0 };
	const char *list;

	if (first && first->published)
		strbuf_printf(&b, "%s", ir_published_path(m, first->path));
	for (size_t i = 0; i < npub; i++)
		strbuf_printf(&b, "%s%s", b.len ? " " : "", ir_published_path(m, pub[i].path));
	list = b.len ? arena_strndup(&m->arena, b.data, b.len) : NULL;
	strbuf_release(&b);
	return list;
}

/*
 * One unit: a manual (or a published header), optionally the project's
 * addendum continuing it, then the published headers that fill its gaps.
 */
static struct ir_manual *ref_parse_unit(struct ref_parser *p, const struct ref_text *manual,
					const struct ref_text *addendum,
					const struct ref_text *pub, size_t npub, struct diag *d)
{
	unsigned errors = d->errors;
	const char *paths[2] = { manual->path, addendum ? addendum->path : manual->path };
	struct ir_manual *m;

	if (!ref_text_check(manual, d) || (addendum && !ref_text_check(addendum, d)))
		return NULL;
	for (size_t i = 0; i < npub; i++)
		if (!ref_text_check(&pub[i], d))
			return NULL;
	m = ir_manual_new();
	if (!m)
		mem_out_of_memory();
	ir_manual_set_source(m, manual->path);
	if (addendum) {
		const char *base = strrchr(addendum->path, '/');
		m->addendum = arena_strdup(&m->arena, base ? base + 1 : addendum->path);
	}
	if (ref_check_names(m, manual->path, d) < 0) {
		ir_manual_free(m);
		return NULL;
	}
	m->published = ref_published_list(m, manual, pub, npub);
	m->trailer = ref_parse_lines(p, m, manual, d);
	if (manual->klass && d->errors == errors)
		ref_class_prepare(m, manual->path, manual->class_id, d);
	if (addendum)
		m->addendum_trailer = ref_parse_lines(p, m, addendum, d);
	for (size_t i = 0; i < npub && d->errors == errors; i++) {
		size_t before = m->ndefs;

		/* a published continuation's trailing text (its guard's
		 * #endif) says nothing the IR keeps */
		ref_parse_lines(p, m, &pub[i], d);
		if (!manual->published)
			ref_merge_published(m, before, paths, d);
	}
	if (d->errors == errors)
		ref_group(m, paths, d);
	/* Only this unit's diagnostics decide: d may serve a whole run. */
	if (d->errors != errors) {
		ir_manual_free(m);
		return NULL;
	}
	/* the IR names a published header by <arch>/<chip>/<file>.h, as
	 * m->published does, whichever tree it was read from */
	if (manual->klass) {
		/* a class header is named as the classes' folder holds it,
		 * wherever that was read from */
		const char *base = strrchr(manual->path, '/');
		char name[64];

		snprintf(name, sizeof(name), "classes/%s", base ? base + 1 : manual->path);
		m->published = arena_strdup(&m->arena, name);
		for (size_t i = 0; i < m->ndefs; i++)
			m->defs[i]->published = m->published;
	} else if (m->published) {
		for (size_t i = 0; i < m->ndefs; i++)
			if (m->defs[i]->published)
				m->defs[i]->published = ir_published_path(m, m->defs[i]->published);
	}
	return m;
}

/* A file named *.h is a published header. */
static bool ref_path_published(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".h");
}

struct ir_manual *ref_parse_text(struct ref_parser *p, const char *path,
				 const char *text, size_t len, struct diag *d)
{
	struct ref_text t = { path, text, len, false, ref_path_published(path), false, 0 };

	t.klass = t.published && ref_class_path(path, &t.class_id);

	return ref_parse_unit(p, &t, NULL, NULL, 0, d);
}

struct ir_manual *ref_parse_file(struct ref_parser *p, const char *path, struct diag *d)
{
	return ref_parse_file_addendum(p, path, NULL, d);
}

struct ir_manual *ref_parse_file_addendum(struct ref_parser *p, const char *path,
					  const char *addendum, struct diag *d)
{
	return ref_parse_file_merged(p, path, addendum, NULL, 0, d);
}

struct ir_manual *ref_parse_file_merged(struct ref_parser *p, const char *path,
					const char *addendum, const char *const *published,
					size_t npublished, struct diag *d)
{
	struct text_file f, a, *pf = NULL;
	struct ref_text *pt = NULL;
	struct ir_manual *m = NULL;
	size_t loaded = 0;

	if (text_file_load(&f, path, d) < 0)
		return NULL;
	if (npublished) {
		pf = mem_calloc(npublished, sizeof(*pf));
		pt = mem_calloc(npublished, sizeof(*pt));
	}
	while (loaded < npublished && text_file_load(&pf[loaded], published[loaded], d) == 0) {
		pt[loaded] = (struct ref_text){ published[loaded], pf[loaded].data, pf[loaded].size,
						false, true, false, 0 };
		loaded++;
	}
	if (loaded == npublished && (!addendum || text_file_load(&a, addendum, d) == 0)) {
		struct ref_text mt = { path, f.data, f.size, false, ref_path_published(path), false, 0 };
		struct ref_text at = { addendum, addendum ? a.data : NULL, addendum ? a.size : 0, true,
				       false, false, 0 };

		mt.klass = mt.published && ref_class_path(path, &mt.class_id);

		m = ref_parse_unit(p, &mt, addendum ? &at : NULL, pt, npublished, d);
		if (addendum)
			text_file_release(&a);
	}
	while (loaded)
		text_file_release(&pf[--loaded]);
	free(pf);
	free(pt);
	text_file_release(&f);
	return m;
}
