/* SPDX-License-Identifier: MIT */
/*
 * The legacy VFIO interface: a container (/dev/vfio/vfio) holding the
 * device's IOMMU group (/dev/vfio/<group>) under a type1 IOMMU
 * (Documentation/driver-api/vfio.rst; libvfn src/iommu/vfio.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#include "vfio_internal.h"

/* API version and a type1 IOMMU: returns the IOMMU type, or -1. */
static int vfio_container_check(struct vfio_iommu *io, struct nvrt_err *err)
{
	int v = ioctl(io->fd, VFIO_GET_API_VERSION);

	if (v < 0)
		return vfio_ioctl_error(io->bdf, "VFIO_GET_API_VERSION", err);
	if (v != VFIO_API_VERSION)
		return nvrt_err_set(err, "vfio %s: /dev/vfio/vfio speaks VFIO API version %d, this "
				    "runtime knows version %d", io->bdf, v, VFIO_API_VERSION);
	if (ioctl(io->fd, VFIO_CHECK_EXTENSION, (unsigned long)VFIO_TYPE1v2_IOMMU) > 0)
		return VFIO_TYPE1v2_IOMMU;
	if (ioctl(io->fd, VFIO_CHECK_EXTENSION, (unsigned long)VFIO_TYPE1_IOMMU) > 0)
		return VFIO_TYPE1_IOMMU;
	return nvrt_err_set(err, "vfio %s: the kernel's VFIO offers no type1 IOMMU (no-IOMMU mode "
			    "is not supported)", io->bdf);
}

/* Opens /dev/vfio/<group>, which must be viable. */
static int vfio_group_open(struct vfio_iommu *io, struct nvrt_err *err)
{
	struct vfio_group_status st = { .argsz = sizeof(st) };
	char path[32], busy[200];

	snprintf(path, sizeof(path), "/dev/vfio/%d", io->group);
	io->group_fd = vfio_node_open(io->bdf, path, err);
	if (io->group_fd < 0)
		return -1;
	if (ioctl(io->group_fd, VFIO_GROUP_GET_STATUS, &st))
		return vfio_ioctl_error(io->bdf, "VFIO_GROUP_GET_STATUS", err);
	if (st.flags & VFIO_GROUP_FLAGS_VIABLE)
		return 0;
	vfio_sysfs_group_busy(io->group, io->bdf, busy, sizeof(busy));
	return nvrt_err_set(err, "vfio %s: IOMMU group %d is not viable: bind every device in "
			    "/sys/kernel/iommu_groups/%d/devices to vfio-pci, or unbind it%s%s",
			    io->bdf, io->group, io->group, busy[0] ? "; still bound: " : "", busy);
}

/* The ranges of a VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE of room bytes. */
static void vfio_container_add_ranges(struct vfio_iommu *io, const void *p, size_t room)
{
	const struct vfio_iommu_type1_info_cap_iova_range *cap = p;
	size_t i;

	if (room < sizeof(*cap))
		return;
	room -= sizeof(*cap);
	for (i = 0; i < cap->nr_iovas && room >= (i + 1) * sizeof(cap->iova_ranges[0]); i++)
		vfio_iova_add(&io->iova, cap->iova_ranges[i].start, cap->iova_ranges[i].end);
}

/* Walks info's capability chain for the IOVA ranges; all of it if none. */
static void vfio_container_read_ranges(struct vfio_iommu *io,
				       const struct vfio_iommu_type1_info *info)
{
	const struct vfio_info_cap_header *h;
	uint32_t off = info->cap_offset;
	unsigned int hops = 0;

	while (off >= sizeof(*info) && off % 4 == 0 && (uint64_t)off + sizeof(*h) <= info->argsz &&
	       hops++ < 64) {
		h = (const void *)((const char *)info + off);
		if (h->id == VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE) {
			vfio_container_add_ranges(io, h, info->argsz - off);
			return;
		}
		off = h->next;
	}
	vfio_iova_add(&io->iova, 0, UINT64_MAX);
}

/* VFIO_IOMMU_GET_INFO: the mapping granule and the usable IOVA ranges. */
static int vfio_container_get_info(struct vfio_iommu *io, struct nvrt_err *err)
{
	struct vfio_iommu_type1_info probe = { .argsz = sizeof(probe) }, *info;
	uint64_t pg;

	if (ioctl(io->fd, VFIO_IOMMU_GET_INFO, &probe))
		return vfio_ioctl_error(io->bdf, "VFIO_IOMMU_GET_INFO", err);
	pg = probe.flags & VFIO_IOMMU_INFO_PGSIZES ? probe.iova_pgsizes & (~probe.iova_pgsizes + 1) : 0;
	vfio_iova_init(&io->iova, pg);
	if (!(probe.flags & VFIO_IOMMU_INFO_CAPS) || probe.argsz <= sizeof(probe)) {
		vfio_iova_add(&io->iova, 0, UINT64_MAX);
		return 0;
	}
	info = calloc(1, probe.argsz);
	if (!info)
		return nvrt_err_set(err, "vfio %s: out of memory", io->bdf);
	info->argsz = probe.argsz;
	if (ioctl(io->fd, VFIO_IOMMU_GET_INFO, info)) {
		free(info);
		return vfio_ioctl_error(io->bdf, "VFIO_IOMMU_GET_INFO", err);
	}
	vfio_container_read_ranges(io, info);
	free(info);
	if (!io->iova.n)
		return nvrt_err_set(err, "vfio %s: the IOMMU allows no IOVA range between 1 MiB and "
				    "2^40", io->bdf);
	return 0;
}

/* Container checked, group in it, type1 IOMMU set, ranges read. */
static int vfio_container_attach(struct vfio_iommu *io, struct nvrt_err *err)
{
	int type = vfio_container_check(io, err);

	if (type < 0 || vfio_group_open(io, err))
		return -1;
	if (ioctl(io->group_fd, VFIO_GROUP_SET_CONTAINER, &io->fd))
		return vfio_ioctl_error(io->bdf, "VFIO_GROUP_SET_CONTAINER", err);
	if (ioctl(io->fd, VFIO_SET_IOMMU, (unsigned long)type))
		return vfio_ioctl_error(io->bdf, "VFIO_SET_IOMMU", err);
	return vfio_container_get_info(io, err);
}

static int vfio_container_map(struct vfio_iommu *io, void *vaddr, uint64_t iova, uint64_t size)
{
	struct vfio_iommu_type1_dma_map m = {
		.argsz = sizeof(m),
		.flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE,
		.vaddr = (uintptr_t)vaddr,
		.iova = iova,
		.size = size,
	};

	return ioctl(io->fd, VFIO_IOMMU_MAP_DMA, &m);
}

static int vfio_container_unmap(struct vfio_iommu *io, uint64_t iova, uint64_t size)
{
	struct vfio_iommu_type1_dma_unmap u = { .argsz = sizeof(u), .iova = iova, .size = size };

	return ioctl(io->fd, VFIO_IOMMU_UNMAP_DMA, &u);
}

static const struct vfio_iommu_ops vfio_container_ops = {
	.map = vfio_container_map,
	.unmap = vfio_container_unmap,
};

int vfio_container_open(struct vfio_iommu *io, int *device_fd, struct nvrt_err *err)
{
	io->ops = &vfio_container_ops;
	io->fd = vfio_node_open(io->bdf, "/dev/vfio/vfio", err);
	if (io->fd < 0 || vfio_container_attach(io, err))
		return -1;
	*device_fd = ioctl(io->group_fd, VFIO_GROUP_GET_DEVICE_FD, io->bdf);
	if (*device_fd < 0)
		return vfio_ioctl_error(io->bdf, "VFIO_GROUP_GET_DEVICE_FD", err);
	return 0;
}
