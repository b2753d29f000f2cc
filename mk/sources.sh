#!/bin/sh
# SPDX-License-Identifier: MIT
# Records what each unit's IR is made from, so that make rebuilds exactly the
# units whose inputs changed, whichever manuals tree they now come from:
#
#   sh mk/sources.sh OUT MANUALS ADDENDA ARCH/CHIP...
#
# For each chip, OUT/ir/<chip>/.src/<unit> holds the unit's input (the manual,
# or an addendum with no manual) and its addendum, each with its size and
# mtime; OUT/ir/<chip>/.src/.units lists the units.  A file is
# rewritten only when its content changes: its mtime is what make compares.
# Run by the Makefile while it reads itself (one stat per chip).
out=$1 manuals=$2 addenda=$3
shift 3

# replace FILE: stdin becomes FILE unless FILE already holds the same bytes.
replace() {
	cat >"$1.tmp"
	if cmp -s "$1.tmp" "$1"; then rm -f "$1.tmp"; else mv -f "$1.tmp" "$1"; fi
}

for c in "$@"; do
	chip=${c##*/}
	src=$out/ir/$chip/.src
	mkdir -p "$src" || exit 1
	stat -L -c '%n %s %Y' "$manuals/$c"/*.ref.txt "$addenda/$chip"/*.ref 2>/dev/null |
	awk -v src="$src" -v mdir="$manuals/$c/" '
	{
		path = $1; base = path; sub(/.*\//, "", base); unit = base; sub(/\..*/, "", unit)
		if (index(path, mdir) == 1) manual[unit] = $0; else addendum[unit] = $0
		units[unit] = 1
	}
	END {
		for (u in units) {
			rec = "input " (u in manual ? manual[u] : addendum[u]) "\n"
			if ((u in manual) && (u in addendum)) rec = rec "addendum " addendum[u] "\n"
			f = src "/" u; old = ""
			while ((getline line < f) > 0) old = old line "\n"
			close(f)
			if (old != rec) { printf "%s", rec > f; close(f) }
			print u
		}
	}' | sort | replace "$src/.units"
done
