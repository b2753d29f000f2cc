#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs each cmocka test binary given, shows its output, and ends with one
# aggregate line "N passed, N failed" (exit status 1 if anything failed),
# and after each test the seconds it took (what makes CI slow).
# A test may instead be a shell script (*.sh, run with sh) or a program that
# ends its output with its own "N passed, N failed" line; those count too.
passed=0
failed=0
broken=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$@"; do
	echo "== $t"
	t0=$(date +%s)
	case $t in
	*.sh) sh "$t" >"$log" 2>&1 ;;
	*) "$t" >"$log" 2>&1 ;;
	esac
	rc=$?
	cat "$log"
	echo "-- $t: $(($(date +%s) - t0)) s"
	p=$(sed -n -e 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p' \
		-e 's/^\([0-9]*\) passed, [0-9]* failed$/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
	f=$(sed -n -e 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:/\1/p' \
		-e 's/^[0-9]* passed, \([0-9]*\) failed$/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		# crashed or failed before cmocka could summarise
		f=1
		broken="$broken $t(exit $rc)"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
done
[ -n "$broken" ] && echo "binaries that exited abnormally:$broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
