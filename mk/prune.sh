#!/bin/sh
# Removes what a chip's units no longer produce (a unit gone from the manuals
# tree): sh mk/prune.sh DIR UNIT...  deletes DIR/*.xml, DIR/*.h, DIR/nv/*.h,
# DIR/fields/*.h and DIR/.src/* whose unit is not listed.
dir=$1
shift
keep=" $* "
for f in "$dir"/*.xml "$dir"/*.h "$dir"/nv/*.h "$dir"/fields/*.h "$dir"/.src/*; do
	[ -f "$f" ] || continue
	u=${f##*/}
	u=${u%%.*}
	case $keep in *" $u "*) ;; *) rm -f "$f" ;; esac
done
