/* Replacing an output file so that it is never seen half-written. */
#ifndef REFGEN_ATOMIC_FILE_H
#define REFGEN_ATOMIC_FILE_H

#include <stddef.h>

/*
 * Writes data to a temporary file in path's directory and renames it over
 * path.  An existing path with identical content is left untouched (its
 * mtime too).  On failure the temporary file is removed, path is unchanged,
 * and -1 is returned with errno set.  (Shared by refgen and the nvrt tools.)
 */
int atomic_file_write(const char *path, const void *data, size_t len);

#endif
