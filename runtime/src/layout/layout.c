/* SPDX-License-Identifier: MIT */
/*
 * The channel lay-out the submit path uses: one TSG, one channel, buffers in
 * system memory, the ring/pushbuffer/semaphore mapped by ver2 page tables.
 * The order and values follow ../shared/design/gv100-host-facts.md 1.4-1.8.
 */
#include <inttypes.h>
#include <string.h>

#include "nvrt/instance.h"
#include "nvrt/layout.h"
#include "nvrt/runlist.h"
#include "nvrt/userd.h"

#define LAYOUT_PAGE 4096u

void nvrt_layout_params_default(struct nvrt_layout_params *p)
{
	memset(p, 0, sizeof(*p));
	p->chid = 1;
	p->tsgid = 0;
	p->aperture = NVRT_APERTURE_SYS_COHERENT;
	p->gpfifo_entries = 512;
	p->pushbuf_bytes = 4096;
	p->timeslice_timeout = 128;
	p->timeslice_scale = 3;
}

static size_t layout_round(size_t v, size_t a)
{
	return (v + a - 1) / a * a;
}

static int layout_alloc(struct nvrt_layout *l, struct nvrt_dma *buf, size_t size, size_t align,
			struct nvrt_err *err)
{
	return nvrt_dma_alloc(l->backend, size, align, l->params.aperture, buf, err);
}

/* GPU VA of a buffer: identity, or packed from va_base in allocation order. */
static int layout_map(struct nvrt_layout *l, struct nvrt_dma *buf, uint64_t *va, uint64_t *next,
		      struct nvrt_err *err)
{
	uint64_t size = layout_round(buf->size, LAYOUT_PAGE);

	*va = l->params.va_base ? *next : buf->iova;
	*next += size;
	return nvrt_vm_map(&l->vm, *va, buf->iova, size, LAYOUT_PAGE, l->params.aperture, true, err);
}

static int layout_alloc_all(struct nvrt_layout *l, struct nvrt_err *err)
{
	const struct nvrt_chip *c = l->chip;
	const struct nvrt_layout_params *p = &l->params;

	if (!p->gpfifo_entries || p->gpfifo_entries > (1u << 24))
		return nvrt_err_set(err, "layout: %u GPFIFO entries is out of range", p->gpfifo_entries);
	if (p->pushbuf_bytes < 64 || p->pushbuf_bytes % 4)
		return nvrt_err_set(err, "layout: a pushbuffer of %u bytes is too small or not whole dwords",
				    p->pushbuf_bytes);
	if (layout_alloc(l, &l->inst, c->formats->instance_bytes, c->formats->instance_align, err) ||
	    layout_alloc(l, &l->userd, c->formats->userd_bytes, c->formats->userd_align, err) ||
	    layout_alloc(l, &l->runlist, LAYOUT_PAGE, c->formats->runlist_align, err) ||
	    layout_alloc(l, &l->gpfifo_mem, (size_t)p->gpfifo_entries * 8, LAYOUT_PAGE, err) ||
	    layout_alloc(l, &l->pushbuf_mem, p->pushbuf_bytes, LAYOUT_PAGE, err) ||
	    layout_alloc(l, &l->semaphore, LAYOUT_PAGE, LAYOUT_PAGE, err))
		return -1;
	if (p->copy_engine && layout_alloc(l, &l->ce_methods, LAYOUT_PAGE, LAYOUT_PAGE, err))
		return -1;
	return 0;
}

static int layout_map_all(struct nvrt_layout *l, struct nvrt_err *err)
{
	uint64_t next = l->params.va_base;

	if (nvrt_vm_init(&l->vm, l->chip, l->backend, l->params.aperture, err) < 0)
		return -1;
	if (layout_map(l, &l->gpfifo_mem, &l->gpfifo_va, &next, err) < 0 ||
	    layout_map(l, &l->pushbuf_mem, &l->pushbuf_va, &next, err) < 0 ||
	    layout_map(l, &l->semaphore, &l->semaphore_va, &next, err) < 0)
		return -1;
	if (l->params.copy_engine && layout_map(l, &l->ce_methods, &l->ce_methods_va, &next, err) < 0)
		return -1;
	l->va_next = next;
	return 0;
}

static int layout_fill(struct nvrt_layout *l, struct nvrt_err *err)
{
	const struct nvrt_layout_params *p = &l->params;
	struct nvrt_instance_params ip = {
		.chid = p->chid,
		.userd_iova = l->userd.iova,
		.userd_aperture = p->aperture,
		.gpfifo_va = l->gpfifo_va,
		.gpfifo_entries = p->gpfifo_entries,
		.pdb_iova = nvrt_vm_pdb(&l->vm),
		.pdb_aperture = p->aperture,
		/* PAGE_DIR_BASE_VOL "identifies the volatile behavior of top level
		 * of the page table (whether local L2 can cache it or not)"
		 * (dev_ram): the same as the VM's own PDEs say of its tables. */
		.pdb_vol = nvrt_vm_tables_vol(&l->vm),
		.privileged = p->privileged,
		.timeslice_timeout = p->timeslice_timeout,
		.timeslice_scale = p->timeslice_scale,
		.ce_method_buffer = l->ce_methods_va,
	};
	struct nvrt_runlist_chan chan = {
		.chid = p->chid,
		.runqueue = p->runqueue,
		.inst_iova = l->inst.iova,
		.inst_aperture = p->aperture,
		.userd_iova = l->userd.iova,
		.userd_aperture = p->aperture,
	};
	struct nvrt_runlist_tsg tsg = {
		.tsgid = p->tsgid,
		.timeslice_timeout = p->timeslice_timeout,
		.timeslice_scale = p->timeslice_scale,
		.chans = &chan,
		.nchans = 1,
	};

	if (nvrt_userd_init(l->chip, &l->userd, err) < 0 ||
	    nvrt_instance_build(l->chip, &l->inst, &ip, err) < 0 ||
	    nvrt_runlist_build(l->chip, &l->runlist, &tsg, 1, &l->runlist_entries, err) < 0 ||
	    nvrt_gpfifo_init(&l->gpfifo, l->chip, &l->gpfifo_mem, p->gpfifo_entries, err) < 0)
		return -1;
	nvrt_pb_init(&l->pb, l->chip, l->pushbuf_mem.cpu, l->pushbuf_mem.size);
	return 0;
}

int nvrt_layout_build(struct nvrt_layout *l, const struct nvrt_chip *c, struct nvrt_backend *b,
		      const struct nvrt_layout_params *p, struct nvrt_err *err)
{
	memset(l, 0, sizeof(*l));
	l->chip = c;
	l->backend = b;
	l->params = *p;
	if (layout_alloc_all(l, err) < 0 || layout_map_all(l, err) < 0 || layout_fill(l, err) < 0) {
		nvrt_layout_fini(l);
		return -1;
	}
	return 0;
}

void nvrt_layout_fini(struct nvrt_layout *l)
{
	if (l->vm.chip)
		nvrt_vm_fini(&l->vm);
	nvrt_dma_free(l->backend, &l->inst);
	nvrt_dma_free(l->backend, &l->userd);
	nvrt_dma_free(l->backend, &l->runlist);
	nvrt_dma_free(l->backend, &l->gpfifo_mem);
	nvrt_dma_free(l->backend, &l->pushbuf_mem);
	nvrt_dma_free(l->backend, &l->semaphore);
	nvrt_dma_free(l->backend, &l->ce_methods);
}

/*
 * A buffer for the channel's engines: size bytes (rounded up to whole pages
 * of page_size), mapped with page_size pages at *va (its IOVA, or packed
 * after the layout's buffers when va_base is set).
 */
int nvrt_layout_buffer_map(struct nvrt_layout *l, struct nvrt_dma *buf, uint64_t size,
			   uint32_t page_size, uint64_t *va, struct nvrt_err *err)
{
	uint64_t bytes;

	memset(buf, 0, sizeof(*buf));
	if (!page_size || (page_size & (page_size - 1)) || !size)
		return nvrt_err_set(err, "layout: a buffer of %" PRIu64 " bytes in %u-byte pages", size,
				    page_size);
	bytes = layout_round(size, page_size);
	if (bytes != (size_t)bytes)
		return nvrt_err_set(err, "layout: a buffer of %" PRIu64 " bytes is too large", size);
	if (layout_alloc(l, buf, (size_t)bytes, page_size, err))
		return -1;
	if (l->params.va_base)
		l->va_next = layout_round(l->va_next, page_size);
	*va = l->params.va_base ? l->va_next : buf->iova;
	if (nvrt_vm_map(&l->vm, *va, buf->iova, bytes, page_size, l->params.aperture, true, err) < 0) {
		nvrt_dma_free(l->backend, buf);
		return -1;
	}
	if (l->params.va_base)
		l->va_next += bytes;
	return 0;
}

/* Unmaps and frees what nvrt_layout_buffer_map made. */
void nvrt_layout_buffer_unmap(struct nvrt_layout *l, struct nvrt_dma *buf, uint64_t va,
			      uint32_t page_size)
{
	struct nvrt_err err;

	if (!buf->cpu)
		return;
	nvrt_vm_unmap(&l->vm, va, layout_round(buf->size, page_size), page_size, &err);
	nvrt_dma_free(l->backend, buf);
}

/* Room for one more release segment, starting over once Host consumed all. */
static int layout_pb_room(struct nvrt_layout *l, size_t dwords, uint32_t gp_get,
			  struct nvrt_err *err)
{
	if (l->pb.cap - l->pb.len >= dwords)
		return 0;
	if (!nvrt_gpfifo_empty(&l->gpfifo, gp_get))
		return nvrt_err_set(err, "pushbuffer full: Host has not fetched every segment yet "
				    "(GP_GET %u, GP_PUT %u)", gp_get, l->gpfifo.put);
	nvrt_pb_reset(&l->pb);
	return 0;
}

int nvrt_layout_push_release(struct nvrt_layout *l, uint32_t payload, uint32_t gp_get,
			     struct nvrt_err *err)
{
	/* SEM_ADDR_LO/HI + PAYLOAD_LO/HI under one header, SEM_EXECUTE under another. */
	const size_t release_dwords = 7;
	size_t start;

	if (nvrt_gpfifo_full(&l->gpfifo, gp_get))
		return nvrt_err_set(err, "GPFIFO full (GP_GET %u, GP_PUT %u)", gp_get, l->gpfifo.put);
	if (layout_pb_room(l, release_dwords, gp_get, err) < 0)
		return -1;
	start = l->pb.len;
	if (nvrt_pb_semaphore(&l->pb, l->semaphore_va, payload, NVRT_SEM_RELEASE | NVRT_SEM_WFI) < 0)
		return nvrt_err_set(err, "%s", l->pb.err.msg);
	struct nvrt_gp_entry e = {
		.va = l->pushbuf_va + start * 4,
		.length = (uint32_t)(l->pb.len - start),
	};
	if (nvrt_gpfifo_push(&l->gpfifo, &e, gp_get, err) < 0)
		return -1;
	/* The entry and its segment must be visible before Host sees GP_PUT. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	nvrt_userd_gp_put_set(l->chip, &l->userd, l->gpfifo.put);
	return 0;
}
