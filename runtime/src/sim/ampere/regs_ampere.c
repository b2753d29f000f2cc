/* SPDX-License-Identifier: MIT */
/*
 * The BAR0 register file of the model for Ampere's Host design (GA100):
 * PMC (BOOT_0/42, ENABLE, DEVICE_ENABLE), NV_PTOP_DEVICE_INFO_CFG and the
 * DEVICE_INFO2 rows, each runlist's block (NV_RUNLIST_*) and channel RAM
 * (NV_CHRAM_CHANNEL) at the bases the description invents (sim/ampere/
 * host.h), the PBDMAs (2 KiB apart), PBUS, the flush page, and the VF
 * window: NV_VIRTUAL_FUNCTION_CFG0, DOORBELL, TIME_0/1 and the fault registers.
 * Everything else reads as a PRI error and ignores writes: GA100 has no
 * PFIFO, PCCSR, USERMODE, PTIMER TIME or NV_PMC_INTR (ga100-host-facts.md
 * section 8 item 1).  Work a write asks for is recorded here and done by
 * the model's thread (sim_sched.c).
 */
#include <string.h>

#include "sim/sim_internal.h"

#include SIM_HW_FIELDS(dev_pbdma)
#include SIM_HW_FIELDS(dev_runlist)

/* ---- helpers ------------------------------------------------------------------ */

static bool sim_in(uint32_t off, uint32_t base, uint32_t limit)
{
	return off >= base && off <= limit;
}

static uint32_t sim_pbdma_stride(void)
{
	return HW(ppbdma_gp_put)(1) - HW(ppbdma_gp_put)(0);
}

/* PBDMA p's BAR0 base: "Each PBDMA unit is allocated a 2KB address space"
 * from NV_PPBDMA's base (dev_pbdma.ref.txt:48). */
static uint32_t sim_pbdma_base(uint32_t p)
{
	return HWC(PPBDMA_BASE) + p * sim_pbdma_stride();
}

/* The runlist whose block holds off (its offset in *rel), or -1. */
static long sim_runlist_of_block(uint32_t off, uint32_t *rel)
{
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++) {
		if (off >= sim_runlist_block(r) && off < sim_runlist_chram(r)) {
			*rel = off - sim_runlist_block(r);
			return (long)r;
		}
	}
	return -1;
}

/* The runlist whose channel RAM holds off (the channel in *chid), or -1. */
static long sim_runlist_of_chram(uint32_t off, uint32_t *chid)
{
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++) {
		long i = sim_index_of(off, HW(chram_channel)(sim_runlist_chram(r), 0),
				      HW(chram_channel)(sim_runlist_chram(r), 1), SIM_CHRAM_CHANNELS);

		if (i >= 0) {
			*chid = (uint32_t)i;
			return (long)r;
		}
	}
	return -1;
}

/* ---- PMC --------------------------------------------------------------------- */

/* The PMC registers the model keeps: BOOT_*, ENABLE, DEVICE_ENABLE(i). */
static bool sim_pmc_known(uint32_t off)
{
	return off == HW(pmc_boot_0)() || off == HW(pmc_boot_1)() || off == HW(pmc_boot_2)() ||
	       off == HW(pmc_boot_42)() || off == HW(pmc_enable)() ||
	       sim_index(off, HW(pmc_device_enable), HWC(PMC_DEVICE_ENABLE_SIZE_1)) >= 0;
}

/* ---- Host: no reset of its own on GA100 (facts 1.2) ------------------------------------- */

bool sim_fifo_enabled(const struct sim *s)
{
	(void)s;
	return true;
}

bool sim_pbdma_enabled(const struct sim *s, uint32_t p)
{
	(void)s;
	return p < SIM_NUM_PBDMA;
}

/* ---- PBDMA interrupts: INTR_0/1 and their tree enables ------------------------------------ */

/* The enables of tree j: EN_SET_TREE holds them, EN_CLEAR_TREE reads back the same. */
static uint32_t sim_pbdma_en0(const struct sim *s, uint32_t p, uint32_t j)
{
	return sim_reg(s, HW(ppbdma_intr_0_en_set_tree)(p, j));
}

static uint32_t sim_pbdma_en1(const struct sim *s, uint32_t p, uint32_t j)
{
	return sim_reg(s, HW(ppbdma_intr_1_en_set_tree)(p, j));
}

static bool sim_pbdma_tree_pending(const struct sim *s, uint32_t p, uint32_t j)
{
	return (sim_reg(s, HW(ppbdma_intr_0)(p)) & sim_pbdma_en0(s, p, j)) ||
	       (sim_reg(s, HW(ppbdma_intr_1)(p)) & sim_pbdma_en1(s, p, j));
}

bool sim_pbdma_intr_pending(const struct sim *s, uint32_t p)
{
	return sim_pbdma_tree_pending(s, p, 0) || sim_pbdma_tree_pending(s, p, 1);
}

/* "There is no INTR_STALL": any pending bit freezes the PBDMA until cleared
 * (dev_pbdma.ref.txt:2711-2714; the enables only gate the report, 3243-3245). */
bool sim_pbdma_stalled(const struct sim *s, uint32_t p)
{
	return sim_reg(s, HW(ppbdma_intr_0)(p)) || sim_reg(s, HW(ppbdma_intr_1)(p));
}

void sim_pbdma_intr_raise(struct sim *s, uint32_t p, uint32_t intr0, uint32_t intr1)
{
	sim_reg_set(s, HW(ppbdma_intr_0)(p), sim_reg(s, HW(ppbdma_intr_0)(p)) | intr0);
	sim_reg_set(s, HW(ppbdma_intr_1)(p), sim_reg(s, HW(ppbdma_intr_1)(p)) | intr1);
}

/* ---- topology: which PBDMAs serve which runlist ----------------------------------------- */

/* Runlist 0 (graphics) has PBDMAs 0..SIM_GR_PBDMAS-1; runlist r > 0 the next one each. */
static uint32_t sim_runlist_first_pbdma(uint32_t r)
{
	return r ? SIM_GR_PBDMAS + r - 1 : 0;
}

static uint32_t sim_runlist_npbdma(uint32_t r)
{
	return r ? 1 : SIM_GR_PBDMAS;
}

uint32_t sim_pbdma_runlist(const struct sim *s, uint32_t p)
{
	(void)s;
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++)
		if (p >= sim_runlist_first_pbdma(r) && p < sim_runlist_first_pbdma(r) + sim_runlist_npbdma(r))
			return r;
	return SIM_NUM_RUNLISTS;
}

uint32_t sim_runlist_pbdmas(const struct sim *s, uint32_t r, uint32_t *out)
{
	(void)s;
	for (uint32_t q = 0; q < sim_runlist_npbdma(r); q++)
		out[q] = sim_runlist_first_pbdma(r) + q;
	return sim_runlist_npbdma(r);
}

/* ---- PTOP: DEVICE_INFO_CFG and the DEVICE_INFO2 rows ------------------------------------- */

struct sim_device {
	enum HW(ptop_device_info2_dev_type_enum) type;
	uint32_t inst, rleng, runlist, fault, reset;
};

/*
 * GR on runlist 0 (RLENG 0), LCE n: the GRCEs on runlist 0 after GR
 * (RLENG 1 + n), the others one runlist each (RLENG 0).  Fault ids are
 * dev_fault's GRAPHICS and CE0 + n; RESET_IDs are invented, distinct
 * (facts section 8: the real ones are not published).
 */
static struct sim_device sim_device_of(uint32_t n)
{
	struct sim_device d = { HWC(PTOP_DEVICE_INFO2_DEV_TYPE_ENUM_GRAPHICS), 0, 0, 0,
				HWC(PFAULT_MMU_ENG_ID_GRAPHICS), 0 };
	uint32_t lce;

	if (n == 0)
		return d;
	lce = n - 1;
	d.type = HWC(PTOP_DEVICE_INFO2_DEV_TYPE_ENUM_LCE);
	d.inst = lce;
	d.rleng = lce < SIM_NUM_GRCE ? 1 + lce : 0;
	d.runlist = lce < SIM_NUM_GRCE ? 0 : 1 + lce - SIM_NUM_GRCE;
	d.fault = HWC(PFAULT_MMU_ENG_ID_CE0) + lce;
	d.reset = 1 + lce;
	return d;
}

/* A device's three rows (ROW_CHAIN MORE on the first two). */
static void sim_device_rows(const struct sim_device *d, uint32_t rows[3])
{
	HW(ptop_device_info2_dev_t) rec = { { 0 } };

	HW(set_ptop_device_info2_dev_type_enum)(&rec, d->type);
	HW(set_ptop_device_info2_dev_instance_id)(&rec, d->inst);
	HW(set_ptop_device_info2_dev_fault_id)(&rec, d->fault);
	HW(set_ptop_device_info2_dev_reset_id)(&rec, d->reset);
	HW(set_ptop_device_info2_dev_is_engine)(&rec, HWC(PTOP_DEVICE_INFO2_DEV_IS_ENGINE_TRUE));
	HW(set_ptop_device_info2_dev_rleng_id)(&rec, d->rleng);
	/* RUNLIST_PRI_BASE holds the address's bits in place (nouveau
	 * ga100_top_oneinit; hw/ampere/device_ampere.c reads it so). */
	rec.w[HWC(PTOP_DEVICE_INFO2_DEV_RUNLIST_PRI_BASE_FIELD_WORD)] |=
		sim_runlist_block(d->runlist) & HWC(PTOP_DEVICE_INFO2_DEV_RUNLIST_PRI_BASE_FIELD_MASK);
	for (uint32_t i = 0; i < 3; i++) {
		HW(ptop_device_info2_t) row = { rec.w[i] };

		row = HW(set_ptop_device_info2_row_chain)(row, i < 2 ? HWC(PTOP_DEVICE_INFO2_ROW_CHAIN_MORE) :
								      HWC(PTOP_DEVICE_INFO2_ROW_CHAIN_LAST));
		rows[i] = row.v;
	}
}

static void sim_ptop_init(struct sim *s)
{
	HW(ptop_device_info_cfg_t) cfg = { 0 };
	uint32_t i = 0;

	for (uint32_t n = 0; n <= SIM_NUM_LCE; n++) {
		struct sim_device d = sim_device_of(n);
		uint32_t rows[3];

		sim_device_rows(&d, rows);
		for (uint32_t k = 0; k < 3; k++, i++)
			sim_reg_set(s, HW(ptop_device_info2)(i), rows[k]);
	}
	s->gr_runlist = 0;
	cfg = HW(set_ptop_device_info_cfg_num_rows)(cfg, i);
	cfg = HW(set_ptop_device_info_cfg_max_rows_per_device)(cfg, 3);
	cfg = HW(set_ptop_device_info_cfg_max_devices)(cfg, SIM_NUM_LCE + 1);
	sim_reg_set(s, HW(ptop_device_info_cfg)(), cfg.v);
}

/* ---- runlist blocks ------------------------------------------------------------------- */

static void sim_runlist_block_init(struct sim *s, uint32_t r)
{
	uint32_t b = sim_runlist_block(r);
	HW(runlist_channel_config_t) cc = { sim_runlist_chram(r) &
					    HWC(RUNLIST_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET_FIELD_MASK) };
	HW(runlist_doorbell_config_t) dc = { 0 };
	HW(runlist_virtual_channel_cfg_t) vc = { 0 };

	cc = HW(set_runlist_channel_config_num_channels_log2)(cc,
			HWC(RUNLIST_CHANNEL_CONFIG_NUM_CHANNELS_LOG2_2K));
	sim_reg_set(s, HW(runlist_channel_config)(b), cc.v);
	dc = HW(set_runlist_doorbell_config_id)(dc, SIM_DOORBELL_ID_FIRST + r);
	sim_reg_set(s, HW(runlist_doorbell_config)(b), dc.v);
	for (uint32_t q = 0; q < sim_runlist_npbdma(r); q++) {
		uint32_t p = sim_runlist_first_pbdma(r) + q;
		HW(runlist_pbdma_config_t) pc = { sim_pbdma_base(p) };

		/* PBDMA_BAR0_OFFSET: the PBDMA's BAR0 base, its bits in place. */
		pc.v &= HWC(RUNLIST_PBDMA_CONFIG_PBDMA_BAR0_OFFSET_FIELD_MASK);
		pc = HW(set_runlist_pbdma_config_valid)(pc, HWC(RUNLIST_PBDMA_CONFIG_VALID_TRUE));
		sim_reg_set(s, HW(runlist_pbdma_config)(b, q), pc.v);
	}
	/* VIRTUAL_CHANNEL_CFG init: MASK_HW 2047, SET_HW 0, PENDING_ENABLE FALSE. */
	vc = HW(set_runlist_virtual_channel_cfg_mask_hw)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_MASK_HW_INIT));
	vc = HW(set_runlist_virtual_channel_cfg_set_hw)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_SET_HW_INIT));
	for (uint32_t i = 0; i < HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_SIZE_1); i++)
		sim_reg_set(s, HW(runlist_virtual_channel_cfg)(b, i), vc.v);
}

/* Runlist r's INTR_0 as read: the stored bits and its PBDMAs' tree levels. */
static uint32_t sim_runlist_intr_0(const struct sim *s, uint32_t r)
{
	HW(runlist_intr_0_t) v = { sim_reg(s, HW(runlist_intr_0)(sim_runlist_block(r))) };
	uint32_t p0 = sim_runlist_first_pbdma(r), n = sim_runlist_npbdma(r);

	v = HW(set_runlist_intr_0_pbdma0_intr_tree_0)(v, sim_pbdma_tree_pending(s, p0, 0) ?
			HWC(RUNLIST_INTR_0_PBDMA0_INTR_TREE_0_PENDING) :
			HWC(RUNLIST_INTR_0_PBDMA0_INTR_TREE_0_NOT_PENDING));
	v = HW(set_runlist_intr_0_pbdma0_intr_tree_1)(v, sim_pbdma_tree_pending(s, p0, 1) ?
			HWC(RUNLIST_INTR_0_PBDMA0_INTR_TREE_1_PENDING) :
			HWC(RUNLIST_INTR_0_PBDMA0_INTR_TREE_1_NOT_PENDING));
	if (n > 1) {
		v = HW(set_runlist_intr_0_pbdma1_intr_tree_0)(v, sim_pbdma_tree_pending(s, p0 + 1, 0) ?
				HWC(RUNLIST_INTR_0_PBDMA1_INTR_TREE_0_PENDING) :
				HWC(RUNLIST_INTR_0_PBDMA1_INTR_TREE_0_NOT_PENDING));
		v = HW(set_runlist_intr_0_pbdma1_intr_tree_1)(v, sim_pbdma_tree_pending(s, p0 + 1, 1) ?
				HWC(RUNLIST_INTR_0_PBDMA1_INTR_TREE_1_PENDING) :
				HWC(RUNLIST_INTR_0_PBDMA1_INTR_TREE_1_NOT_PENDING));
	}
	return v.v;
}

/* NV_RUNLIST_INTR_0's write-1-to-clear (_RESET) bits. */
#define SIM_RUNLIST_INTR_0_W1C(X) X(CTXSW_TIMEOUT_ENG0) X(CTXSW_TIMEOUT_ENG1) X(CTXSW_TIMEOUT_ENG2) \
	X(RUNLIST_IDLE) X(RUNLIST_AND_ENG_IDLE) X(RUNLIST_ACQUIRE) X(RUNLIST_ACQUIRE_AND_ENG_IDLE)  \
	X(TSG_PREEMPT_COMPLETE) X(RUNLIST_PREEMPT_COMPLETE) X(BAD_TSG)
#define SIM_RUNLIST_INTR_0_CLR(F) | SIM_FIELD_AT(RUNLIST_INTR_0, F, RESET)
/* NV_PPBDMA_INTR_0/1's write-1-to-clear bits: every field GA100 has. */
#define SIM_PBDMA_INTR_0_FIELDS(X) X(GPFIFO) X(GPPTR) X(GPENTRY) X(GPCRC) X(PBPTR) X(PBENTRY) \
	X(PBCRC) X(METHOD) X(DEVICE) X(ENG_RESET) X(SEMAPHORE) X(ACQUIRE) X(PRI) X(PBSEG)       \
	X(SIGNATURE)
#define SIM_PBDMA_INTR_1_FIELDS(X) X(HCE_RE_ILLEGAL_OP) X(HCE_RE_ALIGNB) X(HCE_PRIV) \
	X(HCE_ILLEGAL_MTHD) X(HCE_ILLEGAL_CLASS) X(CTXNOTVALID)
#define SIM_PBDMA_INTR_0_CLR(F) | SIM_FIELD_AT(PPBDMA_INTR_0, F, RESET)
#define SIM_PBDMA_INTR_1_CLR(F) | SIM_FIELD_AT(PPBDMA_INTR_1, F, RESET)

static void sim_runlist_submit_write(struct sim *s, uint32_t r, uint32_t v)
{
	uint32_t b = sim_runlist_block(r);
	HW(runlist_submit_info_t) i = { sim_reg(s, HW(runlist_submit_info)(b)) };

	sim_reg_set(s, HW(runlist_submit)(b), v);
	i = HW(set_runlist_submit_info_pending)(i, HWC(RUNLIST_SUBMIT_INFO_PENDING_TRUE));
	sim_reg_set(s, HW(runlist_submit_info)(b), i.v);
	s->up->sched_runlist_submit(s, r);
}

/* PREEMPT: TYPE RUNLIST saves out every channel of the runlist, TYPE TSG
 * the TSG ID names (in this runlist); the pending bit stays until done. */
static void sim_runlist_preempt_write(struct sim *s, uint32_t r, uint32_t v)
{
	uint32_t b = sim_runlist_block(r);
	HW(runlist_preempt_t) w = { v }, st = { sim_reg(s, HW(runlist_preempt)(b)) };

	st = HW(set_runlist_preempt_id)(st, HW(get_runlist_preempt_id)(w));
	st = HW(set_runlist_preempt_type)(st, HW(get_runlist_preempt_type)(w));
	if (HW(get_runlist_preempt_type)(w) == HWC(RUNLIST_PREEMPT_TYPE_RUNLIST)) {
		st = HW(set_runlist_preempt_runlist_preempt_pending)(st,
				HWC(RUNLIST_PREEMPT_RUNLIST_PREEMPT_PENDING_TRUE));
		s->runlist_preempt |= 1u << r;
		s->runlist_preempt_due = sim_now() + SIM_PREEMPT_DELAY_NS;
	} else {
		st = HW(set_runlist_preempt_tsg_preempt_pending)(st,
				HWC(RUNLIST_PREEMPT_TSG_PREEMPT_PENDING_TRUE));
		s->host.tsg_preempt_runlist = r;
		s->preempt_pending = true;
		s->preempt_due = sim_now() + SIM_PREEMPT_DELAY_NS;
	}
	sim_reg_set(s, HW(runlist_preempt)(b), st.v);
	sim_kick(s);
}

/* INTR_0_EN_SET/CLEAR_TREE(i): one enable, set and cleared by ones, read back by both. */
static bool sim_runlist_en_write(struct sim *s, uint32_t b, uint32_t off, uint32_t v)
{
	for (uint32_t i = 0; i < HWC(RUNLIST_INTR_0_EN_SET_TREE_SIZE_1); i++) {
		uint32_t set = HW(runlist_intr_0_en_set_tree)(b, i);

		if (off == set) {
			sim_reg_set(s, set, sim_reg(s, set) | v);
			return true;
		}
		if (off == HW(runlist_intr_0_en_clear_tree)(b, i)) {
			sim_reg_set(s, set, sim_reg(s, set) & ~v);
			return true;
		}
	}
	return false;
}

static uint32_t sim_runlist_read(struct sim *s, uint32_t r, uint32_t off)
{
	uint32_t b = sim_runlist_block(r);

	if (off == HW(runlist_intr_0)(b))
		return sim_runlist_intr_0(s, r);
	for (uint32_t i = 0; i < HWC(RUNLIST_INTR_0_EN_CLEAR_TREE_SIZE_1); i++)
		if (off == HW(runlist_intr_0_en_clear_tree)(b, i))
			return sim_reg(s, HW(runlist_intr_0_en_set_tree)(b, i));
	return sim_reg(s, off);
}

static void sim_runlist_write(struct sim *s, uint32_t r, uint32_t off, uint32_t v)
{
	uint32_t b = sim_runlist_block(r);

	if (off == HW(runlist_submit)(b))
		sim_runlist_submit_write(s, r, v);
	else if (off == HW(runlist_preempt)(b))
		sim_runlist_preempt_write(s, r, v);
	else if (off == HW(runlist_intr_0)(b))
		sim_reg_w1c(s, off, v, 0 SIM_RUNLIST_INTR_0_W1C(SIM_RUNLIST_INTR_0_CLR));
	else if (sim_runlist_en_write(s, b, off, v))
		return;
	else if (off == HW(runlist_submit_base_lo)(b) || off == HW(runlist_submit_base_hi)(b) ||
		 off == HW(runlist_sched_disable)(b) || off == HW(runlist_config)(b) ||
		 sim_index_of(off, HW(runlist_virtual_channel_cfg)(b, 0),
			      HW(runlist_virtual_channel_cfg)(b, 1),
			      HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_SIZE_1)) >= 0 ||
		 sim_index_of(off, HW(runlist_intr_vectorid)(b, 0), HW(runlist_intr_vectorid)(b, 1),
			      HWC(RUNLIST_INTR_VECTORID_SIZE_1)) >= 0) {
		sim_reg_set(s, off, v);
		sim_kick(s);   /* SCHED_DISABLE changes what may run */
	}
	/* the rest is read-only (CHANNEL/DOORBELL/PBDMA_CONFIG, SUBMIT_INFO, INFO,
	 * INTR_BAD_TSG, ENGINE_STATUS*) or a trigger the model does not act on */
}

/* ---- channel RAM: NV_CHRAM_CHANNEL with its write control ----------------------------------- */

/* The bits software may set or clear; BUSY, ON_PBDMA, ON_ENG, PBDMA_BUSY and
 * ENG_BUSY are Host's (dev_runlist.ref.txt:74-121). */
#define SIM_CHRAM_WRITABLE(X) X(ENABLE) X(NEXT) X(PBDMA_FAULTED) X(ENG_FAULTED) X(PENDING) \
	X(CTX_RELOAD) X(ACQUIRE_FAIL)
#define SIM_CHRAM_MASK(F) | HWC(CHRAM_CHANNEL_##F##_FIELD_MASK)

static void sim_chram_write(struct sim *s, uint32_t r, uint32_t chid, uint32_t v)
{
	uint32_t off = HW(chram_channel)(sim_runlist_chram(r), chid);
	HW(chram_channel_t) w = { v };
	uint32_t bits = v & (0 SIM_CHRAM_WRITABLE(SIM_CHRAM_MASK));

	if (HW(get_chram_channel_write_control)(w) == HWC(CHRAM_CHANNEL_WRITE_CONTROL_ONES_SET_BITS))
		sim_reg_set(s, off, sim_reg(s, off) | bits);
	else
		sim_reg_set(s, off, sim_reg(s, off) & ~bits);
	sim_kick(s);
}

/* ---- PBDMA registers ---------------------------------------------------------------------- */

static void sim_ppbdma_write(struct sim *s, uint32_t p, uint32_t off, uint32_t v)
{
	for (uint32_t j = 0; j < HWC(PPBDMA_INTR_0_EN_SET_TREE_SIZE_2); j++) {
		uint32_t set0 = HW(ppbdma_intr_0_en_set_tree)(p, j);
		uint32_t set1 = HW(ppbdma_intr_1_en_set_tree)(p, j);

		if (off == set0 || off == set1) {
			sim_reg_set(s, off, sim_reg(s, off) | v);
			return;
		}
		if (off == HW(ppbdma_intr_0_en_clear_tree)(p, j) ||
		    off == HW(ppbdma_intr_1_en_clear_tree)(p, j)) {
			uint32_t set = off == HW(ppbdma_intr_0_en_clear_tree)(p, j) ? set0 : set1;

			sim_reg_set(s, set, sim_reg(s, set) & ~v);
			return;
		}
	}
	if (off == HW(ppbdma_intr_0)(p) || off == HW(ppbdma_intr_1)(p)) {
		uint32_t w1c = off == HW(ppbdma_intr_0)(p) ? 0 SIM_PBDMA_INTR_0_FIELDS(SIM_PBDMA_INTR_0_CLR) :
							      0 SIM_PBDMA_INTR_1_FIELDS(SIM_PBDMA_INTR_1_CLR);

		sim_reg_w1c(s, off, v, w1c);
		/* Software may have fixed the state: check it again before going on. */
		s->pbdma[p].checked = false;
		sim_kick(s);
	} else if (off != HW(ppbdma_status)(p) && off != HW(ppbdma_status_sched)(p) &&
		   off != HW(ppbdma_channel)(p) && off != HW(ppbdma_cfg0)(p) &&
		   off != HW(ppbdma_hce_dbg0)(p) && off != HW(ppbdma_hce_dbg1)(p)) {
		sim_reg_set(s, off, v);
	}
}

static uint32_t sim_ppbdma_read(struct sim *s, uint32_t p, uint32_t off)
{
	for (uint32_t j = 0; j < HWC(PPBDMA_INTR_0_EN_SET_TREE_SIZE_2); j++) {
		if (off == HW(ppbdma_intr_0_en_clear_tree)(p, j))
			return sim_pbdma_en0(s, p, j);
		if (off == HW(ppbdma_intr_1_en_clear_tree)(p, j))
			return sim_pbdma_en1(s, p, j);
	}
	return sim_reg(s, off);
}

void sim_pbdma_regs_reset(struct sim *s, uint32_t p)
{
	HW(ppbdma_cfg0_t) c = { 0 };

	memset(&s->regs[sim_pbdma_base(p) / 4], 0, sim_pbdma_stride());
	/* The PBDMA's own fault id: HOST0 + its id (dev_fault ENG_ID HOST0..31, facts 3). */
	c = HW(set_ppbdma_cfg0_pbdma_fault_id)(c, HWC(PFAULT_MMU_ENG_ID_HOST0) + p);
	sim_reg_set(s, HW(ppbdma_cfg0)(p), c.v);
	s->up->sched_pbdma_reset(s, p);
}

/* ---- time: the VF window's TIME_0/1 (dev_vm.ref.txt:544-549) ------------------------------- */

/* The time as TIME_1:TIME_0 hold it (TIME_0 NSEC 31:5: 32 ns granularity). */
uint64_t sim_ptimer_snap(const struct sim *s)
{
	uint64_t ns = sim_gpu_time(s);
	HW(virtual_function_time_0_t) lo = { (uint32_t)ns & HWC(VIRTUAL_FUNCTION_TIME_0_NSEC_FIELD_MASK) };
	HW(virtual_function_time_1_t) hi = { 0 };

	hi = HW(set_virtual_function_time_1_nsec)(hi, (uint32_t)(ns >> 32));
	return (uint64_t)hi.v << 32 | lo.v;
}

/* ---- the VF window --------------------------------------------------------------------------- */

/*
 * NV_VIRTUAL_FUNCTION_DOORBELL: the handle NV_CTRL_VF_DOORBELL (RUNLIST_ID
 * the runlist's DOORBELL_CONFIG ID, VECTOR the channel).  Ignored (facts 8
 * item 7, hardware behaviour not documented) with a bit outside both
 * fields, an id no runlist has, a channel beyond channel RAM, or a runlist
 * whose VIRTUAL_CHANNEL_CFG(0) PENDING_ENABLE is clear.
 */
long sim_runlist_of_doorbell(const struct sim *s, uint32_t id)
{
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++) {
		HW(runlist_doorbell_config_t) dc = {
			sim_reg(s, HW(runlist_doorbell_config)(sim_runlist_block(r))) };

		if (HW(get_runlist_doorbell_config_id)(dc) == id)
			return (long)r;
	}
	return -1;
}

static void sim_doorbell_write(struct sim *s, uint32_t v)
{
	HW(ctrl_vf_doorbell_t) d = { { v } };
	uint32_t id = HW(get_ctrl_vf_doorbell_runlist_id)(&d);
	uint32_t chid = HW(get_ctrl_vf_doorbell_vector)(&d);
	uint32_t fields = HWC(CTRL_VF_DOORBELL_RUNLIST_ID_FIELD_MASK) | HWC(CTRL_VF_DOORBELL_VECTOR_FIELD_MASK);

	long r = sim_runlist_of_doorbell(s, id);
	HW(runlist_virtual_channel_cfg_t) vc;

	if ((v & ~fields) || chid >= SIM_CHRAM_CHANNELS || r < 0)
		return;
	vc.v = sim_reg(s, HW(runlist_virtual_channel_cfg)(sim_runlist_block((uint32_t)r), 0));
	if (HW(get_runlist_virtual_channel_cfg_pending_enable)(vc) ==
	    HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_PENDING_ENABLE_TRUE))
		s->up->sched_doorbell(s, (uint32_t)r * SIM_CHRAM_CHANNELS + chid);
}

static bool sim_vf_fault_reg(uint32_t off)
{
	return off == HW(virtual_function_priv_mmu_fault_addr_lo)() ||
	       off == HW(virtual_function_priv_mmu_fault_addr_hi)() ||
	       off == HW(virtual_function_priv_mmu_fault_inst_lo)() ||
	       off == HW(virtual_function_priv_mmu_fault_inst_hi)() ||
	       off == HW(virtual_function_priv_mmu_fault_info)();
}

#define SIM_FAULT_STATUS_W1C(X) X(DROPPED_IFB_PHYS) X(DROPPED_IFB_VIRT) X(DROPPED_OTHER_PHYS) \
	X(DROPPED_OTHER_VIRT) X(VALID)
#define SIM_FAULT_STATUS_CLR(F) | SIM_FIELD_AT(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS, F, CLEAR)

static uint32_t sim_vf_read(struct sim *s, uint32_t off)
{
	uint64_t t = sim_ptimer_snap(s);

	if (off == HW(virtual_function_time_0)())
		return (uint32_t)t;
	if (off == HW(virtual_function_time_1)())
		return (uint32_t)(t >> 32);
	return sim_reg(s, off);
}

static void sim_vf_write(struct sim *s, uint32_t off, uint32_t v)
{
	HW(virtual_function_priv_mmu_fault_status_t) st;

	if (off == HW(virtual_function_doorbell)()) {
		sim_doorbell_write(s, v);
	} else if (off == HW(virtual_function_priv_mmu_fault_status)()) {
		sim_reg_w1c(s, off, v, 0 SIM_FAULT_STATUS_W1C(SIM_FAULT_STATUS_CLR));
		st.v = sim_reg(s, off);
		if (HW(get_virtual_function_priv_mmu_fault_status_valid)(st) ==
		    HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_VALID_RESET))
			sim_mmu_fault_clear(s);
	} else if (off == HW(virtual_function_time_0)() || off == HW(virtual_function_time_1)() ||
		   off == HW(virtual_function_cfg0)() || sim_vf_fault_reg(off)) {
		return;   /* read-only */
	} else {
		sim_reg_set(s, off, v);
	}
}

/* ---- runlist submission, as sim_sched.c asks for it ------------------------------------------ */

static enum sim_aperture sim_ap_submit(uint32_t target)
{
	switch (target) {
	case HWC(RUNLIST_SUBMIT_BASE_LO_TARGET_VID_MEM):
		return SIM_AP_VID;
	case HWC(RUNLIST_SUBMIT_BASE_LO_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(RUNLIST_SUBMIT_BASE_LO_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_INVALID;
	}
}

void sim_gen_runlist_submitted(const struct sim *s, uint32_t r, struct sim_rl_submit *out)
{
	uint32_t b = sim_runlist_block(r);
	HW(runlist_submit_base_lo_t) lo = { sim_reg(s, HW(runlist_submit_base_lo)(b)) };
	HW(runlist_submit_base_hi_t) hi = { sim_reg(s, HW(runlist_submit_base_hi)(b)) };
	HW(runlist_submit_t) sub = { sim_reg(s, HW(runlist_submit)(b)) };
	uint64_t ptr = (uint64_t)HW(get_runlist_submit_base_hi_ptr_hi)(hi)
			       << HWC(RUNLIST_SUBMIT_BASE_LO_PTR_LO_FIELD_WIDTH) |
		       HW(get_runlist_submit_base_lo_ptr_lo)(lo);

	out->base = ptr << HWC(RUNLIST_SUBMIT_BASE_LO_PTR_ALIGN_SHIFT);
	out->ap = sim_ap_submit(HW(get_runlist_submit_base_lo_target)(lo));
	out->length = HW(get_runlist_submit_length)(sub);
}

void sim_gen_runlist_fetched(struct sim *s, uint32_t r)
{
	uint32_t b = sim_runlist_block(r);
	HW(runlist_submit_info_t) i = { sim_reg(s, HW(runlist_submit_info)(b)) };

	i = HW(set_runlist_submit_info_pending)(i, HWC(RUNLIST_SUBMIT_INFO_PENDING_FALSE));
	sim_reg_set(s, HW(runlist_submit_info)(b), i.v);
}

/* ---- reset values -------------------------------------------------------------------------- */

void sim_regs_init(struct sim *s)
{
	HW(virtual_function_cfg0_t) cfg0 = { 0 };

	/* NV_PMC_DEVICE_ENABLE(i): init DISABLE_ALL (dev_boot.ref.txt:217-225), 0. */
	/* NV_VIRTUAL_FUNCTION_CFG0 (R--4R): USERMODE_CLASS_ID's init VALUE
	 * (dev_vm.ref.txt:540-543). */
	cfg0 = HW(set_virtual_function_cfg0_usermode_class_id)(cfg0,
			HWC(VIRTUAL_FUNCTION_CFG0_USERMODE_CLASS_ID_VALUE));
	sim_reg_set(s, HW(virtual_function_cfg0)(), cfg0.v);
	sim_ptop_init(s);
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++)
		sim_runlist_block_init(s, r);
	s->up->sched_reset(s);
	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		sim_pbdma_regs_reset(s, p);
}

/* ---- dispatch ---------------------------------------------------------------------------------- */

/* PBDMA p of an NV_PPBDMA offset, or -1 (the range has room for 32). */
static long sim_ppbdma_unit(uint32_t off)
{
	uint32_t p = (off - HWC(PPBDMA_BASE)) / sim_pbdma_stride();

	return p < SIM_NUM_PBDMA ? (long)p : -1;
}

static bool sim_ptop_reg(uint32_t off)
{
	return off == HW(ptop_device_info_cfg)() ||
	       sim_index(off, HW(ptop_device_info2), HWC(PTOP_DEVICE_INFO2_SIZE_1)) >= 0;
}

static bool sim_pfb_reg(uint32_t off)
{
	return off == HW(pfb_niso_flush_sysmem_addr)() || off == HW(pfb_niso_flush_sysmem_addr_hi)();
}

uint32_t sim_regs_read(struct sim *s, uint32_t off)
{
	uint32_t rel, chid;
	long p, r;

	if (off >= SIM_BAR0_BYTES || off % 4)
		return SIM_PRI_ERROR;
	if (sim_in(off, HWC(PMC_BASE), HWC(PMC_LIMIT))) {
		if (off == HW(pmc_boot_0)())
			return s->boot0;
		if (off == HW(pmc_boot_42)())
			return sim_pmc_boot42(s->boot0);
		return sim_pmc_known(off) ? sim_reg(s, off) : SIM_PRI_ERROR;
	}
	if (sim_in(off, HWC(PBUS_BASE), HWC(PBUS_LIMIT)) || sim_ptop_reg(off) || sim_pfb_reg(off))
		return sim_reg(s, off);
	if (sim_in(off, HWC(PPBDMA_BASE), HWC(PPBDMA_LIMIT)))
		return (p = sim_ppbdma_unit(off)) < 0 ? SIM_PRI_ERROR : sim_ppbdma_read(s, (uint32_t)p, off);
	if (sim_in(off, HWC(VIRTUAL_FUNCTION_FULL_PHYS_OFFSET_BASE), HWC(VIRTUAL_FUNCTION_FULL_PHYS_OFFSET_LIMIT)))
		return sim_vf_read(s, off);
	if ((r = sim_runlist_of_block(off, &rel)) >= 0)
		return sim_runlist_read(s, (uint32_t)r, off);
	if (sim_runlist_of_chram(off, &chid) >= 0)
		return sim_reg(s, off);
	return SIM_PRI_ERROR;
}

void sim_regs_write(struct sim *s, uint32_t off, uint32_t v)
{
	uint32_t rel, chid;
	long p, r;

	if (off >= SIM_BAR0_BYTES || off % 4)
		return;
	if (sim_in(off, HWC(PMC_BASE), HWC(PMC_LIMIT))) {
		if (sim_pmc_known(off) && off != HW(pmc_boot_0)() && off != HW(pmc_boot_1)() &&
		    off != HW(pmc_boot_2)() && off != HW(pmc_boot_42)())
			sim_reg_set(s, off, v);
	} else if (sim_in(off, HWC(PBUS_BASE), HWC(PBUS_LIMIT)) || sim_pfb_reg(off)) {
		sim_reg_set(s, off, v);
	} else if (sim_in(off, HWC(PPBDMA_BASE), HWC(PPBDMA_LIMIT))) {
		if ((p = sim_ppbdma_unit(off)) >= 0)
			sim_ppbdma_write(s, (uint32_t)p, off, v);
	} else if (sim_in(off, HWC(VIRTUAL_FUNCTION_FULL_PHYS_OFFSET_BASE),
			  HWC(VIRTUAL_FUNCTION_FULL_PHYS_OFFSET_LIMIT))) {
		sim_vf_write(s, off, v);
	} else if ((r = sim_runlist_of_block(off, &rel)) >= 0) {
		sim_runlist_write(s, (uint32_t)r, off, v);
	} else if ((r = sim_runlist_of_chram(off, &chid)) >= 0) {
		sim_chram_write(s, (uint32_t)r, chid, v);
	}
}
