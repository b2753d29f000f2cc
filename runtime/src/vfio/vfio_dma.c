/* SPDX-License-Identifier: MIT */
/*
 * IOVAs and DMA mappings, whichever IOMMU interface holds them.  IOVAs are
 * handed out upwards inside the ranges the IOMMU reports, from 1 MiB (so no
 * buffer sits at IOVA 0) to 2^40 (Host's address width); freed space is not
 * reused, which a runtime that sets up a few channels never misses.
 */
#include <errno.h>
#include <stdio.h>
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

void vfio_iommu_init(struct vfio_iommu *io, const char *bdf)
{
	memset(io, 0, sizeof(*io));
	snprintf(io->bdf, sizeof(io->bdf), "%s", bdf);
	io->fd = -1;
	io->group_fd = -1;
	io->group = -1;
}

int vfio_dma_map(struct vfio_iommu *io, void *vaddr, uint64_t iova, uint64_t size,
		 struct nvrt_err *err)
{
	int rc = io->iommufd ? vfio_iommufd_map(io, vaddr, iova, size)
			     : vfio_container_map(io, vaddr, iova, size);
	int e = errno;

	if (rc == 0)
		return 0;
	return nvrt_err_set(err, "vfio %s: the IOMMU refused to map %llu bytes at IOVA 0x%llx: %s%s",
			    io->bdf, (unsigned long long)size, (unsigned long long)iova, strerror(e),
			    e == ENOMEM ? " (pinned memory counts against RLIMIT_MEMLOCK: raise "
					  "ulimit -l or run as root)" : "");
}

void vfio_dma_unmap(struct vfio_iommu *io, uint64_t iova, uint64_t size)
{
	if (io->iommufd)
		vfio_iommufd_unmap(io, iova, size);
	else
		vfio_container_unmap(io, iova, size);
}

void vfio_iommu_close(struct vfio_iommu *io)
{
	if (io->group_fd >= 0)
		close(io->group_fd);
	if (io->fd >= 0)
		close(io->fd);
	io->group_fd = -1;
	io->fd = -1;
}
