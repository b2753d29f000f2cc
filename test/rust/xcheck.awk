# SPDX-License-Identifier: MIT
# From a generated rust-crate's unit sources (src/<unit>.rs), the two sides of
# test/rust/run.sh's cross-check: with side=c, C statements printing each
# register's offset (array: count, stride), each field's shift, width and
# mask, each named value, from the typed C headers (doc/headers.md names);
# with side=rust, rows of a Rust table of the same from the crate's consts.
# Each line printed is "<what> <NVIDIA name> a b c" in hex, for both sides.
#   awk -v side=c|rust -v chip=gv100 -v crate=refgen_gv100 src/*.rs
function cname(n, up,   s) {
	s = n; sub(/^NV_/, "", s); gsub(/__/, "_", s)
	return up ? toupper(chip) "_" toupper(s) : chip "_" tolower(s)
}
function unit() { u = FILENAME; sub(/.*\//, "", u); sub(/\.rs$/, "", u); return u }
function row(what, name, a, b, c) {
	if (side == "c")
		printf "\tprintf(\"%s %s %%llx %%llx %%llx\\n\", (unsigned long long)(%s), (unsigned long long)(%s), (unsigned long long)(%s));\n", what, name, a, b, c
	else
		printf "    (\"%s %s\", (%s) as u64, (%s) as u64, (%s) as u64),\n", what, name, a, b, c
}
function flush_reg() {
	if (reg == "")
		return
	if (side == "c") {
		f = cname(reg, 0) (blk ? "_offset" : "")
		if (arr)
			row("reg", reg, f "(0)", cname(reg, 1) "_SIZE_1", cname(reg, 1) "_SIZE_1 > 1 ? " f "(1) - " f "(0) : 0")
		else
			row("reg", reg, f "()", "1", "0")
	} else {
		p = crate "::" unit() "::" reg
		if (arr)
			row("reg", reg, p "::OFFSET", p "::SIZE", "if " p "::SIZE > 1 { " p "::STRIDE } else { 0 }")
		else
			row("reg", reg, p "::OFFSET", "1", "0")
	}
	reg = ""
}
FNR == 1 { flush_reg(); blk = 0; inenum = "" }
/^\/\/\/ Its offset is in a block at/ { blk = 1 }
/^pub struct [A-Za-z0-9_]+\(pub u[0-9]+\);/ {
	flush_reg(); reg = $3; sub(/\(.*/, "", reg); arr = 0
}
/^    pub const SIZE: u32 = / { arr = 1 }
# A field's consts follow the line naming it: "    /// NAME body [code]".
/^    pub const [A-Za-z0-9_]+_SHIFT: u32/ && reg != "" && prev ~ /^    \/\/\/ / {
	split(prev, w, " "); fname = w[2]
	up = $3; sub(/_SHIFT:$/, "", up)
	if (side == "c")
		row("field", fname, cname(fname, 1) "_FIELD_SHIFT", cname(fname, 1) "_FIELD_WIDTH", cname(fname, 1) "_FIELD_MASK")
	else {
		p = crate "::" unit() "::" reg "::" up
		row("field", fname, p "_SHIFT", p "_WIDTH", p "_MASK")
	}
}
/^}$/ { if (!inenum) { flush_reg(); blk = 0 } inenum = "" }
/^pub enum [A-Za-z0-9_]+ \{/ { flush_reg(); blk = 0; inenum = $3 }
inenum != "" && /^    [A-Za-z0-9_]+ = 0x/ && prev ~ /^    \/\/\/ / {
	split(prev, w, " "); vname = w[2]
	v = $1
	if (side == "c")
		row("value", vname, cname(vname, 1), "0", "0")
	else
		row("value", vname, crate "::" unit() "::" inenum "::" v, "0", "0")
}
{ prev = $0 }
END { flush_reg() }
