#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs every command example of README.md and doc/*.md against the build and
# checks its exit status and, where the page shows it, its output.
#
# The convention (doc/testing.md, "Command examples"):
#   ```sh            a block whose lines starting with "$ " are commands, run
#                    one by one in a scratch copy of the repository's top
#                    (symbolic links to it; `out` is the build tree under
#                    test, `../shared/manuals` the manuals, `../shared/published`
#                    the published headers when PUBLISHED names some, `../shared/hw`
#                    the real hardware data when REFGEN_HW has it), with out/bin on
#                    PATH.  A command ending in `\` continues on the next
#                    line.  The lines after a command, up to the next command
#                    or the end of the block, are its output (stdout and
#                    stderr together): a line "..." stands for any number of
#                    lines, "..." inside a line for any text (run-dependent
#                    figures); no lines shown: the output is not checked.
#                    A command ending in "# exit N" must exit with status N,
#                    any other with 0.  A command naming $KDIR or mk/kdir.sh
#                    needs kernel headers (mk/kdir.sh finds them; KDIR is
#                    passed only if set here): skipped without them, a
#                    failure when CI=true.  What the commands write must go
#                    to scratch/ (git ignores it): any other new entry at the
#                    top of the tree fails the page.
#   ```sh ci         the quick-start commands CI runs itself (.ci/run): not
#   ```sh dry-run    re-run here, nor the long make targets a dry-run block
#                    shows.  `make ...` is checked statically: every target
#                    is one `make help` lists, every VAR= a name the Makefile
#                    uses (make -n would run the recipes that hold $(MAKE),
#                    the whole suite for `make -n test`); `sh FILE` is
#                    checked with `sh -n FILE`.
#   ```sh norun      shown only (needs root and a real GPU); keep these few.
#   <!-- file: PATH --> on the line before a code block: the block is the
#                    file PATH of the tree without its SPDX line, byte for byte.
# Each page runs in its own scratch copy, its commands in page order.
#
# Environment: REFGEN_BIN (out/bin/refgen: its out/ is the build tree),
# REFGEN_MANUALS (../shared/manuals), PUBLISHED (../shared/published), REFGEN_HW
# (../shared/hw), REFGEN_DOCS_DIR (scratch,
# <out>/tmp/docs), DOCS (the pages, default README.md doc/*.md), KDIR, CI.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
refgen=${REFGEN_BIN:-out/bin/refgen}
outdir=$(cd "$(dirname "$refgen")/.." && pwd) || { echo "no build tree for $refgen"; echo "0 passed, 1 failed"; exit 1; }
manuals=${REFGEN_MANUALS:-../shared/manuals}
case $manuals in /*) ;; *) manuals=$top/$manuals ;; esac
manuals=$(cd "$manuals" && pwd) || { echo "no manuals at $manuals"; echo "0 passed, 1 failed"; exit 1; }
# NVIDIA's published headers, when there are (the examples of the chips
# they give need them): ../shared/published in the scratch tree.
published=${PUBLISHED:-$top/../shared/published}
case $published in /*) ;; *) published=$top/$published ;; esac
published=$(cd "$published" 2>/dev/null && pwd) || published=
# The real hardware data (the H200's config space), when there is.
hw=${REFGEN_HW:-$top/../shared/hw}
case $hw in /*) ;; *) hw=$top/$hw ;; esac
hw=$(cd "$hw" 2>/dev/null && pwd) || hw=
work=${REFGEN_DOCS_DIR:-$outdir/tmp/docs}
docs=${DOCS:-README.md $(ls doc/*.md 2>/dev/null)}
passed=0 failed=0 skipped=0

# Kernel headers for the kbuild examples, found as the examples find them
# (mk/kdir.sh).  The commands get KDIR only if it was set for this script:
# a reader's shell has none, and the examples must work without it.
kdir=$(sh mk/kdir.sh 2>/dev/null) || kdir=""

case $work in
"" | /) echo "commands.sh: refusing scratch dir '$work'" >&2; exit 1 ;;
esac
rm -rf "$work"
mkdir -p "$work" || exit 1
# Absolute: the commands run in the scratch tree, with its out/bin on PATH.
work=$(cd "$work" && pwd) || exit 1
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s help >"$work/make-help" 2>&1

# extract PAGE DIR: one directory per command, DIR/NNN/{cmd,want,mode,line}.
extract()
{
	awk -v dir="$2" -v page="$1" '
	function flush() { if (n) { close(f "/want") } }
	function start(line, text) {
		n++; f = sprintf("%s/%03d", dir, n)
		system("mkdir -p \"" f "\"")
		printf "%s\n", mode > (f "/mode"); close(f "/mode")
		printf "%s:%d\n", page, line > (f "/line"); close(f "/line")
		printf "" > (f "/want")
		cmd = text
	}
	function endcmd() { if (cmd != "") { printf "%s\n", cmd > (f "/cmd"); close(f "/cmd"); cmd = ""; cont = 0 } }
	/^<!-- file: [^ ]* -->$/ && !inblock && !other { fileref = $3; fileline = NR; next }
	/^```/ && !inblock && fileref != "" && !other {
		# a code block shown as a file of the tree: compared with it
		mode = "file"; start(fileline, fileref); endcmd(); inblock = 2; fileref = ""
		next
	}
	inblock == 2 && /^```$/ { inblock = 0; next }
	inblock == 2 { print >> (f "/want"); close(f "/want"); next }
	{ fileref = "" }
	/^```/ && !inblock {
		if (!other && $0 ~ /^```sh( |$)/) {
			inblock = 1; mode = "run"
			if ($0 ~ / ci( |$)/) mode = "ci"
			else if ($0 ~ / dry-run( |$)/) mode = "dry-run"
			else if ($0 ~ / norun( |$)/) mode = "norun"
			else if ($0 != "```sh") mode = "bad-info-string"
		} else if ($0 ~ /^```/) {
			other = 1 - other
		}
		next
	}
	inblock && /^```$/ { endcmd(); inblock = 0; next }
	!inblock && !other && /^[ \t]*\$ / {
		printf "%s:%d: a command example outside a ```sh block: %s\n", page, NR, $0 > "/dev/stderr"; bad = 1
	}
	!inblock { next }
	cont { cmd = cmd "\n" $0; if ($0 !~ /\\$/) endcmd(); next }
	/^\$ / {
		endcmd()
		start(NR, substr($0, 3))
		if ($0 ~ /\\$/) cont = 1; else endcmd()
		next
	}
	n { print >> (f "/want"); close(f "/want"); next }
	{ printf "%s:%d: a line before the first command of a ```sh block\n", page, NR > "/dev/stderr"; bad = 1 }
	END { exit bad }' "$1"
}

# match WANT GOT: GOT fits WANT ("..." lines and "..." inside lines are wildcards).
match()
{
	awk '
	function re(s,   out, i, c) {
		out = ""
		for (i = 1; i <= length(s); i++) {
			if (substr(s, i, 3) == "...") { out = out ".*"; i += 2; continue }
			c = substr(s, i, 1)
			if (index("\\^$.[]|()*+?{}/", c)) out = out "\\" c; else out = out c
		}
		return "^" out "$"
	}
	FNR == 1 { file++ }
	{ sub(/[ \t]+$/, "") }
	file == 1 { m++; w[m] = $0; r[m] = re($0); next }
	{ n++; g[n] = $0 }
	END {
		# ok[i, j]: want lines i.. match got lines j..
		for (i = m + 1; i >= 1; i--)
			for (j = n + 1; j >= 1; j--) {
				if (i > m) v = (j > n)
				else if (w[i] == "...") v = ok[i + 1, j] || (j <= n && ok[i, j + 1])
				else v = (j <= n && g[j] ~ r[i] && ok[i + 1, j + 1])
				ok[i, j] = v
			}
		exit !ok[1, 1]
	}' "$1" "$2"
}

# A sanitizer build's library links only with the sanitizer's runtime: there
# (CFLAGS has -fsanitize, as make check-sanitize sets it) the examples' cc is
# the build's compiler with the build's flags.
ccdir=
case ${CFLAGS:-} in
*-fsanitize*)
	mkdir -p "$work/cc" || exit 1
	printf '#!/bin/sh\nexec %s %s "$@"\n' "${CC:-cc}" "$CFLAGS" >"$work/cc/cc" && chmod +x "$work/cc/cc" || exit 1
	ccdir=$work/cc: ;;
esac

# farm DIR: a scratch copy of the repository's top made of symbolic links.
farm()
{
	mkdir -p "$1/top" "$1/shared"
	for e in "$top"/* "$top"/.[!.]*; do
		[ -e "$e" ] || continue
		case ${e##*/} in .git | out) continue ;; esac
		ln -s "$e" "$1/top/${e##*/}"
	done
	ln -s "$outdir" "$1/top/out"
	ln -s "$manuals" "$1/shared/manuals"
	[ -z "$published" ] || ln -s "$published" "$1/shared/published"
	[ -z "$hw" ] || ln -s "$hw" "$1/shared/hw"
}

for page in $docs; do
	p=$work/$(echo "$page" | tr / _)
	farm "$p"
	if ! extract "$page" "$p/cases"; then
		failed=$((failed + 1)); echo "FAIL $page: malformed command blocks"
		continue
	fi
	[ -d "$p/cases" ] || continue
	for c in "$p"/cases/*; do
		mode=$(cat "$c/mode") where=$(cat "$c/line")
		cmd=$(cat "$c/cmd")
		status=0
		case $cmd in *"# exit "[0-9]*) status=$(echo "$cmd" | sed -n 's/.*# exit \([0-9]*\)[[:space:]]*$/\1/p') ;; esac
		case $mode in
		norun)
			skipped=$((skipped + 1)); printf '%s\n' "not run ($where): $cmd"; continue ;;
		ci | dry-run)
			# Each part of `a && b`: a make command whose targets `make help`
			# lists and whose variables the Makefile uses, or sh -n SCRIPT.
			ok=1
			: >"$c/got"
			for part in $(echo "$cmd" | sed -e 's/#.*//' -e 's/&&/\n/g' | tr ' ' '\001'); do
				part=$(echo "$part" | tr '\001' ' ' | sed -e 's/^ *//' -e 's/ *$//')
				[ -z "$part" ] && continue
				case $part in
				make | "make "*)
					eval "set -- ${part#make}"
					for w in "$@"; do
						case $w in
						[A-Z]*=*)
							grep -qw -- "${w%%=*}" Makefile mk/*.mk ||
								{ ok=0; echo "no variable ${w%%=*} in the Makefile" >>"$c/got"; } ;;
						-*) ;;
						*)
							grep -q "^  $w " "$work/make-help" ||
								{ ok=0; echo "make help lists no target $w" >>"$c/got"; } ;;
						esac
					done ;;
				"sh "*) (cd "$p/top" && sh -n ${part#sh }) >>"$c/got" 2>&1 || ok=0 ;;
				*) echo "not a make command or sh script: $part" >>"$c/got"; ok=0 ;;
				esac
			done
			if [ "$ok" = 1 ]; then
				passed=$((passed + 1)); printf '%s\n' "ok ($mode, $where): $cmd"
			else
				failed=$((failed + 1)); printf '%s\n' "FAIL ($mode, $where): $cmd"; sed -n '1,15p' "$c/got"
			fi
			continue ;;
		file)
			# The file minus its SPDX line is the block, byte for byte.
			if [ -f "$cmd" ] && grep -v 'SPDX-License-Identifier' "$cmd" | cmp -s - "$c/want"; then
				passed=$((passed + 1)); printf '%s\n' "ok ($where): the block is $cmd"
			else
				failed=$((failed + 1)); printf '%s\n' "FAIL ($where): the block differs from $cmd"
				[ -f "$cmd" ] && grep -v 'SPDX-License-Identifier' "$cmd" | diff - "$c/want" | sed -n '1,20p'
			fi
			continue ;;
		run) ;;
		*)
			failed=$((failed + 1)); echo "FAIL ($where): unknown block info string"; continue ;;
		esac
		case $cmd in
		*'$KDIR'* | *'${KDIR'* | *mk/kdir.sh*)
			if [ -z "$kdir" ]; then
				if [ "${CI:-}" = true ]; then
					failed=$((failed + 1)); printf '%s\n' "FAIL ($where): no kernel headers (install linux-headers-amd64, or set KDIR): $cmd"
				else
					skipped=$((skipped + 1)); printf '%s\n' "skipped ($where), no kernel headers: $cmd"
				fi
				continue
			fi ;;
		esac
		(cd "$p/top" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u REFGEN_BIN -u REFGEN_DOCS_DIR -u DOCS \
			PATH="$p/top/out/bin:$ccdir$PATH" sh -c "$cmd") >"$c/got" 2>&1 </dev/null
		rc=$?
		if [ "$rc" -ne "$status" ]; then
			failed=$((failed + 1)); printf '%s\n' "FAIL ($where): $cmd"; echo "  exit status $rc, want $status"; sed -n '1,20p' "$c/got"
		elif [ -s "$c/want" ] && ! match "$c/want" "$c/got"; then
			failed=$((failed + 1)); printf '%s\n' "FAIL ($where): $cmd"; echo "  output differs (want, got):"
			diff "$c/want" "$c/got" | sed -n '1,30p'
		else
			passed=$((passed + 1)); printf '%s\n' "ok ($where): $cmd"
		fi
	done
	# A reader pastes these into a checkout: what they write goes to
	# scratch/ (ignored by git), nothing else beside the tree's own files.
	new=$(cd "$p/top" && for e in * .[!.]*; do
		[ -e "$e" ] || [ -L "$e" ] || continue
		[ -L "$e" ] || [ "$e" = scratch ] || echo "$e"
	done)
	if [ -n "$new" ]; then
		failed=$((failed + 1)); printf '%s\n' "FAIL $page: its examples write into the checkout (write into scratch/): $(echo $new)"
	else
		passed=$((passed + 1)); printf '%s\n' "ok $page: its examples write only into scratch/"
	fi
done
echo "($skipped shown only or skipped; scratch in $work)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
