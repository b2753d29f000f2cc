/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "nvrt/backend.h"
#include "nvrt/dma.h"

const char *nvrt_aperture_name(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? "noncoherent" : "coherent";
}

int nvrt_aperture_parse(const char *s, enum nvrt_aperture *out)
{
	if (!strcmp(s, "coherent"))
		*out = NVRT_APERTURE_SYS_COHERENT;
	else if (!strcmp(s, "noncoherent"))
		*out = NVRT_APERTURE_SYS_NONCOHERENT;
	else
		return -1;
	return 0;
}

int nvrt_dma_alloc(struct nvrt_backend *b, size_t size, size_t align, enum nvrt_aperture ap,
		   struct nvrt_dma *out, struct nvrt_err *err)
{
	memset(out, 0, sizeof(*out));
	if (!size || !align || (align & (align - 1)))
		return nvrt_err_set(err, "DMA buffer of %zu bytes, alignment %zu: the size must be "
				    "nonzero and the alignment a power of two", size, align);
	return b->ops->dma_alloc(b, size, align, ap, out, err);
}

void nvrt_dma_free(struct nvrt_backend *b, struct nvrt_dma *buf)
{
	if (buf->cpu)
		b->ops->dma_free(b, buf);
	memset(buf, 0, sizeof(*buf));
}

uint32_t nvrt_bar0_read32(struct nvrt_backend *b, uint32_t offset)
{
	uint32_t v = nvrt_bar0_read32_unchecked(b, offset);

	if (b->bus.armed)
		nvrt_bus_check(b, offset, v);
	return v;
}

/* Nothing computed from a read that was not data reaches the GPU: writes
 * wait until that read has been reported (nvrt_bus_take). */
void nvrt_bar0_write32(struct nvrt_backend *b, uint32_t offset, uint32_t value)
{
	if (b->bus.first.kind != NVRT_BUS_OK) {
		b->bus.writes_dropped++;
		return;
	}
	b->ops->bar0_write32(b, offset, value);
	if (b->hook.access)
		b->hook.access(b->hook.ctx, 'W', offset, value);
}

void nvrt_backend_bar0_where(struct nvrt_backend *b, struct nvrt_bar0_where *out)
{
	*out = (struct nvrt_bar0_where){ 0, 0, 0 };
	if (b->ops->bar0_where)
		b->ops->bar0_where(b, out);
}

bool nvrt_backend_host_request(struct nvrt_backend *b)
{
	return b->ops->host_request && b->ops->host_request(b);
}

void nvrt_backend_close(struct nvrt_backend *b)
{
	if (b)
		b->ops->close(b);
}
