/* SPDX-License-Identifier: MIT */
/*
 * The VFIO backend without VFIO: every system call it makes (open, close,
 * ioctl, readlink, access, opendir/readdir/closedir, mmap, munmap, pread,
 * pwrite) is redirected here by the linker (-Wl,--wrap=..., see the
 * Makefile) and answered by a small fake kernel: sysfs links and
 * directories, /dev/vfio nodes, container, group and device fds, region
 * info, a BAR0 that is a test buffer, a config space holding PCI_COMMAND, an
 * IOMMU that records DMA maps.  Anything else goes to the real call.
 *
 * Each test sets up the fake (a viable group of a device bound to vfio-pci
 * by default), opens the device and checks what the backend did: the error
 * message (naming the device and the fix), no fd or mapping left behind,
 * and on success BAR0 access, bus mastering, IOVAs and DMA maps.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/pci_regs.h>

#include "nvrt/chip.h"
#include "nvrt/device.h"
#include "nvrt/vfio.h"
#include "submit_chip.h"     /* nvrt-submit's choice of chip */
#include "vfio/vfio_internal.h"   /* the UAPI headers, VFIO_HAVE_IOMMUFD */

#define BDF "0000:3b:00.0"
#define DEV_DIR "/sys/bus/pci/devices/" BDF
#define GROUP_DIR "/sys/kernel/iommu_groups/12/devices"
#define CFG_OFFSET ((uint64_t)VFIO_PCI_CONFIG_REGION_INDEX << 40)   /* as vfio-pci */
#define IOAS_ID 7u

enum { FD_CONTAINER = 1000, FD_GROUP, FD_DEVICE, FD_IOMMUFD, FD_END };

struct fake_map {
	uint64_t vaddr, iova, size;
	uint32_t flags;
};

static struct fake {
	/* the system */
	bool no_dev_vfio, no_device, iommu_off, not_viable, no_type1, type1_v1_only, iommufd;
	const char *driver;          /* NULL: bound to nothing */
	const char *member_driver;   /* the group's other device, 0000:3b:00.1 */
	int group_errno, map_errno;
	int api_version;
	bool no_caps;                /* VFIO_IOMMU_GET_INFO without the IOVA range capability */
	struct vfio_iova_range ranges[4];
	unsigned int nranges;
	uint32_t device_flags, bar0_flags;
	uint64_t bar0_size;
	unsigned int req_count;      /* VFIO_PCI_REQ_IRQ_INDEX interrupts (0: none) */
	int set_irqs_errno;
	/* what happened */
	unsigned int calls;          /* wrapped calls the fake answered */
	bool fd_open[FD_END - FD_CONTAINER];
	int dirs_open;
	bool in_container, bound, attached, bar0_mapped;
	unsigned long iommu_type;
	char device_name[32];
	uint16_t command;
	unsigned int command_writes, resets;
	struct fake_map maps[16];
	unsigned int nmaps;
	struct fake_map unmaps[16];
	unsigned int nunmaps;
	int req_efd;                 /* the eventfd registered for the device request, or -1 */
	unsigned int req_unregistered;
} fk;

static uint32_t bar0_mem[0x10000 / 4] __attribute__((aligned(4096)));

static void fake_reset(void)
{
	memset(&fk, 0, sizeof(fk));
	memset(bar0_mem, 0, sizeof(bar0_mem));
	fk.driver = "vfio-pci";
	fk.api_version = VFIO_API_VERSION;
	/* x86: everything but the MSI window, 48 bits */
	fk.ranges[0] = (struct vfio_iova_range){ 0, 0xfedfffffull };
	fk.ranges[1] = (struct vfio_iova_range){ 0xfef00000ull, 0xffffffffffffull };
	fk.nranges = 2;
	fk.device_flags = VFIO_DEVICE_FLAGS_PCI | VFIO_DEVICE_FLAGS_RESET;
	fk.bar0_flags = VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE |
			VFIO_REGION_INFO_FLAG_MMAP;
	fk.bar0_size = sizeof(bar0_mem);
	fk.req_count = 1;
	fk.req_efd = -1;
	unsetenv("NVRT_VFIO_IOMMUFD");
}

static int fake_fds_open(void)
{
	int i, n = 0;

	for (i = 0; i < FD_END - FD_CONTAINER; i++)
		n += fk.fd_open[i];
	return n;
}

static bool is_fake_fd(int fd)
{
	return fd >= FD_CONTAINER && fd < FD_END;
}

static int fake_fail(int e)
{
	errno = e;
	return -1;
}

/* ---- files: open, close, access, readlink, directories ----------------------- */

static int fake_fd_open(int fd)
{
	if (fk.fd_open[fd - FD_CONTAINER])
		fail_msg("fake fd %d opened twice", fd);
	fk.fd_open[fd - FD_CONTAINER] = true;
	return fd;
}

static int fake_open(const char *path, int flags)
{
	fk.calls++;
	if ((flags & O_ACCMODE) != O_RDWR || !(flags & O_CLOEXEC))
		fail_msg("%s opened with flags 0x%x, want O_RDWR | O_CLOEXEC", path, flags);
	if (!strcmp(path, "/dev/iommu"))
		return fk.iommufd ? fake_fd_open(FD_IOMMUFD) : fake_fail(ENOENT);
	if (fk.no_dev_vfio)
		return fake_fail(ENOENT);
	if (!strcmp(path, "/dev/vfio/vfio"))
		return fake_fd_open(FD_CONTAINER);
	if (!strcmp(path, "/dev/vfio/12"))
		return fk.group_errno ? fake_fail(fk.group_errno) : fake_fd_open(FD_GROUP);
	if (!strcmp(path, "/dev/vfio/devices/vfio0") && fk.iommufd)
		return fake_fd_open(FD_DEVICE);
	return fake_fail(ENOENT);
}

int __real_open(const char *path, int flags, ...);
int __wrap_open(const char *path, int flags, ...)
{
	unsigned int mode = 0;
	va_list ap;

	if (!strncmp(path, "/dev/vfio", 9) || !strcmp(path, "/dev/iommu"))
		return fake_open(path, flags);
	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {
		va_start(ap, flags);
		mode = va_arg(ap, unsigned int);
		va_end(ap);
	}
	return __real_open(path, flags, mode);
}

int __real_close(int fd);
int __wrap_close(int fd)
{
	if (!is_fake_fd(fd))
		return __real_close(fd);
	fk.calls++;
	if (!fk.fd_open[fd - FD_CONTAINER])
		fail_msg("close of fake fd %d, which is not open", fd);
	fk.fd_open[fd - FD_CONTAINER] = false;
	if (fd == FD_DEVICE && fk.bar0_mapped)
		fail_msg("device fd closed while BAR0 is still mapped");
	if (fd != FD_DEVICE && fk.fd_open[FD_DEVICE - FD_CONTAINER])
		fail_msg("fd %d closed before the device fd", fd);
	return 0;
}

static bool is_fake_path(const char *path)
{
	return !strncmp(path, "/sys/", 5) || !strncmp(path, "/dev/", 5);
}

int __real_access(const char *path, int mode);
int __wrap_access(const char *path, int mode)
{
	if (!is_fake_path(path))
		return __real_access(path, mode);
	fk.calls++;
	if (!strcmp(path, "/dev/vfio"))
		return fk.no_dev_vfio ? fake_fail(ENOENT) : 0;
	if (!strcmp(path, DEV_DIR))
		return fk.no_device ? fake_fail(ENOENT) : 0;
	if (!strcmp(path, "/dev/iommu") || !strcmp(path, DEV_DIR "/vfio-dev"))
		return fk.iommufd ? 0 : fake_fail(ENOENT);
	return fake_fail(ENOENT);
}

static ssize_t fake_link(const char *target, char *buf, size_t n)
{
	size_t len = strlen(target);

	if (!target[0])
		return fake_fail(ENOENT);
	if (len > n)
		len = n;
	memcpy(buf, target, len);   /* readlink does not terminate */
	return (ssize_t)len;
}

static const char *fake_driver_link(const char *driver)
{
	static char link[128];

	if (!driver)
		return "";
	snprintf(link, sizeof(link), "../../../bus/pci/drivers/%s", driver);
	return link;
}

ssize_t __real_readlink(const char *path, char *buf, size_t n);
ssize_t __wrap_readlink(const char *path, char *buf, size_t n)
{
	if (!is_fake_path(path))
		return __real_readlink(path, buf, n);
	fk.calls++;
	if (!strcmp(path, DEV_DIR "/driver") || !strcmp(path, GROUP_DIR "/" BDF "/driver"))
		return fake_link(fake_driver_link(fk.driver), buf, n);
	if (!strcmp(path, GROUP_DIR "/0000:3b:00.1/driver"))
		return fake_link(fake_driver_link(fk.member_driver), buf, n);
	if (!strcmp(path, DEV_DIR "/iommu_group"))
		return fake_link(fk.iommu_off ? "" : "../../../kernel/iommu_groups/12", buf, n);
	return fake_fail(ENOENT);
}

/* A directory listing: the names, then NULL. */
static struct fake_dir {
	const char *names[6];
	size_t at;
	struct dirent ent;
} fake_dir;

DIR *__real_opendir(const char *path);
DIR *__wrap_opendir(const char *path)
{
	static const char *const group[] = { ".", "..", BDF, "0000:3b:00.1", NULL };
	static const char *const cdev[] = { ".", "..", "vfio0", NULL };
	const char *const *names = NULL;
	size_t i;

	if (!is_fake_path(path))
		return __real_opendir(path);
	fk.calls++;
	if (!strcmp(path, GROUP_DIR))
		names = group;
	else if (!strcmp(path, DEV_DIR "/vfio-dev") && fk.iommufd)
		names = cdev;
	if (!names) {
		errno = ENOENT;
		return NULL;
	}
	if (fk.dirs_open)
		fail_msg("two fake directories open at once");
	memset(&fake_dir, 0, sizeof(fake_dir));
	for (i = 0; names[i]; i++)
		fake_dir.names[i] = names[i];
	fk.dirs_open++;
	return (DIR *)&fake_dir;
}

struct dirent *__real_readdir(DIR *d);
struct dirent *__wrap_readdir(DIR *d)
{
	const char *name;

	if (d != (DIR *)&fake_dir)
		return __real_readdir(d);
	fk.calls++;
	name = fake_dir.names[fake_dir.at];
	if (!name)
		return NULL;
	fake_dir.at++;
	snprintf(fake_dir.ent.d_name, sizeof(fake_dir.ent.d_name), "%s", name);
	return &fake_dir.ent;
}

int __real_closedir(DIR *d);
int __wrap_closedir(DIR *d)
{
	if (d != (DIR *)&fake_dir)
		return __real_closedir(d);
	fk.calls++;
	fk.dirs_open--;
	return 0;
}

/* ---- the container, the group, the IOMMU ----------------------------------- */

static void fake_dma_record(struct fake_map *list, unsigned int *n, uint64_t vaddr,
			    uint64_t iova, uint64_t size, uint32_t flags)
{
	if (*n == 16)
		fail_msg("too many DMA maps for the fake");
	list[(*n)++] = (struct fake_map){ vaddr, iova, size, flags };
}

/* VFIO_IOMMU_GET_INFO as the kernel answers it: the capability chain only
 * when argsz has room for it, else the room it needs. */
static int fake_iommu_info(struct vfio_iommu_type1_info *info)
{
	struct vfio_iommu_type1_info_cap_iova_range *cap;
	size_t need = sizeof(*info) + sizeof(*cap) + fk.nranges * sizeof(cap->iova_ranges[0]);
	uint32_t argsz = info->argsz;

	if (!fk.iommu_type)
		fail_msg("VFIO_IOMMU_GET_INFO before VFIO_SET_IOMMU");
	memset(info, 0, sizeof(*info));
	info->argsz = argsz;
	info->flags = VFIO_IOMMU_INFO_PGSIZES;
	info->iova_pgsizes = 0x40201000ull;   /* 4 KiB, 2 MiB, 1 GiB */
	if (fk.no_caps)
		return 0;
	info->flags |= VFIO_IOMMU_INFO_CAPS;
	if (argsz < need) {
		info->argsz = (uint32_t)need;
		return 0;
	}
	info->cap_offset = sizeof(*info);
	cap = (void *)(info + 1);
	cap->header.id = VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE;
	cap->header.version = 1;
	cap->nr_iovas = fk.nranges;
	memcpy(cap->iova_ranges, fk.ranges, fk.nranges * sizeof(fk.ranges[0]));
	return 0;
}

static int fake_container_ioctl(unsigned long req, void *arg)
{
	struct vfio_iommu_type1_dma_map *m = arg;
	struct vfio_iommu_type1_dma_unmap *u = arg;

	switch (req) {
	case VFIO_GET_API_VERSION:
		return fk.api_version;
	case VFIO_CHECK_EXTENSION:
		if ((uintptr_t)arg == VFIO_TYPE1v2_IOMMU)
			return !fk.no_type1 && !fk.type1_v1_only;
		return !fk.no_type1 && (uintptr_t)arg == VFIO_TYPE1_IOMMU;
	case VFIO_SET_IOMMU:
		if (!fk.in_container)
			fail_msg("VFIO_SET_IOMMU before the group is in the container");
		fk.iommu_type = (uintptr_t)arg;
		return 0;
	case VFIO_IOMMU_GET_INFO:
		return fake_iommu_info(arg);
	case VFIO_IOMMU_MAP_DMA:
		if (fk.map_errno)
			return fake_fail(fk.map_errno);
		fake_dma_record(fk.maps, &fk.nmaps, m->vaddr, m->iova, m->size, m->flags);
		return 0;
	case VFIO_IOMMU_UNMAP_DMA:
		fake_dma_record(fk.unmaps, &fk.nunmaps, 0, u->iova, u->size, u->flags);
		return 0;
	}
	fail_msg("unexpected container ioctl 0x%lx", req);
	return -1;
}

static int fake_group_ioctl(unsigned long req, void *arg)
{
	struct vfio_group_status *st = arg;

	switch (req) {
	case VFIO_GROUP_GET_STATUS:
		st->flags = fk.not_viable ? 0 : VFIO_GROUP_FLAGS_VIABLE;
		return 0;
	case VFIO_GROUP_SET_CONTAINER:
		if (*(int *)arg != FD_CONTAINER)
			fail_msg("VFIO_GROUP_SET_CONTAINER with fd %d", *(int *)arg);
		fk.in_container = true;
		return 0;
	case VFIO_GROUP_GET_DEVICE_FD:
		if (!fk.iommu_type)
			fail_msg("VFIO_GROUP_GET_DEVICE_FD before VFIO_SET_IOMMU");
		snprintf(fk.device_name, sizeof(fk.device_name), "%s", (const char *)arg);
		return fake_fd_open(FD_DEVICE);
	}
	fail_msg("unexpected group ioctl 0x%lx", req);
	return -1;
}

#if VFIO_HAVE_IOMMUFD
static int fake_iommufd_ranges(struct iommu_ioas_iova_ranges *r)
{
	struct iommu_iova_range *out = (void *)(uintptr_t)r->allowed_iovas;
	unsigned int i, have = r->num_iovas;

	if (!fk.attached || r->ioas_id != IOAS_ID)
		fail_msg("IOMMU_IOAS_IOVA_RANGES before the device is attached to the IOAS");
	r->num_iovas = fk.nranges;
	r->out_iova_alignment = 4096;
	if (have < fk.nranges)
		return fake_fail(EMSGSIZE);
	for (i = 0; i < fk.nranges; i++)
		out[i] = (struct iommu_iova_range){ fk.ranges[i].start, fk.ranges[i].end };
	return 0;
}

static int fake_iommufd_ioctl(unsigned long req, void *arg)
{
	struct iommu_ioas_map *m = arg;
	struct iommu_ioas_unmap *u = arg;

	switch (req) {
	case IOMMU_IOAS_ALLOC:
		((struct iommu_ioas_alloc *)arg)->out_ioas_id = IOAS_ID;
		return 0;
	case IOMMU_IOAS_IOVA_RANGES:
		return fake_iommufd_ranges(arg);
	case IOMMU_IOAS_MAP:
		if (m->ioas_id != IOAS_ID)
			fail_msg("IOMMU_IOAS_MAP in IOAS %u", m->ioas_id);
		if (fk.map_errno)
			return fake_fail(fk.map_errno);
		fake_dma_record(fk.maps, &fk.nmaps, m->user_va, m->iova, m->length, m->flags);
		return 0;
	case IOMMU_IOAS_UNMAP:
		fake_dma_record(fk.unmaps, &fk.nunmaps, 0, u->iova, u->length, 0);
		return 0;
	}
	fail_msg("unexpected iommufd ioctl 0x%lx", req);
	return -1;
}

static int fake_cdev_ioctl(unsigned long req, void *arg)
{
	if (req == VFIO_DEVICE_BIND_IOMMUFD) {
		if (((struct vfio_device_bind_iommufd *)arg)->iommufd != FD_IOMMUFD)
			fail_msg("VFIO_DEVICE_BIND_IOMMUFD to another fd");
		fk.bound = true;
		return 0;
	}
	if (req == VFIO_DEVICE_ATTACH_IOMMUFD_PT) {
		if (!fk.bound || ((struct vfio_device_attach_iommufd_pt *)arg)->pt_id != IOAS_ID)
			fail_msg("VFIO_DEVICE_ATTACH_IOMMUFD_PT unbound or to another IOAS");
		fk.attached = true;
		return 0;
	}
	return 1;   /* not a cdev ioctl */
}
#endif

/* ---- the device -------------------------------------------------------------- */

static int fake_region_info(struct vfio_region_info *r)
{
	uint32_t index = r->index;

	memset(r, 0, sizeof(*r));
	r->argsz = sizeof(*r);
	r->index = index;
	r->offset = (uint64_t)index << 40;
	if (index == VFIO_PCI_CONFIG_REGION_INDEX) {
		r->size = 256;
		r->flags = VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE;
	} else if (index == VFIO_PCI_BAR0_REGION_INDEX) {
		r->size = fk.bar0_size;
		r->flags = fk.bar0_flags;
	} else if (index >= 9) {
		return fake_fail(EINVAL);
	}
	return 0;
}

/* vfio-pci's device request interrupt: one eventfd, or none. */
static int fake_irq_info(struct vfio_irq_info *i)
{
	if (i->argsz < sizeof(*i) || i->index != VFIO_PCI_REQ_IRQ_INDEX)
		return fake_fail(EINVAL);
	i->count = fk.req_count;
	i->flags = fk.req_count ? VFIO_IRQ_INFO_EVENTFD | VFIO_IRQ_INFO_NORESIZE : 0;
	return 0;
}

static int fake_set_irqs(const struct vfio_irq_set *set)
{
	const uint32_t trigger_fd = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
	const uint32_t trigger_none = VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER;
	int32_t fd;

	if (set->index != VFIO_PCI_REQ_IRQ_INDEX || set->start != 0)
		fail_msg("VFIO_DEVICE_SET_IRQS index %u start %u", set->index, set->start);
	if (fk.set_irqs_errno)
		return fake_fail(fk.set_irqs_errno);
	if (set->flags == trigger_fd && set->count == 1 && set->argsz >= sizeof(*set) + sizeof(fd)) {
		memcpy(&fd, set->data, sizeof(fd));
		if (fd < 0 || fk.req_efd >= 0)
			fail_msg("device request eventfd %d (registered: %d)", fd, fk.req_efd);
		fk.req_efd = fd;
		return 0;
	}
	if (set->flags == trigger_none && set->count == 0) {
		fk.req_efd = -1;
		fk.req_unregistered++;
		return 0;
	}
	fail_msg("VFIO_DEVICE_SET_IRQS flags 0x%x count %u argsz %u", set->flags, set->count,
		 set->argsz);
	return -1;
}

static int fake_device_ioctl(unsigned long req, void *arg)
{
	struct vfio_device_info *info = arg;

#if VFIO_HAVE_IOMMUFD
	int rc = fake_cdev_ioctl(req, arg);

	if (rc <= 0)
		return rc;
#endif
	switch (req) {
	case VFIO_DEVICE_GET_INFO:
		info->flags = fk.device_flags;
		info->num_regions = 9;
		info->num_irqs = 5;
		return 0;
	case VFIO_DEVICE_GET_REGION_INFO:
		return fake_region_info(arg);
	case VFIO_DEVICE_RESET:
		fk.resets++;
		return 0;
	case VFIO_DEVICE_GET_IRQ_INFO:
		return fake_irq_info(arg);
	case VFIO_DEVICE_SET_IRQS:
		return fake_set_irqs(arg);
	}
	fail_msg("unexpected device ioctl 0x%lx", req);
	return -1;
}

int __real_ioctl(int fd, unsigned long req, ...);
int __wrap_ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!is_fake_fd(fd))
		return __real_ioctl(fd, req, arg);
	fk.calls++;
	if (!fk.fd_open[fd - FD_CONTAINER])
		fail_msg("ioctl on fake fd %d, which is not open", fd);
	switch (fd) {
	case FD_CONTAINER:
		return fake_container_ioctl(req, arg);
	case FD_GROUP:
		return fake_group_ioctl(req, arg);
	case FD_DEVICE:
		return fake_device_ioctl(req, arg);
	}
#if VFIO_HAVE_IOMMUFD
	return fake_iommufd_ioctl(req, arg);
#else
	fail_msg("ioctl on the iommufd without iommufd support");
	return -1;
#endif
}

/* Config space: PCI_COMMAND, 2 bytes, nothing else. */
ssize_t __real_pread(int fd, void *buf, size_t n, off_t off);
ssize_t __wrap_pread(int fd, void *buf, size_t n, off_t off)
{
	if (!is_fake_fd(fd))
		return __real_pread(fd, buf, n, off);
	fk.calls++;
	if (fd != FD_DEVICE || n != 2 || (uint64_t)off != CFG_OFFSET + PCI_COMMAND)
		fail_msg("pread of %zu bytes at 0x%llx on fd %d", n, (unsigned long long)off, fd);
	memcpy(buf, &fk.command, 2);
	return 2;
}

ssize_t __real_pwrite(int fd, const void *buf, size_t n, off_t off);
ssize_t __wrap_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	if (!is_fake_fd(fd))
		return __real_pwrite(fd, buf, n, off);
	fk.calls++;
	if (fd != FD_DEVICE || n != 2 || (uint64_t)off != CFG_OFFSET + PCI_COMMAND)
		fail_msg("pwrite of %zu bytes at 0x%llx on fd %d", n, (unsigned long long)off, fd);
	memcpy(&fk.command, buf, 2);
	fk.command_writes++;
	return 2;
}

/* BAR0 is bar0_mem; anything else is real memory. */
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (!is_fake_fd(fd))
		return __real_mmap(addr, len, prot, flags, fd, off);
	fk.calls++;
	if (fd != FD_DEVICE || off != 0 || len != fk.bar0_size || prot != (PROT_READ | PROT_WRITE) ||
	    !(flags & MAP_SHARED))
		fail_msg("mmap of %zu bytes at 0x%llx on fd %d (prot %d, flags 0x%x)", len,
			 (unsigned long long)off, fd, prot, flags);
	fk.bar0_mapped = true;
	return bar0_mem;
}

int __real_munmap(void *addr, size_t len);
int __wrap_munmap(void *addr, size_t len)
{
	if (addr != (void *)bar0_mem)
		return __real_munmap(addr, len);
	fk.calls++;
	if (!fk.bar0_mapped || len != fk.bar0_size)
		fail_msg("munmap of BAR0 (%zu bytes) that is not mapped so", len);
	fk.bar0_mapped = false;
	return 0;
}

/* ---- helpers ------------------------------------------------------------------- */

static int fake_setup(void **state)
{
	(void)state;
	fake_reset();
	return 0;
}

static void expect_msg(const char *msg, const char *want)
{
	if (!strstr(msg, want))
		fail_msg("error \"%s\" lacks \"%s\"", msg, want);
}

/* Nothing of the device left open or mapped. */
static void expect_released(void)
{
	if (fake_fds_open() || fk.dirs_open || fk.bar0_mapped || fk.req_efd >= 0)
		fail_msg("left behind: %d fds, %d directories, BAR0 %s, request eventfd %d",
			 fake_fds_open(), fk.dirs_open, fk.bar0_mapped ? "mapped" : "unmapped",
			 fk.req_efd);
	assert_int_equal(fk.resets, 0);
}

/* Opening BDF fails with a message naming it and holding want and want2. */
static void open_fails(const char *want, const char *want2)
{
	struct nvrt_err err = { "" };
	struct nvrt_backend *b = nvrt_backend_vfio_open(BDF, &err);

	if (b)
		fail_msg("opened, but should have failed with \"%s\"", want);
	expect_msg(err.msg, "vfio " BDF ": ");
	expect_msg(err.msg, want);
	if (want2)
		expect_msg(err.msg, want2);
	expect_released();
}

static struct nvrt_backend *open_ok(const char *bdf)
{
	struct nvrt_err err = { "" };
	struct nvrt_backend *b = nvrt_backend_vfio_open(bdf, &err);

	if (!b)
		fail_msg("open %s: %s", bdf, err.msg);
	return b;
}

static struct nvrt_dma alloc_ok(struct nvrt_backend *b, size_t size, size_t align)
{
	struct nvrt_err err = { "" };
	struct nvrt_dma d;

	if (nvrt_dma_alloc(b, size, align, NVRT_APERTURE_SYS_COHERENT, &d, &err))
		fail_msg("alloc of %zu bytes aligned to %zu: %s", size, align, err.msg);
	return d;
}

static void alloc_fails(struct nvrt_backend *b, size_t size, size_t align, const char *want)
{
	struct nvrt_err err = { "" };
	struct nvrt_dma d;

	if (!nvrt_dma_alloc(b, size, align, NVRT_APERTURE_SYS_COHERENT, &d, &err))
		fail_msg("alloc of %zu bytes gave IOVA 0x%llx", size, (unsigned long long)d.iova);
	expect_msg(err.msg, "vfio " BDF ": ");
	expect_msg(err.msg, want);
}

/* The last map is buffer d, read/write, whole pages; d is zeroed. */
static void expect_mapped(const struct nvrt_dma *d, uint32_t flags)
{
	const struct fake_map *m = &fk.maps[fk.nmaps - 1];
	size_t i;

	assert_true(fk.nmaps > 0);
	assert_int_equal(m->vaddr, (uintptr_t)d->cpu);
	assert_int_equal(m->iova, d->iova);
	assert_int_equal(m->flags, flags);
	assert_true(m->size >= d->size && m->size % 4096 == 0 && m->size - d->size < 4096);
	assert_int_equal(d->iova % (d->align < 4096 ? 4096 : d->align), 0);
	assert_int_equal((uintptr_t)d->cpu % (d->align < 4096 ? 4096 : d->align), 0);
	assert_true(d->iova >= VFIO_IOVA_BASE && d->iova + m->size <= NVRT_ADDR_LIMIT);
	for (i = 0; i < m->size; i++)
		if (((const uint8_t *)d->cpu)[i])
			fail_msg("byte %zu of a new buffer is not zero", i);
	memset(d->cpu, 0x5a, m->size);   /* and writable */
}

static void expect_iova_reported(uint64_t iova, uint64_t size)
{
	unsigned int i;

	for (i = 0; i < fk.nranges; i++)
		if (iova >= fk.ranges[i].start && iova + size - 1 <= fk.ranges[i].end)
			return;
	fail_msg("IOVA 0x%llx + 0x%llx is in no reported range", (unsigned long long)iova,
		 (unsigned long long)size);
}

/* ---- the happy path ----------------------------------------------------------- */

static void test_vfio_open_close(void **state)
{
	struct nvrt_backend *b;

	(void)state;
	b = open_ok(BDF);
	assert_string_equal(b->ops->name, "vfio");
	assert_int_equal(fake_fds_open(), 3);
	assert_int_equal(fk.iommu_type, VFIO_TYPE1v2_IOMMU);
	assert_string_equal(fk.device_name, BDF);
	assert_true(fk.bar0_mapped);
	/* memory space and bus mastering, written once through config space */
	assert_int_equal(fk.command, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	assert_int_equal(fk.command_writes, 1);
	nvrt_backend_close(b);
	expect_released();
}

/*
 * The device request: an eventfd registered at open (VFIO_DEVICE_SET_IRQS,
 * DATA_EVENTFD | ACTION_TRIGGER on VFIO_PCI_REQ_IRQ_INDEX); the kernel
 * signalling it is seen, and stays seen; close unregisters it before the
 * device fd goes and closes the eventfd.
 */
static void test_vfio_device_request(void **state)
{
	uint64_t one = 1;
	struct nvrt_backend *b;
	int efd;

	(void)state;
	b = open_ok(BDF);
	efd = fk.req_efd;
	assert_true(efd >= 0);
	assert_true(fcntl(efd, F_GETFL) & O_NONBLOCK);     /* waits must never block on it */
	assert_true(fcntl(efd, F_GETFD) & FD_CLOEXEC);
	assert_false(nvrt_backend_host_request(b));
	assert_int_equal(write(efd, &one, sizeof(one)), sizeof(one));   /* the kernel asks */
	assert_true(nvrt_backend_host_request(b));
	assert_true(nvrt_backend_host_request(b));
	nvrt_backend_close(b);
	assert_int_equal(fk.req_unregistered, 1);
	assert_int_equal(fcntl(efd, F_GETFD), -1);        /* closed */
	expect_released();
}

/* No request interrupt (an old kernel): the device still opens. */
static void test_vfio_no_request_irq(void **state)
{
	struct nvrt_backend *b;

	(void)state;
	fk.req_count = 0;
	b = open_ok(BDF);
	assert_int_equal(fk.req_efd, -1);
	assert_false(nvrt_backend_host_request(b));
	nvrt_backend_close(b);
	assert_int_equal(fk.req_unregistered, 0);
	expect_released();
}

/* The kernel refuses the eventfd: the open fails, saying which ioctl. */
static void test_vfio_request_refused(void **state)
{
	(void)state;
	fk.set_irqs_errno = EINVAL;
	open_fails("VFIO_DEVICE_SET_IRQS (device request eventfd) failed", NULL);
}

static void test_vfio_bar0(void **state)
{
	struct nvrt_backend *b;

	(void)state;
	b = open_ok(BDF);
	bar0_mem[0] = 0x140000a1u;
	bar0_mem[0x2200 / 4] = 0xcafe0001u;
	assert_int_equal(nvrt_bar0_read32(b, 0), 0x140000a1u);
	assert_int_equal(nvrt_bar0_read32(b, 0x2200), 0xcafe0001u);
	nvrt_bar0_write32(b, 0x2504, 0x12345678u);
	assert_int_equal(bar0_mem[0x2504 / 4], 0x12345678u);
	nvrt_bar0_write32(b, 0xfffc, 0xdeadbeefu);   /* the last word */
	assert_int_equal(bar0_mem[0xfffc / 4], 0xdeadbeefu);
	/* outside BAR0 or unaligned: all ones, writes dropped */
	assert_int_equal(nvrt_bar0_read32(b, 0x10000), 0xffffffffu);
	assert_int_equal(nvrt_bar0_read32(b, 0xfffffffcu), 0xffffffffu);
	assert_int_equal(nvrt_bar0_read32(b, 0x2202), 0xffffffffu);
	nvrt_bar0_write32(b, 0x10000, 1);
	nvrt_bar0_write32(b, 0x2201, 1);
	assert_int_equal(bar0_mem[0x2200 / 4], 0xcafe0001u);
	nvrt_backend_close(b);
	expect_released();
}

static void test_vfio_dma(void **state)
{
	const uint32_t rw = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE;
	struct nvrt_backend *b;
	struct nvrt_dma d1, d2, d3;

	(void)state;
	b = open_ok(BDF);
	d1 = alloc_ok(b, 8192, 4096);
	expect_mapped(&d1, rw);
	assert_int_equal(d1.iova, VFIO_IOVA_BASE);
	d2 = alloc_ok(b, 100, 0x10000);       /* sub-page size, 64 KiB alignment */
	expect_mapped(&d2, rw);
	assert_int_equal(fk.maps[1].size, 4096);
	d3 = alloc_ok(b, 0x200000, 0x200000);
	expect_mapped(&d3, rw);
	assert_true(d1.iova + 8192 <= d2.iova && d2.iova + 4096 <= d3.iova);
	expect_iova_reported(d1.iova, 8192);
	expect_iova_reported(d3.iova, 0x200000);
	assert_int_equal(d3.aperture, NVRT_APERTURE_SYS_COHERENT);
	assert_int_equal(d3.size, 0x200000);

	nvrt_dma_free(b, &d2);
	assert_int_equal(fk.nunmaps, 1);
	assert_int_equal(fk.unmaps[0].iova, fk.maps[1].iova);
	assert_int_equal(fk.unmaps[0].size, 4096);
	nvrt_dma_free(b, &d1);
	nvrt_dma_free(b, &d3);
	assert_int_equal(fk.nunmaps, 3);
	assert_int_equal(fk.unmaps[2].iova, fk.maps[2].iova);
	assert_int_equal(fk.unmaps[2].size, 0x200000);
	nvrt_backend_close(b);
	expect_released();
}

/* IOVAs skip holes between ranges and stop at 2^40 whatever the IOMMU allows. */
static void test_vfio_iova_ranges(void **state)
{
	struct nvrt_backend *b;
	struct nvrt_dma d[5];

	(void)state;
	fk.ranges[0] = (struct vfio_iova_range){ 0, 0x1fffff };
	fk.ranges[1] = (struct vfio_iova_range){ 0x400000, 0x4fffff };
	fk.ranges[2] = (struct vfio_iova_range){ NVRT_ADDR_LIMIT - 0x10000, 0xffffffffffffffull };
	fk.nranges = 3;
	b = open_ok(BDF);
	d[0] = alloc_ok(b, 0x100000, 4096);     /* all of range 0 above 1 MiB */
	assert_int_equal(d[0].iova, 0x100000);
	d[1] = alloc_ok(b, 4096, 4096);         /* range 1 */
	assert_int_equal(d[1].iova, 0x400000);
	alloc_fails(b, 0x200000, 4096, "no IOVA space left below 2^40");
	d[2] = alloc_ok(b, 0x10000, 0x10000);
	assert_int_equal(d[2].iova, 0x410000);
	d[3] = alloc_ok(b, 0xe0000, 4096);      /* the rest of range 1 */
	assert_int_equal(d[3].iova, 0x420000);
	d[4] = alloc_ok(b, 0x10000, 4096);      /* range 2, clipped at 2^40 */
	assert_int_equal(d[4].iova, NVRT_ADDR_LIMIT - 0x10000);
	alloc_fails(b, 4096, 4096, "no IOVA space left below 2^40");
	assert_int_equal(fk.nmaps, 5);
	for (size_t i = 0; i < 5; i++)
		nvrt_dma_free(b, &d[i]);
	nvrt_backend_close(b);
	expect_released();
}

/* No IOVA range capability (old kernels): anything from 1 MiB to 2^40. */
static void test_vfio_no_range_cap(void **state)
{
	struct nvrt_backend *b;
	struct nvrt_dma d;

	(void)state;
	fk.no_caps = true;
	b = open_ok(BDF);
	d = alloc_ok(b, 4096, 4096);
	assert_int_equal(d.iova, VFIO_IOVA_BASE);
	nvrt_dma_free(b, &d);
	nvrt_backend_close(b);
	expect_released();
}

/* Type1 v1 only; the address in capitals is the same device. */
static void test_vfio_type1_upper_case(void **state)
{
	struct nvrt_backend *b;

	(void)state;
	fk.type1_v1_only = true;
	b = open_ok("0000:3B:00.0");
	assert_string_equal(fk.device_name, BDF);
	assert_int_equal(fk.iommu_type, VFIO_TYPE1_IOMMU);
	nvrt_backend_close(b);
	expect_released();
	/* also a vfio-pci variant driver */
	fake_reset();
	fk.driver = "mlx5-vfio-pci";
	b = open_ok(BDF);
	nvrt_backend_close(b);
	expect_released();
}

/* NVRT_VFIO_IOMMUFD=1 without /dev/iommu (or without iommufd at build
 * time): the legacy path. */
static void test_vfio_iommufd_fallback(void **state)
{
	struct nvrt_backend *b;

	(void)state;
	setenv("NVRT_VFIO_IOMMUFD", "1", 1);
	b = open_ok(BDF);
	assert_string_equal(b->ops->name, "vfio");
	assert_true(fk.in_container);
	nvrt_backend_close(b);
	expect_released();
	/* iommufd available but not asked for: the legacy path */
	fake_reset();
	fk.iommufd = true;
	b = open_ok(BDF);
	assert_string_equal(b->ops->name, "vfio");
	assert_false(fk.fd_open[FD_IOMMUFD - FD_CONTAINER]);
	nvrt_backend_close(b);
	expect_released();
}

#if VFIO_HAVE_IOMMUFD
static void test_vfio_iommufd(void **state)
{
	const uint32_t flags = IOMMU_IOAS_MAP_FIXED_IOVA | IOMMU_IOAS_MAP_READABLE |
			       IOMMU_IOAS_MAP_WRITEABLE;
	struct nvrt_backend *b;
	struct nvrt_dma d;
	uint64_t iova;

	(void)state;
	fk.iommufd = true;
	setenv("NVRT_VFIO_IOMMUFD", "1", 1);
	b = open_ok(BDF);
	assert_string_equal(b->ops->name, "vfio-iommufd");
	assert_true(fk.attached);
	assert_false(fk.in_container);
	assert_int_equal(fk.command, PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	d = alloc_ok(b, 12288, 0x10000);
	expect_mapped(&d, flags);
	expect_iova_reported(d.iova, 12288);
	fk.map_errno = EFAULT;
	alloc_fails(b, 4096, 4096, "refused to map");
	iova = d.iova;
	nvrt_dma_free(b, &d);
	assert_int_equal(fk.nunmaps, 1);
	assert_int_equal(fk.unmaps[0].iova, iova);
	assert_int_equal(fk.unmaps[0].size, 12288);
	nvrt_backend_close(b);
	expect_released();
}
#endif

/* ---- errors ---------------------------------------------------------------------- */

static void test_vfio_bad_bdf(void **state)
{
	static const char *const bad[] = {
		"", "3b:00.0", "0000:3b:00", "0000:3b:00.8", "0000:3b:20.0", "0000:3g:00.0",
		"0000:3b:00.0 ", " 0000:3b:00.0", "000:3b:00.0", "000000000:3b:00.0",
		"0000:3b:0.0", "0000:3b:00.00", "0000-3b-00.0", "0000:3b:00:0", "0000:+3b:00.0",
	};
	struct nvrt_err err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err.msg[0] = '\0';
		if (nvrt_backend_vfio_open(bad[i], &err))
			fail_msg("\"%s\" accepted", bad[i]);
		expect_msg(err.msg, "bad PCI address");
		expect_msg(err.msg, "DOMAIN:BUS:DEV.FN");
	}
	assert_null(nvrt_backend_vfio_open(NULL, &err));
	expect_msg(err.msg, "bad PCI address");
	assert_null(nvrt_backend_vfio_open("zzz", NULL));   /* no err: still fails */
	assert_int_equal(fk.calls, 0);                      /* nothing was looked at */
}

static void test_vfio_no_device(void **state)
{
	(void)state;
	fk.no_device = true;
	open_fails("no such PCI device", "lspci -D");
}

static void test_vfio_no_dev_vfio(void **state)
{
	(void)state;
	fk.no_dev_vfio = true;
	open_fails("no /dev/vfio", "modprobe vfio-pci");
}

static void test_vfio_iommu_off(void **state)
{
	(void)state;
	fk.iommu_off = true;
	fk.driver = NULL;
	open_fails("no IOMMU group", "intel_iommu=on");
}

static void test_vfio_not_bound(void **state)
{
	struct nvrt_err err = { "" };
	size_t len;

	(void)state;
	fk.driver = "nouveau";
	open_fails("bound to nouveau, not vfio-pci", "echo vfio-pci > " DEV_DIR "/driver_override");
	open_fails("echo " BDF " > /sys/bus/pci/drivers/nouveau/unbind",
		   "echo " BDF " > /sys/bus/pci/drivers_probe");
	/* the whole command line fits, even for a long driver name */
	fk.driver = "snd_hda_intel_long_name";
	assert_null(nvrt_backend_vfio_open(BDF, &err));
	len = strlen(err.msg);
	assert_true(len < sizeof(err.msg) - 1);
	assert_string_equal(err.msg + len - strlen("drivers_probe"), "drivers_probe");
	/* bound to nothing: no unbind step */
	fk.driver = NULL;
	open_fails("bound to no driver", "echo " BDF " > /sys/bus/pci/drivers_probe");
	assert_null(nvrt_backend_vfio_open(BDF, &err));
	assert_null(strstr(err.msg, "unbind"));
}

static void test_vfio_group_not_viable(void **state)
{
	(void)state;
	fk.not_viable = true;
	fk.member_driver = "snd_hda_intel";
	open_fails("IOMMU group 12 is not viable", "still bound: 0000:3b:00.1 (snd_hda_intel)");
	/* the other device unbound but the group still not viable: no list */
	fk.member_driver = NULL;
	open_fails("/sys/kernel/iommu_groups/12/devices to vfio-pci", NULL);
}

static void test_vfio_permission(void **state)
{
	(void)state;
	fk.group_errno = EACCES;
	open_fails("/dev/vfio/12: permission denied", "chown $USER /dev/vfio/12");
	fk.group_errno = EPERM;
	open_fails("run as root", NULL);
	fk.group_errno = EBUSY;
	open_fails("/dev/vfio/12 is busy", NULL);
}

static void test_vfio_api_version(void **state)
{
	(void)state;
	fk.api_version = VFIO_API_VERSION + 1;
	open_fails("API version 1", NULL);
	fk.api_version = VFIO_API_VERSION;
	fk.no_type1 = true;
	open_fails("no type1 IOMMU", NULL);
}

static void test_vfio_no_iova_range(void **state)
{
	(void)state;
	fk.ranges[0] = (struct vfio_iova_range){ NVRT_ADDR_LIMIT, ~0ull };
	fk.ranges[1] = (struct vfio_iova_range){ 0, 0xfffff };   /* below 1 MiB only */
	open_fails("no IOVA range between 1 MiB and 2^40", NULL);
}

static void test_vfio_bar0_not_mappable(void **state)
{
	(void)state;
	fk.bar0_flags = VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE;
	open_fails("does not let BAR0 (65536 bytes) be mmapped", NULL);
	fk.bar0_size = 0;
	open_fails("has no BAR0", NULL);
	fk.bar0_size = sizeof(bar0_mem);
	fk.bar0_flags |= VFIO_REGION_INFO_FLAG_MMAP;
	fk.device_flags = VFIO_DEVICE_FLAGS_PLATFORM;
	open_fails("not a PCI device", NULL);
}

static void test_vfio_map_refused(void **state)
{
	struct nvrt_backend *b;
	struct nvrt_dma d;

	(void)state;
	b = open_ok(BDF);
	fk.map_errno = ENOMEM;
	alloc_fails(b, 4096, 4096, "the IOMMU refused to map 4096 bytes at IOVA 0x100000");
	alloc_fails(b, 4096, 4096, "ulimit -l");
	fk.map_errno = EFAULT;
	alloc_fails(b, 4096, 4096, strerror(EFAULT));
	assert_int_equal(fk.nmaps, 0);
	/* refused maps took no IOVA space */
	fk.map_errno = 0;
	d = alloc_ok(b, 4096, 4096);
	assert_int_equal(d.iova, VFIO_IOVA_BASE);
	nvrt_dma_free(b, &d);
	nvrt_backend_close(b);
	expect_released();
}

/* ---- chip identification through BAR0 --------------------------------------------- */

/*
 * What each chip's BAR0 says, from its dev_master manual (rev A1):
 *   NV_PMC_BOOT_0: ARCHITECTURE 28:24, IMPLEMENTATION 23:20, MAJOR_REVISION 7:4 (A),
 *   MINOR_REVISION 3:0 (1); NV_PMC_BOOT_42 (0xa00): CHIP_ID 28:20, MAJOR_REVISION
 *   19:16 (A), MINOR_REVISION 15:12 (1).
 *   gv100: ARCHITECTURE_GV100 0x14, IMPLEMENTATION 0 -> 0x140000a1; CHIP_ID_GV100
 *          0x140 -> 0x140a1000
 *   tu104: ARCHITECTURE_TU100 0x16 (named under BOOT_42), CHIP_ID_TU104 0x164 =
 *          architecture 0x16, implementation 4 -> 0x164000a1, 0x164a1000
 *   ga100 (dev_boot, GA100's name for the unit): ARCHITECTURE_GA100 0x17
 *          (dev_boot.ref.txt:69,83), IMPLEMENTATION 0 (23:20, :51), MAJOR_REVISION_A
 *          0xa (7:4, :42-43), MINOR_REVISION_1 (3:0, :25-26) -> 0x170000a1;
 *          CHIP_ID_GA100 0x170 (28:20, :179,199), MAJOR_REVISION_A 0xa (19:16,
 *          :150-151), MINOR_REVISION_1 (15:12, :134-135) -> 0x170a1000
 */
static const struct vfio_chip_id {
	const char *chip;
	uint32_t boot0, boot42;
} vfio_chip_ids[] = {
	{ "gv100", 0x140000a1u, 0x140a1000u },
	{ "tu104", 0x164000a1u, 0x164a1000u },
	{ "ga100", 0x170000a1u, 0x170a1000u },
};

#define PMC_BOOT_42 0xa00

/* Every chip of the build is told from the others by its own BOOT_0/BOOT_42. */
static void test_vfio_identify(void **state)
{
	(void)state;
	for (size_t i = 0; i < nvrt_chip_count(); i++) {
		const struct nvrt_chip *c = nvrt_chip_at(i);
		const struct vfio_chip_id *id = NULL;
		struct nvrt_identity ident;
		struct nvrt_err err = { "" };
		struct nvrt_backend *b;

		for (size_t k = 0; k < sizeof(vfio_chip_ids) / sizeof(vfio_chip_ids[0]); k++)
			if (!strcmp(vfio_chip_ids[k].chip, c->name))
				id = &vfio_chip_ids[k];
		if (!id)
			fail_msg("no BOOT_0 for chip %s: work it out from its dev_master", c->name);
		fake_setup(NULL);
		b = open_ok(BDF);
		bar0_mem[0] = id->boot0;
		bar0_mem[PMC_BOOT_42 / 4] = id->boot42;
		if (nvrt_chip_identify(b, &ident, &err) != c)
			fail_msg("BOOT_0 0x%08x not identified as %s: %s", id->boot0, c->name, err.msg);
		/* ARCHITECTURE 28:24 of BOOT_0 (and of BOOT_42) */
		assert_int_equal(ident.architecture, id->boot0 >> 24);
		nvrt_backend_close(b);
		expect_released();
	}
}

/*
 * Not an NVIDIA GPU (QEMU's edu device: its ID register 0x010000ed at 0), and a
 * device that reads all ones: refused, showing what BOOT_0 said and the chips
 * this build knows.
 */
static void test_vfio_identify_unknown(void **state)
{
	static const uint32_t words[] = { 0x010000edu, 0xffffffffu };

	(void)state;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		struct nvrt_identity ident;
		struct nvrt_err err = { "" };
		struct nvrt_backend *b;
		char want[64];

		fake_setup(NULL);
		b = open_ok(BDF);
		for (size_t k = 0; k < sizeof(bar0_mem) / sizeof(bar0_mem[0]); k++)
			bar0_mem[k] = words[i];
		assert_null(nvrt_chip_identify(b, &ident, &err));
		snprintf(want, sizeof(want), "unknown GPU: NV_PMC_BOOT_0 0x%08x", words[i]);
		if (!strstr(err.msg, want))
			fail_msg("\"%s\" not in: %s", want, err.msg);
		for (size_t k = 0; k < nvrt_chip_count(); k++)
			if (!strstr(err.msg, nvrt_chip_at(k)->name))
				fail_msg("%s not listed: %s", nvrt_chip_at(k)->name, err.msg);
		nvrt_backend_close(b);
		expect_released();
	}
}

/*
 * nvrt-submit --vfio: the chip is the identified one; --chip naming another
 * chip of the build is refused naming both, --chip naming the same is taken.
 */
static void test_vfio_submit_chip(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(vfio_chip_ids) / sizeof(vfio_chip_ids[0]); i++) {
		const struct nvrt_chip *c = nvrt_chip_find(vfio_chip_ids[i].chip);
		struct nvrt_backend *b;

		if (!c)
			fail_msg("this build has no %s", vfio_chip_ids[i].chip);
		fake_setup(NULL);
		b = open_ok(BDF);
		bar0_mem[0] = vfio_chip_ids[i].boot0;
		bar0_mem[PMC_BOOT_42 / 4] = vfio_chip_ids[i].boot42;
		for (size_t k = 0; k < nvrt_chip_count(); k++) {
			const struct nvrt_chip *want = nvrt_chip_at(k);
			struct nvrt_err err = { "" };
			char msg[128];

			if (want == c) {
				assert_ptr_equal(submit_chip_identify(b, BDF, want, &err), c);
				continue;
			}
			assert_null(submit_chip_identify(b, BDF, want, &err));
			snprintf(msg, sizeof(msg), "--chip %s, but the GPU at " BDF " is a %s: ", want->name,
				 c->name);
			if (strncmp(err.msg, msg, strlen(msg)))
				fail_msg("\"%s\" does not start with \"%s\"", err.msg, msg);
		}
		assert_ptr_equal(submit_chip_identify(b, BDF, NULL, &(struct nvrt_err){ "" }), c);
		nvrt_backend_close(b);
		expect_released();
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_vfio_open_close, fake_setup),
		cmocka_unit_test_setup(test_vfio_bar0, fake_setup),
		cmocka_unit_test(test_vfio_identify),
		cmocka_unit_test(test_vfio_identify_unknown),
		cmocka_unit_test(test_vfio_submit_chip),
		cmocka_unit_test_setup(test_vfio_device_request, fake_setup),
		cmocka_unit_test_setup(test_vfio_no_request_irq, fake_setup),
		cmocka_unit_test_setup(test_vfio_request_refused, fake_setup),
		cmocka_unit_test_setup(test_vfio_dma, fake_setup),
		cmocka_unit_test_setup(test_vfio_iova_ranges, fake_setup),
		cmocka_unit_test_setup(test_vfio_no_range_cap, fake_setup),
		cmocka_unit_test_setup(test_vfio_type1_upper_case, fake_setup),
		cmocka_unit_test_setup(test_vfio_iommufd_fallback, fake_setup),
#if VFIO_HAVE_IOMMUFD
		cmocka_unit_test_setup(test_vfio_iommufd, fake_setup),
#endif
		cmocka_unit_test_setup(test_vfio_bad_bdf, fake_setup),
		cmocka_unit_test_setup(test_vfio_no_device, fake_setup),
		cmocka_unit_test_setup(test_vfio_no_dev_vfio, fake_setup),
		cmocka_unit_test_setup(test_vfio_iommu_off, fake_setup),
		cmocka_unit_test_setup(test_vfio_not_bound, fake_setup),
		cmocka_unit_test_setup(test_vfio_group_not_viable, fake_setup),
		cmocka_unit_test_setup(test_vfio_permission, fake_setup),
		cmocka_unit_test_setup(test_vfio_api_version, fake_setup),
		cmocka_unit_test_setup(test_vfio_no_iova_range, fake_setup),
		cmocka_unit_test_setup(test_vfio_bar0_not_mappable, fake_setup),
		cmocka_unit_test_setup(test_vfio_map_refused, fake_setup),
	};

	return cmocka_run_group_tests_name("nvrt vfio backend", tests, NULL, NULL);
}
