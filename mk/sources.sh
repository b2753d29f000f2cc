#!/bin/sh
# SPDX-License-Identifier: MIT
# Records what each unit's IR is made from, so that make rebuilds exactly the
# units whose inputs changed, whichever manuals tree they now come from:
#
#   sh mk/sources.sh OUT MANUALS ADDENDA PUBLISHED PUBLISHED_UNITS ARCH/CHIP...
#
# For each chip, OUT/ir/<chip>/.src/<unit> holds the unit's input (the manual,
# or an addendum with no manual, or a published header with neither), its
# addendum and the published headers that fill its gaps (<unit>.h,
# <unit>_addendum.h), each with its size and mtime; OUT/ir/<chip>/.src/.units
# lists the units.  PUBLISHED is '-' when there is no published tree;
# PUBLISHED_UNITS (manuals/published-units.txt) sends a header to another
# unit's record ("<chip> <header>.h <unit>|-").  A file
# is rewritten only when its content changes: its mtime is what make
# compares.  Run by the Makefile while it reads itself (one stat per chip).
out=$1 manuals=$2 addenda=$3 published=$4 pubunits=$5
shift 5

# replace FILE: stdin becomes FILE unless FILE already holds the same bytes.
replace() {
	cat >"$1.tmp"
	if cmp -s "$1.tmp" "$1"; then rm -f "$1.tmp"; else mv -f "$1.tmp" "$1"; fi
}

for c in "$@"; do
	chip=${c##*/}
	src=$out/ir/$chip/.src
	mkdir -p "$src" || exit 1
	pub=
	[ "$published" = - ] || pub="$published/$c"
	stat -L -c '%n %s %Y' "$manuals/$c"/*.ref.txt "$addenda/$chip"/*.ref ${pub:+"$pub"/*.h} 2>/dev/null |
	awk -v src="$src" -v mdir="$manuals/$c/" -v pdir="${pub:+$pub/}" -v chip="$chip" -v map="$pubunits" '
	BEGIN {
		while (pdir != "" && (getline line < map) > 0) {
			sub(/#.*/, "", line)
			if (split(line, w) == 3 && w[1] == chip) to[w[2]] = w[3]
		}
	}
	{
		path = $1; base = path; sub(/.*\//, "", base); unit = base; sub(/\..*/, "", unit)
		if (pdir != "" && index(path, pdir) == 1) {
			if (base in to) { if (to[base] != "-") mapped[to[base]] = mapped[to[base]] "published " $0 "\n" }
			else pubrec[unit] = $0
			next
		}
		if (index(path, mdir) == 1) manual[unit] = $0; else addendum[unit] = $0
		units[unit] = 1
	}
	END {
		# a published <unit>.h is a unit of its own when nothing else is;
		# <unit>_addendum.h joins <unit>
		for (u in pubrec) if (u !~ /_addendum$/) units[u] = 1
		for (u in pubrec) if (u ~ /_addendum$/) {
			b = u; sub(/_addendum$/, "", b)
			if (!(b in units)) units[u] = 1
		}
		for (u in units) {
			if (u in manual) rec = "input " manual[u] "\n"
			else if (u in addendum) rec = "input " addendum[u] "\n"
			else rec = "input " pubrec[u] "\n"
			if ((u in manual) && (u in addendum)) rec = rec "addendum " addendum[u] "\n"
			if (((u in manual) || (u in addendum)) && (u in pubrec)) rec = rec "published " pubrec[u] "\n"
			if ((u "_addendum") in pubrec) rec = rec "published " pubrec[u "_addendum"] "\n"
			if (u in mapped) rec = rec mapped[u]
			f = src "/" u; old = ""
			while ((getline line < f) > 0) old = old line "\n"
			close(f)
			if (old != rec) { printf "%s", rec > f; close(f) }
			print u
		}
	}' | sort | replace "$src/.units"
done
