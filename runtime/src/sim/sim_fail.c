/* SPDX-License-Identifier: MIT */
/*
 * nvrt_sim_fail: a GPU that falls off the bus, and a register read that
 * fails in the priv ring.  Not a model of Host: a debug hook for tests and
 * nvrt-submit --inject.  A GPU that is gone answers every read with all
 * ones (what PCIe returns for a request nobody completes), drops every write
 * and does no more work; a PRI error is one read answered with the PRI error
 * word instead of the register.
 */
#include <stdint.h>

#include "sim/sim_internal.h"

uint32_t sim_pri_error(void)
{
	HW(pri_error_t) e = { { 0 } };

	HW(set_pri_error_code)(&e, HWC(PRI_ERROR_CODE_BADF));
	return e.w[0];
}

bool sim_fail_read(struct sim *s, uint32_t *v)
{
	if (s->fail_armed && s->fail_reads-- == 0) {
		s->fail_armed = false;
		if (s->fail == NVRT_SIM_PRI_ERROR) {
			*v = sim_pri_error();
			return true;
		}
		s->dead = true;
	}
	if (!s->dead)
		return false;
	*v = UINT32_MAX;
	return true;
}
