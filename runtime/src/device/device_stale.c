/* SPDX-License-Identifier: MIT */
/*
 * State a crashed run left behind.  A run killed without its teardown
 * (kill -9) leaves its channel bound to an instance block in memory that is
 * no longer mapped for the GPU, enabled, and its TSG on a runlist that Host
 * still schedules.  Before the reset of PFIFO, bring-up finds such channels
 * (NV_PCCSR_CHANNEL_INST BIND, NV_PCCSR_CHANNEL ENABLE) and runlists
 * (NV_PFIFO_ENG_RUNLIST LENGTH) and tears them down in the order of
 * dev_fifo's "Channel Teardown Sequence": scheduling off for the runlist,
 * the channels disabled, the runlist preempted and its PBDMAs waited for
 * (CHAN_STATUS INVALID, servicing interrupts meanwhile), an empty runlist
 * submitted, scheduling on, then the channels unbound with their FAULTED
 * bits reset.  A chip with no Host reset (GA100) first has every runlist
 * emptied and preempted, stale or not (runlists_clear).
 */
#include <inttypes.h>
#include <string.h>

#include "device/device_poll.h"
#include "device/device_stale.h"

struct stale_wait {
	struct nvrt_device *d;
	struct nvrt_host_watch w;
};

static void stale_watch(const struct nvrt_device *d, uint32_t runlist, struct nvrt_host_watch *w)
{
	memset(w, 0, sizeof(*w));
	w->runlist = runlist;
	if (runlist < d->topo.nrunlists)
		w->loc = d->topo.runlists[runlist];
	w->pbdma_mask = nvrt_device_runlist_pbdmas(d, runlist);
	w->num_pbdma = d->topo.num_pbdma;
	w->pbdma_fault_id = d->topo.pbdma_fault_id;
	w->chid = w->tsgid = UINT32_MAX;   /* none of ours */
}

/* Step 4a: PBDMAs empty; interrupts that would hold the save up acknowledged. */
static int stale_preempted(void *arg, struct nvrt_err *err)
{
	struct stale_wait *s = arg;
	char why[16];

	(void)err;
	if (s->d->chip->runlist->runlist_idle(s->d->backend, &s->w))
		return 1;
	if (s->d->chip->faults->fault_check(s->d->backend, &s->w, why, sizeof(why)))
		s->d->chip->faults->fault_clear(s->d->backend, &s->w);
	return 0;
}

static int stale_runlist_taken(void *arg, struct nvrt_err *err)
{
	struct stale_wait *s = arg;

	(void)err;
	return !s->d->chip->runlist->runlist_pending(s->d->backend, &s->w);
}

/* Teardown steps 1-4 and the empty runlist, for one runlist. */
static int stale_runlist_clear(struct nvrt_device *d, uint32_t r, struct nvrt_err *err)
{
	const struct nvrt_chip *c = d->chip;
	struct stale_wait s = { d, { 0 } };
	char what[64];
	int rc;

	stale_watch(d, r, &s.w);
	snprintf(what, sizeof(what), "stale runlist %u: preempt", r);
	c->runlist->runlist_preempt(d->backend, &s.w);
	rc = device_poll(d, d->timeout_ms, what, stale_preempted, &s, DEVICE_POLL_TEARDOWN, err);
	c->runlist->runlist_sched_disable(d->backend, &s.w, false);
	if (rc)
		return rc;
	if (c->runlist->runlist_submit(d->backend, &s.w, d->flush.iova, d->flush.aperture, 0, err) < 0)
		return -1;
	snprintf(what, sizeof(what), "stale runlist %u: empty runlist", r);
	return device_poll(d, d->timeout_ms, what, stale_runlist_taken, &s, DEVICE_POLL_TEARDOWN, err);
}

/* The empty runlist taken, the runlist preempt done and its PBDMAs empty;
 * interrupts that would hold a save up acknowledged meanwhile. */
static int runlist_cleared(void *arg, struct nvrt_err *err)
{
	struct stale_wait *s = arg;

	if (s->d->chip->runlist->runlist_pending(s->d->backend, &s->w))
		return 0;
	return stale_preempted(arg, err);
}

/*
 * A chip without a Host reset (nvrt_chip_host.runlists_cleared_by_hand,
 * GA100) keeps scheduling whatever a previous owner submitted.  For every
 * runlist device info names, before any channel exists: an empty runlist
 * (LENGTH 0; the base is the flush page, memory the IOMMU maps), then a
 * runlist preempt, which takes off the PBDMAs and engines what was loaded,
 * and a wait for both.  nouveau does the same two writes first in
 * ga100_runl_init (drivers/gpu/drm/nouveau/nvkm/engine/fifo/ga100.c:
 * "Submit NULL runlist and preempt", NV_RUNLIST_SUBMIT then
 * NV_RUNLIST_PREEMPT TYPE RUNLIST); ga100-host-facts.md 1.4 steps 1-2.
 * Channels the previous owner left in channel RAM are the stale scan's.
 */
static int runlists_clear(struct nvrt_device *d, struct nvrt_err *err)
{
	const struct nvrt_chip *c = d->chip;

	for (uint32_t r = 0; r < d->topo.nrunlists; r++) {
		struct stale_wait s = { d, { 0 } };
		char what[64];
		int rc;

		stale_watch(d, r, &s.w);
		if (c->runlist->runlist_submit(d->backend, &s.w, d->flush.iova, d->flush.aperture, 0, err) < 0)
			return -1;
		c->runlist->runlist_preempt(d->backend, &s.w);
		snprintf(what, sizeof(what), "runlist %u: empty runlist and preempt", r);
		rc = device_poll(d, d->timeout_ms, what, runlist_cleared, &s, DEVICE_POLL_TEARDOWN, err);
		if (rc)
			return rc;
	}
	if (d->log && d->topo.nrunlists)
		fprintf(d->log, "previous owner's runlists cleared (no Host reset): %u runlist%s emptied "
			"and preempted\n", d->topo.nrunlists, d->topo.nrunlists == 1 ? "" : "s");
	return 0;
}

/* emptied: runlists found stale and cleared with every runlist (a chip
 * with no Host reset), not torn down one by one. */
static void stale_log_done(const struct nvrt_device *d, uint32_t emptied)
{
	const struct nvrt_stale *st = &d->stale;

	if (!d->log)
		return;
	fprintf(d->log, "  stale state cleared:");
	for (uint32_t r = 0; r < 32; r++)
		if (emptied >> r & 1)
			fprintf(d->log, " runlist %u emptied and preempted (with every runlist);", r);
		else if (st->runlists >> r & 1)
			fprintf(d->log, " runlist %u scheduling disabled, preempted, emptied;", r);
	fprintf(d->log, " %u channel%s disabled and unbound\n", st->nchannels,
		st->nchannels == 1 ? "" : "s");
}

int device_stale_clear(struct nvrt_device *d, struct nvrt_err *err)
{
	const struct nvrt_chip *c = d->chip;
	struct nvrt_stale *st = &d->stale;
	struct nvrt_host_watch w;
	uint32_t emptied = 0;
	int rc = 0;

	/* Host in reset holds nothing, and its registers need not answer. */
	if (!c->host->host_enabled(d->backend))
		return device_bus_check(d, "looking for stale state", err);
	if (c->host->topology_read(d->backend, &d->topo, err) < 0 ||
	    c->bus->stale_scan(d->backend, &d->topo, st, NULL) < 0)
		return -1;
	/* What was read must be data before anything is torn down for it. */
	if (device_bus_check(d, "looking for stale state", err))
		return NVRT_E_BUS;
	if (d->log && (st->nchannels || st->runlists)) {
		fprintf(d->log, "stale state from a previous user (a run that ended without its "
			"teardown):\n");
		c->bus->stale_scan(d->backend, &d->topo, st, d->log);
	}
	/* What was found is reported as found; then, without a Host reset,
	 * every runlist is emptied and preempted, and what is left (the
	 * channels in channel RAM) is torn down below. */
	if (c->host->runlists_cleared_by_hand) {
		emptied = st->runlists;
		rc = runlists_clear(d, err);
		if (!rc)
			rc = device_bus_check(d, "clearing the runlists", err);
		if (rc)
			return rc;
		if (c->bus->stale_scan(d->backend, &d->topo, st, NULL) < 0)
			return -1;
	}
	if (!st->nchannels && !st->runlists) {
		if (emptied)
			stale_log_done(d, emptied);
		st->runlists |= emptied;
		return 0;
	}
	if (st->nchannels > NVRT_STALE_MAX)
		return nvrt_err_set(err, "%u stale channels, more than the %u bring-up tears down: "
				    "reset the GPU", st->nchannels, NVRT_STALE_MAX);
	for (uint32_t r = 0; r < 32; r++) {
		if (!(st->runlists >> r & 1))
			continue;
		stale_watch(d, r, &w);
		c->runlist->runlist_sched_disable(d->backend, &w, true);
	}
	for (uint32_t i = 0; i < st->nchannels; i++) {
		stale_watch(d, st->channels[i].runlist, &w);
		w.chid = st->channels[i].chid;
		c->channel->channel_enable(d->backend, &w, false);
	}
	for (uint32_t r = 0; r < 32 && !rc; r++)
		if (st->runlists >> r & 1)
			rc = stale_runlist_clear(d, r, err);
	for (uint32_t i = 0; i < st->nchannels && !rc; i++) {
		stale_watch(d, st->channels[i].runlist, &w);
		w.chid = st->channels[i].chid;
		c->channel->channel_unbind(d->backend, &w);
	}
	if (!rc)
		rc = device_bus_check(d, "stale state", err);
	if (!rc)
		stale_log_done(d, emptied);
	st->runlists |= emptied;
	return rc;
}
