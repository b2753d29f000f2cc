#!/bin/sh
# SPDX-License-Identifier: MIT
# runtime/src/hw/ and runtime/src/sim/ are compiled once per chip into one
# library: each chip's objects must export only names of that chip
# (nvrt_<chip>_*, nvrt_chip_<chip>, nvrt_sim_model_<chip>), or two chips'
# functions of the same name would be taken for one another at link time.
#
#   sh mk/check-chip-symbols.sh NM CHIP OBJ... -- CHIP OBJ... --
nm=$1
shift
status=0
while [ $# -gt 0 ]; do
	chip=$1
	shift
	objs=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		objs="$objs $1"
		shift
	done
	shift
	# shellcheck disable=SC2086
	bad=$($nm -g --defined-only $objs | awk -v c="$chip" '
		NF >= 3 && $3 !~ ("(^|_)nvrt_(chip_|sim_model_)?" c "(_|$)") { print $3 }' | sort -u)
	if [ -n "$bad" ]; then
		for s in $bad; do
			echo "error: $chip's runtime objects export $s: give it the chip's name (NVRT_FN, runtime/src/sim/sim_names.h)" >&2
		done
		status=1
	fi
done
exit $status
