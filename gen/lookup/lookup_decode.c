/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_decode.h"

#include <string.h>

#include "base/json_out.h"

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
	uint64_t mask = l->bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << l->bits) - 1);

	return value & mask & ~l->covered;
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

void lookup_hex(struct strbuf *b, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char buf[20];
	int n = 0;

	do {
		buf[sizeof(buf) - 1 - n++] = digits[v & 15];
		v >>= 4;
	} while (v);
	buf[sizeof(buf) - 1 - n++] = 'x';
	buf[sizeof(buf) - 1 - n++] = '0';
	strbuf_append(b, buf + sizeof(buf) - n, (size_t)n);
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
		lookup_hex(b, addr - r->addr);
	}
}

void lookup_decode_line(struct strbuf *b, const struct lookup_layout *l, const uint32_t *w, size_t nwords, long element)
{
	bool first = true;
	uint64_t v;

	for (size_t i = 0; i < l->nfields; i++) {
		const struct lookup_field *f = &l->fields[i];
		const struct lookup_value *named;
		if (!lookup_field_applies(l, i, element) || !lookup_bits(w, nwords, f->lo, f->width, &v))
			continue;
		if (!first)
			strbuf_append(b, " ", 1);
		first = false;
		strbuf_append(b, f->name, f->name_len);
		strbuf_append(b, "=", 1);
		named = lookup_field_value(f, v);
		if (named)
			strbuf_append(b, named->name, named->name_len);
		else
			lookup_hex(b, v);
	}
	if (l->def->kind == IR_REGISTER && lookup_bits(w, nwords, 0, l->bits > 64 ? 64 : l->bits, &v) &&
	    (v = lookup_unclaimed(l, v))) {
		strbuf_puts(b, first ? "(no field: " : " (no field: ");
		lookup_hex(b, v);
		strbuf_append(b, ")", 1);
	}
}

static void lookup_bits_text(char *buf, size_t n, uint64_t lo, uint64_t width)
{
	snprintf(buf, n, "%llu:%llu", (unsigned long long)(lo + width - 1), (unsigned long long)lo);
}

void lookup_decode_table(FILE *out, const struct lookup_layout *l, const uint32_t *w, size_t nwords, long element)
{
	char bits[48];
	uint64_t v;

	for (size_t i = 0; i < l->nfields; i++) {
		const struct lookup_field *f = &l->fields[i];
		const struct lookup_value *named;
		if (!lookup_field_applies(l, i, element))
			continue;
		lookup_bits_text(bits, sizeof(bits), f->lo, f->width);
		if (!lookup_bits(w, nwords, f->lo, f->width, &v)) {
			if (f->width > 64 && (f->lo + f->width + 31) / 32 <= nwords)
				fprintf(out, "    %-9s %s (%llu bits)\n", bits, f->name, (unsigned long long)f->width);
			continue;
		}
		named = lookup_field_value(f, v);
		fprintf(out, "    %-9s %s = 0x%llx%s%s\n", bits, f->name, (unsigned long long)v,
			named ? " " : "", named ? named->name : "");
	}
	if (l->def->kind != IR_REGISTER || l->bits > 64 || !lookup_bits(w, nwords, 0, l->bits, &v))
		return;
	/* Runs of bits no field holds, high to low. */
	for (int hi = (int)l->bits - 1; hi >= 0; hi--) {
		int lo = hi;
		if (l->covered >> hi & 1)
			continue;
		while (lo > 0 && !(l->covered >> (lo - 1) & 1))
			lo--;
		lookup_bits_text(bits, sizeof(bits), (uint64_t)lo, (uint64_t)(hi - lo + 1));
		fprintf(out, "    %-9s (no field) = 0x%llx\n", bits,
			(unsigned long long)((v >> lo) & ((hi - lo + 1) >= 64 ? ~0ull : ((1ull << (hi - lo + 1)) - 1))));
		hi = lo;
	}
}

void lookup_decode_json(FILE *out, const struct lookup_layout *l, const uint32_t *w, size_t nwords, long element)
{
	char bits[48];
	bool first = true;
	uint64_t v;

	fputc('[', out);
	for (size_t i = 0; i < l->nfields; i++) {
		const struct lookup_field *f = &l->fields[i];
		const struct lookup_value *named;
		if (!lookup_field_applies(l, i, element) || !lookup_bits(w, nwords, f->lo, f->width, &v))
			continue;
		named = lookup_field_value(f, v);
		lookup_bits_text(bits, sizeof(bits), f->lo, f->width);
		fputs(first ? "{" : ",{", out);
		first = false;
		json_out_member(out, "field", f->name, 1);
		json_out_member(out, "bits", bits, 0);
		fprintf(out, ",\"value\":%llu", (unsigned long long)v);
		json_out_member(out, "name", named ? named->name : NULL, 0);
		fputc('}', out);
	}
	fputc(']', out);
}
