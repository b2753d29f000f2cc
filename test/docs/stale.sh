#!/bin/sh
# SPDX-License-Identifier: MIT
# Statements in the docs that go stale when the runtime gains a chip,
# checked against what the built tools say (their --help "Chips (...):"
# line): every chip of the build is named in doc/runtime.md's opening
# paragraph, in nvrt-submit(1)'s and nvrt(1)'s --chip paragraphs and in
# doc/simulator.md's opening paragraph; and no page says a chip of the
# build has no simulator model, or that the runtime's chips are only some
# of them ("GV100 and TU104" alone).  Ends with "N passed, N failed".
#
#   NVRT_SUBMIT_BIN NVRT_BIN (the built tools)
: "${NVRT_SUBMIT_BIN:?}" "${NVRT_BIN:?}"
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }

chips_of() { "$1" --help | sed -n 's/^Chips (--chip[^)]*): //p' | tr -d ','; }
chips=$(chips_of "$NVRT_SUBMIT_BIN")
[ -n "$chips" ] || { bad "nvrt-submit --help lists no chip"; echo "$passed passed, $failed failed"; exit 1; }
[ "$chips" = "$(chips_of "$NVRT_BIN")" ] && ok "nvrt and nvrt-submit list the same chips: $chips" ||
	bad "nvrt lists '$(chips_of "$NVRT_BIN")', nvrt-submit '$chips'"

# The first paragraph after the title of a markdown page, one line.
opening() { awk 'NR > 1 && /^#/ { next } /^$/ { if (t) exit; next } /^<!--/ { next } { t = t " " $0 } END { print t }' "$1"; }
# The text of a man page's item for OPTION (from its .TP line to the next .TP/.SH).
man_item() {
	awk -v opt="$2" '
	/^\.(TP|SH)/ { if (on) exit; tp = 1; next }
	tp { tp = 0; if (index($0, opt)) on = 1 }
	on { print }' "$1" | tr '\n' ' '
}

for chip in $chips; do
	up=$(echo "$chip" | tr a-z A-Z)
	for page in doc/runtime.md doc/simulator.md; do
		opening "$page" | grep -q "$up" && ok "$page's opening names $up" ||
			bad "$page's opening paragraph does not name $up (a chip of the build)"
	done
	for man in dist/man/nvrt-submit.1 dist/man/nvrt.1; do
		man_item "$man" '-chip' | grep -qw "$chip" && ok "${man##*/} --chip names $chip" ||
			bad "${man##*/}'s --chip item does not name $chip"
	done
done
# Sentences that were true once: a chip of the build without a model.
hits=$(grep -n -i -E 'no simulator model|not (yet )?simulated|refused on the simulator' README.md doc/*.md dist/man/* 2>/dev/null)
[ -z "$hits" ] && ok "no page says a chip has no simulator model" || { bad "a page says a chip has no simulator model:"; echo "$hits"; }
hits=$(grep -n -E '(GV100 and TU104|gv100 and tu104)( (channel|chips|only)|[.)])' README.md doc/*.md dist/man/* 2>/dev/null)
[ -z "$hits" ] && ok "no page names the runtime's chips as GV100 and TU104 alone" ||
	{ bad "a page names the runtime's chips as GV100 and TU104 alone:"; echo "$hits"; }
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
