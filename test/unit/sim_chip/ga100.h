/* SPDX-License-Identifier: MIT */
/*
 * test_nvrt_sim on GA100: Ampere's Host (../shared/design/ga100-host-facts.md,
 * "facts" below) -- no PFIFO, PCCSR or USERMODE: a register block per
 * runlist at the RUNLIST_PRI_BASE its DEVICE_INFO2 rows give, channels
 * enabled in the runlist's channel RAM (NV_CHRAM_CHANNEL, write control),
 * no bind register (the runlist entry carries INST and USERD), the doorbell,
 * time and MMU fault registers in the VF window, PBDMAs 2 KiB apart with
 * per-runlist interrupt trees.  Values are worked out from the GA100
 * manuals (../shared/manuals/ampere/ga100/<unit>.ref.txt:line) and the
 * addenda in manuals/ga100 (which cite ../shared/published/ampere/ga100);
 * the runlist blocks, channel RAM bases, doorbell ids and PBDMA ids are not
 * published (facts 9.1): the test finds them as a driver does, never from
 * the simulator's description.  Runlist r below is the r-th distinct
 * RUNLIST_PRI_BASE in DEVICE_INFO2 order (GA100 has no runlist id, facts
 * 1.3).  Included by test_nvrt_sim.c after its helpers.
 */
#include NVRT_HW_HEADER(dev_ctrl)
#include NVRT_HW_HEADER(dev_runlist)
#include NVRT_HW_HEADER(dev_top)
#include NVRT_HW_HEADER(dev_vm)
#include NVRT_HW_HEADER(dev_sec_pri)

/* dev_boot.ref.txt:23 BOOT_0: ARCHITECTURE 28:24 = GA100 0x17 (:69,83),
 * IMPLEMENTATION 0, MAJOR_REVISION A, MINOR_REVISION 1 (facts 0: an A01
 * board reads 0x170000a1); BOOT_42 CHIP_ID 28:20 GA100 0x170 (:179,199). */
#define EXPECT_BOOT_0 0x170000a1u
#define EXPECT_ARCHITECTURE 0x17u
#define EXPECT_CHIP_ID 0x170u
/* dev_vm.ref.txt:540-543 NV_VIRTUAL_FUNCTION_CFG0 USERMODE_CLASS_ID_VALUE
 * 50273 = 0xc461.  (Facts TL;DR 9 gives RM's AMPERE_USERMODE_A 0xc561; the
 * manual's register value is what is tested.) */
#define EXPECT_USERMODE_CLASS 0xc461u
/* nouveau nv170_chipset (GA100): ce mask 0x3ff, ten LCEs (facts 1.3). */
#define EXPECT_LCES 10u
/* The GR runlist carries two GRCEs: CTXSW_TIMEOUT_GRCE __SIZE_1 2
 * (dev_runlist.ref.txt:184-185, facts 1.3). */
#define EXPECT_GRCES 2u

/* Device types of the device info. */
#define DEV_TYPE_GRAPHICS HWC(PTOP_DEVICE_INFO2_DEV_TYPE_ENUM_GRAPHICS)
#define DEV_TYPE_LCE HWC(PTOP_DEVICE_INFO2_DEV_TYPE_ENUM_LCE)

/* Outside the units the model serves: SEC (dev_sec_pri's NV_PSEC, BAR0
 * 0x840000) is a PRI error (facts 0, 8 item 1). */
#define UNMODELLED_BASE HWC(PSEC_BASE)

/* NV_VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INFO ACCESS_TYPE and INST_LO APERTURE
 * (dev_vm.ref.txt:217-345, facts 5.4). */
#define FAULT_ACCESS_VIRT_WRITE HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INFO_ACCESS_TYPE_VIRT_WRITE)
#define FAULT_ACCESS_PHYS_READ HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INFO_ACCESS_TYPE_PHYS_READ)
#define FAULT_INST_APERTURE_SYS_COH HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_INST_LO_APERTURE_SYS_MEM_COHERENT)

/* ---- DEVICE_INFO2 ------------------------------------------------------------------------- */

/*
 * NV_PTOP_DEVICE_INFO_CFG NUM_ROWS rows of NV_PTOP_DEVICE_INFO2 (manuals/
 * ga100/dev_top.ref), a device one to three rows chained by ROW_CHAIN MORE,
 * an all-zero row where a device would start skipped (nouveau
 * ga100_top_oneinit).  RUNLIST_PRI_BASE holds the block's address bits in
 * place (dev_top.ref:38); runlist is its index among the distinct bases.
 */
static uint32_t parse_device_info(struct simt *t, struct dev *out, uint32_t max, uint32_t *nwords)
{
	HW(ptop_device_info_cfg_t) cfg = { rd(t, HW(ptop_device_info_cfg)()) };
	uint32_t rows = HW(get_ptop_device_info_cfg_num_rows)(cfg), n = 0, k = 0, nbases = 0;
	uint32_t bases[64];
	HW(ptop_device_info2_dev_t) rec = { { 0 } };

	*nwords = 0;
	for (uint32_t i = 0; i < rows && i < HWC(PTOP_DEVICE_INFO2_SIZE_1); i++) {
		HW(ptop_device_info2_t) r = { rd(t, HW(ptop_device_info2)(i)) };
		struct dev cur = { 0 };
		uint32_t b;

		if (k == 0 && r.v == HWC(PTOP_DEVICE_INFO2_ROW_VALUE_INVALID))
			continue;
		assert_true(k < 3);
		rec.w[k++] = r.v;
		*nwords = i + 1;
		if (HW(get_ptop_device_info2_row_chain)(r) == HWC(PTOP_DEVICE_INFO2_ROW_CHAIN_MORE))
			continue;
		cur.type = HW(get_ptop_device_info2_dev_type_enum)(&rec);
		cur.inst = HW(get_ptop_device_info2_dev_instance_id)(&rec);
		cur.fault = HW(get_ptop_device_info2_dev_fault_id)(&rec);
		cur.fault_valid = cur.fault != HWC(PTOP_DEVICE_INFO2_DEV_FAULT_ID_INVALID);
		cur.engine = HW(get_ptop_device_info2_dev_rleng_id)(&rec);
		cur.engine_valid = HW(get_ptop_device_info2_dev_is_engine)(&rec) ==
				   HWC(PTOP_DEVICE_INFO2_DEV_IS_ENGINE_TRUE);
		cur.reset = HW(get_ptop_device_info2_dev_reset_id)(&rec);
		b = HW(get_ptop_device_info2_dev_runlist_pri_base)(&rec)
		    << HWC(PTOP_DEVICE_INFO2_DEV_RUNLIST_PRI_BASE_FIELD_SHIFT);
		cur.pri_base = b;
		cur.runlist_valid = b != 0;
		for (cur.runlist = 0; cur.runlist < nbases && bases[cur.runlist] != b; cur.runlist++)
			;
		if (cur.runlist == nbases && nbases < 64)
			bases[nbases++] = b;
		if (n < max)
			out[n] = cur;
		n++;
		k = 0;
		memset(&rec, 0, sizeof(rec));
	}
	assert_int_equal(k, 0);   /* no device cut off by NUM_ROWS */
	return n;
}

/*
 * RLENG_ID is an engine's index inside its runlist (facts 1.3): 0 for GR
 * and for each async LCE alone on its runlist, 1.. for the GRCEs after GR.
 * NUM_ROWS (31:20) counts every row the devices use, and the rows after it
 * read NOT_VALID (ROW_VALUE_INVALID 0, dev_top.ref:23).
 */
static void device_info_check_design(struct simt *t, const struct dev *d, uint32_t n, uint32_t nwords)
{
	HW(ptop_device_info_cfg_t) cfg = { rd(t, HW(ptop_device_info_cfg)()) };
	uint32_t grces = 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t before = 0;

		assert_true(d[i].engine_valid && d[i].runlist_valid);
		for (uint32_t j = 0; j < i; j++)
			before += d[j].runlist == d[i].runlist;
		assert_int_equal(d[i].engine, before);
		grces += i > 0 && d[i].runlist == d[0].runlist;
	}
	assert_int_equal(grces, EXPECT_GRCES);
	assert_int_equal(HW(get_ptop_device_info_cfg_num_rows)(cfg), nwords);
	for (uint32_t i = nwords; i < HWC(PTOP_DEVICE_INFO2_SIZE_1); i++)
		assert_int_equal(rd(t, HW(ptop_device_info2)(i)), 0);
}

/* Runlist r's block (its BAR0 base). */
static uint32_t runlist_block(struct simt *t, uint32_t r)
{
	struct dev d[64];
	uint32_t nw, n = parse_device_info(t, d, 64, &nw);

	for (uint32_t i = 0; i < n && i < 64; i++)
		if (d[i].runlist == r)
			return d[i].pri_base;
	fail_msg("no runlist %u in DEVICE_INFO2", r);
	return 0;
}

/* NV_RUNLIST_CHANNEL_CONFIG CHRAM_BAR0_OFFSET 31:4: the channel RAM's
 * address bits in place (dev_runlist.ref.txt:36-39, facts 1.3). */
static uint32_t chram_base(struct simt *t, uint32_t r)
{
	return rd(t, HW(runlist_channel_config)(runlist_block(t, r))) &
	       HWC(RUNLIST_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET_FIELD_MASK);
}

/* NV_RUNLIST_PBDMA_CONFIG(i) of block b, or -1 if not VALID: PBDMA_BAR0_OFFSET
 * 25:10 is the PBDMA's address in place (dev_runlist.ref.txt:56-61), each
 * PBDMA 2 KiB from NV_PPBDMA's base (dev_pbdma.ref.txt:48). */
static long runlist_pbdma(struct simt *t, uint32_t b, uint32_t i)
{
	HW(runlist_pbdma_config_t) pc = { rd(t, HW(runlist_pbdma_config)(b, i)) };
	uint32_t stride = HW(ppbdma_gp_put)(1) - HW(ppbdma_gp_put)(0);

	if (HW(get_runlist_pbdma_config_valid)(pc) != HWC(RUNLIST_PBDMA_CONFIG_VALID_TRUE))
		return -1;
	return (long)(((pc.v & HWC(RUNLIST_PBDMA_CONFIG_PBDMA_BAR0_OFFSET_FIELD_MASK)) - HWC(PPBDMA_BASE)) / stride);
}

/* Every runlist's block, in runlist order; the count. */
static uint32_t runlist_blocks(struct simt *t, uint32_t *out, uint32_t max)
{
	struct dev d[64];
	uint32_t nw, n = parse_device_info(t, d, 64, &nw), nr = 0;

	for (uint32_t i = 0; i < n && i < 64; i++)
		if (d[i].runlist == nr && nr < max)
			out[nr++] = d[i].pri_base;
	return nr;
}

/* ---- bring-up ------------------------------------------------------------------------------ */

/*
 * No Host reset bit on GA100 (facts 1.2, dev_boot.ref.txt:200-216): the
 * engines come out of reset by their RESET_ID bit of NV_PMC_DEVICE_ENABLE(0)
 * (:217-225), set read-modify-write.  Then every runlist takes doorbells
 * (NV_RUNLIST_VIRTUAL_CHANNEL_CFG(0) PENDING_ENABLE with MASK_HW and SET_HW
 * at their init values, dev_runlist.ref.txt:45-55, facts 1.4 step 3).
 */
static void host_enable(struct simt *t)
{
	struct dev d[64];
	uint32_t nw, n = parse_device_info(t, d, 64, &nw), blocks[64], nr = runlist_blocks(t, blocks, 64);
	HW(pmc_device_enable_t) e = { rd(t, HW(pmc_device_enable)(0)) };
	HW(runlist_virtual_channel_cfg_t) vc = { 0 };

	for (uint32_t i = 0; i < n && i < 64; i++)
		if (d[i].reset != HWC(PTOP_DEVICE_INFO2_DEV_RESET_ID_INVALID))
			e = HW(set_pmc_device_enable_status_bit)(e, d[i].reset, HWC(PMC_DEVICE_ENABLE_STATUS_BIT_ENABLE));
	wr(t, HW(pmc_device_enable)(0), e.v);
	vc = HW(set_runlist_virtual_channel_cfg_mask_hw)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_MASK_HW_INIT));
	vc = HW(set_runlist_virtual_channel_cfg_set_hw)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_SET_HW_INIT));
	vc = HW(set_runlist_virtual_channel_cfg_pending_enable)(vc, HWC(RUNLIST_VIRTUAL_CHANNEL_CFG_PENDING_ENABLE_TRUE));
	for (uint32_t r = 0; r < nr; r++)
		wr(t, HW(runlist_virtual_channel_cfg)(blocks[r], 0), vc.v);
}

/* An LCE whose runlist carries no GRAPHICS device (facts 1.3 [INF]), and
 * its runlist's PBDMA_CONFIG(0) PBDMA. */
static void pick_async_lce(struct simt *t)
{
	struct dev d[64];
	uint32_t nw, n = parse_device_info(t, d, 64, &nw), gr = 0;

	for (uint32_t i = 0; i < n; i++)
		if (d[i].type == DEV_TYPE_GRAPHICS)
			gr = d[i].runlist;
	for (uint32_t i = 0; i < n; i++) {
		long p;

		if (d[i].type != DEV_TYPE_LCE || d[i].runlist == gr)
			continue;
		if ((p = runlist_pbdma(t, d[i].pri_base, 0)) < 0)
			continue;
		t->runlist = d[i].runlist;
		t->pbdma = (uint32_t)p;
		return;
	}
	fail_msg("no async LCE with a PBDMA");
}

/* Every interrupt reported to tree 0: NV_RUNLIST_INTR_0_EN_SET_TREE(0) of
 * every runlist (dev_runlist.ref.txt:236-290) and NV_PPBDMA_INTR_0/1_EN_SET_
 * TREE(p,0) of its PBDMAs (dev_pbdma.ref.txt:3254,3319; facts 1.2, 1.4 step 4). */
static void intr_enable(struct simt *t)
{
	uint32_t blocks[64], nr = runlist_blocks(t, blocks, 64);

	for (uint32_t r = 0; r < nr; r++) {
		wr(t, HW(runlist_intr_0_en_set_tree)(blocks[r], 0), ~0u);
		for (uint32_t i = 0; i < HWC(RUNLIST_PBDMA_CONFIG_SIZE_1); i++) {
			long p = runlist_pbdma(t, blocks[r], i);

			if (p < 0)
				continue;
			wr(t, HW(ppbdma_intr_0_en_set_tree)((uint32_t)p, 0), ~0u);
			wr(t, HW(ppbdma_intr_1_en_set_tree)((uint32_t)p, 0), ~0u);
		}
	}
}

/* ---- runlists: the runlist's block -------------------------------------------------------- */

/* SUBMIT_BASE_LO (PTR_LO 31:12 = address bits 31:12, TARGET 1:0),
 * SUBMIT_BASE_HI (PTR_HI 7:0 = bits 39:32), then SUBMIT (LENGTH 15:0)
 * starts the fetch (dev_runlist.ref.txt:122-150, facts 1.7). */
static void runlist_submit(struct simt *t, uint32_t r, uint64_t iova, uint32_t entries)
{
	uint32_t b = runlist_block(t, r);
	HW(runlist_submit_base_lo_t) lo = { 0 };
	HW(runlist_submit_base_hi_t) hi = { 0 };
	HW(runlist_submit_t) sub = { 0 };

	lo = HW(set_runlist_submit_base_lo_ptr_lo)(lo, (uint32_t)(iova >> HWC(RUNLIST_SUBMIT_BASE_LO_PTR_ALIGN_SHIFT)) &
						    (HWC(RUNLIST_SUBMIT_BASE_LO_PTR_LO_FIELD_MASK) >>
						     HWC(RUNLIST_SUBMIT_BASE_LO_PTR_LO_FIELD_SHIFT)));
	lo = HW(set_runlist_submit_base_lo_target)(lo, HWC(RUNLIST_SUBMIT_BASE_LO_TARGET_SYS_MEM_COHERENT));
	hi = HW(set_runlist_submit_base_hi_ptr_hi)(hi, (uint32_t)(iova >> 32));
	sub = HW(set_runlist_submit_length)(sub, entries);
	wr(t, HW(runlist_submit_base_lo)(b), lo.v);
	wr(t, HW(runlist_submit_base_hi)(b), hi.v);
	wr(t, HW(runlist_submit)(b), sub.v);
}

/* SUBMIT_INFO PENDING 15 (dev_runlist.ref.txt:146-148). */
static bool runlist_pending(struct simt *t, uint32_t r)
{
	HW(runlist_submit_info_t) i = { rd(t, HW(runlist_submit_info)(runlist_block(t, r))) };

	return HW(get_runlist_submit_info_pending)(i) == HWC(RUNLIST_SUBMIT_INFO_PENDING_TRUE);
}

/* SUBMIT LENGTH 15:0 reads back (RW, dev_runlist.ref.txt:134). */
static uint32_t runlist_length(struct simt *t, uint32_t r)
{
	HW(runlist_submit_t) s = { rd(t, HW(runlist_submit)(runlist_block(t, r))) };

	return HW(get_runlist_submit_length)(s);
}

/* NV_RUNLIST_INTR_0 BAD_TSG 12 (dev_runlist.ref.txt:205-208). */
static bool runlist_error_pending(struct simt *t, uint32_t r)
{
	HW(runlist_intr_0_t) i = { rd(t, HW(runlist_intr_0)(runlist_block(t, r))) };

	return HW(get_runlist_intr_0_bad_tsg)(i) == HWC(RUNLIST_INTR_0_BAD_TSG_PENDING);
}

/*
 * NV_RUNLIST_INTR_BAD_TSG CODE 3:0 (dev_runlist.ref.txt:402-410), by the
 * codes' names (the manual's prose, dev_ram.ref.txt:728-731, still names
 * PFIFO's one BAD_TSG): a channel entry where a TSG header belongs is
 * EXPECTED_A_TSG_HEADER (5), TSG_LENGTH 0 ZERO_LENGTH_TSG (1), a TSG header
 * where a channel entry belongs EXPECTED_A_CHID_ENTRY (4), and a TSG whose
 * TSG_LENGTH runs past the runlist's LENGTH RUNLIST_OVERFLOW (3) [INF: no
 * GA100 document says which code the last one raises].  INTR_0 BAD_TSG is
 * write 1 to clear (RESET, :208).
 */
static void expect_bad_tsg(struct simt *t, uint32_t r, enum bad_tsg kind)
{
	uint32_t b = runlist_block(t, r);
	HW(runlist_intr_bad_tsg_t) bt = { rd(t, HW(runlist_intr_bad_tsg)(b)) };
	HW(runlist_intr_0_t) i0 = { 0 };
	uint32_t code = kind == BAD_TSG_NO_HEADER ? HWC(RUNLIST_INTR_BAD_TSG_CODE_EXPECTED_A_TSG_HEADER) :
			kind == BAD_TSG_SHORT ? HWC(RUNLIST_INTR_BAD_TSG_CODE_RUNLIST_OVERFLOW) :
			kind == BAD_TSG_INTERRUPTED ? HWC(RUNLIST_INTR_BAD_TSG_CODE_EXPECTED_A_CHID_ENTRY) :
						      HWC(RUNLIST_INTR_BAD_TSG_CODE_ZERO_LENGTH_TSG);

	assert_true(runlist_error_pending(t, r));
	assert_int_equal(HW(get_runlist_intr_bad_tsg_code)(bt), code);
	i0 = HW(set_runlist_intr_0_bad_tsg)(i0, HWC(RUNLIST_INTR_0_BAD_TSG_RESET));
	wr(t, HW(runlist_intr_0)(b), i0.v);
	assert_false(runlist_error_pending(t, r));
}

/* ---- channels: NV_CHRAM_CHANNEL (dev_runlist.ref.txt:74-121) ------------------------------- */

static HW(chram_channel_t) chram_of(struct simt *t, uint32_t chid)
{
	HW(chram_channel_t) c = { rd(t, HW(chram_channel)(chram_base(t, t->runlist), chid)) };

	return c;
}

static void chram_update(struct simt *t, uint32_t chid, uint32_t update)
{
	wr(t, HW(chram_channel)(chram_base(t, t->runlist), chid), update);
}

/* No bind: the runlist entry's INST_PTR is the instance block Host uses
 * (dev_ram.ref.txt:671-689, facts 1.6), so inst is not written anywhere;
 * UPDATE ENABLE_CHANNEL 0x2 (:116). */
static void chan_enable(struct simt *t, uint32_t chid, uint64_t inst)
{
	(void)inst;
	chram_update(t, chid, HWC(CHRAM_CHANNEL_UPDATE_ENABLE_CHANNEL));
}

/* ON_PBDMA 6 (:94). */
static bool chan_on_pbdma(struct simt *t, uint32_t chid)
{
	return HW(get_chram_channel_on_pbdma)(chram_of(t, chid)) == HWC(CHRAM_CHANNEL_ON_PBDMA_TRUE);
}

/* Idle: neither PENDING 8 (:100) nor ON_PBDMA nor BUSY 3 (:85). */
static bool chan_idle(struct simt *t, uint32_t chid)
{
	HW(chram_channel_t) c = chram_of(t, chid);

	return HW(get_chram_channel_pending)(c) == HWC(CHRAM_CHANNEL_PENDING_FALSE) &&
	       HW(get_chram_channel_on_pbdma)(c) == HWC(CHRAM_CHANNEL_ON_PBDMA_FALSE) &&
	       HW(get_chram_channel_busy)(c) == HWC(CHRAM_CHANNEL_BUSY_FALSE);
}

/* PBDMA_FAULTED 4 (:88). */
static bool chan_faulted(struct simt *t, uint32_t chid)
{
	return HW(get_chram_channel_pbdma_faulted)(chram_of(t, chid)) == HWC(CHRAM_CHANNEL_PBDMA_FAULTED_TRUE);
}

/* UPDATE RESET_PBDMA_FAULTED 0x11 (:119; facts 5.4). */
static void chan_faulted_reset(struct simt *t, uint32_t chid)
{
	chram_update(t, chid, HWC(CHRAM_CHANNEL_UPDATE_RESET_PBDMA_FAULTED));
}

/* ENABLE 1 IN_USE (:79); there is no bind to read. */
static bool chan_enabled(struct simt *t, uint32_t chid)
{
	return HW(get_chram_channel_enable)(chram_of(t, chid)) == HWC(CHRAM_CHANNEL_ENABLE_IN_USE);
}

/*
 * NV_VIRTUAL_FUNCTION_DOORBELL (dev_vm.ref.txt:550-552, BAR0 0xbb0090) takes
 * the handle NV_CTRL_VF_DOORBELL (manuals/ga100/dev_ctrl.ref): RUNLIST_ID
 * 22:16 = the runlist's NV_RUNLIST_DOORBELL_CONFIG ID 31:16
 * (dev_runlist.ref.txt:40-41), VECTOR 11:0 = the channel (facts 1.8).
 */
static void doorbell_ring(struct simt *t, uint32_t chid)
{
	HW(runlist_doorbell_config_t) dc = { rd(t, HW(runlist_doorbell_config)(runlist_block(t, t->runlist))) };
	HW(ctrl_vf_doorbell_t) h = { { 0 } };

	HW(set_ctrl_vf_doorbell_runlist_id)(&h, HW(get_runlist_doorbell_config_id)(dc));
	HW(set_ctrl_vf_doorbell_vector)(&h, chid);
	wr(t, HW(virtual_function_doorbell)(), h.w[0]);
}

/* ---- time and identification: the VF window ---------------------------------------------- */

/* NV_VIRTUAL_FUNCTION_CFG0 USERMODE_CLASS_ID 15:0 (dev_vm.ref.txt:540-543). */
static uint32_t usermode_class(struct simt *t)
{
	HW(virtual_function_cfg0_t) c = { rd(t, HW(virtual_function_cfg0)()) };

	return HW(get_virtual_function_cfg0_usermode_class_id)(c);
}

/* NV_VIRTUAL_FUNCTION_TIME_0 NSEC 31:5, TIME_1 NSEC 28:0 (dev_vm.ref.txt:544-549). */
static uint32_t time_0(struct simt *t)
{
	return rd(t, HW(virtual_function_time_0)());
}

static uint32_t time_1(struct simt *t)
{
	return rd(t, HW(virtual_function_time_1)());
}

/* ---- interrupts and preemption: the runlist's block ---------------------------------------- */

/* A PBDMA interrupt enabled in tree 0 shows as the runlist's INTR_0
 * PBDMA0_INTR_TREE_0 16 (the runlist's PBDMA_CONFIG(0) PBDMA), a level, not
 * latched (dev_runlist.ref.txt:166-234; facts 5.1, 5.2). */
static bool pbdma_intr_reported(struct simt *t)
{
	HW(runlist_intr_0_t) i = { rd(t, HW(runlist_intr_0)(runlist_block(t, t->runlist))) };

	return HW(get_runlist_intr_0_pbdma0_intr_tree_0)(i) == HWC(RUNLIST_INTR_0_PBDMA0_INTR_TREE_0_PENDING);
}

/*
 * Not on GA100: a NON_STALL_INT notifies the vector in the channel's RAMFC
 * INTR_NOTIFY (dword 62, dev_pbdma.ref.txt:2505-2521) through the NV_CTRL
 * tree, and nvrt's RAMFC leaves it 0 (CTRL_CPU and CTRL_GSP off: "no
 * notification", facts 1.5).  No register shows it; the test's other checks
 * (SET_REF reaching USERD, no PBDMA interrupt) stand.
 */
static void expect_nonstall_intr(struct simt *t)
{
	(void)t;
}

/* NV_RUNLIST_PREEMPT TYPE TSG (1) with the TSG's ID 11:0; the ID reads back
 * (dev_runlist.ref.txt:526-538, facts 1.9). */
static void preempt_tsg(struct simt *t, uint32_t tsgid)
{
	uint32_t b = runlist_block(t, t->runlist);
	HW(runlist_preempt_t) pr = { 0 };

	pr = HW(set_runlist_preempt_type)(pr, HWC(RUNLIST_PREEMPT_TYPE_TSG));
	pr = HW(set_runlist_preempt_id)(pr, tsgid);
	wr(t, HW(runlist_preempt)(b), pr.v);
	pr.v = rd(t, HW(runlist_preempt)(b));
	assert_int_equal(HW(get_runlist_preempt_id)(pr), tsgid);
}

/* TSG_PREEMPT_PENDING 20. */
static bool preempt_pending(struct simt *t)
{
	HW(runlist_preempt_t) r = { rd(t, HW(runlist_preempt)(runlist_block(t, t->runlist))) };

	return HW(get_runlist_preempt_tsg_preempt_pending)(r) == HWC(RUNLIST_PREEMPT_TSG_PREEMPT_PENDING_TRUE);
}

/*
 * GA100 has no bind register to refuse a rebind (dev_ram.ref.txt:671-689,
 * facts 1.6: nouveau's ga100_chan has no .bind).  Its counterpart: writing
 * ENABLE_CHANNEL to an enabled channel only sets bits already set -- the
 * channel stays enabled and the runlist reports no error.
 */
static void expect_rebind_refused(struct simt *t, uint32_t chid)
{
	chram_update(t, chid, HWC(CHRAM_CHANNEL_UPDATE_ENABLE_CHANNEL));
	assert_true(chan_enabled(t, chid));
	assert_false(runlist_error_pending(t, t->runlist));
}

/* ---- MMU faults: the VF window's PRIV_MMU_FAULT_* (dev_vm.ref.txt:217-345) ----------------- */

static bool fault_valid(struct simt *t)
{
	HW(virtual_function_priv_mmu_fault_status_t) st = { rd(t, HW(virtual_function_priv_mmu_fault_status)()) };

	return HW(get_virtual_function_priv_mmu_fault_status_valid)(st) ==
	       HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_VALID_SET);
}

static void fault_read(struct simt *t, struct mmu_fault *f)
{
	HW(virtual_function_priv_mmu_fault_info_t) info = { rd(t, HW(virtual_function_priv_mmu_fault_info)()) };
	HW(virtual_function_priv_mmu_fault_addr_lo_t) alo = { rd(t, HW(virtual_function_priv_mmu_fault_addr_lo)()) };
	HW(virtual_function_priv_mmu_fault_addr_hi_t) ahi = { rd(t, HW(virtual_function_priv_mmu_fault_addr_hi)()) };
	HW(virtual_function_priv_mmu_fault_inst_lo_t) ilo = { rd(t, HW(virtual_function_priv_mmu_fault_inst_lo)()) };
	HW(virtual_function_priv_mmu_fault_inst_hi_t) ihi = { rd(t, HW(virtual_function_priv_mmu_fault_inst_hi)()) };

	f->type = HW(get_virtual_function_priv_mmu_fault_info_fault_type)(info);
	f->access = HW(get_virtual_function_priv_mmu_fault_info_access_type)(info);
	f->client = HW(get_virtual_function_priv_mmu_fault_info_client)(info);
	f->info_valid = HW(get_virtual_function_priv_mmu_fault_info_valid)(info);
	f->addr = HW(join_virtual_function_priv_mmu_fault_addr)(alo, ahi);
	f->inst = HW(join_virtual_function_priv_mmu_fault_inst)(ilo, ihi);
	f->engine = HW(get_virtual_function_priv_mmu_fault_inst_lo_engine_id)(ilo);
	f->inst_aperture = HW(get_virtual_function_priv_mmu_fault_inst_lo_aperture)(ilo);
}

/* STATUS VALID CLEAR (write 1). */
static void fault_clear(struct simt *t)
{
	HW(virtual_function_priv_mmu_fault_status_t) st = { 0 };

	st = HW(set_virtual_function_priv_mmu_fault_status_valid)(st,
			HWC(VIRTUAL_FUNCTION_PRIV_MMU_FAULT_STATUS_VALID_CLEAR));
	wr(t, HW(virtual_function_priv_mmu_fault_status)(), st.v);
}

/* The PBDMA's own NV_PPBDMA_CFG0 PBDMA_FAULT_ID 9:0 (dev_pbdma.ref.txt:
 * 1665-1668), which replaces PFIFO CFG0's base + PBDMA id (facts 3); it is
 * one of HOST0..HOST31 (manuals/ga100/dev_fault.ref:66, 32..63). */
static uint32_t pbdma_fault_id(struct simt *t)
{
	HW(ppbdma_cfg0_t) c = { rd(t, HW(ppbdma_cfg0)(t->pbdma)) };
	uint32_t id = HW(get_ppbdma_cfg0_pbdma_fault_id)(c);

	assert_true(id >= HWC(PFAULT_MMU_ENG_ID_HOST0) && id < HWC(PFAULT_MMU_ENG_ID_HOST0) + 32);
	return id;
}

/* No NV_PMC_INTR on GA100 (facts 5.1): an MMU fault's vector is in the
 * NV_CTRL tree at a number GA100's manuals do not give (nouveau reads it
 * from 0x100EE0, undocumented for GA100).  What software reads is the
 * fault STATUS VALID itself. */
static void expect_fault_intr(struct simt *t, bool pending)
{
	assert_int_equal(fault_valid(t), pending);
}

/* ---- Host's reset: GA100 has none --------------------------------------------------------- */

/*
 * The counterpart of PFIFO's reset test (facts 1.2: "No Host reset bit";
 * NV_PMC_ENABLE keeps only DEVICE(i), ZPW, BLG, PERFMON, PDISP,
 * dev_boot.ref.txt:200-216).  Host's registers work from the start, with no
 * enable: a runlist's SCHED_DISABLE reads its init ENABLED (0) and keeps a
 * write (dev_runlist.ref.txt:520-525), CHANNEL_CONFIG NUM_CHANNELS_LOG2 is
 * 2K (11, :37-38); NV_PMC_DEVICE_ENABLE(0) starts DISABLE_ALL (0) and keeps
 * the async LCE's DEVICE_INFO2 RESET_ID bit (dev_boot.ref.txt:217-225).  The graphics
 * runlist has two PBDMAs, an async one one (facts 8 item 2), each at its
 * own 2 KiB.
 */
static void test_sim_pfifo_reset(void **state)
{
	struct simt *t = *state;
	uint32_t gr = runlist_block(t, 0), b, nw, n, lce = 0;
	struct dev d[64];
	HW(runlist_channel_config_t) cc;
	HW(pmc_device_enable_t) e = { 0 };
	long p0, p1;

	pick_async_lce(t);
	n = parse_device_info(t, d, 64, &nw);
	for (uint32_t i = 0; i < n && i < 64; i++)
		if (d[i].type == DEV_TYPE_LCE && d[i].runlist == t->runlist)
			lce = d[i].reset;
	assert_int_not_equal(lce, HWC(PTOP_DEVICE_INFO2_DEV_RESET_ID_INVALID));
	assert_true(lce < HWC(PMC_DEVICE_ENABLE_STATUS_BIT_SIZE_1));
	b = runlist_block(t, t->runlist);
	assert_int_equal(rd(t, HW(runlist_sched_disable)(b)), 0);
	wr(t, HW(runlist_sched_disable)(b), 1);
	assert_int_equal(rd(t, HW(runlist_sched_disable)(b)), 1);
	wr(t, HW(runlist_sched_disable)(b), 0);
	cc.v = rd(t, HW(runlist_channel_config)(b));
	assert_int_equal(HW(get_runlist_channel_config_num_channels_log2)(cc),
			 HWC(RUNLIST_CHANNEL_CONFIG_NUM_CHANNELS_LOG2_2K));
	assert_int_not_equal(chram_base(t, t->runlist), 0);
	assert_int_not_equal(chram_base(t, t->runlist), chram_base(t, 0));
	assert_int_equal(rd(t, HW(pmc_device_enable)(0)), 0);
	e = HW(set_pmc_device_enable_status_bit)(e, lce, HWC(PMC_DEVICE_ENABLE_STATUS_BIT_ENABLE));
	wr(t, HW(pmc_device_enable)(0), e.v);
	assert_int_equal(rd(t, HW(pmc_device_enable)(0)), 1u << lce);   /* STATUS_BIT(i) is bit i */
	p0 = runlist_pbdma(t, gr, 0);
	p1 = runlist_pbdma(t, gr, 1);
	assert_true(p0 >= 0 && p1 >= 0 && p0 != p1);
	assert_true(runlist_pbdma(t, b, 1) < 0);
	assert_true((long)t->pbdma != p0 && (long)t->pbdma != p1);
}

/* sim_chip/ga100.h adds no tests of its own: test_nvrt_ampere_sim.c has
 * the GA100-only register checks. */
#define SIM_CHIP_TESTS(setup, teardown)
