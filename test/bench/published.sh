#!/bin/sh
# SPDX-License-Identifier: MIT
# Every chip, parse + emit: `make CHIPS=all headers` into a scratch OUT (the
# real out/ is left alone), every chip of the manuals (MANUALS) and of
# NVIDIA's published headers (PUBLISHED), refgen prebuilt.  Rows in
# run-bench.sh's column format: the wall-clock time (median of 3; one run
# under BENCH_SMOKE=1) and the CPU time (user+sys) of that run; the goal is
# 3 s.  Without a published tree the row says it was not run.
#
#   MAKE=make MANUALS=../shared/manuals PUBLISHED=../shared/published \
#   REFGEN=out/bin/refgen BENCH_DIR=out/tmp/bench-incremental sh test/bench/published.sh
: "${MANUALS:?}" "${REFGEN:?}" "${BENCH_DIR:?}"
case $BENCH_DIR in /) echo "published: BENCH_DIR must not be /" >&2; exit 1 ;; esac
MAKE=${MAKE:-make}
S=$BENCH_DIR/published
FMT="%-34s | %-10s | %-10s | %-8s | %s\n"
RUNS=3
[ "${BENCH_SMOKE:-0}" = 0 ] || RUNS=1
if [ -z "${PUBLISHED:-}" ] || [ ! -d "$PUBLISHED" ]; then
	printf "$FMT" "every chip: parse + emit" "-" "" "" "no published headers (PUBLISHED unset): not run"
	exit 0
fi

now() { date +%s.%N; }
cpu() { awk '{ printf "%.3f", ($14 + $15 + $16 + $17) / 100 }' /proc/$$/stat; }
wall=""
cpus=""
i=0
while [ $i -lt $RUNS ]; do
	i=$((i + 1))
	rm -rf "$S"
	mkdir -p "$S" || exit 1
	c0=$(cpu)
	t0=$(now)
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$MAKE" --no-print-directory -j2 V= OUT="$S/out" \
		MANUALS="$MANUALS" PUBLISHED="$PUBLISHED" CHIPS=all REFGEN="$REFGEN" -o "$REFGEN" \
		headers >"$S/make.log" 2>&1 || { echo "published: make failed, see $S/make.log"; exit 1; }
	t1=$(now)
	c1=$(cpu)
	wall="$wall $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')"
	cpus="$cpus $(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.3f", b - a }')"
done
median() { printf '%s\n' $1 | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
chips=$(ls "$S/out/include" | grep -vc '^refgen$')
printf "$FMT" "every chip: parse + emit (-j2)" "$(median "$wall") s" "" "" \
	"make CHIPS=all headers: $chips chips (manuals and published); goal 3 s; median of $RUNS"
printf "$FMT" "every chip: parse + emit, CPU" "$(median "$cpus") s" "" "" \
	"user+sys of the same builds (children of the make)"
rm -rf "$S"
