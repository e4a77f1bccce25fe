/* pn_set.c - the set of byte strings (pn_set.h). */
#include "pn_set.h"

#include <stdlib.h>
#include <string.h>

/* FNV-1a, then a final mix so the low bits (the slot) depend on every byte. */
static uint64_t hash_bytes(const unsigned char *p, size_t len) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
  h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

/* The slot holding key, or the empty slot where it would go. */
static size_t slot_of(const PnSet *set, const void *key, size_t len, uint64_t hash) {
  size_t mask = set->nslots - 1, i = (size_t)hash & mask;
  while (set->slots[i]) {
    const PnSetKey *m = &set->members[set->slots[i] - 1];
    if (m->hash == hash && m->len == len && memcmp(set->keys.data + m->off, key, len) == 0) break;
    i = (i + 1) & mask;
  }
  return i;
}

/* A table of nslots slots holding every member.  0 or -1 (unchanged). */
static int rehash(PnSet *set, size_t nslots) {
  uint32_t *slots = calloc(nslots, sizeof *slots);
  if (slots == NULL) return -1;
  free(set->slots);
  set->slots = slots;
  set->nslots = nslots;
  for (size_t k = 0; k < set->n; k++) {
    size_t i = (size_t)set->members[k].hash & (nslots - 1);
    while (slots[i]) i = (i + 1) & (nslots - 1);
    slots[i] = (uint32_t)(k + 1);
  }
  return 0;
}

long pn_set_find(const PnSet *set, const void *key, size_t len) {
  if (set->n == 0) return -1;
  size_t i = slot_of(set, key, len, hash_bytes(key, len));
  return set->slots[i] ? (long)set->slots[i] - 1 : -1;
}

long pn_set_add(PnSet *set, const void *key, size_t len, int *added) {
  if (added) *added = 0;
  if (set->n >= UINT32_MAX - 1) return -1;
  /* room first, so that a failure leaves the set as it was */
  if (2 * (set->n + 1) > set->nslots && rehash(set, set->nslots ? set->nslots * 2 : 64) != 0) return -1;
  uint64_t hash = hash_bytes(key, len);
  size_t i = slot_of(set, key, len, hash);
  if (set->slots[i]) return (long)set->slots[i] - 1;
  if (PN_VEC_RESERVE(set->members, set->cap, set->n + 1) != 0) return -1;
  if (pn_buf_reserve(&set->keys, len + 1) != 0) return -1; /* then neither append can fail */
  size_t off;
  pn_buf_append(&set->keys, key, len, &off);
  pn_buf_append(&set->keys, "", 1, NULL);
  set->members[set->n] = (PnSetKey){off, len, hash};
  set->slots[i] = (uint32_t)++set->n;
  if (added) *added = 1;
  return (long)set->n - 1;
}

long pn_set_add_str(PnSet *set, const char *s, int *added) { return pn_set_add(set, s, strlen(s), added); }

void pn_set_free(PnSet *set) {
  pn_buf_free(&set->keys);
  free(set->members);
  free(set->slots);
  *set = (PnSet){0};
}
