/* SPDX-License-Identifier: MIT */
/*
 * Ver2 page-table words (dev_mmu NV_MMU_VER2_PDE / DUAL_PDE / PTE) and the
 * virtual-address split (the project's dev_mmu addendum, NV_MMU_VER2_VA).
 * Only system-memory entries are made: a PDE or PTE whose aperture is not a
 * system one decodes as invalid, since nvrt can follow nothing else.  Facts
 * and sources: ../shared/design/gv100-host-facts.md section 3.
 */
#include <string.h>

#include "hw/chip_hw.h"
#include "nvrt/pagetable.h"
#include NVRT_HW_HEADER(dev_mmu)

typedef HW(mmu_ver2_pde_t) pde_t;
typedef HW(mmu_ver2_dual_pde_t) dual_pde_t;
typedef HW(mmu_ver2_pte_t) pte_t;
typedef HW(mmu_ver2_va_t) va_t;

/* ---- the VA split ------------------------------------------------------- */

/* First bit (from bit 0 of the VA) and width of a field of NV_MMU_VER2_VA. */
#define PT_VA_FIELD(F, lo, bits)                                                          \
	do {                                                                              \
		(lo) = HWC(MMU_VER2_VA_##F##_FIELD_WORD) * 32u + HWC(MMU_VER2_VA_##F##_FIELD_SHIFT); \
		(bits) = HWC(MMU_VER2_VA_##F##_FIELD_WIDTH);                              \
	} while (0)

void NVRT_FN(pt_format)(struct nvrt_pt_format *out)
{
	memset(out, 0, sizeof(*out));
	PT_VA_FIELD(PD3, out->lo[0], out->bits[0]);
	PT_VA_FIELD(PD2, out->lo[1], out->bits[1]);
	PT_VA_FIELD(PD1, out->lo[2], out->bits[2]);
	PT_VA_FIELD(PD0, out->lo[3], out->bits[3]);
	PT_VA_FIELD(PT_SMALL, out->lo[4], out->bits[4]);
	PT_VA_FIELD(PT_BIG, out->big_lo, out->big_bits);
	out->pde_bytes = HWC(MMU_VER2_PDE_SIZE);
	out->dual_pde_bytes = HWC(MMU_VER2_DUAL_PDE_SIZE);
	out->pte_bytes = HWC(MMU_VER2_PTE_SIZE);
	out->addr_shift[0] = HWC(MMU_VER2_PDE_ADDRESS_SHIFT);
	out->addr_shift[1] = HWC(MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT);
	out->addr_shift[2] = HWC(MMU_VER2_DUAL_PDE_ADDRESS_SHIFT);
	out->addr_shift[3] = HWC(MMU_VER2_PTE_ADDRESS_SHIFT);
}

/* ---- PDE (PD3, PD2, PD1) ------------------------------------------------ */

void NVRT_FN(pde_encode)(const struct nvrt_pde *p, uint32_t out[2])
{
	pde_t e;

	memset(&e, 0, sizeof(e));
	HW(set_mmu_ver2_pde_is_pde)(&e, HWC(MMU_VER2_PDE_IS_PDE_TRUE));
	if (!p->valid) {
		HW(set_mmu_ver2_pde_aperture)(&e, HWC(MMU_VER2_PDE_APERTURE_INVALID));
	} else {
		HW(set_mmu_ver2_pde_aperture)(&e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
			HWC(MMU_VER2_PDE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) :
			HWC(MMU_VER2_PDE_APERTURE_SYSTEM_COHERENT_MEMORY));
		HW(set_mmu_ver2_pde_vol)(&e, p->vol ? HWC(MMU_VER2_PDE_VOL_TRUE) :
			HWC(MMU_VER2_PDE_VOL_FALSE));
		/* The table's address in 4 KiB units; lower bits are dropped. */
		HW(set_mmu_ver2_pde_address_sys)(&e, p->addr >> HWC(MMU_VER2_PDE_ADDRESS_SHIFT));
	}
	memcpy(out, e.w, sizeof(e.w));
}

void NVRT_FN(pde_decode)(const uint32_t in[2], struct nvrt_pde *p)
{
	pde_t e;

	memcpy(e.w, in, sizeof(e.w));
	memset(p, 0, sizeof(*p));
	enum HW(mmu_ver2_pde_aperture) ap = HW(get_mmu_ver2_pde_aperture)(&e);
	/* IS_PTE entries are big pages, not tables: nvrt follows only tables. */
	if (HW(get_mmu_ver2_pde_is_pde)(&e) != HWC(MMU_VER2_PDE_IS_PDE_TRUE) ||
	    (ap != HWC(MMU_VER2_PDE_APERTURE_SYSTEM_COHERENT_MEMORY) &&
	     ap != HWC(MMU_VER2_PDE_APERTURE_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_PDE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(get_mmu_ver2_pde_vol)(&e) == HWC(MMU_VER2_PDE_VOL_TRUE);
	p->addr = HW(get_mmu_ver2_pde_address_sys)(&e) << HWC(MMU_VER2_PDE_ADDRESS_SHIFT);
}

/* ---- dual PDE (PD0): low qword the big-page PT, high the small-page PT ---- */

static void pt_dual_big_encode(dual_pde_t *e, const struct nvrt_pde *p)
{
	if (!p->valid) {
		HW(set_mmu_ver2_dual_pde_aperture_big)(e, HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_INVALID));
		return;
	}
	HW(set_mmu_ver2_dual_pde_aperture_big)(e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
		HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_NON_COHERENT_MEMORY) :
		HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_COHERENT_MEMORY));
	HW(set_mmu_ver2_dual_pde_vol_big)(e, p->vol ? HWC(MMU_VER2_DUAL_PDE_VOL_BIG_TRUE) :
		HWC(MMU_VER2_DUAL_PDE_VOL_BIG_FALSE));
	/* A big-page PT is 256 bytes: its address goes in 256-byte units. */
	HW(set_mmu_ver2_dual_pde_address_big_sys)(e, p->addr >> HWC(MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT));
}

static void pt_dual_small_encode(dual_pde_t *e, const struct nvrt_pde *p)
{
	if (!p->valid) {
		HW(set_mmu_ver2_dual_pde_aperture_small)(e, HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_INVALID));
		return;
	}
	HW(set_mmu_ver2_dual_pde_aperture_small)(e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
		HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY) :
		HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_COHERENT_MEMORY));
	HW(set_mmu_ver2_dual_pde_vol_small)(e, p->vol ? HWC(MMU_VER2_DUAL_PDE_VOL_SMALL_TRUE) :
		HWC(MMU_VER2_DUAL_PDE_VOL_SMALL_FALSE));
	HW(set_mmu_ver2_dual_pde_address_small_sys)(e, p->addr >> HWC(MMU_VER2_DUAL_PDE_ADDRESS_SHIFT));
}

void NVRT_FN(dual_pde_encode)(const struct nvrt_pde *big, const struct nvrt_pde *small,
			      uint32_t out[4])
{
	dual_pde_t e;

	memset(&e, 0, sizeof(e));
	HW(set_mmu_ver2_dual_pde_is_pde)(&e, HWC(MMU_VER2_DUAL_PDE_IS_PDE_TRUE));
	pt_dual_big_encode(&e, big);
	pt_dual_small_encode(&e, small);
	memcpy(out, e.w, sizeof(e.w));
}

static bool pt_dual_sys(uint32_t ap, uint32_t coh, uint32_t ncoh)
{
	return ap == coh || ap == ncoh;
}

static void pt_dual_big_decode(const dual_pde_t *e, struct nvrt_pde *p)
{
	uint32_t ap = HW(get_mmu_ver2_dual_pde_aperture_big)(e);

	memset(p, 0, sizeof(*p));
	if (!pt_dual_sys(ap, HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_COHERENT_MEMORY),
			 HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(get_mmu_ver2_dual_pde_vol_big)(e) == HWC(MMU_VER2_DUAL_PDE_VOL_BIG_TRUE);
	p->addr = HW(get_mmu_ver2_dual_pde_address_big_sys)(e) << HWC(MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT);
}

static void pt_dual_small_decode(const dual_pde_t *e, struct nvrt_pde *p)
{
	uint32_t ap = HW(get_mmu_ver2_dual_pde_aperture_small)(e);

	memset(p, 0, sizeof(*p));
	if (!pt_dual_sys(ap, HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_COHERENT_MEMORY),
			 HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(get_mmu_ver2_dual_pde_vol_small)(e) == HWC(MMU_VER2_DUAL_PDE_VOL_SMALL_TRUE);
	p->addr = HW(get_mmu_ver2_dual_pde_address_small_sys)(e) << HWC(MMU_VER2_DUAL_PDE_ADDRESS_SHIFT);
}

void NVRT_FN(dual_pde_decode)(const uint32_t in[4], struct nvrt_pde *big, struct nvrt_pde *small)
{
	dual_pde_t e;

	memcpy(e.w, in, sizeof(e.w));
	pt_dual_big_decode(&e, big);
	pt_dual_small_decode(&e, small);
	/* An IS_PTE entry is a 2 MiB page, not a pair of tables. */
	if (HW(get_mmu_ver2_dual_pde_is_pde)(&e) != HWC(MMU_VER2_DUAL_PDE_IS_PDE_TRUE))
		big->valid = small->valid = false;
}

/* ---- PTE ------------------------------------------------------------------ */

void NVRT_FN(pte_encode)(const struct nvrt_pte *p, uint32_t out[2])
{
	pte_t e;

	/* An invalid PTE is all zeros: VALID_FALSE and not VOL (not sparse). */
	memset(&e, 0, sizeof(e));
	if (p->valid) {
		HW(set_mmu_ver2_pte_valid)(&e, HWC(MMU_VER2_PTE_VALID_TRUE));
		HW(set_mmu_ver2_pte_aperture)(&e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
			HWC(MMU_VER2_PTE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) :
			HWC(MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY));
		HW(set_mmu_ver2_pte_vol)(&e, p->vol ? HWC(MMU_VER2_PTE_VOL_TRUE) :
			HWC(MMU_VER2_PTE_VOL_FALSE));
		HW(set_mmu_ver2_pte_privilege)(&e, p->privileged ? HWC(MMU_VER2_PTE_PRIVILEGE_TRUE) :
			HWC(MMU_VER2_PTE_PRIVILEGE_FALSE));
		HW(set_mmu_ver2_pte_read_only)(&e, p->read_only ? HWC(MMU_VER2_PTE_READ_ONLY_TRUE) :
			HWC(MMU_VER2_PTE_READ_ONLY_FALSE));
		HW(set_mmu_ver2_pte_kind)(&e, p->kind);
		HW(set_mmu_ver2_pte_address_sys)(&e, p->addr >> HWC(MMU_VER2_PTE_ADDRESS_SHIFT));
	}
	memcpy(out, e.w, sizeof(e.w));
}

void NVRT_FN(pte_decode)(const uint32_t in[2], struct nvrt_pte *p)
{
	pte_t e;

	memcpy(e.w, in, sizeof(e.w));
	memset(p, 0, sizeof(*p));
	enum HW(mmu_ver2_pte_aperture) ap = HW(get_mmu_ver2_pte_aperture)(&e);
	/* Video and peer memory are not system memory nvrt could reach. */
	if (HW(get_mmu_ver2_pte_valid)(&e) != HWC(MMU_VER2_PTE_VALID_TRUE) ||
	    (ap != HWC(MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY) &&
	     ap != HWC(MMU_VER2_PTE_APERTURE_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_PTE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(get_mmu_ver2_pte_vol)(&e) == HWC(MMU_VER2_PTE_VOL_TRUE);
	p->privileged = HW(get_mmu_ver2_pte_privilege)(&e) == HWC(MMU_VER2_PTE_PRIVILEGE_TRUE);
	p->read_only = HW(get_mmu_ver2_pte_read_only)(&e) == HWC(MMU_VER2_PTE_READ_ONLY_TRUE);
	p->kind = HW(get_mmu_ver2_pte_kind)(&e);
	p->addr = HW(get_mmu_ver2_pte_address_sys)(&e) << HWC(MMU_VER2_PTE_ADDRESS_SHIFT);
}
