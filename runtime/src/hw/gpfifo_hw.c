/* SPDX-License-Identifier: MIT */
/*
 * GP entries of one chip (dev_pbdma NV_PPBDMA_GP_ENTRY0/1; PRIV is the
 * generation's, hw/<generation>/gp_entry_<generation>.c): where a pushbuffer segment is and how long it is, or,
 * with LENGTH 0, a control entry with an OPCODE.
 */
#include <string.h>

#include "hw/chip_hw.h"
#include "nvrt/gpfifo.h"
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)

typedef HW(ppbdma_gp_entry0_t) gp_entry0_t;
typedef HW(ppbdma_gp_entry1_t) gp_entry1_t;

/* ENTRY0_GET is the dword address of the segment (a PB entry is a dword). */
#define GP_PB_DWORD HWC(FIFO_PB_ENTRY_SIZE)

/* Largest values, from the fields' widths. */
static uint32_t gp_get_hi_max(void)
{
	return HW_FIELD_MAX(PPBDMA_GP_ENTRY1_GET_HI);
}

static uint32_t gp_length_max(void)
{
	return HW_FIELD_MAX(PPBDMA_GP_ENTRY1_LENGTH);
}

/* Byte addresses are (GET_HI << 32) + (GET << 2): GET_HI is the high word. */
static uint64_t gp_va_limit(void)
{
	return ((uint64_t)gp_get_hi_max() + 1) << 32;
}

static int gp_check_segment(const struct nvrt_gp_entry *e, struct nvrt_err *err)
{
	uint64_t limit = gp_va_limit();

	if (e->va % GP_PB_DWORD)
		return nvrt_err_set(err, "GP entry: segment VA 0x%llx is not 4-byte aligned "
				    "(NV_PPBDMA_GP_ENTRY0_GET holds a dword address)",
				    (unsigned long long)e->va);
	if (e->va >= limit)
		return nvrt_err_set(err, "GP entry: segment VA 0x%llx is not below 0x%llx "
				    "(NV_PPBDMA_GP_ENTRY1_GET_HI holds VA bits 39:32)",
				    (unsigned long long)e->va, (unsigned long long)limit);
	if (e->length > gp_length_max())
		return nvrt_err_set(err, "GP entry: length %u dwords does not fit "
				    "NV_PPBDMA_GP_ENTRY1_LENGTH (at most %u)", e->length, gp_length_max());
	/* PUT, the dword after the segment, must be an address too. */
	if (e->va + (uint64_t)e->length * GP_PB_DWORD >= limit)
		return nvrt_err_set(err, "GP entry: segment 0x%llx + %u dwords reaches the end of the "
				    "VA space (dev_pbdma: its last dword is unusable; "
				    "NV_PPBDMA_INTR_0_GPENTRY)", (unsigned long long)e->va, e->length);
	if (e->opcode != NVRT_GP_OP_NOP)
		return nvrt_err_set(err, "GP entry: an OPCODE needs LENGTH 0 (a control entry); "
				    "bits 7:0 of a segment entry are NV_PPBDMA_GP_ENTRY1_GET_HI");
	return 0;
}

static int gp_encode_segment(const struct nvrt_gp_entry *e, gp_entry0_t *w0, gp_entry1_t *w1,
			     struct nvrt_err *err)
{
	if (gp_check_segment(e, err))
		return -1;
	*w0 = HW(set_ppbdma_gp_entry0_get)(*w0, (uint32_t)e->va / GP_PB_DWORD);
	*w0 = HW(set_ppbdma_gp_entry0_fetch)(*w0, e->conditional ?
					     HWC(PPBDMA_GP_ENTRY0_FETCH_CONDITIONAL) :
					     HWC(PPBDMA_GP_ENTRY0_FETCH_UNCONDITIONAL));
	*w1 = HW(set_ppbdma_gp_entry1_get_hi)(*w1, (uint32_t)(e->va >> 32));
	*w1 = HW(set_ppbdma_gp_entry1_length)(*w1, e->length);
	return 0;
}

static int gp_opcode_encode(enum nvrt_gp_opcode op, uint32_t *out, struct nvrt_err *err)
{
	switch (op) {
	case NVRT_GP_OP_NOP:
		*out = HWC(PPBDMA_GP_ENTRY1_OPCODE_NOP);
		return 0;
	case NVRT_GP_OP_ILLEGAL:
		*out = HWC(PPBDMA_GP_ENTRY1_OPCODE_ILLEGAL);
		return 0;
	case NVRT_GP_OP_GP_CRC:
		*out = HWC(PPBDMA_GP_ENTRY1_OPCODE_GP_CRC);
		return 0;
	case NVRT_GP_OP_PB_CRC:
		*out = HWC(PPBDMA_GP_ENTRY1_OPCODE_PB_CRC);
		return 0;
	}
	return nvrt_err_set(err, "GP entry: opcode %d is none of NV_PPBDMA_GP_ENTRY1_OPCODE_*", (int)op);
}

/* The operand of a control entry (the CRC for GP_CRC and PB_CRC) is va. */
static int gp_encode_control(const struct nvrt_gp_entry *e, gp_entry0_t *w0, gp_entry1_t *w1,
			     struct nvrt_err *err)
{
	uint32_t op = 0;

	if (gp_opcode_encode(e->opcode, &op, err))
		return -1;
	if (e->va > UINT32_MAX)
		return nvrt_err_set(err, "GP control entry: operand 0x%llx does not fit "
				    "NV_PPBDMA_GP_ENTRY0_OPERAND (32 bits)", (unsigned long long)e->va);
	if (e->conditional)
		return nvrt_err_set(err, "GP control entry: FETCH_CONDITIONAL is a segment option; "
				    "a control entry's bit 0 is part of NV_PPBDMA_GP_ENTRY0_OPERAND");
	*w0 = HW(set_ppbdma_gp_entry0_operand)(*w0, (uint32_t)e->va);
	*w1 = HW(set_ppbdma_gp_entry1_length)(*w1, HWC(PPBDMA_GP_ENTRY1_LENGTH_CONTROL));
	*w1 = HW(set_ppbdma_gp_entry1_opcode)(*w1, op);
	return 0;
}

int NVRT_FN(gp_entry_encode)(const struct nvrt_gp_entry *e, uint32_t out[2], struct nvrt_err *err)
{
	gp_entry0_t w0 = { 0 };
	gp_entry1_t w1 = { 0 };

	nvrt_hw_check_reset();
	if (e->length ? gp_encode_segment(e, &w0, &w1, err) : gp_encode_control(e, &w0, &w1, err))
		return -1;
	/* SYNC applies to control entries too (dev_pbdma). */
	w1 = HW(set_ppbdma_gp_entry1_sync)(w1, e->sync_wait ? HWC(PPBDMA_GP_ENTRY1_SYNC_WAIT) :
					   HWC(PPBDMA_GP_ENTRY1_SYNC_PROCEED));
	w1 = HW(set_ppbdma_gp_entry1_level)(w1, e->subroutine ? HWC(PPBDMA_GP_ENTRY1_LEVEL_SUBROUTINE) :
					    HWC(PPBDMA_GP_ENTRY1_LEVEL_MAIN));
	if (nvrt_hw_check_result(err, "GP entry") || NVRT_FN(gp_entry1_priv_set)(&w1.v, e->priv, err))
		return -1;
	out[0] = w0.v;
	out[1] = w1.v;
	return 0;
}

/* An opcode the manual does not define acts as ILLEGAL (INTR_0_GPENTRY). */
static enum nvrt_gp_opcode gp_opcode_decode(uint32_t op)
{
	switch (op) {
	case HWC(PPBDMA_GP_ENTRY1_OPCODE_NOP):
		return NVRT_GP_OP_NOP;
	case HWC(PPBDMA_GP_ENTRY1_OPCODE_GP_CRC):
		return NVRT_GP_OP_GP_CRC;
	case HWC(PPBDMA_GP_ENTRY1_OPCODE_PB_CRC):
		return NVRT_GP_OP_PB_CRC;
	default:
		return NVRT_GP_OP_ILLEGAL;
	}
}

void NVRT_FN(gp_entry_decode)(const uint32_t in[2], struct nvrt_gp_entry *e)
{
	gp_entry0_t w0 = { in[0] };
	gp_entry1_t w1 = { in[1] };

	memset(e, 0, sizeof(*e));
	e->length = (uint32_t)HW(get_ppbdma_gp_entry1_length)(w1);
	e->sync_wait = HW(get_ppbdma_gp_entry1_sync)(w1) == HWC(PPBDMA_GP_ENTRY1_SYNC_WAIT);
	e->subroutine = HW(get_ppbdma_gp_entry1_level)(w1) == HWC(PPBDMA_GP_ENTRY1_LEVEL_SUBROUTINE);
	e->priv = NVRT_FN(gp_entry1_priv_get)(w1.v);
	if (e->length == HWC(PPBDMA_GP_ENTRY1_LENGTH_CONTROL)) {
		e->va = HW(get_ppbdma_gp_entry0_operand)(w0);
		e->opcode = gp_opcode_decode(HW(get_ppbdma_gp_entry1_opcode)(w1));
		return;
	}
	e->va = (uint64_t)HW(get_ppbdma_gp_entry1_get_hi)(w1) << 32 |
		(uint64_t)HW(get_ppbdma_gp_entry0_get)(w0) * GP_PB_DWORD;
	e->conditional = HW(get_ppbdma_gp_entry0_fetch)(w0) == HWC(PPBDMA_GP_ENTRY0_FETCH_CONDITIONAL);
}
