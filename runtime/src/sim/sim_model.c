/* SPDX-License-Identifier: MIT */
/*
 * The simulator's chip-generic entry: nvrt_backend_sim_open starts the
 * model of the chip the configuration names (gv100 when it names none), and
 * nvrt_sim_fail reaches whichever model a backend is.
 */
#include <stddef.h>

#include "bits.h"
#include "sim/sim_model.h"

static const struct nvrt_sim_model *const sim_models[] = {
	&nvrt_sim_model_gv100,
	&nvrt_sim_model_tu104,
	&nvrt_sim_model_ga100,
};

struct nvrt_backend *nvrt_backend_sim_open(const struct nvrt_sim_config *cfg, struct nvrt_err *err)
{
	const struct nvrt_chip *c = cfg && cfg->chip ? cfg->chip : nvrt_chip_find("gv100");

	for (size_t i = 0; i < ARRAY_SIZE(sim_models); i++)
		if (sim_models[i]->chip == c)
			return sim_models[i]->open(cfg, err);
	nvrt_err_set(err, "sim backend: no model of %s in this build", c ? c->name : "gv100");
	return NULL;
}

int nvrt_sim_fail(struct nvrt_backend *b, enum nvrt_sim_failure f, uint64_t reads,
		  struct nvrt_err *err)
{
	for (size_t i = 0; b && i < ARRAY_SIZE(sim_models); i++) {
		if (b->ops == sim_models[i]->ops) {
			sim_models[i]->fail(b, f, reads);
			return 0;
		}
	}
	return nvrt_err_set(err, "failures can only be injected into the simulator");
}
