/* SPDX-License-Identifier: MIT */
/* nvrt-submit: bring a GPU (or the simulator) up and run semaphore releases. */
#ifndef NVRT_SUBMIT_H
#define NVRT_SUBMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "nvrt/debug.h"
#include "nvrt/device.h"

enum {
	SUBMIT_OK = 0,
	SUBMIT_FAIL = 1,     /* refused, faulted, timed out: message and report on stderr */
	SUBMIT_USAGE = 2,
};

/* Failures outside the channel, staged by the simulator (submit_faults.c). */
enum submit_fault {
	SUBMIT_FAULT_NONE,
	SUBMIT_FAULT_FELL_OFF_BUS,
	SUBMIT_FAULT_PRI_ERROR,
	SUBMIT_FAULT_STALE_CHANNEL,
	SUBMIT_FAULT_HOST_REQUEST,
};

/* What the channel runs (--work): Host semaphore releases, or copy-engine work. */
enum submit_work {
	SUBMIT_WORK_RELEASE,
	SUBMIT_WORK_COPY,
	SUBMIT_WORK_FILL,
};

struct submit_opts {
	const char *vfio;            /* DOMAIN:BUS:DEV.FN, or NULL: the simulator */
	const struct nvrt_chip *chip; /* --chip, or NULL: gv100 on the simulator,
				       * identified from NV_PMC_BOOT_0 with --vfio */
	uint32_t count;              /* releases */
	uint32_t depth;              /* releases in flight */
	uint32_t timeout_ms;
	uint32_t progress;           /* a line every so many releases; 0: automatic */
	const char *trace;           /* --trace FILE, or NULL */
	enum nvrt_inject inject;
	enum submit_fault fault;
	enum submit_work work;
	uint64_t size;               /* --size: bytes copied or filled */
	uint32_t lines;              /* --lines: a 2D copy/fill of that many lines */
	uint32_t page_size;          /* --page-size: of the buffers' mappings */
	bool verify;                 /* --verify: byte-for-byte check after the work */
	bool ce_unmapped;            /* --inject ce-unmapped */
	const char *save_pushbuf;    /* --save-pushbuf FILE */
};

/* Runs o's submissions on an opened device; SUBMIT_OK when every release
 * was seen. */
int submit_run(struct nvrt_device *d, const struct submit_opts *o);

/* --work copy/fill on an opened device (submit_work.c). */
int submit_work_run(struct nvrt_device *d, const struct submit_opts *o);

/* SIGINT/SIGTERM (submit_signal.c): recorded, acted on between steps. */
#define SUBMIT_E_INTERRUPTED (-100)
void submit_signal_install(void);
/* The signal caught, or 0. */
int submit_signal_caught(void);
/* nvrt_channel_wait in slices short enough to notice a signal:
 * SUBMIT_E_INTERRUPTED when one came first. */
int submit_wait_interruptible(struct nvrt_channel *ch, uint32_t payload, uint32_t *seen,
			      struct nvrt_err *err);

struct nvrt_sim_config;
int submit_fault_parse(const char *s, enum submit_fault *f);
const char *submit_fault_name(enum submit_fault f);
/* The simulator's start-up state for o->fault. */
void submit_fault_config(const struct submit_opts *o, struct nvrt_sim_config *cfg);
/* Called before the channel opens, and once the first release was seen:
 * starts o->fault's failure when it is its time. */
int submit_fault_channel_start(struct nvrt_backend *b, const struct submit_opts *o);
int submit_fault_first_release(struct nvrt_backend *b, const struct submit_opts *o);

/* The channel's fault (o->inject, the debug layer's hooks), announced. */
void submit_fault_channel(const struct submit_opts *o, struct nvrt_channel_params *p);

/* After the backend was closed: says so when the host asked for the device. */
void submit_fault_released(bool requested, const struct submit_opts *o);

#endif
