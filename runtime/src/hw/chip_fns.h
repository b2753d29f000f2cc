/* The per-chip functions of runtime/src/hw/, gathered in chip_table.c. */
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
/* gpfifo_hw.c */
int NVRT_FN(gp_entry_encode)(const struct nvrt_gp_entry *e, uint32_t out[2], struct nvrt_err *err);
void NVRT_FN(gp_entry_decode)(const uint32_t in[2], struct nvrt_gp_entry *e);
/* pushbuf_hw.c */
int NVRT_FN(pb_header_encode)(const struct nvrt_pb_header *h, uint32_t *out, struct nvrt_err *err);
void NVRT_FN(pb_header_decode)(uint32_t word, struct nvrt_pb_header *h);
uint32_t NVRT_FN(sem_execute)(unsigned flags);
uint32_t NVRT_FN(membar_sys_op_c)(void);
uint32_t NVRT_FN(membar_op_d)(void);
const char *NVRT_FN(host_method_name)(uint32_t method);
void NVRT_FN(host_methods)(struct nvrt_host_methods *out);
void NVRT_FN(host_method_data_dump)(uint32_t method, uint32_t data, FILE *out);
/* pagetable_hw.c */
void NVRT_FN(pt_format)(struct nvrt_pt_format *out);
void NVRT_FN(pde_encode)(const struct nvrt_pde *p, uint32_t out[2]);
void NVRT_FN(pde_decode)(const uint32_t in[2], struct nvrt_pde *p);
void NVRT_FN(dual_pde_encode)(const struct nvrt_pde *big, const struct nvrt_pde *small, uint32_t out[4]);
void NVRT_FN(dual_pde_decode)(const uint32_t in[4], struct nvrt_pde *big, struct nvrt_pde *small);
void NVRT_FN(pte_encode)(const struct nvrt_pte *p, uint32_t out[2]);
void NVRT_FN(pte_decode)(const uint32_t in[2], struct nvrt_pte *p);

#endif
