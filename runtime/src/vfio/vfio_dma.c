/* SPDX-License-Identifier: MIT */
/*
 * DMA mappings, whichever IOMMU interface holds them: through the map and
 * unmap of the interface that opened the context (io->ops, set by
 * vfio_container_open or vfio_iommufd_open), so this file names neither.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "vfio_internal.h"

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
	/* No interface opened: fails as an ioctl on the unopened fd (-1) would. */
	int rc = io->ops ? io->ops->map(io, vaddr, iova, size) : (errno = EBADF, -1);
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
	if (io->ops)
		io->ops->unmap(io, iova, size);
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
