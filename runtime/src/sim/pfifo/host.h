/* SPDX-License-Identifier: MIT */
/*
 * The Host design of Volta and Turing (GV100, TU104) in the simulator:
 * NV_PFIFO, NV_PCCSR, NV_PTOP_DEVICE_INFO, NV_PMC_INTR, USERMODE and the
 * NV_PFB_PRI_MMU fault registers, as runtime/src/hw/pfifo/ is for the
 * runtime.  Included by sim_internal.h (SIM_HOST_DESIGN pfifo,
 * sim/chips/<chip>.h) before struct sim: its units, the sizes they give,
 * its state in struct sim and the functions only this design's files
 * (sim/pfifo/, sim/gen/volta.c, sim/gen/turing.c) share.
 */
#ifndef NVRT_SIM_PFIFO_HOST_H
#define NVRT_SIM_PFIFO_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include NVRT_HW_HEADER(dev_ce)
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(dev_graphics)
#include NVRT_HW_HEADER(dev_master)
#include NVRT_HW_HEADER(dev_top)
#include NVRT_HW_HEADER(dev_usermode)
#include NVRT_HW_HEADER(pri_mmu_both)
#include NVRT_HW_HEADER(pri_mmu_hub)

/* ---- sizes, from the manuals ----------------------------------------------------------- */

#define SIM_NUM_PBDMA ((uint32_t)HWC(PFIFO_CFG0_NUM_PBDMA_INIT))
#define SIM_NUM_CHANNELS HWC(PCCSR_CHANNEL_SIZE_1)
/* known_pfifo.c's bitmap covers BAR0 up to PFIFO's end: PMC, PBUS, PFIFO. */
#define SIM_KNOWN_LIMIT (HWC(PFIFO_LIMIT) + 1u)

/* RAMFC words loaded into NV_PPBDMA registers besides every design's
 * (sim_sched.c): (RAMFC field, NV_PPBDMA register). */
#define SIM_RAMFC_DESIGN_LIST(X) X(method_crc, method_crc) X(userd, userd) X(userd_hi, userd_hi)
/* A CLEAR_FAULTED that timed out (NV_PFIFO_CLEAR_FAULTED_TIMEOUT): its INTR_0 bit. */
#define SIM_CLEAR_FAULTED_ERROR_INTR0 SIM_FIELD_AT(PPBDMA_INTR_0, CLEAR_FAULTED_ERROR, PENDING)

/* The design's state in struct sim. */
struct sim_host {
	uint32_t known[SIM_KNOWN_LIMIT / 4 / 32];   /* known_pfifo.c */
};

struct sim;

/* ---- regs_pfifo.c: PFIFO's interrupts ----------------------------------------------------- */

void sim_pfifo_intr_raise(struct sim *s, uint32_t intr0);
void sim_sched_error(struct sim *s, uint32_t code);

/* ---- fault_pfifo.c: the NV_PFB_PRI_MMU fault registers ---------------------------------- */

/* Software cleared VALID: no fault is left to report. */
void sim_mmu_fault_clear(struct sim *s);
/* The aperture of a PCCSR INST TARGET. */
enum sim_aperture sim_ap_pccsr(uint32_t target);

/* ---- known_pfifo.c: which offsets of PMC and PFIFO are registers ------------------------ */

/*
 * A register the chip's manual does not have (e.g. GV100's NV_PMC_ENABLE_PB
 * or NV_PFIFO_RUNLIST on Turing) reads as a PRI error and ignores writes:
 * known[] is built from the generated register lists of the chip.
 */
void sim_known_init(struct sim *s);
bool sim_known(const struct sim *s, uint32_t off);

/* ---- sim/gen/<generation>.c: what one generation of this design does its own way ------ */

/* PBDMA p is out of reset beyond PFIFO (GV100: NV_PMC_ENABLE_PB). */
bool sim_gen_pbdma_enabled(const struct sim *s, uint32_t p);
/* Reset values of the generation's own registers (PMC ENABLE*, ...). */
void sim_gen_regs_init(struct sim *s);
/* NV_PMC_INTR(0) HUB: whether an MMU fault reaches it. */
bool sim_gen_pmc_intr_hub(const struct sim *s);
/* A register outside the common units: true when it is one of the
 * generation's (*v set on a read). */
bool sim_gen_read(struct sim *s, uint32_t off, uint32_t *v);
bool sim_gen_write(struct sim *s, uint32_t off, uint32_t v);
/* The init values of this generation's own PFIFO registers. */
void sim_gen_pfifo_init(struct sim *s);
/* Registers only this generation has: true when off was one (and handled). */
bool sim_gen_pmc_write(struct sim *s, uint32_t off, uint32_t v);
bool sim_gen_pfifo_write(struct sim *s, uint32_t off, uint32_t v);
bool sim_gen_pfifo_read_only(uint32_t off);
/* The channel a NOTIFY_CHANNEL_PENDING value names, or -1 when Host ignores it. */
long sim_gen_doorbell_chid(const struct sim *s, uint32_t v);
/* The USERMODE register a BAR0 window register stands for (TU104's VF window:
 * doorbell, TIME_0/1), or 0. */
uint32_t sim_gen_window_alias(uint32_t off);

#endif
