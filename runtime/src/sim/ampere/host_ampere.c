/* SPDX-License-Identifier: MIT */
/*
 * What the shared model (sim_sched.c, sim_pbdma.c) asks of Ampere's Host
 * design: a channel's state in its runlist's channel RAM (NV_CHRAM_CHANNEL:
 * ENABLE, PENDING, ACQUIRE_FAIL, the FAULTED bits, and Host's BUSY and
 * ON_PBDMA), the instance block and USERD from the runlist entry
 * (dev_ram.ref.txt:671-689: there is no bind register), NV_PPBDMA_STATUS_SCHED
 * and NV_PPBDMA_CHANNEL, NV_RUNLIST_INTR_BAD_TSG and INTR_0, SCHED_DISABLE
 * and PREEMPT of the runlist's block.  The model numbers a channel
 * runlist * SIM_CHRAM_CHANNELS + its CHID (channel IDs are per runlist).
 */
#include "sim/sim_internal.h"

#include SIM_HW_FIELDS(dev_ctrl)
#include SIM_HW_FIELDS(dev_runlist)

/* ---- channel state (NV_CHRAM_CHANNEL) ------------------------------------------------------ */

static uint32_t sim_chram_off(uint32_t chid)
{
	return HW(chram_channel)(sim_runlist_chram(chid / SIM_CHRAM_CHANNELS), chid % SIM_CHRAM_CHANNELS);
}

static HW(chram_channel_t) sim_chan(const struct sim *s, uint32_t chid)
{
	HW(chram_channel_t) c = { sim_reg(s, sim_chram_off(chid)) };

	return c;
}

#define SIM_CHRAM_IS(c, F, V) (HW(get_chram_channel_##F)(c) == HWC(CHRAM_CHANNEL_##V))

enum sim_chan_status sim_host_chan_status(const struct sim *s, uint32_t chid)
{
	HW(chram_channel_t) c = sim_chan(s, chid);

	if (SIM_CHRAM_IS(c, on_pbdma, ON_PBDMA_TRUE))
		return SIM_CHAN_ON_PBDMA;
	if (!SIM_CHRAM_IS(c, pending, PENDING_TRUE))
		return SIM_CHAN_IDLE;
	return SIM_CHRAM_IS(c, acquire_fail, ACQUIRE_FAIL_TRUE) ? SIM_CHAN_PENDING_ACQUIRE : SIM_CHAN_PENDING;
}

void sim_host_chan_status_set(struct sim *s, uint32_t chid, enum sim_chan_status st)
{
	HW(chram_channel_t) c = sim_chan(s, chid);
	bool on = st == SIM_CHAN_ON_PBDMA;
	bool pending = st == SIM_CHAN_PENDING || st == SIM_CHAN_PENDING_ACQUIRE;

	c = HW(set_chram_channel_on_pbdma)(c, on ? HWC(CHRAM_CHANNEL_ON_PBDMA_TRUE) :
						     HWC(CHRAM_CHANNEL_ON_PBDMA_FALSE));
	c = HW(set_chram_channel_busy)(c, on ? HWC(CHRAM_CHANNEL_BUSY_TRUE) : HWC(CHRAM_CHANNEL_BUSY_FALSE));
	c = HW(set_chram_channel_pbdma_busy)(c, on ? HWC(CHRAM_CHANNEL_PBDMA_BUSY_TRUE) :
						       HWC(CHRAM_CHANNEL_PBDMA_BUSY_FALSE));
	c = HW(set_chram_channel_pending)(c, pending ? HWC(CHRAM_CHANNEL_PENDING_TRUE) :
						       HWC(CHRAM_CHANNEL_PENDING_FALSE));
	c = HW(set_chram_channel_acquire_fail)(c, st == SIM_CHAN_PENDING_ACQUIRE ?
					      HWC(CHRAM_CHANNEL_ACQUIRE_FAIL_TRUE) :
					      HWC(CHRAM_CHANNEL_ACQUIRE_FAIL_FALSE));
	sim_reg_set(s, sim_chram_off(chid), c.v);
}

/* No bind on Ampere: every channel RAM entry is a channel Host may be told of. */
bool sim_host_chan_bound(const struct sim *s, uint32_t chid)
{
	(void)s;
	return chid < SIM_NUM_CHANNELS;
}

bool sim_host_chan_runnable(const struct sim *s, uint32_t chid)
{
	HW(chram_channel_t) c = sim_chan(s, chid);

	return SIM_CHRAM_IS(c, enable, ENABLE_IN_USE) &&
	       SIM_CHRAM_IS(c, pbdma_faulted, PBDMA_FAULTED_FALSE) &&
	       SIM_CHRAM_IS(c, eng_faulted, ENG_FAULTED_FALSE) && SIM_CHRAM_IS(c, pending, PENDING_TRUE);
}

/*
 * CLEAR_FAULTED's HANDLE 30:0 (GA100 has no CHID/RUNLIST_ID fields there,
 * dev_pbdma): read as the channel's doorbell handle, NV_CTRL_VF_DOORBELL's
 * RUNLIST_ID (the runlist's DOORBELL_CONFIG ID) and VECTOR (its CHID), the
 * token UVM writes there (ga100-host-facts.md 5.4) [INF].
 */
long sim_host_clear_faulted_chid(const struct sim *s, uint32_t data)
{
	HW(udma_clear_faulted_t) m = { data };
	HW(ctrl_vf_doorbell_t) d = { { HW(get_udma_clear_faulted_handle)(m) } };
	uint32_t chid = HW(get_ctrl_vf_doorbell_vector)(&d);
	long r = sim_runlist_of_doorbell(s, HW(get_ctrl_vf_doorbell_runlist_id)(&d));

	return r < 0 || chid >= SIM_CHRAM_CHANNELS ? -1 : r * (long)SIM_CHRAM_CHANNELS + chid;
}

bool sim_host_chan_faulted(const struct sim *s, uint32_t p, uint32_t chid, bool eng)
{
	HW(chram_channel_t) c = sim_chan(s, chid);

	(void)p;
	return eng ? SIM_CHRAM_IS(c, eng_faulted, ENG_FAULTED_TRUE) :
		     SIM_CHRAM_IS(c, pbdma_faulted, PBDMA_FAULTED_TRUE);
}

void sim_host_chan_faulted_set(struct sim *s, uint32_t p, uint32_t chid, bool eng, bool faulted)
{
	uint32_t k = chid;
	HW(chram_channel_t) c = sim_chan(s, k);

	(void)p;
	if (eng)
		c = HW(set_chram_channel_eng_faulted)(c, faulted ? HWC(CHRAM_CHANNEL_ENG_FAULTED_TRUE) :
								  HWC(CHRAM_CHANNEL_ENG_FAULTED_FALSE));
	else
		c = HW(set_chram_channel_pbdma_faulted)(c, faulted ? HWC(CHRAM_CHANNEL_PBDMA_FAULTED_TRUE) :
								    HWC(CHRAM_CHANNEL_PBDMA_FAULTED_FALSE));
	sim_reg_set(s, sim_chram_off(k), c.v);
}

/* ---- the runlist entry: channel, instance block, USERD ---------------------------------------- */

/* "If an INVALID aperture is provided hardware will silently use
 * INST_TARGET_VID_MEM" (dev_ram.ref.txt:673-674). */
static enum sim_aperture sim_ap_entry(uint32_t target)
{
	switch (target) {
	case HWC(RAMRL_ENTRY_CHAN_INST_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(RAMRL_ENTRY_CHAN_INST_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_VID;
	}
}

static enum sim_aperture sim_ap_entry_userd(uint32_t target)
{
	switch (target) {
	case HWC(RAMRL_ENTRY_CHAN_USERD_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(RAMRL_ENTRY_CHAN_USERD_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_VID;
	}
}

void sim_host_rl_chan(uint32_t r, const HW(ramrl_entry_t) *e, struct sim_rl_chan *c)
{
	c->chid = r * SIM_CHRAM_CHANNELS + c->chid;
	c->inst = HW(getaddr_ramrl_entry_chan_inst_ptr)(e);
	c->inst_ap = sim_ap_entry(HW(get_ramrl_entry_chan_inst_target)(e));
	c->userd = HW(getaddr_ramrl_entry_chan_userd_ptr)(e);
	c->userd_ap = sim_ap_entry_userd(HW(get_ramrl_entry_chan_userd_target)(e));
}

void sim_host_chan_load(struct sim *s, uint32_t p, const struct sim_rl_chan *c)
{
	struct sim_pbdma *pb = &s->pbdma[p];

	pb->inst = c->inst;
	pb->inst_ap = c->inst_ap;
	pb->userd = c->userd;
	pb->userd_ap = c->userd_ap;
}

uint64_t sim_host_pbdma_userd(const struct sim *s, uint32_t p, enum sim_aperture *ap)
{
	*ap = s->pbdma[p].userd_ap;
	return s->pbdma[p].userd;
}

/* No method only this design has (GA100 has no CRC_CHECK). */
bool sim_host_udma_method(struct sim *s, uint32_t p, uint32_t addr)
{
	(void)s;
	(void)p;
	(void)addr;
	return false;
}

/* ---- PBDMA status: STATUS_SCHED (CHAN_STATUS, TSGID) and CHANNEL (CHID, VALID) -------------- */

void sim_host_pbdma_status_loaded(struct sim *s, uint32_t p, bool loaded)
{
	const struct sim_pbdma *pb = &s->pbdma[p];
	HW(ppbdma_status_sched_t) st = { 0 };
	HW(ppbdma_channel_t) ch = { 0 };

	st = HW(set_ppbdma_status_sched_chan_status)(st, loaded ?
			HWC(PPBDMA_STATUS_SCHED_CHAN_STATUS_VALID) :
			HWC(PPBDMA_STATUS_SCHED_CHAN_STATUS_INVALID));
	if (loaded) {
		st = HW(set_ppbdma_status_sched_tsgid)(st, pb->tsgid);
		ch = HW(set_ppbdma_channel_chid)(ch, pb->chid % SIM_CHRAM_CHANNELS);
		ch = HW(set_ppbdma_channel_valid)(ch, HWC(PPBDMA_CHANNEL_VALID_TRUE));
	} else {
		ch.v = sim_reg(s, HW(ppbdma_channel)(p));
		ch = HW(set_ppbdma_channel_valid)(ch, HWC(PPBDMA_CHANNEL_VALID_FALSE));
	}
	sim_reg_set(s, HW(ppbdma_status_sched)(p), st.v);
	sim_reg_set(s, HW(ppbdma_channel)(p), ch.v);
}

/* ---- runlists: BAD_TSG, SCHED_DISABLE, PREEMPT ------------------------------------------------- */

static void sim_runlist_intr(struct sim *s, uint32_t r, uint32_t bits)
{
	uint32_t off = HW(runlist_intr_0)(sim_runlist_block(r));

	sim_reg_set(s, off, sim_reg(s, off) | bits);
}

/*
 * INTR_BAD_TSG's code and INTR_0 BAD_TSG (dev_runlist.ref.txt:402-418);
 * a runlist whose memory never answers (the model has no video memory)
 * reads FETCH_NACKED in NV_RUNLIST_INFO (facts 5.2).
 */
void sim_host_runlist_error(struct sim *s, uint32_t r, enum sim_rl_error e)
{
	uint32_t b = sim_runlist_block(r);
	HW(runlist_intr_bad_tsg_t) bt = { 0 };
	HW(runlist_info_t) info = { sim_reg(s, HW(runlist_info)(b)) };
	uint32_t code;

	switch (e) {
	case SIM_RL_OK:
		return;
	case SIM_RL_RDAT_TIMEOUT:
		info = HW(set_runlist_info_runlist_fetch_nacked)(info, 1);
		sim_reg_set(s, HW(runlist_info)(b), info.v);
		return;
	case SIM_RL_BAD_TSG_NO_HEADER:
		code = HWC(RUNLIST_INTR_BAD_TSG_CODE_EXPECTED_A_TSG_HEADER);
		break;
	case SIM_RL_BAD_TSG_NO_CHANNEL:
		code = HWC(RUNLIST_INTR_BAD_TSG_CODE_EXPECTED_A_CHID_ENTRY);
		break;
	case SIM_RL_BAD_TSG_ZERO_LENGTH:
		code = HWC(RUNLIST_INTR_BAD_TSG_CODE_ZERO_LENGTH_TSG);
		break;
	case SIM_RL_BAD_TSG_TOO_LONG:
		code = HWC(RUNLIST_INTR_BAD_TSG_CODE_MAX_LENGTH_EXCEEDED);
		break;
	case SIM_RL_BAD_TSG_OVERFLOW:
	default:
		code = HWC(RUNLIST_INTR_BAD_TSG_CODE_RUNLIST_OVERFLOW);
		break;
	}
	bt = HW(set_runlist_intr_bad_tsg_code)(bt, code);
	sim_reg_set(s, HW(runlist_intr_bad_tsg)(b), bt.v);
	sim_runlist_intr(s, r, SIM_FIELD_AT(RUNLIST_INTR_0, BAD_TSG, PENDING));
}

bool sim_host_runlist_disabled(const struct sim *s, uint32_t r)
{
	HW(runlist_sched_disable_t) d = { sim_reg(s, HW(runlist_sched_disable)(sim_runlist_block(r))) };

	return HW(get_runlist_sched_disable_runlist)(d) == HWC(RUNLIST_SCHED_DISABLE_RUNLIST_DISABLED);
}

/* The pending TSG preempt: its runlist's PREEMPT ID. */
bool sim_host_preempt_matches(const struct sim *s, uint32_t p)
{
	uint32_t r = s->host.tsg_preempt_runlist;
	HW(runlist_preempt_t) pr = { sim_reg(s, HW(runlist_preempt)(sim_runlist_block(r))) };

	return s->pbdma[p].runlist == r && s->pbdma[p].tsgid == HW(get_runlist_preempt_id)(pr);
}

void sim_host_preempt_done(struct sim *s)
{
	uint32_t r = s->host.tsg_preempt_runlist, off = HW(runlist_preempt)(sim_runlist_block(r));
	HW(runlist_preempt_t) pr = { sim_reg(s, off) };

	pr = HW(set_runlist_preempt_tsg_preempt_pending)(pr, HWC(RUNLIST_PREEMPT_TSG_PREEMPT_PENDING_FALSE));
	sim_reg_set(s, off, pr.v);
	sim_runlist_intr(s, r, SIM_FIELD_AT(RUNLIST_INTR_0, TSG_PREEMPT_COMPLETE, PENDING));
}

void sim_host_runlist_preempt_done(struct sim *s, uint32_t r)
{
	uint32_t off = HW(runlist_preempt)(sim_runlist_block(r));
	HW(runlist_preempt_t) pr = { sim_reg(s, off) };

	pr = HW(set_runlist_preempt_runlist_preempt_pending)(pr,
			HWC(RUNLIST_PREEMPT_RUNLIST_PREEMPT_PENDING_FALSE));
	sim_reg_set(s, off, pr.v);
	sim_runlist_intr(s, r, SIM_FIELD_AT(RUNLIST_INTR_0, RUNLIST_PREEMPT_COMPLETE, PENDING));
}

/* ---- timers and interrupts GA100's manuals do not give --------------------------------------- */

/* NV_RUNLIST_USERD_WRITEBACK is named but not defined (facts 9.3): USERD is
 * written back on every switch only. */
uint64_t sim_host_userd_writeback_period_us(const struct sim *s)
{
	(void)s;
	return 0;
}

/* No CLEAR_FAULTED timeout register: CLEAR_FAULTED waits. */
bool sim_host_clear_faulted_timeout(const struct sim *s, uint32_t *period_us)
{
	(void)s;
	*period_us = 0;
	return false;
}

/* The non-stalling interrupt goes to the NV_CTRL tree (RAMFC INTR_NOTIFY's
 * vector), which the model does not have. */
void sim_host_nonstall_intr(struct sim *s)
{
	(void)s;
}
