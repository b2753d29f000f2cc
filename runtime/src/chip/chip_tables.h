/* SPDX-License-Identifier: MIT */
/*
 * The sub-tables runtime/src/hw/ defines for each chip (nvrt_<chip>_formats
 * ...), declared for runtime/src/chips/<chip>.c, which puts the chip's
 * table together.
 */
#ifndef NVRT_CHIP_TABLES_H
#define NVRT_CHIP_TABLES_H

#include "nvrt/chip.h"

#define NVRT_CHIP_TABLES_DECLARE(chip)                                  \
	extern const struct nvrt_chip_ident nvrt_##chip##_ident;        \
	extern const struct nvrt_chip_formats nvrt_##chip##_formats;    \
	extern const struct nvrt_chip_gpfifo nvrt_##chip##_gpfifo;      \
	extern const struct nvrt_chip_pushbuf nvrt_##chip##_pushbuf;    \
	extern const struct nvrt_chip_pt nvrt_##chip##_pt;              \
	extern const struct nvrt_chip_dump nvrt_##chip##_dump;          \
	extern const struct nvrt_chip_host nvrt_##chip##_host;          \
	extern const struct nvrt_chip_runlist nvrt_##chip##_runlist;    \
	extern const struct nvrt_chip_channel nvrt_##chip##_channel;    \
	extern const struct nvrt_chip_usermode nvrt_##chip##_usermode;  \
	extern const struct nvrt_chip_faults nvrt_##chip##_faults;      \
	extern const struct nvrt_chip_bus nvrt_##chip##_bus;            \
	extern const struct nvrt_chip_ce nvrt_##chip##_ce

#endif
