/* SPDX-License-Identifier: MIT */
/*
 * test_nvrt_sim's Host interface for the chips of Host design pfifo (GV100,
 * TU104): PFIFO, PCCSR, USERMODE, the PRI MMU fault registers and NV_PMC
 * (../shared/design/{gv100,tu104}-host-facts.md).  Included by
 * sim_chip/gv100.h and tu104.h, which add their runlist submit and doorbell
 * value (runlist_submit, runlist_pending, runlist_length, doorbell_value).
 */
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(dev_graphics)
#include NVRT_HW_HEADER(dev_top)
#include NVRT_HW_HEADER(dev_usermode)
#include NVRT_HW_HEADER(pri_mmu_hub)

/* Device types of the device info. */
#define DEV_TYPE_GRAPHICS HWC(PTOP_DEVICE_INFO_TYPE_ENUM_GRAPHICS)
#define DEV_TYPE_LCE HWC(PTOP_DEVICE_INFO_TYPE_ENUM_LCE)

/* Nothing is modelled outside the units: PGRAPH is a PRI error (facts doc 0). */
#define UNMODELLED_BASE HWC(PGRAPH_BASE)

/* The fault registers' values the tests expect (pri_mmu_hub). */
#define FAULT_ACCESS_VIRT_WRITE HWC(PFB_PRI_MMU_FAULT_INFO_ACCESS_TYPE_VIRT_WRITE)
#define FAULT_ACCESS_PHYS_READ HWC(PFB_PRI_MMU_FAULT_INFO_ACCESS_TYPE_PHYS_READ)
#define FAULT_INST_APERTURE_SYS_COH HWC(PFB_PRI_MMU_FAULT_INST_LO_APERTURE_SYS_MEM_COHERENT)

/* Parses DEVICE_INFO as nouveau's gk104_top_parse does: chains of words. */
static uint32_t parse_device_info(struct simt *t, struct dev *out, uint32_t max, uint32_t *nwords)
{
	struct dev cur = { 0 };
	uint32_t n = 0;

	*nwords = 0;
	for (uint32_t i = 0; i < HWC(PTOP_DEVICE_INFO_SIZE_1); i++) {
		HW(ptop_device_info_t) r = { rd(t, HW(ptop_device_info)(i)) };

		switch (HW(get_ptop_device_info_entry)(r)) {
		case HWC(PTOP_DEVICE_INFO_ENTRY_NOT_VALID):
			continue;
		case HWC(PTOP_DEVICE_INFO_ENTRY_ENUM):
			cur.engine = HW(get_ptop_device_info_engine_enum)(r);
			cur.runlist = HW(get_ptop_device_info_runlist_enum)(r);
			cur.engine_valid = HW(get_ptop_device_info_engine)(r) ==
					   HWC(PTOP_DEVICE_INFO_ENGINE_VALID);
			cur.runlist_valid = HW(get_ptop_device_info_runlist)(r) ==
					    HWC(PTOP_DEVICE_INFO_RUNLIST_VALID);
			break;
		case HWC(PTOP_DEVICE_INFO_ENTRY_DATA):
			cur.inst = HW(get_ptop_device_info_data_inst_id)(r);
			cur.pri_base = (uint32_t)HW(get_ptop_device_info_data_pri_base)(r) <<
				       HWC(PTOP_DEVICE_INFO_DATA_PRI_BASE_ALIGN);
			cur.fault = HW(get_ptop_device_info_data_fault_id_enum)(r);
			cur.fault_valid = HW(get_ptop_device_info_data_fault_id)(r) ==
					  HWC(PTOP_DEVICE_INFO_DATA_FAULT_ID_VALID);
			break;
		case HWC(PTOP_DEVICE_INFO_ENTRY_ENGINE_TYPE):
			cur.type = HW(get_ptop_device_info_type_enum)(r);
			break;
		}
		*nwords = i + 1;
		if (HW(get_ptop_device_info_chain)(r) == HWC(PTOP_DEVICE_INFO_CHAIN_ENABLE))
			continue;
		if (n < max)
			out[n] = cur;
		n++;
		memset(&cur, 0, sizeof(cur));
	}
	return n;
}

/* Engine IDs are the chip's (ENGINE_ENUM = device i), GR's runlist and
 * engine valid; NOT_VALID after the last device (facts doc 1.3). */
static void device_info_check_design(struct simt *t, const struct dev *d, uint32_t n, uint32_t nwords)
{
	assert_true(d[0].engine_valid && d[0].runlist_valid);
	for (uint32_t i = 0; i < n; i++)
		assert_int_equal(d[i].engine, i);
	for (uint32_t i = nwords; i < HWC(PTOP_DEVICE_INFO_SIZE_1); i++)
		assert_int_equal(rd(t, HW(ptop_device_info)(i)), 0);
}

static void pmc_enable_fifo(struct simt *t, bool on)
{
	HW(pmc_enable_t) e = { rd(t, HW(pmc_enable)()) };

	e = HW(set_pmc_enable_pfifo)(e, on ? HWC(PMC_ENABLE_PFIFO_ENABLED) :
				       HWC(PMC_ENABLE_PFIFO_DISABLED));
	wr(t, HW(pmc_enable)(), e.v);
}

/* Host out of reset: NV_PMC_ENABLE PFIFO (facts doc 1.2 step 1). */
static void host_enable(struct simt *t)
{
	pmc_enable_fifo(t, true);
}

/* The first LCE that is not on the graphics runlist, and its first PBDMA
 * (PFIFO_PBDMA_MAP). */
static void pick_async_lce(struct simt *t)
{
	struct dev d[64];
	uint32_t nw, n = parse_device_info(t, d, 64, &nw), gr = 0;

	for (uint32_t i = 0; i < n; i++)
		if (d[i].type == DEV_TYPE_GRAPHICS)
			gr = d[i].runlist;
	for (uint32_t i = 0; i < n; i++) {
		if (d[i].type != DEV_TYPE_LCE || d[i].runlist == gr)
			continue;
		t->runlist = d[i].runlist;
		for (uint32_t p = 0; p < HWC(PFIFO_PBDMA_MAP_SIZE_1); p++) {
			HW(pfifo_pbdma_map_t) m = { rd(t, HW(pfifo_pbdma_map)(p)) };

			if (HW(get_pfifo_pbdma_map_runlists)(m) & (1u << t->runlist)) {
				t->pbdma = p;
				return;
			}
		}
	}
	fail_msg("no async LCE with a PBDMA");
}

/* Every PBDMA interrupt reported (facts doc 1.2 step 6) and PFIFO's too. */
static void intr_enable(struct simt *t)
{
	for (uint32_t p = 0; p < HWC(PPBDMA_INTR_EN_0_SIZE_1); p++) {
		wr(t, HW(ppbdma_intr_en_0)(p), ~0u);
		wr(t, HW(ppbdma_intr_en_1)(p), ~0u);
	}
	wr(t, HW(pfifo_intr_en_0)(), ~0u);
}

/* ---- runlist errors: PFIFO INTR_0 SCHED_ERROR, INTR_SCHED_ERROR CODE ---------------------- */

static bool runlist_error_pending(struct simt *t, uint32_t r)
{
	HW(pfifo_intr_0_t) i0 = { rd(t, HW(pfifo_intr_0)()) };

	(void)r;
	return HW(get_pfifo_intr_0_sched_error)(i0) == HWC(PFIFO_INTR_0_SCHED_ERROR_PENDING);
}

/* dev_fifo: every bad TSG is SCHED_ERROR CODE BAD_TSG; write 1 clears it. */
static void expect_bad_tsg(struct simt *t, uint32_t r, enum bad_tsg kind)
{
	HW(pfifo_intr_0_t) i0 = { 0 };
	HW(pfifo_intr_sched_error_t) se = { rd(t, HW(pfifo_intr_sched_error)()) };

	(void)kind;
	assert_true(runlist_error_pending(t, r));
	assert_int_equal(HW(get_pfifo_intr_sched_error_code)(se), HWC(PFIFO_INTR_SCHED_ERROR_CODE_BAD_TSG));
	i0 = HW(set_pfifo_intr_0_sched_error)(i0, HWC(PFIFO_INTR_0_SCHED_ERROR_RESET));
	wr(t, HW(pfifo_intr_0)(), i0.v);
	assert_false(runlist_error_pending(t, r));
}

/* ---- channels: PCCSR -------------------------------------------------------------------------- */

static HW(pccsr_channel_t) pccsr_of(struct simt *t, uint32_t chid)
{
	HW(pccsr_channel_t) c = { rd(t, HW(pccsr_channel)(chid)) };

	return c;
}

/* CHANNEL_INST (PTR = address >> 12, TARGET, BIND TRUE), then ENABLE_SET. */
static void chan_enable(struct simt *t, uint32_t chid, uint64_t inst)
{
	HW(pccsr_channel_inst_t) i = { 0 };
	HW(pccsr_channel_t) c = { 0 };

	i = HW(set_pccsr_channel_inst_ptr)(i, (uint32_t)(inst >> HWC(PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT)));
	i = HW(set_pccsr_channel_inst_target)(i, HWC(PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT));
	i = HW(set_pccsr_channel_inst_bind)(i, HWC(PCCSR_CHANNEL_INST_BIND_TRUE));
	wr(t, HW(pccsr_channel_inst)(chid), i.v);
	c = HW(set_pccsr_channel_enable_set)(c, HWC(PCCSR_CHANNEL_ENABLE_SET_TRUE));
	wr(t, HW(pccsr_channel)(chid), c.v);
}

/* dev_fifo CHANNEL STATUS ON_PBDMA (or ON_PBDMA_AND_ENG: the model has no engine). */
static bool chan_on_pbdma(struct simt *t, uint32_t chid)
{
	return HW(get_pccsr_channel_status)(pccsr_of(t, chid)) == HWC(PCCSR_CHANNEL_STATUS_ON_PBDMA);
}

static bool chan_idle(struct simt *t, uint32_t chid)
{
	return HW(get_pccsr_channel_status)(pccsr_of(t, chid)) == HWC(PCCSR_CHANNEL_STATUS_IDLE);
}

static bool chan_faulted(struct simt *t, uint32_t chid)
{
	return HW(get_pccsr_channel_pbdma_faulted)(pccsr_of(t, chid)) == HWC(PCCSR_CHANNEL_PBDMA_FAULTED_TRUE);
}

/* PBDMA_FAULTED RESET (write 1 to clear). */
static void chan_faulted_reset(struct simt *t, uint32_t chid)
{
	HW(pccsr_channel_t) c = { 0 };

	c = HW(set_pccsr_channel_pbdma_faulted)(c, HWC(PCCSR_CHANNEL_PBDMA_FAULTED_RESET));
	wr(t, HW(pccsr_channel)(chid), c.v);
}

/* Bound (CHANNEL_INST BIND TRUE) and ENABLE IN_USE. */
static bool chan_enabled(struct simt *t, uint32_t chid)
{
	HW(pccsr_channel_inst_t) ci = { rd(t, HW(pccsr_channel_inst)(chid)) };

	return HW(get_pccsr_channel_inst_bind)(ci) == HWC(PCCSR_CHANNEL_INST_BIND_TRUE) &&
	       HW(get_pccsr_channel_enable)(pccsr_of(t, chid)) == HWC(PCCSR_CHANNEL_ENABLE_IN_USE);
}

static uint32_t doorbell_value(struct simt *t, uint32_t chid, uint32_t runlist);

/* dev_usermode NOTIFY_CHANNEL_PENDING. */
static void doorbell_ring(struct simt *t, uint32_t chid)
{
	wr(t, HW(usermode_notify_channel_pending)(), doorbell_value(t, chid, t->runlist));
}

/* ---- time and identification: USERMODE -------------------------------------------------------- */

static uint32_t usermode_class(struct simt *t)
{
	HW(usermode_cfg0_t) c = { rd(t, HW(usermode_cfg0)()) };

	return HW(get_usermode_cfg0_usermode_class_id)(c);
}

static uint32_t time_0(struct simt *t)
{
	return rd(t, HW(usermode_time_0)());
}

static uint32_t time_1(struct simt *t)
{
	return rd(t, HW(usermode_time_1)());
}

/* ---- interrupts and preemption: PFIFO, PMC ---------------------------------------------------- */

/* A PBDMA interrupt reaches PFIFO INTR_0 PBDMA_INTR, INTR_PBDMA_ID(p) and
 * NV_PMC_INTR(0) PFIFO (facts doc 5.1). */
static bool pbdma_intr_reported(struct simt *t)
{
	HW(pfifo_intr_0_t) f0 = { rd(t, HW(pfifo_intr_0)()) };
	HW(pfifo_intr_pbdma_id_t) id = { rd(t, HW(pfifo_intr_pbdma_id)()) };
	HW(pmc_intr_t) pmc = { rd(t, HW(pmc_intr)(0)) };
	bool f = HW(get_pfifo_intr_0_pbdma_intr)(f0) == HWC(PFIFO_INTR_0_PBDMA_INTR_PENDING);
	bool i = HW(get_pfifo_intr_pbdma_id_status)(id, t->pbdma) == HWC(PFIFO_INTR_PBDMA_ID_STATUS_PENDING);
	bool m = HW(get_pmc_intr_pfifo)(pmc) == HWC(PMC_INTR_PFIFO_PENDING);

	assert_true(f == i && i == m);
	return f;
}

/* NON_STALL_INT: PFIFO INTR_0 CHANNEL_INTR (dev_fifo). */
static void expect_nonstall_intr(struct simt *t)
{
	HW(pfifo_intr_0_t) i0 = { rd(t, HW(pfifo_intr_0)()) };

	assert_int_equal(HW(get_pfifo_intr_0_channel_intr)(i0), HWC(PFIFO_INTR_0_CHANNEL_INTR_PENDING));
}

/* NV_PFIFO_PREEMPT TYPE TSG, ID the TSG: the ID reads back. */
static void preempt_tsg(struct simt *t, uint32_t tsgid)
{
	HW(pfifo_preempt_t) pr = { 0 };

	pr = HW(set_pfifo_preempt_type)(pr, HWC(PFIFO_PREEMPT_TYPE_TSG));
	pr = HW(set_pfifo_preempt_id)(pr, tsgid);
	wr(t, HW(pfifo_preempt)(), pr.v);
	pr.v = rd(t, HW(pfifo_preempt)());
	assert_int_equal(HW(get_pfifo_preempt_id)(pr), tsgid);
}

static bool preempt_pending(struct simt *t)
{
	HW(pfifo_preempt_t) r = { rd(t, HW(pfifo_preempt)()) };

	return HW(get_pfifo_preempt_pending)(r) == HWC(PFIFO_PREEMPT_PENDING_TRUE);
}

/* A bound channel cannot be rebound: INTR_0 BIND_ERROR, INTR_BIND_ERROR
 * CODE BIND_NOT_UNBOUND (dev_fifo). */
static void expect_rebind_refused(struct simt *t, uint32_t chid)
{
	HW(pccsr_channel_inst_t) ci = { rd(t, HW(pccsr_channel_inst)(chid)) };
	HW(pfifo_intr_0_t) i0;
	HW(pfifo_intr_bind_error_t) be;

	wr(t, HW(pccsr_channel_inst)(chid), ci.v);
	i0.v = rd(t, HW(pfifo_intr_0)());
	assert_int_equal(HW(get_pfifo_intr_0_bind_error)(i0), HWC(PFIFO_INTR_0_BIND_ERROR_PENDING));
	be.v = rd(t, HW(pfifo_intr_bind_error)());
	assert_int_equal(HW(get_pfifo_intr_bind_error_code)(be),
			 HWC(PFIFO_INTR_BIND_ERROR_CODE_BIND_NOT_UNBOUND));
}

/* ---- MMU faults: NV_PFB_PRI_MMU_FAULT_* (pri_mmu_hub) ----------------------------------------- */

static bool fault_valid(struct simt *t)
{
	HW(pfb_pri_mmu_fault_status_t) st = { rd(t, HW(pfb_pri_mmu_fault_status)()) };

	return HW(get_pfb_pri_mmu_fault_status_valid)(st) == HWC(PFB_PRI_MMU_FAULT_STATUS_VALID_SET);
}

static void fault_read(struct simt *t, struct mmu_fault *f)
{
	HW(pfb_pri_mmu_fault_info_t) info = { rd(t, HW(pfb_pri_mmu_fault_info)()) };
	HW(pfb_pri_mmu_fault_addr_lo_t) alo = { rd(t, HW(pfb_pri_mmu_fault_addr_lo)()) };
	HW(pfb_pri_mmu_fault_addr_hi_t) ahi = { rd(t, HW(pfb_pri_mmu_fault_addr_hi)()) };
	HW(pfb_pri_mmu_fault_inst_lo_t) ilo = { rd(t, HW(pfb_pri_mmu_fault_inst_lo)()) };
	HW(pfb_pri_mmu_fault_inst_hi_t) ihi = { rd(t, HW(pfb_pri_mmu_fault_inst_hi)()) };

	f->type = HW(get_pfb_pri_mmu_fault_info_fault_type)(info);
	f->access = HW(get_pfb_pri_mmu_fault_info_access_type)(info);
	f->client = HW(get_pfb_pri_mmu_fault_info_client)(info);
	f->info_valid = HW(get_pfb_pri_mmu_fault_info_valid)(info);
	f->addr = HW(join_pfb_pri_mmu_fault_addr)(alo, ahi);
	f->inst = HW(join_pfb_pri_mmu_fault_inst)(ilo, ihi);
	f->engine = HW(get_pfb_pri_mmu_fault_inst_lo_engine_id)(ilo);
	f->inst_aperture = HW(get_pfb_pri_mmu_fault_inst_lo_aperture)(ilo);
}

/* STATUS VALID CLEAR (write 1). */
static void fault_clear(struct simt *t)
{
	HW(pfb_pri_mmu_fault_status_t) st = { 0 };

	st = HW(set_pfb_pri_mmu_fault_status_valid)(st, HWC(PFB_PRI_MMU_FAULT_STATUS_VALID_CLEAR));
	wr(t, HW(pfb_pri_mmu_fault_status)(), st.v);
}

/* The PBDMA's fault engine: dev_fifo CFG0 PBDMA_FAULT_ID (HOST0) + its id. */
static uint32_t pbdma_fault_id(struct simt *t)
{
	HW(pfifo_cfg0_t) cfg0 = { rd(t, HW(pfifo_cfg0)()) };

	return HW(get_pfifo_cfg0_pbdma_fault_id)(cfg0) + t->pbdma;
}

/* NV_PMC_INTR(0) HUB: the chip's EXPECT_PMC_INTR_HUB_ON_FAULT while a fault
 * is pending, NOT_PENDING once cleared (facts doc 5.1). */
static void expect_fault_intr(struct simt *t, bool pending)
{
	HW(pmc_intr_t) pmc = { rd(t, HW(pmc_intr)(0)) };

	assert_int_equal(HW(get_pmc_intr_hub)(pmc), pending ? EXPECT_PMC_INTR_HUB_ON_FAULT :
								 HWC(PMC_INTR_HUB_NOT_PENDING));
}

/* ---- PFIFO's reset -------------------------------------------------------------------------- */

/* PFIFO is in reset until PMC ENABLE: its registers read 0, writes drop. */
static void test_sim_pfifo_reset(void **state)
{
	struct simt *t = *state;
	HW(pfifo_cfg0_t) c0;
	HW(pfifo_pbdma_map_t) m0, m1;

	assert_int_equal(rd(t, HW(pfifo_cfg0)()), 0);
	wr(t, HW(pfifo_sched_disable)(), 1);
	pmc_enable_fifo(t, true);
	c0.v = rd(t, HW(pfifo_cfg0)());
	assert_int_equal(HW(get_pfifo_cfg0_num_pbdma)(c0), EXPECT_NUM_PBDMA);
	assert_int_equal(HW(get_pfifo_cfg0_pbdma_fault_id)(c0), HWC(PFAULT_MMU_ENG_ID_HOST0));
	assert_int_equal(rd(t, HW(pfifo_cfg1)()), HWC(PFIFO_CFG1_NUM_CHANNELS_INIT));
	assert_int_equal(rd(t, HW(pfifo_cfg2)()), EXPECT_HOST_CLASS);
	assert_int_equal(rd(t, HW(pfifo_sched_disable)()), 0);
	/* The graphics runlist has two PBDMAs (facts doc 1.3). */
	m0.v = rd(t, HW(pfifo_pbdma_map)(0));
	m1.v = rd(t, HW(pfifo_pbdma_map)(1));
	assert_int_equal(HW(get_pfifo_pbdma_map_runlists)(m0), 1);
	assert_int_equal(HW(get_pfifo_pbdma_map_runlists)(m1), 1);
	wr(t, HW(pfifo_sched_disable)(), 1);
	assert_int_equal(rd(t, HW(pfifo_sched_disable)()), 1);
	pmc_enable_fifo(t, false);
	assert_int_equal(rd(t, HW(pfifo_sched_disable)()), 0);
	pmc_enable_fifo(t, true);
	assert_int_equal(rd(t, HW(pfifo_sched_disable)()), 0);   /* init value again */
}
