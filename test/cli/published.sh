#!/bin/sh
# SPDX-License-Identifier: MIT
# The chips of NVIDIA's published headers through refgen's tools: lookups on
# gh100 and gb202 and a diff ga100 -> gh100 of dev_ram, the spaces of units
# only a header gives the manual chips (tu102's ctxsw and VF offsets, ga100's
# falcon block, ga102's NV_CE_BASE_*), lookups on gb100 and gm107 (built
# only with CHIPS=all: parsed here), each expected line
# worked out by hand from the header lines cited beside it
# (PUBLISHED/<arch>/<chip>/<unit>.h, PUBLISHED default ../shared/published;
# MANUALS/ampere/ga100/dev_ram.ref.txt for ga100).  Skipped (0 passed, 0
# failed) when the build has no published chips (PUBLISHED=).
#
# Environment: REFGEN_BIN, REFGEN_IR, PUBLISHED (make test sets them).
set -u
refgen=${REFGEN_BIN:-out/bin/refgen}
ir=${REFGEN_IR:-out/ir}
. "$(dirname "$0")/expect.sh"
for c in gh100 gb202 ga100; do
	if [ ! -d "$ir/$c" ]; then
		echo "skipped: no $ir/$c (a build without the published headers, PUBLISHED=)"
		echo "$pass passed, $fail failed"
		exit 0
	fi
done
look() { "$refgen" lookup --ir "$ir" "$@" 2>&1; }

# gh100: hwproject.h:32 NV_XAL_BASE_ADDRESS 1110016 = 0x10f000 (declared in
# address-spaces.txt as dev_nv_xal_ep_zb's window base);
# dev_nv_xal_ep_zb.h:29 NV_XAL_EP_ZB_BAR0_WINDOW 0x00000d40, so BAR0
# 0x10f000 + 0xd40 = 0x10fd40 (nouveau's gh100 NV_XAL_EP_BAR0_WINDOW is
# 0x0010fd40 too); :28 its field BASE 21:0, so 0x30 is BASE=0x30.
out=$(look --chip gh100 0x10fd40 0x30)
expect "gh100 0x10fd40: NV_XAL_EP_ZB_BAR0_WINDOW through NV_XAL_BASE_ADDRESS" \
	"0x0010fd40  NV_XAL_EP_ZB_BAR0_WINDOW  dev_nv_xal_ep_zb  window 0xd40 through NV_XAL_BASE_ADDRESS (BAR0 0x10fd40)" \
	"$(echo "$out" | sed -n 1p)"
expect "gh100 0x10fd40 0x30: BASE 21:0" "  = 0x30: BASE=0x30" "$(echo "$out" | sed -n 3p)"

# gh100: dev_timer.h:27 NV_PTIMER_TIME_PRIV_LEVEL_MASK 0x00009430 RW-4R;
# :28 WRITE_PROTECTION_LEVEL0 4:4, :29 _ENABLE 0x00000001: 0x10 sets bit 4.
out=$(look --chip gh100 0x9430 0x10)
expect "gh100 0x9430: NV_PTIMER_TIME_PRIV_LEVEL_MASK" \
	"0x00009430  NV_PTIMER_TIME_PRIV_LEVEL_MASK  dev_timer  RW-4R  bar0" "$(echo "$out" | sed -n 1p)"
expect "gh100 0x9430 0x10: WRITE_PROTECTION_LEVEL0=ENABLE" \
	"  = 0x10: WRITE_PROTECTION_LEVEL0=ENABLE" "$(echo "$out" | sed -n 3p)"

# gh100: dev_bus.h:27 NV_PBUS_SW_SCRATCH(i) (0x00001400+(i)*4), :28
# __SIZE_1 64: 0x1408 is element 2 (0x1400 + 2*4).
out=$(look --chip gh100 0x1408)
expect "gh100 0x1408: NV_PBUS_SW_SCRATCH(2)" \
	"0x00001408  NV_PBUS_SW_SCRATCH(2)  dev_bus  RW-4A  bar0" "$(echo "$out" | sed -n 1p)"

# gb202: dev_therm.h:27 NV_THERM_I2CS_SCRATCH 0x00ad00bc RW-4R, :28 DATA
# 31:0; dev_therm_addendum.h:28 FSP_BOOT_COMPLETE_STATUS 31:0, :29 _SUCCESS
# 0x000000FF: 0xff is DATA=0xff and SUCCESS.
out=$(look --chip gb202 0xad00bc 0xff)
expect "gb202 0xad00bc: NV_THERM_I2CS_SCRATCH" \
	"0x00ad00bc  NV_THERM_I2CS_SCRATCH  dev_therm  RW-4R  bar0" "$(echo "$out" | sed -n 1p)"
expect "gb202 0xad00bc 0xff: DATA=0xff FSP_BOOT_COMPLETE_STATUS=SUCCESS" \
	"  = 0xff: DATA=0xff FSP_BOOT_COMPLETE_STATUS=SUCCESS" "$(echo "$out" | sed -n 3p)"

# gb202: dev_vm.h:27 NV_VIRTUAL_FUNCTION_DOORBELL 0x30090 -W-4R, an offset
# of a virtual function's BAR0 (vf); :28 VECTOR 11:0, :29 RUNLIST_ID 22:16,
# :30 RUNLIST_DOORBELL 30:30, :32 _ENABLE 0x1.  0x40010005: bit 30 set,
# bits 22:16 = 0x01, bits 11:0 = 0x005.
out=$(look --chip gb202 --space vf 0x30090 0x40010005)
expect "gb202 vf 0x30090: NV_VIRTUAL_FUNCTION_DOORBELL" \
	"0x00030090  NV_VIRTUAL_FUNCTION_DOORBELL  dev_vm  -W-4R  vf" "$(echo "$out" | sed -n 1p)"
expect "gb202 vf 0x30090 0x40010005: the doorbell's fields" \
	"  = 0x40010005: RUNLIST_DOORBELL=ENABLE RUNLIST_ID=0x1 VECTOR=0x5" "$(echo "$out" | sed -n 3p)"
# gb202 hwproject.h:28 NV_XTL_BASE_ADDRESS 0x8A000; dev_xtl_ep_pri.h:27
# NV_XTL_EP_PRI 0x01FFF:0x00000: BAR0 0x8a43c is 0x43c into it.
out=$(look --chip gb202 0x8a43c)
expect "gb202 0x8a43c: NV_XTL_EP_PRI+0x43c through NV_XTL_BASE_ADDRESS" \
	"0x0008a43c  NV_XTL_EP_PRI+0x43c  dev_xtl_ep_pri  RW--D  (no register)  bar0 through NV_XTL_BASE_ADDRESS" \
	"$(echo "$out" | sed -n 1p)"

# A name on gh100: dev_ram.h:28 NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_HW
# (19+1*32):(0+1*32), bits 51:32 of the runlist entry.
out=$(look --chip gh100 NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_HW | sed -n 2p)
expect "gh100 NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_HW: its header line" \
	"  hopper/gh100/dev_ram.h:28: #define NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_HW (19+1*32):(0+1*32) /* RWXUF */" "$out"

# diff ga100 -> gh100, dev_ram.  gh100's dev_ram.h (lines 26-34) has nine
# defines, an excerpt; ga100's dev_ram.ref.txt the whole unit.
#  - NV_PRAMIN 0x007FFFFF:0x00700000: ga100 dev_ram.ref.txt:49 and gh100
#    dev_ram.h:26 agree (range, space bar0: unchanged).
#  - NV_RAMFC_GP_INFO (41*32+31):(41*32+0) (gh100 dev_ram.h:32) is the word
#    ga100 names NV_RAMFC_RESERVED20 (41*32+31):(41*32+0) (dev_ram.ref.txt:502):
#    renamed.
#  - NV_RAMFC_GP_PUT (0*32+31):(0*32+0) (ga100 :467, gh100 :33) and
#    NV_RAMFC_GP_BASE (18*32+31):(18*32+0) (ga100 :485, gh100 :30): unchanged.
#  - NV_RAMRL_ENTRY_CHAN_USERD_PTR_LO (31+0*32):(8+0*32) (ga100 :803, gh100
#    :27): unchanged.
#  - everything else of ga100's dev_ram: not in gh100's excerpt (removed).
out=$("$refgen" diff --ir "$ir" --from ga100 --to gh100 --unit dev_ram 2>&1)
expect "diff ga100 gh100 dev_ram: gh100's side is an excerpt" \
	"note: gh100/dev_ram is an excerpt (NVIDIA's published hopper/gh100/dev_ram.h): what it lacks is left out, not known to be removed" \
	"$(echo "$out" | grep '^note:')"
expect "diff ga100 gh100 dev_ram: RESERVED20 renamed GP_INFO" \
	"@@ renamed field NV_RAMFC_RESERVED20: NV_RAMFC_RESERVED20 -> NV_RAMFC_GP_INFO" \
	"$(echo "$out" | grep '^@@ renamed')"
expect "diff ga100 gh100 dev_ram: RESERVED20's ga100 line" \
	"-502: #define NV_RAMFC_RESERVED20 (41*32+31):(41*32+0) /* RW-UF */" \
	"$(echo "$out" | grep -A2 '^@@ renamed' | sed -n 2p)"
expect "diff ga100 gh100 dev_ram: GP_INFO's gh100 line" \
	"+32: #define NV_RAMFC_GP_INFO (41*32+31):(41*32+0) /* RW-UF */" \
	"$(echo "$out" | grep -A2 '^@@ renamed' | sed -n 3p)"
for n in NV_PRAMIN NV_RAMFC_GP_PUT NV_RAMFC_GP_BASE NV_RAMRL_ENTRY_CHAN_USERD_PTR_LO; do
	if echo "$out" | grep -q "^@@ [a-z]* [a-z]* $n[:( ]\|^@@ [a-z]* [a-z]* $n\$"; then
		# NV_PRAMIN's space: bar0 in both (address-spaces.txt)
		bad "diff ga100 gh100 dev_ram: $n changed"; echo "$out" | grep "^@@ .* $n"
	else
		ok "diff ga100 gh100 dev_ram: $n the same"
	fi
done
expect "diff ga100 gh100 dev_ram: removed NV_RAMFC_GP_FETCH (ga100 only)" \
	"@@ removed field NV_RAMFC_GP_FETCH" "$(echo "$out" | grep '^@@ removed field NV_RAMFC_GP_FETCH$')"
expect "diff ga100 gh100 dev_ram: nothing added (gh100's nine defines are all ga100's)" \
	"" "$(echo "$out" | grep '^@@ added')"

# The manual chips' units that only a published header gives, in the spaces
# address-spaces.txt declares for them (none of them BAR0 offsets).
# tu102 dev_ctxsw_prog.h:26 NV_CTXSW_GFXP_POOL_CTRL_BLK_GFXP_RTV_SIZE
# 0x00000058 RW-4R: an offset in a context-switch buffer (ctxsw).  No other
# unit of tu102 (its three manuals, its headers) has anything at 0x58, and
# tu102 has no NV_PMC device: BAR0 holds nothing there.
expect "tu102 0x58: the ctxsw offset named only as another space's" \
	"refgen lookup: nothing of tu102's bar0 holds 0x58
  other spaces at 0x58 (--space NAME): NV_CTXSW_GFXP_POOL_CTRL_BLK_GFXP_RTV_SIZE (ctxsw)" "$(look --chip tu102 0x58)"
expect "tu102 ctxsw 0x58: NV_CTXSW_GFXP_POOL_CTRL_BLK_GFXP_RTV_SIZE" \
	"0x00000058  NV_CTXSW_GFXP_POOL_CTRL_BLK_GFXP_RTV_SIZE  dev_ctxsw_prog  RW-4R  ctxsw" \
	"$(look --chip tu102 --space ctxsw 0x58 | sed -n 1p)"

# A falcon's register file is an offset in each falcon's block: ga100
# dev_falcon_v4.h:44 NV_PFALCON_FALCON_MAILBOX0 0x00000040 RW-4R (block of
# NV_PFALCON).  BAR0 0x40 of ga100 is inside dev_boot.ref.txt:22 NV_PMC
# 0x00000fff:0x00000000, which has no register there; the other spaces at
# 0x40: dev_runlist.ref.txt:74 NV_CHRAM_CHANNEL(i) (0x000+(i)*4), i = 16
# (block of NV_RUNLIST), and dev_ctxsw.ref.txt:248
# NV_CTXSW_GFXP_POOL_CTRL_BLK_SLICE_ARRAY4 0x00000040 (ctxsw).
out=$(look --chip ga100 0x40)
expect "ga100 0x40: NV_PMC holds it, no register" \
	"0x00000040  NV_PMC+0x40  dev_boot  RW--D  (no register)  bar0" "$(echo "$out" | sed -n 1p)"
expect "ga100 0x40: the falcon's MAILBOX0 only as a block offset" \
	"  other spaces at 0x40 (--space NAME): NV_PFALCON_FALCON_MAILBOX0 (block), NV_CHRAM_CHANNEL(16) (block), NV_CTXSW_GFXP_POOL_CTRL_BLK_SLICE_ARRAY4 (ctxsw)" \
	"$(echo "$out" | sed -n 3p)"
expect "ga100 block 0x40: NV_PFALCON_FALCON_MAILBOX0 of NV_PFALCON" \
	"0x00000040  NV_PFALCON_FALCON_MAILBOX0  dev_falcon_v4  RW-4R  block 0x40 of NV_PFALCON" \
	"$(look --chip ga100 --space block 0x40 | sed -n 1p)"
# GSP's falcon block in BAR0: tu102 dev_gsp.h:26 NV_PGSP 0x113fff:0x110000,
# :27 NV_PGSP_FALCON_MAILBOX0 0x110040 = 0x110000 + MAILBOX0's 0x40
# (dev_falcon_v4.h:41).
expect "tu102 0x110040: GSP's MAILBOX0 at its BAR0 address" \
	"0x00110040  NV_PGSP_FALCON_MAILBOX0  dev_gsp  RW-4R  bar0" "$(look --chip tu102 0x110040 | sed -n 1p)"

# NV_CE_BASE_* are offsets from NV_CE's start: ga102 dev_ce_base.h:26
# NV_CE_BASE_PCE_MAP 0x00000028 R--4R, :27 VALUE 23:0; dev_ce.ref.txt:22-23
# NV_CE 0x105fff:0x104000 and NV_CE_PCE_MAP 0x00104028 (= 0x104000 + 0x28).
# ga102 has no unit at BAR0 0x28; its dev_ctxsw.ref.txt:61 and :230 have
# NV_CTXSW_MAIN_IMAGE_PM and NV_CTXSW_GFXP_POOL_CTRL_BLK_GFXP_PAGEPOOL_SIZE
# at 0x28 (ctxsw).
expect "ga102 0x28: NV_CE_BASE_PCE_MAP only as a block offset" \
	"refgen lookup: nothing of ga102's bar0 holds 0x28
  other spaces at 0x28 (--space NAME): NV_CE_BASE_PCE_MAP (block), NV_CTXSW_MAIN_IMAGE_PM (ctxsw), NV_CTXSW_GFXP_POOL_CTRL_BLK_GFXP_PAGEPOOL_SIZE (ctxsw)" \
	"$(look --chip ga102 0x28)"
out=$(look --chip ga102 --space block 0x28 0xffffff)
expect "ga102 block 0x28: NV_CE_BASE_PCE_MAP of NV_CE" \
	"0x00000028  NV_CE_BASE_PCE_MAP  dev_ce_base  R--4R  block 0x28 of NV_CE" "$(echo "$out" | sed -n 1p)"
expect "ga102 block 0x28 0xffffff: VALUE 23:0" "  = 0xffffff: VALUE=0xffffff" "$(echo "$out" | sed -n 3p)"
expect "ga102 0x104028: NV_CE_PCE_MAP, the same register at NV_CE's BAR0 start" \
	"0x00104028  NV_CE_PCE_MAP  dev_ce  R--4R  bar0" "$(look --chip ga102 0x104028 | sed -n 1p)"

# tu102 dev_vm.h:26 NV_VIRTUAL_FUNCTION_PRIV 0x0002FFFF:0x00000000, a VF's
# BAR0 (vf); :29 NV_VIRTUAL_FUNCTION_PRIV_L2_SYSMEM_INVALIDATE 0x00000F00;
# :28 NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0x00BBFFFF:0x00B80000 holds it
# at PF BAR0 0xb80000 + 0xf00 = 0xb80f00.
expect "tu102 0xf00: a VF offset, not a PF BAR0 register" \
	"refgen lookup: nothing of tu102's bar0 holds 0xf00
  other spaces at 0xf00 (--space NAME): NV_VIRTUAL_FUNCTION_PRIV_L2_SYSMEM_INVALIDATE (vf)" "$(look --chip tu102 0xf00)"
expect "tu102 0xb80f00: the VF register through NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET" \
	"0x00b80f00  NV_VIRTUAL_FUNCTION_PRIV_L2_SYSMEM_INVALIDATE  dev_vm  RW-4R  vf 0xf00 through NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET (BAR0 0xb80f00)" \
	"$(look --chip tu102 0xb80f00 | sed -n 1p)"

# Chips built only with CHIPS=all: the few units these checks need are
# parsed here with the project's declarations (manuals/address-spaces.txt)
# and the chip's hwproject.h, as the build parses them, into a scratch dir.
pub=${PUBLISHED:-../shared/published}
spaces=${SPACES:-manuals/address-spaces.txt}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/published-spaces.XXXXXX") || exit 1
case $scratch in
/ | "") echo "published.sh: refusing scratch dir '$scratch'" >&2; exit 1 ;;
esac
trap 'rm -rf "$scratch"' EXIT
gb100=$pub/blackwell/gb100 gm107=$pub/maxwell/gm107
mkdir -p "$scratch/gb100" "$scratch/gm107"
# parse CHIP UNIT HEADER [--published MORE] [--space-bases HWPROJECT]
parse() {
	c=$1 u=$2 h=$3
	shift 3
	"$refgen" parse --chip "$c" --spaces "$spaces" "$@" -o "$scratch/$c/$u.xml" "$h" ||
		bad "parse $c/$u"
}
parse gb100 dev_hubmmu_base "$gb100/dev_hubmmu_base.h" --space-bases "$gb100/hwproject.h"
parse gb100 dev_ctxsw_prog "$gb100/dev_ctxsw_prog.h" --space-bases "$gb100/hwproject.h"
parse gb100 dev_vm "$gb100/dev_vm.h" --published "$gb100/dev_vm_addendum.h" --space-bases "$gb100/hwproject.h"
parse gm107 dev_boot "$gm107/dev_boot.h"
parse gm107 dev_nv_xve "$gm107/dev_nv_xve.h" --published "$gm107/dev_nv_xve_addendum.h"
slook() { "$refgen" lookup --ir "$scratch" "$@" 2>&1; }

# gb100, a zero-based unit through hwproject.h: hwproject.h:36
# NV_HUBMMU0_PRI_BASE 0x880000 (address-spaces.txt: dev_hubmmu_base's
# window); dev_hubmmu_base.h:94 NV_HUBMMU_PRI_MMU_WPR2_ADDR_HI 0xa828
# RW-4R, so BAR0 0x880000 + 0xa828 = 0x88a828; :95 VAL 31:4, so 0x12345670
# is VAL=0x1234567.  The bare offset 0xa828 is no BAR0 address of it.
out=$(slook --chip gb100 0x88a828 0x12345670)
expect "gb100 0x88a828: NV_HUBMMU_PRI_MMU_WPR2_ADDR_HI through NV_HUBMMU0_PRI_BASE" \
	"0x0088a828  NV_HUBMMU_PRI_MMU_WPR2_ADDR_HI  dev_hubmmu_base  RW-4R  window 0xa828 through NV_HUBMMU0_PRI_BASE (BAR0 0x88a828)" \
	"$(echo "$out" | sed -n 1p)"
expect "gb100 0x88a828 0x12345670: VAL 31:4" "  = 0x12345670: VAL=0x1234567" "$(echo "$out" | sed -n 3p)"
expect "gb100 0xa828: a zero-based offset, not a BAR0 register" \
	"refgen lookup: nothing of gb100's bar0 holds 0xa828" "$(slook --chip gb100 0xa828)"

# gb100 dev_ctxsw_prog.h:32 NV_CTXSW_GFXP_POOL_CTRL_BLK_SPILL_OFFSET
# 0x00000004: an offset in a context-switch buffer (ctxsw), not BAR0 0x4.
out=$(slook --chip gb100 0x4)
expect "gb100 0x4: the ctxsw offset named only as another space's" \
	"refgen lookup: nothing of gb100's bar0 holds 0x4
  other spaces at 0x4 (--space NAME): NV_CTXSW_GFXP_POOL_CTRL_BLK_SPILL_OFFSET (ctxsw)" "$out"
expect "gb100 ctxsw 0x4: NV_CTXSW_GFXP_POOL_CTRL_BLK_SPILL_OFFSET" \
	"0x00000004  NV_CTXSW_GFXP_POOL_CTRL_BLK_SPILL_OFFSET  dev_ctxsw_prog  RW-4R  ctxsw" \
	"$(slook --chip gb100 --space ctxsw 0x4 | sed -n 1p)"

# gb100 dev_vm.h:482 NV_VIRTUAL_FUNCTION_PRIV_ACCESS_COUNTER0_NOTIFY_BUFFER_LO
# 0x00003108 RW-4R, an offset of a VF's BAR0 (vf), not PF BAR0 0x3108;
# :39 NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0x00BBFFFF:0x00B80000 holds it
# at PF BAR0 0xb80000 + 0x3108 = 0xb83108.  :483 EN 0:0, :485 _TRUE 0x1,
# :486 BASE 31:12: 0x1001 is BASE=0x1 EN=TRUE.
out=$(slook --chip gb100 0x3108)
expect "gb100 0x3108: a VF offset, not a PF BAR0 register" \
	"refgen lookup: nothing of gb100's bar0 holds 0x3108
  other spaces at 0x3108 (--space NAME): NV_VIRTUAL_FUNCTION_PRIV_ACCESS_COUNTER0_NOTIFY_BUFFER_LO (vf)" "$out"
out=$(slook --chip gb100 0xb83108 0x1001)
expect "gb100 0xb83108: the VF register through NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET" \
	"0x00b83108  NV_VIRTUAL_FUNCTION_PRIV_ACCESS_COUNTER0_NOTIFY_BUFFER_LO  dev_vm  RW-4R  vf 0x3108 through NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET (BAR0 0xb83108)" \
	"$(echo "$out" | sed -n 1p)"
expect "gb100 0xb83108 0x1001: BASE=0x1 EN=TRUE" "  = 0x1001: BASE=0x1 EN=TRUE" "$(echo "$out" | sed -n 3p)"

# gm107: dev_boot.h:27 NV_PMC_BOOT_0 0x00000000 is BAR0 0; dev_nv_xve.h:27
# NV_XVE_ID 0x00000000 is PCI configuration space's 0 (pci), named only as
# another space's; :28 VENDOR 15:0, :29 _NVIDIA 0x000010DE.
out=$(slook --chip gm107 0x0)
expect "gm107 0x0: NV_PMC_BOOT_0" "0x00000000  NV_PMC_BOOT_0  dev_boot  R--4R  bar0" "$(echo "$out" | sed -n 1p)"
expect "gm107 0x0: NV_XVE_ID only as a pci offset" \
	"  other spaces at 0x0 (--space NAME): NV_XVE_ID (pci)" "$(echo "$out" | sed -n 3p)"
out=$(slook --chip gm107 --space pci 0x0 0x10de)
expect "gm107 pci 0x0: NV_XVE_ID" "0x00000000  NV_XVE_ID  dev_nv_xve  R--4R  pci" "$(echo "$out" | sed -n 1p)"
expect "gm107 pci 0x0 0x10de: VENDOR=NVIDIA" "  = 0x10de: VENDOR=NVIDIA" "$(echo "$out" | sed -n 3p)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
