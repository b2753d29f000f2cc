#!/bin/sh
# SPDX-License-Identifier: MIT
# nvrt-submit --trace on the simulator of every chip with an expected file
# here (test/trace/<chip>.expected; a chip of the build without one is
# reported, not skipped silently): the trace's lines have the layout of
# Linux's mmiotrace (Documentation/trace/mmiotrace.rst "Trace Log Format",
# kernel/trace/trace_mmiotrace.c), refgen lookup names every access, and the
# writes of bring-up + first submission and of teardown are the ordered list
# the expected file gives (its reads must show up between the writes they
# sit between: the teardown order); a --work copy run's trace decodes with
# every access named too.  A trace that cannot be written is an
# error and a non-zero exit.  Ends with "N passed, N failed".
#
#   NVRT_SUBMIT_BIN REFGEN_BIN [REFGEN_IR] [REFGEN_TRACE_DIR (scratch)]
: "${NVRT_SUBMIT_BIN:?}" "${REFGEN_BIN:?}"
dir=${REFGEN_TRACE_DIR:-${TMPDIR:-/tmp}/refgen-trace.$$}
case $dir in
/ | "") echo "trace test: refusing scratch dir '$dir'" >&2; exit 1 ;;
esac
here=$(dirname "$0")
ir=${REFGEN_IR:+--ir $REFGEN_IR}
mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }

# The mmiotrace lines, as trace_mmiotrace.c prints them: "%lu.%06lu" times,
# 0x%llx/0x%lx numbers, PC 0x0 (not recorded) and PID 0; VERSION first, the
# MAP line second, UNMAP last.
trace_format() {
	awk '
	function t(s) { return s ~ /^[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]$/ }
	function x(s) { return s ~ /^0x[0-9a-f]+$/ }
	NR == 1 { if ($0 != "VERSION 20070824") { print "line 1 is not VERSION 20070824: " $0; bad = 1 } next }
	NR == 2 { if (!($1 == "MAP" && NF == 8 && t($2) && $3 == 1 && x($4) && x($5) && x($6) && $7 == "0x0" && $8 == 0)) { print "line 2 is no MAP line: " $0; bad = 1 } next }
	$1 == "R" || $1 == "W" {
		if (!(NF == 8 && $2 == 4 && t($3) && $4 == 1 && x($5) && x($6) && $7 == "0x0" && $8 == 0)) { print "line " NR ": " $0; bad = 1 }
		n++; next
	}
	$1 == "MARK" && t($2) && NF > 2 { next }
	$1 == "UNMAP" && NF == 5 && t($2) && $3 == 1 && $4 == "0x0" && $5 == 0 { last = NR; next }
	{ print "line " NR " is no mmiotrace record: " $0; bad = 1 }
	END {
		if (last != NR) { print "the trace does not end with UNMAP"; bad = 1 }
		if (n == 0) { print "no R/W line"; bad = 1 }
		exit bad
	}' "$1"
}

# Every R/W line decoded names a register: not "?", not DEVICE+offset.
trace_named() {
	awk '($1 == "R" || $1 == "W") && ($4 == "?" || $4 ~ /\+/ || $4 !~ /^NV_/) { print "unnamed: " $0; bad = 1 }
	END { exit bad }' "$1"
}

# The expected file with its "each VAR FROM TO" ... "end" blocks unrolled
# and comments dropped: "section NAME", "R|W REGISTER [CHECK...]".
expected_lines() {
	awk '
	{ sub(/#.*/, ""); sub(/[ \t]+$/, "") }
	$0 == "" { next }
	$1 == "each" { var = $2; from = $3; to = $4; nb = 0; inblock = 1; next }
	$1 == "end" && inblock {
		for (i = from; i <= to; i++)
			for (k = 1; k <= nb; k++) { l = block[k]; gsub("\\$" var, i, l); print l }
		inblock = 0; next
	}
	inblock { block[++nb] = $0; next }
	{ print }' "$1"
}

# Checks the decoded trace $2 against the expected lines $1: within each
# section (bring-up: from MARK "nvrt-submit: identify and bring-up" to MARK
# "nvrt-submit: teardown"; teardown: from there to the end) the writes are
# exactly the expected writes, in order; an expected read must be seen
# after the write before it and before the write after it.  A check is
# FIELD=VALUE (in the decoded line), a hex value (the whole word), or
# "=read" (the value last read from that address: a write-1-to-clear of
# what was pending).
trace_compare() {
	awk -v expfile="$1" '
	BEGIN {
		while ((getline l < expfile) > 0) {
			n = split(l, f, " ")
			if (f[1] == "section") { sec = f[2]; continue }
			ne[sec]++; k = ne[sec]
			op[sec, k] = f[1]; reg[sec, k] = f[2]; chk[sec, k] = ""
			for (i = 3; i <= n; i++) chk[sec, k] = chk[sec, k] " " f[i]
		}
	}
	function matches(s, k, addr, value, line,   n, c, i) {
		if ($4 != reg[s, k]) return 0
		n = split(chk[s, k], c, " ")
		for (i = 1; i <= n; i++) {
			if (c[i] == "=read") { if (!(addr in lastread) || lastread[addr] != value) return 0 }
			else if (c[i] ~ /^0x/) { if (hexnorm(c[i]) != hexnorm(value)) return 0 }
			else if (index(line " ", " " c[i] " ") == 0) return 0
		}
		return 1
	}
	function hexnorm(s) { s = tolower(s); sub(/^0x0*/, "", s); return s }
	function want(s, k) { return op[s, k] " " reg[s, k] chk[s, k] }
	$1 == "MARK" && /nvrt-submit: identify and bring-up$/ { cur = "bring-up"; p = 1; next }
	$1 == "MARK" && /nvrt-submit: teardown$/ { cur = "teardown"; p = 1; next }
	$1 == "R" { lastread[$2] = $3 }
	cur == "" || ($1 != "R" && $1 != "W") { next }
	$1 == "R" {
		if (p <= ne[cur] && op[cur, p] == "R" && !seen[cur, p] && matches(cur, p, $2, $3, $0))
			seen[cur, p] = 1
		next
	}
	{
		while (p <= ne[cur] && op[cur, p] == "R") {
			if (!seen[cur, p]) { print cur ": expected " want(cur, p) " before " $0; bad = 1; exit 1 }
			p++
		}
		if (p > ne[cur]) { print cur ": write beyond the expected list: " $0; bad = 1; exit 1 }
		if (!matches(cur, p, $2, $3, $0)) {
			print cur ": write " p ": expected " want(cur, p) ", the trace has " $0; bad = 1; exit 1
		}
		p++; done[cur] = p
	}
	END {
		if (bad) exit 1
		for (s in ne) {
			q = done[s] ? done[s] : 1
			for (; q <= ne[s]; q++)
				if (op[s, q] == "W" || !seen[s, q]) { print s ": missing " want(s, q); exit 1 }
		}
	}' "$2"
}

# Runlist blocks and channel RAMs (GA100 on): registers at bases device info
# gives at run time, so no BAR0 address alone names them.  refgen lookup
# places them from the trace itself (a NV_PTOP_DEVICE_INFO2 record's
# RUNLIST_PRI_BASE, then that block's NV_RUNLIST_CHANNEL_CONFIG
# CHRAM_BAR0_OFFSET), no --block given, and names them "NAME@BASE"; the line
# that gave a base ends "[block NAME@BASE from line N]".  Those bases must be
# nvrt-submit's topology printout ("runlist ... block 0x..., channel RAM
# 0x... (runlist R)", runtime/src/hw/ampere/device_ampere.c).  The expected
# file writes such a register NAME@rlR (test/trace/ga100.expected):
# block_bases $1 (the nvrt-submit output) prints "BLOCK CHRAM R" a runlist,
# block_printed the "NAME@0xBASE" of those, block_placed those the decoded
# trace $1 placed, block_names rewrites "@BASE" in the decoded trace $2 to
# "@rlR".
block_bases() {
	sed -n 's/.* block 0x\([0-9a-f]*\), channel RAM 0x\([0-9a-f]*\) ([0-9]* channels).*(runlist \([0-9]*\)).*/\1 \2 \3/p' "$1"
}
block_printed() {
	awk '{ printf "NV_RUNLIST@0x%s\nNV_CHRAM@0x%s\n", $1, $2 }' "$1" | sort
}
block_placed() {
	sed -n 's/.* \[block \(NV_[A-Z]*@0x[0-9a-f]*\) from line [0-9]*\]$/\1/p' "$1" | sort
}
block_names() {
	awk 'FILENAME == ARGV[1] { rl["0x" $1] = $3; rl["0x" $2] = $3; next }
	($1 == "R" || $1 == "W") && match($4, /@0x[0-9a-f]+$/) {
		b = substr($4, RSTART + 1); sub(/^0x0*/, "0x", b)
		if (b in rl) { $4 = substr($4, 1, RSTART) "rl" rl[b] }
	}
	{ print }' "$1" "$2" >"$2.tmp" && mv "$2.tmp" "$2"
}

chips=$("$NVRT_SUBMIT_BIN" --help | sed -n 's/^Chips (--chip[^)]*): //p' | tr -d ',')
[ -n "$chips" ] || { bad "nvrt-submit --help lists no chip"; chips=; }
for chip in $chips; do
	exp=$here/$chip.expected
	if [ ! -f "$exp" ]; then
		bad "$chip: no $exp (adding a runtime chip adds its expected trace)"
		continue
	fi
	t=$dir/$chip.trace
	if ! "$NVRT_SUBMIT_BIN" --chip "$chip" --count 1 --trace "$t" >"$dir/$chip.out" 2>&1; then
		cat "$dir/$chip.out"
		bad "$chip: nvrt-submit --trace exits non-zero"
		continue
	fi
	if trace_format "$t"; then ok "$chip: every line of the trace is an mmiotrace record"
	else bad "$chip: mmiotrace format"; fi
	block_bases "$dir/$chip.out" >"$dir/$chip.bases"
	# shellcheck disable=SC2086
	if ! "$REFGEN_BIN" lookup --chip "$chip" $ir - <"$t" >"$dir/$chip.decoded"; then
		bad "$chip: refgen lookup of the trace"
		continue
	fi
	if [ "$(block_placed "$dir/$chip.decoded")" = "$(block_printed "$dir/$chip.bases")" ]; then
		ok "$chip: the trace places the $(block_printed "$dir/$chip.bases" | wc -l) runlist blocks and channel RAMs nvrt-submit found, each from its line"
	else
		block_placed "$dir/$chip.decoded" >"$dir/$chip.placed"
		block_printed "$dir/$chip.bases" | diff - "$dir/$chip.placed"
		bad "$chip: blocks placed by the trace"
	fi
	if ! block_names "$dir/$chip.bases" "$dir/$chip.decoded"; then
		bad "$chip: naming the runlist blocks' and channel RAMs' accesses by runlist"
		continue
	fi
	if [ "$(grep -c '^[RW] ' "$dir/$chip.decoded")" = "$(grep -c '^[RW] ' "$t")" ] &&
		trace_named "$dir/$chip.decoded"; then
		ok "$chip: refgen lookup names every access"
	else
		bad "$chip: refgen lookup names every access"
	fi
	# The copy engine's work (--work copy): its trace decodes, every access named.
	ct=$dir/$chip.copy.trace
	if ! "$NVRT_SUBMIT_BIN" --chip "$chip" --work copy --size 3M --verify --trace "$ct" \
		>"$dir/$chip.copy.out" 2>&1; then
		cat "$dir/$chip.copy.out"
		bad "$chip: nvrt-submit --work copy --trace exits non-zero"
	elif ! trace_format "$ct"; then
		bad "$chip: --work copy: mmiotrace format"
	else
		block_bases "$dir/$chip.copy.out" >"$dir/$chip.copy.bases"
		# shellcheck disable=SC2046,SC2086
		if "$REFGEN_BIN" lookup --chip "$chip" $ir $(block_options "$dir/$chip.copy.bases") - \
			<"$ct" >"$dir/$chip.copy.decoded" &&
			block_names "$dir/$chip.copy.bases" "$dir/$chip.copy.decoded" &&
			[ "$(grep -c '^[RW] ' "$dir/$chip.copy.decoded")" = "$(grep -c '^[RW] ' "$ct")" ] &&
			trace_named "$dir/$chip.copy.decoded" &&
			grep -q '^verify: all 3145728 bytes' "$dir/$chip.copy.out"; then
			ok "$chip: --work copy --verify: refgen lookup names every access of its trace"
		else
			bad "$chip: --work copy: refgen lookup names every access of its trace"
		fi
	fi
	expected_lines "$exp" >"$dir/$chip.exp"
	if trace_compare "$dir/$chip.exp" "$dir/$chip.decoded"; then
		ok "$chip: bring-up, first submission and teardown write what $chip.expected lists, in order"
	else
		bad "$chip: writes against $chip.expected"
	fi
done

# A trace that cannot be written: a clear message, a non-zero exit, and the
# run itself still done and torn down.
"$NVRT_SUBMIT_BIN" --count 1 --trace /dev/full >"$dir/full.out" 2>"$dir/full.err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q "^nvrt-submit: --trace /dev/full: .*No space left on device.*incomplete" "$dir/full.err" &&
	grep -q "^teardown: " "$dir/full.out"; then
	ok "--trace /dev/full: the failed write is an error (exit 1), the run torn down"
else
	cat "$dir/full.err"
	bad "--trace /dev/full: exit $rc"
fi
"$NVRT_SUBMIT_BIN" --count 1 --trace "$dir/no/such/dir/t" >/dev/null 2>"$dir/nodir.err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q "^nvrt-submit: --trace $dir/no/such/dir/t: No such file or directory$" "$dir/nodir.err"; then
	ok "--trace into a missing folder: refused at once (exit 1)"
else
	cat "$dir/nodir.err"
	bad "--trace into a missing folder: exit $rc"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
