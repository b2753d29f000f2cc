#include "ir_write.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

#include "atomic_file.h"
#include "ir_code.h"
#include "ir_schema.h"

static void ir_set(xmlNodePtr n, const char *attr, const char *value)
{
	if (value)
		xmlNewProp(n, BAD_CAST attr, BAD_CAST value);
}

static void ir_set_u64(xmlNodePtr n, const char *attr, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	xmlNewProp(n, BAD_CAST attr, BAD_CAST buf);
}

static void ir_set_hex(xmlNodePtr n, const char *attr, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
	xmlNewProp(n, BAD_CAST attr, BAD_CAST buf);
}

static void ir_write_source(xmlNodePtr n, const struct ir_def *d)
{

	ir_set(n, "name", d->name);
	ir_set(n, "params", d->params);
	ir_set(n, "body", d->body);
	if (d->code.present)
		ir_set(n, "code", d->code.c);
	ir_set(n, "comment", d->comment);
	ir_set_u64(n, "line", d->line);
	if (d->addendum)
		ir_set(n, "addendum", "true");
	if (d->col > 1)
		ir_set_u64(n, "col", d->col);
	ir_set(n, "section", d->section);
}

static void ir_write_access(xmlNodePtr n, const struct ir_def *d)
{
	struct ir_code_meaning cm;

	if (!ir_code_decode(&d->code, &cm))
		return;
	xmlNodePtr a = xmlNewChild(n, NULL, BAD_CAST "access", NULL);
	ir_set(a, "read", cm.read);
	ir_set(a, "write", cm.write);
	ir_set(a, "state", cm.state);
	ir_set(a, "decl", cm.decl);
	ir_set(a, "indicator", cm.indicator);
}

static void ir_write_range(xmlNodePtr n, const struct ir_def *d)
{
	if (d->hi.known && d->lo.known) {
		ir_set_u64(n, "hi", d->hi.value);
		ir_set_u64(n, "lo", d->lo.value);
		ir_set_u64(n, "width", ir_def_width(d));
		if (d->kind == IR_FIELD && d->parent && d->parent->kind == IR_STRUCTURE) {
			ir_set_u64(n, "word", d->lo.value / 32);
			ir_set_u64(n, "bit", d->lo.value % 32);
		}
	} else {
		ir_set(n, "hi-expr", d->hi.expr);
		ir_set(n, "lo-expr", d->lo.expr);
	}
}

static void ir_write_scalar(xmlNodePtr n, const struct ir_def *d, const char *attr,
			    const char *attr_expr)
{
	if (d->value.known)
		ir_set_hex(n, attr, d->value.value);
	else
		ir_set(n, attr_expr, d->value.expr);
}

static void ir_write_meaning(xmlNodePtr n, const struct ir_def *d)
{
	if (d->kind == IR_CONSTANT && d->role != IR_ROLE_NONE)
		ir_set(n, "role", ir_role_name(d->role));
	if (!d->placed)
		ir_set(n, "placed", "false");
	if (d->ref)
		ir_set(n, "ref", d->ref);
	else if (d->string)
		ir_set(n, "string", d->string);
	else if (d->is_range)
		ir_write_range(n, d);
	else if (d->kind == IR_REGISTER)
		ir_write_scalar(n, d, "offset", "offset-expr");
	else if (d->value.known || d->value.expr)
		ir_write_scalar(n, d, "value", "value-expr");
	if (d->kind == IR_STRUCTURE) {
		for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
			if (c->role == IR_ROLE_STRUCT_SIZE && c->value.value && !xmlHasProp(n, BAD_CAST "bytes"))
				ir_set_u64(n, "bytes", c->value.value);
	}
	if (d->size[0])
		ir_set_u64(n, "size1", d->size[0]);
	if (d->size[1])
		ir_set_u64(n, "size2", d->size[1]);
}

static void ir_write_def(xmlNodePtr parent, const struct ir_def *d)
{
	xmlNodePtr n = xmlNewChild(parent, NULL, BAD_CAST ir_kind_name(d->kind), NULL);

	ir_write_source(n, d);
	ir_write_meaning(n, d);
	ir_write_access(n, d);
	if (d->prose)
		xmlNewTextChild(n, NULL, BAD_CAST "prose", BAD_CAST d->prose);
	for (const struct ir_def *c = d->first_child; c; c = c->next_sibling)
		ir_write_def(n, c);
}

xmlDocPtr ir_write_doc(const struct ir_manual *m)
{
	xmlDocPtr doc = xmlNewDoc(BAD_CAST "1.0");
	xmlNodePtr root = xmlNewNode(NULL, BAD_CAST "manual");

	xmlDocSetRootElement(doc, root);
	ir_set(root, "version", "1");
	ir_set(root, "source", m->source);
	ir_set(root, "unit", m->unit);
	ir_set(root, "chip", m->chip);
	ir_set(root, "arch", m->arch);
	ir_set(root, "path", m->path);
	ir_set(root, "addendum", m->addendum);
	if (m->license)
		xmlNewTextChild(root, NULL, BAD_CAST "license", BAD_CAST m->license);
	for (const struct ir_def *d = m->first_root; d; d = d->next_sibling)
		ir_write_def(root, d);
	if (m->trailer)
		xmlNewTextChild(root, NULL, BAD_CAST "trailer", BAD_CAST m->trailer);
	if (m->addendum_trailer)
		xmlNewTextChild(root, NULL, BAD_CAST "addendum-trailer", BAD_CAST m->addendum_trailer);
	return doc;
}

int ir_write_file(const struct ir_manual *m, const char *path, struct diag *d)
{
	xmlDocPtr doc = ir_write_doc(m);
	xmlChar *buf = NULL;
	int len = 0, rc = -1;

	if (ir_schema_validate(doc, path, d) < 0) {
		diag_report(d, DIAG_ERROR, path, 0, 0,
			    "internal error: the IR built from %s does not match the schema",
			    m->source);
		goto out;
	}
	xmlDocDumpFormatMemoryEnc(doc, &buf, &len, "UTF-8", 1);
	if (!buf) {
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot serialise the IR");
		goto out;
	}
	if (path[0] == '-' && !path[1])
		rc = fwrite(buf, 1, (size_t)len, stdout) == (size_t)len && fflush(stdout) == 0 ? 0 : -1;
	else
		rc = atomic_file_write(path, buf, (size_t)len);
	if (rc < 0)
		diag_report(d, DIAG_ERROR, path, 0, 0, "cannot write: %s", strerror(errno));
out:
	xmlFree(buf);
	xmlFreeDoc(doc);
	return rc;
}
