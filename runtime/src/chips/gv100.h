/*
 * GV100 (Volta).  Everything the runtime knows about the chip comes from its
 * generated headers (out/include/gv100, from the manuals and the project's
 * addenda under manuals/gv100); this only names them.
 */
#define NVRT_CHIP gv100
#define NVRT_CHIP_UPPER GV100
/* NV_PMC_BOOT_0_ARCHITECTURE value that identifies the chip (dev_master). */
#define NVRT_CHIP_ARCHITECTURE GV100_PMC_BOOT_0_ARCHITECTURE_GV100
