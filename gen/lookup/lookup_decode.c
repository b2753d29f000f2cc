/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_decode.h"

#include <string.h>


bool lookup_bits(const uint32_t *w, size_t nwords, uint64_t lo, uint64_t width, uint64_t *out)
{
	uint64_t v = 0;

	if (width == 0 || width > 64 || (lo + width + 31) / 32 > nwords)
		return false;
	for (uint64_t got = 0; got < width;) {
		uint64_t bit = lo + got, take = 32 - bit % 32;
		if (take > width - got)
			take = width - got;
		uint64_t part = (w[bit / 32] >> (bit % 32)) & (take == 32 ? 0xffffffffu : ((1u << take) - 1));
		v |= part << got;
		got += take;
	}
	*out = v;
	return true;
}

const struct lookup_value *lookup_field_value(const struct lookup_field *f, uint64_t v)
{
	const struct lookup_value *best = NULL;

	for (size_t i = 0; i < f->nvalues; i++)
		if (f->values[i].value == v && (!best || f->values[i].rank < best->rank))
			best = &f->values[i];
	return best;
}

uint64_t lookup_unclaimed(const struct lookup_layout *l, uint64_t value)
{
	/* Bits past the register's width are no field's either: 0x123456789
	 * given for a 32-bit register leaves bit 32 unclaimed, not dropped. */
	return value & ~l->covered;
}

bool lookup_field_applies(const struct lookup_layout *l, size_t i, long element)
{
	const struct lookup_field *f = &l->fields[i];

	if (f->element >= 0)
		return f->element == element;
	if (!f->has_variants)
		return true;
	/* Same-named fields sort together: is there one of this element? */
	for (size_t k = i; k-- > 0 && !strcmp(l->fields[k].name, f->name);)
		if (l->fields[k].element >= 0 && l->fields[k].element == element)
			return false;
	for (size_t k = i + 1; k < l->nfields && !strcmp(l->fields[k].name, f->name); k++)
		if (l->fields[k].element >= 0 && l->fields[k].element == element)
			return false;
	return true;
}

static void lookup_dec(struct strbuf *b, uint32_t v)
{
	char buf[12];
	int n = 0;

	do {
		buf[sizeof(buf) - 1 - n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	strbuf_append(b, buf + sizeof(buf) - n, (size_t)n);
}

void lookup_reg_name(struct strbuf *b, const struct lookup_reg *r, uint64_t addr)
{
	const struct ir_def *d = r->layout->def;

	strbuf_puts(b, d->name);
	if (d->nparams) {
		strbuf_append(b, "(", 1);
		lookup_dec(b, r->index[0]);
		if (d->nparams > 1) {
			strbuf_append(b, ",", 1);
			lookup_dec(b, r->index[1]);
		}
		strbuf_append(b, ")", 1);
	}
	if (addr != r->addr) {
		strbuf_append(b, "+", 1);
		strbuf_hex(b, addr - r->addr);
	}
}
