/* SPDX-License-Identifier: MIT */
/*
 * The VFIO backend: any PCI device bound to vfio-pci (nothing here is
 * GPU-specific).  BAR0 is mmapped and accessed 32 bits at a time; DMA buffers
 * are page-aligned anonymous memory, pinned and mapped by the IOMMU at IOVAs
 * inside the ranges it reports and below 2^40.
 *
 * Two ways in.  The legacy container/group interface (/dev/vfio/vfio and
 * /dev/vfio/<group>, type1 IOMMU) is the default: it is what every kernel
 * with VFIO has, including Debian 12's 6.1, which has no vfio cdev (6.6+) and
 * which the QEMU guest tests run.  iommufd with the device's cdev is used
 * when NVRT_VFIO_IOMMUFD=1 is set, the runtime was built with
 * <linux/iommufd.h>, /dev/iommu exists and the device has
 * /sys/bus/pci/devices/<bdf>/vfio-dev/vfioN; otherwise the legacy path is
 * taken.  (libvfn prefers iommufd whenever it exists and has
 * VFN_IOMMU_FORCE_VFIO to opt out; here the opt-in is the other way round so
 * the path that is tested everywhere is the one taken by default.)  The
 * backend's name tells which was used: "vfio" or "vfio-iommufd".
 *
 * The backend never resets the device: GV100 has no FLR and a bus reset
 * loses POST.  Closing it unmaps BAR0 and closes the device, group and
 * container (vfio-pci then turns bus mastering off again).  When the kernel
 * asks for the device back (vfio_device_req.c), nvrt_backend_host_request
 * says so; the runtime's waits stop, and closing the backend lets the
 * kernel's unbind or removal complete.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bits.h"
#include "nvrt/vfio.h"
#include "vfio_internal.h"

struct backend_vfio {
	struct nvrt_backend base;
	struct vfio_iommu iommu;
	struct vfio_device dev;
};

/* A read outside BAR0 returns all ones, as the bus does for nothing there. */
static uint32_t backend_vfio_read32(struct nvrt_backend *b, uint32_t offset)
{
	struct backend_vfio *v = (struct backend_vfio *)b;
	uint32_t value;

	if (offset % 4 || (uint64_t)offset + 4 > v->dev.bar0_size)
		return 0xFFFFFFFFu;
	value = v->dev.bar0[offset / 4];
	__atomic_thread_fence(__ATOMIC_ACQUIRE);   /* later memory reads stay after it */
	return value;
}

/* A write outside BAR0 is dropped. */
static void backend_vfio_write32(struct nvrt_backend *b, uint32_t offset, uint32_t value)
{
	struct backend_vfio *v = (struct backend_vfio *)b;

	if (offset % 4 || (uint64_t)offset + 4 > v->dev.bar0_size)
		return;
	__atomic_thread_fence(__ATOMIC_RELEASE);   /* DMA memory written before it first */
	v->dev.bar0[offset / 4] = value;
}

/* bytes of zeroed anonymous memory at an align-aligned address, or NULL. */
static void *backend_vfio_pages(size_t bytes, size_t align, size_t page)
{
	size_t extra = align > page ? align - page : 0, head;
	uintptr_t p, at;
	void *m;

	m = mmap(NULL, bytes + extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	p = (uintptr_t)m;
	at = (uintptr_t)align_up(p, align);
	head = at - p;
	if (head)
		munmap(m, head);
	if (extra - head)
		munmap((void *)(at + bytes), extra - head);
	madvise((void *)at, bytes, MADV_DONTFORK);   /* a child must not share pinned pages */
	return (void *)at;
}

static size_t backend_vfio_bytes(const struct backend_vfio *v, size_t size)
{
	return (size_t)align_up(size ? size : 1, v->iommu.iova.pgsize);
}

static int backend_vfio_alloc(struct nvrt_backend *b, size_t size, size_t align,
			      enum nvrt_aperture ap, struct nvrt_dma *out, struct nvrt_err *err)
{
	struct backend_vfio *v = (struct backend_vfio *)b;
	size_t page = (size_t)v->iommu.iova.pgsize, a = align < page ? page : align, bytes;
	uint64_t iova, next = v->iommu.iova.next;
	void *cpu;

	if (a & (a - 1) || size > NVRT_ADDR_LIMIT || a > NVRT_ADDR_LIMIT)
		return nvrt_err_set(err, "vfio %s: cannot place %zu bytes aligned to %zu (the alignment "
				    "must be a power of two, both below 2^40)", v->iommu.bdf, size, align);
	bytes = backend_vfio_bytes(v, size);
	if (vfio_iova_alloc(&v->iommu.iova, bytes, a, &iova))
		return nvrt_err_set(err, "vfio %s: no IOVA space left below 2^40 for %zu bytes aligned "
				    "to %zu", v->iommu.bdf, size, a);
	cpu = backend_vfio_pages(bytes, a, page);
	if (!cpu) {
		v->iommu.iova.next = next;
		return nvrt_err_set(err, "vfio %s: out of memory for %zu bytes", v->iommu.bdf, size);
	}
	if (vfio_dma_map(&v->iommu, cpu, iova, bytes, err)) {
		munmap(cpu, bytes);
		v->iommu.iova.next = next;
		return -1;
	}
	out->cpu = cpu;
	out->iova = iova;
	out->size = size;
	out->align = align;
	out->aperture = ap;   /* both apertures are the same system memory here */
	return 0;
}

static void backend_vfio_free(struct nvrt_backend *b, struct nvrt_dma *buf)
{
	struct backend_vfio *v = (struct backend_vfio *)b;
	size_t bytes = backend_vfio_bytes(v, buf->size);

	vfio_dma_unmap(&v->iommu, buf->iova, bytes);
	munmap(buf->cpu, bytes);
}

static bool backend_vfio_host_request(struct nvrt_backend *b)
{
	return vfio_device_requested(&((struct backend_vfio *)b)->dev);
}

static void backend_vfio_bar0_where(struct nvrt_backend *b, struct nvrt_bar0_where *out)
{
	struct backend_vfio *v = (struct backend_vfio *)b;

	out->phys = vfio_sysfs_bar0_phys(v->iommu.bdf);
	out->virt = (uint64_t)(uintptr_t)v->dev.bar0;
	out->size = v->dev.bar0_size;
}

static void backend_vfio_close(struct nvrt_backend *b)
{
	struct backend_vfio *v = (struct backend_vfio *)b;

	vfio_device_close(&v->dev);    /* the device before its group and container */
	vfio_iommu_close(&v->iommu);
	free(v);
}

static const struct nvrt_backend_ops backend_vfio_ops = {
	.name = "vfio",
	.bar0_read32 = backend_vfio_read32,
	.bar0_write32 = backend_vfio_write32,
	.dma_alloc = backend_vfio_alloc,
	.dma_free = backend_vfio_free,
	.close = backend_vfio_close,
	.host_request = backend_vfio_host_request,
	.bar0_where = backend_vfio_bar0_where,
};

static const struct nvrt_backend_ops backend_vfio_iommufd_ops = {
	.name = "vfio-iommufd",
	.bar0_read32 = backend_vfio_read32,
	.bar0_write32 = backend_vfio_write32,
	.dma_alloc = backend_vfio_alloc,
	.dma_free = backend_vfio_free,
	.close = backend_vfio_close,
	.host_request = backend_vfio_host_request,
	.bar0_where = backend_vfio_bar0_where,
};

uint64_t nvrt_vfio_bar0_size(const struct nvrt_backend *b)
{
	if (!b || (b->ops != &backend_vfio_ops && b->ops != &backend_vfio_iommufd_ops))
		return 0;
	return ((const struct backend_vfio *)b)->dev.bar0_size;
}

/* /dev/vfio exists at all: vfio-pci is loaded. */
static int backend_vfio_check_dev(const char *bdf, struct nvrt_err *err)
{
	if (access("/dev/vfio", F_OK) == 0)
		return 0;
	if (errno == ENOENT)
		return nvrt_err_set(err, "vfio %s: no /dev/vfio: load vfio-pci (modprobe vfio-pci) and "
				    "check the IOMMU is on (intel_iommu=on or amd_iommu=on; "
				    "dmesg | grep -i iommu)", bdf);
	return nvrt_err_set(err, "vfio %s: /dev/vfio: %s", bdf, strerror(errno));
}

static bool backend_vfio_want_iommufd(const char *bdf)
{
	const char *e = getenv("NVRT_VFIO_IOMMUFD");

	return e && !strcmp(e, "1") && vfio_iommufd_available(bdf);
}

/* The IOMMU context, and the device's fd in *fd. */
static int backend_vfio_attach(struct backend_vfio *v, int *fd, struct nvrt_err *err)
{
	const char *bdf = v->iommu.bdf;

	if (backend_vfio_want_iommufd(bdf)) {
		v->base.ops = &backend_vfio_iommufd_ops;
		return vfio_sysfs_check_driver(bdf, err) || vfio_iommufd_open(&v->iommu, fd, err);
	}
	if (vfio_sysfs_group(bdf, &v->iommu.group, err) || vfio_sysfs_check_driver(bdf, err))
		return -1;
	return vfio_container_open(&v->iommu, fd, err);
}

struct nvrt_backend *nvrt_backend_vfio_open(const char *bdf, struct nvrt_err *err)
{
	char name[VFIO_BDF_MAX];
	struct backend_vfio *v;
	int fd = -1;

	if (vfio_bdf_parse(bdf, name, err) || vfio_sysfs_check_device(name, err) ||
	    backend_vfio_check_dev(name, err))
		return NULL;
	v = calloc(1, sizeof(*v));
	if (!v) {
		nvrt_err_set(err, "vfio %s: out of memory", name);
		return NULL;
	}
	v->base.ops = &backend_vfio_ops;
	vfio_iommu_init(&v->iommu, name);
	vfio_device_init(&v->dev);
	if (backend_vfio_attach(v, &fd, err) || vfio_device_open(&v->dev, fd, name, err)) {
		backend_vfio_close(&v->base);
		return NULL;
	}
	return &v->base;
}
