#!/bin/sh
# SPDX-License-Identifier: MIT
# The failure sweep (test/failpoint/README.md): each scenario is run once to
# count the calls of each kind it makes, then once per reachable N with the
# N-th call of that kind failing (FAILPOINT=KIND:N, test/failpoint/failpoint.c).
# Every point must: not crash and give no sanitizer report; exit 1 (2 for a
# usage error) with a diagnostic giving the errno's text, leaving every
# output that was there byte-identical and no temporary file; or, where the
# failure is one the tool gets round (a fallback), exit 0 with the outputs of
# a run without failures.  FAILPOINT_SAMPLE=K runs every K-th N (and each
# kind's first and last); 1 runs all.  Prints the points per scenario and the
# ones that fail; the last line is "N passed, N failed".
#
# Environment: FAILPOINT_BIN_DIR (refgen, nvrt, nvrt-submit of the failpoint
# build), FAILPOINT_SCRATCH, FAILPOINT_SAMPLE, REFGEN_MANUALS, REFGEN_IR.
set -u
: "${FAILPOINT_BIN_DIR:?}" "${FAILPOINT_SCRATCH:?}" "${REFGEN_MANUALS:?}" "${REFGEN_IR:?}"
SAMPLE=${FAILPOINT_SAMPLE:-1}
case $FAILPOINT_SCRATCH in ''|/) echo "sweep.sh: refusing scratch '$FAILPOINT_SCRATCH'" >&2; exit 2 ;; esac
BIN=$(cd "$FAILPOINT_BIN_DIR" && pwd)
TOP=$(pwd)
MAN=$(cd "$REFGEN_MANUALS" && pwd)
IR=$(cd "$REFGEN_IR" && pwd)
rm -rf "$FAILPOINT_SCRATCH"
mkdir -p "$FAILPOINT_SCRATCH"
S=$(cd "$FAILPOINT_SCRATCH" && pwd)
GV=$(ls -d "$MAN"/*/gv100)
# Sanitizers report with their own exit status, and every report fails a point.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"
unset FAILPOINT FAILPOINT_COUNTS

passed=0
failed=0
ALSO=
KINDS="open read write write-short fsync link rename mkdir malloc calloc realloc mmap"

# What the failing call's errno reads as (strerror), or refgen's stop on
# out-of-memory.
errno_text() {
	case $1 in
	open) echo 'Permission denied' ;;
	read|fsync|rename) echo 'Input/output error' ;;
	write|write-short|link|mkdir) echo 'No space left on device' ;;
	*) echo 'Cannot allocate memory|out of memory' ;;
	esac
}

# The inputs the scenarios share: a small IR root of gv100 and tu104 units.
mkdir -p "$S/in/ir/gv100" "$S/in/ir/tu104"
for u in dev_usermode dev_fault dev_timer; do
	for c in gv100 tu104; do
		[ -f "$IR/$c/$u.xml" ] && cp "$IR/$c/$u.xml" "$S/in/ir/$c/"
	done
done
cp "$IR/gv100/dev_ram.xml" "$S/in/ir/gv100/"

# $1 scenario name, $2 setup command (makes the outputs that are there
# before, in the current directory), rest: the command.  Runs in $S/$1.
scenario() {
	name=$1 setup=$2
	shift 2
	d="$S/$name"
	mkdir -p "$d/before" "$d/good"
	(cd "$d/before" && eval "$setup") || { echo "FAIL $name: setup"; failed=$((failed + 1)); return; }
	# the run without failures: its outputs, and the calls it makes
	cp -a "$d/before/." "$d/good/"
	(cd "$d/good" && FAILPOINT_COUNTS="$d/counts" "$@" >"$d/good.out" 2>"$d/good.err")
	grc=$?
	case $grc in 0|1) ;; *) echo "FAIL $name: exit $grc without failures"; cat "$d/good.err"; failed=$((failed + 1)); return ;; esac
	points=0 bad=0
	for kind in $KINDS; do
		k=$kind
		[ "$k" = write-short ] && k=write
		count=$(awk -v k="$k" '$1 == k { n = $2 } END { print n + 0 }' "$d/counts")
		n=1
		while [ "$n" -le "$count" ]; do
			if [ "$SAMPLE" -le 1 ] || [ "$n" -eq 1 ] || [ "$n" -eq "$count" ] || [ $((n % SAMPLE)) -eq 0 ]; then
				points=$((points + 1))
				run_point "$name" "$kind" "$n" "$grc" "$@" || bad=$((bad + 1))
			fi
			n=$((n + 1))
		done
	done
	echo "$name: $points points, $bad failed"
	if [ "$bad" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
	rm -rf "$d/run"
	ALSO=
}

# One point: $1 scenario, $2 kind, $3 N, $4 the exit status without failures.
run_point() {
	pname=$1 pkind=$2 pn=$3 pgrc=$4
	shift 4
	rm -rf "$d/run"
	cp -a "$d/before" "$d/run"
	(cd "$d/run" && FAILPOINT="$pkind:$pn" "$@" >"$d/run.out" 2>"$d/run.err")
	rc=$?
	why=""
	if grep -Eq 'Sanitizer|runtime error:' "$d/run.err"; then
		why="sanitizer report"
	elif [ "$rc" -eq "$pgrc" ] && [ "$rc" -eq 0 ]; then
		# got round the failure: the outputs must be those of a good run
		diff -r "$d/good" "$d/run" >/dev/null 2>&1 || why="exit 0 with outputs unlike a good run's"
	elif [ "$rc" -eq 1 ] || [ "$rc" -eq 2 ]; then
		if ! grep -Eq "$(errno_text "$pkind")${ALSO:+|$ALSO}" "$d/run.err"; then
			# a failure the run saw only as "not found" is the good run's own answer
			if ! { [ "$rc" -eq "$pgrc" ] && cmp -s "$d/good.out" "$d/run.out" && diff -r "$d/good" "$d/run" >/dev/null 2>&1; }; then
				why="no diagnostic with '$(errno_text "$pkind")'"
			fi
		fi
		[ -z "$why" ] && ! diff -r "$d/before" "$d/run" >/dev/null 2>&1 &&
			! diff -r "$d/good" "$d/run" >/dev/null 2>&1 && why="outputs changed (or a file left): $(diff -rq "$d/before" "$d/run" 2>&1 | head -n 3 | tr '\n' ' ')"
	else
		why="exit $rc"
	fi
	[ -z "$why" ] && return 0
	echo "FAIL $pname $pkind:$pn: $why"
	sed -n '1,5p' "$d/run.err" | sed 's/^/    /'
	return 1
}

R="$BIN/refgen"
NV="$BIN/nvrt"
SUB="$BIN/nvrt-submit"
FIX="$TOP/test/fixtures"

# The old outputs a failing run must leave as they were: stale, so that a
# good run replaces them.
stale() { for f in "$@"; do mkdir -p "$(dirname "$f")" && printf 'old %s\n' "$f" >"$f"; done; }

scenario parse-o 'stale sample.xml' "$R" parse -o sample.xml "$FIX/sample.ref"
scenario parse-d 'stale ir/sample.xml' "$R" parse -d ir "$FIX/sample.ref" "$FIX/other.ref" "$FIX/spacing.ref"
scenario parse-d-gv100 'stale ir/dev_usermode.xml ir/dev_timer.xml' "$R" parse -d ir "$GV/dev_usermode.ref.txt" "$GV/dev_timer.ref.txt" "$GV/dev_fault.ref.txt"
scenario parse-emit 'stale ir/dev_usermode.xml inc/gv100/placeholder.h' "$R" parse --chip gv100 -d ir --emit inc --format=nv,typed "$GV/dev_usermode.ref.txt" "$GV/dev_fault.ref.txt"
for fmt in nv typed fields make html; do
	scenario "emit-$fmt" "stale inc/gv100/placeholder.h" "$R" emit --chip gv100 --format="$fmt" -o inc "$S/in/ir/gv100/dev_usermode.xml" "$S/in/ir/gv100/dev_fault.xml"
done
scenario lookup-address : "$R" lookup --chip gv100 --ir "$S/in/ir" 0x810000 0x3
scenario lookup-name : "$R" lookup --chip gv100 --ir "$S/in/ir" NV_USERMODE_NOTIFY_CHANNEL_PENDING
scenario lookup-struct : "$R" lookup --chip gv100 --ir "$S/in/ir" --struct NV_RAMFC 18:0x1000
# lookup's unit map (gen/lookup/lookup_units.h) made from scratch: a failure
# while writing it is no failure of lookup's, and leaves no temporary file;
# the map itself is a cache, so the run's outputs are compared without it.
scenario lookup-map-write 'mkdir -p ir/gv100 && cp "$S/in/ir/gv100/"*.xml ir/gv100/' \
	sh -c '"$0" lookup --chip gv100 --ir ir 0x810000 0x3; rc=$?; rm -f ir/gv100/.lookup-index; exit $rc' "$R"
printf '0x810000 0x3\n0x810090 0x5\nR 4 0.1 1 0x810000 0x0 0x0 0\n' >"$S/in/batch.txt"
scenario lookup-batch : sh -c '"$0" lookup --chip gv100 --ir "$1" --batch < "$2"' "$R" "$S/in/ir" "$S/in/batch.txt"
scenario diff : "$R" diff --from gv100 --to tu104 --ir "$S/in/ir"
scenario nvrt-layout 'stale chan/pushbuffer.bin' "$NV" layout --dir chan
(cd "$S/in" && "$NV" layout --dir chan >/dev/null) || { echo "sweep.sh: nvrt layout failed"; exit 1; }
scenario nvrt-decode-pushbuffer : "$NV" decode pushbuffer "$S/in/chan/pushbuffer.bin"
scenario nvrt-decode-walk : "$NV" decode walk --va 0x105000 --dir "$S/in/chan"
# A session on the simulator through libnvrt's public API.  The simulated
# GPU's own allocations (its model thread, which has no caller to return
# to) fail as the hardware would: a runlist it cannot read is Host's
# SCHED_ERROR, which the library reports by name.
ALSO='SCHED_ERROR' scenario nvrt-submit-sim : "$SUB" --count 2

# Issue 23's crash: refgen parse -d of a chip's manuals onto a disk that
# fills part-way (a short write, then ENOSPC for every later write) crashed
# with SIGSEGV in the IR writer's schema checker.  Every unit of gv100, the
# disk filling at the first, a middle and the last write.
d="$S/enospc"
mkdir -p "$d/before/ir"
for f in "$GV"/*.ref.txt; do
	u=${f##*/}
	printf 'old %s\n' "$u" >"$d/before/ir/${u%.ref.txt}.xml"
done
(cd "$d/before" && FAILPOINT_COUNTS="$d/counts" "$R" parse -d good "$GV"/*.ref.txt >/dev/null 2>&1) &&
	rm -rf "$d/before/good" || echo "sweep.sh: parse of gv100 failed"
writes=$(awk '$1 == "write" { print $2 }' "$d/counts")
bad=0
for n in 1 $((writes / 2)) "$writes"; do
	rm -rf "$d/run"
	cp -a "$d/before" "$d/run"
	(cd "$d/run" && FAILPOINT="write-short:$n" "$R" parse -d ir "$GV"/*.ref.txt >/dev/null 2>"$d/run.err")
	rc=$?
	if [ "$rc" -ne 1 ] || ! grep -q 'No space left on device' "$d/run.err" ||
	   grep -Eq 'Sanitizer|runtime error:' "$d/run.err" || ! diff -r "$d/before" "$d/run" >/dev/null; then
		echo "FAIL enospc write-short:$n of $writes: exit $rc"
		grep -v 'warning:' "$d/run.err" | sed -n '1,5p' | sed 's/^/    /'
		bad=$((bad + 1))
	fi
done
echo "parse -d gv100 ($(ls "$GV"/*.ref.txt | wc -l) manuals), disk full part-way: 3 points, $bad failed"
if [ "$bad" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
