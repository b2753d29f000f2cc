/* SPDX-License-Identifier: MIT */
/* refgen lookup --struct NAME WORD...: a memory structure's words decoded. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_lookup.h"
#include "base/json_out.h"
#include "lookup/lookup_decode.h"
#include "mem.h"

#define CLI_LOOKUP_MAX_WORDS 4096

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
			if (!cli_args_number_parse(argv[i], 0, &k) || k >= CLI_LOOKUP_MAX_WORDS) {
				*colon = ':';
				return cli_usage_error("lookup: bad word index in '%s'", argv[i]);
			}
			*colon = ':';
		}
		if (!cli_args_number_parse(colon ? colon + 1 : argv[i], 0, &v) || v > 0xffffffffull || k >= CLI_LOOKUP_MAX_WORDS)
			return cli_usage_error("lookup: '%s' is not a 32-bit word (VALUE or INDEX:VALUE)", argv[i]);
		w[k] = (uint32_t)v;
		given[k] = true;
		next = k + 1;
		if (next > *nwords)
			*nwords = next;
	}
	return 0;
}

int cli_lookup_struct(struct cli_lookup *l, int argc, char **argv)
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
	if (n->layout->unsized)
		fprintf(stderr, "refgen: lookup: warning: the manual gives %s(i) no array size (%s__SIZE_1): "
			"its elements are shown while they lie inside %s\n", n->layout->unsized->name,
			n->layout->unsized->name, n->def->name);
	/* Words not given are unknown: only fields wholly within given words are decoded. */
	struct lookup_layout part = *n->layout;
	struct lookup_field *f = mem_calloc(part.nfields + 1, sizeof(*f));
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
