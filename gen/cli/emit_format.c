/* SPDX-License-Identifier: MIT */
/* The table of refgen's output formats (see emit_format.h). */
#include <string.h>

#include "cli/emit_format.h"
#include "emit/html/emit_html.h"

const struct emit_format emit_formats[] = {
	{ "nv", "nv/", "NVIDIA-compatible #defines (and refgen/drf.h)",
	  emit_nv_unit, NULL, emit_drf_support, true },
	{ "typed", "", "typed accessors, a class's push helpers (and refgen/accessors.h, push.h)",
	  emit_typed_unit, NULL, emit_support, true },
	{ "fields", "fields/", "field descriptors (and refgen/fields.h)",
	  emit_fields_unit, NULL, emit_fields_support, true },
	{ "make", "make/", "builders: whole values from named fields",
	  emit_make_unit, NULL, NULL, true },
	{ "rust", "rust/", "Linux kernel register! definitions: <unit>.rs (and mod.rs)",
	  emit_rust_unit, emit_rust_chip, NULL, false },
	{ "rust-crate", "rust-crate/src/", "a no_std Cargo crate: a type per register (and Cargo.toml, lib.rs)",
	  emit_rust_crate_unit, emit_rust_crate_chip, NULL, false },
	{ "html", "", "HTML reference: <unit>.html, index.html, search.js (and refgen.css, .js, ../index.html)",
	  emit_html_unit, emit_html_chip, emit_html_support, false },
	{ NULL, NULL, NULL, NULL, NULL, NULL, false },
};

const struct emit_format *emit_format_find(const char *name, size_t len)
{
	for (const struct emit_format *f = emit_formats; f->name; f++)
		if (strlen(f->name) == len && !strncmp(f->name, name, len))
			return f;
	return NULL;
}
