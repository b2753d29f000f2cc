/* SPDX-License-Identifier: MIT */
/*
 * The copy engine's methods as this chip's class defines them
 * (hw/ce_class.h; doc/ce-facts.md sections 3-5): SetObject (Host's
 * NV_UDMA_OBJECT), a pitch copy, a fill and the CE's semaphore release,
 * each as INCR runs of consecutive methods.
 */
#include "hw/chip_hw.h"
#include "hw/ce_class.h"
#include "nvrt/ce.h"
#include "nvrt/pushbuf.h"
#include NVRT_HW_HEADER(dev_pbdma)

static int ce_push_object(struct nvrt_pb *pb, uint32_t subch)
{
	HW(udma_object_t) o = { 0 };

	o = HW(set_udma_object_nvclass)(o, NVRT_CHIP_CE_CLASS);
	return nvrt_pb_incr(pb, subch, HW(udma_object_offset)(), &o.v, 1);
}

/* OFFSET_IN_UPPER .. LINE_COUNT, eight consecutive methods (the class header's order). */
static int ce_push_geometry(struct nvrt_pb *pb, uint32_t subch, uint64_t src, uint64_t dst,
			    uint32_t pitch_in, uint32_t pitch_out, uint32_t length, uint32_t lines)
{
	uint32_t d[] = {
		NVRT_CE_SETN(0, OFFSET_IN_UPPER, UPPER, src >> 32),
		NVRT_CE_SETN(0, OFFSET_IN_LOWER, VALUE, src),
		NVRT_CE_SETN(0, OFFSET_OUT_UPPER, UPPER, dst >> 32),
		NVRT_CE_SETN(0, OFFSET_OUT_LOWER, VALUE, dst),
		NVRT_CE_SETN(0, PITCH_IN, VALUE, pitch_in),
		NVRT_CE_SETN(0, PITCH_OUT, VALUE, pitch_out),
		NVRT_CE_SETN(0, LINE_LENGTH_IN, VALUE, length),
		NVRT_CE_SETN(0, LINE_COUNT, VALUE, lines),
	};
	_Static_assert(NVRT_CE(LINE_COUNT) - NVRT_CE(OFFSET_IN_UPPER) == 7 * sizeof(uint32_t),
		       "OFFSET_IN_UPPER .. LINE_COUNT are consecutive methods");

	return nvrt_pb_incr(pb, subch, NVRT_CE(OFFSET_IN_UPPER), d, sizeof(d) / sizeof(d[0]));
}

/* A launch of pitch-linear virtual memory, flushed; multi-line for more than one line. */
static uint32_t ce_launch(uint32_t lines, bool remap)
{
	uint32_t v = 0;

	v = NVRT_CE_SET(v, LAUNCH_DMA, DATA_TRANSFER_TYPE, NON_PIPELINED);
	v = NVRT_CE_SET(v, LAUNCH_DMA, FLUSH_ENABLE, TRUE);
	v = NVRT_CE_SET(v, LAUNCH_DMA, SEMAPHORE_TYPE, NONE);
	v = NVRT_CE_SET(v, LAUNCH_DMA, INTERRUPT_TYPE, NONE);
	v = NVRT_CE_SET(v, LAUNCH_DMA, SRC_MEMORY_LAYOUT, PITCH);
	v = NVRT_CE_SET(v, LAUNCH_DMA, DST_MEMORY_LAYOUT, PITCH);
	v = lines > 1 ? NVRT_CE_SET(v, LAUNCH_DMA, MULTI_LINE_ENABLE, TRUE) :
			NVRT_CE_SET(v, LAUNCH_DMA, MULTI_LINE_ENABLE, FALSE);
	v = remap ? NVRT_CE_SET(v, LAUNCH_DMA, REMAP_ENABLE, TRUE) :
		    NVRT_CE_SET(v, LAUNCH_DMA, REMAP_ENABLE, FALSE);
	v = NVRT_CE_SET(v, LAUNCH_DMA, SRC_TYPE, VIRTUAL);
	v = NVRT_CE_SET(v, LAUNCH_DMA, DST_TYPE, VIRTUAL);
	return v;
}

static int ce_push_copy(struct nvrt_pb *pb, uint32_t subch, const struct nvrt_ce_copy *c)
{
	uint32_t launch = ce_launch(c->lines, false);

	if (ce_push_geometry(pb, subch, c->src_va, c->dst_va, c->src_pitch, c->dst_pitch,
			     c->line_bytes, c->lines) < 0)
		return -1;
	return nvrt_pb_incr(pb, subch, NVRT_CE(LAUNCH_DMA), &launch, 1);
}

/* SET_REMAP_CONST_A, (CONST_B), SET_REMAP_COMPONENTS: every element CONST_A's 4 bytes. */
static int ce_push_fill(struct nvrt_pb *pb, uint32_t subch, const struct nvrt_ce_fill *f)
{
	uint32_t comps = 0, launch = ce_launch(f->lines, true);
	uint32_t remap[3];

	comps = NVRT_CE_SET(comps, SET_REMAP_COMPONENTS, DST_X, CONST_A);
	comps = NVRT_CE_SET(comps, SET_REMAP_COMPONENTS, DST_Y, NO_WRITE);
	comps = NVRT_CE_SET(comps, SET_REMAP_COMPONENTS, DST_Z, NO_WRITE);
	comps = NVRT_CE_SET(comps, SET_REMAP_COMPONENTS, DST_W, NO_WRITE);
	comps = NVRT_CE_SET(comps, SET_REMAP_COMPONENTS, COMPONENT_SIZE, FOUR);
	comps = NVRT_CE_SET(comps, SET_REMAP_COMPONENTS, NUM_SRC_COMPONENTS, ONE);
	comps = NVRT_CE_SET(comps, SET_REMAP_COMPONENTS, NUM_DST_COMPONENTS, ONE);
	remap[0] = NVRT_CE_SETN(0, SET_REMAP_CONST_A, V, f->value);
	remap[1] = NVRT_CE_SETN(0, SET_REMAP_CONST_B, V, 0);
	remap[2] = comps;
	_Static_assert(NVRT_CE(SET_REMAP_COMPONENTS) - NVRT_CE(SET_REMAP_CONST_A) == 2 * sizeof(uint32_t),
		       "SET_REMAP_CONST_A, _B, _COMPONENTS are consecutive methods");
	if (nvrt_pb_incr(pb, subch, NVRT_CE(SET_REMAP_CONST_A), remap, 3) < 0 ||
	    ce_push_geometry(pb, subch, 0, f->dst_va, 0, f->dst_pitch, f->words, f->lines) < 0)
		return -1;
	return nvrt_pb_incr(pb, subch, NVRT_CE(LAUNCH_DMA), &launch, 1);
}

/* SET_SEMAPHORE_A/B/PAYLOAD, then a launch with no transfer and a one-word release. */
static int ce_push_release(struct nvrt_pb *pb, uint32_t subch, uint64_t va, uint32_t payload)
{
	uint32_t sem[] = {
		NVRT_CE_SETN(0, SET_SEMAPHORE_A, UPPER, va >> 32),
		NVRT_CE_SETN(0, SET_SEMAPHORE_B, LOWER, va),
		NVRT_CE_SETN(0, SET_SEMAPHORE_PAYLOAD, PAYLOAD, payload),
	};
	uint32_t launch = 0;

	_Static_assert(NVRT_CE(SET_SEMAPHORE_PAYLOAD) - NVRT_CE(SET_SEMAPHORE_A) == 2 * sizeof(uint32_t),
		       "SET_SEMAPHORE_A, _B, _PAYLOAD are consecutive methods");
	launch = NVRT_CE_SET(launch, LAUNCH_DMA, DATA_TRANSFER_TYPE, NONE);
	launch = NVRT_CE_SET(launch, LAUNCH_DMA, FLUSH_ENABLE, TRUE);
	launch = NVRT_CE_SET(launch, LAUNCH_DMA, SEMAPHORE_TYPE, RELEASE_ONE_WORD_SEMAPHORE);
	launch = NVRT_CE_SET(launch, LAUNCH_DMA, INTERRUPT_TYPE, NONE);
	if (nvrt_pb_incr(pb, subch, NVRT_CE(SET_SEMAPHORE_A), sem, 3) < 0)
		return -1;
	return nvrt_pb_incr(pb, subch, NVRT_CE(LAUNCH_DMA), &launch, 1);
}

const struct nvrt_chip_ce NVRT_FN(ce) = {
	.class_id = NVRT_CHIP_CE_CLASS,
	.class_name = NVRT_CHIP_CE_CLASS_NAME,
	.push_object = ce_push_object,
	.push_copy = ce_push_copy,
	.push_fill = ce_push_fill,
	.push_release = ce_push_release,
};
