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
 */
#include <stdbool.h>

#include "nvrt/chip.h"
#include "nvrt/pushbuf.h"

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
	c->pb_header_decode(w, &h);
	if (h.op == NVRT_PB_INVALID)
		return;
	if (c->pb_header_encode(&h, &enc, &err) < 0)
		fuzz_fail("header 0x%08x decodes (op %d) but does not encode: %s", w, (int)h.op, err.msg);
	c->pb_header_decode(enc, &h2);
	if (!fuzz_same_header(&h, &h2))
		fuzz_fail("header 0x%08x -> op %d -> 0x%08x -> op %d: not the same instruction", w,
			  (int)h.op, enc, (int)h2.op);
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
	free(words);
	return 0;
}
