/* SPDX-License-Identifier: MIT */
/*
 * The built-in Host simulator: a backend whose BAR0 is a model of one chip's
 * (GV100's or TU104's: nvrt_sim_config.chip) PMC, PTOP, PFIFO, PCCSR,
 * usermode, PTIMER and PBDMAs, run by its own thread, so the runtime polls it
 * as it would hardware.  DMA buffers are host memory the model reads and
 * writes by IOVA, through the channels' own ver2 page tables where hardware
 * would.
 */
#ifndef NVRT_SIM_H
#define NVRT_SIM_H

#include <stdint.h>

#include "nvrt/backend.h"
#include "nvrt/error.h"

#include <stdbool.h>

struct nvrt_chip;

struct nvrt_sim_config {
	const struct nvrt_chip *chip;  /* the chip modelled; NULL: gv100 */
	uint32_t boot0;            /* 0: that chip's own NV_PMC_BOOT_0 */
	uint64_t iova_base;        /* 0: 1 MiB */
	/* Start as a run killed without its teardown leaves the GPU: channel 1's
	 * TSG on the first copy engine's runlist, bound, enabled, its memory
	 * gone (sim_stale.c). */
	bool crashed_run;
};

struct nvrt_backend *nvrt_backend_sim_open(const struct nvrt_sim_config *cfg, struct nvrt_err *err);

/*
 * Failures of the world around the GPU, for tests and nvrt-submit --inject.
 * A debug hook on the simulator (sim_fail.c), not part of its model of Host.
 */
enum nvrt_sim_failure {
	NVRT_SIM_FELL_OFF_BUS,     /* from then on every BAR0 read returns all ones, writes
				    * are lost and the GPU does nothing */
	NVRT_SIM_PRI_ERROR,        /* one BAR0 read returns the PRI error word */
	NVRT_SIM_HOST_REQUEST,     /* the host asks for the device back, as vfio-pci's
				    * device request does (at once; `reads` unused) */
};

/* The failure happens at the BAR0 read after `reads` more (0: the next
 * read; a GPU falls off the bus at once); -1 if b is not the simulator. */
int nvrt_sim_fail(struct nvrt_backend *b, enum nvrt_sim_failure f, uint64_t reads,
		  struct nvrt_err *err);

#endif
