/* SPDX-License-Identifier: MIT */
/*
 * GV100 (Volta).  Everything the runtime knows about the chip comes from its
 * generated headers (out/include/gv100, from the manuals and the project's
 * addenda under manuals/gv100); this only names them.
 */
#define NVRT_CHIP gv100
#define NVRT_CHIP_UPPER GV100
/* Its generation's own code: runtime/src/hw/volta/ (read by the Makefile too). */
#define NVRT_CHIP_GENERATION volta
/* The field value that identifies the chip (dev_master): NV_PMC_BOOT_0's
 * ARCHITECTURE on Volta (read by hw/ident_hw.c; the sub-table: hw/volta/table_volta.c). */
#define NVRT_CHIP_IDENT PMC_BOOT_0_ARCHITECTURE_GV100

/* The interrupt fields bring-up enables (Volta's, kept by Turing). */
#include "hw/intr_fields.h"
