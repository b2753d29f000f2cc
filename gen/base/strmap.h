/* SPDX-License-Identifier: MIT */
/* Open-addressing map from NUL-terminated names to pointers. */
#ifndef REFGEN_STRMAP_H
#define REFGEN_STRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strmap_slot {
	const char *key;
	size_t len;
	void *value;
	uint64_t hash;         /* of the key as put: a probe compares it before the bytes */
};

struct strmap {
	struct strmap_slot *slots;
	size_t cap, count;
};

/* The map's hash of len bytes at s (any bytes, NUL included): for other tables too. */
uint64_t strmap_hash(const char *s, size_t len);

void strmap_init(struct strmap *m);
void strmap_free(struct strmap *m);
/* Room for n keys in all, so that putting them never grows the map again. */
void strmap_reserve(struct strmap *m, size_t n);
/* The key is not copied and must outlive the map.  Replaces an existing key. */
int strmap_put(struct strmap *m, const char *key, void *value);
void *strmap_get(const struct strmap *m, const char *key);
/*
 * The value of key, or where it goes: key is put (with a NULL value) when
 * absent, *added says which.  One lookup for a get-then-put; the pointer
 * holds until the next put.
 */
void **strmap_ref(struct strmap *m, const char *key, int *added);
/* Looks up the first len bytes of key. */
void *strmap_getn(const struct strmap *m, const char *key, size_t len);

#endif
