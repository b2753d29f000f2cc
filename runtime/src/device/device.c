/* SPDX-License-Identifier: MIT */
/*
 * Bring-up, one channel, submissions and waits, for any chip: the order is
 * here, every register is behind the chip's table (chip.h,
 * runtime/src/hw/device_hw.c).  Order and reasons:
 * ../shared/design/gv100-host-facts.md 1.1-1.9; teardown: dev_fifo
 * "Channel Teardown Sequence".
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "device/device_poll.h"
#include "device/device_stale.h"
#include "nvrt/device.h"
#include "nvrt/gpfifo.h"
#include "nvrt/pushbuf.h"
#include "nvrt/userd.h"

#define DEVICE_PAGE 4096u
#define DEVICE_TIMEOUT_MS 2000u   /* bring-up's own waits */

static void device_log(const struct nvrt_device *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void device_log(const struct nvrt_device *d, const char *fmt, ...)
{
	va_list ap;

	if (!d->log)
		return;
	va_start(ap, fmt);
	vfprintf(d->log, fmt, ap);
	va_end(ap);
}

/* ---- the device ------------------------------------------------------------------- */

int nvrt_device_open(struct nvrt_device *d, struct nvrt_backend *b, const struct nvrt_chip *c,
		     FILE *log, struct nvrt_err *err)
{
	memset(d, 0, sizeof(*d));
	d->backend = b;
	d->chip = c;
	d->log = log;
	d->timeout_ms = DEVICE_TIMEOUT_MS;
	/* From here on, a register read that is not data is an error. */
	nvrt_bus_arm(b, c->bus->bus_probe(), c->bus->pri_error);
	int rc = nvrt_chip_check(c, b, &d->id, err);
	if (device_bus_check(d, "identify", err))
		return NVRT_E_BUS;
	if (rc < 0)
		return -1;
	device_log(d, "chip %s: %s\n", c->name, d->id.text);
	/* The page sysmembar flushes write to: ours, so the IOMMU maps it. */
	if (nvrt_dma_alloc(b, DEVICE_PAGE, DEVICE_PAGE, NVRT_APERTURE_SYS_COHERENT, &d->flush, err) < 0)
		return -1;
	rc = device_stale_clear(d, err);
	if (!rc) {
		device_log(d, "bring-up:\n");
		if (c->host->host_enable(b, d->flush.iova, log, err) < 0 || c->host->topology_read(b, &d->topo, err) < 0)
			rc = -1;
		/* Whatever was read, only data may have been used. */
		if (device_bus_check(d, "bring-up", err))
			rc = NVRT_E_BUS;
	}
	if (rc)
		nvrt_device_close(d);
	return rc;
}

void nvrt_device_close(struct nvrt_device *d)
{
	if (d->flush.cpu)
		nvrt_dma_free(d->backend, &d->flush);
	memset(&d->flush, 0, sizeof(d->flush));
}

/* Engines (by ENGINE_ENUM) on runlist. */
static uint64_t device_runlist_engines(const struct nvrt_device *d, uint32_t runlist)
{
	uint64_t mask = 0;

	for (uint32_t i = 0; i < d->topo.nengines; i++) {
		const struct nvrt_engine *e = &d->topo.engines[i];

		if (e->has_engine && e->has_runlist && e->runlist == runlist && e->engine_id < 64)
			mask |= (uint64_t)1 << e->engine_id;
	}
	return mask;
}

uint64_t nvrt_device_time_ns(struct nvrt_device *d)
{
	return d->chip->usermode->time_read(d->backend);
}

/* ---- waiting ----------------------------------------------------------------------- */

enum channel_poll_mode {
	POLL_STOP_ON_FAULT,      /* a fault ends the wait (NVRT_E_FAULT) */
	POLL_SERVICE_FAULTS,     /* teardown: acknowledge and keep waiting */
};

typedef bool (*channel_done_fn)(struct nvrt_channel *ch, const void *arg);

struct channel_wait {
	struct nvrt_channel *ch;
	channel_done_fn done;
	const void *arg;
	enum channel_poll_mode mode;
	const char *what;
};

/* One turn of a channel's wait: done yet?  Else, did anything go wrong? */
static int channel_poll_step(void *arg, struct nvrt_err *err)
{
	struct channel_wait *w = arg;
	struct nvrt_channel *ch = w->ch;
	const struct nvrt_chip *c = ch->dev->chip;
	char why[480];

	if (w->done(ch, w->arg))
		return 1;
	ch->polls++;
	if (!c->faults->fault_check(ch->dev->backend, &ch->watch, why, sizeof(why)))
		return 0;
	if (w->mode == POLL_SERVICE_FAULTS) {
		c->faults->fault_clear(ch->dev->backend, &ch->watch);
		return 0;
	}
	nvrt_err_set(err, "%s: %s", w->what, why);
	return NVRT_E_FAULT;
}

/* Polls done, checking for faults at every turn, for the channel's timeout. */
static int channel_poll(struct nvrt_channel *ch, channel_done_fn done, const void *arg,
			const char *what, enum channel_poll_mode mode, struct nvrt_err *err)
{
	char label[96];
	struct channel_wait w = { ch, done, arg, mode, label };
	int rc;

	snprintf(label, sizeof(label), "%s: channel %u", what, ch->params.chid);
	rc = device_poll(ch->dev, ch->params.timeout_ms, label, channel_poll_step, &w,
			 mode == POLL_SERVICE_FAULTS ? DEVICE_POLL_TEARDOWN : DEVICE_POLL_WORK, err);
	if (rc == NVRT_E_FAULT)
		ch->faulted = true;
	else if (rc == NVRT_E_TIMEOUT)
		nvrt_err_set(err, "%s: timed out after %u ms, no fault reported", label,
			     ch->params.timeout_ms);
	return rc;
}

/* A last look for faults, trusted only when every read was data. */
static int channel_fault_check(struct nvrt_channel *ch, const char *what, struct nvrt_err *err)
{
	char why[480], label[96];
	bool fault = ch->dev->chip->faults->fault_check(ch->dev->backend, &ch->watch, why, sizeof(why));

	snprintf(label, sizeof(label), "%s: channel %u", what, ch->params.chid);
	if (device_bus_check(ch->dev, label, err))
		return NVRT_E_BUS;
	if (!fault)
		return 0;
	ch->faulted = true;
	nvrt_err_set(err, "%s: %s", label, why);
	return NVRT_E_FAULT;
}

uint32_t nvrt_channel_semaphore(const struct nvrt_channel *ch)
{
	const uint32_t *p = ch->layout.semaphore.cpu;

	return le32(__atomic_load_n(p, __ATOMIC_ACQUIRE));
}

/* Wrapping compare: the semaphore counts up from 0. */
static bool channel_sem_reached(struct nvrt_channel *ch, const void *arg)
{
	uint32_t want = *(const uint32_t *)arg;

	return (int32_t)(nvrt_channel_semaphore(ch) - want) >= 0;
}

uint32_t nvrt_channel_gp_get(const struct nvrt_channel *ch)
{
	return nvrt_userd_gp_get(ch->dev->chip, &ch->layout.userd);
}

/* Host fetched every GP entry and ran every release: ring and pushbuffer
 * space can be reused from the start. */
static bool channel_idle(struct nvrt_channel *ch, const void *arg)
{
	(void)arg;
	return nvrt_channel_gp_get(ch) == ch->layout.gpfifo.put &&
	       channel_sem_reached(ch, &ch->submitted);
}

static bool channel_runlist_taken(struct nvrt_channel *ch, const void *arg)
{
	(void)arg;
	return !ch->dev->chip->runlist->runlist_pending(ch->dev->backend, &ch->watch);
}

static bool channel_preempted(struct nvrt_channel *ch, const void *arg)
{
	(void)arg;
	return ch->dev->chip->runlist->preempt_done(ch->dev->backend, &ch->watch);
}

int nvrt_channel_wait(struct nvrt_channel *ch, uint32_t payload, uint32_t *seen, struct nvrt_err *err)
{
	int rc = channel_poll(ch, channel_sem_reached, &payload, "semaphore wait", POLL_STOP_ON_FAULT, err);

	if (seen)
		*seen = nvrt_channel_semaphore(ch);
	if (rc == NVRT_E_TIMEOUT)
		nvrt_err_set(err, "semaphore wait: channel %u: the semaphore holds %u after %u ms, "
			     "release %u not seen; no fault reported", ch->params.chid,
			     nvrt_channel_semaphore(ch), ch->params.timeout_ms, payload);
	return rc;
}

int nvrt_channel_wait_idle(struct nvrt_channel *ch, struct nvrt_err *err)
{
	return channel_poll(ch, channel_idle, NULL, "waiting for the channel to go idle",
			    POLL_STOP_ON_FAULT, err);
}

/* ---- opening a channel ------------------------------------------------------------------ */

void nvrt_channel_params_default(struct nvrt_channel_params *p)
{
	memset(p, 0, sizeof(*p));
	p->chid = 1;
	p->tsgid = 0;
	p->runlist = -1;
	p->gpfifo_entries = 512;
	p->pushbuf_bytes = 4096;
	p->timeout_ms = 2000;
}

/* Which runlist, and what a wait on it watches. */
static int channel_watch_init(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_device *d = ch->dev;
	const struct nvrt_channel_params *p = &ch->params;
	struct nvrt_host_watch *w = &ch->watch;

	if (p->runlist < 0) {
		const struct nvrt_engine *e = nvrt_device_copy_engine(d);

		if (!e)
			return nvrt_err_set(err, "no copy engine on a runlist of its own with a PBDMA "
					    "(NV_PTOP_DEVICE_INFO, NV_PFIFO_PBDMA_MAP)");
		w->runlist = e->runlist;
	} else {
		w->runlist = (uint32_t)p->runlist;
	}
	if (w->runlist < d->topo.nrunlists)
		w->loc = d->topo.runlists[w->runlist];
	if (p->chid >= d->topo.num_channels)
		return nvrt_err_set(err, "channel %u: the GPU has %u (%s)", p->chid, d->topo.num_channels,
				    d->topo.nrunlists ? "NV_RUNLIST_CHANNEL_CONFIG_NUM_CHANNELS_LOG2" :
							"NV_PFIFO_CFG1_NUM_CHANNELS");
	w->chid = p->chid;
	w->tsgid = p->tsgid;
	w->pbdma_mask = nvrt_device_runlist_pbdmas(d, w->runlist);
	w->engine_mask = device_runlist_engines(d, w->runlist);
	w->num_pbdma = d->topo.num_pbdma;
	w->pbdma_fault_id = d->topo.pbdma_fault_id;
	if (!w->pbdma_mask)
		return nvrt_err_set(err, "runlist %u: no PBDMA serves it (NV_PFIFO_PBDMA_MAP)", w->runlist);
	return 0;
}

static int channel_layout(struct nvrt_channel *ch, struct nvrt_err *err)
{
	struct nvrt_layout_params lp;

	nvrt_layout_params_default(&lp);
	lp.chid = ch->params.chid;
	lp.tsgid = ch->params.tsgid;
	lp.runqueue = 0;    /* the runlist's first PBDMA */
	lp.gpfifo_entries = ch->params.gpfifo_entries;
	lp.pushbuf_bytes = ch->params.pushbuf_bytes;
	lp.copy_engine = ch->params.copy_engine;
	if (nvrt_layout_build(&ch->layout, ch->dev->chip, ch->dev->backend, &lp, err) < 0)
		return -1;
	ch->laid_out = true;
	if (ch->params.hooks && ch->params.hooks->after_layout)
		return ch->params.hooks->after_layout(ch, ch->params.hooks->arg, err);
	return 0;
}

/* Bind the instance block, enable, put the TSG on the runlist and wait
 * until Host has taken the runlist (nouveau's order: uchan.c). */
static int channel_start(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_chip *c = ch->dev->chip;
	struct nvrt_backend *b = ch->dev->backend;
	struct nvrt_layout *l = &ch->layout;
	uint64_t t0;

	if (c->channel->channel_bind(b, &ch->watch, l->inst.iova, l->inst.aperture, err) < 0)
		return -1;
	ch->bound = true;
	device_log(ch->dev, "channel %u bound to instance block 0x%" PRIx64 "\n", ch->watch.chid,
		   l->inst.iova);
	c->channel->channel_enable(b, &ch->watch, true);
	ch->enabled = true;
	if (c->runlist->runlist_submit(b, &ch->watch, l->runlist.iova, l->runlist.aperture,
			      l->runlist_entries, err) < 0)
		return -1;
	ch->scheduled = true;
	t0 = device_now_ns();
	int rc = channel_poll(ch, channel_runlist_taken, NULL, "runlist submit", POLL_STOP_ON_FAULT, err);
	if (rc)
		return rc;
	device_log(ch->dev, "runlist %u: %u entries at 0x%" PRIx64 ", taken in %" PRIu64 " us\n",
		   ch->watch.runlist, l->runlist_entries, l->runlist.iova, (device_now_ns() - t0) / 1000);
	/* A runlist Host rejects still ends PENDING: check once more. */
	return channel_fault_check(ch, "runlist submit", err);
}

int nvrt_channel_open(struct nvrt_channel *ch, struct nvrt_device *d,
		      const struct nvrt_channel_params *p, struct nvrt_err *err)
{
	memset(ch, 0, sizeof(*ch));
	ch->dev = d;
	ch->params = *p;
	if (channel_watch_init(ch, err) < 0 || channel_layout(ch, err) < 0)
		return -1;
	return channel_start(ch, err);
}

/* ---- submitting --------------------------------------------------------------------------- */

int nvrt_channel_push_segment(struct nvrt_channel *ch, size_t start, struct nvrt_err *err)
{
	struct nvrt_layout *l = &ch->layout;
	struct nvrt_gp_entry e = {
		.va = l->pushbuf_va + start * sizeof(uint32_t),
		.length = (uint32_t)(l->pb.len - start),
	};

	return nvrt_gpfifo_push(&l->gpfifo, &e, nvrt_channel_gp_get(ch), err);
}

/* The hook's own entries go out with the first submission's GP_PUT. */
static int channel_hook_submit(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_channel_hooks *h = ch->params.hooks;

	ch->hooked = true;
	if (!h || !h->before_submit)
		return 0;
	return h->before_submit(ch, h->arg, err);
}

int nvrt_channel_submit_release(struct nvrt_channel *ch, uint32_t payload, struct nvrt_err *err)
{
	struct nvrt_err perr;

	if (!ch->hooked && channel_hook_submit(ch, err) < 0)
		return -1;
	for (int attempt = 0;; attempt++) {
		if (nvrt_layout_push_release(&ch->layout, payload, nvrt_channel_gp_get(ch), &perr) == 0)
			break;
		if (attempt)
			return nvrt_err_set(err, "submit: %s", perr.msg);
		/* Full ring or pushbuffer: wait until Host has consumed everything. */
		int rc = channel_poll(ch, channel_idle, NULL, "waiting for ring space",
				      POLL_STOP_ON_FAULT, err);
		if (rc)
			return rc;
	}
	ch->submitted = payload;
	ch->dev->chip->usermode->doorbell_ring(ch->dev->backend, &ch->watch);
	return 0;
}

/* ---- report and teardown --------------------------------------------------------------------- */

void nvrt_channel_report(struct nvrt_channel *ch, FILE *out)
{
	const struct nvrt_layout *l = &ch->layout;

	fprintf(out, "failure report: %s, channel %u, TSG %u, runlist %u\n", ch->dev->chip->name,
		ch->watch.chid, ch->watch.tsgid, ch->watch.runlist);
	if (nvrt_device_gone(ch->dev))
		fputs(" Host: not read: the GPU is not responding (BAR0 reads 0xffffffff)\n", out);
	else
		ch->dev->chip->faults->fault_report(ch->dev->backend, &ch->watch, out);
	fputs(" Software:\n", out);
	if (!ch->laid_out)
		return;
	fprintf(out, "  USERD GP_PUT %u GP_GET %u (ring of %u entries)\n",
		nvrt_userd_gp_put(l->chip, &l->userd), nvrt_userd_gp_get(l->chip, &l->userd),
		l->gpfifo.entries);
	fprintf(out, "  semaphore at VA 0x%" PRIx64 " holds %u; last release pushed %u; injected: %s\n",
		l->semaphore_va, nvrt_channel_semaphore(ch), ch->submitted,
		ch->params.hooks && ch->params.hooks->name ? ch->params.hooks->name : "none");
}

/* Steps 1-4 and 6 of dev_fifo's teardown; step 5 (engine reset) is not
 * needed: the channel only ran Host methods. */
static int channel_preempt(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_chip *c = ch->dev->chip;
	struct nvrt_backend *b = ch->dev->backend;
	int rc;

	c->runlist->runlist_sched_disable(b, &ch->watch, true);
	c->channel->channel_enable(b, &ch->watch, false);
	ch->enabled = false;
	c->runlist->runlist_preempt(b, &ch->watch);
	rc = channel_poll(ch, channel_preempted, NULL, "teardown preempt", POLL_SERVICE_FAULTS, err);
	c->runlist->runlist_sched_disable(b, &ch->watch, false);
	return rc;
}

/* An empty runlist: Host forgets the TSG. */
static int channel_runlist_empty(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_chip *c = ch->dev->chip;
	struct nvrt_layout *l = &ch->layout;

	if (c->runlist->runlist_submit(ch->dev->backend, &ch->watch, l->runlist.iova,
			      l->runlist.aperture, 0, err) < 0)
		return -1;
	return channel_poll(ch, channel_runlist_taken, NULL, "teardown runlist", POLL_SERVICE_FAULTS, err);
}

int nvrt_channel_close(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_chip *c = ch->dev->chip;
	struct nvrt_backend *b = ch->dev->backend;
	struct nvrt_err e2;
	int rc = 0;

	if (ch->scheduled)
		rc = channel_preempt(ch, err) ? -1 : 0;
	else if (ch->enabled)
		c->channel->channel_enable(b, &ch->watch, false);
	if (ch->scheduled && channel_runlist_empty(ch, rc ? &e2 : err))
		rc = -1;
	/* Unbound only once Host has taken the runlist without it: dev_fifo's
	 * Channel Teardown Sequence ends "After this sequence, resources for the
	 * channels in the TSG may be reclaimed", and nouveau unbinds last too
	 * (drivers/gpu/drm/nouveau/nvkm/engine/fifo/uchan.c, nvkm_uchan_fini:
	 * nvkm_chan_block, nvkm_chan_remove -- the runlist update and its wait --
	 * then chan->func->unbind).  Bring-up's stale teardown does the same
	 * (device_stale.c). */
	if (ch->bound)
		c->channel->channel_unbind(b, &ch->watch);
	/* A healthy channel's teardown must raise nothing (bind errors...). */
	if (!rc && ch->laid_out && !ch->faulted && channel_fault_check(ch, "teardown", err))
		rc = -1;
	if (ch->laid_out && !nvrt_device_gone(ch->dev))
		c->faults->fault_clear(b, &ch->watch);
	if (ch->laid_out)
		nvrt_layout_fini(&ch->layout);
	if (device_bus_check(ch->dev, "teardown", rc ? &e2 : err))
		rc = -1;
	ch->bound = ch->enabled = ch->scheduled = ch->laid_out = false;
	return rc;
}
