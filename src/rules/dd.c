/* dd.c - the double-dummy solver of dd.h.
 *
 * The search answers one question at a time: "can the side take at least
 * T more counters from here?" (a null-window search on the score); the
 * par is found by asking it for a few T around a guess.  Each question is
 * a fail-soft alpha-beta search over single cards in which
 *   - cards of one hand that no other card still in play tells apart (the
 *     same card, or neighbours in rank with only gone cards between them
 *     and the same counter value) are searched once;
 *   - moves are tried in a likely-best-first order, the table's best lead
 *     first;
 *   - at every trick start (two tricks or more to go) the transposition
 *     table keeps a lower and an upper bound of what the side takes from
 *     that trick on, keyed by every seat's cards up to relabelling of the
 *     ranks (canonical_key) and the leader; bounds are valid for any T,
 *     so the questions of one par, and the pars along a hand, share them;
 *     the move that decided a node is kept and tried first next time;
 *   - a trick start is cut short when the side already has T, or when all
 *     the counters left cannot make T, or when the top-card bounds decide
 *     (sure_counters);
 *   - the last trick is scored without a search.
 *
 * Measured on ten single-deck partnership-auction hands, par from the
 * first lead (bench/bench_dd.c, nodes): without the table no hand ends
 * within 100M nodes; without the move ordering 3.5 times the nodes,
 * without merging equivalent cards 1.7 times, without the sure-counter
 * bounds 1.03 times.  An enhanced transposition cutoff on the last card
 * of a trick saved 15% of the nodes but cost more time in keys than it
 * saved, and is not used.
 *
 * Measured for issue 17's speed goal (bench_dd, first 30 partnership-
 * auction hands, whole hand = par from the first lead + every play's
 * cost; nodes are exact, CPU ms are medians of 3 runs on a shared
 * machine, so +-15%):
 *
 *   change                                nodes/hand   median ms   p95 ms
 *   as merged                              8,180,257         951     5993
 *   fail-soft bounds + table at 2 tricks   6,816,311   (not timed alone)
 *   + per-suit memo of the canonical key   6,816,311   (not timed alone)
 *   + table bucket prefetched              6,816,311         731     4985
 *
 * Fail-soft alone saved 3% of the nodes (the bounds found are mostly the
 * target itself), the table at two tricks left 14% more; canonical_key
 * and its mixing were a quarter of the profile, which the memo mostly
 * removes (the nodes are unchanged).
 * Tried on the first 8 hands, par only, and dropped: a history heuristic
 * (per trick position and card, as a tie-break or mixed into the score:
 * 1.1 to 3.5 times the nodes), killer moves per depth (1.4 to 1.6
 * times), probing the par one step at a time (MTD(f) style) instead of
 * halving (1.03 times), a 64 MiB table (0.96 times the nodes for four
 * times the memory).  The goal (20 ms median, 200 ms p95) is not reached:
 * what is left is the search itself; partition search (entries that
 * forget the ranks that did not matter) is the next thing to try.
 *
 * No allocation: the search state lives on the caller's stack, the table
 * in the caller's memory.
 */
#include "dd.h"

#include <string.h>

#include "judge.h"

/* ------------------------------------------------------------------ hashing */

static uint64_t dd_mix(uint64_t x) { /* splitmix64's finalizer */
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

int pn_dd_init(PnDdSolver *s, void *table, size_t bytes) {
  memset(s, 0, sizeof *s);
  size_t entries = bytes / sizeof(PnDdEntry);
  if (!table || entries < 4) return -1;
  size_t buckets = 1;
  while (buckets * 2 <= entries / 4 && buckets < ((size_t)1 << 30)) buckets *= 2;
  s->table = table;
  s->mask = (uint32_t)(buckets - 1);
  uint64_t seed = 0x5EEDull;
  for (int p = 0; p < PN_MAX_SEATS; p++)
    for (int c = 0; c < PN_CARD_KINDS; c++)
      for (int k = 1; k < 5; k++) s->zobrist[p][c][k] = dd_mix(seed++);
  pn_dd_clear(s);
  return 0;
}

void pn_dd_clear(PnDdSolver *s) {
  memset(s->table, 0, ((size_t)s->mask + 1) * 4 * sizeof(PnDdEntry));
  memset(s->memo_key, 0, sizeof s->memo_key);
  s->age = 0;
}

/* ------------------------------------------------------------ search state */

#define DD_SUIT_MEMO 1024 /* power of two; 16 KiB of the search state */

typedef struct DdSearch {
  PnDdSolver *s;                                /* table, hash keys, limits */
  PnCards hold[PN_MAX_SEATS];                   /* cards in hand, seat 0-based */
  uint8_t held_mask[PN_MAX_SEATS][PN_SUITS];    /* ranks held (bit = rank index) */
  int8_t value[PN_CARD_KINDS];                  /* counters of each card */
  int vscale[PN_CARD_KINDS];                    /* value on a 0..8 scale, for ordering */
  bool maxi[PN_MAX_SEATS];                      /* seat on the side searched */
  PnObligation ob;                              /* obligations of every play left */
  int players, trump, bonus, unit;              /* seats, trump suit, last trick, score step */
  uint64_t context;                             /* hash of rules, trump and side */
  uint64_t context_rules;                       /* ... without the side */
  uint64_t hash;                                /* hash of every seat's cards */
  int cards_left;                               /* cards in hands */
  int counters_left;                            /* counters in hands */
  PnCard trick[PN_MAX_SEATS];                   /* trick in progress, lead first */
  int ntrick, leader, trick_points;             /* its size, leader seat, counters */
  long nodes, limit;                            /* nodes searched, 0 = no limit */
  bool aborted;                                 /* the limit was hit */
  unsigned options;                             /* PN_DD_NO_* */
  uint64_t suit_hash[PN_SUITS];                 /* hash of every seat's cards, per suit */
  struct {
    uint64_t key, canon;                        /* a suit's hash (salted) -> its canonical hash */
  } suit_memo[DD_SUIT_MEMO];                    /* canonical_key's suits: most did not change */
} DdSearch;

static int dd_gcd(int a, int b) {
  while (b) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Rank bits of a suit above rank r (better cards). */
static inline unsigned above(int r) { return (1u << r) - 1u; }

static inline void take_card(DdSearch *d, int seat, PnCard c) {
  uint8_t *n = &d->hold[seat].n[c];
  uint64_t delta = d->s->zobrist[seat][c][*n] ^ d->s->zobrist[seat][c][*n - 1];
  d->hash ^= delta;
  d->suit_hash[PN_SUIT(c)] ^= delta;
  if (--*n == 0) d->held_mask[seat][PN_SUIT(c)] &= (uint8_t)~(1u << PN_RANK(c));
  d->cards_left--;
  d->counters_left -= d->value[c];
}

static inline void give_card(DdSearch *d, int seat, PnCard c) {
  uint8_t *n = &d->hold[seat].n[c];
  uint64_t delta = d->s->zobrist[seat][c][*n] ^ d->s->zobrist[seat][c][*n + 1];
  d->hash ^= delta;
  d->suit_hash[PN_SUIT(c)] ^= delta;
  ++*n;
  d->held_mask[seat][PN_SUIT(c)] |= (uint8_t)(1u << PN_RANK(c));
  d->cards_left++;
  d->counters_left += d->value[c];
}

static inline uint64_t position_key(const DdSearch *d) {
  uint64_t key = d->hash ^ d->context ^ dd_mix(0xA11CEull + (uint64_t)d->leader);
  return key ? key : 1;
}

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
  unsigned present = 0;
  for (int p = 0; p < d->players; p++) present |= d->held_mask[p][suit];
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
static uint64_t canonical_key(DdSearch *d) {
  uint64_t key = d->context ^ dd_mix(0xA11CEull + (uint64_t)d->leader);
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

/* ---------------------------------------------------------------- the table */

static inline PnDdEntry *tt_bucket(const PnDdSolver *s, uint64_t key) {
  return s->table + (size_t)((key >> 20) & s->mask) * 4;
}

static PnDdEntry *tt_find(const DdSearch *d, uint64_t key) {
  PnDdEntry *bucket = tt_bucket(d->s, key);
  for (int i = 0; i < 4; i++)
    if (bucket[i].key == key) return &bucket[i];
  return NULL;
}

/* Keeps what was learnt: tightens an entry of the same position, else
 * replaces the entry of another hand (older age) that cost least, else
 * the one of this hand that cost least. */
static void tt_store(DdSearch *d, uint64_t key, bool at_least, int bound, PnCard lead, long work) {
  PnDdSolver *s = d->s;
  PnDdEntry *bucket = tt_bucket(s, key), *e = NULL;
  for (int i = 0; i < 4 && !e; i++)
    if (bucket[i].key == key) e = &bucket[i];
  uint16_t w = 0;
  while (work > 1 && w < 60) work >>= 1, w++;
  if (!e) {
    int best = -1;
    long best_score = 0;
    for (int i = 0; i < 4; i++) {
      long score = bucket[i].key == 0 ? -1 : (bucket[i].age == s->age ? 1L << 20 : 0) + bucket[i].work;
      if (best < 0 || score < best_score) best = i, best_score = score;
    }
    e = &bucket[best];
    e->key = key;
    e->lower = 0;
    e->upper = INT16_MAX;
    e->lead = PN_NO_CARD;
    e->work = 0;
  }
  if (at_least) {
    if (bound > e->lower) e->lower = (int16_t)bound;
  } else if (bound < e->upper) {
    e->upper = (int16_t)bound;
  }
  if (lead != PN_NO_CARD) e->lead = lead;
  if (w > e->work) e->work = w;
  e->age = s->age;
}

/* ------------------------------------------------------------------- moves */

typedef struct DdMove {
  PnCard card; /* one card standing for its class */
  int score;   /* ordering: higher first */
} DdMove;

/* The ranks of `suit` held by some seat other than `seat` or lying in the
 * trick: the cards that can tell two of `seat`'s cards apart. */
static inline unsigned others_mask(const DdSearch *d, int seat, int suit) {
  unsigned m = 0;
  for (int p = 0; p < d->players; p++)
    if (p != seat) m |= d->held_mask[p][suit];
  for (int i = 0; i < d->ntrick; i++)
    if (PN_SUIT(d->trick[i]) == suit) m |= 1u << PN_RANK(d->trick[i]);
  return m;
}

/* Does some seat against `seat`'s side hold none of `suit` but a trump? */
static inline bool enemy_can_ruff(const DdSearch *d, int seat, int suit) {
  if (d->trump < 0 || suit == d->trump) return false;
  for (int p = 0; p < d->players; p++)
    if (d->maxi[p] != d->maxi[seat] && !d->held_mask[p][suit] && d->held_mask[p][d->trump]) return true;
  return false;
}

/* Could `seat`, playing later in this trick, beat `best`?  (Ordering
 * only: obligations are read roughly.) */
static inline bool can_beat(const DdSearch *d, int seat, PnCard best, int led) {
  int bsuit = PN_SUIT(best), brank = PN_RANK(best);
  unsigned in_led = d->held_mask[seat][led];
  if (in_led && bsuit == led && (in_led & above(brank))) return true;
  if ((in_led && d->ob.follow) || d->trump < 0 || led == d->trump) return false;
  unsigned trumps = d->held_mask[seat][d->trump];
  return bsuit == d->trump ? (trumps & above(brank)) != 0 : trumps != 0;
}

/* The legal plays of `seat`, one per class of equivalent cards, scored
 * for ordering.  Returns their number. */
static int gen_moves(const DdSearch *d, int seat, DdMove *moves) {
  SuitSlice slice = {JUDGE_ALL_HELD, PN_RANKS}, unused;
  if (d->ntrick > 0) judge_play(&d->ob, &d->hold[seat], d->trick, d->ntrick, d->trump, -1, &slice, &unused);
  bool merge = !(d->options & PN_DD_NO_EQUIV);
  int led = d->ntrick ? PN_SUIT(d->trick[0]) : -1;
  int win_card = d->ntrick ? d->trick[judge_winner(d->trick, d->ntrick, d->trump)] : -1;
  int win_seat = d->ntrick ? (d->leader + judge_winner(d->trick, d->ntrick, d->trump)) % d->players : -1;
  bool partner_wins = d->ntrick && d->maxi[win_seat] == d->maxi[seat];
  int win_strength = d->ntrick ? judge_strength((PnCard)win_card, led, d->trump) : 0;
  int n = 0;
  for (int suit = 0; suit < PN_SUITS; suit++) {
    if (slice.suit != JUDGE_ALL_HELD && slice.suit != suit) continue;
    unsigned cand = d->held_mask[seat][suit];
    if (slice.suit != JUDGE_ALL_HELD) cand &= above(slice.ranks);
    if (!cand) continue;
    unsigned others = others_mask(d, seat, suit);
    unsigned present = others | d->held_mask[seat][suit];
    bool prev_own = false;
    int prev_value = -1;
    for (int r = 0; r < PN_RANKS; r++) {
      if (!(present & (1u << r))) continue; /* gone: does not split a class */
      PnCard c = PN_CARD(suit, r);
      bool mine = cand & (1u << r);
      if (!mine || (others & (1u << r))) { /* another copy in play splits here */
        prev_own = false;
        if (mine) moves[n++].card = c;
        continue;
      }
      if (merge && prev_own && d->value[c] == prev_value) {
        moves[n - 1].card = c; /* the class is stood for by its lowest card */
        continue;
      }
      moves[n++].card = c;
      prev_own = true;
      prev_value = d->value[c];
    }
  }
  /* Ordering scores: a side winning a decided trick loads it with
   * counters, a side losing one throws its least; a lead of a top card no
   * enemy can ruff comes first, then a lead to a partner's top card. */
  for (int i = 0; i < n; i++) {
    PnCard c = moves[i].card;
    int r = PN_RANK(c), suit = PN_SUIT(c), v = d->vscale[c];
    int score;
    if (d->options & PN_DD_NO_ORDER) {
      score = -i;
    } else if (d->ntrick == 0) {
      unsigned higher = others_mask(d, seat, suit) & above(r);
      bool safe = !enemy_can_ruff(d, seat, suit);
      if (!higher && safe) {
        score = 100 + 4 * v - (suit == d->trump ? 2 : 0);
      } else {
        bool partner_top = false;
        for (int p = 0; p < d->players && !partner_top; p++)
          if (p != seat && d->maxi[p] == d->maxi[seat] && d->held_mask[p][suit] &&
              !(others_mask(d, p, suit) & above(__builtin_ctz(d->held_mask[p][suit]))))
            partner_top = true;
        score = (partner_top && safe ? 60 : 0) + r - 4 * v - (suit == d->trump ? 3 : 0);
      }
    } else {
      bool beats = judge_strength(c, led, d->trump) > win_strength;
      PnCard best = beats ? c : (PnCard)win_card;
      bool ours = beats || partner_wins;
      bool decided = true;
      for (int k = d->ntrick + 1; k < d->players && decided; k++)
        if (can_beat(d, (d->leader + k) % d->players, best, led)) decided = false;
      if (decided) score = ours ? 200 + 4 * v + r : 100 + r - 4 * v;
      else if (ours && beats) score = 80 + (7 - r) - 2 * v; /* contest with a high card */
      else score = 60 + r - 4 * v;                          /* keep counters off a doubtful trick */
    }
    moves[i].score = score;
  }
  for (int i = 1; i < n; i++) { /* insertion sort, best first */
    DdMove m = moves[i];
    int j = i;
    while (j > 0 && moves[j - 1].score < m.score) moves[j] = moves[j - 1], j--;
    moves[j] = m;
  }
  return n;
}

/* ------------------------------------------------------------------ search */

/* The last trick, every seat holding one card: no choice left. */
static int last_trick_points_for_side(const DdSearch *d) {
  PnCard cards[PN_MAX_SEATS];
  int points = d->bonus;
  for (int i = 0; i < d->players; i++) {
    int seat = (d->leader + i) % d->players;
    for (int suit = 0; suit < PN_SUITS; suit++)
      if (d->held_mask[seat][suit]) cards[i] = PN_CARD(suit, __builtin_ctz(d->held_mask[seat][suit]));
    points += d->value[cards[i]];
  }
  int winner = (d->leader + judge_winner(cards, d->players, d->trump)) % d->players;
  return d->maxi[winner] ? points : 0;
}

static int dd_search(DdSearch *d, int target);

/* Counters a side (the one searched, or the others together) is sure to
 * take at a trick start, whatever is played:
 *   - its top trumps: from the highest trump still held down, each rank
 *     whose copies are all the side's; such a card loses to nothing, so
 *     the trick it falls in is the side's;
 *   - when the side leads, the top cards the leader can cash in a plain
 *     suit: its own run of top cards (all copies its own), for as many
 *     rounds as every other seat holding a trump still has cards of the
 *     suit to follow with (it must follow, so cannot ruff; a partner must
 *     not be made to trump, or the leader loses the lead).
 * Each card counts only its own counters (what the others add is not
 * sure). */
static int sure_counters(const DdSearch *d, bool searched) {
  int sure = 0;
  uint8_t side_mask[PN_SUITS] = {0}, enemy_mask[PN_SUITS] = {0};
  for (int p = 0; p < d->players; p++)
    for (int suit = 0; suit < PN_SUITS; suit++) {
      if (d->maxi[p] == searched) side_mask[suit] |= d->held_mask[p][suit];
      else enemy_mask[suit] |= d->held_mask[p][suit];
    }
  if (d->trump >= 0) {
    unsigned side = side_mask[d->trump], enemy = enemy_mask[d->trump];
    for (int r = 0; r < PN_RANKS; r++) {
      if (enemy & (1u << r)) break;
      if (!(side & (1u << r))) continue;
      PnCard c = PN_CARD(d->trump, r);
      for (int p = 0; p < d->players; p++) sure += d->hold[p].n[c] * d->value[c];
    }
  }
  int leader = d->leader;
  if (d->maxi[leader] != searched || !d->ob.follow) return sure;
  for (int suit = 0; suit < PN_SUITS; suit++) {
    if (suit == d->trump) continue;
    /* Rounds while every other seat holding a trump can still follow: an
     * enemy void could ruff, a partner void could be made to trump and
     * take the lead away from the cards still to cash. */
    int rounds = PN_MAX_HAND;
    for (int p = 0; p < d->players; p++) {
      if (p == leader || d->trump < 0 || !d->held_mask[p][d->trump]) continue;
      int len = 0;
      for (int r = 0; r < PN_RANKS; r++) len += d->hold[p].n[PN_CARD(suit, r)];
      if (len < rounds) rounds = len;
    }
    unsigned mine = d->held_mask[leader][suit];
    unsigned others = 0;
    for (int p = 0; p < d->players; p++)
      if (p != leader) others |= d->held_mask[p][suit];
    for (int r = 0; r < PN_RANKS && rounds > 0; r++) {
      if (others & (1u << r)) break;
      if (!(mine & (1u << r))) continue;
      PnCard c = PN_CARD(suit, r);
      int k = d->hold[leader].n[c];
      if (k > rounds) k = rounds;
      sure += k * d->value[c];
      rounds -= k;
    }
  }
  return sure;
}

/* Plays `c` for `seat`, searches on, and takes it back.  Returns the
 * bound dd_search gives, counted from before the play. */
static int try_move(DdSearch *d, int seat, PnCard c, int target) {
  int result;
  take_card(d, seat, c);
  d->trick[d->ntrick++] = c;
  d->trick_points += d->value[c];
  if (d->ntrick == d->players) {
    int winner = (d->leader + judge_winner(d->trick, d->players, d->trump)) % d->players;
    int points = d->trick_points + (d->cards_left == 0 ? d->bonus : 0);
    int leader = d->leader, trick_points = d->trick_points;
    PnCard trick[PN_MAX_SEATS];
    memcpy(trick, d->trick, sizeof trick);
    d->ntrick = 0;
    d->trick_points = 0;
    d->leader = winner;
    int won = d->maxi[winner] ? points : 0;
    result = won + dd_search(d, target - won);
    d->leader = leader;
    d->trick_points = trick_points;
    memcpy(d->trick, trick, sizeof trick);
    d->ntrick = d->players;
  } else {
    result = dd_search(d, target);
  }
  d->ntrick--;
  d->trick_points -= d->value[c];
  give_card(d, seat, c);
  return result;
}

/* Can the side searched take at least `target` more counters from here,
 * the trick in progress included?  Fail-soft: the answer is a bound v of
 * what the side takes, v >= target meaning "at least v" (yes), v <
 * target "at most v" (no).  A bound beyond the target costs nothing more
 * to find and tightens the table, so the next question of the par starts
 * closer to the answer. */
static int dd_search(DdSearch *d, int target) {
  if (target <= 0) return 0;
  int most = d->counters_left + d->trick_points + (d->cards_left || d->ntrick ? d->bonus : 0);
  if (target > most) return most;
  if (d->cards_left == 0) return 0;
  if (d->limit && d->nodes >= d->limit) {
    d->aborted = true;
    return 0;
  }
  d->nodes++;
  bool at_start = d->ntrick == 0;
  if (at_start && d->cards_left == d->players) return last_trick_points_for_side(d);
  uint64_t key = 0;
  PnCard table_lead = PN_NO_CARD;
  long nodes_before = d->nodes;
  /* the last trick is scored without a search, so is never looked up */
  bool use_table = at_start && d->cards_left > d->players && !(d->options & PN_DD_NO_TABLE);
  if (use_table) { /* the bucket is fetched from memory while the bounds are worked out */
    key = canonical_key(d);
    __builtin_prefetch(tt_bucket(d->s, key));
  }
  if (at_start && !(d->options & PN_DD_NO_BOUNDS)) {
    int sure = sure_counters(d, true);
    if (sure >= target) return sure;
    int can = d->counters_left + d->bonus - sure_counters(d, false);
    if (can < target) return can;
  }
  if (use_table) {
    const PnDdEntry *e = tt_find(d, key);
    if (e) {
      if (e->lower >= target) return e->lower;
      if (e->upper < target) return e->upper;
      table_lead = e->lead;
    }
  }
  int seat = (d->leader + d->ntrick) % d->players;
  DdMove moves[PN_CARD_KINDS];
  int n = gen_moves(d, seat, moves);
  if (table_lead != PN_NO_CARD && !(d->options & PN_DD_NO_ORDER))
    for (int i = 1; i < n; i++)
      if (moves[i].card == table_lead) {
        DdMove m = moves[i];
        memmove(&moves[1], &moves[0], (size_t)i * sizeof *moves);
        moves[0] = m;
        break;
      }
  bool maxi = d->maxi[seat];
  /* no card reaching the target (maxi) or keeping the side below it
   * (mini): the bound is the best of the others' bounds */
  int result = maxi ? -1 : INT16_MAX;
  PnCard best = PN_NO_CARD;
  for (int i = 0; i < n; i++) {
    int v = try_move(d, seat, moves[i].card, target);
    if (d->aborted) return 0;
    if ((v >= target) == maxi) {
      result = v;
      best = moves[i].card;
      break;
    }
    if (maxi ? v > result : v < result) result = v;
  }
  if (use_table) tt_store(d, key, result >= target, result, best, d->nodes - nodes_before);
  return result;
}

/* The exact value, known to lie in [lo, hi], probing `guess` first.
 * Returns -1 when the node limit ran out. */
static int dd_value(DdSearch *d, int lo, int hi, int guess) {
  int u = d->unit, probes = 0, last = guess;
  bool last_ok = false;
  while (lo < hi) {
    int t;
    if (probes == 0) t = guess;
    else if (probes == 1) t = last_ok ? last + u : last - u; /* the guess is usually right */
    else t = lo + ((hi - lo) / u + 1) / 2 * u;                 /* then halve */
    if (t <= lo) t = lo + u;
    if (t > hi) t = hi;
    int v = dd_search(d, t);
    if (d->aborted) return -1;
    bool ok = v >= t;
    if (ok) lo = v < hi ? v : hi;
    else hi = v > lo ? v : lo;
    last = t;
    last_ok = ok;
    probes++;
  }
  return lo;
}

/* ---------------------------------------------------------- from the game */

/* Fills the search state of `g`, the side searched being `side`.  Returns
 * 0, or PN_DD_UNSUPPORTED. */
static int dd_load(DdSearch *d, PnDdSolver *s, const PnGame *g, int side) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  memset(d, 0, sizeof *d);
  d->s = s;
  d->players = r->players;
  d->limit = s->node_limit;
  d->options = s->options;
  if (side < 0 || side >= pn_side_count(g)) return PN_DD_UNSUPPORTED;
  if (h->trump < 0 || h->out_seat) return PN_DD_UNSUPPORTED;
  int turn;
  if (h->phase == PN_PHASE_PLAY) {
    if (r->flow == PN_FLOW_TWO_HAND &&
        !(h->playoff || (h->draw_pending && h->stock_len - h->stock_pos <= 1)))
      return PN_DD_UNSUPPORTED; /* the stock phase: the draws are unknown */
    turn = h->turn;
    d->ntrick = h->ntrick;
    d->leader = h->leader - 1;
    memcpy(d->trick, h->trick, sizeof d->trick);
  } else if (h->phase == PN_PHASE_PREPARE) {
    PnExpect ex;
    pn_game_expect(g, &ex);
    if (!(ex.actions & (1u << PN_EV_PLAY)) || ex.seat < 1 || r->flow == PN_FLOW_TWO_HAND)
      return PN_DD_UNSUPPORTED;
    turn = ex.seat;
    d->ntrick = 0;
    d->leader = turn - 1;
  } else {
    return PN_DD_UNSUPPORTED;
  }
  if (turn < 1 || turn > d->players || (d->leader + d->ntrick) % d->players != turn - 1)
    return PN_DD_UNSUPPORTED;
  d->trump = h->trump;
  pn_obligation(g, &d->ob);
  d->bonus = pn_last_trick_bonus(r->count);
  int unit = d->bonus, maxv = 1;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    d->value[c] = (int8_t)pn_counter_value(r->count, (PnCard)c);
    unit = dd_gcd(unit, d->value[c]);
    if (d->value[c] > maxv) maxv = d->value[c];
  }
  for (int c = 0; c < PN_CARD_KINDS; c++) d->vscale[c] = d->value[c] * 8 / maxv;
  d->unit = unit > 0 ? unit : 1;
  unsigned side_bits = 0;
  for (int p = 0; p < d->players; p++) {
    d->maxi[p] = pn_side_of(g, p + 1) == side;
    if (d->maxi[p]) side_bits |= 1u << p;
    pn_held_next(g, p + 1, &d->hold[p]);
    for (int c = 0; c < PN_CARD_KINDS; c++) {
      int k = d->hold[p].n[c];
      if (!k) continue;
      if (k > 4) return PN_DD_UNSUPPORTED;
      d->held_mask[p][PN_SUIT(c)] |= (uint8_t)(1u << PN_RANK(c));
      d->hash ^= s->zobrist[p][c][k];
      d->suit_hash[PN_SUIT(c)] ^= s->zobrist[p][c][k];
      d->cards_left += k;
      d->counters_left += k * d->value[c];
    }
  }
  /* every seat still to play this trick holds one card more than the others */
  int per_seat = -1;
  for (int i = 0; i < d->players; i++) {
    int p = (d->leader + i) % d->players, k = pn_cards_total(&d->hold[p]) + (i < d->ntrick ? 1 : 0);
    if (per_seat >= 0 && k != per_seat) return PN_DD_UNSUPPORTED;
    per_seat = k;
  }
  if (d->cards_left == 0 && d->ntrick == 0) return PN_DD_UNSUPPORTED;
  for (int i = 0; i < d->ntrick; i++) d->trick_points += d->value[d->trick[i]];
  uint64_t rules = (uint64_t)d->trump ^ ((uint64_t)d->ob.follow << 3) ^ ((uint64_t)d->ob.head << 4) ^
                   ((uint64_t)d->ob.trump_rule << 6) ^ ((uint64_t)d->ob.head_led << 8) ^
                   ((uint64_t)r->count << 9) ^ ((uint64_t)d->players << 12) ^ 0xDDull << 40;
  d->context_rules = dd_mix(rules);
  d->context = dd_mix(rules ^ ((uint64_t)side_bits << 16));
  return 0;
}

/* Everything the side can still take from here, trick included. */
static int dd_remaining(const DdSearch *d) {
  return d->counters_left + d->trick_points + d->bonus;
}

/* The hash of the whole position, trick in progress included (memo). */
static uint64_t dd_full_key(const DdSearch *d) {
  uint64_t key = position_key(d) ^ dd_mix(0x7121Cull + (uint64_t)d->ntrick);
  for (int i = 0; i < d->ntrick; i++) key ^= dd_mix(((uint64_t)i << 8 | d->trick[i]) + 0xC0DEull);
  return key ? key : 1;
}

static int memo_get(const PnDdSolver *s, uint64_t key) {
  for (int i = 0; i < 4; i++)
    if (s->memo_key[i] == key) return s->memo_value[i];
  return -1;
}

static void memo_put(PnDdSolver *s, uint64_t key, int value) {
  s->memo_key[s->memo_next] = key;
  s->memo_value[s->memo_next] = value;
  s->memo_next = (s->memo_next + 1) % 4;
}

/* The par of the side loaded in `d`, in [lo, hi], probing guess first.
 * Remembered by position.  Returns it, or PN_DD_BUDGET. */
static int dd_par_of(DdSearch *d, int lo, int hi, int guess) {
  uint64_t key = dd_full_key(d);
  int known = memo_get(d->s, key);
  if (known >= 0) return known;
  long before = d->nodes; /* the limit counts the nodes of the whole call */
  int value = dd_value(d, lo, hi, guess);
  d->s->nodes = d->nodes;
  d->s->total_nodes += d->nodes - before;
  if (value < 0) return PN_DD_BUDGET;
  memo_put(d->s, key, value);
  return value;
}

/* A new hand (other rules or trump, or more cards than the last call
 * saw) makes the table's entries old: they are replaced first. */
static void new_generation(PnDdSolver *s, const DdSearch *d) {
  uint64_t rules = d->context_rules;
  int cards = d->cards_left + d->ntrick;
  if (rules != s->last_rules || cards > s->last_cards) s->age++;
  s->last_rules = rules;
  s->last_cards = cards;
}

/* Two sides: the par of side 1 is what side 0 cannot keep from it, so
 * side 0 is searched for both and one table serves the whole hand. */
static int canonical_side(const PnGame *g, int side) { return pn_side_count(g) == 2 ? 0 : side; }

int pn_dd_par(PnDdSolver *s, const PnGame *g, int side) {
  DdSearch d;
  s->nodes = 0;
  if (side < 0 || side >= pn_side_count(g)) return PN_DD_UNSUPPORTED;
  int searched = canonical_side(g, side);
  int rc = dd_load(&d, s, g, searched);
  if (rc < 0) return rc;
  new_generation(s, &d);
  int all = dd_remaining(&d);
  int v = dd_par_of(&d, 0, all, all / 2 / d.unit * d.unit);
  if (v < 0) return v;
  return searched == side ? v : all - v;
}

int pn_dd_play(PnDdSolver *s, const PnGame *g, PnCard card, PnDdPlay *out) {
  memset(out, 0, sizeof *out);
  s->nodes = 0;
  DdSearch d;
  int rc = dd_load(&d, s, g, 0);
  if (rc < 0) return rc;
  int seat = (d.leader + d.ntrick) % d.players;
  out->seat = seat + 1;
  out->side = pn_side_of(g, seat + 1);
  int searched = canonical_side(g, out->side);
  if (searched != 0 && (rc = dd_load(&d, s, g, searched)) < 0) return rc;
  if (card >= PN_CARD_KINDS || !d.hold[seat].n[card]) return PN_DD_BAD_CARD;
  if (d.ntrick > 0) {
    SuitSlice legal, unused;
    judge_play(&d.ob, &d.hold[seat], d.trick, d.ntrick, d.trump, -1, &legal, &unused);
    if (!judge_slice_has(&d.hold[seat], legal, card)) return PN_DD_BAD_CARD;
  }
  new_generation(s, &d);
  int all = dd_remaining(&d);
  int before = dd_par_of(&d, 0, all, all / 2 / d.unit * d.unit);
  if (before < 0) return before;
  /* the position after the play */
  take_card(&d, seat, card);
  d.trick[d.ntrick++] = card;
  d.trick_points += d.value[card];
  int won = 0;
  if (d.ntrick == d.players) {
    int winner = (d.leader + judge_winner(d.trick, d.players, d.trump)) % d.players;
    int points = d.trick_points + (d.cards_left == 0 ? d.bonus : 0);
    if (d.maxi[winner]) won = points;
    d.ntrick = 0;
    d.trick_points = 0;
    d.leader = winner;
  }
  int after;
  if (d.cards_left == 0 && d.ntrick == 0) {
    after = won;
  } else {
    int rest = dd_remaining(&d);
    bool mover_searched = d.maxi[seat];
    /* A play of the side searched cannot raise its par, one against it
     * cannot lower it. */
    int lo = mover_searched ? 0 : before - won, hi = mover_searched ? before - won : rest;
    if (lo < 0) lo = 0;
    if (hi > rest) hi = rest;
    if (lo > hi) lo = hi;
    int v = dd_par_of(&d, lo, hi, mover_searched ? hi : lo + d.unit);
    if (v < 0) return v;
    after = won + v;
  }
  if (searched != out->side) { /* side 1 of two: the complement */
    before = all - before;
    after = all - after;
  }
  out->par_before = before;
  out->par_after = after;
  out->cost = before - after; /* >= 0: before is the par of the best card */
  return 0;
}
