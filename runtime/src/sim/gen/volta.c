/* SPDX-License-Identifier: MIT */
/*
 * What Volta's Host (GV100) does its own way, for the chips whose
 * description (sim/chips/<chip>.h) names this generation:
 *   - one runlist submit pair for every runlist: NV_PFIFO_RUNLIST_BASE, then
 *     NV_PFIFO_RUNLIST with the runlist ID, copied to ENG_RUNLIST_BASE(ID) /
 *     ENG_RUNLIST(ID), PENDING there until the fetch (dev_fifo);
 *   - the doorbell value is the channel ID (dev_usermode
 *     NV_USERMODE_NOTIFY_CHANNEL_PENDING_ID);
 *   - each PBDMA has its own reset in NV_PMC_ENABLE_PB (dev_master).
 */
#include "sim/sim_internal.h"

/* ---- PMC: NV_PMC_ENABLE and the per-PBDMA ENABLE_PB ---------------------------------- */

bool sim_gen_pbdma_enabled(const struct sim *s, uint32_t p)
{
	HW(pmc_enable_pb_t) r = { sim_reg(s, HW(pmc_enable_pb)()) };

	return HW(get_pmc_enable_pb_sel)(r, p) == HWC(PMC_ENABLE_PB_SEL_ENABLED);
}

/* Reset values (dev_master I): PRIV_RING and PDISP enabled, Host in reset,
 * every PBDMA enabled. */
void sim_gen_regs_init(struct sim *s)
{
	HW(pmc_enable_t) e = { 0 };
	HW(pmc_enable_pb_t) pb = { 0 };

	e = HW(set_pmc_enable_priv_ring)(e, HWC(PMC_ENABLE_PRIV_RING_ENABLED));
	e = HW(set_pmc_enable_pdisp)(e, HWC(PMC_ENABLE_PDISP_ENABLED));
	sim_reg_set(s, HW(pmc_enable)(), e.v);
	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		pb = HW(set_pmc_enable_pb_sel)(pb, p, HWC(PMC_ENABLE_PB_SEL_ENABLED));
	sim_reg_set(s, HW(pmc_enable_pb)(), pb.v);
}

/* The HUB bit follows the PRI MMU fault registers (facts doc 5.1). */
bool sim_gen_pmc_intr_hub(const struct sim *s)
{
	return sim_host_fault_pending(s);
}

/* A PBDMA taken out of ENABLE_PB is reset; so is one put back. */
bool sim_gen_pmc_write(struct sim *s, uint32_t off, uint32_t v)
{
	HW(pmc_enable_pb_t) old = { sim_reg(s, HW(pmc_enable_pb)()) }, now = { v };

	if (off != HW(pmc_enable_pb)())
		return false;
	sim_reg_set(s, off, v);
	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		if (HW(get_pmc_enable_pb_sel)(old, p) != HW(get_pmc_enable_pb_sel)(now, p))
			s->up->pbdma_regs_reset(s, p);
	sim_kick(s);
	return true;
}

/* ---- PFIFO ---------------------------------------------------------------------------- */

/* The engine context-switch timeout at its init value (dev_fifo I). */
void sim_gen_pfifo_init(struct sim *s)
{
	HW(pfifo_eng_timeout_t) et = { 0 };

	et = HW(set_pfifo_eng_timeout_period)(et, HWC(PFIFO_ENG_TIMEOUT_PERIOD_INIT));
	et = HW(set_pfifo_eng_timeout_detection)(et, HWC(PFIFO_ENG_TIMEOUT_DETECTION_ENABLED));
	sim_reg_set(s, HW(pfifo_eng_timeout)(), et.v);
}

/* ---- PFIFO: runlist submit ------------------------------------------------------------- */

static enum sim_aperture sim_volta_ap_runlist(uint32_t target)
{
	switch (target) {
	case HWC(PFIFO_ENG_RUNLIST_BASE_TARGET_VID_MEM):
		return SIM_AP_VID;
	case HWC(PFIFO_ENG_RUNLIST_BASE_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(PFIFO_ENG_RUNLIST_BASE_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_INVALID;
	}
}

/* RUNLIST: the base and length go to ENG_RUNLIST*(ID), PENDING until fetched. */
static void sim_volta_runlist_write(struct sim *s, uint32_t v)
{
	HW(pfifo_runlist_t) w = { v };
	HW(pfifo_runlist_base_t) b = { sim_reg(s, HW(pfifo_runlist_base)()) };
	HW(pfifo_eng_runlist_base_t) eb = { 0 };
	HW(pfifo_eng_runlist_t) el = { 0 };
	uint32_t r = HW(get_pfifo_runlist_id)(w);

	sim_reg_set(s, HW(pfifo_runlist)(), v);
	if (r >= SIM_NUM_RUNLISTS)
		return;   /* no such runlist: nothing to fetch */
	eb = HW(set_pfifo_eng_runlist_base_ptr)(eb, HW(get_pfifo_runlist_base_ptr)(b));
	eb = HW(set_pfifo_eng_runlist_base_target)(eb, HW(get_pfifo_runlist_base_target)(b));
	el = HW(set_pfifo_eng_runlist_length)(el, HW(get_pfifo_runlist_length)(w));
	el = HW(set_pfifo_eng_runlist_pending)(el, HWC(PFIFO_ENG_RUNLIST_PENDING_TRUE));
	sim_reg_set(s, HW(pfifo_eng_runlist_base)(r), eb.v);
	sim_reg_set(s, HW(pfifo_eng_runlist)(r), el.v);
	s->up->sched_runlist_submit(s, r);
}

bool sim_gen_pfifo_write(struct sim *s, uint32_t off, uint32_t v)
{
	if (off != HW(pfifo_runlist)())
		return false;
	sim_volta_runlist_write(s, v);
	return true;
}

bool sim_gen_pfifo_read_only(uint32_t off)
{
	return sim_index(off, HW(pfifo_eng_runlist_base), HWC(PFIFO_ENG_RUNLIST_BASE_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_eng_runlist), HWC(PFIFO_ENG_RUNLIST_SIZE_1)) >= 0;
}

void sim_gen_runlist_submitted(const struct sim *s, uint32_t r, struct sim_rl_submit *out)
{
	HW(pfifo_eng_runlist_base_t) b = { sim_reg(s, HW(pfifo_eng_runlist_base)(r)) };
	HW(pfifo_eng_runlist_t) l = { sim_reg(s, HW(pfifo_eng_runlist)(r)) };

	out->base = (uint64_t)HW(get_pfifo_eng_runlist_base_ptr)(b) << HWC(PFIFO_RUNLIST_BASE_PTR_ALIGN_SHIFT);
	out->ap = sim_volta_ap_runlist(HW(get_pfifo_eng_runlist_base_target)(b));
	out->length = HW(get_pfifo_eng_runlist_length)(l);
}

void sim_gen_runlist_fetched(struct sim *s, uint32_t r)
{
	HW(pfifo_eng_runlist_t) l = { sim_reg(s, HW(pfifo_eng_runlist)(r)) };

	l = HW(set_pfifo_eng_runlist_pending)(l, HWC(PFIFO_ENG_RUNLIST_PENDING_FALSE));
	sim_reg_set(s, HW(pfifo_eng_runlist)(r), l.v);
}

/* ---- registers outside the common units: none ------------------------------------------- */

bool sim_gen_read(struct sim *s, uint32_t off, uint32_t *v)
{
	(void)s;
	(void)off;
	(void)v;
	return false;
}

bool sim_gen_write(struct sim *s, uint32_t off, uint32_t v)
{
	(void)s;
	(void)off;
	(void)v;
	return false;
}

/* GV100's manuals place no function window in BAR0 (no dev_vm). */
uint32_t sim_gen_window_alias(uint32_t off)
{
	(void)off;
	return 0;
}

/* ---- USERMODE: the doorbell ------------------------------------------------------------ */

/* NOTIFY_CHANNEL_PENDING ID is the channel; one that does not exist is ignored. */
long sim_gen_doorbell_chid(const struct sim *s, uint32_t v)
{
	HW(usermode_notify_channel_pending_t) n = { v };
	uint32_t chid = HW(get_usermode_notify_channel_pending_id)(n);

	(void)s;
	return chid < SIM_NUM_CHANNELS ? (long)chid : -1;
}
