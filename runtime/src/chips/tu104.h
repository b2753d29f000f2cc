/* SPDX-License-Identifier: MIT */
/*
 * TU104 (Turing; Tesla T4).  Everything the runtime knows about the chip comes from its
 * generated headers (out/include/tu104, from the manuals and the project's
 * addenda under manuals/tu104); this only names them.
 */
#define NVRT_CHIP tu104
#define NVRT_CHIP_UPPER TU104
/* Its generation's own code: runtime/src/hw/turing/ (read by the Makefile too). */
#define NVRT_CHIP_GENERATION turing
/* Its Host design, shared with the other generation of it: runtime/src/hw/pfifo/
 * (NV_PFIFO, NV_PCCSR; read by the Makefile too). */
#define NVRT_CHIP_HOST_DESIGN pfifo
/* The unit holding NV_PMC (hw/ident_hw.c). */
#define NVRT_CHIP_PMC_UNIT dev_master
/*
 * The field value that identifies the chip: TU104's dev_master lists
 * Turing's architecture (TU100, 0x16) only under NV_PMC_BOOT_42, whose
 * CHIP_ID (ARCHITECTURE:IMPLEMENTATION) TU104, 0x164, tells it from the
 * other Turings (hw/turing/ident_turing.c).
 */
#define NVRT_CHIP_IDENT PMC_BOOT_42_CHIP_ID_TU104

/* The interrupt fields bring-up enables (Volta's, kept by Turing). */
#include "hw/pfifo/intr_fields.h"

/* Its copy engines' class (doc/ce-facts.md section 1): TURING_DMA_COPY_A, named by the
 * generated NV-style class header tu104/nv/clc5b5.h (NVIDIA's names). */
#define NVRT_CHIP_CE_CLASS_HEADER NVRT_STR(NVRT_CHIP/nv/clc5b5.h)
#define NVRT_CHIP_CE_CLASS C5B5_TURING_DMA_COPY_A
#define NVRT_CHIP_CE_CLASS_NAME "TURING_DMA_COPY_A"
#define NVRT_CE(name) NVC5B5_##name
/* Its typed method builders and push helpers (c5b5_*, C5B5_*), and the Host
 * class's (c46f_*: SET_OBJECT), from the generated class headers. */
#define NVRT_CHIP_CE_TYPED_HEADER NVRT_STR(NVRT_CHIP/clc5b5.h)
#define NVRT_CHIP_HOST_CLASS_HEADER NVRT_STR(NVRT_CHIP/clc46f.h)
#define NVRT_CE_FN(name) c5b5_##name
#define NVRT_CE_C(name) C5B5_##name
#define NVRT_HOST_CLASS_FN(name) c46f_##name
/* Its field descriptors (for the disassembler). */
#define NVRT_CHIP_CE_FIELDS_HEADER NVRT_STR(NVRT_CHIP/fields/clc5b5.h)
#define NVRT_CHIP_CE_LAYOUTS c5b5_clc5b5_layouts
