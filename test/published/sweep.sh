#!/bin/sh
# SPDX-License-Identifier: MIT
# Every header of NVIDIA's published tree parses with 0 errors: each
# <dir>/<unit>.h on its own (refgen parse -o), a <unit>_addendum.h after its
# <unit>.h when that exists (--published, as the build reads them), with
# the project's known-warnings list.  Warnings are counted, not failed.
#
#   sh test/published/sweep.sh            every header (make check-published)
#   SWEEP_SAMPLE=1 sh test/published/sweep.sh   a sample (make test): the
#       display classes, gb100 (its multi-row DEVICE_INFO2 fields), ga100's
#       dev_top and its addendum (an alias of a size the unit lacks), and
#       the top-level headers, and NVSwitch's lr10 dev_trim, dev_pmgr (code
#       letters no legend defines), dev_soe_ip (a value of a shorter field's
#       name) and ls10 dev_pmgr (an index counting from 1)
#
# Environment: REFGEN_BIN, PUBLISHED (default ../shared/published),
# REFGEN_SWEEP_DIR (scratch).  Ends with "N passed, N failed".
set -u
refgen=${REFGEN_BIN:-out/bin/refgen}
pub=${PUBLISHED:-../shared/published}
work=${REFGEN_SWEEP_DIR:-out/tmp/published-sweep}
case $work in /|"") echo "sweep: refusing scratch dir '$work'" >&2; exit 1 ;; esac
pass=0
fail=0
warned=0
if [ ! -d "$pub" ]; then
	echo "skipped: no published headers at '$pub' (PUBLISHED)"
	echo "0 passed, 0 failed"
	exit 0
fi
rm -rf "$work"
mkdir -p "$work" || exit 1
if [ "${SWEEP_SAMPLE:-0}" = 1 ]; then
	files=$(ls "$pub"/*.h "$pub"/disp/*/*.h "$pub"/blackwell/gb100/*.h "$pub"/ampere/ga100/dev_top*.h \
		"$pub"/nvswitch/lr10/dev_trim.h "$pub"/nvswitch/lr10/dev_pmgr.h \
		"$pub"/nvswitch/lr10/dev_soe_ip*.h "$pub"/nvswitch/ls10/dev_pmgr.h)
else
	files=$(find "$pub" -name '*.h' | sort)
fi
for h in $files; do
	case $h in
	*_addendum.h) [ -f "${h%_addendum.h}.h" ] && continue ;;   # read with its base
	esac
	more=""
	[ -f "${h%.h}_addendum.h" ] && case $h in *_addendum.h) ;; *) more="--published ${h%.h}_addendum.h" ;; esac
	# shellcheck disable=SC2086
	if "$refgen" parse $more -o "$work/unit.xml" "$h" >"$work/log" 2>&1; then
		pass=$((pass + 1))
		n=$(grep -c 'warning:' "$work/log")
		warned=$((warned + n))
	else
		fail=$((fail + 1))
		echo "FAILED: refgen parse ${more:+$more }$h"
		grep 'error:' "$work/log" | head -n 5
	fi
done
echo "published headers: $((pass + fail)) units parsed, $warned warning(s) shown (known ones counted apart)"
rm -rf "$work"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
