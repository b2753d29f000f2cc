/* SPDX-License-Identifier: MIT */
#include "dump/dump.h"

#include <inttypes.h>
#include <string.h>

const char *nvrt_dump_value_suffix(const struct refgen_field *f, uint64_t v)
{
	const char *name = refgen_field_value_name(f, v);
	size_t n = strlen(f->name);

	if (!name)
		return NULL;
	return !strncmp(name, f->name, n) && name[n] == '_' ? name + n + 1 : name;
}

static bool dump_field_fits(const struct refgen_field *f, uint32_t nwords)
{
	return (uint64_t)f->lo + f->width <= (uint64_t)nwords * 32;
}

void nvrt_dump_layout(const struct refgen_layout *l, const uint32_t *w, uint32_t nwords,
		      const char *prefix, unsigned flags, const char *indent, FILE *out)
{
	size_t np = prefix ? strlen(prefix) : 0;
	uint16_t order[NVRT_DUMP_ORDER_MAX];
	uint32_t nord = nvrt_dump_field_order(l, order);

	for (uint32_t k = 0; k < l->nfields; k++) {
		const struct refgen_field *f = &l->fields[k < nord ? order[k] : k];

		if ((np && strncmp(f->name, prefix, np)) || !dump_field_fits(f, nwords))
			continue;
		if (f->width > 64) {
			fprintf(out, "%s%-48s (%u words at word %u)\n", indent, f->name,
				f->width / 32, f->lo / 32);
			continue;
		}
		uint64_t v = refgen_field_value(f, w);
		if (!v && (flags & NVRT_DUMP_NONZERO))
			continue;
		const char *name = nvrt_dump_value_suffix(f, v);
		fprintf(out, "%s%-48s = 0x%" PRIx64 "%s%s\n", indent, f->name, v,
			name ? " " : "", name ? name : "");
	}
}

/* Whether g is listed before f: an earlier word, then a higher top bit, then wider. */
static bool dump_field_before(const struct refgen_field *g, const struct refgen_field *f)
{
	uint64_t ghi = (uint64_t)g->lo + g->width, hi = (uint64_t)f->lo + f->width;

	if (g->lo / 32 != f->lo / 32)
		return g->lo / 32 < f->lo / 32;
	return ghi > hi || (ghi == hi && g->width >= f->width);
}

uint32_t nvrt_dump_field_order(const struct refgen_layout *l, uint16_t *order)
{
	uint32_t n = l->nfields;

	if (n > NVRT_DUMP_ORDER_MAX)
		return 0;
	for (uint32_t i = 0; i < n; i++)
		order[i] = (uint16_t)i;
	for (uint32_t i = 1; i < n; i++) {
		uint16_t x = order[i];
		uint32_t j = i;

		for (; j > 0 && !dump_field_before(&l->fields[order[j - 1]], &l->fields[x]); j--)
			order[j] = order[j - 1];
		order[j] = x;
	}
	return n;
}

void nvrt_dump_fields_inline(const struct refgen_layout *l, uint32_t v, FILE *out)
{
	size_t n = strlen(l->name);
	uint16_t order[NVRT_DUMP_ORDER_MAX];
	uint32_t nord = nvrt_dump_field_order(l, order);

	for (uint32_t k = 0; k < l->nfields; k++) {
		const struct refgen_field *f = &l->fields[k < nord ? order[k] : k];
		uint64_t x = refgen_field_value(f, &v);
		const char *name = nvrt_dump_value_suffix(f, x);
		const char *short_name = !strncmp(f->name, l->name, n) && f->name[n] == '_' ?
					 f->name + n + 1 : f->name;

		if (name)
			fprintf(out, " %s=%s", short_name, name);
		else
			fprintf(out, " %s=0x%" PRIx64, short_name, x);
	}
}
