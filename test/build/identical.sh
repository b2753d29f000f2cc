#!/bin/sh
# SPDX-License-Identifier: MIT
# Behaviour unchanged: the outputs of this tree are byte-identical to those of
# a baseline revision (test/build/baseline.rev) -- IR, headers (every format),
# HTML reference, and what refgen, nvrt and nvrt-submit print for a fixed set
# of commands (timings masked).  Guards restructures and anything else
# meant to change no output.  A change meant to change an output is committed
# with the reason, then the next commit moves test/build/baseline.rev to it
# (CI tests the tip), after a look at what this test printed in between.
#
#   REFGEN_BIN NVRT_BIN NVRT_SUBMIT_BIN REFGEN_IR REFGEN_INCLUDE REFGEN_HTML
#   REFGEN_MANUALS REFGEN_IDENTICAL_DIR (scratch) [REFGEN_BASELINE_REV] [PUBLISHED]
#
# The baseline is built once per revision into $REFGEN_IDENTICAL_DIR/<rev>
# (git archive of the revision, its own make, the same manuals).  Outside a
# git checkout holding the revision (a release tarball) there is nothing to
# compare against: the test says so and counts nothing.
# Ends with "N passed, N failed".
: "${REFGEN_BIN:?}" "${NVRT_BIN:?}" "${NVRT_SUBMIT_BIN:?}" "${REFGEN_IR:?}" \
	"${REFGEN_INCLUDE:?}" "${REFGEN_HTML:?}" "${REFGEN_MANUALS:?}" "${REFGEN_IDENTICAL_DIR:?}"
case $REFGEN_IDENTICAL_DIR in
/ | "") echo "identical.sh: refusing scratch dir '$REFGEN_IDENTICAL_DIR'" >&2; exit 1 ;;
esac
MAKE=${MAKE:-make}
rev=${REFGEN_BASELINE_REV:-$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' test/build/baseline.rev)}
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

if ! commit=$(git rev-parse --verify -q "$rev^{commit}" 2>/dev/null); then
	echo "baseline $rev: not in this checkout (no git history): nothing to compare"
	echo "0 passed, 0 failed"
	exit 0
fi
abs() { (cd "$1" && pwd); }
manuals=$(abs "$REFGEN_MANUALS") || exit 1
# The same published headers (PUBLISHED, default ../shared/published), if any.
published=$(abs "${PUBLISHED:-../shared/published}" 2>/dev/null) || published=""
# The same class headers (CLASSES, default ../shared/classes), if any.
classes=$(abs "${CLASSES:-../shared/classes}" 2>/dev/null) || classes=""
mkdir -p "$REFGEN_IDENTICAL_DIR" && REFGEN_IDENTICAL_DIR=$(abs "$REFGEN_IDENTICAL_DIR") || exit 1
base=$REFGEN_IDENTICAL_DIR/$commit

# The baseline's build: its own sources, the same manuals and published
# headers, a plain compiler.
if [ ! -f "$base/.built" ]; then
	rm -rf "$base"
	mkdir -p "$base/src" || exit 1
	git archive "$commit" | tar -x -C "$base/src" || exit 1
	echo "building baseline $commit in $base"
	if ! env -u CFLAGS -u CC -u OUT -u MAKEFLAGS -u MFLAGS \
		$MAKE -C "$base/src" -j2 MANUALS="$manuals" PUBLISHED="$published" CLASSES="$classes" OUT="$base/out" headers html runtime \
		>"$base/build.log" 2>&1; then
		tail -20 "$base/build.log"
		bad "baseline $commit does not build"
		echo "$passed passed, $failed failed"
		exit 1
	fi
	touch "$base/.built"
fi
B=$base/out

# The generated trees: every file the build writes (its own stamps and input
# records, which name paths, aside).
same_tree() { # name dir-a dir-b
	if diff -r -q -x .src -x '.stamp' -x '.known' -x '.lookup-index' "$2" "$3" >"$REFGEN_IDENTICAL_DIR/diff.log" 2>&1; then
		ok
	else
		bad "$1 differs from baseline $commit:"
		head -20 "$REFGEN_IDENTICAL_DIR/diff.log"
	fi
}
same_tree IR "$B/ir" "$REFGEN_IR"
same_tree headers "$B/include" "$REFGEN_INCLUDE"
same_tree HTML "$B/html" "$REFGEN_HTML"

# Commands: each run by both builds in its own empty folder, on its own IR;
# stdout, stderr and the exit status compared after timings are masked.
mask() {
	sed -E -e '/(taken in|GPU time|CPU time|rate|latency|fault checks|after|waited|elapsed)/s/[0-9]+(\.[0-9]+)?/N/g' \
		-e 's/(NV_PTIMER_TIME_[01]|NV_USERMODE_TIME_(LO|HI))(\([0-9]+\))? 0x[0-9a-f]+/\1 0xN/g'
}
n=0
# run 'SHELL COMMAND': $R (refgen), $N (nvrt), $S (nvrt-submit), $I (the IR
# root) and $T (this tree) are each build's own.
run() {
	n=$((n + 1))
	for side in base new; do
		if [ $side = base ]; then
			R=$B/bin/refgen N=$B/bin/nvrt S=$B/bin/nvrt-submit I=$B/ir
		else
			R=$(abs_of "$REFGEN_BIN") N=$(abs_of "$NVRT_BIN") S=$(abs_of "$NVRT_SUBMIT_BIN") I=$(abs_of "$REFGEN_IR")
		fi
		d=$REFGEN_IDENTICAL_DIR/run/$side/$n
		rm -rf "$d" && mkdir -p "$d" || exit 1
		(cd "$d" && R=$R N=$N S=$S I=$I T=$top sh -c "$1" <"$stdin" >stdout 2>stderr; echo "exit $?" >status)
		if [ -n "$names_only" ]; then
			cat "$d/stdout" "$d/stderr" | grep -o 'NV_[A-Z0-9_]*' | sort -u >"$d/names"
		else
			mask <"$d/stdout" >"$d/stdout.m" && mask <"$d/stderr" >"$d/stderr.m"
		fi
		rm -f "$d/stdout" "$d/stderr"
	done
	if diff -r "$REFGEN_IDENTICAL_DIR/run/base/$n" "$REFGEN_IDENTICAL_DIR/run/new/$n" >"$REFGEN_IDENTICAL_DIR/diff.log" 2>&1; then
		ok
	else
		bad "$1: differs from baseline $commit:"
		head -20 "$REFGEN_IDENTICAL_DIR/diff.log"
	fi
}
abs_of() { case $1 in /*) echo "$1" ;; *) echo "$top/$1" ;; esac; }
top=$(pwd)
stdin=/dev/null
names_only=
rm -rf "$REFGEN_IDENTICAL_DIR/run"

for c in "" parse print emit lookup diff; do
	run "\$R $c --help"
done
run '$R'
run '$R parse -o out.xml $T/test/fixtures/sample.ref'
run '$R parse -o out.xml $T/test/fixtures/bad_range.ref'
run '$R parse -d d $T/test/fixtures/sample.ref $T/test/fixtures/other.ref'
run '$R print $I/gv100/dev_fifo.xml'
run '$R print $I/tu104/dev_ram.xml'
run '$R emit --chip gv100 --views $T/manuals/alternative-views.txt -o d $I/gv100/dev_timer.xml'
run '$R emit --chip gv100 -o d $I/gv100/dev_timer.xml'
for a in 0x100 0x200 0x9100 0x2254 0x88100 0xbb0090 0x2100 0x800004 0x1234567 NV_PFIFO_INTR_0 "'NV_PPBDMA_GP_ENTRY1(3)'" NV_RAMFC_GP_BASE NV_NOPE; do
	for chip in gv100 tu104; do
		run "\$R lookup --chip $chip --ir \$I $a"
		run "\$R lookup --chip $chip --ir \$I --json $a"
	done
done
run '$R lookup --chip gv100 --ir $I 0x2100 0x80000001'
run '$R lookup --chip tu104 --ir $I --json 0x2140 0xffffffff'
run '$R lookup --chip gv100 --ir $I --struct NV_RAMFC 0x1000 0 0x20 7:0x11'
run '$R lookup --chip tu104 --ir $I --struct NV_MMU_VER2_PTE 0x12345671 0x0'
run '$R lookup --chip gv100 --ir $I --json --struct NV_RAMRL_ENTRY 0x1001 0x2 0x3 0x4'
for d in "--from gv100 --to tu104" "--from tu104 --to ga100 --stat" "--from gv100 --to tu104 --unit dev_fifo" \
	"--from tu102 --to tu104 --json" "--from gv100 --to ga102 --unit dev_ram --json"; do
	run "\$R diff --ir \$I $d"
done
# An mmiotrace-style log through batch mode.
printf 'R 4 1 0x100 0x1\nW 4 2 0x2100 0x100\n0x88100\n0x9400 0x5\nR 4 3 0xbb0090 0x0\nnot a line\n' >"$REFGEN_IDENTICAL_DIR/batch.in"
stdin=$REFGEN_IDENTICAL_DIR/batch.in
run '$R lookup --chip gv100 --ir $I --batch'
run '$R lookup --chip tu104 --ir $I --json -'
stdin=/dev/null

for c in "" layout decode; do
	run "\$N $c --help"
done
run '$N --version'
run '$S --help'
for chip in gv100 tu104; do
	run "\$N layout --chip $chip --dir l --count 3 --aperture noncoherent"
	run "\$N layout --chip $chip --dir l && for k in pushbuffer gpfifo runlist ramin:instance userd; do \$N decode \${k%%:*} --chip $chip l/\${k#*:}.bin; done; \$N decode walk --va 0x10a000 --dir l"
	run "\$S --chip $chip --count 40"
	# A fault races the simulator's own thread: which lines a report holds,
	# and their order, vary from run to run; the exit status and the
	# registers it names do not.
	names_only=1
	for k in bad-signature bad-gp-entry bad-method bad-tsg unmapped-semaphore stuck-acquire fell-off-bus pri-error stale-channel host-request; do
		run "\$S --chip $chip --count 3 --timeout-ms 100 --inject $k"
	done
	names_only=
done

echo "identical to baseline $commit: $n commands and 3 trees compared"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
