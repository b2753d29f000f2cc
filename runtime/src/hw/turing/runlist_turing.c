/* SPDX-License-Identifier: MIT */
/*
 * Turing runlist submission: one NV_PFIFO_RUNLIST_BASE_LO/HI/SUBMIT set per
 * runlist (the register's index names it), PENDING in RUNLIST_SUBMIT_INFO(i)
 * (dev_fifo; dev_ram's RAMRL text: write BASE_LO/HI, then SUBMIT, then poll
 * SUBMIT_INFO PENDING; tu104-host-facts.md 1.7).
 */
#include <inttypes.h>
#include <stdio.h>

#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(fields/dev_fifo)
#include "dump/reg_dump.h"

/* The address, in PTR_ALIGN_SHIFT units, must fit PTR_HI:PTR_LO. */
#define RUNLIST_PTR_BITS (HWC(PFIFO_RUNLIST_BASE_LO_PTR_LO_FIELD_WIDTH) + \
			  HWC(PFIFO_RUNLIST_BASE_HI_PTR_HI_FIELD_WIDTH))

static int runlist_check(uint32_t runlist, uint64_t iova, struct nvrt_err *err)
{
	if (runlist >= HWC(PFIFO_RUNLIST_SUBMIT_SIZE_1) ||
	    iova >> HWC(PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT) >> RUNLIST_PTR_BITS)
		return nvrt_err_set(err, "runlist %u at 0x%" PRIx64 " out of range (%u runlists, "
				    "NV_PFIFO_RUNLIST_BASE_LO/HI)", runlist, iova,
				    (unsigned)HWC(PFIFO_RUNLIST_SUBMIT_SIZE_1));
	return 0;
}

static enum HW(pfifo_runlist_base_lo_target) runlist_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(PFIFO_RUNLIST_BASE_LO_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(PFIFO_RUNLIST_BASE_LO_TARGET_SYS_MEM_COHERENT);
}

/* BASE_LO/HI, then SUBMIT: writing SUBMIT starts the fetch.  OFFSET stays
 * ZERO (the manual does not describe it; nouveau tu102_runl_commit). */
int NVRT_FN(runlist_submit)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t iova,
			     enum nvrt_aperture ap, uint32_t nentries, struct nvrt_err *err)
{
	uint32_t runlist = w->runlist;
	HW(pfifo_runlist_base_lo_t) lo = REG_ZERO(pfifo_runlist_base_lo);
	HW(pfifo_runlist_base_hi_t) hi = REG_ZERO(pfifo_runlist_base_hi);
	HW(pfifo_runlist_submit_t) sub = REG_ZERO(pfifo_runlist_submit);
	uint64_t ptr = iova >> HWC(PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT);

	if (runlist_check(runlist, iova, err) < 0)
		return -1;
	nvrt_hw_check_reset();
	/* PTR_LO holds the low bits of the address in 4 KiB units, PTR_HI the rest. */
	lo = HW(set_pfifo_runlist_base_lo_ptr_lo)(lo, (uint32_t)(ptr & HW_FIELD_MAX(PFIFO_RUNLIST_BASE_LO_PTR_LO)));
	hi = HW(set_pfifo_runlist_base_hi_ptr_hi)(hi, (uint32_t)(ptr >> HWC(PFIFO_RUNLIST_BASE_LO_PTR_LO_FIELD_WIDTH)));
	lo = HW(set_pfifo_runlist_base_lo_target)(lo, runlist_target(ap));
	sub = HW(set_pfifo_runlist_submit_length)(sub, nentries);
	sub = HW(set_pfifo_runlist_submit_offset)(sub, HWC(PFIFO_RUNLIST_SUBMIT_OFFSET_ZERO));
	if (nvrt_hw_check_result(err, "NV_PFIFO_RUNLIST_SUBMIT"))
		return -1;
	REG_WR(b, pfifo_runlist_base_lo, lo, runlist);
	REG_WR(b, pfifo_runlist_base_hi, hi, runlist);
	REG_WR(b, pfifo_runlist_submit, sub, runlist);
	return 0;
}

bool NVRT_FN(runlist_pending)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	return HW(get_pfifo_runlist_submit_info_pending)(REG_RD(b, pfifo_runlist_submit_info, w->runlist)) ==
	       HWC(PFIFO_RUNLIST_SUBMIT_INFO_PENDING_TRUE);
}

/* The failure dump's and the stale scan's runlist lines (tu104-host-facts.md
 * 5.5: SUBMIT_INFO instead of ENG_RUNLIST). */
void NVRT_FN(runlist_report)(struct nvrt_backend *b, uint32_t runlist, const char *indent, FILE *out)
{
	nvrt_reg_line(indent, &HW(pfifo_runlist_base_lo_layout), (int)runlist,
		      REG_RD(b, pfifo_runlist_base_lo, runlist).v, 0, out);
	nvrt_reg_line(indent, &HW(pfifo_runlist_base_hi_layout), (int)runlist,
		      REG_RD(b, pfifo_runlist_base_hi, runlist).v, 0, out);
	nvrt_reg_line(indent, &HW(pfifo_runlist_submit_layout), (int)runlist,
		      REG_RD(b, pfifo_runlist_submit, runlist).v, 0, out);
	nvrt_reg_line(indent, &HW(pfifo_runlist_submit_info_layout), (int)runlist,
		      REG_RD(b, pfifo_runlist_submit_info, runlist).v, 0, out);
}

/* RUNLIST_SUBMIT(r) LENGTH: what the last submission holds. */
uint32_t NVRT_FN(runlist_length)(struct nvrt_backend *b, uint32_t runlist)
{
	return HW(get_pfifo_runlist_submit_length)(REG_RD(b, pfifo_runlist_submit, runlist));
}
