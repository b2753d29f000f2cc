#include "reg_dump.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "dump.h"

static uint64_t reg_field_mask(const struct refgen_field *f)
{
	return (f->width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << f->width) - 1)) << f->lo;
}

/* f is the whole word and g one of its fields: f only repeats the value. */
static bool reg_field_contains(const struct refgen_field *f, const struct refgen_field *g)
{
	return f->width >= 32 && g->width < f->width && (reg_field_mask(g) & ~reg_field_mask(f)) == 0;
}

static bool reg_field_indexed(const struct refgen_field *f)
{
	return strchr(f->name, '(') != NULL;
}

/* Leave out containers, and indexed repeats of a named field. */
static bool reg_field_hidden(const struct refgen_layout *l, const struct refgen_field *f)
{
	for (uint32_t i = 0; i < l->nfields; i++) {
		const struct refgen_field *g = &l->fields[i];

		if (g == f)
			continue;
		if (reg_field_contains(f, g))
			return true;
		if (reg_field_indexed(f) && !reg_field_indexed(g) && g->lo == f->lo &&
		    g->width == f->width)
			return true;
	}
	return false;
}

static bool reg_name_is_action(const char *name)
{
	size_t n = strlen(name);

	return (n > 6 && !strcmp(name + n - 6, "_RESET")) || (n > 6 && !strcmp(name + n - 6, "_CLEAR"));
}

/*
 * Several names may share a value (PENDING and RESET, SET and CLEAR): what
 * is read is the state, so a write action's name is the last choice.
 */
const char *nvrt_reg_value_name(const struct refgen_field *f, uint64_t v)
{
	const char *best = NULL;
	size_t n;

	if (!f)
		return NULL;
	for (uint32_t k = 0; k < f->nvalues; k++) {
		if (f->values[k].value != v)
			continue;
		if (!best || (reg_name_is_action(best) && !reg_name_is_action(f->values[k].name)))
			best = f->values[k].name;
	}
	if (!best)
		return NULL;
	n = strlen(f->name);
	return !strncmp(best, f->name, n) && best[n] == '_' ? best + n + 1 : best;
}

static const char *reg_field_short(const struct refgen_layout *l, const struct refgen_field *f)
{
	size_t n = strlen(l->name);

	return !strncmp(f->name, l->name, n) && f->name[n] == '_' ? f->name + n + 1 : f->name;
}

void nvrt_reg_fields(const struct refgen_layout *l, uint32_t v, unsigned flags, FILE *out)
{
	for (uint32_t i = 0; i < l->nfields; i++) {
		const struct refgen_field *f = &l->fields[i];
		uint64_t x = refgen_field_value(f, &v);
		const char *name;

		if ((!x && (flags & NVRT_REG_NONZERO)) || reg_field_hidden(l, f))
			continue;
		name = nvrt_reg_value_name(f, x);
		if (name)
			fprintf(out, " %s=%s", reg_field_short(l, f), name);
		else
			fprintf(out, " %s=0x%" PRIx64, reg_field_short(l, f), x);
	}
}

static bool reg_any_shown(const struct refgen_layout *l, uint32_t v, unsigned flags)
{
	for (uint32_t i = 0; i < l->nfields; i++)
		if (!reg_field_hidden(l, &l->fields[i]) &&
		    (!(flags & NVRT_REG_NONZERO) || refgen_field_value(&l->fields[i], &v)))
			return true;
	return false;
}

static void reg_line_body(const struct refgen_layout *l, int index, uint32_t v, unsigned flags,
			  FILE *out)
{
	if (index >= 0)
		fprintf(out, "%s(%d) 0x%08" PRIx32 ":", l->name, index, v);
	else
		fprintf(out, "%s 0x%08" PRIx32 ":", l->name, v);
	if (reg_any_shown(l, v, flags))
		nvrt_reg_fields(l, v, flags, out);
	else
		fputs(" none", out);
}

void nvrt_reg_line(const char *indent, const struct refgen_layout *l, int index, uint32_t v,
		   unsigned flags, FILE *out)
{
	fputs(indent, out);
	reg_line_body(l, index, v, flags, out);
	fputc('\n', out);
}

void nvrt_reg_text(const struct refgen_layout *l, uint32_t v, unsigned flags, char *buf, size_t n)
{
	FILE *f = n ? fmemopen(buf, n, "w") : NULL;

	if (!f) {
		if (n)
			snprintf(buf, n, "%s 0x%08" PRIx32, l->name, v);
		return;
	}
	reg_line_body(l, -1, v, flags, f);
	fclose(f);
	buf[n - 1] = '\0';
}

const struct refgen_field *nvrt_reg_field_of(const struct refgen_layout *l,
					     const struct refgen_value *values)
{
	for (uint32_t i = 0; i < l->nfields; i++)
		if (l->fields[i].values == values)
			return &l->fields[i];
	return NULL;
}

/* The value of f named <f's name><suffix>, if the manual has one. */
static bool reg_value_named(const struct refgen_field *f, const char *suffix, uint64_t *out)
{
	size_t n = strlen(f->name);

	for (uint32_t k = 0; k < f->nvalues; k++) {
		const char *name = f->values[k].name;

		if (!strncmp(name, f->name, n) && !strcmp(name + n, suffix)) {
			*out = f->values[k].value;
			return true;
		}
	}
	return false;
}

uint32_t nvrt_reg_fill_named(const struct refgen_layout *l, uint32_t v, const char *suffix)
{
	for (uint32_t i = 0; i < l->nfields; i++) {
		const struct refgen_field *f = &l->fields[i];
		uint64_t x, m = reg_field_mask(f);

		if (f->lo + f->width > 32 || !reg_value_named(f, suffix, &x))
			continue;
		v = (uint32_t)((v & ~m) | ((x << f->lo) & m));
	}
	return v;
}
