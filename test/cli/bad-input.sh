#!/bin/sh
# SPDX-License-Identifier: MIT
# Bad input and bad options for the command-line tools: refgen parse, emit,
# print, lookup and diff, nvrt decode and layout, nvrt-submit.  Each case checks
#   - the exit status (1: the input is wrong or the run failed, 2: usage);
#   - one clear error line on stderr, matching a pattern (the tool's name, or
#     FILE[:LINE[:COL]] for text inputs), optionally followed by the
#     "Try '... --help'." hint, and nothing else;
#   - nothing on stdout (except nvrt-submit, which logs its steps there);
#   - that the scratch directory -- inputs, earlier outputs of parse -d,
#     emit and layout -- is byte for byte what it was: no output touched,
#     no temporary file left, nothing new.
# It complements test/unit/test_cli.c and test_nvrt_cli.c (parse errors and
# usage, a failed parse -o keeping its output, nvrt layout/decode basics)
# and ends with "N passed, N failed" (test/run-tests.sh).
#
# Environment (make test sets it): REFGEN_BIN, NVRT_BIN, NVRT_SUBMIT_BIN,
# REFGEN_FIXTURES.
set -u
here=$(pwd)
abs() {
	case $1 in
	/*) echo "$1" ;;
	*) echo "$here/$1" ;;
	esac
}
REFGEN=$(abs "${REFGEN_BIN:-out/bin/refgen}")
NVRT=$(abs "${NVRT_BIN:-out/bin/nvrt}")
SUBMIT=$(abs "${NVRT_SUBMIT_BIN:-out/bin/nvrt-submit}")
FIX=$(abs "${REFGEN_FIXTURES:-test/fixtures}")

S=$(mktemp -d "${TMPDIR:-/tmp}/bad-input.XXXXXX") || exit 1
trap 'rm -rf "$S"' EXIT
cd "$S" || exit 1
passed=0
failed=0
stdout_quiet=1

# ---- the scratch directory -------------------------------------------------------
setup_fail() {
	echo "bad-input: set-up failed: $*"
	echo "0 passed, 1 failed"
	exit 1
}
mkdir in || setup_fail mkdir
"$REFGEN" parse -o good.xml "$FIX/sample.ref" || setup_fail "refgen parse sample.ref"
"$REFGEN" parse -d parsed "$FIX/sample.ref" "$FIX/other.ref" 2>/dev/null || setup_fail "refgen parse -d"
"$REFGEN" emit --chip gv100 -o headers good.xml || setup_fail "refgen emit"
"$NVRT" layout --dir layout --count 2 || setup_fail "nvrt layout"
: >afile
: >in/empty.ref
printf 'ab\000\000\000\000\000\000\000\000\000\000cd\n' >in/binary.ref
printf 'x\n#define NV_A 0x1 /* RW-4R\n' >in/unterminated.ref
printf 'x\n#define NV_A (1+ /* RW-4R */\n' >in/badexpr.ref
printf 'x\n\377#define NV_A 0x1 /* RW-4R */\n' >in/nonascii.ref
printf 'x\n#define NV_A 0x1 /* RW-4R */\n#define NV_B\001 0x2\n' >in/ctrl.ref
printf 'not xml at all\n' >in/garbage.xml
head -c 300 good.xml >in/truncated.xml
sed 's/ unit="[^"]*"//' good.xml >in/nounit.xml
awk 'NR == 2 { print "<!DOCTYPE manual [ <!ENTITY x SYSTEM \"file:///etc/passwd\"> ]>" } { print }' good.xml \
	>in/doctype.xml
printf '<?xml version="1.0" encoding="UTF-16"?>\n<manual/>\n' >in/encoding.xml
mkdir badlayout && printf '{garbage\n' >badlayout/layout.json
# a lay-out whose layout.json names a chip this build does not know
mkdir otherchip && cp layout/* otherchip/ && sed -i 's/"chip": "[a-z0-9]*"/"chip": "gv999"/' otherchip/layout.json
# layout.json cut short after its buffers: every line that is there parses
mkdir cutlayout && cp layout/*.bin cutlayout/ && sed '$d' layout/layout.json >cutlayout/layout.json
mkfifo in/fifo.ref in/fifo.bin || setup_fail mkfifo
printf 'x\n#define NV_A (0xFFFFFFFFFFFFFFFF+1) /* RW-4R */\n' >in/overflow.ref
printf 'x\n#define NV_B (1<<64) /* RW-4R */\n' >in/shift.ref
head -c 7 layout/gpfifo.bin >in/gp7.bin
head -c 23 layout/gpfifo.bin >in/gp23.bin
: >in/empty.bin
# outputs that are not regular files: private nodes, never the system's
mkdir dev && mkfifo dev/fifo && ln -s fifo dev/link || setup_fail "mkfifo dev/fifo"
mkdir fifolay && mkfifo fifolay/gpfifo.bin || setup_fail "mkfifo fifolay/gpfifo.bin"
mknod dev/null c 1 3 2>/dev/null || have_mknod=no
# a run with one bad input must leave an earlier output as it was
mkdir stale && printf 'OLD, not the IR of sample.ref\n' >stale/sample.xml
# crafted IR: a body that would put a directive of its own into a header,
# IR of another chip, and a second unit redefining a name of sample.ref
sed '0,/ body="0x00001100"/s// body="0x1\&#10;#include \&lt;\/etc\/passwd\&gt;"/' good.xml >in/inject.xml
sed '0,/ comment="[^"]*"/s//&/; 0,/ code="RW-4R"/s// code="RW-4R" comment="x\&#13;#error boom"/' good.xml >in/inject-cr.xml
sed 's/<manual \([^>]*\)unit="sample"/<manual \1unit="sample" chip="tu104" arch="turing" path="turing\/tu104\/sample.ref.txt"/' \
	good.xml >in/tu104.xml
sed -e 's/unit="sample"/unit="twin"/' -e 's/source="sample.ref"/source="twin.ref"/' \
	-e '0,/ body="0x00001100"/s// body="0x00001104"/' -e '0,/ offset="0x1100"/s// offset="0x1104"/' \
	good.xml >in/twin.xml
long=$(printf '%0300d' 0 | tr 0 d)$(printf '%0300d' 0 | tr 0 d)
long=$long/$long/$long/$long/$long/$long/$long/$long

have_mknod=${have_mknod:-yes}

snapshot() {
	{ find . -print | LC_ALL=C sort; find . -type f -exec cksum {} + | LC_ALL=C sort; } | cksum
}

# expect NAME STATUS PATTERN COMMAND...: PATTERN is an extended regular
# expression for the first line of stderr.
expect() {
	name=$1 want=$2 pat=$3
	shift 3
	before=$(snapshot)
	"$@" >"$S.out" 2>"$S.err" </dev/null
	rc=$?
	after=$(snapshot)
	why=""
	[ "$rc" -eq "$want" ] || why="$why; exit status $rc, expected $want"
	first=$(head -n 1 "$S.err")
	if [ ! -s "$S.err" ]; then
		why="$why; nothing on stderr"
	elif ! printf '%s\n' "$first" | grep -Eq -- "$pat"; then
		why="$why; first stderr line does not match /$pat/"
	fi
	extra=$(sed -n '2,$p' "$S.err" | grep -Ev "^Try '[a-z-]+( [a-z]+)? --help'\.\$")
	[ -z "$extra" ] || why="$why; more than one error line"
	[ "$stdout_quiet" -eq 0 ] || [ ! -s "$S.out" ] || why="$why; output on stdout"
	[ "$before" = "$after" ] || why="$why; files changed in the scratch directory"
	if [ -z "$why" ]; then
		passed=$((passed + 1))
		echo "ok   $name"
	else
		failed=$((failed + 1))
		echo "FAIL $name:${why#;}"
		echo "     \$ $*" | cut -c 1-200
		sed 's/^/     stderr: /' "$S.err" | cut -c 1-200
		[ "$stdout_quiet" -eq 0 ] || sed 's/^/     stdout: /' "$S.out" | head -n 5
	fi
	rm -f "$S.out" "$S.err"
}

# ---- refgen parse ---------------------------------------------------------------------
expect "parse: unterminated code comment" 1 '^in/unterminated\.ref:2:18: error: unterminated code comment' \
	"$REFGEN" parse -o out.xml in/unterminated.ref
expect "parse: bad expression" 1 '^in/badexpr\.ref:2:17: error: expected an expression$' \
	"$REFGEN" parse -o out.xml in/badexpr.ref
expect "parse: non-ASCII byte" 1 '^in/nonascii\.ref:2:1: error: non-ASCII byte 0xFF' \
	"$REFGEN" parse -o out.xml in/nonascii.ref
expect "parse: control character" 1 '^in/ctrl\.ref:3:13: error: control character 0x01' \
	"$REFGEN" parse -o out.xml in/ctrl.ref
expect "parse: empty file" 1 '^in/empty\.ref: error: empty file$' \
	"$REFGEN" parse -o out.xml in/empty.ref
expect "parse: binary file" 1 '^in/binary\.ref: error: binary file' \
	"$REFGEN" parse -o out.xml in/binary.ref
expect "parse: missing file" 1 '^in/missing\.ref: error: cannot open: No such file or directory$' \
	"$REFGEN" parse -o out.xml in/missing.ref
expect "parse: a directory" 1 '^in: error: is a directory' \
	"$REFGEN" parse -o out.xml in
expect "parse: not a regular file" 1 '^/dev/null: error: not a regular file$' \
	"$REFGEN" parse -o out.xml /dev/null
expect "parse -d: a bad input keeps earlier outputs" 1 '/bad_range\.ref:4:28: error: reversed bit range 3:7' \
	"$REFGEN" parse -d parsed "$FIX/sample.ref" "$FIX/bad_range.ref"
expect "parse: a FIFO is refused at once" 1 '^in/fifo\.ref: error: not a regular file$' \
	timeout 10 "$REFGEN" parse -o out.xml in/fifo.ref
expect "parse: sum past 2^64" 1 '^in/overflow\.ref:2:33: error: arithmetic overflow' \
	"$REFGEN" parse -o out.xml in/overflow.ref
expect "parse: shift by 64" 1 '^in/shift\.ref:2:16: error: shift by 64 bits or more' \
	"$REFGEN" parse -o out.xml in/shift.ref
expect "parse -d: one bad input, nothing written" 1 '/bad_range\.ref:4:28: error: reversed bit range' \
	"$REFGEN" parse -d stale "$FIX/sample.ref" "$FIX/bad_range.ref"
expect "parse -d: one bad input, no new directory" 1 '/bad_range\.ref:4:28: error: reversed bit range' \
	"$REFGEN" parse -d newdir "$FIX/sample.ref" "$FIX/bad_range.ref"
expect "parse -d: two inputs of one unit, nothing written" 1 '/sample\.ref: error: another input also writes stale/sample\.xml$' \
	"$REFGEN" parse -d stale "$FIX/sample.ref" "$FIX/sample.ref"
expect "parse -o: a FIFO is not replaced" 1 '^dev/fifo: error: is a FIFO, not a regular file: refusing to replace it' \
	"$REFGEN" parse -o dev/fifo "$FIX/sample.ref"
expect "parse -o: a link to a FIFO is not replaced" 1 '^dev/link: error: is a FIFO, not a regular file: refusing to replace it' \
	"$REFGEN" parse -o dev/link "$FIX/sample.ref"
if [ "$have_mknod" = yes ]; then
	expect "parse -o: a character device is not replaced" 1 \
		'^dev/null: error: is a character device, not a regular file: refusing to replace it \(-o - writes to stdout\)$' \
		"$REFGEN" parse -o dev/null "$FIX/sample.ref"
else
	echo "skip parse -o: a character device (mknod not permitted)"
fi
expect "parse --stats: standard output full" 1 '^refgen: error: cannot write to standard output: No space left on device$' \
	sh -c '"$0" parse --stats "$1" >/dev/full' "$REFGEN" "$FIX/sample.ref"
expect "parse -o -: standard output full" 1 '^-: error: cannot write: No space left on device$' \
	sh -c '"$0" parse -o - "$1" >/dev/full' "$REFGEN" "$FIX/sample.ref"
expect "parse -d: a file, not a directory" 1 '^afile: error: cannot create directory: Not a directory$' \
	"$REFGEN" parse -d afile "$FIX/sample.ref" "$FIX/other.ref"
expect "parse -d: path too long" 1 '^d+(/d+)*: error: cannot create directory: File name too long$' \
	"$REFGEN" parse -d "$long" "$FIX/sample.ref" "$FIX/other.ref"
expect "parse -o: no such directory" 1 '^nodir/out\.xml: error: cannot write: No such file or directory$' \
	"$REFGEN" parse -o nodir/out.xml "$FIX/sample.ref"
expect "parse -Werror: a warning fails the run" 1 '/other\.ref:7:9: error: NV_OTHER_ORPHAN_VALUE is a value of no field: kept as a top-level constant \[-Werror=unplaced\]$' \
	"$REFGEN" parse -Werror -o out.xml "$FIX/other.ref"
expect "parse -Werror=unplaced: that warning fails the run" 1 '/other\.ref:7:9: error: NV_OTHER_ORPHAN_VALUE is a value of no field: kept as a top-level constant \[-Werror=unplaced\]$' \
	"$REFGEN" parse -Werror=unplaced -o out.xml "$FIX/other.ref"
expect "parse -Wbogus: unknown warning" 2 '^refgen parse: unknown option -Wbogus$' \
	"$REFGEN" parse -Wbogus -o out.xml "$FIX/other.ref"
expect "parse --known: a missing list" 1 '/no-such-list: error: ' \
	"$REFGEN" parse --known "$FIX/no-such-list" -o out.xml "$FIX/other.ref"
printf 'fz/sample * nowhere why\n' >in/spaces-kind.txt
expect "parse --spaces: an unknown space" 1 '^in/spaces-kind\.txt:1:13: error: unknown space .nowhere.' \
	"$REFGEN" parse --spaces in/spaces-kind.txt -o out.xml "$FIX/sample.ref"
printf '# a comment\nfz/sample * bar0\n' >in/spaces-nosrc.txt
expect "parse --spaces: a line without its source" 1 '^in/spaces-nosrc\.txt:2:1: error: expected ' \
	"$REFGEN" parse --spaces in/spaces-nosrc.txt -o out.xml "$FIX/sample.ref"
printf 'fz/sample * bar0 why\nfz/other NV_X bar0 why\n\nfz/sample * pci again\n' >in/spaces-twice.txt
expect "parse --spaces: a unit declared twice" 1 '^in/spaces-twice\.txt:4:1: error: fz/sample \* is declared again \(first on line 1\)$' \
	"$REFGEN" parse --spaces in/spaces-twice.txt -o out.xml "$FIX/sample.ref"
printf 'fz/sample NV_NOWHERE bar0 why\n' >in/spaces-dev.txt
expect "parse --spaces: a device the unit lacks" 1 '^in/spaces-dev\.txt:1:1: error: fz/sample has no device NV_NOWHERE$' \
	"$REFGEN" parse --chip fz --spaces in/spaces-dev.txt -o out.xml "$FIX/sample.ref"
printf 'fz/sample * window:NV_NOWHERE why\n' >in/spaces-via.txt
expect "parse --spaces: a window placed by no device" 1 '^in/spaces-via\.txt:1:1: error: window NV_NOWHERE: ' \
	"$REFGEN" parse --chip fz --spaces in/spaces-via.txt -o out.xml "$FIX/sample.ref"
stdout_quiet=0   # the statistics table still goes to stdout
expect "parse --stats: bad input" 1 '/bad_range\.ref:4:28: error:' \
	"$REFGEN" parse --stats -o out.xml "$FIX/bad_range.ref"
stdout_quiet=1
expect "parse: --format without --emit" 2 '^refgen parse: --format is an option of --emit$' \
	"$REFGEN" parse --format=nv -o out.xml "$FIX/sample.ref"
expect "parse: --views without --emit" 2 '^refgen parse: --views is an option of --emit$' \
	"$REFGEN" parse --views in/views.txt -o out.xml "$FIX/sample.ref"
expect "parse --emit: an unknown format" 2 "^refgen parse: unknown format 'bogus' \\(see refgen emit --help\\)\$" \
	"$REFGEN" parse --emit inc --format=bogus "$FIX/sample.ref"
expect "parse --emit: no chip, nothing written" 2 '^refgen parse: --emit needs the chip: no input is in a manuals tree .*; give --chip CHIP$' \
	"$REFGEN" parse --emit inc -d newir "$FIX/sample.ref"
expect "parse --emit: output is a file, the IR not written either" 1 '^afile/refgen: error: cannot create directory: Not a directory$' \
	"$REFGEN" parse --chip gv100 -d stale --emit afile "$FIX/sample.ref"
expect "parse --emit: two inputs of one unit" 1 "/sample\\.ref: error: unit 'sample' again: .*/sample\\.ref is unit 'sample' too\$" \
	"$REFGEN" parse --chip gv100 --emit inc "$FIX/sample.ref" "$FIX/sample.ref"
expect "parse --emit: a missing views file" 1 '^in/views\.txt: error: cannot open: No such file or directory$' \
	"$REFGEN" parse --chip gv100 --emit inc --views in/views.txt "$FIX/sample.ref"

# ---- refgen emit: headers/ holds an earlier emit ----------------------------------------
expect "emit: not XML" 1 "^in/garbage\\.xml:1:1: error: Start tag expected, '<' not found\$" \
	"$REFGEN" emit --chip gv100 -o headers in/garbage.xml
expect "emit: truncated IR" 1 '^in/truncated\.xml:[0-9]+:[0-9]+: error: Premature end of data' \
	"$REFGEN" emit --chip gv100 -o headers in/truncated.xml
expect "emit: IR not matching the schema" 1 '^in/nounit\.xml(:[0-9]+)*: error: IR does not match the schema' \
	"$REFGEN" emit --chip gv100 -o headers in/nounit.xml
expect "emit: IR with a DOCTYPE" 1 '^in/doctype\.xml:2:1: error: IR must not contain a DOCTYPE' \
	"$REFGEN" emit --chip gv100 -o headers in/doctype.xml
expect "emit: wrong encoding" 1 '^in/encoding\.xml:1:[0-9]+: error: Document labelled UTF-16 but has UTF-8 content$' \
	"$REFGEN" emit --chip gv100 -o headers in/encoding.xml
expect "emit: one bad input, nothing written" 1 '^in/garbage\.xml:1:1: error:' \
	"$REFGEN" emit --chip gv100 -o headers good.xml in/garbage.xml
expect "emit: the same unit twice" 1 "^(good|parsed/sample)\\.xml: error: unit 'sample' again: (good|parsed/sample)\\.xml is unit 'sample' too\$" \
	"$REFGEN" emit --chip gv100 -o headers good.xml parsed/sample.xml
expect "emit: a body that injects a directive" 1 '^in/inject\.xml:[0-9]+:[0-9]+: error: IR refused: attribute body of <register NV_PSAMPLE_CTRL> holds a line break \(0x0A\)' \
	"$REFGEN" emit --chip gv100 -o headers in/inject.xml
expect "emit: a comment with a carriage return" 1 '^in/inject-cr\.xml:[0-9]+:[0-9]+: error: IR refused: attribute comment of <[a-z]+ NV_[A-Z_]+> holds a carriage return \(0x0D\)' \
	"$REFGEN" emit --chip gv100 -o headers in/inject-cr.xml
expect "emit: IR of another chip" 1 '^in/tu104\.xml: error: IR of chip tu104 \(turing/tu104/sample\.ref\.txt\) among gv100.s: refused$' \
	"$REFGEN" emit --chip gv100 -o headers in/tu104.xml
expect "emit: two units define one name differently" 1 '^twin\.ref:[0-9]+:[0-9]+: error: NV_PSAMPLE_CTRL is defined differently in both sample and twin \(sample\.ref:[0-9]+: NV_PSAMPLE_CTRL 0x00001100; [0-9]+ names in common\)' \
	"$REFGEN" emit --chip gv100 -o headers good.xml in/twin.xml
expect "emit: output directory is a FIFO" 1 '^dev/fifo/[a-z0-9/]*: error: cannot create directory: Not a directory$' \
	"$REFGEN" emit --chip gv100 -o dev/fifo good.xml
expect "emit: a FIFO as IR is refused at once" 1 '^in/fifo\.ref: error: not a regular file$' \
	timeout 10 "$REFGEN" emit --chip gv100 -o headers in/fifo.ref
expect "emit: missing IR" 1 '^in/missing\.xml: error: cannot open: No such file or directory$' \
	"$REFGEN" emit --chip gv100 -o headers in/missing.xml
expect "emit: IR is a directory" 1 '^in: error: is a directory' \
	"$REFGEN" emit --chip gv100 -o headers in
expect "emit: output is a file" 1 '^afile/[a-z0-9/]*: error: cannot create directory: Not a directory$' \
	"$REFGEN" emit --chip gv100 -o afile good.xml
expect "emit: bad chip name" 2 "^refgen emit: chip name 'gv-100' must be letters and digits \\(gv100, tu104, \\.\\.\\.\\)\$" \
	"$REFGEN" emit --chip gv-100 -o headers good.xml
expect "emit: no --chip" 2 "^refgen emit: 'good.xml' is not an IR directory \\(IR files need --chip CHIP\\)\$" \
	"$REFGEN" emit -o headers good.xml
expect "emit: no -o" 2 '^refgen emit: -o OUTDIR is required$' \
	"$REFGEN" emit --chip gv100 good.xml
expect "emit: no IR files" 2 '^refgen emit: no IR files$' \
	"$REFGEN" emit --chip gv100 -o headers
expect "emit: unknown option" 2 "unrecognized option '--bogus'\$" \
	"$REFGEN" emit --bogus --chip gv100 -o headers good.xml

# ---- refgen print ------------------------------------------------------------------------
expect "print: not XML" 1 "^in/garbage\\.xml:1:1: error: Start tag expected, '<' not found\$" \
	"$REFGEN" print in/garbage.xml
expect "print: truncated IR" 1 '^in/truncated\.xml:[0-9]+:[0-9]+: error: Premature end of data' \
	"$REFGEN" print in/truncated.xml
expect "print: IR not matching the schema" 1 '^in/nounit\.xml(:[0-9]+)*: error: IR does not match the schema' \
	"$REFGEN" print in/nounit.xml
expect "print: wrong encoding" 1 '^in/encoding\.xml:1:[0-9]+: error: Document labelled UTF-16' \
	"$REFGEN" print in/encoding.xml
expect "print: missing IR" 1 '^in/missing\.xml: error: cannot open: No such file or directory$' \
	"$REFGEN" print in/missing.xml
expect "print: IR is a directory" 1 '^in: error: is a directory' \
	"$REFGEN" print in
expect "print: unknown option" 2 "unrecognized option '--bogus'\$" \
	"$REFGEN" print --bogus good.xml

# ---- nvrt decode ---------------------------------------------------------------------------
expect "decode: no KIND" 2 '^nvrt: decode: which KIND\?' \
	"$NVRT" decode
expect "decode: no FILE" 2 '^nvrt: decode pushbuffer: give exactly one FILE$' \
	"$NVRT" decode pushbuffer
expect "decode: two FILEs" 2 '^nvrt: decode pushbuffer: give exactly one FILE$' \
	"$NVRT" decode pushbuffer layout/pushbuffer.bin layout/gpfifo.bin
expect "decode: --count not a number" 2 "^nvrt: --count: 'abc' is not a number" \
	"$NVRT" decode pushbuffer layout/pushbuffer.bin --count abc
expect "decode: FILE is a directory" 1 '^nvrt: in: cannot read' \
	"$NVRT" decode pushbuffer in
expect "decode: USERD too short" 1 '^nvrt: layout/pd3\.bin: 32 bytes is too short for userd$' \
	"$NVRT" decode userd layout/pd3.bin
expect "decode: unknown chip" 2 "^nvrt: unknown chip 'gv999'" \
	"$NVRT" decode runlist layout/runlist.bin --chip gv999
expect "decode walk: --va not a number" 2 "^nvrt: --va: 'zz' is not a number" \
	"$NVRT" decode walk --va zz --dir layout
expect "decode walk: neither --dir nor --pdb" 2 '^nvrt: decode walk: give --dir DIR, or --pdb IOVA and FILE@IOVA' \
	"$NVRT" decode walk --va 0x1000
expect "decode walk: FILE without @IOVA" 2 "^nvrt: decode walk: 'layout/pd3\\.bin' is not FILE@IOVA\$" \
	"$NVRT" decode walk --va 0x1000 --pdb 0x106000 layout/pd3.bin
expect "decode walk: no such --dir" 1 '^nvrt: nodir/layout\.json: No such file or directory$' \
	"$NVRT" decode walk --va 0x1000 --dir nodir
expect "decode walk: layout.json of an unknown chip" 2 "^nvrt: unknown chip 'gv999' \\(this build knows " \
	"$NVRT" decode walk --va 0x1000 --dir otherchip
expect "decode walk: unknown --chip" 2 "^nvrt: unknown chip 'gv999' \\(this build knows " \
	"$NVRT" decode walk --va 0x1000 --dir layout --chip gv999
expect "decode walk: corrupt layout.json" 1 '^nvrt: badlayout/layout\.json: .*not written by nvrt layout' \
	"$NVRT" decode walk --va 0x1000 --dir badlayout
expect "decode: a FIFO is refused at once" 1 '^nvrt: in/fifo\.bin: cannot read \(not a regular file\)$' \
	timeout 10 "$NVRT" decode gpfifo in/fifo.bin
expect "decode: /dev/zero is refused" 1 '^nvrt: /dev/zero: cannot read \(not a regular file\)$' \
	timeout 10 "$NVRT" decode pushbuffer /dev/zero
expect "decode: empty file" 1 '^nvrt: in/empty\.bin: empty file: nothing to decode$' \
	"$NVRT" decode gpfifo in/empty.bin
expect "decode: 7 bytes of gpfifo" 1 '^nvrt: in/gp7\.bin: 7 bytes holds no whole entry \(GP entries are 8 bytes each\)$' \
	"$NVRT" decode gpfifo in/gp7.bin
stdout_quiet=0   # the whole entries are decoded
expect "decode: a partial GP entry is warned about" 0 '^nvrt: in/gp23\.bin: warning: 23 bytes is not a whole number of 8-byte GP entries: decoded 2, ignored the last 7 bytes' \
	"$NVRT" decode gpfifo in/gp23.bin
stdout_quiet=1
expect "decode walk: IOVA with junk after it" 2 "^nvrt: decode walk: 'layout/pd3\\.bin@0x106000junk': IOVA '0x106000junk' is not a hexadecimal number" \
	"$NVRT" decode walk --va 0x1000 --pdb 0x106000 layout/pd3.bin@0x106000junk
expect "decode walk: IOVA not hexadecimal" 2 "^nvrt: decode walk: 'layout/pd3\\.bin@0xZZ': IOVA '0xZZ' is not" \
	"$NVRT" decode walk --va 0x1000 --pdb 0x106000 layout/pd3.bin@0xZZ
expect "decode walk: negative IOVA" 2 "^nvrt: decode walk: 'layout/pd3\\.bin@-1': IOVA '-1' is not" \
	"$NVRT" decode walk --va 0x1000 --pdb 0x106000 layout/pd3.bin@-1
expect "decode walk: IOVA past 2^64" 2 "^nvrt: decode walk: 'layout/pd3\\.bin@0x10000000000000000': IOVA" \
	"$NVRT" decode walk --va 0x1000 --pdb 0x106000 layout/pd3.bin@0x10000000000000000
expect "decode walk: truncated layout.json" 1 "^nvrt: cutlayout/layout\\.json: document does not end with '}': truncated" \
	"$NVRT" decode walk --va 0x104000 --dir cutlayout
expect "decode: standard output full" 1 '^nvrt: cannot write to standard output: No space left on device$' \
	sh -c '"$0" decode pushbuffer layout/pushbuffer.bin >/dev/full' "$NVRT"
expect "decode: unknown option" 2 "unrecognized option '--bogus'\$" \
	"$NVRT" decode --bogus pushbuffer layout/pushbuffer.bin

# ---- nvrt layout: layout/ holds an earlier lay-out ----------------------------------------
# Options the lay-out refuses are usage errors (nvrt(1): exit 2).
expect "layout: pushbuffer too small" 2 '^nvrt: layout: .*pushbuffer of 3 bytes is too small' \
	"$NVRT" layout --dir layout --pushbuffer-bytes 3
expect "layout: --va-base not page aligned" 2 '^nvrt: layout: .*VA 0x123 is not aligned' \
	"$NVRT" layout --dir layout --va-base 0x123
expect "layout: --va-base too large" 2 "^nvrt: --va-base: '0x4000000000000' is not a number" \
	"$NVRT" layout --dir layout --va-base 0x4000000000000
expect "layout: --count not a number" 2 "^nvrt: --count: 'abc' is not a number" \
	"$NVRT" layout --dir layout --count abc
expect "layout: --payload too large" 2 "^nvrt: --payload: '0x100000000' is not a number" \
	"$NVRT" layout --dir layout --payload 0x100000000
expect "layout: --runqueue out of range" 2 '^nvrt: layout: .*does not fit' \
	"$NVRT" layout --dir layout --runqueue 2
expect "layout: --tsgid out of range" 2 '^nvrt: layout: .*TSG id 99999 is above NV_RAMRL_ENTRY_ID_MAX' \
	"$NVRT" layout --dir layout --tsgid 99999
expect "layout: --dir is a file" 1 '^nvrt: afile: cannot create: exists and is not a directory$' \
	"$NVRT" layout --dir afile
expect "layout: a FIFO in --dir is not replaced, nothing written" 1 '^nvrt: layout: fifolay/gpfifo\.bin: is a FIFO, not a regular file: refusing to replace it$' \
	"$NVRT" layout --dir fifolay
expect "layout: unexpected argument" 2 "^nvrt: layout: unexpected argument 'extra'\$" \
	"$NVRT" layout --dir layout extra
expect "layout: unknown chip" 2 "^nvrt: unknown chip 'gv999'" \
	"$NVRT" layout --dir layout --chip gv999
expect "layout: unknown option" 2 "unrecognized option '--bogus'\$" \
	"$NVRT" layout --dir layout --bogus

# ---- nvrt-submit (it logs its steps on stdout) ----------------------------------------------
stdout_quiet=0
for v in abc -1 1e3 '' 99999999999999999999 0x; do
	expect "submit: --count '$v'" 2 "^nvrt-submit: --count: '$v' is not a number from 1 to 100000000\$" \
		"$SUBMIT" --count "$v"
done
expect "submit: --chip unknown" 2 "^nvrt-submit: --chip: unknown chip 'gv999' \\(this build knows gv100" \
	"$SUBMIT" --chip gv999
expect "submit: --inject unknown" 2 "^nvrt-submit: --inject: 'unknown' is none of bad-signature, " \
	"$SUBMIT" --inject unknown
# An address not written DOMAIN:BUS:DEV.FN is a usage error (exit 2);
# a well-formed one with no device behind it a failure (exit 1).
expect "submit: --vfio not a PCI address" 2 '^nvrt-submit: .*"xyz"' \
	"$SUBMIT" --vfio xyz
expect "submit: --vfio bad hex" 2 '^nvrt-submit: .*"0000:zz:00\.0"' \
	"$SUBMIT" --vfio 0000:zz:00.0
expect "submit: --vfio device out of range" 2 '^nvrt-submit: .*"0000:65:20\.0"' \
	"$SUBMIT" --vfio 0000:65:20.0
expect "submit: --vfio no such device" 1 '^nvrt-submit: vfio ffff:ff:1f\.7: no such PCI device' \
	"$SUBMIT" --vfio ffff:ff:1f.7
expect "submit: --timeout-ms 0" 2 "^nvrt-submit: --timeout-ms: '0' is not a number" \
	"$SUBMIT" --timeout-ms 0
expect "submit: --depth 0" 2 "^nvrt-submit: --depth: '0' is not a number" \
	"$SUBMIT" --depth 0
expect "submit: --progress not a number" 2 "^nvrt-submit: --progress: 'abc' is not a number" \
	"$SUBMIT" --progress abc
expect "submit: unexpected argument" 2 "^nvrt-submit: unexpected argument 'extra'\$" \
	"$SUBMIT" extra
expect "submit: unknown option" 2 "unrecognized option '--bogus'\$" \
	"$SUBMIT" --bogus
expect "submit: option without its argument" 2 "option '--count' requires an argument\$" \
	"$SUBMIT" --count

# ---- kill -9 during a run: no temporary file is ever left ----------------------------
# The output is written to an unnamed temporary file (O_TMPFILE) and linked
# in at the end, so whenever the kill lands, nothing named is left behind.
mkdir kill && awk 'BEGIN { print "big"; for (i = 0; i < 5000; i++)
	printf "#define NV_BIG_R%d 0x%08X /* RW-4R */\n#define NV_BIG_R%d_F 7:0 /* RWIVF */\n", i, i * 4, i }' \
	>kill/big.ref
for delay in 0.1 0.2 0.3 0.4 0.5 0.6; do
	"$REFGEN" parse -o kill/big.xml kill/big.ref 2>/dev/null &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	left=$(find kill -name '.big.xml.*' | wc -l)
	if [ "$left" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok   kill -9 after ${delay}s leaves no temporary file"
	else
		failed=$((failed + 1))
		echo "FAIL kill -9 after ${delay}s left $left temporary file(s)"
	fi
done

# ---- refgen lookup and diff: ir/fix is the sample fixture's IR -------------------------
mkdir -p ir/fix ir/bad && cp good.xml ir/fix/sample.xml && cp in/garbage.xml ir/bad/ || setup_fail "ir/"
expect "lookup: no --chip" 2 '^refgen lookup: --chip is required$' \
	"$REFGEN" lookup 0x1100
expect "lookup: no such chip" 2 "^refgen: error: no IR for chip 'nochip' \\(looked in ir/nochip\\); known chips: bad, fix\$" \
	"$REFGEN" lookup --ir ir --chip nochip 0x1100
expect "lookup: a path for a chip" 2 "^refgen lookup: chip name '\\.\\./ir' must be letters and digits" \
	"$REFGEN" lookup --ir ir --chip ../ir 0x1100
expect "lookup: IR that is not XML" 2 "^ir/bad/garbage\\.xml:1:1: error: Start tag expected" \
	"$REFGEN" lookup --ir ir --chip bad 0x1100
expect "lookup: a value that is no number" 2 "^refgen lookup: 'zz' is not a number\$" \
	"$REFGEN" lookup --ir ir --chip fix 0x1100 zz
expect "lookup: an address past 2^64" 2 "^refgen lookup: '18446744073709551616' is not a number below 2\\^64\$" \
	"$REFGEN" lookup --ir ir --chip fix 18446744073709551616
expect "lookup: no such name" 1 '^refgen lookup: fix has no define named NV_NOPE$' \
	"$REFGEN" lookup --ir ir --chip fix NV_NOPE
expect "lookup: an index out of range" 1 '^refgen lookup: NV_PSAMPLE_DATA index 16 is out of range \(i < 16\)$' \
	"$REFGEN" lookup --ir ir --chip fix 'NV_PSAMPLE_DATA(16)'
expect "lookup: --class of a chip with no classes" 1 "^refgen lookup: fix has no class 'c3b5'; its classes: none\$" \
	"$REFGEN" lookup --ir ir --chip fix --class c3b5 0x300 0x182
expect "lookup: --class with a NAME" 2 '^refgen lookup: --class is for a method offset or batch lines; a NAME has its own class$' \
	"$REFGEN" lookup --ir ir --chip fix --class c3b5 NV_PSAMPLE_DATA
expect "lookup: --class with --space" 2 '^refgen lookup: --class takes method offsets: no --space, --block, --struct or --config$' \
	"$REFGEN" lookup --ir ir --chip fix --class c3b5 --space pci 0x300
expect "lookup: an address of nothing" 1 '^refgen lookup: nothing of fix.s bar0 holds 0x20000$' \
	"$REFGEN" lookup --ir ir --chip fix 0x20000
expect "lookup: batch takes no argument" 2 '^refgen lookup: batch mode reads stdin and takes no other argument$' \
	"$REFGEN" lookup --ir ir --chip fix - 0x1100
expect "lookup: --block without =BASE" 2 "^refgen lookup: --block 'NV_RUNLIST': NAME=BASE wanted \\(NV_RUNLIST=0xc10000\\)\$" \
	"$REFGEN" lookup --ir ir --chip fix --block NV_RUNLIST -
expect "lookup: --block with a bad BASE" 2 "^refgen lookup: --block 'NV_RUNLIST=0xzz': NAME=BASE wanted" \
	"$REFGEN" lookup --ir ir --chip fix --block NV_RUNLIST=0xzz -
expect "lookup: --block with a NAME" 2 '^refgen lookup: --block is for an ADDRESS or batch lines; a NAME has its own space$' \
	"$REFGEN" lookup --ir ir --chip fix --block NV_RUNLIST=0xc10000 NV_PSAMPLE_DATA
expect "lookup: --space with --struct" 2 '^refgen lookup: --space is for an ADDRESS or batch lines; a --struct has its own space$' \
	"$REFGEN" lookup --ir ir --chip fix --space pci --struct NV_SAMPLE_DESC 0x1
expect "lookup: a misspelled name: did you mean" 1 '^refgen lookup: fix has no define named NV_PSAMPLE_DATAA \(did you mean NV_PSAMPLE_DATA\?\)$' \
	"$REFGEN" lookup --ir ir --chip fix NV_PSAMPLE_DATAA
expect "lookup: --block naming no block register" 2 "^refgen lookup: --block NV_NOPE: no register of fix's block space is named NV_NOPE_\\*\$" \
	"$REFGEN" lookup --ir ir --chip fix --block NV_NOPE=0x0 -
expect "lookup: a word that is no number" 2 "^refgen lookup: 'x1' is not a 32-bit word \\(VALUE or INDEX:VALUE\\)\$" \
	"$REFGEN" lookup --ir ir --chip fix --struct NV_SAMPLE_DESC x1
expect "lookup: a word over 32 bits" 2 "^refgen lookup: '0x100000000' is not a 32-bit word" \
	"$REFGEN" lookup --ir ir --chip fix --struct NV_SAMPLE_DESC 0x100000000
expect "diff: no --to" 2 '^refgen diff: --from and --to are required$' \
	"$REFGEN" diff --ir ir --from fix
expect "diff: no such unit" 2 "^refgen diff: neither fix nor fix has unit 'nope'\$" \
	"$REFGEN" diff --ir ir --from fix --to fix --unit nope
expect "diff: no such chip" 2 "^refgen: error: no IR for chip 'nochip'" \
	"$REFGEN" diff --ir ir --from fix --to nochip

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
