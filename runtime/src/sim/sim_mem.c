/* SPDX-License-Identifier: MIT */
/*
 * The bottom of the model (sim_internal.h): time, waking the model's thread,
 * and the DMA buffers by IOVA -- allocated by the backend's dma_alloc and
 * dma_free, read and written by the model.  It calls nothing else of the
 * model.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "sim/sim_internal.h"

/* ---- time ----------------------------------------------------------------------- */

uint64_t sim_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t sim_gpu_time(const struct sim *s)
{
	return sim_now() + (uint64_t)s->time_offset_ns;
}

void sim_gpu_time_set(struct sim *s, uint64_t ns)
{
	s->time_offset_ns = (int64_t)(ns - sim_now());
}

/* ---- the model's thread: woken to do what a write recorded (sim.c) ---------------- */

void sim_kick(struct sim *s)
{
	pthread_cond_signal(&s->wake);
}

/* ---- memory by IOVA ------------------------------------------------------------------ */

/* Index of the buffer holding iova, or -1. */
static long sim_mem_find(const struct sim_mem *m, uint64_t iova)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->bufs[mid].iova <= iova)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return -1;
	const struct sim_buf *b = &m->bufs[lo - 1];
	return iova - b->iova < b->size ? (long)(lo - 1) : -1;
}

/* Every byte of [iova, iova + len) is in some buffer. */
static bool sim_mem_covered(const struct sim_mem *m, uint64_t iova, size_t len)
{
	while (len) {
		long i = sim_mem_find(m, iova);

		if (i < 0)
			return false;
		const struct sim_buf *b = &m->bufs[i];
		uint64_t room = b->iova + b->size - iova;
		size_t n = room < len ? (size_t)room : len;

		iova += n;
		len -= n;
	}
	return true;
}

/*
 * The CPU reads and writes the same memory concurrently (GP_PUT, semaphores):
 * whole aligned words are copied with atomic 32-bit accesses, so neither side
 * ever sees a torn word.
 */
static void sim_copy(void *dst, const void *src, size_t len)
{
	/* A 64-bit semaphore payload is one access, as Host's. */
	if (len == sizeof(uint64_t) && ((uintptr_t)dst | (uintptr_t)src) % sizeof(uint64_t) == 0) {
		__atomic_store_n((uint64_t *)dst, __atomic_load_n((const uint64_t *)src, __ATOMIC_RELAXED),
				 __ATOMIC_RELAXED);
		return;
	}
	if (((uintptr_t)dst | (uintptr_t)src | len) % 4 == 0) {
		uint32_t *d = dst;
		const uint32_t *sw = src;

		for (size_t i = 0; i < len / 4; i++)
			__atomic_store_n(&d[i], __atomic_load_n(&sw[i], __ATOMIC_RELAXED),
					 __ATOMIC_RELAXED);
		return;
	}
	memcpy(dst, src, len);
}

static int sim_mem_access(struct sim *s, uint64_t iova, void *buf, size_t len, bool write)
{
	uint8_t *p = buf;

	if (iova + len < iova || !sim_mem_covered(&s->mem, iova, len))
		return -1;
	while (len) {
		const struct sim_buf *b = &s->mem.bufs[sim_mem_find(&s->mem, iova)];
		uint64_t off = iova - b->iova;
		size_t n = b->size - off < len ? (size_t)(b->size - off) : len;

		if (write)
			sim_copy(b->cpu + off, p, n);
		else
			sim_copy(p, b->cpu + off, n);
		iova += n;
		p += n;
		len -= n;
	}
	return 0;
}

int sim_mem_read(struct sim *s, uint64_t iova, void *buf, size_t len)
{
	return sim_mem_access(s, iova, buf, len, false);
}

int sim_mem_write(struct sim *s, uint64_t iova, const void *buf, size_t len)
{
	return sim_mem_access(s, iova, (void *)buf, len, true);
}

/*
 * The CPU address of iova, with *len cut to what its buffer holds from
 * there; NULL when iova is in no buffer.  For the copy engine's bulk
 * copies, which go through memcpy/memmove, not word by word.
 */
uint8_t *sim_mem_span(struct sim *s, uint64_t iova, size_t *len)
{
	long i = sim_mem_find(&s->mem, iova);
	const struct sim_buf *b;
	uint64_t off;

	if (i < 0)
		return NULL;
	b = &s->mem.bufs[i];
	off = iova - b->iova;
	if (b->size - off < *len)
		*len = (size_t)(b->size - off);
	return b->cpu + off;
}

/* nvrt_pt_walk's table reader. */
int sim_mem_read_cb(void *ctx, uint64_t iova, void *buf, size_t len)
{
	return sim_mem_read(ctx, iova, buf, len);
}

static int sim_mem_insert(struct sim_mem *m, const struct sim_buf *b)
{
	size_t i = m->n;

	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 32;
		struct sim_buf *nb = realloc(m->bufs, cap * sizeof(*nb));

		if (!nb)
			return -1;
		m->bufs = nb;
		m->cap = cap;
	}
	/* IOVAs only grow, so this is almost always an append. */
	while (i > 0 && m->bufs[i - 1].iova > b->iova) {
		m->bufs[i] = m->bufs[i - 1];
		i--;
	}
	m->bufs[i] = *b;
	m->n++;
	return 0;
}

int sim_dma_alloc(struct nvrt_backend *b, size_t size, size_t align, enum nvrt_aperture ap,
		  struct nvrt_dma *out, struct nvrt_err *err)
{
	struct sim *s = (struct sim *)b;
	size_t a = align < SIM_HOST_PAGE ? SIM_HOST_PAGE : align;
	size_t bytes = (size_t)align_up(size, SIM_HOST_PAGE);
	struct sim_buf nb;
	void *p;
	int rc = 0;

	if (posix_memalign(&p, a, bytes))
		return nvrt_err_set(err, "sim backend: out of memory for %zu bytes", size);
	memset(p, 0, bytes);
	pthread_mutex_lock(&s->lock);
	nb.iova = align_up(s->mem.next_iova, a);
	nb.size = bytes;
	nb.cpu = p;
	if (nb.iova + bytes > SIM_VA_LIMIT || nb.iova + bytes < nb.iova)
		rc = nvrt_err_set(err, "sim backend: no IOVA space below 2^40 for %zu bytes", size);
	else if (sim_mem_insert(&s->mem, &nb))
		rc = nvrt_err_set(err, "sim backend: out of memory");
	else
		s->mem.next_iova = nb.iova + bytes + SIM_HOST_PAGE;   /* an unmapped guard page */
	pthread_mutex_unlock(&s->lock);
	if (rc) {
		free(p);
		return rc;
	}
	out->cpu = p;
	out->iova = nb.iova;
	out->size = size;
	out->align = align;
	out->aperture = ap;
	out->priv = NULL;
	return 0;
}

void sim_dma_free(struct nvrt_backend *b, struct nvrt_dma *buf)
{
	struct sim *s = (struct sim *)b;
	struct sim_mem *m = &s->mem;

	pthread_mutex_lock(&s->lock);
	long i = sim_mem_find(m, buf->iova);
	if (i >= 0 && m->bufs[i].cpu == buf->cpu) {
		memmove(&m->bufs[i], &m->bufs[i + 1], (m->n - (size_t)i - 1) * sizeof(*m->bufs));
		m->n--;
		free(buf->cpu);
	}
	pthread_mutex_unlock(&s->lock);
}
