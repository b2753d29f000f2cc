/* SPDX-License-Identifier: MIT */
/*
 * Runlists (dev_ram NV_RAMRL_ENTRY): a TSG header entry followed by exactly
 * TSG_LENGTH channel entries, per TSG.  Host reports BAD_TSG for a channel
 * outside a TSG span or a length that doesn't match: this builder only
 * writes channels inside their TSG.
 */
#include <string.h>

#include "hw/chip_hw.h"
#include "nvrt/runlist.h"
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(fields/dev_ram)
#include "dump/dump.h"

typedef HW(ramrl_entry_t) entry_t;

static int runlist_check_tsg(const struct nvrt_runlist_tsg *t, struct nvrt_err *err)
{
	if (t->nchans < HWC(RAMRL_ENTRY_TSG_LENGTH_MIN) || t->nchans > HWC(RAMRL_ENTRY_TSG_LENGTH_MAX))
		return nvrt_err_set(err, "runlist: TSG %u has %u channels; NV_RAMRL_ENTRY_TSG_LENGTH "
				    "must be %u..%u", t->tsgid, t->nchans,
				    (unsigned)HWC(RAMRL_ENTRY_TSG_LENGTH_MIN),
				    (unsigned)HWC(RAMRL_ENTRY_TSG_LENGTH_MAX));
	if (t->tsgid > HWC(RAMRL_ENTRY_ID_MAX))
		return nvrt_err_set(err, "runlist: TSG id %u is above NV_RAMRL_ENTRY_ID_MAX (%u)",
				    t->tsgid, (unsigned)HWC(RAMRL_ENTRY_ID_MAX));
	return 0;
}

static int runlist_check_chan(const struct nvrt_runlist_chan *c, struct nvrt_err *err)
{
	uint64_t inst_align = (uint64_t)1 << HWC(RAMRL_ENTRY_CHAN_INST_PTR_ALIGN_SHIFT);
	uint64_t userd_align = (uint64_t)1 << HWC(RAMRL_ENTRY_CHAN_USERD_PTR_ALIGN_SHIFT);

	if (c->chid > HWC(RAMRL_ENTRY_ID_MAX))
		return nvrt_err_set(err, "runlist: channel id %u is above NV_RAMRL_ENTRY_ID_MAX (%u)",
				    c->chid, (unsigned)HWC(RAMRL_ENTRY_ID_MAX));
	if (c->inst_iova & (inst_align - 1))
		return nvrt_err_set(err, "runlist: channel %u instance block 0x%llx is not aligned to "
				    "NV_RAMRL_ENTRY_CHAN_INST_PTR_ALIGN_SHIFT (%llu bytes)", c->chid,
				    (unsigned long long)c->inst_iova, (unsigned long long)inst_align);
	if (c->userd_iova & (userd_align - 1))
		return nvrt_err_set(err, "runlist: channel %u USERD 0x%llx is not aligned to "
				    "NV_RAMRL_ENTRY_CHAN_USERD_PTR_ALIGN_SHIFT (%llu bytes)", c->chid,
				    (unsigned long long)c->userd_iova, (unsigned long long)userd_align);
	return 0;
}

/* A channel, and a TSG, may appear once in a runlist. */
static int runlist_check_unique(const struct nvrt_runlist_tsg *tsgs, uint32_t ntsgs,
				struct nvrt_err *err)
{
	for (uint32_t a = 0; a < ntsgs; a++) {
		for (uint32_t b = a + 1; b < ntsgs; b++)
			if (tsgs[a].tsgid == tsgs[b].tsgid)
				return nvrt_err_set(err, "runlist: TSG %u appears twice", tsgs[a].tsgid);
		for (uint32_t i = 0; i < tsgs[a].nchans; i++)
			for (uint32_t b = a; b < ntsgs; b++)
				for (uint32_t j = b == a ? i + 1 : 0; j < tsgs[b].nchans; j++)
					if (tsgs[a].chans[i].chid == tsgs[b].chans[j].chid)
						return nvrt_err_set(err, "runlist: channel %u appears twice",
								    tsgs[a].chans[i].chid);
	}
	return 0;
}

static uint32_t runlist_inst_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(RAMRL_ENTRY_CHAN_INST_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(RAMRL_ENTRY_CHAN_INST_TARGET_SYS_MEM_COHERENT);
}

static uint32_t runlist_userd_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(RAMRL_ENTRY_CHAN_USERD_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(RAMRL_ENTRY_CHAN_USERD_TARGET_SYS_MEM_COHERENT);
}

static void runlist_tsg_header(entry_t *e, const struct nvrt_runlist_tsg *t)
{
	memset(e, 0, sizeof(*e));
	HW(set_ramrl_entry_type)(e, HWC(RAMRL_ENTRY_TYPE_TSG));
	HW(set_ramrl_entry_tsg_timeslice_timeout)(e, t->timeslice_timeout);
	HW(set_ramrl_entry_tsg_timeslice_scale)(e, t->timeslice_scale);
	HW(set_ramrl_entry_tsg_length)(e, t->nchans);
	HW(set_ramrl_entry_tsg_tsgid)(e, t->tsgid);
}

static void runlist_chan_entry(entry_t *e, const struct nvrt_runlist_chan *c)
{
	memset(e, 0, sizeof(*e));
	HW(set_ramrl_entry_type)(e, HWC(RAMRL_ENTRY_TYPE_CHAN));
	HW(set_ramrl_entry_chan_runqueue_selector)(e, c->runqueue);
	HW(set_ramrl_entry_chan_inst_target)(e, runlist_inst_target(c->inst_aperture));
	HW(set_ramrl_entry_chan_userd_target)(e, runlist_userd_target(c->userd_aperture));
	HW(setaddr_ramrl_entry_chan_userd_ptr)(e, c->userd_iova);
	HW(set_ramrl_entry_chan_chid)(e, c->chid);
	HW(setaddr_ramrl_entry_chan_inst_ptr)(e, c->inst_iova);
}

int NVRT_FN(runlist_build)(void *rl, size_t bytes, const struct nvrt_runlist_tsg *tsgs,
			   uint32_t ntsgs, uint32_t *nentries, struct nvrt_err *err)
{
	entry_t *e = rl;
	uint64_t n = 0;

	for (uint32_t t = 0; t < ntsgs; t++) {
		if (runlist_check_tsg(&tsgs[t], err) < 0)
			return -1;
		for (uint32_t c = 0; c < tsgs[t].nchans; c++)
			if (runlist_check_chan(&tsgs[t].chans[c], err) < 0)
				return -1;
		n += 1 + tsgs[t].nchans;
	}
	if (runlist_check_unique(tsgs, ntsgs, err) < 0)
		return -1;
	if (n * sizeof(*e) > bytes)
		return nvrt_err_set(err, "runlist: %llu entries of %zu bytes do not fit in %zu bytes",
				    (unsigned long long)n, sizeof(*e), bytes);
	nvrt_hw_check_reset();
	for (uint32_t t = 0; t < ntsgs; t++) {
		runlist_tsg_header(e++, &tsgs[t]);
		for (uint32_t c = 0; c < tsgs[t].nchans; c++)
			runlist_chan_entry(e++, &tsgs[t].chans[c]);
	}
	if (nvrt_hw_check_result(err, "runlist") < 0)
		return -1;
	*nentries = (uint32_t)n;
	return 0;
}

void NVRT_FN(runlist_dump)(const void *rl, uint32_t nentries, FILE *out)
{
	const entry_t *e = rl;
	const uint32_t words = sizeof(*e) / 4;

	for (uint32_t i = 0; i < nentries; i++, e++) {
		bool tsg = HW(get_ramrl_entry_type)(e) == HWC(RAMRL_ENTRY_TYPE_TSG);

		fprintf(out, "entry %u: %08x %08x %08x %08x  %s\n", i, e->w[0], e->w[1], e->w[2],
			e->w[3], tsg ? "NV_RAMRL_ENTRY_TYPE_TSG" : "NV_RAMRL_ENTRY_TYPE_CHAN");
		nvrt_dump_layout(&HW(ramrl_entry_layout), e->w, words,
				 tsg ? "NV_RAMRL_ENTRY_TSG_" : "NV_RAMRL_ENTRY_CHAN_", 0, "  ", out);
		if (!tsg) {
			fprintf(out, "  %-48s = 0x%llx\n", "instance block (INST_PTR_HI:LO)",
				(unsigned long long)HW(getaddr_ramrl_entry_chan_inst_ptr)(e));
			fprintf(out, "  %-48s = 0x%llx\n", "USERD (USERD_PTR_HI:LO)",
				(unsigned long long)HW(getaddr_ramrl_entry_chan_userd_ptr)(e));
		}
	}
}
