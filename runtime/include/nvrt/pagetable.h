/* SPDX-License-Identifier: MIT */
/*
 * Ver2 GPU page tables (NV_MMU_VER2_*): PD3 -> PD2 -> PD1 -> PD0 (dual PDE)
 * -> PT, 4 KiB and 64 KiB pages, in system memory.
 */
#ifndef NVRT_PAGETABLE_H
#define NVRT_PAGETABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "nvrt/backend.h"
#include "nvrt/chip.h"
#include "nvrt/error.h"

/* A directory entry: where the next level is (valid == false: none). */
struct nvrt_pde {
	bool valid;
	enum nvrt_aperture aperture;
	bool vol;
	uint64_t addr;             /* IOVA of the next-level table */
};

struct nvrt_pte {
	bool valid;
	enum nvrt_aperture aperture;
	bool vol;
	bool read_only;
	bool privileged;
	uint32_t kind;             /* 0: pitch, generic memory */
	uint64_t addr;             /* IOVA of the page */
};

/* One page table, as the walker and the dumps see it. */
struct nvrt_pt_table {
	struct nvrt_dma mem;
	int level;                 /* 0 = PD3 ... 3 = PD0, 4 = PT */
	uint64_t va_base;          /* first VA it covers */
	bool big;                  /* a 64 KiB-page PT */
};

struct nvrt_vm {
	const struct nvrt_chip *chip;
	struct nvrt_backend *backend;
	enum nvrt_aperture table_aperture;
	struct nvrt_pt_table *tables;  /* tables[0] is PD3 */
	size_t ntables, cap;
};

int nvrt_vm_init(struct nvrt_vm *vm, const struct nvrt_chip *c, struct nvrt_backend *b,
		 enum nvrt_aperture table_aperture, struct nvrt_err *err);
void nvrt_vm_fini(struct nvrt_vm *vm);
uint64_t nvrt_vm_pdb(const struct nvrt_vm *vm);
/* Whether the VM's tables are marked volatile (VOL) where they are pointed
 * at: its PDEs, and the instance block's PAGE_DIR_BASE. */
bool nvrt_vm_tables_vol(const struct nvrt_vm *vm);
/* Maps [va, va + size) to [iova, iova + size) with page_size (4 KiB,
 * 64 KiB, or 2 MiB: a PTE in the PD0 entry) pages; va, iova and size
 * page-aligned, VA below 2^49. */
int nvrt_vm_map(struct nvrt_vm *vm, uint64_t va, uint64_t iova, uint64_t size,
		uint32_t page_size, enum nvrt_aperture ap, bool vol, struct nvrt_err *err);
int nvrt_vm_unmap(struct nvrt_vm *vm, uint64_t va, uint64_t size, uint32_t page_size,
		  struct nvrt_err *err);

/* Reads len bytes of GPU-visible memory at iova: how a walk finds tables. */
typedef int (*nvrt_mem_read_fn)(void *ctx, uint64_t iova, void *buf, size_t len);

struct nvrt_walk_level {
	int level;                 /* 0 = PD3 ... 4 = PT */
	uint64_t table;            /* IOVA of the table */
	uint32_t index;            /* entry index in it */
	uint32_t words[4];         /* the raw entry (2 words; 4 for a dual PDE) */
};

struct nvrt_walk {
	struct nvrt_walk_level levels[5];
	int nlevels;
	bool mapped;
	uint64_t pa;               /* IOVA the VA translates to, when mapped */
	uint32_t page_size;
	struct nvrt_pte pte;
	char why[160];             /* why not mapped */
};

/* Walks va from the PD3 at pdb, reading tables through read. */
int nvrt_pt_walk(const struct nvrt_chip *c, uint64_t pdb, uint64_t va, nvrt_mem_read_fn read,
		 void *ctx, struct nvrt_walk *w);
/* nvrt_pt_walk, and in *run the bytes from va on (at most len) mapped
 * physically contiguous with the same aperture, VOL and read-only bit. */
int nvrt_pt_walk_run(const struct nvrt_chip *c, uint64_t pdb, uint64_t va, uint64_t len,
		     nvrt_mem_read_fn read, void *ctx, struct nvrt_walk *w, uint64_t *run);
/* Prints every level of w with the manual's names. */
void nvrt_pt_walk_dump(const struct nvrt_chip *c, const struct nvrt_walk *w, uint64_t va, FILE *out);

#endif
