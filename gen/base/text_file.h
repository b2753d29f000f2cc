/* SPDX-License-Identifier: MIT */
/* Loading a text input (a .ref manual) whole, with the checks every input gets. */
#ifndef REFGEN_TEXT_FILE_H
#define REFGEN_TEXT_FILE_H

#include <stddef.h>

#include "base/diag.h"

struct text_file {
	const char *path;
	char *data;   /* NUL-terminated */
	size_t size;
};

/*
 * Reads path whole: directories, unreadable paths and empty files are
 * reported through d.  Returns 0 or -1.
 */
int text_file_load(struct text_file *f, const char *path, struct diag *d);

/* Refuses binary data and reports each line holding a non-ASCII or NUL byte. */
int text_check_ascii(const char *path, const char *data, size_t size, struct diag *d);

/* 1-based display column of p within its line (tabs stop every 8 columns). */
unsigned text_column(const char *line_start, const char *p);
void text_file_release(struct text_file *f);

#endif
