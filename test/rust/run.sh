#!/bin/sh
# SPDX-License-Identifier: MIT
# The Rust outputs as Rust users build them (doc/rust.md#tests), offline:
#  1. each chip's rust-crate: cargo build and cargo test (its accessors are
#     checked when its tests compile), warnings refused;
#  2. every chip's register! modules compiled with our own register! macro
#     (test/rust/register_macro.rs) and a stand-in for the kernel's types
#     (test/rust/kernel_shim.rs), with hand-worked expectations
#     (test/rust/expect.rs) when its five chips are built;
#  3. gv100, tu104, ga100 (those built): the crate and the typed C headers
#     agree on every offset, count, stride, field position and named value
#     (test/rust/xcheck.awk writes both sides; their printouts must be equal).
#  0. bad input (test/fixtures/rust/dev_rs.ref): what the grammar cannot hold
#     is a comment and a -Wrust warning (an error under -Werror=rust, nothing
#     written), and the rest compiles and holds what test/rust/fixture.rs says.
#   REFGEN_BIN  REFGEN_RUST (refgen emit --format=rust,rust-crate's OUTDIR)
#   REFGEN_INCLUDE (the typed C headers)  REFGEN_CHIPS  REFGEN_RUST_DIR (scratch)
#   [CARGO] [CC]
# cargo's target folders are under REFGEN_RUST_DIR/target.  Ends with "N passed, N failed".
: "${REFGEN_BIN:?}" "${REFGEN_RUST:?}" "${REFGEN_INCLUDE:?}" "${REFGEN_CHIPS:?}" "${REFGEN_RUST_DIR:?}"
case $REFGEN_RUST_DIR in
/ | "") echo "rust/run.sh: refusing scratch dir '$REFGEN_RUST_DIR'" >&2; exit 1 ;;
esac
CARGO=${CARGO:-cargo}
CC=${CC:-cc}
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v "$CARGO" >/dev/null 2>&1; then
	bad "no $CARGO: install Rust (Debian: apt-get install rustc cargo; .ci/deps does)"
	echo "$passed passed, $failed failed"
	exit 1
fi
mkdir -p "$REFGEN_RUST_DIR" || exit 1
dir=$(cd "$REFGEN_RUST_DIR" && pwd)
rust=$(cd "$REFGEN_RUST" && pwd)
export CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=0 \
	CARGO_PROFILE_TEST_DEBUG=0 RUSTFLAGS="-D warnings"
"$CARGO" --version
log="$dir/log"

# 0. Bad input.
fx="$dir/fixture"
rm -rf "${fx:?}" && mkdir -p "$fx" || exit 1
"$REFGEN_BIN" parse --chip rsfix -o "$fx/dev_rs.xml" "$here/../fixtures/rust/dev_rs.ref" || bad "fixture: parse"
if "$REFGEN_BIN" emit --chip rsfix --format=rust -o "$fx/out" "$fx/dev_rs.xml" 2>"$fx/emit.err"; then ok
else bad "fixture: emit failed"; cat "$fx/emit.err"; fi
rs="$fx/out/rsfix/rust/dev_rs.rs"
for w in "dev_rs.ref:6:9: warning: field NV_PRS_CTRL_WHOLE left out of the Rust outputs: it overlaps a narrower or earlier field [-Wrust]" \
	"dev_rs.ref:14:9: warning: field NV_PRS_CTRL_BIT left out of the Rust outputs: its bits depend on an index [-Wrust]"; do
	if grep -qxF "$w" "$fx/emit.err"; then ok; else bad "fixture: no warning '$w'"; cat "$fx/emit.err"; fi
done
[ "$(grep -c . "$fx/emit.err")" -eq 2 ] && ok || bad "fixture: warnings other than the two expected"
for c in "        // NV_PRS_CTRL_WHOLE: left out, it overlaps a narrower or earlier field." \
	"        // NV_PRS_CTRL_BIT: left out, its bits depend on an index." \
	"// NV_PRS_GRID: left out, two indices: the grammar's arrays have one." \
	"// NV_PRS_LIST: left out, an array whose count the manual does not give (no __SIZE_1)."; do
	if grep -qxF "$c" "$rs"; then ok; else bad "fixture: no comment '$c'"; fi
done
if grep -v '^ *//' "$rs" | grep -q 'NV_PRS_CTRL_WHOLE\|NV_PRS_CTRL_BIT\|NV_PRS_GRID\|NV_PRS_LIST'; then
	bad "fixture: a left-out define outside a comment"
else ok; fi
if "$REFGEN_BIN" emit -Werror=rust --chip rsfix --format=rust -o "$fx/werror" "$fx/dev_rs.xml" 2>/dev/null; then
	bad "fixture: -Werror=rust did not fail"
else
	[ -e "$fx/werror" ] && bad "fixture: -Werror=rust wrote output" || ok
fi
"$REFGEN_BIN" emit -Wno-rust --chip rsfix --format=rust -o "$fx/quiet" "$fx/dev_rs.xml" 2>"$fx/quiet.err"
[ -s "$fx/quiet.err" ] && bad "fixture: -Wno-rust still warns" || ok

# 1. Each chip's crate, from a copy (cargo writes Cargo.lock beside Cargo.toml),
# two at a time, each with its own target folder (cargo locks one).
crate_check() {
	c=$1
	l="$dir/logs/$c"
	export CARGO_TARGET_DIR="$dir/target/$c"
	rm -rf "${dir:?}/crates/$c"
	if ! cp -R "$rust/$c/rust-crate" "$dir/crates/$c"; then echo "FAIL $c: no crate" >"$l.result"; return; fi
	if ! (cd "$dir/crates/$c" && "$CARGO" build --offline -q) >"$l.build" 2>&1; then
		echo "FAIL $c: cargo build" >"$l.result"; tail -30 "$l.build" >>"$l.result"; return
	fi
	if (cd "$dir/crates/$c" && "$CARGO" test --offline -q) >"$l.test" 2>&1; then
		echo "ok $c crate: cargo build; cargo test: $(grep '^test result' "$l.test")" >"$l.result"
	else echo "FAIL $c: cargo test" >"$l.result"; tail -30 "$l.test" >>"$l.result"; fi
}
mkdir -p "$dir/crates" "$dir/logs"
n=0
for chip in $REFGEN_CHIPS; do
	crate_check "$chip" &
	n=$((n + 1))
	[ $((n % 2)) -eq 0 ] && wait
done
wait
for chip in $REFGEN_CHIPS; do
	r="$dir/logs/$chip.result"
	if [ -f "$r" ] && head -n 1 "$r" | grep -q '^ok '; then ok; sed -n '1s/^ok //p' "$r"
	else bad "$chip crate"; cat "$r" 2>/dev/null; fi
done

# 2. The register! modules with our macro.
m="$dir/macro"
rm -rf "${m:?}" && mkdir -p "$m/src"
printf '[package]\nname = "refgen-register-test"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n[lib]\npath = "src/lib.rs"\ndoctest = false\n\n[dependencies]\n' >"$m/Cargo.toml"
{
	echo "extern crate self as kernel;"
	echo "#[path = \"$here/kernel_shim.rs\"] mod shim;"
	echo "pub use shim::{error, io, num};"
	echo "#[path = \"$here/register_macro.rs\"] pub mod register_macro;"
	for chip in $REFGEN_CHIPS; do
		echo "#[path = \"$rust/$chip/rust/mod.rs\"] pub mod $chip;"
	done
	echo "#[path = \"$fx/out/rsfix/rust/mod.rs\"] pub mod rsfix;"
	echo "#[cfg(test)] #[path = \"$here/fixture.rs\"] mod fixture;"
} >"$m/src/lib.rs"
expect=yes
for chip in gv100 tu104 ga100 ga102 gh100; do
	case " $REFGEN_CHIPS " in *" $chip "*) ;; *) expect=no ;; esac
done
[ $expect = yes ] && echo "#[cfg(test)] #[path = \"$here/expect.rs\"] mod expect;" >>"$m/src/lib.rs"
if (cd "$m" && CARGO_TARGET_DIR="$dir/target/register" "$CARGO" test --offline -q) >"$log" 2>&1; then
	ok; echo "register! modules ($REFGEN_CHIPS): $(grep '^test result' "$log")"
else bad "register! modules: cargo test"; tail -40 "$log"; fi

# 3. The crate against the typed C headers: the Rust side is an example of
# the crate's copy, so the library built in 1 serves it.
x="$dir/xcheck"
rm -rf "${x:?}" && mkdir -p "$x" || exit 1
: >"$x/c.out"
: >"$x/rust.out"
xchips=""
for chip in gv100 tu104 ga100; do
	case " $REFGEN_CHIPS " in *" $chip "*) ;; *) continue ;; esac
	[ -d "$dir/crates/$chip" ] || continue
	xchips="$xchips $chip"
	units=$(ls "$rust/$chip/rust-crate/src/"*.rs | grep -v '/lib\.rs$')
	# A C program a unit: alternative views of one block can't share one.
	for h in $units; do
		u=$(basename "$h" .rs)
		{
			echo "#define REFGEN_ALL_ACCESSORS"
			echo "#include <stdio.h>"
			echo "#include <$chip/$u.h>"
			echo "int main(void)"
			echo "{"
			awk -v side=c -v chip="$chip" -f "$here/xcheck.awk" "$h"
			echo "	return 0;"
			echo "}"
		} >"$x/$chip-$u.c"
		if "$CC" -std=c11 -I"$REFGEN_INCLUDE" -o "$x/$chip-$u" "$x/$chip-$u.c" >"$log" 2>&1; then
			"$x/$chip-$u" | sed "s/^/$chip /" >>"$x/c.out"
		else bad "$chip/$u: the C side of the cross-check does not compile"; head -20 "$log"; fi
	done
	mkdir -p "$dir/crates/$chip/examples"
	{
		echo "static TABLE: &[(&str, u64, u64, u64)] = &["
		awk -v side=rust -v chip="$chip" -v crate="refgen_$chip" -f "$here/xcheck.awk" $units
		echo "];"
		echo "fn main() {"
		echo "    for (what, a, b, c) in TABLE.iter() {"
		echo "        println!(\"$chip {} {:x} {:x} {:x}\", what, a, b, c);"
		echo "    }"
		echo "}"
	} >"$dir/crates/$chip/examples/xcheck.rs"
	if (cd "$dir/crates/$chip" && CARGO_TARGET_DIR="$dir/target/$chip" "$CARGO" run --offline -q --example xcheck) \
		>>"$x/rust.out" 2>"$log"; then :
	else bad "$chip: the Rust side of the cross-check"; tail -30 "$log"; fi
done
if [ -n "$xchips" ]; then
	sort "$x/c.out" >"$x/c.sorted"
	sort "$x/rust.out" >"$x/rust.sorted"
	if [ -s "$x/c.sorted" ] && cmp -s "$x/c.sorted" "$x/rust.sorted"; then
		ok
		for chip in $xchips; do
			echo "cross-check $chip: $(grep -c "^$chip reg " "$x/c.sorted") registers, $(grep -c "^$chip field " "$x/c.sorted") fields, $(grep -c "^$chip value " "$x/c.sorted") named values agree"
		done
	else
		bad "cross-check: the crate and the C headers differ ($x/c.sorted, $x/rust.sorted)"
		diff "$x/c.sorted" "$x/rust.sorted" | head -20
	fi
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
