/* SPDX-License-Identifier: MIT */
/*
 * The project's data files, found beside the running refgen as its IR is:
 * the declarations (manuals/alternative-views.txt, known-warnings.txt, ...),
 * which make copies to out/share/refgen/ and make install to
 * PREFIX/share/refgen/, and the IR under <that>/ir (io/ir_chip.h).
 */
#ifndef REFGEN_DATA_FILE_H
#define REFGEN_DATA_FILE_H

#include <stddef.h>

#ifndef REFGEN_DATADIR
#define REFGEN_DATADIR "/usr/local/share/refgen"
#endif

/* The folder of the running program into buf, "" when unknown. */
void data_file_exe_dir(char *buf, size_t n);

/*
 * Finds the declaration file name (e.g. "alternative-views.txt"): the first
 * of <bindir>/../share/refgen/<name> (the build tree's out/share/refgen or
 * the installed PREFIX/share/refgen, bindir the running refgen's) and
 * REFGEN_DATADIR/<name> that is a regular file.  0 with its path in path,
 * or -1 with every place tried in tried.
 */
int data_file_find(const char *name, char *path, size_t n, char *tried, size_t ntried);

#endif
