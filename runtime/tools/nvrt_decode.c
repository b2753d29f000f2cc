/* SPDX-License-Identifier: MIT */
/* nvrt decode: channel memory printed with the manual's names. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bits.h"
#include "nvrt/ce.h"
#include "nvrt/gpfifo.h"
#include "nvrt/pagetable.h"
#include "nvrt/pushbuf.h"
#include "nvrt_cli.h"

#define DECODE_MAX_FILE (64u << 20)
#define DECODE_MAX_FILE_TEXT "64 MiB"
#define DECODE_MAX_BUFFERS 64

struct decode_opts {
	const char *chip, *dir;
	uint64_t count, va, pdb;
	int have_count, have_va, have_pdb;
	const char *classes[NVRT_PB_SUBCHANNELS];   /* --class SUBCH=CLASS, in order given */
	size_t nclasses;
};

/* --class SUBCH=CLASS: the subchannel (0..7) and the class, by hex id (c3b5,
 * 0xc3b5) or by the chip's copy-engine class name; 0 or -1 after the message. */
/* A --class error, said: -1. */
static int decode_class_bad(int usage)
{
	(void)usage;
	return -1;
}

static int decode_class_arg(const struct nvrt_chip *c, const char *arg, uint32_t cls[])
{
	const char *eq = strchr(arg, '=');
	char *end;
	unsigned long sub, id;

	if (!eq || eq == arg)
		return decode_class_bad(nvrt_cli_usage("decode pushbuffer: --class '%s': not SUBCH=CLASS", arg));
	sub = strtoul(arg, &end, 10);
	if (end != eq || sub >= NVRT_PB_SUBCHANNELS)
		return decode_class_bad(nvrt_cli_usage("decode pushbuffer: --class '%s': subchannel is not 0..%u", arg,
				      NVRT_PB_SUBCHANNELS - 1));
	if (!strcmp(eq + 1, nvrt_ce_class_name(c))) {
		cls[sub] = nvrt_ce_class(c);
		return 0;
	}
	id = strtoul(eq + 1, &end, 16);
	if (!eq[1] || *end || id == 0 || id > 0xffff)
		return decode_class_bad(nvrt_cli_usage("decode pushbuffer: --class '%s': class is neither a class id "
				      "(hexadecimal, e.g. %x) nor %s", arg, nvrt_ce_class(c),
				      nvrt_ce_class_name(c)));
	cls[sub] = (uint32_t)id;
	return 0;
}

/* Whole file, padded with zeros to a multiple of 16 bytes.  Only a regular,
 * non-empty file is read: a device or FIFO could block or never end. */
static uint32_t *decode_read(const char *path, size_t *bytes)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	uint32_t *buf = NULL;
	const char *why = NULL;
	struct stat st;
	size_t got = 0;

	if (fd < 0) {
		fprintf(stderr, "nvrt: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		why = "cannot read (not a regular file)";
	else if (st.st_size == 0)
		why = "empty file: nothing to decode";
	else if ((unsigned long long)st.st_size > DECODE_MAX_FILE)
		why = "cannot read (larger than " DECODE_MAX_FILE_TEXT ")";
	else if (!(buf = calloc(1, ((size_t)st.st_size + 16) & ~(size_t)15)))
		why = strerror(errno);   /* out of memory */
	while (!why && got < (size_t)st.st_size) {
		ssize_t n = read(fd, (char *)buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			why = strerror(errno);
		else if (n == 0)
			why = "cannot read (file changed while reading?)";
		else
			got += (size_t)n;
	}
	close(fd);
	if (why) {
		fprintf(stderr, "nvrt: %s: %s\n", path, why);
		free(buf);
		return NULL;
	}
	*bytes = got;
	return buf;
}

/* What a file that is not whole entries held: said, not ignored. */
static void decode_warn_partial(const char *path, size_t bytes, size_t entry, const char *what,
				size_t decoded)
{
	if (decoded && bytes % entry)
		fprintf(stderr, "nvrt: %s: warning: %zu bytes is not a whole number of %zu-byte %s: "
			"decoded %zu, ignored the last %zu bytes (a partial entry)\n", path, bytes, entry,
			what, decoded, bytes % entry);
}

/* IOVA of FILE@IOVA: hexadecimal (0x optional), the whole rest of the word. */
static int decode_parse_iova(const char *arg, const char *s, uint64_t *out)
{
	if (!cli_args_number_parse(s, 16, out)) {
		nvrt_cli_usage("decode walk: '%s': IOVA '%s' is not a hexadecimal number below 2^64", arg, s);
		return -1;
	}
	return 0;
}

/* Dwords up to the last nonzero one (unused space reads as zeros). */
static size_t decode_used(const uint32_t *w, size_t n, size_t unit)
{
	while (n >= unit) {
		size_t k;
		for (k = 0; k < unit && !w[n - unit + k]; k++)
			;
		if (k < unit)
			break;
		n -= unit;
	}
	return n;
}

static void decode_gpfifo(const struct nvrt_chip *c, const uint32_t *w, size_t n, FILE *out)
{
	for (size_t i = 0; i + 1 < n; i += 2) {
		struct nvrt_gp_entry e;

		c->gpfifo->gp_entry_decode(w + i, &e);
		fprintf(out, "GP entry %zu: %08x %08x  ", i / 2, w[i], w[i + 1]);
		if (e.length)
			fprintf(out, "PB segment va=0x%" PRIx64 " LENGTH=%u dwords LEVEL=%s SYNC=%s%s%s\n",
				e.va, e.length, e.subroutine ? "SUBROUTINE" : "MAIN",
				e.sync_wait ? "WAIT" : "PROCEED", e.conditional ? " FETCH=CONDITIONAL" : "",
				e.priv ? " PRIV=KERNEL" : "");
		else
			fprintf(out, "control OPCODE=%s\n", e.opcode == NVRT_GP_OP_NOP ? "NOP" :
				e.opcode == NVRT_GP_OP_ILLEGAL ? "ILLEGAL" :
				e.opcode == NVRT_GP_OP_GP_CRC ? "GP_CRC" : "PB_CRC");
	}
}

struct decode_mem {
	struct nvrt_dir_buffer bufs[DECODE_MAX_BUFFERS];
	uint32_t *data[DECODE_MAX_BUFFERS];
	size_t n;
};

static int decode_mem_read(void *ctx, uint64_t iova, void *buf, size_t len)
{
	const struct decode_mem *m = ctx;

	for (size_t i = 0; i < m->n; i++) {
		const struct nvrt_dir_buffer *b = &m->bufs[i];
		if (m->data[i] && iova >= b->iova && iova - b->iova + len <= b->size) {
			memcpy(buf, (const char *)m->data[i] + (iova - b->iova), len);
			return 0;
		}
	}
	return -1;
}

/* The chip of a walk: --dir's layout.json names it; --chip, if given, must agree. */
static const struct nvrt_chip *decode_walk_chip(const struct decode_opts *o, const char *dir_chip)
{
	if (!o->chip)
		return nvrt_cli_chip(dir_chip);
	if (!nvrt_cli_chip(o->chip))
		return NULL;
	if (strcmp(o->chip, dir_chip)) {
		nvrt_cli_usage("decode walk: %s/layout.json was laid out for %s, not --chip %s", o->dir,
			       dir_chip, o->chip);
		return NULL;
	}
	return nvrt_cli_chip(o->chip);
}

static int decode_walk(const struct decode_opts *o, char **files, int nfiles)
{
	struct decode_mem m = { 0 };
	struct nvrt_dir_layout dl = { .pdb = o->pdb };
	const struct nvrt_chip *c;
	struct nvrt_err err;
	struct nvrt_walk w;
	int rc = NVRT_CLI_FAIL;

	if (!o->have_va)
		return nvrt_cli_usage("decode walk: --va is required");
	if (o->dir) {
		if (nvrt_layout_dir_read(o->dir, m.bufs, DECODE_MAX_BUFFERS, &dl, &err) < 0) {
			fprintf(stderr, "nvrt: %s\n", err.msg);
			return NVRT_CLI_FAIL;
		}
		m.n = dl.n;
		c = decode_walk_chip(o, dl.chip);
	} else if (!o->have_pdb) {
		return nvrt_cli_usage("decode walk: give --dir DIR, or --pdb IOVA and FILE@IOVA...");
	} else {
		c = nvrt_cli_chip(o->chip ? o->chip : NVRT_CLI_CHIP_DEFAULT);
	}
	if (!c)
		return NVRT_CLI_USAGE;
	size_t ndir = m.n;
	for (int i = 0; i < nfiles && m.n < DECODE_MAX_BUFFERS; i++) {
		char *at = strrchr(files[i], '@');
		if (!at || at == files[i])
			return nvrt_cli_usage("decode walk: '%s' is not FILE@IOVA", files[i]);
		if (decode_parse_iova(files[i], at + 1, &m.bufs[m.n].iova) < 0)
			return NVRT_CLI_USAGE;
		snprintf(m.bufs[m.n].file, sizeof(m.bufs[m.n].file), "%.*s", (int)(at - files[i]), files[i]);
		m.n++;
	}
	for (size_t i = 0; i < m.n; i++) {
		char path[4200];
		size_t bytes = 0;
		if (i < ndir)
			snprintf(path, sizeof(path), "%s/%s", o->dir, m.bufs[i].file);
		else
			snprintf(path, sizeof(path), "%s", m.bufs[i].file);
		m.data[i] = decode_read(path, &bytes);
		if (!m.data[i])
			goto out;
		if (i < ndir && bytes != m.bufs[i].size) {
			fprintf(stderr, "nvrt: %s: %zu bytes, but %s/layout.json says %" PRIu64 "\n", path,
				bytes, o->dir, m.bufs[i].size);
			goto out;
		}
		m.bufs[i].size = bytes;
	}
	nvrt_pt_walk(c, dl.pdb, o->va, decode_mem_read, &m, &w);
	nvrt_pt_walk_dump(c, &w, o->va, stdout);
	rc = w.mapped ? NVRT_CLI_OK : NVRT_CLI_FAIL;
out:
	for (size_t i = 0; i < m.n; i++)
		free(m.data[i]);
	return rc;
}

/* A file too short for even one entry is an error, not an empty listing. */
static int decode_need_one(const char *path, size_t bytes, size_t entry, const char *what)
{
	if (bytes >= entry)
		return NVRT_CLI_OK;
	fprintf(stderr, "nvrt: %s: %zu bytes holds no whole entry (%s are %zu bytes each)\n", path,
		bytes, what, entry);
	return NVRT_CLI_FAIL;
}

static int decode_file(const struct nvrt_chip *c, const char *kind, const char *path,
		       const struct decode_opts *o)
{
	size_t bytes = 0;
	uint32_t *w = decode_read(path, &bytes);
	size_t n = bytes / 4;
	int rc = NVRT_CLI_OK;

	if (!w)
		return NVRT_CLI_FAIL;
	if (!strcmp(kind, "pushbuffer")) {
		size_t used = o->have_count ? (o->count < n ? o->count : n) : decode_used(w, n, 1);
		uint32_t cls[NVRT_PB_SUBCHANNELS] = { 0 };

		for (size_t i = 0; i < o->nclasses; i++)
			if (decode_class_arg(c, o->classes[i], cls) < 0) {
				free(w);
				return NVRT_CLI_USAGE;
			}
		rc = decode_need_one(path, bytes, 4, "dwords");
		decode_warn_partial(path, bytes, 4, "dwords", n);
		if (rc == NVRT_CLI_OK)
			nvrt_pb_decode_classes(c, w, used, cls, stdout);
	} else if (!strcmp(kind, "gpfifo")) {
		size_t used = o->have_count ? (o->count * 2 < n ? o->count * 2 : n) : decode_used(w, n, 2);
		rc = decode_need_one(path, bytes, 8, "GP entries");
		decode_warn_partial(path, bytes, 8, "GP entries", bytes / 8);
		if (rc == NVRT_CLI_OK)
			decode_gpfifo(c, w, used, stdout);
	} else if (!strcmp(kind, "runlist")) {
		size_t per = c->formats->runlist_entry_bytes / 4;
		size_t used = o->have_count ? o->count * per : decode_used(w, n, per);
		rc = decode_need_one(path, bytes, c->formats->runlist_entry_bytes, "runlist entries");
		decode_warn_partial(path, bytes, c->formats->runlist_entry_bytes, "runlist entries",
				    bytes / c->formats->runlist_entry_bytes);
		if (rc == NVRT_CLI_OK)
			c->dump->runlist_dump(w, (uint32_t)((used < n ? used : n) / per), stdout);
	} else if (!strcmp(kind, "ramin") && bytes >= c->formats->instance_bytes) {
		c->dump->ramin_dump(w, stdout);
	} else if (!strcmp(kind, "userd") && bytes >= c->formats->userd_bytes) {
		c->dump->userd_dump(w, stdout);
	} else {
		fprintf(stderr, "nvrt: %s: %zu bytes is too short for %s\n", path, bytes, kind);
		rc = NVRT_CLI_FAIL;
	}
	free(w);
	return rc;
}

static void decode_help(void)
{
	printf("Usage: nvrt decode KIND [--chip CHIP] [options] FILE\n"
	       "  pushbuffer FILE [--count DWORDS] [--class SUBCH=CLASS]...\n"
	       "                                     method headers, Host methods, engine methods\n"
	       "                                     by the class SetObject (or --class: an id in\n"
	       "                                     hex or the copy-engine class's name) bound\n"
	       "                                     to their subchannel, data fields\n"
	       "  gpfifo FILE [--count ENTRIES]      GP entries\n"
	       "  runlist FILE [--count ENTRIES]     TSG headers and channel entries\n"
	       "  ramin FILE                         instance block: RAMFC and RAMIN fields\n"
	       "  userd FILE                         USERD fields\n"
	       "  walk --va VA (--dir DIR | --pdb IOVA FILE@IOVA...)\n"
	       "                                     page-table walk of a GPU VA, every level\n"
	       "Files are raw little-endian memory as `nvrt layout` writes it.  Without\n"
	       "--count, trailing zeros (unused space) are left out.  --chip %s picks\n"
	       "the chip (default " NVRT_CLI_CHIP_DEFAULT "; for walk --dir, the chip layout.json\n"
	       "names).\n", nvrt_cli_chip_list("|"));
}

static int decode_options(int argc, char **argv, struct decode_opts *o)
{
	static const struct option longopts[] = {
		{ "chip", required_argument, NULL, 'c' },
		{ "count", required_argument, NULL, 'n' },
		{ "dir", required_argument, NULL, 'd' },
		{ "va", required_argument, NULL, 'v' },
		{ "pdb", required_argument, NULL, 'p' },
		{ "class", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': o->chip = optarg; break;
		case 'd': o->dir = optarg; break;
		case 'C':
			if (o->nclasses == NVRT_PB_SUBCHANNELS)
				return nvrt_cli_usage("decode pushbuffer: more than %u --class options",
						      NVRT_PB_SUBCHANNELS), -1;
			o->classes[o->nclasses++] = optarg;
			break;
		case 'n':
			if (cli_args_number(NVRT_CLI_PROG, "--count", optarg, 0, 1u << 24, &o->count))
				return -1;
			o->have_count = 1;
			break;
		case 'v':
			if (cli_args_number(NVRT_CLI_PROG, "--va", optarg, 0, UINT64_MAX, &o->va))
				return -1;
			o->have_va = 1;
			break;
		case 'p':
			if (cli_args_number(NVRT_CLI_PROG, "--pdb", optarg, 0, UINT64_MAX, &o->pdb))
				return -1;
			o->have_pdb = 1;
			break;
		case 'h':
			decode_help();
			return 1;
		default:
			return -1;
		}
	}
	return 0;
}

int nvrt_cli_decode(int argc, char **argv)
{
	static const char *const kinds[] = { "pushbuffer", "gpfifo", "runlist", "ramin", "userd", "walk" };
	struct decode_opts o = { 0 };
	/* getopt_long permutes: options may come before or after KIND and FILE. */
	const struct nvrt_chip *c;
	const char *kind;
	size_t k;
	int rc = decode_options(argc, argv, &o);

	if (rc)
		return rc > 0 ? NVRT_CLI_OK : NVRT_CLI_USAGE;
	if (optind >= argc)
		return nvrt_cli_usage("decode: which KIND? (pushbuffer, gpfifo, runlist, ramin, userd, walk)");
	kind = argv[optind++];
	for (k = 0; k < ARRAY_SIZE(kinds) && strcmp(kinds[k], kind); k++)
		;
	if (k == ARRAY_SIZE(kinds))
		return nvrt_cli_usage("decode: unknown KIND '%s'", kind);
	if (!strcmp(kind, "walk"))
		return decode_walk(&o, argv + optind, argc - optind);
	c = nvrt_cli_chip(o.chip ? o.chip : NVRT_CLI_CHIP_DEFAULT);
	if (!c)
		return NVRT_CLI_USAGE;
	if (argc - optind != 1)
		return nvrt_cli_usage("decode %s: give exactly one FILE", kind);
	return decode_file(c, kind, argv[optind], &o);
}
