/* SPDX-License-Identifier: MIT */
/*
 * Volta runlist submission: one NV_PFIFO_RUNLIST_BASE/NV_PFIFO_RUNLIST pair
 * for every runlist (RUNLIST's ID field names it), and the runlist's state
 * in NV_PFIFO_ENG_RUNLIST_BASE(i)/ENG_RUNLIST(i) (dev_fifo; GV100 facts
 * 1.7).
 */
#include <inttypes.h>
#include <stdio.h>

#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(fields/dev_fifo)
#include "dump/reg_dump.h"

static int runlist_check(uint32_t runlist, uint64_t iova, struct nvrt_err *err)
{
	if (runlist >= HWC(PFIFO_ENG_RUNLIST_SIZE_1) ||
	    iova >> HWC(PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT) > UINT32_MAX)
		return nvrt_err_set(err, "runlist %u at 0x%" PRIx64 " out of range (%u runlists, "
				    "NV_PFIFO_RUNLIST_BASE)", runlist, iova,
				    (unsigned)HWC(PFIFO_ENG_RUNLIST_SIZE_1));
	return 0;
}

static enum HW(pfifo_runlist_base_target) runlist_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(PFIFO_RUNLIST_BASE_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(PFIFO_RUNLIST_BASE_TARGET_SYS_MEM_COHERENT);
}

/* RUNLIST_BASE, then RUNLIST: writing RUNLIST starts the fetch. */
int NVRT_FN(runlist_submit)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t iova,
			     enum nvrt_aperture ap, uint32_t nentries, struct nvrt_err *err)
{
	uint32_t runlist = w->runlist;
	HW(pfifo_runlist_base_t) base = REG_ZERO(pfifo_runlist_base);
	HW(pfifo_runlist_t) rl = REG_ZERO(pfifo_runlist);

	if (runlist_check(runlist, iova, err) < 0)
		return -1;
	nvrt_hw_check_reset();
	base = HW(set_pfifo_runlist_base_ptr)(base, (uint32_t)(iova >> HWC(PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT)));
	base = HW(set_pfifo_runlist_base_target)(base, runlist_target(ap));
	rl = HW(set_pfifo_runlist_id)(rl, runlist);
	rl = HW(set_pfifo_runlist_length)(rl, nentries);
	if (nvrt_hw_check_result(err, "NV_PFIFO_RUNLIST"))
		return -1;
	REG_WR(b, pfifo_runlist_base, base);
	REG_WR(b, pfifo_runlist, rl);
	return 0;
}

bool NVRT_FN(runlist_pending)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	return HW(get_pfifo_eng_runlist_pending)(REG_RD(b, pfifo_eng_runlist, w->runlist)) ==
	       HWC(PFIFO_ENG_RUNLIST_PENDING_TRUE);
}

void NVRT_FN(runlist_report)(struct nvrt_backend *b, uint32_t runlist, const char *indent, FILE *out)
{
	nvrt_reg_line(indent, &HW(pfifo_eng_runlist_base_layout), (int)runlist,
		      REG_RD(b, pfifo_eng_runlist_base, runlist).v, 0, out);
	nvrt_reg_line(indent, &HW(pfifo_eng_runlist_layout), (int)runlist,
		      REG_RD(b, pfifo_eng_runlist, runlist).v, 0, out);
}

/* ENG_RUNLIST(r) LENGTH: what the last submission holds. */
uint32_t NVRT_FN(runlist_length)(struct nvrt_backend *b, uint32_t runlist)
{
	return HW(get_pfifo_eng_runlist_length)(REG_RD(b, pfifo_eng_runlist, runlist));
}
