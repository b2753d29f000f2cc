#!/bin/sh
# SPDX-License-Identifier: MIT
# refgen lookup --config FILE: a PCI config space decoded with a chip's names.
#  - the real H200 dump (HW/h200-config.bin, gh100: hw/README.md), register
#    by register and field by field, each value worked out by hand from the
#    bytes (xxd) and the published header's lines (PUBLISHED/hopper/gh100/
#    dev_xtl_ep_pcfg_gpu.h:LINE, cited beside each); skipped when the build
#    has no gh100 (PUBLISHED=) or the dump is absent;
#  - hand-made 4,096-byte spaces for gv100, tu104 and ga100 written here
#    (le32 below), their capability lists laid out where the manuals put
#    each capability's registers (MANUALS/<arch>/<chip>/dev_nv_xve3g_fn0.ref.txt:LINE);
#  - the same dump as lspci -xxxx text and on stdin; --json;
#  - bad input: a wrong size, truncated lspci text, a capability loop,
#    pointers into the header, below 0x100 or past the bytes given.
#
# Environment: REFGEN_BIN, REFGEN_IR, PUBLISHED, REFGEN_HW (the hw folder),
# REFGEN_CONFIG_DIR (scratch; make test sets them).
set -u
refgen=${REFGEN_BIN:-out/bin/refgen}
ir=${REFGEN_IR:-out/ir}
hw=${REFGEN_HW:-../shared/hw}
dir=${REFGEN_CONFIG_DIR:-out/tmp/config}
case "$dir" in "" | /) echo "config.sh: refusing scratch dir '$dir'"; exit 1 ;; esac
rm -rf "$dir" && mkdir -p "$dir" || exit 1
. "$(dirname "$0")/expect.sh"
# le32 FILE OFFSET VALUE: VALUE's four bytes, little-endian, at OFFSET
le32() {
	printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($3 & 255)) $(($3 >> 8 & 255)) $(($3 >> 16 & 255)) \
		$(($3 >> 24 & 255)))" | dd of="$1" bs=1 seek=$(($2)) conv=notrunc 2>/dev/null
}
# zeros FILE N
zeros() { dd if=/dev/zero of="$1" bs="$2" count=1 2>/dev/null; }
# reg OUTPUT OFFSET: the register line at OFFSET ("  0x048 ...") and its field lines
reg() { printf '%s\n' "$1" | awk -v o="  $2" 'index($0, o) == 1 { on = 1; print; next } on && /^    / { print; next } { on = 0 }'; }
# cap OUTPUT OFFSET: the line of the capability at OFFSET
cap() { printf '%s\n' "$1" | grep -E "^(extended )?capability .* at $2, "; }
# lspci FILE: the file as lspci -xxxx prints it (offsets %02x below 0x100, %03x above)
lspci_text() {
	echo "01:00.0 3D controller: NVIDIA Corporation Device 2335 (rev a1)"
	od -An -tx1 -v -w16 "$1" | awk '{ o = (NR - 1) * 16; printf(o < 256 ? "%02x:" : "%03x:", o);
		for (i = 1; i <= NF; i++) printf(" %s", $i); print "" }'
	echo
}
look() { "$refgen" lookup --ir "$ir" "$@"; }

# ---- the H200 (gh100) ----------------------------------------------------------------
h200=$hw/h200-config.bin
if [ ! -d "$ir/gh100" ] || [ ! -f "$h200" ]; then
	echo "skipped: the H200 (no $ir/gh100, a build without the published headers, or no $h200)"
else
	out=$(look --chip gh100 --config "$h200" 2>"$dir/h200.err"); rc=$?
	expect "H200: exit 0" 0 "$rc"
	expect "H200: nothing on stderr" "" "$(cat "$dir/h200.err")"
	# Bytes 0x00: de 10 35 23 -> 0x233510de.  :26 NV_EP_PCFG_GPU_ID 0x0,
	# :27 VENDOR 15:0, :28 _NVIDIA 0x10DE; 31:16 no field: the device 0x2335.
	expect "H200 0x000: NV_EP_PCFG_GPU_ID, vendor NVIDIA, device 0x2335 (no field)" \
"  0x000  NV_EP_PCFG_GPU_ID = 0x233510de  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:26
    31:16     (no field) = 0x2335
    15:0      VENDOR = 0x10de NVIDIA" "$(reg "$out" 0x000)"
	# 0x04: 46 05 10 00 -> 0x00100546: command 0x0546 (bits 1, 2, 6, 8, 10),
	# status 0x0010.  :29 CTRL_CMD_AND_STATUS 0x4; :30 CMD_IO_SPACE 0:0
	# (0, only :31 ENABLE 1 named); :32 CMD_MEM_SPACE 1:1, :34 ENABLE 1;
	# :35 CMD_BUS_MASTER 2:2, :37 ENABLE 1.  Bits 31:3 no field: 0x00100546 >> 3.
	expect "H200 0x004: memory space and bus master enabled, I/O space not" \
"  0x004  NV_EP_PCFG_GPU_CTRL_CMD_AND_STATUS = 0x00100546  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:29
    31:3      (no field) = 0x200a8
    2:2       CMD_BUS_MASTER = 0x1 ENABLE
    1:1       CMD_MEM_SPACE = 0x1 ENABLE
    0:0       CMD_IO_SPACE = 0x0" "$(reg "$out" 0x004)"
	# 0x08: a1 00 02 03 -> 0x030200a1: revision 0xa1, class 0x030200 (README).
	# :38 REVISION_ID_AND_CLASSCODE 0x8; :39 PGM_INTERFACE 15:8, :40
	# SUB_CLASSCODE 23:16, :41 BASE_CLASSCODE 31:24, :42 _3D 0x3.
	expect "H200 0x008: class 3D (0x03), subclass 0x02, revision 0xa1" \
"  0x008  NV_EP_PCFG_GPU_REVISION_ID_AND_CLASSCODE = 0x030200a1  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:38
    31:24     BASE_CLASSCODE = 0x3 3D
    23:16     SUB_CLASSCODE = 0x2
    15:8      PGM_INTERFACE = 0x0
    7:0       (no field) = 0xa1" "$(reg "$out" 0x008)"
	# 0x10: 0c 00 00 02 -> 0x0200000c.  :43 BARREG0 0x10; :44 REG_ADDR_TYPE
	# 2:1 = (0xc >> 1) & 3 = 2, :46 _64BIT 0x2; :47 REG_BASE_ADDRESS 31:18 =
	# 0x0200000c >> 18 = 0x80 (the BAR at 0x02000000); bits 17:3 = 1
	# (bit 3, prefetchable), bit 0 = 0 (memory).
	expect "H200 0x010: BAR0 64-bit, base 0x80 << 18" \
"  0x010  NV_EP_PCFG_GPU_BARREG0 = 0x0200000c  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:43
    31:18     REG_BASE_ADDRESS = 0x80
    17:3      (no field) = 0x1
    2:1       REG_ADDR_TYPE = 0x2 64BIT
    0:0       (no field) = 0x0" "$(reg "$out" 0x010)"
	# 0x24: 40 10 00 00; :49 BARREG5 0x24, no field.  0x2c: de 10 bf 18 ->
	# 0x18bf10de (README: subsystem 0x10de:0x18bf); :50 SUBSYSTEM_ID 0x2C.
	expect "H200 0x024: BARREG5" "  0x024  NV_EP_PCFG_GPU_BARREG5 = 0x00001040  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:49" \
		"$(reg "$out" 0x024 | sed -n 1p)"
	expect "H200 0x02c: subsystem 10de:18bf" \
		"  0x02c  NV_EP_PCFG_GPU_SUBSYSTEM_ID = 0x18bf10de  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:50" \
		"$(reg "$out" 0x02c | sed -n 1p)"
	# The standard list: 0x34 = 0x40; 0x40: 01 48 (Power Management, next
	# 0x48; 8 bytes); 0x48: 05 60, control 0x0388 (bit 7 64-bit, bit 8
	# per-vector masking: 24 bytes, 0x48-0x5f); 0x60: 10 b0, capabilities
	# 0x0002 (version 2: 0x3c bytes, 0x60-0x9b); 0xb0: 11 00 (MSI-X, the
	# last; 12 bytes).
	expect "H200 cap 0x40: Power Management" "capability 0x01 Power Management at 0x40, next 0x48, 0x040-0x047" \
		"$(cap "$out" 0x40)"
	expect "H200 cap 0x48: MSI, 64-bit with masking" "capability 0x05 MSI at 0x48, next 0x60, 0x048-0x05f" \
		"$(cap "$out" 0x48)"
	expect "H200 cap 0x60: PCI Express v2" "capability 0x10 PCI Express at 0x60, next 0xb0, 0x060-0x09b" \
		"$(cap "$out" 0x60)"
	expect "H200 cap 0xb0: MSI-X, the last" "capability 0x11 MSI-X at 0xb0, next 0x00, 0x0b0-0x0bb" \
		"$(cap "$out" 0xb0)"
	# 0x48: 05 60 88 03 -> 0x03886005.  :51 MSI_64_HEADER 0x48 (the MSI
	# capability's first dword), :52 MSI_ENABLE 16:16 = control bit 0 = 0.
	expect "H200 0x048: MSI header in the MSI capability, MSI disabled" \
"  0x048 +0x00  NV_EP_PCFG_GPU_MSI_64_HEADER = 0x03886005  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:51
    31:17     (no field) = 0x1c4
    16:16     MSI_ENABLE = 0x0
    15:0      (no field) = 0x6005" "$(reg "$out" 0x048)"
	# 0x64: 21 80 2c 11 -> 0x112c8021 (PCIe + 4, device capabilities).
	# :53 DEVICE_CAPABILITIES 0x64; :54 EXTENDED_TAG_FIELD_SUPPORTED 5:5 =
	# 0x21 bit 5 = 1; :55 FUNCTION_LEVEL_RESET_CAPABILITY 28:28 = 1, :57
	# _SUPPORTED 0x1.
	expect "H200 0x064: PCIe +0x04, FLR supported, extended tags" \
"  0x064 +0x04  NV_EP_PCFG_GPU_DEVICE_CAPABILITIES = 0x112c8021  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:53
    31:29     (no field) = 0x0
    28:28     FUNCTION_LEVEL_RESET_CAPABILITY = 0x1 SUPPORTED
    27:6      (no field) = 0x4b200
    5:5       EXTENDED_TAG_FIELD_SUPPORTED = 0x1
    4:0       (no field) = 0x1" "$(reg "$out" 0x064)"
	# 0x68: 34 51 00 00 -> 0x00005134.  :59 ENABLE_RELAXED_ORDERING 4:4 = 1
	# (:60 INIT 0x1), :61 EXTENDED_TAG_FIELD_ENABLE 8:8 = 1 (:62 INIT),
	# :63 ENABLE_NO_SNOOP 11:11 = 0, :65-:68 error bits 16..19 = 0, :69
	# TRANSACTIONS_PENDING 21:21 = 0.
	expect "H200 0x068: PCIe +0x08, relaxed ordering and extended tags on" \
"  0x068 +0x08  NV_EP_PCFG_GPU_DEVICE_CONTROL_STATUS = 0x00005134  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:58
    31:22     (no field) = 0x0
    21:21     TRANSACTIONS_PENDING = 0x0
    20:20     (no field) = 0x0
    19:19     UNSUPP_REQUEST_DETECTED = 0x0
    18:18     FATAL_ERROR_DETECTED = 0x0
    17:17     NON_FATAL_ERROR_DETECTED = 0x0
    16:16     CORR_ERROR_DETECTED = 0x0
    15:15     INITIATE_FN_LVL_RST = 0x0
    14:12     (no field) = 0x5
    11:11     ENABLE_NO_SNOOP = 0x0
    10:9      (no field) = 0x0
    8:8       EXTENDED_TAG_FIELD_ENABLE = 0x1 INIT
    7:5       (no field) = 0x1
    4:4       ENABLE_RELAXED_ORDERING = 0x1 INIT
    3:0       (no field) = 0x4" "$(reg "$out" 0x068)"
	# 0x6c: 05 79 45 00 -> 0x00457905, :73 LINK_CAPABILITIES (no field):
	# max speed 3:0 = 5 (32 GT/s), max width 9:4 = 0x10 (x16).
	expect "H200 0x06c: PCIe +0x0c, link capabilities" \
"  0x06c +0x0c  NV_EP_PCFG_GPU_LINK_CAPABILITIES = 0x00457905  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:73
    31:0      (no field) = 0x457905" "$(reg "$out" 0x06c)"
	# 0x70: 00 00 05 11 -> 0x11050000.  :74 LINK_CONTROL_STATUS 0x70, :75
	# CURRENT_LINK_SPEED 19:16 = 5: 32 GT/s, gen 5 (README); 31:20 = 0x110:
	# the negotiated width 25:20 = 0x10, x16.
	expect "H200 0x070: PCIe +0x10, link speed 5 (gen 5), width x16 in 25:20" \
"  0x070 +0x10  NV_EP_PCFG_GPU_LINK_CONTROL_STATUS = 0x11050000  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:74
    31:20     (no field) = 0x110
    19:16     CURRENT_LINK_SPEED = 0x5
    15:0      (no field) = 0x0" "$(reg "$out" 0x070)"
	# 0x88: 40 10 00 00 -> 0x1040.  :70 DEVICE_CONTROL_STATUS_2 0x88 (PCIe +
	# 0x28), :71 ATOMIC_OP_REQUESTER_ENABLE 6:6 = 1 (only :72 DEFAULT 0 named).
	expect "H200 0x088: PCIe +0x28, atomic op requester enabled" \
"  0x088 +0x28  NV_EP_PCFG_GPU_DEVICE_CONTROL_STATUS_2 = 0x00001040  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:70
    31:7      (no field) = 0x20
    6:6       ATOMIC_OP_REQUESTER_ENABLE = 0x1
    5:0       (no field) = 0x0" "$(reg "$out" 0x088)"
	# 0xb0: 11 00 08 80 -> 0x80080011.  :76 MSIX_CAP_HEADER 0xB0, :77 ENABLE
	# 31:31 = 1, :78 _ENABLED 0x1; the table size 26:16 = 8 (9 vectors).
	expect "H200 0x0b0: MSI-X enabled" \
"  0x0b0 +0x00  NV_EP_PCFG_GPU_MSIX_CAP_HEADER = 0x80080011  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:76
    31:31     ENABLE = 0x1 ENABLED
    30:0      (no field) = 0x80011" "$(reg "$out" 0x0b0)"
	# The extended list from 0x100: 00 00 c0 12 -> 0x12c00000 (id 0, next
	# 0x12c: a hidden capability); 0x12c: 0x13410018 (LTR v1, next 0x134, 8
	# bytes); 0x134: 0x1b810000 (id 0, next 0x1b8); 0x1b8: 0x24820001 (AER
	# v2, next 0x248; 0x48 bytes: 0x1b8-0x1ff); 0x248: 0x25010000; 0x250:
	# 0x2a410000; 0x2a4: 0x2b81000b (vendor-specific, next 0x2b8; its length
	# 0x2a8's 0x01410001 >> 20 = 0x14: 0x2a4-0x2b7); 0x2b8: 0x2f010004 (power
	# budgeting, 16 bytes); 0x2f0: 0x00010003 (serial number, the last).
	expect "H200 ext 0x100: id 0 (hidden), next 0x12c" \
		"extended capability 0x0000 (id 0: hidden) v0 at 0x100, next 0x12c, its length not known" "$(cap "$out" 0x100)"
	expect "H200 ext 0x12c: LTR" "extended capability 0x0018 LTR v1 at 0x12c, next 0x134, 0x12c-0x133" "$(cap "$out" 0x12c)"
	expect "H200 ext 0x1b8: AER v2" "extended capability 0x0001 AER v2 at 0x1b8, next 0x248, 0x1b8-0x1ff" \
		"$(cap "$out" 0x1b8)"
	expect "H200 ext 0x2a4: vendor-specific, 0x14 bytes" \
		"extended capability 0x000b Vendor-Specific Extended v1 at 0x2a4, next 0x2b8, 0x2a4-0x2b7" "$(cap "$out" 0x2a4)"
	expect "H200 ext 0x2b8: power budgeting" \
		"extended capability 0x0004 Power Budgeting v1 at 0x2b8, next 0x2f0, 0x2b8-0x2c7" "$(cap "$out" 0x2b8)"
	expect "H200 ext 0x2f0: serial number, the last" \
		"extended capability 0x0003 Device Serial Number v1 at 0x2f0, next 0x000, 0x2f0-0x2fb" "$(cap "$out" 0x2f0)"
	expect "H200: nine extended capabilities" 9 "$(printf '%s\n' "$out" | grep -c '^extended capability')"
	# :82 UNCORRECTABLE_ERROR_STATUS 0x1BC = AER + 0x04; :89
	# CORRECTABLE_ERROR_STATUS 0x1C8 = AER + 0x10; :101 VSEC_DEBUG_SEC 0x2B4
	# = vendor-specific + 0x10.  All zero in the dump.
	expect "H200 0x1bc: AER +0x04" \
		"  0x1bc +0x04  NV_EP_PCFG_GPU_UNCORRECTABLE_ERROR_STATUS = 0x00000000  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:82" \
		"$(reg "$out" 0x1bc | sed -n 1p)"
	expect "H200 0x1c8: AER +0x10" \
		"  0x1c8 +0x10  NV_EP_PCFG_GPU_CORRECTABLE_ERROR_STATUS = 0x00000000  RW-4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:89" \
		"$(reg "$out" 0x1c8 | sed -n 1p)"
	expect "H200 0x2b4: vendor-specific +0x10" \
		"  0x2b4 +0x10  NV_EP_PCFG_GPU_VSEC_DEBUG_SEC = 0x00000000  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:101" \
		"$(reg "$out" 0x2b4 | sed -n 1p)"
	# :120 PF_RESIZE_BAR_CAP 0x138 and :96 SRIOV_INIT_TOT_VF 0x25C lie in the
	# capabilities whose ids the dump has zeroed (0x134, 0x250): in none the
	# lists name.
	expect "H200: registers in hidden capabilities listed apart" \
		"in no capability the lists reach
  0x138  NV_EP_PCFG_GPU_PF_RESIZE_BAR_CAP = 0x00000000  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:120" \
		"$(printf '%s\n' "$out" | sed -n '/^in no capability/,/^  0x138/p')"
	expect "H200: 0x25c after them" "  0x25c  NV_EP_PCFG_GPU_SRIOV_INIT_TOT_VF = 0x00000000  R--4R  hopper/gh100/dev_xtl_ep_pcfg_gpu.h:96" \
		"$(reg "$out" 0x25c | sed -n 1p)"

	# The same as lspci -xxxx text, from a file and from stdin: the same
	# registers and capabilities (the first line names the input).
	lspci_text "$h200" >"$dir/h200.lspci"
	want=$(printf '%s\n' "$out" | sed 1d)
	expect "H200 as lspci -xxxx text" "$want" "$(look --chip gh100 --config "$dir/h200.lspci" | sed 1d)"
	expect "H200 as lspci -xxxx text on stdin" "$want" "$(look --chip gh100 --config - <"$dir/h200.lspci" | sed 1d)"
	expect "H200 lspci: the first line says so" \
		"gh100 PCI configuration space, $dir/h200.lspci (4096 bytes, lspci text): the registers of dev_xtl_ep_pcfg_gpu" \
		"$(look --chip gh100 --config "$dir/h200.lspci" | sed -n 1p)"
	# lspci -xxx (256 bytes): no extended list; the registers past 0xff are
	# counted: :79 0x13C, :82 0x1BC, :89 0x1C8, :96 0x25C, :98 0x264, :100
	# 0x274, :101 0x2B4, :119 0x298, :120 0x138: 9.
	head -n 17 "$dir/h200.lspci" >"$dir/h200-256.lspci"
	out256=$(look --chip gh100 --config "$dir/h200-256.lspci"); rc=$?
	expect "H200 256 bytes: exit 0" 0 "$rc"
	expect "H200 256 bytes: no extended capability" 0 "$(printf '%s\n' "$out256" | grep -c '^extended')"
	expect "H200 256 bytes: the registers past them counted" \
		"(9 registers of dev_xtl_ep_pcfg_gpu past the 256 bytes given)" "$(printf '%s\n' "$out256" | tail -n 1)"
	# lspci -x (64 bytes): the list's first pointer (0x40) is past them: a warning.
	head -n 5 "$dir/h200.lspci" >"$dir/h200-64.lspci"
	look --chip gh100 --config "$dir/h200-64.lspci" >/dev/null 2>"$dir/h200-64.err"; rc=$?
	expect "H200 64 bytes (lspci -x): exit 0" 0 "$rc"
	expect "H200 64 bytes: a warning for the pointer past them" \
		"$dir/h200-64.lspci: warning: capability pointer 0x40 (at 0x34) is past the 64 bytes given (lspci -xxx gives 256)" \
		"$(cat "$dir/h200-64.err")"

	# --json: the same values as numbers.
	json=$(look --chip gh100 --json --config "$h200")
	case "$json" in
	*'"register":"NV_EP_PCFG_GPU_LINK_CONTROL_STATUS"'*'"offset":112,"bytes":4,"value":285540352,"capability":2,'*'{"field":"CURRENT_LINK_SPEED","bits":"19:16","value":5,"name":null}'*)
		ok "H200 --json: 0x70 = 0x11050000 (285540352) in capability 2 (PCIe), link speed 5" ;;
	*) bad "H200 --json: 0x70"; printf '%s\n' "$json" | head -c 600; echo ;;
	esac
	case "$json" in
	'{"chip":"gh100","config":"'"$h200"'","size":4096,"format":"binary","unit":"dev_xtl_ep_pcfg_gpu","capabilities":[{"list":"standard","offset":64,"id":1,"name":"Power Management","next":72,"end":72,"length_known":true},'*'"problems":[]}')
		ok "H200 --json: one object, the capabilities first, no problem" ;;
	*) bad "H200 --json: the object"; printf '%s\n' "$json" | head -c 300; echo ;;
	esac
fi

# ---- hand-made spaces: gv100, tu104, ga100 -------------------------------------------
# Lines of MANUALS/<arch>/<chip>/dev_nv_xve3g_fn0.ref.txt, per chip:
#   ID 0x0, DEVICE_CHIP 31:16 and its value for the chip, VENDOR 15:0 _NVIDIA 0x10DE;
#   DEV_CTRL 0x4: CMD_MEMORY_SPACE 1:1, CMD_BUS_MASTER 2:2 (_ENABLED 1), STAT_CAPLIST 20:20 (_PRESENT 1);
#   BAR0 0x10: ADDRESS_TYPE 2:1 (_32_BIT 0), BASE_ADDRESS 31:24;
#   CAP_LIST_CAP_PTR_POWER_MGMT 0x60; PWR_MGMT_0_NEXT_PTR_MSI 0x68; MSI_CTRL 0x68, its NEXT_PTR_PCIEXP 0x78;
#   MSI_CTRL_64BIT_CAP 23:23 (_TRUE 1), MSI 16:16 (_ENABLE 1), CAP_ID 7:0 (_MSI 5);
#   LINK_CONTROL_STATUS 0x88 (the PCI Express capability's + 0x10): LINK_SPEED 19:16 (_8P0 3),
#     NEGOTIATED_LINK_WIDTH 25:20 (_X8 8);
#   VENDOR_SPECIFIC_MSGBOX_COMMAND 0xB8 (a vendor-specific capability's + 4: we put its header at 0xb4);
#   VCCAP_HDR 0x100, its NXT_LTR 0x250 and NXT_L1_SUBSTATES 0x258; LTR_1 0x254 (LTR + 4);
#   L1_PM_SUBSTATES_CTRL1 0x260 (L1 PM substates + 8): ASPM_L1_1_EN 3:3;
#   AER_UNCORR_ERR 0x424 (AER + 4, so AER at 0x420): CPL_TIMEOUT 14:14 (_ACTIVE 1);
#   PRIV_XV_TIMEOUT 0x144: NVIDIA's own, in no capability (VC's length is not known: its header only).
# tu104 and ga100 also: RESIZE_BAR1_CTRL 0xBC0 (resizable BAR + 8: the capability at 0xbb8),
#   NUM_RESIZE_BAR 7:5, BAR_INDEX 2:0 (_OFFSET_14H 1), BAR_SIZE 12:8;
#   SRIOV_CAP_HDR3 0xBD8 (SR-IOV + 0xc: the capability at 0xbcc).
# gv100: volta/gv100 :24-26, :84 GV100 0x1D80, :89-94, :116-118, :172-183, :245, :290, :319-338,
#   :433, :460-469, :585, :608-616, :711, :720-728, :806, :823-824, :617.
# tu104: turing/tu104 :24-27, :86 TU104 0x1E80 (before :96 TU104_START, the same value), :124-129,
#   :151-152, :204-211, :273, :317, :346-365, :462, :489-498, :608, :631-639, :640, :653,
#   :662-670, :751, :768-769, :1556-1564, :1574.
# ga100: ampere/ga100 :24-27, :92 GA100 0x2080 (before :124 GA100_START), :144-149, :171-172,
#   :224-233, :299, :343, :372-391, :488, :515-524, :638, :661-669, :670, :683, :692-700, :781,
#   :798-799, :1593-, :1622.
handmade() { # FILE DEVICE EXTENDED-AFTER-AER
	zeros "$1" 4096
	le32 "$1" 0x00 $((($2 << 16) | 0x10de))
	le32 "$1" 0x04 0x00100006       # memory space, bus master; status: capability list
	le32 "$1" 0x10 0xfd000000       # BAR0 at 0xfd000000, 32-bit memory
	le32 "$1" 0x34 0x60
	le32 "$1" 0x60 0x00036801       # Power Management, next 0x68
	le32 "$1" 0x68 0x00817805       # MSI, next 0x78; control 0x0081: enabled, 64-bit: 14 bytes
	le32 "$1" 0x78 0x0002b410       # PCI Express v2, next 0xb4: 0x3c bytes, 0x78-0xb3
	le32 "$1" 0x88 0x10830000       # link: speed 3, width 8
	le32 "$1" 0xb4 0x00140009       # vendor-specific, the last; 0x14 bytes: 0xb4-0xc7
	le32 "$1" 0x100 0x25010002      # VC v1, next 0x250
	le32 "$1" 0x250 0x25810018      # LTR v1, next 0x258
	le32 "$1" 0x258 0x4201001e      # L1 PM substates v1, next 0x420: 16 bytes
	le32 "$1" 0x260 0x00000008      # ASPM L1.1 enabled
	le32 "$1" 0x420 $(($3 << 20 | 0x20001))   # AER v2, next $3
	le32 "$1" 0x424 0x00004000      # completion timeout
	if [ "$3" != 0 ]; then
		le32 "$1" 0xbb8 0xbcc10015  # resizable BAR v1, next 0xbcc
		le32 "$1" 0xbc0 0x00000821  # BAR index 1, 1 resizable BAR (12 bytes), size 8
		le32 "$1" 0xbcc 0x00010010  # SR-IOV v1, the last: 0x40 bytes
	fi
}
for spec in volta/gv100:0x1d80:GV100:0 turing/tu104:0x1e80:TU104:0xbb8 ampere/ga100:0x2080:GA100:0xbb8; do
	path=${spec%%:*}; rest=${spec#*:}; dev=${rest%%:*}; rest=${rest#*:}; chipname=${rest%%:*}; after=${rest#*:}
	c=${path#*/}
	f=$dir/$c.bin
	handmade "$f" "$dev" "$after"
	out=$(look --chip "$c" --config "$f" 2>"$dir/$c.err"); rc=$?
	expect "$c: exit 0" 0 "$rc"
	expect "$c: nothing on stderr" "" "$(cat "$dir/$c.err")"
	expect "$c 0x000: DEVICE_CHIP=$chipname, VENDOR=NVIDIA, high to low" \
"    31:16     DEVICE_CHIP = $dev $chipname
    15:0      VENDOR = 0x10de NVIDIA" "$(reg "$out" 0x000 | sed 1d)"
	expect "$c 0x004: the status's capability list, bus master, memory space" \
"STAT_CAPLIST = 0x1 PRESENT
CMD_BUS_MASTER = 0x1 ENABLED
CMD_MEMORY_SPACE = 0x1 ENABLED" \
		"$(reg "$out" 0x004 | grep -E 'STAT_CAPLIST |CMD_BUS_MASTER |CMD_MEMORY_SPACE ' | sed 's/^ *[0-9:]* *//')"
	expect "$c 0x010: BAR0 0xfd, 32-bit" "BASE_ADDRESS = 0xfd
ADDRESS_TYPE = 0x0 32_BIT" "$(reg "$out" 0x010 | grep -E 'BASE_ADDRESS|ADDRESS_TYPE' | sed 's/^ *[0-9:]* *//')"
	expect "$c cap 0x60: Power Management" "capability 0x01 Power Management at 0x60, next 0x68, 0x060-0x067" "$(cap "$out" 0x60)"
	expect "$c cap 0x68: MSI, 64-bit" "capability 0x05 MSI at 0x68, next 0x78, 0x068-0x075" "$(cap "$out" 0x68)"
	expect "$c cap 0x78: PCI Express" "capability 0x10 PCI Express at 0x78, next 0xb4, 0x078-0x0b3" "$(cap "$out" 0x78)"
	expect "$c cap 0xb4: vendor-specific" "capability 0x09 Vendor-Specific at 0xb4, next 0x00, 0x0b4-0x0c7" "$(cap "$out" 0xb4)"
	expect "$c 0x068: MSI_CTRL at the MSI capability's +0" \
"  0x068 +0x00  NV_XVE_MSI_CTRL = 0x00817805
    23:23     64BIT_CAP = 0x1 TRUE
    16:16     MSI = 0x1 ENABLE
    15:8      NEXT_PTR = 0x78 PCIEXP
    7:0       CAP_ID = 0x5 MSI" \
		"$(reg "$out" 0x068 | grep -E '^  0x|64BIT_CAP|MSI =|NEXT_PTR|CAP_ID' | sed 's/  RW-4R  .*//')"
	expect "$c 0x088: the PCI Express capability's +0x10, link 8 GT/s x8" \
"  0x088 +0x10  NV_XVE_LINK_CONTROL_STATUS = 0x10830000
    25:20     NEGOTIATED_LINK_WIDTH = 0x8 X8
    19:16     LINK_SPEED = 0x3 8P0" \
		"$(reg "$out" 0x088 | grep -E '^  0x|LINK_SPEED|NEGOTIATED_LINK_WIDTH' | sed 's/  RW[-I]4R  .*//')"
	expect "$c 0x0b8: the vendor-specific capability's +4" "  0x0b8 +0x04  NV_XVE_VENDOR_SPECIFIC_MSGBOX_COMMAND = 0x00000000" \
		"$(reg "$out" 0x0b8 | sed -n 1p | sed 's/  RW-4R  .*//')"
	expect "$c ext 0x100: VC, length not known" \
		"extended capability 0x0002 Virtual Channel v1 at 0x100, next 0x250, its length not known" "$(cap "$out" 0x100)"
	expect "$c ext 0x250: LTR" "extended capability 0x0018 LTR v1 at 0x250, next 0x258, 0x250-0x257" "$(cap "$out" 0x250)"
	expect "$c ext 0x258: L1 PM substates" \
		"extended capability 0x001e L1 PM Substates v1 at 0x258, next 0x420, 0x258-0x267" "$(cap "$out" 0x258)"
	expect "$c 0x254: LTR +4" "  0x254 +0x04  NV_XVE_LTR_1 = 0x00000000" "$(reg "$out" 0x254 | sed -n 1p | sed 's/  RW-4R  .*//')"
	expect "$c 0x260: L1 PM substates +8, ASPM L1.1 on" "  0x260 +0x08  NV_XVE_L1_PM_SUBSTATES_CTRL1 = 0x00000008
    3:3       ASPM_L1_1_EN = 0x1" "$(reg "$out" 0x260 | grep -E '^  0x|ASPM_L1_1_EN' | sed 's/  RW-4R  .*//')"
	expect "$c 0x424: AER +4, completion timeout" "  0x424 +0x04  NV_XVE_AER_UNCORR_ERR = 0x00004000
    14:14     CPL_TIMEOUT = 0x1 ACTIVE" \
		"$(reg "$out" 0x424 | grep -E '^  0x|CPL_TIMEOUT ' | sed 's/  RW[-C]4R  .*//')"
	expect "$c 0x144: NVIDIA's own" "  0x144  NV_XVE_PRIV_XV_TIMEOUT = 0x00000000" \
		"$(reg "$out" 0x144 | sed -n 1p | sed 's/  RW-4R  .*//')"
	expect "$c 0x144: in no capability" 1 \
		"$(printf '%s\n' "$out" | sed -n '/^in no capability the lists reach$/,$p' | grep -c '^  0x144  ')"
	if [ "$after" = 0 ]; then
		expect "$c ext 0x420: AER, the last" "extended capability 0x0001 AER v2 at 0x420, next 0x000, 0x420-0x467" \
			"$(cap "$out" 0x420)"
	else
		expect "$c ext 0x420: AER" "extended capability 0x0001 AER v2 at 0x420, next 0xbb8, 0x420-0x467" "$(cap "$out" 0x420)"
		expect "$c ext 0xbb8: resizable BAR, one BAR: 12 bytes" \
			"extended capability 0x0015 Resizable BAR v1 at 0xbb8, next 0xbcc, 0xbb8-0xbc3" "$(cap "$out" 0xbb8)"
		expect "$c 0xbc0: resizable BAR +8" "  0xbc0 +0x08  NV_XVE_RESIZE_BAR1_CTRL = 0x00000821
    12:8      BAR_SIZE = 0x8 INIT
    7:5       NUM_RESIZE_BAR = 0x1
    2:0       BAR_INDEX = 0x1 OFFSET_14H" \
			"$(reg "$out" 0xbc0 | grep -E '^  0x|BAR_SIZE|NUM_RESIZE_BAR|BAR_INDEX' | sed 's/  RW-4R  .*//')"
		expect "$c ext 0xbcc: SR-IOV" "extended capability 0x0010 SR-IOV v1 at 0xbcc, next 0x000, 0xbcc-0xc0b" \
			"$(cap "$out" 0xbcc)"
		expect "$c 0xbd8: SR-IOV +0x0c" "  0xbd8 +0x0c  NV_XVE_SRIOV_CAP_HDR3" \
			"$(reg "$out" 0xbd8 | sed -n 1p | sed 's/ = .*//')"
	fi
done

# ---- bad input ---------------------------------------------------------------------------
gv=$dir/gv100.bin
# want_err WHAT FILE EXIT STDERR [ARGS]
want_err() {
	look --chip gv100 --config "$2" >"$dir/bad.out" 2>"$dir/bad.err"; rc=$?
	expect "$1: exit $3" "$3" "$rc"
	expect "$1: the message" "$4" "$(cat "$dir/bad.err")"
}
zeros "$dir/short.bin" 300
want_err "a 300-byte binary" "$dir/short.bin" 2 \
	"$dir/short.bin: error: 300 bytes: a binary config space is 256 or 4,096 bytes (sysfs's config, read as root: a user's read gives the first 64)"
: >"$dir/empty.bin"
want_err "an empty file" "$dir/empty.bin" 2 \
	"$dir/empty.bin: error: 0 bytes: a binary config space is 256 or 4,096 bytes (sysfs's config, read as root: a user's read gives the first 64)"
printf '01:00.0 3D controller: NVIDIA Corporation\n\n' >"$dir/title.lspci"
want_err "lspci text without bytes" "$dir/title.lspci" 2 "$dir/title.lspci: error: no 'OFFSET: bytes' line of lspci -x output"
want_err "no such file" "$dir/none.bin" 2 "refgen lookup: $dir/none.bin: cannot read: No such file or directory"
lspci_text "$gv" >"$dir/gv100.lspci"
# line 18 is offset 0x100's ("100: 02 00 01 25 ..."): cut after its 5th byte
sed '18s/^\(100:\( [0-9a-f][0-9a-f]\)\{5\}\).*/\1/' "$dir/gv100.lspci" >"$dir/cut.lspci"
want_err "lspci text, a line cut short" "$dir/cut.lspci" 2 \
	"$dir/cut.lspci:18:20: error: 5 bytes where 16 were wanted (truncated?)"
head -n 100 "$dir/gv100.lspci" >"$dir/head.lspci"
want_err "lspci text, lines missing at the end" "$dir/head.lspci" 2 \
	"$dir/head.lspci:100: error: ends after 0x630 bytes: lspci -x gives 64, -xxx 256, -xxxx 4,096 (truncated?)"
sed 20d "$dir/gv100.lspci" >"$dir/gap.lspci"
want_err "lspci text, a line missing" "$dir/gap.lspci" 2 \
	"$dir/gap.lspci:20:1: error: offset 0x130 where 0x120 was expected (lines missing?)"
{ cat "$dir/gv100.lspci"; lspci_text "$gv"; } >"$dir/two.lspci"
want_err "lspci text of two devices" "$dir/two.lspci" 2 \
	"$dir/two.lspci:259:1: error: a second device's lines; give one device's (lspci -s BDF -xxxx)"
sed '3s/^10: 00/10: zz/' "$dir/gv100.lspci" >"$dir/hex.lspci"
want_err "lspci text, not hex" "$dir/hex.lspci" 2 "$dir/hex.lspci:3:5: error: a byte in hex ('de') wanted, 16 to a line"
# A loop: the PCI Express capability's next pointer back to 0x60.
cp "$gv" "$dir/loop.bin"; le32 "$dir/loop.bin" 0x78 0x00026010
want_err "a standard list that loops" "$dir/loop.bin" 1 \
	"$dir/loop.bin: error: capability list loops: 0x60 (at 0x79) was already walked"
expect "a loop: what was walked is printed" "capability 0x10 PCI Express at 0x78, next 0x60, 0x078-0x0b3" \
	"$(cap "$(cat "$dir/bad.out")" 0x78)"
cp "$gv" "$dir/self.bin"; le32 "$dir/self.bin" 0x68 0x00816805
want_err "a capability pointing at itself" "$dir/self.bin" 1 \
	"$dir/self.bin: error: capability list loops: 0x68 (at 0x69) was already walked"
cp "$gv" "$dir/eloop.bin"; le32 "$dir/eloop.bin" 0x420 0x25020001
want_err "an extended list that loops" "$dir/eloop.bin" 1 \
	"$dir/eloop.bin: error: extended capability list loops: 0x250 (at 0x420) was already walked"
cp "$gv" "$dir/low.bin"; le32 "$dir/low.bin" 0x258 0x0801001e
want_err "an extended pointer below 0x100" "$dir/low.bin" 1 \
	"$dir/low.bin: error: extended capability pointer 0x080 (at 0x258) is below 0x100"
cp "$gv" "$dir/header.bin"; le32 "$dir/header.bin" 0x34 0x20
want_err "a pointer into the header" "$dir/header.bin" 1 \
	"$dir/header.bin: error: capability pointer 0x20 (at 0x34) points into the header (below 0x40)"
cp "$gv" "$dir/nolist.bin"; le32 "$dir/nolist.bin" 0x04 0x00000006
want_err "status without a capability list: a warning" "$dir/nolist.bin" 0 \
	"$dir/nolist.bin: warning: status (0x06) bit 4 is clear: no capability list"
# Every pointer of every value at 0x34 and at MSI's next: no hang, no crash.
crash=0
for p in 0 4 60 64 104 120 180 200 252 255; do
	cp "$gv" "$dir/p.bin"; le32 "$dir/p.bin" 0x34 "$p"; le32 "$dir/p.bin" 0xb4 $((0x140009 | p << 8))
	look --chip gv100 --config "$dir/p.bin" >/dev/null 2>&1; rc=$?
	[ "$rc" -le 1 ] || crash=$((crash + 1))
done
expect "pointers anywhere: exit 0 or 1, never a crash" 0 "$crash"
# Usage.
look --chip gv100 --config "$gv" 0x100 >/dev/null 2>"$dir/bad.err"; rc=$?
expect "--config with an ADDRESS: usage, exit 2" 2 "$rc"
look --chip gv100 --space bar0 --config "$gv" >/dev/null 2>&1; rc=$?
expect "--config with --space bar0: usage, exit 2" 2 "$rc"
look --chip gv100 --space pci --config "$gv" >/dev/null 2>&1; rc=$?
expect "--config with --space pci: fine" 0 "$rc"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
