/* SPDX-License-Identifier: MIT */
/* GV100's inline pushbuffer encoders (nvrt/pushbuf_chip.h): nvrt_gv100_pb_*. */
#ifndef NVRT_PUSHBUF_GV100_H
#define NVRT_PUSHBUF_GV100_H

#include <gv100/dev_ram.h>

#define NVRT_PB_CHIP gv100
#define NVRT_PB_CHIP_UPPER GV100
#include "nvrt/pushbuf_chip.h"
#undef NVRT_PB_CHIP
#undef NVRT_PB_CHIP_UPPER

#endif
