/* SPDX-License-Identifier: MIT */
/* refgen lookup --config FILE: a PCI config space printed with the chip's names. */
#ifndef REFGEN_CLI_LOOKUP_CONFIG_H
#define REFGEN_CLI_LOOKUP_CONFIG_H

#include <stdbool.h>

#include "lookup/lookup_index.h"

/* Reads file ("-": stdin), decodes it with x's pci space, prints it (text or
 * JSON); CLI_OK, CLI_INPUT_ERROR (the lists malformed: what could be decoded
 * is printed) or CLI_USAGE (unreadable, not a config space). */
int cli_lookup_config(const struct lookup_index *x, const char *chip, const char *file, bool json);

#endif
