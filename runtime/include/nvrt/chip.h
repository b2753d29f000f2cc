/* SPDX-License-Identifier: MIT */
/*
 * What differs between chips: every encoding of a hardware format and every
 * register sequence.  The runtime's chip-generic code (ring arithmetic,
 * page-table walks, channel lay-out, bring-up order, decoders' output) goes
 * through one of these tables.  Sub-tables are built by compiling
 * runtime/src/hw/ (and runtime/src/hw/<generation>/) against one chip's
 * generated headers (see chip_hw.h); runtime/src/chips/<chip>.c puts a
 * chip's table together (README: "The chip seam").
 */
#ifndef NVRT_CHIP_H
#define NVRT_CHIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "nvrt/dma.h"
#include "nvrt/error.h"

/* Instance block contents (RAMIN with its RAMFC): see instance.h. */
struct nvrt_instance_params;
/* Runlist contents: see runlist.h. */
struct nvrt_runlist_tsg;
/* A GPFIFO entry: see gpfifo.h. */
struct nvrt_gp_entry;
/* Page-table entries: see pagetable.h. */
struct nvrt_pte;
struct nvrt_pde;
/* Host registers, through a backend's BAR0: see device.h. */
struct nvrt_backend;
struct nvrt_identity;
struct nvrt_topology;
struct nvrt_host_watch;
struct nvrt_stale;

/* Pushbuffer method header types (NV_FIFO_DMA_SEC_OP / TERT_OP). */
enum nvrt_pb_op {
	NVRT_PB_INCR,
	NVRT_PB_NONINCR,
	NVRT_PB_ONEINCR,
	NVRT_PB_IMMD,
	NVRT_PB_SET_SUBDEVICE_MASK,
	NVRT_PB_STORE_SUBDEVICE_MASK,
	NVRT_PB_USE_SUBDEVICE_MASK,
	NVRT_PB_END_SEGMENT,
	NVRT_PB_NOP,          /* header word 0 */
	NVRT_PB_INVALID,      /* decodes to nothing Host accepts */
};

/* A decoded (or to be encoded) pushbuffer method header. */
struct nvrt_pb_header {
	enum nvrt_pb_op op;
	uint32_t subch;        /* 0..7 */
	uint32_t method;       /* byte address of the first method */
	uint32_t count;        /* data dwords that follow (INCR/NONINCR/ONEINCR) */
	uint32_t data;         /* IMMD data (13 bits) or subdevice mask (12 bits) */
};

/* Host (class-independent) methods, by byte address. */
struct nvrt_host_methods {
	uint32_t nop, set_reference, non_stall_interrupt;
	uint32_t sem_addr_lo, sem_addr_hi, sem_payload_lo, sem_payload_hi, sem_execute;
	uint32_t mem_op_a, mem_op_b, mem_op_c, mem_op_d;
};

/* How a semaphore method executes (NV_UDMA_SEM_EXECUTE). */
enum nvrt_sem_flags {
	NVRT_SEM_RELEASE = 1 << 0,    /* else acquire (greater or equal, circular) */
	NVRT_SEM_64BIT = 1 << 1,      /* 64-bit payload */
	NVRT_SEM_TIMESTAMP = 1 << 2,  /* release writes the GPU time after the payload */
	NVRT_SEM_WFI = 1 << 3,        /* release waits for idle first */
};

/*
 * The ver2 virtual address split (manuals/<chip>/dev_mmu.ref addendum):
 * level 0 = PD3 .. 3 = PD0 (dual PDEs), 4 = PT of 4 KiB pages; the index of
 * level l is VA bits [lo[l] + bits[l] - 1 : lo[l]].  A 64 KiB-page PT is
 * indexed by big_bits bits from big_lo.
 */
struct nvrt_pt_format {
	uint32_t lo[5], bits[5];
	uint32_t big_lo, big_bits;
	uint32_t pde_bytes, dual_pde_bytes, pte_bytes;
	/* log2 of the alignment of the address each entry holds: PDE, dual PDE
	 * big and small halves, PTE (the manual's *_ADDRESS_SHIFT). */
	uint32_t addr_shift[4];
};

/*
 * The chip table is one pointer per subsystem.  Each sub-table holds the
 * subsystem's constants (sizes, alignments, counts, class numbers: data
 * from the chip's generated headers) next to its operations.  Each chip
 * has its table in runtime/src/chips/<chip>.c; a sub-table whose code and
 * facts did not change between generations is shared (a later chip points
 * at the earlier chip's sub-table, checked at compile time there), so a
 * chip's file reads as the list of what changed.
 */

/* Identification (NV_PMC_BOOT_0, NV_PMC_BOOT_42): see nvrt_chip_identify. */
struct nvrt_chip_ident {
	/* The value of the field that names the chip (BOOT_0's ARCHITECTURE,
	 * or BOOT_42's CHIP_ID where the chip's dev_master names the
	 * architecture only there), and its manual name. */
	uint32_t value;
	const char *value_name;  /* "NV_PMC_BOOT_0_ARCHITECTURE_GV100" */
	/* Reads BOOT_0 (and BOOT_42) into id, decoded with this chip's names;
	 * returns that field of the device. */
	uint32_t (*read)(struct nvrt_backend *b, struct nvrt_identity *id);
};

/* Memory formats the runtime writes: RAMIN/RAMFC, USERD, RAMRL. */
struct nvrt_chip_formats {
	/* instance.c: RAMIN (4 KiB at inst) with its RAMFC. */
	uint32_t instance_bytes, instance_align;
	int (*instance_build)(void *inst, const struct nvrt_instance_params *p, struct nvrt_err *err);
	/* userd.c */
	uint32_t userd_bytes, userd_align;
	void (*userd_gp_put_set)(void *userd, uint32_t put);
	uint32_t (*userd_gp_put)(const void *userd);
	uint32_t (*userd_gp_get)(const void *userd);
	/* runlist.c: writes entries to rl; *nentries on success. */
	uint32_t runlist_entry_bytes, runlist_align;
	int (*runlist_build)(void *rl, size_t bytes, const struct nvrt_runlist_tsg *tsgs,
			     uint32_t ntsgs, uint32_t *nentries, struct nvrt_err *err);
};

/* GPFIFO entries (gpfifo.c): one 8-byte GP entry. */
struct nvrt_chip_gpfifo {
	int (*gp_entry_encode)(const struct nvrt_gp_entry *e, uint32_t out[2], struct nvrt_err *err);
	void (*gp_entry_decode)(const uint32_t in[2], struct nvrt_gp_entry *e);
};

/*
 * A method header's layout (dev_ram NV_FIFO_DMA_INCR, _NONINCR, _ONEINCR) as
 * data, so that the builder encodes the common headers with a few
 * multiplies and ORs, no call into the chip:
 *   opcode        the header word with every other field 0;
 *   *_lsb         the header's value of a field's lowest bit (1 << its first
 *                 bit), so field value v is v * lsb;
 *   *_invalid     the bits a valid argument never has: beyond the field's
 *                 width, and for the method (a byte address; ADDRESS holds
 *                 the dword address) also its two low bits.
 */
struct nvrt_pb_method_format {
	uint32_t opcode;
	uint32_t count_lsb, subch_lsb, address_lsb;
	uint32_t count_invalid, subch_invalid, method_invalid;
};

/* Pushbuffer: Host's class, its methods, headers and method data words. */
struct nvrt_chip_pushbuf {
	uint32_t host_class;    /* NV_PFIFO_CFG2_HOST_CLASS_ID's value (0xc36f on GV100) */
	/* By enum nvrt_pb_op: INCR, NONINCR, ONEINCR (what pb_header_encode does for them). */
	struct nvrt_pb_method_format method_format[NVRT_PB_ONEINCR + 1];
	void (*host_methods)(struct nvrt_host_methods *out);
	int (*pb_header_encode)(const struct nvrt_pb_header *h, uint32_t *out, struct nvrt_err *err);
	void (*pb_header_decode)(uint32_t word, struct nvrt_pb_header *h);
	uint32_t (*sem_execute)(unsigned flags);
	uint32_t (*membar_sys_op_c)(void);   /* MEM_OP_C for a SYS_MEMBAR */
	uint32_t (*membar_op_d)(void);       /* MEM_OP_D for a MEMBAR */
};

/* The copy engine's class: its methods pushed (hw/ce_hw.c, doc/ce-facts.md). */
struct nvrt_ce_copy;
struct nvrt_ce_fill;
struct nvrt_pb;
struct nvrt_chip_ce {
	uint32_t class_id;      /* VOLTA_DMA_COPY_A 0xc3b5 on GV100 */
	const char *class_name;
	int (*push_object)(struct nvrt_pb *pb, uint32_t subch);
	int (*push_copy)(struct nvrt_pb *pb, uint32_t subch, const struct nvrt_ce_copy *c);
	int (*push_fill)(struct nvrt_pb *pb, uint32_t subch, const struct nvrt_ce_fill *f);
	int (*push_release)(struct nvrt_pb *pb, uint32_t subch, uint64_t va, uint32_t payload);
	/* The class's name of the method at byte offset method (NULL: none), and
	 * "FIELD=VALUE ..." of its data, as the Host methods' (dump). */
	const char *(*method_name)(uint32_t method);
	uint32_t object_method;                  /* Host's SetObject (NV_UDMA_OBJECT) */
	uint32_t (*object_class)(uint32_t data); /* its NVCLASS */
	size_t (*method_data_text)(uint32_t method, uint32_t data, char *buf, size_t cap);
};

/* Page tables: the ver2 PDE, dual PDE and PTE words (pagetable/). */
struct nvrt_chip_pt {
	void (*pt_format)(struct nvrt_pt_format *out);
	void (*pde_encode)(const struct nvrt_pde *p, uint32_t out[2]);
	void (*pde_decode)(const uint32_t in[2], struct nvrt_pde *p);
	void (*dual_pde_encode)(const struct nvrt_pde *big, const struct nvrt_pde *small, uint32_t out[4]);
	void (*dual_pde_decode)(const uint32_t in[4], struct nvrt_pde *big, struct nvrt_pde *small);
	void (*pte_encode)(const struct nvrt_pte *p, uint32_t out[2]);
	void (*pte_decode)(const uint32_t in[2], struct nvrt_pte *p);
};

/* Dumps and names, with the chip's own manual names. */
struct nvrt_chip_dump {
	void (*ramin_dump)(const void *inst, FILE *out);
	void (*userd_dump)(const void *userd, FILE *out);
	void (*runlist_dump)(const void *rl, uint32_t nentries, FILE *out);
	/* The manual's name of a Host method, or NULL. */
	const char *(*host_method_name)(uint32_t method);
	/* Fields of a Host method's data word, by name ("OPERATION=RELEASE ..."). */
	void (*host_method_data_dump)(uint32_t method, uint32_t data, FILE *out);
	/* The same into buf (cap > 0, NUL-terminated, cut short when full); its length. */
	size_t (*host_method_data_text)(uint32_t method, uint32_t data, char *buf, size_t cap);
	/* The manual's name of the register at BAR0 offset; t (may be NULL) gives
	 * the bases of the blocks found at bring-up (GA100's runlists). */
	void (*reg_name)(const struct nvrt_topology *t, uint32_t offset, char *buf, size_t n);
};

/*
 * Every operation below reaches registers through backend b.  Functions
 * that can fail return 0 or -1 with err set.
 */

/* Bring-up: PFIFO and PBDMAs, engines (device_hw.c). */
struct nvrt_chip_host {
	uint32_t pbdmas;        /* PBDMAs the manual's per-PBDMA arrays hold */
	/* PFIFO and PBDMA reset/enable, interrupts, scheduler, USERD writeback,
	 * stale fault buffers, the sysmem flush page at flush_iova; log: steps. */
	int (*host_enable)(struct nvrt_backend *b, uint64_t flush_iova, FILE *log, struct nvrt_err *err);
	/* NV_PTOP_DEVICE_INFO chains and NV_PFIFO_PBDMA_MAP. */
	int (*topology_read)(struct nvrt_backend *b, struct nvrt_topology *t, struct nvrt_err *err);
	bool (*host_enabled)(struct nvrt_backend *b);   /* PFIFO out of reset */
	/* No Host reset (GA100: no PFIFO bit in NV_PMC_ENABLE): what a previous
	 * owner scheduled stays scheduled, so bring-up submits an empty runlist
	 * and preempts the runlist, for every runlist, before any channel
	 * exists (nouveau ga100_runl_init; device/device_stale.c).  Chips with
	 * a PFIFO reset are cleared by it. */
	bool runlists_cleared_by_hand;
};

/*
 * Runlists: submission, scheduling, preemption.  Each operation is on w's
 * runlist: its index (w->runlist) where the chip's runlist registers are
 * indexed, its block (w->loc, read at bring-up) where each runlist has its
 * own (GA100).
 */
struct nvrt_chip_runlist {
	uint32_t runlists;      /* runlists the manual's per-runlist registers hold */
	int (*runlist_submit)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t iova,
			      enum nvrt_aperture ap, uint32_t nentries, struct nvrt_err *err);
	bool (*runlist_pending)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
	void (*runlist_sched_disable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool disable);
	void (*runlist_preempt)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
	/* The runlist's PBDMAs and engines no longer hold w's channel/TSG. */
	bool (*preempt_done)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
	/* No PBDMA of w's runlist holds a channel. */
	bool (*runlist_idle)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
};

/* Channel control, of w's channel (w->chid) on w's runlist: NV_PCCSR, or
 * the runlist's channel RAM (NV_CHRAM_CHANNEL, GA100).  A chip whose runlist
 * entry carries the instance block binds nothing (channel_bind checks only). */
struct nvrt_chip_channel {
	int (*channel_bind)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t inst_iova,
			    enum nvrt_aperture ap, struct nvrt_err *err);
	void (*channel_unbind)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
	void (*channel_enable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool enable);
};

/* Usermode: doorbell and time (NV_USERMODE). */
struct nvrt_chip_usermode {
	/* The value written to the doorbell for w's channel on w's runlist. */
	uint32_t (*doorbell_handle)(const struct nvrt_host_watch *w);
	/* Tells Host that w's channel has new work. */
	void (*doorbell_ring)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
	/* The GPU's time in nanoseconds (TIME_1/TIME_0). */
	uint64_t (*time_read)(struct nvrt_backend *b);
	/* The manual's name of the time registers time_read reads, for reports. */
	const char *time_name;
};

/*
 * Faults (device_fault_hw.c): whether anything went wrong for w (PFIFO, its
 * PBDMAs, its channel, the MMU); why gets a one-line summary with the
 * manual's names.  report prints every register worth reading, decoded;
 * clear acknowledges what fault_check sees.
 */
struct nvrt_chip_faults {
	bool (*fault_check)(struct nvrt_backend *b, const struct nvrt_host_watch *w, char *why, size_t n);
	void (*fault_report)(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out);
	void (*fault_clear)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
};

/*
 * The bus and what a crashed predecessor left (device_bus_hw.c): pri_error
 * tells the chip's PRI error word (a failed register read); bus_probe is a
 * register that never reads all ones; stale_scan finds channels bound or
 * enabled and runlists holding entries that nobody here created (each
 * described on log).
 */
struct nvrt_chip_bus {
	bool (*pri_error)(uint32_t value);
	uint32_t (*bus_probe)(void);
	int (*stale_scan)(struct nvrt_backend *b, const struct nvrt_topology *t, struct nvrt_stale *s,
			  FILE *log);
};

struct nvrt_chip {
	const char *name;               /* "gv100" */
	const struct nvrt_chip_ident *ident;
	const struct nvrt_chip_formats *formats;
	const struct nvrt_chip_gpfifo *gpfifo;
	const struct nvrt_chip_pushbuf *pushbuf;
	const struct nvrt_chip_pt *pt;
	const struct nvrt_chip_dump *dump;
	const struct nvrt_chip_host *host;
	const struct nvrt_chip_runlist *runlist;
	const struct nvrt_chip_channel *channel;
	const struct nvrt_chip_usermode *usermode;
	const struct nvrt_chip_faults *faults;
	const struct nvrt_chip_bus *bus;
	const struct nvrt_chip_ce *ce;
};

extern const struct nvrt_chip nvrt_chip_gv100;
extern const struct nvrt_chip nvrt_chip_tu104;
extern const struct nvrt_chip nvrt_chip_ga100;

/* The chip called name, or NULL. */
const struct nvrt_chip *nvrt_chip_find(const char *name);
/* The chips of this build: nvrt_chip_at(0 .. nvrt_chip_count() - 1). */
size_t nvrt_chip_count(void);
const struct nvrt_chip *nvrt_chip_at(size_t i);
/*
 * Reads NV_PMC_BOOT_0 (and NV_PMC_BOOT_42 for chips whose manual names the
 * architecture there) through b, fills id and returns the chip of this
 * build the device is; NULL with err ("unknown GPU: NV_PMC_BOOT_0 0x...
 * (fields); this build knows gv100 (...), ...") when none.
 */
const struct nvrt_chip *nvrt_chip_identify(struct nvrt_backend *b, struct nvrt_identity *id,
					    struct nvrt_err *err);
/* Whether the device behind b is chip c: 0, or -1 with err ("not a gv100: ..."). */
int nvrt_chip_check(const struct nvrt_chip *c, struct nvrt_backend *b, struct nvrt_identity *id,
		    struct nvrt_err *err);

#endif
