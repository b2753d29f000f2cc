/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the pushbuffer disassembler (nvrt_pb_decode, what `nvrt
 * decode pushbuffer` prints), and the chip's method-header codec under it.
 *
 * Input: raw little-endian pushbuffer memory, as `nvrt layout` writes
 * pushbuffer.bin; a trailing partial dword is dropped, as the tool does.
 *
 * Properties (a violation aborts), for every dword taken as a header:
 *  - a word that decodes to a PB instruction encodes again (its fields came
 *    out of a header, so they fit one), and that encoding decodes to the same
 *    instruction.
 *  - GV100's inline encoders (nvrt/pushbuf_chip.h), fed the input's words as
 *    (subchannel, method, count) triples, never write outside the batch
 *    they reserved nor past the buffer (canaries around both), and a batch
 *    commits only when every op fitted.
 */
#include <stdbool.h>

#include "nvrt/chip.h"
#include "nvrt/pushbuf.h"
#include "nvrt/pushbuf_gv100.h"

#include "fuzz.h"

static bool fuzz_same_header(const struct nvrt_pb_header *a, const struct nvrt_pb_header *b)
{
	if (a->op != b->op)
		return false;
	switch (a->op) {
	case NVRT_PB_INCR:
	case NVRT_PB_NONINCR:
	case NVRT_PB_ONEINCR:
		return a->subch == b->subch && a->method == b->method && a->count == b->count;
	case NVRT_PB_IMMD:
		return a->subch == b->subch && a->method == b->method && a->data == b->data;
	case NVRT_PB_SET_SUBDEVICE_MASK:
	case NVRT_PB_STORE_SUBDEVICE_MASK:
		return a->data == b->data;
	default:
		return true;
	}
}

static void fuzz_header_roundtrip(const struct nvrt_chip *c, uint32_t w)
{
	struct nvrt_pb_header h, h2;
	struct nvrt_err err = { "" };
	uint32_t enc = 0;

	memset(&h, 0, sizeof(h));
	memset(&h2, 0, sizeof(h2));
	c->pushbuf->pb_header_decode(w, &h);
	if (h.op == NVRT_PB_INVALID)
		return;
	if (c->pushbuf->pb_header_encode(&h, &enc, &err) < 0)
		fuzz_fail("header 0x%08x decodes (op %d) but does not encode: %s", w, (int)h.op, err.msg);
	c->pushbuf->pb_header_decode(enc, &h2);
	if (!fuzz_same_header(&h, &h2))
		fuzz_fail("header 0x%08x -> op %d -> 0x%08x -> op %d: not the same instruction", w,
			  (int)h.op, enc, (int)h2.op);
}

#define FUZZ_CANARY 0xdeadbeefu

static void fuzz_inline_encoders(const uint32_t *w, size_t n)
{
	uint32_t mem[40], payload[8191] = { 0 };
	struct nvrt_pb pb;
	struct nvrt_pb_batch b;
	size_t room = n ? w[0] % 24 : 0;

	for (size_t i = 0; i < 40; i++)
		mem[i] = FUZZ_CANARY;
	nvrt_pb_init(&pb, nvrt_chip_find("gv100"), mem + 4, 32 * sizeof(uint32_t));
	pb.len = n > 1 ? w[1] % 8 : 0;
	if (nvrt_pb_batch_begin(&pb, room, &b) == 0) {
		for (size_t i = 2; i + 2 < n; i += 3)
			nvrt_gv100_pb_batch_incr(&b, w[i] % 10, w[i + 1] % 0x10000, payload, w[i + 2] % 24);
		bool ok = !b.failed;
		size_t before = pb.len;
		if ((nvrt_pb_batch_end(&b) == 0) != ok || (!ok && pb.len != before) || pb.len > before + room)
			fuzz_fail("batch of %zu dwords: committed %zu -> %zu (ok %d)", room, before, pb.len, ok);
		for (size_t i = 4 + before + room; i < 40; i++)
			if (mem[i] != FUZZ_CANARY && i >= 4 + pb.len)
				fuzz_fail("batch wrote dword %zu past its room", i - 4);
	}
	for (size_t i = 2; i + 2 < n; i += 3)
		nvrt_gv100_pb_incr(&pb, w[i] % 10, w[i + 1] % 0x10000, payload, w[i + 2] % 24);
	for (size_t i = 0; i < 4; i++)
		if (mem[i] != FUZZ_CANARY || mem[36 + i] != FUZZ_CANARY)
			fuzz_fail("inline encoder wrote outside the buffer");
	if (pb.len > pb.cap)
		fuzz_fail("pushbuffer length %zu past its %zu dwords", pb.len, pb.cap);
}

/*
 * The library's method encoder (nvrt_pb_method, inline, and the external
 * definition behind it) against its full-check path, nvrt_pb_method_slow,
 * on the same ops: the same results, lengths, overflow and words, and
 * nothing written outside the buffer.
 */
static void fuzz_library_encoders(const uint32_t *w, size_t n)
{
	uint32_t mem[40], ref[40], payload[24];
	struct nvrt_pb pb, pr;

	for (size_t i = 0; i < 40; i++)
		mem[i] = ref[i] = FUZZ_CANARY;
	for (uint32_t i = 0; i < 24; i++)
		payload[i] = 0x01010101u * (i + 1);
	nvrt_pb_init(&pb, nvrt_chip_find("gv100"), mem + 4, 32 * sizeof(uint32_t));
	nvrt_pb_init(&pr, nvrt_chip_find("gv100"), ref + 4, 32 * sizeof(uint32_t));
	pb.len = pr.len = n > 1 ? w[1] % 8 : 0;
	for (size_t i = 2; i + 2 < n; i += 3) {
		enum nvrt_pb_op op = (enum nvrt_pb_op)((w[i] >> 8) % 3);
		uint32_t subch = w[i] % 10, method = w[i + 1] % 0x10000, count = w[i + 2] % 24;
		const uint32_t *data = (w[i + 2] >> 8) % 16 ? payload : NULL;
		int a = nvrt_pb_method(&pb, op, subch, method, data, count);
		int r = nvrt_pb_method_slow(&pr, op, subch, method, data, count);

		if (a != r || pb.len != pr.len || pb.overflow != pr.overflow)
			fuzz_fail("op %d subch %u method 0x%x count %u: %d len %zu, the full check %d len %zu",
				  (int)op, subch, method, count, a, pb.len, r, pr.len);
	}
	if (memcmp(mem, ref, sizeof(mem)))
		fuzz_fail("the library's encoder and its full check wrote different words");
	for (size_t i = 0; i < 4; i++)
		if (mem[i] != FUZZ_CANARY || mem[36 + i] != FUZZ_CANARY)
			fuzz_fail("library encoder wrote outside the buffer");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct nvrt_chip *c = nvrt_chip_find("gv100");
	size_t n = size / 4;
	uint32_t *words;

	if (!c)
		abort();
	words = fuzz_dup(data, n * 4);
	nvrt_pb_decode(c, words, n, fuzz_null());
	for (size_t i = 0; i < n; i++)
		fuzz_header_roundtrip(c, words[i]);
	fuzz_inline_encoders(words, n);
	fuzz_library_encoders(words, n);
	free(words);
	return 0;
}
