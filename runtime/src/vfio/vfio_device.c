/* SPDX-License-Identifier: MIT */
/*
 * The device behind a VFIO fd, whatever the IOMMU interface (libvfn
 * src/vfio/pci.c): it must be PCI; BAR0 is mmapped whole; memory space and
 * bus mastering are switched on in PCI_COMMAND through the config region.
 * Nothing here is GPU-specific, and VFIO_DEVICE_RESET is never used (GV100
 * has no FLR; the bus reset vfio-pci would do instead loses POST).
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/pci_regs.h>

#include "vfio_internal.h"

void vfio_device_init(struct vfio_device *d)
{
	memset(d, 0, sizeof(*d));
	d->fd = -1;
	d->req_fd = -1;
}

/* VFIO_DEVICE_GET_INFO: a PCI device with a config region. */
static int vfio_device_check(struct vfio_device *d, const char *bdf, struct nvrt_err *err)
{
	struct vfio_device_info info = { .argsz = sizeof(info) };

	if (ioctl(d->fd, VFIO_DEVICE_GET_INFO, &info))
		return vfio_ioctl_error(bdf, "VFIO_DEVICE_GET_INFO", err);
	if (!(info.flags & VFIO_DEVICE_FLAGS_PCI))
		return nvrt_err_set(err, "vfio %s: not a PCI device (VFIO device flags 0x%x)", bdf,
				    info.flags);
	if (info.num_regions <= VFIO_PCI_CONFIG_REGION_INDEX)
		return nvrt_err_set(err, "vfio %s: only %u VFIO regions, no PCI config space", bdf,
				    info.num_regions);
	return 0;
}

static int vfio_device_region(struct vfio_device *d, uint32_t index,
			      struct vfio_region_info *r, const char *bdf, struct nvrt_err *err)
{
	memset(r, 0, sizeof(*r));
	r->argsz = sizeof(*r);
	r->index = index;
	if (ioctl(d->fd, VFIO_DEVICE_GET_REGION_INFO, r))
		return vfio_ioctl_error(bdf, "VFIO_DEVICE_GET_REGION_INFO", err);
	return 0;
}

/* Maps BAR0 whole, read/write, shared (uncached: 32-bit accesses only). */
static int vfio_device_map_bar(struct vfio_device *d, const struct vfio_region_info *r,
			       const char *bdf, struct nvrt_err *err)
{
	const uint32_t rw = VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE;
	void *p;

	if (!r->size)
		return nvrt_err_set(err, "vfio %s: the device has no BAR0", bdf);
	if ((r->flags & rw) != rw || !(r->flags & VFIO_REGION_INFO_FLAG_MMAP))
		return nvrt_err_set(err, "vfio %s: vfio-pci does not let BAR0 (%llu bytes) be mmapped "
				    "read/write (region flags 0x%x)", bdf,
				    (unsigned long long)r->size, r->flags);
	p = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED, d->fd, (off_t)r->offset);
	if (p == MAP_FAILED)
		return nvrt_err_set(err, "vfio %s: mmap of BAR0 (%llu bytes) failed: %s", bdf,
				    (unsigned long long)r->size, strerror(errno));
	d->bar0 = p;
	d->bar0_size = r->size;
	return 0;
}

/* PCI_COMMAND |= MEMORY | MASTER, through the config region. */
static int vfio_device_enable(struct vfio_device *d, const struct vfio_region_info *cfg,
			      const char *bdf, struct nvrt_err *err)
{
	const uint16_t want = PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER;
	off_t at = (off_t)(cfg->offset + PCI_COMMAND);
	uint16_t cmd;
	ssize_t n;

	n = pread(d->fd, &cmd, sizeof(cmd), at);
	if (n != (ssize_t)sizeof(cmd))
		return nvrt_err_set(err, "vfio %s: cannot read PCI_COMMAND from config space: %s",
				    bdf, n < 0 ? strerror(errno) : "short read");
	if ((le16toh(cmd) & want) == want)
		return 0;
	cmd = htole16(le16toh(cmd) | want);
	n = pwrite(d->fd, &cmd, sizeof(cmd), at);
	if (n != (ssize_t)sizeof(cmd))
		return nvrt_err_set(err, "vfio %s: cannot enable memory space and bus mastering in "
				    "PCI_COMMAND: %s", bdf, n < 0 ? strerror(errno) : "short write");
	return 0;
}

int vfio_device_open(struct vfio_device *d, int fd, const char *bdf, struct nvrt_err *err)
{
	struct vfio_region_info cfg, bar0;

	d->fd = fd;
	if (vfio_device_check(d, bdf, err) ||
	    vfio_device_region(d, VFIO_PCI_CONFIG_REGION_INDEX, &cfg, bdf, err) ||
	    vfio_device_region(d, VFIO_PCI_BAR0_REGION_INDEX, &bar0, bdf, err) ||
	    vfio_device_map_bar(d, &bar0, bdf, err) || vfio_device_enable(d, &cfg, bdf, err))
		return -1;
	return vfio_device_req_register(d, bdf, err);
}

void vfio_device_close(struct vfio_device *d)
{
	vfio_device_req_unregister(d);
	if (d->bar0)
		munmap((void *)d->bar0, d->bar0_size);
	if (d->fd >= 0)
		close(d->fd);
	vfio_device_init(d);
}
