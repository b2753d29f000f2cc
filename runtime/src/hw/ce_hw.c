/* SPDX-License-Identifier: MIT */
/*
 * The copy engine's methods through this chip's generated class headers
 * (doc/ce-facts.md sections 3-5): values built with the typed method
 * builders (c3b5_set_launch_dma_* ...) and pushed with the push helpers
 * (c3b5_push_<method>, one INC_METHOD header per method) into a batch
 * reserved in the pushbuffer; SetObject is the Host class's
 * (c36f_push_set_object).
 */
#include "hw/chip_hw.h"
#include "nvrt/ce.h"
#include "nvrt/pushbuf.h"
#include NVRT_CHIP_HOST_CLASS_HEADER
#include NVRT_CHIP_CE_TYPED_HEADER

#define CE(name) NVRT_CE_FN(name)
#define CEC(name) NVRT_CE_C(name)
/* Each push helper writes a header and one data dword. */
#define CE_METHOD_DWORDS 2u

/* A batch of n methods into pb, filled by the push helpers through rp. */
struct ce_batch {
	struct nvrt_pb_batch b;
	struct refgen_pushbuf rp;
};

static int ce_batch_begin(struct ce_batch *cb, struct nvrt_pb *pb, uint32_t methods)
{
	if (nvrt_pb_batch_begin(pb, (size_t)methods * CE_METHOD_DWORDS, &cb->b) < 0)
		return -1;
	cb->rp = (struct refgen_pushbuf){ cb->b.p, cb->b.end, false };
	return 0;
}

static int ce_batch_end(struct ce_batch *cb)
{
	cb->b.p = cb->rp.cur;
	if (cb->rp.overflow) {
		nvrt_pb_batch_fail(cb->b.pb, NVRT_CE_SUBCH, 0, 1, (size_t)(cb->b.end - cb->rp.cur));
		cb->b.failed = true;
	}
	return nvrt_pb_batch_end(&cb->b);
}

static int ce_push_object(struct nvrt_pb *pb, uint32_t subch)
{
	NVRT_HOST_CLASS_FN(set_object_t) o = { 0 };
	struct ce_batch cb;

	if (ce_batch_begin(&cb, pb, 1) < 0)
		return -1;
	o = NVRT_HOST_CLASS_FN(set_set_object_nvclass)(o, NVRT_CHIP_CE_CLASS);
	NVRT_HOST_CLASS_FN(push_set_object)(&cb.rp, subch, o);
	return ce_batch_end(&cb);
}

/* The address methods' halves: VA bits 63:32 into UPPER (its width checked), 31:0. */
static void ce_push_offsets(struct ce_batch *cb, uint32_t subch, uint64_t src, uint64_t dst,
			    bool with_src)
{
	if (with_src) {
		CE(push_offset_in_upper)(&cb->rp, subch,
			CE(set_offset_in_upper_upper)((CE(offset_in_upper_t)){ 0 }, src >> 32));
		CE(push_offset_in_lower)(&cb->rp, subch,
			CE(set_offset_in_lower_value)((CE(offset_in_lower_t)){ 0 }, (uint32_t)src));
	}
	CE(push_offset_out_upper)(&cb->rp, subch,
		CE(set_offset_out_upper_upper)((CE(offset_out_upper_t)){ 0 }, dst >> 32));
	CE(push_offset_out_lower)(&cb->rp, subch,
		CE(set_offset_out_lower_value)((CE(offset_out_lower_t)){ 0 }, (uint32_t)dst));
}

/* LINE_LENGTH_IN, and for more than one line LINE_COUNT and the pitches. */
static void ce_push_lines(struct ce_batch *cb, uint32_t subch, uint32_t length, uint32_t lines,
			  uint32_t pitch_in, uint32_t pitch_out)
{
	CE(push_line_length_in)(&cb->rp, subch,
		CE(set_line_length_in_value)((CE(line_length_in_t)){ 0 }, length));
	if (lines <= 1)
		return;
	CE(push_line_count)(&cb->rp, subch, CE(set_line_count_value)((CE(line_count_t)){ 0 }, lines));
	CE(push_pitch_in)(&cb->rp, subch, CE(set_pitch_in_value)((CE(pitch_in_t)){ 0 }, pitch_in));
	CE(push_pitch_out)(&cb->rp, subch, CE(set_pitch_out_value)((CE(pitch_out_t)){ 0 }, pitch_out));
}

/* A launch of pitch-linear virtual memory, flushed, no semaphore; multi-line
 * for more than one line; remap for a fill. */
static CE(launch_dma_t) ce_launch(uint32_t lines, bool remap)
{
	CE(launch_dma_t) v = { 0 };

	v = CE(set_launch_dma_data_transfer_type)(v, CEC(LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED));
	v = CE(set_launch_dma_flush_enable)(v, CEC(LAUNCH_DMA_FLUSH_ENABLE_TRUE));
	v = CE(set_launch_dma_semaphore_type)(v, CEC(LAUNCH_DMA_SEMAPHORE_TYPE_NONE));
	v = CE(set_launch_dma_interrupt_type)(v, CEC(LAUNCH_DMA_INTERRUPT_TYPE_NONE));
	v = CE(set_launch_dma_src_memory_layout)(v, CEC(LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH));
	v = CE(set_launch_dma_dst_memory_layout)(v, CEC(LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH));
	v = CE(set_launch_dma_multi_line_enable)(v, lines > 1 ? CEC(LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE) :
								CEC(LAUNCH_DMA_MULTI_LINE_ENABLE_FALSE));
	v = CE(set_launch_dma_remap_enable)(v, remap ? CEC(LAUNCH_DMA_REMAP_ENABLE_TRUE) :
						       CEC(LAUNCH_DMA_REMAP_ENABLE_FALSE));
	v = CE(set_launch_dma_src_type)(v, CEC(LAUNCH_DMA_SRC_TYPE_VIRTUAL));
	v = CE(set_launch_dma_dst_type)(v, CEC(LAUNCH_DMA_DST_TYPE_VIRTUAL));
	return v;
}

/* Offsets (4), lines (1 or 4), LAUNCH_DMA. */
static int ce_push_copy(struct nvrt_pb *pb, uint32_t subch, const struct nvrt_ce_copy *c)
{
	struct ce_batch cb;

	if (ce_batch_begin(&cb, pb, 4 + (c->lines > 1 ? 4 : 1) + 1) < 0)
		return -1;
	ce_push_offsets(&cb, subch, c->src_va, c->dst_va, true);
	ce_push_lines(&cb, subch, c->line_bytes, c->lines, c->src_pitch, c->dst_pitch);
	CE(push_launch_dma)(&cb.rp, subch, ce_launch(c->lines, false));
	return ce_batch_end(&cb);
}

/* Every element CONST_A's four bytes: LINE_LENGTH_IN counts 4-byte elements. */
static CE(set_remap_components_t) ce_fill_components(void)
{
	CE(set_remap_components_t) r = { 0 };

	r = CE(set_set_remap_components_dst_x)(r, CEC(SET_REMAP_COMPONENTS_DST_X_CONST_A));
	r = CE(set_set_remap_components_dst_y)(r, CEC(SET_REMAP_COMPONENTS_DST_Y_NO_WRITE));
	r = CE(set_set_remap_components_dst_z)(r, CEC(SET_REMAP_COMPONENTS_DST_Z_NO_WRITE));
	r = CE(set_set_remap_components_dst_w)(r, CEC(SET_REMAP_COMPONENTS_DST_W_NO_WRITE));
	r = CE(set_set_remap_components_component_size)(r, CEC(SET_REMAP_COMPONENTS_COMPONENT_SIZE_FOUR));
	r = CE(set_set_remap_components_num_src_components)(r,
			CEC(SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_ONE));
	r = CE(set_set_remap_components_num_dst_components)(r,
			CEC(SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_ONE));
	return r;
}

/* CONST_A, COMPONENTS (2), destination offsets (2), lines (1 or 4), LAUNCH_DMA. */
static int ce_push_fill(struct nvrt_pb *pb, uint32_t subch, const struct nvrt_ce_fill *f)
{
	struct ce_batch cb;

	if (ce_batch_begin(&cb, pb, 2 + 2 + (f->lines > 1 ? 4 : 1) + 1) < 0)
		return -1;
	CE(push_set_remap_const_a)(&cb.rp, subch,
		CE(set_set_remap_const_a_v)((CE(set_remap_const_a_t)){ 0 }, f->value));
	CE(push_set_remap_components)(&cb.rp, subch, ce_fill_components());
	ce_push_offsets(&cb, subch, 0, f->dst_va, false);
	ce_push_lines(&cb, subch, f->words, f->lines, 0, f->dst_pitch);
	CE(push_launch_dma)(&cb.rp, subch, ce_launch(f->lines, true));
	return ce_batch_end(&cb);
}

/* SET_SEMAPHORE_A/B/PAYLOAD, then a launch with no transfer and a one-word release. */
static int ce_push_release(struct nvrt_pb *pb, uint32_t subch, uint64_t va, uint32_t payload)
{
	CE(launch_dma_t) v = { 0 };
	struct ce_batch cb;

	if (ce_batch_begin(&cb, pb, 4) < 0)
		return -1;
	CE(push_set_semaphore_a)(&cb.rp, subch,
		CE(set_set_semaphore_a_upper)((CE(set_semaphore_a_t)){ 0 }, va >> 32));
	CE(push_set_semaphore_b)(&cb.rp, subch,
		CE(set_set_semaphore_b_lower)((CE(set_semaphore_b_t)){ 0 }, (uint32_t)va));
	CE(push_set_semaphore_payload)(&cb.rp, subch,
		CE(set_set_semaphore_payload_payload)((CE(set_semaphore_payload_t)){ 0 }, payload));
	v = CE(set_launch_dma_data_transfer_type)(v, CEC(LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE));
	v = CE(set_launch_dma_flush_enable)(v, CEC(LAUNCH_DMA_FLUSH_ENABLE_TRUE));
	v = CE(set_launch_dma_semaphore_type)(v, CEC(LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE));
	v = CE(set_launch_dma_interrupt_type)(v, CEC(LAUNCH_DMA_INTERRUPT_TYPE_NONE));
	CE(push_launch_dma)(&cb.rp, subch, v);
	return ce_batch_end(&cb);
}

static uint32_t ce_object_class(uint32_t data)
{
	NVRT_HOST_CLASS_FN(set_object_t) o = { data };

	return (uint32_t)NVRT_HOST_CLASS_FN(get_set_object_nvclass)(o);
}

const struct nvrt_chip_ce NVRT_FN(ce) = {
	.class_id = NVRT_CHIP_CE_CLASS,
	.class_name = NVRT_CHIP_CE_CLASS_NAME,
	.push_object = ce_push_object,
	.push_copy = ce_push_copy,
	.push_fill = ce_push_fill,
	.push_release = ce_push_release,
	.method_name = NVRT_FN(ce_method_name),
	.object_method = NVRT_HOST_CLASS_FN(set_object_offset)(),
	.object_class = ce_object_class,
	.method_data_text = NVRT_FN(ce_method_data_text),
};
