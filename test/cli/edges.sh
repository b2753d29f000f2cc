#!/bin/sh
# SPDX-License-Identifier: MIT
# The command line's rough edges (issue 13): --version on every tool; every
# option a tool's --help lists is in that tool's man page synopsis (dist/man);
# `make help` names every .PHONY target; and the QEMU test, when it cannot
# fetch what it needs, is skipped outside CI and fails with CI=true.
#
# Environment: REFGEN_BIN, NVRT_BIN, NVRT_SUBMIT_BIN (make test sets them).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
refgen=${REFGEN_BIN:-out/bin/refgen}
nvrt=${NVRT_BIN:-out/bin/nvrt}
submit=${NVRT_SUBMIT_BIN:-out/bin/nvrt-submit}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { fail=$((fail + 1)); echo "FAILED: $1"; }

for t in "refgen:$refgen" "nvrt:$nvrt" "nvrt-submit:$submit"; do
	name=${t%%:*}
	got=$("${t#*:}" --version 2>&1)
	rc=$?
	case "$rc:$got" in
	"0:$name "[0-9]*) ok "$name --version: $got" ;;
	*) bad "$name --version: status $rc, '$got'" ;;
	esac
done

# The man page's SYNOPSIS lines of a command (dist/man/<tool>.1, the
# reference for every option): each .br-separated entry whose text starts
# with the command, as one line of plain text.
usage_of() {
	tool=${1%% *}
	awk -v cmd="$1" '
		/^\.SH / { insyn = ($0 ~ /^\.SH SYNOPSIS/); next }
		!insyn { next }
		function flush() { if (index(entry, cmd " ") == 1 || entry == cmd) print entry; entry = "" }
		/^\.br/ { flush(); next }
		{
			line = $0
			gsub(/\\-/, "-", line); gsub(/\\f[BIPR]/, "", line)
			if (line ~ /^\.(RB|BR|IR|RI|BI|IB) /) {
				# alternating fonts: the arguments run together
				rest = substr(line, 5); line = ""
				while (rest != "") {
					if (substr(rest, 1, 1) == " ") { rest = substr(rest, 2); continue }
					if (substr(rest, 1, 1) == "\"") {
						rest = substr(rest, 2); q = index(rest, "\"")
						if (!q) q = length(rest) + 1
						line = line substr(rest, 1, q - 1); rest = substr(rest, q + 1)
					} else {
						q = index(rest, " ")
						if (!q) q = length(rest) + 1
						line = line substr(rest, 1, q - 1); rest = substr(rest, q)
					}
				}
			} else {
				sub(/^\.[A-Z]+ ?/, "", line); gsub(/"/, "", line)
			}
			entry = entry (entry == "" ? "" : " ") line
		}
		END { flush() }' "$top/dist/man/$tool.1"
}

check_usage() {
	cmd=$1
	shift
	"$@" --help >"$tmp/help" 2>&1
	usage_of "$cmd" >"$tmp/usage"
	if [ ! -s "$tmp/usage" ]; then
		bad "the man page has no synopsis line for '$cmd'"
		return
	fi
	missing=""
	for o in $(grep -o -- '--[a-zA-Z][a-zA-Z-]*' "$tmp/help" | sort -u); do
		[ "$o" = --help ] && continue
		grep -q -- "$o\\b" "$tmp/usage" && continue
		# Or its short form, when --help pairs them ("-o, --output").
		short=$(sed -n "s/.*\\(-[a-zA-Z]\\), $o\\b.*/\\1/p" "$tmp/help" | head -n 1)
		[ -n "$short" ] && grep -q -- "\\[$short \\|\\[$short\\]\\| $short " "$tmp/usage" && continue
		missing="$missing $o"
	done
	[ -z "$missing" ] && ok "man page synopsis of '$cmd' lists every option of its --help" ||
		bad "man page synopsis of '$cmd' lacks:$missing"
}

check_usage "refgen parse" "$refgen" parse
check_usage "refgen emit" "$refgen" emit
check_usage "refgen lookup" "$refgen" lookup
check_usage "refgen diff" "$refgen" diff
check_usage "nvrt layout" "$nvrt" layout
check_usage "nvrt decode" "$nvrt" decode
check_usage "nvrt-submit" "$submit"
for c in refgen nvrt nvrt-submit; do
	usage_of "$c" | grep -q -- '--version' && ok "man page synopsis of $c has --version" || bad "man page synopsis of $c lacks --version"
done

# Issue 23: the project's declarations are refgen's defaults, found beside
# the program (out/share/refgen in the build tree, gen/base/data_file.h).
# gv100 has the two views of its display block, dev_display_head and
# dev_display_withoffset (manuals/alternative-views.txt: the declared pair),
# so emit of its IR needs no --views, and each header of the pair #errors if
# the other is included; a --views file declaring nothing overrides that.
ir=${REFGEN_IR:-out/ir}
if [ -d "$ir/gv100" ]; then
	if "$refgen" emit -o "$tmp/emit" "$ir/gv100" >"$tmp/emit.log" 2>&1 &&
		grep -q '^#error .*gv100/dev_display_head.h and gv100/dev_display_withoffset.h' "$tmp/emit/gv100/dev_display_head.h"; then
		ok "refgen emit -o D $ir/gv100 (no --views): the declared views from the build tree"
	else
		bad "refgen emit of gv100 without --views"; cat "$tmp/emit.log"
	fi
	printf '# no pair declared\n' >"$tmp/none.txt"
	"$refgen" emit --views "$tmp/none.txt" -o "$tmp/emit2" "$ir/gv100" >"$tmp/emit2.log" 2>&1
	rc=$?
	[ "$rc" = 1 ] && grep -q 'only units declared alternative views (--views) may share names' "$tmp/emit2.log" &&
		ok "--views FILE overrides the default (none declared: status 1)" || { bad "--views override: status $rc"; cat "$tmp/emit2.log"; }
else
	echo "skipped: emit without --views (no gv100 IR in $ir)"
fi

# make help: every .PHONY target of the Makefile and mk/*.mk (but FORCE).
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$top" help >"$tmp/mhelp" 2>&1 || bad "make help failed"
targets=$(sed -n 's/^\.PHONY:\(.*\)/\1/p' "$top/Makefile" "$top"/mk/*.mk | tr ' ' '\n' | sort -u)
missing=""
for t in $targets; do
	# FORCE: make's idiom for "always out of date", not a target to run.
	[ "$t" = FORCE ] && continue
	grep -q "^  $t " "$tmp/mhelp" || missing="$missing $t"
done
[ -z "$missing" ] && ok "make help names every target ($(echo $targets | wc -w))" || bad "make help lacks:$missing"

# The QEMU test offline: apt-get and apt-cache that fail, an empty cache.
mkdir -p "$tmp/bin" "$tmp/vfio" "$tmp/cache"
printf '#!/bin/sh\necho "E: offline (test)" >&2\nexit 100\n' >"$tmp/bin/apt-get"
cp "$tmp/bin/apt-get" "$tmp/bin/apt-cache"
chmod +x "$tmp/bin/apt-get" "$tmp/bin/apt-cache"
offline() {
	env PATH="$tmp/bin:$PATH" NVRT_VFIO_DIR="$tmp/vfio" NVRT_VFIO_CACHE="$tmp/cache" "$@" sh "$top/test/vfio/run.sh" >"$tmp/vout" 2>&1
}
offline env -u CI
rc=$?
grep -q '^skipped: the VFIO test in QEMU cannot run here: ' "$tmp/vout" && [ "$rc" -eq 0 ] &&
	ok "offline outside CI: the QEMU test is skipped ($(head -n 1 "$tmp/vout"))" || { bad "offline outside CI: status $rc"; cat "$tmp/vout"; }
offline env CI=true
rc=$?
[ "$rc" -ne 0 ] && grep -q '^0 passed, 1 failed$' "$tmp/vout" && ok "offline with CI=true: the QEMU test fails" ||
	{ bad "offline with CI=true: status $rc"; cat "$tmp/vout"; }

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
