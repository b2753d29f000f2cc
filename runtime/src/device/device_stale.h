/* SPDX-License-Identifier: MIT */
/* Bring-up's first step on a GPU a previous user may have left running
 * (device_stale.c). */
#ifndef NVRT_DEVICE_STALE_H
#define NVRT_DEVICE_STALE_H

#include "nvrt/device.h"

/*
 * Finds channels still bound or enabled and runlists still holding entries
 * (a run killed before its teardown), says what they were on d->log, and
 * tears them down in dev_fifo's order; d->stale keeps what was found.
 * On a chip with no Host reset (runlists_cleared_by_hand), first every
 * runlist gets an empty runlist and a runlist preempt.  Nothing to do when
 * Host is in reset.
 */
int device_stale_clear(struct nvrt_device *d, struct nvrt_err *err);

#endif
