/* SPDX-License-Identifier: MIT */
/*
 * The shared polling loop and the bus error messages (device_poll.h).  A bad
 * read is named with the manual's name of the register (the chip's
 * reg_name), so the message says what was being read when the GPU stopped
 * answering, and the value is never decoded as if it were the register's.
 */
#include <inttypes.h>
#include <sched.h>
#include <time.h>

#include "device/device_poll.h"

uint64_t device_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Spin briefly, then let the simulator's (or anyone's) thread run. */
static void device_backoff(unsigned spin)
{
	if (spin < 32) {
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
		return;
	}
	if (spin < 4096) {
		sched_yield();
		return;
	}
	nanosleep(&(struct timespec){ 0, 20000 }, NULL);
}

bool nvrt_device_gone(const struct nvrt_device *d)
{
	return d->backend->bus.state == NVRT_BUS_GONE;
}

int device_bus_check(struct nvrt_device *d, const char *what, struct nvrt_err *err)
{
	const struct nvrt_bus *bus = &d->backend->bus;
	struct nvrt_bus_read r;
	char reg[128], probe[128];

	if (bus->errors == d->bus_checked)
		return 0;
	d->bus_checked = bus->errors;
	r = nvrt_bus_take(d->backend);
	d->chip->dump->reg_name(&d->topo, r.offset, reg, sizeof(reg));
	if (r.kind == NVRT_BUS_GONE) {
		d->chip->dump->reg_name(&d->topo, bus->probe, probe, sizeof(probe));
		nvrt_err_set(err, "%s: the GPU is not responding (BAR0 reads 0xffffffff): %s "
			     "(0x%06" PRIx32 ") read 0xffffffff%s%s", what, reg, r.offset,
			     r.offset == bus->probe ? "" : ", and so does ",
			     r.offset == bus->probe ? "" : probe);
	} else {
		nvrt_err_set(err, "%s: PRI error reading %s (0x%06" PRIx32 "): 0x%08" PRIx32 " is a "
			     "failed priv-ring read (NV_PRI_ERROR_CODE_BADF), not the register's value",
			     what, reg, r.offset, r.value);
	}
	return NVRT_E_BUS;
}

int nvrt_device_check(struct nvrt_device *d, const char *what, struct nvrt_err *err)
{
	return device_bus_check(d, what, err);
}

/* The first time the host asks for the device back, a wait stops. */
static int device_host_request(struct nvrt_device *d, const char *what, struct nvrt_err *err)
{
	if (d->host_request || !nvrt_backend_host_request(d->backend))
		return 0;
	d->host_request = true;
	nvrt_err_set(err, "%s: the host asked for the device back (%s device request: an unbind "
		     "or a hot-unplug): stopping", what, d->backend->ops->name);
	return NVRT_E_RELEASED;
}

int device_poll(struct nvrt_device *d, uint32_t timeout_ms, const char *what, device_poll_step step,
		void *arg, enum device_poll_kind kind, struct nvrt_err *err)
{
	uint64_t deadline = device_now_ns() + (uint64_t)timeout_ms * 1000000u;
	for (unsigned spin = 0;; spin++) {
		if (kind == DEVICE_POLL_WORK && (spin & 15) == 0 && device_host_request(d, what, err))
			return NVRT_E_RELEASED;
		int rc = step(arg, err);

		if (device_bus_check(d, what, err))
			return NVRT_E_BUS;
		if (rc > 0)
			return 0;
		if (rc < 0)
			return rc;
		if ((spin & 15) == 0 && device_now_ns() > deadline) {
			nvrt_err_set(err, "%s: timed out after %u ms", what, timeout_ms);
			return NVRT_E_TIMEOUT;
		}
		device_backoff(spin);
	}
}
