/* SPDX-License-Identifier: MIT */
#include "nvrt/instance.h"

int nvrt_instance_build(const struct nvrt_chip *c, struct nvrt_dma *inst,
			const struct nvrt_instance_params *p, struct nvrt_err *err)
{
	if (inst->size < c->formats->instance_bytes)
		return nvrt_err_set(err, "instance block: %zu bytes, NV_RAMIN_ALLOC_SIZE needs %u",
				    inst->size, c->formats->instance_bytes);
	if (inst->iova % c->formats->instance_align)
		return nvrt_err_set(err, "instance block at 0x%llx is not %u-byte aligned "
				    "(NV_RAMIN_BASE_SHIFT)", (unsigned long long)inst->iova,
				    c->formats->instance_align);
	return c->formats->instance_build(inst->cpu, p, err);
}
