/* SPDX-License-Identifier: MIT */
/*
 * Replacing output files so that they are never seen half-written, never
 * replace what isn't theirs, and leave nothing behind.  Shared by refgen and
 * the nvrt tools.
 *
 *  - Only a regular file or a new path is replaced.  A symbolic link is
 *    followed to its final target, which must itself be a regular file (or
 *    not exist); a device node, FIFO, socket or directory is refused
 *    (errno EPERM, atomic_file_target_error() says why).
 *  - Data goes to an unnamed temporary file in the target's directory
 *    (O_TMPFILE), linked in and renamed over the target at the end, so a
 *    kill -9 leaves nothing.  Where the filesystem has no O_TMPFILE, the
 *    temporary file is named .<name>.<pid>.XXXXXX, and later runs remove
 *    those whose process is gone.
 *  - An existing target with identical content is left untouched (mtime too).
 *  - Between atomic_file_begin() and atomic_file_commit() a run is one
 *    transaction: writes are staged and linked in only at the commit, so a
 *    run that fails (atomic_file_abort()) writes nothing at all.
 */
#ifndef COMMON_ATOMIC_FILE_H
#define COMMON_ATOMIC_FILE_H

#include <stddef.h>

/*
 * Writes data to path (see above).  Outside a transaction it is in place
 * when this returns; inside one, at the commit.  0, or -1 with errno set
 * (path unchanged).
 */
int atomic_file_write(const char *path, const void *data, size_t len);

/*
 * Whether path may be replaced: NULL if so (a regular file, a new path, or a
 * link to one), else why not ("a character device", "a FIFO", ...).
 */
const char *atomic_file_target_error(const char *path);

/*
 * atomic_file_write with the data given in pieces, for outputs too large to
 * hold in memory: open, write the pieces, close (which stages or puts the
 * file in place exactly as atomic_file_write would; an existing target with
 * the same bytes, compared as they come, is left untouched), or abort
 * (nothing written).  0, or -1 with errno set.
 */
struct atomic_stream {
	char *path;   /* the target (symbolic links resolved) */
	char *tmp;    /* named temporary file, or NULL: fd is an O_TMPFILE */
	int fd;
	int old_fd;   /* the target's current content while it matches, else -1 */
};
int atomic_file_stream_open(struct atomic_stream *st, const char *path);
int atomic_file_stream_write(struct atomic_stream *st, const void *data, size_t len);
int atomic_file_stream_close(struct atomic_stream *st);
void atomic_file_stream_abort(struct atomic_stream *st);

/* Starts staging every later atomic_file_write (one transaction per run). */
void atomic_file_begin(void);
/* Links every staged file into place, all or nothing: when one cannot be,
 * every target keeps its old content.  0, or -1 with errno set. */
int atomic_file_commit(void);
/* Discards every staged file: nothing of the run is written. */
void atomic_file_abort(void);

#endif
