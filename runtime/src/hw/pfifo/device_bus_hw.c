/* SPDX-License-Identifier: MIT */
/*
 * What survives a bad bus and a crashed predecessor, for one chip: the PRI
 * error word (addendum dev_bus NV_PRI_ERROR), the register that never reads
 * all ones (NV_PMC_BOOT_0), the manual's name of any register the runtime
 * reads (for the messages), and the scan for channels and runlists a
 * previous user left behind (dev_fifo NV_PCCSR_*; the runlists' registers
 * are the generation's: runlist_length and runlist_report in
 * runtime/src/hw/<generation>/)
 * with the PBDMA side of dev_fifo's teardown step 4a.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "bits.h"

#include "hw/pfifo/chip_counts.h"
#include "hw/chip_hw.h"
#include "hw/device_hw.h"
#include "nvrt/device.h"
#include NVRT_HW_HEADER(dev_bus)
#include NVRT_HW_HEADER(dev_fifo)
#include NVRT_HW_HEADER(dev_master)
#include NVRT_HW_HEADER(fields/dev_bus)
#include NVRT_HW_HEADER(fields/dev_fb)
#include NVRT_HW_HEADER(fields/dev_fifo)
#include NVRT_HW_HEADER(fields/dev_master)
#include NVRT_HW_HEADER(fields/dev_pbdma)
#include NVRT_HW_HEADER(fields/dev_timer)
#include NVRT_HW_HEADER(fields/dev_top)
#include NVRT_HW_HEADER(fields/dev_usermode)
#include NVRT_HW_HEADER(fields/pri_mmu_hub)
#include "dump/reg_dump.h"

/* ---- the bus ---------------------------------------------------------------------- */

/* NV_PRI_ERROR_CODE BADF: the read failed in the priv ring. */
bool NVRT_FN(pri_error)(uint32_t value)
{
	HW(pri_error_t) e = { { value } };

	return HW(get_pri_error_code)(&e) == HWC(PRI_ERROR_CODE_BADF);
}

/* BOOT_0 always holds the chip's identity, never all ones. */
uint32_t NVRT_FN(bus_probe)(void)
{
	return HW(pmc_boot_0)();
}

/* ---- register names ------------------------------------------------------------------- */

static const struct refgen_layout *const *const bus_units[] = {
	HW(dev_master_layouts), HW(dev_fifo_layouts), HW(dev_pbdma_layouts), HW(dev_top_layouts),
	HW(dev_usermode_layouts), HW(dev_fb_layouts), HW(pri_mmu_hub_layouts), HW(dev_bus_layouts),
	HW(dev_timer_layouts),
};

/* The index of offset in l's registers, or -1. */
void NVRT_FN(reg_name)(const struct nvrt_topology *t, uint32_t offset, char *buf, size_t n)
{
	(void)t;   /* every register of the design is at a BAR0 address of its own */
	for (size_t u = 0; u < ARRAY_SIZE(bus_units); u++)
		if (NVRT_FN(reg_name_in)(bus_units[u], NULL, 0, offset, NULL, buf, n))
			return;
	NVRT_FN(reg_name_unknown)(offset, buf, n);
}

/* ---- what a previous user left ---------------------------------------------------------- */

/* Host out of reset: only then do its registers hold anything (in reset a
 * unit may even answer PRI errors). */
bool NVRT_FN(host_enabled)(struct nvrt_backend *b)
{
	return HW(get_pmc_enable_pfifo)(REG_RD(b, pmc_enable)) == HWC(PMC_ENABLE_PFIFO_ENABLED);
}

static void stale_channel_log(struct nvrt_backend *b, uint32_t chid, FILE *log)
{
	if (!log)
		return;
	fprintf(log, "  stale channel %u:\n", chid);
	nvrt_reg_line("    ", &HW(pccsr_channel_inst_layout), (int)chid,
		      REG_RD(b, pccsr_channel_inst, chid).v, 0, log);
	nvrt_reg_line("    ", &HW(pccsr_channel_layout), (int)chid, REG_RD(b, pccsr_channel, chid).v,
		      NVRT_REG_NONZERO, log);
}

/* A channel still bound to an instance block, or still enabled. */
static bool stale_channel(struct nvrt_backend *b, uint32_t chid)
{
	HW(pccsr_channel_inst_t) i = REG_RD(b, pccsr_channel_inst, chid);
	HW(pccsr_channel_t) c = REG_RD(b, pccsr_channel, chid);

	return HW(get_pccsr_channel_inst_bind)(i) == HWC(PCCSR_CHANNEL_INST_BIND_TRUE) ||
	       HW(get_pccsr_channel_enable)(c) == HWC(PCCSR_CHANNEL_ENABLE_IN_USE);
}

/* Runlists still holding entries of a submission nobody here made. */
static void stale_runlists(struct nvrt_backend *b, struct nvrt_stale *s, FILE *log)
{
	for (uint32_t r = 0; r < CHIP_RUNLISTS && r < 32; r++) {
		if (!NVRT_FN(runlist_length)(b, r))
			continue;
		s->runlists |= 1u << r;
		if (log) {
			fprintf(log, "  stale runlist %u:\n", r);
			NVRT_FN(runlist_report)(b, r, "    ", log);
		}
	}
}

int NVRT_FN(stale_scan)(struct nvrt_backend *b, const struct nvrt_topology *t, struct nvrt_stale *s,
			FILE *log)
{
	uint32_t nch = t->num_channels < NVRT_MAX_CHANNELS ? t->num_channels : NVRT_MAX_CHANNELS;

	memset(s, 0, sizeof(*s));
	for (uint32_t chid = 0; chid < nch; chid++) {
		if (!stale_channel(b, chid))
			continue;
		/* Channel ids are global here: the runlist is not needed. */
		if (s->nchannels < NVRT_STALE_MAX)
			s->channels[s->nchannels] = (struct nvrt_stale_channel){ 0, chid };
		s->nchannels++;
		if (s->nchannels <= NVRT_STALE_LOG_MAX)
			stale_channel_log(b, chid, log);
	}
	stale_runlists(b, s, log);
	if (log && s->nchannels > NVRT_STALE_LOG_MAX)
		fprintf(log, "  and %u more stale channels\n", s->nchannels - NVRT_STALE_LOG_MAX);
	return 0;
}

/* Teardown step 4a: every PBDMA serving the runlist is CHAN_STATUS INVALID. */
bool NVRT_FN(runlist_idle)(struct nvrt_backend *b, const struct nvrt_host_watch *w)
{
	for (uint32_t p = 0; p < w->num_pbdma; p++) {
		if (!(w->pbdma_mask >> p & 1))
			continue;
		if (HW(get_pfifo_pbdma_status_chan_status)(REG_RD(b, pfifo_pbdma_status, p)) !=
		    HWC(PFIFO_PBDMA_STATUS_CHAN_STATUS_INVALID))
			return false;
	}
	return true;
}
