/* SPDX-License-Identifier: MIT */
/*
 * The PBDMA executor (dev_pbdma.ref, dev_ram.ref "FIFO_DMA"): GP entries from
 * GP_GET to GP_PUT, pushbuffer segments, method headers, and the Host
 * methods.  All of a channel's state lives in the NV_PPBDMA registers (what
 * RAMFC saves), so one step can stop anywhere -- a failed acquire, an
 * interrupt, a fault -- and pick up again later.
 *
 * A step first runs the method staged in METHOD0/DATA0 if it is VALID, else
 * turns the next pushbuffer entry into a method, else takes the next GP
 * entry.  A method that faults or raises a stalling interrupt stays VALID in
 * METHOD0: it runs again once software clears the interrupt (or the fault),
 * as dev_pbdma's recovery procedures expect.
 */
#include <string.h>

#include "bits.h"
#include "sim/sim_internal.h"

#define PREG(s, name, p) sim_reg((s), HW(ppbdma_##name)(p))
#define PREG_SET(s, name, p, v) sim_reg_set((s), HW(ppbdma_##name)(p), (v))

/*
 * dev_ram "FIFO_DMA": methods on subchannels 5-7 are software methods
 * (INTR_0 DEVICE); subchannel 4 targets GRCOPY on the graphics runlist.
 * The manual says so only in prose.
 */
#define SIM_SUBCH_SW 5u
#define SIM_SUBCH_GRCOPY 4u
/* dev_pbdma: the IEEE 802.3 CRC-32 polynomial of the GP, PB and method CRCs. */
#define SIM_CRC32_POLY 0x04c11db7u
/* dev_pbdma ACQUIRE: timeouts count 1024 ns periods of PTIMER. */
#define SIM_ACQUIRE_PERIOD_SHIFT 10u

/* ---- interrupts -------------------------------------------------------------------------- */

/* Raises INTR_0/INTR_1 bits; the PBDMA stops unless INTR_STALL lets it go on. */
static enum sim_step sim_pbdma_intr(struct sim *s, uint32_t p, uint32_t intr0, uint32_t intr1)
{
	sim_pbdma_intr_raise(s, p, intr0, intr1);
	return sim_pbdma_stalled(s, p) ? SIM_STEP_STALL : SIM_STEP_PROGRESS;
}

#define SIM_INTR0(s, p, field, FIELD)                                                        \
	sim_pbdma_intr((s), (p), HW(set_ppbdma_intr_0_##field)((HW(ppbdma_intr_0_t)){ 0 }, \
			HWC(PPBDMA_INTR_0_##FIELD##_PENDING)).v, 0)

static enum sim_step sim_pbdma_ctxnotvalid(struct sim *s, uint32_t p)
{
	HW(ppbdma_intr_1_t) i = { 0 };

	i = HW(set_ppbdma_intr_1_ctxnotvalid)(i, HWC(PPBDMA_INTR_1_CTXNOTVALID_PENDING));
	return sim_pbdma_intr(s, p, 0, i.v);
}

void sim_pbdma_status_set(struct sim *s, uint32_t p, uint32_t state)
{
	HW(ppbdma_status_t) r = { 0 };

	r = HW(set_ppbdma_status_pbdma)(r, state);
	r = HW(set_ppbdma_status_mp)(r, state);
	PREG_SET(s, status, p, r.v);
}

/* ---- CRCs ---------------------------------------------------------------------------------- */

/* dev_pbdma's new_crc(), a byte at a time, of little-endian words. */
static uint32_t sim_crc32(uint32_t crc, const uint32_t *w, size_t nwords)
{
	for (size_t i = 0; i < nwords; i++) {
		for (int b = 0; b < 4; b++) {
			crc ^= ((w[i] >> (8 * b)) & 0xffu) << 24;
			for (int k = 0; k < 8; k++)
				crc = crc & 0x80000000u ? (crc << 1) ^ SIM_CRC32_POLY : crc << 1;
		}
	}
	return crc;
}

/* ---- pointers -------------------------------------------------------------------------------- */

static uint64_t sim_gp_entries(const struct sim *s, uint32_t p)
{
	HW(ppbdma_gp_base_hi_t) hi = { PREG(s, gp_base_hi, p) };

	return (uint64_t)1 << HW(get_ppbdma_gp_base_hi_limit2)(hi);
}

static uint64_t sim_gp_base(const struct sim *s, uint32_t p)
{
	HW(ppbdma_gp_base_t) lo = { PREG(s, gp_base, p) };
	HW(ppbdma_gp_base_hi_t) hi = { PREG(s, gp_base_hi, p) };

	return HW(join_ppbdma_gp_base)(lo, hi);
}

static uint64_t sim_pb_get(const struct sim *s, uint32_t p)
{
	HW(ppbdma_get_t) lo = { PREG(s, get, p) };
	HW(ppbdma_get_hi_t) hi = { PREG(s, get_hi, p) };

	return HW(join_ppbdma_get)(lo, hi);
}

static uint64_t sim_pb_put(const struct sim *s, uint32_t p)
{
	HW(ppbdma_put_t) lo = { PREG(s, put, p) };
	HW(ppbdma_put_hi_t) hi = { PREG(s, put_hi, p) };

	return HW(join_ppbdma_put)(lo, hi);
}

/* GET (and PB_FETCH, and TOP_LEVEL_GET in a LEVEL_MAIN segment) move to va. */
static void sim_pb_get_set(struct sim *s, uint32_t p, uint64_t va)
{
	HW(ppbdma_get_t) g = { PREG(s, get, p) };
	HW(ppbdma_get_hi_t) gh = { PREG(s, get_hi, p) };
	HW(ppbdma_pb_fetch_t) f = { PREG(s, pb_fetch, p) };
	HW(ppbdma_pb_fetch_hi_t) fh = { PREG(s, pb_fetch_hi, p) };
	HW(ppbdma_pb_header_t) h = { PREG(s, pb_header, p) };
	uint64_t put = sim_pb_put(s, p);

	HW(split_ppbdma_get)(va, &g, &gh);
	HW(split_ppbdma_pb_fetch)(va, &f, &fh);
	fh = HW(set_ppbdma_pb_fetch_hi_length)(fh, (uint32_t)((put > va ? put - va : 0) /
								  HWC(FIFO_PB_ENTRY_SIZE)));
	PREG_SET(s, get, p, g.v);
	PREG_SET(s, get_hi, p, gh.v);
	PREG_SET(s, pb_fetch, p, f.v);
	PREG_SET(s, pb_fetch_hi, p, fh.v);
	if (HW(get_ppbdma_pb_header_level)(h) == HWC(PPBDMA_PB_HEADER_LEVEL_MAIN)) {
		HW(ppbdma_top_level_get_t) t = { PREG(s, top_level_get, p) };
		HW(ppbdma_top_level_get_hi_t) th = { PREG(s, top_level_get_hi, p) };

		HW(split_ppbdma_top_level_get)(va, &t, &th);
		th = HW(set_ppbdma_top_level_get_hi_valid)(th, HWC(PPBDMA_TOP_LEVEL_GET_HI_VALID_TRUE));
		PREG_SET(s, top_level_get, p, t.v);
		PREG_SET(s, top_level_get_hi, p, th.v);
	}
}

static bool sim_method0_valid(const struct sim *s, uint32_t p)
{
	HW(ppbdma_method0_t) m = { PREG(s, method0, p) };

	return HW(get_ppbdma_method0_valid)(m) == HWC(PPBDMA_METHOD0_VALID_TRUE);
}

bool sim_pbdma_has_work(const struct sim *s, uint32_t p)
{
	return sim_method0_valid(s, p) || sim_pb_get(s, p) != sim_pb_put(s, p) ||
	       PREG(s, gp_get, p) != PREG(s, gp_put, p);
}

/* ---- USERD ------------------------------------------------------------------------------------ */

int sim_pbdma_gp_put_fetch(struct sim *s, uint32_t p)
{
	enum sim_aperture ap;
	uint64_t a = sim_host_pbdma_userd(s, p, &ap);
	HW(ramuserd_t) u;

	if (sim_mmu_phys_read(s, p, ap, a, &u, sizeof(u)))
		return -1;
	PREG_SET(s, gp_put, p, HW(get_ramuserd_gp_put)(&u));
	return 0;
}

/*
 * The read-only USERD entries from their PBDMA registers (dev_ram RAMUSERD).
 * Only words that change are written, so software's GP_PUT is never
 * overwritten.
 */
void sim_pbdma_userd_writeback(struct sim *s, uint32_t p)
{
	enum sim_aperture ap;
	uint64_t a = sim_host_pbdma_userd(s, p, &ap);
	HW(ramuserd_t) u, old;

	if (sim_mmu_phys_read(s, p, ap, a, &u, sizeof(u)))
		return;
	old = u;
	HW(set_ramuserd_gp_get)(&u, PREG(s, gp_get, p));
	HW(set_ramuserd_get)(&u, PREG(s, get, p));
	HW(set_ramuserd_get_hi)(&u, PREG(s, get_hi, p));
	HW(set_ramuserd_put)(&u, PREG(s, put, p));
	HW(set_ramuserd_put_hi)(&u, PREG(s, put_hi, p));
	HW(set_ramuserd_top_level_get)(&u, PREG(s, top_level_get, p));
	HW(set_ramuserd_top_level_get_hi)(&u, PREG(s, top_level_get_hi, p));
	HW(set_ramuserd_ref)(&u, PREG(s, ref, p));
	for (size_t i = 0; i < sizeof(u.w) / sizeof(u.w[0]); i++)
		if (u.w[i] != old.w[i] &&
		    sim_mmu_phys_write(s, p, ap, a + i * sizeof(u.w[0]), &u.w[i], sizeof(u.w[0])))
			return;
}

/* ---- load-time checks ------------------------------------------------------------------------ */

/* What Host checks of a context it loads (or after software cleared an interrupt). */
static enum sim_step sim_pbdma_check(struct sim *s, uint32_t p)
{
	HW(ppbdma_signature_t) sig = { PREG(s, signature, p) };
	uint32_t hw = HW(get_ppbdma_signature_hw)(sig);
	uint64_t n = sim_gp_entries(s, p);

	if (hw != HWC(PPBDMA_SIGNATURE_HW_VALID) && hw != HWC(PPBDMA_SIGNATURE_HW_HOST_CLASS_ID))
		return SIM_INTR0(s, p, signature, SIGNATURE);
	/* The ring may not cross the end of the 40-bit VA space. */
	if (sim_gp_base(s, p) + n * HWC(PPBDMA_GP_ENTRY_SIZE) > SIM_VA_LIMIT)
		return SIM_INTR0(s, p, gpfifo, GPFIFO);
	if (PREG(s, gp_get, p) >= n || PREG(s, gp_fetch, p) >= n)
		return SIM_INTR0(s, p, gpptr, GPPTR);
	if (sim_pb_get(s, p) > sim_pb_put(s, p))
		return SIM_INTR0(s, p, pbptr, PBPTR);
	return SIM_STEP_PROGRESS;
}

/* ---- methods ------------------------------------------------------------------------------------- */

static bool sim_subdevice_active(const struct sim *s, uint32_t p)
{
	HW(ppbdma_subdevice_t) d = { PREG(s, subdevice, p) };

	return HW(get_ppbdma_subdevice_channel_dma)(d) == HWC(PPBDMA_SUBDEVICE_CHANNEL_DMA_DISABLE) ||
	       HW(get_ppbdma_subdevice_status)(d) == HWC(PPBDMA_SUBDEVICE_STATUS_ACTIVE);
}

/* A generated method goes to METHOD0/DATA0 (the head of the method FIFO). */
static void sim_method_stage(struct sim *s, uint32_t p, uint32_t dword, uint32_t subch, bool first,
			     uint32_t data)
{
	HW(ppbdma_method0_t) m = { 0 };

	if (!sim_subdevice_active(s, p))
		return;   /* SET_SUBDEVICE_MASK filtered it out */
	m = HW(set_ppbdma_method0_addr)(m, dword);
	m = HW(set_ppbdma_method0_subch)(m, subch);
	m = HW(set_ppbdma_method0_first)(m, first ? HWC(PPBDMA_METHOD0_FIRST_TRUE) :
					   HWC(PPBDMA_METHOD0_FIRST_FALSE));
	m = HW(set_ppbdma_method0_valid)(m, HWC(PPBDMA_METHOD0_VALID_TRUE));
	PREG_SET(s, method0, p, m.v);
	PREG_SET(s, data0, p, data);
}

/* Does subchannel subch of PBDMA p's channel target a copy engine (dev_ram FIFO_DMA)? */
static bool sim_subch_ce(const struct sim *s, uint32_t p, uint32_t subch)
{
	return s->pbdma[p].runlist != s->gr_runlist || subch == SIM_SUBCH_GRCOPY;
}

/* The HCE's errors (dev_pbdma INTR_1 HCE_*), with the method in HCE_DBG0/DBG1. */
static enum sim_step sim_method_ce_result(struct sim *s, uint32_t p, enum sim_ce_result r,
					  uint32_t addr, uint32_t data)
{
	HW(ppbdma_intr_1_t) i = { 0 };
	HW(ppbdma_hce_dbg0_t) d0 = { 0 };
	HW(ppbdma_hce_dbg1_t) d1 = { 0 };

	switch (r) {
	case SIM_CE_OK:
		return SIM_STEP_PROGRESS;
	case SIM_CE_FAULT:
		s->pbdma[p].ce_fault = true;
		return SIM_STEP_FAULT;
	case SIM_CE_ILLEGAL_CLASS:
		i = HW(set_ppbdma_intr_1_hce_illegal_class)(i, HWC(PPBDMA_INTR_1_HCE_ILLEGAL_CLASS_PENDING));
		break;
	case SIM_CE_PRIV:
		i = HW(set_ppbdma_intr_1_hce_priv)(i, HWC(PPBDMA_INTR_1_HCE_PRIV_PENDING));
		break;
	case SIM_CE_ILLEGAL_MTHD:
	case SIM_CE_LAUNCH:
		i = HW(set_ppbdma_intr_1_hce_illegal_mthd)(i, HWC(PPBDMA_INTR_1_HCE_ILLEGAL_MTHD_PENDING));
		break;
	}
	d0 = HW(set_ppbdma_hce_dbg0_mthd_addr)(d0, addr / HWC(FIFO_PB_ENTRY_SIZE));
	d1 = HW(set_ppbdma_hce_dbg1_mthd_data)(d1, data);
	PREG_SET(s, hce_dbg0, p, d0.v);
	PREG_SET(s, hce_dbg1, p, d1.v);
	return sim_pbdma_intr(s, p, 0, i.v);
}

static bool sim_channel_privileged(const struct sim *s, uint32_t p)
{
	HW(ppbdma_hce_ctrl_t) h = { PREG(s, hce_ctrl, p) };

	return HW(get_ppbdma_hce_ctrl_hce_priv_mode)(h) == HWC(PPBDMA_HCE_CTRL_HCE_PRIV_MODE_YES);
}

/*
 * A non-Host method (or SetObject, object true): subchannels 5-7 go to
 * software (DEVICE); the others need the context of the engine they target,
 * else CTXNOTVALID (dev_pbdma TARGET).  A copy engine's go to its model
 * (sim_ce.c); any other engine's, there being none, are consumed.
 */
static enum sim_step sim_method_engine(struct sim *s, uint32_t p, uint32_t subch, uint32_t addr,
				       uint32_t data, bool object)
{
	HW(ppbdma_target_t) t = { PREG(s, target, p) };
	bool ce = sim_subch_ce(s, p, subch);
	bool valid = ce ? HW(get_ppbdma_target_ce_ctx_valid)(t) == HWC(PPBDMA_TARGET_CE_CTX_VALID_TRUE) :
			  HW(get_ppbdma_target_eng_ctx_valid)(t) == HWC(PPBDMA_TARGET_ENG_CTX_VALID_TRUE);
	HW(udma_object_t) o = { data };

	if (subch >= SIM_SUBCH_SW)
		return SIM_INTR0(s, p, device, DEVICE);
	if (!valid)
		return sim_pbdma_ctxnotvalid(s, p);
	if (!ce)
		return SIM_STEP_PROGRESS;
	if (object)
		return sim_method_ce_result(s, p, sim_ce_object(s, p, subch,
						(uint32_t)HW(get_udma_object_nvclass)(o)), addr, data);
	return sim_method_ce_result(s, p, sim_ce_method(s, p, addr, data, sim_channel_privileged(s, p)),
				    addr, data);
}

static enum sim_step sim_method_mem_op(struct sim *s, uint32_t p, uint32_t data)
{
	HW(udma_mem_op_d_t) d = { data };
	HW(ppbdma_config_t) cfg = { PREG(s, config, p) };
	bool priv = HW(get_ppbdma_config_auth_level)(cfg) == HWC(PPBDMA_CONFIG_AUTH_LEVEL_PRIVILEGED);

	switch (HW(get_udma_mem_op_d_operation)(d)) {
	case HWC(UDMA_MEM_OP_D_OPERATION_MEMBAR):
	case HWC(UDMA_MEM_OP_D_OPERATION_L2_PEERMEM_INVALIDATE):
	case HWC(UDMA_MEM_OP_D_OPERATION_L2_SYSMEM_INVALIDATE):
	case HWC(UDMA_MEM_OP_D_OPERATION_L2_CLEAN_COMPTAGS):
	case HWC(UDMA_MEM_OP_D_OPERATION_L2_FLUSH_DIRTY):
	case HWC(UDMA_MEM_OP_D_OPERATION_L2_WAIT_FOR_SYS_PENDING_READS):
		/* The model's memory is the host's: a barrier is all there is. */
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		return SIM_STEP_PROGRESS;
	case HWC(UDMA_MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE):
	case HWC(UDMA_MEM_OP_D_OPERATION_MMU_TLB_INVALIDATE_TARGETED):
	case HWC(UDMA_MEM_OP_D_OPERATION_ACCESS_COUNTER_CLR):
		/* Privileged operations (dev_pbdma); no TLB to invalidate. */
		return priv ? SIM_STEP_PROGRESS : SIM_INTR0(s, p, method, METHOD);
	default:
		return SIM_INTR0(s, p, method, METHOD);
	}
}

/* ---- semaphores ------------------------------------------------------------------------------------ */

struct sim_sem {
	HW(udma_sem_execute_t) x;
	uint64_t va, payload, mask;
	uint32_t bytes;                  /* of the payload: 4 or 8 */
};

static struct sim_sem sim_sem_get(const struct sim *s, uint32_t p, uint32_t data)
{
	HW(ppbdma_sem_addr_lo_t) lo = { PREG(s, sem_addr_lo, p) };
	HW(ppbdma_sem_addr_hi_t) hi = { PREG(s, sem_addr_hi, p) };
	struct sim_sem m = { { data }, 0, 0, 0, 0 };
	bool b64 = HW(get_udma_sem_execute_payload_size)(m.x) == HWC(UDMA_SEM_EXECUTE_PAYLOAD_SIZE_64BIT);

	m.va = HW(join_ppbdma_sem_addr)(lo, hi);
	m.bytes = b64 ? sizeof(uint64_t) : sizeof(uint32_t);
	m.mask = b64 ? UINT64_MAX : UINT32_MAX;
	m.payload = ((uint64_t)PREG(s, sem_payload_hi, p) << 32 | PREG(s, sem_payload_lo, p)) & m.mask;
	return m;
}

static int sim_sem_read(struct sim *s, uint32_t p, const struct sim_sem *m, uint64_t *v)
{
	uint64_t le = 0;

	if (sim_mmu_read(s, p, m->va, &le, m->bytes))
		return -1;
	*v = le64(le) & m->mask;
	return 0;
}

/* The dev_pbdma reduction table: which sizes and formats each op supports. */
static bool sim_sem_reduction_ok(const struct sim_sem *m)
{
	bool b64 = m->bytes == sizeof(uint64_t);
	bool sgn = HW(get_udma_sem_execute_reduction_format)(m->x) ==
		   HWC(UDMA_SEM_EXECUTE_REDUCTION_FORMAT_SIGNED);

	switch (HW(get_udma_sem_execute_reduction)(m->x)) {
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IMIN):
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IMAX):
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IXOR):
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IAND):
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IOR):
		return true;
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IADD):
		return !(b64 && sgn);
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_INC):
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_DEC):
		return !b64 && !sgn;
	default:
		return false;
	}
}

static bool sim_sem_less(const struct sim_sem *m, uint64_t a, uint64_t b)
{
	if (HW(get_udma_sem_execute_reduction_format)(m->x) ==
	    HWC(UDMA_SEM_EXECUTE_REDUCTION_FORMAT_UNSIGNED))
		return a < b;
	return m->bytes == sizeof(uint64_t) ? (int64_t)a < (int64_t)b : (int32_t)a < (int32_t)b;
}

static uint64_t sim_sem_reduce(const struct sim_sem *m, uint64_t v)
{
	uint64_t pl = m->payload;

	switch (HW(get_udma_sem_execute_reduction)(m->x)) {
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IMIN):
		return sim_sem_less(m, v, pl) ? v : pl;
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IMAX):
		return sim_sem_less(m, pl, v) ? v : pl;
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IXOR):
		return v ^ pl;
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IAND):
		return v & pl;
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IOR):
		return v | pl;
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_IADD):
		return (v + pl) & m->mask;
	case HWC(UDMA_SEM_EXECUTE_REDUCTION_INC):
		return v >= pl ? 0 : v + 1;
	default:   /* DEC */
		return v == 0 || v > pl ? pl : v - 1;
	}
}

/*
 * RELEASE or REDUCTION.  Alignment: the payload's size, 16 bytes with a
 * timestamp, which is written first (dev_pbdma: "the semaphore timestamp will
 * be written before the semaphore payload") at +8; a 32-bit payload then
 * fills the first 8 bytes with zeros above it.
 */
static enum sim_step sim_sem_release(struct sim *s, uint32_t p, const struct sim_sem *m)
{
	bool ts = HW(get_udma_sem_execute_release_timestamp)(m->x) ==
		  HWC(UDMA_SEM_EXECUTE_RELEASE_TIMESTAMP_EN);
	uint32_t align = ts ? 2 * sizeof(uint64_t) : m->bytes;
	bool reduce = HW(get_udma_sem_execute_operation)(m->x) == HWC(UDMA_SEM_EXECUTE_OPERATION_REDUCTION);
	uint64_t v = m->payload, t;

	if (m->va % align || (reduce && !sim_sem_reduction_ok(m)))
		return SIM_INTR0(s, p, semaphore, SEMAPHORE);
	if (reduce) {
		if (sim_sem_read(s, p, m, &v))
			return SIM_STEP_FAULT;
		v = sim_sem_reduce(m, v);
	}
	/* RELEASE_WFI: no engine to wait for; then a system membar. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (ts) {
		t = le64(sim_ptimer_snap(s));
		if (sim_mmu_write(s, p, m->va + sizeof(uint64_t), &t, sizeof(t)))
			return SIM_STEP_FAULT;
		__atomic_thread_fence(__ATOMIC_RELEASE);
	}
	v = le64(v);
	if (sim_mmu_write(s, p, m->va, &v, ts ? sizeof(uint64_t) : m->bytes))
		return SIM_STEP_FAULT;
	return SIM_STEP_PROGRESS;
}

static bool sim_sem_acquired(const struct sim_sem *m, uint64_t sv)
{
	uint64_t pv = m->payload;

	switch (HW(get_udma_sem_execute_operation)(m->x)) {
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQUIRE):
		return sv == pv;
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ):
		return sv >= pv;
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ):
		return m->bytes == sizeof(uint64_t) ? (int64_t)(sv - pv) >= 0 :
						      (int32_t)(uint32_t)(sv - pv) >= 0;
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_AND):
		return (sv & pv) != 0;
	default:   /* ACQ_NOR */
		return (~(sv | pv) & m->mask) != 0;
	}
}

static void sim_acquire_fail_set(struct sim *s, uint32_t p, bool fail)
{
	HW(ppbdma_sem_execute_t) r = { PREG(s, sem_execute, p) };

	r = HW(set_ppbdma_sem_execute_acquire_fail)(r, fail ? HWC(PPBDMA_SEM_EXECUTE_ACQUIRE_FAIL_TRUE) :
						      HWC(PPBDMA_SEM_EXECUTE_ACQUIRE_FAIL_FALSE));
	PREG_SET(s, sem_execute, p, r.v);
}

static bool sim_acquire_failed(const struct sim *s, uint32_t p)
{
	HW(ppbdma_sem_execute_t) r = { PREG(s, sem_execute, p) };

	return HW(get_ppbdma_sem_execute_acquire_fail)(r) == HWC(PPBDMA_SEM_EXECUTE_ACQUIRE_FAIL_TRUE);
}

/*
 * A failed acquire: the first failure sets ACQUIRE_FAIL and the deadline
 * (now + MAN * 2^EXP periods); a later one past the deadline, with
 * TIMEOUT_EN, raises ACQUIRE.  Circular 32-bit comparisons, as dev_pbdma.
 */
static enum sim_step sim_acquire_wait(struct sim *s, uint32_t p)
{
	HW(ppbdma_acquire_t) a = { PREG(s, acquire, p) };
	uint32_t now = (uint32_t)(sim_gpu_time(s) >> SIM_ACQUIRE_PERIOD_SHIFT);

	if (!sim_acquire_failed(s, p)) {
		sim_acquire_fail_set(s, p, true);
		PREG_SET(s, acquire_deadline, p, now + (HW(get_ppbdma_acquire_timeout_man)(a) <<
						       HW(get_ppbdma_acquire_timeout_exp)(a)));
		return SIM_STEP_BLOCKED;
	}
	if (HW(get_ppbdma_acquire_timeout_en)(a) == HWC(PPBDMA_ACQUIRE_TIMEOUT_EN_ENABLE) &&
	    (int32_t)(now - PREG(s, acquire_deadline, p)) > 0)
		return SIM_INTR0(s, p, acquire, ACQUIRE);
	return SIM_STEP_BLOCKED;
}

static enum sim_step sim_sem_acquire(struct sim *s, uint32_t p, const struct sim_sem *m)
{
	uint64_t v;

	if (m->va % m->bytes)   /* no 16-byte rule for acquires */
		return SIM_INTR0(s, p, semaphore, SEMAPHORE);
	if (sim_sem_read(s, p, m, &v))
		return SIM_STEP_FAULT;
	if (!sim_sem_acquired(m, v))
		return sim_acquire_wait(s, p);
	sim_acquire_fail_set(s, p, false);
	return SIM_STEP_PROGRESS;
}

/* NV_UDMA_SEM_EXECUTE: its register mirrors DATA0 but keeps ACQUIRE_FAIL. */
static enum sim_step sim_method_sem_execute(struct sim *s, uint32_t p, uint32_t data)
{
	struct sim_sem m = sim_sem_get(s, p, data);
	bool fail = sim_acquire_failed(s, p);

	PREG_SET(s, sem_execute, p, data);
	sim_acquire_fail_set(s, p, fail);
	switch (HW(get_udma_sem_execute_operation)(m.x)) {
	case HWC(UDMA_SEM_EXECUTE_OPERATION_RELEASE):
	case HWC(UDMA_SEM_EXECUTE_OPERATION_REDUCTION):
		return sim_sem_release(s, p, &m);
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQUIRE):
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_STRICT_GEQ):
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_CIRC_GEQ):
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_AND):
	case HWC(UDMA_SEM_EXECUTE_OPERATION_ACQ_NOR):
		return sim_sem_acquire(s, p, &m);
	default:
		return SIM_INTR0(s, p, semaphore, SEMAPHORE);
	}
}

/* ---- other Host methods ---------------------------------------------------------------------------- */

/*
 * CLEAR_FAULTED retries until the FAULTED bit it names is set, then clears
 * it; past the design's CLEAR_FAULTED timeout (microseconds) it raises
 * CLEAR_FAULTED_ERROR.  It shares ACQUIRE_FAIL and ACQUIRE_DEADLINE with
 * acquires (dev_pbdma).
 */
static enum sim_step sim_method_clear_faulted(struct sim *s, uint32_t p, uint32_t data)
{
	HW(udma_clear_faulted_t) m = { data };
	uint32_t period;
	bool detect = sim_host_clear_faulted_timeout(s, &period);
	long chid = sim_host_clear_faulted_chid(s, data);
	bool eng = HW(get_udma_clear_faulted_type)(m) == HWC(UDMA_CLEAR_FAULTED_TYPE_ENG_FAULTED);
	uint32_t now = (uint32_t)(sim_gpu_time(s) / 1000u);

	if (chid >= 0 && sim_host_chan_faulted(s, p, (uint32_t)chid, eng)) {
		sim_host_chan_faulted_set(s, p, (uint32_t)chid, eng, false);
		sim_acquire_fail_set(s, p, false);
		return SIM_STEP_PROGRESS;
	}
	if (!sim_acquire_failed(s, p)) {
		sim_acquire_fail_set(s, p, true);
		PREG_SET(s, acquire_deadline, p, now + period);
		return SIM_STEP_BLOCKED;
	}
	if (detect && (int32_t)(now - PREG(s, acquire_deadline, p)) > 0) {
		sim_acquire_fail_set(s, p, false);
		return sim_pbdma_intr(s, p, SIM_CLEAR_FAULTED_ERROR_INTR0, 0);
	}
	return SIM_STEP_BLOCKED;
}

static enum sim_step sim_method_yield(struct sim *s, uint32_t p, uint32_t data)
{
	HW(udma_yield_t) y = { data };

	switch (HW(get_udma_yield_op)(y)) {
	case HWC(UDMA_YIELD_OP_NOP):
		return SIM_STEP_PROGRESS;
	case HWC(UDMA_YIELD_OP_RUNLIST_TIMESLICE):
	case HWC(UDMA_YIELD_OP_TSG):
		return SIM_STEP_YIELD;
	default:
		return SIM_INTR0(s, p, method, METHOD);
	}
}

/* The operand registers of SEM_* and MEM_OP_A-C. */
static bool sim_method_operand(struct sim *s, uint32_t p, uint32_t addr, uint32_t data)
{
	HW(udma_sem_addr_lo_t) alo = { data };
	HW(udma_sem_addr_hi_t) ahi = { data };
	HW(ppbdma_sem_addr_lo_t) rlo = { 0 };
	HW(ppbdma_sem_addr_hi_t) rhi = { 0 };

	if (addr == HW(udma_sem_addr_lo_offset)())
		PREG_SET(s, sem_addr_lo, p, HW(set_ppbdma_sem_addr_lo_addr)(rlo,
				HW(get_udma_sem_addr_lo_offset)(alo)).v);
	else if (addr == HW(udma_sem_addr_hi_offset)())
		PREG_SET(s, sem_addr_hi, p, HW(set_ppbdma_sem_addr_hi_addr)(rhi,
				HW(get_udma_sem_addr_hi_offset)(ahi)).v);
	else if (addr == HW(udma_sem_payload_lo_offset)())
		PREG_SET(s, sem_payload_lo, p, data);
	else if (addr == HW(udma_sem_payload_hi_offset)())
		PREG_SET(s, sem_payload_hi, p, data);
	else if (addr == HW(udma_mem_op_a_offset)())
		PREG_SET(s, mem_op_a, p, data);
	else if (addr == HW(udma_mem_op_b_offset)())
		PREG_SET(s, mem_op_b, p, data);
	else if (addr == HW(udma_mem_op_c_offset)())
		PREG_SET(s, mem_op_c, p, data);
	else
		return false;
	return true;
}

/* NV_UDMA_*: ILLEGAL and every address the manual leaves undefined are METHOD. */
static enum sim_step sim_method_host(struct sim *s, uint32_t p, uint32_t addr, uint32_t subch,
				     uint32_t data)
{
	if (sim_method_operand(s, p, addr, data))
		return SIM_STEP_PROGRESS;
	if (addr == HW(udma_nop_offset)() || addr == HW(udma_wfi_offset)())
		return SIM_STEP_PROGRESS;   /* WFI: no engine to wait for */
	if (addr == HW(udma_object_offset)())
		return sim_method_engine(s, p, subch, addr, data, true);
	if (addr == HW(udma_sem_execute_offset)())
		return sim_method_sem_execute(s, p, data);
	if (addr == HW(udma_mem_op_d_offset)())
		return sim_method_mem_op(s, p, data);
	if (addr == HW(udma_non_stall_int_offset)()) {
		sim_host_nonstall_intr(s);
		return SIM_STEP_PROGRESS;
	}
	if (addr == HW(udma_set_ref_offset)()) {
		/* after a WFI and a system membar */
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		PREG_SET(s, ref, p, data);
		return SIM_STEP_PROGRESS;
	}
	if (sim_host_udma_method(s, p, addr))
		return SIM_STEP_PROGRESS;   /* one only the design has (CRC_CHECK) */
	if (addr == HW(udma_yield_offset)())
		return sim_method_yield(s, p, data);
	if (addr == HW(udma_clear_faulted_offset)())
		return sim_method_clear_faulted(s, p, data);
	return SIM_INTR0(s, p, method, METHOD);
}

/* Runs METHOD0/DATA0; done (or skipped by a non-stalling interrupt) clears VALID. */
static enum sim_step sim_method_run(struct sim *s, uint32_t p)
{
	HW(ppbdma_method0_t) m = { PREG(s, method0, p) };
	uint32_t addr = (uint32_t)HW(get_ppbdma_method0_addr)(m) * HWC(FIFO_PB_ENTRY_SIZE);
	uint32_t subch = (uint32_t)HW(get_ppbdma_method0_subch)(m);
	enum sim_step st = addr <= HWC(UDMA_LIMIT) ?
			   sim_method_host(s, p, addr, subch, PREG(s, data0, p)) :
			   sim_method_engine(s, p, subch, addr, PREG(s, data0, p), false);

	if (st == SIM_STEP_PROGRESS || st == SIM_STEP_YIELD) {
		m = HW(set_ppbdma_method0_valid)(m, HWC(PPBDMA_METHOD0_VALID_FALSE));
		PREG_SET(s, method0, p, m.v);
	}
	return st;
}

/* ---- pushbuffer ------------------------------------------------------------------------------------- */

static void sim_pb_header_set(struct sim *s, uint32_t p, uint32_t type, uint32_t dword,
			      uint32_t subch, uint32_t count)
{
	HW(ppbdma_pb_header_t) h = { PREG(s, pb_header, p) };
	HW(ppbdma_pb_count_t) c = { PREG(s, pb_count, p) };

	h = HW(set_ppbdma_pb_header_type)(h, type);
	h = HW(set_ppbdma_pb_header_method)(h, dword);
	h = HW(set_ppbdma_pb_header_subchannel)(h, subch);
	h = HW(set_ppbdma_pb_header_first)(h, s->pbdma[p].seg_first ? HWC(PPBDMA_PB_HEADER_FIRST_TRUE) :
					     HWC(PPBDMA_PB_HEADER_FIRST_FALSE));
	c = HW(set_ppbdma_pb_count_value)(c, count);
	PREG_SET(s, pb_header, p, h.v);
	PREG_SET(s, pb_count, p, c.v);
	s->pbdma[p].seg_first = false;
}

/* The largest dword method address a header holds (NV_FIFO_DMA_METHOD_ADDRESS). */
static uint32_t sim_method_max(void)
{
	return 0xFFFFFFFFu >> (32u - HWC(FIFO_DMA_METHOD_ADDRESS_FIELD_WIDTH));
}

/* INCR, NONINCR, ONEINCR: the count of data entries that follow. */
static enum sim_step sim_pb_method_header(struct sim *s, uint32_t p, const struct nvrt_pb_header *h)
{
	uint32_t dword = h->method / HWC(FIFO_PB_ENTRY_SIZE), max = sim_method_max();
	uint32_t type = h->op == NVRT_PB_INCR ? HWC(PPBDMA_PB_HEADER_TYPE_INC) :
			h->op == NVRT_PB_NONINCR ? HWC(PPBDMA_PB_HEADER_TYPE_NON_INC) :
						   HWC(PPBDMA_PB_HEADER_TYPE_INC_ONCE);

	/* dev_pbdma PBENTRY: generated method addresses may not wrap. */
	if ((h->op == NVRT_PB_INCR && h->count && dword + h->count - 1 > max) ||
	    (h->op == NVRT_PB_ONEINCR && h->count > 1 && dword + 1 > max))
		return SIM_INTR0(s, p, pbentry, PBENTRY);
	sim_pb_header_set(s, p, type, dword, h->subch, h->count);
	return SIM_STEP_PROGRESS;
}

/* SET/USE_SUBDEVICE_MASK: compare the mask with SUBDEVICE ID (dev_pbdma SUBDEVICE). */
static enum sim_step sim_pb_subdevice_mask(struct sim *s, uint32_t p, uint32_t mask, uint32_t type)
{
	HW(ppbdma_subdevice_t) d = { PREG(s, subdevice, p) };
	HW(ppbdma_pb_header_t) h = { PREG(s, pb_header, p) };
	bool active;

	if (HW(get_ppbdma_subdevice_channel_dma)(d) == HWC(PPBDMA_SUBDEVICE_CHANNEL_DMA_DISABLE))
		return SIM_INTR0(s, p, pbentry, PBENTRY);
	active = (HW(get_ppbdma_subdevice_id)(d) & mask) != 0;
	d = HW(set_ppbdma_subdevice_status)(d, active ? HWC(PPBDMA_SUBDEVICE_STATUS_ACTIVE) :
					      HWC(PPBDMA_SUBDEVICE_STATUS_INACTIVE));
	PREG_SET(s, subdevice, p, d.v);
	sim_pb_header_set(s, p, type, 0, 0, 0);
	/* A conditional segment that masks itself out is discarded. */
	if (!active && HW(get_ppbdma_pb_header_conditional)(h) == HWC(PPBDMA_PB_HEADER_CONDITIONAL_TRUE))
		sim_pb_get_set(s, p, sim_pb_put(s, p));
	return SIM_STEP_PROGRESS;
}

static enum sim_step sim_pb_store_mask(struct sim *s, uint32_t p, uint32_t mask)
{
	HW(ppbdma_subdevice_t) d = { PREG(s, subdevice, p) };

	d = HW(set_ppbdma_subdevice_stored_mask)(d, mask);
	PREG_SET(s, subdevice, p, d.v);
	sim_pb_header_set(s, p, HWC(PPBDMA_PB_HEADER_TYPE_STORE_SDM), 0, 0, 0);
	return SIM_STEP_PROGRESS;
}

/* A PB instruction: a method header or a control entry (dev_ram FIFO_DMA). */
static enum sim_step sim_pb_instruction(struct sim *s, uint32_t p, uint32_t w)
{
	HW(ppbdma_subdevice_t) d = { PREG(s, subdevice, p) };
	struct nvrt_pb_header h;

	PREG_SET(s, hdr_shadow, p, w);
	s->chip->pushbuf->pb_header_decode(w, &h);
	switch (h.op) {
	case NVRT_PB_NOP:
		return SIM_STEP_PROGRESS;
	case NVRT_PB_INCR:
	case NVRT_PB_NONINCR:
	case NVRT_PB_ONEINCR:
		return sim_pb_method_header(s, p, &h);
	case NVRT_PB_IMMD:
		sim_pb_header_set(s, p, HWC(PPBDMA_PB_HEADER_TYPE_IMMD), h.method / HWC(FIFO_PB_ENTRY_SIZE),
				  h.subch, 0);
		sim_method_stage(s, p, h.method / HWC(FIFO_PB_ENTRY_SIZE), h.subch, false, h.data);
		return SIM_STEP_PROGRESS;
	case NVRT_PB_SET_SUBDEVICE_MASK:
		return sim_pb_subdevice_mask(s, p, h.data, HWC(PPBDMA_PB_HEADER_TYPE_SSDM));
	case NVRT_PB_STORE_SUBDEVICE_MASK:
		return sim_pb_store_mask(s, p, h.data);
	case NVRT_PB_USE_SUBDEVICE_MASK:
		return sim_pb_subdevice_mask(s, p, HW(get_ppbdma_subdevice_stored_mask)(d),
					     HWC(PPBDMA_PB_HEADER_TYPE_USE_SDM));
	case NVRT_PB_END_SEGMENT:
		sim_pb_header_set(s, p, HWC(PPBDMA_PB_HEADER_TYPE_END_SEG), 0, 0, 0);
		sim_pb_get_set(s, p, sim_pb_put(s, p));
		return SIM_STEP_PROGRESS;
	default:   /* NVRT_PB_INVALID: HDR_SHADOW holds it */
		return SIM_INTR0(s, p, pbentry, PBENTRY);
	}
}

/* A data entry of the current compressed method sequence. */
static enum sim_step sim_pb_data(struct sim *s, uint32_t p, uint32_t w)
{
	HW(ppbdma_pb_header_t) h = { PREG(s, pb_header, p) };
	HW(ppbdma_pb_count_t) c = { PREG(s, pb_count, p) };
	uint32_t dword = (uint32_t)HW(get_ppbdma_pb_header_method)(h);
	uint32_t type = (uint32_t)HW(get_ppbdma_pb_header_type)(h);
	bool first = HW(get_ppbdma_pb_header_first)(h) == HWC(PPBDMA_PB_HEADER_FIRST_TRUE);

	sim_method_stage(s, p, dword, (uint32_t)HW(get_ppbdma_pb_header_subchannel)(h), first, w);
	if (type == HWC(PPBDMA_PB_HEADER_TYPE_INC))
		h = HW(set_ppbdma_pb_header_method)(h, dword + 1);
	else if (type == HWC(PPBDMA_PB_HEADER_TYPE_INC_ONCE)) {
		h = HW(set_ppbdma_pb_header_method)(h, dword + 1);
		h = HW(set_ppbdma_pb_header_type)(h, HWC(PPBDMA_PB_HEADER_TYPE_NON_INC));
	}
	h = HW(set_ppbdma_pb_header_first)(h, HWC(PPBDMA_PB_HEADER_FIRST_FALSE));
	c = HW(set_ppbdma_pb_count_value)(c, (uint32_t)HW(get_ppbdma_pb_count_value)(c) - 1);
	PREG_SET(s, pb_header, p, h.v);
	PREG_SET(s, pb_count, p, c.v);
	return SIM_STEP_PROGRESS;
}

/* The next entry of the segment at GET: data while PB_COUNT says so. */
static enum sim_step sim_pb_step(struct sim *s, uint32_t p)
{
	HW(ppbdma_pb_count_t) c = { PREG(s, pb_count, p) };
	uint64_t get = sim_pb_get(s, p);
	uint32_t raw, w;

	if (sim_mmu_read(s, p, get, &raw, sizeof(raw)))
		return SIM_STEP_FAULT;
	w = REFGEN_LE32(raw);
	sim_pb_get_set(s, p, get + HWC(FIFO_PB_ENTRY_SIZE));
	PREG_SET(s, pb_crc, p, sim_crc32(PREG(s, pb_crc, p), &w, 1));
	if (HW(get_ppbdma_pb_count_value)(c))
		return sim_pb_data(s, p, w);
	return sim_pb_instruction(s, p, w);
}

/* ---- GPFIFO ---------------------------------------------------------------------------------------- */

static void sim_gp_crc(struct sim *s, uint32_t p, const uint32_t e[2])
{
	PREG_SET(s, gp_crc, p, sim_crc32(PREG(s, gp_crc, p), e, 2));
}

/* LENGTH 0: NOP, or a CRC check; ILLEGAL and unknown opcodes are GPENTRY. */
static enum sim_step sim_gp_control(struct sim *s, uint32_t p, const uint32_t e[2])
{
	HW(ppbdma_gp_entry0_t) e0 = { e[0] };
	HW(ppbdma_gp_entry1_t) e1 = { e[1] };
	uint32_t operand = HW(get_ppbdma_gp_entry0_operand)(e0), crc;

	switch (HW(get_ppbdma_gp_entry1_opcode)(e1)) {
	case HWC(PPBDMA_GP_ENTRY1_OPCODE_NOP):
		sim_gp_crc(s, p, e);
		return SIM_STEP_PROGRESS;
	case HWC(PPBDMA_GP_ENTRY1_OPCODE_GP_CRC):
		crc = PREG(s, gp_crc, p);
		PREG_SET(s, gp_crc, p, 0);   /* cleared whether or not they match */
		return crc == operand ? SIM_STEP_PROGRESS : SIM_INTR0(s, p, gpcrc, GPCRC);
	case HWC(PPBDMA_GP_ENTRY1_OPCODE_PB_CRC):
		return PREG(s, pb_crc, p) == operand ? SIM_STEP_PROGRESS : SIM_INTR0(s, p, pbcrc, PBCRC);
	default:
		return SIM_INTR0(s, p, gpentry, GPENTRY);
	}
}

/* A segment begins: GET/PUT, PB_FETCH, and the entry's attributes in PB_HEADER. */
static void sim_gp_segment(struct sim *s, uint32_t p, uint64_t va, uint64_t end,
			   HW(ppbdma_gp_entry0_t) e0, HW(ppbdma_gp_entry1_t) e1)
{
	HW(ppbdma_put_t) pu = { PREG(s, put, p) };
	HW(ppbdma_put_hi_t) ph = { PREG(s, put_hi, p) };
	HW(ppbdma_pb_fetch_t) f = { PREG(s, pb_fetch, p) };
	HW(ppbdma_pb_fetch_hi_t) fh = { PREG(s, pb_fetch_hi, p) };
	HW(ppbdma_pb_header_t) h = { PREG(s, pb_header, p) };

	HW(split_ppbdma_put)(end, &pu, &ph);
	PREG_SET(s, put, p, pu.v);
	PREG_SET(s, put_hi, p, ph.v);
	f = HW(set_ppbdma_pb_fetch_conditional)(f, HW(get_ppbdma_gp_entry0_fetch)(e0));
	fh = HW(set_ppbdma_pb_fetch_hi_level)(fh, HW(get_ppbdma_gp_entry1_level)(e1));
	fh = HW(set_ppbdma_pb_fetch_hi_sync)(fh, HW(get_ppbdma_gp_entry1_sync)(e1));
	PREG_SET(s, pb_fetch, p, f.v);
	PREG_SET(s, pb_fetch_hi, p, fh.v);
	h = HW(set_ppbdma_pb_header_level)(h, HW(get_ppbdma_gp_entry1_level)(e1));
	h = HW(set_ppbdma_pb_header_conditional)(h, HW(get_ppbdma_gp_entry0_fetch)(e0));
	h = HW(set_ppbdma_pb_header_first)(h, HWC(PPBDMA_PB_HEADER_FIRST_TRUE));
	PREG_SET(s, pb_header, p, h.v);
	PREG_SET(s, pb_crc, p, 0);   /* "cleared at the beginning of each new PB segment" */
	s->pbdma[p].seg_first = true;
	sim_pb_get_set(s, p, va);
}

static enum sim_step sim_gp_entry(struct sim *s, uint32_t p, const uint32_t e[2])
{
	HW(ppbdma_gp_entry0_t) e0 = { e[0] };
	HW(ppbdma_gp_entry1_t) e1 = { e[1] };
	HW(ppbdma_get_t) lo = { 0 };
	HW(ppbdma_get_hi_t) hi = { 0 };
	uint32_t len = HW(get_ppbdma_gp_entry1_length)(e1);
	uint64_t va, end;

	if (len == HWC(PPBDMA_GP_ENTRY1_LENGTH_CONTROL))
		return sim_gp_control(s, p, e);
	/* GET 31:2 and GET_HI 7:0 are GET/GET_HI's OFFSET fields. */
	lo = HW(set_ppbdma_get_offset)(lo, HW(get_ppbdma_gp_entry0_get)(e0));
	hi = HW(set_ppbdma_get_hi_offset)(hi, HW(get_ppbdma_gp_entry1_get_hi)(e1));
	va = HW(join_ppbdma_get)(lo, hi);
	end = va + (uint64_t)len * HWC(FIFO_PB_ENTRY_SIZE);
	if (end >= SIM_VA_LIMIT)   /* its last dword may not be the VA space's last */
		return SIM_INTR0(s, p, gpentry, GPENTRY);
	sim_gp_crc(s, p, e);
	if (HW(get_ppbdma_gp_entry0_fetch)(e0) == HWC(PPBDMA_GP_ENTRY0_FETCH_CONDITIONAL) &&
	    !sim_subdevice_active(s, p))
		return SIM_STEP_PROGRESS;   /* not fetched: a NOP */
	sim_gp_segment(s, p, va, end, e0, e1);
	return SIM_STEP_PROGRESS;
}

/* The GP entry at GP_GET, once GP_PUT (from USERD) says there is one. */
static enum sim_step sim_gp_step(struct sim *s, uint32_t p)
{
	struct sim_pbdma *pb = &s->pbdma[p];
	uint64_t n = sim_gp_entries(s, p);
	uint32_t get = PREG(s, gp_get, p), e[2];

	if (pb->gp_put_stale) {
		if (sim_pbdma_gp_put_fetch(s, p))
			return SIM_STEP_FAULT;
		pb->gp_put_stale = false;
	}
	if (PREG(s, gp_put, p) >= n) {
		pb->gp_put_stale = true;   /* software fixes USERD GP_PUT */
		return SIM_INTR0(s, p, gpptr, GPPTR);
	}
	if (get == PREG(s, gp_put, p))
		return SIM_STEP_IDLE;
	if (sim_mmu_read(s, p, sim_gp_base(s, p) + (uint64_t)get * HWC(PPBDMA_GP_ENTRY_SIZE), e,
			 sizeof(e)))
		return SIM_STEP_FAULT;
	e[0] = REFGEN_LE32(e[0]);
	e[1] = REFGEN_LE32(e[1]);
	PREG_SET(s, gp_shadow_0, p, e[0]);
	PREG_SET(s, gp_shadow_1, p, e[1]);
	/* The entry is committed: GP_GET moves on, wrapping at 2^LIMIT2. */
	get = (uint32_t)((get + 1) & (n - 1));
	PREG_SET(s, gp_get, p, get);
	PREG_SET(s, gp_fetch, p, get);
	return sim_gp_entry(s, p, e);
}

/* ---- one step -------------------------------------------------------------------------------------- */

enum sim_step sim_pbdma_step(struct sim *s, uint32_t p)
{
	struct sim_pbdma *pb = &s->pbdma[p];
	enum sim_step st;

	sim_pbdma_status_set(s, p, HWC(PPBDMA_STATUS_PBDMA_BUSY));
	if (!pb->checked) {
		st = sim_pbdma_check(s, p);
		if (st != SIM_STEP_PROGRESS)
			return st;
		pb->checked = true;
	}
	if (sim_method0_valid(s, p))
		st = sim_method_run(s, p);
	else if (sim_pb_get(s, p) != sim_pb_put(s, p))
		st = sim_pb_step(s, p);
	else
		st = sim_gp_step(s, p);
	if (st == SIM_STEP_BLOCKED)
		sim_pbdma_status_set(s, p, HWC(PPBDMA_STATUS_PBDMA_BLOCKED));
	else if (st == SIM_STEP_STALL)
		sim_pbdma_status_set(s, p, HWC(PPBDMA_STATUS_PBDMA_SUSPENDED));
	return st;
}
