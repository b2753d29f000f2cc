/* SPDX-License-Identifier: MIT */
/*
 * NVIDIA's class headers (cl<id>.h: clc3b5.h VOLTA_DMA_COPY_A, clc36f.h
 * VOLTA_CHANNEL_GPFIFO_A, ...) as class units: the published headers'
 * #define dialect, whose registers are the methods of one class.
 */
#ifndef REFGEN_REF_CLASS_H
#define REFGEN_REF_CLASS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "ir/ir.h"

/* Whether path names a class header, cl<4 hex digits>.h; its id in *id. */
bool ref_class_path(const char *path, uint32_t *id);

/*
 * Whether a class header's line that is no #define is a C struct's head
 * ("typedef volatile struct Nvc36fControl_struct {"): its name in
 * name[0..n).  The struct is kept as prose, reported (-Wstruct).
 */
bool ref_class_struct_line(const char *s, size_t len, const char **name, size_t *n);

/*
 * Makes m (parsed from path, a class header of id) a class unit, before
 * grouping: the class's name from the define whose value is the id
 * (VOLTA_DMA_COPY_A), the method space, and every define that is followed
 * by its fields (NVC3B5_LAUNCH_DMA (0x300), then ..._DATA_TRANSFER_TYPE
 * 1:0) a method.  No define naming the class is an error.  0 or -1.
 */
int ref_class_prepare(struct ir_manual *m, const char *path, uint32_t id, struct diag *d);

#endif
