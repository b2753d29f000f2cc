/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "nvrt/chip.h"

/* Every chip the library was built for (one line per chip). */
static const struct nvrt_chip *const nvrt_chips[] = {
	&nvrt_chip_gv100,
	&nvrt_chip_tu104,
};

const struct nvrt_chip *nvrt_chip_find(const char *name)
{
	for (size_t i = 0; i < sizeof(nvrt_chips) / sizeof(nvrt_chips[0]); i++)
		if (!strcmp(nvrt_chips[i]->name, name))
			return nvrt_chips[i];
	return NULL;
}
