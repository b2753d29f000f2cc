/* SPDX-License-Identifier: MIT */
/*
 * The GA100 model: what its generated headers do not say.  Every register,
 * field, value and array size comes from them (../shared/manuals/ampere/
 * ga100 and the addenda in manuals/ga100, which cite NVIDIA's published
 * headers); this names the board.  The real runlist blocks, channel RAM
 * bases, doorbell ids and PBDMA ids of an A100 are not published
 * (../shared/design/ga100-host-facts.md 9.1): the model invents distinct
 * ones (sim/ampere/regs_ampere.c), as facts section 8 asks and
 * test/trace/ga100.expected assumes.
 */
/* Its Host design (runlist blocks, channel RAM, the VF window): sim/ampere/
 * (read by the Makefile too).  No sim/gen/ file: the design is Ampere's own. */
#define SIM_HOST_DESIGN ampere
/* BOOT_42 CHIP_ID GA100 0x170 (dev_boot.ref.txt:179,199) and revision A01
 * (facts section 0: BOOT_0 0x170000a1). */
#define SIM_CHIP_ID HWC(PMC_BOOT_42_CHIP_ID_GA100)
#define SIM_MAJOR_REVISION HWC(PMC_BOOT_0_MAJOR_REVISION_A)
#define SIM_MINOR_REVISION HWC(PMC_BOOT_0_MINOR_REVISION_1)
/* Copy engines: nouveau's nv170_chipset (GA100) ce mask 0x3ff, ten LCEs
 * (facts:148); the first two are the GRCEs of the graphics runlist
 * (dev_runlist:184-185 CTXSW_TIMEOUT_GRCE __SIZE_1 2), the other eight get
 * a runlist each. */
#define SIM_NUM_LCE 10u
#define SIM_NUM_GRCE 2u
/* PBDMAs serving the graphics runlist (facts section 8: "2 on GR"); every
 * other runlist has one. */
#define SIM_GR_PBDMAS 2u
/* Runlists: the graphics one and one per async LCE. */
#define SIM_RUNLIST_COUNT (1u + SIM_NUM_LCE - SIM_NUM_GRCE)
/* RAMFC words loaded into a PBDMA register of their own besides the
 * design's: none (GA100 has no NV_PPBDMA_RUNTIME or RUNLIST_TIMESLICE). */
#define SIM_RAMFC_CHIP_LIST(X)
