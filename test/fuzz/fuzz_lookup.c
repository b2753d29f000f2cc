/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: `refgen lookup`'s batch mode (lookup_batch_line, printed as text and
 * JSON) and its decoders, over a register index built from a small manual
 * written here (a device, plain, array and 2-D array registers with fields
 * and values, per-element fields, a structure).
 *
 * Input: batch lines ("ADDRESS [VALUE]", mmiotrace R/W/MAP lines, anything).
 * The first byte picks JSON (odd) or text; the whole input is also taken as
 * the words of the structure and decoded.
 *
 * The input is also read as lookup's unit map (lookup_units_parse), as it is
 * and with "refgen lookup index 1" and the checksum line the format wants put
 * in front of it (else hardly any input would get past the checksum).
 *
 * Properties (a violation aborts):
 *  - one output line per input line, in text mode;
 *  - a register named for an address holds that address (lookup_index_at);
 *  - a map that parses is written back byte for byte as it was read, and
 *    the files it selects are files it lists.
 */
#include <libxml/parser.h>

#include "base/diag.h"
#include "io/ir_chip.h"
#include "cli/cli_lookup.h"
#include "lookup/lookup_batch.h"
#include "lookup/lookup_decode.h"
#include "lookup/lookup_index.h"
#include "lookup/lookup_units.h"
#include "parse/ref_parse.h"

#include "fuzz.h"

/* The target's own manual parses without a word; a diagnostic is kept. */
static char fuzz_lookup_error[512];

static void fuzz_lookup_diag(void *ctx, enum diag_level level, const char *line)
{
	(void)ctx;
	(void)level;
	snprintf(fuzz_lookup_error, sizeof(fuzz_lookup_error), "%s", line);
}

static const char fuzz_lookup_manual[] =
	"#define NV_PFZ                     0x0000FFFF:0x00001000 /* RW--D */\n"
	"#define NV_PFZ_CTRL                0x00001100 /* RW-4R */\n"
	"#define NV_PFZ_CTRL_ENABLE         0:0 /* RWIVF */\n"
	"#define NV_PFZ_CTRL_ENABLE_NO      0x00000000 /* RW--V */\n"
	"#define NV_PFZ_CTRL_ENABLE_YES     0x00000001 /* RW--V */\n"
	"#define NV_PFZ_CTRL_MODE           4:1 /* RWIVF */\n"
	"#define NV_PFZ_CTRL_MODE_INIT      0x00000002 /* RWI-V */\n"
	"#define NV_PFZ_CTRL_MODE__PROD     0x00000002 /* RW--V */\n"
	"#define NV_PFZ_CTRL_MODE_SHIFT     4 /*       */\n"
	"#define NV_PFZ_DATA(i)             (0x00001200+(i)*4) /* RW-4A */\n"
	"#define NV_PFZ_DATA__SIZE_1        16 /*       */\n"
	"#define NV_PFZ_DATA_VALUE          31:0 /* RWXUF */\n"
	"#define NV_PFZ_MASK                0x00001104 /* RW-4R */\n"
	"#define NV_PFZ_MASK_BIT(i)         (i):(i) /*       */\n"
	"#define NV_PFZ_MASK_BIT__SIZE_1    32 /*       */\n"
	"#define NV_PFZ_LINK(i,j)           (0x00002000+(i)*64+(j)*8) /* RW-4A */\n"
	"#define NV_PFZ_LINK__SIZE_1        4 /*       */\n"
	"#define NV_PFZ_LINK__SIZE_2        2 /*       */\n"
	"#define NV_PFZ_LINK_ON             0:0 /* RWIVF */\n"
	"#define NV_PFZ_LINK_ON_YES         0x00000001 /* RW--V */\n"
	"#define NV_PFZ_LINK1_ON            0:0 /* RWIVF */\n"
	"#define NV_PFZ_LINK1_ON_ENABLED    0x00000001 /* RW--V */\n"
	"#define NV_PFZ_WIDE                0x00003000 /* RW-8R */\n"
	"#define NV_PFZ_WIDE_ADDR           47:8 /* RWXUF */\n"
	"#define NV_FZ_DESC /* ----G */\n"
	"#define NV_FZ_DESC__SIZE           16\n"
	"#define NV_FZ_DESC_VALID           (0*32+0):(0*32+0) /* RWXUF */\n"
	"#define NV_FZ_DESC_VALID_TRUE      0x00000001 /* RW--V */\n"
	"#define NV_FZ_DESC_ADDR            (2*32+31):(1*32+8) /* RWXUF */\n"
	"#define NV_FZ_DESC_ALL             (3*32+31):(0*32+0) /* RWXUF */\n";

static struct ir_chip fuzz_chip;
static struct lookup_index fuzz_index;
static struct ir_manual *fuzz_manual;

static void fuzz_lookup_init(void)
{
	struct ref_parser *p;
	struct diag d;

	xmlInitParser();
	p = ref_parser_new();
	diag_init(&d);
	d.sink = fuzz_lookup_diag;
	if (!p || !(fuzz_manual = ref_parse_text(p, "volta/fz/dev_fz.ref.txt", fuzz_lookup_manual,
						  sizeof(fuzz_lookup_manual) - 1, &d)) || d.warnings)
		fuzz_fail("the target's own manual does not parse cleanly: %s", fuzz_lookup_error);
	ref_parser_free(p);
	snprintf(fuzz_chip.name, sizeof(fuzz_chip.name), "fz");
	fuzz_chip.units = &fuzz_manual;
	fuzz_chip.nunits = 1;
	if (lookup_index_build(&fuzz_index, &fuzz_chip) < 0 || fuzz_index.nregs == 0)
		fuzz_fail("no register indexed");
}

/* Every register found at an address holds it. */
static void fuzz_lookup_check(uint64_t addr)
{
	const struct lookup_reg *r[8];
	size_t n = lookup_index_at(&fuzz_index, IR_SPACE_BAR0, addr, r, 8);

	for (size_t i = 0; i < n; i++)
		if (addr < r[i]->addr || addr - r[i]->addr >= r[i]->bytes)
			fuzz_fail("0x%llx reported in %s at 0x%llx", (unsigned long long)addr,
				  r[i]->layout->def->name, (unsigned long long)r[i]->addr);
}

static void fuzz_lookup_struct(const uint8_t *data, size_t size)
{
	size_t nwords = size / 4 < 8 ? size / 4 : 8;
	uint32_t *w = malloc((nwords ? nwords : 1) * sizeof(*w));
	bool given[8] = { true, true, true, true, true, true, true, true };
	struct lookup_query q = { .kind = LOOKUP_QUERY_STRUCT, .name = "NV_FZ_DESC", .given = given };
	struct lookup_ctx c;
	struct lookup_result r;

	if (!w)
		abort();
	memcpy(w, data, nwords * 4);
	q.words = w;
	q.nwords = nwords;
	lookup_ctx_init(&c, &fuzz_index, "fz");
	lookup_result_init(&r);
	if (lookup_query_run(&c, &q, &r) != LOOKUP_FOUND)
		fuzz_fail("NV_FZ_DESC has no layout");
	cli_lookup_print(fuzz_null(), &r, false);
	cli_lookup_print(fuzz_null(), &r, true);
	lookup_result_release(&r);
	free(w);
}

static void fuzz_lookup_map_one(const char *text, size_t len)
{
	struct lookup_units u;
	struct strbuf again = { 0 };
	struct lookup_want w = { LOOKUP_WANT_ADDRESS, 0, IR_SPACE_BAR0, NULL };
	bool *want;

	if (lookup_units_parse(&u, text, len) < 0)
		return;
	lookup_units_format(&u, &again);
	if (again.len != len || memcmp(again.data, text, len))
		fuzz_fail("a unit map read back differs from its text");
	want = calloc(u.nfiles + 1, sizeof(*want));
	if (!want)
		abort();
	for (size_t i = 0; i < u.nranges; i++) {
		w.addr = u.ranges[i].lo;
		w.space = u.ranges[i].space == IR_SPACE_NONE ? IR_SPACE_BAR0 : u.ranges[i].space;
		lookup_units_select(&u, &w, want);
		if (!want[u.ranges[i].file])
			fuzz_fail("a range's own address does not select its file");
	}
	w.kind = LOOKUP_WANT_NAME;
	w.name = "NV_PFZ_CTRL";
	lookup_units_select(&u, &w, want);
	free(want);
	strbuf_release(&again);
	lookup_units_release(&u);
}

/* The input as a map, and as a map's body with its header made to fit. */
static void fuzz_lookup_map(const uint8_t *data, size_t size)
{
	static const char magic[] = "refgen lookup index 1\n";
	uint64_t h = 14695981039346656037ull;
	char *text = fuzz_dup(data, size), *whole;
	size_t n;

	fuzz_lookup_map_one(text, size);
	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 1099511628211ull;
	whole = malloc(sizeof(magic) + 22 + size);
	if (!whole)
		abort();
	n = (size_t)snprintf(whole, sizeof(magic) + 22, "%ssum %016llx\n", magic, (unsigned long long)h);
	memcpy(whole + n, data, size);
	free(text);
	text = fuzz_dup((const uint8_t *)whole, n + size);
	fuzz_lookup_map_one(text, n + size);
	free(whole);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lookup_ctx c;
	struct lookup_batch b;
	struct strbuf s = { 0 };
	char *text, *out = NULL;
	size_t outlen = 0, lines = 0, outlines = 0;
	bool json = size && (data[0] & 1);
	FILE *mem;

	if (!fuzz_manual)
		fuzz_lookup_init();
	text = fuzz_dup(data, size);
	mem = json ? fuzz_null() : open_memstream(&out, &outlen);
	if (!mem)
		abort();
	lookup_ctx_init(&c, &fuzz_index, "fz");
	lookup_batch_init(&b, &c);
	for (size_t i = 0; i < size; lines++) {
		const char *nl = memchr(text + i, '\n', size - i);
		size_t len = nl ? (size_t)(nl - (text + i)) : size - i;
		char *line = fuzz_dup((const uint8_t *)text + i, len);
		cli_lookup_print_line(mem, &s, &b, lookup_batch_line(&b, line, len), line, len, json);
		free(line);
		i += len + 1;
	}
	lookup_batch_release(&b);
	strbuf_release(&s);
	if (!json) {
		fclose(mem);
		for (size_t i = 0; i < outlen; i++)
			outlines += out[i] == '\n';
		if (outlines != lines)
			fuzz_fail("%zu input lines gave %zu output lines", lines, outlines);
		free(out);
	}
	for (size_t i = 0; i + 4 <= size && i < 64; i += 4) {
		uint32_t a;
		memcpy(&a, data + i, 4);
		fuzz_lookup_check(a);
	}
	fuzz_lookup_struct(data, size);
	fuzz_lookup_map(data, size);
	free(text);
	return 0;
}
