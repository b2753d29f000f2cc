/* SPDX-License-Identifier: MIT */
/*
 * Ampere's Host design in the simulator (GA100): a register block per
 * runlist (NV_RUNLIST_*) at a base NV_PTOP_DEVICE_INFO2 names, each
 * runlist's channel RAM (NV_CHRAM_CHANNEL) at a base its CHANNEL_CONFIG
 * names, PBDMAs at the 2 KiB stride, and the VF window's doorbell, time and
 * fault registers (../shared/design/ga100-host-facts.md sections 1 and 8).
 * Included by sim_internal.h (SIM_HOST_DESIGN ampere, sim/chips/ga100.h)
 * before struct sim.
 */
#ifndef NVRT_SIM_AMPERE_HOST_H
#define NVRT_SIM_AMPERE_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include NVRT_HW_HEADER(dev_boot)
#include NVRT_HW_HEADER(dev_ctrl)
#include NVRT_HW_HEADER(dev_runlist)
#include NVRT_HW_HEADER(dev_top)
#include NVRT_HW_HEADER(dev_vm)

/* ---- sizes -------------------------------------------------------------------------------- */

/* The description's PBDMAs: two on the graphics runlist, one on each other
 * (sim/chips/<chip>.h); their ids are 0.. in runlist order. */
#define SIM_NUM_PBDMA (SIM_GR_PBDMAS + SIM_RUNLIST_COUNT - 1u)
/* Channel IDs are a runlist's (RAMRL CHID, NV_CHRAM_CHANNEL(i) __SIZE_1):
 * the model numbers a channel runlist * SIM_CHRAM_CHANNELS + chid. */
#define SIM_CHRAM_CHANNELS ((uint32_t)HWC(CHRAM_CHANNEL_SIZE_1))
#define SIM_NUM_CHANNELS (SIM_RUNLIST_COUNT * SIM_CHRAM_CHANNELS)

/* ---- the description's invented bases (facts section 8, 9.1) -------------------------------- */

/*
 * Runlist r's block and channel RAM: distinct, 64 KiB apart in a BAR0 range
 * no GA100 unit the model serves uses, each inside the fields that carry
 * them (DEVICE_INFO2 RUNLIST_PRI_BASE, CHANNEL_CONFIG CHRAM_BAR0_OFFSET:
 * address bits in place).  The doorbell id (DOORBELL_CONFIG ID) is 0x10 + r,
 * not r, so that a handle built from the index shows (ga100.expected).
 */
#define SIM_RUNLIST_BLOCK_FIRST 0x00c00000u
#define SIM_RUNLIST_BLOCK_STRIDE 0x00010000u
#define SIM_RUNLIST_CHRAM_OFFSET 0x00008000u   /* from the runlist's block */
#define SIM_DOORBELL_ID_FIRST 0x10u

static inline uint32_t sim_runlist_block(uint32_t r)
{
	return SIM_RUNLIST_BLOCK_FIRST + r * SIM_RUNLIST_BLOCK_STRIDE;
}

static inline uint32_t sim_runlist_chram(uint32_t r)
{
	return sim_runlist_block(r) + SIM_RUNLIST_CHRAM_OFFSET;
}

/* RAMFC words of this design: none beyond every design's (USERD comes from
 * the runlist entry; RAMFC words 2-3 are RESERVED2/3, dev_ram). */
#define SIM_RAMFC_DESIGN_LIST(X)
/* GA100 has no CLEAR_FAULTED timeout (NV_PFIFO_CLEAR_FAULTED_TIMEOUT is
 * gone, INTR_0 CLEAR_FAULTED_ERROR removed): never raised; the METHOD bit
 * stands for it. */
#define SIM_CLEAR_FAULTED_ERROR_INTR0 SIM_FIELD_AT(PPBDMA_INTR_0, METHOD, PENDING)

/* The design's state in struct sim. */
struct sim_host {
	uint32_t tsg_preempt_runlist;   /* the pending TSG preempt's runlist */
};

struct sim;

/* ---- regs_ampere.c ----------------------------------------------------------------------- */

/* The runlist whose DOORBELL_CONFIG ID is id, or -1. */
long sim_runlist_of_doorbell(const struct sim *s, uint32_t id);

/* ---- fault_ampere.c: the VF window's fault registers --------------------------------------- */

/* Software cleared VALID: no fault is left to report. */
void sim_mmu_fault_clear(struct sim *s);

#endif
