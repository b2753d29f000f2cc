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

typedef uint32_t (*pt_va_get_fn)(const va_t *va);
typedef void (*pt_va_set_fn)(va_t *va, uint32_t v);

/* The VA as a number; structure words are little-endian (REFGEN_LE32). */
static uint64_t pt_va_value(const va_t *va)
{
	return (uint64_t)REFGEN_LE32(va->w[1]) << 32 | REFGEN_LE32(va->w[0]);
}

/*
 * Where a field of NV_MMU_VER2_VA lies: its getter on an all-ones VA gives
 * its mask, and setting that mask into a zero VA shows its bits.
 */
static void pt_va_field(pt_va_get_fn get, pt_va_set_fn set, uint32_t *lo, uint32_t *bits)
{
	va_t va;
	uint64_t at;

	memset(&va, 0xff, sizeof(va));
	uint32_t mask = get(&va);
	memset(&va, 0, sizeof(va));
	set(&va, mask);
	at = pt_va_value(&va);
	*lo = at ? (uint32_t)__builtin_ctzll(at) : 0;
	*bits = (uint32_t)__builtin_popcountll(at);
}

void NVRT_FN(pt_format)(struct nvrt_pt_format *out)
{
	memset(out, 0, sizeof(*out));
	pt_va_field(HW(mmu_ver2_va_pd3_get), HW(mmu_ver2_va_pd3_set), &out->lo[0], &out->bits[0]);
	pt_va_field(HW(mmu_ver2_va_pd2_get), HW(mmu_ver2_va_pd2_set), &out->lo[1], &out->bits[1]);
	pt_va_field(HW(mmu_ver2_va_pd1_get), HW(mmu_ver2_va_pd1_set), &out->lo[2], &out->bits[2]);
	pt_va_field(HW(mmu_ver2_va_pd0_get), HW(mmu_ver2_va_pd0_set), &out->lo[3], &out->bits[3]);
	pt_va_field(HW(mmu_ver2_va_pt_small_get), HW(mmu_ver2_va_pt_small_set), &out->lo[4],
		    &out->bits[4]);
	pt_va_field(HW(mmu_ver2_va_pt_big_get), HW(mmu_ver2_va_pt_big_set), &out->big_lo,
		    &out->big_bits);
	out->pde_bytes = HWC(MMU_VER2_PDE_SIZE);
	out->dual_pde_bytes = HWC(MMU_VER2_DUAL_PDE_SIZE);
	out->pte_bytes = HWC(MMU_VER2_PTE_SIZE);
}

/* ---- PDE (PD3, PD2, PD1) ------------------------------------------------ */

void NVRT_FN(pde_encode)(const struct nvrt_pde *p, uint32_t out[2])
{
	pde_t e;

	memset(&e, 0, sizeof(e));
	HW(mmu_ver2_pde_is_pde_set)(&e, HWC(MMU_VER2_PDE_IS_PDE_TRUE));
	if (!p->valid) {
		HW(mmu_ver2_pde_aperture_set)(&e, HWC(MMU_VER2_PDE_APERTURE_INVALID));
	} else {
		HW(mmu_ver2_pde_aperture_set)(&e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
			HWC(MMU_VER2_PDE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) :
			HWC(MMU_VER2_PDE_APERTURE_SYSTEM_COHERENT_MEMORY));
		HW(mmu_ver2_pde_vol_set)(&e, p->vol ? HWC(MMU_VER2_PDE_VOL_TRUE) :
			HWC(MMU_VER2_PDE_VOL_FALSE));
		/* The table's address in 4 KiB units; lower bits are dropped. */
		HW(mmu_ver2_pde_address_sys_set)(&e, p->addr >> HWC(MMU_VER2_PDE_ADDRESS_SHIFT));
	}
	memcpy(out, e.w, sizeof(e.w));
}

void NVRT_FN(pde_decode)(const uint32_t in[2], struct nvrt_pde *p)
{
	pde_t e;

	memcpy(e.w, in, sizeof(e.w));
	memset(p, 0, sizeof(*p));
	enum HW(mmu_ver2_pde_aperture) ap = HW(mmu_ver2_pde_aperture_get)(&e);
	/* IS_PTE entries are big pages, not tables: nvrt follows only tables. */
	if (HW(mmu_ver2_pde_is_pde_get)(&e) != HWC(MMU_VER2_PDE_IS_PDE_TRUE) ||
	    (ap != HWC(MMU_VER2_PDE_APERTURE_SYSTEM_COHERENT_MEMORY) &&
	     ap != HWC(MMU_VER2_PDE_APERTURE_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_PDE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(mmu_ver2_pde_vol_get)(&e) == HWC(MMU_VER2_PDE_VOL_TRUE);
	p->addr = HW(mmu_ver2_pde_address_sys_get)(&e) << HWC(MMU_VER2_PDE_ADDRESS_SHIFT);
}

/* ---- dual PDE (PD0): low qword the big-page PT, high the small-page PT ---- */

static void pt_dual_big_encode(dual_pde_t *e, const struct nvrt_pde *p)
{
	if (!p->valid) {
		HW(mmu_ver2_dual_pde_aperture_big_set)(e, HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_INVALID));
		return;
	}
	HW(mmu_ver2_dual_pde_aperture_big_set)(e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
		HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_NON_COHERENT_MEMORY) :
		HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_COHERENT_MEMORY));
	HW(mmu_ver2_dual_pde_vol_big_set)(e, p->vol ? HWC(MMU_VER2_DUAL_PDE_VOL_BIG_TRUE) :
		HWC(MMU_VER2_DUAL_PDE_VOL_BIG_FALSE));
	/* A big-page PT is 256 bytes: its address goes in 256-byte units. */
	HW(mmu_ver2_dual_pde_address_big_sys_set)(e, p->addr >> HWC(MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT));
}

static void pt_dual_small_encode(dual_pde_t *e, const struct nvrt_pde *p)
{
	if (!p->valid) {
		HW(mmu_ver2_dual_pde_aperture_small_set)(e, HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_INVALID));
		return;
	}
	HW(mmu_ver2_dual_pde_aperture_small_set)(e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
		HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY) :
		HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_COHERENT_MEMORY));
	HW(mmu_ver2_dual_pde_vol_small_set)(e, p->vol ? HWC(MMU_VER2_DUAL_PDE_VOL_SMALL_TRUE) :
		HWC(MMU_VER2_DUAL_PDE_VOL_SMALL_FALSE));
	HW(mmu_ver2_dual_pde_address_small_sys_set)(e, p->addr >> HWC(MMU_VER2_DUAL_PDE_ADDRESS_SHIFT));
}

void NVRT_FN(dual_pde_encode)(const struct nvrt_pde *big, const struct nvrt_pde *small,
			      uint32_t out[4])
{
	dual_pde_t e;

	memset(&e, 0, sizeof(e));
	HW(mmu_ver2_dual_pde_is_pde_set)(&e, HWC(MMU_VER2_DUAL_PDE_IS_PDE_TRUE));
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
	uint32_t ap = HW(mmu_ver2_dual_pde_aperture_big_get)(e);

	memset(p, 0, sizeof(*p));
	if (!pt_dual_sys(ap, HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_COHERENT_MEMORY),
			 HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_DUAL_PDE_APERTURE_BIG_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(mmu_ver2_dual_pde_vol_big_get)(e) == HWC(MMU_VER2_DUAL_PDE_VOL_BIG_TRUE);
	p->addr = HW(mmu_ver2_dual_pde_address_big_sys_get)(e) << HWC(MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT);
}

static void pt_dual_small_decode(const dual_pde_t *e, struct nvrt_pde *p)
{
	uint32_t ap = HW(mmu_ver2_dual_pde_aperture_small_get)(e);

	memset(p, 0, sizeof(*p));
	if (!pt_dual_sys(ap, HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_COHERENT_MEMORY),
			 HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_DUAL_PDE_APERTURE_SMALL_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(mmu_ver2_dual_pde_vol_small_get)(e) == HWC(MMU_VER2_DUAL_PDE_VOL_SMALL_TRUE);
	p->addr = HW(mmu_ver2_dual_pde_address_small_sys_get)(e) << HWC(MMU_VER2_DUAL_PDE_ADDRESS_SHIFT);
}

void NVRT_FN(dual_pde_decode)(const uint32_t in[4], struct nvrt_pde *big, struct nvrt_pde *small)
{
	dual_pde_t e;

	memcpy(e.w, in, sizeof(e.w));
	pt_dual_big_decode(&e, big);
	pt_dual_small_decode(&e, small);
	/* An IS_PTE entry is a 2 MiB page, not a pair of tables. */
	if (HW(mmu_ver2_dual_pde_is_pde_get)(&e) != HWC(MMU_VER2_DUAL_PDE_IS_PDE_TRUE))
		big->valid = small->valid = false;
}

/* ---- PTE ------------------------------------------------------------------ */

void NVRT_FN(pte_encode)(const struct nvrt_pte *p, uint32_t out[2])
{
	pte_t e;

	/* An invalid PTE is all zeros: VALID_FALSE and not VOL (not sparse). */
	memset(&e, 0, sizeof(e));
	if (p->valid) {
		HW(mmu_ver2_pte_valid_set)(&e, HWC(MMU_VER2_PTE_VALID_TRUE));
		HW(mmu_ver2_pte_aperture_set)(&e, p->aperture == NVRT_APERTURE_SYS_NONCOHERENT ?
			HWC(MMU_VER2_PTE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) :
			HWC(MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY));
		HW(mmu_ver2_pte_vol_set)(&e, p->vol ? HWC(MMU_VER2_PTE_VOL_TRUE) :
			HWC(MMU_VER2_PTE_VOL_FALSE));
		HW(mmu_ver2_pte_privilege_set)(&e, p->privileged ? HWC(MMU_VER2_PTE_PRIVILEGE_TRUE) :
			HWC(MMU_VER2_PTE_PRIVILEGE_FALSE));
		HW(mmu_ver2_pte_read_only_set)(&e, p->read_only ? HWC(MMU_VER2_PTE_READ_ONLY_TRUE) :
			HWC(MMU_VER2_PTE_READ_ONLY_FALSE));
		HW(mmu_ver2_pte_kind_set)(&e, p->kind);
		HW(mmu_ver2_pte_address_sys_set)(&e, p->addr >> HWC(MMU_VER2_PTE_ADDRESS_SHIFT));
	}
	memcpy(out, e.w, sizeof(e.w));
}

void NVRT_FN(pte_decode)(const uint32_t in[2], struct nvrt_pte *p)
{
	pte_t e;

	memcpy(e.w, in, sizeof(e.w));
	memset(p, 0, sizeof(*p));
	enum HW(mmu_ver2_pte_aperture) ap = HW(mmu_ver2_pte_aperture_get)(&e);
	/* Video and peer memory are not system memory nvrt could reach. */
	if (HW(mmu_ver2_pte_valid_get)(&e) != HWC(MMU_VER2_PTE_VALID_TRUE) ||
	    (ap != HWC(MMU_VER2_PTE_APERTURE_SYSTEM_COHERENT_MEMORY) &&
	     ap != HWC(MMU_VER2_PTE_APERTURE_SYSTEM_NON_COHERENT_MEMORY)))
		return;
	p->valid = true;
	p->aperture = ap == HWC(MMU_VER2_PTE_APERTURE_SYSTEM_NON_COHERENT_MEMORY) ?
		      NVRT_APERTURE_SYS_NONCOHERENT : NVRT_APERTURE_SYS_COHERENT;
	p->vol = HW(mmu_ver2_pte_vol_get)(&e) == HWC(MMU_VER2_PTE_VOL_TRUE);
	p->privileged = HW(mmu_ver2_pte_privilege_get)(&e) == HWC(MMU_VER2_PTE_PRIVILEGE_TRUE);
	p->read_only = HW(mmu_ver2_pte_read_only_get)(&e) == HWC(MMU_VER2_PTE_READ_ONLY_TRUE);
	p->kind = HW(mmu_ver2_pte_kind_get)(&e);
	p->addr = HW(mmu_ver2_pte_address_sys_get)(&e) << HWC(MMU_VER2_PTE_ADDRESS_SHIFT);
}
