/* SPDX-License-Identifier: MIT */
/*
 * The Host interrupts of Volta's manuals, which Turing's keep unchanged
 * (../shared/design/tu104-host-facts.md 1.2 steps 6-7, 5.2-5.3): included by
 * runtime/src/chips/<chip>.h, so each chip's compile checks every name
 * against its own manual.  The simulator resets and clears the same PBDMA
 * interrupts (NV_PPBDMA_INTR_0/_EN_0/_STALL share the names).
 */
#ifndef NVRT_HW_INTR_FIELDS_H
#define NVRT_HW_INTR_FIELDS_H

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

#endif
