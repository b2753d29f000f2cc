#!/bin/sh
# SPDX-License-Identifier: MIT
# Two `nvrt layout --dir D` at once into one directory (as make -j or two
# terminals run them), many times: both runs succeed, D ends up holding
# exactly one run's complete output (every file byte-identical to what that
# run writes alone, no file of the other run, no more and no fewer files)
# and no temporary file (.NAME.PID.XXXXXX), however they interleave.  Half
# the pairs start with D missing (both create it), half with D holding an
# earlier run's output.  The two runs differ (chip, payload, count) so that
# a mix shows.  Ends with "N passed, N failed".
#
#   NVRT_BIN [NVRT_RACE_DIR (scratch)] [NVRT_RACE_PAIRS (default 40)]
: "${NVRT_BIN:?}"
dir=${NVRT_RACE_DIR:-${TMPDIR:-/tmp}/nvrt-layout-race.$$}
case $dir in
/ | "") echo "layout race test: refusing scratch dir '$dir'" >&2; exit 1 ;;
esac
pairs=${NVRT_RACE_PAIRS:-40}
rm -rf "$dir" && mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }

run_a() { "$NVRT_BIN" layout --dir "$1" --chip gv100 --payload 1 --count 1; }
run_b() { "$NVRT_BIN" layout --dir "$1" --chip tu104 --payload 7 --count 3 --gpfifo-entries 1024; }

# Each run alone: the two outputs to compare with.
run_a "$dir/ref-a" >/dev/null 2>&1 && run_b "$dir/ref-b" >/dev/null 2>&1 || {
	bad "nvrt layout alone"; echo "$passed passed, $failed failed"; exit 1; }
if cmp -s "$dir/ref-a/layout.json" "$dir/ref-b/layout.json"; then
	bad "the two runs write different output"
fi

# D is exactly ref (the same names, every file the same bytes).
same_as() {
	[ "$(ls -A "$1")" = "$(ls -A "$2")" ] || return 1
	for f in "$2"/*; do
		cmp -s "$f" "$1/${f##*/}" || return 1
	done
}

bad_pairs=0
for i in $(seq 1 "$pairs"); do
	d=$dir/race-$i
	case $((i % 2)) in
	0) run_b "$d" >/dev/null 2>&1 || true ;;   # an earlier run's output there
	esac
	run_a "$d" >"$dir/a.out" 2>&1 &
	pa=$!
	run_b "$d" >"$dir/b.out" 2>&1 &
	pb=$!
	wait "$pa"; ra=$?
	wait "$pb"; rb=$?
	why=
	[ "$ra" -eq 0 ] || why="run A exit $ra: $(cat "$dir/a.out")"
	[ "$rb" -eq 0 ] || why="$why run B exit $rb: $(cat "$dir/b.out")"
	if [ -z "$why" ] && ! same_as "$d" "$dir/ref-a" && ! same_as "$d" "$dir/ref-b"; then
		why="D is neither run's complete output: $(ls -A "$d" | tr '\n' ' ')"
	fi
	if [ -n "$why" ]; then
		bad_pairs=$((bad_pairs + 1))
		[ "$bad_pairs" -le 3 ] && echo "pair $i: $why"
	fi
	rm -rf "$d"
done
if [ "$bad_pairs" -eq 0 ]; then
	ok "$pairs pairs of nvrt layout into one directory: both succeed, one run's complete output, no temporary file"
else
	bad "$bad_pairs of $pairs pairs of nvrt layout into one directory"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
