/* SPDX-License-Identifier: MIT */
/*
 * The GV100 Host simulator's private state (see sim.c for what is modelled).
 *
 * One struct sim holds the BAR0 register file (a flat array: the register
 * values software and the model read and write), the model's own state
 * (runlists, PBDMA contexts, pending work) and the DMA buffers by IOVA.
 * Every field is protected by sim->lock: the backend ops take it around a
 * register access, the model's thread holds it while it works.
 */
#ifndef NVRT_SIM_INTERNAL_H
#define NVRT_SIM_INTERNAL_H

/*
 * Hardware truncates a value to its field; the model indexes arrays only
 * after its own range checks.  So the generated accessors' checks are off
 * here: they must never report into the caller's thread (hw_check.h), since
 * register writes run in the caller's thread.
 */
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

#include <gv100/dev_bus.h>
#include <gv100/dev_ce.h>
#include <gv100/dev_fault.h>
#include <gv100/dev_fb.h>
#include <gv100/dev_fifo.h>
#include <gv100/dev_graphics.h>
#include <gv100/dev_master.h>
#include <gv100/dev_mmu.h>
#include <gv100/dev_pbdma.h>
#include <gv100/dev_ram.h>
#include <gv100/dev_timer.h>
#include <gv100/dev_top.h>
#include <gv100/dev_usermode.h>
#include <gv100/pri_mmu_both.h>
#include <gv100/pri_mmu_hub.h>

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/sim.h"

/* ---- sizes, all from the manuals --------------------------------------------- */

#define SIM_BAR0_BYTES (GV100_RSPACE_LIMIT + 1u)                 /* dev_bus NV_RSPACE */
#define SIM_NUM_PBDMA ((uint32_t)GV100_PFIFO_CFG0_NUM_PBDMA_INIT)
#define SIM_NUM_RUNLISTS GV100_PFIFO_ENG_RUNLIST_SIZE_1
#define SIM_NUM_CHANNELS GV100_PCCSR_CHANNEL_SIZE_1
#define SIM_NUM_DEVINFO GV100_PTOP_DEVICE_INFO_SIZE_1
#define SIM_PAGE (1u << GV100_MMU_VER2_PTE_ADDRESS_SHIFT)       /* small page */
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

/* ---- scheduling ---------------------------------------------------------------- */

/* A channel entry of a fetched runlist, with the TSG it belongs to. */
struct sim_rl_chan {
	uint32_t chid, runqueue, tsgid;
	uint64_t timeslice_ns;
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

/* What a PBDMA holds besides its NV_PPBDMA registers (not context switched). */
struct sim_pbdma {
	bool loaded;
	uint32_t chid, tsgid, runlist;
	uint64_t timeslice_ns, loaded_at;
	uint64_t inst;                 /* instance block IOVA and its PCCSR TARGET */
	enum sim_aperture inst_ap;
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
};

struct sim {
	struct nvrt_backend base;
	const struct nvrt_chip *chip;  /* gv100: its PB header decoder and PT walk */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	bool thread_started, stop;

	uint32_t *regs;                /* BAR0, SIM_BAR0_BYTES / 4 words */
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

/* ---- sim.c: time, memory by IOVA, thread ---------------------------------------- */

uint64_t sim_now(void);                          /* monotonic ns */
uint64_t sim_gpu_time(const struct sim *s);      /* PTIMER ns */
void sim_gpu_time_set(struct sim *s, uint64_t ns);
void sim_kick(struct sim *s);                    /* wake the thread */
/* Physical (IOVA) accesses: 0, or -1 when some byte is in no DMA buffer. */
int sim_mem_read(struct sim *s, uint64_t iova, void *buf, size_t len);
int sim_mem_write(struct sim *s, uint64_t iova, const void *buf, size_t len);
int sim_mem_read_cb(void *ctx, uint64_t iova, void *buf, size_t len);

/* ---- sim_fail.c: nvrt_sim_fail's failures; sim_stale.c: a crashed run ------- */

/* A BAR0 read as the failures make it: true with *v set when one decides it. */
bool sim_fail_read(struct sim *s, uint32_t *v);
int sim_crashed_run(struct sim *s, struct nvrt_err *err);

/* ---- sim_regs.c: the register file ----------------------------------------------- */

static inline uint32_t sim_reg(const struct sim *s, uint32_t off)
{
	return s->regs[off / 4];
}

static inline void sim_reg_set(struct sim *s, uint32_t off, uint32_t v)
{
	s->regs[off / 4] = v;
}

void sim_regs_init(struct sim *s);
uint32_t sim_regs_read(struct sim *s, uint32_t off);
void sim_regs_write(struct sim *s, uint32_t off, uint32_t v);
bool sim_fifo_enabled(const struct sim *s);
bool sim_pbdma_enabled(const struct sim *s, uint32_t p);
/* Pending (and enabled) state of PBDMA p's interrupts. */
bool sim_pbdma_intr_pending(const struct sim *s, uint32_t p);
bool sim_pbdma_stalled(const struct sim *s, uint32_t p);
void sim_pbdma_intr_raise(struct sim *s, uint32_t p, uint32_t intr0, uint32_t intr1);
void sim_pfifo_intr_raise(struct sim *s, uint32_t intr0);
void sim_sched_error(struct sim *s, uint32_t code);
/* Which PBDMAs serve runlist r (NV_PFIFO_PBDMA_MAP), in PBDMA order. */
uint32_t sim_runlist_pbdmas(const struct sim *s, uint32_t r, uint32_t *out);
uint32_t sim_pbdma_runlist(const struct sim *s, uint32_t p);

/* ---- sim_sched.c: runlists, channels, scheduling ----------------------------------- */

void sim_sched_reset(struct sim *s);
void sim_sched_pbdma_reset(struct sim *s, uint32_t p);
void sim_sched_runlist_submit(struct sim *s, uint32_t r);
void sim_sched_doorbell(struct sim *s, uint32_t chid);
bool sim_sched_chan_loaded(const struct sim *s, uint32_t chid);
/* One pass of the model; returns true while some PBDMA still has work. */
bool sim_sched_tick(struct sim *s, uint64_t now);
uint64_t sim_sched_next_due(const struct sim *s, uint64_t now);

/* ---- sim_pbdma.c: the PBDMA executor ----------------------------------------------- */

enum sim_step sim_pbdma_step(struct sim *s, uint32_t p);
/* Reads USERD GP_PUT into NV_PPBDMA_GP_PUT; -1 on a fault (recorded). */
int sim_pbdma_gp_put_fetch(struct sim *s, uint32_t p);
bool sim_pbdma_has_work(const struct sim *s, uint32_t p);
uint64_t sim_pbdma_userd(const struct sim *s, uint32_t p, enum sim_aperture *ap);
void sim_pbdma_userd_writeback(struct sim *s, uint32_t p);
void sim_pbdma_status_set(struct sim *s, uint32_t p, uint32_t state);
uint64_t sim_ptimer_snap(const struct sim *s);

/* ---- sim_mmu.c: translation and fault reporting ------------------------------------- */

enum sim_access { SIM_READ, SIM_WRITE };

/* Through PBDMA p's channel's page tables; -1 after recording an MMU fault. */
int sim_mmu_read(struct sim *s, uint32_t p, uint64_t va, void *buf, size_t len);
int sim_mmu_write(struct sim *s, uint32_t p, uint64_t va, const void *buf, size_t len);
/* Physical (IOVA) accesses of PBDMA p; -1 after recording a fault. */
int sim_mmu_phys_read(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova, void *buf,
		      size_t len);
int sim_mmu_phys_write(struct sim *s, uint32_t p, enum sim_aperture ap, uint64_t iova,
		       const void *buf, size_t len);
/* The apertures of the Host target fields. */
enum sim_aperture sim_ap_pccsr(uint32_t target);
enum sim_aperture sim_ap_runlist(uint32_t target);
enum sim_aperture sim_ap_userd(uint32_t target);
enum sim_aperture sim_ap_pdb(uint32_t target);
void sim_mmu_fault_clear(struct sim *s);
bool sim_mmu_fault_pending(const struct sim *s);

#endif
