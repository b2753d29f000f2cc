/* SPDX-License-Identifier: MIT */
#include "arena.h"

#include "mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_CHUNK_MIN (64 * 1024)

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	max_align_t data[];
};

void arena_init(struct arena *a)
{
	a->head = NULL;
}

void arena_free(struct arena *a)
{
	struct arena_chunk *c = a->head;

	while (c) {
		struct arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	a->head = NULL;
}

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;
	size_t need = (size + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);

	if (!c || c->size - c->used < need) {
		size_t cap = need > ARENA_CHUNK_MIN ? need : ARENA_CHUNK_MIN;

		c = mem_realloc(NULL, sizeof(*c) + cap);
		c->size = cap;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += need;
	return p;
}

void *arena_zalloc(struct arena *a, size_t size)
{
	return memset(arena_alloc(a, size), 0, size);
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}
