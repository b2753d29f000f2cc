#!/bin/sh
# SPDX-License-Identifier: MIT
# Removes what a unit gone from the manuals tree left behind:
#
#   sh mk/prune.sh DIR LIST UNIT...
#
# LIST (a file outside DIR's outputs) holds the units of the last run; for
# each of those not given now, DIR/<unit>.*, DIR/*/<unit>.h (every output
# sub-directory) and its records DIR/.src/<unit>* are deleted, and LIST
# becomes the units given.  Files that are not a unit's (a chip-wide output)
# are never touched.  Without LIST (a tree built before it existed) the units
# are those of DIR's *.xml and *.h files.
dir=$1 list=$2
shift 2
now=" $* "
if [ -f "$list" ]; then
	before=$(cat "$list")
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
echo "$*" >"$list.tmp" && mv -f "$list.tmp" "$list"
