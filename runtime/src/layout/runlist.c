/* SPDX-License-Identifier: MIT */
#include "nvrt/runlist.h"

int nvrt_runlist_build(const struct nvrt_chip *c, struct nvrt_dma *rl,
		       const struct nvrt_runlist_tsg *tsgs, uint32_t ntsgs,
		       uint32_t *nentries, struct nvrt_err *err)
{
	if (rl->iova % c->formats->runlist_align)
		return nvrt_err_set(err, "runlist at 0x%llx is not %u-byte aligned "
				    "(NV_RAMRL_ENTRY_BASE_SHIFT)", (unsigned long long)rl->iova,
				    c->formats->runlist_align);
	return c->formats->runlist_build(rl->cpu, rl->size, tsgs, ntsgs, nentries, err);
}
