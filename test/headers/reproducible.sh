#!/bin/sh
# SPDX-License-Identifier: MIT
# Reproducibility of the generated headers: for every chip, `refgen emit`
# into fresh directories, once with the IR files in sorted order and once
# reversed and rotated, must give byte-identical trees, identical to the
# headers the build made (out/include/<chip> and out/include/refgen).
#
# Environment: REFGEN_BIN (out/bin/refgen), REFGEN_IR (out/ir),
# REFGEN_INCLUDE (out/include), REFGEN_CHIPS (every chip under REFGEN_IR),
# REFGEN_REPRO_DIR (out/tmp/reproducible), REFGEN_VIEWS
# (manuals/alternative-views.txt, as the build passes it).
# Ends with "N passed, N failed" (three comparisons per chip).
set -u

refgen=${REFGEN_BIN:-out/bin/refgen}
ir=${REFGEN_IR:-out/ir}
inc=${REFGEN_INCLUDE:-out/include}
work=${REFGEN_REPRO_DIR:-out/tmp/reproducible}
views=${REFGEN_VIEWS:-manuals/alternative-views.txt}
passed=0
failed=0

repro_result()
{
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $2"
	fi
}

# Same files, same bytes (diff -r without the build's stamp files).
repro_compare()
{
	diff -r -q -x .stamp "$1" "$2"
}

repro_chip()
{
	chip=$1
	files=$(LC_ALL=C ls "$ir/$chip"/*.xml) || { repro_result 1 "$chip: no IR in $ir/$chip"; return; }
	# reversed, then the first file moved to the end: no order is privileged
	reversed=$(printf '%s\n' "$files" | sort -r)
	rotated=$(printf '%s\n' "$reversed" | sed 1d; printf '%s\n' "$reversed" | sed -n 1p)
	rm -rf "${work:?}/$chip"
	mkdir -p "$work/$chip/a" "$work/$chip/b"
	# shellcheck disable=SC2086  # lists of file names without blanks
	"$refgen" emit --chip "$chip" --views "$views" -o "$work/$chip/a" $files &&
		"$refgen" emit --chip "$chip" --views "$views" -o "$work/$chip/b" $rotated
	repro_result $? "$chip: refgen emit failed"
	repro_compare "$work/$chip/a" "$work/$chip/b"
	repro_result $? "$chip: emit output depends on the order of its inputs"
	repro_compare "$work/$chip/a/$chip" "$inc/$chip" && repro_compare "$work/$chip/a/refgen" "$inc/refgen"
	repro_result $? "$chip: a second emit differs from $inc"
}

chips=${REFGEN_CHIPS:-$(cd "$ir" && ls)}
for chip in $chips; do
	repro_chip "$chip"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
