#!/bin/sh
# SPDX-License-Identifier: MIT
# refgen parse --emit writes, from the models it parsed, exactly what refgen
# emit writes from the IR files of the same parse: for every chip of the
# build, `parse -d IR --emit INC` and `parse -d IR` then `emit -o INC IR`
# give identical trees (IR, every default format's headers and support
# files) and the same diagnostics.  gv100 is done once more with
# --format=nv,html (the HTML's per-chip pages).  The inputs are the build's:
# the manuals (or a published-only chip's headers), the project's addenda,
# NVIDIA's published headers filling gaps (-p), address spaces (with the
# chip's hwproject.h), known warnings and alternative views.
#
#   REFGEN_BIN=out/bin/refgen REFGEN_MANUALS=../shared/manuals PUBLISHED=../shared/published \
#   REFGEN_CHIPS="gv100 tu104" REFGEN_PARSE_EMIT_DIR=out/tmp/parse-emit sh test/build/parse-emit.sh
#
# Ends with "N passed, N failed".
: "${REFGEN_BIN:?}" "${REFGEN_MANUALS:?}" "${REFGEN_CHIPS:?}" "${REFGEN_PARSE_EMIT_DIR:?}"
S=$REFGEN_PARSE_EMIT_DIR
case $S in
/ | "") echo "parse-emit: refusing scratch directory '$S'"; exit 1 ;;
esac
PUB=${PUBLISHED:-}
passed=0
failed=0

ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

# same NAME CHIP FORMATS INPUT...: the two ways, compared (FORMATS: "" = default)
same() {
	name=$1 chip=$2 fmt=$3
	shift 3
	one=$S/$name/one two=$S/$name/two
	mkdir -p "$one" "$two" || { bad "$name: mkdir"; return; }
	set -- --chip "$chip" --known manuals/known-warnings.txt --spaces manuals/address-spaces.txt "$@"
	[ -d "manuals/$chip" ] && set -- -a "manuals/$chip" "$@"
	pubdir=$(ls -d "$PUB"/*/"$chip" 2>/dev/null | head -n 1)
	[ -n "$PUB" ] && [ -n "$pubdir" ] && set -- -p "$pubdir" "$@"
	[ -n "$pubdir" ] && [ -f "$pubdir/hwproject.h" ] && set -- --space-bases "$pubdir/hwproject.h" "$@"
	"$REFGEN_BIN" parse -d "$one/ir/$chip" --emit "$one/inc" ${fmt:+--format=$fmt} \
		--views manuals/alternative-views.txt "$@" 2>"$one/stderr"
	rc1=$?
	"$REFGEN_BIN" parse -d "$two/ir/$chip" "$@" 2>"$two/stderr" &&
		"$REFGEN_BIN" emit ${fmt:+--format=$fmt} --views manuals/alternative-views.txt \
			-o "$two/inc" "$two/ir/$chip" 2>>"$two/stderr"
	rc2=$?
	if [ "$rc1" -ne 0 ] || [ "$rc2" -ne 0 ]; then
		bad "$name: exit $rc1 (parse --emit), $rc2 (parse, then emit)"
		head -n 3 "$one/stderr" "$two/stderr" | sed 's/^/     /'
	elif [ ! -d "$one/inc/$chip" ]; then
		bad "$name: parse --emit wrote no $one/inc/$chip"
	elif ! diff -r "$one" "$two" >"$S/$name.diff"; then
		bad "$name: the trees differ"
		head -n 20 "$S/$name.diff" | sed 's/^/     /'
	else
		ok "$name: $(find "$one/inc" -type f | wc -l) outputs and $(ls "$one/ir/$chip" | wc -l) IR files identical"
	fi
}

rm -rf "$S"
mkdir -p "$S" || exit 1
for chip in $REFGEN_CHIPS; do
	dir=$(ls -d "$REFGEN_MANUALS"/*/"$chip" 2>/dev/null | head -n 1)
	if [ -n "$dir" ]; then
		# shellcheck disable=SC2046
		same "$chip" "$chip" "" $(ls "$dir"/*.ref.txt)
	elif pubdir=$(ls -d "$PUB"/*/"$chip" 2>/dev/null | head -n 1) && [ -n "$PUB" ] && [ -n "$pubdir" ]; then
		# a published-only chip: its headers (an _addendum.h joins its base header through -p)
		# shellcheck disable=SC2046
		same "$chip" "$chip" "" $(ls "$pubdir"/*.h | grep -v -e '_addendum\.h$' -e '/hwproject\.h$')
	else
		echo "skip $chip: neither manuals nor published headers"
	fi
done
gv=$(ls -d "$REFGEN_MANUALS"/*/gv100 2>/dev/null | head -n 1)
if [ -n "$gv" ] && [ -n "$(echo " $REFGEN_CHIPS " | grep ' gv100 ')" ]; then
	# shellcheck disable=SC2046
	same gv100-html gv100 nv,html $(ls "$gv"/*.ref.txt)
fi
rm -rf "$S"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
