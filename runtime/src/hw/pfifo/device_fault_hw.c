/* SPDX-License-Identifier: MIT */
/*
 * Fault detection and the failure report of one chip, decoded with the
 * manual's names (../shared/design/gv100-host-facts.md section 5):
 * PFIFO INTR_0 and its error codes, the runlist's PBDMAs (INTR_0/1,
 * METHOD0/DATA0 with the Host method's name, GP and PB state), the
 * channel's PCCSR status, and the MMU's PRI fault registers with FAULT_TYPE
 * and ACCESS_TYPE names (dev_fault).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include "nvrt/gpfifo.h"
#include NVRT_HW_HEADER(dev_bus)
#include NVRT_HW_HEADER(dev_fault)
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(dev_master)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(pri_mmu_hub)
#include NVRT_HW_HEADER(fields/dev_bus)
#include NVRT_HW_HEADER(fields/dev_fifo)
#include NVRT_HW_HEADER(fields/dev_master)
#include NVRT_HW_HEADER(fields/dev_pbdma)
#include NVRT_HW_HEADER(fields/pri_mmu_hub)
#include "dump/reg_dump.h"

/* ---- a bounded one-line summary ------------------------------------------------------ */

struct why_buf {
	char *s;
	size_t n, len;
};

static void why_add_reg(struct why_buf *w, const char *prefix, const struct refgen_layout *l,
			uint32_t v, unsigned flags)
{
	char text[200];

	if (!w->n || w->len + 1 >= w->n)
		return;
	nvrt_reg_text(l, v, flags, text, sizeof(text));
	w->len += (size_t)snprintf(w->s + w->len, w->n - w->len, "%s%s%s", w->len ? "; " : "",
				   prefix, text);
	if (w->len >= w->n)
		w->len = w->n - 1;
}

/* ---- detection ------------------------------------------------------------------------- */

/* PFIFO INTR_0 bits that are errors (PBDMA_INTR is read per PBDMA below;
 * RUNLIST_EVENT and CHANNEL_INTR are events). */
static bool fault_pfifo_error(HW(pfifo_intr_0_t) r)
{
	return HW(get_pfifo_intr_0_bind_error)(r) == HWC(PFIFO_INTR_0_BIND_ERROR_PENDING) ||
	       HW(get_pfifo_intr_0_sched_error)(r) == HWC(PFIFO_INTR_0_SCHED_ERROR_PENDING) ||
	       HW(get_pfifo_intr_0_chsw_error)(r) == HWC(PFIFO_INTR_0_CHSW_ERROR_PENDING) ||
	       HW(get_pfifo_intr_0_memop_timeout)(r) == HWC(PFIFO_INTR_0_MEMOP_TIMEOUT_PENDING) ||
	       HW(get_pfifo_intr_0_lb_error)(r) == HWC(PFIFO_INTR_0_LB_ERROR_PENDING);
}

static bool fault_check_pfifo(struct nvrt_backend *b, struct why_buf *why)
{
	HW(pfifo_intr_0_t) r = REG_RD(b, pfifo_intr_0);

	if (!fault_pfifo_error(r))
		return false;
	why_add_reg(why, "", &HW(pfifo_intr_0_layout), r.v, NVRT_REG_NONZERO);
	if (HW(get_pfifo_intr_0_sched_error)(r) == HWC(PFIFO_INTR_0_SCHED_ERROR_PENDING))
		why_add_reg(why, "", &HW(pfifo_intr_sched_error_layout),
			    REG_RD(b, pfifo_intr_sched_error).v, 0);
	if (HW(get_pfifo_intr_0_bind_error)(r) == HWC(PFIFO_INTR_0_BIND_ERROR_PENDING))
		why_add_reg(why, "", &HW(pfifo_intr_bind_error_layout),
			    REG_RD(b, pfifo_intr_bind_error).v, 0);
	return true;
}

static bool fault_check_pbdma(struct nvrt_backend *b, uint32_t p, struct why_buf *why)
{
	HW(ppbdma_intr_0_t) i0 = REG_RD(b, ppbdma_intr_0, p);
	HW(ppbdma_intr_1_t) i1 = REG_RD(b, ppbdma_intr_1, p);
	char prefix[32];

	if (!i0.v && !i1.v)
		return false;
	snprintf(prefix, sizeof(prefix), "PBDMA %u: ", p);
	if (i0.v)
		why_add_reg(why, prefix, &HW(ppbdma_intr_0_layout), i0.v, NVRT_REG_NONZERO);
	if (i1.v)
		why_add_reg(why, prefix, &HW(ppbdma_intr_1_layout), i1.v, NVRT_REG_NONZERO);
	return true;
}

static bool fault_check_channel(struct nvrt_backend *b, uint32_t chid, struct why_buf *why)
{
	HW(pccsr_channel_t) r = REG_RD(b, pccsr_channel, chid);

	if (HW(get_pccsr_channel_pbdma_faulted)(r) != HWC(PCCSR_CHANNEL_PBDMA_FAULTED_TRUE) &&
	    HW(get_pccsr_channel_eng_faulted)(r) != HWC(PCCSR_CHANNEL_ENG_FAULTED_TRUE))
		return false;
	why_add_reg(why, "", &HW(pccsr_channel_layout), r.v, NVRT_REG_NONZERO);
	return true;
}

static bool fault_check_mmu(struct nvrt_backend *b, struct why_buf *why)
{
	HW(pfb_pri_mmu_fault_status_t) st = REG_RD(b, pfb_pri_mmu_fault_status);
	HW(pfb_pri_mmu_fault_info_t) info;
	char text[120];

	if (HW(get_pfb_pri_mmu_fault_status_valid)(st) == HWC(PFB_PRI_MMU_FAULT_STATUS_VALID_RESET))
		return false;
	info = REG_RD(b, pfb_pri_mmu_fault_info);
	snprintf(text, sizeof(text), "MMU fault %s %s: ",
		 NVRT_FN(fault_type_name)(HW(get_pfb_pri_mmu_fault_info_fault_type)(info)),
		 NVRT_FN(fault_access_type_name)(HW(get_pfb_pri_mmu_fault_info_access_type)(info)));
	why_add_reg(why, text, &HW(pfb_pri_mmu_fault_status_layout), st.v, NVRT_REG_NONZERO);
	return true;
}

bool NVRT_FN(fault_check)(struct nvrt_backend *b, const struct nvrt_host_watch *w, char *why, size_t n)
{
	struct why_buf wb = { why, n, 0 };
	bool fault = false;

	if (n)
		why[0] = '\0';
	/* MMU first: a PBDMA fault follows from it, and its type says most. */
	bool mmu = fault_check_mmu(b, &wb);

	fault |= fault_check_pfifo(b, &wb);
	for (uint32_t p = 0; p < w->num_pbdma; p++)
		if (w->pbdma_mask >> p & 1)
			fault |= fault_check_pbdma(b, p, &wb);
	fault |= fault_check_channel(b, w->chid, &wb);
	/* A fault latched while the others were read: its MMU side is there now. */
	if (fault && !mmu)
		mmu = fault_check_mmu(b, &wb);
	return fault || mmu;
}

/* ---- acknowledging (before teardown) ------------------------------------------------------ */

/* Write 1 to clear: writing back what was read clears exactly that. */
void NVRT_FN(fault_clear)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	for (uint32_t p = 0; p < w->num_pbdma; p++) {
		if (!(w->pbdma_mask >> p & 1))
			continue;
		REG_WR(b, ppbdma_intr_0, REG_RD(b, ppbdma_intr_0, p), p);
		REG_WR(b, ppbdma_intr_1, REG_RD(b, ppbdma_intr_1, p), p);
	}
	REG_WR(b, pfifo_intr_0, REG_RD(b, pfifo_intr_0));
	REG_WR(b, pfb_pri_mmu_fault_status, REG_RD(b, pfb_pri_mmu_fault_status));
}

/* ---- the report ---------------------------------------------------------------------------- */

/* A register's line, unless the read failed in the priv ring: then it says
 * so instead of decoding the error word as the register's fields. */
static void report_line(const char *indent, const struct refgen_layout *l, int index, uint32_t v,
			unsigned flags, FILE *out)
{
	if (!NVRT_FN(pri_error)(v)) {
		nvrt_reg_line(indent, l, index, v, flags, out);
		return;
	}
	fprintf(out, "%s%s", indent, l->name);
	if (index >= 0)
		fprintf(out, "(%d)", index);
	fprintf(out, " 0x%08" PRIx32 ": PRI error (NV_PRI_ERROR_CODE_BADF): not the register's value\n", v);
}

#define REPORT(b, out, indent, reg, flags, ...)                                             \
	report_line(indent, &HW(reg##_layout), -1, REG_RD(b, reg, __VA_ARGS__).v, flags, out)
#define REPORT_I(b, out, indent, reg, i, flags)                                             \
	report_line(indent, &HW(reg##_layout), (int)(i), REG_RD(b, reg, i).v, flags, out)

static void report_pfifo(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out)
{
	REPORT_I(b, out, "  ", pmc_intr, 0, NVRT_REG_NONZERO);
	REPORT(b, out, "  ", pfifo_intr_0, NVRT_REG_NONZERO);
	REPORT(b, out, "  ", pfifo_intr_sched_error, 0);
	REPORT(b, out, "  ", pfifo_intr_bind_error, 0);
	REPORT(b, out, "  ", pfifo_intr_chsw_error, 0);
	REPORT(b, out, "  ", pfifo_intr_lb_error, 0);
	REPORT(b, out, "  ", pfifo_intr_pbdma_id, NVRT_REG_NONZERO);
	REPORT(b, out, "  ", pfifo_sched_disable, NVRT_REG_NONZERO);
	NVRT_FN(runlist_report)(b, w->runlist, "  ", out);
	REPORT_I(b, out, "  ", pccsr_channel_inst, w->chid, 0);
	REPORT_I(b, out, "  ", pccsr_channel, w->chid, 0);
	for (uint32_t e = 0; e < HWC(PFIFO_ENGINE_STATUS_SIZE_1) && e < 64; e++)
		if (w->engine_mask >> e & 1)
			REPORT_I(b, out, "  ", pfifo_engine_status, e, 0);
}

/* METHOD0 holds the method's byte address in ADDR, at its own place. */
static void report_method(struct nvrt_backend *b, uint32_t p, FILE *out)
{
	HW(ppbdma_method0_t) m = REG_RD(b, ppbdma_method0, p);
	HW(ppbdma_method0_t) addr = REG_ZERO(ppbdma_method0);
	HW(ppbdma_data0_t) d = REG_RD(b, ppbdma_data0, p);
	const char *name;

	addr = HW(set_ppbdma_method0_addr)(addr, HW(get_ppbdma_method0_addr)(m));
	name = NVRT_FN(host_method_name)(addr.v);
	report_line("    ", &HW(ppbdma_method0_layout), (int)p, m.v, 0, out);
	report_line("    ", &HW(ppbdma_data0_layout), (int)p, d.v, 0, out);
	if (HW(get_ppbdma_method0_valid)(m) != HWC(PPBDMA_METHOD0_VALID_TRUE))
		return;
	fprintf(out, "      pending method 0x%03" PRIx32 " %s, subchannel %u\n", addr.v,
		name ? name : "(not a Host method)", (unsigned)HW(get_ppbdma_method0_subch)(m));
	if (name) {
		fprintf(out, "      %s:", name);
		fputc(' ', out);
		NVRT_FN(host_method_data_dump)(addr.v, d.v, out);
		fputc('\n', out);
	}
}

/* The last GP entry Host read (GP_SHADOW_0/1), as a GP entry. */
static void report_gp_shadow(struct nvrt_backend *b, uint32_t p, FILE *out)
{
	uint32_t w[2] = { REG_RD(b, ppbdma_gp_shadow_0, p).v, REG_RD(b, ppbdma_gp_shadow_1, p).v };
	struct nvrt_gp_entry e;

	NVRT_FN(gp_entry_decode)(w, &e);
	report_line("    ", &HW(ppbdma_gp_shadow_0_layout), (int)p, w[0], 0, out);
	report_line("    ", &HW(ppbdma_gp_shadow_1_layout), (int)p, w[1], 0, out);
	report_line("      as ", &HW(ppbdma_gp_entry1_layout), -1, w[1], NVRT_REG_NONZERO, out);
	if (e.length)
		fprintf(out, "      segment at 0x%" PRIx64 ", %u dwords\n", e.va, e.length);
}

/* The pushbuffer position: GET/GET_HI join into one address. */
static void report_pb(struct nvrt_backend *b, uint32_t p, FILE *out)
{
	HW(ppbdma_get_t) lo = REG_RD(b, ppbdma_get, p);
	HW(ppbdma_get_hi_t) hi = REG_RD(b, ppbdma_get_hi, p);

	fprintf(out, "    NV_PPBDMA_GET/GET_HI(%u): pushbuffer address 0x%" PRIx64 "\n", p,
		HW(join_ppbdma_get)(lo, hi));
	REPORT_I(b, out, "    ", ppbdma_pb_header, p, 0);
	REPORT_I(b, out, "    ", ppbdma_hdr_shadow, p, 0);
}

static void report_pbdma(struct nvrt_backend *b, uint32_t p, FILE *out)
{
	fprintf(out, "  PBDMA %u:\n", p);
	REPORT_I(b, out, "    ", pfifo_pbdma_status, p, 0);
	REPORT_I(b, out, "    ", ppbdma_intr_0, p, NVRT_REG_NONZERO);
	REPORT_I(b, out, "    ", ppbdma_intr_1, p, NVRT_REG_NONZERO);
	report_method(b, p, out);
	REPORT_I(b, out, "    ", ppbdma_channel, p, 0);
	REPORT_I(b, out, "    ", ppbdma_signature, p, 0);
	REPORT_I(b, out, "    ", ppbdma_gp_get, p, 0);
	REPORT_I(b, out, "    ", ppbdma_gp_put, p, 0);
	REPORT_I(b, out, "    ", ppbdma_gp_fetch, p, 0);
	report_gp_shadow(b, p, out);
	report_pb(b, p, out);
	REPORT_I(b, out, "    ", ppbdma_target, p, 0);
}

/* ENGINE_ID of a PBDMA: CFG0 PBDMA_FAULT_ID is PBDMA 0's MMU engine id. */
static void report_fault_engine(const struct nvrt_host_watch *w, uint32_t id, FILE *out)
{
	fprintf(out, "      ENGINE_ID 0x%x", id);
	if (id >= w->pbdma_fault_id && id - w->pbdma_fault_id < w->num_pbdma)
		fprintf(out, " = NV_PFIFO_CFG0_PBDMA_FAULT_ID + %u: Host, PBDMA %u",
			id - w->pbdma_fault_id, id - w->pbdma_fault_id);
	/* dev_fault: LCE n faults as CE0 + n; the LCEs' ids lie below Host's. */
	else if (id >= HWC(PFAULT_MMU_ENG_ID_CE0) && id < w->pbdma_fault_id)
		fprintf(out, " = NV_PFAULT_MMU_ENG_ID_CE0 + %u: copy engine, LCE %u",
			id - HWC(PFAULT_MMU_ENG_ID_CE0), id - HWC(PFAULT_MMU_ENG_ID_CE0));
	fputc('\n', out);
}

static void report_mmu(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out)
{
	HW(pfb_pri_mmu_fault_info_t) info = REG_RD(b, pfb_pri_mmu_fault_info);
	HW(pfb_pri_mmu_fault_addr_lo_t) alo = REG_RD(b, pfb_pri_mmu_fault_addr_lo);
	HW(pfb_pri_mmu_fault_inst_lo_t) ilo = REG_RD(b, pfb_pri_mmu_fault_inst_lo);
	HW(pfb_pri_mmu_fault_addr_hi_t) ahi = REG_RD(b, pfb_pri_mmu_fault_addr_hi);
	HW(pfb_pri_mmu_fault_inst_hi_t) ihi = REG_RD(b, pfb_pri_mmu_fault_inst_hi);

	fputs("  MMU (PRI fault registers):\n", out);
	REPORT(b, out, "    ", pfb_pri_mmu_fault_status, NVRT_REG_NONZERO);
	if (HW(get_pfb_pri_mmu_fault_info_valid)(info) == HWC(PFB_PRI_MMU_FAULT_INFO_VALID_RESET)) {
		fputs("    no fault recorded (NV_PFB_PRI_MMU_FAULT_INFO_VALID 0)\n", out);
		return;
	}
	report_line("    ", &HW(pfb_pri_mmu_fault_info_layout), -1, info.v, 0, out);
	fprintf(out, "      FAULT_TYPE %s, ACCESS_TYPE %s, CLIENT %s\n",
		NVRT_FN(fault_type_name)(HW(get_pfb_pri_mmu_fault_info_fault_type)(info)),
		NVRT_FN(fault_access_type_name)(HW(get_pfb_pri_mmu_fault_info_access_type)(info)),
		NVRT_FN(fault_client_name)(HW(get_pfb_pri_mmu_fault_info_client_type)(info),
					   HW(get_pfb_pri_mmu_fault_info_client)(info)));
	report_line("    ", &HW(pfb_pri_mmu_fault_addr_lo_layout), -1, alo.v, 0, out);
	fprintf(out, "      faulting address 0x%" PRIx64 "\n", HW(join_pfb_pri_mmu_fault_addr)(alo, ahi));
	report_line("    ", &HW(pfb_pri_mmu_fault_inst_lo_layout), -1, ilo.v, 0, out);
	fprintf(out, "      instance block 0x%" PRIx64 "\n", HW(join_pfb_pri_mmu_fault_inst)(ilo, ihi));
	report_fault_engine(w, HW(get_pfb_pri_mmu_fault_inst_lo_engine_id)(ilo), out);
}

void NVRT_FN(fault_report)(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out)
{
	fputs(" Host (PFIFO):\n", out);
	report_pfifo(b, w, out);
	for (uint32_t p = 0; p < w->num_pbdma; p++)
		if (w->pbdma_mask >> p & 1)
			report_pbdma(b, p, out);
	report_mmu(b, w, out);
	fputs(" Bus:\n", out);
	REPORT(b, out, "  ", pbus_intr_0, NVRT_REG_NONZERO);
}
