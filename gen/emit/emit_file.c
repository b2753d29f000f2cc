/* SPDX-License-Identifier: MIT */
/*
 * The generic per-unit header: banner, include guard (with the #error of
 * alternative views), a body written by the style, written atomically.
 */
#include <stdio.h>

#include "emit/emit_typed_int.h"

int emit_typed_file(struct emit_chip *ec, size_t unit, const char *outdir,
		    const struct emit_typed_file *f)
{
	struct strbuf *b = emit_chip_text(ec);
	struct emit_typed t = { ec, unit, ec->units[unit], b, { 0 }, 0 };
	struct emit_guard guard = { emit_guard_name, f->style, NULL };
	char path[4096], dir[64];

	strmap_init(&t.seen);
	emit_banner(b, t.m, f->what);
	snprintf(dir, sizeof(dir), "%s/%s", ec->chip, f->subdir);
	guard.dir = dir;
	emit_guard_open(b, ec, unit, &guard);
	f->body(&t);
	emit_guard_close(b, ec, unit);
	snprintf(path, sizeof(path), "%s/%s%s.h", outdir, dir, t.m->unit);
	if (t.rc == 0 && !ec->dry_run)
		t.rc = emit_write(path, b, ec->diag);
	strmap_free(&t.seen);
	return t.rc;
}
