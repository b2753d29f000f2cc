/* SPDX-License-Identifier: MIT */
/*
 * GA100 (Ampere; A100).  Everything the runtime knows about the chip comes
 * from its generated headers (out/include/ga100, from the manuals and the
 * project's addenda under manuals/ga100, which cite NVIDIA's published
 * headers); this only names them.
 */
#define NVRT_CHIP ga100
#define NVRT_CHIP_UPPER GA100
/* Its generation's own code: runtime/src/hw/ampere/ (read by the Makefile
 * too).  No NVRT_CHIP_HOST_DESIGN: Ampere's Host (runlist blocks, channel
 * RAM) is its generation's own, none of hw/pfifo/. */
#define NVRT_CHIP_GENERATION ampere
/* The unit holding NV_PMC: GA100's manuals call it dev_boot. */
#define NVRT_CHIP_PMC_UNIT dev_boot
/*
 * The field value that identifies the chip: NV_PMC_BOOT_42's CHIP_ID GA100,
 * 0x170 (dev_boot.ref.txt:179,199).  Not BOOT_0's ARCHITECTURE alone: GA102
 * shares ARCHITECTURE 0x17 (../shared/design/ga100-host-facts.md section 0).
 */
#define NVRT_CHIP_IDENT PMC_BOOT_42_CHIP_ID_GA100

/* Its copy engines' class (doc/ce-facts.md section 1): AMPERE_DMA_COPY_A, named by the
 * generated NV-style class header ga100/nv/clc6b5.h (NVIDIA's names). */
#define NVRT_CHIP_CE_CLASS_HEADER NVRT_STR(NVRT_CHIP/nv/clc6b5.h)
#define NVRT_CHIP_CE_CLASS C6B5_AMPERE_DMA_COPY_A
#define NVRT_CHIP_CE_CLASS_NAME "AMPERE_DMA_COPY_A"
#define NVRT_CE(name) NVC6B5_##name
/* Its typed method builders and push helpers (c6b5_*, C6B5_*), and the Host
 * class's (c56f_*: SET_OBJECT), from the generated class headers. */
#define NVRT_CHIP_CE_TYPED_HEADER NVRT_STR(NVRT_CHIP/clc6b5.h)
#define NVRT_CHIP_HOST_CLASS_HEADER NVRT_STR(NVRT_CHIP/clc56f.h)
#define NVRT_CE_FN(name) c6b5_##name
#define NVRT_CE_C(name) C6B5_##name
#define NVRT_HOST_CLASS_FN(name) c56f_##name
/* Its field descriptors (for the disassembler). */
#define NVRT_CHIP_CE_FIELDS_HEADER NVRT_STR(NVRT_CHIP/fields/clc6b5.h)
#define NVRT_CHIP_CE_LAYOUTS c6b5_clc6b5_layouts
