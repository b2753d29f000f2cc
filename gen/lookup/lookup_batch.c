/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_batch.h"

#include <stdlib.h>
#include <string.h>

#include "base/json_out.h"
#include "lookup/lookup_decode.h"

void lookup_batch_init(struct lookup_batch *b, const struct lookup_index *x, bool json)
{
	memset(b, 0, sizeof(*b));
	b->x = x;
	b->json = json;
}

void lookup_batch_release(struct lookup_batch *b)
{
	strbuf_release(&b->line);
}

/* reg is one of the block's: named NAME_... or NAME(...). */
static bool lookup_block_holds(const struct lookup_block *k, const char *reg)
{
	return !strncmp(reg, k->name, k->len) && (reg[k->len] == '_' || reg[k->len] == '(');
}

int lookup_batch_block_add(struct lookup_batch *b, const char *name, size_t len, uint64_t base)
{
	struct lookup_block k = { name, len, base };
	size_t i, at;

	if (b->nblocks == LOOKUP_BATCH_BLOCKS)
		return -2;
	for (i = 0; i < b->x->nregs; i++)
		if (b->x->regs[i].space == IR_SPACE_BLOCK && lookup_block_holds(&k, b->x->regs[i].layout->def->name))
			break;
	if (i == b->x->nregs)
		return -1;
	for (at = 0; at < b->nblocks && b->blocks[at].base >= base; at++)
		;
	memmove(&b->blocks[at + 1], &b->blocks[at], (b->nblocks - at) * sizeof(k));
	b->blocks[at] = k;
	b->nblocks++;
	return 0;
}

/* The register of a given block at addr (the highest base at or below it
 * first), with *blk its block; NULL when none holds it. */
static const struct lookup_reg *lookup_block_at(const struct lookup_batch *b, uint64_t addr,
						const struct lookup_block **blk)
{
	const struct lookup_reg *regs[16];

	for (size_t i = 0; i < b->nblocks; i++) {
		const struct lookup_block *k = &b->blocks[i];
		size_t n;

		if (addr < k->base)
			continue;
		n = lookup_index_at(b->x, IR_SPACE_BLOCK, addr - k->base, regs, sizeof(regs) / sizeof(regs[0]));
		for (size_t j = 0; j < n; j++)
			if (lookup_block_holds(k, regs[j]->layout->def->name)) {
				*blk = k;
				return regs[j];
			}
	}
	return NULL;
}

struct lookup_cursor {
	const char *p, *end;
};

static void lookup_skip_space(struct lookup_cursor *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
		c->p++;
}

/* A word of the line; false at its end. */
static bool lookup_word(struct lookup_cursor *c, const char **w, size_t *n)
{
	lookup_skip_space(c);
	*w = c->p;
	while (c->p < c->end && *c->p != ' ' && *c->p != '\t' && *c->p != '\r')
		c->p++;
	*n = (size_t)(c->p - *w);
	return *n > 0;
}

/* Hex number, "0x" optional, at most 16 digits. */
static bool lookup_hex_word(const char *w, size_t n, uint64_t *out)
{
	uint64_t v = 0;

	if (n > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X'))
		w += 2, n -= 2;
	if (n == 0 || n > 16)
		return false;
	for (size_t i = 0; i < n; i++) {
		char ch = w[i];
		unsigned d = ch >= '0' && ch <= '9' ? (unsigned)(ch - '0') :
			ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10) :
			ch >= 'A' && ch <= 'F' ? (unsigned)(ch - 'A' + 10) : 16;
		if (d > 15)
			return false;
		v = v << 4 | d;
	}
	*out = v;
	return true;
}

static bool lookup_dec_word(const char *w, size_t n, unsigned long *out)
{
	unsigned long v = 0;

	if (n == 0 || n > 9)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (w[i] < '0' || w[i] > '9')
			return false;
		v = v * 10 + (unsigned long)(w[i] - '0');
	}
	*out = v;
	return true;
}

/* The mapping id's base; false when the log never mapped id.  *other: the
 * mapping is outside every GPU BAR0 the header listed. */
static bool lookup_map_base(const struct lookup_batch *b, unsigned long id, uint64_t *base, bool *other)
{
	for (size_t i = 0; i < b->nmaps; i++)
		if (b->maps[i].id == id) {
			*base = b->maps[i].base;
			*other = b->maps[i].other;
			return true;
		}
	return false;
}

/* PCI vendor id of NVIDIA; a GPU's BAR0 is 16 MiB (dev_nv_xve3g_fn0
 * NV_XVE_BAR0_BASE_ADDRESS 31:24), its audio function's far smaller. */
#define LOOKUP_VENDOR_NVIDIA 0x10de
#define LOOKUP_GPU_BAR0_MIN (1ull << 24)
/* The low bits of a PCIDEV base are the resource's flags (PCI_REGION_FLAG_MASK). */
#define LOOKUP_PCIDEV_FLAGS 0xfull

/* "PCIDEV BBDF VVVVDDDD IRQ BASE0..BASE6 SIZE0..SIZE6 [DRIVER]"
 * (kernel/trace/trace_mmiotrace.c mmio_print_pcidev): an NVIDIA GPU's BAR0. */
static void lookup_pcidev_line(struct lookup_batch *b, struct lookup_cursor *c)
{
	const char *w;
	size_t n;
	uint64_t id, base0 = 0, size0 = 0, v;

	if (!lookup_word(c, &w, &n) || !lookup_word(c, &w, &n) ||   /* PCIDEV, BBDF */
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &id) ||  /* VVVVDDDD */
	    !lookup_word(c, &w, &n))                                    /* IRQ */
		return;
	for (int i = 0; i < 8; i++) {   /* BASE0..BASE6, then SIZE0 */
		if (!lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &v))
			return;
		if (i == 0)
			base0 = v & ~LOOKUP_PCIDEV_FLAGS;
		size0 = v;
	}
	if (id >> 16 != LOOKUP_VENDOR_NVIDIA || size0 < LOOKUP_GPU_BAR0_MIN || b->ngpus == LOOKUP_BATCH_GPUS)
		return;
	b->gpus[b->ngpus].lo = base0;
	b->gpus[b->ngpus].hi = base0 + size0;
	b->ngpus++;
}

/* Whether phys is in no GPU BAR0 the header listed (none listed: all are). */
static bool lookup_map_other(const struct lookup_batch *b, uint64_t phys)
{
	for (size_t i = 0; i < b->ngpus; i++)
		if (phys >= b->gpus[i].lo && phys < b->gpus[i].hi)
			return false;
	return b->ngpus > 0;
}

/* "MAP TIME ID PHYS VIRT LEN PC PID": remembers PHYS as the base of ID. */
static bool lookup_map_line(struct lookup_batch *b, struct lookup_cursor *c)
{
	const char *w;
	size_t n, i;
	unsigned long id;
	uint64_t phys;

	if (!lookup_word(c, &w, &n) || !lookup_word(c, &w, &n) || !lookup_dec_word(w, n, &id) ||
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &phys))
		return false;
	for (i = 0; i < b->nmaps && b->maps[i].id != id; i++)
		;
	if (i == LOOKUP_BATCH_MAPS)
		return false;
	b->maps[i].id = id;
	b->maps[i].base = phys;
	b->maps[i].other = lookup_map_other(b, phys);
	if (i == b->nmaps)
		b->nmaps++;
	return true;
}

struct lookup_access {
	char op;                   /* 'R', 'W' or 0 */
	uint64_t addr, value;
	bool has_value;
};

/* "R WIDTH TIME ID PHYS VALUE ...": false when the line is not one. */
static bool lookup_mmio_line(const struct lookup_batch *b, struct lookup_cursor *c, struct lookup_access *a)
{
	const char *w;
	size_t n;
	unsigned long id, width;
	uint64_t base = 0;
	bool other = false;

	if (!lookup_word(c, &w, &n) || !lookup_dec_word(w, n, &width) || !lookup_word(c, &w, &n) ||
	    !lookup_word(c, &w, &n) || !lookup_dec_word(w, n, &id) ||
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &a->addr) ||
	    !lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &a->value))
		return false;
	if (lookup_map_base(b, id, &base, &other) && a->addr >= base)
		a->addr -= base;
	if (other)   /* not a GPU's registers: copied through */
		return false;
	a->has_value = true;
	return true;
}

static bool lookup_plain_line(struct lookup_cursor *c, struct lookup_access *a)
{
	const char *w;
	size_t n;

	if (!lookup_word(c, &w, &n) || !lookup_hex_word(w, n, &a->addr))
		return false;
	if (lookup_word(c, &w, &n)) {
		if (!lookup_hex_word(w, n, &a->value))
			return false;
		a->has_value = true;
	}
	lookup_skip_space(c);
	return c->p == c->end;
}

/* "0x%08llx" without printf, which would be most of a line's cost. */
static void lookup_put_addr(struct strbuf *s, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char buf[18];
	int n = 0;

	while (n < 8 || v) {
		buf[sizeof(buf) - 1 - n++] = digits[v & 15];
		v >>= 4;
	}
	buf[sizeof(buf) - 1 - n++] = 'x';
	buf[sizeof(buf) - 1 - n++] = '0';
	strbuf_append(s, buf + sizeof(buf) - n, (size_t)n);
}

static void lookup_batch_text(struct lookup_batch *b, const struct lookup_access *a, FILE *out)
{
	const struct lookup_reg *r;
	const struct lookup_device *dev;
	const struct lookup_block *blk = NULL;
	struct strbuf *s = &b->line;
	uint32_t w[2];

	s->len = 0;
	if (a->op)
		strbuf_append(s, a->op == 'R' ? "R " : "W ", 2);
	lookup_put_addr(s, a->addr);
	if (a->has_value) {
		strbuf_append(s, " ", 1);
		lookup_put_addr(s, a->value);
	}
	strbuf_append(s, " ", 1);
	/* A block the caller placed first; else BAR0's (windows at their BAR0
	 * address), as a driver's accesses are. */
	if ((r = lookup_block_at(b, a->addr, &blk))) {
		uint64_t off = a->addr - blk->base;

		b->decoded++;
		lookup_reg_name(s, r, off);
		strbuf_append(s, "@", 1);
		lookup_hex(s, blk->base);
		if (a->has_value && r->addr == off) {
			w[0] = (uint32_t)a->value;
			w[1] = (uint32_t)(a->value >> 32);
			strbuf_append(s, " ", 1);
			lookup_decode_line(s, r->layout, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
		}
	} else if (lookup_index_at(b->x, IR_SPACE_BAR0, a->addr, &r, 1)) {
		b->decoded++;
		lookup_reg_name(s, r, a->addr);
		if (a->has_value && r->addr == a->addr) {
			w[0] = (uint32_t)a->value;
			w[1] = (uint32_t)(a->value >> 32);
			strbuf_append(s, " ", 1);
			lookup_decode_line(s, r->layout, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
		}
	} else if ((dev = lookup_index_device(b->x, IR_SPACE_BAR0, a->addr))) {
		strbuf_puts(s, dev->def->name);
		strbuf_append(s, "+", 1);
		lookup_hex(s, a->addr - dev->lo);
	} else if ((dev = lookup_index_aperture(b->x, a->addr))) {
		strbuf_puts(s, "? in aperture ");
		strbuf_puts(s, dev->def->name);
	} else {
		strbuf_append(s, "?", 1);
	}
	strbuf_append(s, "\n", 1);
	fwrite(s->data, 1, s->len, out);
}

static void lookup_batch_json(struct lookup_batch *b, const struct lookup_access *a, FILE *out)
{
	const struct lookup_reg *r;
	const struct lookup_device *dev;
	const struct lookup_block *blk = NULL;
	struct strbuf *s = &b->line;
	char op[2] = { a->op, 0 };
	uint32_t w[2] = { (uint32_t)a->value, (uint32_t)(a->value >> 32) };

	fputc('{', out);
	json_out_member(out, "op", a->op ? op : NULL, 1);
	fprintf(out, ",\"address\":%llu", (unsigned long long)a->addr);
	if (a->has_value)
		fprintf(out, ",\"value\":%llu", (unsigned long long)a->value);
	s->len = 0;
	if ((r = lookup_block_at(b, a->addr, &blk))) {
		uint64_t off = a->addr - blk->base;

		b->decoded++;
		lookup_reg_name(s, r, off);
		json_out_member(out, "register", s->data, 0);
		json_out_member(out, "unit", r->layout->unit->unit, 0);
		fprintf(out, ",\"block\":%llu,\"offset\":%llu", (unsigned long long)blk->base,
			(unsigned long long)off);
		if (a->has_value && r->addr == off) {
			fputs(",\"fields\":", out);
			lookup_decode_json(out, r->layout, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
			fprintf(out, ",\"unclaimed\":%llu", (unsigned long long)lookup_unclaimed(r->layout, a->value));
		}
	} else if (lookup_index_at(b->x, IR_SPACE_BAR0, a->addr, &r, 1)) {
		b->decoded++;
		lookup_reg_name(s, r, a->addr);
		json_out_member(out, "register", s->data, 0);
		json_out_member(out, "unit", r->layout->unit->unit, 0);
		if (a->has_value && r->addr == a->addr) {
			fputs(",\"fields\":", out);
			lookup_decode_json(out, r->layout, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
			fprintf(out, ",\"unclaimed\":%llu", (unsigned long long)lookup_unclaimed(r->layout, a->value));
		}
	} else if ((dev = lookup_index_device(b->x, IR_SPACE_BAR0, a->addr))) {
		json_out_member(out, "device", dev->def->name, 0);
		fprintf(out, ",\"offset\":%llu", (unsigned long long)(a->addr - dev->lo));
	} else if ((dev = lookup_index_aperture(b->x, a->addr))) {
		json_out_member(out, "aperture", dev->def->name, 0);
	}
	fputs("}\n", out);
}

void lookup_batch_line(struct lookup_batch *b, const char *s, size_t len, FILE *out)
{
	struct lookup_cursor c = { s, s + len }, start;
	struct lookup_access a = { 0 };
	const char *w;
	size_t n;
	bool ok;

	b->lines++;
	lookup_skip_space(&c);
	start = c;
	if (!lookup_word(&c, &w, &n)) {
		ok = false;
	} else if (n == 1 && (w[0] == 'R' || w[0] == 'W')) {
		a.op = w[0];
		ok = lookup_mmio_line(b, &c, &a);
	} else if (n == 3 && !memcmp(w, "MAP", 3)) {
		lookup_map_line(b, &c);
		ok = false;
	} else if (n == 6 && !memcmp(w, "PCIDEV", 6)) {
		c = start;
		lookup_pcidev_line(b, &c);
		ok = false;
	} else {
		c = start;
		ok = lookup_plain_line(&c, &a);
	}
	if (!ok) {
		if (b->json) {
			struct strbuf t = { 0 };
			strbuf_append(&t, s, len);
			fputs("{\"text\":", out);
			json_out_string(out, t.data ? t.data : "");
			fputs("}\n", out);
			strbuf_release(&t);
		} else {
			fwrite(s, 1, len, out);
			fputc('\n', out);
		}
		return;
	}
	if (b->json)
		lookup_batch_json(b, &a, out);
	else
		lookup_batch_text(b, &a, out);
}

bool lookup_batch_stream(struct lookup_batch *b, FILE *in, FILE *out)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, in)) >= 0) {
		if (n > 0 && line[n - 1] == '\n')
			n--;
		lookup_batch_line(b, line, (size_t)n, out);
	}
	free(line);
	return !ferror(in) && !ferror(out);
}
