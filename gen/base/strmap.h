/* SPDX-License-Identifier: MIT */
/* Open-addressing map from NUL-terminated names to pointers. */
#ifndef REFGEN_STRMAP_H
#define REFGEN_STRMAP_H

#include <stddef.h>

struct strmap_slot {
	const char *key;
	size_t len;
	void *value;
};

struct strmap {
	struct strmap_slot *slots;
	size_t cap, count;
};

void strmap_init(struct strmap *m);
void strmap_free(struct strmap *m);
/* The key is not copied and must outlive the map.  Replaces an existing key. */
int strmap_put(struct strmap *m, const char *key, void *value);
void *strmap_get(const struct strmap *m, const char *key);
/* Looks up the first len bytes of key. */
void *strmap_getn(const struct strmap *m, const char *key, size_t len);

#endif
