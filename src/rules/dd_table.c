/* dd_table.c - the double-dummy solver's transposition table (dd.c):
 * the key of a trick start and the bounds kept for it. */
#include "dd_int.h"

/* The table's key of a trick start: the position up to relabelling of
 * ranks.  Per suit, the cards still held are read high to low as groups
 * (a rank's owners and copies, its counter value); a run of ranks held by
 * one seat alone with one counter value is one group of that many cards,
 * since its cards are interchangeable.  Ranks gone do not appear, so
 * positions that differ only in which low cards have fallen share an
 * entry (their games are the same). */
static uint64_t canonical_suit(const DdSearch *d, int suit) {
  static const uint16_t POW5[PN_MAX_SEATS] = {1, 5, 25, 125, 625};
  bool merge = !(d->options & PN_DD_NO_EQUIV);
  uint32_t all = 0;
  for (int p = 0; p < d->players; p++) all |= d->held[p];
  unsigned present = judge_suit_ranks(all, suit);
  uint64_t h = 0x5017ull * (uint64_t)(suit + 1);
  int group_owner = -1, group_value = -1, group_cards = 0;
  uint32_t group_code = 0;
  while (present) {
    int r = __builtin_ctz(present);
    present &= present - 1;
    PnCard c = PN_CARD(suit, r);
    uint32_t code = 0;
    int owners = 0, owner = -1, cards = 0;
    for (int p = 0; p < d->players; p++) {
      int k = d->hold[p].n[c];
      if (!k) continue;
      code += (uint32_t)k * POW5[p];
      owners++;
      owner = p;
      cards += k;
    }
    if (merge && owners == 1 && owner == group_owner && d->value[c] == group_value) {
      group_cards += cards;
      continue;
    }
    if (group_code) h = dd_mix(h ^ ((uint64_t)group_code << 16 | (uint64_t)group_value << 8 | (uint64_t)group_cards));
    group_code = owners == 1 ? POW5[owner] : code; /* one owner: the count is in group_cards */
    group_value = d->value[c];
    group_cards = cards;
    group_owner = owners == 1 ? owner : -1;
  }
  if (group_code) h = dd_mix(h ^ ((uint64_t)group_code << 16 | (uint64_t)group_value << 8 | (uint64_t)group_cards));
  return dd_mix(h + (uint64_t)suit);
}

/* The canonical hash of each suit is a function of that suit's cards
 * alone (and of the values and options, fixed for a search), and a
 * trick changes one or two suits: each is looked up by the suit's plain
 * hash first.  The memo shares the table's 64-bit-hash argument. */
uint64_t dd_canonical_key(DdSearch *d) {
  uint64_t key = d->leader_key[d->leader];
#pragma GCC unroll 4 /* 2.6% of all the search's instructions with gcc (SOLVER.md) */
  for (int suit = 0; suit < PN_SUITS; suit++) {
    uint64_t raw = d->suit_hash[suit] ^ (0x9E3779B97F4A7C15ull * (uint64_t)(suit + 1));
    size_t i = (size_t)(raw >> 40) & (DD_SUIT_MEMO - 1);
    if (d->suit_memo[i].key != raw) {
      d->suit_memo[i].key = raw;
      d->suit_memo[i].canon = canonical_suit(d, suit);
    }
    key ^= d->suit_memo[i].canon;
  }
  return key ? key : 1;
}

/* An entry of this hand's with this key (0: an empty entry's).  Another
 * hand's entries are as good as empty (pn_dd_new_hand). */
static inline bool entry_is(const PnDdSolver *s, const PnDdEntry *e, uint64_t key) {
  return e->key == key && e->hand == s->hand;
}

PnDdEntry *dd_tt_find(const DdSearch *d, uint64_t key) {
  PnDdEntry *bucket = dd_tt_bucket(d->s, key);
  for (int i = 0; i < 4; i++)
    if (entry_is(d->s, &bucket[i], key)) return &bucket[i];
  return NULL;
}

/* Keeps what was learnt: tightens an entry of the same position, else
 * takes an empty entry (or another hand's), else replaces the entry of an
 * older generation that cost least, else the one of this generation
 * that cost least. */
void dd_tt_store(DdSearch *d, uint64_t key, bool at_least, int bound, long work, int lower, int upper) {
  PnDdSolver *s = d->s;
  PnDdEntry *bucket = dd_tt_bucket(s, key), *e = NULL;
  for (int i = 0; i < 4 && !e; i++)
    if (entry_is(s, &bucket[i], key)) e = &bucket[i];
  uint8_t w = 0;
  while (work > 1 && w < 60) work >>= 1, w++;
  if (!e) {
    int best = -1;
    long best_score = 0;
    for (int i = 0; i < 4; i++) {
      bool empty = bucket[i].key == 0 || bucket[i].hand != s->hand;
      long score = empty ? -1 : (bucket[i].age == s->age ? 1L << 20 : 0) + bucket[i].work;
      if (best < 0 || score < best_score) best = i, best_score = score;
    }
    e = &bucket[best];
    e->key = key;
    e->lower = (int16_t)lower;
    e->upper = (int16_t)upper;
    e->work = 0;
    e->hand = s->hand;
  }
  if (at_least) {
    if (bound > e->lower) e->lower = (int16_t)bound;
  } else if (bound < e->upper) {
    e->upper = (int16_t)bound;
  }
  if (w > e->work) e->work = w;
  e->age = s->age;
}
