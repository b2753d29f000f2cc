/* SPDX-License-Identifier: MIT */
#include <gv100/make/clc3b5.h>

/* A 1D copy of n bytes (virtual addresses) on subchannel 4, 9 methods. */
static int push_copy(struct refgen_pushbuf *pb, uint64_t src, uint64_t dst, uint32_t n)
{
	int rc = 0;

	rc |= c3b5_push_offset_in_upper(pb, 4, (c3b5_offset_in_upper_t){ (uint32_t)(src >> 32) });
	rc |= c3b5_push_offset_in_lower(pb, 4, (c3b5_offset_in_lower_t){ (uint32_t)src });
	rc |= c3b5_push_offset_out_upper(pb, 4, (c3b5_offset_out_upper_t){ (uint32_t)(dst >> 32) });
	rc |= c3b5_push_offset_out_lower(pb, 4, (c3b5_offset_out_lower_t){ (uint32_t)dst });
	rc |= c3b5_push_line_length_in(pb, 4, (c3b5_line_length_in_t){ n });
	rc |= c3b5_push_line_count(pb, 4, (c3b5_line_count_t){ 1 });
	rc |= c3b5_push_launch_dma(pb, 4, c3b5_make_launch_dma(
		.data_transfer_type = C3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED,
		.flush_enable = C3B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE,
		.src_memory_layout = C3B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH,
		.dst_memory_layout = C3B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH));
	return rc;
}
