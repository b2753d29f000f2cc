/* SPDX-License-Identifier: MIT */
/*
 * Where a PCI device stands before VFIO can open it: its address, whether it
 * exists, its driver, its IOMMU group and vfio cdev (sysfs), and the /dev
 * nodes, with errors that say how to fix each.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vfio_internal.h"

/* Reads a hex field of min..max digits ended by end; NULL if malformed. */
static const char *bdf_field(const char *p, size_t min, size_t max, char end, unsigned long *v)
{
	size_t n = 0;

	*v = 0;
	while (n < max && isxdigit((unsigned char)p[n])) {
		*v = *v * 16 + (unsigned long)(isdigit((unsigned char)p[n]) ? p[n] - '0'
						       : tolower((unsigned char)p[n]) - 'a' + 10);
		n++;
	}
	if (n < min || p[n] != end)
		return NULL;
	return end ? p + n + 1 : p + n;
}

int vfio_bdf_parse(const char *s, char out[VFIO_BDF_MAX], struct nvrt_err *err)
{
	const char *p = s;
	unsigned long dom, bus, dev, fn;
	size_t i;

	if (p)
		p = bdf_field(p, 4, 8, ':', &dom);
	if (p)
		p = bdf_field(p, 2, 2, ':', &bus);
	if (p)
		p = bdf_field(p, 2, 2, '.', &dev);
	if (p)
		p = bdf_field(p, 1, 1, '\0', &fn);
	if (!p || dev > 0x1f || fn > 7)
		return nvrt_err_set(err, "vfio: bad PCI address \"%s\": want DOMAIN:BUS:DEV.FN in hex "
				    "(device <= 1f, function <= 7), e.g. 0000:65:00.0 as lspci -D shows",
				    s ? s : "(null)");
	for (i = 0; s[i]; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[i] = '\0';
	return 0;
}

int nvrt_vfio_bdf_check(const char *bdf, struct nvrt_err *err)
{
	char name[VFIO_BDF_MAX];

	return vfio_bdf_parse(bdf, name, err);
}

int vfio_sysfs_check_device(const char *bdf, struct nvrt_err *err)
{
	char path[64];

	snprintf(path, sizeof(path), VFIO_SYSFS_PCI "/%s", bdf);
	if (access(path, F_OK) == 0)
		return 0;
	if (errno == ENOENT)
		return nvrt_err_set(err, "vfio %s: no such PCI device (nothing at %s); "
				    "lspci -D lists the devices", bdf, path);
	return nvrt_err_set(err, "vfio %s: %s: %s", bdf, path, strerror(errno));
}

/* The last component of the symlink dir/name, or "" when there is none. */
static void sysfs_link_base(const char *dir, const char *name, char *out, size_t n)
{
	char path[160], link[256];
	const char *base;
	ssize_t len;
	size_t k;

	out[0] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return;
	len = readlink(path, link, sizeof(link) - 1);
	if (len < 0)
		return;
	link[len] = '\0';
	base = strrchr(link, '/');
	base = base ? base + 1 : link;
	k = strnlen(base, n - 1);
	memcpy(out, base, k);
	out[k] = '\0';
}

/* vfio-pci, or a variant driver built on it (mlx5-vfio-pci, ...). */
static bool driver_is_vfio(const char *driver)
{
	return strstr(driver, "vfio") != NULL;
}

int vfio_sysfs_check_driver(const char *bdf, struct nvrt_err *err)
{
	char dir[64], drv[64];

	snprintf(dir, sizeof(dir), VFIO_SYSFS_PCI "/%s", bdf);
	sysfs_link_base(dir, "driver", drv, sizeof(drv));
	if (driver_is_vfio(drv))
		return 0;
	if (!drv[0])
		return nvrt_err_set(err, "vfio %s: bound to no driver, not vfio-pci; as root: "
				    "modprobe vfio-pci; echo vfio-pci > %s/driver_override; "
				    "echo %s > /sys/bus/pci/drivers_probe", bdf, dir, bdf);
	return nvrt_err_set(err, "vfio %s: bound to %s, not vfio-pci; as root: modprobe vfio-pci; "
			    "echo vfio-pci > %s/driver_override; echo %s > /sys/bus/pci/drivers/%s/unbind; "
			    "echo %s > /sys/bus/pci/drivers_probe", bdf, drv, dir, bdf, drv, bdf);
}

int vfio_sysfs_group(const char *bdf, int *group, struct nvrt_err *err)
{
	char dir[64], name[32], *end;
	long g;

	snprintf(dir, sizeof(dir), VFIO_SYSFS_PCI "/%s", bdf);
	sysfs_link_base(dir, "iommu_group", name, sizeof(name));
	if (!name[0])
		return nvrt_err_set(err, "vfio %s: no IOMMU group (%s/iommu_group): the IOMMU is off; "
				    "enable VT-d/AMD-Vi in the firmware and boot with intel_iommu=on "
				    "(or amd_iommu=on)", bdf, dir);
	g = strtol(name, &end, 10);
	if (end == name || *end || g < 0 || g > 0x7fffffff)
		return nvrt_err_set(err, "vfio %s: unexpected IOMMU group \"%s\"", bdf, name);
	*group = (int)g;
	return 0;
}

uint64_t vfio_sysfs_bar0_phys(const char *bdf)
{
	char path[80];
	unsigned long long start = 0;
	FILE *f;

	snprintf(path, sizeof(path), VFIO_SYSFS_PCI "/%s/resource", bdf);
	f = fopen(path, "r");
	if (!f)
		return 0;
	/* The first line is BAR0: "start end flags" (the kernel's resource_show). */
	if (fscanf(f, "%llx", &start) != 1)
		start = 0;
	fclose(f);
	return start;
}

void vfio_sysfs_group_busy(int group, const char *bdf, char *out, size_t n)
{
	char dir[64], dev[128], drv[64];
	struct dirent *e;
	size_t len = 0;
	DIR *d;

	out[0] = '\0';
	snprintf(dir, sizeof(dir), "/sys/kernel/iommu_groups/%d/devices", group);
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d)) && len + 1 < n) {
		if (e->d_name[0] == '.' || !strcmp(e->d_name, bdf))
			continue;
		if ((size_t)snprintf(dev, sizeof(dev), "%s/%s", dir, e->d_name) >= sizeof(dev))
			continue;
		sysfs_link_base(dev, "driver", drv, sizeof(drv));
		if (!drv[0] || driver_is_vfio(drv))
			continue;
		len += (size_t)snprintf(out + len, n - len, "%s%s (%s)", len ? ", " : "", e->d_name, drv);
	}
	closedir(d);
}

int vfio_sysfs_cdev(const char *bdf, char *out, size_t n)
{
	char dir[80];
	struct dirent *e;
	int rc = -1;
	DIR *d;

	snprintf(dir, sizeof(dir), VFIO_SYSFS_PCI "/%s/vfio-dev", bdf);
	d = opendir(dir);
	if (!d)
		return -1;
	while (rc && (e = readdir(d)))
		if (!strncmp(e->d_name, "vfio", 4) && (size_t)snprintf(out, n, "%s", e->d_name) < n)
			rc = 0;
	closedir(d);
	return rc;
}

int vfio_node_open(const char *bdf, const char *path, struct nvrt_err *err)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd >= 0)
		return fd;
	if (errno == ENOENT)
		nvrt_err_set(err, "vfio %s: no %s: load vfio-pci (modprobe vfio-pci), check the IOMMU "
			     "is on, and in a container pass /dev/vfio through", bdf, path);
	else if (errno == EACCES || errno == EPERM)
		nvrt_err_set(err, "vfio %s: %s: permission denied; run as root or give your user the "
			     "node (chown $USER %s)", bdf, path, path);
	else if (errno == EBUSY)
		nvrt_err_set(err, "vfio %s: %s is busy: another process (QEMU?) has the device open",
			     bdf, path);
	else
		nvrt_err_set(err, "vfio %s: cannot open %s: %s", bdf, path, strerror(errno));
	return -1;
}

int vfio_ioctl_error(const char *bdf, const char *what, struct nvrt_err *err)
{
	return nvrt_err_set(err, "vfio %s: %s failed: %s", bdf, what, strerror(errno));
}
