/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the .ref parser (ref_parse_text), then everything `refgen
 * parse` and `refgen emit` do with what it accepts.
 *
 * Input: the text of a manual.  If it contains the line "@@addendum@@", the
 * text before it is the manual and the text after it the project's addendum
 * to it, parsed as `refgen parse -a` does (ref_parse_file_addendum, through
 * memory files, so text_file_load's input checks run too).
 *
 * Properties (a violation aborts):
 *  - a manual the parser accepts gives IR that matches the schema (else
 *    `refgen parse` would stop on "internal error: ... does not match the
 *    schema");
 *  - that IR, serialised as ir_write_file does, reads back (ir_read_memory);
 *  - `refgen print` and a dry run of the three header emitters survive it.
 */
#include <stdbool.h>
#include <sys/mman.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "base/diag.h"
#include "emit/emit.h"
#include "ir/ir_print.h"
#include "io/ir_read.h"
#include "schema/ir_schema.h"
#include "io/ir_write.h"
#include "parse/ref_parse.h"

#include "fuzz.h"
#include "fuzz_gen.h"

#define FUZZ_ADDENDUM_MARK "@@addendum@@\n"

static void fuzz_check_ir(const struct ir_manual *m)
{
	xmlDocPtr doc = ir_write_doc(m);
	xmlChar *xml = NULL;
	struct diag d;
	int len = 0;

	if (!doc)
		fuzz_fail("ir_write_doc returned NULL for a parsed manual");
	fuzz_diag_init(&d);
	if (ir_schema_validate(doc, "fuzz.xml", &d) < 0) {
		xmlFreeDoc(doc);
		fuzz_fail("the IR of a manual the parser accepted does not match the schema: %s",
			  fuzz_last_error);
	}
	xmlDocDumpFormatMemoryEnc(doc, &xml, &len, "UTF-8", 1);
	xmlFreeDoc(doc);
	if (!xml)
		fuzz_fail("cannot serialise the IR of a parsed manual");
	fuzz_diag_init(&d);
	struct ir_manual *back = ir_read_memory((const char *)xml, (size_t)len, "fuzz.xml", &d);
	xmlFree(xml);
	if (!back)
		fuzz_fail("the IR written for a parsed manual does not read back: %s", fuzz_last_error);
	ir_manual_free(back);
}

static int fuzz_memfd(const char *name, const uint8_t *data, size_t size, char *path, size_t n)
{
	int fd = memfd_create(name, MFD_CLOEXEC);

	if (fd < 0)
		return -1;
	if (size && write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return -1;
	}
	snprintf(path, n, "/proc/self/fd/%d", fd);
	return fd;
}

/* The manual and its addendum as two files, parsed as `refgen parse -a` does. */
static struct ir_manual *fuzz_parse_addendum(struct ref_parser *p, const uint8_t *data, size_t size,
					     size_t mark, struct diag *d)
{
	size_t skip = mark + sizeof(FUZZ_ADDENDUM_MARK) - 1;
	char mpath[64], apath[64];
	struct ir_manual *m = NULL;
	int mfd = fuzz_memfd("dev_fuzz.ref.txt", data, mark, mpath, sizeof(mpath));
	int afd = fuzz_memfd("dev_fuzz.ref", data + skip, size - skip, apath, sizeof(apath));

	if (mfd >= 0 && afd >= 0)
		m = ref_parse_file_addendum(p, mpath, apath, d);
	if (mfd >= 0)
		close(mfd);
	if (afd >= 0)
		close(afd);
	return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ref_parser *parser;
	const uint8_t *mark = NULL;
	struct ir_manual *m;
	struct diag d;

	if (!parser) {
		xmlInitParser();
		parser = ref_parser_new();
		if (!parser)
			abort();
	}
	fuzz_diag_init(&d);
	if (size >= sizeof(FUZZ_ADDENDUM_MARK) - 1)
		mark = memmem(data, size, FUZZ_ADDENDUM_MARK, sizeof(FUZZ_ADDENDUM_MARK) - 1);
	if (mark) {
		m = fuzz_parse_addendum(parser, data, size, (size_t)(mark - data), &d);
	} else {
		char *text = fuzz_dup(data, size);

		m = ref_parse_text(parser, "dev_fuzz.ref.txt", text, size, &d);
		/* The model must not point into the text (refgen frees it first). */
		free(text);
	}
	if (!m)
		return 0;
	fuzz_check_ir(m);
	ir_print_manual(m, fuzz_null());
	fuzz_emit(m);
	ir_manual_free(m);
	return 0;
}
