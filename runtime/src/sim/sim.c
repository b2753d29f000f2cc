/* SPDX-License-Identifier: MIT */
/*
 * The Host simulator: a struct nvrt_backend whose BAR0 is a model of one
 * chip's Host, written from the manuals (../shared/manuals/<arch>/<chip> and
 * the project's addenda in manuals/<chip>) through that chip's generated
 * accessors only.  This file is compiled once per runtime chip (HW(x),
 * HWC(X): sim_internal.h); what the chips do differently is in
 * sim/gen/<generation>.c, what their manuals do not say in
 * sim/chips/<chip>.h, and the chip-generic entry, nvrt_backend_sim_open,
 * in runtime/src/sim/sim_model.c.  The runtime drives it exactly as it would
 * drive the chip over VFIO: 32-bit register reads and writes, DMA buffers by
 * IOVA.  Below, GV100's registers; TU104's differences are listed in
 * sim/gen/turing.c.
 *
 * Threading.  The model runs in its own thread.  A register access from the
 * caller takes sim->lock, so it is serialized with the model; a write only
 * records what was asked (PENDING bits, a doorbell, a deadline) and wakes the
 * thread, which does the work after a short delay (SIM_*_DELAY_NS) or at its
 * next tick -- never inside the write, so pollers see PENDING for a while.
 * The thread touches DMA memory only by IOVA through the buffer table below
 * (an access outside every buffer is a fault, never a host crash) and
 * channel memory through the channel's own ver2 page tables (nvrt_pt_walk
 * over that table).
 *
 * Modelled:
 *   PMC      BOOT_0 (the chip's, or nvrt_sim_config.boot0), BOOT_42 consistent
 *            with it, ENABLE (PFIFO: Host is in reset while DISABLED -- its
 *            registers read 0 and ignore writes, and leaving reset restores
 *            the manuals' init values), ENABLE_PB (per PBDMA, same rule),
 *            INTR(0) (stalling: PFIFO INTR_0 & INTR_EN_0, HUB = PRI fault
 *            VALID) and INTR(1) (non-stalling: PFIFO INTR_0 & INTR_EN_1),
 *            INTR_EN with its SET/CLEAR aliases.  PFIFO INTR_0 PBDMA_INTR
 *            and INTR_PBDMA_ID count a PBDMA's INTR_0/1 bits that its
 *            INTR_EN_0/1 enable.
 *   PTOP     DEVICE_INFO: GRAPHICS (engine 0, runlist 0) and nine LCEs as
 *            nouveau's nv140 (GV100) has (ce mask 0x1ff): LCE0/LCE1 are the
 *            GRCEs on the graphics runlist, LCE2..LCE8 the async copy engines
 *            on runlists 1..7.  ENUM, DATA and ENGINE_TYPE words chained per
 *            device, NOT_VALID after.  Fault ids, PRI bases and GR's
 *            interrupt/reset bit come from the addenda (dev_fault, dev_ce,
 *            dev_graphics, dev_master); the LCEs report no INTR/RESET enum
 *            (not in any source here).
 *   PFIFO    CFG0/1/2, PBDMA_MAP (14 PBDMAs: two serve the graphics runlist
 *            -- nouveau gv100_runl.runqs = 2 -- then one per runlist;
 *            PBDMAs 9..13 serve runlists 8..12, which have no engine in the
 *            model), RUNLIST_BASE/RUNLIST -> ENG_RUNLIST_BASE/ENG_RUNLIST with
 *            PENDING until the fetch (target honoured, sysmem only) and the
 *            dev_ram validation (TSG header, then exactly TSG_LENGTH 1..128
 *            channel entries; else SCHED_ERROR BAD_TSG and the runlist is
 *            dropped), SCHED_DISABLE, PREEMPT (channel/TSG) and
 *            RUNLIST_PREEMPT with PENDING until the target is saved out,
 *            INTR_0 (write 1 to clear; PBDMA_INTR read-only from the PBDMAs)
 *            with INTR_EN_0, INTR_SCHED_ERROR / INTR_BIND_ERROR codes,
 *            INTR_PBDMA_ID, PBDMA_STATUS / PBDMA_STATUS_INST, SCHED_STATUS,
 *            USERD_WRITEBACK (timer), CLEAR_FAULTED_TIMEOUT.
 *   PCCSR    CHANNEL_INST (PTR/TARGET/BIND; BIND_NOT_UNBOUND,
 *            UNBIND_WHILE_RUNNING and INVALID_CTX_TGT bind errors), CHANNEL
 *            (ENABLE_SET/ENABLE_CLR, ENABLE, NEXT, STATUS IDLE / PENDING /
 *            PENDING_ACQUIRE / ON_PBDMA, BUSY, PBDMA_FAULTED / ENG_FAULTED
 *            write 1 to reset).
 *   USERMODE CFG0, TIME_0/TIME_1, NOTIFY_CHANNEL_PENDING (doorbell).
 *   PTIMER   TIME_0/TIME_1 (addendum dev_timer): ns since the UNIX epoch in
 *            32 ns steps, monotonic, writable as on hardware.
 *   PBDMA    RAMFC load/save to the instance block at PCCSR PTR (every RAMFC
 *            word of the dev_ram table plus the addendum's timeslice),
 *            SIGNATURE check, GP_BASE/LIMIT2 and GP_GET/GP_PUT checks
 *            (GPFIFO/GPPTR), USERD GP_PUT read at load and on each doorbell,
 *            GP entry fetch through the page tables, control entries (NOP;
 *            GP_CRC and PB_CRC compared with IEEE 802.3 CRC-32s of the
 *            entries' little-endian bytes; ILLEGAL and unknown opcodes ->
 *            GPENTRY), PB segments (segments past 2^40 -> GPENTRY, FETCH
 *            CONDITIONAL, LEVEL/TOP_LEVEL_GET), every FIFO_DMA header through
 *            the chip table's decoder (INCR, NONINCR, ONEINCR, IMMD, SET/
 *            STORE/USE_SUBDEVICE_MASK with SUBDEVICE filtering, END_PB_SEGMENT,
 *            universal NOP; invalid or address-wrapping headers -> PBENTRY),
 *            the Host methods (OBJECT, ILLEGAL, NOP, NON_STALL_INT ->
 *            CHANNEL_INTR, MEM_OP_A..D: MEMBAR and L2 ops, privileged TLB
 *            invalidate / access-counter ops -> METHOD when not PRIVILEGED,
 *            SET_REF, SEM_* with release, reduction (the dev_pbdma table of
 *            legal sizes and formats), 16-byte timestamped releases, and
 *            acquires that wait -- retrying each tick -- with the ACQUIRE
 *            timeout, WFI, CRC_CHECK, YIELD, CLEAR_FAULTED with its timeout;
 *            other addresses below 0x100 -> METHOD), engine methods
 *            (subchannels 5-7 -> DEVICE; others need the runlist's
 *            TARGET ENG_CTX_VALID / CE_CTX_VALID, else INTR_1 CTXNOTVALID as
 *            dev_pbdma says; with a context they are consumed, there being no
 *            engines).  A faulting method stays in METHOD0/DATA0 (VALID); the
 *            PBDMA stalls while an interrupt enabled in INTR_STALL is
 *            pending and, once software clears it, re-runs METHOD0 if still
 *            VALID (as dev_pbdma's recovery procedures expect).  GP_GET wraps
 *            at 2^LIMIT2.  USERD GP_GET/GET/PUT/TOP_LEVEL_GET/REF are written
 *            back on save (always) and, with RAMFC CONFIG USERD_WRITEBACK, at
 *            the NV_PFIFO_USERD_WRITEBACK period while running.
 *   MMU      ver2 translation from RAMIN PAGE_DIR_BASE, read at channel load
 *            (VER2 and 64 KiB big pages, else UNBOUND_INST_BLOCK as dev_ram
 *            says; a video-memory PDB faults PDE) via nvrt_pt_walk; faults go
 *            to NV_PFB_PRI_MMU_FAULT_ADDR/INST/INFO/STATUS (PDE, PTE,
 *            RO_VIOLATION, UNBOUND_INST_BLOCK; an address no DMA buffer backs
 *            is REGION_VIOLATION, a video-memory target UNSUPPORTED_APERTURE;
 *            ENGINE_ID = CFG0 PBDMA_FAULT_ID + PBDMA, client HUB HOST), a
 *            second fault while VALID sets DROPPED_OTHER_*; the faulting
 *            channel gets PCCSR PBDMA_FAULTED and is saved out (dev_fifo:
 *            "the PBDMA will save out automatically") and is not scheduled
 *            until that is reset.  PMC INTR HUB follows FAULT_STATUS VALID.
 *   Scheduling  Each PBDMA runs one channel of its runlist at a time: a
 *            bound, enabled, unfaulted channel whose STATUS is PENDING (a
 *            doorbell) or PENDING_ACQUIRE, picked round robin among the
 *            channels whose RUNQUEUE_SELECTOR selects it (out of range -> the
 *            first PBDMA, dev_ram).  A channel is saved out when it runs out
 *            of work, yields, faults, is preempted, when a new runlist is
 *            submitted, or when its TSG timeslice ran out and another channel
 *            waits; an acquire that fails keeps it loaded unless another
 *            channel waits (then PENDING_ACQUIRE).  A channel saved out before
 *            it read the USERD GP_PUT a doorbell announced stays PENDING.
 *
 * Not modelled: engines (GR, CE: no copies, no context switches, no
 * ENGINE_STATUS activity), video memory (a VID_MEM target is a fault), TLBs
 * (PTE changes take effect at once; invalidates complete at once), MMU
 * fault buffers (their registers are storage; every fault is reported in
 * the PRI fault registers), the method CRC (CRC_CHECK always passes and
 * clears METHOD_CRC: dev_pbdma does not give the 6-byte packing), the
 * latency buffer and prefetching (GP_FETCH = GP_GET, entries fetched one
 * at a time), interrupt delivery (nothing is signalled; PMC INTR is polled),
 * PTE PRIVILEGE checks, PRI timeouts (unmodelled offsets read 0xBADF0000,
 * writes are dropped), the sysmem flush page (stored, never accessed).
 * Every DMA buffer is followed by an unmapped guard page, so overruns fault.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "sim/sim_internal.h"
#include "sim/sim_model.h"

#define SIM_IOVA_DEFAULT ((uint64_t)1 << 20)   /* nvrt_sim_config.iova_base 0 */

/* ---- time ----------------------------------------------------------------------- */

/* PTIMER counts from the UNIX epoch (dev_usermode TIME_0/1). */
static void sim_time_init(struct sim *s)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	sim_gpu_time_set(s, (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
}

/* ---- BAR0 --------------------------------------------------------------------------------- */

static uint32_t sim_bar0_read32(struct nvrt_backend *b, uint32_t offset)
{
	struct sim *s = (struct sim *)b;
	uint32_t v;

	pthread_mutex_lock(&s->lock);
	if (!sim_fail_read(s, &v))
		v = sim_regs_read(s, offset);
	pthread_mutex_unlock(&s->lock);
	return v;
}

static void sim_bar0_write32(struct nvrt_backend *b, uint32_t offset, uint32_t value)
{
	struct sim *s = (struct sim *)b;

	pthread_mutex_lock(&s->lock);
	if (!s->dead)
		sim_regs_write(s, offset, value);
	pthread_mutex_unlock(&s->lock);
}

/* ---- the model's thread ------------------------------------------------------------------- */

static struct timespec sim_deadline(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };

	return ts;
}

static void *sim_thread_main(void *arg)
{
	struct sim *s = arg;

	pthread_mutex_lock(&s->lock);
	while (!s->stop) {
		uint64_t now = sim_now();
		bool busy = !s->dead && sim_sched_tick(s, now);
		uint64_t due = sim_sched_next_due(s, now);
		uint64_t wait = s->dead ? SIM_IDLE_TICK_NS : due > now ? due - now : 0;

		if (busy && wait > SIM_BUSY_TICK_NS)
			wait = SIM_BUSY_TICK_NS;
		/* Sleeping on the condition releases the lock: register accesses
		 * from the caller get in between the model's steps. */
		struct timespec ts = sim_deadline(sim_now() + wait);
		pthread_cond_timedwait(&s->wake, &s->lock, &ts);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

static void sim_free(struct sim *s)
{
	for (size_t i = 0; i < s->mem.n; i++)
		free(s->mem.bufs[i].cpu);
	free(s->mem.bufs);
	for (uint32_t r = 0; r < SIM_NUM_RUNLISTS; r++)
		free(s->rl[r].chans);
	free(s->regs);
	free(s);
}

static void sim_close(struct nvrt_backend *b)
{
	struct sim *s = (struct sim *)b;

	if (s->thread_started) {
		pthread_mutex_lock(&s->lock);
		s->stop = true;
		pthread_cond_signal(&s->wake);
		pthread_mutex_unlock(&s->lock);
		pthread_join(s->thread, NULL);
	}
	pthread_cond_destroy(&s->wake);
	pthread_mutex_destroy(&s->lock);
	sim_free(s);
}

static bool sim_host_request(struct nvrt_backend *b)
{
	struct sim *s = (struct sim *)b;
	bool r;

	pthread_mutex_lock(&s->lock);
	r = s->host_request;
	pthread_mutex_unlock(&s->lock);
	return r;
}

/* What the lower layers tell the scheduler and the register file above them
 * (sim_internal.h, struct sim_upcalls): installed here, at the top. */
static const struct sim_upcalls sim_upcalls = {
	.sched_reset = sim_sched_reset,
	.sched_pbdma_reset = sim_sched_pbdma_reset,
	.sched_runlist_submit = sim_sched_runlist_submit,
	.sched_doorbell = sim_sched_doorbell,
	.sched_chan_loaded = sim_sched_chan_loaded,
	.sched_runlist_holds = sim_sched_runlist_holds,
	.pbdma_regs_reset = sim_pbdma_regs_reset,
};

/* A model has no bus address nor mapping: offsets are BAR0's own. */
static void sim_bar0_where(struct nvrt_backend *b, struct nvrt_bar0_where *out)
{
	(void)b;
	*out = (struct nvrt_bar0_where){ .phys = 0, .virt = 0, .size = SIM_BAR0_BYTES };
}

static const struct nvrt_backend_ops sim_ops = {
	.name = "sim",
	.bar0_read32 = sim_bar0_read32,
	.bar0_write32 = sim_bar0_write32,
	.dma_alloc = sim_dma_alloc,
	.dma_free = sim_dma_free,
	.close = sim_close,
	.host_request = sim_host_request,
	.bar0_where = sim_bar0_where,
};

static int sim_sync_init(struct sim *s, struct nvrt_err *err)
{
	pthread_condattr_t ca;

	if (pthread_mutex_init(&s->lock, NULL))
		return nvrt_err_set(err, "sim backend: cannot create its lock");
	if (pthread_condattr_init(&ca) || pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) ||
	    pthread_cond_init(&s->wake, &ca)) {
		pthread_mutex_destroy(&s->lock);
		return nvrt_err_set(err, "sim backend: cannot create its condition variable");
	}
	pthread_condattr_destroy(&ca);
	return 0;
}

static struct nvrt_backend *sim_open(const struct nvrt_sim_config *cfg, struct nvrt_err *err)
{
	uint64_t base = cfg && cfg->iova_base ? cfg->iova_base : SIM_IOVA_DEFAULT;
	struct sim *s;

	if (base % SIM_HOST_PAGE || base >= SIM_VA_LIMIT) {
		nvrt_err_set(err, "sim backend: IOVA base 0x%llx must be a multiple of 4 KiB below 2^40",
			     (unsigned long long)base);
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s || !(s->regs = calloc(SIM_BAR0_BYTES / 4, sizeof(uint32_t)))) {
		free(s);
		nvrt_err_set(err, "sim backend: out of memory");
		return NULL;
	}
	s->base.ops = &sim_ops;
	s->up = &sim_upcalls;
	s->chip = &NVRT_CAT(nvrt_chip_, NVRT_CHIP);
	s->mem.next_iova = base;
	s->boot0 = cfg && cfg->boot0 ? cfg->boot0 : sim_pmc_boot0_chip();
	if (sim_sync_init(s, err)) {
		sim_free(s);
		return NULL;
	}
	sim_time_init(s);
	sim_regs_init(s);
	int rc = pthread_create(&s->thread, NULL, sim_thread_main, s);
	if (rc) {
		nvrt_err_set(err, "sim backend: cannot start its thread: %s", strerror(rc));
		sim_close(&s->base);
		return NULL;
	}
	s->thread_started = true;
	if (cfg && cfg->crashed_run && sim_crashed_run(s, err) < 0) {
		sim_close(&s->base);
		return NULL;
	}
	return &s->base;
}

/* nvrt_sim_fail on this chip's model (sim_model.c checked b is one). */
static void sim_fail(struct nvrt_backend *b, enum nvrt_sim_failure f, uint64_t reads)
{
	struct sim *s = (struct sim *)b;

	pthread_mutex_lock(&s->lock);
	if (f == NVRT_SIM_HOST_REQUEST) {
		s->host_request = true;
		pthread_mutex_unlock(&s->lock);
		return;
	}
	s->fail = f;
	s->fail_reads = reads;
	s->fail_armed = true;
	if (f == NVRT_SIM_FELL_OFF_BUS && !reads)
		s->dead = true;   /* at once: the work in flight never completes */
	pthread_mutex_unlock(&s->lock);
}

const struct nvrt_sim_model NVRT_CAT(nvrt_sim_model_, NVRT_CHIP) = {
	.chip = &NVRT_CAT(nvrt_chip_, NVRT_CHIP),
	.ops = &sim_ops,
	.open = sim_open,
	.fail = sim_fail,
};
