#!/bin/sh
# SPDX-License-Identifier: MIT
# The layering check (mk/check-layers.py, mk/layers.txt):
#   - the tree: no circle of files, no edge against the order;
#   - the checker itself, on scratch copies of test/layers/tree built here:
#     clean, it passes (and names a per-chip source's symbols once for all
#     chips); with -DPLANT and an #include planted in a header it fails,
#     naming each circle, edge against the order and file in no layer as
#     test/layers/planted.expected says; a bad layers file stops it.
# Environment: LAYERS_OBJS (the tree's objects, from the Makefile; else
# every object under out/obj), REFGEN_LAYERS_DIR (scratch, out/tmp/layers),
# CC, NM.
set -u
cd "$(dirname "$0")/../.." || exit 1
work=${REFGEN_LAYERS_DIR:-out/tmp/layers}
# this script clears $work/*: never an empty or root target
case $work in
'' | / | /. | //*) echo "refusing scratch directory '$work'"; exit 1 ;;
esac
cc=${CC:-cc}
nm=${NM:-nm}
check="python3 mk/check-layers.py --nm $nm"
passed=0 failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

ok() { passed=$((passed + 1)); echo "ok - $*"; }
ko() { failed=$((failed + 1)); echo "not ok - $*"; }
# The checker's output, indented so that its own "N passed, N failed" line
# is not counted by test/run-tests.sh a second time.
show() { sed 's/^/    /' "$out"; }

# ---- the tree
# shellcheck disable=SC2086
if [ -n "${LAYERS_OBJS:-}" ]; then $check ${LAYERS_OBJS} >"$out" 2>&1; else $check >"$out" 2>&1; fi
rc=$?
show
if [ $rc -eq 0 ]; then ok "the tree keeps mk/layers.txt's order, with no circle"; else ko "the tree: exit $rc (see above)"; fi

# ---- the checker on the fixture
# build NAME CFLAGS...: a scratch copy of test/layers/tree as $work/NAME,
# its objects (with .d files) under obj/, chipfn.c and chiphelp.c per chip.
build() {
	name=$1
	shift
	rm -rf "${work:?}/$name"
	mkdir -p "$work/$name" && cp -R test/layers/tree/. "$work/$name/" || return 1
	(
		cd "$work/$name" || exit 1
		for src in lib/base/str.c lib/mid/a.c lib/mid/b.c lib/mid/count.c app/app.c tool/tool.c; do
			mkdir -p "obj/$(dirname "$src")" &&
				$cc -std=gnu11 -Wall -Wextra -Werror -Ilib -MMD "$@" -c -o "obj/${src%.c}.o" "$src" || exit 1
		done
		for chip in gv100 tu104; do
			for src in lib/mid/chipfn.c lib/mid/chiphelp.c; do
				mkdir -p "obj/$chip/$(dirname "$src")" &&
					$cc -std=gnu11 -Wall -Wextra -Werror -Ilib -MMD -DCHIP="$chip" "$@" -c -o "obj/$chip/${src%.c}.o" "$src" || exit 1
			done
		done
	)
}
run_fixture() {
	d=$work/$1
	shift
	$check --root "$d" --obj "$d/obj" --layers "$d/layers.txt" "$@" >"$out" 2>&1
}

if build clean; then
	run_fixture clean -v
	rc=$?
	if [ $rc -eq 0 ] && grep -q '^layering: .* 0 circles, 0 edges against the order$' "$out" &&
		grep -Fqx 'edge lib/mid/chipfn.c -> lib/mid/chiphelp.c: chip_*_helper (* = gv100, tu104)' "$out"; then
		ok "fixture, clean: passes; a per-chip source's edges are one file's"
	else
		show
		ko "fixture, clean: exit $rc, or the lines looked for are missing (above)"
	fi
else
	ko "fixture, clean: does not build"
fi

if build planted -DPLANT; then
	# a circle of headers (kinds.h <-> types.h), and a file in no layer
	echo '#include "types.h"' >>"$work/planted/lib/mid/kinds.h"
	printf '/* SPDX-License-Identifier: MIT */\nint stray;\n' >"$work/planted/lib/stray.h"
	echo '#include "stray.h"' >>"$work/planted/lib/mid/count.c"
	run_fixture planted
	rc=$?
	show
	missing=$(grep -v '^#' test/layers/planted.expected | while IFS= read -r line; do
		grep -Fqx -- "$line" "$out" || printf '      %s\n' "$line"
	done)
	if [ $rc -eq 1 ] && [ -z "$missing" ]; then
		ok "fixture, planted: fails, naming each problem as test/layers/planted.expected says"
	else
		ko "fixture, planted: exit $rc (1 expected); lines of test/layers/planted.expected not found:"
		echo "$missing"
	fi
else
	ko "fixture, planted: does not build"
fi

# A layers file the checker cannot use stops it (exit 2), naming the line.
if [ -d "$work/clean" ]; then
	printf 'stack tool: app\ntool\n' >"$work/clean/bad-layers.txt"
	$check --root "$work/clean" --obj "$work/clean/obj" --layers "$work/clean/bad-layers.txt" >"$out" 2>&1
	rc=$?
	if [ $rc -eq 2 ] && grep -Fq 'bad-layers.txt:1: stack tool sits on app, which is not declared above it' "$out"; then
		ok "a bad layers file: exit 2, naming its line"
	else
		show
		ko "a bad layers file: exit $rc (2 expected)"
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
