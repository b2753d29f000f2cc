#!/bin/busybox sh
# SPDX-License-Identifier: MIT
# /init of the test-vfio guest (test/vfio/run.sh builds the initramfs and
# reads what this prints on the serial console).  Loads the vfio modules in
# the order run.sh worked out, finds QEMU's edu device (1234:11e8) and a
# device bound to another driver, runs guest_vfio on them, then nvrt-submit
# on edu, and powers off.  Lines starting "@@ " are for run.sh.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
# Kernel messages would interleave with the programs' lines: they stay in
# the ring buffer and are printed at the end.
dmesg -n 1

echo "@@ kernel $(uname -r)"
# shellcheck disable=SC2013 # one line of names
for m in $(cat /lib/modules/load); do
	if insmod "/lib/modules/$m.ko"; then
		echo "@@ insmod $m"
	else
		echo "@@ insmod $m failed"
	fi
done

edu=
other=
for d in /sys/bus/pci/devices/*; do
	if [ "$(cat "$d/vendor"):$(cat "$d/device")" = 0x1234:0x11e8 ]; then
		edu=${d##*/}
	elif [ -z "$other" ] && [ -e "$d/driver" ]; then
		other=${d##*/}
	fi
done
echo "@@ edu ${edu:-none} other ${other:-none}"

if [ -n "$edu" ]; then
	echo "@@ guest_vfio begin"
	timeout 30 /bin/guest_vfio "$edu" ${other:+"$other"}
	echo "@@ guest_vfio exit $?"
	echo "@@ nvrt-submit begin"
	timeout 15 /bin/nvrt-submit --vfio "$edu" 2>&1
	echo "@@ nvrt-submit exit $?"
	echo "@@ nvrt-submit-chip begin"
	timeout 15 /bin/nvrt-submit --chip gv100 --vfio "$edu" 2>&1
	echo "@@ nvrt-submit-chip exit $?"
fi

echo "@@ dmesg begin"
dmesg | tail -n 80
echo "@@ dmesg end"
echo "@@ done"
poweroff -f
