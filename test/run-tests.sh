#!/bin/sh
# Runs each cmocka test binary given, shows its output, and ends with one
# aggregate line "N passed, N failed" (exit status 1 if anything failed).
passed=0
failed=0
broken=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$@"; do
	echo "== $t"
	"$t" >"$log" 2>&1
	rc=$?
	cat "$log"
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\./\1/p' "$log" | awk '{s+=$1} END {print s+0}')
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below:/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
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
