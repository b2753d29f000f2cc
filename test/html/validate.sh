#!/bin/sh
# SPDX-License-Identifier: MIT
# Every page of the HTML reference ($REFGEN_HTML, default out/html) through
# HTML Tidy (Debian's tidy, HTML5): no error and no warning; and no page over
# 5 MB.  Ends with "N passed, N failed".
set -u
html=${REFGEN_HTML:-out/html}
limit=$((5 * 1024 * 1024))
passed=0
failed=0
command -v tidy >/dev/null || { echo "FAIL tidy not installed (Debian package tidy, see .ci/deps)"; echo "0 passed, 1 failed"; exit 1; }
for f in "$html"/index.html "$html"/*/*.html; do
	msg=$(tidy -q -e "$f" 2>&1)
	rc=$?
	size=$(wc -c < "$f")
	if [ "$rc" -eq 0 ] && [ "$size" -le "$limit" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $f ($size bytes, tidy status $rc)"
		echo "$msg" | head -n 5
	fi
done
echo "tidy: $(tidy -v), $((passed + failed)) pages"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
