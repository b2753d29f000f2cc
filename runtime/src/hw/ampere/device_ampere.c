/* SPDX-License-Identifier: MIT */
/*
 * Ampere's Host bring-up and topology: device info version 2 (its rows read
 * as a record per device), each runlist's block at the base device info
 * names, the runlist's channel RAM, doorbell id and PBDMAs read from the
 * block's own registers, and the bring-up writes of each runlist and PBDMA.
 * No register offset is written here: the block helpers of the generated
 * headers take the base that was read (doc/headers.md).  Order and values:
 * ../shared/design/ga100-host-facts.md sections 1.2-1.4; nouveau
 * nvkm/engine/fifo/ga100.c (ga100_runl_init, ga100_runq_init) and
 * nvkm/subdev/top/ga100.c.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_boot)
#include NVRT_HW_HEADER(dev_fb)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_runlist)
#include NVRT_HW_HEADER(dev_top)
#include NVRT_HW_HEADER(dev_vm)
#include NVRT_HW_HEADER(fields/dev_boot)
#include NVRT_HW_HEADER(fields/dev_fb)
#include NVRT_HW_HEADER(fields/dev_pbdma)
#include NVRT_HW_HEADER(fields/dev_runlist)
#include NVRT_HW_HEADER(fields/dev_top)
#include NVRT_HW_HEADER(fields/dev_vm)
#include "dump/reg_dump.h"

typedef HW(ptop_device_info2_dev_t) dev_record_t;

static void device_log_reg(FILE *log, const char *step, const struct refgen_layout *l, int index,
			   uint32_t v)
{
	if (!log)
		return;
	fprintf(log, "  %-22s ", step);
	nvrt_reg_line("", l, index, v, NVRT_REG_NONZERO, log);
}

/* Every field of a layout at 1: an interrupt enable's "all of them", from
 * the manual's fields (no mask written here). */
static uint32_t layout_all_fields(const struct refgen_layout *l)
{
	uint32_t v = 0;

	for (uint32_t i = 0; i < l->nfields; i++)
		v |= (uint32_t)(((1ull << l->fields[i].width) - 1) << l->fields[i].lo);
	return v;
}

/* ---- topology: NV_PTOP_DEVICE_INFO2 and the runlists' blocks --------------------- */

/* A PBDMA's id from its BAR0 base: the manual's PBDMA arrays are
 * NV_PPBDMA_*(i) at a stride (dev_pbdma: 2 KiB, "Each PBDMA unit is
 * allocated a 2KB address space"). */
static uint32_t topology_pbdma_id(uint32_t bar0)
{
	uint32_t stride = HW(ppbdma_intr_0)(1) - HW(ppbdma_intr_0)(0);

	return (bar0 - HWC(PPBDMA_BASE)) / stride;
}

/* The runlist whose block is at base: found, or added with what its block
 * says (channel RAM, doorbell id, PBDMAs); -1 when the table is full. */
static int topology_runlist(struct nvrt_backend *b, struct nvrt_topology *t, uint32_t base)
{
	HW(runlist_channel_config_t) cfg;
	struct nvrt_runlist_loc *rl;

	for (uint32_t i = 0; i < t->nrunlists; i++)
		if (t->runlists[i].pri_base == base)
			return (int)i;
	if (t->nrunlists == NVRT_MAX_RUNLISTS)
		return -1;
	rl = &t->runlists[t->nrunlists];
	memset(rl, 0, sizeof(*rl));
	rl->pri_base = base;
	cfg = REG_RD(b, runlist_channel_config, base);
	/* CHRAM_BAR0_OFFSET holds the address's bits in place (nouveau
	 * ga100_runl_new): the field, unshifted. */
	rl->chram_base = cfg.v & HWC(RUNLIST_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET_FIELD_MASK);
	rl->num_channels = 1u << HW(get_runlist_channel_config_num_channels_log2)(cfg);
	if (rl->num_channels > HWC(CHRAM_CHANNEL_SIZE_1))
		rl->num_channels = HWC(CHRAM_CHANNEL_SIZE_1);
	rl->doorbell_id = HW(get_runlist_doorbell_config_id)(REG_RD(b, runlist_doorbell_config, base));
	for (uint32_t q = 0; q < HWC(RUNLIST_PBDMA_CONFIG_SIZE_1) && q < 2; q++) {
		HW(runlist_pbdma_config_t) pc = REG_RD(b, runlist_pbdma_config, base, q);

		if (HW(get_runlist_pbdma_config_valid)(pc) != HWC(RUNLIST_PBDMA_CONFIG_VALID_TRUE))
			continue;
		/* PBDMA_BAR0_OFFSET: the PBDMA's BAR0 address, its bits in place. */
		rl->pbdma_ids[rl->npbdma++] =
			topology_pbdma_id(pc.v & HWC(RUNLIST_PBDMA_CONFIG_PBDMA_BAR0_OFFSET_FIELD_MASK));
	}
	return (int)t->nrunlists++;
}

static void topology_type_name(struct nvrt_engine *e)
{
	const struct refgen_field *f = nvrt_reg_field_of(&HW(ptop_device_info2_dev_layout),
							 HW(ptop_device_info2_dev_type_enum_values));
	const char *name = nvrt_reg_value_name(f, e->type);

	if (name)
		snprintf(e->type_name, sizeof(e->type_name), "%s", name);
	else
		snprintf(e->type_name, sizeof(e->type_name), "0x%x", e->type);
}

/* One device's record (rows 0-2) into e; its runlist added to t. */
static int topology_device(struct nvrt_backend *b, struct nvrt_topology *t, const dev_record_t *r,
			   struct nvrt_engine *e, struct nvrt_err *err)
{
	uint32_t rl_base;
	int idx;

	memset(e, 0, sizeof(*e));
	e->type = HW(get_ptop_device_info2_dev_type_enum)(r);
	topology_type_name(e);
	e->graphics = e->type == HWC(PTOP_DEVICE_INFO2_DEV_TYPE_ENUM_GRAPHICS);
	e->copy = e->type == HWC(PTOP_DEVICE_INFO2_DEV_TYPE_ENUM_LCE);
	e->inst_id = HW(get_ptop_device_info2_dev_instance_id)(r);
	e->fault_id = HW(get_ptop_device_info2_dev_fault_id)(r);
	e->has_fault_id = e->fault_id != HWC(PTOP_DEVICE_INFO2_DEV_FAULT_ID_INVALID);
	e->reset = HW(get_ptop_device_info2_dev_reset_id)(r);
	e->has_reset = e->reset != HWC(PTOP_DEVICE_INFO2_DEV_RESET_ID_INVALID);
	/* Both bases hold the address's bits in place: the field, unshifted. */
	e->pri_base = r->w[HWC(PTOP_DEVICE_INFO2_DEV_DEVICE_PRI_BASE_FIELD_WORD)] &
		      HWC(PTOP_DEVICE_INFO2_DEV_DEVICE_PRI_BASE_FIELD_MASK);
	rl_base = r->w[HWC(PTOP_DEVICE_INFO2_DEV_RUNLIST_PRI_BASE_FIELD_WORD)] &
		  HWC(PTOP_DEVICE_INFO2_DEV_RUNLIST_PRI_BASE_FIELD_MASK);
	if (HW(get_ptop_device_info2_dev_is_engine)(r) != HWC(PTOP_DEVICE_INFO2_DEV_IS_ENGINE_TRUE) || !rl_base)
		return 0;
	/* An engine: its index inside its runlist (ENGINE_STATUS0(e) ...), and the runlist. */
	e->has_engine = true;
	e->engine_id = HW(get_ptop_device_info2_dev_rleng_id)(r);
	idx = topology_runlist(b, t, rl_base);
	if (idx < 0)
		return nvrt_err_set(err, "NV_PTOP_DEVICE_INFO2 names more than %u runlists",
				    NVRT_MAX_RUNLISTS);
	e->has_runlist = true;
	e->runlist = (uint32_t)idx;
	return 0;
}

/* The rows: a device is rows up to one without ROW_CHAIN; an all-zero row
 * where a device would start holds none (nouveau ga100_top_oneinit). */
static int topology_devices(struct nvrt_backend *b, struct nvrt_topology *t, struct nvrt_err *err)
{
	uint32_t nrows = HW(get_ptop_device_info_cfg_num_rows)(REG_RD(b, ptop_device_info_cfg));
	dev_record_t rec = { { 0 } };
	uint32_t row = 0;

	if (nrows > HWC(PTOP_DEVICE_INFO2_SIZE_1))
		nrows = HWC(PTOP_DEVICE_INFO2_SIZE_1);
	for (uint32_t i = 0; i < nrows; i++) {
		HW(ptop_device_info2_t) r = REG_RD(b, ptop_device_info2, i);

		if (!row && HW(get_ptop_device_info2_row_value)(r) == HWC(PTOP_DEVICE_INFO2_ROW_VALUE_INVALID))
			continue;
		if (row < sizeof(rec.w) / sizeof(rec.w[0]))
			rec.w[row] = r.v;
		row++;
		if (HW(get_ptop_device_info2_row_chain)(r) == HWC(PTOP_DEVICE_INFO2_ROW_CHAIN_MORE))
			continue;
		if (t->nengines == NVRT_MAX_ENGINES)
			return nvrt_err_set(err, "NV_PTOP_DEVICE_INFO2 describes more than %u devices",
					    NVRT_MAX_ENGINES);
		if (topology_device(b, t, &rec, &t->engines[t->nengines], err) < 0)
			return -1;
		t->nengines++;
		memset(&rec, 0, sizeof(rec));
		row = 0;
	}
	return 0;
}

int NVRT_FN(topology_read)(struct nvrt_backend *b, struct nvrt_topology *t, struct nvrt_err *err)
{
	memset(t, 0, sizeof(*t));
	if (topology_devices(b, t, err) < 0)
		return -1;
	/* PBDMAs by id, each serving the runlists whose PBDMA_CONFIG names it. */
	t->num_channels = HWC(CHRAM_CHANNEL_SIZE_1);
	for (uint32_t r = 0; r < t->nrunlists; r++) {
		const struct nvrt_runlist_loc *rl = &t->runlists[r];

		if (rl->num_channels < t->num_channels)
			t->num_channels = rl->num_channels;
		for (uint32_t q = 0; q < rl->npbdma; q++) {
			uint32_t p = rl->pbdma_ids[q];

			if (p >= NVRT_MAX_PBDMAS || p >= HWC(PPBDMA_INTR_0_SIZE_1))
				return nvrt_err_set(err, "runlist at 0x%06x: PBDMA %u is outside "
						    "NV_PPBDMA_INTR_0__SIZE_1 (%u)", rl->pri_base, p,
						    (unsigned)HWC(PPBDMA_INTR_0_SIZE_1));
			t->pbdma_runlists[p] |= 1u << r;
			if (p + 1 > t->num_pbdma)
				t->num_pbdma = p + 1;
		}
	}
	if (!t->nrunlists)
		t->num_channels = 0;
	/* HOST0's fault id is PBDMA 0's: NV_PPBDMA_CFG0(0) PBDMA_FAULT_ID
	 * (dev_pbdma.ref.txt:1665-1668); PBDMA p faults as HOST0 + p. */
	t->pbdma_fault_id = HW(get_ppbdma_cfg0_pbdma_fault_id)(REG_RD(b, ppbdma_cfg0, 0));
	return 0;
}

/* Host has no reset or enable bit on GA100 (dev_boot NV_PMC_ENABLE has no
 * PFIFO): it answers once the chip is POSTed. */
bool NVRT_FN(host_enabled)(struct nvrt_backend *b)
{
	(void)b;
	return true;
}

/* ---- bring-up -------------------------------------------------------------------- */

/*
 * The copy engines out of reset: NV_PMC_DEVICE_ENABLE(0) STATUS_BIT(RESET_ID)
 * set, the others kept (read-modify-write, read back: RM's
 * kmcWritePmcEnableReg_GA100, nouveau ga100_mc_device_enable).  Host itself
 * has no bit (ga100-host-facts.md 1.2).
 */
static void host_copy_engines_enable(struct nvrt_backend *b, const struct nvrt_topology *t, FILE *log)
{
	HW(pmc_device_enable_t) r = REG_RD(b, pmc_device_enable, 0);
	HW(pmc_device_enable_t) was = r;

	for (uint32_t i = 0; i < t->nengines; i++) {
		const struct nvrt_engine *e = &t->engines[i];

		if (e->copy && e->has_reset && e->reset < HWC(PMC_DEVICE_ENABLE_STATUS_BIT_SIZE_1))
			r = HW(set_pmc_device_enable_status_bit)(r, e->reset, HWC(PMC_DEVICE_ENABLE_STATUS_BIT_ENABLE));
	}
	if (r.v != was.v)
		REG_WR(b, pmc_device_enable, r, 0);
	device_log_reg(log, "copy engines enabled", &HW(pmc_device_enable_layout), 0,
		       REG_RD(b, pmc_device_enable, 0).v);
}

/*
 * One PBDMA's interrupts: pending bits cleared (write 1 to clear: writing
 * back what was read clears what is pending) and every one reported to
 * tree 0, which feeds the runlist's NV_RUNLIST_INTR_0 PBDMAi_INTR_TREE_0
 * (nouveau ga100_runq_init).  "This register stops interrupts from being
 * reported, it does not stop bits in the NV_PPBDMA_INTR_0 from being set"
 * (dev_pbdma.ref.txt:3243-3245).
 */
static void host_pbdma_intr(struct nvrt_backend *b, uint32_t p)
{
	HW(ppbdma_intr_0_en_set_tree_t) en0 = REG_ZERO(ppbdma_intr_0_en_set_tree);
	HW(ppbdma_intr_1_en_set_tree_t) en1 = REG_ZERO(ppbdma_intr_1_en_set_tree);

	REG_WR(b, ppbdma_intr_0, REG_RD(b, ppbdma_intr_0, p), p);
	REG_WR(b, ppbdma_intr_1, REG_RD(b, ppbdma_intr_1, p), p);
	en0.v = layout_all_fields(&HW(ppbdma_intr_0_en_set_tree_layout));
	en1.v = layout_all_fields(&HW(ppbdma_intr_1_en_set_tree_layout));
	REG_WR(b, ppbdma_intr_0_en_set_tree, en0, p, 0);
	REG_WR(b, ppbdma_intr_1_en_set_tree, en1, p, 0);
}

/*
 * One runlist (base B): the doorbell allowed (NV_RUNLIST_VIRTUAL_CHANNEL_CFG(0)
 * PENDING_ENABLE, written whole from the manual's init values: nouveau
 * ga100_runl_init, "Enable doorbell"), its interrupts cleared and the ones a
 * wait looks at routed to tree 0 (BAD_TSG, the preempt completions, the
 * engines' ctxsw timeouts, its PBDMAs' trees), its PBDMAs' interrupts, and
 * scheduling on (NV_RUNLIST_SCHED_DISABLE RUNLIST ENABLED, nouveau
 * ga100_runl_allow).
 */
static void host_runlist_init(struct nvrt_backend *b, const struct nvrt_runlist_loc *rl, uint32_t idx,
			      FILE *log)
{
	uint32_t base = rl->pri_base;
	HW(runlist_virtual_channel_cfg_t) vc = REG_ZERO(runlist_virtual_channel_cfg);
	HW(runlist_intr_0_en_set_tree_t) en = REG_ZERO(runlist_intr_0_en_set_tree);
	HW(runlist_sched_disable_t) sd = REG_ZERO(runlist_sched_disable);

	vc = HW(set_runlist_virtual_channel_cfg_mask_hw)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_MASK_HW_INIT));
	vc = HW(set_runlist_virtual_channel_cfg_set_hw)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_SET_HW_INIT));
	vc = HW(set_runlist_virtual_channel_cfg_pending_enable)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_PENDING_ENABLE_TRUE));
	REG_WR(b, runlist_virtual_channel_cfg, vc, base, 0);
	REG_WR(b, runlist_intr_0, REG_RD(b, runlist_intr_0, base), base);
	en = HW(set_runlist_intr_0_en_set_tree_ctxsw_timeout_eng0)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_CTXSW_TIMEOUT_ENG0_ENABLED));
	en = HW(set_runlist_intr_0_en_set_tree_ctxsw_timeout_eng1)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_CTXSW_TIMEOUT_ENG1_ENABLED));
	en = HW(set_runlist_intr_0_en_set_tree_ctxsw_timeout_eng2)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_CTXSW_TIMEOUT_ENG2_ENABLED));
	en = HW(set_runlist_intr_0_en_set_tree_tsg_preempt_complete)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_TSG_PREEMPT_COMPLETE_ENABLED));
	en = HW(set_runlist_intr_0_en_set_tree_runlist_preempt_complete)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_RUNLIST_PREEMPT_COMPLETE_ENABLED));
	en = HW(set_runlist_intr_0_en_set_tree_bad_tsg)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_BAD_TSG_ENABLED));
	en = HW(set_runlist_intr_0_en_set_tree_pbdma0_intr_tree_0)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_PBDMA0_INTR_TREE_0_ENABLED));
	en = HW(set_runlist_intr_0_en_set_tree_pbdma1_intr_tree_0)(en, HWC(RUNLIST_INTR_0_EN_SET_TREE_PBDMA1_INTR_TREE_0_ENABLED));
	REG_WR(b, runlist_intr_0_en_set_tree, en, base, 0);
	for (uint32_t q = 0; q < rl->npbdma; q++)
		host_pbdma_intr(b, rl->pbdma_ids[q]);
	sd = HW(set_runlist_sched_disable_runlist)(sd, HWC(RUNLIST_SCHED_DISABLE_RUNLIST_ENABLED));
	REG_WR(b, runlist_sched_disable, sd, base);
	if (log) {
		fprintf(log, "  %-22s block 0x%06x, channel RAM 0x%06x (%u channels), doorbell id %u, PBDMA",
			"runlist", base, rl->chram_base, rl->num_channels, rl->doorbell_id);
		for (uint32_t q = 0; q < rl->npbdma; q++)
			fprintf(log, " %u", rl->pbdma_ids[q]);
		fprintf(log, " (runlist %u): doorbell enabled, interrupts cleared, scheduling on\n", idx);
	}
}

/*
 * A fault buffer a previous driver left enabled points where the IOMMU maps
 * nothing: disable it (the VF window's copies are the ones GA100's manuals
 * give, dev_vm), and forget a fault latched before us.
 */
static void host_fault_buffers(struct nvrt_backend *b, FILE *log)
{
	HW(virtual_function_priv_mmu_fault_status_t) st;

	for (uint32_t i = 0; i < HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_BUFFER_SIZE_SIZE_1); i++) {
		HW(virtual_function_priv_mmu_fault_buffer_size_t) r =
			REG_RD(b, virtual_function_priv_mmu_fault_buffer_size, i);

		if (HW(get_virtual_function_priv_mmu_fault_buffer_size_enable)(r) ==
		    HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_BUFFER_SIZE_ENABLE_FALSE))
			continue;
		r = HW(set_virtual_function_priv_mmu_fault_buffer_size_enable)(r,
			HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_BUFFER_SIZE_ENABLE_FALSE));
		REG_WR(b, virtual_function_priv_mmu_fault_buffer_size, r, i);
		device_log_reg(log, "stale fault buffer off", &HW(virtual_function_priv_mmu_fault_buffer_size_layout),
			       (int)i, r.v);
	}
	st = REG_RD(b, virtual_function_priv_mmu_fault_status);
	if (HW(get_virtual_function_priv_mmu_fault_status_valid)(st) !=
	    HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_VALID_RESET)) {
		device_log_reg(log, "stale MMU fault", &HW(virtual_function_priv_mmu_fault_status_layout), -1, st.v);
		REG_WR(b, virtual_function_priv_mmu_fault_status, st);
	}
}

/* NV_PFB_NISO_FLUSH_SYSMEM_ADDR_HI, then _ADDR (addendum dev_fb; RM's order). */
static int host_flush_page(struct nvrt_backend *b, uint64_t iova, FILE *log, struct nvrt_err *err)
{
	HW(pfb_niso_flush_sysmem_addr_t) lo = REG_ZERO(pfb_niso_flush_sysmem_addr);
	HW(pfb_niso_flush_sysmem_addr_hi_t) hi = REG_ZERO(pfb_niso_flush_sysmem_addr_hi);
	uint64_t adr = iova >> HWC(PFB_NISO_FLUSH_SYSMEM_ADDR_SHIFT);
	uint64_t adr_hi = adr >> HWC(PFB_NISO_FLUSH_SYSMEM_ADDR_ADR_39_08_FIELD_WIDTH);

	if (adr_hi > HW_FIELD_MAX(PFB_NISO_FLUSH_SYSMEM_ADDR_HI_ADR_63_40))
		return nvrt_err_set(err, "flush page IOVA 0x%" PRIx64 " does not fit "
				    "NV_PFB_NISO_FLUSH_SYSMEM_ADDR_HI/_ADDR", iova);
	hi = HW(set_pfb_niso_flush_sysmem_addr_hi_adr_63_40)(hi, (uint32_t)adr_hi);
	lo = HW(set_pfb_niso_flush_sysmem_addr_adr_39_08)(lo, (uint32_t)adr);
	REG_WR(b, pfb_niso_flush_sysmem_addr_hi, hi);
	REG_WR(b, pfb_niso_flush_sysmem_addr, lo);
	device_log_reg(log, "sysmem flush page", &HW(pfb_niso_flush_sysmem_addr_layout), -1, lo.v);
	return 0;
}

int NVRT_FN(host_enable)(struct nvrt_backend *b, uint64_t flush_iova, FILE *log, struct nvrt_err *err)
{
	struct nvrt_topology t;

	/* Every per-runlist step needs the blocks' bases: device info first. */
	if (NVRT_FN(topology_read)(b, &t, err) < 0)
		return -1;
	host_copy_engines_enable(b, &t, log);
	for (uint32_t r = 0; r < t.nrunlists; r++)
		host_runlist_init(b, &t.runlists[r], r, log);
	host_fault_buffers(b, log);
	return host_flush_page(b, flush_iova, log, err);
}
