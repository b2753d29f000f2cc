/* SPDX-License-Identifier: MIT */
/*
 * Runs the examples of doc/headers.md (test/examples/readme_example.c and
 * readme_builders.c, which test/headers/examples.sh checks are that page's
 * code blocks) and compares the words they build with values worked out by
 * hand from the gv100 manuals:
 *   dev_fifo: NV_PCCSR_CHANNEL_INST(i) = 0x00800000+(i)*8, PTR 27:0,
 *             TARGET 29:28 (SYS_MEM_COHERENT = 2), BIND 31:31 (TRUE = 1)
 *     -> chid 1, inst 0x100000: offset 0x800008, value 0xA0000100
 *   dev_mmu:  NV_MMU_VER2_PTE VALID 0:0, APERTURE 2:1 (SYSTEM_COHERENT = 2),
 *             ADDRESS_SYS 53:8 -> pa 0x12345000: w0 = 0x01234505, w1 = 0
 *   dev_ram:  PAGE_DIR_BASE_LO (128*32+31):(128*32+12), HI word 129
 *     -> pdb 0x200000: w[128] bits 31:12 = 0x200, w[129] = 0
 * Built as C99 and as C++17 (the builders, C99 designated initializers,
 * only as C).
 */
#include <stdio.h>

#include "readme_example.c"
#ifndef __cplusplus
#include "readme_builders.c"
#endif

static uint32_t bar0[(0x800000 + 4096 * 8) / 4];
static gv100_ramin_t ramin;

int main(void)
{
	int failed = 0, checks = 7;

	bind_channel(bar0, 1, 0x100000);
	setup_pdb(&ramin, 0x200000);
	gv100_mmu_ver2_pte_t pte = make_pte(0x12345000);

	failed += bar0[0x800008 / 4] != 0xA0000100u;
	failed += (ramin.w[128] & 0xFFFFF000u) != 0x00200000u;
	failed += ramin.w[129] != 0;
	failed += gv100_getaddr_ramin_page_dir_base(&ramin) != 0x200000u;
	failed += pte.w[0] != 0x01234505u || pte.w[1] != 0;
	failed += !channel_bound(0xA0000100u);
	failed += channel_bound(0x20000100u);
#ifndef __cplusplus
	gv100_mmu_ver2_pte_t p2 = pte_value(0x12345000);
	failed += inst_value(0x100000).v != 0xA0000100u;
	failed += p2.w[0] != 0x01234505u || p2.w[1] != 0;
	checks += 2;
#endif
	printf("%d passed, %d failed\n", checks - failed, failed);
	return failed != 0;
}
