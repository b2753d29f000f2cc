/* SPDX-License-Identifier: MIT */
/*
 * Which offsets of PMC and PFIFO are registers of the chip: its generated
 * register lists (dev_master, dev_fifo field descriptors, addenda included)
 * as a bitmap of words.  Registers a generation dropped (NV_PMC_ENABLE_PB,
 * NV_PFIFO_RUNLIST on Turing) then read as a PRI error and ignore writes,
 * as a register nobody decodes does on the priv ring, with no list of
 * offsets in the model.
 */
#include "sim/sim_internal.h"

#include SIM_HW_FIELDS(dev_fifo)
#include SIM_HW_FIELDS(dev_master)

_Static_assert(HWC(PMC_LIMIT) < SIM_KNOWN_LIMIT && HWC(PMC_BASE) < HWC(PFIFO_BASE),
	       "the bitmap covers PMC and PFIFO");

static void sim_known_mark(struct sim *s, uint32_t off, uint32_t words)
{
	for (uint32_t w = 0; w < words && off + 4 * w < SIM_KNOWN_LIMIT; w++) {
		uint32_t i = off / 4 + w;

		s->host.known[i / 32] |= 1u << (i % 32);
	}
}

static void sim_known_add(struct sim *s, const struct refgen_layout *const *l)
{
	for (; *l; l++) {
		uint32_t n = (*l)->count ? (*l)->count : 1;

		for (uint32_t i = 0; i < n; i++)
			sim_known_mark(s, (*l)->offset + i * (*l)->stride, (*l)->words);
	}
}

void sim_known_init(struct sim *s)
{
	sim_known_add(s, HW(dev_master_layouts));
	sim_known_add(s, HW(dev_fifo_layouts));
}

bool sim_known(const struct sim *s, uint32_t off)
{
	uint32_t i = off / 4;

	return off < SIM_KNOWN_LIMIT && (s->host.known[i / 32] >> (i % 32) & 1u);
}
