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
/* Its Host design, shared with the other generation of it: runtime/src/hw/pfifo/
 * (NV_PFIFO, NV_PCCSR; read by the Makefile too). */
#define NVRT_CHIP_HOST_DESIGN pfifo
/* The unit holding NV_PMC (hw/ident_hw.c). */
#define NVRT_CHIP_PMC_UNIT dev_master
/* The field value that identifies the chip (dev_master): NV_PMC_BOOT_0's
 * ARCHITECTURE on Volta (read by hw/ident_hw.c; the sub-table: hw/volta/table_volta.c). */
#define NVRT_CHIP_IDENT PMC_BOOT_0_ARCHITECTURE_GV100

/* The interrupt fields bring-up enables (Volta's, kept by Turing). */
#include "hw/pfifo/intr_fields.h"

/* Its copy engines' class (doc/ce-facts.md section 1): VOLTA_DMA_COPY_A, named by the
 * generated NV-style class header gv100/nv/clc3b5.h (NVIDIA's names). */
#define NVRT_CHIP_CE_CLASS_HEADER NVRT_STR(NVRT_CHIP/nv/clc3b5.h)
#define NVRT_CHIP_CE_CLASS C3B5_VOLTA_DMA_COPY_A
#define NVRT_CHIP_CE_CLASS_NAME "VOLTA_DMA_COPY_A"
#define NVRT_CE(name) NVC3B5_##name
/* Its typed method builders and push helpers (c3b5_*, C3B5_*), and the Host
 * class's (c36f_*: SET_OBJECT), from the generated class headers. */
#define NVRT_CHIP_CE_TYPED_HEADER NVRT_STR(NVRT_CHIP/clc3b5.h)
#define NVRT_CHIP_HOST_CLASS_HEADER NVRT_STR(NVRT_CHIP/clc36f.h)
#define NVRT_CE_FN(name) c3b5_##name
#define NVRT_CE_C(name) C3B5_##name
#define NVRT_HOST_CLASS_FN(name) c36f_##name
/* Its field descriptors (for the disassembler). */
#define NVRT_CHIP_CE_FIELDS_HEADER NVRT_STR(NVRT_CHIP/fields/clc3b5.h)
#define NVRT_CHIP_CE_LAYOUTS c3b5_clc3b5_layouts
