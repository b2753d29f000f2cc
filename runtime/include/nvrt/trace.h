/* SPDX-License-Identifier: MIT */
/*
 * A trace of every BAR0 access, in Linux's mmiotrace text format, so that
 * what nvrt does to a GPU reads like what the kernel's mmiotrace records of
 * a driver on the same GPU (and `refgen lookup --chip C - < FILE` names
 * every access).  The format is the kernel's Documentation/trace/mmiotrace.rst,
 * "Trace Log Format" (version 20070824), as kernel/trace/trace_mmiotrace.c
 * prints it:
 *
 *   VERSION 20070824                                   the header
 *   MAP <time> <map id> 0x<phys> 0x<virt> 0x<len> 0x0 0   BAR0, once
 *   R|W <width> <time> <map id> 0x<phys> 0x<value> 0x<pc> 0   one access
 *   MARK <time> <text>                                 a marker
 *   UNMAP <time> <map id> 0x0 0                        the end
 *
 * <time> is seconds.microseconds of CLOCK_MONOTONIC (the kernel's trace
 * clock also counts from boot); PC is 0 ("PC is zero if it is not
 * recorded"), PID 0 as the kernel always prints it; <phys> is the BAR0
 * bus address the backend reports plus the register's offset (the
 * simulator has none: 0).  Times differ from run to run: compare traces
 * decoded by refgen lookup, whose lines have no time.
 *
 * Every access that reaches the device goes through the hook: each
 * nvrt_bar0_read32 and nvrt_bar0_write32, and the bus check's probe reads;
 * writes held back after a bad read (backend.h) never reach the device and
 * are not traced.  A write to the trace's stream that fails is kept (the
 * first errno) and returned by nvrt_trace_stop; tracing never stops or
 * slows the work.
 */
#ifndef NVRT_TRACE_H
#define NVRT_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nvrt/backend.h"
#include "nvrt/error.h"

/* The kernel's mmiotrace format version (mmiotrace.rst, "VERSION"). */
#define NVRT_TRACE_VERSION "20070824"

/* Starts tracing b to out (a stream the caller opened and closes): the
 * header and BAR0's MAP line are written at once.  -1 with err if b is
 * traced already or the header cannot be written. */
int nvrt_trace_start(struct nvrt_backend *b, FILE *out, struct nvrt_err *err);
/* A MARK line (text: one line, no newline), when b is traced. */
void nvrt_trace_mark(struct nvrt_backend *b, const char *text);
/* Whether a write of b's trace has failed so far. */
bool nvrt_trace_failed(const struct nvrt_backend *b);
/* Ends b's trace: the UNMAP line, the stream flushed.  0, or -1 with err
 * naming the first write that failed (its errno) -- the trace is then
 * incomplete.  Does nothing when b is not traced. */
int nvrt_trace_stop(struct nvrt_backend *b, struct nvrt_err *err);

#endif
