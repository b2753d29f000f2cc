#!/bin/sh
# Removes what a unit gone from the manuals tree left behind:
#
#   sh mk/prune.sh DIR UNIT...
#
# DIR/.units lists the units of the last run; for each of those not given now,
# DIR/<unit>.*, DIR/*/<unit>.h (every output sub-directory) and its records
# DIR/.src/<unit>* are deleted.  Files that are not a unit's (a chip-wide
# output) are never touched.  Without DIR/.units (a tree built before it
# existed) the units are those of DIR's *.xml and *.h files.
dir=$1
shift
now=" $* "
if [ -f "$dir/.units" ]; then
	before=$(cat "$dir/.units")
else
	before=$(for f in "$dir"/*.xml "$dir"/*.h "$dir"/*/*.h; do
		[ -f "$f" ] || continue
		u=${f##*/}
		echo "${u%%.*}"
	done | sort -u)
fi
for u in $before; do
	case $now in
	*" $u "*) ;;
	*) rm -f "$dir/$u".* "$dir"/*/"$u".h "$dir/.src/$u" "$dir/.src/$u".* ;;
	esac
done
echo "$*" >"$dir/.units.tmp" && mv -f "$dir/.units.tmp" "$dir/.units"
