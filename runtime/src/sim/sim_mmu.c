/* SPDX-License-Identifier: MIT */
/*
 * The model's MMU: Host's virtual accesses (GP entries, pushbuffer,
 * semaphores) translated through the channel's ver2 page tables, physical
 * accesses (instance block, USERD) by IOVA, and the fault reporting of
 * pri_mmu_hub.ref: NV_PFB_PRI_MMU_FAULT_ADDR/INST/INFO/STATUS.
 */
#include <string.h>

#include "nvrt/pagetable.h"
#include "sim/sim_internal.h"

/* nvrt_walk levels: 0 = PD3 ... 3 = PD0, 4 = the page table (pagetable.h). */
#define SIM_WALK_PT_LEVEL 4

/* ---- apertures of the Host target fields ------------------------------------------------- */

enum sim_aperture sim_ap_pccsr(uint32_t target)
{
	switch (target) {
	case HWC(PCCSR_CHANNEL_INST_TARGET_VID_MEM):
		return SIM_AP_VID;
	case HWC(PCCSR_CHANNEL_INST_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(PCCSR_CHANNEL_INST_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_INVALID;
	}
}

enum sim_aperture sim_ap_userd(uint32_t target)
{
	switch (target) {
	case HWC(PPBDMA_USERD_TARGET_VID_MEM):
	case HWC(PPBDMA_USERD_TARGET_VID_MEM_NVLINK_COHERENT):
		return SIM_AP_VID;
	case HWC(PPBDMA_USERD_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(PPBDMA_USERD_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_INVALID;
	}
}

enum sim_aperture sim_ap_pdb(uint32_t target)
{
	switch (target) {
	case HWC(RAMIN_PAGE_DIR_BASE_TARGET_VID_MEM):
		return SIM_AP_VID;
	case HWC(RAMIN_PAGE_DIR_BASE_TARGET_SYS_MEM_COHERENT):
		return SIM_AP_SYS_COH;
	case HWC(RAMIN_PAGE_DIR_BASE_TARGET_SYS_MEM_NONCOHERENT):
		return SIM_AP_SYS_NCOH;
	default:
		return SIM_AP_INVALID;
	}
}

static bool sim_ap_sysmem(enum sim_aperture ap)
{
	return ap == SIM_AP_SYS_COH || ap == SIM_AP_SYS_NCOH;
}

static uint32_t sim_ap_fault_inst(enum sim_aperture ap)
{
	return ap == SIM_AP_SYS_COH ? HWC(PFB_PRI_MMU_FAULT_INST_LO_APERTURE_SYS_MEM_COHERENT) :
	       ap == SIM_AP_SYS_NCOH ? HWC(PFB_PRI_MMU_FAULT_INST_LO_APERTURE_SYS_MEM_NONCOHERENT) :
				       HWC(PFB_PRI_MMU_FAULT_INST_LO_APERTURE_VID_MEM);
}

static uint32_t sim_ap_fault_addr(enum sim_aperture ap)
{
	return ap == SIM_AP_SYS_COH ? HWC(PFB_PRI_MMU_FAULT_ADDR_LO_PHYS_APERTURE_SYS_COH) :
	       ap == SIM_AP_SYS_NCOH ? HWC(PFB_PRI_MMU_FAULT_ADDR_LO_PHYS_APERTURE_SYS_NCOH) :
				       HWC(PFB_PRI_MMU_FAULT_ADDR_LO_PHYS_APERTURE_LOCAL);
}

/* ---- fault reporting ------------------------------------------------------------------ */

struct sim_fault {
	uint64_t addr;
	bool phys;
	enum sim_aperture phys_ap;    /* of addr, for physical accesses */
	enum sim_access access;
	uint32_t type;                /* NV_PFAULT_FAULT_TYPE_* */
};

bool sim_mmu_fault_pending(const struct sim *s)
{
	HW(pfb_pri_mmu_fault_status_t) st = { sim_reg(s, HW(pfb_pri_mmu_fault_status)()) };

	return HW(get_pfb_pri_mmu_fault_status_valid)(st) == HWC(PFB_PRI_MMU_FAULT_STATUS_VALID_SET);
}

/* Software cleared VALID: no fault is left to report. */
void sim_mmu_fault_clear(struct sim *s)
{
	HW(pfb_pri_mmu_fault_status_t) st = { sim_reg(s, HW(pfb_pri_mmu_fault_status)()) };

	st = HW(set_pfb_pri_mmu_fault_status_non_replayable)(st,
			HWC(PFB_PRI_MMU_FAULT_STATUS_NON_REPLAYABLE_RESET));
	sim_reg_set(s, HW(pfb_pri_mmu_fault_status)(), st.v);
}

static uint32_t sim_fault_access(const struct sim_fault *f)
{
	if (f->phys)
		return f->access == SIM_WRITE ? HWC(PFAULT_ACCESS_TYPE_PHYS_WRITE) :
						HWC(PFAULT_ACCESS_TYPE_PHYS_READ);
	return f->access == SIM_WRITE ? HWC(PFAULT_ACCESS_TYPE_VIRT_WRITE) :
					HWC(PFAULT_ACCESS_TYPE_VIRT_READ);
}

static void sim_fault_addr_regs(struct sim *s, const struct sim_fault *f)
{
	HW(pfb_pri_mmu_fault_addr_lo_t) lo = { 0 };
	HW(pfb_pri_mmu_fault_addr_hi_t) hi = { 0 };

	HW(split_pfb_pri_mmu_fault_addr)(f->addr & ~(uint64_t)(SIM_PAGE - 1), &lo, &hi);
	lo = HW(set_pfb_pri_mmu_fault_addr_lo_phys_aperture)(lo,
			f->phys ? sim_ap_fault_addr(f->phys_ap) : sim_ap_fault_addr(SIM_AP_VID));
	sim_reg_set(s, HW(pfb_pri_mmu_fault_addr_lo)(), lo.v);
	sim_reg_set(s, HW(pfb_pri_mmu_fault_addr_hi)(), hi.v);
}

/* Which engine: HOST0 + PBDMA (NV_PFIFO_CFG0_PBDMA_FAULT_ID), and its instance block. */
static void sim_fault_inst_regs(struct sim *s, uint32_t p)
{
	const struct sim_pbdma *pb = &s->pbdma[p];
	HW(pfifo_cfg0_t) cfg = { sim_reg(s, HW(pfifo_cfg0)()) };
	HW(pfb_pri_mmu_fault_inst_lo_t) lo = { 0 };
	HW(pfb_pri_mmu_fault_inst_hi_t) hi = { 0 };

	HW(split_pfb_pri_mmu_fault_inst)(pb->inst, &lo, &hi);
	lo = HW(set_pfb_pri_mmu_fault_inst_lo_engine_id)(lo,
			HW(get_pfifo_cfg0_pbdma_fault_id)(cfg) + p);
	lo = HW(set_pfb_pri_mmu_fault_inst_lo_aperture)(lo, sim_ap_fault_inst(pb->inst_ap));
	sim_reg_set(s, HW(pfb_pri_mmu_fault_inst_lo)(), lo.v);
	sim_reg_set(s, HW(pfb_pri_mmu_fault_inst_hi)(), hi.v);
}

static void sim_fault_info_regs(struct sim *s, const struct sim_fault *f)
{
	HW(pfb_pri_mmu_fault_info_t) i = { 0 };

	i = HW(set_pfb_pri_mmu_fault_info_fault_type)(i, f->type);
	i = HW(set_pfb_pri_mmu_fault_info_client)(i, HWC(PFAULT_CLIENT_HUB_HOST));
	i = HW(set_pfb_pri_mmu_fault_info_access_type)(i, sim_fault_access(f));
	i = HW(set_pfb_pri_mmu_fault_info_client_type)(i, HWC(PFAULT_MMU_CLIENT_TYPE_HUB));
	i = HW(set_pfb_pri_mmu_fault_info_valid)(i, 1);
	sim_reg_set(s, HW(pfb_pri_mmu_fault_info)(), i.v);
}

/* Latches the fault in the PRI registers, or counts it dropped if one is there. */
static void sim_fault_record(struct sim *s, uint32_t p, const struct sim_fault *f)
{
	HW(pfb_pri_mmu_fault_status_t) st = { sim_reg(s, HW(pfb_pri_mmu_fault_status)()) };

	if (sim_mmu_fault_pending(s)) {
		if (f->phys)
			st = HW(set_pfb_pri_mmu_fault_status_dropped_other_phys)(st,
					HWC(PFB_PRI_MMU_FAULT_STATUS_DROPPED_OTHER_PHYS_SET));
		else
			st = HW(set_pfb_pri_mmu_fault_status_dropped_other_virt)(st,
					HWC(PFB_PRI_MMU_FAULT_STATUS_DROPPED_OTHER_VIRT_SET));
		sim_reg_set(s, HW(pfb_pri_mmu_fault_status)(), st.v);
		return;
	}
	sim_fault_addr_regs(s, f);
	sim_fault_inst_regs(s, p);
	sim_fault_info_regs(s, f);
	st = HW(set_pfb_pri_mmu_fault_status_non_replayable)(st,
			HWC(PFB_PRI_MMU_FAULT_STATUS_NON_REPLAYABLE_SET));
	st = HW(set_pfb_pri_mmu_fault_status_valid)(st, HWC(PFB_PRI_MMU_FAULT_STATUS_VALID_SET));
	sim_reg_set(s, HW(pfb_pri_mmu_fault_status)(), st.v);
}

/* ---- translation ----------------------------------------------------------------------- */

/* Where va is, or -1 with the fault type: through the PDB read at load. */
static int sim_mmu_translate(struct sim *s, uint32_t p, uint64_t va, enum sim_access acc,
			     uint64_t *pa, uint32_t *type)
{
	const struct sim_pbdma *pb = &s->pbdma[p];
	struct nvrt_walk w;

	if (!pb->pdb_ok) {
		*type = pb->pdb_fault_type;
		return -1;
	}
	if (va >= SIM_VA_LIMIT) {
		*type = HWC(PFAULT_FAULT_TYPE_VA_LIMIT_VIOLATION);
		return -1;
	}
	if (nvrt_pt_walk(s->chip, pb->pdb, va, sim_mem_read_cb, s, &w) || !w.mapped) {
		/* Directories fail as PDE; a walk that read the PT, as PTE. */
		*type = w.nlevels > SIM_WALK_PT_LEVEL ? HWC(PFAULT_FAULT_TYPE_PTE) :
							HWC(PFAULT_FAULT_TYPE_PDE);
		return -1;
	}
	if (acc == SIM_WRITE && w.pte.read_only) {
		*type = HWC(PFAULT_FAULT_TYPE_RO_VIOLATION);
		return -1;
	}
	*pa = w.pa;
	return 0;
}

/* Page by page: a buffer may span pages mapped anywhere. */
static int sim_mmu_access(struct sim *s, uint32_t p, uint64_t va, void *buf, size_t len,
			  enum sim_access acc)
{
	uint8_t *b = buf;

	while (len) {
		size_t n = SIM_PAGE - (size_t)(va % SIM_PAGE);
		struct sim_fault f = { va, false, SIM_AP_INVALID, acc, 0 };
		uint64_t pa;
		int rc;

		if (n > len)
			n = len;
		if (sim_mmu_translate(s, p, va, acc, &pa, &f.type)) {
			sim_fault_record(s, p, &f);
			return -1;
		}
		rc = acc == SIM_WRITE ? sim_mem_write(s, pa, b, n) : sim_mem_read(s, pa, b, n);
		if (rc) {   /* a PTE pointing where no DMA buffer is */
			f.type = HWC(PFAULT_FAULT_TYPE_REGION_VIOLATION);
			sim_fault_record(s, p, &f);
			return -1;
		}
		va += n;
		b += n;
		len -= n;
	}
	return 0;
}

int sim_mmu_read(struct sim *s, uint32_t p, uint64_t va, void *buf, size_t len)
{
	return sim_mmu_access(s, p, va, buf, len, SIM_READ);
}

int sim_mmu_write(struct sim *s, uint32_t p, uint64_t va, const void *buf, size_t len)
{
	return sim_mmu_access(s, p, va, (void *)buf, len, SIM_WRITE);
}

/* ---- physical accesses ------------------------------------------------------------------- */

static int sim_mmu_phys(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova, void *buf,
			size_t len, enum sim_access acc)
{
	struct sim_fault f = { iova, true, ap, acc, 0 };
	int rc;

	if (!sim_ap_sysmem(ap)) {
		f.type = HWC(PFAULT_FAULT_TYPE_UNSUPPORTED_APERTURE);
		sim_fault_record(s, p, &f);
		return -1;
	}
	rc = acc == SIM_WRITE ? sim_mem_write(s, iova, buf, len) : sim_mem_read(s, iova, buf, len);
	if (rc) {
		f.type = HWC(PFAULT_FAULT_TYPE_REGION_VIOLATION);
		sim_fault_record(s, p, &f);
		return -1;
	}
	return 0;
}

int sim_mmu_phys_read(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova, void *buf,
		      size_t len)
{
	return sim_mmu_phys(s, p, ap, iova, buf, len, SIM_READ);
}

int sim_mmu_phys_write(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova,
		       const void *buf, size_t len)
{
	return sim_mmu_phys(s, p, ap, iova, (void *)buf, len, SIM_WRITE);
}
