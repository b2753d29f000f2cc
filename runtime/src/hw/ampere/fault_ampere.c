/* SPDX-License-Identifier: MIT */
/*
 * Ampere's fault detection, failure report and bus, decoded with the
 * manual's names (../shared/design/ga100-host-facts.md section 5): the
 * runlist's NV_RUNLIST_INTR_0 (BAD_TSG with NV_RUNLIST_INTR_BAD_TSG, the
 * engines' ctxsw timeouts), its PBDMAs (INTR_0/1, METHOD0/DATA0, GP and PB
 * state, STATUS_SCHED), the channel's NV_CHRAM_CHANNEL, and the MMU fault
 * registers of the VF window (dev_vm NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_*,
 * the copies GA100's manuals give) with dev_fault's type names.  Also the
 * PRI error word, the register that never reads all ones, the manual's name
 * of a register (BAR0, the VF window, a runlist's block), and the scan for
 * what a previous user left.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "hw/ampere/ampere.h"
#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include "nvrt/gpfifo.h"
#include NVRT_HW_HEADER(dev_boot)
#include NVRT_HW_HEADER(dev_bus)
#include NVRT_HW_HEADER(dev_fault)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_runlist)
#include NVRT_HW_HEADER(dev_vm)
#include NVRT_HW_HEADER(fields/dev_boot)
#include NVRT_HW_HEADER(fields/dev_bus)
#include NVRT_HW_HEADER(fields/dev_fb)
#include NVRT_HW_HEADER(fields/dev_pbdma)
#include NVRT_HW_HEADER(fields/dev_runlist)
#include NVRT_HW_HEADER(fields/dev_timer)
#include NVRT_HW_HEADER(fields/dev_top)
#include NVRT_HW_HEADER(fields/dev_vm)
#include "dump/reg_dump.h"

/* ---- a bounded one-line summary ---------------------------------------------------- */

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

/* ---- detection --------------------------------------------------------------------- */

/* NV_RUNLIST_INTR_0 bits that are errors; the PBDMA tree bits are read per
 * PBDMA below, the idle and preempt-complete bits are events. */
static bool fault_runlist_error(HW(runlist_intr_0_t) r)
{
	return HW(get_runlist_intr_0_bad_tsg)(r) == HWC(RUNLIST_INTR_0_BAD_TSG_PENDING) ||
	       HW(get_runlist_intr_0_ctxsw_timeout_eng0)(r) == HWC(RUNLIST_INTR_0_CTXSW_TIMEOUT_ENG0_PENDING) ||
	       HW(get_runlist_intr_0_ctxsw_timeout_eng1)(r) == HWC(RUNLIST_INTR_0_CTXSW_TIMEOUT_ENG1_PENDING) ||
	       HW(get_runlist_intr_0_ctxsw_timeout_eng2)(r) == HWC(RUNLIST_INTR_0_CTXSW_TIMEOUT_ENG2_PENDING);
}

static bool fault_check_runlist(struct nvrt_backend *b, const struct nvrt_host_watch *w, struct why_buf *why)
{
	HW(runlist_intr_0_t) r = REG_RD(b, runlist_intr_0, w->loc.pri_base);

	if (!fault_runlist_error(r))
		return false;
	why_add_reg(why, "", &HW(runlist_intr_0_layout), r.v, NVRT_REG_NONZERO);
	if (HW(get_runlist_intr_0_bad_tsg)(r) == HWC(RUNLIST_INTR_0_BAD_TSG_PENDING))
		why_add_reg(why, "", &HW(runlist_intr_bad_tsg_layout),
			    REG_RD(b, runlist_intr_bad_tsg, w->loc.pri_base).v, 0);
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

static bool fault_check_channel(struct nvrt_backend *b, const struct nvrt_host_watch *w, struct why_buf *why)
{
	HW(chram_channel_t) r;

	if (!w->loc.chram_base || w->chid >= w->loc.num_channels)
		return false;
	r = REG_RD(b, chram_channel, w->loc.chram_base, w->chid);
	if (HW(get_chram_channel_pbdma_faulted)(r) != HWC(CHRAM_CHANNEL_PBDMA_FAULTED_TRUE) &&
	    HW(get_chram_channel_eng_faulted)(r) != HWC(CHRAM_CHANNEL_ENG_FAULTED_TRUE))
		return false;
	why_add_reg(why, "", &HW(chram_channel_layout), r.v, NVRT_REG_NONZERO);
	return true;
}

static bool fault_check_mmu(struct nvrt_backend *b, struct why_buf *why)
{
	HW(virtual_function_priv_mmu_fault_status_t) st = REG_RD(b, virtual_function_priv_mmu_fault_status);
	HW(virtual_function_priv_mmu_fault_info_t) info;
	char text[120];

	if (HW(get_virtual_function_priv_mmu_fault_status_valid)(st) ==
	    HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_VALID_RESET))
		return false;
	info = REG_RD(b, virtual_function_priv_mmu_fault_info);
	snprintf(text, sizeof(text), "MMU fault %s %s: ",
		 NVRT_FN(fault_type_name)(HW(get_virtual_function_priv_mmu_fault_info_fault_type)(info)),
		 NVRT_FN(fault_access_type_name)(HW(get_virtual_function_priv_mmu_fault_info_access_type)(info)));
	why_add_reg(why, text, &HW(virtual_function_priv_mmu_fault_status_layout), st.v, NVRT_REG_NONZERO);
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

	if (w->loc.pri_base)
		fault |= fault_check_runlist(b, w, &wb);
	for (uint32_t p = 0; p < w->num_pbdma; p++)
		if (w->pbdma_mask >> p & 1)
			fault |= fault_check_pbdma(b, p, &wb);
	fault |= fault_check_channel(b, w, &wb);
	if (fault && !mmu)
		mmu = fault_check_mmu(b, &wb);
	return fault || mmu;
}

/* Write 1 to clear: writing back what was read clears exactly that. */
void NVRT_FN(fault_clear)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	for (uint32_t p = 0; p < w->num_pbdma; p++) {
		if (!(w->pbdma_mask >> p & 1))
			continue;
		REG_WR(b, ppbdma_intr_0, REG_RD(b, ppbdma_intr_0, p), p);
		REG_WR(b, ppbdma_intr_1, REG_RD(b, ppbdma_intr_1, p), p);
	}
	if (w->loc.pri_base)
		REG_WR(b, runlist_intr_0, REG_RD(b, runlist_intr_0, w->loc.pri_base), w->loc.pri_base);
	REG_WR(b, virtual_function_priv_mmu_fault_status, REG_RD(b, virtual_function_priv_mmu_fault_status));
}

/* ---- the report -------------------------------------------------------------------- */

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

static void report_runlist(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out)
{
	uint32_t base = w->loc.pri_base;

	fprintf(out, "  runlist %u: block 0x%06x, channel RAM 0x%06x, doorbell id %u\n", w->runlist, base,
		w->loc.chram_base, w->loc.doorbell_id);
	if (!base)
		return;
	report_line("  ", &HW(runlist_intr_0_layout), -1, REG_RD(b, runlist_intr_0, base).v, NVRT_REG_NONZERO, out);
	report_line("  ", &HW(runlist_intr_bad_tsg_layout), -1, REG_RD(b, runlist_intr_bad_tsg, base).v, 0, out);
	report_line("  ", &HW(runlist_info_layout), -1, REG_RD(b, runlist_info, base).v, NVRT_REG_NONZERO, out);
	report_line("  ", &HW(runlist_sched_disable_layout), -1, REG_RD(b, runlist_sched_disable, base).v, 0, out);
	report_line("  ", &HW(runlist_preempt_layout), -1, REG_RD(b, runlist_preempt, base).v, 0, out);
	NVRT_FN(runlist_block_report)(b, base, "  ", out);
	if (w->loc.chram_base && w->chid < w->loc.num_channels)
		report_line("  ", &HW(chram_channel_layout), (int)w->chid,
			    REG_RD(b, chram_channel, w->loc.chram_base, w->chid).v, 0, out);
	for (uint32_t e = 0; e < HWC(RUNLIST_ENGINE_STATUS0_SIZE_1) && e < 64; e++)
		if (w->engine_mask >> e & 1)
			report_line("  ", &HW(runlist_engine_status0_layout), (int)e,
				    REG_RD(b, runlist_engine_status0, base, e).v, 0, out);
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
		fprintf(out, "      %s: ", name);
		NVRT_FN(host_method_data_dump)(addr.v, d.v, out);
		fputc('\n', out);
	}
}

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

static void report_pbdma(struct nvrt_backend *b, uint32_t p, FILE *out)
{
	HW(ppbdma_get_t) lo = REG_RD(b, ppbdma_get, p);
	HW(ppbdma_get_hi_t) hi = REG_RD(b, ppbdma_get_hi, p);

	fprintf(out, "  PBDMA %u:\n", p);
	REPORT_I(b, out, "    ", ppbdma_status_sched, p, 0);
	REPORT_I(b, out, "    ", ppbdma_intr_0, p, NVRT_REG_NONZERO);
	REPORT_I(b, out, "    ", ppbdma_intr_1, p, NVRT_REG_NONZERO);
	report_method(b, p, out);
	REPORT_I(b, out, "    ", ppbdma_channel, p, 0);
	REPORT_I(b, out, "    ", ppbdma_signature, p, 0);
	REPORT_I(b, out, "    ", ppbdma_gp_get, p, 0);
	REPORT_I(b, out, "    ", ppbdma_gp_put, p, 0);
	REPORT_I(b, out, "    ", ppbdma_gp_fetch, p, 0);
	report_gp_shadow(b, p, out);
	fprintf(out, "    NV_PPBDMA_GET/GET_HI(%u): pushbuffer address 0x%" PRIx64 "\n", p,
		HW(join_ppbdma_get)(lo, hi));
	REPORT_I(b, out, "    ", ppbdma_pb_header, p, 0);
	REPORT_I(b, out, "    ", ppbdma_hdr_shadow, p, 0);
	REPORT_I(b, out, "    ", ppbdma_status_inst, p, 0);
	REPORT_I(b, out, "    ", ppbdma_status_userd, p, 0);
	REPORT_I(b, out, "    ", ppbdma_target, p, 0);
}

/* ENGINE_ID of a PBDMA: NV_PPBDMA_CFG0(0)_PBDMA_FAULT_ID is PBDMA 0's. */
static void report_fault_engine(const struct nvrt_host_watch *w, uint32_t id, FILE *out)
{
	fprintf(out, "      ENGINE_ID 0x%x", id);
	if (id >= w->pbdma_fault_id && id - w->pbdma_fault_id < w->num_pbdma)
		fprintf(out, " = NV_PPBDMA_CFG0_PBDMA_FAULT_ID(0) + %u: Host, PBDMA %u",
			id - w->pbdma_fault_id, id - w->pbdma_fault_id);
	/* dev_fault: LCE n faults as CE0 + n; the LCEs' ids lie below Host's. */
	else if (id >= HWC(PFAULT_MMU_ENG_ID_CE0) && id < w->pbdma_fault_id)
		fprintf(out, " = NV_PFAULT_MMU_ENG_ID_CE0 + %u: copy engine, LCE %u",
			id - HWC(PFAULT_MMU_ENG_ID_CE0), id - HWC(PFAULT_MMU_ENG_ID_CE0));
	fputc('\n', out);
}

static void report_mmu(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out)
{
	HW(virtual_function_priv_mmu_fault_info_t) info = REG_RD(b, virtual_function_priv_mmu_fault_info);
	HW(virtual_function_priv_mmu_fault_addr_lo_t) alo = REG_RD(b, virtual_function_priv_mmu_fault_addr_lo);
	HW(virtual_function_priv_mmu_fault_inst_lo_t) ilo = REG_RD(b, virtual_function_priv_mmu_fault_inst_lo);
	HW(virtual_function_priv_mmu_fault_addr_hi_t) ahi = REG_RD(b, virtual_function_priv_mmu_fault_addr_hi);
	HW(virtual_function_priv_mmu_fault_inst_hi_t) ihi = REG_RD(b, virtual_function_priv_mmu_fault_inst_hi);

	fputs("  MMU (fault registers, VF window):\n", out);
	REPORT(b, out, "    ", virtual_function_priv_mmu_fault_status, NVRT_REG_NONZERO);
	if (HW(get_virtual_function_priv_mmu_fault_info_valid)(info) ==
	    HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INFO_VALID_RESET)) {
		fputs("    no fault recorded (NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INFO_VALID 0)\n", out);
		return;
	}
	report_line("    ", &HW(virtual_function_priv_mmu_fault_info_layout), -1, info.v, 0, out);
	fprintf(out, "      FAULT_TYPE %s, ACCESS_TYPE %s, CLIENT %s\n",
		NVRT_FN(fault_type_name)(HW(get_virtual_function_priv_mmu_fault_info_fault_type)(info)),
		NVRT_FN(fault_access_type_name)(HW(get_virtual_function_priv_mmu_fault_info_access_type)(info)),
		NVRT_FN(fault_client_name)(HW(get_virtual_function_priv_mmu_fault_info_client_type)(info),
					   HW(get_virtual_function_priv_mmu_fault_info_client)(info)));
	report_line("    ", &HW(virtual_function_priv_mmu_fault_addr_lo_layout), -1, alo.v, 0, out);
	fprintf(out, "      faulting address 0x%" PRIx64 "\n",
		HW(join_virtual_function_priv_mmu_fault_addr)(alo, ahi));
	report_line("    ", &HW(virtual_function_priv_mmu_fault_inst_lo_layout), -1, ilo.v, 0, out);
	fprintf(out, "      instance block 0x%" PRIx64 "\n",
		HW(join_virtual_function_priv_mmu_fault_inst)(ilo, ihi));
	report_fault_engine(w, HW(get_virtual_function_priv_mmu_fault_inst_lo_engine_id)(ilo), out);
}

void NVRT_FN(fault_report)(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out)
{
	fputs(" Host (runlist block, channel RAM):\n", out);
	report_runlist(b, w, out);
	for (uint32_t p = 0; p < w->num_pbdma; p++)
		if (w->pbdma_mask >> p & 1)
			report_pbdma(b, p, out);
	report_mmu(b, w, out);
	fputs(" Bus:\n", out);
	REPORT(b, out, "  ", pbus_intr_0, NVRT_REG_NONZERO);
}

/* ---- the bus ----------------------------------------------------------------------- */

/* NV_PRI_ERROR_CODE BADF (addendum dev_bus): the read failed in the priv ring. */
bool NVRT_FN(pri_error)(uint32_t value)
{
	HW(pri_error_t) e = { { value } };

	return HW(get_pri_error_code)(&e) == HWC(PRI_ERROR_CODE_BADF);
}

/* BOOT_0 always holds the chip's identity, never all ones. */
uint32_t NVRT_FN(bus_probe)(void)
{
	return HW(pmc_boot_0)();
}

/* Units whose registers are at BAR0 addresses. */
static const struct refgen_layout *const *const bus_units[] = {
	HW(dev_boot_layouts), HW(dev_pbdma_layouts), HW(dev_top_layouts), HW(dev_fb_layouts),
	HW(dev_bus_layouts), HW(dev_timer_layouts),
};

/*
 * BAR0 units first; then the VF window (dev_vm: BAR0 holds it from
 * NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET, a register's BAR0 address less its
 * window offset); then each runlist's channel RAM and block at the bases
 * bring-up read (t), which no BAR0 address alone names.
 */
void NVRT_FN(reg_name)(const struct nvrt_topology *t, uint32_t offset, char *buf, size_t n)
{
	const struct refgen_layout *const chram[] = { &HW(chram_channel_layout), NULL };
	uint32_t vf = HW(virtual_function_priv_mmu_fault_status)() -
		      HW(virtual_function_priv_mmu_fault_status_offset)();
	char where[64];

	for (size_t u = 0; u < ARRAY_SIZE(bus_units); u++)
		if (NVRT_FN(reg_name_in)(bus_units[u], NULL, 0, offset, NULL, buf, n))
			return;
	if (NVRT_FN(reg_name_in)(HW(dev_vm_layouts), NULL, vf, offset, NULL, buf, n))
		return;
	for (uint32_t r = 0; t && r < t->nrunlists; r++) {
		const struct nvrt_runlist_loc *loc = &t->runlists[r];

		snprintf(where, sizeof(where), " of runlist %" PRIu32 " (channel RAM 0x%06" PRIx32 ")",
			 r, loc->chram_base);
		if (NVRT_FN(reg_name_in)(chram, NULL, loc->chram_base, offset, where, buf, n))
			return;
		snprintf(where, sizeof(where), " of runlist %" PRIu32 " (block 0x%06" PRIx32 ")", r,
			 loc->pri_base);
		if (NVRT_FN(reg_name_in)(HW(dev_runlist_layouts), &HW(chram_channel_layout),
					 loc->pri_base, offset, where, buf, n))
			return;
	}
	NVRT_FN(reg_name_unknown)(offset, buf, n);
}

/* ---- what a previous user left ----------------------------------------------------- */

/* A channel the channel RAM still holds: enabled, or any state bit set
 * (CLEAR_CHANNEL leaves every bit 0). */
static bool stale_channel(HW(chram_channel_t) c)
{
	return c.v != 0;
}

int NVRT_FN(stale_scan)(struct nvrt_backend *b, const struct nvrt_topology *t, struct nvrt_stale *s,
			FILE *log)
{
	memset(s, 0, sizeof(*s));
	for (uint32_t r = 0; r < t->nrunlists && r < 32; r++) {
		const struct nvrt_runlist_loc *rl = &t->runlists[r];

		for (uint32_t chid = 0; chid < rl->num_channels; chid++) {
			HW(chram_channel_t) c = REG_RD(b, chram_channel, rl->chram_base, chid);

			if (!stale_channel(c))
				continue;
			if (s->nchannels < NVRT_STALE_MAX)
				s->channels[s->nchannels] = (struct nvrt_stale_channel){ r, chid };
			if (++s->nchannels <= NVRT_STALE_LOG_MAX && log) {
				fprintf(log, "  stale channel %u of runlist %u (channel RAM 0x%06x):\n", chid, r,
					rl->chram_base);
				nvrt_reg_line("    ", &HW(chram_channel_layout), (int)chid, c.v, NVRT_REG_NONZERO, log);
			}
		}
		if (!NVRT_FN(runlist_block_length)(b, rl->pri_base))
			continue;
		s->runlists |= 1u << r;
		if (log) {
			fprintf(log, "  stale runlist %u (block 0x%06x):\n", r, rl->pri_base);
			NVRT_FN(runlist_block_report)(b, rl->pri_base, "    ", log);
		}
	}
	if (log && s->nchannels > NVRT_STALE_LOG_MAX)
		fprintf(log, "  and %u more stale channels\n", s->nchannels - NVRT_STALE_LOG_MAX);
	return 0;
}
