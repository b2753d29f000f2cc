/* SPDX-License-Identifier: MIT */
/*
 * The IOVA allocator, for either IOMMU interface (they add the ranges the
 * IOMMU reports; backend_vfio.c allocates).  IOVAs are handed out upwards
 * inside the ranges the IOMMU reports, from 1 MiB (so no buffer sits at
 * IOVA 0) to 2^40 (Host's address width); freed space is not reused, which
 * a runtime that sets up a few channels never misses.
 */
#include <string.h>
#include <unistd.h>

#include "bits.h"
#include "vfio_internal.h"

void vfio_iova_init(struct vfio_iova *v, uint64_t iommu_pgsize)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

	memset(v, 0, sizeof(*v));
	v->pgsize = iommu_pgsize > page ? iommu_pgsize : page;
	v->next = VFIO_IOVA_BASE;
}

void vfio_iova_add(struct vfio_iova *v, uint64_t start, uint64_t last)
{
	uint64_t end;

	if (start < VFIO_IOVA_BASE)
		start = VFIO_IOVA_BASE;
	if (last >= NVRT_ADDR_LIMIT)
		last = NVRT_ADDR_LIMIT - 1;
	if (start > last || v->n == VFIO_IOVA_RANGES_MAX)
		return;
	start = align_up(start, v->pgsize);
	end = (last + 1) & ~(v->pgsize - 1);
	if (start >= end)
		return;
	v->start[v->n] = start;
	v->last[v->n] = end - 1;
	v->n++;
}

int vfio_iova_alloc(struct vfio_iova *v, uint64_t size, uint64_t align, uint64_t *iova)
{
	size_t i;

	if (!size || size > NVRT_ADDR_LIMIT || align > NVRT_ADDR_LIMIT)
		return -1;
	for (i = 0; i < v->n; i++) {
		uint64_t at = align_up(v->next > v->start[i] ? v->next : v->start[i], align);

		if (at > v->last[i] || v->last[i] - at + 1 < size)
			continue;
		*iova = at;
		v->next = at + size;
		return 0;
	}
	return -1;
}
