/* SPDX-License-Identifier: MIT */
/*
 * The device request (VFIO_PCI_REQ_IRQ_INDEX).  When the kernel wants a
 * vfio-pci device back (its driver unbound, the device removed or
 * hot-unplugged), vfio-pci signals the user through this interrupt's
 * eventfd and blocks until the device is closed, repeating the request
 * every 10 s (vfio_unregister_group_dev).  The backend registers a
 * non-blocking eventfd for it at open; waits ask vfio_device_requested,
 * which never blocks, and the runtime then tears down and closes.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "vfio_internal.h"

/* VFIO_DEVICE_SET_IRQS for the request index: fd to signal, or none. */
static int vfio_req_set(struct vfio_device *d, int fd)
{
	char buf[sizeof(struct vfio_irq_set) + sizeof(int32_t)];
	struct vfio_irq_set *set = (struct vfio_irq_set *)buf;
	int32_t efd = fd;

	memset(buf, 0, sizeof(buf));
	set->argsz = sizeof(buf);
	set->index = VFIO_PCI_REQ_IRQ_INDEX;
	set->start = 0;
	if (fd >= 0) {
		set->flags = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
		set->count = 1;
		memcpy(set->data, &efd, sizeof(efd));
	} else {
		set->argsz = sizeof(*set);
		set->flags = VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER;
		set->count = 0;
	}
	return ioctl(d->fd, VFIO_DEVICE_SET_IRQS, set);
}

int vfio_device_req_register(struct vfio_device *d, const char *bdf, struct nvrt_err *err)
{
	struct vfio_irq_info irq = { .argsz = sizeof(irq), .index = VFIO_PCI_REQ_IRQ_INDEX };

	/* A kernel or device without the request interrupt (before Linux 4.0,
	 * or not PCI): nothing to register, the removal then just blocks. */
	if (ioctl(d->fd, VFIO_DEVICE_GET_IRQ_INFO, &irq) || !irq.count ||
	    !(irq.flags & VFIO_IRQ_INFO_EVENTFD))
		return 0;
	d->req_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (d->req_fd < 0)
		return nvrt_err_set(err, "vfio %s: cannot create an eventfd for the device request: %s",
				    bdf, strerror(errno));
	if (vfio_req_set(d, d->req_fd)) {
		int e = errno;

		close(d->req_fd);
		d->req_fd = -1;
		errno = e;
		return vfio_ioctl_error(bdf, "VFIO_DEVICE_SET_IRQS (device request eventfd)", err);
	}
	return 0;
}

void vfio_device_req_unregister(struct vfio_device *d)
{
	if (d->req_fd < 0)
		return;
	if (d->fd >= 0)
		vfio_req_set(d, -1);
	close(d->req_fd);
	d->req_fd = -1;
}

bool vfio_device_requested(struct vfio_device *d)
{
	uint64_t n;

	if (!d->requested && d->req_fd >= 0 && read(d->req_fd, &n, sizeof(n)) == (ssize_t)sizeof(n))
		d->requested = true;
	return d->requested;
}
