/* SPDX-License-Identifier: MIT */
#include "emit/emit_views.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

static int emit_views_add(struct emit_views *v, const char *a, const char *b)
{
	void *p = realloc(v->pair, (v->n + 1) * sizeof(*v->pair));

	if (!p)
		return -1;
	v->pair = p;
	snprintf(v->pair[v->n][0], sizeof(v->pair[0][0]), "%s", a);
	snprintf(v->pair[v->n][1], sizeof(v->pair[0][1]), "%s", b);
	v->n++;
	return 0;
}

int emit_views_load(struct emit_views *v, const char *path, const char *chip, struct diag *d)
{
	char line[512], c[64], a[64], b[64], extra[2];
	unsigned lineno = 0;
	int rc = 0;
	FILE *f = fopen(path, "r");

	memset(v, 0, sizeof(*v));
	if (!f) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#');
		int n;

		lineno++;
		if (hash)
			*hash = '\0';
		n = sscanf(line, "%63s %63s %63s %1s", c, a, b, extra);
		if (n <= 0)
			continue;
		if (n != 3) {
			diag_report(d, DIAG_ERROR, path, lineno, 0, "expected CHIP UNIT UNIT");
			rc = -1;
		} else if (!strcmp(c, chip) && emit_views_add(v, a, b) < 0) {
			rc = -1;
		}
	}
	fclose(f);
	return rc;
}

void emit_views_release(struct emit_views *v)
{
	free(v->pair);
	v->pair = NULL;
	v->n = 0;
}

static bool emit_views_declared(const struct emit_views *v, const char *a, const char *b)
{
	for (size_t i = 0; v && i < v->n; i++)
		if ((!strcmp(v->pair[i][0], a) && !strcmp(v->pair[i][1], b)) ||
		    (!strcmp(v->pair[i][0], b) && !strcmp(v->pair[i][1], a)))
			return true;
	return false;
}

static bool emit_views_same(const char *x, const char *y)
{
	return (!x && !y) || (x && y && !strcmp(x, y));
}

struct emit_views_owner {
	size_t unit;
	const struct ir_def *def;
};

/* What an undeclared pair shares: the first name (one defined differently if any). */
struct emit_views_clash {
	const struct emit_views_owner *o;
	const struct ir_def *d;
	bool differ;
	unsigned names;
};

static void emit_views_note(struct emit_views_clash *c, const struct emit_views_owner *o,
			    const struct ir_def *d)
{
	bool differ = !emit_views_same(o->def->params, d->params) || !emit_views_same(o->def->body, d->body);

	if (!c->names++ || (differ && !c->differ)) {
		c->o = o;
		c->d = d;
		c->differ = differ;
	}
}

/* One error per undeclared pair, naming both defines. */
static void emit_views_refuse(struct emit_chip *ec, const struct emit_views_clash *c, size_t u)
{
	const struct ir_manual *a = ec->units[c->o->unit], *b = ec->units[u];
	const struct ir_def *od = c->o->def, *d = c->d;

	diag_report(ec->diag, DIAG_ERROR, ir_def_file(b, d), d->line, d->col,
		    "%s is defined %sin both %s and %s (%s:%u: %s%s%s%s %s; %u names in common); only "
		    "units declared alternative views (--views) may share names", d->name,
		    c->differ ? "differently " : "", a->unit, b->unit, ir_def_file(a, od), od->line, od->name,
		    od->params ? "(" : "", od->params ? od->params : "", od->params ? ")" : "",
		    od->body ? od->body : "", c->names);
}

int emit_views_apply(struct emit_chip *ec, const struct emit_views *v)
{
	size_t n = ec->nunits;
	struct emit_views_clash *clash = mem_calloc(n * n + 1, sizeof(*clash));
	struct strmap owner;
	int rc = 0;

	strmap_init(&owner);
	size_t ndefs = 0;
	for (size_t u = 0; u < n; u++)
		ndefs += ec->units[u]->ndefs;
	strmap_reserve(&owner, ndefs);
	for (size_t u = 0; u < n; u++) {
		for (size_t i = 0; i < ec->units[u]->ndefs; i++) {
			const struct ir_def *d = ec->units[u]->defs[i];
			int added;
			void **slot = strmap_ref(&owner, d->name, &added);   /* one lookup */
			struct emit_views_owner *o = *slot;
			if (added) {
				o = arena_alloc(&ec->arena, sizeof(*o));
				o->unit = u;
				o->def = d;
				*slot = o;
			} else if (o->unit != u && emit_views_declared(v, ec->units[o->unit]->unit,
								       ec->units[u]->unit)) {
				ec->overlap[o->unit * n + u] = ec->overlap[u * n + o->unit] = true;
			} else if (o->unit != u) {
				emit_views_note(&clash[o->unit * n + u], o, d);
			}
		}
	}
	for (size_t a = 0; a < n; a++) {
		for (size_t b = 0; b < n; b++) {
			if (clash[a * n + b].names) {
				emit_views_refuse(ec, &clash[a * n + b], b);
				rc = -1;
			}
		}
	}
	strmap_free(&owner);
	free(clash);
	return rc;
}
