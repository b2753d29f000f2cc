/*
 * The built-in GV100 Host simulator: a backend whose BAR0 is a model of
 * GV100's PMC, PTOP, PFIFO, PCCSR, usermode, PTIMER and PBDMAs, run by its
 * own thread, so the runtime polls it as it would hardware.  DMA buffers are
 * host memory the model reads and writes by IOVA, through the channels' own
 * ver2 page tables where hardware would.
 */
#ifndef NVRT_SIM_H
#define NVRT_SIM_H

#include <stdint.h>

#include "nvrt/backend.h"
#include "nvrt/error.h"

struct nvrt_sim_config {
	uint32_t boot0;            /* 0: a GV100's NV_PMC_BOOT_0 */
	uint64_t iova_base;        /* 0: 1 MiB */
};

struct nvrt_backend *nvrt_backend_sim_open(const struct nvrt_sim_config *cfg, struct nvrt_err *err);

#endif
