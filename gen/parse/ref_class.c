/* SPDX-License-Identifier: MIT */
#include "parse/ref_class.h"

#include <ctype.h>
#include <string.h>

static int ref_class_hex(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Four hex digits at s: their value, or -1. */
static long ref_class_id4(const char *s)
{
	long v = 0;

	for (int i = 0; i < 4; i++) {
		int h = ref_class_hex((unsigned char)s[i]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

bool ref_class_path(const char *path, uint32_t *id)
{
	const char *base = strrchr(path, '/');
	long v;

	base = base ? base + 1 : path;
	if (strlen(base) != 8 || memcmp(base, "cl", 2) || strcmp(base + 6, ".h"))
		return false;
	/* NVIDIA names them in lower case: clc3b5.h */
	for (int i = 2; i < 6; i++)
		if (isupper((unsigned char)base[i]))
			return false;
	if ((v = ref_class_id4(base + 2)) < 0)
		return false;
	*id = (uint32_t)v;
	return true;
}

bool ref_class_struct_line(const char *s, size_t len, const char **name, size_t *n)
{
	const char *end = s + len, *p = s;

	if (!memchr(s, '{', len))
		return false;
	for (; p + 6 <= end; p++) {
		if (memcmp(p, "struct", 6) || (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    (p + 6 < end && (isalnum((unsigned char)p[6]) || p[6] == '_')))
			continue;
		p += 6;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		*name = p;
		while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
			p++;
		*n = (size_t)(p - *name);
		return true;
	}
	return false;
}

/* Whether a define names a method: a plain offset followed by its first
 * field, a bit range named after it. */
static bool ref_class_method(const struct ir_def *d, const struct ir_def *next)
{
	size_t n = strlen(d->name);

	return (d->kind == IR_CONSTANT || d->kind == IR_REGISTER) && !d->is_range &&
	       d->role == IR_ROLE_NONE && (d->value.known || d->value.expr) && !d->code.c[0] &&
	       next && next->is_range && !strncmp(next->name, d->name, n) && next->name[n] == '_';
}

int ref_class_prepare(struct ir_manual *m, const char *path, uint32_t id, struct diag *d)
{
	unsigned errors = d->errors;

	m->class_id = id;
	m->space = (struct ir_space){ .kind = IR_SPACE_METHOD,
				      .source = "a class header: its registers are the class's methods" };
	for (size_t i = 0; i < m->ndefs; i++) {
		struct ir_def *def = m->defs[i];

		/* (a define of another class's prefix is ir_check's error) */
		if (!m->class_name && strncmp(def->name, "NV", 2) && !def->nparams &&
		    def->value.known && def->value.value == id && !def->is_range)
			m->class_name = def->name;
		if (ref_class_method(def, i + 1 < m->ndefs ? m->defs[i + 1] : NULL))
			def->kind = IR_REGISTER;
	}
	if (!m->class_name && d->errors == errors)
		diag_report(d, DIAG_ERROR, path, 0, 0,
			    "no define names class %04X (such as '#define VOLTA_DMA_COPY_A (0x%04X)')",
			    (unsigned)id, (unsigned)id);
	return d->errors == errors ? 0 : -1;
}
