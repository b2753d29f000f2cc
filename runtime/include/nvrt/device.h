/* SPDX-License-Identifier: MIT */
/*
 * Driving a GPU's Host: bring-up, one channel, submissions, faults.
 *
 * nvrt_device_open identifies the chip (NV_PMC_BOOT_0), resets and enables
 * PFIFO and the PBDMAs, and reads the engines and runlists (NV_PTOP
 * DEVICE_INFO, NV_PFIFO_PBDMA_MAP).  nvrt_channel_open lays out one TSG with
 * one channel (layout.h) on a copy engine's runlist, binds, enables and
 * schedules it.  Each submission is a pushbuffer segment that releases a
 * semaphore; waits poll the semaphore and, at every turn, the registers
 * that report faults, so a fault ends a wait at once.  The order and values
 * follow ../shared/design/gv100-host-facts.md; the registers are the chip's
 * (chip.h, runtime/src/hw/device_hw.c).
 */
#ifndef NVRT_DEVICE_H
#define NVRT_DEVICE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/error.h"
#include "nvrt/layout.h"

/* Return values besides 0 and -1 (a plain error). */
enum {
	NVRT_E_TIMEOUT = -2,     /* nothing went wrong, but nothing happened in time */
	NVRT_E_FAULT = -3,       /* the GPU reported an error: see nvrt_channel_report */
	NVRT_E_BUS = -4,         /* a register read was not data: the GPU is not responding
				  * (all ones), or a PRI error (nvrt_device_gone tells) */
	NVRT_E_RELEASED = -5,    /* the host asked for the device back: tear down and close
				  * the backend (later waits, the teardown's, run on) */
};

#define NVRT_MAX_ENGINES 64
#define NVRT_MAX_PBDMAS 32

/* NV_PMC_BOOT_0 of the device, decoded (and NV_PMC_BOOT_42 on chips that
 * name their architecture only there: chip.h nvrt_chip_identify). */
struct nvrt_identity {
	uint32_t boot0, boot42;  /* boot42: 0 where not read */
	uint32_t architecture, implementation;   /* BOOT_0's fields */
	char text[240];          /* "NV_PMC_BOOT_0 0x...: ARCHITECTURE=GV100 ..." */
};

/* One device of NV_PTOP_DEVICE_INFO (a chain of entries). */
struct nvrt_engine {
	uint32_t type;           /* TYPE_ENUM */
	char type_name[24];      /* its manual name ("LCE"), or the number */
	bool copy;               /* a copy engine (LCE, COPY0..2) */
	bool graphics;
	bool has_engine, has_runlist, has_intr, has_reset, has_fault_id;
	uint32_t engine_id, runlist, intr, reset, inst_id, fault_id;
	uint32_t pri_base;       /* byte address */
};

#define NVRT_MAX_RUNLISTS 32

/*
 * Where one runlist's registers are, on chips that give each runlist a
 * block of its own at a base device info names (GA100: NV_RUNLIST_* at
 * pri_base, its channel RAM NV_CHRAM_CHANNEL(0) at chram_base, both read at
 * bring-up).  All zero on chips whose runlist registers are indexed by the
 * runlist's id (GV100, TU104).
 */
struct nvrt_runlist_loc {
	uint32_t pri_base;       /* BAR0 address of the runlist's block */
	uint32_t chram_base;     /* BAR0 address of its channel RAM */
	uint32_t doorbell_id;    /* the doorbell handle's RUNLIST_ID */
	uint32_t num_channels;   /* channels its channel RAM holds */
	uint32_t pbdma_ids[2];   /* its PBDMAs' ids, by runqueue */
	uint32_t npbdma;
};

struct nvrt_topology {
	uint32_t num_pbdma, num_channels;
	uint32_t pbdma_fault_id;                /* MMU engine id of PBDMA 0 */
	uint32_t pbdma_runlists[NVRT_MAX_PBDMAS];  /* runlists PBDMA i serves (bit mask) */
	struct nvrt_engine engines[NVRT_MAX_ENGINES];
	uint32_t nengines;
	/* Runlists with a block of their own (GA100), by runlist index. */
	struct nvrt_runlist_loc runlists[NVRT_MAX_RUNLISTS];
	uint32_t nrunlists;
};

/* What a wait watches: one channel, its TSG, its runlist and their units. */
struct nvrt_host_watch {
	uint32_t chid, tsgid, runlist;
	struct nvrt_runlist_loc loc;   /* the runlist's block, where it has one */
	uint32_t pbdma_mask;     /* PBDMAs serving the runlist */
	uint64_t engine_mask;    /* engine ids (ENGINE_ENUM) on the runlist */
	uint32_t num_pbdma, pbdma_fault_id;
};

/* Channels and runlists a previous user left (a run killed without its
 * teardown): nvrt_device_open finds them and tears them down. */
#define NVRT_MAX_CHANNELS 4096
#define NVRT_STALE_LOG_MAX 8     /* channels described one by one */
#define NVRT_STALE_MAX 1024      /* stale channels bring-up can tear down */
struct nvrt_stale_channel {
	uint32_t runlist, chid;  /* runlist: where channel ids are per runlist (GA100), else 0 */
};
struct nvrt_stale {
	struct nvrt_stale_channel channels[NVRT_STALE_MAX];   /* bound or enabled */
	uint32_t nchannels;      /* found; more than NVRT_STALE_MAX: bring-up refuses */
	uint32_t runlists;       /* runlists whose submission holds entries (bit mask) */
};

struct nvrt_device {
	struct nvrt_backend *backend;
	const struct nvrt_chip *chip;
	struct nvrt_identity id;
	struct nvrt_topology topo;
	struct nvrt_dma flush;   /* the sysmem flush page */
	FILE *log;               /* bring-up steps, or NULL */
	uint32_t timeout_ms;     /* of bring-up's own waits (stale state) */
	struct nvrt_stale stale; /* what bring-up found and cleared */
	uint64_t bus_checked;    /* bad register reads already reported */
	bool host_request;       /* the host asked for the device back (reported once) */
};

/*
 * Identifies and brings up the GPU behind b as chip c.  A device that is
 * not c is refused, and err shows what NV_PMC_BOOT_0 said.  log (may be
 * NULL) gets one line per bring-up step.
 */
int nvrt_device_open(struct nvrt_device *d, struct nvrt_backend *b, const struct nvrt_chip *c,
		     FILE *log, struct nvrt_err *err);
void nvrt_device_close(struct nvrt_device *d);
/* The GPU stopped answering: every BAR0 read returns all ones. */
bool nvrt_device_gone(const struct nvrt_device *d);
/* NVRT_E_BUS, err saying "what: ..." and naming the register, when a
 * register read since the last check was not data; else 0.  Waits check by
 * themselves; this is for values read outside them (nvrt_device_time_ns). */
int nvrt_device_check(struct nvrt_device *d, const char *what, struct nvrt_err *err);
/* The PBDMAs that serve runlist (a bit mask). */
uint32_t nvrt_device_runlist_pbdmas(const struct nvrt_device *d, uint32_t runlist);
/* A copy engine on a runlist of its own (no graphics), served by a PBDMA. */
const struct nvrt_engine *nvrt_device_copy_engine(const struct nvrt_device *d);
uint64_t nvrt_device_time_ns(struct nvrt_device *d);
/* One line per engine and per PBDMA: what the topology holds. */
void nvrt_device_topology_print(const struct nvrt_device *d, FILE *out);

struct nvrt_channel;

/*
 * Narrow hooks into a channel's start (debug.h builds faults with them):
 * after_layout runs once the channel's memory is laid out, before it is
 * bound; before_submit once, before the first release is pushed.  Either
 * may be NULL; arg is theirs.  name says what they do (the failure report's
 * "injected:").
 */
struct nvrt_channel_hooks {
	const char *name;
	int (*after_layout)(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err);
	int (*before_submit)(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err);
	const void *arg;
};

struct nvrt_channel_params {
	uint32_t chid, tsgid;
	int runlist;             /* -1: nvrt_device_copy_engine's */
	uint32_t gpfifo_entries; /* a power of two */
	uint32_t pushbuf_bytes;
	uint32_t timeout_ms;     /* of every wait */
	const struct nvrt_channel_hooks *hooks;   /* NULL: none */
	bool copy_engine;        /* for copy-engine work (ce.h): a CE method buffer,
				  * RAMFC TARGET CE_CTX_VALID TRUE */
};

/* chid 1, TSG 0, a copy engine's runlist, 512 entries, 4 KiB, 2 s. */
void nvrt_channel_params_default(struct nvrt_channel_params *p);

struct nvrt_channel {
	struct nvrt_device *dev;
	struct nvrt_channel_params params;
	struct nvrt_layout layout;
	struct nvrt_host_watch watch;
	uint32_t submitted;      /* payload of the last release pushed */
	bool hooked;             /* hooks->before_submit has run */
	bool laid_out, bound, enabled, scheduled;
	bool faulted;            /* a wait ended on a fault */
	uint64_t polls;          /* fault checks made by waits */
	size_t pushed;           /* pushbuffer dwords already in a GP entry (ce.h) */
};

/*
 * Lays out, binds, enables and schedules the channel; waits for the runlist
 * to be taken.  Whatever it returns, nvrt_channel_close undoes what was
 * done; after a fault (NVRT_E_FAULT) nvrt_channel_report says what.
 */
int nvrt_channel_open(struct nvrt_channel *ch, struct nvrt_device *d,
		      const struct nvrt_channel_params *p, struct nvrt_err *err);
/*
 * Pushes one release of payload and rings the doorbell.  Waits (with the
 * channel's timeout) while the ring or the pushbuffer is full, reusing what
 * Host has consumed.
 */
int nvrt_channel_submit_release(struct nvrt_channel *ch, uint32_t payload, struct nvrt_err *err);
/* USERD GP_GET: the GP entries Host has fetched. */
uint32_t nvrt_channel_gp_get(const struct nvrt_channel *ch);
/* A GP entry for the pushbuffer dwords from start (in dwords) to its end. */
int nvrt_channel_push_segment(struct nvrt_channel *ch, size_t start, struct nvrt_err *err);
/* Waits until the semaphore reaches payload (wrapping compare); *seen gets
 * the last value read. */
int nvrt_channel_wait(struct nvrt_channel *ch, uint32_t payload, uint32_t *seen,
		      struct nvrt_err *err);
uint32_t nvrt_channel_semaphore(const struct nvrt_channel *ch);
/* Waits until Host fetched every GP entry and the last payload submitted was seen. */
int nvrt_channel_wait_idle(struct nvrt_channel *ch, struct nvrt_err *err);
/* The failure report: every register worth reading, decoded with the
 * manual's names, and what software expected. */
void nvrt_channel_report(struct nvrt_channel *ch, FILE *out);
/*
 * Tears the channel down in dev_fifo's order ("Channel Teardown Sequence"):
 * scheduling off, channel disabled, runlist preempted and waited for,
 * scheduling on, an empty runlist submitted and taken, then the channel
 * unbound (resources are reclaimed only after the sequence, as dev_fifo
 * says and nouveau does).  Frees the layout; -1 if a step timed out (the
 * rest still runs).
 */
int nvrt_channel_close(struct nvrt_channel *ch, struct nvrt_err *err);

#endif
