/* SPDX-License-Identifier: MIT */
/*
 * The channel configuration both chips' hand-worked layout checks use
 * (test_nvrt_channel.c for GV100, test_nvrt_channel_tu104.c for TU104), so
 * where the two manuals agree the expected words agree too.  Include after
 * <cmocka.h>.
 */
#ifndef TEST_CHANNEL_FIXTURE_H
#define TEST_CHANNEL_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "nvrt/dma.h"
#include "nvrt/instance.h"

#define INST_IOVA 0x12345000ull     /* 4 KiB aligned (dev_ram NV_RAMIN_BASE_SHIFT 12) */
#define USERD_IOVA 0x2000000200ull  /* 512-byte aligned (NV_RAMUSERD_BASE_SHIFT 9), above 4 GiB */
#define GPFIFO_VA 0x00abcd0000ull
#define PDB_IOVA 0x0000401000ull

/* A buffer filled with 0xA5: builders must clear what they own. */
static inline struct nvrt_dma channel_buf(uint64_t iova, size_t size)
{
	struct nvrt_dma d = { 0 };

	d.cpu = aligned_alloc(4096, size < 4096 ? 4096 : size);
	assert_non_null(d.cpu);
	memset(d.cpu, 0xA5, size < 4096 ? 4096 : size);
	d.iova = iova;
	d.size = size;
	d.align = 4096;
	return d;
}

/* Channel 1 in coherent system memory, 512 GP entries, timeslice 128 << 3. */
static inline struct nvrt_instance_params channel_params(void)
{
	struct nvrt_instance_params p = {
		.chid = 1,
		.userd_iova = USERD_IOVA,
		.userd_aperture = NVRT_APERTURE_SYS_COHERENT,
		.gpfifo_va = GPFIFO_VA,
		.gpfifo_entries = 512,
		.pdb_iova = PDB_IOVA,
		.pdb_aperture = NVRT_APERTURE_SYS_COHERENT,
		.pdb_vol = true,
		.timeslice_timeout = 128,
		.timeslice_scale = 3,
	};
	return p;
}

#endif
