#!/bin/sh
# SPDX-License-Identifier: MIT
# `make fuzz`: runs each libFuzzer target given for FUZZ_SECONDS seconds and
# prints one table (executions, coverage, corpus) from libFuzzer's own stats.
#
#   FUZZ_BIN_DIR  where fuzz_<target> are (out/fuzz)
#   FUZZ_WORK     corpus/<target> (grows from the seeds), crashes/<target>/
#                 and logs/<target>.log go here (out/fuzz)
#   FUZZ_SECONDS  per target (30)
#   FUZZ_JOBS     targets fuzzed at the same time (one per CPU)
#
# Each target starts from test/fuzz/seeds/<target> and test/fuzz/regress/<target>
# (read only) plus what earlier runs added to its corpus.  A crash, a leak,
# a broken property or a hang (an input running over 10 s) stops that target:
# its report is shown, the input is saved under crashes/<target>/, and the
# exit status is 1.  Such an input belongs in test/fuzz/regress/<target>/
# once fixed (README.md there).
set -u
cd "$(dirname "$0")/../.." || exit 1
BIN=${FUZZ_BIN_DIR:-out/fuzz}
WORK=${FUZZ_WORK:-out/fuzz}
SECS=${FUZZ_SECONDS:-30}

[ $# -gt 0 ] || set -- ref_parse ir_read ir_schema emit_inject pb_decode dump pt_walk sim_pbdma

opts() {
	case $1 in
	ref_parse) echo "-dict=test/fuzz/ref.dict -max_len=8192" ;;
	ir_read | ir_schema) echo "-dict=test/fuzz/ir.dict -max_len=16384" ;;
	emit_inject) echo "-dict=test/fuzz/inject.dict -max_len=512" ;;
	pb_decode) echo "-max_len=4096" ;;
	dump) echo "-max_len=4200" ;;
	pt_walk) echo "-max_len=24576" ;;
	sim_pbdma) echo "-max_len=8192" ;;
	esac
}

mkdir -p "$WORK/logs"
rows=$(mktemp -d)
trap 'rm -rf "$rows"' EXIT

# One target: its row of the table into $rows/<target>, its report (on a
# failure) into $rows/<target>.report, and a mark $rows/<target>.failed.
fuzz_one() {
	t=$1
	corpus=$WORK/corpus/$t
	crashes=$WORK/crashes/$t
	log=$WORK/logs/$t.log
	mkdir -p "$corpus" "$crashes"
	# shellcheck disable=SC2046
	"$BIN/fuzz_$t" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$crashes/" $(opts "$t") \
		"$corpus" "test/fuzz/seeds/$t" "test/fuzz/regress/$t" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
	cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p')
	secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
	result=ok
	if [ "$rc" -ne 0 ]; then
		result="FAILED (exit $rc)"
		: >"$rows/$t.failed"
		{
			echo "---- $t: libFuzzer's report ($log)"
			awk '/==ERROR|^fuzz: property|ALARM|Test unit written/ { p = 1 } p' "$log" | head -n 60
			echo "---- inputs saved in $crashes/:"
			ls -l "$crashes"
		} >"$rows/$t.report"
	fi
	rate=-
	[ -n "$execs" ] && [ -n "$secs" ] && [ "$secs" -gt 0 ] && rate=$((execs / secs))
	printf '%-10s %8s %12s %9s %7s %7s %12s  %s\n' "$t" "${secs:--}" "${execs:--}" "$rate" \
		"${cov:--}" "${ft:--}" "${corp:--}" "$result" >"$rows/$t"
}

# Targets run FUZZ_JOBS at a time (default: one per CPU); each is one
# process on one core, so two cores fuzz two targets for the same seconds.
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
running=0
for t in "$@"; do
	echo "fuzz $t: ${SECS} s ..."
	fuzz_one "$t" &
	running=$((running + 1))
	if [ "$running" -ge "$JOBS" ]; then
		wait
		running=0
	fi
done
wait

failed=""
for t in "$@"; do
	[ -f "$rows/$t.report" ] && cat "$rows/$t.report"
	[ -f "$rows/$t.failed" ] && failed="$failed $t"
done
echo
printf '%-10s %8s %12s %9s %7s %7s %12s  %s\n' target seconds executions "exec/s" cov ft corpus result
for t in "$@"; do
	cat "$rows/$t"
done
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed"
	exit 1
fi
