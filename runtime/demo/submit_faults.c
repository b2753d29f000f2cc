/* SPDX-License-Identifier: MIT */
/*
 * nvrt-submit --inject fell-off-bus | pri-error | stale-channel: failures
 * of the world around the channel, which only the simulator can stage
 * (nvrt_sim_fail, nvrt_sim_config.crashed_run).  The GPU falls off the bus
 * once the first release has been seen; the first register read of the
 * channel's start (its wait for the runlist to be taken) fails in the priv
 * ring; a stale channel is there before bring-up starts; the host asks for
 * the device back (what vfio-pci's device request does on an unbind) once
 * the first release has been seen.  The faults built into the channel
 * (bad-signature ... stuck-acquire) are the debug layer's (nvrt/debug.h).
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "nvrt/sim.h"
#include "submit.h"

static const char *const submit_fault_names[] = {
	[SUBMIT_FAULT_NONE] = "none",
	[SUBMIT_FAULT_FELL_OFF_BUS] = "fell-off-bus",
	[SUBMIT_FAULT_PRI_ERROR] = "pri-error",
	[SUBMIT_FAULT_STALE_CHANNEL] = "stale-channel",
	[SUBMIT_FAULT_HOST_REQUEST] = "host-request",
};

int submit_fault_parse(const char *s, enum submit_fault *f)
{
	for (size_t i = 1; i < ARRAY_SIZE(submit_fault_names); i++)
		if (!strcmp(s, submit_fault_names[i])) {
			*f = (enum submit_fault)i;
			return 0;
		}
	return -1;
}

const char *submit_fault_name(enum submit_fault f)
{
	return submit_fault_names[f];
}

void submit_fault_config(const struct submit_opts *o, struct nvrt_sim_config *cfg)
{
	cfg->crashed_run = o->fault == SUBMIT_FAULT_STALE_CHANNEL;
}

void submit_fault_channel(const struct submit_opts *o, struct nvrt_channel_params *p)
{
	nvrt_inject_arm(p, o->inject);
	if (o->inject != NVRT_INJECT_NONE)
		printf("injecting: %s\n", nvrt_inject_name(o->inject));
}

static int submit_fault_start(struct nvrt_backend *b, enum nvrt_sim_failure f, const char *what)
{
	struct nvrt_err err;

	if (nvrt_sim_fail(b, f, 0, &err) < 0) {
		fprintf(stderr, "nvrt-submit: %s\n", err.msg);
		return SUBMIT_FAIL;
	}
	printf("injecting: %s\n", what);
	return SUBMIT_OK;
}

int submit_fault_channel_start(struct nvrt_backend *b, const struct submit_opts *o)
{
	if (o->fault != SUBMIT_FAULT_PRI_ERROR)
		return SUBMIT_OK;
	return submit_fault_start(b, NVRT_SIM_PRI_ERROR, "pri-error (the next register read "
				  "returns the PRI error word)");
}

int submit_fault_first_release(struct nvrt_backend *b, const struct submit_opts *o)
{
	if (o->fault == SUBMIT_FAULT_HOST_REQUEST)
		return submit_fault_start(b, NVRT_SIM_HOST_REQUEST, "host-request (the host asks "
					  "for the device back)");
	if (o->fault != SUBMIT_FAULT_FELL_OFF_BUS)
		return SUBMIT_OK;
	return submit_fault_start(b, NVRT_SIM_FELL_OFF_BUS, "fell-off-bus (the GPU stops: every "
				  "BAR0 read returns 0xffffffff from now on)");
}

void submit_fault_released(bool requested, const struct submit_opts *o)
{
	if (requested)
		fprintf(stderr, "nvrt-submit: the host asked for %s%s back: work stopped, channel torn "
			"down, device released\n", o->vfio ? "the GPU at " : "the simulated GPU",
			o->vfio ? o->vfio : "");
}
