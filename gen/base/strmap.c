/* SPDX-License-Identifier: MIT */
#include "base/strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

/* Eight bytes a step: names are long (NV_PFIFO_..._FIELD_VALUE) and there
 * are a hundred thousand of them in a chip's typed names. */
uint64_t strmap_hash(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ len, w;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s, len);
	h = (h ^ w) * 0xff51afd7ed558ccdull;
	h ^= h >> 29;
	h *= 0xc4ceb9fe1a85ec53ull;
	return h ^ (h >> 32);
}

void strmap_init(struct strmap *m)
{
	memset(m, 0, sizeof(*m));
}

void strmap_free(struct strmap *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

/*
 * A slot holds key when its stored hash and length match and so do the
 * bytes.  The stored hash is the key's when it was put: a caller that
 * looks up the very buffer it put (whose bytes may have changed since)
 * is compared by bytes alone, as before hashes were stored.
 */
static struct strmap_slot *strmap_find(const struct strmap *m, const char *key, size_t len,
				       uint64_t hash)
{
	size_t i = (size_t)hash & (m->cap - 1);

	for (;; i = (i + 1) & (m->cap - 1)) {
		struct strmap_slot *s = &m->slots[i];

		if (!s->key || (s->len == len && (s->hash == hash || s->key == key) &&
				!memcmp(s->key, key, len)))
			return s;
	}
}

/* To cap slots (a power of two, at least 16), the keys put again. */
static int strmap_resize(struct strmap *m, size_t cap)
{
	struct strmap old = *m;

	m->cap = cap;
	/* Out of memory stops refgen (mem.h): many callers cannot go on
	 * without the name, and a map missing one would change the output. */
	m->slots = mem_calloc(m->cap, sizeof(*m->slots));
	for (size_t i = 0; i < old.cap; i++) {
		struct strmap_slot *s = &old.slots[i];

		if (!s->key)
			continue;
		*strmap_find(m, s->key, s->len, s->hash) = *s;
	}
	free(old.slots);
	return 0;
}

static int strmap_grow(struct strmap *m)
{
	return strmap_resize(m, m->cap ? m->cap * 2 : 16);
}

void strmap_reserve(struct strmap *m, size_t n)
{
	size_t cap = m->cap ? m->cap : 16;

	while ((n + 1) * 2 > cap)
		cap *= 2;
	if (cap != m->cap)
		strmap_resize(m, cap);
}

int strmap_put(struct strmap *m, const char *key, void *value)
{
	if ((m->count + 1) * 2 > m->cap && strmap_grow(m) < 0)
		return -1;
	size_t len = strlen(key);
	uint64_t hash = strmap_hash(key, len);
	struct strmap_slot *s = strmap_find(m, key, len, hash);
	if (!s->key)
		m->count++;
	*s = (struct strmap_slot){ key, len, value, hash };
	return 0;
}

void **strmap_ref(struct strmap *m, const char *key, int *added)
{
	if ((m->count + 1) * 2 > m->cap)
		strmap_grow(m);
	size_t len = strlen(key);
	uint64_t hash = strmap_hash(key, len);
	struct strmap_slot *s = strmap_find(m, key, len, hash);
	*added = !s->key;
	if (!s->key) {
		m->count++;
		*s = (struct strmap_slot){ key, len, NULL, hash };
	}
	return &s->value;
}

void *strmap_getn(const struct strmap *m, const char *key, size_t len)
{
	return m->cap ? strmap_find(m, key, len, strmap_hash(key, len))->value : NULL;
}

void *strmap_get(const struct strmap *m, const char *key)
{
	return strmap_getn(m, key, strlen(key));
}
