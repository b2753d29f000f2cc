/* SPDX-License-Identifier: MIT */
/*
 * The generated accessors check every value against its field and every
 * index against its array through REFGEN_CHECK.  The runtime turns a failed
 * check into an error its caller gets back (naming the accessor), instead of
 * an assertion: builders reset, set fields, then collect the result.
 */
#ifndef NVRT_HW_CHECK_H
#define NVRT_HW_CHECK_H

#include "nvrt/error.h"

void nvrt_hw_check_fail(const char *accessor, const char *cond);
void nvrt_hw_check_reset(void);
/* 0, or -1 with err naming what (e.g. "RAMFC") and the first failed check. */
int nvrt_hw_check_result(struct nvrt_err *err, const char *what);

#define REFGEN_CHECK(cond) ((cond) ? (void)0 : nvrt_hw_check_fail(__func__, #cond))
/* The accessors are macros over shared helpers: they pass their own name. */
#define REFGEN_CHECK_AT(cond, accessor) ((cond) ? (void)0 : nvrt_hw_check_fail(accessor, #cond))

#endif
