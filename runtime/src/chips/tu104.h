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
/*
 * The field value that identifies the chip: TU104's dev_master lists
 * Turing's architecture (TU100, 0x16) only under NV_PMC_BOOT_42, whose
 * CHIP_ID (ARCHITECTURE:IMPLEMENTATION) TU104, 0x164, tells it from the
 * other Turings (hw/turing/ident_turing.c).
 */
#define NVRT_CHIP_IDENT PMC_BOOT_42_CHIP_ID_TU104

/*
 * The interrupt fields bring-up enables, each set to its _ENABLED value
 * (dev_pbdma NV_PPBDMA_INTR_EN_0/1, dev_fifo NV_PFIFO_INTR_EN_0): listed, so
 * a name the manual lacks does not compile.
 */
#define NVRT_PPBDMA_INTR_EN_0_FIELDS(X)                                                   \
	X(MEMREQ) X(MEMACK_TIMEOUT) X(MEMACK_EXTRA) X(MEMDAT_TIMEOUT) X(MEMDAT_EXTRA)     \
	X(MEMFLUSH) X(MEMOP) X(LBCONNECT) X(LBACK_TIMEOUT) X(LBACK_EXTRA)                 \
	X(LBDAT_TIMEOUT) X(LBDAT_EXTRA) X(GPFIFO) X(GPPTR) X(GPENTRY) X(GPCRC) X(PBPTR)   \
	X(PBENTRY) X(PBCRC) X(CLEAR_FAULTED_ERROR) X(METHOD) X(METHODCRC) X(DEVICE)       \
	X(ENG_RESET) X(SEMAPHORE) X(ACQUIRE) X(PRI) X(PBSEG) X(SIGNATURE)
#define NVRT_PPBDMA_INTR_EN_1_FIELDS(X)                                                   \
	X(HCE_RE_ILLEGAL_OP) X(HCE_RE_ALIGNB) X(HCE_PRIV) X(HCE_ILLEGAL_MTHD)             \
	X(HCE_ILLEGAL_CLASS) X(CTXNOTVALID)
#define NVRT_PFIFO_INTR_EN_0_FIELDS(X)                                                    \
	X(BIND_ERROR) X(SCHED_ERROR) X(CHSW_ERROR) X(MEMOP_TIMEOUT) X(LB_ERROR)           \
	X(PBDMA_INTR) X(RUNLIST_EVENT) X(CHANNEL_INTR)
