/* SPDX-License-Identifier: MIT */
/*
 * iommufd and the vfio device cdev (Linux 6.6+): an IO address space in
 * /dev/iommu, the device opened as /dev/vfio/devices/vfioN, bound to the
 * iommufd and attached to the IOAS (kernel Documentation/driver-api/vfio.rst
 * "cdev"; libvfn src/iommu/iommufd.c).  Without <linux/iommufd.h> and the
 * cdev ioctls at build time this file is stubs and the path is unavailable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "vfio_internal.h"

#if VFIO_HAVE_IOMMUFD

bool vfio_iommufd_available(const char *bdf)
{
	char path[80];

	snprintf(path, sizeof(path), VFIO_SYSFS_PCI "/%s/vfio-dev", bdf);
	return access("/dev/iommu", F_OK) == 0 && access(path, F_OK) == 0;
}

/* /dev/iommu and a fresh IOAS. */
static int vfio_iommufd_ioas_alloc(struct vfio_iommu *io, struct nvrt_err *err)
{
	struct iommu_ioas_alloc a = { .size = sizeof(a) };

	io->fd = vfio_node_open(io->bdf, "/dev/iommu", err);
	if (io->fd < 0)
		return -1;
	if (ioctl(io->fd, IOMMU_IOAS_ALLOC, &a))
		return vfio_ioctl_error(io->bdf, "IOMMU_IOAS_ALLOC", err);
	io->ioas_id = a.out_ioas_id;
	return 0;
}

/* Opens /dev/vfio/devices/vfioN, binds it to the iommufd and attaches it to
 * the IOAS: its fd, or -1. */
static int vfio_iommufd_device_open(struct vfio_iommu *io, struct nvrt_err *err)
{
	struct vfio_device_bind_iommufd bind = { .argsz = sizeof(bind), .iommufd = io->fd };
	struct vfio_device_attach_iommufd_pt at = { .argsz = sizeof(at), .pt_id = io->ioas_id };
	char node[32], path[64];
	int fd;

	if (vfio_sysfs_cdev(io->bdf, node, sizeof(node)))
		return nvrt_err_set(err, "vfio %s: no vfio cdev in " VFIO_SYSFS_PCI "/%s/vfio-dev; "
				    "unset NVRT_VFIO_IOMMUFD to use the container path", io->bdf, io->bdf);
	snprintf(path, sizeof(path), "/dev/vfio/devices/%s", node);
	fd = vfio_node_open(io->bdf, path, err);
	if (fd < 0)
		return -1;
	if (ioctl(fd, VFIO_DEVICE_BIND_IOMMUFD, &bind)) {
		vfio_ioctl_error(io->bdf, "VFIO_DEVICE_BIND_IOMMUFD", err);
	} else if (ioctl(fd, VFIO_DEVICE_ATTACH_IOMMUFD_PT, &at)) {
		vfio_ioctl_error(io->bdf, "VFIO_DEVICE_ATTACH_IOMMUFD_PT", err);
	} else {
		return fd;
	}
	close(fd);
	return -1;
}

/* IOMMU_IOAS_IOVA_RANGES, asked twice: how many, then which. */
static int vfio_iommufd_read_ranges(struct vfio_iommu *io, struct nvrt_err *err)
{
	struct iommu_ioas_iova_ranges r = { .size = sizeof(r), .ioas_id = io->ioas_id };
	struct iommu_iova_range *v = NULL;
	uint32_t i;

	if (ioctl(io->fd, IOMMU_IOAS_IOVA_RANGES, &r) && errno != EMSGSIZE)
		return vfio_ioctl_error(io->bdf, "IOMMU_IOAS_IOVA_RANGES", err);
	if (r.num_iovas) {
		v = calloc(r.num_iovas, sizeof(*v));
		if (!v)
			return nvrt_err_set(err, "vfio %s: out of memory", io->bdf);
		r.allowed_iovas = (uintptr_t)v;
		if (ioctl(io->fd, IOMMU_IOAS_IOVA_RANGES, &r)) {
			free(v);
			return vfio_ioctl_error(io->bdf, "IOMMU_IOAS_IOVA_RANGES", err);
		}
	}
	vfio_iova_init(&io->iova, r.out_iova_alignment);
	for (i = 0; i < r.num_iovas; i++)
		vfio_iova_add(&io->iova, v[i].start, v[i].last);
	free(v);
	if (!io->iova.n)
		return nvrt_err_set(err, "vfio %s: the IOMMU allows no IOVA range between 1 MiB and "
				    "2^40", io->bdf);
	return 0;
}

static int vfio_iommufd_map(struct vfio_iommu *io, void *vaddr, uint64_t iova, uint64_t size)
{
	struct iommu_ioas_map m = {
		.size = sizeof(m),
		.flags = IOMMU_IOAS_MAP_FIXED_IOVA | IOMMU_IOAS_MAP_READABLE | IOMMU_IOAS_MAP_WRITEABLE,
		.ioas_id = io->ioas_id,
		.user_va = (uintptr_t)vaddr,
		.length = size,
		.iova = iova,
	};

	return ioctl(io->fd, IOMMU_IOAS_MAP, &m);
}

static int vfio_iommufd_unmap(struct vfio_iommu *io, uint64_t iova, uint64_t size)
{
	struct iommu_ioas_unmap u = { .size = sizeof(u), .ioas_id = io->ioas_id, .iova = iova,
				      .length = size };

	return ioctl(io->fd, IOMMU_IOAS_UNMAP, &u);
}

static const struct vfio_iommu_ops vfio_iommufd_ops = {
	.map = vfio_iommufd_map,
	.unmap = vfio_iommufd_unmap,
};

int vfio_iommufd_open(struct vfio_iommu *io, int *device_fd, struct nvrt_err *err)
{
	io->ops = &vfio_iommufd_ops;
	if (vfio_iommufd_ioas_alloc(io, err))
		return -1;
	*device_fd = vfio_iommufd_device_open(io, err);
	if (*device_fd < 0)
		return -1;
	if (vfio_iommufd_read_ranges(io, err) == 0)
		return 0;
	close(*device_fd);
	*device_fd = -1;
	return -1;
}

#else /* !VFIO_HAVE_IOMMUFD */

bool vfio_iommufd_available(const char *bdf)
{
	(void)bdf;
	return false;
}

int vfio_iommufd_open(struct vfio_iommu *io, int *device_fd, struct nvrt_err *err)
{
	*device_fd = -1;
	return nvrt_err_set(err, "vfio %s: built without iommufd (<linux/iommufd.h> of Linux 6.6+ "
			    "missing at build time)", io->bdf);
}

#endif
