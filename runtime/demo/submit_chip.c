/* SPDX-License-Identifier: MIT */
/*
 * nvrt-submit's chip: the simulator's is --chip (default gv100); a real
 * GPU's is the one of the build its NV_PMC_BOOT_0 (BOOT_42 where the chip's
 * manual names the architecture there) matches, and --chip must agree.
 */
#include <stdio.h>

#include "submit_chip.h"

const char *submit_chip_list(const char *sep)
{
	static char buf[256];
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < nvrt_chip_count() && len < sizeof(buf); i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", i ? sep : "",
					nvrt_chip_at(i)->name);
	return buf;
}

const struct nvrt_chip *submit_chip_identify(struct nvrt_backend *b, const char *where,
					     const struct nvrt_chip *want, struct nvrt_err *err)
{
	struct nvrt_identity id;
	const struct nvrt_chip *c = nvrt_chip_identify(b, &id, err);

	if (c && want && c != want) {
		nvrt_err_set(err, "--chip %s, but the GPU at %s is a %s: %s", want->name, where, c->name,
			     id.text);
		return NULL;
	}
	return c;
}
