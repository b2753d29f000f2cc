/* SPDX-License-Identifier: MIT */
/*
 * The VFIO backend against a real kernel.  Runs inside the QEMU guest that
 * test/vfio/run.sh boots (Debian's kernel, QEMU's emulated Intel IOMMU, and
 * QEMU's "edu" PCI device, vendor 0x1234 device 0x11e8), linked statically
 * with libnvrt: every step goes through the project's backend
 * (nvrt_backend_vfio_open, nvrt_bar0_*, nvrt_dma_*), and the IOMMU refusal
 * through the backend's own container and mapping code (vfio/vfio_internal.h).
 *
 *     guest_vfio EDU_BDF [OTHER_BDF]
 *
 * EDU_BDF is the edu device, not yet bound to any driver; OTHER_BDF a device
 * bound to a driver other than vfio-pci (the guest's PCIe root port, bound
 * to pcieport).  The program checks the failures before binding, binds edu
 * to vfio-pci through driver_override, then opens it and runs edu's DMA
 * engine both ways through the IOMMU, and last unbinds it from vfio-pci
 * while the backend holds it: the device request must reach the backend
 * and the unbind complete once it closes.  One line per check, "ok - ..." or
 * "not ok - ...", and a last line "N passed, N failed"; exit status 1 if a
 * check failed.
 *
 * edu (QEMU hw/misc/edu.c): 0x00 identification 0x010000ed; 0x04 liveness
 * (reads back the inverse of what was written); DMA 0x80 source, 0x88
 * destination, 0x90 count, 0x98 command (bit 0 start, cleared when done;
 * bit 1 direction, 0 RAM to device, 1 device to RAM; bit 2 interrupt); the
 * device's DMA buffer is 4 KiB at 0x40000; its DMA mask is 28 bits; a
 * transfer completes 100 ms of guest time after it is started.  QEMU 7.2
 * (Debian 12) aborts on a transfer that ends exactly at the end of that
 * buffer (its range check is off by one), so transfers here stop short of it.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <linux/pci_regs.h>
#include <pthread.h>

#include "nvrt/backend.h"
#include "nvrt/vfio.h"
#include "vfio/vfio_internal.h"

#define EDU_ID 0x00
#define EDU_ID_VALUE 0x010000edu
#define EDU_LIVENESS 0x04
#define EDU_DMA_SRC 0x80
#define EDU_DMA_DST 0x88
#define EDU_DMA_COUNT 0x90
#define EDU_DMA_CMD 0x98
#define EDU_DMA_START 0x1u
#define EDU_DMA_TO_RAM 0x2u
#define EDU_DMA_BUF 0x40000u
#define EDU_DMA_BUF_SIZE 4096u
#define DMA_LEN 3072u                       /* short of edu's buffer end, see above */
#define EDU_DMA_MASK (((uint64_t)1 << 28) - 1)
#define EDU_BAR0_SIZE ((uint64_t)1 << 20)

#define ABSENT_BDF "0000:7f:1f.7"          /* no bus 0x7f in the guest */
#define DMA_TIMEOUT_MS 3000

static unsigned int passed, failed;

static bool check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool check(bool ok, const char *fmt, ...)
{
	va_list ap;

	fputs(ok ? "ok - " : "not ok - ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (ok)
		passed++;
	else
		failed++;
	return ok;
}

/* A line of detail under the check before it. */
static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void note(const char *fmt, ...)
{
	va_list ap;

	fputs("#   ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static bool has(const char *s, const char *part)
{
	return strstr(s, part) != NULL;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Open file descriptors of this process. */
static int fd_count(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* The last component of /sys/bus/pci/devices/<bdf>/<link>, or "". */
static void sysfs_link(const char *bdf, const char *link, char *out, size_t n)
{
	char path[128], target[256];
	const char *base;
	ssize_t len;
	size_t k;

	out[0] = '\0';
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/%s", bdf, link);
	len = readlink(path, target, sizeof(target) - 1);
	if (len < 0)
		return;
	target[len] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	k = strnlen(base, n - 1);
	memcpy(out, base, k);
	out[k] = '\0';
}

static int sysfs_write(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, value, strlen(value));
	close(fd);
	return n == (ssize_t)strlen(value) ? 0 : -1;
}

/* PCI_COMMAND as the kernel sees it (sysfs config space); -1 on error. */
static int pci_command(const char *bdf)
{
	char path[128];
	uint8_t b[2];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/config", bdf);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = pread(fd, b, sizeof(b), PCI_COMMAND);
	close(fd);
	return n == (ssize_t)sizeof(b) ? b[0] | b[1] << 8 : -1;
}

/* An open that must fail: the backend's message must contain every part. */
static void expect_open_fails(const char *what, const char *bdf, const char *part1,
			      const char *part2)
{
	struct nvrt_err err = { { 0 } };
	struct nvrt_backend *b = nvrt_backend_vfio_open(bdf, &err);

	if (!check(!b && has(err.msg, part1) && (!part2 || has(err.msg, part2)),
		   "%s: refused with the backend's error", what)) {
		if (b)
			nvrt_backend_close(b);
		note("wanted \"%s\"%s%s%s", part1, part2 ? " and \"" : "", part2 ? part2 : "",
		     part2 ? "\"" : "");
	}
	note("%s", b ? "(opened)" : err.msg);
}

/* ---- before binding ------------------------------------------------------------ */

static void checks_unbound(const char *edu, const char *other)
{
	char drv[64], want[96], what[128];

	expect_open_fails("malformed address \"0000:zz:00.0\"", "0000:zz:00.0",
			  "bad PCI address", NULL);
	expect_open_fails("absent device " ABSENT_BDF, ABSENT_BDF, "no such PCI device", NULL);
	sysfs_link(edu, "driver", drv, sizeof(drv));
	if (drv[0])
		note("edu %s is bound to %s already", edu, drv);
	expect_open_fails("edu before binding (no driver)", edu, "bound to no driver, not vfio-pci",
			  "driver_override");
	if (!other) {
		check(false, "a device bound to another driver: the guest has none");
		return;
	}
	sysfs_link(other, "driver", drv, sizeof(drv));
	snprintf(want, sizeof(want), "bound to %s, not vfio-pci", drv);
	snprintf(what, sizeof(what), "%s, bound to %s", other, drv[0] ? drv : "(nothing)");
	expect_open_fails(what, other, want, "unbind");
}

/* doc/runtime.md's procedure: driver_override, then drivers_probe. */
static bool bind_vfio(const char *edu)
{
	char path[128], drv[64];
	int ok;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/driver_override", edu);
	ok = sysfs_write(path, "vfio-pci") == 0 && sysfs_write("/sys/bus/pci/drivers_probe", edu) == 0;
	sysfs_link(edu, "driver", drv, sizeof(drv));
	return check(ok && !strcmp(drv, "vfio-pci"), "edu %s bound to vfio-pci via driver_override "
		     "(driver now: %s)", edu, drv[0] ? drv : "none");
}

/* ---- DMA through the IOMMU -------------------------------------------------------- */

/* Runs one edu transfer; the milliseconds it took, or -1 on timeout. */
static double edu_dma(struct nvrt_backend *b, uint64_t src, uint64_t dst, uint32_t count,
		      uint32_t dir)
{
	double t0 = now_ms(), t;

	nvrt_bar0_write32(b, EDU_DMA_SRC, (uint32_t)src);
	nvrt_bar0_write32(b, EDU_DMA_DST, (uint32_t)dst);
	nvrt_bar0_write32(b, EDU_DMA_COUNT, count);
	nvrt_bar0_write32(b, EDU_DMA_CMD, EDU_DMA_START | dir);
	do {
		t = now_ms();
		if (!(nvrt_bar0_read32(b, EDU_DMA_CMD) & EDU_DMA_START))
			return t - t0;
		usleep(1000);
	} while (t - t0 < DMA_TIMEOUT_MS);
	return -1;
}

static bool dma_buffer_ok(const char *name, const struct nvrt_dma *d, size_t size)
{
	const unsigned char *p = d->cpu;
	size_t i, nonzero = 0;

	for (i = 0; i < size; i++)
		nonzero += p[i] != 0;
	return check(d->iova >= VFIO_IOVA_BASE && d->iova % 4096 == 0 &&
		     d->iova + size - 1 <= EDU_DMA_MASK && d->size == size && !nonzero,
		     "%s: %zu bytes at IOVA 0x%llx (>= 1 MiB, page-aligned, inside edu's 28-bit "
		     "DMA mask), zeroed", name, size, (unsigned long long)d->iova);
}

static void checks_dma(struct nvrt_backend *b)
{
	struct nvrt_dma src, dst, big;
	struct nvrt_err err = { { 0 } };
	unsigned char *s, *d;
	double ms;
	size_t i, diff = 0;
	int rc;

	if (!check(nvrt_dma_alloc(b, EDU_DMA_BUF_SIZE, 4096, NVRT_APERTURE_SYS_COHERENT, &src, &err) == 0,
		   "nvrt_dma_alloc source buffer")) {
		note("%s", err.msg);
		return;
	}
	if (!check(nvrt_dma_alloc(b, EDU_DMA_BUF_SIZE, 4096, NVRT_APERTURE_SYS_COHERENT, &dst, &err) == 0,
		   "nvrt_dma_alloc destination buffer")) {
		note("%s", err.msg);
		nvrt_dma_free(b, &src);
		return;
	}
	dma_buffer_ok("source", &src, EDU_DMA_BUF_SIZE);
	dma_buffer_ok("destination", &dst, EDU_DMA_BUF_SIZE);
	check(dst.iova >= src.iova + EDU_DMA_BUF_SIZE || src.iova >= dst.iova + EDU_DMA_BUF_SIZE,
	      "the two buffers' IOVAs do not overlap");

	s = src.cpu;
	d = dst.cpu;
	for (i = 0; i < EDU_DMA_BUF_SIZE; i++)
		s[i] = (unsigned char)(i * 7 + 13 + (i >> 8));

	ms = edu_dma(b, src.iova, EDU_DMA_BUF, DMA_LEN, 0);
	check(ms >= 0, "edu DMA RAM -> device (IOVA 0x%llx -> 0x%x, %u bytes) completed in %.0f ms",
	      (unsigned long long)src.iova, EDU_DMA_BUF, DMA_LEN, ms);
	ms = edu_dma(b, EDU_DMA_BUF, dst.iova, DMA_LEN, EDU_DMA_TO_RAM);
	check(ms >= 0, "edu DMA device -> RAM (0x%x -> IOVA 0x%llx, %u bytes) completed in %.0f ms",
	      EDU_DMA_BUF, (unsigned long long)dst.iova, DMA_LEN, ms);
	for (i = 0; i < EDU_DMA_BUF_SIZE; i++)
		diff += d[i] != (i < DMA_LEN ? s[i] : 0);
	if (!check(diff == 0, "the bytes came back through the IOMMU unchanged, nothing past them "
		   "written (%zu of %u differ)", diff, EDU_DMA_BUF_SIZE))
		note("first bytes: sent %02x %02x %02x %02x, got %02x %02x %02x %02x", s[0], s[1],
		     s[2], s[3], d[0], d[1], d[2], d[3]);

	/* A second round at an offset inside edu's buffer, half a page. */
	memset(d, 0, EDU_DMA_BUF_SIZE);
	for (i = 0; i < EDU_DMA_BUF_SIZE; i++)
		s[i] = (unsigned char)~s[i];
	ms = edu_dma(b, src.iova + 2048, EDU_DMA_BUF + 1024, 2048, 0);
	if (ms >= 0)
		ms = edu_dma(b, EDU_DMA_BUF + 1024, dst.iova + 512, 2048, EDU_DMA_TO_RAM);
	diff = 0;
	for (i = 0; i < EDU_DMA_BUF_SIZE; i++)
		diff += d[i] != (i >= 512 && i < 2560 ? s[i - 512 + 2048] : 0);
	check(ms >= 0 && diff == 0, "a 2 KiB transfer at offsets both ways lands exactly where it "
	      "should (%zu bytes differ)", diff);

	/* More IOVA space than there is below 2^40: refused by the backend,
	 * before any memory is taken. */
	memset(&big, 0, sizeof(big));
	rc = nvrt_dma_alloc(b, (size_t)NVRT_ADDR_LIMIT, 4096, NVRT_APERTURE_SYS_COHERENT, &big, &err);
	if (!check(rc < 0 && has(err.msg, "no IOVA space left"), "a 1 TiB buffer (more than the "
		   "IOVA space below 2^40) is refused") && rc == 0)
		nvrt_dma_free(b, &big);
	note("%s", rc < 0 ? err.msg : "(allocated)");
	rc = nvrt_dma_alloc(b, 65536, 65536, NVRT_APERTURE_SYS_NONCOHERENT, &big, &err);
	if (!check(rc == 0 && big.iova % 65536 == 0 && big.iova + 65535 <= EDU_DMA_MASK,
		   "after that, a 64 KiB buffer aligned to 64 KiB still maps (IOVA 0x%llx)",
		   (unsigned long long)big.iova))
		note("%s", rc < 0 ? err.msg : "(misplaced)");
	if (rc == 0)
		nvrt_dma_free(b, &big);

	nvrt_dma_free(b, &src);
	nvrt_dma_free(b, &dst);
	check(true, "nvrt_dma_free of both buffers");
}

/* ---- the device open ---------------------------------------------------------- */

static void checks_open(const char *edu)
{
	struct nvrt_err err = { { 0 } };
	struct nvrt_backend *b, *again;
	uint32_t v;
	int cmd;

	b = nvrt_backend_vfio_open(edu, &err);
	if (!check(b != NULL, "nvrt_backend_vfio_open(%s)", edu)) {
		note("%s", err.msg);
		return;
	}
	check(!strcmp(b->ops->name, "vfio"), "the legacy container/group path was taken (backend "
	      "\"%s\")", b->ops->name);
	check(nvrt_vfio_bar0_size(b) == EDU_BAR0_SIZE, "BAR0 region: %llu bytes (edu's 1 MiB)",
	      (unsigned long long)nvrt_vfio_bar0_size(b));
	v = nvrt_bar0_read32(b, EDU_ID);
	check(v == EDU_ID_VALUE, "identification register 0x0 reads 0x%08x (edu: 0x%08x)", v,
	      EDU_ID_VALUE);
	nvrt_bar0_write32(b, EDU_LIVENESS, 0x12345678u);
	v = nvrt_bar0_read32(b, EDU_LIVENESS);
	check(v == ~0x12345678u, "liveness register 0x4: wrote 0x12345678, read back 0x%08x "
	      "(the inverse)", v);
	nvrt_bar0_write32(b, EDU_LIVENESS, 0xa5a50f0fu);
	v = nvrt_bar0_read32(b, EDU_LIVENESS);
	check(v == ~0xa5a50f0fu, "liveness register 0x4: wrote 0xa5a50f0f, read back 0x%08x", v);
	v = nvrt_bar0_read32(b, (uint32_t)EDU_BAR0_SIZE);
	check(v == 0xffffffffu, "a read just past BAR0 returns all ones without touching the device");
	cmd = pci_command(edu);
	check(cmd >= 0 && (cmd & (PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER)) ==
	      (PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER),
	      "PCI_COMMAND 0x%04x: memory space and bus mastering on", (unsigned)cmd);

	again = nvrt_backend_vfio_open(edu, &err);
	if (!check(!again && has(err.msg, "is busy"), "a second open of the same group is refused "
		   "while the first is open")) {
		if (again)
			nvrt_backend_close(again);
	}
	note("%s", again ? "(opened twice)" : err.msg);

	checks_dma(b);

	nvrt_backend_close(b);
	cmd = pci_command(edu);
	check(cmd >= 0 && !(cmd & PCI_COMMAND_MASTER), "after close, vfio-pci turned bus mastering "
	      "off (PCI_COMMAND 0x%04x)", (unsigned)cmd);
}

/* ---- the IOMMU itself ---------------------------------------------------------------- */

/*
 * The backend has no way to ask for a particular IOVA (its allocator only
 * hands out IOVAs inside the ranges the IOMMU reports), so the kernel's own
 * refusal is exercised through the backend's internal layer: the same
 * container/group open and vfio_dma_map the backend uses, asked to map
 * outside the reported ranges.
 */
static void checks_iommu(const char *edu)
{
	struct nvrt_err err = { { 0 } };
	struct vfio_iommu io;
	void *page;
	uint64_t past, top;
	int fd = -1, rc;
	size_t i;

	vfio_iommu_init(&io, edu);
	rc = vfio_sysfs_group(edu, &io.group, &err) == 0 ? vfio_container_open(&io, &fd, &err) : -1;
	if (!check(rc == 0, "the backend's container/group open, again after close (group %d)",
		   io.group)) {
		note("%s", err.msg);
		goto out;
	}
	printf("#   IOVA ranges the IOMMU reports (clipped to [1 MiB, 2^40)):");
	for (i = 0; i < io.iova.n; i++)
		printf(" [0x%llx-0x%llx]", (unsigned long long)io.iova.start[i],
		       (unsigned long long)io.iova.last[i]);
	printf(", page %llu\n", (unsigned long long)io.iova.pgsize);
	page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!check(page != MAP_FAILED && io.iova.n > 0, "a page to map, and IOVA ranges"))
		goto out;

	top = io.iova.last[io.iova.n - 1];
	if (top + 1 < NVRT_ADDR_LIMIT) {
		past = top + 1;
		check(vfio_dma_map(&io, page, past, 4096, &err) < 0 &&
		      has(err.msg, "the IOMMU refused to map"),
		      "mapping at IOVA 0x%llx, just past the IOMMU's last range, is refused by the "
		      "kernel", (unsigned long long)past);
		note("%s", err.msg);
	} else {
		check(false, "the IOMMU reports IOVAs up to 2^40: no address past its ranges to try");
	}
	if (io.iova.n > 1) {
		past = io.iova.last[0] + 1;
		check(vfio_dma_map(&io, page, past, 4096, &err) < 0 &&
		      has(err.msg, "the IOMMU refused to map"),
		      "mapping at IOVA 0x%llx, in the hole between ranges (reserved: MSI), is refused",
		      (unsigned long long)past);
		note("%s", err.msg);
	}
	if (check(vfio_dma_map(&io, page, io.iova.start[0], 4096, &err) == 0,
		  "mapping at IOVA 0x%llx, inside a range, is accepted",
		  (unsigned long long)io.iova.start[0]))
		vfio_dma_unmap(&io, io.iova.start[0], 4096);
	else
		note("%s", err.msg);
	munmap(page, 4096);
out:
	if (fd >= 0)
		close(fd);
	vfio_iommu_close(&io);
}

/* ---- the host takes the device back ---------------------------------------------- */

#define REQUEST_LIMIT_MS 5000.0

struct unbind {
	const char *bdf;
	double t0;
	volatile int done;         /* 1 written, -1 failed */
	volatile double ms;        /* when the write returned */
};

/* Unbinding a vfio-pci device blocks until its user lets go. */
static void *unbind_thread(void *arg)
{
	struct unbind *u = arg;
	int rc = sysfs_write("/sys/bus/pci/drivers/vfio-pci/unbind", u->bdf);

	u->ms = now_ms() - u->t0;
	__atomic_store_n(&u->done, rc == 0 ? 1 : -1, __ATOMIC_RELEASE);
	return NULL;
}

/*
 * While the backend holds edu, another thread unbinds it from vfio-pci (what
 * the host does to take a device back).  vfio-pci signals the device
 * request; the backend sees it, the program closes the backend, and the
 * unbind completes -- all within 5 s.  Then edu is bound again for what
 * follows.
 */
static void check_device_request(const char *edu)
{
	struct unbind u = { .bdf = edu };
	struct nvrt_err err = { { 0 } };
	struct nvrt_backend *b = nvrt_backend_vfio_open(edu, &err);
	double t_req = -1;
	char drv[64];
	pthread_t t;

	if (!check(b != NULL, "open edu to hold it while the host takes it back")) {
		note("%s", err.msg);
		return;
	}
	check(!nvrt_backend_host_request(b), "no device request while nobody asks for edu");
	u.t0 = now_ms();
	if (!check(pthread_create(&t, NULL, unbind_thread, &u) == 0, "a thread to unbind edu")) {
		nvrt_backend_close(b);
		return;
	}
	while (now_ms() - u.t0 < REQUEST_LIMIT_MS && !__atomic_load_n(&u.done, __ATOMIC_ACQUIRE)) {
		if (nvrt_backend_host_request(b)) {
			t_req = now_ms() - u.t0;
			break;
		}
		usleep(1000);
	}
	check(t_req >= 0 && !u.done, "device request: the backend got vfio-pci's request %.0f ms "
	      "after the unbind began, while the unbind waited", t_req);
	nvrt_backend_close(b);
	while (now_ms() - u.t0 < REQUEST_LIMIT_MS && !__atomic_load_n(&u.done, __ATOMIC_ACQUIRE))
		usleep(1000);
	if (!check(u.done == 1 && u.ms < REQUEST_LIMIT_MS, "device request: the backend closed and "
		   "the unbind completed %.0f ms after it began (limit %.0f ms)", u.done ? u.ms : -1.0,
		   REQUEST_LIMIT_MS)) {
		note("the unbind thread is still blocked (done %d): exiting with it", u.done);
		return;
	}
	pthread_join(t, NULL);
	sysfs_link(edu, "driver", drv, sizeof(drv));
	check(!drv[0], "device request: edu is bound to no driver now (driver: %s)",
	      drv[0] ? drv : "none");
	bind_vfio(edu);
}

/* Open, identify, close once more: everything was given back. */
static void check_reopen(const char *edu)
{
	struct nvrt_err err = { { 0 } };
	struct nvrt_backend *b = nvrt_backend_vfio_open(edu, &err);

	check(b && nvrt_bar0_read32(b, EDU_ID) == EDU_ID_VALUE, "the device opens again and "
	      "identifies after all that");
	if (b)
		nvrt_backend_close(b);
	else
		note("%s", err.msg);
}

int main(int argc, char **argv)
{
	const char *edu, *other;
	int fds;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: guest_vfio EDU_BDF [OTHER_BDF]\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	edu = argv[1];
	other = argc > 2 ? argv[2] : NULL;
	fds = fd_count();

	checks_unbound(edu, other);
	if (bind_vfio(edu)) {
		checks_open(edu);
		checks_iommu(edu);
		check_reopen(edu);
		check_device_request(edu);
	}
	check(fd_count() == fds, "no file descriptor left open (%d before, %d after)", fds, fd_count());
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
