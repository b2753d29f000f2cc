/* SPDX-License-Identifier: MIT */
/*
 * The generated class headers' typed builders and push helpers, against
 * values worked out by hand from NVIDIA's class headers (../shared/classes)
 * and the manuals' pushbuffer method header (dev_ram NV_FIFO_DMA_*):
 * constants at compile time (_Static_assert), builders and pushes at run time.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include <gv100/make/clc3b5.h>
#include <gv100/clc36f.h>
#include <ga100/make/clc6b5.h>

/* clc3b5.h:68 NVC3B5_LAUNCH_DMA (0x300); :69 DATA_TRANSFER_TYPE 1:0, :72 NON_PIPELINED 2 */
_Static_assert(c3b5_launch_dma_offset() == 0x300u, "LAUNCH_DMA offset");
_Static_assert(C3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED == 2, "NON_PIPELINED");
_Static_assert(C3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_FIELD_SHIFT == 0u &&
	       C3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_FIELD_WIDTH == 2u, "DATA_TRANSFER_TYPE 1:0");
/* clc3b5.h:93 MULTI_LINE_ENABLE 9:9 */
_Static_assert(C3B5_LAUNCH_DMA_MULTI_LINE_ENABLE_FIELD_MASK == 0x200u, "MULTI_LINE_ENABLE 9:9");
_Static_assert(C3B5_VOLTA_DMA_COPY_A == 0xc3b5u, "clc3b5.h:33");
/* clc36f.h:68-70 SET_OBJECT 0x0: NVCLASS 15:0, ENGINE 20:16 */
_Static_assert(c36f_set_object_offset() == 0u && C36F_SET_OBJECT_ENGINE_FIELD_SHIFT == 16u,
	       "SET_OBJECT");
/*
 * The INC_METHOD header of one method (gv100 dev_ram.ref.txt:1004-1021; ga100
 * :1032-1048 the same): SEC_OP 31:29 = 1, METHOD_COUNT 28:16 = 1,
 * METHOD_SUBCHANNEL 15:13, METHOD_ADDRESS 11:0 = offset >> 2.
 * LAUNCH_DMA on subchannel 4: 0x20000000 | 0x10000 | 4 << 13 | 0x300 >> 2.
 */
_Static_assert(C3B5_PUSH_HEADER(4, 0x300) == 0x200180c0u, "LAUNCH_DMA header");
_Static_assert(C6B5_PUSH_HEADER(4, 0x300) == 0x200180c0u, "ga100 LAUNCH_DMA header");
_Static_assert(C36F_PUSH_HEADER(0, 0x0) == 0x20010000u, "SET_OBJECT header");

/* A pitch copy's LAUNCH_DMA (design/ce-facts.md): NON_PIPELINED (2), FLUSH
 * (bit 2), SRC/DST PITCH (bits 7, 8), MULTI_LINE (bit 9): 0x386. */
static void test_builder(void **state)
{
	(void)state;
	c3b5_launch_dma_t v = c3b5_make_launch_dma(
		.data_transfer_type = C3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED,
		.flush_enable = C3B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE,
		.src_memory_layout = C3B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH,
		.dst_memory_layout = C3B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH,
		.multi_line_enable = C3B5_LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE);

	assert_int_equal(v.v, 0x386);
	assert_int_equal(c3b5_get_launch_dma_data_transfer_type(v),
			 C3B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED);
	c6b5_launch_dma_t w = { 0 };
	w = c6b5_set_launch_dma_data_transfer_type(w, C6B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED);
	assert_int_equal(w.v, 2);
}

/* Pushes land as the hand-packed dwords; one that does not fit writes nothing. */
static void test_push(void **state)
{
	(void)state;
	uint32_t mem[5];
	struct refgen_pushbuf pb = { mem, mem + 4, false };
	c36f_set_object_t obj = c36f_set_set_object_nvclass((c36f_set_object_t){ 0 }, 0xc3b5);
	c3b5_launch_dma_t launch = { 0x386 };

	memset(mem, 0xee, sizeof(mem));
	assert_int_equal(c36f_push_set_object(&pb, 4, obj), 0);
	assert_int_equal(c3b5_push_launch_dma(&pb, 4, launch), 0);
	/* SET_OBJECT on subchannel 4: 0x20000000 | 0x10000 | 0x8000 | 0 */
	assert_int_equal(mem[0], 0x20018000);
	assert_int_equal(mem[1], 0xc3b5);
	assert_int_equal(mem[2], 0x200180c0);
	assert_int_equal(mem[3], 0x386);
	assert_ptr_equal(pb.cur, mem + 4);
	assert_false(pb.overflow);
	assert_int_equal(c3b5_push_launch_dma(&pb, 4, launch), -1);
	assert_true(pb.overflow);
	assert_ptr_equal(pb.cur, mem + 4);
	assert_int_equal(mem[4], 0xeeeeeeee);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builder),
		cmocka_unit_test(test_push),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
