/* SPDX-License-Identifier: MIT */
/*
 * Inside the VFIO backend (backend_vfio.c): where the device stands in sysfs
 * and /dev (vfio_sysfs.c), the two IOMMU interfaces (vfio_container.c, the
 * legacy container/group; vfio_iommufd.c, iommufd and the device's cdev), the
 * IOVA allocator (vfio_iova.c), DMA mapping through the interface that
 * opened the context (vfio_dma.c), and the device-level steps
 * (vfio_device.c).  Every error message starts "vfio <bdf>: " and says what
 * to do about it.
 *
 * iommufd needs <linux/iommufd.h> and the vfio cdev ioctls of Linux 6.6 at
 * build time; without them (Debian 12 ships 6.1 headers) vfio_iommufd.c
 * builds to stubs and only the legacy path exists.
 */
#ifndef NVRT_VFIO_INTERNAL_H
#define NVRT_VFIO_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/vfio.h>

#include "nvrt/dma.h"
#if defined(__has_include)
#if __has_include(<linux/iommufd.h>)
#include <linux/iommufd.h>
#endif
#endif

#include "nvrt/error.h"

#if defined(IOMMU_IOAS_MAP) && defined(VFIO_DEVICE_BIND_IOMMUFD)
#define VFIO_HAVE_IOMMUFD 1
#else
#define VFIO_HAVE_IOMMUFD 0
#endif

#define VFIO_BDF_MAX 20                           /* "DDDDDDDD:BB:DD.F" + NUL */
#define VFIO_SYSFS_PCI "/sys/bus/pci/devices"
#define VFIO_IOVA_BASE ((uint64_t)1 << 20)        /* IOVA 0 would look like NULL */
#define VFIO_IOVA_RANGES_MAX 16

/* ---- sysfs and /dev (vfio_sysfs.c) ------------------------------------------ */

/* Checks "DOMAIN:BUS:DEV.FN" (hex) and writes it in sysfs form (lower case). */
int vfio_bdf_parse(const char *s, char out[VFIO_BDF_MAX], struct nvrt_err *err);
/* The device exists under /sys/bus/pci/devices. */
int vfio_sysfs_check_device(const char *bdf, struct nvrt_err *err);
/* The device is bound to vfio-pci (or a vfio-pci variant driver). */
int vfio_sysfs_check_driver(const char *bdf, struct nvrt_err *err);
/* The device's IOMMU group number. */
/* BAR0's PCI bus address from sysfs (<device>/resource), 0 if unreadable:
 * for a trace's MAP line only. */
uint64_t vfio_sysfs_bar0_phys(const char *bdf);
int vfio_sysfs_group(const char *bdf, int *group, struct nvrt_err *err);
/* The other devices of group that hold a driver other than vfio's, as
 * "BDF (driver), ..." (empty when none are found). */
void vfio_sysfs_group_busy(int group, const char *bdf, char *out, size_t n);
/* The name of the device's vfio cdev ("vfio3"); -1 if it has none. */
int vfio_sysfs_cdev(const char *bdf, char *out, size_t n);
/* open(path, O_RDWR | O_CLOEXEC), with an error saying what to do. */
int vfio_node_open(const char *bdf, const char *path, struct nvrt_err *err);
/* "vfio <bdf>: <what> failed: <errno text>"; returns -1. */
int vfio_ioctl_error(const char *bdf, const char *what, struct nvrt_err *err);

/* ---- IOVAs (vfio_iova.c) ---------------------------------------------------- */

/* The usable IOVA ranges (inclusive, page-aligned, inside [BASE, LIMIT)) and
 * the next free IOVA: allocation goes upwards and never reuses space. */
struct vfio_iova {
	uint64_t start[VFIO_IOVA_RANGES_MAX], last[VFIO_IOVA_RANGES_MAX];
	size_t n;
	uint64_t next;
	uint64_t pgsize;          /* IOMMU mapping granule (>= the CPU page) */
};

void vfio_iova_init(struct vfio_iova *v, uint64_t iommu_pgsize);
/* Adds [start, last] as the IOMMU reports it, clipped to [BASE, LIMIT). */
void vfio_iova_add(struct vfio_iova *v, uint64_t start, uint64_t last);
/* size a multiple of pgsize, align a power of two >= pgsize; -1 if full. */
int vfio_iova_alloc(struct vfio_iova *v, uint64_t size, uint64_t align, uint64_t *iova);

/* ---- DMA (vfio_dma.c) ------------------------------------------------------- */

struct vfio_iommu;

/* The mapping calls of the interface that opened the context: 0, or -1
 * with errno set. */
struct vfio_iommu_ops {
	int (*map)(struct vfio_iommu *io, void *vaddr, uint64_t iova, uint64_t size);
	int (*unmap)(struct vfio_iommu *io, uint64_t iova, uint64_t size);
};

/* One device's IOMMU context: a legacy container and group, or an iommufd
 * IOAS. */
struct vfio_iommu {
	char bdf[VFIO_BDF_MAX];
	const struct vfio_iommu_ops *ops;   /* set by the open that made it; NULL before */
	int fd;                   /* /dev/vfio/vfio, or /dev/iommu */
	int group_fd;             /* legacy: /dev/vfio/<group> */
	int group;
	uint32_t ioas_id;         /* iommufd */
	struct vfio_iova iova;
};

void vfio_iommu_init(struct vfio_iommu *io, const char *bdf);
/* Maps size bytes at vaddr for the device at iova (read and write). */
int vfio_dma_map(struct vfio_iommu *io, void *vaddr, uint64_t iova, uint64_t size,
		 struct nvrt_err *err);
void vfio_dma_unmap(struct vfio_iommu *io, uint64_t iova, uint64_t size);
/* Closes the group and container (or iommufd); after the device's fd. */
void vfio_iommu_close(struct vfio_iommu *io);

/* ---- legacy container/group (vfio_container.c) ----------------------------- */

/* Container, group io->group, type1 IOMMU, IOVA ranges; the device's fd.
 * Sets io->ops to the container's mapping calls. */
int vfio_container_open(struct vfio_iommu *io, int *device_fd, struct nvrt_err *err);

/* ---- iommufd and the vfio cdev (vfio_iommufd.c) ----------------------------- */

/* Built with iommufd, /dev/iommu exists and the device has a vfio cdev. */
bool vfio_iommufd_available(const char *bdf);
/* IOAS, the device's cdev bound and attached, IOVA ranges; the device's fd.
 * Sets io->ops to iommufd's mapping calls. */
int vfio_iommufd_open(struct vfio_iommu *io, int *device_fd, struct nvrt_err *err);

/* ---- the device (vfio_device.c) -------------------------------------------- */

struct vfio_device {
	int fd;
	volatile uint32_t *bar0;  /* NULL until mapped */
	uint64_t bar0_size;
	int req_fd;               /* eventfd of VFIO_PCI_REQ_IRQ_INDEX, or -1 */
	bool requested;           /* the kernel asked for the device back */
};

void vfio_device_init(struct vfio_device *d);
/* Takes fd (closed by vfio_device_close even when this fails): checks it is
 * PCI, maps BAR0, enables memory space and bus mastering, registers an
 * eventfd for the device request.  Never resets. */
int vfio_device_open(struct vfio_device *d, int fd, const char *bdf, struct nvrt_err *err);
/* vfio-pci signalled the device request (vfio_device_req.c): the kernel
 * wants the device back and waits until it is closed. */
bool vfio_device_requested(struct vfio_device *d);
int vfio_device_req_register(struct vfio_device *d, const char *bdf, struct nvrt_err *err);
void vfio_device_req_unregister(struct vfio_device *d);
void vfio_device_close(struct vfio_device *d);

#endif
