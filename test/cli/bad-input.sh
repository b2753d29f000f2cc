#!/bin/sh
# Bad input and bad options for the command-line tools: refgen parse, emit
# and print, nvrt decode and layout, nvrt-submit.  Each case checks
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
long=$(printf '%0300d' 0 | tr 0 d)$(printf '%0300d' 0 | tr 0 d)
long=$long/$long/$long/$long/$long/$long/$long/$long

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
	extra=$(sed -n '2,$p' "$S.err" | grep -v "^Try '[a-z-]* --help'\.\$")
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
expect "parse -d: a file, not a directory" 1 '^afile: error: cannot create directory: Not a directory$' \
	"$REFGEN" parse -d afile "$FIX/sample.ref" "$FIX/other.ref"
expect "parse -d: path too long" 1 '^d+(/d+)*: error: cannot create directory: File name too long$' \
	"$REFGEN" parse -d "$long" "$FIX/sample.ref" "$FIX/other.ref"
expect "parse -o: no such directory" 1 '^nodir/out\.xml: error: cannot write: No such file or directory$' \
	"$REFGEN" parse -o nodir/out.xml "$FIX/sample.ref"
expect "parse -Werror: a warning fails the run" 1 '/other\.ref:7:9: warning: NV_OTHER_ORPHAN_VALUE is a value of no field' \
	"$REFGEN" parse -Werror -o out.xml "$FIX/other.ref"
stdout_quiet=0   # the statistics table still goes to stdout
expect "parse --stats: bad input" 1 '/bad_range\.ref:4:28: error:' \
	"$REFGEN" parse --stats -o out.xml "$FIX/bad_range.ref"
stdout_quiet=1

# ---- refgen emit: headers/ holds an earlier emit ----------------------------------------
expect "emit: not XML" 1 "^in/garbage\\.xml:1:1: error: Start tag expected, '<' not found\$" \
	"$REFGEN" emit --chip gv100 -o headers in/garbage.xml
expect "emit: truncated IR" 1 '^in/truncated\.xml:[0-9]+:[0-9]+: error: Premature end of data' \
	"$REFGEN" emit --chip gv100 -o headers in/truncated.xml
expect "emit: IR not matching the schema" 1 '^in/nounit\.xml(:[0-9]+)*: error: IR does not match the schema' \
	"$REFGEN" emit --chip gv100 -o headers in/nounit.xml
expect "emit: IR with a DOCTYPE" 1 '^in/doctype\.xml:2: error: IR must not contain a DOCTYPE' \
	"$REFGEN" emit --chip gv100 -o headers in/doctype.xml
expect "emit: wrong encoding" 1 '^in/encoding\.xml:1:[0-9]+: error: Document labelled UTF-16 but has UTF-8 content$' \
	"$REFGEN" emit --chip gv100 -o headers in/encoding.xml
expect "emit: one bad input, nothing written" 1 '^in/garbage\.xml:1:1: error:' \
	"$REFGEN" emit --chip gv100 -o headers good.xml in/garbage.xml
expect "emit: the same unit twice" 1 "error: two inputs are unit 'sample'\$" \
	"$REFGEN" emit --chip gv100 -o headers good.xml parsed/sample.xml
expect "emit: missing IR" 1 '^in/missing\.xml: error: cannot open: No such file or directory$' \
	"$REFGEN" emit --chip gv100 -o headers in/missing.xml
expect "emit: IR is a directory" 1 '^in: error: is a directory' \
	"$REFGEN" emit --chip gv100 -o headers in
expect "emit: output is a file" 1 '^afile/[a-z0-9/]*: error: cannot create directory: Not a directory$' \
	"$REFGEN" emit --chip gv100 -o afile good.xml
expect "emit: bad chip name" 2 "^refgen: emit: chip name 'GV100' must be lower-case letters and digits\$" \
	"$REFGEN" emit --chip GV100 -o headers good.xml
expect "emit: no --chip" 2 '^refgen: emit: --chip and -o are required$' \
	"$REFGEN" emit -o headers good.xml
expect "emit: no -o" 2 '^refgen: emit: --chip and -o are required$' \
	"$REFGEN" emit --chip gv100 good.xml
expect "emit: no IR files" 2 '^refgen: emit: no IR files$' \
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
expect "decode walk: corrupt layout.json" 1 '^nvrt: badlayout/layout\.json: .*not written by nvrt layout' \
	"$NVRT" decode walk --va 0x1000 --dir badlayout
expect "decode: unknown option" 2 "unrecognized option '--bogus'\$" \
	"$NVRT" decode --bogus pushbuffer layout/pushbuffer.bin

# ---- nvrt layout: layout/ holds an earlier lay-out ----------------------------------------
expect "layout: pushbuffer too small" 1 '^nvrt: layout: .*pushbuffer of 3 bytes is too small' \
	"$NVRT" layout --dir layout --pushbuffer-bytes 3
expect "layout: --va-base not page aligned" 1 '^nvrt: layout: .*VA 0x123 is not aligned' \
	"$NVRT" layout --dir layout --va-base 0x123
expect "layout: --va-base too large" 2 "^nvrt: --va-base: '0x4000000000000' is not a number" \
	"$NVRT" layout --dir layout --va-base 0x4000000000000
expect "layout: --count not a number" 2 "^nvrt: --count: 'abc' is not a number" \
	"$NVRT" layout --dir layout --count abc
expect "layout: --payload too large" 2 "^nvrt: --payload: '0x100000000' is not a number" \
	"$NVRT" layout --dir layout --payload 0x100000000
expect "layout: --runqueue out of range" 1 '^nvrt: layout: .*does not fit' \
	"$NVRT" layout --dir layout --runqueue 2
expect "layout: --tsgid out of range" 1 '^nvrt: layout: .*TSG id 99999 is above NV_RAMRL_ENTRY_ID_MAX' \
	"$NVRT" layout --dir layout --tsgid 99999
expect "layout: --dir is a file" 1 '^nvrt: layout: afile/[a-z_0-9]+\.bin: cannot write: Not a directory$' \
	"$NVRT" layout --dir afile
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
expect "submit: --inject unknown" 2 "^nvrt-submit: --inject: 'unknown' is none of bad-signature, " \
	"$SUBMIT" --inject unknown
expect "submit: --vfio not a PCI address" 1 '^nvrt-submit: .*"xyz"' \
	"$SUBMIT" --vfio xyz
expect "submit: --vfio bad hex" 1 '^nvrt-submit: .*"0000:zz:00\.0"' \
	"$SUBMIT" --vfio 0000:zz:00.0
expect "submit: --vfio device out of range" 1 '^nvrt-submit: .*"0000:65:20\.0"' \
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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
