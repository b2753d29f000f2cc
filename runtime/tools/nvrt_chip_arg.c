/* SPDX-License-Identifier: MIT */
/* --chip of every nvrt subcommand: the library's chips by name. */
#include <stdio.h>

#include "nvrt_cli.h"

const char *nvrt_cli_chip_list(const char *sep)
{
	static char buf[256];
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < nvrt_chip_count() && len < sizeof(buf); i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", i ? sep : "",
					nvrt_chip_at(i)->name);
	return buf;
}

const struct nvrt_chip *nvrt_cli_chip(const char *name)
{
	const struct nvrt_chip *c = nvrt_chip_find(name);

	if (!c)
		nvrt_cli_usage("unknown chip '%s' (this build knows %s)", name, nvrt_cli_chip_list(", "));
	return c;
}

