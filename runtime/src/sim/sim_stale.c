/* SPDX-License-Identifier: MIT */
/*
 * nvrt_sim_config.crashed_run: the simulator as a run killed with kill -9
 * leaves a real GPU.  A debug hook, not part of the model: the runtime's own
 * bring-up opens channel 1 on the first copy engine's runlist and runs one
 * release, exactly as nvrt-submit does; then the "process dies": its memory
 * is freed (on hardware, VFIO unmaps it from the IOMMU) and nothing is torn
 * down, so the channel stays bound to an instance block nobody maps,
 * enabled, and on a runlist Host still schedules.
 */
#include <string.h>

#include "nvrt/device.h"
#include "sim/sim_internal.h"

int sim_crashed_run(struct sim *s, struct nvrt_err *err)
{
	struct nvrt_channel_params p;
	struct nvrt_channel ch;
	struct nvrt_device d;
	int rc;

	nvrt_channel_params_default(&p);
	if (nvrt_device_open(&d, &s->base, s->chip, NULL, err) < 0)
		return -1;
	rc = nvrt_channel_open(&ch, &d, &p, err);
	if (!rc)
		rc = nvrt_channel_submit_release(&ch, 1, err);
	if (!rc)
		rc = nvrt_channel_wait(&ch, 1, NULL, err);
	/* Killed: what the process held is gone, the GPU's registers are not. */
	if (ch.laid_out)
		nvrt_layout_fini(&ch.layout);
	nvrt_device_close(&d);
	memset(&s->base.bus, 0, sizeof(s->base.bus));
	if (rc)
		return nvrt_err_set(err, "sim backend: the crashed run did not get going: %s", err->msg);
	return 0;
}
