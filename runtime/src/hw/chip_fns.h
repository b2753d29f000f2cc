/* SPDX-License-Identifier: MIT */
/*
 * The per-chip functions of runtime/src/hw/, gathered in sub-tables by
 * chip_table.c (those every generation shares) and by the generation's
 * runtime/src/hw/<generation>/table_<generation>.c (those that differ).
 * The tables are the top: no function here names one.
 */
#ifndef NVRT_CHIP_FNS_H
#define NVRT_CHIP_FNS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "nvrt/chip.h"

/* instance_hw.c */
int NVRT_FN(instance_build)(void *inst, const struct nvrt_instance_params *p, struct nvrt_err *err);
void NVRT_FN(ramin_dump)(const void *inst, FILE *out);
/* userd_hw.c */
void NVRT_FN(userd_gp_put_set)(void *userd, uint32_t put);
uint32_t NVRT_FN(userd_gp_put)(const void *userd);
uint32_t NVRT_FN(userd_gp_get)(const void *userd);
void NVRT_FN(userd_dump)(const void *userd, FILE *out);
/* runlist_hw.c */
int NVRT_FN(runlist_build)(void *rl, size_t bytes, const struct nvrt_runlist_tsg *tsgs,
			   uint32_t ntsgs, uint32_t *nentries, struct nvrt_err *err);
void NVRT_FN(runlist_dump)(const void *rl, uint32_t nentries, FILE *out);
/* reg_name_hw.c: a register named from layouts (all but skip, which may be
 * NULL) at base, their unit's start: true with buf set ("NAME(i)" then where,
 * which may be NULL) when one of them is at offset */
struct refgen_layout;
bool NVRT_FN(reg_name_in)(const struct refgen_layout *const *layouts,
			  const struct refgen_layout *skip, uint32_t base, uint32_t offset,
			  const char *where, char *buf, size_t n);
/* ... and when none is: "the register at 0x..." */
void NVRT_FN(reg_name_unknown)(uint32_t offset, char *buf, size_t n);
/* fault_names_hw.c: dev_fault FAULT_TYPE / ACCESS_TYPE values named */
const char *NVRT_FN(fault_type_name)(uint32_t v);
const char *NVRT_FN(fault_access_type_name)(uint32_t v);
const char *NVRT_FN(fault_client_name)(uint32_t client_type, uint32_t client);
/* gpfifo_hw.c */
int NVRT_FN(gp_entry_encode)(const struct nvrt_gp_entry *e, uint32_t out[2], struct nvrt_err *err);
void NVRT_FN(gp_entry_decode)(const uint32_t in[2], struct nvrt_gp_entry *e);
/* hw/<generation>/gp_entry_<generation>.c: GP_ENTRY1's PRIV where the
 * generation has one (Volta), refused where it has none (Turing, Ampere:
 * hw/ampere/formats_ampere.c). */
int NVRT_FN(gp_entry1_priv_set)(uint32_t *w1, bool priv, struct nvrt_err *err);
bool NVRT_FN(gp_entry1_priv_get)(uint32_t w1);
/* pushbuf_hw.c */
int NVRT_FN(pb_header_encode)(const struct nvrt_pb_header *h, uint32_t *out, struct nvrt_err *err);
void NVRT_FN(pb_header_decode)(uint32_t word, struct nvrt_pb_header *h);
uint32_t NVRT_FN(sem_execute)(unsigned flags);
uint32_t NVRT_FN(membar_sys_op_c)(void);
uint32_t NVRT_FN(membar_op_d)(void);
const char *NVRT_FN(host_method_name)(uint32_t method);
void NVRT_FN(host_methods)(struct nvrt_host_methods *out);
void NVRT_FN(host_method_data_dump)(uint32_t method, uint32_t data, FILE *out);
size_t NVRT_FN(host_method_data_text)(uint32_t method, uint32_t data, char *buf, size_t cap);
/* pagetable_hw.c */
void NVRT_FN(pt_format)(struct nvrt_pt_format *out);
void NVRT_FN(pde_encode)(const struct nvrt_pde *p, uint32_t out[2]);
void NVRT_FN(pde_decode)(const uint32_t in[2], struct nvrt_pde *p);
void NVRT_FN(dual_pde_encode)(const struct nvrt_pde *big, const struct nvrt_pde *small, uint32_t out[4]);
void NVRT_FN(dual_pde_decode)(const uint32_t in[4], struct nvrt_pde *big, struct nvrt_pde *small);
void NVRT_FN(pte_encode)(const struct nvrt_pte *p, uint32_t out[2]);
void NVRT_FN(pte_decode)(const uint32_t in[2], struct nvrt_pte *p);
/* ident_hw.c */
/* Reads NV_PMC_BOOT_0 into id; returns its ARCHITECTURE. */
uint32_t NVRT_FN(ident_read_boot0)(struct nvrt_backend *b, struct nvrt_identity *id);
/* device_hw.c */
int NVRT_FN(host_enable)(struct nvrt_backend *b, uint64_t flush_iova, FILE *log, struct nvrt_err *err);
int NVRT_FN(topology_read)(struct nvrt_backend *b, struct nvrt_topology *t, struct nvrt_err *err);
int NVRT_FN(channel_bind)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t inst_iova,
			  enum nvrt_aperture ap, struct nvrt_err *err);
void NVRT_FN(channel_unbind)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
void NVRT_FN(channel_enable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool enable);
void NVRT_FN(runlist_sched_disable)(struct nvrt_backend *b, const struct nvrt_host_watch *w, bool disable);
void NVRT_FN(runlist_preempt)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
bool NVRT_FN(preempt_done)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
void NVRT_FN(doorbell_ring)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
uint64_t NVRT_FN(time_read)(struct nvrt_backend *b);
/* device_fault_hw.c */
bool NVRT_FN(fault_check)(struct nvrt_backend *b, const struct nvrt_host_watch *w, char *why, size_t n);
void NVRT_FN(fault_report)(struct nvrt_backend *b, const struct nvrt_host_watch *w, FILE *out);
void NVRT_FN(fault_clear)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
/* device_bus_hw.c */
bool NVRT_FN(pri_error)(uint32_t value);
uint32_t NVRT_FN(bus_probe)(void);
bool NVRT_FN(host_enabled)(struct nvrt_backend *b);
void NVRT_FN(reg_name)(const struct nvrt_topology *t, uint32_t offset, char *buf, size_t n);
int NVRT_FN(stale_scan)(struct nvrt_backend *b, const struct nvrt_topology *t, struct nvrt_stale *s,
			FILE *log);
bool NVRT_FN(runlist_idle)(struct nvrt_backend *b, const struct nvrt_host_watch *w);


/*
 * What each generation implements on its own (runtime/src/hw/volta/,
 * runtime/src/hw/turing/): the shared code above calls these.
 */
/* Bring-up: PBDMAs out of reset / allowed to run, where the chip has a
 * register for it. */
void NVRT_FN(pbdma_enable)(struct nvrt_backend *b, uint32_t npbdma, FILE *log);
/* The runlist's submission state, one line per register, each after indent. */
void NVRT_FN(runlist_report)(struct nvrt_backend *b, uint32_t runlist, const char *indent, FILE *out);
/* Entries of the runlist's last submission (0: it holds none). */
uint32_t NVRT_FN(runlist_length)(struct nvrt_backend *b, uint32_t runlist);
/* The doorbell's value for w's channel on w's runlist. */
uint32_t NVRT_FN(doorbell_handle)(const struct nvrt_host_watch *w);
/* The BAR0 address the generation rings the doorbell at (a generated helper). */
uint32_t NVRT_FN(doorbell_addr)(void);
/* The runlist sub-table's submission and its PENDING, through the
 * generation's runlist registers. */
int NVRT_FN(runlist_submit)(struct nvrt_backend *b, const struct nvrt_host_watch *w, uint64_t iova,
			     enum nvrt_aperture ap, uint32_t nentries, struct nvrt_err *err);
bool NVRT_FN(runlist_pending)(struct nvrt_backend *b, const struct nvrt_host_watch *w);
/* RAMFC (fc: the chip's ramfc_t): the USERD words, where the channel's USERD
 * is in RAMFC (before Ampere), and dword 62, the generation's own word. */
void NVRT_FN(ramfc_userd)(void *fc, const struct nvrt_instance_params *p);
void NVRT_FN(ramfc_word62)(void *fc, const struct nvrt_instance_params *p);
/* Turing's ident read: BOOT_0 as on every chip, then NV_PMC_BOOT_42 into
 * id; returns its CHIP_ID (hw/turing/ident_turing.c). */
uint32_t NVRT_FN(ident_read_boot42)(struct nvrt_backend *b, struct nvrt_identity *id);
/* The sub-tables: chip_table.c's, then the generation's (table_<generation>.c). */
extern const struct nvrt_chip_formats NVRT_FN(formats);
extern const struct nvrt_chip_gpfifo NVRT_FN(gpfifo);
extern const struct nvrt_chip_pushbuf NVRT_FN(pushbuf);
extern const struct nvrt_chip_pt NVRT_FN(pt);
extern const struct nvrt_chip_dump NVRT_FN(dump);
extern const struct nvrt_chip_host NVRT_FN(host);
extern const struct nvrt_chip_channel NVRT_FN(channel);
extern const struct nvrt_chip_usermode NVRT_FN(usermode);
extern const struct nvrt_chip_faults NVRT_FN(faults);
extern const struct nvrt_chip_bus NVRT_FN(bus);
extern const struct nvrt_chip_ident NVRT_FN(ident);
extern const struct nvrt_chip_runlist NVRT_FN(runlist);
extern const struct nvrt_chip_ce NVRT_FN(ce);
/* The CE class's method name and data fields (pushbuf_hw.c, for the disassembler). */
const char *NVRT_FN(ce_method_name)(uint32_t method);
size_t NVRT_FN(ce_method_data_text)(uint32_t method, uint32_t data, char *buf, size_t cap);

#endif
