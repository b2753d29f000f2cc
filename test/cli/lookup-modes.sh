#!/bin/sh
# SPDX-License-Identifier: MIT
# refgen lookup asks one core in every form: each query below is run as one
# ADDRESS [VALUE] (text and --json) and as a batch line (text and --json),
# with the same options, and all four must give the register and decoded
# fields worked out here by hand from the manuals.  Ends "N passed, N failed".
#
#   REFGEN_BIN REFGEN_IR
: "${REFGEN_BIN:?}" "${REFGEN_IR:?}"
passed=0
failed=0

# The register a form names and its decoded fields, one line each.
single_text() {
	"$REFGEN_BIN" lookup --ir "$REFGEN_IR" "$@" 2>/dev/null |
		awk 'NR == 1 { print $2 } /^  = 0x[0-9a-f]*: / { sub(/^  = 0x[0-9a-f]*: /, ""); d = $0 } END { print d }'
}
batch_text() {
	chip=$1 opts=$2 addr=$3 value=$4
	# shellcheck disable=SC2086
	echo "$addr${value:+ $value}" | "$REFGEN_BIN" lookup --ir "$REFGEN_IR" --chip "$chip" $opts - 2>/dev/null |
		sed 's/ \[warning: [^]]*\]$//' |
		awk -v v="$value" '{ n = v == "" ? 2 : 3; print $n; d = ""
			for (i = n + 1; i <= NF; i++) d = d (d == "" ? "" : " ") $i; print d }'
}
# The first "register" and "decoded" of a JSON answer (the asked space's first candidate).
json_pick() {
	grep -o '"register":"[^"]*"' "$1" | head -n 1 | sed 's/^"register":"//; s/"$//'
	grep -o '"decoded":"[^"]*"' "$1" | head -n 1 | sed 's/^"decoded":"//; s/"$//'
}
check() {
	name=$1 chip=$2 opts=$3 addr=$4 value=$5 want=$6
	tmp=${TMPDIR:-/tmp}/lookup-modes.$$
	# shellcheck disable=SC2086
	a=$(single_text --chip "$chip" $opts "$addr" $value)
	b=$(batch_text "$chip" "$opts" "$addr" "$value")
	# shellcheck disable=SC2086
	"$REFGEN_BIN" lookup --ir "$REFGEN_IR" --json --chip "$chip" $opts "$addr" $value >"$tmp" 2>/dev/null
	c=$(json_pick "$tmp"; [ -n "$value" ] || echo)
	# shellcheck disable=SC2086
	echo "$addr${value:+ $value}" | "$REFGEN_BIN" lookup --ir "$REFGEN_IR" --json --chip "$chip" $opts - >"$tmp" 2>/dev/null
	d=$(json_pick "$tmp"; [ -n "$value" ] || echo)
	rm -f "$tmp"
	w=$(printf '%s\n' "$want" | tr '|' '\n'; [ -n "$value" ] || echo)
	bad=""
	[ "$a" = "$w" ] || bad="$bad single"
	[ "$b" = "$w" ] || bad="$bad batch"
	[ "$c" = "$w" ] || bad="$bad json"
	[ "$d" = "$w" ] || bad="$bad batch-json"
	if [ -z "$bad" ]; then
		passed=$((passed + 1))
		echo "ok - $name"
	else
		failed=$((failed + 1))
		echo "not ok - $name: wrong in:$bad"
		printf '  want:       %s\n' "$w" | head -n 2
		printf '  single:     %s\n  batch:      %s\n  json:       %s\n  batch-json: %s\n' "$a" "$b" "$c" "$d"
	fi
}

# gv100 dev_fifo.ref.txt:54-63: NV_PCCSR_CHANNEL_INST(i) at 0x800000+i*8,
# so 0x800028 is i=5; BIND 31:31 (TRUE 1), TARGET 29:28 (VID_MEM 0),
# PTR 27:0; bit 30 no field's.  Fields high bits first.
check "gv100 0x800028 0x80000123" gv100 "" 0x800028 0x80000123 \
	"NV_PCCSR_CHANNEL_INST(5)|BIND=TRUE TARGET=VID_MEM PTR=0x123"
# The one number rule: hex, 0x optional, in every form (800028 is 0x800028).
check "gv100 800028 80000123: hex without 0x" gv100 "" 800028 80000123 \
	"NV_PCCSR_CHANNEL_INST(5)|BIND=TRUE TARGET=VID_MEM PTR=0x123"
# A value wider than the 32-bit register: 0x1_8000_0123 has bit 32 set,
# which no field holds (0x100000000), besides BIND and PTR.
check "gv100 0x800028 0x180000123: bits past the width unclaimed" gv100 "" 0x800028 0x180000123 \
	"NV_PCCSR_CHANNEL_INST(5)|BIND=TRUE TARGET=VID_MEM PTR=0x123 (no field: 0x100000000)"
# --space pci: hopper/gh100/dev_xtl_ep_pcfg_gpu.h:26-28 NV_EP_PCFG_GPU_ID 0x0,
# VENDOR 15:0 (NVIDIA 0x10DE), 31:16 no field's: 0x2335 << 16.  (BAR0's
# 0x0 is NV_PMC_BOOT_0: the answer when --space is not honoured.)
check "gh100 --space pci 0x0 0x233510de" gh100 "--space pci" 0x0 0x233510de \
	"NV_EP_PCFG_GPU_ID|VENDOR=NVIDIA (no field: 0x23350000)"
# --space ctxsw: gv100 dev_ctxsw.ref.txt:23 NV_CTXSW_FECS_HEADER 0x100
# (BAR0's 0x100 is NV_PMC_INTR(0)).
check "gv100 --space ctxsw 0x100" gv100 "--space ctxsw" 0x100 "" "NV_CTXSW_FECS_HEADER"
# tu104 dev_vm.ref.txt:550-552 NV_VIRTUAL_FUNCTION_DOORBELL 0x30090 at BAR0
# 0xB80000 + 0x30090; HANDLE 31:0.
check "tu104 0xbb0090 5" tu104 "" 0xbb0090 5 "NV_VIRTUAL_FUNCTION_DOORBELL|HANDLE=0x5"
# --block: ga100 dev_runlist.ref.txt:205 NV_RUNLIST_INTR_0 0x100 of the
# block; with the block at 0xc10000, BAR0 0xc10100; 0 decodes every field
# to its zero value, the fields high bits first (:205-255).
check "ga100 --block NV_RUNLIST=0xc10000 0xc10100" ga100 "--block NV_RUNLIST=0xc10000" 0xc10100 "" \
	"NV_RUNLIST_INTR_0@0xc10000"
# --class: ../shared/classes/clc36f.h:209-241 NVC36F_SEM_EXECUTE method 0x6c
# of VOLTA_CHANNEL_GPFIFO_A (gv100's Host class); 0x100001 is OPERATION 2:0
# = 1 RELEASE (:212), RELEASE_WFI 20:20 = 1 EN (:223), every other field 0:
# ACQUIRE_SWITCH_TSG DIS (:219), PAYLOAD_SIZE 32BIT (:225), RELEASE_TIMESTAMP
# DIS (:228), REDUCTION 30:27 IMIN (:232), REDUCTION_FORMAT 31:31 SIGNED
# (:240).  (BAR0's 0x6c is inside NV_PMC, no register: the
# answer when --class is not honoured.)
check "gv100 --class c36f 0x6c 0x100001" gv100 "--class c36f" 0x6c 0x100001 \
	"NVC36F_SEM_EXECUTE|REDUCTION_FORMAT=SIGNED REDUCTION=IMIN RELEASE_TIMESTAMP=DIS PAYLOAD_SIZE=32BIT RELEASE_WFI=EN ACQUIRE_SWITCH_TSG=DIS OPERATION=RELEASE"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
