/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup: what envytools' lookup does, for the manuals.
 *   ADDRESS [VALUE]      the registers at an address (else its device), and
 *                        the value decoded field by field
 *   NAME                 where a register, field, value or structure is
 *   --struct NAME WORD.. a memory structure's words decoded
 *   (nothing, or -)      batch: stdin lines decoded one per line
 * This file: the command and the ADDRESS form; NAME and --struct are
 * cli_lookup_name.c and cli_lookup_struct.c, the define lines every form
 * prints cli_lookup_out.c.
 */
#include "cli/cli.h"

#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_lookup.h"
#include "cli/cli_lookup_config.h"
#include "base/diag.h"
#include "io/ir_chip.h"
#include "base/json_out.h"
#include "lookup/lookup_batch.h"
#include "lookup/lookup_decode.h"
#include "lookup/lookup_index.h"
#include "lookup/lookup_units.h"

#define CLI_LOOKUP_MAX_REGS 16

/* ---- ADDRESS [VALUE] ------------------------------------------------------------- */

static void cli_lookup_reg_text(const struct lookup_reg *r, uint64_t addr, const uint64_t *value)
{
	const struct lookup_layout *lay = r->layout;
	struct strbuf b = { 0 };
	uint32_t w[2];

	lookup_reg_name(&b, r, addr);
	strbuf_puts(&b, "  ");
	strbuf_puts(&b, lay->unit->unit);
	strbuf_puts(&b, "  ");
	strbuf_puts(&b, lay->def->code.present ? lay->def->code.c : "");
	strbuf_puts(&b, "  ");
	lookup_reg_space_label(&b, r, addr);
	printf("0x%08llx  %s\n", (unsigned long long)addr, b.data);
	cli_lookup_source(stdout, lay->unit, lay->def, "  ");
	if (value && r->addr == addr) {
		w[0] = (uint32_t)*value;
		w[1] = (uint32_t)(*value >> 32);
		b.len = 0;
		lookup_decode_line(&b, lay, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
		printf("  = 0x%llx: %s\n", (unsigned long long)*value, b.data ? b.data : "");
		lookup_decode_table(stdout, lay, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
	}
	strbuf_release(&b);
}

static void cli_lookup_reg_json(const struct lookup_reg *r, uint64_t addr, const uint64_t *value, bool first)
{
	const struct lookup_layout *lay = r->layout;
	struct strbuf b = { 0 };
	uint32_t w[2];

	lookup_reg_name(&b, r, addr);
	fputs(first ? "{" : ",{", stdout);
	cli_lookup_def_json(stdout, lay->unit, lay->def);
	json_out_member(stdout, "register", b.data, 0);
	fprintf(stdout, ",\"offset\":%llu", (unsigned long long)(addr - r->addr));
	cli_lookup_space_json(stdout, r, addr);
	fputs(",\"indices\":[", stdout);
	for (int k = 0; k < lay->def->nparams && k < 2; k++)
		printf("%s%u", k ? "," : "", r->index[k]);
	fputc(']', stdout);
	if (value && r->addr == addr) {
		w[0] = (uint32_t)*value;
		w[1] = (uint32_t)(*value >> 32);
		b.len = 0;
		lookup_decode_line(&b, lay, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
		json_out_member(stdout, "decoded", b.data ? b.data : "", 0);
		fputs(",\"fields\":", stdout);
		lookup_decode_json(stdout, lay, w, r->bytes > 4 ? 2 : 1, lookup_reg_element(r));
		printf(",\"unclaimed\":%llu", (unsigned long long)lookup_unclaimed(lay, *value));
	}
	fputc('}', stdout);
	strbuf_release(&b);
}

/* "  also at 0x100 of other spaces: NV_CTXSW_FECS_HEADER (ctxsw), ..." (--space NAME). */
static void cli_lookup_elsewhere(struct cli_lookup *l, uint64_t addr)
{
	const struct lookup_reg *regs[CLI_LOOKUP_MAX_REGS];
	struct strbuf b = { 0 };
	size_t shown = 0;

	for (int k = IR_SPACE_NONE + 1; k < IR_SPACE_COUNT; k++) {
		size_t n;
		if (k == (int)l->space || k == IR_SPACE_WINDOW)
			continue;
		n = lookup_index_at(&l->x, (enum ir_space_kind)k, addr, regs, CLI_LOOKUP_MAX_REGS);
		for (size_t i = 0; i < n; i++) {
			strbuf_puts(&b, shown++ ? ", " : "");
			lookup_reg_name(&b, regs[i], addr);
			strbuf_printf(&b, " (%s)", ir_space_name((enum ir_space_kind)k));
		}
	}
	if (shown)
		printf("  other spaces at 0x%llx (--space NAME): %s\n",
		       (unsigned long long)addr, b.data);
	strbuf_release(&b);
}

static void cli_lookup_address_json(struct cli_lookup *l, uint64_t addr, const uint64_t *value,
				    const struct lookup_reg **regs, size_t n, const struct lookup_device *dev,
				    const struct lookup_device *aperture)
{
	const struct lookup_reg *other[CLI_LOOKUP_MAX_REGS];
	bool first = true;

	printf("{\"chip\":\"%s\",\"space\":\"%s\",\"address\":%llu", l->chip, ir_space_name(l->space),
	       (unsigned long long)addr);
	if (value)
		printf(",\"value\":%llu", (unsigned long long)*value);
	fputs(",\"registers\":[", stdout);
	for (size_t i = 0; i < n; i++)
		cli_lookup_reg_json(regs[i], addr, value, i == 0);
	fputs("],\"device\":", stdout);
	if (dev) {
		fputc('{', stdout);
		cli_lookup_def_json(stdout, dev->unit, dev->def);
		printf(",\"offset\":%llu", (unsigned long long)(addr - dev->lo));
		json_out_member(stdout, "space", ir_space_name(dev->space), 0);
		fputc('}', stdout);
	} else {
		fputs("null", stdout);
	}
	fputs(",\"aperture\":", stdout);
	if (aperture)
		json_out_string(stdout, aperture->def->name);
	else
		fputs("null", stdout);
	/* Every other candidate, in the space it is in. */
	fputs(",\"other_spaces\":[", stdout);
	for (int k = IR_SPACE_NONE + 1; k < IR_SPACE_COUNT; k++) {
		size_t m;
		if (k == (int)l->space || k == IR_SPACE_WINDOW)
			continue;
		m = lookup_index_at(&l->x, (enum ir_space_kind)k, addr, other, CLI_LOOKUP_MAX_REGS);
		for (size_t i = 0; i < m; i++, first = false)
			cli_lookup_reg_json(other[i], addr, NULL, first);
	}
	fputs("]}\n", stdout);
}

static int cli_lookup_address(struct cli_lookup *l, uint64_t addr, const uint64_t *value)
{
	const struct lookup_reg *regs[CLI_LOOKUP_MAX_REGS];
	size_t n = lookup_index_at(&l->x, l->space, addr, regs, CLI_LOOKUP_MAX_REGS);
	const struct lookup_device *dev = lookup_index_device(&l->x, l->space, addr);
	/* Apertures name whole address spaces (NV_RSPACE): never a unit, never found. */
	const struct lookup_device *aperture = l->space == IR_SPACE_BAR0 ? lookup_index_aperture(&l->x, addr) : NULL;
	struct strbuf b = { 0 };

	if (l->json) {
		cli_lookup_address_json(l, addr, value, regs, n, dev, aperture);
		return n || dev ? CLI_OK : CLI_INPUT_ERROR;
	}
	for (size_t i = 0; i < n; i++)
		cli_lookup_reg_text(regs[i], addr, value);
	if (!n && dev) {
		strbuf_printf(&b, "%s", ir_space_name(dev->space));
		if (dev->sp->kind == IR_SPACE_WINDOW && dev->space == IR_SPACE_BAR0)
			strbuf_printf(&b, " through %s", dev->sp->via);
		printf("0x%08llx  %s+0x%llx  %s  %s  (no register)  %s\n", (unsigned long long)addr, dev->def->name,
		       (unsigned long long)(addr - dev->lo), dev->unit->unit,
		       dev->def->code.present ? dev->def->code.c : "", b.data);
		cli_lookup_source(stdout, dev->unit, dev->def, "  ");
	} else if (!n && aperture) {
		printf("0x%08llx  in aperture %s, no register\n", (unsigned long long)addr, aperture->def->name);
		cli_lookup_source(stdout, aperture->unit, aperture->def, "  ");
	}
	strbuf_release(&b);
	cli_lookup_elsewhere(l, addr);
	if (n || dev)
		return CLI_OK;
	if (!aperture)
		fprintf(stderr, "refgen: lookup: nothing of %s's %s holds 0x%llx\n", l->chip, ir_space_name(l->space),
			(unsigned long long)addr);
	return CLI_INPUT_ERROR;
}

/* ---- command ---------------------------------------------------------------------- */

static int cli_lookup_help(void)
{
	printf("Usage: refgen lookup --chip CHIP [--json] [--ir DIR] [--space SPACE] ADDRESS [VALUE]\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] NAME[(i[,j])]\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] --struct NAME WORD...\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] --config FILE\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] [--block NAME=BASE]...\n"
	       "                     [--batch | -] < LINES\n"
	       "Decode with the names of a chip's manuals:\n"
	       "  ADDRESS [VALUE]  every register (array element) BAR0 holds at ADDRESS\n"
	       "                   (windows such as NV_PCFG at their BAR0 address), else\n"
	       "                   its device; VALUE decoded field by field\n"
	       "  --space SPACE    ADDRESS is an offset in SPACE instead: pci, vf, block,\n"
	       "                   memory, ctxsw, method (bar0: the default)\n"
	       "  NAME             where a register, field, value or structure is\n"
	       "  --struct NAME    the words of a memory structure (NV_RAMFC, NV_RAMIN,\n"
	       "                   NV_RAMRL_ENTRY, NV_MMU_VER2_PTE) or register\n"
	       "                   (NV_PPBDMA_GP_ENTRY0): WORD is VALUE (next word, from\n"
	       "                   word 0) or INDEX:VALUE\n"
	       "  --config FILE    a PCI config space (binary, 256 or 4,096 bytes, or lspci\n"
	       "                   -x/-xxx/-xxxx text; - for stdin): every register of the\n"
	       "                   chip's pci space, in its capability of the lists walked\n"
	       "  --batch, -       stdin lines 'ADDRESS [VALUE]' or an mmiotrace log, one\n"
	       "                   decoded line out per line in\n"
	       "  --block NAME=BASE  batch: the block-space registers named NAME_* sit at\n"
	       "                   BAR0 BASE (a base only the driver knows: GA100's\n"
	       "                   NV_RUNLIST=0xc10000, NV_CHRAM=0xc18000); an access at or\n"
	       "                   above it is named NAME_...@BASE; repeatable\n"
	       "  --json           JSON (batch: one object per line)\n"
	       "  --ir DIR         IR root holding DIR/CHIP/*.xml (default: the build tree,\n"
	       "                   then the installed share/refgen/ir)\n"
	       "  -a CHIP          the same as --chip, as envytools' lookup -a\n"
	       "Exit status: 0 found, 1 nothing found (or only an aperture), 2 usage or\n"
	       "unreadable IR.\n");
	return CLI_OK;
}

static int cli_lookup_options(int argc, char **argv, struct cli_lookup *l, bool *batch)
{
	static const struct option longopts[] = {
		{ "chip", required_argument, NULL, 'c' },
		{ "ir", required_argument, NULL, 'I' },
		{ "struct", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ "batch", no_argument, NULL, 'b' },
		{ "space", required_argument, NULL, 'S' },
		{ "block", required_argument, NULL, 'B' },
		{ "config", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "+a:c:I:s:jbh", longopts, NULL)) != -1) {
		switch (c) {
		case 'a': /* envytools' lookup -a CHIPSET */
		case 'c': l->chip = optarg; break;
		case 'I': l->ir_root = optarg; break;
		case 's': l->structure = optarg; break;
		case 'j': l->json = true; break;
		case 'b': *batch = true; break;
		case 'S': l->space_name = optarg; break;
		case 'C': l->config = optarg; break;
		case 'B': {
			const char *eq = strchr(optarg, '=');
			struct lookup_block *k = &l->blocks[l->nblocks];

			if (l->nblocks == LOOKUP_BATCH_BLOCKS)
				return cli_usage_error("lookup: more than %d --block", LOOKUP_BATCH_BLOCKS);
			if (!eq || eq == optarg || !cli_args_number_parse(eq + 1, 0, &k->base))
				return cli_usage_error("lookup: --block '%s': NAME=BASE wanted (NV_RUNLIST=0xc10000)",
						       optarg);
			k->name = optarg;
			k->len = (size_t)(eq - optarg);
			l->nblocks++;
			break;
		}
		case 'h': return cli_lookup_help(), -1;
		default: return CLI_USAGE;
		}
	}
	if (!l->chip)
		return cli_usage_error("lookup: --chip is required");
	l->space = IR_SPACE_BAR0;
	if (l->space_name) {
		l->space = ir_space_from_name(l->space_name);
		if (l->space == IR_SPACE_NONE || l->space == IR_SPACE_WINDOW || l->space == IR_SPACE_APERTURE)
			return cli_usage_error("lookup: unknown space '%s' (bar0, pci, vf, block, memory, ctxsw, method)",
					       l->space_name);
	}
	if (l->config && (*batch || l->structure || l->nblocks || optind < argc ||
			  (l->space_name && l->space != IR_SPACE_PCI)))
		return cli_usage_error("lookup: --config FILE takes no other argument, --struct, --batch, --block "
				       "or --space but pci");
	if (*batch && l->space_name && l->space != IR_SPACE_BAR0)
		return cli_usage_error("lookup: batch mode decodes BAR0 accesses only");
	if (optind < argc && !strcmp(argv[optind], "-")) {
		*batch = true;
		optind++;
	}
	if (*batch && (optind < argc || l->structure))
		return cli_usage_error("lookup: batch mode reads stdin and takes no other argument");
	if (l->nblocks && !*batch)
		return cli_usage_error("lookup: --block is for batch mode (-); one address of a block: "
				       "--space block OFFSET");
	if (!*batch && !l->structure && !l->config && optind == argc)
		return cli_usage_error("lookup: nothing to look up (ADDRESS, NAME, --struct or --batch)");
	if (l->structure && optind == argc)
		return cli_usage_error("lookup: --struct needs at least one WORD");
	if (!l->structure && argc - optind > 2)
		return cli_usage_error("lookup: unexpected argument '%s'", argv[optind + 2]);
	return 0;
}

static int cli_lookup_run(struct cli_lookup *l, int argc, char **argv, bool batch)
{
	uint64_t addr, value;

	if (batch) {
		struct lookup_batch b;
		static char buf[1 << 16];
		bool ok;
		lookup_batch_init(&b, &l->x, l->json);
		for (size_t i = 0; i < l->nblocks; i++) {
			const struct lookup_block *k = &l->blocks[i];   /* as cli_lookup_options read it */

			if (lookup_batch_block_add(&b, k->name, k->len, k->base) < 0) {
				fprintf(stderr, "refgen: lookup: --block %.*s: no register of %s's block space is "
					"named %.*s_*\n", (int)k->len, k->name, l->chip, (int)k->len, k->name);
				lookup_batch_release(&b);
				return CLI_USAGE;
			}
		}
		setvbuf(stdout, buf, _IOFBF, sizeof(buf));
		ok = lookup_batch_stream(&b, stdin, stdout);
		lookup_batch_release(&b);
		fflush(stdout);
		setvbuf(stdout, NULL, _IOLBF, 0);
		if (!ok)
			fprintf(stderr, "refgen: lookup: read or write error\n");
		return ok ? CLI_OK : CLI_USAGE;
	}
	if (l->config)
		return cli_lookup_config(&l->x, l->chip, l->config, l->json);
	if (l->structure)
		return cli_lookup_struct(l, argc, argv);
	if (!cli_args_number_parse(argv[0], 0, &addr)) {
		/* No name starts with a digit: 2^64 or 0x12zz is a bad ADDRESS. */
		if (isdigit((unsigned char)argv[0][0]))
			return cli_usage_error("lookup: '%s' is not a number below 2^64", argv[0]);
		if (argc > 1)
			return cli_usage_error("lookup: a NAME takes no VALUE");
		return cli_lookup_name(l, argv[0]);
	}
	if (argc > 1 && !cli_args_number_parse(argv[1], 0, &value))
		return cli_usage_error("lookup: '%s' is not a number", argv[1]);
	return cli_lookup_address(l, addr, argc > 1 ? &value : NULL);
}

/* What the arguments ask for, so that only the IR files holding it are read
 * (lookup_units.h); anything not plainly an ADDRESS, a NAME or --struct reads
 * them all, and the usage errors are found later as before. */
static void cli_lookup_want(const struct cli_lookup *l, int argc, char **argv, bool batch,
			    struct lookup_want *w, char *name, size_t n)
{
	uint64_t addr;

	w->kind = LOOKUP_WANT_ALL;
	if (batch || l->config)
		return;
	if (l->structure) {
		w->kind = LOOKUP_WANT_NAME;
		w->name = l->structure;
	} else if (argc >= 1 && cli_args_number_parse(argv[0], 0, &addr)) {
		w->kind = LOOKUP_WANT_ADDRESS;
		w->addr = addr;
		w->space = l->space;
	} else if (argc == 1 && !isdigit((unsigned char)argv[0][0]) && strcspn(argv[0], "(") < n) {
		snprintf(name, n, "%.*s", (int)strcspn(argv[0], "("), argv[0]);
		w->kind = LOOKUP_WANT_NAME;
		w->name = name;
	}
}

int cli_lookup(int argc, char **argv)
{
	struct cli_lookup l = { 0 };
	struct ir_chip chip;
	struct diag d;
	struct lookup_want want;
	struct lookup_units_todo todo;
	char name[512];
	bool batch = false;
	int rc = cli_lookup_options(argc, argv, &l, &batch);

	if (rc)
		return rc < 0 ? CLI_OK : rc;
	diag_init(&d);
	cli_lookup_want(&l, argc - optind, argv + optind, batch, &want, name, sizeof(name));
	if (lookup_units_load(&chip, &l.x, l.chip, l.ir_root, &want, &todo, &d) < 0) {
		lookup_units_finish(&todo, &l.x, &chip, false);
		lookup_index_release(&l.x);
		ir_chip_release(&chip);
		return CLI_USAGE;
	}
	rc = cli_lookup_run(&l, argc - optind, argv + optind, batch);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "refgen: lookup: write error on standard output\n");
		rc = CLI_USAGE;
	}
	/* the unit map only after an answer: a run that fails changes no file */
	lookup_units_finish(&todo, &l.x, &chip, rc == CLI_OK);
	lookup_index_release(&l.x);
	ir_chip_release(&chip);
	return rc;
}
