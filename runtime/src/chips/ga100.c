/* SPDX-License-Identifier: MIT */
/*
 * GA100 (Ampere; A100): the Turing -> Ampere delta, one line per sub-table.
 *
 * Ampere rebuilt Host (../shared/design/ga100-host-facts.md): each runlist
 * has a register block of its own at a base device info names, channels
 * are enabled and cleared through the runlist's channel RAM, the runlist
 * entry carries the instance block and USERD (no bind register), and the
 * doorbell takes the runlist's doorbell id.  So every sub-table that
 * touches Host's registers is Ampere's own (runtime/src/hw/ampere/), and
 * the shared code (runtime/src/hw/) is compiled for GA100 with Ampere's
 * words where RAMFC and the GP entry changed.  Only the page tables are
 * Turing's unchanged: the checks below prove every field and value
 * TU104's sub-table (GV100's) uses equal in GA100's headers.
 */
#include <assert.h>

#include "chip/chip_tables.h"
#include "ga100/dev_mmu.h"
#include "tu104/dev_mmu.h"

NVRT_CHIP_TABLES_DECLARE(gv100);
NVRT_CHIP_TABLES_DECLARE(ga100);

const struct nvrt_chip nvrt_chip_ga100 = {
	.name = "ga100",
	.ident = &nvrt_ga100_ident,        /* BOOT_42 CHIP_ID 0x170 (GA102 shares BOOT_0's ARCHITECTURE) */
	.formats = &nvrt_ga100_formats,    /* RAMFC without USERD (RESERVED2/3), dword 62 INTR_NOTIFY; RAMRL
					    * entry carries INST and USERD, 11-bit ids */
	.gpfifo = &nvrt_ga100_gpfifo,      /* no GP_ENTRY1_PRIV (clc56f.h) */
	.pushbuf = &nvrt_ga100_pushbuf,    /* Host class 0xc56f (NV_PPBDMA_SIGNATURE_HW_HOST_CLASS_ID) */
	.pt = &nvrt_gv100_pt,              /* Turing's (= Volta's) ver2 PDE/PTE words: checked below */
	.dump = &nvrt_ga100_dump,          /* GA100's names */
	.host = &nvrt_ga100_host,          /* DEVICE_INFO2 rows; runlist blocks, channel RAM, PBDMAs from
					    * each block; no PFIFO reset (NV_PMC_DEVICE_ENABLE for the CEs) */
	.runlist = &nvrt_ga100_runlist,    /* NV_RUNLIST_SUBMIT_BASE_LO/HI/SUBMIT at the block's base;
					    * one NV_RUNLIST_PREEMPT; ENGINE_STATUS0 SAVE 5/LOAD 6 */
	.channel = &nvrt_ga100_channel,    /* NV_CHRAM_CHANNEL write-control updates; no bind register */
	.usermode = &nvrt_ga100_usermode,  /* doorbell 0xbb0090 with DOORBELL_CONFIG_ID << 16 | chid;
					    * NV_VIRTUAL_FUNCTION_TIME_0/1 */
	.faults = &nvrt_ga100_faults,      /* NV_RUNLIST_INTR_0/INTR_BAD_TSG, CHRAM FAULTED bits,
					    * the VF window's MMU fault registers */
	.bus = &nvrt_ga100_bus,            /* stale channels per runlist, from the channel RAM */
	.ce = &nvrt_ga100_ce,
};

/* ---- what sharing Turing's (GV100's) pt sub-table relies on -------------------------- */

/* (compared as numbers: the values are of each chip's own enum type) */
#define SAME(X) static_assert((unsigned long long)TU104_##X == (unsigned long long)GA100_##X, \
			      #X " differs between TU104 and GA100")
#define SAME_FIELD(F) SAME(F##_FIELD_SHIFT); SAME(F##_FIELD_WIDTH)
#define SAME_SFIELD(F) SAME_FIELD(F); SAME(F##_FIELD_WORD)

/* runtime/src/hw/pagetable_hw.c: the VA split ... */
SAME_SFIELD(MMU_VER2_VA_PD3);
SAME_SFIELD(MMU_VER2_VA_PD2);
SAME_SFIELD(MMU_VER2_VA_PD1);
SAME_SFIELD(MMU_VER2_VA_PD0);
SAME_SFIELD(MMU_VER2_VA_PT_SMALL);
SAME_SFIELD(MMU_VER2_VA_PT_BIG);
SAME(MMU_VER2_PDE_SIZE);
SAME(MMU_VER2_DUAL_PDE_SIZE);
SAME(MMU_VER2_PTE_SIZE);
SAME(MMU_VER2_PDE_ADDRESS_SHIFT);
SAME(MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT);
SAME(MMU_VER2_DUAL_PDE_ADDRESS_SHIFT);
SAME(MMU_VER2_PTE_ADDRESS_SHIFT);
/* ... the PDE ... */
SAME_SFIELD(MMU_VER2_PDE_IS_PDE);
SAME_SFIELD(MMU_VER2_PDE_APERTURE);
SAME_SFIELD(MMU_VER2_PDE_VOL);
SAME_SFIELD(MMU_VER2_PDE_ADDRESS_SYS);
SAME(MMU_VER2_PDE_IS_PDE_TRUE);
SAME(MMU_VER2_PDE_APERTURE_INVALID);
SAME(MMU_VER2_PDE_APERTURE_SYSTEM_COHERENT_MEMORY);
SAME(MMU_VER2_PDE_APERTURE_SYSTEM_NON_COHERENT_MEMORY);
SAME(MMU_VER2_PDE_VOL_FALSE);
SAME(MMU_VER2_PDE_VOL_TRUE);
/* ... the dual PDE ... */
SAME_SFIELD(MMU_VER2_DUAL_PDE_IS_PDE);
SAME_SFIELD(MMU_VER2_DUAL_PDE_APERTURE_BIG);
SAME_SFIELD(MMU_VER2_DUAL_PDE_APERTURE_SMALL);
SAME_SFIELD(MMU_VER2_DUAL_PDE_VOL_BIG);
SAME_SFIELD(MMU_VER2_DUAL_PDE_VOL_SMALL);
SAME_SFIELD(MMU_VER2_DUAL_PDE_ADDRESS_BIG_SYS);
SAME_SFIELD(MMU_VER2_DUAL_PDE_ADDRESS_SMALL_SYS);
SAME(MMU_VER2_DUAL_PDE_IS_PDE_TRUE);
SAME(MMU_VER2_DUAL_PDE_APERTURE_BIG_INVALID);
SAME(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_COHERENT_MEMORY);
SAME(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_NON_COHERENT_MEMORY);
SAME(MMU_VER2_DUAL_PDE_APERTURE_SMALL_INVALID);
SAME(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_COHERENT_MEMORY);
SAME(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY);
SAME(MMU_VER2_DUAL_PDE_VOL_BIG_FALSE);
SAME(MMU_VER2_DUAL_PDE_VOL_BIG_TRUE);
SAME(MMU_VER2_DUAL_PDE_VOL_SMALL_FALSE);
SAME(MMU_VER2_DUAL_PDE_VOL_SMALL_TRUE);
/* ... and the PTE (KIND is passed through, not chosen: its renumbered
 * values, tu104-host-facts.md 3, do not matter here). */
SAME_SFIELD(MMU_VER2_PTE_VALID);
SAME_SFIELD(MMU_VER2_PTE_APERTURE);
SAME_SFIELD(MMU_VER2_PTE_VOL);
SAME_SFIELD(MMU_VER2_PTE_PRIVILEGE);
SAME_SFIELD(MMU_VER2_PTE_READ_ONLY);
SAME_SFIELD(MMU_VER2_PTE_KIND);
SAME_SFIELD(MMU_VER2_PTE_ADDRESS_SYS);
SAME(MMU_VER2_PTE_VALID_TRUE);
SAME(MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY);
SAME(MMU_VER2_PTE_APERTURE_SYSTEM_NON_COHERENT_MEMORY);
SAME(MMU_VER2_PTE_PRIVILEGE_FALSE);
SAME(MMU_VER2_PTE_PRIVILEGE_TRUE);
SAME(MMU_VER2_PTE_READ_ONLY_FALSE);
SAME(MMU_VER2_PTE_READ_ONLY_TRUE);
SAME(MMU_VER2_PTE_VOL_FALSE);
SAME(MMU_VER2_PTE_VOL_TRUE);
