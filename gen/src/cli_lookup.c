/*
 * refgen lookup: what envytools' lookup does, for the manuals.
 *   ADDRESS [VALUE]      the registers at an address (else its device), and
 *                        the value decoded field by field
 *   NAME                 where a register, field, value or structure is
 *   --struct NAME WORD.. a memory structure's words decoded
 *   (nothing, or -)      batch: stdin lines decoded one per line
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "ir_chip.h"
#include "ir_print.h"
#include "json_out.h"
#include "lookup_batch.h"
#include "lookup_decode.h"
#include "lookup_index.h"

#define CLI_LOOKUP_MAX_REGS 16
#define CLI_LOOKUP_MAX_WORDS 4096

struct cli_lookup {
	const char *chip, *ir_root, *structure;
	bool json;
	struct lookup_index x;
};

static bool cli_lookup_number(const char *s, uint64_t *out)
{
	char *end;

	if (!(s[0] >= '0' && s[0] <= '9'))
		return false;
	*out = strtoull(s, &end, 0);
	return *end == '\0';
}

/* "dev_fifo.ref.txt:54: #define ..." */
static void cli_lookup_source(FILE *out, const struct ir_manual *m, const struct ir_def *d, const char *indent)
{
	struct strbuf b = { 0 };

	ir_print_define_buf(d, &b);
	fprintf(out, "%s%s:%u: %s\n", indent, d->addendum && m->addendum ? m->addendum : m->source, d->line, b.data);
	strbuf_release(&b);
}

static void cli_lookup_def_json(FILE *out, const struct ir_manual *m, const struct ir_def *d)
{
	struct strbuf b = { 0 };

	ir_print_define_buf(d, &b);
	json_out_member(out, "name", d->name, 1);
	json_out_member(out, "kind", ir_kind_name(d->kind), 0);
	json_out_member(out, "unit", m->unit, 0);
	json_out_member(out, "code", d->code.present ? d->code.c : NULL, 0);
	json_out_member(out, "file", d->addendum && m->addendum ? m->addendum : m->source, 0);
	fprintf(out, ",\"line\":%u", d->line);
	json_out_member(out, "define", b.data, 0);
	strbuf_release(&b);
}

/* ---- ADDRESS [VALUE] ------------------------------------------------------------- */

static void cli_lookup_reg_text(const struct lookup_reg *r, uint64_t addr, const uint64_t *value)
{
	const struct lookup_layout *lay = r->layout;
	struct strbuf b = { 0 };
	uint32_t w[2];

	lookup_reg_name(&b, r, addr);
	printf("0x%08llx  %s  %s  %s\n", (unsigned long long)addr, b.data, lay->unit->unit,
	       lay->def->code.present ? lay->def->code.c : "");
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
	fprintf(stdout, ",\"offset\":%llu,\"indices\":[", (unsigned long long)(addr - r->addr));
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

static int cli_lookup_address(struct cli_lookup *l, uint64_t addr, const uint64_t *value)
{
	const struct lookup_reg *regs[CLI_LOOKUP_MAX_REGS];
	size_t n = lookup_index_at(&l->x, addr, regs, CLI_LOOKUP_MAX_REGS);
	const struct lookup_device *dev = lookup_index_device(&l->x, addr);

	if (l->json) {
		printf("{\"chip\":\"%s\",\"address\":%llu", l->chip, (unsigned long long)addr);
		if (value)
			printf(",\"value\":%llu", (unsigned long long)*value);
		fputs(",\"registers\":[", stdout);
		for (size_t i = 0; i < n; i++)
			cli_lookup_reg_json(regs[i], addr, value, i == 0);
		fputs("],\"device\":", stdout);
		if (dev) {
			fputc('{', stdout);
			cli_lookup_def_json(stdout, dev->unit, dev->def);
			printf(",\"offset\":%llu}", (unsigned long long)(addr - dev->lo));
		} else {
			fputs("null", stdout);
		}
		fputs("}\n", stdout);
		return n || dev ? CLI_OK : CLI_INPUT_ERROR;
	}
	for (size_t i = 0; i < n; i++)
		cli_lookup_reg_text(regs[i], addr, value);
	if (n)
		return CLI_OK;
	if (!dev) {
		fprintf(stderr, "refgen: lookup: no register or device of %s holds 0x%llx\n", l->chip,
			(unsigned long long)addr);
		return CLI_INPUT_ERROR;
	}
	printf("0x%08llx  %s+0x%llx  %s  %s  (no register)\n", (unsigned long long)addr, dev->def->name,
	       (unsigned long long)(addr - dev->lo), dev->unit->unit, dev->def->code.present ? dev->def->code.c : "");
	cli_lookup_source(stdout, dev->unit, dev->def, "  ");
	return CLI_OK;
}

/* ---- NAME ------------------------------------------------------------------------- */

/* "NAME(3,4)" -> "NAME", indices. -1 when malformed. */
static int cli_lookup_split_name(const char *arg, char *name, size_t n, uint64_t idx[2])
{
	const char *paren = strchr(arg, '(');
	char *end;
	int k = 0;

	if (!paren) {
		snprintf(name, n, "%s", arg);
		return 0;
	}
	if ((size_t)(paren - arg) >= n)
		return -1;
	memcpy(name, arg, (size_t)(paren - arg));
	name[paren - arg] = '\0';
	for (const char *p = paren + 1; k < 2; k++) {
		idx[k] = strtoull(p, &end, 0);
		if (end == p)
			return -1;
		if (*end == ')')
			return end[1] ? -1 : k + 1;
		if (*end != ',')
			return -1;
		p = end + 1;
	}
	return -1;
}

static void cli_lookup_where(struct cli_lookup *l, const struct lookup_name *n, int nidx, const uint64_t *idx)
{
	const struct ir_def *d = n->def;
	uint64_t off;

	struct strbuf b = { 0 };

	if (nidx && d->nparams == nidx)
		printf("%s(%llu%s", d->name, (unsigned long long)idx[0], nidx > 1 ? "," : ")");
	else
		printf("%s%s%s%s", d->name, d->params ? "(" : "", d->params ? d->params : "", d->params ? ")" : "");
	if (nidx > 1 && d->nparams == nidx)
		printf("%llu)", (unsigned long long)idx[1]);
	printf(": %s in %s", ir_kind_name(d->kind), n->unit->unit);
	if (d->kind == IR_REGISTER && nidx == d->nparams &&
	    lookup_reg_offset(&l->x.arena, d, idx[0], nidx > 1 ? idx[1] : 0, &off))
		printf(" at 0x%08llx", (unsigned long long)off);
	if (d->kind == IR_REGISTER && d->nparams && nidx != d->nparams)
	{
		printf(" at %s, %s < %u", d->value.expr ? d->value.expr : "?", d->param[0], d->size[0]);
		if (d->nparams > 1)
			printf(", %s < %u", d->param[1], d->size[1]);
	}
	if ((d->kind == IR_FIELD || d->kind == IR_DEVICE) && d->body)
		printf(" bits %s", d->body);
	if (d->kind == IR_VALUE && d->value.known)
		printf(" = 0x%llx", (unsigned long long)d->value.value);
	putchar('\n');
	cli_lookup_source(stdout, n->unit, d, "  ");
	for (const struct ir_def *p = d->parent; p; p = p->parent) {
		b.len = 0;
		ir_print_name_buf(p, &b);
		printf("  in %s %s", ir_kind_name(p->kind), b.data);
		if (p->body)
			printf(" %s", p->body);
		putchar('\n');
	}
	if ((d->kind == IR_REGISTER || d->kind == IR_STRUCTURE) && n->layout && n->layout->nfields) {
		printf("  fields:");
		for (size_t i = 0; i < n->layout->nfields && i < 64; i++) {
			const struct lookup_field *f = &n->layout->fields[i];
			printf("%s %s %llu:%llu", i ? "," : "", f->name, (unsigned long long)(f->lo + f->width - 1),
			       (unsigned long long)f->lo);
		}
		printf("%s\n", n->layout->nfields > 64 ? " ..." : "");
	}
	if (d->kind == IR_FIELD) {
		printf("  values:");
		for (const struct ir_def *v = d->first_child; v; v = v->next_sibling)
			if (v->kind == IR_VALUE && v->body)
				printf(" %s=%s", v->name + (strncmp(v->name, d->name, strlen(d->name)) ? 0 : strlen(d->name) + 1),
				       v->body);
		putchar('\n');
	}
	strbuf_release(&b);
}

static void cli_lookup_where_json(struct cli_lookup *l, const struct lookup_name *n, int nidx, const uint64_t *idx,
				  bool first)
{
	const struct ir_def *d = n->def;
	uint64_t off;

	fputs(first ? "{" : ",{", stdout);
	cli_lookup_def_json(stdout, n->unit, d);
	if (d->kind == IR_REGISTER && nidx == d->nparams &&
	    lookup_reg_offset(&l->x.arena, d, idx[0], nidx > 1 ? idx[1] : 0, &off))
		printf(",\"address\":%llu", (unsigned long long)off);
	fputs(",\"parents\":[", stdout);
	for (const struct ir_def *p = d->parent; p; p = p->parent) {
		if (p != d->parent)
			fputc(',', stdout);
		json_out_string(stdout, p->name);
	}
	fputc(']', stdout);
	fputc('}', stdout);
}

static int cli_lookup_name(struct cli_lookup *l, const char *arg)
{
	char name[512];
	uint64_t idx[2] = { 0, 0 };
	int nidx = cli_lookup_split_name(arg, name, sizeof(name), idx);
	const struct lookup_name *n;
	bool first = true;

	if (nidx < 0)
		return cli_usage_error("lookup: '%s' is neither a number nor NAME or NAME(i[,j])", arg);
	n = lookup_index_name(&l->x, name);
	if (!n) {
		fprintf(stderr, "refgen: lookup: %s has no define named %s\n", l->chip, name);
		return CLI_INPUT_ERROR;
	}
	if (l->json)
		printf("{\"chip\":\"%s\",\"defines\":[", l->chip);
	for (; n; n = n->next, first = false) {
		if (nidx && n->def->nparams && (uint64_t)n->def->size[0] && idx[0] >= n->def->size[0]) {
			fprintf(stderr, "refgen: lookup: %s index %llu is out of range (%s < %u)\n", name,
				(unsigned long long)idx[0], n->def->param[0], n->def->size[0]);
			if (l->json)
				fputs("]}\n", stdout);
			return CLI_INPUT_ERROR;
		}
		if (l->json)
			cli_lookup_where_json(l, n, nidx, idx, first);
		else
			cli_lookup_where(l, n, nidx, idx);
	}
	if (l->json)
		fputs("]}\n", stdout);
	return CLI_OK;
}

/* ---- --struct NAME WORD... ------------------------------------------------------- */

/* WORD is VALUE (the next word) or INDEX:VALUE. */
static int cli_lookup_words(int argc, char **argv, uint32_t *w, size_t *nwords, bool *given)
{
	size_t next = 0;

	for (int i = 0; i < argc; i++) {
		char *colon = strchr(argv[i], ':');
		uint64_t k = next, v;
		if (colon) {
			*colon = '\0';
			if (!cli_lookup_number(argv[i], &k) || k >= CLI_LOOKUP_MAX_WORDS) {
				*colon = ':';
				return cli_usage_error("lookup: bad word index in '%s'", argv[i]);
			}
			*colon = ':';
		}
		if (!cli_lookup_number(colon ? colon + 1 : argv[i], &v) || v > 0xffffffffull || k >= CLI_LOOKUP_MAX_WORDS)
			return cli_usage_error("lookup: '%s' is not a 32-bit word (VALUE or INDEX:VALUE)", argv[i]);
		w[k] = (uint32_t)v;
		given[k] = true;
		next = k + 1;
		if (next > *nwords)
			*nwords = next;
	}
	return 0;
}

static int cli_lookup_struct(struct cli_lookup *l, int argc, char **argv)
{
	const struct lookup_name *n = lookup_index_name(&l->x, l->structure);
	static uint32_t w[CLI_LOOKUP_MAX_WORDS];
	static bool given[CLI_LOOKUP_MAX_WORDS];
	size_t nwords = 0;
	struct strbuf b = { 0 };
	int rc;

	while (n && n->def->kind != IR_STRUCTURE && n->def->kind != IR_REGISTER)
		n = n->next;
	if (!n || !n->layout) {
		fprintf(stderr, "refgen: lookup: %s has no structure named %s\n", l->chip, l->structure);
		return CLI_INPUT_ERROR;
	}
	if ((rc = cli_lookup_words(argc, argv, w, &nwords, given)))
		return rc;
	/* Words not given are unknown: only fields wholly within given words are decoded. */
	struct lookup_layout part = *n->layout;
	struct lookup_field *f = calloc(part.nfields + 1, sizeof(*f));
	size_t k = 0;
	for (size_t i = 0; i < part.nfields; i++) {
		const struct lookup_field *src = &part.fields[i];
		bool all = true;
		for (uint64_t wd = src->lo / 32; wd <= (src->lo + src->width - 1) / 32; wd++)
			all = all && wd < nwords && given[wd];
		if (all)
			f[k++] = *src;
	}
	part.fields = f;
	part.nfields = k;
	lookup_decode_line(&b, &part, w, nwords, -1);
	if (l->json) {
		printf("{\"chip\":\"%s\",", l->chip);
		cli_lookup_def_json(stdout, n->unit, n->def);
		json_out_member(stdout, "decoded", b.data ? b.data : "", 0);
		fputs(",\"fields\":", stdout);
		lookup_decode_json(stdout, &part, w, nwords, -1);
		fputs("}\n", stdout);
	} else {
		printf("%s  %s  %s\n", n->def->name, ir_kind_name(n->def->kind), n->unit->unit);
		cli_lookup_source(stdout, n->unit, n->def, "  ");
		for (size_t i = 0; i < nwords; i++)
			if (given[i])
				printf("  word %zu = 0x%08x\n", i, w[i]);
		printf("  %s\n", b.data ? b.data : "(no field lies within the words given)");
		lookup_decode_table(stdout, &part, w, nwords, -1);
	}
	free(f);
	strbuf_release(&b);
	return k ? CLI_OK : CLI_INPUT_ERROR;
}

/* ---- command ---------------------------------------------------------------------- */

static int cli_lookup_help(void)
{
	printf("Usage: refgen lookup --chip CHIP [--json] [--ir DIR] ADDRESS [VALUE]\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] NAME[(i[,j])]\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] --struct NAME WORD...\n"
	       "       refgen lookup --chip CHIP [--json] [--ir DIR] [--batch | -] < LINES\n"
	       "Decode with the names of a chip's manuals:\n"
	       "  ADDRESS [VALUE]  every register (array element) holding ADDRESS, else its\n"
	       "                   device; VALUE decoded field by field\n"
	       "  NAME             where a register, field, value or structure is\n"
	       "  --struct NAME    the words of a memory structure (NV_RAMFC, NV_RAMIN,\n"
	       "                   NV_RAMRL_ENTRY, NV_MMU_VER2_PTE) or register\n"
	       "                   (NV_PPBDMA_GP_ENTRY0): WORD is VALUE (next word, from\n"
	       "                   word 0) or INDEX:VALUE\n"
	       "  --batch, -       stdin lines 'ADDRESS [VALUE]' or an mmiotrace log, one\n"
	       "                   decoded line out per line in\n"
	       "  --json           JSON (batch: one object per line)\n"
	       "  --ir DIR         IR root holding DIR/CHIP/*.xml (default: the build tree,\n"
	       "                   then the installed share/refgen/ir)\n"
	       "  -a CHIP          the same as --chip, as envytools' lookup -a\n"
	       "Exit status: 0 found, 1 nothing found, 2 usage or unreadable IR.\n");
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
		case 'h': return cli_lookup_help(), -1;
		default: return CLI_USAGE;
		}
	}
	if (!l->chip)
		return cli_usage_error("lookup: --chip is required");
	if (optind < argc && !strcmp(argv[optind], "-")) {
		*batch = true;
		optind++;
	}
	if (*batch && (optind < argc || l->structure))
		return cli_usage_error("lookup: batch mode reads stdin and takes no other argument");
	if (!*batch && !l->structure && optind == argc)
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
		setvbuf(stdout, buf, _IOFBF, sizeof(buf));
		lookup_batch_init(&b, &l->x, l->json);
		ok = lookup_batch_stream(&b, stdin, stdout);
		lookup_batch_release(&b);
		fflush(stdout);
		setvbuf(stdout, NULL, _IOLBF, 0);
		if (!ok)
			fprintf(stderr, "refgen: lookup: read or write error\n");
		return ok ? CLI_OK : CLI_USAGE;
	}
	if (l->structure)
		return cli_lookup_struct(l, argc, argv);
	if (!cli_lookup_number(argv[0], &addr)) {
		if (argc > 1)
			return cli_usage_error("lookup: a NAME takes no VALUE");
		return cli_lookup_name(l, argv[0]);
	}
	if (argc > 1 && !cli_lookup_number(argv[1], &value))
		return cli_usage_error("lookup: '%s' is not a number", argv[1]);
	return cli_lookup_address(l, addr, argc > 1 ? &value : NULL);
}

int cli_lookup(int argc, char **argv)
{
	struct cli_lookup l = { 0 };
	struct ir_chip chip;
	struct diag d;
	bool batch = false;
	int rc = cli_lookup_options(argc, argv, &l, &batch);

	if (rc)
		return rc < 0 ? CLI_OK : rc;
	diag_init(&d);
	if (ir_chip_load(&chip, l.chip, l.ir_root, &d) < 0) {
		ir_chip_release(&chip);
		return CLI_USAGE;
	}
	lookup_index_build(&l.x, &chip);
	rc = cli_lookup_run(&l, argc - optind, argv + optind, batch);
	lookup_index_release(&l.x);
	ir_chip_release(&chip);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "refgen: lookup: write error on standard output\n");
		return CLI_USAGE;
	}
	return rc;
}
