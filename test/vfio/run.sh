#!/bin/sh
# SPDX-License-Identifier: MIT
# make test-vfio: the VFIO backend on a real Linux VFIO stack.
#
# Boots Debian's kernel (linux-image-amd64) under qemu-system-x86_64 with an
# emulated Intel IOMMU and QEMU's edu PCI device, from an initramfs holding
# busybox, the vfio modules and two static programs built from the project's
# code: guest_vfio (the backend, check by check) and nvrt-submit.  The
# guest's /init (init.sh) binds edu to vfio-pci and runs them; the serial
# console goes to a log, which this script reads.  One line per check, and a
# last line "N passed, N failed"; exit status 1 if any failed.
#
# Environment (the Makefile sets the first two):
#   NVRT_VFIO_DIR      guest_vfio and nvrt-submit; initramfs and logs go here
#                      (default out/test/vfio)
#   NVRT_VFIO_CACHE    kernel and modules, fetched once (default out/qemu)
#   NVRT_VFIO_TIMEOUT  seconds before a guest that has not finished is killed
#                      (default 90; a normal run takes under 10)
#   NVRT_VFIO_ACCEL    QEMU accelerator (default tcg)
#
# What is missing is fetched: qemu-system-x86, busybox-static, cpio and
# xz-utils are installed with apt-get (as root; .ci/deps installs them too),
# and the kernel package linux-image-amd64 depends on is downloaded with
# apt-get download and unpacked (no install) into the cache.  Delete the
# cache to take a newer kernel.  When that cannot be done (offline, not
# root), the test is skipped with the reason, unless CI=true: then it fails.
set -u

dir=${NVRT_VFIO_DIR:-out/test/vfio}
cache=${NVRT_VFIO_CACHE:-out/qemu}
limit=${NVRT_VFIO_TIMEOUT:-90}
accel=${NVRT_VFIO_ACCEL:-tcg}
here=$(dirname "$0")
kdir=$cache/kernel
log=$dir/guest.log
passed=0
failed=0

ok() {
	echo "ok - $*"
	passed=$((passed + 1))
}

not_ok() {
	echo "not ok - $*"
	failed=$((failed + 1))
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && exit 0
	exit 1
}

# A failure that stops the test.
fatal() {
	not_ok "$*"
	finish
}

# What the test needs cannot be had here (offline, not root, no package
# list): outside CI the test is skipped with the reason; with CI=true (as CI
# services set it, or make test CI=true) that is a failure.
unavailable() {
	[ "${CI:-}" = true ] && fatal "$*"
	echo "skipped: the VFIO test in QEMU cannot run here: $*"
	echo "skipped: (with CI=true this is a failure)"
	finish
}

now() {
	date +%s.%N
}

seconds_since() {
	awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'
}

# ---- tools ------------------------------------------------------------------------------

installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

tools() {
	missing=""
	command -v qemu-system-x86_64 >/dev/null 2>&1 || missing="$missing qemu-system-x86"
	installed busybox-static || missing="$missing busybox-static"
	command -v cpio >/dev/null 2>&1 || missing="$missing cpio"
	command -v xz >/dev/null 2>&1 || missing="$missing xz-utils"
	[ -z "$missing" ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		unavailable "missing:$missing; install them (as root: apt-get install$missing)"
	fi
	echo "# installing:$missing"
	# shellcheck disable=SC2086 # one word per package
	if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends $missing; } >"$dir/apt.log" 2>&1; then
		tail -n 5 "$dir/apt.log"
		unavailable "apt-get install$missing failed, offline? (log: $dir/apt.log)"
	fi
}

# ---- the kernel -----------------------------------------------------------------------------

# The package linux-image-amd64 points at (linux-image-6.1.0-NN-amd64).
kernel_package() {
	apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | head -n 1
}

# Field $2 (name, depends) of the modinfo strings in the module $1.
ko_field() {
	tr '\0' '\n' <"$1" | LC_ALL=C sed -n "s/^$2=//p" | head -n 1
}

# vmlinuz and the vfio modules in $kdir, from the kernel package: downloaded
# and unpacked, not installed.  Modules are decompressed and named by their
# module names with '-' as '_' (as the kernel compares them).
kernel_fetch() {
	[ -f "$kdir/vmlinuz" ] && [ -f "$kdir/package" ] && return 0
	pkg=$(kernel_package)
	if [ -z "$pkg" ] && [ "$(id -u)" -eq 0 ]; then
		apt-get update -qq >"$dir/apt.log" 2>&1
		pkg=$(kernel_package)
	fi
	[ -n "$pkg" ] || unavailable "apt-cache knows no package linux-image-amd64 depends on (apt-get update?)"
	echo "# downloading $pkg into $cache"
	tmp=$cache/kernel.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp/x" "$tmp/modules" || fatal "cannot create $tmp"
	if ! (cd "$tmp" && apt-get download "$pkg") >"$dir/apt.log" 2>&1; then
		# A stale package list names a kernel the mirror no longer has.
		if [ "$(id -u)" -eq 0 ] && apt-get update -qq >>"$dir/apt.log" 2>&1; then
			pkg=$(kernel_package)
			(cd "$tmp" && apt-get download "$pkg") >>"$dir/apt.log" 2>&1
		else
			false
		fi || {
			tail -n 5 "$dir/apt.log"
			unavailable "apt-get download $pkg failed, offline? (log: $dir/apt.log)"
		}
	fi
	deb=$(find "$tmp" -maxdepth 1 -name '*.deb' | head -n 1)
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp/x" --wildcards \
		'./boot/vmlinuz-*' '*/kernel/drivers/vfio/*' '*/kernel/virt/lib/irqbypass.ko*' ||
		fatal "cannot unpack $deb"
	cp "$tmp"/x/boot/vmlinuz-* "$tmp/vmlinuz" 2>/dev/null || fatal "$pkg has no /boot/vmlinuz-*"
	find "$tmp/x" -name '*.ko' -o -name '*.ko.xz' -o -name '*.ko.zst' >"$tmp/list"
	while read -r f; do
		case $f in
		*.xz) xz -dc "$f" >"$tmp/m.ko" ;;
		*.zst) zstd -dqc "$f" >"$tmp/m.ko" ;;
		*) cp "$f" "$tmp/m.ko" ;;
		esac || fatal "cannot decompress $f"
		name=$(ko_field "$tmp/m.ko" name | tr - _)
		[ -n "$name" ] || fatal "$f: no module name in it"
		mv "$tmp/m.ko" "$tmp/modules/$name.ko"
	done <"$tmp/list"
	echo "$pkg $(dpkg-deb -f "$deb" Version)" >"$tmp/package"
	rm -rf "$tmp/x" "$tmp/list" "$deb" "$kdir"
	mv "$tmp" "$kdir" || fatal "cannot move $tmp to $kdir"
}

# $order: the modules to load, each after those it depends on.
order=""
add_module() {
	case " $order " in *" $1 "*) return 0 ;; esac
	[ -f "$kdir/modules/$1.ko" ] || return 1
	for d in $(ko_field "$kdir/modules/$1.ko" depends | tr ',-' ' _'); do
		add_module "$d" || return 1
	done
	order="$order $1"
}

# ---- the initramfs --------------------------------------------------------------------------

initramfs() {
	root=$dir/initramfs
	busybox=$(dpkg -L busybox-static 2>/dev/null | grep '/bin/busybox$' | head -n 1)
	[ -x "${busybox:-/nonexistent}" ] || fatal "busybox-static installs no bin/busybox"
	for b in guest_vfio nvrt-submit; do
		[ -x "$dir/$b" ] || fatal "no $dir/$b (make test-vfio builds it)"
	done
	for m in vfio_iommu_type1 vfio_pci; do
		add_module "$m" || fatal "$m or a module it depends on is not in $kdir/modules"
	done
	rm -rf "$root"
	mkdir -p "$root/bin" "$root/lib/modules" "$root/proc" "$root/sys" "$root/dev" ||
		fatal "cannot create $root"
	if ! { cp "$busybox" "$dir/guest_vfio" "$dir/nvrt-submit" "$root/bin/" &&
		cp "$here/init.sh" "$root/init" && chmod 755 "$root/init"; }; then
		fatal "cannot fill $root"
	fi
	for m in $order; do
		cp "$kdir/modules/$m.ko" "$root/lib/modules/" || fatal "cannot copy $m.ko"
	done
	echo "$order" >"$root/lib/modules/load"
	(cd "$root" && find . | cpio -o -H newc --quiet) >"$dir/initramfs.cpio" ||
		fatal "cpio failed to build $dir/initramfs.cpio"
}

# ---- the guest ------------------------------------------------------------------------------

boot() {
	rm -f "$log"
	t0=$(now)
	timeout -k 5 "$limit" qemu-system-x86_64 -nodefaults -display none -no-reboot \
		-accel "$accel" -m 512M -smp 1 \
		-machine q35,kernel-irqchip=split -device intel-iommu,intremap=on \
		-device pcie-root-port,id=rp1,chassis=1,addr=02.0 -device edu,addr=03.0 \
		-kernel "$kdir/vmlinuz" -initrd "$dir/initramfs.cpio" \
		-append "console=ttyS0 intel_iommu=on panic=-1" \
		-serial "file:$log" >"$dir/qemu.err" 2>&1
	qemu_rc=$?
	wall=$(seconds_since "$t0")
	: >"$dir/guest.txt"
	if [ -f "$log" ]; then
		tr -d '\r' <"$log" >"$dir/guest.txt"
	fi
}

# The lines of the guest's output between "@@ $1 begin" and the next "@@ ".
section() {
	sed -n "/^@@ $1 begin\$/,/^@@ /{/^@@ /!p;}" "$dir/guest.txt"
}

# The N of the guest's line "@@ $1 N".
marker() {
	sed -n "s/^@@ $1 \\([^ ]*\\)\$/\\1/p" "$dir/guest.txt" | head -n 1
}

# The guest's run of nvrt-submit in section $1 (command line $2): exit 1,
# refused at identification naming NV_PMC_BOOT_0 and edu's value, no bring-up.
submit_refused() {
	out=$dir/$1.txt
	section "$1" >"$out"
	sed "s/^/$1: /" "$out"
	rc=$(marker "$1 exit")
	if [ "$rc" = 1 ]; then
		ok "$2 exited with status 1"
	elif [ -z "$rc" ]; then
		not_ok "$2 did not run to the end"
	else
		not_ok "$2 exited with status $rc, not 1"
	fi
	if grep -q "^backend: vfio $edu\$" "$out" &&
		grep -q '^nvrt-submit: refused: unknown GPU: NV_PMC_BOOT_0 0x010000ed (.*); this build knows gv100 (.*), tu104 (.*), ga100 (NV_PMC_BOOT_42_CHIP_ID_GA100 0x170)' "$out" &&
		! grep -q '^bring-up:' "$out"; then
		ok "$2 opened edu through VFIO and refused it at chip identification: $(grep '^nvrt-submit: refused' "$out")"
	else
		not_ok "$2: the output does not say \"refused: unknown GPU: NV_PMC_BOOT_0 0x010000ed (...); this build knows gv100 (...), tu104 (...), ga100 (...)\" (or it went on to bring-up)"
	fi
}

show_tail() {
	echo "# last lines of $log:"
	tail -n "$1" "$dir/guest.txt" | sed 's/^/#   /'
}

report() {
	txt=$dir/guest.txt
	if [ "$qemu_rc" -eq 124 ] || [ "$qemu_rc" -eq 137 ]; then
		not_ok "the guest did not finish within ${limit} s: QEMU killed (a hang); log: $log"
		show_tail 30
	elif [ "$qemu_rc" -ne 0 ]; then
		not_ok "QEMU exited with status $qemu_rc after $wall s: $(head -n 1 "$dir/qemu.err")"
		show_tail 30
	elif ! grep -q '^@@ done$' "$txt"; then
		not_ok "the guest stopped before the end (kernel panic or init died) after $wall s; log: $log"
		show_tail 30
	else
		ok "the guest booted $(marker kernel), ran to the end and powered off in $wall s"
	fi

	loaded=$(sed -n 's/^@@ insmod \([^ ]*\)$/\1/p' "$txt" | tr '\n' ' ' | sed 's/ $//')
	if grep -q '^@@ insmod .* failed$' "$txt"; then
		not_ok "insmod failed: $(sed -n 's/^@@ insmod \(.*\) failed$/\1/p' "$txt" | tr '\n' ' ' | sed 's/ $//')"
	elif [ -n "$loaded" ]; then
		ok "modules loaded in dependency order: $loaded"
	fi
	edu=$(sed -n 's/^@@ edu \([^ ]*\) other .*/\1/p' "$txt")
	if [ -z "$edu" ]; then
		[ "$failed" -eq 0 ] && not_ok "the guest's /init never looked for the edu device"
		return
	elif [ "$edu" = none ]; then
		not_ok "no edu device (1234:11e8) in the guest"
		return
	fi

	# guest_vfio: its checks count as ours.
	out=$dir/guest_vfio.txt
	section guest_vfio >"$out"
	sed 's/^/guest: /' "$out"
	rc=$(marker "guest_vfio exit")
	gp=$(grep -c '^ok - ' "$out")
	gf=$(grep -c '^not ok - ' "$out")
	passed=$((passed + gp))
	failed=$((failed + gf))
	if ! grep -q "^$gp passed, $gf failed\$" "$out"; then
		not_ok "guest_vfio did not run to the end (${rc:+exit status $rc: }crashed or timed out)"
	elif [ "$rc" != 0 ] && [ "$gf" -eq 0 ]; then
		not_ok "guest_vfio exited with status $rc"
	fi

	# The unbind while guest_vfio held edu went through vfio-pci's device request.
	relay=$(section dmesg | sed -n 's/^\[[ 0-9.]*\] \(vfio-pci .*Relaying device request to user.*\)$/\1/p' | head -n 1)
	if [ -n "$relay" ]; then
		ok "the kernel relayed the device request to the program: \"$relay\""
	else
		not_ok "no \"Relaying device request to user\" in the guest's kernel log"
	fi

	# nvrt-submit must stop at chip identification: edu's BOOT_0 (its ID
	# register, 0x010000ed) is no chip's the runtime knows; with --chip too.
	submit_refused nvrt-submit "nvrt-submit --vfio $edu"
	submit_refused nvrt-submit-chip "nvrt-submit --chip gv100 --vfio $edu"

	if [ "$failed" -ne 0 ]; then
		echo "# the guest's kernel log (end):"
		section dmesg | tail -n 40 | sed 's/^/#   /'
	fi
}

mkdir -p "$dir" "$cache" || fatal "cannot create $dir and $cache"
t_start=$(now)
tools
kernel_fetch
initramfs
echo "# kernel $(cat "$kdir/package") from $kdir; modules:$order; QEMU $(qemu-system-x86_64 --version | sed -n '1s/.*version \([^ ]*\).*/\1/p') ($accel)"
boot
report
echo "# wall time: $(seconds_since "$t_start") s in all, $wall s in QEMU; log: $log"
finish
