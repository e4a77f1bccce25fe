/* dd_table.c - the double-dummy solver's transposition table (dd.c):
 * the key of a trick start and the bounds kept for it. */
#include "dd_int.h"

#include <limits.h>
#include <string.h>

/* The table's key of a trick start: the position up to relabelling of
 * ranks.  Per suit, the cards still held are read high to low as groups
 * (a rank's owners and copies, its counter value); a run of ranks held by
 * one seat alone with one counter value is one group of that many cards,
 * since its cards are interchangeable.  Ranks gone do not appear, so
 * positions that differ only in which low cards have fallen share an
 * entry (their games are the same).
 *
 * The suit's shape is read in the same pass: the same groups, but a run
 * of one seat's ranks is one group whatever their counter values (its
 * cards are equally strong, and stay so), and the values apart, as the
 * slots (cards, highest group first) that hold a counter, a group's
 * counters first.  Two positions of one shape are the same game but for
 * what the cards count: every line of play wins the same slots in both
 * (dd_shape_bounds).  Read only for a count whose counters are all worth
 * the same (d->shape_value), whose values a bit a slot then say. */
static void read_suit(const DdSearch *d, int suit, uint64_t *canon, uint64_t *shape, uint32_t *sig, uint64_t *abs_out, uint32_t *split_out) {
  static const uint16_t POW5[PN_MAX_SEATS] = {1, 5, 25, 125, 625};
  bool merge = !(d->options & PN_DD_NO_EQUIV);
  uint32_t all = 0;
  for (int p = 0; p < d->players; p++) all |= d->held[p];
  unsigned present = judge_suit_ranks(all, suit);
  uint64_t h = 0x5017ull * (uint64_t)(suit + 1), sh = 0x5A4Eull * (uint64_t)(suit + 1);
  int group_owner = -1, group_value = -1, group_cards = 0;
  uint32_t group_code = 0;
  int shape_owner = -1, shape_cards = 0, shape_counters = 0, slot = 0;
  uint32_t shape_code = 0;
  uint64_t bits = 0; /* a suit has at most 32 cards (8 ranks, 4 copies) */
  uint64_t ha = 0xAB5ull * (uint64_t)(suit + 1); /* the abstract hash: the high cards as h, the low as counts */
  int small[PN_MAX_SEATS] = {0};                 /* each seat's low cards of the suit */
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
    if (r >= d->low_rank) for (int p = 0; p < d->players; p++) small[p] += d->hold[p].n[c];
    else ha = dd_mix(ha ^ ((uint64_t)code << 16 | (uint64_t)d->value[c] << 8));
    if (owners == 1 && owner == shape_owner) {
      shape_cards += cards;
      shape_counters += d->value[c] ? cards : 0;
    } else {
      if (shape_code) {
        sh = dd_mix(sh ^ ((uint64_t)shape_code << 16 | (uint64_t)shape_cards));
        bits |= (((uint64_t)1 << shape_counters) - 1u) << slot;
        slot += shape_cards;
      }
      shape_code = owners == 1 ? POW5[owner] : code;
      shape_owner = owners == 1 ? owner : -1;
      shape_cards = cards;
      shape_counters = d->value[c] ? cards : 0;
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
  if (shape_code) {
    sh = dd_mix(sh ^ ((uint64_t)shape_code << 16 | (uint64_t)shape_cards));
    bits |= (((uint64_t)1 << shape_counters) - 1u) << slot;
  }
  *canon = dd_mix(h + (uint64_t)suit);
  for (int p = 0; p < d->players; p++) ha = dd_mix(ha ^ ((uint64_t)small[p] << 40 | (uint64_t)(p + 1) << 48));
  *abs_out = ha;
  int seats = 0;
  for (int p = 0; p < d->players; p++) seats += small[p] > 0;
  *split_out = seats >= 2;
  *shape = dd_mix(sh + (uint64_t)suit);
  *sig = (uint32_t)bits;
}

/* A suit the memo did not hold: read it into entry i (dd_canonical_key). */
void dd_suit_read(DdSearch *d, int suit, size_t i, uint64_t raw) {
  d->s->suit_memo[i].key = raw;
  read_suit(d, suit, &d->s->suit_memo[i].canon, &d->s->suit_memo[i].shape, &d->s->suit_memo[i].sig, &d->s->suit_memo[i].abs, &d->s->suit_memo[i].split);
}

/* ------------------------------------------------------------- shapes */

/* The shape of the trick start whose key dd_canonical_key just made, with
 * the leader, side and rules.  Its suits are in the memo unless two of
 * them share an entry (a later suit's miss took an earlier one's): such
 * a suit is read again here, or it would be given the other's shape. */
void dd_shape_of(const DdSearch *d, DdShape *shape) {
  shape->key = 0;
  if (!d->shape_value) return;
  uint64_t key = d->leader_key[d->leader] * 0x9E3779B97F4A7C15ull;
  shape->sig[0] = shape->sig[1] = 0;
  for (int suit = 0; suit < PN_SUITS; suit++) {
    const struct PnDdSuitMemo *m = &d->s->suit_memo[d->memo_at[suit]];
    uint64_t suit_shape = m->shape;
    uint32_t sig = m->sig;
    if (__builtin_expect(m->key != dd_suit_raw(d, suit), 0)) {
      uint64_t canon, abs;
      uint32_t split;
      read_suit(d, suit, &canon, &suit_shape, &sig, &abs, &split);
    }
    key ^= suit_shape;
    shape->sig[suit >> 1] |= (uint64_t)sig << (32 * (suit & 1));
  }
  shape->key = key ? key : 1;
}

/* The bits set in w, without the library call __builtin_popcountll is
 * where the processor's instruction may not be assumed. */
static inline int bits_set(uint64_t w) {
  w -= (w >> 1) & 0x5555555555555555ull;
  w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
  w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return (int)((w * 0x0101010101010101ull) >> 56);
}

static PnDdShapeEntry *shape_slot(PnDdSolver *s, uint64_t key) {
  return &s->shapes[(key >> 24) & ((1u << PN_DD_SHAPE_BITS) - 2)];
}

/* An entry of this hand's with this shape (as bucket_matches for the
 * table). */
static inline bool shape_entry_is(const PnDdSolver *s, const PnDdShapeEntry *e, uint64_t key) {
  return e->key == key && e->hand == s->hand;
}

/* Bounds of a trick start from the entries of other positions of its
 * shape (its slot's two), if there are any.  Every line of play from
 * the two positions wins the same slots for the side searched, so what
 * it takes differs by the value of the slots where the two hold
 * different counters: at most the counters this position has where the
 * entry's has none (`more`) above the entry's, at least the entry's
 * counters where this position has none (`less`) below (the last-trick
 * bonus is the same).  Two entries' bounds both hold.  Returns false
 * when the table has no entry of the shape. */
static inline unsigned sig_diff(const uint64_t *a, const uint64_t *b) {
  unsigned m = 0;
  for (int s = 0; s < PN_SUITS; s++)
    if (((a[s >> 1] ^ b[s >> 1]) >> (32 * (s & 1))) & 0xFFFFFFFFu) m |= 1u << s;
  return m;
}

bool dd_shape_bounds(const DdSearch *d, const DdShape *shape, int *lower, int *upper, unsigned *dep) {
  *dep = 0;
  if (!shape->key) return false;
  const PnDdShapeEntry *slot = shape_slot(d->s, shape->key);
  bool found = false;
  for (int i = 0; i < 2; i++) {
    const PnDdShapeEntry *e = &slot[i];
    if (!shape_entry_is(d->s, e, shape->key)) continue;
    int more = bits_set(shape->sig[0] & ~e->sig[0]) + bits_set(shape->sig[1] & ~e->sig[1]);
    int less = bits_set(e->sig[0] & ~shape->sig[0]) + bits_set(e->sig[1] & ~shape->sig[1]);
    int lo = e->lower - less * d->shape_value, hi = e->upper + more * d->shape_value;
    if (!found || lo > *lower) *lower = lo;
    if (!found || hi < *upper) *upper = hi;
    *dep |= e->dep | sig_diff(shape->sig, e->sig);
    found = true;
  }
  return found;
}

/* Keeps a trick start's bounds for its shape (`w`: dd_work_log2 of the
 * nodes its search took): tightens the entry of the same position, else takes a
 * slot of two: the first keeps the entry whose search cost most, the
 * second the newest (measured: 0.7% fewer nodes than one slot of the
 * newest on the 30, 4.9% on cutthroat-four). */
void dd_shape_store(const DdSearch *d, const DdShape *shape, int lower, int upper, uint8_t w, unsigned dep) {
  if (!shape->key) return;
  PnDdShapeEntry *slot = shape_slot(d->s, shape->key), *e = NULL;
  for (int i = 0; i < 2 && !e; i++)
    if (shape_entry_is(d->s, &slot[i], shape->key) && !memcmp(slot[i].sig, shape->sig, sizeof slot[i].sig))
      e = &slot[i];
  if (!e) {
    /* slot 0 keeps the entry that cost most, slot 1 the newest */
    bool deep = slot[0].hand != d->s->hand || w >= slot[0].work;
    e = &slot[deep ? 0 : 1];
    if (deep) slot[1] = slot[0];
    e->work = w;
    e->key = shape->key;
    memcpy(e->sig, shape->sig, sizeof e->sig);
    e->hand = d->s->hand;
    e->lower = (int16_t)lower;
    e->upper = (int16_t)upper;
    e->dep = (uint8_t)dep;
    return;
  }
  e->dep |= (uint8_t)dep;
  if (lower > e->lower) e->lower = (int16_t)lower;
  if (upper < e->upper) e->upper = (int16_t)upper;
  if (w > e->work) e->work = w;
}

/* ------------------------------------------------------------- the table */

/* Which entries of a bucket are this hand's with this key, a bit each
 * (another hand's entries are as good as empty: pn_dd_new_hand).  No
 * branch an entry: where a key sits in its bucket is not predictable,
 * and the branches mispredicted cost time (docs/SOLVER.md). */
static inline unsigned bucket_matches(const PnDdSolver *s, const PnDdEntry *bucket, uint64_t key) {
  unsigned m = 0;
  for (int i = 0; i < 4; i++) m |= (unsigned)((bucket[i].key == key) & (bucket[i].hand == s->hand)) << i;
  return m;
}

PnDdEntry *dd_tt_find(const DdSearch *d, uint64_t key) {
  PnDdEntry *bucket = dd_tt_bucket(d->s, key);
  unsigned m = bucket_matches(d->s, bucket, key);
  return m ? &bucket[__builtin_ctz(m)] : NULL;
}

/* Doubles the part of the table in use, moving this hand's entries whose
 * key's next bit says so into the new half (whose entries are all other
 * hands', so there is room). */
static void tt_grow(PnDdSolver *s) {
  uint32_t old = s->mask + 1, mask = 2 * old - 1;
  for (uint32_t b = 0; b < old; b++)
    for (int i = 0; i < 4; i++) {
      PnDdEntry *e = &s->table[(size_t)b * 4 + i];
      if (e->key && (e->dep & DD_ABSTRACT)) { /* its key is a check, not its place: it cannot move, so goes */
        e->key = 0;
        continue;
      }
      if (!e->key || e->hand != s->hand || ((e->key >> 20) & mask) == b) continue;
      PnDdEntry *to = &s->table[(size_t)(b + old) * 4];
      while (to->key && to->hand == s->hand) to++;
      *to = *e;
      e->key = 0;
    }
  s->mask = mask;
  s->pressure = 0;
}

/* An entry learns a search's bound (fail-soft: at least `bound`, or at
 * most), what it cost (`w`) and the generation. */
static inline void tighten(PnDdEntry *e, bool at_least, int bound, uint8_t w, uint8_t age) {
  if (at_least) {
    if (bound > e->lower) e->lower = (int16_t)bound;
  } else if (bound < e->upper) {
    e->upper = (int16_t)bound;
  }
  if (w > e->work) e->work = w;
  e->age = age;
}

/* Keeps what was learnt: tightens an entry of the same position, else
 * takes an empty entry (or another hand's), else replaces the entry of an
 * older generation that cost least, else the one of this generation
 * that cost least (`w`: dd_work_log2 of the nodes its search took).  A
 * hand starts in PN_DD_TT_START bytes of the table,
 * which most single-deck partnership hands hardly outgrow and which the
 * processor's caches keep better than the whole (docs/SOLVER.md: 4 to 9%
 * faster); once this hand's own entries of this generation have been
 * pushed out a sixteenth as many times as there are buckets in use, the
 * part in use doubles, up to the whole (on the 30, 0.9% more nodes than
 * the whole table from the start; growing at a quarter or at once as
 * many, 1.9% and 3.5%). */
PnDdEntry *dd_tt_store(DdSearch *d, uint64_t key, bool at_least, int bound, uint8_t w, int lower, int upper) {
  PnDdSolver *s = d->s;
  PnDdEntry *bucket = dd_tt_bucket(s, key), *e = dd_tt_find(d, key);
  if (!e) {
    /* the entry of least worth, the first of equals, chosen without a
     * branch an entry: an empty one (0), else one of an older generation,
     * else of this one (256 more), the cheapest search first (+ work) */
    int best = 0;
    unsigned best_score = UINT_MAX;
    for (int i = 0; i < 4; i++) {
      unsigned empty = (bucket[i].key == 0) | (bucket[i].hand != s->hand);
      unsigned score = (1u + ((unsigned)(bucket[i].age == s->age) << 8 | bucket[i].work)) & (empty - 1u);
      bool better = score < best_score;
      best = better ? i : best;
      best_score = better ? score : best_score;
    }
    e = &bucket[best];
    bool pushed_out = e->key && e->hand == s->hand && e->age == s->age;
    if (pushed_out && ++s->pressure > (long)s->mask / 16 && s->mask < s->full_mask) {
      tt_grow(s);
      return dd_tt_store(d, key, at_least, bound, w, lower, upper);
    }
    e->key = key;
    e->lower = (int16_t)lower;
    e->upper = (int16_t)upper;
    e->work = 0;
    e->hand = s->hand;
    e->dep = 0;
  }
  tighten(e, at_least, bound, w, s->age);
  return e;
}

/* ------------------------------------------------- the abstract entries */

/* The partition of the table (after the bridge solvers' "relevant
 * ranks"; docs/SOLVER.md).  A trick start's abstract key reads each suit's
 * high cards as its exact key does, but its low cards (the ranks below
 * every counter) only as how many each seat holds.  A search that never
 * compared two low cards of a suit (no heading and no trick decided
 * between them: the suits left out of d->dep) has the same answer for
 * every position that differs from this one only in which low cards of
 * those suits each seat holds: map one's low cards onto the other's,
 * seat by seat, and every line of play in one is a line in the other,
 * winning the same tricks (a low card that only ever lost, or met only
 * high cards, loses or wins the same whatever its rank), with the same
 * counters (low cards count nothing).  Such an entry keeps the suits it
 * does need exactly (dep) and a check of the abstract key with those
 * suits' exact hashes; it lives in the abstract key's bucket of the same
 * table, marked DD_ABSTRACT, and is dropped when the table grows (its key
 * is the check, which does not say where it belongs). */

static inline uint64_t abs_check(const uint64_t *canon, uint64_t abs_key, unsigned dep) {
  uint64_t x = abs_key ^ (0x9E3779B97F4A7C15ull * (dep + 1));
  x ^= canon[0] & -(uint64_t)(dep & 1); /* no branch: which suits an entry needs is not predictable */
  x ^= (canon[1] * 3) & -(uint64_t)((dep >> 1) & 1);
  x ^= (canon[2] * 5) & -(uint64_t)((dep >> 2) & 1);
  x ^= (canon[3] * 7) & -(uint64_t)((dep >> 3) & 1);
  return x | 1; /* never 0, an empty entry's key */
}

static inline PnDdEntry *abs_bucket(const DdSearch *d, uint64_t abs_key) { return dd_abs_bucket(d->s, abs_key); }

/* An abstract entry of this position (canon: each suit's exact hash)
 * whose bounds decide `target`, or NULL. */
const PnDdEntry *dd_abs_find(const DdSearch *d, uint64_t abs_key, const uint64_t *canon, int target) {
  const PnDdEntry *bucket = abs_bucket(d, abs_key);
  for (int i = 0; i < 4; i++) {
    const PnDdEntry *a = &bucket[i];
    if (!a->key || a->hand != d->s->hand || !(a->dep & DD_ABSTRACT) ||
        a->key != abs_check(canon, abs_key, a->dep & DD_SUITS))
      continue;
    if (a->lower >= target || a->upper < target) return a;
  }
  return NULL;
}

/* Keeps a search's bound (as dd_tt_store) for every position alike but in
 * the low cards of the suits not in `dep`: tightens the entry with these
 * suits, else takes an empty one (or another hand's), else the one whose
 * search cost least. */
void dd_abs_store(DdSearch *d, uint64_t abs_key, const uint64_t *canon, unsigned dep, bool at_least, int bound,
                  uint8_t w) {
  PnDdSolver *s = d->s;
  PnDdEntry *bucket = abs_bucket(d, abs_key), *a = NULL;
  uint64_t check = abs_check(canon, abs_key, dep);
  for (int i = 0; i < 4 && !a; i++)
    if (bucket[i].key == check && bucket[i].hand == s->hand && bucket[i].dep == (dep | DD_ABSTRACT)) a = &bucket[i];
  if (!a) {
    a = &bucket[0];
    for (int i = 0; i < 4; i++) {
      if (!bucket[i].key || bucket[i].hand != s->hand) {
        a = &bucket[i];
        break;
      }
      if (bucket[i].work < a->work) a = &bucket[i];
    }
    *a = (PnDdEntry){.key = check, .lower = 0, .upper = INT16_MAX, .hand = s->hand,
                     .dep = (uint8_t)(dep | DD_ABSTRACT)};
  }
  tighten(a, at_least, bound, w, s->age);
}
