/* SPDX-License-Identifier: MIT */
/*
 * TU104 (Turing): the Volta -> Turing delta, one line per sub-table.
 *
 * A sub-table is shared with GV100 (a pointer to GV100's) where its code
 * touches only memory formats whose every field and value the checks
 * below prove equal in both chips' generated headers.  Every sub-table
 * that touches registers, or prints the manual's names, is compiled for
 * TU104 from the same source (runtime/src/hw/, the compiler checking each
 * name against TU104's headers): a register's offset is not a compile-time
 * constant in the typed headers, so sharing could not be checked.  The
 * differing operations are TU104's own (runtime/src/hw/turing/).
 */
#include <assert.h>

#include "chip/chip_tables.h"
#include "gv100/dev_mmu.h"
#include "gv100/dev_ram.h"
#include "tu104/dev_mmu.h"
#include "tu104/dev_ram.h"

NVRT_CHIP_TABLES_DECLARE(gv100);
NVRT_CHIP_TABLES_DECLARE(tu104);

const struct nvrt_chip nvrt_chip_tu104 = {
	.name = "tu104",
	.ident = &nvrt_tu104_ident,        /* BOOT_42 CHIP_ID (Turing's dev_master names TU100 there only) */
	.formats = &nvrt_tu104_formats,    /* same layouts (RAMRL adds TSG GFID, written 0), compiled for TU104 */
	.gpfifo = &nvrt_tu104_gpfifo,      /* same GP entry, but no PRIV (deprecated on Turing), compiled for TU104 */
	.pushbuf = &nvrt_tu104_pushbuf,    /* Host class 0xc46f (NV_PFIFO_CFG2_HOST_CLASS_ID_VALUE) */
	.pt = &nvrt_gv100_pt,              /* same ver2 PDE/PTE words: checked below */
	.dump = &nvrt_tu104_dump,          /* TU104's names (RAMRL TSG GFID, CLEAR_FAULTED handle ...) */
	.host = &nvrt_tu104_host,          /* no NV_PMC_ENABLE_PB; doorbell enable; 12 PBDMAs */
	.runlist = &nvrt_tu104_runlist,    /* RUNLIST_BASE_LO/HI/SUBMIT(i), SUBMIT_INFO(i); 11 runlists */
	.channel = &nvrt_tu104_channel,    /* same NV_PCCSR, compiled for TU104 */
	.usermode = &nvrt_tu104_usermode,  /* doorbell handle RUNLIST_ID << 16 | CHID */
	.faults = &nvrt_tu104_faults,      /* SUBMIT_INFO(i) instead of ENG_RUNLIST(i) in the report */
	.bus = &nvrt_tu104_bus,            /* stale runlists from RUNLIST_SUBMIT(i) */
	.ce = &nvrt_tu104_ce,
};

/* ---- what sharing GV100's pt sub-table relies on ------------------------- */

/* (compared as numbers: the values are of each chip's own enum type) */
#define SAME(X) static_assert((unsigned long long)GV100_##X == (unsigned long long)TU104_##X, \
			      #X " differs between GV100 and TU104")
/* A register-style field: position and width. */
#define SAME_FIELD(F) SAME(F##_FIELD_SHIFT); SAME(F##_FIELD_WIDTH)
/* A structure field: its word too. */
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
