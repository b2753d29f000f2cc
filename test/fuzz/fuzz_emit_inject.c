/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: crafted IR text through `refgen emit` -- can any text an IR
 * document holds put a line of its own into a generated header?
 *
 * Input: byte 0 selects the text and the path (bits 0-2: body, comment,
 * prose, licence, source, section, string, code; bit 7: through the reader),
 * byte 1 which define gets it, the rest is the text (up to the first NUL).
 *
 *  - bit 7 clear: the text is put straight into the model the reader built
 *    from a small IR document (bypassing the schema and the reader), so the
 *    emitters' own defence is what is tested (emit_text.c);
 *  - bit 7 set: the text is written into that IR document (XML-escaped) and
 *    the document read with ir_read_memory (schema and reader first).
 *
 * Property (a violation aborts): every header the three unit emitters hand
 * to the writer has the same sequence of preprocessor directives (keyword by
 * keyword) as the header of the same IR with the text "x" in that place (a
 * code keeps its default, which the reader's rules accept and "x" is not) --
 * the generator's own, whatever the text.  Lines are split at LF and CR
 * alike, so a carriage return counts as a line break here.  A header the
 * emitters' last check refuses is not written, which is allowed.
 */
#include <stdbool.h>
#include <string.h>

#include <libxml/parser.h>

#include "base/diag.h"
#include "emit/emit.h"
#include "emit/emit_text.h"
#include "io/ir_read.h"

#include "fuzz.h"
#include "fuzz_gen.h"

static const char fuzz_base_ir[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<manual version=\"1\" source=\"@S@\" unit=\"sample\">\n"
	"  <license>@L@</license>\n"
	"  <device name=\"NV_PSAMPLE\" body=\"0x0000FFFF:0x00001000\" code=\"RW--D\" line=\"17\" col=\"9\" "
	"section=\"@E@\" hi=\"65535\" lo=\"4096\" width=\"61440\">\n"
	"    <prose>\nSAMPLE DEVICE\n\n     The sample device decodes a small window of register space.\n</prose>\n"
	"    <register name=\"NV_PSAMPLE_CTRL\" body=\"@B@\" code=\"@K@\" comment=\"@C@\" line=\"26\" "
	"offset=\"0x1100\">\n"
	"      <prose>\n     CTRL starts the engine and selects its mode: @P@\n</prose>\n"
	"      <field name=\"NV_PSAMPLE_CTRL_ENABLE\" body=\"0:0\" code=\"RWIVF\" line=\"27\" hi=\"0\" lo=\"0\" "
	"width=\"1\">\n"
	"        <value name=\"NV_PSAMPLE_CTRL_ENABLE_YES\" body=\"0x00000001\" code=\"RW--V\" line=\"29\" "
	"value=\"0x1\"/>\n"
	"      </field>\n"
	"    </register>\n"
	"  </device>\n"
	"  <structure name=\"NV_SAMPLE_DESC\" code=\"----G\" line=\"40\">\n"
	"    <field name=\"NV_SAMPLE_DESC_ADDR\" body=\"31:0\" code=\"RW--F\" line=\"41\" hi=\"31\" lo=\"0\" "
	"width=\"32\" word=\"0\" bit=\"0\"/>\n"
	"  </structure>\n"
	"  <constant name=\"NV_SAMPLE_NAME\" body=\"&quot;sample&quot;\" line=\"50\" role=\"string\" "
	"string=\"@T@\"/>\n"
	"  <trailer>\nend\n</trailer>\n"
	"</manual>\n";

enum { F_BODY, F_COMMENT, F_PROSE, F_LICENSE, F_SOURCE, F_SECTION, F_STRING, F_CODE };
static const char *const fuzz_markers[] = { "@B@", "@C@", "@P@", "@L@", "@S@", "@E@", "@T@", "@K@" };
static const char *const fuzz_defaults[] = { "0x00001100", " a comment", "see below",
					     "Copyright (c) 2024 The refgen authors.", "sample.ref",
					     "SAMPLE DEVICE", "sample", "RW-4R" };

/* text, XML-escaped for an attribute or a text node. */
static void fuzz_escape(struct strbuf *b, const char *text)
{
	for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
		if (*s == '<' || *s == '>' || *s == '&' || *s == '"' || *s < 0x20)
			strbuf_printf(b, "&#%u;", *s);
		else
			strbuf_append(b, (const char *)s, 1);
	}
}

/* The base document with field's marker replaced by text (escaped). */
static char *fuzz_document(int field, const char *text, size_t *len)
{
	struct strbuf b = { 0 };
	const char *s = fuzz_base_ir;

	while (*s) {
		const char *at = strchr(s, '@');
		int k = -1;
		for (int i = 0; at && i < 8; i++)
			if (!strncmp(at, fuzz_markers[i], 3))
				k = i;
		if (!at || k < 0) {
			size_t n = at ? (size_t)(at - s) + 1 : strlen(s);
			strbuf_append(&b, s, n);
			s += n;
			continue;
		}
		strbuf_append(&b, s, (size_t)(at - s));
		fuzz_escape(&b, k == field ? text : fuzz_defaults[k]);
		s = at + 3;
	}
	*len = b.len;
	return b.data;
}

/* ---- what the emitters would write: directive keywords per header ---------------- */

#define FUZZ_MAX_HEADERS 8

struct fuzz_headers {
	char *path[FUZZ_MAX_HEADERS];
	struct strbuf keys[FUZZ_MAX_HEADERS];
	size_t n;
};

/* Keyword of every line whose first non-blank character is '#'. */
static void fuzz_directives(struct strbuf *keys, const char *data, size_t len)
{
	bool line_start = true, in_directive_head = false;

	for (size_t i = 0; i < len; i++) {
		char c = data[i];
		if (c == '\n' || c == '\r') {
			line_start = true;
			if (in_directive_head)
				strbuf_puts(keys, "\n");
			in_directive_head = false;
			continue;
		}
		if (line_start && (c == ' ' || c == '\t' || c == '\f' || c == '\v'))
			continue;
		if (line_start && c == '#') {
			strbuf_puts(keys, "#");
			in_directive_head = true;
		} else if (in_directive_head && !((c >= 'a' && c <= 'z') || (c == ' ' && keys->len &&
											keys->data[keys->len - 1] == '#'))) {
			strbuf_puts(keys, "\n");
			in_directive_head = false;
		} else if (in_directive_head && c != ' ') {
			strbuf_append(keys, &c, 1);
		}
		line_start = false;
	}
	if (in_directive_head)
		strbuf_puts(keys, "\n");
}

static int fuzz_sink(void *ctx, const char *path, const char *data, size_t len)
{
	struct fuzz_headers *h = ctx;

	if (h->n == FUZZ_MAX_HEADERS)
		fuzz_fail("more headers than expected");
	h->path[h->n] = strdup(path);
	memset(&h->keys[h->n], 0, sizeof(h->keys[h->n]));
	fuzz_directives(&h->keys[h->n], data, len);
	h->n++;
	return 0;
}

static void fuzz_headers_free(struct fuzz_headers *h)
{
	for (size_t i = 0; i < h->n; i++) {
		free(h->path[i]);
		strbuf_release(&h->keys[i]);
	}
	h->n = 0;
}

/* The three unit emitters over m, into h. */
static void fuzz_emit_into(struct ir_manual *m, struct fuzz_headers *h)
{
	struct emit_chip ec;
	struct diag d;

	fuzz_diag_init(&d);
	emit_text_sink = fuzz_sink;
	emit_text_sink_ctx = h;
	if (emit_chip_init(&ec, "fuzz", &m, 1, &d) == 0) {
		emit_nv_unit(&ec, 0, "out");
		emit_typed_unit(&ec, 0, "out");
		emit_fields_unit(&ec, 0, "out");
	}
	emit_chip_release(&ec);
	emit_text_sink = NULL;
	emit_text_sink_ctx = NULL;
}

/* Puts text into field of def (straight into the model). */
static void fuzz_set(struct ir_manual *m, int field, size_t def, const char *text)
{
	struct ir_def *d = m->defs[def % m->ndefs];
	const char *t = arena_strdup(&m->arena, text);

	switch (field) {
	case F_BODY: d->body = t; break;
	case F_COMMENT: d->comment = t; break;
	case F_PROSE: d->prose = t; break;
	case F_LICENSE: m->license = t; break;
	case F_SOURCE: m->source = t; break;
	case F_SECTION: d->section = t; break;
	case F_STRING: if (d->string) d->string = t; break;
	default: break;
	}
}

/* The IR with text in its place, read (and, without the reader, modified). */
static struct ir_manual *fuzz_manual(int field, size_t def, const char *text, bool reader)
{
	size_t len;
	/* Without the reader, the document keeps a body and code the reader's
	 * rules of meaning accept (ir_check.c); "x" goes into the model after. */
	bool checked = field == F_BODY || field == F_CODE;
	char *xml = fuzz_document(field, reader ? text : checked ? fuzz_defaults[field] : "x", &len);
	struct diag d;
	struct ir_manual *m;

	fuzz_diag_init(&d);
	m = ir_read_memory(xml, len, "fuzz.xml", &d);
	free(xml);
	if (!m && !reader)
		fuzz_fail("the base IR does not read: %s", fuzz_last_error);
	if (m && !reader && field != F_CODE)
		fuzz_set(m, field, def, text);
	return m;
}

static void fuzz_compare(const struct fuzz_headers *base, const struct fuzz_headers *h)
{
	for (size_t i = 0; i < h->n; i++) {
		size_t j = 0;
		while (j < base->n && strcmp(base->path[j], h->path[i]))
			j++;
		if (j == base->n)
			fuzz_fail("header %s is not one the base IR gives", h->path[i]);
		if (h->keys[i].len != base->keys[j].len ||
		    memcmp(h->keys[i].data, base->keys[j].data, h->keys[i].len))
			fuzz_fail("header %s has directives the generator did not write:\n%.*s\n"
				  "instead of\n%.*s", h->path[i], (int)h->keys[i].len, h->keys[i].data,
				  (int)base->keys[j].len, base->keys[j].data);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool init;
	struct fuzz_headers base = { 0 }, got = { 0 };
	struct ir_manual *m;

	if (!init) {
		xmlInitParser();
		init = true;
	}
	if (size < 2)
		return 0;
	int field = data[0] & 7;
	bool reader = data[0] & 0x80;
	char *text = malloc(size - 1);

	if (!text)
		abort();
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';

	m = fuzz_manual(field, data[1], "x", false);
	fuzz_emit_into(m, &base);
	ir_manual_free(m);
	m = fuzz_manual(field, data[1], text, reader);
	if (m) {
		fuzz_emit_into(m, &got);
		fuzz_compare(&base, &got);
		ir_manual_free(m);
	}
	fuzz_headers_free(&base);
	fuzz_headers_free(&got);
	free(text);
	return 0;
}
