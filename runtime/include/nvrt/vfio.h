/* SPDX-License-Identifier: MIT */
/*
 * The VFIO backend: a GPU bound to vfio-pci, opened through the legacy
 * container/group interface (type1 IOMMU), or through iommufd and the
 * device's cdev where /dev/iommu exists.  BAR0 is mmapped; DMA buffers are
 * pinned and mapped at IOVAs inside the ranges the IOMMU reports and below
 * 2^40.  The backend never resets the device (GV100 has no FLR, and a bus
 * reset loses POST).
 */
#ifndef NVRT_VFIO_H
#define NVRT_VFIO_H

#include "nvrt/backend.h"
#include "nvrt/error.h"

/* bdf: "DOMAIN:BUS:DEV.FN", e.g. "0000:65:00.0". */
struct nvrt_backend *nvrt_backend_vfio_open(const char *bdf, struct nvrt_err *err);

/* Whether bdf is written as nvrt_backend_vfio_open takes it (0), or -1 with
 * err saying what is expected: a tool's usage check before it opens
 * anything. */
int nvrt_vfio_bdf_check(const char *bdf, struct nvrt_err *err);

/* The size of the BAR0 mapping, as VFIO's region info gave it; 0 when b is
 * not a VFIO backend. */
uint64_t nvrt_vfio_bar0_size(const struct nvrt_backend *b);

#endif
