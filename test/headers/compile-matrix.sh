#!/bin/sh
# SPDX-License-Identifier: MIT
# Compile matrix for the generated headers: every header of every chip, in
# both styles (typed <chip>/<unit>.h, NVIDIA-compatible <chip>/nv/<unit>.h),
# must compile clean under
#   gcc and clang, -std=c99 and -std=c11, -Wall -Wextra -Wconversion -Werror -pedantic
#   g++ -std=c++17 -Wall -Wextra -Wconversion -Wsign-conversion -Werror -pedantic
#   the same gcc and g++ with every accessor (-DREFGEN_ALL_ACCESSORS)
# The typed TUs include the builders (<chip>/make/<unit>.h) too: their
# functions use the setters, so the accessors' code is compiled as well.
#   gcc -std=c11 -DNDEBUG (REFGEN_CHECK compiled out: no unused parameters)
#   gcc and clang in a kernel-like freestanding build (-ffreestanding
#   -nostdinc -D__KERNEL__ with test/kernel/linux/{types,bug}.h; checks
#   WARN_ON_ONCE by default, BUG_ON with -DREFGEN_KERNEL_BUG_ON)
# and both styles of a chip together in one TU under gcc and clang -std=c11.
# The runtime's per-chip part (runtime/src/hw/*.c against the chip's
# headers, with runtime/src/chips/<chip>.h) for every chip that has one,
# under gcc and clang -std=gnu11 -O2 -Wall -Wextra -Werror (the runtime's own
# warnings): a chip whose runtime does not compile fails here too.
# One translation unit per chip and style holds all its headers (each twice,
# to exercise the include guards); units that are alternative views of one
# block (they #error when included together) go to separate TUs, and a TU
# including such a pair must fail with that #error.
#
# Usage: compile-matrix.sh            (from the repository root)
# Environment: REFGEN_INCLUDE (out/include), REFGEN_CHIPS (every chip
# directory there), REFGEN_MATRIX_DIR (out/tmp/compile-matrix), JOBS (nproc),
# GCC, CLANG, GXX; NVRT_RT_CHIPS (the chips of REFGEN_CHIPS that have
# runtime/src/chips/<chip>.h).
# Ends with "N passed, N failed" (one per compile); exit status 1 on failure.
set -u

inc=${REFGEN_INCLUDE:-out/include}
work=${REFGEN_MATRIX_DIR:-out/tmp/compile-matrix}
kernel=${REFGEN_KERNEL_INCLUDE:-test/kernel}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
GCC=${GCC:-gcc}
CLANG=${CLANG:-clang}
GXX=${GXX:-g++}
STRICT="-Wall -Wextra -Wconversion -Werror -pedantic"
XSTRICT="$STRICT -Wsign-conversion"
ALL="-DREFGEN_ALL_ACCESSORS"
CONFIGS="gcc-c99 gcc-c11 clang-c99 clang-c11 gxx-c++17 gcc-all gxx-all gcc-ndebug gcc-kernel gcc-kernel-bugon clang-kernel"
RT_FLAGS="-std=gnu11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -Iruntime/include -Iruntime/src -Icommon"
RT_CONFIGS="rt-gcc rt-clang"
# Both styles in one TU costs as much as the typed TU again: a subset will do.
BOTH_CONFIGS="gcc-c11 clang-c11"

# Compiler command line of a configuration.
matrix_config_cmd()
{
	case $1 in
	gcc-c99)       echo "$GCC -std=c99 $STRICT -x c" ;;
	gcc-c11)       echo "$GCC -std=c11 $STRICT -x c" ;;
	clang-c99)     echo "$CLANG -std=c99 $STRICT -x c" ;;
	clang-c11)     echo "$CLANG -std=c11 $STRICT -x c" ;;
	gxx-c++17)     echo "$GXX -std=c++17 $XSTRICT -x c++" ;;
	gcc-all)       echo "$GCC -std=c11 $ALL $STRICT -x c" ;;
	gxx-all)       echo "$GXX -std=c++17 $ALL $XSTRICT -x c++" ;;
	gcc-ndebug)    echo "$GCC -std=c11 -DNDEBUG $STRICT -x c" ;;
	gcc-kernel)    echo "$GCC -std=gnu11 -ffreestanding -nostdinc -D__KERNEL__ -I$kernel $STRICT -x c" ;;
	gcc-kernel-bugon) echo "$GCC -std=gnu11 -ffreestanding -nostdinc -D__KERNEL__ -DREFGEN_KERNEL_BUG_ON -I$kernel $STRICT -x c" ;;
	# the runtime of chip ${1#*:}, as the Makefile compiles it
	rt-gcc:*)      echo "$GCC $RT_FLAGS -include runtime/src/chips/${1#*:}.h -x c" ;;
	rt-clang:*)    echo "$CLANG $RT_FLAGS -include runtime/src/chips/${1#*:}.h -x c" ;;
	# the #error refusing a pair: no warnings, and stop there (the rest clashes)
	gcc-refusal)   echo "$GCC -std=c11 -w -Wfatal-errors -x c" ;;
	clang-kernel)  echo "$CLANG -std=gnu11 -ffreestanding -nostdinc -D__KERNEL__ -I$kernel $STRICT -x c" ;;
	*)             return 1 ;;
	esac
}

# One job: compile tu under config; expect "ok" (clean) or "error" (the
# alternative-view #error).  Writes res/<job>.res and log/<job>.log.
matrix_compile_one()
{
	config=$1 tu=$2 expect=$3
	job="$(echo "$config" | tr : -)--$(basename "$tu" .c)"
	log="$work/log/$job.log"
	cmd=$(matrix_config_cmd "$config") || { echo "FAIL $job (unknown configuration)" >"$work/res/$job.res"; return; }
	# An object of our own: a failing compiler may remove its output, and as
	# root /dev/null must never be that output.
	# shellcheck disable=SC2086  # cmd is a word list on purpose
	$cmd -I"$inc" -c -o "$work/res/$job.o" "$tu" >"$log" 2>&1
	rc=$?
	if [ "$expect" = ok ] && [ $rc -eq 0 ] && [ ! -s "$log" ]; then
		echo "PASS $job" >"$work/res/$job.res"
	elif [ "$expect" = error ] && [ $rc -ne 0 ] && grep -q 'include only one' "$log"; then
		echo "PASS $job" >"$work/res/$job.res"
	else
		echo "FAIL $job (expected $expect, exit $rc): $cmd -I$inc -c $tu" >"$work/res/$job.res"
	fi
}

# "unit other..." per typed header of chip: the units it refuses to meet.
matrix_conflicts_list()
{
	chip=$1
	for h in "$inc/$chip"/*.h; do
		u=$(basename "$h" .h)
		others=$(sed -n 's|^#error "[^"/]*/[^"/]*\.h and [^"/]*/\([^"/]*\)\.h describe .*|\1|p' \
			"$h" "$inc/$chip/nv/$u.h" | sort -u | tr '\n' ' ')
		echo "$u $others"
	done
}

# Greedy partition: each unit goes to the first group it does not conflict with.
matrix_groups_make()
{
	awk '{
		for (g = 0; g < n; g++) {
			ok = 1
			for (k = 2; k <= NF; k++)
				if ((g, $k) in member)
					ok = 0
			if (ok)
				break
		}
		if (g == n)
			n++
		member[g, $1] = 1
		list[g] = list[g] " " $1
	} END { for (g = 0; g < n; g++) print substr(list[g], 2) }'
}

# A TU including each of the given headers, then all again (include guards).
matrix_tu_write()
{
	out=$1
	shift
	{
		echo "/* Generated by test/headers/compile-matrix.sh. */"
		for h in "$@"; do echo "#include \"$h\""; done
		for h in "$@"; do echo "#include \"$h\""; done
		echo "typedef int refgen_matrix_nonempty;  /* ISO C: no empty TU */"
	} >"$out"
}

# Writes the TUs of one chip and appends their jobs to the job list.
matrix_chip_plan()
{
	chip=$1 n=0
	matrix_conflicts_list "$chip" >"$work/tu/$chip.conflicts"
	matrix_groups_make <"$work/tu/$chip.conflicts" >"$work/tu/$chip.groups"
	while read -r units; do
		typed="" nv="" both=""
		for u in $units; do
			typed="$typed $chip/$u.h"
			[ -f "$inc/$chip/make/$u.h" ] && typed="$typed $chip/make/$u.h"
			nv="$nv $chip/nv/$u.h"
			both="$both $chip/nv/$u.h $chip/$u.h"
		done
		# shellcheck disable=SC2086
		matrix_tu_write "$work/tu/$chip-typed-$n.c" $typed
		# shellcheck disable=SC2086
		matrix_tu_write "$work/tu/$chip-nv-$n.c" $nv
		# shellcheck disable=SC2086
		matrix_tu_write "$work/tu/$chip-both-$n.c" $both
		for c in $CONFIGS; do
			echo "$c $work/tu/$chip-typed-$n.c ok"
			echo "$c $work/tu/$chip-nv-$n.c ok"
		done >>"$work/jobs"
		for c in $BOTH_CONFIGS; do
			echo "$c $work/tu/$chip-both-$n.c ok"
		done >>"$work/jobs"
		n=$((n + 1))
	done <"$work/tu/$chip.groups"
	# each refusing pair, once per style: must stop at the #error
	awk '{ for (k = 2; k <= NF; k++) if ($1 < $k) print $1, $k }' "$work/tu/$chip.conflicts" |
	while read -r u o; do
		matrix_tu_write "$work/tu/$chip-xfail-typed-$u-$o.c" "$chip/$u.h" "$chip/$o.h"
		matrix_tu_write "$work/tu/$chip-xfail-nv-$u-$o.c" "$chip/nv/$u.h" "$chip/nv/$o.h"
		echo "gcc-refusal $work/tu/$chip-xfail-typed-$u-$o.c error"
		echo "gcc-refusal $work/tu/$chip-xfail-nv-$u-$o.c error"
	done >>"$work/jobs"
}

# The runtime sources compiled once per chip, as the Makefile compiles them:
# runtime/src/hw/*.c, the files of the chip's generation
# (runtime/src/hw/<generation>/, when runtime/src/chips/<chip>.h names one
# with NVRT_CHIP_GENERATION), the files of its Host design
# (runtime/src/hw/<design>/, when it names one with NVRT_CHIP_HOST_DESIGN:
# pfifo for GV100 and TU104), and the simulator's model of the chip when it
# has one (runtime/src/sim/chips/<chip>.h: sim/*.c and sim/gen/<generation>.c, the
# generation being the NVRT_CHIP_GENERATION above; not sim/sim_model.c, the
# simulator's chip-generic entry, compiled once).
matrix_rt_sources()
{
	gen=$(sed -n 's/^#define NVRT_CHIP_GENERATION \([a-z0-9]*\).*/\1/p' "runtime/src/chips/$1.h")
	design=$(sed -n 's/^#define NVRT_CHIP_HOST_DESIGN \([a-z0-9]*\).*/\1/p' "runtime/src/chips/$1.h")
	ls runtime/src/hw/*.c
	[ -n "$gen" ] && ls runtime/src/hw/"$gen"/*.c 2>/dev/null
	[ -n "$design" ] && ls runtime/src/hw/"$design"/*.c 2>/dev/null
	if [ -f "runtime/src/sim/chips/$1.h" ]; then
		ls runtime/src/sim/*.c | grep -v '/sim_model\.c$'
		[ -n "$gen" ] && ls "runtime/src/sim/gen/$gen.c" 2>/dev/null
	fi
	return 0
}

matrix_main()
{
	chips=${REFGEN_CHIPS:-$(cd "$inc" && for d in */; do d=${d%/}; [ "$d" = refgen ] || echo "$d"; done)}
	rm -rf "$work"
	mkdir -p "$work/tu" "$work/log" "$work/res" || exit 1
	: >"$work/jobs"
	for chip in $chips; do
		if [ ! -d "$inc/$chip/nv" ]; then
			echo "FAIL $chip: no headers under $inc/$chip" >"$work/res/missing-$chip.res"
			continue
		fi
		matrix_chip_plan "$chip"
	done
	rt_chips=${NVRT_RT_CHIPS-$(for c in $chips; do [ -f "runtime/src/chips/$c.h" ] && echo "$c"; done)}
	for chip in $rt_chips; do
		for src in $(matrix_rt_sources "$chip"); do
			for c in $RT_CONFIGS; do
				echo "$c:$chip $src ok"
			done
		done >>"$work/jobs"
	done
	start=$(date +%s)
	xargs -n 3 -P "$jobs" sh "$0" --one <"$work/jobs"
	end=$(date +%s)
	passed=$(cat "$work/res"/*.res 2>/dev/null | grep -c '^PASS')
	failed=$(cat "$work/res"/*.res 2>/dev/null | grep -c '^FAIL')
	for r in "$work/res"/*.res; do
		grep -q '^FAIL' "$r" || continue
		cat "$r"
		log="$work/log/$(basename "$r" .res).log"
		[ -f "$log" ] && sed -n '1,20p' "$log"
	done
	set -- "$work/tu"/*.c
	echo "compile matrix: $(wc -l <"$work/jobs") compiles of $# TUs," \
		"configurations: $CONFIGS (both styles: $BOTH_CONFIGS);" \
		"runtime of $(echo $rt_chips | tr ' ' ','): $RT_CONFIGS; $((end - start)) s with $jobs jobs"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
}

if [ "${1:-}" = --one ]; then
	matrix_compile_one "$2" "$3" "$4"
	exit 0
fi
matrix_main
