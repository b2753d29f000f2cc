#!/bin/sh
# SPDX-License-Identifier: MIT
# Every unit of every chip `make CHIPS=all` builds has its address space
# declared in manuals/address-spaces.txt ("<chip>/<unit> * <space> ..."):
# refgen parse leaves an undeclared unit's space unset and refgen lookup
# then takes its offsets as BAR0 addresses, so a memory structure, a
# context-image offset or a zero-based unit would be named as a BAR0
# register without a word.  The units are the build's own: mk/sources.sh
# lists them into a scratch dir exactly as make does (manual, addendum,
# published header; <unit>_addendum.h joins <unit>; published-units.txt).
# Units of the default build not declared yet are listed in
# test/build/spaces-pending.txt; a unit listed there that is declared, or
# that no chip has, fails too, as does a declaration of a unit no chip has.
# A planted case (a copy of the declarations without one line) checks that
# the missing unit is named.
#
#   REFGEN_ALL_CHIPS ("<arch>/<chip> ...", make's CHIPS=all list)
#   REFGEN_MANUALS PUBLISHED (may be empty) REFGEN_SPACES_DIR (scratch)
#   [SPACES] [ADDENDA] [PUBLISHED_UNITS] [SPACES_PENDING]
#
# Ends with "N passed, N failed".
: "${REFGEN_ALL_CHIPS:?}" "${REFGEN_MANUALS:?}" "${REFGEN_SPACES_DIR:?}"
case $REFGEN_SPACES_DIR in
/ | "") echo "spaces.sh: refusing scratch dir '$REFGEN_SPACES_DIR'" >&2; exit 1 ;;
esac
spaces=${SPACES:-manuals/address-spaces.txt}
addenda=${ADDENDA:-manuals}
pubunits=${PUBLISHED_UNITS:-manuals/published-units.txt}
pending=${SPACES_PENDING:-test/build/spaces-pending.txt}
published=${PUBLISHED:-}
# a PUBLISHED naming no tree adds no chip (as in the Makefile)
if [ -n "$published" ] && ! ls "$published"/*/*/*.h >/dev/null 2>&1; then
	published=
fi
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

dir=$REFGEN_SPACES_DIR
rm -rf "$dir/ir" && mkdir -p "$dir" || exit 1
# shellcheck disable=SC2086 # the chip list is words
if ! sh mk/sources.sh "$dir" "$REFGEN_MANUALS" "$addenda" "${published:--}" "$pubunits" $REFGEN_ALL_CHIPS; then
	bad "mk/sources.sh could not list the units"
	echo "$passed passed, $failed failed"
	exit 1
fi
for c in $REFGEN_ALL_CHIPS; do
	sed "s|^|${c##*/}/|" "$dir/ir/${c##*/}/.src/.units"
done >"$dir/units" || exit 1

# check SPACES_FILE: one line per problem, "<chip>/<unit>: what is wrong".
check() {
	awk -v spaces="$1" -v pending="$pending" -v published="$published" '
	function load(f, what,    line, w) {
		while ((getline line < f) > 0) {
			sub(/#.*/, "", line)
			if (split(line, w) < 1) continue
			if (what == "decl") { if (w[2] == "*") decl[w[1]] = 1; any[w[1]] = 1 }
			else pend[w[1]] = 1
		}
		close(f)
	}
	BEGIN { load(spaces, "decl"); load(pending, "pend") }
	{
		unit[$1] = 1; c = $1; sub(/\/.*/, "", c); chip[c] = 1
		if (!($1 in decl) && !($1 in pend))
			print $1 ": no address space declared in " spaces " (add \"" $1 " * <space> <header file:line: define>\"; refgen would take its offsets as BAR0 addresses)"
		if (($1 in decl) && ($1 in pend))
			print $1 ": declared in " spaces ", still listed in " pending " (remove it there)"
	}
	END {
		# without the published headers their units are not built: no verdict
		if (published != "") for (u in pend) if (!(u in unit))
			print u ": listed in " pending ", but no chip of the build has that unit"
		if (published != "") for (u in any) {
			c = u; sub(/\/.*/, "", c)
			if ((c in chip) && !(u in unit))
				print u ": declared in " spaces ", but " c " has no such unit"
		}
	}' "$dir/units" | sort
}

out=$(check "$spaces")
if [ -z "$out" ]; then
	ok
else
	echo "$out"
	bad "address spaces: $(echo "$out" | wc -l) unit(s) above (see manuals/address-spaces.txt's header)"
fi

# The planted case: the first declared unit of the build loses its line.
victim=$(awk 'NR == FNR { sub(/#.*/, ""); if ($2 == "*") d[$1] = 1; next } ($1 in d) { print $1; exit }' \
	"$spaces" "$dir/units")
if [ -n "$victim" ]; then
	awk -v v="$victim" '!($1 == v && $2 == "*")' "$spaces" >"$dir/planted.txt"
	if check "$dir/planted.txt" | grep -qF "$victim: no address space declared in $dir/planted.txt"; then
		ok
	else
		bad "planted: $victim without its line is not named"
	fi
else
	bad "planted: no declared unit to take away"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
