/* SPDX-License-Identifier: MIT */
/*
 * Ampere runlists and channels, each through the block of w's runlist
 * (w->loc, read at bring-up): submission (NV_RUNLIST_SUBMIT_BASE_LO/HI, then
 * NV_RUNLIST_SUBMIT, PENDING in SUBMIT_INFO), scheduling, preemption (one
 * NV_RUNLIST_PREEMPT for TSGs and runlists), the channel RAM
 * (NV_CHRAM_CHANNEL(chid) with its write-control semantics) and the doorbell
 * in the VF window.  There is no instance-bind register: the runlist entry
 * carries the instance block and USERD.  ../shared/design/ga100-host-facts.md
 * 1.6-1.9.
 */
#include <inttypes.h>
#include <stdio.h>

#include "hw/ampere/ampere.h"
#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_boot)
#include NVRT_HW_HEADER(dev_ctrl)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(dev_runlist)
#include NVRT_HW_HEADER(dev_vm)
#include NVRT_HW_HEADER(fields/dev_runlist)
#include "dump/reg_dump.h"

/* ---- identification ---------------------------------------------------------------- */

/* BOOT_0 decoded as on every chip, then BOOT_42's CHIP_ID (GA100 0x170):
 * GA102 shares BOOT_0's ARCHITECTURE 0x17. */
uint32_t NVRT_FN(ident_read_boot42)(struct nvrt_backend *b, struct nvrt_identity *id)
{
	HW(pmc_boot_42_t) r;

	NVRT_FN(ident_read_boot0)(b, id);
	r = REG_RD(b, pmc_boot_42);
	id->boot42 = r.v;
	return HW(get_pmc_boot_42_chip_id)(r);
}

/* ---- submission -------------------------------------------------------------------- */

/* The address, in PTR_ALIGN_SHIFT units, must fit PTR_HI:PTR_LO. */
#define RUNLIST_PTR_BITS (HWC(RUNLIST_SUBMIT_BASE_LO_PTR_LO_FIELD_WIDTH) + \
			  HWC(RUNLIST_SUBMIT_BASE_HI_PTR_HI_FIELD_WIDTH))

static enum HW(runlist_submit_base_lo_target) runlist_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(RUNLIST_SUBMIT_BASE_LO_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(RUNLIST_SUBMIT_BASE_LO_TARGET_SYS_MEM_COHERENT);
}

/* SUBMIT_BASE_LO/HI, then SUBMIT: writing SUBMIT starts the fetch
 * (dev_runlist.ref.txt:122-150; nouveau ga100_runl_commit).  OFFSET stays 0. */
int NVRT_FN(runlist_submit)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t iova,
			     enum nvrt_aperture ap, uint32_t nentries, struct nvrt_err *err)
{
	uint32_t base = w->loc.pri_base;
	HW(runlist_submit_base_lo_t) lo = REG_ZERO(runlist_submit_base_lo);
	HW(runlist_submit_base_hi_t) hi = REG_ZERO(runlist_submit_base_hi);
	HW(runlist_submit_t) sub = REG_ZERO(runlist_submit);
	uint64_t ptr = iova >> HWC(RUNLIST_SUBMIT_BASE_LO_PTR_ALIGN_SHIFT);

	if (!base || ptr >> RUNLIST_PTR_BITS)
		return nvrt_err_set(err, "runlist %u (block 0x%06x) at 0x%" PRIx64 ": no block found in "
				    "NV_PTOP_DEVICE_INFO2, or above NV_RUNLIST_SUBMIT_BASE_LO/HI's 40 bits",
				    w->runlist, base, iova);
	nvrt_hw_check_reset();
	lo = HW(set_runlist_submit_base_lo_ptr_lo)(lo, (uint32_t)(ptr & HW_FIELD_MAX(RUNLIST_SUBMIT_BASE_LO_PTR_LO)));
	hi = HW(set_runlist_submit_base_hi_ptr_hi)(hi, (uint32_t)(ptr >> HWC(RUNLIST_SUBMIT_BASE_LO_PTR_LO_FIELD_WIDTH)));
	lo = HW(set_runlist_submit_base_lo_target)(lo, runlist_target(ap));
	sub = HW(set_runlist_submit_length)(sub, nentries);
	sub = HW(set_runlist_submit_offset)(sub, HWC(RUNLIST_SUBMIT_OFFSET_ZERO));
	if (nvrt_hw_check_result(err, "NV_RUNLIST_SUBMIT"))
		return -1;
	REG_WR(b, runlist_submit_base_lo, lo, base);
	REG_WR(b, runlist_submit_base_hi, hi, base);
	REG_WR(b, runlist_submit, sub, base);
	return 0;
}

bool NVRT_FN(runlist_pending)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	return HW(get_runlist_submit_info_pending)(REG_RD(b, runlist_submit_info, w->loc.pri_base)) ==
	       HWC(RUNLIST_SUBMIT_INFO_PENDING_TRUE);
}

/* The failure dump's and the stale scan's runlist lines. */
void NVRT_FN(runlist_block_report)(struct nvrt_backend *b, uint32_t base, const char *indent, FILE *out)
{
	nvrt_reg_line(indent, &HW(runlist_submit_base_lo_layout), -1, REG_RD(b, runlist_submit_base_lo, base).v, 0, out);
	nvrt_reg_line(indent, &HW(runlist_submit_base_hi_layout), -1, REG_RD(b, runlist_submit_base_hi, base).v, 0, out);
	nvrt_reg_line(indent, &HW(runlist_submit_layout), -1, REG_RD(b, runlist_submit, base).v, 0, out);
	nvrt_reg_line(indent, &HW(runlist_submit_info_layout), -1, REG_RD(b, runlist_submit_info, base).v, 0, out);
}

/* SUBMIT LENGTH: what the last submission holds. */
uint32_t NVRT_FN(runlist_block_length)(struct nvrt_backend *b, uint32_t base)
{
	return HW(get_runlist_submit_length)(REG_RD(b, runlist_submit, base));
}

/* NV_RUNLIST_SCHED_DISABLE: the runlist's own register, one bit. */
void NVRT_FN(runlist_sched_disable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool disable)
{
	HW(runlist_sched_disable_t) r = REG_ZERO(runlist_sched_disable);

	r = HW(set_runlist_sched_disable_runlist)(r, disable ? HWC(RUNLIST_SCHED_DISABLE_RUNLIST_DISABLED) :
							HWC(RUNLIST_SCHED_DISABLE_RUNLIST_ENABLED));
	REG_WR(b, runlist_sched_disable, r, w->loc.pri_base);
}

/* NV_RUNLIST_PREEMPT TYPE RUNLIST (teardown step 3; completion is seen in
 * the PBDMAs' and engines' status, as on Turing). */
void NVRT_FN(runlist_preempt)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	HW(runlist_preempt_t) r = REG_ZERO(runlist_preempt);

	r = HW(set_runlist_preempt_type)(r, HWC(RUNLIST_PREEMPT_TYPE_RUNLIST));
	REG_WR(b, runlist_preempt, r, w->loc.pri_base);
}

/* Step 4a: the PBDMA holds no TSG, or not ours (STATUS_SCHED: only TSGs). */
static bool preempt_pbdma_done(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint32_t p)
{
	HW(ppbdma_status_sched_t) s = REG_RD(b, ppbdma_status_sched, p);

	if (HW(get_ppbdma_status_sched_chan_status)(s) == HWC(PPBDMA_STATUS_SCHED_CHAN_STATUS_INVALID))
		return true;
	return HW(get_ppbdma_status_sched_tsgid)(s) != w->tsgid;
}

/* Step 4b, NV_RUNLIST_ENGINE_STATUS0(e) with Ampere's codes (SAVE 5, LOAD 6). */
static bool preempt_engine_done(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint32_t e)
{
	HW(runlist_engine_status0_t) s = REG_RD(b, runlist_engine_status0, w->loc.pri_base, e);

	switch (HW(get_runlist_engine_status0_ctx_status)(s)) {
	case HWC(RUNLIST_ENGINE_STATUS0_CTX_STATUS_INVALID):
		return true;
	case HWC(RUNLIST_ENGINE_STATUS0_CTX_STATUS_VALID):
	case HWC(RUNLIST_ENGINE_STATUS0_CTX_STATUS_CTXSW_SAVE):
		return HW(get_runlist_engine_status0_tsgid)(s) != w->tsgid;
	case HWC(RUNLIST_ENGINE_STATUS0_CTX_STATUS_CTXSW_LOAD):
		return HW(get_runlist_engine_status0_next_tsgid)(s) != w->tsgid;
	default:    /* CTXSW_SWITCH: the save has not started */
		return false;
	}
}

bool NVRT_FN(preempt_done)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	for (uint32_t p = 0; p < w->num_pbdma; p++)
		if ((w->pbdma_mask >> p & 1) && !preempt_pbdma_done(b, w, p))
			return false;
	for (uint32_t e = 0; e < HWC(RUNLIST_ENGINE_STATUS0_SIZE_1) && e < 64; e++)
		if ((w->engine_mask >> e & 1) && !preempt_engine_done(b, w, e))
			return false;
	return true;
}

/* No runlist preempt in flight (NV_RUNLIST_PREEMPT RUNLIST_PREEMPT_PENDING,
 * dev_runlist.ref.txt:533-535) and every PBDMA serving the runlist is
 * CHAN_STATUS INVALID. */
bool NVRT_FN(runlist_idle)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	if (HW(get_runlist_preempt_runlist_preempt_pending)(REG_RD(b, runlist_preempt, w->loc.pri_base)) ==
	    HWC(RUNLIST_PREEMPT_RUNLIST_PREEMPT_PENDING_TRUE))
		return false;
	for (uint32_t p = 0; p < w->num_pbdma; p++) {
		if (!(w->pbdma_mask >> p & 1))
			continue;
		if (HW(get_ppbdma_status_sched_chan_status)(REG_RD(b, ppbdma_status_sched, p)) !=
		    HWC(PPBDMA_STATUS_SCHED_CHAN_STATUS_INVALID))
			return false;
	}
	return true;
}

/* ---- channels: NV_CHRAM_CHANNEL ---------------------------------------------------- */

/*
 * Nothing to bind: Host takes the instance block (and USERD) from the
 * runlist entry (dev_ram.ref.txt:671-689; nouveau's ga100_chan has no
 * .bind).  What is checked is what the entry and the channel RAM can hold.
 */
int NVRT_FN(channel_bind)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t inst_iova,
			  enum nvrt_aperture ap, struct nvrt_err *err)
{
	(void)b;
	(void)ap;
	if (!w->loc.chram_base || w->chid >= w->loc.num_channels)
		return nvrt_err_set(err, "channel %u: runlist %u's channel RAM (0x%06x) holds %u channels "
				    "(NV_RUNLIST_CHANNEL_CONFIG)", w->chid, w->runlist, w->loc.chram_base,
				    w->loc.num_channels);
	if (inst_iova >> HWC(RAMRL_ENTRY_CHAN_INST_PTR_ALIGN_SHIFT) >>
	    (HWC(RAMRL_ENTRY_CHAN_INST_PTR_LO_FIELD_WIDTH) + HWC(RAMRL_ENTRY_CHAN_INST_PTR_HI_FIELD_WIDTH)))
		return nvrt_err_set(err, "channel %u: instance block 0x%" PRIx64 " out of the runlist "
				    "entry's INST_PTR_LO/HI", w->chid, inst_iova);
	return 0;
}

/* A write names bits: with WRITE_CONTROL ONES_SET_BITS every 1 sets its
 * bit, with ONES_CLEAR_BITS every 1 clears it (dev_runlist.ref.txt:74-121):
 * the manual's UPDATE values, never a read-modify-write. */
static void channel_update(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint32_t update)
{
	HW(chram_channel_t) r = REG_ZERO(chram_channel);

	r = HW(set_chram_channel_update)(r, update);
	REG_WR(b, chram_channel, r, w->loc.chram_base, w->chid);
}

void NVRT_FN(channel_enable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool enable)
{
	channel_update(b, w, enable ? HWC(CHRAM_CHANNEL_UPDATE_ENABLE_CHANNEL) :
				      HWC(CHRAM_CHANNEL_UPDATE_DISABLE_CHANNEL));
}

/* CLEAR_CHANNEL: the manual teardown's last step (dev_runlist.ref.txt:739),
 * which replaces Turing's unbind and resets the FAULTED bits. */
void NVRT_FN(channel_unbind)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	channel_update(b, w, HWC(CHRAM_CHANNEL_UPDATE_CLEAR_CHANNEL));
}

/* ---- doorbell and time ------------------------------------------------------------- */

/* NV_VIRTUAL_FUNCTION_DOORBELL (dev_vm.ref.txt:550-552), whose BAR0 address
 * the generated window helper gives (0xbb0090; nouveau and RM ring it there). */
uint32_t NVRT_FN(doorbell_addr)(void)
{
	return HW(virtual_function_doorbell)();
}

/* The handle: NV_CTRL_VF_DOORBELL (its __VFALIAS) VECTOR = chid,
 * RUNLIST_ID = the runlist's NV_RUNLIST_DOORBELL_CONFIG_ID (addendum
 * dev_ctrl; nouveau ga100_chan_doorbell_handle). */
uint32_t NVRT_FN(doorbell_handle)(const struct nvrt_host_watch *w)
{
	HW(ctrl_vf_doorbell_t) r = { { 0 } };

	HW(set_ctrl_vf_doorbell_vector)(&r, w->chid);
	HW(set_ctrl_vf_doorbell_runlist_id)(&r, w->loc.doorbell_id);
	return r.w[0];
}

void NVRT_FN(doorbell_ring)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	nvrt_bar0_write32(b, NVRT_FN(doorbell_addr)(), NVRT_FN(doorbell_handle)(w));
}

/* NV_VIRTUAL_FUNCTION_TIME_1, TIME_0, TIME_1 again until both TIME_1
 * reads agree (dev_vm.ref.txt:544-549: TIME_0's NSEC holds bits 31:5 in
 * place, TIME_1 the high word). */
uint64_t NVRT_FN(time_read)(struct nvrt_backend *b)
{
	for (int tries = 0;; tries++) {
		HW(virtual_function_time_1_t) hi = REG_RD(b, virtual_function_time_1);
		HW(virtual_function_time_0_t) lo = REG_RD(b, virtual_function_time_0);
		HW(virtual_function_time_1_t) hi2 = REG_RD(b, virtual_function_time_1);

		if (hi.v != hi2.v && tries < 3)
			continue;
		return (uint64_t)HW(get_virtual_function_time_1_nsec)(hi) << 32 |
		       (lo.v & HWC(VIRTUAL_FUNCTION_TIME_0_NSEC_FIELD_MASK));
	}
}
