/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: `refgen lookup --config`'s reader and decoder
 * (lookup_config_read, lookup_config_decode) over a register index built
 * from a small manual of a pci space written here (registers in the header,
 * in capabilities, an array, a 64-bit register near the end).
 *
 * Input: a config space as the command reads it (binary or lspci text);
 * also the input zero-padded (or cut) to 4,096 bytes, decoded as a binary
 * space, so that every input walks both capability lists.
 *
 * Properties (a violation aborts):
 *  - a space read has 64, 256 or 4,096 bytes, and text only when asked;
 *  - the walk ends; no list holds one offset twice; every capability lies in
 *    its list's bytes (standard 0x40-0xff, extended 0x100 up) with its end
 *    after its offset and within the bytes given;
 *  - every register decoded lies within the bytes given, its value is its
 *    bytes, its capability holds its offset, and its fields' bits are in
 *    order, high to low, without overlap.
 */
#include <libxml/parser.h>

#include "base/diag.h"
#include "io/ir_chip.h"
#include "lookup/lookup_config.h"
#include "lookup/lookup_index.h"
#include "parse/ref_parse.h"

#include "fuzz.h"
#include "fuzz_gen.h"

static const char fuzz_config_manual[] =
	"#define NV_FZC                     0x00000FFF:0x00000000 /* RW--D */\n"
	"#define NV_FZC_ID                  0x00000000 /* R--4R */\n"
	"#define NV_FZC_ID_VENDOR           15:0 /* R--VF */\n"
	"#define NV_FZC_ID_VENDOR_NVIDIA    0x000010DE /* R---V */\n"
	"#define NV_FZC_ID_DEVICE           31:16 /* R--VF */\n"
	"#define NV_FZC_CMD                 0x00000004 /* RW-4R */\n"
	"#define NV_FZC_CMD_MEM             1:1 /* RWIVF */\n"
	"#define NV_FZC_CMD_MEM_ENABLED     0x00000001 /* RW--V */\n"
	"#define NV_FZC_CMD_CAPLIST         20:20 /* R--VF */\n"
	"#define NV_FZC_MSI                 0x00000048 /* RW-4R */\n"
	"#define NV_FZC_MSI_ENABLE          16:16 /* RWIVF */\n"
	"#define NV_FZC_LINK                0x00000070 /* RW-4R */\n"
	"#define NV_FZC_LINK_SPEED          19:16 /* R--VF */\n"
	"#define NV_FZC_LINK_WIDTH          25:20 /* R--VF */\n"
	"#define NV_FZC_AER(i)              (0x00000100+(i)*4) /* RW-4A */\n"
	"#define NV_FZC_AER__SIZE_1         16 /*       */\n"
	"#define NV_FZC_AER_BIT             4:4 /* RWCVF */\n"
	"#define NV_FZC_WIDE                0x00000FF8 /* RW-8R */\n"
	"#define NV_FZC_WIDE_ADDR           47:8 /* RWXUF */\n";

static struct ir_chip fuzz_chip;
static struct lookup_index fuzz_index;
static struct ir_manual *fuzz_manual;

static void fuzz_config_init(void)
{
	struct ref_parser *p;
	struct diag d;

	xmlInitParser();
	p = ref_parser_new();
	fuzz_diag_init(&d);
	if (!p || !(fuzz_manual = ref_parse_text(p, "volta/fz/dev_fzc.ref.txt", fuzz_config_manual,
						  sizeof(fuzz_config_manual) - 1, &d)) || d.warnings)
		fuzz_fail("the target's own manual does not parse cleanly (%u warnings): %s", d.warnings,
			  fuzz_last_error);
	ref_parser_free(p);
	/* as manuals/address-spaces.txt declares dev_nv_xve3g_fn0 */
	fuzz_manual->space.kind = IR_SPACE_PCI;
	for (size_t i = 0; i < fuzz_manual->ndefs; i++)
		if (fuzz_manual->defs[i]->kind == IR_DEVICE)
			fuzz_manual->defs[i]->space.kind = IR_SPACE_PCI;
	snprintf(fuzz_chip.name, sizeof(fuzz_chip.name), "fz");
	fuzz_chip.units = &fuzz_manual;
	fuzz_chip.nunits = 1;
	if (lookup_index_build(&fuzz_index, &fuzz_chip) < 0 || fuzz_index.nregs == 0)
		fuzz_fail("no register indexed");
}

static void fuzz_config_check(const struct lookup_config_bytes *c)
{
	struct lookup_config_result *r = malloc(sizeof(*r));

	if (!r)
		abort();
	lookup_config_decode(r, &fuzz_index, c);
	if (!r->unit)
		fuzz_fail("no unit of the pci space");
	for (size_t i = 0; i < r->ncaps; i++) {
		const struct lookup_config_cap *k = &r->caps[i];
		size_t lo = k->extended ? LOOKUP_CONFIG_EXTENDED : LOOKUP_CONFIG_HEADER;
		size_t hi = k->extended ? c->size : (c->size < LOOKUP_CONFIG_EXTENDED ? c->size : LOOKUP_CONFIG_EXTENDED);
		if (k->offset < lo || k->offset >= hi || k->end <= k->offset || k->end > hi)
			fuzz_fail("capability at 0x%x (end 0x%x) outside 0x%zx-0x%zx", k->offset, k->end, lo, hi);
		for (size_t j = 0; j < i; j++)
			if (r->caps[j].extended == k->extended && r->caps[j].offset == k->offset)
				fuzz_fail("capability at 0x%x walked twice", k->offset);
	}
	for (size_t i = 0; i < r->nregs; i++) {
		const struct lookup_config_reg *cr = &r->regs[i];
		uint64_t v = 0;
		if (cr->reg->addr + cr->reg->bytes > c->size)
			fuzz_fail("a register past the bytes given");
		for (unsigned b = 0; b < cr->reg->bytes; b++)
			v |= (uint64_t)c->b[cr->reg->addr + b] << (8 * b);
		if (v != cr->value)
			fuzz_fail("0x%llx: value 0x%llx, bytes 0x%llx", (unsigned long long)cr->reg->addr,
				  (unsigned long long)cr->value, (unsigned long long)v);
		if (cr->cap >= 0 && (cr->reg->addr < r->caps[cr->cap].offset || cr->reg->addr >= r->caps[cr->cap].end))
			fuzz_fail("0x%llx put in the capability at 0x%x", (unsigned long long)cr->reg->addr,
				  r->caps[cr->cap].offset);
		for (size_t f = 0; f < cr->nfields; f++)
			if (cr->fields[f].hi < cr->fields[f].lo || (f && cr->fields[f].hi >= cr->fields[f - 1].lo))
				fuzz_fail("0x%llx: fields out of order", (unsigned long long)cr->reg->addr);
	}
	lookup_config_release(r);
	free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lookup_config_bytes *c = malloc(sizeof(*c));
	struct strbuf err = { 0 };
	char *text;
	unsigned line, col;

	if (!c)
		abort();
	if (!fuzz_manual)
		fuzz_config_init();
	text = fuzz_dup(data, size);
	if (lookup_config_read(c, text, size, &err, &line, &col) == 0) {
		if (c->size != 64 && c->size != 256 && c->size != LOOKUP_CONFIG_MAX)
			fuzz_fail("a space of %zu bytes read", c->size);
		fuzz_config_check(c);
	} else if (!err.len) {
		fuzz_fail("an input refused without a message");
	}
	free(text);
	/* the input as the first bytes of a 4,096-byte space */
	memset(c->b, 0, sizeof(c->b));
	memcpy(c->b, data, size < LOOKUP_CONFIG_MAX ? size : LOOKUP_CONFIG_MAX);
	c->size = LOOKUP_CONFIG_MAX;
	c->text = false;
	fuzz_config_check(c);
	strbuf_release(&err);
	free(c);
	return 0;
}
