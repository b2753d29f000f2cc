/* SPDX-License-Identifier: MIT */
/*
 * The MMU fault registers of Ampere's Host design: the VF window's
 * NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_ADDR/INST/INFO/STATUS (dev_vm.ref.txt:
 * 217-345, BAR0 0xB83080-0xB83094; the only copy GA100's manuals have,
 * ga100-host-facts.md 5.4), where sim_mmu.c's faults are reported.  The
 * engine is the PBDMA's own NV_PPBDMA_CFG0 PBDMA_FAULT_ID (dev_pbdma:
 * 1665-1668).
 */
#include "sim/sim_internal.h"

/* ---- apertures ------------------------------------------------------------------------ */

static uint32_t sim_ap_fault_inst(enum sim_aperture ap)
{
	return ap == SIM_AP_SYS_COH ? HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INST_LO_APERTURE_SYS_MEM_COHERENT) :
	       ap == SIM_AP_SYS_NCOH ? HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INST_LO_APERTURE_SYS_MEM_NONCOHERENT) :
				       HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INST_LO_APERTURE_VID_MEM);
}

static uint32_t sim_ap_fault_addr(enum sim_aperture ap)
{
	return ap == SIM_AP_SYS_COH ? HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_ADDR_LO_PHYS_APERTURE_SYS_COH) :
	       ap == SIM_AP_SYS_NCOH ? HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_ADDR_LO_PHYS_APERTURE_SYS_NCOH) :
				       HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_ADDR_LO_PHYS_APERTURE_LOCAL);
}

/* ---- fault reporting ------------------------------------------------------------------ */

bool sim_host_fault_pending(const struct sim *s)
{
	HW(virtual_function_priv_mmu_fault_status_t) st = { sim_reg(s, HW(virtual_function_priv_mmu_fault_status)()) };

	return HW(get_virtual_function_priv_mmu_fault_status_valid)(st) == HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_VALID_SET);
}

/* Software cleared VALID: no fault is left to report. */
void sim_mmu_fault_clear(struct sim *s)
{
	HW(virtual_function_priv_mmu_fault_status_t) st = { sim_reg(s, HW(virtual_function_priv_mmu_fault_status)()) };

	st = HW(set_virtual_function_priv_mmu_fault_status_non_replayable)(st,
			HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_NON_REPLAYABLE_RESET));
	sim_reg_set(s, HW(virtual_function_priv_mmu_fault_status)(), st.v);
}

static void sim_fault_addr_regs(struct sim *s, const struct sim_fault *f)
{
	HW(virtual_function_priv_mmu_fault_addr_lo_t) lo = { 0 };
	HW(virtual_function_priv_mmu_fault_addr_hi_t) hi = { 0 };

	HW(split_virtual_function_priv_mmu_fault_addr)(f->addr & ~(uint64_t)(SIM_PAGE - 1), &lo, &hi);
	lo = HW(set_virtual_function_priv_mmu_fault_addr_lo_phys_aperture)(lo,
			f->phys ? sim_ap_fault_addr(f->phys_ap) : sim_ap_fault_addr(SIM_AP_VID));
	sim_reg_set(s, HW(virtual_function_priv_mmu_fault_addr_lo)(), lo.v);
	sim_reg_set(s, HW(virtual_function_priv_mmu_fault_addr_hi)(), hi.v);
}

/* Which engine: the PBDMA's CFG0 PBDMA_FAULT_ID or the copy engine, and the
 * instance block. */
static void sim_fault_inst_regs(struct sim *s, uint32_t p, const struct sim_fault *f)
{
	const struct sim_pbdma *pb = &s->pbdma[p];
	HW(ppbdma_cfg0_t) cfg = { sim_reg(s, HW(ppbdma_cfg0)(p)) };
	HW(virtual_function_priv_mmu_fault_inst_lo_t) lo = { 0 };
	HW(virtual_function_priv_mmu_fault_inst_hi_t) hi = { 0 };

	HW(split_virtual_function_priv_mmu_fault_inst)(pb->inst, &lo, &hi);
	lo = HW(set_virtual_function_priv_mmu_fault_inst_lo_engine_id)(lo,
			f->ce ? f->ce_engine : HW(get_ppbdma_cfg0_pbdma_fault_id)(cfg));
	lo = HW(set_virtual_function_priv_mmu_fault_inst_lo_aperture)(lo, sim_ap_fault_inst(pb->inst_ap));
	sim_reg_set(s, HW(virtual_function_priv_mmu_fault_inst_lo)(), lo.v);
	sim_reg_set(s, HW(virtual_function_priv_mmu_fault_inst_hi)(), hi.v);
}

static void sim_fault_info_regs(struct sim *s, const struct sim_fault *f)
{
	HW(virtual_function_priv_mmu_fault_info_t) i = { 0 };

	i = HW(set_virtual_function_priv_mmu_fault_info_fault_type)(i, f->type);
	i = HW(set_virtual_function_priv_mmu_fault_info_client)(i, sim_fault_client(f));
	i = HW(set_virtual_function_priv_mmu_fault_info_access_type)(i, sim_fault_access_type(f));
	i = HW(set_virtual_function_priv_mmu_fault_info_client_type)(i, HWC(PFAULT_MMU_CLIENT_TYPE_HUB));
	i = HW(set_virtual_function_priv_mmu_fault_info_valid)(i, 1);
	sim_reg_set(s, HW(virtual_function_priv_mmu_fault_info)(), i.v);
}

/* Latches the fault in the VF window's registers, or counts it dropped if one is there. */
void sim_host_fault_record(struct sim *s, uint32_t p, const struct sim_fault *f)
{
	HW(virtual_function_priv_mmu_fault_status_t) st = { sim_reg(s, HW(virtual_function_priv_mmu_fault_status)()) };

	if (sim_host_fault_pending(s)) {
		if (f->phys)
			st = HW(set_virtual_function_priv_mmu_fault_status_dropped_other_phys)(st,
					HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_DROPPED_OTHER_PHYS_SET));
		else
			st = HW(set_virtual_function_priv_mmu_fault_status_dropped_other_virt)(st,
					HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_DROPPED_OTHER_VIRT_SET));
		sim_reg_set(s, HW(virtual_function_priv_mmu_fault_status)(), st.v);
		return;
	}
	sim_fault_addr_regs(s, f);
	sim_fault_inst_regs(s, p, f);
	sim_fault_info_regs(s, f);
	st = HW(set_virtual_function_priv_mmu_fault_status_non_replayable)(st,
			HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_NON_REPLAYABLE_SET));
	st = HW(set_virtual_function_priv_mmu_fault_status_valid)(st, HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_VALID_SET));
	sim_reg_set(s, HW(virtual_function_priv_mmu_fault_status)(), st.v);
}
