/* SPDX-License-Identifier: MIT */
/*
 * The unit map of a chip's IR: which IR file holds what `refgen lookup` may
 * be asked for (the addresses its registers and devices cover, the names it
 * defines), so that one ADDRESS, NAME or --struct answer reads only those
 * files instead of the whole chip.  It is a cache, kept beside the IR as
 * <ir>/<chip>/.lookup-index (format: gen/README.md, "The lookup unit map"),
 * written by lookup itself after it has read the whole chip, and trusted only
 * while the IR files are the very ones it was made from (their names, sizes
 * and a hash of their bytes) and its own checksum holds; otherwise it is
 * ignored and made anew.  The
 * map only narrows the files read: an answer is always computed from the IR.
 */
#ifndef REFGEN_LOOKUP_UNITS_H
#define REFGEN_LOOKUP_UNITS_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "io/ir_chip.h"
#include "lookup/lookup_index.h"
#include "strbuf.h"

#define LOOKUP_UNITS_FILE ".lookup-index"

/* What one lookup asks for: everything (batch), an address, or a name. */
enum lookup_want_kind { LOOKUP_WANT_ALL, LOOKUP_WANT_ADDRESS, LOOKUP_WANT_NAME };

struct lookup_want {
	enum lookup_want_kind kind;
	uint64_t addr;                 /* LOOKUP_WANT_ADDRESS: registers there in any space, */
	enum ir_space_kind space;      /* devices there in this space (and BAR0's apertures) */
	const char *name;              /* LOOKUP_WANT_NAME: a define's name, without "(i)" */
};

/* An IR file as the map knows it. */
struct lookup_units_file {
	char *name;                    /* "dev_fifo.xml" */
	uint64_t size;
	uint64_t hash;                 /* lookup_units_content_hash of its bytes */
};

struct lookup_units_range {
	uint32_t file;
	enum ir_space_kind space;      /* of a device's range; IR_SPACE_NONE: registers' bytes, any space */
	uint64_t lo, hi;               /* inclusive */
};

struct lookup_units_name {
	uint32_t file;
	uint32_t hash;                 /* lookup_units_hash of the define's name */
};

struct lookup_units {
	struct lookup_units_file *files;   /* by name */
	size_t nfiles;
	struct lookup_units_range *ranges; /* by file, space, then lo */
	size_t nranges;
	struct lookup_units_name *names;   /* by file, then hash */
	size_t nnames;
};

/* The map in text (the file's content), or -1: malformed, truncated, a
 * checksum that does not match, a file number out of range, unsorted. */
int lookup_units_parse(struct lookup_units *u, const char *text, size_t len);
/* Appends the map as text: what lookup_units_parse reads back. */
void lookup_units_format(const struct lookup_units *u, struct strbuf *out);
void lookup_units_release(struct lookup_units *u);
/* FNV-1a, 32 bits. */
uint32_t lookup_units_hash(const char *name);
/* A file's bytes hashed 8 at a time (FNV-1a's step on 64-bit words, the
 * length last): any one word changed changes it. */
uint64_t lookup_units_content_hash(const void *data, size_t len);

/* The ranges and names of the map of the whole chip c, whose index is x
 * (u->files is not touched): every register's bytes (in any space), every
 * device's range in its space, every define's name.  ufile[i] is the file
 * number of c->units[i]. */
void lookup_units_map(struct lookup_units *u, const struct lookup_index *x, const struct ir_chip *c,
		      const uint32_t *ufile);
/* The files w needs, by the map's ranges and names: want[f] set for each file
 * number f (want holds one flag per file; what is not needed is left alone).
 * A name is known by its hash, so a file more may be named, never one less. */
void lookup_units_select(const struct lookup_units *u, const struct lookup_want *w, bool *want);

/* A map to write once the lookup has answered (lookup_units_finish). */
struct lookup_units_todo {
	bool write;
	struct lookup_units list;      /* the IR files as they were read */
	uint32_t *ufile;               /* the file of each unit of the chip */
};

/*
 * Loads into c what lookup needs to answer w: with a map of dir that is
 * current, only the files it names for w (maybe none); else every file, and
 * t says to write a new map.  x is the index of what was loaded.  0, or -1
 * with diagnostics (as ir_chip_load).
 */
int lookup_units_load(struct ir_chip *c, struct lookup_index *x, const char *chip, const char *ir_root,
		      const struct lookup_want *w, struct lookup_units_todo *t, struct diag *d);
/*
 * Writes the map t holds when answered (a run that failed changes no file),
 * and releases t.  A failure to write is not one of lookup's: nothing is
 * reported, and the next run reads every file again.  Before x and c are
 * released.
 */
void lookup_units_finish(struct lookup_units_todo *t, const struct lookup_index *x, const struct ir_chip *c,
			 bool answered);

#endif
