#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a temporary DESTDIR, then use only what was installed:
# pkg-config, the installed refgen (IR from share/), an out-of-tree C program
# and a kbuild module built against the installed headers, the man pages
# (man --warnings) and bash completion; then make uninstall leaves no file.
#
# Environment: INSTALL_TEST_DIR (scratch, made absolute), INSTALL_TEST_OUT
# (the build tree to install, default out), CC.  The kbuild
# module needs kernel headers, found by mk/kdir.sh: KDIR, else
# /lib/modules/$(uname -r)/build, else Debian's /usr/src/linux-headers-*-<arch>
# (.ci/deps installs linux-headers-amd64).  Without them the module check is skipped with a
# message, unless CI=true, where it fails.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# Stop here without a scratch directory: ${X:?} inside $(...) only ends the
# subshell, and an empty result would make stage /stage and work /work (the
# rm -rf below then deletes them).
: "${INSTALL_TEST_DIR:?INSTALL_TEST_DIR must name a scratch directory (make test sets it)}"
stage=$(mkdir -p "$INSTALL_TEST_DIR" && cd "$INSTALL_TEST_DIR" && pwd) || exit 1
[ -n "$stage" ] && [ "$stage" != / ] || { echo "FAILED: scratch directory '$INSTALL_TEST_DIR' resolves to '$stage'"; exit 1; }
stage=$stage/stage
work=$(dirname "$stage")/work
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { fail=$((fail + 1)); echo "FAILED: $1"; }
# A fresh make for the sub-makes, whatever make test was started with.
submake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$top" OUT="${INSTALL_TEST_OUT:-out}" "$@"; }

rm -rf "$stage" "$work"
mkdir -p "$work"
if submake install DESTDIR="$stage" PREFIX=/usr >"$work/install.log" 2>&1; then
	ok "make install DESTDIR=... PREFIX=/usr"
else
	bad "make install"; cat "$work/install.log"
fi
for f in bin/refgen bin/nvrt bin/nvrt-submit lib/libnvrt.a include/nvrt/device.h \
	include/refgen-regs/gv100/dev_fifo.h include/refgen-regs/gv100/nv/dev_fifo.h \
	include/refgen-regs/gv100/fields/dev_fifo.h include/refgen-regs/gv100/make/dev_fifo.h \
	include/refgen-regs/refgen/accessors.h \
	include/refgen-regs/refgen/fields.h share/refgen/ir/gv100/dev_fifo.xml \
	lib/pkgconfig/gv100-regs.pc lib/pkgconfig/nvrt.pc share/man/man1/refgen.1 share/man/man1/nvrt.1 \
	share/man/man1/nvrt-submit.1 share/man/man7/refgen-headers.7 \
	share/bash-completion/completions/refgen share/bash-completion/completions/nvrt \
	share/bash-completion/completions/nvrt-submit share/doc/refgen/LICENSE \
	share/refgen/alternative-views.txt share/refgen/known-warnings.txt; do
	[ -f "$stage/usr/$f" ] && ok "installed /usr/$f" || bad "missing /usr/$f"
done
[ -x "$stage/usr/bin/refgen" ] && ok "refgen is executable" || bad "refgen not executable"
grep -rq "$stage" "$stage/usr/lib/pkgconfig" && bad ".pc files record DESTDIR" || ok ".pc files do not record DESTDIR"

# pkg-config sees only the staged tree; the sysroot maps /usr to it.
export PKG_CONFIG_LIBDIR="$stage/usr/lib/pkgconfig" PKG_CONFIG_PATH="" PKG_CONFIG_SYSROOT_DIR="$stage"
got=$(pkg-config --cflags gv100-regs | sed "s/ *$//")
[ "$got" = "-I$stage/usr/include/refgen-regs" ] && ok "pkg-config --cflags gv100-regs: $got" || bad "pkg-config --cflags gv100-regs: '$got'"
if [ -d "$stage/usr/share/refgen/ir/gh100" ]; then
	got=$(pkg-config --cflags gh100-regs | sed "s/ *$//")
	[ "$got" = "-I$stage/usr/include/refgen-regs" ] && ok "pkg-config --cflags gh100-regs (a published chip): $got" ||
		bad "pkg-config --cflags gh100-regs: '$got'"
fi
got=$(pkg-config --cflags --libs nvrt | sed "s/ *$//")
[ "$got" = "-I$stage/usr/include -L$stage/usr/lib -lnvrt -lpthread" ] && ok "pkg-config --cflags --libs nvrt: $got" ||
	bad "pkg-config --cflags --libs nvrt: '$got'"
for c in $(cd "$stage/usr/share/refgen/ir" && ls); do
	pkg-config --exists "$c-regs" && ok "pkg-config $c-regs" || bad "no pkg-config $c-regs"
done
v=$(pkg-config --modversion nvrt)
for t in refgen nvrt nvrt-submit; do
	got=$("$stage/usr/bin/$t" --version)
	[ "$got" = "$t $v" ] && ok "$t --version: $got" || bad "$t --version: '$got', want '$t $v'"
done

# The installed refgen finds the installed IR (nothing from the build tree).
got=$(env -u REFGEN_IR "$stage/usr/bin/refgen" lookup --chip gv100 0x800028 0x80000123 | sed -n 3p)
[ "$got" = "  = 0x80000123: BIND=TRUE TARGET=VID_MEM PTR=0x123" ] && ok "installed refgen lookup reads share/refgen/ir" ||
	bad "installed refgen lookup: '$got'"

# The installed refgen's defaults are the installed declarations (issue 23):
# emit of gv100 needs no --views (dev_display_head and dev_display_withoffset,
# the declared pair of manuals/alternative-views.txt, exclude each other);
# parse counts the known warnings instead of showing them -- gv100 dev_mmu's
# 246 NV_MMU_PTE_KIND_* (manuals/known-warnings.txt's note) -- and names the
# installed list.
if env -u REFGEN_IR "$stage/usr/bin/refgen" emit -o "$work/emit" "$stage/usr/share/refgen/ir/gv100" >"$work/emit.log" 2>&1 &&
	grep -q '^#error .*gv100/dev_display_withoffset.h' "$work/emit/gv100/dev_display_head.h"; then
	ok "installed refgen emit -o D share/refgen/ir/gv100 (no --views): share/refgen/alternative-views.txt"
else
	bad "installed refgen emit without --views"; cat "$work/emit.log"
fi
mmu=${REFGEN_MANUALS:-$top/../shared/manuals}/volta/gv100/dev_mmu.ref.txt
if [ -f "$mmu" ]; then
	"$stage/usr/bin/refgen" parse -o "$work/dev_mmu.xml" "$mmu" 2>"$work/parse.log"
	rc=$?
	want="refgen: 246 warning(s) about known defects of the public manuals not shown ($stage/usr/share/refgen/known-warnings.txt; --no-known shows them)"
	[ "$rc" = 0 ] && [ "$(cat "$work/parse.log")" = "$want" ] && ok "installed refgen parse: share/refgen/known-warnings.txt by default" ||
		{ bad "installed refgen parse: status $rc"; cat "$work/parse.log"; }
else
	echo "skipped: installed refgen parse (no $mmu)"
fi

# An out-of-tree program through pkg-config.
if ${CC:-cc} -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags gv100-regs nvrt) -o "$work/prog" "$here/prog.c" \
	$(pkg-config --libs nvrt) 2>"$work/prog.log"; then
	ok "out-of-tree program builds: cc \$(pkg-config --cflags gv100-regs nvrt) prog.c \$(pkg-config --libs nvrt)"
	"$work/prog" >"$work/prog.out" 2>&1
	# 0x800000 + 5*8 (dev_fifo:54); BIND is bit 31; one TSG header + one channel.
	printf '%s\n' "NV_PCCSR_CHANNEL_INST(5) 0x800028 BIND_TRUE 0x80000000" "first dev_fifo layout NV_PFIFO_CFG0" \
		"made NV_PCCSR_CHANNEL_INST 0x80000123" \
		"runlist entries 2" >"$work/prog.want"
	cmp -s "$work/prog.out" "$work/prog.want" && ok "out-of-tree program runs" ||
		{ bad "out-of-tree program output"; diff "$work/prog.want" "$work/prog.out"; }
else
	bad "out-of-tree program build"; cat "$work/prog.log"
fi

# A kbuild module through pkg-config, W=1: no warning at all.
kdir=$(sh "$top/mk/kdir.sh" 2>/dev/null) || kdir=""
if [ -n "$kdir" ]; then
	mkdir -p "$work/kmod"
	cp "$here/regs_mod.c" "$here/Kbuild" "$work/kmod/"
	# Every gv100 field-descriptor header (dev_display_head is the other
	# view of dev_display_withoffset: one of the two per translation unit).
	# The newer architectures' chips from NVIDIA's published headers
	# (ad102, gh100, gb202), when built: every typed and field-descriptor
	# header of each.
	{
		for h in "$stage"/usr/include/refgen-regs/gv100/fields/*.h; do
			u=${h##*/}
			[ "$u" = dev_display_head.h ] || echo "#include <gv100/fields/$u>"
		done
		for c in ad102 gh100 gb202; do
			[ -d "$stage/usr/include/refgen-regs/$c" ] || continue
			for h in "$stage/usr/include/refgen-regs/$c"/*.h "$stage/usr/include/refgen-regs/$c"/fields/*.h; do
				echo "#include <${h#"$stage/usr/include/refgen-regs/"}>"
			done
		done
	} >"$work/kmod/regs_all.h"
	if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$kdir" M="$work/kmod" W=1 \
		REGS_CFLAGS="$(pkg-config --cflags gv100-regs)" modules >"$work/kmod.log" 2>&1 && [ -f "$work/kmod/regs_mod.ko" ]; then
		ok "kbuild module builds against $kdir"
		n=$(grep -c 'warning:' "$work/kmod.log")
		[ "$n" -eq 0 ] && ok "kbuild W=1: no warning ($(wc -l <"$work/kmod/regs_all.h") field-descriptor headers included)" || { bad "kbuild W=1: $n warnings"; grep 'warning:' "$work/kmod.log"; }
	else
		bad "kbuild module build"; cat "$work/kmod.log"
	fi
elif [ "${CI:-}" = true ]; then
	bad "no kernel headers for the kbuild test (install linux-headers-amd64, or set KDIR)"
else
	echo "skipped: kbuild module (no kernel headers: apt-get install linux-headers-amd64, or KDIR=...)"
fi

# Man pages render without a warning.
for m in "$stage"/usr/share/man/man*/*; do
	if command -v man >/dev/null 2>&1; then
		w=$(MANWIDTH=80 man --warnings -l "$m" 2>&1 >/dev/null)
	else
		w=$(groff -ww -man -z "$m" 2>&1)
	fi
	[ -z "$w" ] && ok "man page ${m##*/} renders without warnings" || { bad "man page ${m##*/}"; echo "$w"; }
done

# Bash completion: loads, and completes.
if command -v bash >/dev/null 2>&1; then
	got=$(PATH="$stage/usr/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(refgen lookup --chip gv1); COMP_CWORD=3; _refgen;
		echo "${COMPREPLY[*]}"; COMP_WORDS=(nvrt-submit --inj); COMP_CWORD=1; _nvrt_submit; echo "${COMPREPLY[*]}"
		COMP_WORDS=(nvrt layout --chip ""); COMP_CWORD=3; _nvrt; echo "${COMPREPLY[*]}"
		COMP_WORDS=(nvrt-submit --chip ""); COMP_CWORD=2; _nvrt_submit; echo "${COMPREPLY[*]}"' sh \
		"$stage/usr/share/bash-completion/completions/refgen" 2>&1)
	# --chip: the chips the installed tools were built with (runtime/src/chips),
	# in any order (the tools list them in the library's, default first).
	rt_chips=$(cd runtime/src/chips && ls -- *.h | sed 's/\.h$//' | sort | tr '\n' ' ' | sed 's/ $//')
	got=$(printf '%s\n' "$got" | while IFS= read -r line; do
		case "$line" in
		*' '*) printf '%s\n' "$line" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//'; echo ;;
		*) printf '%s\n' "$line" ;;
		esac
	done)
	want=$(printf 'gv100\n--inject\n%s\n%s' "$rt_chips" "$rt_chips")
	[ "$got" = "$want" ] && ok "bash completion" || bad "bash completion: '$got'"
fi

if submake uninstall DESTDIR="$stage" PREFIX=/usr >"$work/uninstall.log" 2>&1; then
	left=$(find "$stage" -type f | head -n 5)
	[ -z "$left" ] && ok "make uninstall leaves no file" || bad "make uninstall left: $left"
else
	bad "make uninstall"; cat "$work/uninstall.log"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
