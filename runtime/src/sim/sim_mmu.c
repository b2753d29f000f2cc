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

/* ---- apertures of the page directory ------------------------------------------------- */

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
		struct sim_fault f = { va, false, SIM_AP_INVALID, acc, 0, false, 0 };
		uint64_t pa;
		int rc;

		if (n > len)
			n = len;
		if (sim_mmu_translate(s, p, va, acc, &pa, &f.type)) {
			sim_host_fault_record(s, p, &f);
			return -1;
		}
		rc = acc == SIM_WRITE ? sim_mem_write(s, pa, b, n) : sim_mem_read(s, pa, b, n);
		if (rc) {   /* a PTE pointing where no DMA buffer is */
			f.type = HWC(PFAULT_FAULT_TYPE_REGION_VIOLATION);
			sim_host_fault_record(s, p, &f);
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

/*
 * The copy engine's access (engine: its MMU engine id): the CPU address of
 * va, *len cut to the bytes mapped physically contiguous from there (one
 * walk per page table, nvrt_pt_walk_run) within one DMA buffer; NULL after
 * recording the fault, named for the copy engine.
 */
uint8_t *sim_mmu_ce_span(struct sim *s, uint32_t p, uint32_t engine, uint64_t va, size_t *len,
			 enum sim_access acc)
{
	const struct sim_pbdma *pb = &s->pbdma[p];
	struct sim_fault f = { va, false, SIM_AP_INVALID, acc, 0, true, engine };
	struct nvrt_walk w;
	uint64_t run;
	uint8_t *cpu;

	if (!pb->pdb_ok) {
		f.type = pb->pdb_fault_type;
	} else if (va >= SIM_VA_LIMIT) {
		f.type = HWC(PFAULT_FAULT_TYPE_VA_LIMIT_VIOLATION);
	} else if (nvrt_pt_walk_run(s->chip, pb->pdb, va, *len, sim_mem_read_cb, s, &w, &run) ||
		   !w.mapped) {
		f.type = w.nlevels > SIM_WALK_PT_LEVEL ? HWC(PFAULT_FAULT_TYPE_PTE) :
							 HWC(PFAULT_FAULT_TYPE_PDE);
	} else if (acc == SIM_WRITE && w.pte.read_only) {
		f.type = HWC(PFAULT_FAULT_TYPE_RO_VIOLATION);
	} else {
		*len = (size_t)run;
		cpu = sim_mem_span(s, w.pa, len);
		if (cpu)
			return cpu;
		f.type = HWC(PFAULT_FAULT_TYPE_REGION_VIOLATION);
	}
	sim_host_fault_record(s, p, &f);
	return NULL;
}

/* ---- physical accesses ------------------------------------------------------------------- */

static int sim_mmu_phys(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova, void *buf,
			size_t len, enum sim_access acc)
{
	struct sim_fault f = { iova, true, ap, acc, 0, false, 0 };
	int rc;

	if (!sim_ap_sysmem(ap)) {
		f.type = HWC(PFAULT_FAULT_TYPE_UNSUPPORTED_APERTURE);
		sim_host_fault_record(s, p, &f);
		return -1;
	}
	rc = acc == SIM_WRITE ? sim_mem_write(s, iova, buf, len) : sim_mem_read(s, iova, buf, len);
	if (rc) {
		f.type = HWC(PFAULT_FAULT_TYPE_REGION_VIOLATION);
		sim_host_fault_record(s, p, &f);
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
