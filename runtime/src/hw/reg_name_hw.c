/* SPDX-License-Identifier: MIT */
/*
 * A register named from its BAR0 address, for the messages about a read
 * that failed (device_poll.c): the chip's field descriptors searched, each
 * list at the base its unit sits at (0 for BAR0 units; a window's or a
 * run-time block's start otherwise).  Which lists and bases is the Host
 * design's reg_name (hw/pfifo, hw/ampere).
 */
#include <inttypes.h>
#include <stdio.h>

#include "bits.h"
#include "hw/chip_hw.h"
#include "refgen/fields.h"

/* i when offset is register i of l (0 for a single register), else -1. */
static long reg_layout_index(const struct refgen_layout *l, uint32_t offset)
{
	if (l->words != 1 || offset < l->offset)
		return -1;
	if (!l->stride || l->count <= 1)
		return offset == l->offset ? 0 : -1;
	if ((offset - l->offset) % l->stride || (offset - l->offset) / l->stride >= l->count)
		return -1;
	return (long)((offset - l->offset) / l->stride);
}

bool NVRT_FN(reg_name_in)(const struct refgen_layout *const *layouts,
			  const struct refgen_layout *skip, uint32_t base, uint32_t offset,
			  const char *where, char *buf, size_t n)
{
	if (offset < base)
		return false;
	for (const struct refgen_layout *const *l = layouts; *l; l++) {
		long i = *l == skip ? -1 : reg_layout_index(*l, offset - base);

		if (i < 0)
			continue;
		if ((*l)->count > 1)
			snprintf(buf, n, "%s(%ld)%s", (*l)->name, i, where ? where : "");
		else
			snprintf(buf, n, "%s%s", (*l)->name, where ? where : "");
		return true;
	}
	return false;
}

void NVRT_FN(reg_name_unknown)(uint32_t offset, char *buf, size_t n)
{
	snprintf(buf, n, "the register at 0x%06" PRIx32, offset);
}
