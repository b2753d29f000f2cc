/* SPDX-License-Identifier: MIT */
/*
 * Pushbuffer encodings of one chip: the method headers and control entries
 * of dev_ram "Host Pushbuffer Format (FIFO_DMA)", the data words of the Host
 * methods of dev_pbdma (NV_UDMA_*), and the manual's names for both.
 *
 * Header and data words are numbers here; pushbuf.c stores them in memory.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "hw/chip_hw.h"
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(fields/dev_pbdma)
#include NVRT_CHIP_CE_FIELDS_HEADER
#include "dump/dump.h"

/* A PB entry is one dword, and method addresses count dwords (dev_ram). */
#define PB_DWORD HWC(FIFO_PB_ENTRY_SIZE)

/* One-word FIFO_DMA structures hold the little-endian word the GPU reads. */
#define PB_WORD(s) REFGEN_LE32((s).w[0])
#define PB_STRUCT(word) { { REFGEN_LE32(word) } }

/* ---- method headers -------------------------------------------------------- */

/* A header type's largest field values, and the names of its value field. */
struct pb_limits {
	const char *kind, *what, *field;   /* "INCR", "count", "COUNT" */
	bool method;                       /* has SUBCHANNEL and ADDRESS */
	uint32_t subch, address, value;
};

static inline bool pb_header_fits(const struct pb_limits *l, const struct nvrt_pb_header *h,
				  uint32_t value)
{
	if (l->method && (h->method % PB_DWORD || h->method / PB_DWORD > l->address ||
			  h->subch > l->subch))
		return false;
	return value <= l->value;
}

/*
 * Why a header does not fit.  Cold, and given the limits by value, so that
 * encoding a valid header builds no message arguments at all.
 */
static __attribute__((cold, noinline)) int
pb_header_error(struct pb_limits limits, const struct nvrt_pb_header *h, uint32_t value,
		struct nvrt_err *err)
{
	const struct pb_limits *l = &limits;

	if (l->method && h->method % PB_DWORD)
		return nvrt_err_set(err, "%s header: method 0x%x is not dword aligned "
				    "(NV_FIFO_DMA_%s_ADDRESS holds a dword address)", l->kind,
				    h->method, l->kind);
	if (l->method && h->method / PB_DWORD > l->address)
		return nvrt_err_set(err, "%s header: method 0x%x is beyond NV_FIFO_DMA_%s_ADDRESS "
				    "(dword address 0..0x%x: byte address at most 0x%x)", l->kind,
				    h->method, l->kind, l->address, l->address * PB_DWORD);
	if (l->method && h->subch > l->subch)
		return nvrt_err_set(err, "%s header: subchannel %u does not fit "
				    "NV_FIFO_DMA_%s_SUBCHANNEL (0..%u)", l->kind, h->subch, l->kind,
				    l->subch);
	return nvrt_err_set(err, "%s header: %s 0x%x does not fit NV_FIFO_DMA_%s_%s (%d bits: 0..0x%x)",
			    l->kind, l->what, value, l->kind, l->field, __builtin_popcount(l->value),
			    l->value);
}

/*
 * INCR, NONINCR and ONEINCR share one layout under three names; each is
 * encoded and decoded through its own structure.  A field's largest value
 * comes from its width (HW_FIELD_MAX).
 */
#define PB_METHOD_HEADER(kind, KIND, OP)                                                    \
static int pb_encode_##kind(const struct nvrt_pb_header *h, uint32_t *out,                \
			    struct nvrt_err *err)                                         \
{                                                                                         \
	HW(fifo_dma_##kind##_t) s;                                                        \
	const struct pb_limits l = {                                                      \
		#KIND, "count", "COUNT", true, HW_FIELD_MAX(FIFO_DMA_##KIND##_SUBCHANNEL),   \
		HW_FIELD_MAX(FIFO_DMA_##KIND##_ADDRESS), HW_FIELD_MAX(FIFO_DMA_##KIND##_COUNT) \
	};                                                                                \
	if (__builtin_expect(!pb_header_fits(&l, h, h->count), 0))                        \
		return pb_header_error(l, h, h->count, err);                              \
	memset(&s, 0, sizeof(s));                                                         \
	HW(set_fifo_dma_##kind##_opcode)(&s, HWC(FIFO_DMA_##KIND##_OPCODE_VALUE));        \
	HW(set_fifo_dma_##kind##_count)(&s, h->count);                                    \
	HW(set_fifo_dma_##kind##_subchannel)(&s, h->subch);                               \
	HW(set_fifo_dma_##kind##_address)(&s, h->method / PB_DWORD);                      \
	*out = PB_WORD(s);                                                                \
	return 0;                                                                         \
}                                                                                         \
static void pb_decode_##kind(uint32_t word, struct nvrt_pb_header *h)                     \
{                                                                                         \
	HW(fifo_dma_##kind##_t) s = { { REFGEN_LE32(word), 0 } };                         \
                                                                                          \
	h->op = OP;                                                                       \
	h->count = HW(get_fifo_dma_##kind##_count)(&s);                                   \
	h->subch = HW(get_fifo_dma_##kind##_subchannel)(&s);                              \
	h->method = HW(get_fifo_dma_##kind##_address)(&s) * PB_DWORD;                     \
}

PB_METHOD_HEADER(incr, INCR, NVRT_PB_INCR)
PB_METHOD_HEADER(nonincr, NONINCR, NVRT_PB_NONINCR)
PB_METHOD_HEADER(oneincr, ONEINCR, NVRT_PB_ONEINCR)

static int pb_encode_immd(const struct nvrt_pb_header *h, uint32_t *out, struct nvrt_err *err)
{
	HW(fifo_dma_immd_t) s;
	const struct pb_limits l = {
		"IMMD", "data", "DATA", true, HW_FIELD_MAX(FIFO_DMA_IMMD_SUBCHANNEL),
		HW_FIELD_MAX(FIFO_DMA_IMMD_ADDRESS), HW_FIELD_MAX(FIFO_DMA_IMMD_DATA)
	};
	if (__builtin_expect(!pb_header_fits(&l, h, h->data), 0))
		return pb_header_error(l, h, h->data, err);
	memset(&s, 0, sizeof(s));
	HW(set_fifo_dma_immd_opcode)(&s, HWC(FIFO_DMA_IMMD_OPCODE_VALUE));
	HW(set_fifo_dma_immd_data)(&s, h->data);
	HW(set_fifo_dma_immd_subchannel)(&s, h->subch);
	HW(set_fifo_dma_immd_address)(&s, h->method / PB_DWORD);
	*out = PB_WORD(s);
	return 0;
}

static void pb_decode_immd(uint32_t word, struct nvrt_pb_header *h)
{
	HW(fifo_dma_immd_t) s = PB_STRUCT(word);

	h->op = NVRT_PB_IMMD;
	h->data = HW(get_fifo_dma_immd_data)(&s);
	h->subch = HW(get_fifo_dma_immd_subchannel)(&s);
	h->method = HW(get_fifo_dma_immd_address)(&s) * PB_DWORD;
}

/* SET_ and STORE_SUBDEVICE_MASK: an OPCODE (31:16) and a 12-bit VALUE. */
#define PB_MASK_ENTRY(kind, KIND, OP)                                                       \
static int pb_encode_##kind(const struct nvrt_pb_header *h, uint32_t *out,                \
			    struct nvrt_err *err)                                         \
{                                                                                         \
	HW(fifo_dma_##kind##_t) s;                                                        \
	const struct pb_limits l = {                                                      \
		#KIND, "mask", "VALUE", false, 0, 0, HW_FIELD_MAX(FIFO_DMA_##KIND##_VALUE)   \
	};                                                                                \
	if (!pb_header_fits(&l, h, h->data))                                              \
		return pb_header_error(l, h, h->data, err);                               \
	memset(&s, 0, sizeof(s));                                                         \
	HW(set_fifo_dma_##kind##_opcode)(&s, HWC(FIFO_DMA_##KIND##_OPCODE_VALUE));        \
	HW(set_fifo_dma_##kind##_value)(&s, h->data);                                     \
	*out = PB_WORD(s);                                                                \
	return 0;                                                                         \
}                                                                                         \
static bool pb_decode_##kind(uint32_t word, struct nvrt_pb_header *h)                     \
{                                                                                         \
	HW(fifo_dma_##kind##_t) s = PB_STRUCT(word);                                      \
                                                                                          \
	if (HW(get_fifo_dma_##kind##_opcode)(&s) != HWC(FIFO_DMA_##KIND##_OPCODE_VALUE))  \
		return false;                                                             \
	h->op = OP;                                                                       \
	h->data = HW(get_fifo_dma_##kind##_value)(&s);                                    \
	return true;                                                                      \
}

PB_MASK_ENTRY(set_subdevice_mask, SET_SUBDEVICE_MASK, NVRT_PB_SET_SUBDEVICE_MASK)
PB_MASK_ENTRY(store_subdevice_mask, STORE_SUBDEVICE_MASK, NVRT_PB_STORE_SUBDEVICE_MASK)

static uint32_t pb_encode_use_subdevice_mask(void)
{
	HW(fifo_dma_use_subdevice_mask_t) s = { { 0 } };

	HW(set_fifo_dma_use_subdevice_mask_opcode)(&s, HWC(FIFO_DMA_USE_SUBDEVICE_MASK_OPCODE_VALUE));
	return PB_WORD(s);
}

static uint32_t pb_encode_end_segment(void)
{
	HW(fifo_dma_t) s = { { 0 } };

	HW(set_fifo_dma_endseg_opcode)(&s, HWC(FIFO_DMA_ENDSEG_OPCODE_VALUE));
	return PB_WORD(s);
}

/*
 * Every field is range-checked before it is set, so the accessors'
 * REFGEN_CHECK never fires here: this runs once per pushbuffer op, and
 * skips the hook's per-thread bookkeeping.
 */
int NVRT_FN(pb_header_encode)(const struct nvrt_pb_header *h, uint32_t *out, struct nvrt_err *err)
{
	switch (h->op) {
	case NVRT_PB_INCR:
		return pb_encode_incr(h, out, err);
	case NVRT_PB_NONINCR:
		return pb_encode_nonincr(h, out, err);
	case NVRT_PB_ONEINCR:
		return pb_encode_oneincr(h, out, err);
	case NVRT_PB_IMMD:
		return pb_encode_immd(h, out, err);
	case NVRT_PB_SET_SUBDEVICE_MASK:
		return pb_encode_set_subdevice_mask(h, out, err);
	case NVRT_PB_STORE_SUBDEVICE_MASK:
		return pb_encode_store_subdevice_mask(h, out, err);
	case NVRT_PB_USE_SUBDEVICE_MASK:
		*out = pb_encode_use_subdevice_mask();
		return 0;
	case NVRT_PB_END_SEGMENT:
		*out = pb_encode_end_segment();
		return 0;
	case NVRT_PB_NOP:
		*out = HWC(FIFO_DMA_NOP);
		return 0;
	case NVRT_PB_INVALID:
		break;
	}
	return nvrt_err_set(err, "pushbuffer header type %d is none of the PB instructions of "
			    "NV_FIFO_DMA_SEC_OP/TERT_OP", (int)h->op);
}

static bool pb_decode_use_subdevice_mask(uint32_t word, struct nvrt_pb_header *h)
{
	HW(fifo_dma_use_subdevice_mask_t) s = PB_STRUCT(word);

	if (HW(get_fifo_dma_use_subdevice_mask_opcode)(&s) !=
	    HWC(FIFO_DMA_USE_SUBDEVICE_MASK_OPCODE_VALUE))
		return false;
	h->op = NVRT_PB_USE_SUBDEVICE_MASK;
	return true;
}

/*
 * SEC_OP GRP0_USE_TERT: TERT_OP picks the control entry, whose OPCODE
 * (31:16) must then be exactly its OPCODE_VALUE; TERT_OP 0 is only the
 * universal NOP (word 0).
 */
static void pb_decode_grp0(uint32_t word, struct nvrt_pb_header *h)
{
	HW(fifo_dma_t) s = PB_STRUCT(word);
	bool ok;

	switch (HW(get_fifo_dma_tert_op)(&s)) {
	case HWC(FIFO_DMA_TERT_OP_GRP0_SET_SUB_DEV_MASK):
		ok = pb_decode_set_subdevice_mask(word, h);
		break;
	case HWC(FIFO_DMA_TERT_OP_GRP0_STORE_SUB_DEV_MASK):
		ok = pb_decode_store_subdevice_mask(word, h);
		break;
	case HWC(FIFO_DMA_TERT_OP_GRP0_USE_SUB_DEV_MASK):
		ok = pb_decode_use_subdevice_mask(word, h);
		break;
	default:
		ok = word == HWC(FIFO_DMA_NOP);
		h->op = NVRT_PB_NOP;
		break;
	}
	if (!ok)
		h->op = NVRT_PB_INVALID;
}

void NVRT_FN(pb_header_decode)(uint32_t word, struct nvrt_pb_header *h)
{
	HW(fifo_dma_t) s = PB_STRUCT(word);

	memset(h, 0, sizeof(*h));
	switch (HW(get_fifo_dma_sec_op)(&s)) {
	case HWC(FIFO_DMA_SEC_OP_GRP0_USE_TERT):
		pb_decode_grp0(word, h);
		break;
	case HWC(FIFO_DMA_SEC_OP_INC_METHOD):
		pb_decode_incr(word, h);
		break;
	case HWC(FIFO_DMA_SEC_OP_NON_INC_METHOD):
		pb_decode_nonincr(word, h);
		break;
	case HWC(FIFO_DMA_SEC_OP_IMMD_DATA_METHOD):
		pb_decode_immd(word, h);
		break;
	case HWC(FIFO_DMA_SEC_OP_ONE_INC):
		pb_decode_oneincr(word, h);
		break;
	case HWC(FIFO_DMA_SEC_OP_END_PB_SEGMENT):
		h->op = NVRT_PB_END_SEGMENT;
		break;
	default:    /* RESERVED6 and the values the manual leaves out */
		h->op = NVRT_PB_INVALID;
		break;
	}
}

/* ---- Host method data ---------------------------------------------------------- */

uint32_t NVRT_FN(sem_execute)(unsigned flags)
{
	HW(udma_sem_execute_t) r = { 0 };
	bool release = flags & NVRT_SEM_RELEASE;

	r = HW(set_udma_sem_execute_operation)(r, release ? HWC(UDMA_SEM_EXECUTE_OPERATION_RELEASE) :
					       HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ));
	r = HW(set_udma_sem_execute_payload_size)(r, flags & NVRT_SEM_64BIT ?
						  HWC(UDMA_SEM_EXECUTE_PAYLOAD_SIZE_64BIT) :
						  HWC(UDMA_SEM_EXECUTE_PAYLOAD_SIZE_32BIT));
	/* The WFI and timestamp fields apply to releases only; unused bits stay 0. */
	if (release) {
		r = HW(set_udma_sem_execute_release_wfi)(r, flags & NVRT_SEM_WFI ?
							 HWC(UDMA_SEM_EXECUTE_RELEASE_WFI_EN) :
							 HWC(UDMA_SEM_EXECUTE_RELEASE_WFI_DIS));
		r = HW(set_udma_sem_execute_release_timestamp)(r, flags & NVRT_SEM_TIMESTAMP ?
							       HWC(UDMA_SEM_EXECUTE_RELEASE_TIMESTAMP_EN) :
							       HWC(UDMA_SEM_EXECUTE_RELEASE_TIMESTAMP_DIS));
	}
	return r.v;
}

uint32_t NVRT_FN(membar_sys_op_c)(void)
{
	HW(udma_mem_op_c_t) r = { 0 };

	r = HW(set_udma_mem_op_c_membar_type)(r, HWC(UDMA_MEM_OP_C_MEMBAR_TYPE_SYS_MEMBAR));
	return r.v;
}

uint32_t NVRT_FN(membar_op_d)(void)
{
	HW(udma_mem_op_d_t) r = { 0 };

	r = HW(set_udma_mem_op_d_operation)(r, HWC(UDMA_MEM_OP_D_OPERATION_MEMBAR));
	return r.v;
}

void NVRT_FN(host_methods)(struct nvrt_host_methods *out)
{
	out->nop = HW(udma_nop_offset)();
	out->set_reference = HW(udma_set_ref_offset)();
	out->non_stall_interrupt = HW(udma_non_stall_int_offset)();
	out->sem_addr_lo = HW(udma_sem_addr_lo_offset)();
	out->sem_addr_hi = HW(udma_sem_addr_hi_offset)();
	out->sem_payload_lo = HW(udma_sem_payload_lo_offset)();
	out->sem_payload_hi = HW(udma_sem_payload_hi_offset)();
	out->sem_execute = HW(udma_sem_execute_offset)();
	out->mem_op_a = HW(udma_mem_op_a_offset)();
	out->mem_op_b = HW(udma_mem_op_b_offset)();
	out->mem_op_c = HW(udma_mem_op_c_offset)();
	out->mem_op_d = HW(udma_mem_op_d_offset)();
}

/*
 * The Host method at byte address method: a register of dev_pbdma's NV_UDMA
 * device (the generated descriptors carry every one, with its offset).  The
 * disassembler asks for every data dword, so the search over the
 * descriptors runs once, into a table by dword address.
 */
#define PB_HOST_METHODS ((HWC(UDMA_LIMIT) - HWC(UDMA_BASE)) / PB_DWORD + 1)
static const struct refgen_layout *pb_host_table[PB_HOST_METHODS];
static pthread_once_t pb_host_once = PTHREAD_ONCE_INIT;

static const struct refgen_layout *pb_host_search(uint32_t method)
{
	static const char prefix[] = "NV_UDMA_";

	for (const struct refgen_layout *const *l = HW(dev_pbdma_layouts); *l; l++)
		if ((*l)->offset == method && !(*l)->count &&
		    !strncmp((*l)->name, prefix, sizeof(prefix) - 1))
			return *l;
	return NULL;
}

static void pb_host_table_fill(void)
{
	for (uint32_t i = 0; i < PB_HOST_METHODS; i++)
		pb_host_table[i] = pb_host_search(HWC(UDMA_BASE) + i * PB_DWORD);
}

static const struct refgen_layout *pb_host_layout(uint32_t method)
{
	if (method - HWC(UDMA_BASE) > HWC(UDMA_LIMIT) - HWC(UDMA_BASE) || method % PB_DWORD)
		return NULL;
	pthread_once(&pb_host_once, pb_host_table_fill);
	return pb_host_table[(method - HWC(UDMA_BASE)) / PB_DWORD];
}

const char *NVRT_FN(host_method_name)(uint32_t method)
{
	const struct refgen_layout *l = pb_host_layout(method);

	return l ? l->name : NULL;
}

static uint32_t pb_field_mask(const struct refgen_field *f)
{
	return (uint32_t)(f->width >= 32 ? ~0u : (1u << f->width) - 1) << f->lo;
}

/* Bits of SEM_EXECUTE's PAYLOAD_SIZE: what clearing it clears. */
static uint32_t pb_sem_payload_size_mask(void)
{
	return HWC(UDMA_SEM_EXECUTE_PAYLOAD_SIZE_FIELD_MASK);
}

/*
 * Fields shown even when 0: a method's first field with named values (the
 * operation or type that gives the rest their meaning), and SEM_EXECUTE's
 * PAYLOAD_SIZE, which every semaphore operation uses.
 */
static const struct refgen_field *pb_first_named_field(const struct refgen_layout *l)
{
	for (uint32_t i = 0; i < l->nfields; i++)
		if (l->fields[i].nvalues)
			return &l->fields[i];
	return NULL;
}

static bool pb_field_always(const struct refgen_layout *l, const struct refgen_field *f)
{
	if (f == pb_first_named_field(l))
		return true;
	return l->offset == HW(udma_sem_execute_offset)() && pb_field_mask(f) == pb_sem_payload_size_mask();
}

/* Text into buf[0..cap), always NUL-terminated and cut short when full. */
struct pb_text {
	char *buf;
	size_t len, cap;
};

static void pb_text_put(struct pb_text *t, const char *s, size_t n)
{
	if (n > t->cap - 1 - t->len)
		n = t->cap - 1 - t->len;
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

static void pb_text_hex(struct pb_text *t, uint64_t v, int width)
{
	char d[20], *p = d + sizeof(d);

	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
		width--;
	} while (v || width > 0);
	*--p = 'x';
	*--p = '0';
	pb_text_put(t, p, (size_t)(d + sizeof(d) - p));
}

/* A field of a one-word method's data (the descriptors' getter goes bit by bit). */
static uint64_t pb_field_get(const struct refgen_field *f, uint32_t data)
{
	if (f->lo + f->width <= 32)
		return (data & pb_field_mask(f)) >> f->lo;
	return refgen_field_value(f, &data);
}

static void pb_field_print(const struct refgen_layout *l, size_t lname, const struct refgen_field *f,
			   uint32_t data, bool first, struct pb_text *t)
{
	uint64_t v = pb_field_get(f, data);
	const char *vname = nvrt_dump_value_suffix(f, v);
	const char *fname = !strncmp(f->name, l->name, lname) && f->name[lname] == '_' ?
			    f->name + lname + 1 : f->name;

	if (!first)
		pb_text_put(t, " ", 1);
	pb_text_put(t, fname, strlen(fname));
	pb_text_put(t, "=", 1);
	if (vname)
		pb_text_put(t, vname, strlen(vname));
	else
		pb_text_hex(t, v, 1);
}

/*
 * A method's fields in bit order (nvrt_dump_field_order), worked out once per
 * method: a few cached per thread by the layout's address, so a stream of
 * the same few methods sorts nothing per dword.  NULL: keep the manual's.
 */
#define PB_ORDER_SLOTS 16
#define PB_ORDER_FIELDS 32

static const uint16_t *pb_layout_order(const struct refgen_layout *l)
{
	static _Thread_local struct {
		const struct refgen_layout *l;
		uint16_t order[PB_ORDER_FIELDS];
	} cache[PB_ORDER_SLOTS];
	size_t slot = ((uintptr_t)l / sizeof(*l)) % PB_ORDER_SLOTS;

	if (l->nfields > PB_ORDER_FIELDS)
		return NULL;
	if (cache[slot].l != l) {
		uint16_t order[NVRT_DUMP_ORDER_MAX];

		nvrt_dump_field_order(l, order);
		memcpy(cache[slot].order, order, l->nfields * sizeof(order[0]));
		cache[slot].l = l;
	}
	return cache[slot].order;
}

/*
 * "FIELD=VALUE ..." in bit order, high to low: the fields that are not 0 and
 * those pb_field_always names (the manual's first field when nothing else
 * shows), then any bits no field covers.  Nothing for a method that is not a
 * Host method.  Returns the length written to buf (cap > 0).
 */
static size_t pb_layout_text(const struct refgen_layout *l, uint32_t data, char *buf, size_t cap)
{
	struct pb_text t = { buf, 0, cap };
	uint32_t covered = 0;
	bool first = true;
	size_t lname;
	const uint16_t *order;

	buf[0] = '\0';
	if (!l)
		return 0;
	lname = strlen(l->name);
	order = pb_layout_order(l);
	for (uint32_t k = 0; k < l->nfields; k++) {
		const struct refgen_field *f = &l->fields[order ? order[k] : k];

		covered |= pb_field_mask(f);
		if (pb_field_get(f, data) || pb_field_always(l, f)) {
			pb_field_print(l, lname, f, data, first, &t);
			first = false;
		}
	}
	if (first && l->nfields) {
		pb_field_print(l, lname, &l->fields[0], data, true, &t);
		first = false;
	}
	if (data & ~covered) {
		if (!first)
			pb_text_put(&t, " ", 1);
		pb_text_put(&t, "UNDEFINED_BITS=", 15);
		pb_text_hex(&t, data & ~covered, 8);
	}
	return t.len;
}

size_t NVRT_FN(host_method_data_text)(uint32_t method, uint32_t data, char *buf, size_t cap)
{
	return pb_layout_text(pb_host_layout(method), data, buf, cap);
}

/* The copy-engine class's method at byte offset method (its generated field
 * descriptors), or NULL when the class defines none there. */
static const struct refgen_layout *pb_ce_layout(uint32_t method)
{
	for (const struct refgen_layout *const *l = NVRT_CHIP_CE_LAYOUTS; *l; l++)
		if ((*l)->offset == method)
			return *l;
	return NULL;
}

const char *NVRT_FN(ce_method_name)(uint32_t method)
{
	const struct refgen_layout *l = pb_ce_layout(method);

	return l ? l->name : NULL;
}

size_t NVRT_FN(ce_method_data_text)(uint32_t method, uint32_t data, char *buf, size_t cap)
{
	return pb_layout_text(pb_ce_layout(method), data, buf, cap);
}

void NVRT_FN(host_method_data_dump)(uint32_t method, uint32_t data, FILE *out)
{
	char buf[1024];
	size_t n = NVRT_FN(host_method_data_text)(method, data, buf, sizeof(buf));

	fwrite(buf, 1, n, out);
}
