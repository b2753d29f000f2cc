#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs each benchmark binary given, passing the manuals root, and prints ONE
# table of every figure (ours, the baseline measured in the same run, the
# ratio), then each binary's notes (goals met or not, conditions) under its
# name.  Benchmarks report figures, not pass/fail; the exit status is 1 only
# when a binary failed to run or printed no figure.
#
# Every binary prints its own rows in the common column format
#     figure | value | baseline | ratio | notes
# with printf widths "%-34s | %-10s | %-10s | %-8s | %s" (keep the binaries'
# BENCH_ROW_FORMAT in step), and may add plain lines (notes) anywhere: rows
# are the lines with the four " | " separators.
#
#   MANUALS=/path/to/manuals sh test/bench/run-bench.sh out/bench/bench_*
#
# A benchmark may be a shell script (*.sh, run with sh) printing the same rows.
#
# Environment read by the binaries: BENCH_REPEAT (repetitions, default 5);
# BENCH_SMOKE=1 (make bench-smoke: each benchmark once, small, so that a
# broken one shows; incremental.sh builds once instead of three times);
# bench_headers also BENCH_CHIPS (chips whose headers are current; make sets
# it), BENCH_CCS (compilers, default "gcc clang") and BENCH_ASM=1 (list the
# accessor/hand-written pairs that differ side by side).
: "${MANUALS:?MANUALS must name the manuals root}"
export MANUALS

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
[ "${BENCH_SMOKE:-0}" = 0 ] || echo "smoke run (make bench-smoke): small sizes, figures not representative"
echo "refgen benchmarks, $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "host: $(uname -srm), ${cpu:-unknown CPU}, $(nproc 2>/dev/null || echo '?') CPUs"
echo "manuals: $MANUALS"
echo "grep: $(grep --version 2>/dev/null | head -n 1), LC_ALL=${LC_ALL:-} LANG=${LANG:-}"
echo
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=""
i=0
for b in "$@"; do
	i=$((i + 1))
	case $b in
	*.sh) sh "$b" "$MANUALS" ;;
	*) "$b" "$MANUALS" ;;
	esac >"$tmp/$i.out" || failed="$failed ${b##*/}"
done

row='^[^|]* \| [^|]* \| [^|]* \| [^|]* \| '
i=0
for b in "$@"; do
	i=$((i + 1))
	grep -qE "$row" "$tmp/$i.out" || case $failed in
		*" ${b##*/}"*) ;;
		*) failed="$failed ${b##*/}(no figure)" ;;
		esac
done
printf '%-34s | %-10s | %-10s | %-8s | %s\n' figure value baseline ratio notes
i=0
for b in "$@"; do
	i=$((i + 1))
	grep -E "$row" "$tmp/$i.out" || true
done
i=0
for b in "$@"; do
	i=$((i + 1))
	if grep -qvE "$row" "$tmp/$i.out"; then
		echo
		echo "== ${b##*/}"
		grep -vE "$row" "$tmp/$i.out" || true
	fi
done
if [ -n "$failed" ]; then
	echo "benchmarks that failed:$failed"
	exit 1
fi
