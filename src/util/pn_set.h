/*
 * pn_set.h - a set of byte strings (names, game keys, packed ids), each
 * numbered 0, 1, 2, ... in the order first added, so a caller keeps what
 * it knows about member i in its own array at index i.
 *
 * Open addressing with linear probing over a power-of-two table at most
 * half full; the set owns a copy of every key (one arena, so adding a
 * key costs no allocation of its own).  Pure libc.
 */
#ifndef PN_SET_H
#define PN_SET_H

#include <stddef.h>
#include <stdint.h>

#include "pn_buf.h"

typedef struct PnSetKey {
  size_t off, len;             /* the copy in PnSet.keys (NUL-terminated) */
  uint64_t hash;               /* kept: growing the table rehashes nothing */
} PnSetKey;

/* Start from {0}; the holder frees it with pn_set_free. */
typedef struct PnSet {
  PnBuf keys;                  /* the copies, back to back, each with a NUL */
  PnSetKey *members;           /* by number */
  size_t n, cap;               /* members and room */
  uint32_t *slots;             /* member number + 1, 0 = empty */
  size_t nslots;               /* 0, or a power of two at least 2n */
} PnSet;

/* The number of key[0..len), or -1 if it is not a member. */
long pn_set_find(const PnSet *set, const void *key, size_t len);
/* The number of key[0..len), added (copied) when new; *added (if not
 * NULL) says which.  Returns -1 when out of memory (the set unchanged). */
long pn_set_add(PnSet *set, const void *key, size_t len, int *added);
/* The same for a NUL-terminated string. */
static inline long pn_set_find_str(const PnSet *set, const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return pn_set_find(set, s, n);
}
long pn_set_add_str(PnSet *set, const char *s, int *added);
/* Member i's copy, NUL-terminated; borrowed until the next add or free. */
static inline const char *pn_set_key(const PnSet *set, size_t i) {
  return (const char *)set->keys.data + set->members[i].off;
}
/* Frees everything; the set is {0} (empty, usable) after. */
void pn_set_free(PnSet *set);

#endif
