/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup: what envytools' lookup does, for the manuals.
 *   ADDRESS [VALUE]      the registers at an address (else its device), and
 *                        the value decoded field by field
 *   NAME                 where a register, field, value or structure is
 *   --struct NAME WORD.. a memory structure's words decoded
 *   (nothing, or -)      batch: stdin lines decoded one per line
 * This file reads the options into one lookup_ctx and asks the lookup core
 * (lookup/lookup_query.h) each query; cli_lookup_print.c prints the answers.
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
#include "lookup/lookup_batch.h"
#include "lookup/lookup_index.h"
#include "lookup/lookup_query.h"
#include "lookup/lookup_units.h"

#define CLI_LOOKUP_MAX_WORDS 4096
#define CLI_LOOKUP_AGAIN (-1)          /* ask again of the whole chip */

/* What the options say: the same for every form. */
struct cli_lookup {
	const char *chip, *ir_root, *structure;
	const char *config;            /* --config FILE: cli_lookup_config.c */
	char chip_name[64];            /* --chip in lower case */
	const char *space_name;        /* --space NAME; NULL: BAR0 */
	const char *cls;               /* --class CLASS: an ADDRESS is one of its method offsets */
	enum ir_space_kind space;      /* what ADDRESS is in (IR_SPACE_BAR0 by default) */
	bool json, batch;
	bool partial;                  /* only the IR files the unit map named were read */
	struct lookup_block blocks[LOOKUP_QUERY_BLOCKS];   /* --block NAME=BASE (NAME in the argument) */
	size_t nblocks;
	struct lookup_index x;
};

/* ---- command ---------------------------------------------------------------------- */

static int cli_lookup_help(void)
{
	printf("Usage: refgen lookup --chip CHIP [--json] [--ir DIR] [--space SPACE] [--block NAME=BASE]...\n"
	       "                     ADDRESS [VALUE]\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] --class CLASS METHOD [VALUE]\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] NAME[(i[,j])]\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] --struct NAME WORD...\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] --config FILE\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] [--space SPACE] [--block NAME=BASE]...\n"
	       "                     [--batch | -] < LINES\n"
	       "Decode with the names of a chip's manuals:\n"
	       "  ADDRESS [VALUE]  every register (array element) BAR0 holds at ADDRESS\n"
	       "                   (windows such as NV_PCFG at their BAR0 address), else\n"
	       "                   its device; VALUE decoded field by field, high bits first\n"
	       "  NAME             where a register, field, value or structure is (also\n"
	       "                   the typed headers' nv_pccsr_channel_inst, gv100_...)\n"
	       "  --struct NAME    the words of a memory structure (NV_RAMFC, NV_RAMIN,\n"
	       "                   NV_RAMRL_ENTRY, NV_MMU_VER2_PTE) or register\n"
	       "                   (NV_PPBDMA_GP_ENTRY0): WORD is VALUE (next word, from\n"
	       "                   word 0) or INDEX:VALUE\n"
	       "  --config FILE    a PCI config space (binary, 256 or 4,096 bytes, or lspci\n"
	       "                   -x/-xxx/-xxxx text; - for stdin): every register of the\n"
	       "                   chip's pci space, in its capability of the lists walked\n"
	       "  --class CLASS    ADDRESS (and a batch line's) is a method offset of the\n"
	       "                   chip's class CLASS (c3b5, clc3b5, 0xc3b5 or\n"
	       "                   VOLTA_DMA_COPY_A): its method, VALUE decoded\n"
	       "  --batch, -       stdin lines 'ADDRESS [VALUE]' or an mmiotrace log, one\n"
	       "                   decoded line out per line in\n"
	       "  --space SPACE    an ADDRESS (and a batch line's) is an offset in SPACE:\n"
	       "                   pci, vf, block, memory, ctxsw, method (bar0: the default)\n"
	       "  --block NAME=BASE  the block-space registers named NAME_* sit at BAR0\n"
	       "                   BASE (a base only the driver knows: GA100's\n"
	       "                   NV_RUNLIST=0xc10000, NV_CHRAM=0xc18000); an address at\n"
	       "                   or above it is named NAME_...@BASE; repeatable.  A trace\n"
	       "                   that reads NV_PTOP_DEVICE_INFO2 and CHANNEL_CONFIG\n"
	       "                   places them itself\n"
	       "  --json           JSON (batch: one object per line)\n"
	       "  --ir DIR         IR root holding DIR/CHIP/*.xml (default: the build tree,\n"
	       "                   then the installed share/refgen/ir)\n"
	       "  -a CHIP          the same as --chip, as envytools' lookup -a\n"
	       "Numbers: ADDRESS, VALUE, WORD and BASE are hexadecimal, 0x optional, in\n"
	       "every form (800028 is 0x800028); indices (NAME(i), INDEX:) are decimal\n"
	       "unless 0x.\n"
	       "Exit status: 0 found, 1 nothing found (or only an aperture), 2 usage or\n"
	       "unreadable IR.\n");
	return CLI_OK;
}

/* A word of hex digits (0x optional) is an ADDRESS; no define's name is one. */
static bool cli_lookup_is_number(const char *arg)
{
	size_t n = strlen(arg);

	if (n > 2 && arg[0] == '0' && (arg[1] == 'x' || arg[1] == 'X'))
		arg += 2, n -= 2;
	return n && strspn(arg, "0123456789abcdefABCDEF") == n;
}

/* --block NAME=BASE */
static int cli_lookup_block_option(struct cli_lookup *l, const char *arg)
{
	const char *eq = strchr(arg, '=');
	struct lookup_block *k = &l->blocks[l->nblocks];

	if (l->nblocks == LOOKUP_QUERY_BLOCKS)
		return cli_sub_usage("lookup", "more than %d --block", LOOKUP_QUERY_BLOCKS);
	if (!eq || eq == arg || !lookup_number_parse(eq + 1, strlen(eq + 1), &k->base))
		return cli_sub_usage("lookup", "--block '%s': NAME=BASE wanted (NV_RUNLIST=0xc10000)", arg);
	k->name = arg;
	k->len = (size_t)(eq - arg);
	k->line = 0;
	l->nblocks++;
	return 0;
}

static int cli_lookup_options(int argc, char **argv, struct cli_lookup *l)
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
		{ "class", required_argument, NULL, 'K' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, rc;

	while ((c = getopt_long(argc, argv, "+a:c:I:s:jbh", longopts, NULL)) != -1) {
		switch (c) {
		case 'a': /* envytools' lookup -a CHIPSET */
		case 'c': l->chip = optarg; break;
		case 'I': l->ir_root = optarg; break;
		case 's': l->structure = optarg; break;
		case 'j': l->json = true; break;
		case 'b': l->batch = true; break;
		case 'S': l->space_name = optarg; break;
		case 'C': l->config = optarg; break;
		case 'K': l->cls = optarg; break;
		case 'B':
			if ((rc = cli_lookup_block_option(l, optarg)))
				return rc;
			break;
		case 'h': return cli_lookup_help(), -1;
		default: return cli_sub_try("lookup");
		}
	}
	if (!l->chip)
		return cli_sub_usage("lookup", "--chip is required");
	if ((rc = cli_chip_arg("lookup", l->chip, l->chip_name, sizeof(l->chip_name))))
		return rc;
	l->chip = l->chip_name;
	l->space = IR_SPACE_BAR0;
	if (l->space_name) {
		l->space = ir_space_from_name(l->space_name);
		if (l->space == IR_SPACE_NONE || l->space == IR_SPACE_WINDOW || l->space == IR_SPACE_APERTURE)
			return cli_sub_usage("lookup", "unknown space '%s' (bar0, pci, vf, block, memory, ctxsw, method)",
					     l->space_name);
	}
	if (l->cls && (l->space_name || l->nblocks || l->structure || l->config))
		return cli_sub_usage("lookup", "--class takes method offsets: no --space, --block, --struct or --config");
	if (l->config && (l->batch || l->structure || l->nblocks || optind < argc ||
			  (l->space_name && l->space != IR_SPACE_PCI)))
		return cli_sub_usage("lookup", "--config FILE takes no other argument, --struct, --batch, --block "
				     "or --space but pci");
	if (l->config)
		return 0;
	if (optind < argc && !strcmp(argv[optind], "-")) {
		l->batch = true;
		optind++;
	}
	if (l->batch && (optind < argc || l->structure))
		return cli_sub_usage("lookup", "batch mode reads stdin and takes no other argument");
	if (!l->structure && optind == argc)   /* no argument: batch, as refgen(1) says */
		l->batch = true;
	if (l->structure && optind == argc)
		return cli_sub_usage("lookup", "--struct needs at least one WORD");
	if (!l->structure && argc - optind > 2)
		return cli_sub_usage("lookup", "unexpected argument '%s'", argv[optind + 2]);
	/* A NAME and --struct say their own space: the options of addresses are refused, not ignored. */
	if (!l->batch && (l->structure || !cli_lookup_is_number(argv[optind])) && (l->space_name || l->nblocks))
		return cli_sub_usage("lookup", "%s is for an ADDRESS or batch lines; a %s has its own space",
				     l->space_name ? "--space" : "--block", l->structure ? "--struct" : "NAME");
	if (!l->batch && l->cls && !cli_lookup_is_number(argv[optind]))
		return cli_sub_usage("lookup", "--class is for a method offset or batch lines; a NAME has its own class");
	return 0;
}

/* WORD is VALUE (the next word) or INDEX:VALUE. */
static int cli_lookup_words(int argc, char **argv, uint32_t *w, size_t *nwords, bool *given)
{
	size_t next = 0;

	for (int i = 0; i < argc; i++) {
		const char *colon = strchr(argv[i], ':'), *v = colon ? colon + 1 : argv[i];
		uint64_t k = next, value;

		if (colon && (!lookup_count_parse(argv[i], (size_t)(colon - argv[i]), &k) || k >= CLI_LOOKUP_MAX_WORDS))
			return cli_sub_usage("lookup", "bad word index in '%s'", argv[i]);
		if (!lookup_number_parse(v, strlen(v), &value) || value > 0xffffffffull || k >= CLI_LOOKUP_MAX_WORDS)
			return cli_sub_usage("lookup", "'%s' is not a 32-bit word (VALUE or INDEX:VALUE)", argv[i]);
		w[k] = (uint32_t)value;
		given[k] = true;
		next = k + 1;
		if (next > *nwords)
			*nwords = next;
	}
	return 0;
}

static int cli_lookup_batch(struct cli_lookup *l, struct lookup_ctx *ctx)
{
	static char buf[1 << 16];
	struct lookup_batch b;
	bool ok;

	lookup_batch_init(&b, ctx);
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	ok = cli_lookup_stream(&b, stdin, stdout, l->json);
	lookup_batch_release(&b);
	fflush(stdout);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!ok)
		fprintf(stderr, "refgen lookup: read or write error\n");
	return ok ? CLI_OK : CLI_USAGE;
}

/* Asks the one query of ADDRESS [VALUE], NAME or --struct and prints it; the
 * status in *status (a NAME not found is asked again of the whole chip). */
static int cli_lookup_one(struct cli_lookup *l, const struct lookup_ctx *ctx, int argc, char **argv,
			  enum lookup_status *status)
{
	static uint32_t w[CLI_LOOKUP_MAX_WORDS];
	static bool given[CLI_LOOKUP_MAX_WORDS];
	struct lookup_query q = { .kind = LOOKUP_QUERY_ADDRESS };
	struct lookup_result r;
	int rc;

	if (l->structure) {
		size_t nwords = 0;

		memset(given, 0, sizeof(given));
		if ((rc = cli_lookup_words(argc, argv, w, &nwords, given)))
			return rc;
		q = (struct lookup_query){ .kind = LOOKUP_QUERY_STRUCT, .name = l->structure, .words = w,
					   .given = given, .nwords = nwords };
	} else if (cli_lookup_is_number(argv[0])) {
		if (!lookup_number_parse(argv[0], strlen(argv[0]), &q.addr))
			return cli_sub_usage("lookup", "'%s' is not a number below 2^64", argv[0]);
		if (argc > 1 && !lookup_number_parse(argv[1], strlen(argv[1]), &q.value))
			return cli_sub_usage("lookup", "'%s' is not a number", argv[1]);
		q.has_value = argc > 1;
	} else if (isdigit((unsigned char)argv[0][0])) {
		return cli_sub_usage("lookup", "'%s' is not a number", argv[0]);
	} else {
		if (argc > 1)
			return cli_sub_usage("lookup", "a NAME takes no VALUE");
		q = (struct lookup_query){ .kind = LOOKUP_QUERY_NAME, .name = argv[0] };
	}
	lookup_result_init(&r);
	*status = lookup_query_run(ctx, &q, &r);
	switch (*status) {
	case LOOKUP_BAD_QUERY:
		rc = cli_sub_usage("lookup", "%s", r.error);
		break;
	case LOOKUP_NOTHING:
		rc = CLI_INPUT_ERROR;
		if (q.kind != LOOKUP_QUERY_ADDRESS && l->partial && !r.ncands) {
			rc = CLI_LOOKUP_AGAIN;
			break;
		}
		if (q.kind == LOOKUP_QUERY_ADDRESS)
			cli_lookup_print(stdout, &r, l->json);
		else if (l->json && q.kind == LOOKUP_QUERY_NAME)
			printf("{\"chip\":\"%s\",\"defines\":[]}\n", l->chip);
		fprintf(stderr, "refgen lookup: %s%s%s%s\n", r.error, r.suggestion[0] ? " (did you mean " : "",
			r.suggestion, r.suggestion[0] ? "?)" : "");
		break;
	case LOOKUP_APERTURE:
		cli_lookup_print(stdout, &r, l->json);
		rc = CLI_INPUT_ERROR;
		break;
	case LOOKUP_FOUND:
		cli_lookup_print(stdout, &r, l->json);
		rc = q.kind == LOOKUP_QUERY_STRUCT && !r.cands[0].nfields ? CLI_INPUT_ERROR : CLI_OK;
		break;
	}
	for (size_t i = 0; !l->json && *status != LOOKUP_BAD_QUERY && i < r.nwarnings; i++)
		fprintf(stderr, "refgen lookup: warning: %s\n", r.warnings[i]);
	lookup_result_release(&r);
	return rc;
}

/* --class naming none of the chip's: its classes, as the IR installs them
 * (manuals/<chip>/classes.txt). */
static int cli_lookup_no_class(const struct cli_lookup *l)
{
	const struct ir_chip *c = l->x.chip;
	size_t n = 0;

	fprintf(stderr, "refgen lookup: %s has no class '%s'; its classes:", l->chip, l->cls);
	for (size_t i = 0; c && i < c->nunits; i++)
		if (c->units[i]->class_id && ++n)
			fprintf(stderr, " %s (%04x)", c->units[i]->class_name, (unsigned)c->units[i]->class_id);
	fputs(n ? "\n" : " none\n", stderr);
	return CLI_INPUT_ERROR;
}

static int cli_lookup_run(struct cli_lookup *l, int argc, char **argv, enum lookup_status *status)
{
	struct lookup_ctx ctx;

	lookup_ctx_init(&ctx, &l->x, l->chip);
	ctx.space = l->space;
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct lookup_block *k = &l->blocks[i];   /* as cli_lookup_options read it */

		if (lookup_ctx_block_add(&ctx, k->name, k->len, k->base, 0) < 0) {
			fprintf(stderr, "refgen lookup: --block %.*s: no register of %s's block space is named %.*s_*\n"
				"Try 'refgen lookup --help'.\n", (int)k->len, k->name, l->chip, (int)k->len, k->name);
			return CLI_USAGE;
		}
	}
	if (l->cls && lookup_ctx_class(&ctx, l->cls) < 0)
		return cli_lookup_no_class(l);
	*status = LOOKUP_FOUND;
	if (l->config) {
		return cli_lookup_config(&l->x, l->chip, l->config, l->json);
	}
	if (l->batch)
		return cli_lookup_batch(l, &ctx);
	return cli_lookup_one(l, &ctx, argc, argv, status);
}

/* What the arguments ask for, so that only the IR files holding it are read
 * (lookup_units.h); anything not plainly an ADDRESS, a NAME or --struct reads
 * them all, and the usage errors are found later as before.  Blocks placed
 * need the block space's registers: all of them. */
static void cli_lookup_want(const struct cli_lookup *l, int argc, char **argv, struct lookup_want *w, char *name,
			    size_t n)
{
	uint64_t addr;

	w->kind = LOOKUP_WANT_ALL;
	if (l->batch || l->nblocks || l->config || l->cls)   /* a class: its unit is found by id or name */
		return;
	if (l->structure) {
		lookup_name_canonical(l->chip, l->structure, name, n);
		w->kind = LOOKUP_WANT_NAME;
		w->name = name;
	} else if (argc >= 1 && cli_lookup_is_number(argv[0]) && lookup_number_parse(argv[0], strlen(argv[0]), &addr)) {
		w->kind = LOOKUP_WANT_ADDRESS;
		w->addr = addr;
		w->space = l->space;
	} else if (argc == 1 && !isdigit((unsigned char)argv[0][0]) && strcspn(argv[0], "(") < n) {
		lookup_name_canonical(l->chip, argv[0], name, n);
		w->kind = LOOKUP_WANT_NAME;
		w->name = name;
	}
}

/* Loads what want needs and answers; 0 or the exit status. */
static int cli_lookup_answer(struct cli_lookup *l, int argc, char **argv, struct lookup_want *want,
			     enum lookup_status *status)
{
	struct ir_chip chip;
	struct diag d;
	struct lookup_units_todo todo;
	int rc;

	diag_init(&d);
	if (lookup_units_load(&chip, &l->x, l->chip, l->ir_root, want, &todo, &d) < 0) {
		lookup_units_finish(&todo, &l->x, &chip, false);
		lookup_index_release(&l->x);
		ir_chip_release(&chip);
		return CLI_USAGE;
	}
	rc = cli_lookup_run(l, argc, argv, status);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "refgen lookup: write error on standard output\n");
		rc = CLI_USAGE;
	}
	/* the unit map only after an answer: a run that fails changes no file */
	lookup_units_finish(&todo, &l->x, &chip, rc == CLI_OK);
	lookup_index_release(&l->x);
	ir_chip_release(&chip);
	return rc;
}

int cli_lookup(int argc, char **argv)
{
	struct cli_lookup l = { 0 };
	struct lookup_want want;
	enum lookup_status status = LOOKUP_FOUND;
	char name[512];
	int rc = cli_lookup_options(argc, argv, &l);

	if (rc)
		return rc < 0 ? CLI_OK : rc;
	argc -= optind;
	argv += optind;
	cli_lookup_want(&l, argc, argv, &want, name, sizeof(name));
	l.partial = want.kind != LOOKUP_WANT_ALL;
	rc = cli_lookup_answer(&l, argc, argv, &want, &status);
	if (rc == CLI_LOOKUP_AGAIN) {
		/* A NAME the files the map named do not have: asked of the whole
		 * chip, for the nearest name ("did you mean"). */
		want.kind = LOOKUP_WANT_ALL;
		l.partial = false;
		rc = cli_lookup_answer(&l, argc, argv, &want, &status);
	}
	return rc;
}
