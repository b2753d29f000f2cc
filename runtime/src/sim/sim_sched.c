/* SPDX-License-Identifier: MIT */
/*
 * Runlists, channels and scheduling: the runlist fetch and its dev_ram
 * validation, preemption, which channel each PBDMA runs, and the channel
 * switch itself (RAMFC load and save, USERD writeback).
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "sim/sim_internal.h"

/* ---- RAMFC <-> NV_PPBDMA registers (dev_ram's table, plus the design's and the chip's) --- */

struct sim_ramfc_reg {
	uint32_t (*get)(const HW(ramfc_t) *fc);
	void (*set)(HW(ramfc_t) *fc, uint32_t v);
	uint32_t (*reg)(uint32_t p);
};

/* The accessors are macros: one small function each for the table. */
#define SIM_RAMFC_LIST(X) \
	X(signature, signature) \
	X(gp_base, gp_base) \
	X(gp_base_hi, gp_base_hi) \
	X(gp_fetch, gp_fetch) \
	X(gp_get, gp_get) \
	X(gp_put, gp_put) \
	X(pb_fetch, pb_fetch) \
	X(pb_fetch_hi, pb_fetch_hi) \
	X(pb_get, get) \
	X(pb_get_hi, get_hi) \
	X(pb_put, put) \
	X(pb_put_hi, put_hi) \
	X(pb_top_level_get, top_level_get) \
	X(pb_top_level_get_hi, top_level_get_hi) \
	X(gp_crc, gp_crc) \
	X(pb_header, pb_header) \
	X(pb_count, pb_count) \
	X(pb_crc, pb_crc) \
	X(subdevice, subdevice) \
	X(method0, method0) \
	X(method1, method1) \
	X(method2, method2) \
	X(method3, method3) \
	X(data0, data0) \
	X(data1, data1) \
	X(data2, data2) \
	X(data3, data3) \
	X(target, target) \
	X(ref, ref) \
	X(sem_addr_lo, sem_addr_lo) \
	X(sem_addr_hi, sem_addr_hi) \
	X(sem_payload_lo, sem_payload_lo) \
	X(sem_payload_hi, sem_payload_hi) \
	X(sem_execute, sem_execute) \
	X(acquire_deadline, acquire_deadline) \
	X(acquire, acquire) \
	X(mem_op_a, mem_op_a) \
	X(mem_op_b, mem_op_b) \
	X(mem_op_c, mem_op_c) \
	X(hce_ctrl, hce_ctrl) \
	X(config, config) \
	X(set_channel_info, set_channel_info) \
	SIM_RAMFC_DESIGN_LIST(X) \
	SIM_RAMFC_CHIP_LIST(X)

#define SIM_RAMFC_FNS(field, reg)                                                         \
	static uint32_t sim_fc_get_##field(const HW(ramfc_t) *fc)                        \
	{                                                                                  \
		return (uint32_t)HW(get_ramfc_##field)(fc);                              \
	}                                                                                  \
	static void sim_fc_set_##field(HW(ramfc_t) *fc, uint32_t v)                      \
	{                                                                                  \
		HW(set_ramfc_##field)(fc, v);                                            \
	}                                                                                  \
	static uint32_t sim_fc_reg_##field(uint32_t p)                                     \
	{                                                                                  \
		return HW(ppbdma_##reg)(p);                                              \
	}
SIM_RAMFC_LIST(SIM_RAMFC_FNS)

#define SIM_RAMFC(field, reg) { sim_fc_get_##field, sim_fc_set_##field, sim_fc_reg_##field },

static const struct sim_ramfc_reg sim_ramfc_regs[] = { SIM_RAMFC_LIST(SIM_RAMFC) };

#define SIM_NRAMFC (ARRAY_SIZE(sim_ramfc_regs))

/* ---- channels ------------------------------------------------------------------------------ */

bool sim_sched_chan_loaded(const struct sim *s, uint32_t chid)
{
	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		if (s->pbdma[p].loaded && s->pbdma[p].chid == chid)
			return true;
	return false;
}

bool sim_sched_runlist_holds(const struct sim *s, uint32_t r, uint32_t chid)
{
	for (uint32_t i = 0; i < s->rl[r].nchans; i++)
		if (s->rl[r].chans[i].chid == chid)
			return true;
	return false;
}

/* NV_USERMODE_NOTIFY_CHANNEL_PENDING: ignored for channels that do not exist. */
void sim_sched_doorbell(struct sim *s, uint32_t chid)
{
	if (chid >= SIM_NUM_CHANNELS || !sim_host_chan_bound(s, chid))
		return;
	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++) {
		if (s->pbdma[p].loaded && s->pbdma[p].chid == chid) {
			s->pbdma[p].gp_put_stale = true;   /* read USERD GP_PUT again */
			sim_kick(s);
			return;
		}
	}
	if (sim_host_chan_status(s, chid) == SIM_CHAN_IDLE)
		sim_host_chan_status_set(s, chid, SIM_CHAN_PENDING);
	sim_kick(s);
}

/* ---- reset ------------------------------------------------------------------------------ */

void sim_sched_pbdma_reset(struct sim *s, uint32_t p)
{
	struct sim_pbdma *pb = &s->pbdma[p];

	if (pb->loaded && sim_fifo_enabled(s))
		sim_host_chan_status_set(s, pb->chid, SIM_CHAN_PENDING);
	memset(pb, 0, sizeof(*pb));
}

void sim_sched_reset(struct sim *s)
{
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++) {
		free(s->rl[r].chans);
		memset(&s->rl[r], 0, sizeof(s->rl[r]));
	}
	memset(s->pbdma, 0, sizeof(s->pbdma));
	s->preempt_pending = false;
	s->runlist_preempt = 0;
}

/* ---- channel switch -------------------------------------------------------------------------- */

/* The PDB and what a translation through it gives (dev_ram NV_RAMIN_*). */
static void sim_sched_pdb_load(struct sim_pbdma *pb, const HW(ramin_t) *in)
{
	enum sim_aperture ap = sim_ap_pdb(HW(get_ramin_page_dir_base_target)(in));

	pb->pdb = HW(getaddr_ramin_page_dir_base)(in);
	pb->pdb_ok = false;
	/* "Volta only supports the new format" / "only supports 64KB for big
	 * pages": either one wrong is an UNBOUND_INSTANCE fault. */
	if (ap == SIM_AP_INVALID ||
	    HW(get_ramin_use_ver2_pt_format)(in) != HWC(RAMIN_USE_VER2_PT_FORMAT_TRUE) ||
	    HW(get_ramin_big_page_size)(in) != HWC(RAMIN_BIG_PAGE_SIZE_64KB))
		pb->pdb_fault_type = HWC(PFAULT_FAULT_TYPE_UNBOUND_INST_BLOCK);
	else if (ap == SIM_AP_VID)   /* no video memory: PD3 reads as invalid */
		pb->pdb_fault_type = HWC(PFAULT_FAULT_TYPE_PDE);
	else
		pb->pdb_ok = true;
}

/* Switches chan in: RAMFC into the PBDMA registers; -1 on a fault (recorded). */
static int sim_sched_load(struct sim *s, uint32_t p, const struct sim_rl_chan *c, uint64_t now)
{
	struct sim_pbdma *pb = &s->pbdma[p];
	HW(ramin_t) in;
	HW(ramfc_t) fc;
	HW(ppbdma_pb_header_t) h;

	memset(pb, 0, sizeof(*pb));
	pb->chid = c->chid;
	pb->tsgid = c->tsgid;
	pb->runlist = sim_pbdma_runlist(s, p);
	pb->timeslice_ns = c->timeslice_ns;
	pb->loaded_at = pb->writeback_at = now;
	sim_host_chan_load(s, p, c);
	if (sim_mmu_phys_read(s, p, pb->inst_ap, pb->inst, &in, sizeof(in)))
		return -1;
	HW(read_ramin_ramfc)(&in, &fc);
	sim_sched_pdb_load(pb, &in);
	for (size_t i = 0; i < SIM_NRAMFC; i++)
		sim_reg_set(s, sim_ramfc_regs[i].reg(p), sim_ramfc_regs[i].get(&fc));
	h.v = sim_reg(s, HW(ppbdma_pb_header)(p));
	pb->seg_first = HW(get_ppbdma_pb_header_first)(h) == HWC(PPBDMA_PB_HEADER_FIRST_TRUE);
	pb->gp_put_stale = true;
	pb->loaded = true;
	sim_host_pbdma_status_loaded(s, p, true);
	sim_host_chan_status_set(s, c->chid, SIM_CHAN_ON_PBDMA);
	return 0;
}

/* The PBDMA registers back into RAMFC (the words RAMFC does not map are kept). */
static void sim_sched_ramfc_save(struct sim *s, uint32_t p)
{
	struct sim_pbdma *pb = &s->pbdma[p];
	HW(ramfc_t) fc;

	if (sim_mmu_phys_read(s, p, pb->inst_ap, pb->inst, &fc, sizeof(fc)))
		return;
	for (size_t i = 0; i < SIM_NRAMFC; i++)
		sim_ramfc_regs[i].set(&fc, sim_reg(s, sim_ramfc_regs[i].reg(p)));
	sim_mmu_phys_write(s, p, pb->inst_ap, pb->inst, &fc, sizeof(fc));
}

/* Switches the channel out, leaving it in state st. */
static void sim_sched_save(struct sim *s, uint32_t p, enum sim_chan_status st)
{
	struct sim_pbdma *pb = &s->pbdma[p];

	sim_sched_ramfc_save(s, p);
	sim_pbdma_userd_writeback(s, p);   /* always on a switch (dev_pbdma CONFIG) */
	sim_host_pbdma_status_loaded(s, p, false);
	sim_pbdma_status_set(s, p, HWC(PPBDMA_STATUS_PBDMA_EMPTY));
	sim_host_chan_status_set(s, pb->chid, st);
	pb->loaded = false;
}

/*
 * What a switched-out channel is: waiting on a semaphore, pending (work
 * left, or a doorbell whose USERD GP_PUT it has not read yet), or idle.
 */
static enum sim_chan_status sim_sched_out_status(const struct sim *s, uint32_t p)
{
	if (s->pbdma[p].blocked)
		return SIM_CHAN_PENDING_ACQUIRE;
	return s->pbdma[p].gp_put_stale || sim_pbdma_has_work(s, p) ? SIM_CHAN_PENDING :
								      SIM_CHAN_IDLE;
}

/* dev_fifo: after a PBDMA fault the PBDMA saves out; the channel stays FAULTED. */
static void sim_sched_fault(struct sim *s, uint32_t p)
{
	struct sim_pbdma *pb = &s->pbdma[p];

	/* The copy engine's fault is the engine's (ENG_FAULTED), Host's the PBDMA's. */
	sim_host_chan_faulted_set(s, p, pb->chid, pb->ce_fault, true);
	pb->ce_fault = false;
	if (pb->loaded)
		sim_sched_save(s, p, sim_sched_out_status(s, p));
}

/* ---- runlists --------------------------------------------------------------------------------- */

void sim_sched_runlist_submit(struct sim *s, uint32_t r)
{
	s->rl[r].fetch_pending = true;
	s->rl[r].fetch_due = sim_now() + SIM_RUNLIST_DELAY_NS;
	sim_kick(s);
}

/* dev_ram: timeslice = (TIMEOUT << SCALE) * 1024 ns; zero counts as one. */
static uint64_t sim_tsg_timeslice(const HW(ramrl_entry_t) *e)
{
	uint64_t t = (uint64_t)HW(get_ramrl_entry_tsg_timeslice_timeout)(e) <<
		     HW(get_ramrl_entry_tsg_timeslice_scale)(e);

	return (t ? t : 1) * 1024u;
}

static bool sim_rl_is_tsg(const HW(ramrl_entry_t) *e)
{
	return HW(get_ramrl_entry_type)(e) == HWC(RAMRL_ENTRY_TYPE_TSG);
}

/*
 * Reads and checks n entries at base (dev_ram RAMRL): a TSG header, then
 * exactly TSG_LENGTH (MIN..MAX) channel entries; a channel outside a TSG, a
 * short TSG or a bad length is BAD_TSG.
 */
static enum sim_rl_error sim_rl_parse(struct sim *s, uint32_t r, enum sim_aperture ap,
				      uint64_t base, uint32_t n, struct sim_rl_chan *out,
				      uint32_t *nchans)
{
	HW(ramrl_entry_t) e, h;
	uint32_t len = 0, tsgid = 0;
	uint64_t slice = 0;

	*nchans = 0;
	/* No video memory in the model: a runlist there never returns data. */
	if (n && ap != SIM_AP_SYS_COH && ap != SIM_AP_SYS_NCOH)
		return SIM_RL_RDAT_TIMEOUT;
	for (uint32_t i = 0; i < n; i++) {
		if (sim_mem_read(s, base + (uint64_t)i * HWC(RAMRL_ENTRY_SIZE), &e, sizeof(e)))
			return SIM_RL_RDAT_TIMEOUT;
		if (sim_rl_is_tsg(&e)) {
			if (len)   /* a TSG header before the last one's channels ended */
				return SIM_RL_BAD_TSG_NO_CHANNEL;
			h = e;
			len = HW(get_ramrl_entry_tsg_length)(&h);
			if (len < HWC(RAMRL_ENTRY_TSG_LENGTH_MIN))
				return SIM_RL_BAD_TSG_ZERO_LENGTH;
			if (len > HWC(RAMRL_ENTRY_TSG_LENGTH_MAX))
				return SIM_RL_BAD_TSG_TOO_LONG;
			if (i + len >= n)
				return SIM_RL_BAD_TSG_OVERFLOW;
			tsgid = HW(get_ramrl_entry_tsg_tsgid)(&h);
			slice = sim_tsg_timeslice(&h);
			continue;
		}
		if (!len)   /* a channel outside every TSG */
			return SIM_RL_BAD_TSG_NO_HEADER;
		len--;
		out[*nchans].chid = HW(get_ramrl_entry_chan_chid)(&e);
		out[*nchans].runqueue = HW(get_ramrl_entry_chan_runqueue_selector)(&e);
		sim_host_rl_chan(r, &e, &out[*nchans]);
		out[*nchans].tsgid = tsgid;
		out[*nchans].timeslice_ns = slice;
		(*nchans)++;
	}
	return SIM_RL_OK;
}

/* The submitted runlist replaces the old one; a bad one leaves none. */
static void sim_sched_runlist_fetch(struct sim *s, uint32_t r)
{
	struct sim_runlist *rl = &s->rl[r];
	struct sim_rl_submit sub;
	struct sim_rl_chan *chans;
	uint32_t nchans = 0;
	enum sim_rl_error code;
	uint32_t pb[SIM_NUM_PBDMA], npb;

	sim_gen_runlist_submitted(s, r, &sub);
	chans = calloc(sub.length ? sub.length : 1, sizeof(*chans));
	rl->fetch_pending = false;
	code = chans ? sim_rl_parse(s, r, sub.ap, sub.base, sub.length, chans, &nchans) :
		       SIM_RL_RDAT_TIMEOUT;
	if (code) {
		sim_host_runlist_error(s, r, code);
		nchans = 0;
	}
	free(rl->chans);
	rl->chans = chans;
	rl->nchans = nchans;
	rl->cursor = 0;
	/* A new runlist expires the timeslices of the work already running. */
	npb = sim_runlist_pbdmas(s, r, pb);
	for (uint32_t i = 0; i < npb; i++)
		if (s->pbdma[pb[i]].loaded)
			s->pbdma[pb[i]].expire = true;
	sim_gen_runlist_fetched(s, r);
}

/* ---- preemption ------------------------------------------------------------------------------ */

/*
 * Saves the target out of every PBDMA; a PBDMA frozen by an interrupt cannot
 * save out, so the preempt stays PENDING until software handles it (dev_fifo
 * "Channel Teardown Sequence").
 */
static void sim_sched_preempt(struct sim *s)
{
	bool done = true;

	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++) {
		if (!s->pbdma[p].loaded || !sim_host_preempt_matches(s, p))
			continue;
		if (sim_pbdma_stalled(s, p))
			done = false;
		else
			sim_sched_save(s, p, sim_sched_out_status(s, p));
	}
	if (!done)
		return;
	s->preempt_pending = false;
	sim_host_preempt_done(s);
}

static void sim_sched_runlist_preempt(struct sim *s)
{
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++) {
		uint32_t pb[SIM_NUM_PBDMA], n;
		bool done = true;

		if (!(s->runlist_preempt & (1u << r)))
			continue;
		n = sim_runlist_pbdmas(s, r, pb);
		for (uint32_t i = 0; i < n; i++) {
			if (!s->pbdma[pb[i]].loaded)
				continue;
			if (sim_pbdma_stalled(s, pb[i]))
				done = false;
			else
				sim_sched_save(s, pb[i], sim_sched_out_status(s, pb[i]));
		}
		if (done) {
			s->runlist_preempt &= ~(1u << r);
			sim_host_runlist_preempt_done(s, r);
		}
	}
}

/* ---- scheduling ------------------------------------------------------------------------------ */

static bool sim_sched_runlist_blocked(const struct sim *s, uint32_t r)
{
	return r >= SIM_NUM_RUNLISTS || sim_host_runlist_disabled(s, r) ||
	       s->rl[r].fetch_pending;
}

/* Does the RUNQUEUE_SELECTOR of c pick PBDMA p?  Out of range picks the first. */
static bool sim_sched_runqueue_is(const struct sim *s, uint32_t p, const struct sim_rl_chan *c)
{
	uint32_t pb[SIM_NUM_PBDMA], n = sim_runlist_pbdmas(s, sim_pbdma_runlist(s, p), pb);
	uint32_t q = c->runqueue < n ? c->runqueue : 0;

	return pb[q] == p;
}

/* The next runnable channel of p's runqueue after the cursor (advance: take it). */
static const struct sim_rl_chan *sim_sched_next(struct sim *s, uint32_t p, bool advance)
{
	uint32_t r = sim_pbdma_runlist(s, p);
	struct sim_runlist *rl;

	if (sim_sched_runlist_blocked(s, r))
		return NULL;
	rl = &s->rl[r];
	for (uint32_t k = 0; k < rl->nchans; k++) {
		uint32_t i = (rl->cursor + k) % rl->nchans;
		const struct sim_rl_chan *c = &rl->chans[i];

		if (!sim_sched_runqueue_is(s, p, c) || !sim_host_chan_runnable(s, c->chid) ||
		    sim_sched_chan_loaded(s, c->chid))
			continue;
		if (advance)
			rl->cursor = i + 1;
		return c;
	}
	return NULL;
}

static void sim_sched_writeback_timer(struct sim *s, uint32_t p, uint64_t now)
{
	struct sim_pbdma *pb = &s->pbdma[p];
	HW(ppbdma_config_t) cfg = { sim_reg(s, HW(ppbdma_config)(p)) };
	uint64_t period = sim_host_userd_writeback_period_us(s);

	if (!pb->dirty || !period ||
	    HW(get_ppbdma_config_userd_writeback)(cfg) != HWC(PPBDMA_CONFIG_USERD_WRITEBACK_ENABLE) ||
	    now - pb->writeback_at < period * 1000u)
		return;
	sim_pbdma_userd_writeback(s, p);
	pb->writeback_at = now;
	pb->dirty = false;
}

/* Runs the loaded channel; returns true while it has more to do right away. */
static bool sim_sched_run(struct sim *s, uint32_t p, uint64_t now)
{
	struct sim_pbdma *pb = &s->pbdma[p];

	for (uint32_t n = 0; n < SIM_STEP_BUDGET; n++) {
		enum sim_step st = sim_pbdma_step(s, p);

		pb->blocked = st == SIM_STEP_BLOCKED;
		switch (st) {
		case SIM_STEP_PROGRESS:
			pb->dirty = true;
			continue;
		case SIM_STEP_IDLE:
		case SIM_STEP_YIELD:
			sim_sched_save(s, p, sim_sched_out_status(s, p));
			return true;
		case SIM_STEP_FAULT:
			sim_sched_fault(s, p);
			return true;
		case SIM_STEP_BLOCKED:
			/* dev_pbdma: a failed acquire lets another channel run. */
			if (sim_sched_next(s, p, false))
				sim_sched_save(s, p, SIM_CHAN_PENDING_ACQUIRE);
			else
				sim_sched_writeback_timer(s, p, now);
			return false;
		case SIM_STEP_STALL:
			return false;
		}
	}
	sim_sched_writeback_timer(s, p, now);
	if (now - pb->loaded_at >= pb->timeslice_ns && sim_sched_next(s, p, false))
		sim_sched_save(s, p, sim_sched_out_status(s, p));
	return true;
}

static bool sim_sched_pbdma(struct sim *s, uint32_t p, uint64_t now)
{
	struct sim_pbdma *pb = &s->pbdma[p];
	const struct sim_rl_chan *c;

	if (!sim_pbdma_enabled(s, p))
		return false;
	if (!pb->loaded) {
		if (sim_pbdma_stalled(s, p) || !(c = sim_sched_next(s, p, true)))
			return false;
		if (sim_sched_load(s, p, c, now)) {
			sim_sched_fault(s, p);
			return true;
		}
	}
	if (sim_pbdma_stalled(s, p)) {
		sim_pbdma_status_set(s, p, HWC(PPBDMA_STATUS_PBDMA_SUSPENDED));
		return false;
	}
	if (pb->expire) {
		pb->expire = false;
		sim_sched_save(s, p, sim_sched_out_status(s, p));
		return true;
	}
	return sim_sched_run(s, p, now);
}

bool sim_sched_tick(struct sim *s, uint64_t now)
{
	bool busy = false;

	if (!sim_fifo_enabled(s))
		return false;
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++)
		if (s->rl[r].fetch_pending && now >= s->rl[r].fetch_due)
			sim_sched_runlist_fetch(s, r);
	/* A preempt stuck behind an interrupt is tried again a tick later. */
	if (s->preempt_pending && now >= s->preempt_due) {
		sim_sched_preempt(s);
		s->preempt_due = now + SIM_TICK_NS;
	}
	if (s->runlist_preempt && now >= s->runlist_preempt_due) {
		sim_sched_runlist_preempt(s);
		s->runlist_preempt_due = now + SIM_TICK_NS;
	}
	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		busy |= sim_sched_pbdma(s, p, now);
	return busy;
}

/*
 * When the model should look again: the next delayed piece of work, or a
 * tick while a channel is loaded (an acquire polls memory, timers run), or
 * a long sleep -- register writes that bring work wake the thread anyway.
 */
uint64_t sim_sched_next_due(const struct sim *s, uint64_t now)
{
	uint64_t due = now + SIM_IDLE_TICK_NS;

	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		if (s->pbdma[p].loaded)
			due = now + SIM_TICK_NS;

	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++)
		if (s->rl[r].fetch_pending && s->rl[r].fetch_due < due)
			due = s->rl[r].fetch_due;
	if (s->preempt_pending && s->preempt_due < due)
		due = s->preempt_due;
	if (s->runlist_preempt && s->runlist_preempt_due < due)
		due = s->runlist_preempt_due;
	return due;
}
