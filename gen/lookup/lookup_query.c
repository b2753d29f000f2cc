/* SPDX-License-Identifier: MIT */
#include "lookup/lookup_query.h"

#include <ctype.h>
#include <stdarg.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text_distance.h"
#include "ir/ir_eval.h"
#include "lookup/lookup_decode.h"
#include "mem.h"

/* ---- the run's options ---------------------------------------------------------------- */

void lookup_ctx_init(struct lookup_ctx *c, const struct lookup_index *x, const char *chip)
{
	memset(c, 0, sizeof(*c));
	c->x = x;
	c->chip = chip;
	c->space = IR_SPACE_BAR0;
}

int lookup_ctx_class(struct lookup_ctx *c, const char *cls)
{
	const struct ir_manual *m = c->x->chip ? ir_chip_class(c->x->chip, cls) : NULL;

	if (!m)
		return -1;
	c->cls = m;
	c->space = IR_SPACE_METHOD;
	return 0;
}

/* reg is one of the block's: named NAME_... or NAME(...). */
static bool lookup_block_holds(const struct lookup_block *k, const char *reg)
{
	return !strncmp(reg, k->name, k->len) && (reg[k->len] == '_' || reg[k->len] == '(');
}

int lookup_ctx_block_add(struct lookup_ctx *c, const char *name, size_t len, uint64_t base, unsigned long line)
{
	struct lookup_block k = { name, len, base, line };
	size_t i, at;

	for (i = 0; i < c->nblocks; i++)
		if (c->blocks[i].base == base && c->blocks[i].len == len && !memcmp(c->blocks[i].name, name, len))
			return 0;
	if (c->nblocks == LOOKUP_QUERY_BLOCKS)
		return -2;
	for (i = 0; i < c->x->nregs; i++)
		if (c->x->regs[i].space == IR_SPACE_BLOCK && lookup_block_holds(&k, c->x->regs[i].layout->def->name))
			break;
	if (i == c->x->nregs)
		return -1;
	for (at = 0; at < c->nblocks && c->blocks[at].base >= base; at++)
		;
	memmove(&c->blocks[at + 1], &c->blocks[at], (c->nblocks - at) * sizeof(k));
	c->blocks[at] = k;
	c->nblocks++;
	return 0;
}

/* The register of a placed block at addr (the highest base at or below it
 * first), with *blk its block; NULL when none holds it. */
static const struct lookup_reg *lookup_block_at(const struct lookup_ctx *c, uint64_t addr,
						const struct lookup_block **blk)
{
	const struct lookup_reg *regs[LOOKUP_QUERY_CANDIDATES];

	for (size_t i = 0; i < c->nblocks; i++) {
		const struct lookup_block *k = &c->blocks[i];
		size_t n;

		if (addr < k->base)
			continue;
		n = lookup_index_at(c->x, IR_SPACE_BLOCK, addr - k->base, regs, LOOKUP_QUERY_CANDIDATES);
		for (size_t j = 0; j < n; j++)
			if (lookup_block_holds(k, regs[j]->layout->def->name)) {
				*blk = k;
				return regs[j];
			}
	}
	return NULL;
}

/* ---- numbers -------------------------------------------------------------------------- */

bool lookup_number_parse(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2, len -= 2;
	if (len == 0 || len > 16)
		return false;
	for (size_t i = 0; i < len; i++) {
		char ch = s[i];
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

bool lookup_count_parse(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return lookup_number_parse(s, len, out);
	if (len == 0 || len > 19)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*out = v;
	return true;
}

/* ---- the result ----------------------------------------------------------------------- */

void lookup_result_init(struct lookup_result *r)
{
	memset(r, 0, sizeof(*r));
}

void lookup_result_release(struct lookup_result *r)
{
	free(r->fields);
	strbuf_release(&r->scratch);
	memset(r, 0, sizeof(*r));
}

static void lookup_result_reset(struct lookup_result *r, const struct lookup_ctx *c, const struct lookup_query *q)
{
	r->ctx = c;
	r->q = q;
	r->status = LOOKUP_NOTHING;
	r->ncands = 0;
	r->nfields = 0;
	r->nwarnings = 0;
	r->error[0] = '\0';
	r->suggestion[0] = '\0';
}

static void lookup_warn(struct lookup_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void lookup_warn(struct lookup_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nwarnings == LOOKUP_QUERY_WARNINGS)
		return;
	va_start(ap, fmt);
	vsnprintf(r->warnings[r->nwarnings++], sizeof(r->warnings[0]), fmt, ap);
	va_end(ap);
}

static struct lookup_cand *lookup_cand_new(struct lookup_result *r, enum lookup_cand_kind kind)
{
	struct lookup_cand *k;

	if (r->ncands == LOOKUP_QUERY_CANDIDATES)
		return NULL;
	k = &r->cands[r->ncands++];
	memset(k, 0, sizeof(*k));
	k->kind = kind;
	return k;
}

static void lookup_cand_name(struct lookup_cand *k, const char *s, size_t n)
{
	if (n >= sizeof(k->name))
		n = sizeof(k->name) - 1;
	memcpy(k->name, s, n);
	k->name[n] = '\0';
}

static struct lookup_bitval *lookup_bitval_new(struct lookup_result *r)
{
	if (r->nfields == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 64;
		r->fields = mem_realloc(r->fields, r->cap * sizeof(*r->fields));
	}
	return &r->fields[r->nfields++];
}

/* Every field of l in words w that applies to element (and, when given is
 * not NULL, lies wholly in given words), high bits first. */
static void lookup_decode(struct lookup_result *r, struct lookup_cand *k, const struct lookup_layout *l,
			  const uint32_t *w, size_t nwords, const bool *given, long element)
{
	uint64_t v;

	k->decoded = true;
	k->field0 = r->nfields;
	for (size_t n = 0; n < l->nfields; n++) {
		size_t i = l->by_bit[n];
		const struct lookup_field *f = &l->fields[i];
		struct lookup_bitval *b;
		bool all = true, readable;

		if (!lookup_field_applies(l, i, element))
			continue;
		for (uint64_t wd = f->lo / 32; given && wd <= (f->lo + f->width - 1) / 32; wd++)
			all = all && wd < nwords && given[wd];
		if (!all)
			continue;
		readable = lookup_bits(w, nwords, f->lo, f->width, &v);
		if (!readable && !(f->width > 64 && (f->lo + f->width + 31) / 32 <= nwords))
			continue;
		b = lookup_bitval_new(r);
		b->field = f;
		b->hi = f->lo + f->width - 1;
		b->lo = f->lo;
		b->readable = readable;
		b->value = readable ? v : 0;
		b->named = readable ? lookup_field_value(f, v) : NULL;
	}
	k->nfields = r->nfields - k->field0;
}

/* A register candidate's value: fields, unclaimed bits, a value wider than it. */
static void lookup_decode_reg(struct lookup_result *r, struct lookup_cand *k, uint64_t value)
{
	const struct lookup_layout *l = k->layout;
	uint32_t w[2] = { (uint32_t)value, (uint32_t)(value >> 32) };

	lookup_decode(r, k, l, w, k->reg->bytes > 4 ? 2 : 1, NULL, lookup_reg_element(k->reg));
	k->unclaimed = lookup_unclaimed(l, value);
	if (l->bits < 64 && value >> l->bits)
		lookup_warn(r, "0x%llx is wider than %s's %llu bits: bits %llu and up are held by no field",
			    (unsigned long long)value, k->name, (unsigned long long)l->bits,
			    (unsigned long long)l->bits);
}

/* ---- an address ----------------------------------------------------------------------- */

static struct lookup_cand *lookup_add_reg(struct lookup_result *r, const struct lookup_reg *reg, uint64_t addr,
					  enum ir_space_kind space, bool other)
{
	struct lookup_cand *k = lookup_cand_new(r, LOOKUP_CAND_REGISTER);

	if (!k)
		return NULL;
	k->reg = reg;
	k->layout = reg->layout;
	k->def = reg->layout->def;
	k->unit = reg->layout->unit;
	k->space = space;
	k->other_space = other;
	k->sp = reg->sp;
	k->own = lookup_space_own(k->unit, reg->sp);
	k->offset = addr - reg->addr;
	k->space_off = reg->offset + k->offset;
	r->scratch.len = 0;
	lookup_reg_name(&r->scratch, reg, addr);
	lookup_cand_name(k, r->scratch.data, r->scratch.len);
	return k;
}

static struct lookup_cand *lookup_add_dev(struct lookup_result *r, const struct lookup_device *dev, uint64_t addr,
					  enum lookup_cand_kind kind)
{
	struct lookup_cand *k = lookup_cand_new(r, kind);

	if (!k)
		return NULL;
	k->dev = dev;
	k->def = dev->def;
	k->unit = dev->unit;
	k->space = dev->space;
	k->sp = dev->sp;
	k->own = lookup_space_own(dev->unit, dev->sp);
	k->offset = addr - dev->lo;
	lookup_cand_name(k, dev->def->name, strlen(dev->def->name));
	return k;
}

/* The methods of the ctx's class at addr: every class of the chip shares the
 * method space, so the others' are left out before any is counted. */
static enum lookup_status lookup_query_method(const struct lookup_ctx *c, const struct lookup_query *q,
					      struct lookup_result *r)
{
	const struct lookup_reg *regs[LOOKUP_QUERY_CANDIDATES];
	size_t n = lookup_index_at(c->x, IR_SPACE_METHOD, q->addr, regs, LOOKUP_QUERY_CANDIDATES);

	for (size_t i = 0; i < n; i++) {
		struct lookup_cand *k;

		if (regs[i]->layout->unit != c->cls)
			continue;
		k = lookup_add_reg(r, regs[i], q->addr, IR_SPACE_METHOD, false);
		if (k && q->has_value && k->offset == 0)
			lookup_decode_reg(r, k, q->value);
		if (q->first_only)
			break;
	}
	if (r->ncands)
		return LOOKUP_FOUND;
	snprintf(r->error, sizeof(r->error), "class %s (0x%04x) has no method at 0x%llx", c->cls->class_name,
		 (unsigned)c->cls->class_id, (unsigned long long)q->addr);
	return LOOKUP_NOTHING;
}

static enum lookup_status lookup_query_address(const struct lookup_ctx *c, const struct lookup_query *q,
					       struct lookup_result *r)
{
	const struct lookup_reg *regs[LOOKUP_QUERY_CANDIDATES];
	const struct lookup_block *blk = NULL;
	const struct lookup_reg *br = c->space == IR_SPACE_BAR0 ? lookup_block_at(c, q->addr, &blk) : NULL;
	size_t n = 0;

	if (c->cls)
		return lookup_query_method(c, q, r);
	/* A block the caller placed first; else the space's registers (BAR0's:
	 * windows at their BAR0 address), as a driver's accesses are. */
	if (br) {
		struct lookup_cand *k = lookup_add_reg(r, br, q->addr - blk->base, IR_SPACE_BLOCK, false);

		k->in_block = true;
		k->block = *blk;
		n = 1;
	}
	if (!br || !q->first_only) {
		n = lookup_index_at(c->x, c->space, q->addr, regs, q->first_only ? 1 : LOOKUP_QUERY_CANDIDATES);
		for (size_t i = 0; i < n; i++)
			lookup_add_reg(r, regs[i], q->addr, c->space, false);
		n = r->ncands;
	}
	/* The device and aperture holding it: the answer when no register does,
	 * and listed beside the registers (JSON) unless only the first is wanted. */
	if (!n || !q->first_only) {
		const struct lookup_device *dev = lookup_index_device(c->x, c->space, q->addr);
		const struct lookup_device *ap = c->space == IR_SPACE_BAR0 ? lookup_index_aperture(c->x, q->addr) : NULL;

		if (dev)
			lookup_add_dev(r, dev, q->addr, LOOKUP_CAND_DEVICE);
		if (ap && (!dev || !q->first_only))
			lookup_add_dev(r, ap, q->addr, LOOKUP_CAND_APERTURE);
	}
	for (size_t i = 0; q->has_value && i < r->ncands; i++)
		if (r->cands[i].kind == LOOKUP_CAND_REGISTER && r->cands[i].offset == 0)
			lookup_decode_reg(r, &r->cands[i], q->value);
	/* Every other space's registers at the same number (--space NAME). */
	for (int s = IR_SPACE_NONE + 1; !q->first_only && s < IR_SPACE_COUNT; s++) {
		size_t m;

		if (s == (int)c->space || s == IR_SPACE_WINDOW)
			continue;
		m = lookup_index_at(c->x, (enum ir_space_kind)s, q->addr, regs, LOOKUP_QUERY_CANDIDATES);
		for (size_t i = 0; i < m; i++)
			lookup_add_reg(r, regs[i], q->addr, (enum ir_space_kind)s, true);
	}
	if (r->ncands && !r->cands[0].other_space)
		return r->cands[0].kind == LOOKUP_CAND_APERTURE ? LOOKUP_APERTURE : LOOKUP_FOUND;
	snprintf(r->error, sizeof(r->error), "nothing of %s's %s holds 0x%llx", c->chip, ir_space_name(c->space),
		 (unsigned long long)q->addr);
	return LOOKUP_NOTHING;
}

/* ---- a name --------------------------------------------------------------------------- */

void lookup_name_canonical(const char *chip, const char *name, char *out, size_t n)
{
	size_t len = strcspn(name, "("), skip = 0, clen = chip ? strlen(chip) : 0;
	bool lower = false;

	for (size_t i = 0; i < len; i++)
		if (islower((unsigned char)name[i]))
			lower = true;
	if (!lower || !n) {
		snprintf(out, n, "%.*s", (int)len, name);
		return;
	}
	/* The typed headers' spellings: nv_pccsr_channel_inst (NV-style, in
	 * lower case) and gv100_pccsr_channel_inst (the chip for "NV"). */
	if (clen && !strncasecmp(name, chip, clen) && name[clen] == '_')
		skip = clen + 1;
	snprintf(out, n, "%s%.*s", skip ? "NV_" : "", (int)(len - skip), name + skip);
	for (char *p = out; *p; p++)
		*p = (char)toupper((unsigned char)*p);
}

/* "NAME(3,4)" -> indices; the count of them, or -1 when malformed. */
static int lookup_split_indices(const char *arg, uint64_t idx[2])
{
	const char *p = strchr(arg, '(');
	int k = 0;

	if (!p)
		return 0;
	for (p++; k < 2; k++) {
		size_t len = strcspn(p, ",)");

		if (!p[len] || !lookup_count_parse(p, len, &idx[k]))
			return -1;
		if (p[len] == ')')
			return p[len + 1] ? -1 : k + 1;
		p += len + 1;
	}
	return -1;
}

/* The define of the chip nearest name (a few letters apart), into r->suggestion. */
static void lookup_suggest(const struct lookup_ctx *c, const char *name, struct lookup_result *r)
{
	size_t len = strlen(name), limit = len < 8 ? 1 : len < 16 ? 2 : 3, best = limit + 1;
	const struct ir_chip *chip = c->x->chip;

	for (size_t u = 0; chip && u < chip->nunits; u++) {
		const struct ir_manual *m = chip->units[u];

		for (size_t i = 0; i < m->ndefs; i++) {
			const char *d = m->defs[i]->name;
			size_t dist;

			if (!d)
				continue;
			dist = text_distance(name, len, d, strlen(d), best < limit ? best : limit);
			if (dist < best) {
				best = dist;
				snprintf(r->suggestion, sizeof(r->suggestion), "%s", d);
			}
		}
	}
}

/* What a found define is, at the indices given. */
static void lookup_add_define(const struct lookup_ctx *c, struct lookup_result *r, const struct lookup_name *nm,
			      int nidx, const uint64_t *idx)
{
	const struct ir_def *d = nm->def;
	struct arena *a = (struct arena *)&c->x->arena;   /* expressions are parsed into the index's arena */
	struct lookup_cand *k = lookup_cand_new(r, LOOKUP_CAND_DEFINE);
	uint64_t o00, o10, o01;

	if (!k)
		return;
	k->def = d;
	k->unit = nm->unit;
	k->layout = nm->layout;
	k->sp = ir_def_space(nm->unit, d);
	k->own = lookup_space_own(nm->unit, k->sp);
	k->space = k->own;
	k->nidx = nidx;
	k->idx[0] = idx[0];
	k->idx[1] = idx[1];
	lookup_cand_name(k, d->name, strlen(d->name));
	if (d->kind == IR_REGISTER && nidx == d->nparams &&
	    lookup_reg_offset(a, d, idx[0], nidx > 1 ? idx[1] : 0, &k->addr))
		k->has_addr = true;
	if (d->kind == IR_REGISTER && d->nparams && nidx != d->nparams && lookup_reg_offset(a, d, 0, 0, &o00) &&
	    lookup_reg_offset(a, d, 1, 0, &o10)) {
		k->has_array = true;
		k->base = o00;
		k->stride[0] = o10 - o00;
		if (d->nparams > 1 && lookup_reg_offset(a, d, 0, 1, &o01))
			k->stride[1] = o01 - o00;
	}
	if (d->kind == IR_FIELD && d->nparams == 1 && nidx == 1) {
		struct ir_eval eh = ir_eval_prepare(a, d, &d->hi), el = ir_eval_prepare(a, d, &d->lo);

		k->has_bits = ir_eval_at(&eh, idx[0], 0, &k->hi) && ir_eval_at(&el, idx[0], 0, &k->lo);
	}
	if (nm->layout) {   /* the fields it has, high bits first, as a decoded value lists them */
		k->field0 = r->nfields;
		for (size_t n = 0; n < nm->layout->nfields; n++) {
			const struct lookup_field *f = &nm->layout->fields[nm->layout->by_bit[n]];
			struct lookup_bitval *b = lookup_bitval_new(r);

			memset(b, 0, sizeof(*b));
			b->field = f;
			b->hi = f->lo + f->width - 1;
			b->lo = f->lo;
		}
		k->nfields = r->nfields - k->field0;
	}
}

static enum lookup_status lookup_query_name(const struct lookup_ctx *c, const struct lookup_query *q,
					    struct lookup_result *r)
{
	char name[LOOKUP_QUERY_NAME_MAX];
	uint64_t idx[2] = { 0, 0 };
	int nidx = lookup_split_indices(q->name, idx);
	const struct lookup_name *n;

	if (nidx < 0 || strcspn(q->name, "(") >= sizeof(name)) {
		snprintf(r->error, sizeof(r->error), "'%s' is neither a number nor NAME or NAME(i[,j])", q->name);
		return LOOKUP_BAD_QUERY;
	}
	lookup_name_canonical(c->chip, q->name, name, sizeof(name));
	n = lookup_index_name(c->x, name);
	if (!n) {
		snprintf(r->error, sizeof(r->error), "%s has no define named %s", c->chip, name);
		lookup_suggest(c, name, r);
		return LOOKUP_NOTHING;
	}
	for (; n; n = n->next) {
		const struct ir_def *d = n->def;

		if (nidx && d->nparams && d->size[0] && idx[0] >= d->size[0]) {
			snprintf(r->error, sizeof(r->error), "%s index %llu is out of range (%s < %u)", name,
				 (unsigned long long)idx[0], d->param[0], d->size[0]);
			return LOOKUP_NOTHING;
		}
		lookup_add_define(c, r, n, nidx, idx);
	}
	return LOOKUP_FOUND;
}

/* ---- a structure's words -------------------------------------------------------------- */

static enum lookup_status lookup_query_struct(const struct lookup_ctx *c, const struct lookup_query *q,
					      struct lookup_result *r)
{
	char name[LOOKUP_QUERY_NAME_MAX];
	const struct lookup_name *n;
	struct lookup_cand *k;

	lookup_name_canonical(c->chip, q->name, name, sizeof(name));
	n = lookup_index_name(c->x, name);
	while (n && n->def->kind != IR_STRUCTURE && n->def->kind != IR_REGISTER)
		n = n->next;
	if (!n || !n->layout) {
		snprintf(r->error, sizeof(r->error), "%s has no structure named %s", c->chip, name);
		if (!n)
			lookup_suggest(c, name, r);
		return LOOKUP_NOTHING;
	}
	k = lookup_cand_new(r, LOOKUP_CAND_DEFINE);
	k->def = n->def;
	k->unit = n->unit;
	k->layout = n->layout;
	k->sp = ir_def_space(n->unit, n->def);
	k->own = lookup_space_own(n->unit, k->sp);
	k->space = k->own;
	lookup_cand_name(k, n->def->name, strlen(n->def->name));
	if (n->layout->unsized)
		lookup_warn(r, "the manual gives %s(i) no array size (%s__SIZE_1): its elements are shown while they "
			    "lie inside %s", n->layout->unsized->name, n->layout->unsized->name, n->def->name);
	/* Words not given are unknown: only fields wholly within given words are decoded. */
	lookup_decode(r, k, n->layout, q->words, q->nwords, q->given, -1);
	return LOOKUP_FOUND;
}

enum lookup_status lookup_query_run(const struct lookup_ctx *c, const struct lookup_query *q, struct lookup_result *r)
{
	lookup_result_reset(r, c, q);
	switch (q->kind) {
	case LOOKUP_QUERY_ADDRESS: r->status = lookup_query_address(c, q, r); break;
	case LOOKUP_QUERY_NAME: r->status = lookup_query_name(c, q, r); break;
	case LOOKUP_QUERY_STRUCT: r->status = lookup_query_struct(c, q, r); break;
	}
	return r->status;
}
