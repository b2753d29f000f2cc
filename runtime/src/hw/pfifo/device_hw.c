/* SPDX-License-Identifier: MIT */
/*
 * Host bring-up and channel control of one chip: identification, PFIFO and
 * PBDMA enable, engine discovery, channel bind/enable, runlists, doorbell,
 * time.  Every register is the chip's generated one (device_hw.h); values
 * and order: ../shared/design/gv100-host-facts.md sections 0, 1.2-1.9, and
 * dev_fifo's "Channel Teardown Sequence".
 *
 * What one generation does its own way (runlist submission, PBDMA enable,
 * identification, the doorbell's value) is in runtime/src/hw/<generation>/;
 * this file is the same source for every chip.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "hw/pfifo/chip_counts.h"
#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_master)
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(dev_top)
#include NVRT_HW_HEADER(dev_usermode)
#include NVRT_HW_HEADER(dev_fb)
#include NVRT_HW_HEADER(pri_mmu_hub)
#include NVRT_HW_HEADER(fields/dev_master)
#include NVRT_HW_HEADER(fields/dev_fb)
#include NVRT_HW_HEADER(fields/dev_fifo)
#include NVRT_HW_HEADER(fields/dev_pbdma)
#include NVRT_HW_HEADER(fields/dev_top)
#include NVRT_HW_HEADER(fields/pri_mmu_hub)
#include "dump/reg_dump.h"

/* ---- bring-up ------------------------------------------------------------------- */

static void device_log_reg(FILE *log, const char *step, const struct refgen_layout *l, int index,
			   uint32_t v)
{
	if (!log)
		return;
	fprintf(log, "  %-22s ", step);
	nvrt_reg_line("", l, index, v, NVRT_REG_NONZERO, log);
}

/*
 * NV_PMC_ENABLE: pulse PFIFO off and on (read back each time), touching no
 * other unit's bit.  nouveau nvkm_mc_reset does the same with 0x100.
 */
static void host_pfifo_reset(struct nvrt_backend *b, FILE *log)
{
	HW(pmc_enable_t) r = REG_RD(b, pmc_enable);

	r = HW(set_pmc_enable_pfifo)(r, HWC(PMC_ENABLE_PFIFO_DISABLED));
	REG_WR(b, pmc_enable, r);
	r = REG_RD(b, pmc_enable);
	device_log_reg(log, "PFIFO reset", &HW(pmc_enable_layout), -1, r.v);
	r = HW(set_pmc_enable_pfifo)(r, HWC(PMC_ENABLE_PFIFO_ENABLED));
	REG_WR(b, pmc_enable, r);
	r = REG_RD(b, pmc_enable);
	device_log_reg(log, "PFIFO enabled", &HW(pmc_enable_layout), -1, r.v);
}

/* How many PBDMAs exist (NV_PFIFO_CFG0), bounded by every per-PBDMA array. */
static uint32_t host_num_pbdma(struct nvrt_backend *b)
{
	uint32_t n = HW(get_pfifo_cfg0_num_pbdma)(REG_RD(b, pfifo_cfg0));

	return n < CHIP_PBDMAS ? n : CHIP_PBDMAS;
}

/*
 * Each PBDMA's interrupts: pending bits cleared (write 1 to clear: writing
 * back what was read clears exactly what is pending) and every report
 * enabled.  Pending bits are set whatever INTR_EN says (dev_pbdma).
 */
/* "| field at its _ENABLED value", from the field position constants. */
#define FIELD_AT(REG, F, V) \
	(((uint32_t)HWC(REG##_##F##_##V) << HWC(REG##_##F##_FIELD_SHIFT)) & HWC(REG##_##F##_FIELD_MASK))
#define INTR_EN_0_ON(F) | FIELD_AT(PPBDMA_INTR_EN_0, F, ENABLED)
#define INTR_EN_1_ON(F) | FIELD_AT(PPBDMA_INTR_EN_1, F, ENABLED)
#define PFIFO_INTR_EN_ON(F) | FIELD_AT(PFIFO_INTR_EN_0, F, ENABLED)

static void host_pbdma_intr(struct nvrt_backend *b, uint32_t npbdma, FILE *log)
{
	for (uint32_t i = 0; i < npbdma; i++) {
		HW(ppbdma_intr_en_0_t) en0 = REG_ZERO(ppbdma_intr_en_0);
		HW(ppbdma_intr_en_1_t) en1 = REG_ZERO(ppbdma_intr_en_1);

		REG_WR(b, ppbdma_intr_0, REG_RD(b, ppbdma_intr_0, i), i);
		REG_WR(b, ppbdma_intr_1, REG_RD(b, ppbdma_intr_1, i), i);
		en0.v = 0 NVRT_PPBDMA_INTR_EN_0_FIELDS(INTR_EN_0_ON);
		en1.v = 0 NVRT_PPBDMA_INTR_EN_1_FIELDS(INTR_EN_1_ON);
		REG_WR(b, ppbdma_intr_en_0, en0, i);
		REG_WR(b, ppbdma_intr_en_1, en1, i);
	}
	if (log)
		fprintf(log, "  %-22s NV_PPBDMA_INTR_0/1(0..%u) cleared, NV_PPBDMA_INTR_EN_0/1 "
			"every field ENABLED\n", "PBDMA interrupts", npbdma ? npbdma - 1 : 0);
}

/*
 * NV_PFIFO_INTR_0: clear what a previous user left pending, and report every
 * stalling interrupt upwards (NV_PMC_INTR): INTR_EN_0 all but the
 * non-stalling CHANNEL_INTR, as nouveau gk104_fifo_init writes 0x7fffffff.
 */
static void host_pfifo_intr(struct nvrt_backend *b, FILE *log)
{
	HW(pfifo_intr_0_t) r = REG_RD(b, pfifo_intr_0);
	HW(pfifo_intr_en_0_t) en = REG_ZERO(pfifo_intr_en_0);

	device_log_reg(log, "PFIFO intr (cleared)", &HW(pfifo_intr_0_layout), -1, r.v);
	REG_WR(b, pfifo_intr_0, r);
	en.v = 0 NVRT_PFIFO_INTR_EN_0_FIELDS(PFIFO_INTR_EN_ON);
	en = HW(set_pfifo_intr_en_0_channel_intr)(en, HWC(PFIFO_INTR_EN_0_CHANNEL_INTR_DISABLED));
	REG_WR(b, pfifo_intr_en_0, en);
	device_log_reg(log, "PFIFO intr enabled", &HW(pfifo_intr_en_0_layout), -1, en.v);
}

/* NV_PFIFO_SCHED_DISABLE: no runlist blocked. */
static void host_sched_enable(struct nvrt_backend *b, FILE *log)
{
	HW(pfifo_sched_disable_t) r = REG_ZERO(pfifo_sched_disable);

	r = HW(set_pfifo_sched_disable_runlist_mask)(r, HWC(PFIFO_SCHED_DISABLE_RUNLIST_MASK_INIT));
	REG_WR(b, pfifo_sched_disable, r);
	device_log_reg(log, "scheduler", &HW(pfifo_sched_disable_layout), -1,
		       REG_RD(b, pfifo_sched_disable).v);
}

/* NV_PFIFO_USERD_WRITEBACK: GP_GET reaches USERD every 100 us (nvgpu). */
static void host_userd_writeback(struct nvrt_backend *b, FILE *log)
{
	HW(pfifo_userd_writeback_t) r = REG_ZERO(pfifo_userd_writeback);

	r = HW(set_pfifo_userd_writeback_timer)(r, HWC(PFIFO_USERD_WRITEBACK_TIMER_100US));
	r = HW(set_pfifo_userd_writeback_timescale)(r, HWC(PFIFO_USERD_WRITEBACK_TIMESCALE_100US));
	REG_WR(b, pfifo_userd_writeback, r);
	device_log_reg(log, "USERD writeback", &HW(pfifo_userd_writeback_layout), -1, r.v);
}

/*
 * A fault buffer a previous driver left enabled points where the IOMMU maps
 * nothing: disable it, so faults land in the PRI fault registers, and
 * forget a fault latched there before us.
 */
static void host_fault_buffers(struct nvrt_backend *b, FILE *log)
{
	HW(pfb_pri_mmu_fault_status_t) st;

	for (uint32_t i = 0; i < HWC(PFB_PRI_MMU_FAULT_BUFFER_SIZE_SIZE_1); i++) {
		HW(pfb_pri_mmu_fault_buffer_size_t) r = REG_RD(b, pfb_pri_mmu_fault_buffer_size, i);

		if (HW(get_pfb_pri_mmu_fault_buffer_size_enable)(r) ==
		    HWC(PFB_PRI_MMU_FAULT_BUFFER_SIZE_ENABLE_FALSE))
			continue;
		r = HW(set_pfb_pri_mmu_fault_buffer_size_enable)(r, HWC(PFB_PRI_MMU_FAULT_BUFFER_SIZE_ENABLE_FALSE));
		REG_WR(b, pfb_pri_mmu_fault_buffer_size, r, i);
		device_log_reg(log, "stale fault buffer off", &HW(pfb_pri_mmu_fault_buffer_size_layout),
			       (int)i, r.v);
	}
	st = REG_RD(b, pfb_pri_mmu_fault_status);
	if (HW(get_pfb_pri_mmu_fault_status_valid)(st) != HWC(PFB_PRI_MMU_FAULT_STATUS_VALID_RESET)) {
		device_log_reg(log, "stale MMU fault", &HW(pfb_pri_mmu_fault_status_layout), -1, st.v);
		REG_WR(b, pfb_pri_mmu_fault_status, st);
	}
}

/* NV_PFB_NISO_FLUSH_SYSMEM_ADDR (addendum dev_fb): where sysmembars write. */
static int host_flush_page(struct nvrt_backend *b, uint64_t iova, FILE *log, struct nvrt_err *err)
{
	HW(pfb_niso_flush_sysmem_addr_t) r = REG_ZERO(pfb_niso_flush_sysmem_addr);
	uint64_t adr = iova >> HWC(PFB_NISO_FLUSH_SYSMEM_ADDR_SHIFT);

	if (adr > HW_FIELD_MAX(PFB_NISO_FLUSH_SYSMEM_ADDR_ADR))
		return nvrt_err_set(err, "flush page IOVA 0x%" PRIx64 " does not fit "
				    "NV_PFB_NISO_FLUSH_SYSMEM_ADDR_ADR (address >> %u)", iova,
				    (unsigned)HWC(PFB_NISO_FLUSH_SYSMEM_ADDR_SHIFT));
	r = HW(set_pfb_niso_flush_sysmem_addr_adr)(r, (uint32_t)adr);
	REG_WR(b, pfb_niso_flush_sysmem_addr, r);
	device_log_reg(log, "sysmem flush page", &HW(pfb_niso_flush_sysmem_addr_layout), -1, r.v);
	return 0;
}

int NVRT_FN(host_enable)(struct nvrt_backend *b, uint64_t flush_iova, FILE *log, struct nvrt_err *err)
{
	uint32_t npbdma;

	host_pfifo_reset(b, log);
	npbdma = host_num_pbdma(b);
	NVRT_FN(pbdma_enable)(b, npbdma, log);
	host_pbdma_intr(b, npbdma, log);
	host_pfifo_intr(b, log);
	host_sched_enable(b, log);
	host_userd_writeback(b, log);
	host_fault_buffers(b, log);
	return host_flush_page(b, flush_iova, log, err);
}

/* ---- engines and runlists (dev_top NV_PTOP_DEVICE_INFO, dev_fifo PBDMA_MAP) ---- */

static void topology_type_name(struct nvrt_engine *e)
{
	const struct refgen_field *f = nvrt_reg_field_of(&HW(ptop_device_info_layout),
							 HW(ptop_device_info_type_enum_values));
	const char *name = nvrt_reg_value_name(f, e->type);

	if (name)
		snprintf(e->type_name, sizeof(e->type_name), "%s", name);
	else
		snprintf(e->type_name, sizeof(e->type_name), "0x%x", e->type);
}

/* An ENGINE_TYPE entry ends a chain's description: what kind of unit. */
static void topology_entry_type(struct nvrt_engine *e, HW(ptop_device_info_t) r)
{
	e->type = HW(get_ptop_device_info_type_enum)(r);
	topology_type_name(e);
	e->graphics = e->type == HWC(PTOP_DEVICE_INFO_TYPE_ENUM_GRAPHICS);
	e->copy = e->type == HWC(PTOP_DEVICE_INFO_TYPE_ENUM_LCE) ||
		  e->type == HWC(PTOP_DEVICE_INFO_TYPE_ENUM_COPY0) ||
		  e->type == HWC(PTOP_DEVICE_INFO_TYPE_ENUM_COPY1) ||
		  e->type == HWC(PTOP_DEVICE_INFO_TYPE_ENUM_COPY2);
}

/* An ENUM entry: engine, runlist, interrupt and reset ids, each if valid. */
static void topology_entry_enum(struct nvrt_engine *e, HW(ptop_device_info_t) r)
{
	e->has_engine = HW(get_ptop_device_info_engine)(r) == HWC(PTOP_DEVICE_INFO_ENGINE_VALID);
	e->has_runlist = HW(get_ptop_device_info_runlist)(r) == HWC(PTOP_DEVICE_INFO_RUNLIST_VALID);
	e->has_intr = HW(get_ptop_device_info_intr)(r) == HWC(PTOP_DEVICE_INFO_INTR_VALID);
	e->has_reset = HW(get_ptop_device_info_reset)(r) == HWC(PTOP_DEVICE_INFO_RESET_VALID);
	e->engine_id = e->has_engine ? HW(get_ptop_device_info_engine_enum)(r) : 0;
	e->runlist = e->has_runlist ? HW(get_ptop_device_info_runlist_enum)(r) : 0;
	e->intr = e->has_intr ? HW(get_ptop_device_info_intr_enum)(r) : 0;
	e->reset = e->has_reset ? HW(get_ptop_device_info_reset_enum)(r) : 0;
}

/* A DATA entry: instance, PRI base and MMU fault id. */
static void topology_entry_data(struct nvrt_engine *e, HW(ptop_device_info_t) r)
{
	HW(ptop_device_info_t) base = REG_ZERO(ptop_device_info);

	e->inst_id = HW(get_ptop_device_info_data_inst_id)(r);
	/* PRI_BASE holds address bits at their own place: keep only that field. */
	base = HW(set_ptop_device_info_data_pri_base)(base, HW(get_ptop_device_info_data_pri_base)(r));
	e->pri_base = base.v;
	e->has_fault_id = HW(get_ptop_device_info_data_fault_id)(r) ==
			  HWC(PTOP_DEVICE_INFO_DATA_FAULT_ID_VALID);
	e->fault_id = e->has_fault_id ? HW(get_ptop_device_info_data_fault_id_enum)(r) : 0;
}

/* Decodes one entry into e; true when the chain (the device) is complete. */
static bool topology_entry(struct nvrt_engine *e, HW(ptop_device_info_t) r)
{
	switch (HW(get_ptop_device_info_entry)(r)) {
	case HWC(PTOP_DEVICE_INFO_ENTRY_DATA):
		topology_entry_data(e, r);
		break;
	case HWC(PTOP_DEVICE_INFO_ENTRY_ENUM):
		topology_entry_enum(e, r);
		break;
	case HWC(PTOP_DEVICE_INFO_ENTRY_ENGINE_TYPE):
		topology_entry_type(e, r);
		break;
	default:
		break;
	}
	return HW(get_ptop_device_info_chain)(r) != HWC(PTOP_DEVICE_INFO_CHAIN_ENABLE);
}

/* The DEVICE_INFO table: chains of entries, NOT_VALID ones skipped
 * (nouveau gk104_top_parse reads it the same way). */
static int topology_devices(struct nvrt_backend *b, struct nvrt_topology *t, struct nvrt_err *err)
{
	struct nvrt_engine e;

	memset(&e, 0, sizeof(e));
	for (uint32_t i = 0; i < HWC(PTOP_DEVICE_INFO_SIZE_1); i++) {
		HW(ptop_device_info_t) r = REG_RD(b, ptop_device_info, i);

		if (HW(get_ptop_device_info_entry)(r) == HWC(PTOP_DEVICE_INFO_ENTRY_NOT_VALID))
			continue;
		if (!topology_entry(&e, r))
			continue;
		if (t->nengines == NVRT_MAX_ENGINES)
			return nvrt_err_set(err, "NV_PTOP_DEVICE_INFO describes more than %u devices",
					    NVRT_MAX_ENGINES);
		if (!e.type_name[0])
			topology_type_name(&e);
		t->engines[t->nengines++] = e;
		memset(&e, 0, sizeof(e));
	}
	return 0;
}

int NVRT_FN(topology_read)(struct nvrt_backend *b, struct nvrt_topology *t, struct nvrt_err *err)
{
	HW(pfifo_cfg0_t) cfg0 = REG_RD(b, pfifo_cfg0);

	memset(t, 0, sizeof(*t));
	t->num_pbdma = host_num_pbdma(b);
	t->num_channels = HW(get_pfifo_cfg1_num_channels)(REG_RD(b, pfifo_cfg1));
	if (t->num_channels > HWC(PCCSR_CHANNEL_SIZE_1))
		t->num_channels = HWC(PCCSR_CHANNEL_SIZE_1);
	t->pbdma_fault_id = HW(get_pfifo_cfg0_pbdma_fault_id)(cfg0);
	for (uint32_t i = 0; i < t->num_pbdma; i++)
		t->pbdma_runlists[i] = HW(get_pfifo_pbdma_map_runlists)(REG_RD(b, pfifo_pbdma_map, i));
	return topology_devices(b, t, err);
}

/* ---- channels (dev_fifo NV_PCCSR) ------------------------------------------------ */

static enum HW(pccsr_channel_inst_target) channel_inst_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(PCCSR_CHANNEL_INST_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT);
}

/* NV_PCCSR_CHANNEL_INST: the instance block (4 KiB units) and BIND. */
int NVRT_FN(channel_bind)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t inst_iova,
			  enum nvrt_aperture ap, struct nvrt_err *err)
{
	uint32_t chid = w->chid;
	HW(pccsr_channel_inst_t) r = REG_ZERO(pccsr_channel_inst);
	uint64_t ptr = inst_iova >> HWC(PCCSR_CHANNEL_INST_PTR_ALIGN_SHIFT);

	if (chid >= HWC(PCCSR_CHANNEL_INST_SIZE_1) || ptr > UINT32_MAX)
		return nvrt_err_set(err, "bind: channel %u or instance block 0x%" PRIx64 " out of range "
				    "(NV_PCCSR_CHANNEL_INST)", chid, inst_iova);
	nvrt_hw_check_reset();
	r = HW(set_pccsr_channel_inst_ptr)(r, (uint32_t)ptr);
	r = HW(set_pccsr_channel_inst_target)(r, channel_inst_target(ap));
	r = HW(set_pccsr_channel_inst_bind)(r, HWC(PCCSR_CHANNEL_INST_BIND_TRUE));
	if (nvrt_hw_check_result(err, "NV_PCCSR_CHANNEL_INST"))
		return -1;
	REG_WR(b, pccsr_channel_inst, r, chid);
	return 0;
}

/* Unbind; reset the FAULTED bits first, so the channel id is clean for the
 * next user (nvgpu channel_gv11b_unbind). */
void NVRT_FN(channel_unbind)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	uint32_t chid = w->chid;
	HW(pccsr_channel_t) c = REG_RD(b, pccsr_channel, chid);
	HW(pccsr_channel_inst_t) r = REG_ZERO(pccsr_channel_inst);

	if (HW(get_pccsr_channel_pbdma_faulted)(c) == HWC(PCCSR_CHANNEL_PBDMA_FAULTED_TRUE) ||
	    HW(get_pccsr_channel_eng_faulted)(c) == HWC(PCCSR_CHANNEL_ENG_FAULTED_TRUE)) {
		HW(pccsr_channel_t) reset = REG_ZERO(pccsr_channel);

		reset = HW(set_pccsr_channel_pbdma_faulted)(reset, HWC(PCCSR_CHANNEL_PBDMA_FAULTED_RESET));
		reset = HW(set_pccsr_channel_eng_faulted)(reset, HWC(PCCSR_CHANNEL_ENG_FAULTED_RESET));
		REG_WR(b, pccsr_channel, reset, chid);
	}
	r = HW(set_pccsr_channel_inst_bind)(r, HWC(PCCSR_CHANNEL_INST_BIND_FALSE));
	REG_WR(b, pccsr_channel_inst, r, chid);
}

/*
 * ENABLE_SET / ENABLE_CLR are write-only triggers; the rest of the value
 * written is 0, which leaves NEXT alone and resets no FAULTED bit.
 */
void NVRT_FN(channel_enable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool enable)
{
	HW(pccsr_channel_t) r = REG_ZERO(pccsr_channel);

	if (enable)
		r = HW(set_pccsr_channel_enable_set)(r, HWC(PCCSR_CHANNEL_ENABLE_SET_TRUE));
	else
		r = HW(set_pccsr_channel_enable_clr)(r, HWC(PCCSR_CHANNEL_ENABLE_CLR_TRUE));
	REG_WR(b, pccsr_channel, r, w->chid);
}

/* ---- runlists (dev_fifo SCHED_DISABLE, RUNLIST_PREEMPT, status) ------------------ */

/* NV_PFIFO_SCHED_DISABLE: one runlist's bit, the others kept. */
void NVRT_FN(runlist_sched_disable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool disable)
{
	HW(pfifo_sched_disable_t) r = REG_RD(b, pfifo_sched_disable);

	r = HW(set_pfifo_sched_disable_runlist)(r, w->runlist, disable ? HWC(PFIFO_SCHED_DISABLE_TRUE) :
							     HWC(PFIFO_SCHED_DISABLE_FALSE));
	REG_WR(b, pfifo_sched_disable, r);
}

/* NV_PFIFO_RUNLIST_PREEMPT: preempt what runs on the runlist (teardown
 * step 3: completion is seen in PBDMA_STATUS/ENGINE_STATUS, not here). */
void NVRT_FN(runlist_preempt)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	HW(pfifo_runlist_preempt_t) r = REG_ZERO(pfifo_runlist_preempt);

	r = HW(set_pfifo_runlist_preempt_runlist)(r, w->runlist, HWC(PFIFO_RUNLIST_PREEMPT_PENDING));
	REG_WR(b, pfifo_runlist_preempt, r);
}

/* Teardown step 4a: no PBDMA of the runlist holds the channel or TSG. */
static bool preempt_pbdma_done(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint32_t p)
{
	HW(pfifo_pbdma_status_t) s = REG_RD(b, pfifo_pbdma_status, p);
	uint32_t id = HW(get_pfifo_pbdma_status_id_hw)(s);
	bool tsg = HW(get_pfifo_pbdma_status_id_type)(s) == HWC(PFIFO_PBDMA_STATUS_ID_TYPE_TSGID);

	if (HW(get_pfifo_pbdma_status_chan_status)(s) == HWC(PFIFO_PBDMA_STATUS_CHAN_STATUS_INVALID))
		return true;
	return id != (tsg ? w->tsgid : w->chid);
}

/* Teardown step 4b: each engine of the runlist has saved the TSG off
 * (CTX_STATUS INVALID, or an ID/NEXT_ID that is not ours). */
static bool preempt_engine_done(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint32_t e)
{
	HW(pfifo_engine_status_t) s = REG_RD(b, pfifo_engine_status, e);

	switch (HW(get_pfifo_engine_status_ctx_status)(s)) {
	case HWC(PFIFO_ENGINE_STATUS_CTX_STATUS_INVALID):
		return true;
	case HWC(PFIFO_ENGINE_STATUS_CTX_STATUS_VALID):
	case HWC(PFIFO_ENGINE_STATUS_CTX_STATUS_CTXSW_SAVE):
		return HW(get_pfifo_engine_status_id_hw)(s) != w->tsgid;
	case HWC(PFIFO_ENGINE_STATUS_CTX_STATUS_CTXSW_LOAD):
		return HW(get_pfifo_engine_status_next_id_hw)(s) != w->tsgid;
	default:    /* CTXSW_SWITCH: the save has not started */
		return false;
	}
}

bool NVRT_FN(preempt_done)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	for (uint32_t p = 0; p < w->num_pbdma; p++)
		if ((w->pbdma_mask >> p & 1) && !preempt_pbdma_done(b, w, p))
			return false;
	for (uint32_t e = 0; e < HWC(PFIFO_ENGINE_STATUS_SIZE_1) && e < 64; e++)
		if ((w->engine_mask >> e & 1) && !preempt_engine_done(b, w, e))
			return false;
	return true;
}

/* ---- work submission and time (dev_usermode) ------------------------------------------ */

/* The generation's handle for the channel (dev_usermode
 * NOTIFY_CHANNEL_PENDING), at the generation's doorbell address. */
void NVRT_FN(doorbell_ring)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	nvrt_bar0_write32(b, NVRT_FN(doorbell_addr)(), NVRT_FN(doorbell_handle)(w));
}

/*
 * TIME_1, TIME_0, TIME_1 again until both TIME_1 reads agree (dev_usermode).
 * TIME_0's NSEC holds the low bits at their own place; TIME_1 is the high
 * word.
 */
uint64_t NVRT_FN(time_read)(struct nvrt_backend *b)
{
	for (int tries = 0;; tries++) {
		HW(usermode_time_1_t) hi = REG_RD(b, usermode_time_1);
		HW(usermode_time_0_t) lo = REG_RD(b, usermode_time_0);
		HW(usermode_time_1_t) hi2 = REG_RD(b, usermode_time_1);
		HW(usermode_time_0_t) low = REG_ZERO(usermode_time_0);

		if (hi.v != hi2.v && tries < 3)
			continue;
		low.v = lo.v & HWC(USERMODE_TIME_0_NSEC_FIELD_MASK);
		return (uint64_t)HW(get_usermode_time_1_nsec)(hi) << 32 | low.v;
	}
}
