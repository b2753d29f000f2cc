/* SPDX-License-Identifier: MIT */
/*
 * `nvrt layout` output: each buffer as a raw file plus layout.json, one
 * buffer object per line so that simple tools (and `nvrt decode walk`) can
 * read it back line by line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "atomic_file.h"
#include "bits.h"
#include "nvrt_cli.h"

static const char *const layout_level_names[] = { "pd3", "pd2", "pd1", "pd0", "pt" };

static int layout_dir_file(const char *dir, const char *name, const void *data, size_t len,
			   struct nvrt_err *err)
{
	char path[4096];
	const char *why;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	why = atomic_file_target_error(path);
	if (why)
		return nvrt_err_set(err, "%s: is %s, not a regular file: refusing to replace it", path, why);
	if (atomic_file_write(path, data, len) < 0)
		return nvrt_err_set(err, "%s: cannot write: %s", path, strerror(errno));
	return 0;
}

struct layout_json {
	char *text;
	size_t len;
	FILE *f;
};

static void layout_json_buffer(FILE *f, const char *name, const char *file,
			       const struct nvrt_dma *d, const uint64_t *va, bool last)
{
	fprintf(f, "    {\"name\": \"%s\", \"file\": \"%s\", \"iova\": \"0x%" PRIx64 "\", "
		"\"size\": %zu, \"aperture\": \"%s\"", name, file, d->iova, d->size,
		nvrt_aperture_name(d->aperture));
	if (va)
		fprintf(f, ", \"gpu_va\": \"0x%" PRIx64 "\"", *va);
	fprintf(f, "}%s\n", last ? "" : ",");
}

static void layout_json_channel(FILE *f, const struct nvrt_layout *l)
{
	const struct nvrt_layout_params *p = &l->params;

	fprintf(f, "{\n  \"chip\": \"%s\",\n  \"channel\": {\"chid\": %u, \"tsgid\": %u, "
		"\"runqueue\": %u, \"aperture\": \"%s\", \"gpfifo_entries\": %u, "
		"\"gp_put\": %u, \"pushbuffer_dwords\": %zu, \"runlist_entries\": %u, "
		"\"pdb_iova\": \"0x%" PRIx64 "\", \"privileged\": %s},\n  \"buffers\": [\n",
		l->chip->name, p->chid, p->tsgid, p->runqueue, nvrt_aperture_name(p->aperture),
		p->gpfifo_entries, l->gpfifo.put, l->pb.len, l->runlist_entries,
		nvrt_vm_pdb(&l->vm), p->privileged ? "true" : "false");
}

/* The page tables: pd3.bin, pd2_0.bin, ..., pt_3.bin, pt64k_0.bin. */
static int layout_dir_tables(const struct nvrt_layout *l, const char *dir, FILE *json,
			     struct nvrt_err *err)
{
	unsigned count[5] = { 0 }, big = 0;

	for (size_t i = 0; i < l->vm.ntables; i++) {
		const struct nvrt_pt_table *t = &l->vm.tables[i];
		char file[64];

		if (t->level == 0)
			snprintf(file, sizeof(file), "pd3.bin");
		else if (t->big)
			snprintf(file, sizeof(file), "pt64k_%u.bin", big++);
		else
			snprintf(file, sizeof(file), "%s_%u.bin", layout_level_names[t->level],
				 count[t->level]++);
		if (layout_dir_file(dir, file, t->mem.cpu, t->mem.size, err) < 0)
			return -1;
		char name[32];
		snprintf(name, sizeof(name), "%.*s", (int)(strlen(file) - 4), file);
		layout_json_buffer(json, name, file, &t->mem, NULL, i + 1 == l->vm.ntables);
	}
	return 0;
}

static int layout_dir_write_locked(const struct nvrt_layout *l, const char *dir, struct nvrt_err *err)
{
	struct layout_json j = { 0 };
	const struct {
		const char *name;
		const struct nvrt_dma *dma;
		const uint64_t *va;
	} bufs[] = {
		{ "instance", &l->inst, NULL },
		{ "userd", &l->userd, NULL },
		{ "runlist", &l->runlist, NULL },
		{ "gpfifo", &l->gpfifo_mem, &l->gpfifo_va },
		{ "pushbuffer", &l->pushbuf_mem, &l->pushbuf_va },
		{ "semaphore", &l->semaphore, &l->semaphore_va },
	};
	int rc = 0;

	j.f = open_memstream(&j.text, &j.len);
	if (!j.f)
		return nvrt_err_set(err, "out of memory");
	/* All files of the lay-out, or none. */
	atomic_file_begin();
	layout_json_channel(j.f, l);
	for (size_t i = 0; i < ARRAY_SIZE(bufs) && !rc; i++) {
		char file[64];
		snprintf(file, sizeof(file), "%s.bin", bufs[i].name);
		rc = layout_dir_file(dir, file, bufs[i].dma->cpu, bufs[i].dma->size, err);
		layout_json_buffer(j.f, bufs[i].name, file, bufs[i].dma, bufs[i].va, false);
	}
	if (!rc)
		rc = layout_dir_tables(l, dir, j.f, err);
	fputs("  ]\n}\n", j.f);
	fclose(j.f);
	if (!rc)
		rc = layout_dir_file(dir, "layout.json", j.text, j.len, err);
	free(j.text);
	if (rc)
		atomic_file_abort();
	else if (atomic_file_commit() < 0)
		rc = nvrt_err_set(err, "%s: cannot write: %s", dir, strerror(errno));
	return rc;
}

/*
 * Runs into one directory take turns: an exclusive lock on the directory
 * itself (no lock file to leave behind) from the first file staged to the
 * commit.  Without it two commits interleave their renames and leave some
 * files of each run; and a file one run finds identical (and so does not
 * stage) may be replaced by the other's before the commit.  -1 if the
 * directory cannot be opened; a filesystem without flock runs unlocked.
 */
static int layout_dir_lock(const char *dir, struct nvrt_err *err)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return nvrt_err_set(err, "%s: cannot open: %s", dir, strerror(errno));
	while (flock(fd, LOCK_EX) < 0 && errno == EINTR)
		;
	return fd;
}

int nvrt_layout_dir_write(const struct nvrt_layout *l, const char *dir, struct nvrt_err *err)
{
	int lock = layout_dir_lock(dir, err);
	int rc;

	if (lock < 0)
		return -1;
	rc = layout_dir_write_locked(l, dir, err);
	close(lock);   /* releases the lock */
	return rc;
}

static int layout_dir_parse_line(const char *line, struct nvrt_dir_buffer *b)
{
	const char *name = strstr(line, "\"name\": \"");
	const char *file = strstr(line, "\"file\": \"");
	const char *iova = strstr(line, "\"iova\": \"");
	const char *size = strstr(line, "\"size\": ");

	if (!name || !file || !iova || !size)
		return -1;
	if (sscanf(name + 9, "%31[^\"]", b->name) != 1 || sscanf(file + 9, "%63[^\"]", b->file) != 1 ||
	    sscanf(iova + 9, "%" SCNx64, &b->iova) != 1 || sscanf(size + 8, "%" SCNu64, &b->size) != 1)
		return -1;
	return 0;
}

int nvrt_layout_dir_read(const char *dir, struct nvrt_dir_buffer *bufs, size_t cap,
			 struct nvrt_dir_layout *out, struct nvrt_err *err)
{
	char path[4096], line[1024];
	unsigned lineno = 0;
	bool closed = false;
	int rc = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/layout.json", dir);
	f = fopen(path, "r");
	if (!f)
		return nvrt_err_set(err, "%s: %s", path, strerror(errno));
	memset(out, 0, sizeof(*out));
	/* Read strictly: a document cut short, or a buffer line that does not
	 * parse, is refused rather than walked with what is left. */
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		const char *p = strstr(line, "\"pdb_iova\": \"");
		const char *chip = strstr(line, "\"chip\": \"");
		lineno++;
		if (!strchr(line, '\n'))
			rc = nvrt_err_set(err, "%s:%u: line cut short (truncated file?)", path, lineno);
		else if (closed && strspn(line, " \t\n") != strlen(line))
			rc = nvrt_err_set(err, "%s:%u: text after the end of the document", path, lineno);
		else if (p && sscanf(p + 13, "%" SCNx64, &out->pdb) != 1)
			rc = nvrt_err_set(err, "%s:%u: malformed pdb_iova", path, lineno);
		else if (chip && sscanf(chip + 9, "%31[^\"]", out->chip) != 1)
			rc = nvrt_err_set(err, "%s:%u: malformed chip", path, lineno);
		else if (strstr(line, "\"name\": \"") && (out->n >= cap || layout_dir_parse_line(line, &bufs[out->n]) < 0))
			rc = nvrt_err_set(err, "%s:%u: malformed buffer entry (or more than %zu)", path,
					  lineno, cap);
		else if (strstr(line, "\"name\": \""))
			out->n++;
		else if (!strcmp(line, "}\n"))
			closed = true;
	}
	fclose(f);
	if (rc)
		return rc;
	if (!out->n || !out->pdb || !out->chip[0] || !closed)
		return nvrt_err_set(err, "%s: %s (not written by nvrt layout?)", path,
				    !closed ? "document does not end with '}': truncated" :
					      "no chip, no buffers or no pdb_iova");
	return 0;
}
