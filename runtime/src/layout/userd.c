/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "nvrt/userd.h"

int nvrt_userd_init(const struct nvrt_chip *c, struct nvrt_dma *userd, struct nvrt_err *err)
{
	if (userd->size < c->formats->userd_bytes)
		return nvrt_err_set(err, "USERD: %zu bytes, the channel's USERD takes %u",
				    userd->size, c->formats->userd_bytes);
	if (userd->iova % c->formats->userd_align)
		return nvrt_err_set(err, "USERD at 0x%llx is not %u-byte aligned (NV_RAMUSERD_BASE_SHIFT)",
				    (unsigned long long)userd->iova, c->formats->userd_align);
	memset(userd->cpu, 0, c->formats->userd_bytes);
	return 0;
}

void nvrt_userd_gp_put_set(const struct nvrt_chip *c, struct nvrt_dma *userd, uint32_t put)
{
	c->formats->userd_gp_put_set(userd->cpu, put);
}

uint32_t nvrt_userd_gp_put(const struct nvrt_chip *c, const struct nvrt_dma *userd)
{
	return c->formats->userd_gp_put(userd->cpu);
}

uint32_t nvrt_userd_gp_get(const struct nvrt_chip *c, const struct nvrt_dma *userd)
{
	return c->formats->userd_gp_get(userd->cpu);
}
