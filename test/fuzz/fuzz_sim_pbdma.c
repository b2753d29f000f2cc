/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the Host simulator's PBDMA (runtime/src/sim) fed with
 * arbitrary GPFIFO and pushbuffer memory, and the runtime's fault decoding
 * of whatever state that leaves.
 *
 * Per input, on a fresh simulator: bring-up (nvrt_device_open), one channel
 * laid out by nvrt_layout_build (defaults, GPU VAs packed from
 * FUZZ_SIM_VA_BASE -- the same as `nvrt layout --va-base 0x10000000`, so its
 * gpfifo.bin and pushbuffer.bin are seeds), bound, enabled and scheduled on a
 * copy engine's runlist.  The input goes into the GP ring and the
 * pushbuffer, USERD GP_PUT is set and the doorbell rung; then a bounded wait
 * (FUZZ_SIM_WAIT_MS) for a fault or for the channel to go idle, the decoded
 * fault report, and the teardown (preempt, unbind), each wait bounded too.
 * The simulator must never crash or hang: a hang shows as a libFuzzer
 * timeout (or the replay driver's time limit).
 *
 * Input:
 *   byte  0     flags: bit 0 -- each segment entry's address is taken as an
 *               offset into the pushbuffer (relocated to its VA); bit 1 --
 *               GP_PUT is bytes 1..2 as given (may be out of range), else
 *               the number of entries; bit 2 -- the TU104 model (with
 *               TU104's runtime), else GV100's
 *   bytes 1..2  GP_PUT (little-endian), with flag bit 1
 *   byte  3     number of GP entries that follow (8 bytes each)
 *   then        the GP entries, from ring index 0
 *   the rest    the pushbuffer (up to its 4 KiB)
 */
#include <stdbool.h>
#include <time.h>

#include <gv100/dev_fifo.h>
#include <tu104/dev_fifo.h>

#include "nvrt/device.h"
#include "nvrt/gpfifo.h"
#include "nvrt/layout.h"
#include "nvrt/sim.h"
#include "nvrt/userd.h"

#include "fuzz.h"

#define FUZZ_SIM_VA_BASE 0x10000000ull
#define FUZZ_SIM_WAIT_MS 20u
#define FUZZ_SIM_SETUP_MS 2000u   /* bring-up steps of a healthy simulator */

struct fuzz_sim {
	const struct nvrt_chip *c;
	bool tu104;                    /* else gv100 */
	struct nvrt_backend *b;
	struct nvrt_device d;
	struct nvrt_layout l;
	struct nvrt_host_watch w;
	bool opened, laid_out, bound;
};

static uint64_t fuzz_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void fuzz_pause(void)
{
	nanosleep(&(struct timespec){ 0, 20000 }, NULL);
}

static bool fuzz_runlist_taken(struct fuzz_sim *s)
{
	return !s->c->runlist->runlist_pending(s->b, &s->w);
}

static bool fuzz_preempted(struct fuzz_sim *s)
{
	return s->c->runlist->preempt_done(s->b, &s->w);
}

/* Polls done for up to ms; with service, acknowledges faults meanwhile. */
static bool fuzz_poll(struct fuzz_sim *s, bool (*done)(struct fuzz_sim *), unsigned ms, bool service)
{
	uint64_t end = fuzz_now_ms() + ms;
	char why[480];

	for (;;) {
		if (done(s))
			return true;
		if (service && s->c->faults->fault_check(s->b, &s->w, why, sizeof(why)))
			s->c->faults->fault_clear(s->b, &s->w);
		if (fuzz_now_ms() > end)
			return false;
		fuzz_pause();
	}
}

/* What nvrt_channel_open's watch holds: the runlist's PBDMAs and engines. */
static void fuzz_watch(struct fuzz_sim *s, uint32_t runlist)
{
	const struct nvrt_topology *t = &s->d.topo;

	memset(&s->w, 0, sizeof(s->w));
	s->w.chid = s->l.params.chid;
	s->w.tsgid = s->l.params.tsgid;
	s->w.runlist = runlist;
	s->w.pbdma_mask = nvrt_device_runlist_pbdmas(&s->d, runlist);
	for (uint32_t i = 0; i < t->nengines; i++)
		if (t->engines[i].has_engine && t->engines[i].has_runlist &&
		    t->engines[i].runlist == runlist && t->engines[i].engine_id < 64)
			s->w.engine_mask |= (uint64_t)1 << t->engines[i].engine_id;
	s->w.num_pbdma = t->num_pbdma;
	s->w.pbdma_fault_id = t->pbdma_fault_id;
}

/* A healthy simulator and a scheduled channel; any failure here is a bug. */
static void fuzz_sim_open(struct fuzz_sim *s, bool tu104)
{
	struct nvrt_layout_params lp;
	const struct nvrt_engine *e;
	struct nvrt_err err = { "" };
	struct nvrt_sim_config cfg = { 0 };
	const char *chip = tu104 ? "tu104" : "gv100";

	memset(s, 0, sizeof(*s));
	s->tu104 = tu104;
	s->c = cfg.chip = nvrt_chip_find(chip);
	if (!s->c)
		fuzz_fail("no %s chip table", chip);
	s->b = nvrt_backend_sim_open(&cfg, &err);
	if (!s->b)
		fuzz_fail("simulator: %s", err.msg);
	if (nvrt_device_open(&s->d, s->b, s->c, NULL, &err) < 0)
		fuzz_fail("bring-up: %s", err.msg);
	s->opened = true;
	e = nvrt_device_copy_engine(&s->d);
	if (!e)
		fuzz_fail("the simulator has no copy engine on a runlist of its own");
	nvrt_layout_params_default(&lp);
	lp.va_base = FUZZ_SIM_VA_BASE;
	if (nvrt_layout_build(&s->l, s->c, s->b, &lp, &err) < 0)
		fuzz_fail("layout: %s", err.msg);
	s->laid_out = true;
	fuzz_watch(s, e->runlist);
	if (s->c->channel->channel_bind(s->b, &s->w, s->l.inst.iova, s->l.inst.aperture, &err) < 0)
		fuzz_fail("bind: %s", err.msg);
	s->bound = true;
	s->c->channel->channel_enable(s->b, &s->w, true);
	if (s->c->runlist->runlist_submit(s->b, &s->w, s->l.runlist.iova, s->l.runlist.aperture,
				 s->l.runlist_entries, &err) < 0)
		fuzz_fail("runlist submit: %s", err.msg);
	if (!fuzz_poll(s, fuzz_runlist_taken, FUZZ_SIM_SETUP_MS, false))
		fuzz_fail("the simulator did not take a valid runlist in %u ms", FUZZ_SIM_SETUP_MS);
}

/* Teardown as nvrt_channel_close does it, every wait bounded. */
static void fuzz_sim_close(struct fuzz_sim *s)
{
	if (s->bound) {
		s->c->runlist->runlist_sched_disable(s->b, &s->w, true);
		s->c->channel->channel_enable(s->b, &s->w, false);
		s->c->runlist->runlist_preempt(s->b, &s->w);
		fuzz_poll(s, fuzz_preempted, FUZZ_SIM_WAIT_MS, true);
		s->c->runlist->runlist_sched_disable(s->b, &s->w, false);
		s->c->channel->channel_unbind(s->b, &s->w);
	}
	if (s->laid_out)
		nvrt_layout_fini(&s->l);
	if (s->opened)
		nvrt_device_close(&s->d);
	if (s->b)
		nvrt_backend_close(s->b);
}

/* A segment entry's address, as an offset into the pushbuffer. */
static void fuzz_relocate(struct fuzz_sim *s, uint32_t e[2])
{
	struct nvrt_gp_entry g;
	struct nvrt_err err;
	uint32_t out[2];

	s->c->gpfifo->gp_entry_decode(e, &g);
	if (!g.length)
		return;
	g.va = s->l.pushbuf_va + g.va % s->l.pushbuf_mem.size;
	if (s->c->gpfifo->gp_entry_encode(&g, out, &err) == 0) {
		e[0] = out[0];
		e[1] = out[1];
	}
}

/* The channel's PCCSR STATUS is IDLE, through its chip's accessors. */
static bool fuzz_chan_idle(struct fuzz_sim *s)
{
	if (s->tu104) {
		tu104_pccsr_channel_t ch = { nvrt_bar0_read32(s->b, tu104_pccsr_channel(s->w.chid)) };

		return tu104_get_pccsr_channel_status(ch) == TU104_PCCSR_CHANNEL_STATUS_IDLE;
	}
	gv100_pccsr_channel_t ch = { nvrt_bar0_read32(s->b, gv100_pccsr_channel(s->w.chid)) };

	return gv100_get_pccsr_channel_status(ch) == GV100_PCCSR_CHANNEL_STATUS_IDLE;
}

static bool fuzz_idle(struct fuzz_sim *s, uint32_t put)
{
	return nvrt_userd_gp_get(s->c, &s->l.userd) == put && fuzz_chan_idle(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct fuzz_sim s;
	char why[480];

	uint8_t flags = (uint8_t)fuzz_take(&in, 1);
	uint32_t put = (uint32_t)fuzz_take(&in, 2);
	uint32_t n = (uint32_t)fuzz_take(&in, 1);

	fuzz_sim_open(&s, flags & 4);
	uint32_t *ring = s.l.gpfifo_mem.cpu;
	if (n > in.n / 8)
		n = (uint32_t)(in.n / 8);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t e[2];

		memcpy(e, in.p + 8 * i, 8);
		if (flags & 1)
			fuzz_relocate(&s, e);
		memcpy(&ring[2 * i], e, 8);
	}
	in.p += 8 * n;
	in.n -= 8 * n;
	memcpy(s.l.pushbuf_mem.cpu, in.p, in.n < s.l.pushbuf_mem.size ? in.n : s.l.pushbuf_mem.size);
	if (!(flags & 2))
		put = n;
	/* Entries and segments visible before Host sees GP_PUT. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	nvrt_userd_gp_put_set(s.c, &s.l.userd, put);
	s.c->usermode->doorbell_ring(s.b, &s.w);

	uint64_t end = fuzz_now_ms() + FUZZ_SIM_WAIT_MS;
	bool fault = false;
	while (fuzz_now_ms() <= end) {
		if ((fault = s.c->faults->fault_check(s.b, &s.w, why, sizeof(why))) || fuzz_idle(&s, put))
			break;
		fuzz_pause();
	}
	/* The failure report nvrt-submit prints, over whatever state is left;
	 * FUZZ_VERBOSE=1 shows it (and the outcome) on stderr. */
	FILE *report = getenv("FUZZ_VERBOSE") ? stderr : fuzz_null();
	fprintf(report, "GP_PUT %u: %s after %llu ms; USERD GP_GET %u, semaphore %u\n", put,
		fault ? why : fuzz_idle(&s, put) ? "idle" : "still busy",
		(unsigned long long)(fuzz_now_ms() + FUZZ_SIM_WAIT_MS - end),
		nvrt_userd_gp_get(s.c, &s.l.userd), *(volatile uint32_t *)s.l.semaphore.cpu);
	s.c->faults->fault_report(s.b, &s.w, report);
	fuzz_sim_close(&s);
	return 0;
}
