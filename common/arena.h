/* SPDX-License-Identifier: MIT */
/* Bump allocator: the parser makes many small, same-lifetime objects. */
#ifndef COMMON_ARENA_H
#define COMMON_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head;
};

void arena_init(struct arena *a);
void arena_free(struct arena *a);
/* Never returns NULL: stops the program when memory is exhausted (mem.h). */
void *arena_alloc(struct arena *a, size_t size);
void *arena_zalloc(struct arena *a, size_t size);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);

#endif
