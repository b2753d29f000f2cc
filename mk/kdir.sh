#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the kernel build tree to build a module against (kbuild's KDIR):
# $KDIR if set, else the running kernel's /lib/modules/$(uname -r)/build,
# else the newest Debian-style /usr/src/linux-headers-*-<arch> (what the
# linux-headers-<arch> package installs: its modules build, but load only
# into that kernel).  Without any, says which package to install and exits 1.
#
#   make -C "$(sh mk/kdir.sh)" M=... modules
if [ -n "${KDIR:-}" ]; then
	if [ -f "$KDIR/Makefile" ]; then echo "$KDIR"; exit 0; fi
	echo "mk/kdir.sh: KDIR=$KDIR holds no kernel build tree (no Makefile there)" >&2
	exit 1
fi
d=/lib/modules/$(uname -r)/build
if [ -f "$d/Makefile" ]; then echo "$d"; exit 0; fi
arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
d=$(ls -d /usr/src/linux-headers-*-"$arch" 2>/dev/null | sort -V | tail -n 1)
if [ -n "$d" ] && [ -f "$d/Makefile" ]; then echo "$d"; exit 0; fi
echo "mk/kdir.sh: no kernel headers: install them (Debian/Ubuntu: apt-get install linux-headers-$(uname -r), or linux-headers-$arch; Fedora: dnf install kernel-devel), or set KDIR to a kernel build tree" >&2
exit 1
