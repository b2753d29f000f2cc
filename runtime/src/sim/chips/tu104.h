/* SPDX-License-Identifier: MIT */
/*
 * The TU104 model: what its generated headers do not say.  Every register,
 * field, value and array size comes from them (../shared/manuals/turing/
 * tu104 and the addenda in manuals/tu104); this names the board.
 */
/* Per-runlist submit registers, doorbell handle, no ENABLE_PB: sim/gen/turing.c,
 * the file of runtime/src/chips/tu104.h's NVRT_CHIP_GENERATION. */
/* Its Host design (NV_PFIFO, NV_PCCSR): sim/pfifo/ (read by the Makefile too). */
#define SIM_HOST_DESIGN pfifo
/* BOOT_42 CHIP_ID TU104 (BOOT_0 ARCHITECTURE:IMPLEMENTATION 0x16:4) and
 * revision A01. */
#define SIM_CHIP_ID HWC(PMC_BOOT_42_CHIP_ID_TU104)
#define SIM_MAJOR_REVISION HWC(PMC_BOOT_0_MAJOR_REVISION_A)
#define SIM_MINOR_REVISION HWC(PMC_BOOT_0_MINOR_REVISION_1)
/* Copy engines: nouveau's nv164_chipset (TU104) ce mask 0x1f.  How many of
 * them are GRCEs on the graphics runlist is not in any source here: two, as
 * on GV100. */
#define SIM_NUM_LCE 5u
#define SIM_NUM_GRCE 2u
/* PBDMAs serving the graphics runlist (nouveau fifo/tu102.c tu102_runl.runqs). */
#define SIM_GR_PBDMAS 2u
/* Runlists: one RUNLIST_BASE_LO/HI/SUBMIT/SUBMIT_INFO set each (dev_fifo). */
#define SIM_RUNLIST_COUNT HWC(PFIFO_RUNLIST_SUBMIT_SIZE_1)
/* NV_PFIFO_INTR_RUNLIST's runlist events, one per runlist (write 1 to clear). */
#define SIM_PFIFO_INTR_RUNLIST_EVENTS(X) X(EVENT_0) X(EVENT_1) X(EVENT_2) X(EVENT_3) \
	X(EVENT_4) X(EVENT_5) X(EVENT_6) X(EVENT_7) X(EVENT_8) X(EVENT_9) X(EVENT_10)
/* RAMFC words loaded into a PBDMA register of their own besides the
 * generations' common ones (sim_sched.c).  TU104 has no NV_PPBDMA_RUNTIME:
 * its RAMFC word stays in memory. */
#define SIM_RAMFC_CHIP_LIST(X) X(runlist_timeslice, runlist_timeslice)
