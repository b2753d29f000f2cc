/* SPDX-License-Identifier: MIT */
/*
 * refgen lookup --config FILE: reads the file, has lookup_config decode it,
 * and prints the result: the header's registers, then each capability of
 * the standard and extended lists with the registers inside it, then those
 * in no capability the lists reach; fields high to low.
 */
#include "cli/cli_lookup_config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_out.h"
#include "cli/cli.h"
#include "lookup/lookup_config.h"
#include "lookup/lookup_decode.h"
#include "mem.h"

#define CLI_CONFIG_READ_MAX (1u << 20)   /* lspci -xxxx text is about 14 KiB */

/* The file's bytes (at most CLI_CONFIG_READ_MAX + 1 of them), or NULL with errno set. */
static char *cli_config_slurp(const char *file, size_t *len)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "rb") : stdin;
	char *buf;
	size_t n = 0;
	int err = 0;

	if (!f)
		return NULL;
	buf = mem_realloc(NULL, CLI_CONFIG_READ_MAX + 1);
	while (n <= CLI_CONFIG_READ_MAX) {
		size_t got = fread(buf + n, 1, CLI_CONFIG_READ_MAX + 1 - n, f);
		if (!got)
			break;
		n += got;
	}
	if (ferror(f)) {
		free(buf);
		buf = NULL;
		err = errno ? errno : EIO;
	}
	if (f != stdin)
		fclose(f);
	errno = err;
	*len = n;
	return buf;
}

static const char *cli_config_cap_label(const struct lookup_config_cap *k)
{
	if (k->name)
		return k->name;
	return k->id == 0 ? "(id 0: hidden)" : "(an id the PCI specifications do not name)";
}

static void cli_config_cap_text(const struct lookup_config_cap *k)
{
	if (k->extended)
		printf("extended capability 0x%04x %s v%u at 0x%03x, next 0x%03x", k->id, cli_config_cap_label(k),
		       k->version, k->offset, k->next);
	else
		printf("capability 0x%02x %s at 0x%02x, next 0x%02x", k->id, cli_config_cap_label(k), k->offset,
		       k->next);
	if (k->length_known)
		printf(", 0x%03x-0x%03x\n", k->offset, k->end - 1);
	else
		printf(", its length not known\n");
}

static void cli_config_reg_text(const struct lookup_config_reg *cr, const struct lookup_config_result *r)
{
	const struct lookup_reg *reg = cr->reg;
	const struct ir_def *d = reg->layout->def;
	struct strbuf b = { 0 };

	lookup_reg_name(&b, reg, reg->addr);
	printf("  0x%03llx", (unsigned long long)reg->addr);
	if (cr->cap >= 0)
		printf(" +0x%02llx", (unsigned long long)(reg->addr - r->caps[cr->cap].offset));
	printf("  %s = 0x%0*llx  %s  %s:%u\n", b.data, (int)reg->bytes * 2, (unsigned long long)cr->value,
	       d->code.present ? d->code.c : "", ir_def_file(reg->layout->unit, d), d->line);
	for (size_t i = 0; i < cr->nfields; i++) {
		const struct lookup_config_field *f = &cr->fields[i];
		char bits[48];
		snprintf(bits, sizeof(bits), "%llu:%llu", (unsigned long long)f->hi, (unsigned long long)f->lo);
		printf("    %-9s %s = 0x%llx%s%s\n", bits, f->f ? f->f->name : "(no field)", (unsigned long long)f->value,
		       f->named ? " " : "", f->named ? f->named->name : "");
	}
	strbuf_release(&b);
}

/* The registers of r in place where (a capability's index, or LOOKUP_CONFIG_IN_*). */
static void cli_config_regs_text(const struct lookup_config_result *r, int where)
{
	bool any = false;

	for (size_t i = 0; i < r->nregs; i++)
		if (r->regs[i].cap == where) {
			cli_config_reg_text(&r->regs[i], r);
			any = true;
		}
	if (!any && where >= 0)
		printf("  (no register of %s)\n", r->unit ? r->unit->unit : "the chip");
}

static void cli_config_text(const struct lookup_config_result *r, const struct lookup_config_bytes *c,
			    const char *chip, const char *file)
{
	bool none = false;

	printf("%s PCI configuration space, %s (%zu bytes, %s): the registers of %s\n", chip, file, c->size,
	       c->text ? "lspci text" : "binary", r->unit ? r->unit->unit : "(the chip has no pci space)");
	printf("header 0x00-0x3f\n");
	cli_config_regs_text(r, LOOKUP_CONFIG_IN_HEADER);
	for (size_t k = 0; k < r->ncaps; k++) {
		cli_config_cap_text(&r->caps[k]);
		cli_config_regs_text(r, (int)k);
	}
	for (size_t i = 0; i < r->nregs && !none; i++)
		none = r->regs[i].cap == LOOKUP_CONFIG_IN_NONE;
	if (none) {
		printf("in no capability the lists reach\n");
		cli_config_regs_text(r, LOOKUP_CONFIG_IN_NONE);
	}
	if (r->beyond)
		printf("(%zu register%s of %s past the %zu bytes given)\n", r->beyond, r->beyond == 1 ? "" : "s",
		       r->unit->unit, c->size);
}

static void cli_config_json(const struct lookup_config_result *r, const struct lookup_config_bytes *c,
			    const char *chip, const char *file)
{
	struct strbuf b = { 0 };

	json_out_member(stdout, "chip", chip, 1);
	json_out_member(stdout, "config", file, 0);
	printf(",\"size\":%zu", c->size);
	json_out_member(stdout, "format", c->text ? "lspci" : "binary", 0);
	json_out_member(stdout, "unit", r->unit ? r->unit->unit : NULL, 0);
	fputs(",\"capabilities\":[", stdout);
	for (size_t k = 0; k < r->ncaps; k++) {
		const struct lookup_config_cap *p = &r->caps[k];
		printf("%s{\"list\":\"%s\",\"offset\":%u,\"id\":%u", k ? "," : "", p->extended ? "extended" : "standard",
		       p->offset, p->id);
		json_out_member(stdout, "name", p->name, 0);
		if (p->extended)
			printf(",\"version\":%u", p->version);
		printf(",\"next\":%u,\"end\":%u,\"length_known\":%s}", p->next, p->end, p->length_known ? "true" : "false");
	}
	fputs("],\"registers\":[", stdout);
	for (size_t i = 0; i < r->nregs; i++) {
		const struct lookup_config_reg *cr = &r->regs[i];
		const struct ir_def *d = cr->reg->layout->def;
		b.len = 0;
		lookup_reg_name(&b, cr->reg, cr->reg->addr);
		fputs(i ? ",{" : "{", stdout);
		json_out_member(stdout, "register", b.data, 1);
		json_out_member(stdout, "code", d->code.present ? d->code.c : NULL, 0);
		json_out_member(stdout, "file", ir_def_file(cr->reg->layout->unit, d), 0);
		printf(",\"line\":%u,\"offset\":%llu,\"bytes\":%u,\"value\":%llu,\"capability\":", d->line,
		       (unsigned long long)cr->reg->addr, cr->reg->bytes, (unsigned long long)cr->value);
		if (cr->cap >= 0)
			printf("%d", cr->cap);
		else
			fputs(cr->cap == LOOKUP_CONFIG_IN_HEADER ? "\"header\"" : "null", stdout);
		fputs(",\"fields\":[", stdout);
		for (size_t j = 0; j < cr->nfields; j++) {
			const struct lookup_config_field *f = &cr->fields[j];
			char bits[48];
			snprintf(bits, sizeof(bits), "%llu:%llu", (unsigned long long)f->hi, (unsigned long long)f->lo);
			fputs(j ? ",{" : "{", stdout);
			json_out_member(stdout, "field", f->f ? f->f->name : NULL, 1);
			json_out_member(stdout, "bits", bits, 0);
			printf(",\"value\":%llu", (unsigned long long)f->value);
			json_out_member(stdout, "name", f->named ? f->named->name : NULL, 0);
			fputc('}', stdout);
		}
		fputs("]}", stdout);
	}
	printf("],\"beyond\":%zu,\"problems\":[", r->beyond);
	for (size_t i = 0; i < r->nproblems; i++) {
		printf("%s{\"severity\":\"%s\"", i ? "," : "", r->problems[i].error ? "error" : "warning");
		json_out_member(stdout, "message", r->problems[i].message, 0);
		fputc('}', stdout);
	}
	fputs("]", stdout);
	strbuf_release(&b);
}

int cli_lookup_config(const struct lookup_index *x, const char *chip, const char *file, bool json)
{
	struct lookup_config_bytes *c = mem_calloc(1, sizeof(*c));
	struct lookup_config_result *r = mem_calloc(1, sizeof(*r));
	struct strbuf err = { 0 };
	unsigned line, col;
	size_t len;
	char *data = cli_config_slurp(file, &len);
	int rc = CLI_USAGE;

	if (!data) {
		fprintf(stderr, "refgen lookup: %s: cannot read: %s\n", file, strerror(errno));
		goto out;
	}
	if (len > CLI_CONFIG_READ_MAX) {
		fprintf(stderr, "refgen lookup: %s: error: more than %u bytes: not a config space\n", file,
			CLI_CONFIG_READ_MAX);
		goto out;
	}
	if (lookup_config_read(c, data, len, &err, &line, &col) < 0) {
		if (line && col)
			fprintf(stderr, "%s:%u:%u: error: %s\n", file, line, col, err.data);
		else if (line)
			fprintf(stderr, "%s:%u: error: %s\n", file, line, err.data);
		else
			fprintf(stderr, "%s: error: %s\n", file, err.data);
		goto out;
	}
	lookup_config_decode(r, x, c);
	if (json) {
		fputc('{', stdout);
		cli_config_json(r, c, chip, file);
		fputs("}\n", stdout);
	} else {
		cli_config_text(r, c, chip, file);
	}
	for (size_t i = 0; i < r->nproblems; i++)
		fprintf(stderr, "%s: %s: %s\n", file, r->problems[i].error ? "error" : "warning", r->problems[i].message);
	rc = r->nerrors ? CLI_INPUT_ERROR : CLI_OK;
	lookup_config_release(r);
out:
	strbuf_release(&err);
	free(data);
	free(c);
	free(r);
	return rc;
}
