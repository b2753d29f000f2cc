/* SPDX-License-Identifier: MIT */
/*
 * The lookup core: one query (an address with an optional value, a define's
 * name, or a structure's words), asked of a chip's index with the options of
 * a run (the space addresses are in, the blocks placed at BAR0 bases), gives
 * one result: every candidate with its space and define, the value decoded
 * field by field (high bits first) with the bits no field holds, and the
 * warnings.  Every form of `refgen lookup` (one address, a name, --struct,
 * batch lines, an mmiotrace, --json) asks here and only prints the result
 * (gen/cli/cli_lookup*.c), so an option means the same in every form.
 *
 * Numbers (lookup_number_parse): addresses, values, words and bases are
 * hexadecimal, "0x" optional, as envytools' lookup and the mmiotrace read
 * them; indices (NAME(i), --struct INDEX:) are counts, decimal unless "0x".
 */
#ifndef REFGEN_LOOKUP_QUERY_H
#define REFGEN_LOOKUP_QUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lookup/lookup_index.h"
#include "strbuf.h"

#define LOOKUP_QUERY_CANDIDATES 16
#define LOOKUP_QUERY_BLOCKS 256
#define LOOKUP_QUERY_WARNINGS 4
#define LOOKUP_QUERY_NAME_MAX 256

/* The registers of the block space named name_* (or name(...)) at a BAR0
 * base only the driver knows (GA100's NV_RUNLIST, NV_CHRAM). */
struct lookup_block {
	const char *name;              /* not copied: len bytes of it */
	size_t len;
	uint64_t base;
	unsigned long line;            /* the input line that gave the base; 0: an option (--block) */
};

/* What every query of one run shares. */
struct lookup_ctx {
	const struct lookup_index *x;
	const char *chip;
	enum ir_space_kind space;      /* the space an ADDRESS is in: IR_SPACE_BAR0 unless --space */
	const struct ir_manual *cls;   /* --class: an ADDRESS is a method offset of this class unit only */
	struct lookup_block blocks[LOOKUP_QUERY_BLOCKS];   /* highest base first */
	size_t nblocks;
};

/* x's chip, BAR0, no block. */
void lookup_ctx_init(struct lookup_ctx *c, const struct lookup_index *x, const char *chip);
/* A block of the block space's registers named name_* at BAR0 base (name is
 * not copied).  0; -1 when no register of the block space is named so; -2
 * when LOOKUP_QUERY_BLOCKS are placed already.  A block placed again at the
 * same base is kept once (the first line that gave it). */
int lookup_ctx_block_add(struct lookup_ctx *c, const char *name, size_t len, uint64_t base, unsigned long line);

/* An ADDRESS is a method offset of the class cls names (c3b5, clc3b5, 0xc3b5,
 * VOLTA_DMA_COPY_A): that class unit's methods only, in the method space,
 * never another class's at the same offset.  0; -1 when x's chip has no
 * such class. */
int lookup_ctx_class(struct lookup_ctx *c, const char *cls);

/* The one number rule: hexadecimal, "0x" optional, at most 16 digits. */
bool lookup_number_parse(const char *s, size_t len, uint64_t *out);
/* The rule for indices: decimal, or hex after "0x". */
bool lookup_count_parse(const char *s, size_t len, uint64_t *out);

enum lookup_query_kind {
	LOOKUP_QUERY_ADDRESS,          /* addr [value] */
	LOOKUP_QUERY_NAME,             /* name, "NAME", "NAME(i[,j])", or a typed header's spelling */
	LOOKUP_QUERY_STRUCT,           /* name's words */
};

struct lookup_query {
	enum lookup_query_kind kind;
	uint64_t addr;
	bool has_value;
	uint64_t value;
	const char *name;
	const uint32_t *words;         /* LOOKUP_QUERY_STRUCT: nwords words, given[i] for those known */
	const bool *given;
	size_t nwords;
	bool first_only;               /* only the first candidate (a batch line), no other space searched */
};

enum lookup_status {
	LOOKUP_FOUND,                  /* a register, define or device */
	LOOKUP_APERTURE,               /* only an aperture holds the address */
	LOOKUP_NOTHING,                /* nothing holds the address; no define is so named */
	LOOKUP_BAD_QUERY,              /* a malformed NAME(i), an index out of range: r->error says */
};

enum lookup_cand_kind {
	LOOKUP_CAND_REGISTER,          /* a register element at the address */
	LOOKUP_CAND_DEVICE,            /* a device range holding the address */
	LOOKUP_CAND_APERTURE,          /* an aperture holding it */
	LOOKUP_CAND_DEFINE,            /* a define found by name */
};

/* One field's bits of a decoded value. */
struct lookup_bitval {
	const struct lookup_field *field;
	uint64_t hi, lo;
	bool readable;                 /* false: wider than 64 bits, shown by its width */
	uint64_t value;
	const struct lookup_value *named;   /* the manual's name of value, or NULL */
};

struct lookup_cand {
	enum lookup_cand_kind kind;
	const struct ir_def *def;
	const struct ir_manual *unit;
	const struct lookup_layout *layout;   /* of a register or structure, else NULL */
	const struct lookup_reg *reg;         /* LOOKUP_CAND_REGISTER */
	const struct lookup_device *dev;      /* LOOKUP_CAND_DEVICE, _APERTURE */
	bool in_block;                        /* a register placed through a block's base: */
	struct lookup_block block;            /* that block (a copy: learning a base moves the ctx's) */
	enum ir_space_kind space;             /* the space it was found in */
	bool other_space;                     /* found at the same number in a space not asked */
	const struct ir_space *sp;            /* the space its unit or device says */
	enum ir_space_kind own;               /* lookup_space_own: a window's is its unit's (pci, vf) */
	uint64_t space_off;                   /* the address as an offset in sp (a register) */
	char name[LOOKUP_QUERY_NAME_MAX];     /* "NV_PCCSR_CHANNEL_INST(5)", "+0x1" inside it */
	uint64_t offset;                      /* the address's offset in it (register, device) */
	/* A NAME: indices given, and what they give. */
	int nidx;
	uint64_t idx[2];
	bool has_addr;                        /* a register with every index: its offset */
	uint64_t addr;
	bool has_array;                       /* an array without its indices: base, strides */
	uint64_t base, stride[2];
	bool has_bits;                        /* a field at its index: bits hi:lo */
	uint64_t hi, lo;
	/* The value (or words) decoded: fields[field0 .. field0 + nfields), high bits first. */
	bool decoded;
	size_t field0, nfields;
	uint64_t unclaimed;                   /* set bits no field holds, bits past the width included */
};

struct lookup_result {
	const struct lookup_ctx *ctx;
	const struct lookup_query *q;
	enum lookup_status status;
	struct lookup_cand cands[LOOKUP_QUERY_CANDIDATES];
	size_t ncands;                 /* those asked first, then other_space ones */
	struct lookup_bitval *fields;  /* of every decoded candidate */
	size_t nfields, cap;
	char warnings[LOOKUP_QUERY_WARNINGS][256];
	size_t nwarnings;
	char error[512];               /* LOOKUP_NOTHING, LOOKUP_BAD_QUERY: what to say */
	char suggestion[LOOKUP_QUERY_NAME_MAX];   /* a NAME not found: the nearest define's name, or "" */
	struct strbuf scratch;
};

void lookup_result_init(struct lookup_result *r);
void lookup_result_release(struct lookup_result *r);

/* Answers q into r (reused from query to query: r's memory is kept).  The
 * status; LOOKUP_NOTHING and LOOKUP_BAD_QUERY fill r->error. */
enum lookup_status lookup_query_run(const struct lookup_ctx *c, const struct lookup_query *q, struct lookup_result *r);

/* A NAME as the index spells it: a typed header's lower-case spelling
 * ("nv_pccsr_channel_inst", "gv100_pccsr_channel_inst") in upper case with
 * its NV_ prefix; anything else unchanged.  Without "(i)". */
void lookup_name_canonical(const char *chip, const char *name, char *out, size_t n);

#endif
