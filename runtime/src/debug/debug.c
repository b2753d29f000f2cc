/* SPDX-License-Identifier: MIT */
/*
 * Faults built on purpose (nvrt/debug.h): each kind is a pair of channel
 * hooks, one that changes memory after layout, one that pushes entries
 * before the first release.
 */
#include <string.h>

#include "bits.h"
#include "nvrt/debug.h"
#include "nvrt/gpfifo.h"
#include "nvrt/pushbuf.h"

#define DEBUG_PAGE 4096u

/* Every chip's fault encoders (one line per chip, as in chip.c). */
extern const struct nvrt_debug_chip nvrt_gv100_debug;
extern const struct nvrt_debug_chip nvrt_tu104_debug;
extern const struct nvrt_debug_chip nvrt_ga100_debug;
static const struct nvrt_debug_chip *const debug_chips[] = {
	&nvrt_gv100_debug,
	&nvrt_tu104_debug,
	&nvrt_ga100_debug,
};

const struct nvrt_debug_chip *nvrt_debug_chip_find(const struct nvrt_chip *c)
{
	for (size_t i = 0; i < ARRAY_SIZE(debug_chips); i++)
		if (debug_chips[i]->chip == c)
			return debug_chips[i];
	return NULL;
}

static const struct nvrt_debug_chip *debug_chip(struct nvrt_channel *ch, struct nvrt_err *err)
{
	const struct nvrt_debug_chip *d = nvrt_debug_chip_find(ch->dev->chip);

	if (!d)
		nvrt_err_set(err, "inject: no fault encoders for %s", ch->dev->chip->name);
	return d;
}

/* ---- after layout: memory ----------------------------------------------------------- */

static int inject_bad_signature(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err)
{
	const struct nvrt_debug_chip *d = debug_chip(ch, err);

	(void)arg;
	if (!d)
		return -1;
	d->ramfc_signature_corrupt(ch->layout.inst.cpu);
	return 0;
}

/* A runlist whose first entry is a channel: outside any TSG (BAD_TSG). */
static int inject_bad_tsg(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err)
{
	struct nvrt_layout *l = &ch->layout;
	size_t eb = l->chip->formats->runlist_entry_bytes;
	uint8_t *rl = l->runlist.cpu;

	(void)arg, (void)err;
	memmove(rl, rl + eb, (l->runlist_entries - 1) * eb);
	memset(rl + (l->runlist_entries - 1) * eb, 0, eb);
	l->runlist_entries--;
	return 0;
}

static int inject_unmapped_semaphore(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err)
{
	(void)arg;
	return nvrt_vm_unmap(&ch->layout.vm, ch->layout.semaphore_va, DEBUG_PAGE, DEBUG_PAGE, err);
}

/* ---- before the first release: entries ---------------------------------------------- */

static int inject_bad_gp_entry(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err)
{
	struct nvrt_gp_entry e = { .length = 0, .opcode = NVRT_GP_OP_ILLEGAL };

	(void)arg;
	return nvrt_gpfifo_push(&ch->layout.gpfifo, &e, nvrt_channel_gp_get(ch), err);
}

static int inject_bad_method(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err)
{
	const struct nvrt_debug_chip *d = debug_chip(ch, err);
	struct nvrt_layout *l = &ch->layout;
	size_t start = l->pb.len;
	uint32_t data = 0;

	(void)arg;
	if (!d)
		return -1;
	if (nvrt_pb_incr(&l->pb, 0, d->host_method_illegal(), &data, 1) < 0)
		return nvrt_err_set(err, "%s", l->pb.err.msg);
	return nvrt_channel_push_segment(ch, start, err);
}

/* Half the circle ahead of 0: never reached, and ACQUIRE has no timeout. */
static int inject_stuck_acquire(struct nvrt_channel *ch, const void *arg, struct nvrt_err *err)
{
	struct nvrt_layout *l = &ch->layout;
	size_t start = l->pb.len;

	(void)arg;
	if (nvrt_pb_semaphore(&l->pb, l->semaphore_va, 0x80000000u, 0) < 0)
		return nvrt_err_set(err, "%s", l->pb.err.msg);
	return nvrt_channel_push_segment(ch, start, err);
}

static const struct nvrt_channel_hooks inject_hooks[] = {
	[NVRT_INJECT_NONE] = { "none", NULL, NULL, NULL },
	[NVRT_INJECT_BAD_SIGNATURE] = { "bad-signature", inject_bad_signature, NULL, NULL },
	[NVRT_INJECT_BAD_GP_ENTRY] = { "bad-gp-entry", NULL, inject_bad_gp_entry, NULL },
	[NVRT_INJECT_BAD_METHOD] = { "bad-method", NULL, inject_bad_method, NULL },
	[NVRT_INJECT_BAD_TSG] = { "bad-tsg", inject_bad_tsg, NULL, NULL },
	[NVRT_INJECT_UNMAPPED_SEMAPHORE] = { "unmapped-semaphore", inject_unmapped_semaphore, NULL, NULL },
	[NVRT_INJECT_STUCK_ACQUIRE] = { "stuck-acquire", NULL, inject_stuck_acquire, NULL },
};

#define INJECT_KINDS (ARRAY_SIZE(inject_hooks))

const char *nvrt_inject_name(enum nvrt_inject k)
{
	return (unsigned)k < INJECT_KINDS ? inject_hooks[k].name : "?";
}

int nvrt_inject_parse(const char *s, enum nvrt_inject *k)
{
	for (size_t i = 0; i < INJECT_KINDS; i++)
		if (!strcmp(s, inject_hooks[i].name)) {
			*k = (enum nvrt_inject)i;
			return 0;
		}
	return -1;
}

void nvrt_inject_arm(struct nvrt_channel_params *p, enum nvrt_inject k)
{
	p->hooks = k != NVRT_INJECT_NONE && (unsigned)k < INJECT_KINDS ? &inject_hooks[k] : NULL;
}
