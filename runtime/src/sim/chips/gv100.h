/* SPDX-License-Identifier: MIT */
/*
 * The GV100 model: what its generated headers do not say.  Every register,
 * field, value and array size comes from them; this names the board.
 */
/* Runlist registers, doorbell, ENABLE_PB: sim/gen/volta.c, the file of
 * runtime/src/chips/gv100.h's NVRT_CHIP_GENERATION. */
/* Its Host design (NV_PFIFO, NV_PCCSR): sim/pfifo/ (read by the Makefile too). */
#define SIM_HOST_DESIGN pfifo
/* BOOT_42 CHIP_ID (BOOT_0 ARCHITECTURE:IMPLEMENTATION) and revision A01. */
#define SIM_CHIP_ID HWC(PMC_BOOT_42_CHIP_ID_GV100)
#define SIM_MAJOR_REVISION HWC(PMC_BOOT_0_MAJOR_REVISION_A)
#define SIM_MINOR_REVISION HWC(PMC_BOOT_0_MINOR_REVISION_1)
/* Copy engines: nouveau's nv140 (GV100) ce mask 0x1ff, the first two GRCEs
 * on the graphics runlist. */
#define SIM_NUM_LCE 9u
#define SIM_NUM_GRCE 2u
/* PBDMAs serving the graphics runlist (nouveau fifo/gv100.c gv100_runl.runqs). */
#define SIM_GR_PBDMAS 2u
/* Runlists: one ENG_RUNLIST per runlist (dev_fifo). */
#define SIM_RUNLIST_COUNT HWC(PFIFO_ENG_RUNLIST_SIZE_1)
/* NV_PFIFO_INTR_RUNLIST's runlist events, one per runlist (write 1 to clear). */
#define SIM_PFIFO_INTR_RUNLIST_EVENTS(X) X(EVENT_0) X(EVENT_1) X(EVENT_2) X(EVENT_3) \
	X(EVENT_4) X(EVENT_5) X(EVENT_6) X(EVENT_7) X(EVENT_8) X(EVENT_9) X(EVENT_10)   \
	X(EVENT_11) X(EVENT_12)
/* RAMFC words loaded into a PBDMA register of their own besides the
 * generations' common ones (sim_sched.c): (RAMFC field, NV_PPBDMA register). */
#define SIM_RAMFC_CHIP_LIST(X) X(runtime, runtime) X(runlist_timeslice, runlist_timeslice)
