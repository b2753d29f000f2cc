/* SPDX-License-Identifier: MIT */
/*
 * What the topology bring-up read (d->topo: NV_PTOP_DEVICE_INFO and the PBDMA
 * map, or on GA100 NV_PTOP_DEVICE_INFO2 and each runlist's block) says:
 * which PBDMAs serve a runlist, the copy engine a channel goes on, the
 * topology printed.  Its own file below device.c, so that
 * device_stale.c, which device.c calls, uses it without calling back up.
 */
#include <stdio.h>

#include "nvrt/device.h"

uint32_t nvrt_device_runlist_pbdmas(const struct nvrt_device *d, uint32_t runlist)
{
	uint32_t mask = 0;

	for (uint32_t p = 0; p < d->topo.num_pbdma && runlist < 32; p++)
		if (d->topo.pbdma_runlists[p] >> runlist & 1)
			mask |= 1u << p;
	return mask;
}

static bool device_runlist_has_graphics(const struct nvrt_device *d, uint32_t runlist)
{
	for (uint32_t i = 0; i < d->topo.nengines; i++)
		if (d->topo.engines[i].graphics && d->topo.engines[i].has_runlist &&
		    d->topo.engines[i].runlist == runlist)
			return true;
	return false;
}

/*
 * A copy engine's runlist needs no firmware-driven context switch, which a
 * graphics runlist would (GV100 facts section 2): skip runlists GR shares.
 */
const struct nvrt_engine *nvrt_device_copy_engine(const struct nvrt_device *d)
{
	for (uint32_t i = 0; i < d->topo.nengines; i++) {
		const struct nvrt_engine *e = &d->topo.engines[i];

		if (e->copy && e->has_runlist && nvrt_device_runlist_pbdmas(d, e->runlist) &&
		    !device_runlist_has_graphics(d, e->runlist))
			return e;
	}
	return NULL;
}

static void device_engine_print(const struct nvrt_engine *e, FILE *out)
{
	fprintf(out, "  %-9s inst %u", e->type_name, e->inst_id);
	if (e->has_engine)
		fprintf(out, "  engine %2u", e->engine_id);
	if (e->has_runlist)
		fprintf(out, "  runlist %2u", e->runlist);
	if (e->has_intr)
		fprintf(out, "  intr %2u", e->intr);
	if (e->has_reset)
		fprintf(out, "  reset %2u", e->reset);
	if (e->has_fault_id)
		fprintf(out, "  fault id 0x%02x", e->fault_id);
	if (e->pri_base)
		fprintf(out, "  PRI 0x%06x", e->pri_base);
	fputc('\n', out);
}

void nvrt_device_topology_print(const struct nvrt_device *d, FILE *out)
{
	const struct nvrt_topology *t = &d->topo;

	/* Runlists with blocks of their own (GA100) come from device info
	 * version 2 and the blocks' registers; the others from PFIFO. */
	fprintf(out, "engines (%s): %u\n", t->nrunlists ? "NV_PTOP_DEVICE_INFO2" : "NV_PTOP_DEVICE_INFO",
		t->nengines);
	for (uint32_t i = 0; i < t->nengines; i++)
		device_engine_print(&t->engines[i], out);
	for (uint32_t r = 0; r < t->nrunlists; r++) {
		const struct nvrt_runlist_loc *l = &t->runlists[r];

		fprintf(out, "  runlist %2u block 0x%06x, channel RAM 0x%06x (%u channels), doorbell id %u, PBDMA",
			r, l->pri_base, l->chram_base, l->num_channels, l->doorbell_id);
		for (uint32_t q = 0; q < l->npbdma; q++)
			fprintf(out, " %u", l->pbdma_ids[q]);
		fputc('\n', out);
	}
	if (t->nrunlists)
		fprintf(out, "PBDMAs (NV_RUNLIST_PBDMA_CONFIG), channels %u per runlist:\n", t->num_channels);
	else
		fprintf(out, "PBDMAs (NV_PFIFO_CFG0 NUM_PBDMA %u, NV_PFIFO_PBDMA_MAP), channels %u:\n",
			t->num_pbdma, t->num_channels);
	for (uint32_t p = 0; p < t->num_pbdma; p++) {
		fprintf(out, "  PBDMA %2u serves runlist", p);
		for (uint32_t r = 0; r < 32; r++)
			if (t->pbdma_runlists[p] >> r & 1)
				fprintf(out, " %u", r);
		fputc('\n', out);
	}
}
