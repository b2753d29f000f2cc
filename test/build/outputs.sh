#!/bin/sh
# SPDX-License-Identifier: MIT
# The build's outputs follow the manuals tree: whatever sequence of `make`,
# `make MANUALS=...`, `make CHIP=...` runs, a chip's IR and headers are those
# of the manuals (and addenda) of its last build -- changed, added and removed
# units included -- and a touched manual re-parses that unit only.
#
#   REFGEN_BIN=out/bin/refgen REFGEN_MANUALS=../shared/manuals \
#   REFGEN_BUILD_DIR=out/tmp/build-test sh test/build/outputs.sh
#
# Works on small copies of two gv100 manuals (dev_timer also stands in for a tu102 one) in
# $REFGEN_BUILD_DIR, with its own OUT and addenda; uses the refgen given
# (make -o keeps make from rebuilding it), and no published headers
# (PUBLISHED=): the manuals trees alone.  Ends with "N passed, N failed".
: "${REFGEN_BIN:?}" "${REFGEN_MANUALS:?}" "${REFGEN_BUILD_DIR:?}"
MAKE=${MAKE:-make}
S=$REFGEN_BUILD_DIR
passed=0
failed=0

ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }
check() { # name command...
	name=$1
	shift
	if "$@"; then ok "$name"; else bad "$name"; fi
}

rm -rf "$S"
mkdir -p "$S/a/volta/gv100" "$S/a/turing/tu102" "$S/add/gv100" "$S/add/tu102" || exit 1
for u in dev_usermode dev_timer; do
	cp "$REFGEN_MANUALS/volta/gv100/$u.ref.txt" "$S/a/volta/gv100/" || exit 1
done
cp "$REFGEN_MANUALS/volta/gv100/dev_timer.ref.txt" "$S/a/turing/tu102/" || exit 1
# b: dev_usermode with one more field, dev_timer removed, a unit added
cp -R "$S/a" "$S/b"
rm "$S/b/volta/gv100/dev_timer.ref.txt"
printf '#define NV_USERMODE_ADDED_FIELD 7:4 /* RWIVF */\n' >>"$S/b/volta/gv100/dev_usermode.ref.txt"
printf '#define NV_PEXTRA 0x00000FFF:0x00000000 /* RW--D */\n#define NV_PEXTRA_REG 0x00000010 /* RW-4R */\n' \
	>"$S/b/volta/gv100/dev_extra.ref.txt"

# b's known defect, and a new warning
printf '#define NV_ORPHAN_KNOWN 3:0 /* RWIVF */\n#define NV_ORPHAN_NEW 5:4 /* RWIVF */\n' \
	>>"$S/b/volta/gv100/dev_usermode.ref.txt"
printf '# known\ngv100/dev_usermode unplaced NV_ORPHAN_KNOWN\n' >"$S/known.txt"

OUT=$S/out
INC=$OUT/include/gv100
LOG=$S/make.log
# build MANUALS CHIP: headers of one chip
build() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$MAKE" --no-print-directory OUT="$OUT" MANUALS="$1" PUBLISHED= CHIP="$2" ADDENDA="$S/add" \
		KNOWN_WARNINGS="$S/known.txt" REFGEN="$REFGEN_BIN" -o "$REFGEN_BIN" $3 headers >"$LOG" 2>&1
}
has() { grep -q "$2" "$1" 2>/dev/null; }
units() { (cd "$1" && ls *.xml 2>/dev/null | tr '\n' ' '); }

build "$S/a" gv100
check "first build: headers of both units" test -f "$INC/nv/dev_usermode.h" -a -f "$INC/nv/dev_timer.h"
cp "$INC/nv/dev_usermode.h" "$S/usermode.a.h"
cp "$INC/dev_timer.h" "$S/timer.a.h"

echo '/* a chip-wide output */' >"$INC/chip_index.h"
build "$S/b" gv100
check "MANUALS=b: an output that is no unit's is kept" test -f "$INC/chip_index.h"
check "MANUALS=b: the added field is in the header" has "$INC/nv/dev_usermode.h" NV_USERMODE_ADDED_FIELD
check "MANUALS=b: the removed unit's IR is gone" test ! -e "$OUT/ir/gv100/dev_timer.xml"
check "MANUALS=b: the removed unit's headers are gone" \
	test ! -e "$INC/dev_timer.h" -a ! -e "$INC/nv/dev_timer.h" -a ! -e "$INC/fields/dev_timer.h"
check "MANUALS=b: the added unit has IR and headers" test -f "$OUT/ir/gv100/dev_extra.xml" -a -f "$INC/nv/dev_extra.h"
check "MANUALS=b: IR is exactly b's units" test "$(units "$OUT/ir/gv100")" = "dev_extra.xml dev_usermode.xml "
check "MANUALS=b: a new warning is shown in full" \
	has "$LOG" "dev_usermode.ref.txt:[0-9]*:9: warning: NV_ORPHAN_NEW is a bit range outside any register or structure: kept as a top-level constant \[-Wunplaced\]"
check "MANUALS=b: a known one is only counted" sh -c "! grep -q NV_ORPHAN_KNOWN '$LOG'"
check "MANUALS=b: one line counts the known ones" \
	has "$LOG" "^gv100: 1 warning(s) about known defects of the public manuals not shown"
build "$S/b" gv100 V=1
check "V=1 lists the known ones" has "$LOG" "warning: NV_ORPHAN_KNOWN is a bit range .*\[-Wunplaced\]"

build "$S/a" gv100
check "back to a: the added field is gone" cmp -s "$INC/nv/dev_usermode.h" "$S/usermode.a.h"
check "back to a: the removed unit is back" cmp -s "$INC/dev_timer.h" "$S/timer.a.h"
check "back to a: the added unit is gone" test ! -e "$OUT/ir/gv100/dev_extra.xml" -a ! -e "$INC/dev_extra.h"
check "back to a: IR is exactly a's units" test "$(units "$OUT/ir/gv100")" = "dev_timer.xml dev_usermode.xml "

# An edit whose file ends up older than the outputs (restored from a backup).
printf '#define NV_PTIMER_EDITED 0x00009990 /* RW-4R */\n' >>"$S/a/volta/gv100/dev_timer.ref.txt"
touch -d '2001-01-01' "$S/a/volta/gv100/dev_timer.ref.txt"
build "$S/a" gv100
check "an edit with an old mtime is seen" has "$INC/nv/dev_timer.h" NV_PTIMER_EDITED

# Addenda added and removed.
printf '#define NV_PTIMER_FROM_ADDENDUM 0x00009994 /* RW-4R */\n' >"$S/add/gv100/dev_timer.ref"
build "$S/a" gv100
check "an added addendum joins its unit" has "$INC/nv/dev_timer.h" NV_PTIMER_FROM_ADDENDUM
rm "$S/add/gv100/dev_timer.ref"
build "$S/a" gv100
check "a removed addendum leaves its unit" sh -c "! grep -q NV_PTIMER_FROM_ADDENDUM '$INC/nv/dev_timer.h'"

# Touching one manual re-parses that unit only; its IR and headers are
# unchanged, so nothing is rewritten.
touch "$S/marker"
sleep 1
touch "$S/a/volta/gv100/dev_usermode.ref.txt"
build "$S/a" gv100
check "touch: the touched unit is re-parsed" test "$OUT/ir/gv100/.src/dev_usermode.stamp" -nt "$S/marker"
check "touch: the other unit is not" test ! "$OUT/ir/gv100/.src/dev_timer.stamp" -nt "$S/marker"
check "touch: the unchanged IR is not rewritten" test ! "$OUT/ir/gv100/dev_usermode.xml" -nt "$S/marker"
check "touch: no header is rewritten" \
	sh -c "test -z \"\$(find '$INC' -name '*.h' -newer '$S/marker')\""
check "touch: emit did not run" test ! "$INC/.stamp" -nt "$S/marker"

# Chips named <chip> or <arch>/<chip>; no make warnings.
build "$S/a" tu102
check "CHIP=tu102 builds" test -f "$OUT/include/tu102/nv/dev_timer.h"
check "CHIP=tu102: make says nothing of overriding or ignoring" sh -c "! grep -Eq 'warning|overriding|ignoring' '$LOG'"
rm -rf "$OUT/include/tu102" "$OUT/ir/tu102"
build "$S/a" turing/tu102
check "CHIP=turing/tu102 builds the same chip" test -f "$OUT/include/tu102/nv/dev_timer.h"
check "CHIP=turing/tu102: no make warning" sh -c "! grep -Eq 'warning|overriding|ignoring' '$LOG'"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$MAKE" --no-print-directory OUT="$OUT" MANUALS="$S/a" PUBLISHED= CHIPS="gv100 turing/tu102" ADDENDA="$S/add" \
	REFGEN="$REFGEN_BIN" -o "$REFGEN_BIN" headers >"$LOG" 2>&1
check "CHIPS=\"gv100 turing/tu102\": no make warning" sh -c "! grep -Eq 'warning|overriding|ignoring' '$LOG'"
if build "$S/a" nosuch; then bad "CHIP=nosuch fails"; else
	check "CHIP=nosuch fails, naming the chip" has "$LOG" "no chip 'nosuch'"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
