/* SPDX-License-Identifier: MIT */
/*
 * Ver2 page tables: the format shared by building (pt_build.c), walking
 * (pt_walk.c) and printing a walk (pt_walk_dump.c).  Chip-generic: the VA
 * split, the entry sizes and every entry word come from the chip (pt_format
 * and the PDE / dual PDE / PTE encoders), so nothing here knows a bit position.
 */
#ifndef NVRT_PT_INTERNAL_H
#define NVRT_PT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "nvrt/pagetable.h"

/* Host's address fields are 40 bits wide (backend.h, gpfifo.h, pushbuf.h):
 * the runtime keeps every IOVA, tables and pages alike, below 2^40. */

/* The largest entry a walk level holds (a dual PDE). */
#define PT_ENTRY_MAX sizeof(((struct nvrt_walk_level *)0)->words)

/* Levels as struct nvrt_pt_format numbers them. */
enum { PT_PD3, PT_PD2, PT_PD1, PT_PD0, PT_PT, PT_NLEVELS };

/* Which address field of an entry. */
enum pt_addr_kind { PT_ADDR_PDE, PT_ADDR_BIG, PT_ADDR_SMALL, PT_ADDR_PTE, PT_ADDR_KINDS };

/* Everything about the format a VM or a walk needs, from the chip. */
struct pt_geom {
	const struct nvrt_chip *c;
	struct nvrt_pt_format f;
	uint32_t va_bits;                  /* the VA space: below 2^va_bits */
	uint64_t small_page, big_page;
	/* A PTE in a PD0 entry (NV_MMU_VER2_DUAL_PDE IS_PTE_TRUE) maps all the
	 * VA that entry covers: 2 MiB (NV_MMU_VER2_VA PD0 starts at bit 21). */
	uint64_t huge_page;
	uint32_t shift[PT_ADDR_KINDS];     /* address granularity of each field (pt_format) */
};

extern const char *const pt_level_names[PT_NLEVELS];

void pt_geom_init(const struct nvrt_chip *c, struct pt_geom *g);
int pt_geom_check(const struct pt_geom *g, struct nvrt_err *err);
uint32_t pt_index(const struct pt_geom *g, int level, bool big, uint64_t va);
uint32_t pt_entry_bytes(const struct pt_geom *g, int level);
const char *pt_level_name(int level, bool big);
uint64_t pt_span_end(const struct pt_geom *g, uint64_t va, uint64_t end);
uint64_t pt_qword(const uint32_t *w);
void pt_blank_encode(const struct pt_geom *g, int level, uint32_t w[4]);
bool pt_entry_blank(const struct pt_geom *g, int level, const uint32_t w[4]);
unsigned pt_kib(uint64_t bytes);

#endif
