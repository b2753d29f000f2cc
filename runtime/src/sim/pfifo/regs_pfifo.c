/* SPDX-License-Identifier: MIT */
/*
 * The BAR0 register file of the model for Volta's and Turing's Host design
 * (PMC, PTOP DEVICE_INFO, PFIFO, PCCSR, USERMODE, PTIMER, the PBDMAs, PFB's
 * PRI MMU registers): reset values, what a read
 * returns, and the side effects of a write.  Plain registers are storage in
 * sim->regs; the model's thread keeps the status registers there up to date.
 * Work a write asks for (runlist fetch, preempt, doorbell) is only recorded
 * here and done later by the thread (sim_sched.c).
 */
#include <string.h>

#include "sim/sim_internal.h"

#include SIM_HW_FIELDS(dev_fifo)
#include SIM_HW_FIELDS(dev_pbdma)
#include SIM_HW_FIELDS(pri_mmu_hub)

/* ---- helpers ------------------------------------------------------------------ */

static bool sim_in(uint32_t off, uint32_t base, uint32_t limit)
{
	return off >= base && off <= limit;
}

/*
 * Registers as the model resets and clears them: fields at a named value
 * (SIM_FIELD_AT, sim_internal.h), listed so that a name the manual lacks
 * does not compile.
 */
/* dev_pbdma: every PBDMA interrupt, NVRT_PPBDMA_INTR_EN_0/1_FIELDS (hw/pfifo/intr_fields.h). */
/* dev_fifo: the write-1-to-clear (_RESET) interrupts of NV_PFIFO_INTR_0. */
#define SIM_PFIFO_INTR_0_W1C(X) X(BIND_ERROR) X(SCHED_ERROR) X(CHSW_ERROR) X(MEMOP_TIMEOUT) \
	X(LB_ERROR) X(CHANNEL_INTR)

/* dev_fb/pri_mmu_hub: NV_PFB_PRI_MMU_FAULT_STATUS's write-1-to-clear (_CLEAR) bits. */
#define SIM_FAULT_STATUS_W1C(X) X(DROPPED_BAR1_PHYS) X(DROPPED_BAR1_VIRT) X(DROPPED_BAR2_PHYS) \
	X(DROPPED_BAR2_VIRT) X(DROPPED_IFB_PHYS) X(DROPPED_IFB_VIRT) X(DROPPED_OTHER_PHYS)       \
	X(DROPPED_OTHER_VIRT) X(VALID)

#define SIM_STALL_ON(F) | SIM_FIELD_AT(PPBDMA_INTR_STALL, F, ENABLED)
#define SIM_STALL_1_ON(F) | SIM_FIELD_AT(PPBDMA_INTR_STALL_1, F, ENABLED)
#define SIM_PBDMA_INTR_0_W1C(F) | SIM_FIELD_AT(PPBDMA_INTR_0, F, RESET)
#define SIM_PBDMA_INTR_1_W1C(F) | SIM_FIELD_AT(PPBDMA_INTR_1, F, RESET)
#define SIM_PFIFO_INTR_0_CLR(F) | SIM_FIELD_AT(PFIFO_INTR_0, F, RESET)
#define SIM_PFIFO_RUNLIST_CLR(F) | SIM_FIELD_AT(PFIFO_INTR_RUNLIST, F, RESET)
#define SIM_FAULT_STATUS_CLR(F) | SIM_FIELD_AT(PFB_PRI_MMU_FAULT_STATUS, F, CLEAR)

static uint32_t sim_pbdma_stride(void)
{
	return HW(ppbdma_gp_put)(1) - HW(ppbdma_gp_put)(0);
}

static void sim_regs_clear(struct sim *s, uint32_t base, uint32_t bytes)
{
	memset(&s->regs[base / 4], 0, bytes);
}

/* ---- PMC --------------------------------------------------------------------- */

bool sim_fifo_enabled(const struct sim *s)
{
	HW(pmc_enable_t) r = { sim_reg(s, HW(pmc_enable)()) };

	return HW(get_pmc_enable_pfifo)(r) == HWC(PMC_ENABLE_PFIFO_ENABLED);
}

bool sim_pbdma_enabled(const struct sim *s, uint32_t p)
{
	return sim_fifo_enabled(s) && p < SIM_NUM_PBDMA && sim_gen_pbdma_enabled(s, p);
}

/* ---- interrupts ------------------------------------------------------------------ */

bool sim_pbdma_intr_pending(const struct sim *s, uint32_t p)
{
	return (sim_reg(s, HW(ppbdma_intr_0)(p)) & sim_reg(s, HW(ppbdma_intr_en_0)(p))) ||
	       (sim_reg(s, HW(ppbdma_intr_1)(p)) & sim_reg(s, HW(ppbdma_intr_en_1)(p)));
}

/* INTR_EN only masks the report; INTR_STALL decides whether the PBDMA freezes. */
bool sim_pbdma_stalled(const struct sim *s, uint32_t p)
{
	return (sim_reg(s, HW(ppbdma_intr_0)(p)) & sim_reg(s, HW(ppbdma_intr_stall)(p))) ||
	       (sim_reg(s, HW(ppbdma_intr_1)(p)) & sim_reg(s, HW(ppbdma_intr_stall_1)(p)));
}

void sim_pbdma_intr_raise(struct sim *s, uint32_t p, uint32_t intr0, uint32_t intr1)
{
	sim_reg_set(s, HW(ppbdma_intr_0)(p), sim_reg(s, HW(ppbdma_intr_0)(p)) | intr0);
	sim_reg_set(s, HW(ppbdma_intr_1)(p), sim_reg(s, HW(ppbdma_intr_1)(p)) | intr1);
}

void sim_pfifo_intr_raise(struct sim *s, uint32_t intr0)
{
	sim_reg_set(s, HW(pfifo_intr_0)(), sim_reg(s, HW(pfifo_intr_0)()) | intr0);
}

void sim_sched_error(struct sim *s, uint32_t code)
{
	HW(pfifo_intr_sched_error_t) c = { 0 };
	HW(pfifo_intr_0_t) i = { 0 };

	c = HW(set_pfifo_intr_sched_error_code)(c, code);
	sim_reg_set(s, HW(pfifo_intr_sched_error)(), c.v);
	i = HW(set_pfifo_intr_0_sched_error)(i, HWC(PFIFO_INTR_0_SCHED_ERROR_PENDING));
	sim_pfifo_intr_raise(s, i.v);
}

static void sim_bind_error(struct sim *s, uint32_t code)
{
	HW(pfifo_intr_bind_error_t) c = { 0 };
	HW(pfifo_intr_0_t) i = { 0 };

	c = HW(set_pfifo_intr_bind_error_code)(c, code);
	sim_reg_set(s, HW(pfifo_intr_bind_error)(), c.v);
	i = HW(set_pfifo_intr_0_bind_error)(i, HWC(PFIFO_INTR_0_BIND_ERROR_PENDING));
	sim_pfifo_intr_raise(s, i.v);
}

static uint32_t sim_pfifo_intr_pbdma_id(const struct sim *s)
{
	HW(pfifo_intr_pbdma_id_t) r = { 0 };

	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		if (sim_pbdma_enabled(s, p) && sim_pbdma_intr_pending(s, p))
			r = HW(set_pfifo_intr_pbdma_id_status)(r, p,
					HWC(PFIFO_INTR_PBDMA_ID_STATUS_PENDING));
	return r.v;
}

/* INTR_0 as read: the stored bits, PBDMA_INTR and RUNLIST_EVENT summaries. */
static uint32_t sim_pfifo_intr_0(const struct sim *s)
{
	HW(pfifo_intr_0_t) r = { sim_reg(s, HW(pfifo_intr_0)()) };

	r = HW(set_pfifo_intr_0_pbdma_intr)(r, sim_pfifo_intr_pbdma_id(s) ?
					      HWC(PFIFO_INTR_0_PBDMA_INTR_PENDING) :
					      HWC(PFIFO_INTR_0_PBDMA_INTR_NOT_PENDING));
	r = HW(set_pfifo_intr_0_runlist_event)(r, sim_reg(s, HW(pfifo_intr_runlist)()) ?
						 HWC(PFIFO_INTR_0_RUNLIST_EVENT_PENDING) :
						 HWC(PFIFO_INTR_0_RUNLIST_EVENT_NOT_PENDING));
	return r.v;
}

/*
 * NV_PMC_INTR(0) is the stalling tree, (1) the non-stalling one: PFIFO's
 * bit is its INTR_0 masked by INTR_EN_0 or INTR_EN_1; HUB follows the PRI
 * fault registers (no enable of those is documented).
 */
static uint32_t sim_pmc_intr_1(const struct sim *s)
{
	HW(pmc_intr_t) r = { 0 };
	bool fifo = sim_fifo_enabled(s) &&
		    (sim_pfifo_intr_0(s) & sim_reg(s, HW(pfifo_intr_en_1)()));

	return HW(set_pmc_intr_pfifo)(r, fifo ? HWC(PMC_INTR_PFIFO_PENDING) :
					HWC(PMC_INTR_PFIFO_NOT_PENDING)).v;
}

static uint32_t sim_pmc_intr_0(const struct sim *s)
{
	HW(pmc_intr_t) r = { 0 };
	bool fifo = sim_fifo_enabled(s) &&
		    (sim_pfifo_intr_0(s) & sim_reg(s, HW(pfifo_intr_en_0)()));

	r = HW(set_pmc_intr_pfifo)(r, fifo ? HWC(PMC_INTR_PFIFO_PENDING) :
				     HWC(PMC_INTR_PFIFO_NOT_PENDING));
	r = HW(set_pmc_intr_hub)(r, sim_gen_pmc_intr_hub(s) ? HWC(PMC_INTR_HUB_PENDING) :
				   HWC(PMC_INTR_HUB_NOT_PENDING));
	return r.v;
}

/* ---- PTOP DEVICE_INFO -------------------------------------------------------------- */

struct sim_device {
	enum HW(ptop_device_info_type_enum) type;
	uint32_t inst, engine, runlist, fault, pri_base;
	bool has_intr_reset;
	uint32_t intr, reset;
};

static uint32_t sim_bit_index(uint32_t v)
{
	return (uint32_t)__builtin_ctz(v);
}

/* The graphics engine's bits of NV_PMC_INTR / NV_PMC_ENABLE (addendum). */
static struct sim_device sim_device_gr(void)
{
	struct sim_device d = { HWC(PTOP_DEVICE_INFO_TYPE_ENUM_GRAPHICS), 0, 0, 0,
				HWC(PFAULT_MMU_ENG_ID_GRAPHICS), HWC(PGRAPH_BASE), true, 0, 0 };

	d.intr = HWC(PMC_INTR_PGRAPH_FIELD_SHIFT);      /* its bit: PENDING/ENABLED are 1 */
	d.reset = HWC(PMC_ENABLE_PGRAPH_FIELD_SHIFT);
	return d;
}

/* LCE n: the GRCEs share the graphics runlist, the others get one each. */
static struct sim_device sim_device_lce(uint32_t n, uint32_t gr_runlist)
{
	struct sim_device d = { HWC(PTOP_DEVICE_INFO_TYPE_ENUM_LCE), n, 1 + n,
				n < SIM_NUM_GRCE ? gr_runlist : gr_runlist + 1 + n - SIM_NUM_GRCE,
				HWC(PFAULT_MMU_ENG_ID_CE0) + n, HWC(CE_BASE), false, 0, 0 };

	return d;
}

static uint32_t sim_devinfo_enum(const struct sim_device *d)
{
	HW(ptop_device_info_t) r = { 0 };

	r = HW(set_ptop_device_info_entry)(r, HWC(PTOP_DEVICE_INFO_ENTRY_ENUM));
	r = HW(set_ptop_device_info_engine_enum)(r, d->engine);
	r = HW(set_ptop_device_info_engine)(r, HWC(PTOP_DEVICE_INFO_ENGINE_VALID));
	r = HW(set_ptop_device_info_runlist_enum)(r, d->runlist);
	r = HW(set_ptop_device_info_runlist)(r, HWC(PTOP_DEVICE_INFO_RUNLIST_VALID));
	if (d->has_intr_reset) {
		r = HW(set_ptop_device_info_intr_enum)(r, d->intr);
		r = HW(set_ptop_device_info_intr)(r, HWC(PTOP_DEVICE_INFO_INTR_VALID));
		r = HW(set_ptop_device_info_reset_enum)(r, d->reset);
		r = HW(set_ptop_device_info_reset)(r, HWC(PTOP_DEVICE_INFO_RESET_VALID));
	}
	r = HW(set_ptop_device_info_chain)(r, HWC(PTOP_DEVICE_INFO_CHAIN_ENABLE));
	return r.v;
}

static uint32_t sim_devinfo_data(const struct sim_device *d)
{
	HW(ptop_device_info_t) r = { 0 };

	r = HW(set_ptop_device_info_entry)(r, HWC(PTOP_DEVICE_INFO_ENTRY_DATA));
	r = HW(set_ptop_device_info_data_type)(r, HWC(PTOP_DEVICE_INFO_DATA_TYPE_ENUM2));
	r = HW(set_ptop_device_info_data_inst_id)(r, d->inst);
	r = HW(set_ptop_device_info_data_pri_base)(r, d->pri_base >>
							 HWC(PTOP_DEVICE_INFO_DATA_PRI_BASE_ALIGN));
	r = HW(set_ptop_device_info_data_fault_id_enum)(r, d->fault);
	r = HW(set_ptop_device_info_data_fault_id)(r, HWC(PTOP_DEVICE_INFO_DATA_FAULT_ID_VALID));
	r = HW(set_ptop_device_info_chain)(r, HWC(PTOP_DEVICE_INFO_CHAIN_ENABLE));
	return r.v;
}

static uint32_t sim_devinfo_type(const struct sim_device *d)
{
	HW(ptop_device_info_t) r = { 0 };

	r = HW(set_ptop_device_info_entry)(r, HWC(PTOP_DEVICE_INFO_ENTRY_ENGINE_TYPE));
	r = HW(set_ptop_device_info_type_enum)(r, d->type);
	r = HW(set_ptop_device_info_chain)(r, HWC(PTOP_DEVICE_INFO_CHAIN_DISABLE));
	return r.v;
}

/* Each device is ENUM, DATA, ENGINE_TYPE chained; NOT_VALID (0) after. */
static void sim_ptop_init(struct sim *s)
{
	struct sim_device gr = sim_device_gr();
	uint32_t i = 0;

	s->gr_runlist = gr.runlist;
	for (uint32_t n = 0; n <= SIM_NUM_LCE; n++) {
		struct sim_device d = n ? sim_device_lce(n - 1, gr.runlist) : gr;

		sim_reg_set(s, HW(ptop_device_info)(i), sim_devinfo_enum(&d));
		sim_reg_set(s, HW(ptop_device_info)(i + 1), sim_devinfo_data(&d));
		sim_reg_set(s, HW(ptop_device_info)(i + 2), sim_devinfo_type(&d));
		i += 3;
	}
}

/* ---- PFIFO and PBDMA reset values ------------------------------------------------------ */

/* Two PBDMAs for the graphics runlist, then one per runlist in order. */
static void sim_pbdma_map_init(struct sim *s)
{
	uint32_t p = 0;

	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS && p < SIM_NUM_PBDMA; r++) {
		uint32_t n = r == s->gr_runlist ? SIM_GR_PBDMAS : 1;

		for (uint32_t k = 0; k < n && p < SIM_NUM_PBDMA; k++, p++) {
			HW(pfifo_pbdma_map_t) m = { 0 };

			m = HW(set_pfifo_pbdma_map_runlists)(m, 1u << r);
			sim_reg_set(s, HW(pfifo_pbdma_map)(p), m.v);
		}
	}
}

uint32_t sim_pbdma_runlist(const struct sim *s, uint32_t p)
{
	HW(pfifo_pbdma_map_t) m = { sim_reg(s, HW(pfifo_pbdma_map)(p)) };
	uint32_t bits = HW(get_pfifo_pbdma_map_runlists)(m);

	return bits ? sim_bit_index(bits) : SIM_NUM_RUNLISTS;
}

uint32_t sim_runlist_pbdmas(const struct sim *s, uint32_t r, uint32_t *out)
{
	uint32_t n = 0;

	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		if (sim_pbdma_runlist(s, p) == r)
			out[n++] = p;
	return n;
}

static void sim_pfifo_cfg_init(struct sim *s)
{
	HW(pfifo_cfg0_t) c0 = { 0 };
	HW(pfifo_cfg1_t) c1 = { 0 };
	HW(pfifo_cfg2_t) c2 = { 0 };

	c0 = HW(set_pfifo_cfg0_num_pbdma)(c0, HWC(PFIFO_CFG0_NUM_PBDMA_INIT));
	c0 = HW(set_pfifo_cfg0_pbdma_fault_id)(c0, HWC(PFIFO_CFG0_PBDMA_FAULT_ID_INIT));
	c1 = HW(set_pfifo_cfg1_num_channels)(c1, HWC(PFIFO_CFG1_NUM_CHANNELS_INIT));
	c2 = HW(set_pfifo_cfg2_host_class_id)(c2, HWC(PFIFO_CFG2_HOST_CLASS_ID_VALUE));
	sim_reg_set(s, HW(pfifo_cfg0)(), c0.v);
	sim_reg_set(s, HW(pfifo_cfg1)(), c1.v);
	sim_reg_set(s, HW(pfifo_cfg2)(), c2.v);
}

/* The init values (I/E) of the PFIFO registers the model uses. */
static void sim_pfifo_init(struct sim *s)
{
	HW(pfifo_acq_pretest_t) ap = { 0 };
	HW(pfifo_userd_writeback_t) wb = { 0 };
	HW(pfifo_clear_faulted_timeout_t) cf = { 0 };
	HW(pfifo_intr_stall_t) st = { 0 };

	sim_pfifo_cfg_init(s);
	sim_pbdma_map_init(s);
	ap = HW(set_pfifo_acq_pretest_timeout)(ap, HWC(PFIFO_ACQ_PRETEST_TIMEOUT_8));
	wb = HW(set_pfifo_userd_writeback_timer)(wb, HWC(PFIFO_USERD_WRITEBACK_TIMER_100US));
	cf = HW(set_pfifo_clear_faulted_timeout_period)(cf, HWC(PFIFO_CLEAR_FAULTED_TIMEOUT_PERIOD_INIT));
	cf = HW(set_pfifo_clear_faulted_timeout_detection)(cf,
			HWC(PFIFO_CLEAR_FAULTED_TIMEOUT_DETECTION_ENABLED));
	st = HW(set_pfifo_intr_stall_bind_error)(st, HWC(PFIFO_INTR_STALL_BIND_ERROR_ENABLED));
	st = HW(set_pfifo_intr_stall_sched_error)(st, HWC(PFIFO_INTR_STALL_SCHED_ERROR_ENABLED));
	st = HW(set_pfifo_intr_stall_chsw_error)(st, HWC(PFIFO_INTR_STALL_CHSW_ERROR_ENABLED));
	st = HW(set_pfifo_intr_stall_memop_timeout)(st, HWC(PFIFO_INTR_STALL_MEMOP_TIMEOUT_ENABLED));
	st = HW(set_pfifo_intr_stall_lb_error)(st, HWC(PFIFO_INTR_STALL_LB_ERROR_ENABLED));
	sim_reg_set(s, HW(pfifo_acq_pretest)(), ap.v);
	sim_reg_set(s, HW(pfifo_userd_writeback)(), wb.v);
	sim_gen_pfifo_init(s);
	sim_reg_set(s, HW(pfifo_clear_faulted_timeout)(), cf.v);
	sim_reg_set(s, HW(pfifo_intr_stall)(), st.v);
}

void sim_pbdma_regs_reset(struct sim *s, uint32_t p)
{
	HW(ppbdma_timeout_t) t = { 0 };

	sim_regs_clear(s, HW(ppbdma_gp_put)(p), sim_pbdma_stride());
	t = HW(set_ppbdma_timeout_period)(t, HWC(PPBDMA_TIMEOUT_PERIOD_INIT));
	sim_reg_set(s, HW(ppbdma_timeout)(p), t.v);
	/* Every interrupt stalls the PBDMA after reset (INTR_STALL*: ENABLED). */
	sim_reg_set(s, HW(ppbdma_intr_stall)(p), 0 NVRT_PPBDMA_INTR_EN_0_FIELDS(SIM_STALL_ON));
	sim_reg_set(s, HW(ppbdma_intr_stall_1)(p), 0 NVRT_PPBDMA_INTR_EN_1_FIELDS(SIM_STALL_1_ON));
	s->up->sched_pbdma_reset(s, p);
}

/* Host leaves or enters reset (NV_PMC_ENABLE_PFIFO): everything starts over. */
static void sim_host_reset(struct sim *s, bool enabled)
{
	sim_regs_clear(s, HWC(PFIFO_BASE), HWC(PFIFO_LIMIT) - HWC(PFIFO_BASE) + 1);
	sim_regs_clear(s, HWC(PCCSR_BASE), HWC(PCCSR_LIMIT) - HWC(PCCSR_BASE) + 1);
	s->up->sched_reset(s);
	for (uint32_t p = 0; p < SIM_NUM_PBDMA; p++)
		sim_pbdma_regs_reset(s, p);
	if (enabled)
		sim_pfifo_init(s);
}

static void sim_pfb_init(struct sim *s)
{
	HW(pfb_pri_mmu_ctrl_t) c = { 0 };

	c = HW(set_pfb_pri_mmu_ctrl_pri_fifo_empty)(c, HWC(PFB_PRI_MMU_CTRL_PRI_FIFO_EMPTY_TRUE));
	c = HW(set_pfb_pri_mmu_ctrl_pri_fifo_space)(c, HWC(PFB_PRI_MMU_CTRL_PRI_FIFO_SPACE_INIT));
	sim_reg_set(s, HW(pfb_pri_mmu_ctrl)(), c.v);
}

void sim_regs_init(struct sim *s)
{
	sim_known_init(s);
	sim_gen_regs_init(s);   /* NV_PMC_ENABLE*: Host (PFIFO) in reset */
	sim_ptop_init(s);
	sim_pfb_init(s);
	sim_host_reset(s, false);
}

/* ---- PMC ------------------------------------------------------------------------------- */

static uint32_t sim_pmc_read(struct sim *s, uint32_t off)
{
	if (off == HW(pmc_boot_0)())
		return s->boot0;
	if (off == HW(pmc_boot_42)())
		return sim_pmc_boot42(s->boot0);
	if (off == HW(pmc_intr)(0))
		return sim_pmc_intr_0(s);
	if (off == HW(pmc_intr)(1))
		return sim_pmc_intr_1(s);
	if (sim_index(off, HW(pmc_intr), HWC(PMC_INTR_SIZE_1)) > 0)
		return 0;
	return sim_reg(s, off);
}

static void sim_pmc_enable_write(struct sim *s, uint32_t v)
{
	bool was = sim_fifo_enabled(s);

	sim_reg_set(s, HW(pmc_enable)(), v);
	if (was != sim_fifo_enabled(s))
		sim_host_reset(s, !was);
}

static void sim_pmc_write(struct sim *s, uint32_t off, uint32_t v)
{
	long i;

	if (off == HW(pmc_enable)())
		sim_pmc_enable_write(s, v);
	else if (sim_gen_pmc_write(s, off, v))
		return;
	else if ((i = sim_index(off, HW(pmc_intr_en_set), HWC(PMC_INTR_EN_SET_SIZE_1))) >= 0)
		sim_reg_set(s, HW(pmc_intr_en)(i), sim_reg(s, HW(pmc_intr_en)(i)) | v);
	else if ((i = sim_index(off, HW(pmc_intr_en_clear), HWC(PMC_INTR_EN_CLEAR_SIZE_1))) >= 0)
		sim_reg_set(s, HW(pmc_intr_en)(i), sim_reg(s, HW(pmc_intr_en)(i)) & ~v);
	else if (off == HW(pmc_boot_0)() || off == HW(pmc_boot_2)() || off == HW(pmc_boot_42)() ||
		 sim_index(off, HW(pmc_intr), HWC(PMC_INTR_SIZE_1)) >= 0 ||
		 sim_index(off, HW(pmc_intr_en), HWC(PMC_INTR_EN_SIZE_1)) >= 0)
		return;   /* read-only */
	else
		sim_reg_set(s, off, v);
}

/* ---- PTIMER and USERMODE time ------------------------------------------------------------ */

/* The PTIMER value as TIME_1:TIME_0 hold it (TIME_0 NSEC: 32 ns granularity). */
uint64_t sim_ptimer_snap(const struct sim *s)
{
	uint64_t ns = sim_gpu_time(s);
	HW(ptimer_time_0_t) lo = { 0 };
	HW(ptimer_time_1_t) hi = { 0 };

	lo.v = (uint32_t)ns & HWC(PTIMER_TIME_0_NSEC_FIELD_MASK);
	hi = HW(set_ptimer_time_1_nsec)(hi, (uint32_t)(ns >> 32));
	return (uint64_t)hi.v << 32 | lo.v;
}

static uint32_t sim_ptimer_read(struct sim *s, uint32_t off)
{
	uint64_t t = sim_ptimer_snap(s);

	if (off == HW(ptimer_time_0)())
		return (uint32_t)t;
	if (off == HW(ptimer_time_1)())
		return (uint32_t)(t >> 32);
	return sim_reg(s, off);
}

/* Software may set the time (nouveau nv04_timer_init does). */
static void sim_ptimer_write(struct sim *s, uint32_t off, uint32_t v)
{
	uint64_t t = sim_gpu_time(s);

	if (off == HW(ptimer_time_0)())
		sim_gpu_time_set(s, (t & ~(uint64_t)UINT32_MAX) | v);
	else if (off == HW(ptimer_time_1)())
		sim_gpu_time_set(s, (uint64_t)v << 32 | (t & UINT32_MAX));
	else
		sim_reg_set(s, off, v);
}

/* Undefined USERMODE registers read 0 and drop writes (dev_usermode). */
static uint32_t sim_usermode_read(struct sim *s, uint32_t off)
{
	HW(usermode_cfg0_t) c = { 0 };
	uint64_t t = sim_ptimer_snap(s);
	HW(usermode_time_0_t) lo = { 0 };
	HW(usermode_time_1_t) hi = { 0 };

	if (off == HW(usermode_cfg0)())
		return HW(set_usermode_cfg0_usermode_class_id)(c,
				HWC(USERMODE_CFG0_USERMODE_CLASS_ID_VALUE)).v;
	if (off == HW(usermode_time_0)())
		return HW(set_usermode_time_0_nsec)(lo, HW(get_ptimer_time_0_nsec)(
				(HW(ptimer_time_0_t)){ (uint32_t)t })).v;
	if (off == HW(usermode_time_1)())
		return HW(set_usermode_time_1_nsec)(hi, HW(get_ptimer_time_1_nsec)(
				(HW(ptimer_time_1_t)){ (uint32_t)(t >> 32) })).v;
	return 0;
}

static void sim_usermode_write(struct sim *s, uint32_t off, uint32_t v)
{
	long chid;

	/* Host in reset takes no doorbells; the generation decodes the value. */
	if (off == HW(usermode_notify_channel_pending)() && sim_fifo_enabled(s) &&
	    (chid = sim_gen_doorbell_chid(s, v)) >= 0)
		s->up->sched_doorbell(s, (uint32_t)chid);
}

/* ---- PFIFO ---------------------------------------------------------------------------------- */

static bool sim_pfifo_read_only(uint32_t off)
{
	return off == HW(pfifo_cfg0)() || off == HW(pfifo_cfg1)() || off == HW(pfifo_cfg2)() ||
	       off == HW(pfifo_intr_bind_error)() || off == HW(pfifo_intr_sched_error)() ||
	       off == HW(pfifo_intr_chsw_error)() || off == HW(pfifo_intr_lb_error)() ||
	       off == HW(pfifo_intr_pbdma_id)() || off == HW(pfifo_sched_status)() ||
	       sim_index(off, HW(pfifo_pbdma_map), HWC(PFIFO_PBDMA_MAP_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_lb_gpbuf_control), HWC(PFIFO_LB_GPBUF_CONTROL_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_lb_pbbuf_control), HWC(PFIFO_LB_PBBUF_CONTROL_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_engine_status), HWC(PFIFO_ENGINE_STATUS_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_engine_status_debug),
			 HWC(PFIFO_ENGINE_STATUS_DEBUG_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_engine_status_inst),
			 HWC(PFIFO_ENGINE_STATUS_INST_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_engine_status_next_inst),
			 HWC(PFIFO_ENGINE_STATUS_NEXT_INST_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_pbdma_status), HWC(PFIFO_PBDMA_STATUS_SIZE_1)) >= 0 ||
	       sim_index(off, HW(pfifo_pbdma_status_inst), HWC(PFIFO_PBDMA_STATUS_INST_SIZE_1)) >= 0 ||
	       sim_gen_pfifo_read_only(off);
}

static uint32_t sim_pfifo_read(struct sim *s, uint32_t off)
{
	HW(pfifo_sched_status_t) st = { 0 };
	HW(pfifo_runlist_preempt_t) rp = { 0 };

	if (off == HW(pfifo_intr_0)())
		return sim_pfifo_intr_0(s);
	if (off == HW(pfifo_intr_pbdma_id)())
		return sim_pfifo_intr_pbdma_id(s);
	if (off == HW(pfifo_runlist_preempt)())
		return HW(set_pfifo_runlist_preempt_runlists)(rp, s->runlist_preempt).v;
	if (off == HW(pfifo_sched_status)()) {
		for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++)
			if (s->rl[r].fetch_pending)
				st = HW(set_pfifo_sched_status_runlist_fetch)(st,
						HWC(PFIFO_SCHED_STATUS_RUNLIST_FETCH_BUSY));
		return st.v;
	}
	return sim_reg(s, off);
}

static void sim_pfifo_preempt_write(struct sim *s, uint32_t v)
{
	HW(pfifo_preempt_t) r = { v };

	r = HW(set_pfifo_preempt_pending)(r, HWC(PFIFO_PREEMPT_PENDING_TRUE));
	sim_reg_set(s, HW(pfifo_preempt)(), r.v);
	s->preempt_pending = true;
	s->preempt_due = sim_now() + SIM_PREEMPT_DELAY_NS;
	sim_kick(s);
}

static void sim_pfifo_write(struct sim *s, uint32_t off, uint32_t v)
{
	HW(pfifo_runlist_preempt_t) rp = { v };

	if (off == HW(pfifo_intr_0)())
		sim_reg_w1c(s, off, v, 0 SIM_PFIFO_INTR_0_W1C(SIM_PFIFO_INTR_0_CLR));
	else if (off == HW(pfifo_intr_runlist)())
		sim_reg_w1c(s, off, v, 0 SIM_PFIFO_INTR_RUNLIST_EVENTS(SIM_PFIFO_RUNLIST_CLR));
	else if (sim_gen_pfifo_write(s, off, v))
		return;   /* runlist submit */
	else if (off == HW(pfifo_preempt)())
		sim_pfifo_preempt_write(s, v);
	else if (off == HW(pfifo_runlist_preempt)()) {
		s->runlist_preempt |= HW(get_pfifo_runlist_preempt_runlists)(rp);
		s->runlist_preempt_due = sim_now() + SIM_PREEMPT_DELAY_NS;
		sim_kick(s);
	} else if (!sim_pfifo_read_only(off)) {
		sim_reg_set(s, off, v);
		sim_kick(s);   /* SCHED_DISABLE and friends change what may run */
	}
}

/* ---- PBDMA registers ---------------------------------------------------------------------- */

static void sim_ppbdma_write(struct sim *s, uint32_t p, uint32_t off, uint32_t v)
{
	if (off == HW(ppbdma_intr_0)(p) || off == HW(ppbdma_intr_1)(p)) {
		uint32_t w1c = off == HW(ppbdma_intr_0)(p) ?
			0 NVRT_PPBDMA_INTR_EN_0_FIELDS(SIM_PBDMA_INTR_0_W1C) :
			0 NVRT_PPBDMA_INTR_EN_1_FIELDS(SIM_PBDMA_INTR_1_W1C);

		sim_reg_w1c(s, off, v, w1c);
		/* Software may have fixed the state: check it again before going on. */
		s->pbdma[p].checked = false;
		sim_kick(s);
	} else if (off != HW(ppbdma_status)(p) && off != HW(ppbdma_config)(p) &&
		   off != HW(ppbdma_hce_dbg0)(p) && off != HW(ppbdma_hce_dbg1)(p)) {
		sim_reg_set(s, off, v);
	}
}

/* ---- PCCSR ------------------------------------------------------------------------------------ */

static bool sim_pccsr_target_ok(uint32_t target)
{
	return target == HWC(PCCSR_CHANNEL_INST_TARGET_VID_MEM) ||
	       target == HWC(PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT) ||
	       target == HWC(PCCSR_CHANNEL_INST_TARGET_SYS_MEM_NONCOHERENT);
}

static void sim_pccsr_inst_write(struct sim *s, uint32_t chid, uint32_t v)
{
	HW(pccsr_channel_inst_t) old = { sim_reg(s, HW(pccsr_channel_inst)(chid)) }, w = { v };
	bool was = HW(get_pccsr_channel_inst_bind)(old) == HWC(PCCSR_CHANNEL_INST_BIND_TRUE);
	bool bind = HW(get_pccsr_channel_inst_bind)(w) == HWC(PCCSR_CHANNEL_INST_BIND_TRUE);
	HW(pccsr_channel_t) c = { sim_reg(s, HW(pccsr_channel)(chid)) };

	if (bind && was) {
		sim_bind_error(s, HWC(PFIFO_INTR_BIND_ERROR_CODE_BIND_NOT_UNBOUND));
		return;
	}
	if (bind && !sim_pccsr_target_ok(HW(get_pccsr_channel_inst_target)(w))) {
		sim_bind_error(s, HWC(PFIFO_INTR_BIND_ERROR_CODE_INVALID_CTX_TGT));
		return;
	}
	if (!bind && was && s->up->sched_chan_loaded(s, chid)) {
		sim_bind_error(s, HWC(PFIFO_INTR_BIND_ERROR_CODE_UNBIND_WHILE_RUNNING));
		return;
	}
	sim_reg_set(s, HW(pccsr_channel_inst)(chid), v);
	if (!bind) {   /* an unbound channel has nothing pending */
		c = HW(set_pccsr_channel_status)(c, HWC(PCCSR_CHANNEL_STATUS_IDLE));
		sim_reg_set(s, HW(pccsr_channel)(chid), c.v);
	}
	sim_kick(s);
}

/* ENABLE_SET/ENABLE_CLR and the FAULTED resets act; NEXT is stored. */
static void sim_pccsr_channel_write(struct sim *s, uint32_t chid, uint32_t v)
{
	HW(pccsr_channel_t) w = { v }, c = { sim_reg(s, HW(pccsr_channel)(chid)) };

	if (HW(get_pccsr_channel_enable_set)(w) == HWC(PCCSR_CHANNEL_ENABLE_SET_TRUE))
		c = HW(set_pccsr_channel_enable)(c, HWC(PCCSR_CHANNEL_ENABLE_IN_USE));
	if (HW(get_pccsr_channel_enable_clr)(w) == HWC(PCCSR_CHANNEL_ENABLE_CLR_TRUE))
		c = HW(set_pccsr_channel_enable)(c, HWC(PCCSR_CHANNEL_ENABLE_NOT_IN_USE));
	if (HW(get_pccsr_channel_pbdma_faulted)(w) == HWC(PCCSR_CHANNEL_PBDMA_FAULTED_RESET))
		c = HW(set_pccsr_channel_pbdma_faulted)(c, HWC(PCCSR_CHANNEL_PBDMA_FAULTED_FALSE));
	if (HW(get_pccsr_channel_eng_faulted)(w) == HWC(PCCSR_CHANNEL_ENG_FAULTED_RESET))
		c = HW(set_pccsr_channel_eng_faulted)(c, HWC(PCCSR_CHANNEL_ENG_FAULTED_FALSE));
	c = HW(set_pccsr_channel_next)(c, HW(get_pccsr_channel_next)(w));
	sim_reg_set(s, HW(pccsr_channel)(chid), c.v);
	sim_kick(s);
}

static void sim_pccsr_write(struct sim *s, uint32_t off, uint32_t v)
{
	long chid;

	if ((chid = sim_index(off, HW(pccsr_channel_inst), HWC(PCCSR_CHANNEL_INST_SIZE_1))) >= 0)
		sim_pccsr_inst_write(s, (uint32_t)chid, v);
	else if ((chid = sim_index(off, HW(pccsr_channel), HWC(PCCSR_CHANNEL_SIZE_1))) >= 0)
		sim_pccsr_channel_write(s, (uint32_t)chid, v);
}

/* ---- PFB MMU ------------------------------------------------------------------------------------ */

static uint32_t sim_pfb_base(void)
{
	return HW(pfb_niso_flush_sysmem_addr)();
}

static uint32_t sim_pfb_limit(void)
{
	return HW(pfb_pri_mmu_invalidate_size)() + sizeof(uint32_t) - 1;   /* its last byte */
}

static void sim_pfb_write(struct sim *s, uint32_t off, uint32_t v)
{
	HW(pfb_pri_mmu_fault_status_t) st;
	HW(pfb_pri_mmu_ctrl_t) c = { sim_reg(s, HW(pfb_pri_mmu_ctrl)()) }, w = { v };

	if (off == HW(pfb_pri_mmu_fault_status)()) {
		sim_reg_w1c(s, off, v, 0 SIM_FAULT_STATUS_W1C(SIM_FAULT_STATUS_CLR));
		st.v = sim_reg(s, off);
		if (HW(get_pfb_pri_mmu_fault_status_valid)(st) == HWC(PFB_PRI_MMU_FAULT_STATUS_VALID_RESET))
			sim_mmu_fault_clear(s);
	} else if (off == HW(pfb_pri_mmu_ctrl)()) {
		/* The PRI FIFO is always empty: TLB invalidates complete at once. */
		w = HW(set_pfb_pri_mmu_ctrl_pri_fifo_empty)(w, HW(get_pfb_pri_mmu_ctrl_pri_fifo_empty)(c));
		w = HW(set_pfb_pri_mmu_ctrl_pri_fifo_space)(w, HW(get_pfb_pri_mmu_ctrl_pri_fifo_space)(c));
		w = HW(set_pfb_pri_mmu_ctrl_pri_fifo_error_clear)(w,
				HWC(PFB_PRI_MMU_CTRL_PRI_FIFO_ERROR_CLEAR_FALSE));
		sim_reg_set(s, off, w.v);
	} else if (off == HW(pfb_pri_mmu_invalidate)() || off == HW(pfb_pri_mmu_bind)()) {
		return;   /* triggers: no TLB, nothing to do */
	} else if (off != HW(pfb_pri_mmu_fault_addr_lo)() && off != HW(pfb_pri_mmu_fault_addr_hi)() &&
		   off != HW(pfb_pri_mmu_fault_inst_lo)() && off != HW(pfb_pri_mmu_fault_inst_hi)() &&
		   off != HW(pfb_pri_mmu_fault_info)() &&
		   sim_index(off, HW(pfb_pri_mmu_fault_buffer_put),
			     HWC(PFB_PRI_MMU_FAULT_BUFFER_PUT_SIZE_1)) < 0) {
		sim_reg_set(s, off, v);
	}
}

/* ---- dispatch ---------------------------------------------------------------------------------- */

/* PBDMA p of an NV_PPBDMA offset, or -1 (the range has room for 16). */
static long sim_ppbdma_unit(uint32_t off)
{
	uint32_t p = (off - HWC(PPBDMA_BASE)) / sim_pbdma_stride();

	return p < SIM_NUM_PBDMA ? (long)p : -1;
}

uint32_t sim_regs_read(struct sim *s, uint32_t off)
{
	uint32_t v;
	long p;

	if (off >= SIM_BAR0_BYTES || off % 4)
		return SIM_PRI_ERROR;
	if (sim_gen_window_alias(off))
		off = sim_gen_window_alias(off);   /* a window's copy is the register */
	if (sim_in(off, HWC(PMC_BASE), HWC(PMC_LIMIT)))
		return sim_known(s, off) ? sim_pmc_read(s, off) : SIM_PRI_ERROR;
	if (sim_in(off, HWC(PBUS_BASE), HWC(PBUS_LIMIT)))
		return sim_reg(s, off);
	if (sim_in(off, HWC(PFIFO_BASE), HWC(PFIFO_LIMIT))) {
		if (!sim_known(s, off))
			return SIM_PRI_ERROR;
		return sim_fifo_enabled(s) ? sim_pfifo_read(s, off) : 0;
	}
	if (sim_in(off, HWC(PTIMER_BASE), HWC(PTIMER_LIMIT)))
		return sim_ptimer_read(s, off);
	if (sim_in(off, HWC(PTOP_BASE), HWC(PTOP_LIMIT)))
		return sim_reg(s, off);
	if (sim_in(off, HWC(PPBDMA_BASE), HWC(PPBDMA_LIMIT))) {
		if ((p = sim_ppbdma_unit(off)) < 0)
			return SIM_PRI_ERROR;
		return sim_pbdma_enabled(s, (uint32_t)p) ? sim_reg(s, off) : 0;
	}
	if (sim_in(off, sim_pfb_base(), sim_pfb_limit()))
		return sim_reg(s, off);
	if (sim_in(off, HWC(PCCSR_BASE), HWC(PCCSR_LIMIT)))
		return sim_fifo_enabled(s) ? sim_reg(s, off) : 0;
	if (sim_in(off, HWC(USERMODE_BASE), HWC(USERMODE_LIMIT)))
		return sim_usermode_read(s, off);
	return sim_gen_read(s, off, &v) ? v : SIM_PRI_ERROR;
}

void sim_regs_write(struct sim *s, uint32_t off, uint32_t v)
{
	long p;

	if (off >= SIM_BAR0_BYTES || off % 4)
		return;
	if (sim_gen_window_alias(off))
		off = sim_gen_window_alias(off);
	if (sim_in(off, HWC(PMC_BASE), HWC(PMC_LIMIT))) {
		if (sim_known(s, off))
			sim_pmc_write(s, off, v);
	} else if (sim_in(off, HWC(PBUS_BASE), HWC(PBUS_LIMIT))) {
		sim_reg_set(s, off, v);
	} else if (sim_in(off, HWC(PFIFO_BASE), HWC(PFIFO_LIMIT))) {
		if (sim_known(s, off) && sim_fifo_enabled(s))
			sim_pfifo_write(s, off, v);
	} else if (sim_in(off, HWC(PTIMER_BASE), HWC(PTIMER_LIMIT))) {
		sim_ptimer_write(s, off, v);
	} else if (sim_in(off, HWC(PPBDMA_BASE), HWC(PPBDMA_LIMIT))) {
		if ((p = sim_ppbdma_unit(off)) >= 0 && sim_pbdma_enabled(s, (uint32_t)p))
			sim_ppbdma_write(s, (uint32_t)p, off, v);
	} else if (sim_in(off, sim_pfb_base(), sim_pfb_limit())) {
		sim_pfb_write(s, off, v);
	} else if (sim_in(off, HWC(PCCSR_BASE), HWC(PCCSR_LIMIT))) {
		if (sim_fifo_enabled(s))
			sim_pccsr_write(s, off, v);
	} else if (sim_in(off, HWC(USERMODE_BASE), HWC(USERMODE_LIMIT))) {
		sim_usermode_write(s, off, v);
	} else {
		sim_gen_write(s, off, v);
	}
}
