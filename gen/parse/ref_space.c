/* SPDX-License-Identifier: MIT */
#include "parse/ref_space.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "base/strmap.h"
#include "base/text_file.h"
#include "mem.h"

struct ref_space_decl {
	const char *unit;      /* "<chip>/<unit>" */
	const char *device;    /* NULL: the unit ('*') */
	enum ir_space_kind kind;
	const char *via;
	const char *source;    /* "address-spaces.txt:12: <the line's source>" */
	unsigned line;
};

struct ref_spaces {
	struct arena arena;
	const char *path;
	struct ref_space_decl *decls;
	size_t n, cap;
	const struct ir_manual *bases;   /* a chip's hwproject.h: base addresses */
};

void ref_spaces_use_bases(struct ref_spaces *s, const struct ir_manual *bases)
{
	s->bases = bases;
}

/* The constant named name of the bases (hwproject.h), or NULL. */
static const struct ir_def *ref_space_base(const struct ref_spaces *s, const char *name)
{
	for (size_t i = 0; s->bases && i < s->bases->ndefs; i++) {
		const struct ir_def *c = s->bases->defs[i];
		if (!strcmp(c->name, name) && !c->params && !c->is_range && c->value.known)
			return c;
	}
	return NULL;
}

static bool ref_space_name_ok(const char *s)
{
	if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '_'))
		return false;
	for (; *s; s++)
		if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '_'))
			return false;
	return true;
}

/* a, b and c joined, in the arena (every parse reads every line: no printf). */
static char *ref_space_join(struct arena *ar, const char *a, const char *b, const char *c)
{
	size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
	char *s = arena_alloc(ar, na + nb + nc + 1);

	memcpy(s, a, na);
	memcpy(s + na, b, nb);
	memcpy(s + na + nb, c, nc + 1);
	return s;
}

/* One line: 0, or -1 reported at path:lineno. */
static int ref_space_line(struct ref_spaces *s, unsigned lineno, char *line, struct diag *d)
{
	char *unit, *device, *space, *via, *src, *save = NULL;
	const char *base = strrchr(s->path, '/') ? strrchr(s->path, '/') + 1 : s->path;
	struct ref_space_decl *x;
	size_t k;

	line[strcspn(line, "#\r")] = '\0';
	unit = strtok_r(line, " \t", &save);
	if (!unit)
		return 0;
	device = strtok_r(NULL, " \t", &save);
	space = strtok_r(NULL, " \t", &save);
	src = save ? save + strspn(save, " \t") : NULL;
	if (!device || !space || !src || !*src) {
		diag_report(d, DIAG_ERROR, s->path, lineno, 1,
			    "expected '<chip>/<unit> <DEVICE>|* <space>[:<VIA>] <source>'");
		return -1;
	}
	if (!strchr(unit, '/') || (strcmp(device, "*") && !ref_space_name_ok(device))) {
		diag_report(d, DIAG_ERROR, s->path, lineno, 1, "'%s %s' is not '<chip>/<unit> <DEVICE>|*'",
			    unit, device);
		return -1;
	}
	via = strchr(space, ':');
	if (via)
		*via++ = '\0';
	enum ir_space_kind kind = ir_space_from_name(space);
	if (kind == IR_SPACE_NONE || ((kind == IR_SPACE_WINDOW || kind == IR_SPACE_BLOCK) != (via != NULL)) ||
	    (via && !ref_space_name_ok(via))) {
		diag_report(d, DIAG_ERROR, s->path, lineno, (unsigned)(space - line) + 1,
			    "unknown space '%s%s%s': bar0, window:VIA, block:VIA, aperture, pci, vf, memory, ctxsw or method",
			    space, via ? ":" : "", via ? via : "");
		return -1;
	}
	for (const char *c = src; *c; c++)
		if (*c == '\\' || (unsigned char)*c < ' ' || (unsigned char)*c > '~') {
			if (*c == '\t')
				continue;
			diag_report(d, DIAG_ERROR, s->path, lineno, (unsigned)(c - line) + 1,
				    "the source must be printable ASCII without a backslash");
			return -1;
		}
	k = strlen(src);
	while (k && (src[k - 1] == ' ' || src[k - 1] == '\t'))
		src[--k] = '\0';
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->decls = mem_realloc(s->decls, s->cap * sizeof(*s->decls));
	}
	x = &s->decls[s->n++];
	x->unit = arena_strdup(&s->arena, unit);
	x->device = strcmp(device, "*") ? arena_strdup(&s->arena, device) : NULL;
	x->kind = kind;
	x->via = via ? arena_strdup(&s->arena, via) : NULL;
	char num[16], *q = num + sizeof(num);   /* ":LINE: " */
	*--q = '\0';
	*--q = ' ';
	*--q = ':';
	for (unsigned v = lineno;; v /= 10) {
		*--q = (char)('0' + v % 10);
		if (v < 10)
			break;
	}
	*--q = ':';
	x->source = ref_space_join(&s->arena, base, q, src);
	x->line = lineno;
	return 0;
}

struct ref_spaces *ref_spaces_load(const char *path, struct diag *d)
{
	struct ref_spaces *s;
	struct text_file f;
	unsigned lineno = 0;
	int rc = 0;

	if (text_file_load(&f, path, d) < 0)
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s) {
		text_file_release(&f);
		diag_report(d, DIAG_ERROR, path, 0, 0, "out of memory");
		return NULL;
	}
	arena_init(&s->arena);
	s->path = arena_strdup(&s->arena, path);
	for (char *p = f.data, *end = f.data + f.size; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl)
			*nl = '\0';
		if (ref_space_line(s, ++lineno, p, d) < 0)
			rc = -1;
		p = nl ? nl + 1 : end;
	}
	text_file_release(&f);
	/* A unit or device declared twice: each "<chip>/<unit> <DEVICE>|*" once,
	 * by map (every parse reads the whole file, which lists every chip). */
	struct strmap seen;
	strmap_init(&seen);
	strmap_reserve(&seen, s->n);
	for (size_t i = 0; rc == 0 && i < s->n; i++) {
		const struct ref_space_decl *x = &s->decls[i];
		const char *dev = x->device ? x->device : "*";
		int added;
		void **first = strmap_ref(&seen, ref_space_join(&s->arena, x->unit, " ", dev), &added);
		if (!added) {
			diag_report(d, DIAG_ERROR, path, x->line, 1, "%s %s is declared again (first on line %u)",
				    x->unit, dev, ((const struct ref_space_decl *)*first)->line);
			rc = -1;
		} else {
			*first = (void *)x;
		}
	}
	strmap_free(&seen);
	if (rc < 0) {
		ref_spaces_free(s);
		return NULL;
	}
	return s;
}

void ref_spaces_free(struct ref_spaces *s)
{
	if (!s)
		return;
	free(s->decls);
	arena_free(&s->arena);
	free(s);
}

static struct ir_def *ref_space_device(struct ir_manual *m, const char *name)
{
	for (size_t i = 0; i < m->ndefs; i++)
		if (m->defs[i]->kind == IR_DEVICE && !strcmp(m->defs[i]->name, name))
			return m->defs[i];
	return NULL;
}

/* The declaration's space, a window's base from where VIA starts in m. */
static int ref_space_set(const struct ref_spaces *s, const struct ref_space_decl *x, struct ir_manual *m,
			 struct ir_space *out, struct diag *d)
{
	*out = (struct ir_space){ .kind = x->kind, .via = x->via, .source = x->source };
	if (x->kind == IR_SPACE_WINDOW) {
		const struct ir_def *via = ref_space_device(m, x->via), *base;
		/* a published chip's window starts at a base address of its
		 * hwproject.h (NV_XAL_BASE_ADDRESS) */
		if (!via && (base = ref_space_base(s, x->via)) != NULL) {
			out->has_base = true;
			out->base = base->value.value;
			return 0;
		}
		if (!via || !via->lo.known || via->lo.expr) {
			diag_report(d, DIAG_ERROR, s->path, x->line, 1,
				    "window %s: %s has no device of that name (with a constant range)%s", x->via, x->unit,
				    s->bases ? ", nor its base addresses a constant" : "");
			return -1;
		}
		out->has_base = true;
		out->base = via->lo.value;
	}
	return 0;
}

/* A device <P>_FULL_PHYS_OFFSET places P and P_* in BAR0 when they fit in it. */
static bool ref_space_derive(struct ir_manual *m, const struct ir_def *dev, struct ir_space *out)
{
	static const char suffix[] = "_FULL_PHYS_OFFSET";
	const size_t ns = sizeof(suffix) - 1;

	for (size_t i = 0; i < m->ndefs; i++) {
		const struct ir_def *w = m->defs[i];
		size_t n = strlen(w->name), p = n - ns;
		if (w->kind != IR_DEVICE || w == dev || n <= ns || strcmp(w->name + p, suffix) ||
		    !w->hi.known || !w->lo.known || !dev->hi.known || !dev->lo.known)
			continue;
		if (strncmp(dev->name, w->name, p) || (dev->name[p] && dev->name[p] != '_') ||
		    dev->hi.value > w->hi.value - w->lo.value)
			continue;
		char *why = arena_alloc(&m->arena, 2 * n + 64);
		sprintf(why, "%s: BAR0 holds %.*s from 0x%llx on", w->name, (int)p, w->name,
			(unsigned long long)w->lo.value);
		*out = (struct ir_space){ IR_SPACE_WINDOW, true, w->lo.value, w->name, why };
		return true;
	}
	return false;
}

int ref_spaces_apply(const struct ref_spaces *s, struct ir_manual *m, struct diag *d)
{
	char key[256];
	int rc = 0;

	if (!m->chip || !m->unit)
		return 0;
	snprintf(key, sizeof(key), "%s/%s", m->chip, m->unit);
	for (size_t i = 0; i < s->n; i++)
		if (!s->decls[i].device && !strcmp(s->decls[i].unit, key) &&
		    ref_space_set(s, &s->decls[i], m, &m->space, d) < 0)
			rc = -1;
	for (size_t i = 0; i < s->n; i++) {
		const struct ref_space_decl *x = &s->decls[i];
		struct ir_def *dev;
		if (!x->device || strcmp(x->unit, key))
			continue;
		if (!(dev = ref_space_device(m, x->device))) {
			diag_report(d, DIAG_ERROR, s->path, x->line, 1, "%s has no device %s", key, x->device);
			rc = -1;
		} else if (ref_space_set(s, x, m, &dev->space, d) < 0) {
			rc = -1;
		}
	}
	/* Manual order: an enclosing device comes before what it holds. */
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *dev = m->defs[i];
		if (dev->kind != IR_DEVICE || dev->space.kind != IR_SPACE_NONE || ref_space_derive(m, dev, &dev->space))
			continue;
		dev->space = *ir_def_space(m, dev->parent);
	}
	return rc;
}
