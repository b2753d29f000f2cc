/* SPDX-License-Identifier: MIT */
/*
 * The mmiotrace writer (nvrt/trace.h): a BAR0 hook that prints each access
 * as the kernel's mmiotrace prints it.  The lines' layouts are
 * kernel/trace/trace_mmiotrace.c's (mmio_pipe_open: "VERSION 20070824";
 * mmio_print_rw, mmio_print_map, mmio_print_mark), the fields'
 * meaning Documentation/trace/mmiotrace.rst's "Trace Log Format".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nvrt/trace.h"

/* The kernel numbers its mappings; a process of ours traces one, BAR0. */
#define TRACE_MAP_ID 1
/* Width of every access: nvrt reads and writes BAR0 32 bits at a time. */
#define TRACE_WIDTH 4

struct nvrt_trace {
	FILE *out;
	uint64_t phys;      /* BAR0's bus address */
	int error;          /* errno of the first failed write, or 0 */
};

static void trace_time(uint64_t *sec, uint64_t *usec)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	*sec = (uint64_t)ts.tv_sec;
	*usec = (uint64_t)ts.tv_nsec / 1000u;
}

/* A line's fprintf result: the first failure's errno is kept. */
static void trace_check(struct nvrt_trace *t, int rc)
{
	if (rc < 0 && !t->error)
		t->error = errno ? errno : EIO;
}

static void trace_access(void *ctx, char op, uint32_t offset, uint32_t value)
{
	struct nvrt_trace *t = ctx;
	uint64_t sec, usec;

	trace_time(&sec, &usec);
	errno = 0;
	trace_check(t, fprintf(t->out, "%c %d %" PRIu64 ".%06" PRIu64 " %d 0x%" PRIx64 " 0x%" PRIx32
			       " 0x0 0\n", op, TRACE_WIDTH, sec, usec, TRACE_MAP_ID,
			       t->phys + offset, value));
}

static struct nvrt_trace *trace_of(const struct nvrt_backend *b)
{
	return b->hook.access == trace_access ? b->hook.ctx : NULL;
}

int nvrt_trace_start(struct nvrt_backend *b, FILE *out, struct nvrt_err *err)
{
	struct nvrt_bar0_where w;
	struct nvrt_trace *t;
	uint64_t sec, usec;

	if (b->hook.access)
		return nvrt_err_set(err, "trace: the %s backend's BAR0 has a hook already", b->ops->name);
	t = calloc(1, sizeof(*t));
	if (!t)
		return nvrt_err_set(err, "trace: out of memory");
	nvrt_backend_bar0_where(b, &w);
	t->out = out;
	t->phys = w.phys;
	trace_time(&sec, &usec);
	errno = 0;
	trace_check(t, fprintf(out, "VERSION " NVRT_TRACE_VERSION "\n"));
	trace_check(t, fprintf(out, "MAP %" PRIu64 ".%06" PRIu64 " %d 0x%" PRIx64 " 0x%" PRIx64
			       " 0x%" PRIx64 " 0x0 0\n", sec, usec, TRACE_MAP_ID, w.phys, w.virt, w.size));
	if (t->error) {
		int e = t->error;

		free(t);
		return nvrt_err_set(err, "trace: cannot write the header: %s", strerror(e));
	}
	b->hook = (struct nvrt_bar0_hook){ trace_access, t };
	return 0;
}

void nvrt_trace_mark(struct nvrt_backend *b, const char *text)
{
	struct nvrt_trace *t = trace_of(b);
	uint64_t sec, usec;

	if (!t)
		return;
	trace_time(&sec, &usec);
	errno = 0;
	trace_check(t, fprintf(t->out, "MARK %" PRIu64 ".%06" PRIu64 " %s\n", sec, usec, text));
}

bool nvrt_trace_failed(const struct nvrt_backend *b)
{
	const struct nvrt_trace *t = trace_of(b);

	return t && t->error;
}

int nvrt_trace_stop(struct nvrt_backend *b, struct nvrt_err *err)
{
	struct nvrt_trace *t = trace_of(b);
	uint64_t sec, usec;
	int e;

	if (!t)
		return 0;
	b->hook = (struct nvrt_bar0_hook){ NULL, NULL };
	trace_time(&sec, &usec);
	errno = 0;
	trace_check(t, fprintf(t->out, "UNMAP %" PRIu64 ".%06" PRIu64 " %d 0x0 0\n", sec, usec,
			       TRACE_MAP_ID));
	errno = 0;
	if (fflush(t->out) == EOF || ferror(t->out))
		trace_check(t, -1);
	e = t->error;
	free(t);
	if (e)
		return nvrt_err_set(err, "trace: a write failed (%s): the trace is incomplete", strerror(e));
	return 0;
}
