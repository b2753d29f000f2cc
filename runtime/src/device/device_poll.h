/* SPDX-License-Identifier: MIT */
/*
 * The one register-polling loop of the runtime (device_poll.c): every wait
 * -- runlist taken, preempt done, semaphore reached, ring space, bring-up's
 * clean-up of stale state -- runs its step through it, so every wait stops
 * at its timeout at the latest and at once when a register read was not data
 * (the GPU fell off the bus, or a PRI error).
 */
#ifndef NVRT_DEVICE_POLL_H
#define NVRT_DEVICE_POLL_H

#include <stdint.h>

#include "nvrt/device.h"

/* Work stops when the host asks for the device back; a teardown goes on. */
enum device_poll_kind {
	DEVICE_POLL_WORK,
	DEVICE_POLL_TEARDOWN,
};

/* One look: 1 done, 0 not yet, or an error code (< 0) with err set. */
typedef int (*device_poll_step)(void *arg, struct nvrt_err *err);

/*
 * Calls step until it is done, fails, a register read goes bad
 * (NVRT_E_BUS; a bad read made before the wait and not reported yet counts
 * too), the host asks for the device back (NVRT_E_RELEASED, once; checked
 * before the first look, for DEVICE_POLL_WORK only) or timeout_ms pass (NVRT_E_TIMEOUT: err says "what: timed
 * out after N ms").  A step's result is not used when a read it made was
 * bad.
 */
int device_poll(struct nvrt_device *d, uint32_t timeout_ms, const char *what, device_poll_step step,
		void *arg, enum device_poll_kind kind, struct nvrt_err *err);

/* NVRT_E_BUS with err saying "what: ..." (the first of them named) when
 * register reads went bad since the last check; else 0. */
int device_bus_check(struct nvrt_device *d, const char *what, struct nvrt_err *err);

uint64_t device_now_ns(void);

#endif
