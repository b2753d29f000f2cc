/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "nvrt/chip.h"
#include "nvrt/device.h"

/* Every chip the library was built for (one line per chip; the first is
 * the default and decodes an unknown device's BOOT_0 in messages). */
static const struct nvrt_chip *const nvrt_chips[] = {
	&nvrt_chip_gv100,
	&nvrt_chip_tu104,
	&nvrt_chip_ga100,
};

#define CHIP_COUNT (ARRAY_SIZE(nvrt_chips))

size_t nvrt_chip_count(void)
{
	return CHIP_COUNT;
}

const struct nvrt_chip *nvrt_chip_at(size_t i)
{
	return i < CHIP_COUNT ? nvrt_chips[i] : NULL;
}

const struct nvrt_chip *nvrt_chip_find(const char *name)
{
	for (size_t i = 0; i < CHIP_COUNT; i++)
		if (!strcmp(nvrt_chips[i]->name, name))
			return nvrt_chips[i];
	return NULL;
}

int nvrt_chip_check(const struct nvrt_chip *c, struct nvrt_backend *b, struct nvrt_identity *id,
		    struct nvrt_err *err)
{
	if (c->ident->read(b, id) == c->ident->value)
		return 0;
	return nvrt_err_set(err, "not a %s: %s (a %s has %s 0x%x)", c->name, id->text, c->name,
			    c->ident->value_name, (unsigned)c->ident->value);
}

/* "gv100 (NV_PMC_BOOT_0_ARCHITECTURE_GV100 0x14), tu104 (...)" */
static void chip_list(char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = 0;
	for (size_t i = 0; i < CHIP_COUNT && len < n; i++) {
		int w = snprintf(buf + len, n - len, "%s%s (%s 0x%x)", i ? ", " : "", nvrt_chips[i]->name,
				 nvrt_chips[i]->ident->value_name, (unsigned)nvrt_chips[i]->ident->value);

		if (w < 0)
			return;
		len += (size_t)w;
	}
}

const struct nvrt_chip *nvrt_chip_identify(struct nvrt_backend *b, struct nvrt_identity *id,
					    struct nvrt_err *err)
{
	char known[512];

	for (size_t i = 0; i < CHIP_COUNT; i++)
		if (nvrt_chips[i]->ident->read(b, id) == nvrt_chips[i]->ident->value)
			return nvrt_chips[i];
	/* Decoded with the first chip's names: BOOT_0's fields are the same
	 * on every chip of the build (dev_master). */
	nvrt_chips[0]->ident->read(b, id);
	chip_list(known, sizeof(known));
	/* id->text is "NV_PMC_BOOT_0 0x...: FIELD=VALUE ...". */
	const char *fields = strchr(id->text, ':');
	int reg = fields ? (int)(fields - id->text) : (int)strlen(id->text);

	nvrt_err_set(err, "unknown GPU: %.*s (%s); this build knows %s", reg, id->text,
		     fields ? fields + 1 + (fields[1] == ' ') : "", known);
	return NULL;
}
