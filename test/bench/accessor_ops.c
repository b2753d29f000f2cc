/* SPDX-License-Identifier: MIT */
/*
 * Representative operations written twice: typed_<op> with the generated gv100
 * accessors, hand_<op> with the shifts and masks read off the manuals
 * (volta/gv100/dev_fifo.ref.txt, dev_ram.ref.txt, dev_mmu.ref.txt; the
 * defines are quoted above each pair).  bench_headers compiles this file
 * with -O2 -DNDEBUG (the release configuration: REFGEN_CHECK is silent) and
 * counts the instructions of each function, pairing typed_<op> with
 * hand_<op> in the order they appear here.
 *
 * Both sides of a pair have the same meaning, including for out-of-range
 * input: the accessors mask a value to its field's width, so the hand-written
 * code masks too (as NVIDIA's DRF_NUM() does), and a structure setter touches
 * only the bits of its field.  Built with -DACCESSOR_OPS_CHECK, main() runs
 * every pair on the same inputs and exits 1 if any pair disagrees, so the
 * instruction counts compare equivalent code.
 *
 * Registers are passed as their 32-bit value and memory structures as
 * pointers on both sides, so the calling conventions match.
 */
#include <stdint.h>

#include "gv100/dev_fifo.h"
#include "gv100/dev_mmu.h"
#include "gv100/dev_ram.h"

/*
 * Set a register field to a named value.
 *   NV_PCCSR_CHANNEL_INST_BIND       31:31
 *   NV_PCCSR_CHANNEL_INST_BIND_TRUE  0x00000001
 */
uint32_t typed_reg_set_enum(uint32_t v)
{
	gv100_pccsr_channel_inst_t r = { v };

	r = gv100_set_pccsr_channel_inst_bind(r, GV100_PCCSR_CHANNEL_INST_BIND_TRUE);
	return r.v;
}

uint32_t hand_reg_set_enum(uint32_t v)
{
	return (v & ~(1u << 31)) | (1u << 31);
}

/*
 * Set a register field to a value known only at run time.
 *   NV_PCCSR_CHANNEL_INST_TARGET  29:28
 */
uint32_t typed_reg_set_var(uint32_t v, enum gv100_pccsr_channel_inst_target t)
{
	gv100_pccsr_channel_inst_t r = { v };

	r = gv100_set_pccsr_channel_inst_target(r, t);
	return r.v;
}

uint32_t hand_reg_set_var(uint32_t v, enum gv100_pccsr_channel_inst_target t)
{
	return (v & ~(0x3u << 28)) | (((uint32_t)t & 0x3u) << 28);
}

/*
 * Get a register field.
 *   NV_PCCSR_CHANNEL_INST_TARGET  29:28
 */
enum gv100_pccsr_channel_inst_target typed_reg_get(uint32_t v)
{
	gv100_pccsr_channel_inst_t r = { v };

	return gv100_get_pccsr_channel_inst_target(r);
}

enum gv100_pccsr_channel_inst_target hand_reg_get(uint32_t v)
{
	return (enum gv100_pccsr_channel_inst_target)((v >> 28) & 0x3u);
}

/*
 * Build a runlist TSG header entry (all four words, as a driver fills a
 * runlist).  The typed side fills a local entry and assigns it whole, as the
 * typed API is meant to be used; the hand side stores the words.  On gv100
 * TSG_LENGTH is in word 1, not word 0:
 *   NV_RAMRL_ENTRY_TYPE                   (0+0*32):(0+0*32)
 *   NV_RAMRL_ENTRY_TYPE_TSG               0x00000001
 *   NV_RAMRL_ENTRY_TSG_TIMESLICE_SCALE    (19+0*32):(16+0*32)
 *   NV_RAMRL_ENTRY_TSG_TIMESLICE_TIMEOUT  (31+0*32):(24+0*32)
 *   NV_RAMRL_ENTRY_TSG_LENGTH             (7+1*32):(0+1*32)
 *   NV_RAMRL_ENTRY_SIZE                   16
 */
void typed_runlist_tsg_header(gv100_ramrl_entry_t *out, uint32_t timeout, uint32_t scale,
			      uint32_t length)
{
	gv100_ramrl_entry_t e = { { 0 } };

	gv100_set_ramrl_entry_type(&e, GV100_RAMRL_ENTRY_TYPE_TSG);
	gv100_set_ramrl_entry_tsg_timeslice_timeout(&e, timeout);
	gv100_set_ramrl_entry_tsg_timeslice_scale(&e, scale);
	gv100_set_ramrl_entry_tsg_length(&e, length);
	*out = e;
}

void hand_runlist_tsg_header(uint32_t *out, uint32_t timeout, uint32_t scale, uint32_t length)
{
	out[0] = 1u | (scale & 0xfu) << 16 | (timeout & 0xffu) << 24;
	out[1] = length & 0xffu;
	out[2] = 0;
	out[3] = 0;
}

/*
 * Set a 46-bit field that spans both words of a ver2 PTE (bits 8..31 of
 * w[0], 0..21 of w[1]); the value is the address >> NV_MMU_VER2_PTE_ADDRESS_SHIFT.
 *   NV_MMU_VER2_PTE_ADDRESS_SYS  53:8
 */
void typed_pte_address_sys_set(gv100_mmu_ver2_pte_t *p, uint64_t a)
{
	gv100_set_mmu_ver2_pte_address_sys(p, a);
}

void hand_pte_address_sys_set(uint32_t *w, uint64_t a)
{
	w[0] = (w[0] & 0xffu) | (uint32_t)(a << 8);
	w[1] = (w[1] & ~0x3fffffu) | ((uint32_t)(a >> 24) & 0x3fffffu);
}

/* The same field read back. */
uint64_t typed_pte_address_sys_get(const gv100_mmu_ver2_pte_t *p)
{
	return gv100_get_mmu_ver2_pte_address_sys(p);
}

uint64_t hand_pte_address_sys_get(const uint32_t *w)
{
	return (w[0] >> 8) | ((uint64_t)(w[1] & 0x3fffffu) << 24);
}

/*
 * Set the page directory base of an instance block from a 4 KiB aligned
 * address (the low 12 bits of an unaligned one are dropped on both sides).
 *   NV_RAMIN_PAGE_DIR_BASE_LO  (128*32+31):(128*32+12)
 *   NV_RAMIN_PAGE_DIR_BASE_HI  (129*32+31):(129*32+0)
 */
void typed_ramin_pdb_addr_set(gv100_ramin_t *s, uint64_t addr)
{
	gv100_setaddr_ramin_page_dir_base(s, addr);
}

void hand_ramin_pdb_addr_set(uint32_t *w, uint64_t addr)
{
	w[128] = (w[128] & 0xfffu) | ((uint32_t)addr & 0xfffff000u);
	w[129] = (uint32_t)(addr >> 32);
}

/*
 * Read and write a field of an indexed structure entry, index at run time.
 *   NV_RAMIN_SC_PAGE_DIR_BASE_TARGET(i)  ((168+(i)*4)*32+1):((168+(i)*4)*32+0)
 *   NV_RAMIN_SC_PAGE_DIR_BASE_TARGET__SIZE_1  64
 */
enum gv100_ramin_sc_page_dir_base_target typed_ramin_sc_target_get(const gv100_ramin_t *s,
								    uint32_t i)
{
	return gv100_get_ramin_sc_page_dir_base_target(s, i);
}

enum gv100_ramin_sc_page_dir_base_target hand_ramin_sc_target_get(const uint32_t *w, uint32_t i)
{
	return (enum gv100_ramin_sc_page_dir_base_target)(w[168 + i * 4] & 0x3u);
}

void typed_ramin_sc_target_set(gv100_ramin_t *s, uint32_t i,
			       enum gv100_ramin_sc_page_dir_base_target t)
{
	gv100_set_ramin_sc_page_dir_base_target(s, i, t);
}

void hand_ramin_sc_target_set(uint32_t *w, uint32_t i, enum gv100_ramin_sc_page_dir_base_target t)
{
	w[168 + i * 4] = (w[168 + i * 4] & ~0x3u) | ((uint32_t)t & 0x3u);
}

#ifdef ACCESSOR_OPS_CHECK
#include <stdio.h>
#include <string.h>

static uint64_t check_state = 0x9e3779b97f4a7c15u;

/* xorshift64: the same inputs on every run. */
static uint64_t check_rand(void)
{
	check_state ^= check_state << 13;
	check_state ^= check_state >> 7;
	check_state ^= check_state << 17;
	return check_state;
}

static int check_failed;

static void check(const char *op, int ok)
{
	if (!ok && !check_failed++)
		fprintf(stderr, "accessor_ops: typed_%s and hand_%s disagree\n", op, op);
}

int main(void)
{
	static gv100_ramin_t a, b;

	for (int n = 0; n < 100000; n++) {
		uint64_t r = check_rand(), x = check_rand();
		uint32_t v = (uint32_t)r, i = (uint32_t)(x % 64);
		gv100_ramrl_entry_t e;
		uint32_t he[4];
		gv100_mmu_ver2_pte_t p = { { v, (uint32_t)(r >> 32) } };
		uint32_t hp[2] = { v, (uint32_t)(r >> 32) };

		/* In-range values only: the release build would not have them checked. */
		check("reg_set_enum", typed_reg_set_enum(v) == hand_reg_set_enum(v));
		check("reg_set_var", typed_reg_set_var(v, (enum gv100_pccsr_channel_inst_target)(x & 3)) ==
			hand_reg_set_var(v, (enum gv100_pccsr_channel_inst_target)(x & 3)));
		check("reg_get", typed_reg_get(v) == hand_reg_get(v));
		memset(&e, 0x5a, sizeof(e));
		memset(he, 0x5a, sizeof(he));
		typed_runlist_tsg_header(&e, (uint32_t)x & 0xff, (uint32_t)(x >> 8) & 0xf,
					 (uint32_t)(x >> 12) & 0xff);
		hand_runlist_tsg_header(he, (uint32_t)x & 0xff, (uint32_t)(x >> 8) & 0xf,
					(uint32_t)(x >> 12) & 0xff);
		check("runlist_tsg_header", !memcmp(e.w, he, sizeof(he)));
		typed_pte_address_sys_set(&p, x & (((uint64_t)1 << 46) - 1));
		hand_pte_address_sys_set(hp, x & (((uint64_t)1 << 46) - 1));
		check("pte_address_sys_set", !memcmp(p.w, hp, sizeof(hp)));
		check("pte_address_sys_get", typed_pte_address_sys_get(&p) == hand_pte_address_sys_get(hp));
		typed_ramin_pdb_addr_set(&a, x & ~(uint64_t)0xfff);
		hand_ramin_pdb_addr_set(b.w, x & ~(uint64_t)0xfff);
		check("ramin_pdb_addr_set", !memcmp(a.w, b.w, sizeof(a.w)));
		typed_ramin_sc_target_set(&a, i, (enum gv100_ramin_sc_page_dir_base_target)(r & 3));
		hand_ramin_sc_target_set(b.w, i, (enum gv100_ramin_sc_page_dir_base_target)(r & 3));
		check("ramin_sc_target_set", !memcmp(a.w, b.w, sizeof(a.w)));
		check("ramin_sc_target_get", typed_ramin_sc_target_get(&a, i) == hand_ramin_sc_target_get(b.w, i));
		/* Other bits of the instance block must survive the setters. */
		a.w[x % 1024] = b.w[x % 1024] = v;
	}
	return check_failed != 0;
}
#endif
