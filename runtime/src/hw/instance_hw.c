/* SPDX-License-Identifier: MIT */
/*
 * RAMIN and its RAMFC, per dev_ram.  RAMFC words are the save areas of the
 * PBDMA registers of the same names (dev_ram's RAMFC <-> NV_PPBDMA table), so
 * each word is built as that register's value and stored whole.  Values and
 * their reasons: ../shared/design/gv100-host-facts.md section 1.5.
 */
/*
 * RAMFC words are images of PBDMA registers (dev_ram: "NV_RAMFC_CONFIG ...
 * the PBDMA's NV_PPBDMA_CONFIG").  NV_PPBDMA_CONFIG is read-only over PRI
 * (R--VF), but its image in RAMFC is what software writes, so the setters
 * the manual's access code leaves out are wanted here.
 */
#define REFGEN_ALL_ACCESSORS

#include <stdio.h>
#include <string.h>

#include "hw/chip_hw.h"
#include "nvrt/instance.h"
#include NVRT_HW_HEADER(dev_pbdma)
#include NVRT_HW_HEADER(dev_ram)
#include NVRT_HW_HEADER(fields/dev_pbdma)
#include NVRT_HW_HEADER(fields/dev_ram)
#include "dump/dump.h"
/* CHIP_CHANNELS: channel ids the generation's Host holds. */
#include NVRT_STR(hw/NVRT_CHIP_GENERATION/host_facts.h)

typedef HW(ramin_t) ramin_t;
typedef HW(ramfc_t) ramfc_t;

static uint32_t instance_log2(uint32_t v)
{
	uint32_t n = 0;

	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

/* GP_BASE and GP_BASE_HI: the ring's VA and LIMIT2 = log2(entries). */
static void instance_ramfc_gpfifo(ramfc_t *fc, const struct nvrt_instance_params *p)
{
	HW(ppbdma_gp_base_t) lo = { 0 };
	HW(ppbdma_gp_base_hi_t) hi = { 0 };

	HW(split_ppbdma_gp_base)(p->gpfifo_va, &lo, &hi);
	hi = HW(set_ppbdma_gp_base_hi_limit2)(hi, instance_log2(p->gpfifo_entries));
	HW(set_ramfc_gp_base)(fc, lo.v);
	HW(set_ramfc_gp_base_hi)(fc, hi.v);
}

/* A valid signature, else the PBDMA raises INTR_0 SIGNATURE on load. */
static void instance_ramfc_signature(ramfc_t *fc)
{
	HW(ppbdma_signature_t) s = { 0 };

	s = HW(set_ppbdma_signature_hw)(s, HWC(PPBDMA_SIGNATURE_HW_VALID));
	s = HW(set_ppbdma_signature_sw)(s, HWC(PPBDMA_SIGNATURE_SW_ZERO));
	HW(set_ramfc_signature)(fc, s.v);
}

/* Start expecting the first method header of an incrementing segment. */
static void instance_ramfc_pb_header(ramfc_t *fc)
{
	HW(ppbdma_pb_header_t) h = { 0 };

	h = HW(set_ppbdma_pb_header_type)(h, HWC(PPBDMA_PB_HEADER_TYPE_INC));
	h = HW(set_ppbdma_pb_header_first)(h, HWC(PPBDMA_PB_HEADER_FIRST_TRUE));
	HW(set_ramfc_pb_header)(fc, h.v);
}

/* Every subdevice enabled and active, and DMA fetching on. */
static void instance_ramfc_subdevice(ramfc_t *fc)
{
	HW(ppbdma_subdevice_t) s = { 0 };

	s = HW(set_ppbdma_subdevice_id)(s, HWC(PPBDMA_SUBDEVICE_ID_ENABLE));
	s = HW(set_ppbdma_subdevice_status)(s, HWC(PPBDMA_SUBDEVICE_STATUS_ACTIVE));
	s = HW(set_ppbdma_subdevice_channel_dma)(s, HWC(PPBDMA_SUBDEVICE_CHANNEL_DMA_ENABLE));
	HW(set_ramfc_subdevice)(fc, s.v);
}

/* Semaphore acquires retry forever: no acquire timeout. */
static void instance_ramfc_acquire(ramfc_t *fc)
{
	HW(ppbdma_acquire_t) a = { 0 };

	a = HW(set_ppbdma_acquire_retry_man)(a, HWC(PPBDMA_ACQUIRE_RETRY_MAN_2));
	a = HW(set_ppbdma_acquire_retry_exp)(a, HWC(PPBDMA_ACQUIRE_RETRY_EXP_2));
	a = HW(set_ppbdma_acquire_timeout_exp)(a, HWC(PPBDMA_ACQUIRE_TIMEOUT_EXP_MAX));
	a = HW(set_ppbdma_acquire_timeout_man)(a, HWC(PPBDMA_ACQUIRE_TIMEOUT_MAN_MAX));
	a = HW(set_ppbdma_acquire_timeout_en)(a, HWC(PPBDMA_ACQUIRE_TIMEOUT_EN_DISABLE));
	HW(set_ramfc_acquire)(fc, a.v);
}

/* USERD writeback on, so GP_GET can be polled; privilege on request. */
static void instance_ramfc_config(ramfc_t *fc, const struct nvrt_instance_params *p)
{
	HW(ppbdma_config_t) c = { 0 };
	HW(ppbdma_hce_ctrl_t) h = { 0 };

	c = HW(set_ppbdma_config_userd_writeback)(c, HWC(PPBDMA_CONFIG_USERD_WRITEBACK_ENABLE));
	c = HW(set_ppbdma_config_auth_level)(c, p->privileged ? HWC(PPBDMA_CONFIG_AUTH_LEVEL_PRIVILEGED) :
						 HWC(PPBDMA_CONFIG_AUTH_LEVEL_NON_PRIVILEGED));
	h = HW(set_ppbdma_hce_ctrl_hce_priv_mode)(h, p->privileged ? HWC(PPBDMA_HCE_CTRL_HCE_PRIV_MODE_YES) :
						 HWC(PPBDMA_HCE_CTRL_HCE_PRIV_MODE_NO));
	HW(set_ramfc_config)(fc, c.v);
	HW(set_ramfc_hce_ctrl)(fc, h.v);
}

/* Channel id, dword 62 (the generation's), subcontext and engine target. */
static void instance_ramfc_identity(ramfc_t *fc, const struct nvrt_instance_params *p)
{
	HW(ppbdma_set_channel_info_t) ci = { 0 };
	HW(ppbdma_target_t) tg = { 0 };

	HW(set_ramfc_chid_id)(fc, p->chid);
	NVRT_FN(ramfc_word62)(fc, p);
	ci = HW(set_ppbdma_set_channel_info_scg_type)(ci, HWC(PPBDMA_SET_CHANNEL_INFO_SCG_TYPE_GRAPHICS_COMPUTE0));
	ci = HW(set_ppbdma_set_channel_info_veid)(ci, p->veid);
	HW(set_ramfc_set_channel_info)(fc, ci.v);
	/* No engine context: invalid.  CE_CTX_VALID TRUE when the channel has a
	 * CE method buffer (dev_pbdma TARGET; doc/ce-facts.md 2). */
	tg = HW(set_ppbdma_target_eng_ctx_valid)(tg, HWC(PPBDMA_TARGET_ENG_CTX_VALID_FALSE));
	tg = HW(set_ppbdma_target_ce_ctx_valid)(tg, p->ce_method_buffer ? HWC(PPBDMA_TARGET_CE_CTX_VALID_TRUE) :
						       HWC(PPBDMA_TARGET_CE_CTX_VALID_FALSE));
	HW(set_ramfc_target)(fc, tg.v);
}

static enum HW(ramin_page_dir_base_target) instance_pdb_target(enum nvrt_aperture ap)
{
	return ap == NVRT_APERTURE_SYS_NONCOHERENT ? HWC(RAMIN_PAGE_DIR_BASE_TARGET_SYS_MEM_NONCOHERENT) :
						     HWC(RAMIN_PAGE_DIR_BASE_TARGET_SYS_MEM_COHERENT);
}

/*
 * The non-subcontext PDB (Host, CE): ver2 tables, 64 KiB big pages.  Words
 * 130-131 (NV_RAMIN_ADR_LIMIT on earlier chips) stay 0: GV100's dev_ram
 * defines nothing there, and TU104's says "NV_RAMIN_ADR_LIMIT was
 * deprecated when sub-contexts was added to GV100" (nouveau and RM still
 * write a limit: a leftover of Pascal's join, not a fact of this chip).
 */
static void instance_ramin_pdb(ramin_t *ri, const struct nvrt_instance_params *p)
{
	HW(set_ramin_page_dir_base_target)(ri, instance_pdb_target(p->pdb_aperture));
	HW(set_ramin_page_dir_base_vol)(ri, p->pdb_vol ? HWC(RAMIN_PAGE_DIR_BASE_VOL_TRUE) :
							 HWC(RAMIN_PAGE_DIR_BASE_VOL_FALSE));
	HW(set_ramin_use_ver2_pt_format)(ri, HWC(RAMIN_USE_VER2_PT_FORMAT_TRUE));
	HW(set_ramin_big_page_size)(ri, HWC(RAMIN_BIG_PAGE_SIZE_64KB));
	HW(setaddr_ramin_page_dir_base)(ri, p->pdb_iova);
}

/*
 * Subcontext 0 gets the same PDB; every other one is invalid and not valid:
 * TARGET INVALID ("Using INVALID, unbinds the selected subcontext",
 * dev_ram) and its SC_PDB_VALID bit 0.  Its PAGE_DIR_BASE_HI stays 0:
 * dev_ram gives HI only as the upper address bits of "the page directory
 * base ... location for subcontext i", and an unbound subcontext has none.
 * (nouveau gv100_vmm_join and nvgpu write 1 there, mirroring TARGET
 * INVALID's 1 in LO; neither manual gives that word any meaning.)
 */
static void instance_ramin_subcontexts(ramin_t *ri, const struct nvrt_instance_params *p)
{
	for (uint32_t i = 0; i < HWC(RAMIN_SC_PDB_VALID_SIZE_1); i++) {
		if (i) {
			HW(set_ramin_sc_page_dir_base_target)(ri, i, HWC(RAMIN_SC_PAGE_DIR_BASE_TARGET_INVALID));
			HW(set_ramin_sc_pdb_valid)(ri, i, HWC(RAMIN_SC_PDB_VALID_FALSE));
			continue;
		}
		HW(set_ramin_sc_page_dir_base_target)(ri, i, (uint32_t)instance_pdb_target(p->pdb_aperture));
		HW(set_ramin_sc_page_dir_base_vol)(ri, i, p->pdb_vol ? HWC(RAMIN_SC_PAGE_DIR_BASE_VOL_TRUE) :
								 HWC(RAMIN_SC_PAGE_DIR_BASE_VOL_FALSE));
		HW(set_ramin_sc_use_ver2_pt_format)(ri, i, HWC(RAMIN_SC_USE_VER2_PT_FORMAT_TRUE));
		HW(set_ramin_sc_big_page_size)(ri, i, HWC(RAMIN_SC_BIG_PAGE_SIZE_64KB));
		HW(setaddr_ramin_sc_page_dir_base)(ri, i, p->pdb_iova);
		HW(set_ramin_sc_pdb_valid)(ri, i, HWC(RAMIN_SC_PDB_VALID_TRUE));
	}
}

/* What the fields' widths can't tell: alignments and ranges from dev_ram. */
static int instance_check(const struct nvrt_instance_params *p, struct nvrt_err *err)
{
	uint64_t userd_align = (uint64_t)1 << HWC(RAMUSERD_BASE_SHIFT);

	if (p->chid >= CHIP_CHANNELS)
		return nvrt_err_set(err, "RAMFC: channel id %u is not below %s (%u)", p->chid,
				    CHIP_CHANNELS_NAME, (unsigned)CHIP_CHANNELS);
	if (p->userd_iova & (userd_align - 1))
		return nvrt_err_set(err, "RAMFC: USERD at 0x%llx is not %llu-byte aligned "
				    "(NV_RAMUSERD_BASE_SHIFT)", (unsigned long long)p->userd_iova,
				    (unsigned long long)userd_align);
	if (!p->gpfifo_entries || (p->gpfifo_entries & (p->gpfifo_entries - 1)))
		return nvrt_err_set(err, "RAMFC: %u GPFIFO entries is not a power of two "
				    "(NV_PPBDMA_GP_BASE_HI_LIMIT2 holds log2 of the size)", p->gpfifo_entries);
	if (p->veid >= HWC(RAMIN_SC_PDB_VALID_SIZE_1))
		return nvrt_err_set(err, "RAMFC: VEID %u is not below NV_RAMIN_SC_PDB_VALID__SIZE_1 (%u)",
				    p->veid, (unsigned)HWC(RAMIN_SC_PDB_VALID_SIZE_1));
	return 0;
}

int NVRT_FN(instance_build)(void *inst, const struct nvrt_instance_params *p, struct nvrt_err *err)
{
	ramin_t *ri = inst;
	ramfc_t fc;

	if (instance_check(p, err) < 0)
		return -1;
	memset(ri, 0, sizeof(*ri));
	memset(&fc, 0, sizeof(fc));
	nvrt_hw_check_reset();
	NVRT_FN(ramfc_userd)(&fc, p);
	instance_ramfc_gpfifo(&fc, p);
	instance_ramfc_signature(&fc);
	instance_ramfc_pb_header(&fc);
	instance_ramfc_subdevice(&fc);
	instance_ramfc_acquire(&fc);
	instance_ramfc_config(&fc, p);
	instance_ramfc_identity(&fc, p);
	HW(write_ramin_ramfc)(ri, &fc);
	instance_ramin_pdb(ri, p);
	instance_ramin_subcontexts(ri, p);
	/* The CE method buffer, where a faulted CE saves its methods (dev_ram
	 * ENG_METHOD_BUFFER_ADDR; nouveau gv100_ectx_ce_bind writes the same words). */
	if (p->ce_method_buffer) {
		HW(set_ramin_eng_method_buffer_addr_lo)(ri, (uint32_t)p->ce_method_buffer);
		HW(set_ramin_eng_method_buffer_addr_hi)(ri, p->ce_method_buffer >> 32);
	}
	return nvrt_hw_check_result(err, "instance block");
}

/* The PBDMA register a RAMFC word saves (NV_RAMFC_X <-> NV_PPBDMA_X), if any. */
static const struct refgen_layout *instance_ramfc_register(const char *ramfc_field)
{
	static const char prefix[] = "NV_RAMFC_";
	char want[128];

	if (strncmp(ramfc_field, prefix, sizeof(prefix) - 1))
		return NULL;
	snprintf(want, sizeof(want), "NV_PPBDMA_%s", ramfc_field + sizeof(prefix) - 1);
	for (const struct refgen_layout *const *l = HW(dev_pbdma_layouts); *l; l++)
		if (!strcmp((*l)->name, want))
			return *l;
	return NULL;
}

static void instance_ramfc_dump(const ramin_t *ri, FILE *out)
{
	ramfc_t fc;
	const struct refgen_layout *l = &HW(ramfc_layout);
	uint16_t order[NVRT_DUMP_ORDER_MAX];
	uint32_t nord = nvrt_dump_field_order(l, order);

	HW(read_ramin_ramfc)(ri, &fc);
	fprintf(out, "%s (RAMIN words 0..%u)\n", l->name, (unsigned)(sizeof(fc.w) / 4 - 1));
	for (uint32_t k = 0; k < l->nfields; k++) {
		const struct refgen_field *f = &l->fields[k < nord ? order[k] : k];
		uint64_t v = refgen_field_value(f, fc.w);
		const struct refgen_layout *reg = f->width == 32 ? instance_ramfc_register(f->name) : NULL;

		if (!v && !reg)
			continue;
		fprintf(out, "  word %3u %-34s = 0x%08llx", f->lo / 32, f->name, (unsigned long long)v);
		if (reg) {
			fprintf(out, "  %s:", reg->name);
			nvrt_dump_fields_inline(reg, (uint32_t)v, out);
		}
		fputc('\n', out);
	}
}

void NVRT_FN(ramin_dump)(const void *inst, FILE *out)
{
	const ramin_t *ri = inst;

	instance_ramfc_dump(ri, out);
	fprintf(out, "%s (fields outside RAMFC that are not zero)\n", HW(ramin_layout).name);
	nvrt_dump_layout(&HW(ramin_layout), ri->w, sizeof(ri->w) / 4, NULL, NVRT_DUMP_NONZERO, "  ", out);
	fprintf(out, "  %-48s = 0x%llx\n", "page directory base (PAGE_DIR_BASE_HI:LO)",
		(unsigned long long)HW(getaddr_ramin_page_dir_base)(ri));
}
