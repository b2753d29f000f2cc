#!/bin/sh
# SPDX-License-Identifier: MIT
# Every source file of the project and every file refgen generates carries an
# SPDX licence identifier in its first lines, so a driver writer can tell what
# they may ship (LICENSE: MIT; NVIDIA's manuals carry the MIT notice too).
# Two checks (sources, generated files); each untagged file is named.
cd "$(dirname "$0")/../.." || exit 1
inc=${REFGEN_INCLUDE:-out/include}
ir=${REFGEN_IR:-out/ir}
html=${REFGEN_HTML:-out/html}
passed=0
failed=0
untagged=$(mktemp)
list=$(mktemp)
trap 'rm -f "$untagged" "$list"' EXIT

# check WHAT: the file names in $list
check() {
	n=0
	: >"$untagged"
	while read -r f; do
		n=$((n + 1))
		head -n 5 "$f" | grep -q 'SPDX-License-Identifier: ' || echo "$f" >>"$untagged"
	done <"$list"
	if [ "$n" -gt 0 ] && [ ! -s "$untagged" ]; then
		echo "ok - $1: $n files, each with an SPDX-License-Identifier"
		passed=$((passed + 1))
	else
		echo "not ok - $1: $n files, $(wc -l <"$untagged") without an SPDX-License-Identifier:"
		sed 's/^/  /' "$untagged" | head -20
		failed=$((failed + 1))
	fi
}

# Sources: what is under version control, less inputs kept verbatim (the
# test fixtures, fuzz seeds and regressions), pictures and the licence.
if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files
else
	find . -path ./out -prune -o -type f -print | sed 's|^\./||'
fi | grep -v -E '^(LICENSE|test/fixtures/|test/fuzz/seeds/|test/fuzz/regress/)|\.(png|gitkeep)$' >"$list"
check "sources"

# Generated: every header and IR document of the build, and the HTML
# reference when it has been made.
find "$inc" "$ir" -type f \( -name '*.h' -o -name '*.xml' \) 2>/dev/null |
	{ cat; [ -d "$html" ] && find "$html" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' \); } >"$list"
check "generated files"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
