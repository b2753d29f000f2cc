/* SPDX-License-Identifier: MIT */
/*
 * The memory-format words the PFIFO design's generations (Volta, Turing)
 * write their own way, called by the shared hw/instance_hw.c and
 * hw/gpfifo_hw.c: RAMFC's USERD words (Host reads the channel's USERD from
 * RAMFC; on GA100 it reads the runlist entry's), RAMFC dword 62 (the PBDMA's
 * runlist timeslice) and the GP entry's PRIV bit (dev_pbdma; TU104 from the
 * project's addendum).  Values: ../shared/design/gv100-host-facts.md 1.5.
 */
/* RAMFC words are images of PBDMA registers: see hw/instance_hw.c. */
#define REFGEN_ALL_ACCESSORS

#include "hw/chip_hw.h"
#include "nvrt/gpfifo.h"
#include "nvrt/instance.h"
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)

static uint32_t ramfc_userd_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(PPBDMA_USERD_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(PPBDMA_USERD_TARGET_SYS_MEM_COHERENT);
}

/* USERD and USERD_HI: the address (512-byte aligned) and where it lives. */
void NVRT_FN(ramfc_userd)(void *ramfc, const struct nvrt_instance_params *p)
{
	HW(ramfc_t) *fc = ramfc;
	HW(ppbdma_userd_t) lo = { 0 };
	HW(ppbdma_userd_hi_t) hi = { 0 };

	lo = HW(set_ppbdma_userd_target)(lo, ramfc_userd_target(p->userd_aperture));
	HW(split_ppbdma_userd)(p->userd_iova, &lo, &hi);
	HW(set_ramfc_userd)(fc, lo.v);
	HW(set_ramfc_userd_hi)(fc, hi.v);
}

/* Dword 62: the PBDMA's NV_PPBDMA_RUNLIST_TIMESLICE, enabled. */
void NVRT_FN(ramfc_word62)(void *ramfc, const struct nvrt_instance_params *p)
{
	HW(ramfc_t) *fc = ramfc;
	HW(ppbdma_runlist_timeslice_t) ts = { 0 };

	ts = HW(set_ppbdma_runlist_timeslice_timeout)(ts, p->timeslice_timeout);
	ts = HW(set_ppbdma_runlist_timeslice_timescale)(ts, p->timeslice_scale);
	ts = HW(set_ppbdma_runlist_timeslice_enable)(ts, HWC(PPBDMA_RUNLIST_TIMESLICE_ENABLE_TRUE));
	HW(set_ramfc_runlist_timeslice)(fc, ts.v);
}
