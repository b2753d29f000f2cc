/* SPDX-License-Identifier: MIT */
/*
 * Copy-engine work on a channel (nvrt/ce.h): buffers mapped into the
 * channel, the chip's CE methods pushed after the last submission, and one
 * GP entry for them.  The encoding is the chip's (hw/ce_hw.c).
 */
#include <string.h>

#include "nvrt/ce.h"
#include "nvrt/layout.h"
#include "nvrt/pushbuf.h"
#include "nvrt/userd.h"

/* The most dwords one operation pushes (a fill: 4 + 9 + 2). */
#define CE_OP_DWORDS 16u

int nvrt_ce_buffer_alloc(struct nvrt_channel *ch, uint64_t size, uint32_t page_size,
			 struct nvrt_ce_buffer *b, struct nvrt_err *err)
{
	memset(b, 0, sizeof(*b));
	b->page_size = page_size;
	return nvrt_layout_buffer_map(&ch->layout, &b->mem, size, page_size, &b->va, err);
}

void nvrt_ce_buffer_free(struct nvrt_channel *ch, struct nvrt_ce_buffer *b)
{
	nvrt_layout_buffer_unmap(&ch->layout, &b->mem, b->va, b->page_size);
	memset(b, 0, sizeof(*b));
}

/* Room for one operation: when the pushbuffer is full, wait until Host has
 * run everything submitted and start it over. */
static int ce_room(struct nvrt_channel *ch, struct nvrt_err *err)
{
	struct nvrt_pb *pb = &ch->layout.pb;
	int rc;

	if (ch->pushed > pb->len)
		ch->pushed = pb->len;
	if (pb->cap - pb->len >= CE_OP_DWORDS)
		return 0;
	if (ch->pushed != pb->len)
		return nvrt_err_set(err, "copy engine: the pushbuffer is full of unsubmitted work "
				    "(%zu dwords): submit it first", pb->len - ch->pushed);
	rc = nvrt_channel_wait_idle(ch, err);
	if (rc)
		return rc;
	nvrt_pb_reset(pb);
	ch->pushed = 0;
	return 0;
}

static int ce_pushed(struct nvrt_channel *ch, int rc, struct nvrt_err *err)
{
	if (rc < 0)
		return nvrt_err_set(err, "copy engine: %s", ch->layout.pb.err.msg);
	return 0;
}

int nvrt_ce_bind(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_chip_ce *ce = ch->dev->chip->ce;
	int rc = ce_room(ch, err);

	return rc ? rc : ce_pushed(ch, ce->push_object(&ch->layout.pb, NVRT_CE_SUBCH), err);
}

int nvrt_ce_copy(struct nvrt_channel *ch, const struct nvrt_ce_copy *c, struct nvrt_err *err)
{
	const struct nvrt_chip_ce *ce = ch->dev->chip->ce;
	int rc;

	if (!c->lines || !c->line_bytes)
		return nvrt_err_set(err, "copy engine: a copy of %u lines of %u bytes", c->lines,
				    c->line_bytes);
	rc = ce_room(ch, err);
	return rc ? rc : ce_pushed(ch, ce->push_copy(&ch->layout.pb, NVRT_CE_SUBCH, c), err);
}

int nvrt_ce_fill(struct nvrt_channel *ch, const struct nvrt_ce_fill *f, struct nvrt_err *err)
{
	const struct nvrt_chip_ce *ce = ch->dev->chip->ce;
	int rc;

	if (!f->lines || !f->words)
		return nvrt_err_set(err, "copy engine: a fill of %u lines of %u words", f->lines,
				    f->words);
	rc = ce_room(ch, err);
	return rc ? rc : ce_pushed(ch, ce->push_fill(&ch->layout.pb, NVRT_CE_SUBCH, f), err);
}

int nvrt_ce_release(struct nvrt_channel *ch, uint32_t payload, struct nvrt_err *err)
{
	const struct nvrt_chip_ce *ce = ch->dev->chip->ce;
	int rc = ce_room(ch, err);

	return rc ? rc : ce_pushed(ch, ce->push_release(&ch->layout.pb, NVRT_CE_SUBCH,
							 ch->layout.semaphore_va, payload), err);
}

int nvrt_ce_submit(struct nvrt_channel *ch, uint32_t payload, struct nvrt_err *err)
{
	struct nvrt_layout *l = &ch->layout;

	if (ch->pushed == l->pb.len)
		return nvrt_err_set(err, "copy engine: nothing to submit");
	if (nvrt_channel_push_segment(ch, ch->pushed, err) < 0)
		return -1;
	ch->pushed = l->pb.len;
	ch->submitted = payload;
	/* The entry and its segment must be visible before Host sees GP_PUT. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	nvrt_userd_gp_put_set(l->chip, &l->userd, l->gpfifo.put);
	ch->dev->chip->usermode->doorbell_ring(ch->dev->backend, &ch->watch);
	return 0;
}

uint32_t nvrt_ce_class(const struct nvrt_chip *c)
{
	return c->ce->class_id;
}

const char *nvrt_ce_class_name(const struct nvrt_chip *c)
{
	return c->ce->class_name;
}
