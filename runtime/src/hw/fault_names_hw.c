/* SPDX-License-Identifier: MIT */
/*
 * dev_fault's FAULT_TYPE, ACCESS_TYPE and hub CLIENT names of one chip, for the fault
 * reports of every Host design (hw/pfifo, hw/ampere): dev_fault has the
 * values as constants only, no field descriptor to name them from.
 */
#include <stddef.h>

#include "bits.h"
#include "hw/chip_hw.h"
#include NVRT_HW_HEADER(dev_fault)

struct fault_name {
	uint32_t value;
	const char *name;
};

/* The name is the constant's own: it cannot drift from the manual. */
#define FAULT_TYPE(x) { HWC(PFAULT_FAULT_TYPE_##x), "NV_PFAULT_FAULT_TYPE_" #x }
#define ACCESS_TYPE(x) { HWC(PFAULT_ACCESS_TYPE_##x), "NV_PFAULT_ACCESS_TYPE_" #x }
#define HUB_CLIENT(x) { HWC(PFAULT_CLIENT_HUB_##x), "NV_PFAULT_CLIENT_HUB_" #x }

static const struct fault_name fault_types[] = {
	FAULT_TYPE(PDE), FAULT_TYPE(PDE_SIZE), FAULT_TYPE(PTE), FAULT_TYPE(VA_LIMIT_VIOLATION),
	FAULT_TYPE(UNBOUND_INST_BLOCK), FAULT_TYPE(PRIV_VIOLATION), FAULT_TYPE(RO_VIOLATION),
	FAULT_TYPE(WO_VIOLATION), FAULT_TYPE(PITCH_MASK_VIOLATION), FAULT_TYPE(WORK_CREATION),
	FAULT_TYPE(UNSUPPORTED_APERTURE), FAULT_TYPE(COMPRESSION_FAILURE),
	FAULT_TYPE(UNSUPPORTED_KIND), FAULT_TYPE(REGION_VIOLATION), FAULT_TYPE(POISONED),
	FAULT_TYPE(ATOMIC_VIOLATION),
};

/* The VIRT_/PHYS_ names: READ/WRITE/... are their older aliases. */
static const struct fault_name access_types[] = {
	ACCESS_TYPE(VIRT_READ), ACCESS_TYPE(VIRT_WRITE), ACCESS_TYPE(VIRT_ATOMIC),
	ACCESS_TYPE(VIRT_PREFETCH), ACCESS_TYPE(VIRT_ATOMIC_WEAK), ACCESS_TYPE(PHYS_READ),
	ACCESS_TYPE(PHYS_WRITE), ACCESS_TYPE(PHYS_ATOMIC), ACCESS_TYPE(PHYS_PREFETCH),
};

/* The hub clients the runtime's work can fault as (the chips' dev_fault addenda). */
static const struct fault_name hub_clients[] = {
	HUB_CLIENT(HOST), HUB_CLIENT(CE0), HUB_CLIENT(CE1), HUB_CLIENT(CE2), HUB_CLIENT(HSCE0),
};

static const char *fault_name_find(const struct fault_name *t, size_t n, uint32_t v)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].value == v)
			return t[i].name;
	return "(not in dev_fault)";
}

const char *NVRT_FN(fault_type_name)(uint32_t v)
{
	return fault_name_find(fault_types, ARRAY_SIZE(fault_types), v);
}

const char *NVRT_FN(fault_access_type_name)(uint32_t v)
{
	return fault_name_find(access_types, ARRAY_SIZE(access_types), v);
}

/* CLIENT of a fault: named when CLIENT_TYPE is HUB (GPC clients are not listed). */
const char *NVRT_FN(fault_client_name)(uint32_t client_type, uint32_t client)
{
	if (client_type != HWC(PFAULT_MMU_CLIENT_TYPE_HUB))
		return "(a GPC client)";
	return fault_name_find(hub_clients, ARRAY_SIZE(hub_clients), client);
}
