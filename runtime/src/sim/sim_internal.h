/* SPDX-License-Identifier: MIT */
/*
 * The Host simulator's private state (see sim.c for what is modelled).
 *
 * One struct sim holds the BAR0 register file (a flat array: the register
 * values software and the model read and write), the model's own state
 * (runlists, PBDMA contexts, pending work) and the DMA buffers by IOVA.
 * Every field is protected by sim->lock: the backend ops take it around a
 * register access, the model's thread holds it while it works.
 *
 * The files are layers, each calling only those below it (bottom first):
 * sim_mem.c (time, memory by IOVA), sim_fail.c and the Host design's
 * register-list check (sim/pfifo/known_pfifo.c); its fault registers
 * (fault_pfifo.c); sim_mmu.c; sim/gen/<generation>.c; the design's register
 * file (regs_pfifo.c, which raises the interrupts) and its channel and
 * error registers (host_pfifo.c); sim_pbdma.c; sim_sched.c; sim.c, the
 * backend, at the top (with sim_stale.c).  sim_mmu.c, sim_pbdma.c and
 * sim_sched.c are the same for every Host design: what differs is behind
 * the "Host design" functions below, which sim/<design>/ defines.  What a lower layer must tell a higher one -- a
 * register write that asks the scheduler for work, a generation's register
 * that resets a PBDMA -- goes through sim->up, which sim.c installs.
 */
#ifndef NVRT_SIM_INTERNAL_H
#define NVRT_SIM_INTERNAL_H

/*
 * Compiled once per chip with -include runtime/src/chips/<chip>.h, like
 * runtime/src/hw/: HW(x) / HWC(X) name that chip's generated accessors and
 * constants, and sim_names.h gives the model's shared functions the chip's
 * names.  sim/chips/<chip>.h describes what the manuals do not say (how
 * many copy engines, BOOT_0's revision); what behaves differently is the
 * file of the chip's generation, sim/gen/<NVRT_CHIP_GENERATION>.c, chosen
 * by the Makefile as for runtime/src/hw/<generation>/.
 */
#include "hw/chip_hw.h"
#include "sim/sim_names.h"
#include NVRT_STR(sim/chips/NVRT_CHIP.h)
/* #include SIM_HW_FIELDS(dev_fifo) -> "gv100/fields/dev_fifo.h" */
#define SIM_HW_FIELDS(unit) NVRT_STR(NVRT_CHIP/fields/unit.h)

/*
 * Hardware truncates a value to its field; the model indexes arrays only
 * after its own range checks.  So the generated accessors' checks are off
 * here: they must never report into the caller's thread (hw_check.h), since
 * register writes run in the caller's thread.
 */
#undef REFGEN_CHECK
#define REFGEN_CHECK(cond) ((void)0)
/*
 * The model plays the hardware: it sets status fields the manual marks
 * read-only (PBDMA status, fault info, BOOT_0) and reads write-only ones
 * software wrote, so it needs every accessor, not only software's view.
 */
#define REFGEN_ALL_ACCESSORS

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The units every Host design has; the design's own: sim/<design>/host.h. */
#include NVRT_HW_HEADER(dev_bus)
#include NVRT_HW_HEADER(dev_fault)
#include NVRT_HW_HEADER(dev_fb)
#include NVRT_HW_HEADER(dev_mmu)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(dev_timer)

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/sim.h"

/* ---- sizes, all from the manuals --------------------------------------------- */

#define SIM_BAR0_BYTES (HWC(RSPACE_LIMIT) + 1u)                 /* dev_bus NV_RSPACE */
#define SIM_NUM_RUNLISTS ((uint32_t)SIM_RUNLIST_COUNT)        /* sim/chips/<chip>.h */
#define SIM_PAGE (1u << HWC(MMU_VER2_PTE_ADDRESS_SHIFT))       /* small page */
#define SIM_VA_LIMIT ((uint64_t)1 << 40)   /* Host's VAs: GP_BASE_HI, GET_HI 7:0 */

/*
 * What a read of a register outside every modelled unit returns: a PRI
 * error word (NV_PRI_ERROR_CODE_BADF, addendum dev_bus;
 * ../shared/design/gv100-host-facts.md section 0).
 */
uint32_t sim_pri_error(void);
#define SIM_PRI_ERROR sim_pri_error()

/* Model timing: work is never done inside the register write that asks for
 * it, but after these delays, by the model's thread. */
#define SIM_RUNLIST_DELAY_NS 20000u   /* RUNLIST write -> fetch */
#define SIM_PREEMPT_DELAY_NS 10000u   /* PREEMPT write -> save-out */
#define SIM_TICK_NS 50000u            /* thread's sleep while a channel is loaded */
#define SIM_IDLE_TICK_NS 1000000u     /* ... when nothing is loaded or due */
#define SIM_BUSY_TICK_NS 5000u        /* ... when a PBDMA still has work */
#define SIM_STEP_BUDGET 256u          /* PBDMA steps per PBDMA per tick */

/* Where a Host address field points (each register has its own encoding). */
enum sim_aperture {
	SIM_AP_INVALID,
	SIM_AP_VID,                    /* video memory: the model has none */
	SIM_AP_SYS_COH,
	SIM_AP_SYS_NCOH,
};

/* ---- memory ------------------------------------------------------------------ */

struct sim_buf {
	uint64_t iova;
	size_t size;                   /* bytes the model may touch (page rounded) */
	uint8_t *cpu;
};

struct sim_mem {
	struct sim_buf *bufs;          /* sorted by iova */
	size_t n, cap;
	uint64_t next_iova;
};

/* ---- calls upwards ------------------------------------------------------------- */

struct sim;

/* sim_sched.c's and the register file's functions that the layers below them call,
 * installed by sim.c (sim_upcalls): each the function of the same name. */
struct sim_upcalls {
	/* The register file and sim/gen tell the scheduler of a register write. */
	void (*sched_reset)(struct sim *s);
	void (*sched_pbdma_reset)(struct sim *s, uint32_t p);
	void (*sched_runlist_submit)(struct sim *s, uint32_t r);
	void (*sched_doorbell)(struct sim *s, uint32_t chid);
	bool (*sched_chan_loaded)(const struct sim *s, uint32_t chid);
	bool (*sched_runlist_holds)(const struct sim *s, uint32_t r, uint32_t chid);
	/* sim/gen resets a PBDMA its own register took out of (or put back in) reset. */
	void (*pbdma_regs_reset)(struct sim *s, uint32_t p);
};

/* ---- scheduling ---------------------------------------------------------------- */

/* A channel entry of a fetched runlist, with the TSG it belongs to. */
struct sim_rl_chan {
	uint32_t chid, runqueue, tsgid;   /* chid: the model's (sim_host_rl_chan) */
	uint64_t timeslice_ns;
	/* What the entry itself says where the design reads it there (Ampere). */
	uint64_t inst, userd;
	enum sim_aperture inst_ap, userd_ap;
};

struct sim_runlist {
	struct sim_rl_chan *chans;     /* the runlist Host schedules from */
	uint32_t nchans;
	uint32_t cursor;               /* round robin */
	bool fetch_pending;
	uint64_t fetch_due;            /* ns, sim_now */
};

/* Why a PBDMA step stopped. */
enum sim_step {
	SIM_STEP_PROGRESS,             /* did something; may go on */
	SIM_STEP_IDLE,                 /* out of work (GP_GET == GP_PUT, nothing staged) */
	SIM_STEP_BLOCKED,              /* acquire / CLEAR_FAULTED waiting: retry later */
	SIM_STEP_STALL,                /* a stalling interrupt froze the PBDMA */
	SIM_STEP_FAULT,                /* MMU fault: the channel is saved out, FAULTED */
	SIM_STEP_YIELD,                /* NV_UDMA_YIELD: switch the channel out */
};

/* Subchannels a method header names (NV_FIFO_DMA_*_SUBCHANNEL). */
#define SIM_CE_SUBCHANNELS (1u << HWC(FIFO_DMA_METHOD_SUBCHANNEL_FIELD_WIDTH))

/* The copy-engine methods a PBDMA's channel sent (sim_ce.c), by method. */
struct sim_ce {
	uint32_t object[SIM_CE_SUBCHANNELS];   /* SetObject's class per subchannel, 0: none */
	uint32_t sem_upper, sem_lower, sem_payload;
	uint32_t in_upper, in_lower, out_upper, out_lower;
	uint32_t pitch_in, pitch_out, line_length, line_count;
	uint32_t const_a, const_b, components;
};

/* What a PBDMA holds besides its NV_PPBDMA registers (not context switched). */
struct sim_pbdma {
	bool loaded;
	uint32_t chid, tsgid, runlist;
	uint64_t timeslice_ns, loaded_at;
	uint64_t inst;                 /* instance block IOVA and its aperture */
	enum sim_aperture inst_ap;
	uint64_t userd;                /* USERD, where the runlist entry gives it (Ampere) */
	enum sim_aperture userd_ap;
	uint64_t pdb;                  /* RAMIN PAGE_DIR_BASE, read at load */
	bool pdb_ok;                   /* else every translation faults with: */
	uint32_t pdb_fault_type;       /* NV_PFAULT_FAULT_TYPE_* */
	bool gp_put_stale;             /* a doorbell asks to read USERD GP_PUT again */
	bool checked;                  /* SIGNATURE / GP pointers checked since load or clear */
	bool expire;                   /* a new runlist expired the timeslice */
	bool seg_first;                /* next PB instruction is a segment's first */
	bool blocked;                  /* last step was an acquire that failed */
	bool dirty;                    /* progress since the last USERD writeback */
	uint64_t writeback_at;         /* ns of the last USERD writeback */
	struct sim_ce ce;
	bool ce_fault;                 /* the fault being taken is the copy engine's */
};

/*
 * The Host design's registers (SIM_HOST_DESIGN, sim/chips/<chip>.h; the
 * Makefile compiles the .c files of sim/<design>/ for the chip): its units' headers, the
 * sizes SIM_NUM_PBDMA and SIM_NUM_CHANNELS, struct sim_host (its state in
 * struct sim) and its private functions.  What the shared model asks of it
 * is the "Host design" section below.
 */
#include NVRT_STR(sim/SIM_HOST_DESIGN/host.h)

struct sim {
	struct nvrt_backend base;
	const struct sim_upcalls *up;  /* sim.c's: the calls upwards */
	const struct nvrt_chip *chip;  /* the chip modelled: its PB header decoder and PT walk */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	bool thread_started, stop;

	uint32_t *regs;                /* BAR0, SIM_BAR0_BYTES / 4 words */
	struct sim_host host;          /* the Host design's own (sim/<design>/host.h) */
	uint32_t gr_runlist;           /* the graphics engine's (DEVICE_INFO) */
	uint32_t boot0;
	int64_t time_offset_ns;        /* GPU time = monotonic + offset */

	struct sim_mem mem;
	struct sim_runlist rl[SIM_NUM_RUNLISTS];
	struct sim_pbdma pbdma[SIM_NUM_PBDMA];
	bool preempt_pending;
	uint64_t preempt_due;
	uint32_t runlist_preempt;      /* NV_PFIFO_RUNLIST_PREEMPT bits pending */
	uint64_t runlist_preempt_due;

	/* nvrt_sim_fail (sim_fail.c): a failure armed, and a GPU gone. */
	bool fail_armed, dead, host_request;
	enum nvrt_sim_failure fail;
	uint64_t fail_reads;           /* reads left before it */
};

/* ---- sim_mem.c: time, the thread's wake-up, memory by IOVA ----------------------- */

#define SIM_HOST_PAGE 4096u                      /* DMA buffers and their guard pages */

uint64_t sim_now(void);                          /* monotonic ns */
uint64_t sim_gpu_time(const struct sim *s);      /* PTIMER ns */
void sim_gpu_time_set(struct sim *s, uint64_t ns);
void sim_kick(struct sim *s);                    /* wake the thread */
/* Physical (IOVA) accesses: 0, or -1 when some byte is in no DMA buffer. */
int sim_mem_read(struct sim *s, uint64_t iova, void *buf, size_t len);
int sim_mem_write(struct sim *s, uint64_t iova, const void *buf, size_t len);
int sim_mem_read_cb(void *ctx, uint64_t iova, void *buf, size_t len);
/* iova's CPU address, *len cut to its buffer's end; NULL: in no buffer. */
uint8_t *sim_mem_span(struct sim *s, uint64_t iova, size_t *len);
/* The backend's dma_alloc and dma_free: buffers the model finds by IOVA. */
int sim_dma_alloc(struct nvrt_backend *b, size_t size, size_t align, enum nvrt_aperture ap,
		  struct nvrt_dma *out, struct nvrt_err *err);
void sim_dma_free(struct nvrt_backend *b, struct nvrt_dma *buf);

/* ---- sim_fail.c: nvrt_sim_fail's failures; sim_stale.c: a crashed run ------- */

/* A BAR0 read as the failures make it: true with *v set when one decides it. */
bool sim_fail_read(struct sim *s, uint32_t *v);
int sim_crashed_run(struct sim *s, struct nvrt_err *err);

/* ---- PMC identity: the same on every Host design (dev_master) ------------------------- */

/*
 * The chip's own BOOT_0: ARCHITECTURE and IMPLEMENTATION are the bits of its
 * BOOT_42 CHIP_ID (dev_master: CHIP_ID 28:20 spans both), and the revision
 * the model's description gives.
 */
static inline uint32_t sim_pmc_boot0_chip(void)
{
	HW(pmc_boot_42_t) id = { 0 };
	HW(pmc_boot_0_t) r = { 0 };

	id = HW(set_pmc_boot_42_chip_id)(id, SIM_CHIP_ID);
	r = HW(set_pmc_boot_0_architecture)(r, HW(get_pmc_boot_42_architecture)(id));
	r = HW(set_pmc_boot_0_implementation)(r, HW(get_pmc_boot_42_implementation)(id));
	r = HW(set_pmc_boot_0_major_revision)(r, SIM_MAJOR_REVISION);
	r = HW(set_pmc_boot_0_minor_revision)(r, SIM_MINOR_REVISION);
	return r.v;
}

/* BOOT_42 agrees with BOOT_0: CHIP_ID is its ARCHITECTURE:IMPLEMENTATION. */
static inline uint32_t sim_pmc_boot42(uint32_t boot0)
{
	HW(pmc_boot_0_t) b = { boot0 };
	HW(pmc_boot_42_t) r = { 0 };

	r = HW(set_pmc_boot_42_architecture)(r, HW(get_pmc_boot_0_architecture)(b));
	r = HW(set_pmc_boot_42_implementation)(r, HW(get_pmc_boot_0_implementation)(b));
	r = HW(set_pmc_boot_42_major_revision)(r, HW(get_pmc_boot_0_major_revision)(b));
	r = HW(set_pmc_boot_42_minor_revision)(r, HW(get_pmc_boot_0_minor_revision)(b));
	return r.v;
}

/* ---- the register file: BAR0 as a flat array of words ---------------------------------- */

static inline uint32_t sim_reg(const struct sim *s, uint32_t off)
{
	return s->regs[off / 4];
}

static inline void sim_reg_set(struct sim *s, uint32_t off, uint32_t v)
{
	s->regs[off / 4] = v;
}

/* Write-1-to-clear: the bits of v within w1c clear, the rest stay. */
static inline void sim_reg_w1c(struct sim *s, uint32_t off, uint32_t v, uint32_t w1c)
{
	sim_reg_set(s, off, sim_reg(s, off) & ~(v & w1c));
}

/* i when off is reg(i) of an array of count registers, else -1. */
/* Offsets are macros: sim_index(off, reg, count) passes reg's first two. */
#define sim_index(off, reg, count) sim_index_of((off), reg(0), reg(1), (count))

static inline long sim_index_of(uint32_t off, uint32_t base, uint32_t next, uint32_t count)
{
	uint32_t stride = next - base;

	if (off < base || (off - base) % stride || (off - base) / stride >= count)
		return -1;
	return (long)((off - base) / stride);
}

/* Field F of register REG at its value V, from the field position constants. */
#define SIM_FIELD_AT(REG, F, V) \
	(((uint32_t)HWC(REG##_##F##_##V) << HWC(REG##_##F##_FIELD_SHIFT)) & HWC(REG##_##F##_FIELD_MASK))

/* ---- the Host design's register file: sim/<design>/ (pfifo: regs_pfifo.c) ------------ */

void sim_regs_init(struct sim *s);
uint32_t sim_regs_read(struct sim *s, uint32_t off);
void sim_regs_write(struct sim *s, uint32_t off, uint32_t v);
/* Host is out of reset (GV100/TU104: NV_PMC_ENABLE_PFIFO). */
bool sim_fifo_enabled(const struct sim *s);
bool sim_pbdma_enabled(const struct sim *s, uint32_t p);
/* Pending (and enabled) state of PBDMA p's interrupts. */
bool sim_pbdma_intr_pending(const struct sim *s, uint32_t p);
bool sim_pbdma_stalled(const struct sim *s, uint32_t p);
void sim_pbdma_intr_raise(struct sim *s, uint32_t p, uint32_t intr0, uint32_t intr1);
/* Which PBDMAs serve runlist r (GV100/TU104: NV_PFIFO_PBDMA_MAP), in PBDMA order. */
uint32_t sim_runlist_pbdmas(const struct sim *s, uint32_t r, uint32_t *out);
uint32_t sim_pbdma_runlist(const struct sim *s, uint32_t p);
/* PBDMA p's registers at their reset values (and the model's state of it). */
void sim_pbdma_regs_reset(struct sim *s, uint32_t p);
/* The GPU time as the timer registers hold it (TIME_1:TIME_0). */
uint64_t sim_ptimer_snap(const struct sim *s);

/* Runlist r as software submitted it. */
struct sim_rl_submit {
	uint64_t base;                 /* byte address */
	enum sim_aperture ap;
	uint32_t length;               /* entries */
};

/* Where runlist r is, and its PENDING cleared once fetched. */
void sim_gen_runlist_submitted(const struct sim *s, uint32_t r, struct sim_rl_submit *out);
void sim_gen_runlist_fetched(struct sim *s, uint32_t r);

/* ---- the Host design's channel and error registers: sim/<design>/ ------------------- */

/* A channel's scheduling state, as the design's channel register shows it. */
enum sim_chan_status {
	SIM_CHAN_IDLE,                 /* nothing to do */
	SIM_CHAN_PENDING,              /* told of work (doorbell, work left at a switch) */
	SIM_CHAN_PENDING_ACQUIRE,      /* switched out on a failed acquire */
	SIM_CHAN_ON_PBDMA,             /* loaded on a PBDMA */
};

enum sim_chan_status sim_host_chan_status(const struct sim *s, uint32_t chid);
void sim_host_chan_status_set(struct sim *s, uint32_t chid, enum sim_chan_status st);
/* The channel exists for Host (GV100/TU104: PCCSR INST BIND). */
bool sim_host_chan_bound(const struct sim *s, uint32_t chid);
/* Bound, enabled, not faulted, and has been told of work. */
bool sim_host_chan_runnable(const struct sim *s, uint32_t chid);
/* Its PBDMA_FAULTED (eng false) or ENG_FAULTED bit (PBDMA p's CLEAR_FAULTED or fault). */
bool sim_host_chan_faulted(const struct sim *s, uint32_t p, uint32_t chid, bool eng);
void sim_host_chan_faulted_set(struct sim *s, uint32_t p, uint32_t chid, bool eng, bool faulted);
/* The channel a CLEAR_FAULTED method's data names, or -1. */
long sim_host_clear_faulted_chid(const struct sim *s, uint32_t data);
/* A runlist r entry's channel: the model's channel number (chid, as the
 * entry names it) and what else the design reads from the entry. */
void sim_host_rl_chan(uint32_t r, const HW(ramrl_entry_t) *e, struct sim_rl_chan *c);
/* PBDMA p loads c: its instance block (and USERD) into s->pbdma[p]. */
void sim_host_chan_load(struct sim *s, uint32_t p, const struct sim_rl_chan *c);
/* A Host method only the design has (Volta/Turing: CRC_CHECK): done. */
bool sim_host_udma_method(struct sim *s, uint32_t p, uint32_t addr);
/* PBDMA p's status registers as it loads (or saves out) its channel. */
void sim_host_pbdma_status_loaded(struct sim *s, uint32_t p, bool loaded);
/* Where PBDMA p's channel's USERD is. */
uint64_t sim_host_pbdma_userd(const struct sim *s, uint32_t p, enum sim_aperture *ap);

/* Why a runlist fetch failed: its memory never returns data, or dev_ram's
 * TSG rules are broken (how: Ampere's NV_RUNLIST_INTR_BAD_TSG codes). */
enum sim_rl_error {
	SIM_RL_OK,
	SIM_RL_RDAT_TIMEOUT,
	SIM_RL_BAD_TSG_NO_HEADER,      /* a channel outside every TSG */
	SIM_RL_BAD_TSG_NO_CHANNEL,     /* a TSG header before the last TSG's channels ended */
	SIM_RL_BAD_TSG_ZERO_LENGTH,    /* TSG_LENGTH below MIN */
	SIM_RL_BAD_TSG_TOO_LONG,       /* TSG_LENGTH above MAX */
	SIM_RL_BAD_TSG_OVERFLOW,       /* the TSG's channels run past the runlist's end */
};

void sim_host_runlist_error(struct sim *s, uint32_t r, enum sim_rl_error e);
/* Software disabled scheduling of runlist r. */
bool sim_host_runlist_disabled(const struct sim *s, uint32_t r);
/* The pending channel/TSG preempt names PBDMA p's channel; it is done. */
bool sim_host_preempt_matches(const struct sim *s, uint32_t p);
void sim_host_preempt_done(struct sim *s);
/* A runlist preempt of runlist r is done. */
void sim_host_runlist_preempt_done(struct sim *s, uint32_t r);
/* The USERD writeback timer's period in microseconds (0: off). */
uint64_t sim_host_userd_writeback_period_us(const struct sim *s);
/* CLEAR_FAULTED's timeout in microseconds; false when detection is off. */
bool sim_host_clear_faulted_timeout(const struct sim *s, uint32_t *period_us);
/* NV_UDMA_NON_STALL_INT: the channel's non-stalling interrupt. */
void sim_host_nonstall_intr(struct sim *s);

/* An MMU fault of a PBDMA (sim_mmu.c finds it, the design reports it). */
enum sim_access { SIM_READ, SIM_WRITE };

struct sim_fault {
	uint64_t addr;
	bool phys;
	enum sim_aperture phys_ap;    /* of addr, for physical accesses */
	enum sim_access access;
	uint32_t type;                /* NV_PFAULT_FAULT_TYPE_* */
	bool ce;                      /* the copy engine's access, not the PBDMA's: */
	uint32_t ce_engine;           /* its NV_PFAULT_MMU_ENG_ID (CE0 + LCE) */
};

/* NV_PFAULT_CLIENT_HUB_* of the fault: Host's own (GP entries, pushbuffer,
 * semaphores) or the copy engine's.  The model takes LCE n to be PCE n:
 * 0..2 are hub clients CE0..CE2, the rest HSCE0 on (manuals/<chip>/dev_fault.ref). */
static inline uint32_t sim_fault_client(const struct sim_fault *f)
{
	static const uint32_t ce[] = {
		HWC(PFAULT_CLIENT_HUB_CE0), HWC(PFAULT_CLIENT_HUB_CE1), HWC(PFAULT_CLIENT_HUB_CE2),
	};
	uint32_t lce;

	if (!f->ce)
		return HWC(PFAULT_CLIENT_HUB_HOST);
	lce = f->ce_engine - HWC(PFAULT_MMU_ENG_ID_CE0);
	return lce < sizeof(ce) / sizeof(ce[0]) ? ce[lce] :
	       HWC(PFAULT_CLIENT_HUB_HSCE0) + lce - (uint32_t)(sizeof(ce) / sizeof(ce[0]));
}

/* NV_PFAULT_ACCESS_TYPE of the fault. */
static inline uint32_t sim_fault_access_type(const struct sim_fault *f)
{
	if (f->phys)
		return f->access == SIM_WRITE ? HWC(PFAULT_ACCESS_TYPE_PHYS_WRITE) :
						HWC(PFAULT_ACCESS_TYPE_PHYS_READ);
	return f->access == SIM_WRITE ? HWC(PFAULT_ACCESS_TYPE_VIRT_WRITE) :
					HWC(PFAULT_ACCESS_TYPE_VIRT_READ);
}

/* Latches the fault in the fault registers, or counts it dropped if one is there. */
void sim_host_fault_record(struct sim *s, uint32_t p, const struct sim_fault *f);
bool sim_host_fault_pending(const struct sim *s);

/* ---- sim_sched.c: runlists, channels, scheduling ----------------------------------- */

void sim_sched_reset(struct sim *s);
void sim_sched_pbdma_reset(struct sim *s, uint32_t p);
void sim_sched_runlist_submit(struct sim *s, uint32_t r);
void sim_sched_doorbell(struct sim *s, uint32_t chid);
bool sim_sched_chan_loaded(const struct sim *s, uint32_t chid);
/* Runlist r, as last fetched, has a channel entry for chid. */
bool sim_sched_runlist_holds(const struct sim *s, uint32_t r, uint32_t chid);
/* One pass of the model; returns true while some PBDMA still has work. */
bool sim_sched_tick(struct sim *s, uint64_t now);
uint64_t sim_sched_next_due(const struct sim *s, uint64_t now);

/* ---- sim_ce.c: the copy engine ------------------------------------------------------ */

enum sim_ce_result {
	SIM_CE_OK,
	SIM_CE_FAULT,                  /* an MMU fault of the CE, recorded */
	SIM_CE_ILLEGAL_MTHD,           /* dev_pbdma INTR_1 HCE_ILLEGAL_MTHD */
	SIM_CE_ILLEGAL_CLASS,          /* INTR_1 HCE_ILLEGAL_CLASS */
	SIM_CE_PRIV,                   /* INTR_1 HCE_PRIV */
	SIM_CE_LAUNCH,                 /* a launch the model does not run */
};

bool sim_ce_method_defined(uint32_t addr);
enum sim_ce_result sim_ce_object(struct sim *s, uint32_t p, uint32_t subch, uint32_t nvclass);
enum sim_ce_result sim_ce_method(struct sim *s, uint32_t p, uint32_t addr, uint32_t data, bool priv);

/* ---- sim_pbdma.c: the PBDMA executor ----------------------------------------------- */

enum sim_step sim_pbdma_step(struct sim *s, uint32_t p);
/* Reads USERD GP_PUT into NV_PPBDMA_GP_PUT; -1 on a fault (recorded). */
int sim_pbdma_gp_put_fetch(struct sim *s, uint32_t p);
bool sim_pbdma_has_work(const struct sim *s, uint32_t p);
void sim_pbdma_userd_writeback(struct sim *s, uint32_t p);
void sim_pbdma_status_set(struct sim *s, uint32_t p, uint32_t state);

/* ---- sim_mmu.c: translation ------------------------------------------------------------ */

/* Through PBDMA p's channel's page tables; -1 after recording an MMU fault. */
int sim_mmu_read(struct sim *s, uint32_t p, uint64_t va, void *buf, size_t len);
int sim_mmu_write(struct sim *s, uint32_t p, uint64_t va, const void *buf, size_t len);
/* The copy engine's (engine: its MMU engine id): va's CPU address, *len cut
 * to the run mapped contiguously there; NULL after recording its fault. */
uint8_t *sim_mmu_ce_span(struct sim *s, uint32_t p, uint32_t engine, uint64_t va, size_t *len,
			 enum sim_access acc);
/* Physical (IOVA) accesses of PBDMA p; -1 after recording a fault. */
int sim_mmu_phys_read(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova, void *buf,
		      size_t len);
int sim_mmu_phys_write(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova,
		       const void *buf, size_t len);
/* The aperture of RAMIN's PAGE_DIR_BASE_TARGET. */
enum sim_aperture sim_ap_pdb(uint32_t target);

#endif
