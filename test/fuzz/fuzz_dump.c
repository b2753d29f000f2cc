/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the chip's memory dumps -- runlist_dump, ramin_dump,
 * userd_dump (what `nvrt decode runlist|ramin|userd` print) -- and the GP
 * entry codec (gp_entry_decode / gp_entry_encode, `nvrt decode gpfifo`).
 *
 * Input: one selector byte, then raw little-endian memory:
 *   selector % 4 == 0  runlist: as many 16-byte entries as the rest holds
 *                   1  instance block (RAMIN + RAMFC): zero-padded to 4 KiB
 *                   2  USERD: zero-padded to its 512 bytes
 *                   3  GPFIFO: as many 8-byte GP entries as the rest holds
 * The runlist is handed over in a buffer of exactly its entries, so a dump
 * that reads past the count is caught.
 *
 * Properties (a violation aborts), for every GP entry:
 *  - a decoded entry that encodes again decodes to the same entry.
 */
#include <stdbool.h>

#include "nvrt/chip.h"
#include "nvrt/gpfifo.h"

#include "fuzz.h"

static bool fuzz_same_gp(const struct nvrt_gp_entry *a, const struct nvrt_gp_entry *b)
{
	return a->va == b->va && a->length == b->length && a->subroutine == b->subroutine &&
	       a->sync_wait == b->sync_wait && a->conditional == b->conditional &&
	       a->priv == b->priv && a->opcode == b->opcode;
}

static void fuzz_gpfifo(const struct nvrt_chip *c, const uint8_t *data, size_t size)
{
	size_t n = size / 8;
	uint32_t *w = fuzz_dup(data, n * 8);

	for (size_t i = 0; i < n; i++) {
		struct nvrt_gp_entry e, e2;
		struct nvrt_err err = { "" };
		uint32_t enc[2];

		c->gpfifo->gp_entry_decode(w + 2 * i, &e);
		fprintf(fuzz_null(), "GP entry %zu: va 0x%llx length %u opcode %d\n", i,
			(unsigned long long)e.va, e.length, (int)e.opcode);
		if (c->gpfifo->gp_entry_encode(&e, enc, &err) < 0)
			continue;   /* e.g. a segment whose end is the VA space's last dword */
		c->gpfifo->gp_entry_decode(enc, &e2);
		if (!fuzz_same_gp(&e, &e2))
			fuzz_fail("GP entry %08x %08x -> %08x %08x decodes differently", w[2 * i],
				  w[2 * i + 1], enc[0], enc[1]);
	}
	free(w);
}

/* size bytes of data, zero-padded to bytes. */
static void *fuzz_padded(const uint8_t *data, size_t size, size_t bytes)
{
	uint8_t *p = calloc(1, bytes);

	if (!p)
		abort();
	memcpy(p, data, size < bytes ? size : bytes);
	return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct nvrt_chip *c = nvrt_chip_find("gv100");
	void *buf;

	if (!c)
		abort();
	if (size < 1)
		return 0;
	uint8_t sel = data[0] % 4;
	data++;
	size--;
	switch (sel) {
	case 0: {
		uint32_t n = (uint32_t)(size / c->formats->runlist_entry_bytes);

		buf = fuzz_dup(data, (size_t)n * c->formats->runlist_entry_bytes);
		c->dump->runlist_dump(buf, n, fuzz_null());
		free(buf);
		break;
	}
	case 1:
		buf = fuzz_padded(data, size, c->formats->instance_bytes);
		c->dump->ramin_dump(buf, fuzz_null());
		free(buf);
		break;
	case 2:
		buf = fuzz_padded(data, size, c->formats->userd_bytes);
		c->dump->userd_dump(buf, fuzz_null());
		fprintf(fuzz_null(), "GP_PUT %u GP_GET %u\n", c->formats->userd_gp_put(buf), c->formats->userd_gp_get(buf));
		free(buf);
		break;
	default:
		fuzz_gpfifo(c, data, size);
		break;
	}
	return 0;
}
