/* Replacing an output file so that it is never seen half-written. */
#ifndef REFGEN_ATOMIC_FILE_H
#define REFGEN_ATOMIC_FILE_H

#include <stddef.h>

#include "diag.h"

/*
 * Writes data to a temporary file in path's directory and renames it over
 * path.  An existing path with identical content is left untouched (its
 * mtime too).  On failure the temporary file is removed, path is unchanged,
 * an error is reported through d and -1 returned.
 */
int atomic_file_write(const char *path, const void *data, size_t len, struct diag *d);

#endif
