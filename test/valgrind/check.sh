#!/bin/sh
# SPDX-License-Identifier: MIT
# `make check-valgrind`: the tools under valgrind memcheck, with no error and
# no definitely or indirectly lost block allowed:
#   - refgen parse over every manual of $MANUALS, chip by chip, with the
#     project's addenda (as `make` builds the IR);
#   - nvrt-submit --count 1000 on the simulator of each chip it knows;
#   - nvrt-submit with each fault it can inject, on each chip (expected to
#     exit 1: the failure report, the teardown after a fault; stale-channel
#     exits 0);
# Each run's full valgrind log is kept in $VALGRIND_DIR/<run>.log.  Ends with
# "N passed, N failed".
#
# Environment (the Makefile sets it): VALGRIND, REFGEN, NVRT_SUBMIT, MANUALS,
# CHIP_DIRS (arch/chip under MANUALS), VALGRIND_DIR, NOJIT (the PCRE2 shim,
# see pcre2_nojit.c).
set -u
VALGRIND=${VALGRIND:-valgrind}
REFGEN=${REFGEN:-out/bin/refgen}
NVRT_SUBMIT=${NVRT_SUBMIT:-out/bin/nvrt-submit}
MANUALS=${MANUALS:-../shared/manuals}
VALGRIND_DIR=${VALGRIND_DIR:-out/valgrind}
NOJIT=${NOJIT:-$VALGRIND_DIR/pcre2-nojit.so}
VG_FLAGS="--leak-check=full --errors-for-leak-kinds=definite,indirect --num-callers=30"
passed=0
failed=0

if ! command -v "$VALGRIND" >/dev/null 2>&1; then
	echo "check-valgrind: $VALGRIND not found (Debian: apt-get install valgrind)"
	echo "0 passed, 1 failed"
	exit 1
fi
mkdir -p "$VALGRIND_DIR"

now() {
	date +%s.%N 2>/dev/null || date +%s
}

# vg NAME WANT_STATUS [VAR=VALUE...] -- COMMAND...: WANT_STATUS is the
# program's own exit status; valgrind's errors exit 99.
vg() {
	name=$1 want=$2
	shift 2
	envs=""
	while [ "$1" != "--" ]; do
		envs="$envs $1"
		shift
	done
	shift
	log=$VALGRIND_DIR/$name.log
	t0=$(now)
	# shellcheck disable=SC2086 # envs: VAR=VALUE words
	env $envs "$VALGRIND" $VG_FLAGS --error-exitcode=99 --log-file="$log" "$@" \
		>"$VALGRIND_DIR/$name.out" 2>&1
	rc=$?
	t1=$(now)
	errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log" | tail -n 1)
	def=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -n 1)
	ind=$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -n 1)
	secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	summary="${errors:-?} errors, definitely lost ${def:-0} B, indirectly lost ${ind:-0} B, exit $rc, ${secs} s"
	# $need, when set: a line the run must print (it got that far)
	if [ -n "${need:-}" ] && ! grep -q "^$need" "$VALGRIND_DIR/$name.out"; then
		summary="$summary; no \"$need\" line"
		rc=-1
	fi
	if [ "$rc" -eq "$want" ] && [ "${errors:-1}" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok   $name: $summary"
	else
		failed=$((failed + 1))
		echo "FAIL $name: $summary (expected exit $want; log: $log)"
		grep -E '^==[0-9]+== (Invalid|Conditional|Use of|Syscall|Mismatched|Source and|Argument|[0-9,]+ bytes in)' \
			-A 12 "$log" | head -n 60
		tail -n 5 "$VALGRIND_DIR/$name.out"
	fi
}

# ---- refgen parse, every chip ----------------------------------------------------------
for dir in $CHIP_DIRS; do
	chip=$(basename "$dir")
	extra="" nextra=0 n=0
	for a in manuals/"$chip"/*.ref; do
		[ -e "$a" ] || continue
		unit=$(basename "$a" .ref)
		[ -e "$MANUALS/$dir/$unit.ref.txt" ] || { extra="$extra $a"; nextra=$((nextra + 1)); }
	done
	for _ in "$MANUALS/$dir"/*.ref.txt; do
		n=$((n + 1))
	done
	out=$VALGRIND_DIR/ir/$chip
	rm -rf "$out"
	# shellcheck disable=SC2086 # extra: file names without blanks
	vg "refgen-parse-$chip" 0 LD_PRELOAD="$NOJIT" -- \
		"$REFGEN" parse -a "manuals/$chip" -d "$out" "$MANUALS/$dir"/*.ref.txt $extra
	echo "     ($n manuals, $nextra addendum-only units)"
done

# ---- nvrt-submit ----------------------------------------------------------------------------
# Valgrind runs the simulator's thread and the caller one at a time, many
# times slower: waits get a generous limit.
# Every chip the demo knows (its --help lists them, from the library).
chips=$("$NVRT_SUBMIT" --help | sed -n 's/^Chips (--chip[^)]*): //p' | tr -d ',')
[ -n "$chips" ] || { echo "FAIL: $NVRT_SUBMIT --help lists no chip"; failed=$((failed + 1)); }
# Each run must have brought the chip up: a failure before that (no model of
# the chip) is not the injected fault.
need="bring-up:"
for chip in $chips; do
	# Only the chips the simulator has a model of (runtime/src/sim/chips;
	# GA100 has none yet: nvrt-submit says so, test_nvrt_submit checks it).
	if [ ! -f "runtime/src/sim/chips/$chip.h" ]; then
		echo "skip nvrt-submit-$chip: no simulator model of $chip"
		continue
	fi
	vg "nvrt-submit-$chip-1000" 0 -- "$NVRT_SUBMIT" --chip "$chip" --count 1000 --timeout-ms 60000
	for kind in bad-signature bad-gp-entry bad-method bad-tsg unmapped-semaphore stuck-acquire \
		fell-off-bus pri-error host-request; do
		to=60000
		[ "$kind" = stuck-acquire ] && to=2000
		vg "nvrt-submit-$chip-inject-$kind" 1 -- "$NVRT_SUBMIT" --chip "$chip" --count 2 \
			--inject "$kind" --timeout-ms "$to"
	done
	# A crashed run's state is torn down, then the run completes.
	vg "nvrt-submit-$chip-inject-stale-channel" 0 -- "$NVRT_SUBMIT" --chip "$chip" --count 2 \
		--inject stale-channel --timeout-ms 60000
done
need=""

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
