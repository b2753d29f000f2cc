/* SPDX-License-Identifier: MIT */
/*
 * DMA memory as the runtime sees it: a buffer the CPU writes and the GPU
 * reads or writes at a bus address (IOVA), in coherent or non-coherent
 * system memory.  Buffers come from a backend (backend.h).
 */
#ifndef NVRT_DMA_H
#define NVRT_DMA_H

#include <stddef.h>
#include <stdint.h>

/* Where the GPU finds a buffer; every target field the runtime writes
 * (RAMIN, RAMFC, runlist, PDEs, PTEs) is derived from this. */
enum nvrt_aperture {
	NVRT_APERTURE_SYS_COHERENT,
	NVRT_APERTURE_SYS_NONCOHERENT,
};

/*
 * Every IOVA and GPU VA the runtime hands Host stays below 2^40: the widest
 * address Host's pointers take (RUNLIST_BASE and PCCSR_CHANNEL_INST PTR 27:0 in
 * 4 KiB units; GP_BASE_HI, GP_ENTRY1 GET_HI and SEM_ADDR_HI hold bits 39:32).
 */
#define NVRT_ADDR_LIMIT ((uint64_t)1 << 40)

struct nvrt_dma {
	void *cpu;                 /* CPU mapping, zeroed at allocation */
	uint64_t iova;             /* bus address the GPU uses */
	size_t size;               /* bytes */
	size_t align;              /* alignment of both cpu and iova */
	enum nvrt_aperture aperture;
	void *priv;                /* the backend's */
};

const char *nvrt_aperture_name(enum nvrt_aperture ap);
/* "coherent" / "noncoherent" -> aperture; -1 if neither. */
int nvrt_aperture_parse(const char *s, enum nvrt_aperture *out);

#endif
