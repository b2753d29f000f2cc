/* SPDX-License-Identifier: MIT */
/*
 * The copy engine behind a PBDMA (doc/ce-facts.md): SetObject on a CE
 * subchannel, the methods of the chip's CE class (NVRT_CHIP_CE_CLASS, named by
 * the generated NV-style class header), and LAUNCH_DMA: pitch copies (1D
 * and multi-line), fills through REMAP with constant components, and the
 * CE's own semaphore release, every access through the channel's page
 * tables.  Bulk data goes page run by page run with memmove/memcpy
 * (sim_mmu_ce_span), never byte by byte.
 *
 * The methods' state lives with the PBDMA (struct sim_ce), as if the
 * channel loaded there were the only one using its copy engine: a channel
 * switched out between a CE method and its LAUNCH_DMA would hand its state
 * to the next (real hardware keeps it in the CE context).
 */
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "sim/sim_internal.h"
#include "hw/ce_class.h"

/* The methods of the class: clc3b5.h, clc5b5.h and clc6b5.h define the same ones. */
#define SIM_CE_METHODS(X)                                                                      \
	X(NOP) X(PM_TRIGGER) X(SET_SEMAPHORE_A) X(SET_SEMAPHORE_B) X(SET_SEMAPHORE_PAYLOAD)     \
	X(SET_RENDER_ENABLE_A) X(SET_RENDER_ENABLE_B) X(SET_RENDER_ENABLE_C)                     \
	X(SET_SRC_PHYS_MODE) X(SET_DST_PHYS_MODE) X(LAUNCH_DMA) X(OFFSET_IN_UPPER)              \
	X(OFFSET_IN_LOWER) X(OFFSET_OUT_UPPER) X(OFFSET_OUT_LOWER) X(PITCH_IN) X(PITCH_OUT)     \
	X(LINE_LENGTH_IN) X(LINE_COUNT) X(SET_REMAP_CONST_A) X(SET_REMAP_CONST_B)               \
	X(SET_REMAP_COMPONENTS) X(SET_DST_BLOCK_SIZE) X(SET_DST_WIDTH) X(SET_DST_HEIGHT)         \
	X(SET_DST_DEPTH) X(SET_DST_LAYER) X(SET_DST_ORIGIN) X(SET_SRC_BLOCK_SIZE)               \
	X(SET_SRC_WIDTH) X(SET_SRC_HEIGHT) X(SET_SRC_DEPTH) X(SET_SRC_LAYER) X(SET_SRC_ORIGIN)   \
	X(SRC_ORIGIN_X) X(SRC_ORIGIN_Y) X(DST_ORIGIN_X) X(DST_ORIGIN_Y) X(PM_TRIGGER_END)

/* The remap's component selectors of one destination component, in order. */
#define SIM_CE_DST_COMPONENTS 4u
/* Bytes of one pattern block of a fill: whole elements of any size (at most 16 bytes). */
#define SIM_CE_FILL_BLOCK 4096u

bool sim_ce_method_defined(uint32_t addr)
{
#define SIM_CE_CASE(m) case NVRT_CE(m):
	switch (addr) {
	SIM_CE_METHODS(SIM_CE_CASE)
		return true;
	default:
		return false;
	}
#undef SIM_CE_CASE
}

/* The MMU engine id of PBDMA p's copy engine: the LCE of its runlist (the
 * GRCE, LCE 0, on the graphics runlist), as the models' device info lays them out. */
static uint32_t sim_ce_engine(const struct sim *s, uint32_t p)
{
	uint32_t r = s->pbdma[p].runlist;
	uint32_t lce = r == s->gr_runlist ? 0 : SIM_NUM_GRCE + r - s->gr_runlist - 1;

	return HWC(PFAULT_MMU_ENG_ID_CE0) + lce;
}

enum sim_ce_result sim_ce_object(struct sim *s, uint32_t p, uint32_t subch, uint32_t nvclass)
{
	struct sim_ce *ce = &s->pbdma[p].ce;

	/* dev_pbdma OBJECT: Host checks the class; a CE SetObject is otherwise a no-op. */
	if (nvclass != NVRT_CHIP_CE_CLASS)
		return SIM_CE_ILLEGAL_CLASS;
	if (subch < SIM_CE_SUBCHANNELS)
		ce->object[subch] = nvclass;
	return SIM_CE_OK;
}

/* ---- data ------------------------------------------------------------------------------- */

static uint64_t sim_ce_va(uint32_t upper, uint32_t lower)
{
	return (uint64_t)upper << 32 | lower;
}

/* len bytes from src to dst, page run by page run. */
static enum sim_ce_result sim_ce_copy(struct sim *s, uint32_t p, uint32_t eng, uint64_t src,
				      uint64_t dst, uint64_t len)
{
	while (len) {
		size_t n = len > SIZE_MAX ? SIZE_MAX : (size_t)len, m = n;
		uint8_t *sp = sim_mmu_ce_span(s, p, eng, src, &n, SIM_READ);
		uint8_t *dp;

		if (!sp)
			return SIM_CE_FAULT;
		dp = sim_mmu_ce_span(s, p, eng, dst, &m, SIM_WRITE);
		if (!dp)
			return SIM_CE_FAULT;
		if (m < n)
			n = m;
		memmove(dp, sp, n);
		src += n;
		dst += n;
		len -= n;
	}
	return SIM_CE_OK;
}

/* One element of a fill: each destination component CONST_A's or CONST_B's low
 * bytes, or unwritten (mask 0). */
struct sim_ce_pattern {
	uint8_t block[SIM_CE_FILL_BLOCK];
	uint8_t mask[SIM_CE_FILL_BLOCK];
	uint32_t elem;                 /* bytes of an element */
	uint32_t span;                 /* bytes of block holding whole elements */
	bool partial;                  /* some component is NO_WRITE */
};

static uint32_t sim_ce_component(uint32_t comps, uint32_t i)
{
	switch (i) {
	case 0:
		return NVRT_CE_FIELD(comps, SET_REMAP_COMPONENTS, DST_X);
	case 1:
		return NVRT_CE_FIELD(comps, SET_REMAP_COMPONENTS, DST_Y);
	case 2:
		return NVRT_CE_FIELD(comps, SET_REMAP_COMPONENTS, DST_Z);
	default:
		return NVRT_CE_FIELD(comps, SET_REMAP_COMPONENTS, DST_W);
	}
}

/* Only constants and NO_WRITE are modelled: a component taken from the source is not. */
static bool sim_ce_pattern_build(const struct sim_ce *ce, struct sim_ce_pattern *pt)
{
	uint32_t size = NVRT_CE_FIELD(ce->components, SET_REMAP_COMPONENTS, COMPONENT_SIZE) + 1;
	uint32_t ndst = NVRT_CE_FIELD(ce->components, SET_REMAP_COMPONENTS, NUM_DST_COMPONENTS) + 1;
	uint8_t one[SIM_CE_DST_COMPONENTS * sizeof(uint32_t)], mask[sizeof(one)];

	pt->elem = size * ndst;
	pt->partial = false;
	for (uint32_t i = 0; i < ndst; i++) {
		uint32_t sel = sim_ce_component(ce->components, i), c;

		if (sel == NVRT_CE(SET_REMAP_COMPONENTS_DST_X_CONST_A))
			c = ce->const_a;
		else if (sel == NVRT_CE(SET_REMAP_COMPONENTS_DST_X_CONST_B))
			c = ce->const_b;
		else if (sel == NVRT_CE(SET_REMAP_COMPONENTS_DST_X_NO_WRITE))
			c = 0;
		else
			return false;
		for (uint32_t b = 0; b < size; b++) {
			one[i * size + b] = (uint8_t)(c >> (8 * b));   /* little-endian low bytes */
			mask[i * size + b] = sel != NVRT_CE(SET_REMAP_COMPONENTS_DST_X_NO_WRITE);
			pt->partial |= !mask[i * size + b];
		}
	}
	pt->span = SIM_CE_FILL_BLOCK / pt->elem * pt->elem;
	for (uint32_t o = 0; o < pt->span; o += pt->elem) {
		memcpy(pt->block + o, one, pt->elem);
		memcpy(pt->mask + o, mask, pt->elem);
	}
	return true;
}

/* len bytes at dst (phase: its offset in the element pattern) from the pattern. */
static enum sim_ce_result sim_ce_fill(struct sim *s, uint32_t p, uint32_t eng,
				      const struct sim_ce_pattern *pt, uint64_t dst, uint64_t len)
{
	uint64_t phase = 0;

	while (len) {
		size_t n = len > SIZE_MAX ? SIZE_MAX : (size_t)len;
		uint8_t *dp = sim_mmu_ce_span(s, p, eng, dst, &n, SIM_WRITE);

		if (!dp)
			return SIM_CE_FAULT;
		for (size_t done = 0; done < n;) {
			uint32_t off = (uint32_t)(phase % pt->elem);
			size_t k = pt->span - off;

			if (k > n - done)
				k = n - done;
			if (!pt->partial) {
				memcpy(dp + done, pt->block + off, k);
			} else {
				for (size_t i = 0; i < k; i++)
					if (pt->mask[off + i])
						dp[done + i] = pt->block[off + i];
			}
			done += k;
			phase += k;
		}
		dst += n;
		len -= n;
	}
	return SIM_CE_OK;
}

/* LINE_LENGTH_IN bytes (remap: elements) on each of LINE_COUNT lines (multi-line) or one. */
static enum sim_ce_result sim_ce_transfer(struct sim *s, uint32_t p, uint32_t v)
{
	const struct sim_ce *ce = &s->pbdma[p].ce;
	bool multi = NVRT_CE_IS(v, LAUNCH_DMA, MULTI_LINE_ENABLE, TRUE);
	bool remap = NVRT_CE_IS(v, LAUNCH_DMA, REMAP_ENABLE, TRUE);
	uint32_t eng = sim_ce_engine(s, p), lines = multi ? ce->line_count : 1;
	uint64_t src = sim_ce_va(ce->in_upper, ce->in_lower);
	uint64_t dst = sim_ce_va(ce->out_upper, ce->out_lower);
	struct sim_ce_pattern *pt = NULL;
	enum sim_ce_result r = SIM_CE_OK;
	uint64_t len = ce->line_length;

	if (remap) {
		pt = malloc(sizeof(*pt));
		if (!pt)
			return SIM_CE_LAUNCH;
		if (!sim_ce_pattern_build(ce, pt)) {
			free(pt);
			return SIM_CE_LAUNCH;
		}
		len *= pt->elem;
	}
	for (uint32_t i = 0; i < lines && r == SIM_CE_OK; i++) {
		uint64_t d = dst + (uint64_t)i * (multi ? ce->pitch_out : 0);

		r = remap ? sim_ce_fill(s, p, eng, pt, d, len) :
			    sim_ce_copy(s, p, eng, src + (uint64_t)i * (multi ? ce->pitch_in : 0), d, len);
	}
	free(pt);
	return r;
}

/*
 * The CE's semaphore (SET_SEMAPHORE_A/B/PAYLOAD): one word, the payload; four
 * words, the payload, a zero word and the GPU time at +8, written first.
 */
static enum sim_ce_result sim_ce_release(struct sim *s, uint32_t p, uint32_t v)
{
	const struct sim_ce *ce = &s->pbdma[p].ce;
	bool four = NVRT_CE_IS(v, LAUNCH_DMA, SEMAPHORE_TYPE, RELEASE_FOUR_WORD_SEMAPHORE);
	uint64_t va = sim_ce_va(NVRT_CE_FIELD(ce->sem_upper, SET_SEMAPHORE_A, UPPER), ce->sem_lower);
	size_t bytes = four ? 4 * sizeof(uint32_t) : sizeof(uint32_t), n = bytes;
	uint8_t *m;

	if (va % bytes)
		return SIM_CE_LAUNCH;
	m = sim_mmu_ce_span(s, p, sim_ce_engine(s, p), va, &n, SIM_WRITE);
	if (!m)
		return SIM_CE_FAULT;
	/* The data before the release (FLUSH), as the semaphore promises. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (four) {
		uint64_t t = le64(sim_ptimer_snap(s));

		__atomic_store_n((uint64_t *)(m + sizeof(uint64_t)), t, __ATOMIC_RELAXED);
		__atomic_store_n((uint32_t *)(m + sizeof(uint32_t)), 0, __ATOMIC_RELAXED);
	}
	__atomic_store_n((uint32_t *)m, le32(ce->sem_payload), __ATOMIC_RELEASE);
	return SIM_CE_OK;
}

/*
 * What the model runs: DATA_TRANSFER_TYPE and SEMAPHORE_TYPE the class
 * defines (an undefined one is not decoded: ILLEGAL_MTHD), pitch layouts,
 * virtual addresses (PHYSICAL needs a privileged channel, dev_pbdma
 * HCE_PRIV), no semaphore reduction.
 */
static enum sim_ce_result sim_ce_launch_check(uint32_t v, bool priv)
{
	uint32_t dtt = NVRT_CE_FIELD(v, LAUNCH_DMA, DATA_TRANSFER_TYPE);
	uint32_t sem = NVRT_CE_FIELD(v, LAUNCH_DMA, SEMAPHORE_TYPE);
	bool phys = NVRT_CE_IS(v, LAUNCH_DMA, SRC_TYPE, PHYSICAL) || NVRT_CE_IS(v, LAUNCH_DMA, DST_TYPE, PHYSICAL);

	if (dtt != NVRT_CE(LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE) &&
	    dtt != NVRT_CE(LAUNCH_DMA_DATA_TRANSFER_TYPE_PIPELINED) &&
	    dtt != NVRT_CE(LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED))
		return SIM_CE_ILLEGAL_MTHD;
	if (sem != NVRT_CE(LAUNCH_DMA_SEMAPHORE_TYPE_NONE) &&
	    sem != NVRT_CE(LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE) &&
	    sem != NVRT_CE(LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE))
		return SIM_CE_ILLEGAL_MTHD;
	if (phys && !priv)
		return SIM_CE_PRIV;
	if (phys || NVRT_CE_IS(v, LAUNCH_DMA, SEMAPHORE_REDUCTION_ENABLE, TRUE))
		return SIM_CE_LAUNCH;
	if (dtt != NVRT_CE(LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE) &&
	    (!NVRT_CE_IS(v, LAUNCH_DMA, SRC_MEMORY_LAYOUT, PITCH) ||
	     !NVRT_CE_IS(v, LAUNCH_DMA, DST_MEMORY_LAYOUT, PITCH)))
		return SIM_CE_LAUNCH;
	return SIM_CE_OK;
}

static enum sim_ce_result sim_ce_launch(struct sim *s, uint32_t p, uint32_t v, bool priv)
{
	enum sim_ce_result r = sim_ce_launch_check(v, priv);

	if (r == SIM_CE_OK && !NVRT_CE_IS(v, LAUNCH_DMA, DATA_TRANSFER_TYPE, NONE))
		r = sim_ce_transfer(s, p, v);
	if (r == SIM_CE_OK && !NVRT_CE_IS(v, LAUNCH_DMA, SEMAPHORE_TYPE, NONE))
		r = sim_ce_release(s, p, v);
	return r;
}

enum sim_ce_result sim_ce_method(struct sim *s, uint32_t p, uint32_t addr, uint32_t data, bool priv)
{
	struct sim_ce *ce = &s->pbdma[p].ce;

	switch (addr) {
	case NVRT_CE(SET_SEMAPHORE_A): ce->sem_upper = data; break;
	case NVRT_CE(SET_SEMAPHORE_B): ce->sem_lower = data; break;
	case NVRT_CE(SET_SEMAPHORE_PAYLOAD): ce->sem_payload = data; break;
	case NVRT_CE(OFFSET_IN_UPPER): ce->in_upper = NVRT_CE_FIELD(data, OFFSET_IN_UPPER, UPPER); break;
	case NVRT_CE(OFFSET_IN_LOWER): ce->in_lower = data; break;
	case NVRT_CE(OFFSET_OUT_UPPER): ce->out_upper = NVRT_CE_FIELD(data, OFFSET_OUT_UPPER, UPPER); break;
	case NVRT_CE(OFFSET_OUT_LOWER): ce->out_lower = data; break;
	case NVRT_CE(PITCH_IN): ce->pitch_in = data; break;
	case NVRT_CE(PITCH_OUT): ce->pitch_out = data; break;
	case NVRT_CE(LINE_LENGTH_IN): ce->line_length = data; break;
	case NVRT_CE(LINE_COUNT): ce->line_count = data; break;
	case NVRT_CE(SET_REMAP_CONST_A): ce->const_a = data; break;
	case NVRT_CE(SET_REMAP_CONST_B): ce->const_b = data; break;
	case NVRT_CE(SET_REMAP_COMPONENTS): ce->components = data; break;
	case NVRT_CE(LAUNCH_DMA): return sim_ce_launch(s, p, data, priv);
	default:
		/* Defined but not modelled (render enables, block-linear surfaces): taken. */
		return sim_ce_method_defined(addr) ? SIM_CE_OK : SIM_CE_ILLEGAL_MTHD;
	}
	return SIM_CE_OK;
}
