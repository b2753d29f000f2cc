/* SPDX-License-Identifier: MIT */
/*
 * A PCI configuration space decoded with a chip's names (`refgen lookup
 * --config FILE`): the bytes read from a binary dump (sysfs `config`, 256 or
 * 4,096 bytes) or `lspci -x`/`-xxx`/`-xxxx` text, the standard capability
 * list (from 0x34) and the extended one (from 0x100) walked, and every
 * register of the chip's `pci` space given its value, its fields (bit order,
 * high to low) and the capability it lies in.  Malformed lists (a loop, a
 * pointer into the header or past the bytes given) are reported, never
 * followed.
 */
#ifndef REFGEN_LOOKUP_CONFIG_H
#define REFGEN_LOOKUP_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lookup/lookup_index.h"
#include "strbuf.h"

#define LOOKUP_CONFIG_MAX 4096
#define LOOKUP_CONFIG_HEADER 0x40      /* the type 0 header: capabilities start after it */
#define LOOKUP_CONFIG_EXTENDED 0x100   /* the extended list's first header */
#define LOOKUP_CONFIG_CAPS 128         /* kept; a list longer than that is reported */
#define LOOKUP_CONFIG_PROBLEMS 16

struct lookup_config_bytes {
	uint8_t b[LOOKUP_CONFIG_MAX];
	size_t size;                   /* 64 (lspci -x), 256 or 4096 */
	bool text;                     /* read from lspci text */
};

/*
 * Reads a config space from data: lspci text when every byte is printable
 * text, else a binary dump.  0, or -1 with *line, *col (1-based; 0: the whole
 * input) and a message in err.
 */
int lookup_config_read(struct lookup_config_bytes *c, const char *data, size_t len, struct strbuf *err,
		       unsigned *line, unsigned *col);

struct lookup_config_cap {
	bool extended;
	uint16_t offset;
	uint16_t id;
	uint8_t version;               /* extended only */
	uint16_t next;
	uint16_t end;                  /* exclusive: the bytes whose registers are the capability's */
	bool length_known;             /* else: only its header's bytes are taken as its */
	const char *name;              /* "MSI"; NULL: an id the PCI specifications do not give */
};

/* A field of a register's value, or a run of bits no field holds (f NULL). */
struct lookup_config_field {
	const struct lookup_field *f;
	uint64_t hi, lo;               /* bits */
	uint64_t value;
	const struct lookup_value *named;
};

struct lookup_config_reg {
	const struct lookup_reg *reg;
	uint64_t value;
	int cap;                       /* index in caps; LOOKUP_CONFIG_IN_HEADER, LOOKUP_CONFIG_IN_NONE */
	struct lookup_config_field *fields;   /* high to low */
	size_t nfields;
};

#define LOOKUP_CONFIG_IN_HEADER (-1)   /* 0x00-0x3f */
#define LOOKUP_CONFIG_IN_NONE (-2)     /* in no capability the lists reach */

struct lookup_config_problem {
	bool error;                    /* else a warning */
	char message[192];
};

struct lookup_config_result {
	const struct ir_manual *unit;  /* whose registers: the first unit of the pci space */
	struct lookup_config_cap caps[LOOKUP_CONFIG_CAPS];
	size_t ncaps;
	struct lookup_config_reg *regs;   /* by offset */
	size_t nregs;
	size_t beyond;                 /* registers of unit past the bytes given */
	struct lookup_config_problem problems[LOOKUP_CONFIG_PROBLEMS];
	size_t nproblems, nerrors;
};

/* The PCI specifications' name of a capability id, or NULL. */
const char *lookup_config_cap_name(bool extended, uint16_t id);

/*
 * Decodes c with the pci-space registers of x.  0 (problems in r->problems),
 * or -1 when memory ran out.  Release r with lookup_config_release.
 */
int lookup_config_decode(struct lookup_config_result *r, const struct lookup_index *x,
			 const struct lookup_config_bytes *c);
void lookup_config_release(struct lookup_config_result *r);

#endif
