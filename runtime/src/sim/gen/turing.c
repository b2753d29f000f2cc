/* SPDX-License-Identifier: MIT */
/*
 * What Turing's Host (TU104) does its own way, for the chips whose
 * description (sim/chips/<chip>.h) names this generation:
 *   - each runlist has its own submit registers: RUNLIST_BASE_LO(r) (PTR_LO,
 *     TARGET), RUNLIST_BASE_HI(r), then RUNLIST_SUBMIT(r) (LENGTH) starts
 *     the fetch, and RUNLIST_SUBMIT_INFO(r) reads PENDING until it is done
 *     (dev_fifo; dev_ram "RAMRL": write BASE_LO/HI, then SUBMIT, then poll
 *     SUBMIT_INFO PENDING);
 *   - the doorbell value is a handle, CHID and RUNLIST_ID, ignored when it
 *     is not valid (dev_usermode NV_USERMODE_NOTIFY_CHANNEL_PENDING);
 *   - there is no NV_PMC_ENABLE_PB (nor ENABLE PRIV_RING): a PBDMA is out of
 *     reset with PFIFO, and the offset reads as a PRI error (sim/pfifo/known_pfifo.c);
 *   - MMU faults do not reach NV_PMC_INTR(0) HUB; NV_CTRL_VIRTUAL_CHANNEL_CFG
 *     exists; GV100's NV_PFIFO_ENG_TIMEOUT is named ENG_CTXSW_TIMEOUT;
 *   - BAR0 holds the function's registers (dev_vm) from
 *     NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET on: the window's doorbell
 *     (NV_VIRTUAL_FUNCTION_DOORBELL, BAR0 0xbb0090) takes the handle
 *     NOTIFY_CHANNEL_PENDING takes, and its TIME_0/TIME_1 are USERMODE's
 *     (dev_vm __VFALIAS NV_USERMODE_TIME_0/1); the rest of the window is not
 *     modelled (a PRI error).
 */
#include "sim/sim_internal.h"

#include NVRT_HW_HEADER(dev_ctrl)
#include NVRT_HW_HEADER(dev_usermode)
#include NVRT_HW_HEADER(dev_vm)

/* ---- PMC ------------------------------------------------------------------------------- */

bool sim_gen_pbdma_enabled(const struct sim *s, uint32_t p)
{
	(void)s;
	(void)p;
	return true;
}

/* Reset values (dev_master, dev_ctrl I): PDISP enabled, Host in reset;
 * NV_CTRL_VIRTUAL_CHANNEL_CFG MASK 0xfff, SET 0, PENDING_ENABLE FALSE. */
void sim_gen_regs_init(struct sim *s)
{
	HW(pmc_enable_t) e = { 0 };
	HW(ctrl_virtual_channel_cfg_t) v = { 0 };

	e = HW(set_pmc_enable_pdisp)(e, HWC(PMC_ENABLE_PDISP_ENABLED));
	sim_reg_set(s, HW(pmc_enable)(), e.v);
	v = HW(set_ctrl_virtual_channel_cfg_mask)(v, HWC(CTRL_VIRTUAL_CHANNEL_CFG_MASK_INIT));
	v = HW(set_ctrl_virtual_channel_cfg_set)(v, HWC(CTRL_VIRTUAL_CHANNEL_CFG_SET_INIT));
	v = HW(set_ctrl_virtual_channel_cfg_pending_enable)(v, HWC(CTRL_VIRTUAL_CHANNEL_CFG_PENDING_ENABLE_FALSE));
	for (uint32_t i = 0; i < HWC(CTRL_VIRTUAL_CHANNEL_CFG_SIZE_1); i++)
		sim_reg_set(s, HW(ctrl_virtual_channel_cfg)(i), v.v);
}

/*
 * MMU faults no longer reach NV_PMC_INTR(0) HUB on Turing: they are vectors
 * of the NV_CTRL interrupt tree (facts doc 5.1; nouveau tu102_mc_intr_stat
 * ORs them in from 0xB81600 itself), which the model does not have.  Faults
 * are read in NV_PFB_PRI_MMU_FAULT_* as on GV100.
 */
bool sim_gen_pmc_intr_hub(const struct sim *s)
{
	(void)s;
	return false;
}

bool sim_gen_pmc_write(struct sim *s, uint32_t off, uint32_t v)
{
	(void)s;
	(void)off;
	(void)v;
	return false;
}

/* ---- PFIFO ---------------------------------------------------------------------------- */

/* The engine context-switch timeout (GV100's ENG_TIMEOUT renamed) at its
 * init value (dev_fifo I). */
void sim_gen_pfifo_init(struct sim *s)
{
	HW(pfifo_eng_ctxsw_timeout_t) et = { 0 };

	et = HW(set_pfifo_eng_ctxsw_timeout_period)(et, HWC(PFIFO_ENG_CTXSW_TIMEOUT_PERIOD_INIT));
	et = HW(set_pfifo_eng_ctxsw_timeout_detection)(et,
			HWC(PFIFO_ENG_CTXSW_TIMEOUT_DETECTION_ENABLED));
	sim_reg_set(s, HW(pfifo_eng_ctxsw_timeout)(), et.v);
}

/* ---- PFIFO: runlist submit, one register set per runlist ----------------------------- */

static enum sim_aperture sim_turing_ap_runlist(uint32_t target)
{
	switch (target) {
	case HWC(PFIFO_RUNLIST_BASE_LO_TARGET_VID_MEM):
		return SIM_AP_VID;
	case HWC(PFIFO_RUNLIST_BASE_LO_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(PFIFO_RUNLIST_BASE_LO_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_INVALID;
	}
}

/* SUBMIT(r): stored, and SUBMIT_INFO(r) PENDING until the fetch. */
static void sim_turing_submit_write(struct sim *s, uint32_t r, uint32_t v)
{
	HW(pfifo_runlist_submit_info_t) i = { sim_reg(s, HW(pfifo_runlist_submit_info)(r)) };

	sim_reg_set(s, HW(pfifo_runlist_submit)(r), v);
	i = HW(set_pfifo_runlist_submit_info_pending)(i, HWC(PFIFO_RUNLIST_SUBMIT_INFO_PENDING_TRUE));
	sim_reg_set(s, HW(pfifo_runlist_submit_info)(r), i.v);
	s->up->sched_runlist_submit(s, r);
}

bool sim_gen_pfifo_write(struct sim *s, uint32_t off, uint32_t v)
{
	long r = sim_index(off, HW(pfifo_runlist_submit), HWC(PFIFO_RUNLIST_SUBMIT_SIZE_1));

	if (r < 0 || (uint32_t)r >= SIM_NUM_RUNLISTS)
		return false;
	sim_turing_submit_write(s, (uint32_t)r, v);
	return true;
}

bool sim_gen_pfifo_read_only(uint32_t off)
{
	return sim_index(off, HW(pfifo_runlist_submit_info), HWC(PFIFO_RUNLIST_SUBMIT_INFO_SIZE_1)) >= 0;
}

/* The base is PTR_HI:PTR_LO, PTR_LO holding bits 31:12 in place. */
void sim_gen_runlist_submitted(const struct sim *s, uint32_t r, struct sim_rl_submit *out)
{
	HW(pfifo_runlist_base_lo_t) lo = { sim_reg(s, HW(pfifo_runlist_base_lo)(r)) };
	HW(pfifo_runlist_base_hi_t) hi = { sim_reg(s, HW(pfifo_runlist_base_hi)(r)) };
	HW(pfifo_runlist_submit_t) sub = { sim_reg(s, HW(pfifo_runlist_submit)(r)) };
	const uint32_t lo_bits = HWC(PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT) +
				 HWC(PFIFO_RUNLIST_BASE_LO_PTR_LO_FIELD_WIDTH);

	out->base = (uint64_t)HW(get_pfifo_runlist_base_hi_ptr_hi)(hi) << lo_bits |
		    (uint64_t)HW(get_pfifo_runlist_base_lo_ptr_lo)(lo) << HWC(PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT);
	out->ap = sim_turing_ap_runlist(HW(get_pfifo_runlist_base_lo_target)(lo));
	out->length = HW(get_pfifo_runlist_submit_length)(sub);
}

void sim_gen_runlist_fetched(struct sim *s, uint32_t r)
{
	HW(pfifo_runlist_submit_info_t) i = { sim_reg(s, HW(pfifo_runlist_submit_info)(r)) };

	i = HW(set_pfifo_runlist_submit_info_pending)(i, HWC(PFIFO_RUNLIST_SUBMIT_INFO_PENDING_FALSE));
	sim_reg_set(s, HW(pfifo_runlist_submit_info)(r), i.v);
}

/* ---- NV_CTRL -------------------------------------------------------------------------- */

/*
 * NV_CTRL_VIRTUAL_CHANNEL_CFG(i): storage.  nouveau sets PENDING_ENABLE of
 * (0) "so the doorbell works" (tu102_fifo_init_pbdmas), but the manual gives
 * the field no prose, so the model does not gate the doorbell on it: a
 * driver written from the manual alone must work (facts doc 6.2, 7).
 */
static bool sim_turing_ctrl(uint32_t off)
{
	return sim_index(off, HW(ctrl_virtual_channel_cfg), HWC(CTRL_VIRTUAL_CHANNEL_CFG_SIZE_1)) >= 0;
}

bool sim_gen_read(struct sim *s, uint32_t off, uint32_t *v)
{
	if (!sim_turing_ctrl(off))
		return false;
	*v = sim_reg(s, off);
	return true;
}

bool sim_gen_write(struct sim *s, uint32_t off, uint32_t v)
{
	if (!sim_turing_ctrl(off))
		return false;
	sim_reg_set(s, off, v);
	return true;
}

/* ---- the VF window in BAR0 (dev_vm) ----------------------------------------------------- */

/* The USERMODE register a window register is (dev_vm __VFALIAS; the doorbell
 * takes NOTIFY_CHANNEL_PENDING's handle, dev_usermode), or 0: not modelled. */
uint32_t sim_gen_window_alias(uint32_t off)
{
	if (off == HW(virtual_function_doorbell)())
		return HW(usermode_notify_channel_pending)();
	if (off == HW(virtual_function_time_0)())
		return HW(usermode_time_0)();
	if (off == HW(virtual_function_time_1)())
		return HW(usermode_time_1)();
	return 0;
}

/* ---- USERMODE: the doorbell handle ----------------------------------------------------- */

/*
 * dev_usermode: a handle with a bit outside CHID and RUNLIST_ID, a CHID that
 * is no channel, or a RUNLIST_ID that is neither a runlist nor
 * RUNLIST_ID_ALL is ignored.  Otherwise Host rescans that runlist (every
 * runlist for ALL) for the channel: a channel the runlist does not hold is
 * not found, so nothing happens (a plain channel ID is RUNLIST_ID 0).
 */
long sim_gen_doorbell_chid(const struct sim *s, uint32_t v)
{
	HW(usermode_notify_channel_pending_t) n = { v };
	const uint32_t fields = HWC(USERMODE_NOTIFY_CHANNEL_PENDING_CHID_FIELD_MASK) |
				HWC(USERMODE_NOTIFY_CHANNEL_PENDING_RUNLIST_ID_FIELD_MASK);
	uint32_t chid = HW(get_usermode_notify_channel_pending_chid)(n);
	uint32_t r = HW(get_usermode_notify_channel_pending_runlist_id)(n);

	if ((v & ~fields) || chid >= SIM_NUM_CHANNELS)
		return -1;
	if (r == HWC(USERMODE_NOTIFY_CHANNEL_PENDING_RUNLIST_ID_ALL))
		return chid;
	return r < SIM_NUM_RUNLISTS && s->up->sched_runlist_holds(s, r, chid) ? (long)chid : -1;
}
