/* SPDX-License-Identifier: MIT */
/*
 * Register reads that are not data (backend.h, struct nvrt_bus).  All ones
 * alone proves nothing (some registers legitimately read 0xffffffff), so the
 * probe register, which never does, is read again: if it too reads all ones
 * the GPU is not answering at all.  A PRI error word is an error whatever
 * the register (../shared/design/gv100-host-facts.md section 0).
 */
#include <stdint.h>

#include "nvrt/backend.h"

/* What PCIe returns for a read no device completes. */
#define BUS_ALL_ONES UINT32_MAX

/* Every read that reaches the device, checked or not, goes past the hook. */
uint32_t nvrt_bar0_read32_unchecked(struct nvrt_backend *b, uint32_t offset)
{
	uint32_t v = b->ops->bar0_read32(b, offset);

	if (b->hook.access)
		b->hook.access(b->hook.ctx, 'R', offset, v);
	return v;
}

void nvrt_bus_arm(struct nvrt_backend *b, uint32_t probe, bool (*pri_error)(uint32_t value))
{
	b->bus = (struct nvrt_bus){ .armed = true, .probe = probe, .pri_error = pri_error };
}

void nvrt_bus_clear(struct nvrt_backend *b)
{
	b->bus.state = NVRT_BUS_OK;
	b->bus.first = (struct nvrt_bus_read){ NVRT_BUS_OK, 0, 0 };
}

struct nvrt_bus_read nvrt_bus_take(struct nvrt_backend *b)
{
	struct nvrt_bus_read r = b->bus.first;

	b->bus.first.kind = NVRT_BUS_OK;
	return r;
}

static void bus_record(struct nvrt_bus *bus, enum nvrt_bus_state st, uint32_t offset, uint32_t v)
{
	bus->errors++;
	if (bus->state != NVRT_BUS_GONE)
		bus->state = st;
	if (bus->first.kind == NVRT_BUS_OK)
		bus->first = (struct nvrt_bus_read){ st, offset, v };
}

/* Called by nvrt_bar0_read32 for every read of an armed backend. */
void nvrt_bus_check(struct nvrt_backend *b, uint32_t offset, uint32_t v)
{
	struct nvrt_bus *bus = &b->bus;

	if (v == BUS_ALL_ONES) {
		uint32_t p = offset == bus->probe ? v : nvrt_bar0_read32_unchecked(b, bus->probe);

		if (p == BUS_ALL_ONES)
			bus_record(bus, NVRT_BUS_GONE, offset, v);
		else if (bus->pri_error && bus->pri_error(p))   /* the probe itself failed */
			bus_record(bus, NVRT_BUS_PRI_ERROR, bus->probe, p);
	} else if (bus->pri_error && bus->pri_error(v)) {
		bus_record(bus, NVRT_BUS_PRI_ERROR, offset, v);
	}
}
