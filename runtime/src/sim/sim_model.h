/* SPDX-License-Identifier: MIT */
/*
 * The simulator's models, one per chip: runtime/src/sim/ is compiled once
 * per chip (like runtime/src/hw/), each build exporting only its
 * nvrt_sim_model_<chip>.  sim_model.c is the chip-generic entry
 * (nvrt_backend_sim_open, nvrt_sim_fail) that picks the model.
 */
#ifndef NVRT_SIM_MODEL_H
#define NVRT_SIM_MODEL_H

#include <stdint.h>

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/error.h"
#include "nvrt/sim.h"

struct nvrt_sim_model {
	const struct nvrt_chip *chip;          /* the chip it models */
	const struct nvrt_backend_ops *ops;    /* its backends' ops: tells them apart */
	struct nvrt_backend *(*open)(const struct nvrt_sim_config *cfg, struct nvrt_err *err);
	void (*fail)(struct nvrt_backend *b, enum nvrt_sim_failure f, uint64_t reads);
};

/* One line per chip with a model (as chip.c lists the chip tables). */
extern const struct nvrt_sim_model nvrt_sim_model_gv100;
extern const struct nvrt_sim_model nvrt_sim_model_tu104;
extern const struct nvrt_sim_model nvrt_sim_model_ga100;

#endif
