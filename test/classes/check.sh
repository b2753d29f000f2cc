#!/bin/sh
# SPDX-License-Identifier: MIT
# NVIDIA's class headers as refgen's input (make check-classes, run by make test):
#   1. every class header in CLASSES parses with 0 errors (refgen parse, the
#      project's known-warnings list; warnings are counted, not failed);
#   2. the NV-style header refgen makes of it is identical in value to
#      NVIDIA's: for every object-like define with a numeric body (and every
#      array define at indices 0..2, and both ends of every hi:lo range), a
#      program built on the generated header and one built on NVIDIA's own
#      print the same values (the two are never in one translation unit:
#      they define the same names);
#   3. refgen diff of two copy-engine classes names what LAUNCH_DMA gained and
#      lost (worked out from clc3b5.h and clc6b5.h), and of one class with
#      itself nothing.
#
# Environment: REFGEN_BIN, CLASSES (default ../shared/classes), CC (default cc),
# REFGEN_CLASSES_DIR (scratch).  Ends with "N passed, N failed".
set -u
refgen=${REFGEN_BIN:-out/bin/refgen}
classes=${CLASSES:-../shared/classes}
work=${REFGEN_CLASSES_DIR:-out/tmp/classes}
cc=${CC:-cc}
case $work in /|"") echo "check-classes: refusing scratch dir '$work'" >&2; exit 1 ;; esac
pass=0
fail=0
warned=0
if ! ls "$classes"/cl*.h >/dev/null 2>&1; then
	echo "skipped: no class headers at '$classes' (CLASSES)"
	echo "0 passed, 0 failed"
	exit 0
fi
rm -rf "$work"
mkdir -p "$work/stub" || exit 1
work=$(cd "$work" && pwd) && classes=$(cd "$classes" && pwd) || exit 1
# what the class headers' C structs use of "nvtypes.h" (some include it, some not)
printf 'typedef unsigned int NvU32;\n' >"$work/stub/nvtypes.h"
for h in "$classes"/cl*.h; do
	unit=$(basename "$h" .h)
	if ! "$refgen" parse --chip x -o "$work/$unit.xml" "$h" >"$work/log" 2>&1; then
		fail=$((fail + 1))
		echo "FAILED: refgen parse $h"
		grep 'error:' "$work/log" | head -n 5
		continue
	fi
	warned=$((warned + $(grep -c 'warning:' "$work/log")))
	pass=$((pass + 1))
	if ! "$refgen" emit --chip x --format=nv -o "$work/inc" "$work/$unit.xml" >"$work/log" 2>&1; then
		fail=$((fail + 1))
		echo "FAILED: refgen emit --format=nv of $unit"
		head -n 5 "$work/log"
		continue
	fi
	# The values to compare, one printf a define (numbers, arrays at 0..2, ranges' ends).
	awk '
	/^[ \t]*#[ \t]*define[ \t]/ {
		line = $0
		sub(/\/\/.*/, "", line); sub(/\/\*.*\*\//, "", line)
		sub(/^[ \t]*#[ \t]*define[ \t]+/, "", line)
		name = line; sub(/[ (\t].*/, "", name)
		rest = substr(line, length(name) + 1)
		if (rest ~ /^\(/) {   # function-like: (i)
			params = rest; sub(/\).*/, "", params); sub(/^\(/, "", params)
			body = rest; sub(/^\([^)]*\)/, "", body)
			if (params !~ /^[a-z]$/) next
		} else { params = ""; body = rest }
		gsub(/^[ \t]+|[ \t]+$/, "", body)
		if (body == "" || body !~ /^[()0-9a-fA-FxX+*:<>|&~ \t-]+$/ || body ~ /[g-wyzG-WYZ]/) {
			if (params == "" || body !~ /^[()0-9a-fA-FxXi+*:<>|&~ \t-]+$/) next
		}
		if (seen[name]++) next
		if (params != "") {
			for (i = 0; i < 3; i++)
				printf "\tprintf(\"%s(%d) %%llx\\n\", (unsigned long long)(%s(%d)));\n", name, i, name, i
		} else if (body ~ /:/) {
			printf "\tprintf(\"%s hi %%llx lo %%llx\\n\", (unsigned long long)(1 ? %s), (unsigned long long)(0 ? %s));\n", name, name, name
		} else {
			printf "\tprintf(\"%s %%llx\\n\", (unsigned long long)(%s));\n", name, name
		}
	}' "$h" >"$work/$unit.body"
	for side in nvidia refgen; do
		if [ $side = nvidia ]; then inc="\"$h\""; else inc="\"$work/inc/x/nv/$unit.h\""; fi
		{ echo '#include <stdio.h>'; echo '#include "nvtypes.h"'; echo "#include $inc"; echo 'int main(void)'; echo '{';
		  cat "$work/$unit.body"; echo '	return 0;'; echo '}'; } >"$work/$side.c"
		if ! $cc -std=gnu11 -w -I"$work/stub" -o "$work/$side" "$work/$side.c" 2>"$work/log" ||
		   ! "$work/$side" >"$work/$unit.$side"; then
			echo "FAILED: $unit: the $side side does not build or run"
			head -n 5 "$work/log"
			fail=$((fail + 1))
			continue 2
		fi
	done
	if cmp -s "$work/$unit.nvidia" "$work/$unit.refgen" && [ -s "$work/$unit.body" -o ! -s "$work/$unit.nvidia" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAILED: $unit: values differ from NVIDIA's header"
		diff "$work/$unit.nvidia" "$work/$unit.refgen" | head -n 5
	fi
	n=$(wc -l <"$work/$unit.nvidia")
	total=$((${total:-0} + n))
done
# refgen diff of two copy-engine classes, from the IR parsed above: LAUNCH_DMA
# gained DISABLE_PLC 26:26 (clc6b5.h:135) and lost SRC_BYPASS_L2 20:20
# (clc3b5.h:124, no BYPASS_L2 in clc6b5.h); changes exit 1.
mkdir -p "$work/ir/x" && cp "$work"/*.xml "$work/ir/x/"
"$refgen" diff --ir "$work/ir" --from c3b5 --to clc6b5 >"$work/diff" 2>&1
st=$?
if [ $st = 1 ] && grep -qx '@@ added field NVC6B5_LAUNCH_DMA_DISABLE_PLC' "$work/diff" &&
   grep -qx '+135: #define NVC6B5_LAUNCH_DMA_DISABLE_PLC 26:26' "$work/diff" &&
   grep -qx '@@ removed field NVC3B5_LAUNCH_DMA_SRC_BYPASS_L2' "$work/diff" &&
   grep -qx 'diff --refgen c3b5/clc3b5 clc6b5/clc6b5' "$work/diff"; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAILED: refgen diff --from c3b5 --to clc6b5 (exit $st):"
	head -n 12 "$work/diff"
fi
# a class diffed with itself (by name and by id): no change, exit 0
if "$refgen" diff --ir "$work/ir" --from VOLTA_DMA_COPY_A --to c3b5 >"$work/diff" 2>&1; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAILED: refgen diff --from VOLTA_DMA_COPY_A --to c3b5 is not empty"
	head -n 5 "$work/diff"
fi
echo "class headers: $(ls "$classes"/cl*.h | wc -l) parsed, ${total:-0} values compared, $warned warning(s) shown"
rm -rf "$work"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
