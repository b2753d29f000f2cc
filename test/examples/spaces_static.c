/* SPDX-License-Identifier: MIT */
/*
 * The typed headers' helpers by address space, checked at compile time
 * (test/headers/examples.sh: C11 and C++17).  Values from the manuals:
 *   tu104 dev_vm.ref.txt:24  NV_VIRTUAL_FUNCTION_FULL_PHYS_OFFSET 0x00BBFFFF:0x00B80000
 *   tu104 dev_vm.ref.txt:550 NV_VIRTUAL_FUNCTION_DOORBELL 0x30090: BAR0 0xB80000 + 0x30090
 *   tu104 dev_vm.ref.txt:150 NV_VIRTUAL_FUNCTION_PRIV_DOORBELL 0x2200: BAR0 0xB82200
 *   gv100 dev_nv_xve3g_fn0.ref.txt:22 NV_PCFG 0x00088FFF:0x00088000, :608 NV_XVE_VCCAP_HDR 0x100
 *   ga100 dev_runlist.ref.txt:133 NV_RUNLIST_SUBMIT 0x088, :74 NV_CHRAM_CHANNEL(i) (0x000+(i)*4):
 *         offsets in blocks whose BAR0 base is found at run time
 *   gv100 dev_ctxsw.ref.txt:23 NV_CTXSW_FECS_HEADER 0x100 (a context-switch image offset),
 *   gv100 dev_pbdma.ref.txt NV_UDMA_SEM_EXECUTE 0x6C (a method)
 */
#include "tu104/dev_vm.h"
#include "gv100/dev_nv_xve3g_fn0.h"
#include "ga100/dev_runlist.h"
#include "gv100/dev_ctxsw.h"
#include "gv100/dev_pbdma.h"

#ifdef __cplusplus
#define SPACE_ASSERT(c, m) static_assert(c, m)
#else
#define SPACE_ASSERT(c, m) _Static_assert(c, m)
#endif

/* A window: the helper is the BAR0 address, _offset the manual's offset. */
SPACE_ASSERT(tu104_virtual_function_doorbell() == 0x00bb0090u, "VF doorbell at BAR0 0xbb0090");
SPACE_ASSERT(tu104_virtual_function_doorbell_offset() == 0x00030090u, "VF doorbell offset 0x30090");
SPACE_ASSERT(tu104_virtual_function_priv_doorbell() == 0x00b82200u, "VF priv doorbell at BAR0 0xb82200");
SPACE_ASSERT(gv100_xve_vccap_hdr() == 0x00088100u, "config space 0x100 at BAR0 0x88100");
SPACE_ASSERT(gv100_xve_vccap_hdr_offset() == 0x00000100u, "config space offset 0x100");
/* A block: the helper takes the block's base. */
SPACE_ASSERT(ga100_runlist_submit(0x00f10000u) == 0x00f10088u, "runlist submit at base + 0x88");
SPACE_ASSERT(ga100_runlist_submit_offset() == 0x00000088u, "runlist submit offset 0x88");
/* Not BAR0: offsets only, no address helper. */
SPACE_ASSERT(gv100_ctxsw_fecs_header_offset() == 0x00000100u, "ctxsw image offset 0x100");
SPACE_ASSERT(gv100_udma_sem_execute_offset() == 0x0000006cu, "method 0x6c");
#if defined(gv100_ctxsw_fecs_header) || defined(gv100_udma_sem_execute)
#error "an offset of another space must not look like a register address"
#endif

int spaces_static_unused;
