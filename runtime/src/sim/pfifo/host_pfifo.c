/* SPDX-License-Identifier: MIT */
/*
 * What the shared model (sim_sched.c, sim_pbdma.c) asks of Volta's and
 * Turing's Host design: a channel's state in NV_PCCSR_CHANNEL and its
 * instance block in NV_PCCSR_CHANNEL_INST, NV_PFIFO_PBDMA_STATUS, the
 * SCHED_ERROR of a bad runlist, NV_PFIFO_SCHED_DISABLE, NV_PFIFO_PREEMPT,
 * NV_PFIFO_USERD_WRITEBACK, NV_PFIFO_CLEAR_FAULTED_TIMEOUT, the CHANNEL_INTR
 * of a non-stalling interrupt and USERD in NV_PPBDMA_USERD (from RAMFC).
 */
#include "sim/sim_internal.h"

/* ---- channel state (NV_PCCSR_CHANNEL) ----------------------------------------------------- */

static HW(pccsr_channel_t) sim_chan(const struct sim *s, uint32_t chid)
{
	HW(pccsr_channel_t) c = { sim_reg(s, HW(pccsr_channel)(chid)) };

	return c;
}

static enum HW(pccsr_channel_status) sim_pccsr_status(enum sim_chan_status st)
{
	switch (st) {
	case SIM_CHAN_PENDING:
		return HWC(PCCSR_CHANNEL_STATUS_PENDING);
	case SIM_CHAN_PENDING_ACQUIRE:
		return HWC(PCCSR_CHANNEL_STATUS_PENDING_ACQUIRE);
	case SIM_CHAN_ON_PBDMA:
		return HWC(PCCSR_CHANNEL_STATUS_ON_PBDMA);
	case SIM_CHAN_IDLE:
	default:
		return HWC(PCCSR_CHANNEL_STATUS_IDLE);
	}
}

/* The model sets only the four states above; any other reads as on a PBDMA (busy). */
enum sim_chan_status sim_host_chan_status(const struct sim *s, uint32_t chid)
{
	switch (HW(get_pccsr_channel_status)(sim_chan(s, chid))) {
	case HWC(PCCSR_CHANNEL_STATUS_IDLE):
		return SIM_CHAN_IDLE;
	case HWC(PCCSR_CHANNEL_STATUS_PENDING):
		return SIM_CHAN_PENDING;
	case HWC(PCCSR_CHANNEL_STATUS_PENDING_ACQUIRE):
		return SIM_CHAN_PENDING_ACQUIRE;
	default:
		return SIM_CHAN_ON_PBDMA;
	}
}

void sim_host_chan_status_set(struct sim *s, uint32_t chid, enum sim_chan_status st)
{
	HW(pccsr_channel_t) c = sim_chan(s, chid);

	c = HW(set_pccsr_channel_status)(c, sim_pccsr_status(st));
	c = HW(set_pccsr_channel_busy)(c, st == SIM_CHAN_ON_PBDMA ?
					 HWC(PCCSR_CHANNEL_BUSY_TRUE) : HWC(PCCSR_CHANNEL_BUSY_FALSE));
	sim_reg_set(s, HW(pccsr_channel)(chid), c.v);
}

bool sim_host_chan_bound(const struct sim *s, uint32_t chid)
{
	HW(pccsr_channel_inst_t) i = { sim_reg(s, HW(pccsr_channel_inst)(chid)) };

	return HW(get_pccsr_channel_inst_bind)(i) == HWC(PCCSR_CHANNEL_INST_BIND_TRUE);
}

bool sim_host_chan_runnable(const struct sim *s, uint32_t chid)
{
	HW(pccsr_channel_t) c = sim_chan(s, chid);
	enum HW(pccsr_channel_status) st = HW(get_pccsr_channel_status)(c);

	return sim_host_chan_bound(s, chid) &&
	       HW(get_pccsr_channel_enable)(c) == HWC(PCCSR_CHANNEL_ENABLE_IN_USE) &&
	       HW(get_pccsr_channel_pbdma_faulted)(c) == HWC(PCCSR_CHANNEL_PBDMA_FAULTED_FALSE) &&
	       HW(get_pccsr_channel_eng_faulted)(c) == HWC(PCCSR_CHANNEL_ENG_FAULTED_FALSE) &&
	       (st == HWC(PCCSR_CHANNEL_STATUS_PENDING) ||
		st == HWC(PCCSR_CHANNEL_STATUS_PENDING_ACQUIRE));
}

/* A channel ID beyond PCCSR's array has no FAULTED bits (reads as clear). */
bool sim_host_chan_faulted(const struct sim *s, uint32_t p, uint32_t chid, bool eng)
{
	(void)p;   /* channel IDs are Host's, not a runlist's */
	HW(pccsr_channel_t) c = { chid < SIM_NUM_CHANNELS ? sim_reg(s, HW(pccsr_channel)(chid)) : 0 };

	return eng ? HW(get_pccsr_channel_eng_faulted)(c) == HWC(PCCSR_CHANNEL_ENG_FAULTED_TRUE) :
		     HW(get_pccsr_channel_pbdma_faulted)(c) == HWC(PCCSR_CHANNEL_PBDMA_FAULTED_TRUE);
}

void sim_host_chan_faulted_set(struct sim *s, uint32_t p, uint32_t chid, bool eng, bool faulted)
{
	HW(pccsr_channel_t) c = sim_chan(s, chid);

	(void)p;
	if (eng)
		c = HW(set_pccsr_channel_eng_faulted)(c, faulted ? HWC(PCCSR_CHANNEL_ENG_FAULTED_TRUE) :
								  HWC(PCCSR_CHANNEL_ENG_FAULTED_FALSE));
	else
		c = HW(set_pccsr_channel_pbdma_faulted)(c, faulted ?
				HWC(PCCSR_CHANNEL_PBDMA_FAULTED_TRUE) :
				HWC(PCCSR_CHANNEL_PBDMA_FAULTED_FALSE));
	sim_reg_set(s, HW(pccsr_channel)(chid), c.v);
}

/* CLEAR_FAULTED CHID: Host's channel ID. */
long sim_host_clear_faulted_chid(const struct sim *s, uint32_t data)
{
	HW(udma_clear_faulted_t) m = { data };

	(void)s;
	return (long)HW(get_udma_clear_faulted_chid)(m);
}

/* The entry's CHID is Host's channel ID; the rest is in PCCSR and RAMFC. */
void sim_host_rl_chan(uint32_t r, const HW(ramrl_entry_t) *e, struct sim_rl_chan *c)
{
	(void)r;
	(void)e;
	(void)c;
}

/* The instance block software bound (PCCSR INST PTR/TARGET); USERD comes
 * with RAMFC (NV_PPBDMA_USERD). */
void sim_host_chan_load(struct sim *s, uint32_t p, const struct sim_rl_chan *c)
{
	HW(pccsr_channel_inst_t) ci = { sim_reg(s, HW(pccsr_channel_inst)(c->chid)) };
	struct sim_pbdma *pb = &s->pbdma[p];

	pb->inst = (uint64_t)HW(get_pccsr_channel_inst_ptr)(ci) << HWC(PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT);
	pb->inst_ap = sim_ap_pccsr(HW(get_pccsr_channel_inst_target)(ci));
}

/* NV_UDMA_CRC_CHECK: the method CRC is not computed (sim.c), so it restarts at 0. */
bool sim_host_udma_method(struct sim *s, uint32_t p, uint32_t addr)
{
	if (addr != HW(udma_crc_check_offset)())
		return false;
	sim_reg_set(s, HW(ppbdma_method_crc)(p), 0);
	return true;
}

/* ---- PBDMA status registers --------------------------------------------------------------- */

void sim_host_pbdma_status_loaded(struct sim *s, uint32_t p, bool loaded)
{
	const struct sim_pbdma *pb = &s->pbdma[p];
	HW(pfifo_pbdma_status_t) st = { sim_reg(s, HW(pfifo_pbdma_status)(p)) };
	HW(pfifo_pbdma_status_inst_t) si = { 0 };
	HW(ppbdma_channel_t) ch = { 0 };
	HW(pccsr_channel_inst_t) ci = { sim_reg(s, HW(pccsr_channel_inst)(pb->chid)) };

	st = HW(set_pfifo_pbdma_status_chan_status)(st, loaded ?
			HWC(PFIFO_PBDMA_STATUS_CHAN_STATUS_VALID) :
			HWC(PFIFO_PBDMA_STATUS_CHAN_STATUS_INVALID));
	if (loaded) {   /* every channel is in a TSG: the ID is the TSG's */
		st = HW(set_pfifo_pbdma_status_id)(st, pb->tsgid);
		st = HW(set_pfifo_pbdma_status_id_type)(st, HWC(PFIFO_PBDMA_STATUS_ID_TYPE_TSGID));
		si = HW(set_pfifo_pbdma_status_inst_ptr)(si, HW(get_pccsr_channel_inst_ptr)(ci));
		si = HW(set_pfifo_pbdma_status_inst_target)(si,
				HW(get_pccsr_channel_inst_target)(ci));
		si = HW(set_pfifo_pbdma_status_inst_valid)(si, HWC(PFIFO_PBDMA_STATUS_INST_VALID_TRUE));
		ch = HW(set_ppbdma_channel_chid)(ch, pb->chid);
		sim_reg_set(s, HW(ppbdma_channel)(p), ch.v);
	}
	sim_reg_set(s, HW(pfifo_pbdma_status)(p), st.v);
	sim_reg_set(s, HW(pfifo_pbdma_status_inst)(p), si.v);
}

/* ---- USERD (NV_PPBDMA_USERD, loaded from RAMFC) -------------------------------------------- */

static enum sim_aperture sim_ap_userd(uint32_t target)
{
	switch (target) {
	case HWC(PPBDMA_USERD_TARGET_VID_MEM):
	case HWC(PPBDMA_USERD_TARGET_VID_MEM_NVLINK_COHERENT):
		return SIM_AP_VID;
	case HWC(PPBDMA_USERD_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(PPBDMA_USERD_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_INVALID;
	}
}

uint64_t sim_host_pbdma_userd(const struct sim *s, uint32_t p, enum sim_aperture *ap)
{
	HW(ppbdma_userd_t) lo = { sim_reg(s, HW(ppbdma_userd)(p)) };
	HW(ppbdma_userd_hi_t) hi = { sim_reg(s, HW(ppbdma_userd_hi)(p)) };

	*ap = sim_ap_userd(HW(get_ppbdma_userd_target)(lo));
	return HW(join_ppbdma_userd)(lo, hi);
}

/* ---- runlists, preemption, timers ----------------------------------------------------------- */

/* One SCHED_ERROR for every runlist (its code says why, not which runlist). */
void sim_host_runlist_error(struct sim *s, uint32_t r, enum sim_rl_error e)
{
	(void)r;
	if (e == SIM_RL_RDAT_TIMEOUT)
		sim_sched_error(s, HWC(PFIFO_INTR_SCHED_ERROR_CODE_RL_RDAT_TIMEOUT));
	else if (e != SIM_RL_OK)
		sim_sched_error(s, HWC(PFIFO_INTR_SCHED_ERROR_CODE_BAD_TSG));
}

bool sim_host_runlist_disabled(const struct sim *s, uint32_t r)
{
	HW(pfifo_sched_disable_t) d = { sim_reg(s, HW(pfifo_sched_disable)()) };

	return HW(get_pfifo_sched_disable_runlist)(d, r);
}

bool sim_host_preempt_matches(const struct sim *s, uint32_t p)
{
	HW(pfifo_preempt_t) r = { sim_reg(s, HW(pfifo_preempt)()) };
	uint32_t id = (uint32_t)HW(get_pfifo_preempt_id)(r);

	if (HW(get_pfifo_preempt_type)(r) == HWC(PFIFO_PREEMPT_TYPE_TSG))
		return s->pbdma[p].tsgid == id;
	return s->pbdma[p].chid == id;
}

void sim_host_preempt_done(struct sim *s)
{
	HW(pfifo_preempt_t) r = { sim_reg(s, HW(pfifo_preempt)()) };

	r = HW(set_pfifo_preempt_pending)(r, HWC(PFIFO_PREEMPT_PENDING_FALSE));
	sim_reg_set(s, HW(pfifo_preempt)(), r.v);
}

/* NV_PFIFO_RUNLIST_PREEMPT's bits read as pending until then (regs_pfifo.c). */
void sim_host_runlist_preempt_done(struct sim *s, uint32_t r)
{
	(void)s;
	(void)r;
}

/* TIMER counts microseconds (TIMER_100US is 100 at TIMESCALE_0). */
uint64_t sim_host_userd_writeback_period_us(const struct sim *s)
{
	HW(pfifo_userd_writeback_t) wb = { sim_reg(s, HW(pfifo_userd_writeback)()) };

	return (uint64_t)HW(get_pfifo_userd_writeback_timer)(wb) <<
	       HW(get_pfifo_userd_writeback_timescale)(wb);
}

bool sim_host_clear_faulted_timeout(const struct sim *s, uint32_t *period_us)
{
	HW(pfifo_clear_faulted_timeout_t) to = { sim_reg(s, HW(pfifo_clear_faulted_timeout)()) };

	*period_us = HW(get_pfifo_clear_faulted_timeout_period)(to);
	return HW(get_pfifo_clear_faulted_timeout_detection)(to) ==
	       HWC(PFIFO_CLEAR_FAULTED_TIMEOUT_DETECTION_ENABLED);
}

void sim_host_nonstall_intr(struct sim *s)
{
	HW(pfifo_intr_0_t) ci = { 0 };

	ci = HW(set_pfifo_intr_0_channel_intr)(ci, HWC(PFIFO_INTR_0_CHANNEL_INTR_PENDING));
	sim_pfifo_intr_raise(s, ci.v);
}
