#!/bin/sh
# SPDX-License-Identifier: MIT
# Build times of `make CHIP=gv100 all` on a scratch copy of the manuals (so
# the real tree and out/ are left alone): a cold `make all` (IR, headers,
# runtime; refgen prebuilt), a no-op make, and the make after touching or
# editing one gv100 manual.  The copy holds gv100 and every chip the runtime
# is built for (BENCH_CHIP_DIRS, <arch>/<chip>; make passes the runtime's
# chips, which `all` needs whatever CHIP selects).  Rows in run-bench.sh's
# column format (and the load average, which these wall-clock figures depend
# on); the goal after touching one manual is 0.3 s.  BENCH_SMOKE=1 makes
# each build once instead of the median of 3.
#
#   MAKE=make MANUALS=../shared/manuals REFGEN=out/bin/refgen \
#   BENCH_CHIP_DIRS="volta/gv100 turing/tu104" \
#   BENCH_DIR=out/tmp/bench-incremental sh test/bench/incremental.sh
# (make bench runs it through run-bench.sh, in the one table.)
: "${MANUALS:?}" "${REFGEN:?}" "${BENCH_DIR:?}"
case $BENCH_DIR in /) echo "incremental: BENCH_DIR must not be /" >&2; exit 1 ;; esac
MAKE=${MAKE:-make}
S=$BENCH_DIR
FMT="%-34s | %-10s | %-10s | %-8s | %s\n"
RUNS=3
[ "${BENCH_SMOKE:-0}" = 0 ] || RUNS=1

rm -rf "$S"
chips=""
for d in volta/gv100 ${BENCH_CHIP_DIRS:-}; do
	[ -d "$S/m/$d" ] && continue
	chips="$chips${chips:+, }${d##*/}"
	mkdir -p "$S/m/${d%/*}" &&
		cp -R "$MANUALS/$d" "$S/m/${d%/*}/" || exit 1
done
chmod -R u+w "$S/m" || exit 1

now() { date +%s.%N; }
# timed NAME: runs one make of gv100 in the scratch tree, sets $secs
timed() {
	t0=$(now)
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$MAKE" --no-print-directory -j2 V= OUT="$S/out" \
		MANUALS="$S/m" CHIP=gv100 REFGEN="$REFGEN" -o "$REFGEN" all >"$S/$1.log" 2>&1 ||
		{ echo "incremental: make failed ($1), see $S/$1.log"; exit 1; }
	secs=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3fx", a / b }'; }
# make prints one "  CC      FILE" line an object (its quiet mode)
compiled() { grep -c '^  CC ' "$S/$1.log"; }

echo "build times, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
timed cold
cold=$secs
printf "$FMT" "build: cold gv100 (make -j2 all)" "${cold} s" "" "" \
	"IR, headers, runtime and tools from nothing (manuals of $chips); refgen prebuilt"
# median of $RUNS runs of: [touch FILE;] make
median() {
	t=""
	i=0
	while [ $i -lt $RUNS ]; do
		i=$((i + 1))
		[ -z "$2" ] || touch "$2"
		timed "$1"
		t="$t $secs"
	done
	secs=$(printf '%s\n' $t | sort -n | sed -n "$(((RUNS + 1) / 2))p")
}
median noop ""
printf "$FMT" "build: nothing changed" "${secs} s" "${cold} s" "$(ratio "$secs" "$cold")" "median of $RUNS"
median touch "$S/m/volta/gv100/dev_fifo.ref.txt"
printf "$FMT" "build: touch dev_fifo.ref.txt" "${secs} s" "${cold} s" "$(ratio "$secs" "$cold")" \
	"goal <= 0.3 s; median of $RUNS; 1 unit re-parsed, IR unchanged, $(compiled touch) objects compiled"
printf '#define NV_USERMODE_BENCH_EDIT 0x00000001 /*       */\n' >>"$S/m/volta/gv100/dev_usermode.ref.txt"
timed edit
printf "$FMT" "build: edit dev_usermode.ref.txt" "${secs} s" "${cold} s" "$(ratio "$secs" "$cold")" \
	"1 unit re-parsed, chip re-emitted, $(compiled edit) objects including dev_usermode.h compiled"
