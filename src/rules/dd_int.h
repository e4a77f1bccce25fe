/* dd_int.h - what the files of the double-dummy solver (dd.c, dd_table.c,
 * dd_search.c, dd_bound.c) share: the search state and the functions
 * between them.  Not part of the rules library's interface. */
#ifndef PN_DD_INT_H
#define PN_DD_INT_H

#include "dd.h"
#include "judge.h"

static inline uint64_t dd_mix(uint64_t x) { /* splitmix64's finalizer */
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

typedef struct DdSearch {
  PnDdSolver *s;                                /* table, hash keys, limits */
  PnCards hold[PN_MAX_SEATS];                   /* cards in hand, seat 0-based */
  uint32_t held[PN_MAX_SEATS];                  /* cards held, a bit a card (judge_held_word) */
  int8_t value[PN_CARD_KINDS];                  /* counters of each card */
  int value_classes;                            /* distinct counter values above 0 (dd_trick_limits; 0: */
  int class_value[PN_RANKS];                    /* ... not by rank alone), most first, and their ranks: */
  uint64_t class_ranks[PN_RANKS];               /* ... a byte 0xFF a rank, as a suit of PnCards.n reads */
  uint8_t cheap_ranks[PN_SUITS][PN_RANKS];      /* a suit's ranks, fewest counters first */
  int vscale[PN_CARD_KINDS];                    /* value on a 0..8 scale, for ordering */
  bool maxi[PN_MAX_SEATS];                      /* seat on the side searched */
  bool partnerships;                            /* both sides have two seats or more */
  PnObligation ob;                              /* obligations of every play left */
  int players, trump, bonus, unit;              /* seats, trump suit, last trick, score step */
  uint32_t trump_cards;                         /* the trump suit's cards, a word as held (0: no trump) */
  uint64_t context_rules;                       /* hash of rules and trump */
  uint64_t leader_key[PN_MAX_SEATS];            /* ... with the side and a leader, a seat (dd_load) */
  int cards_left;                               /* cards in hands */
  int in_play;                                  /* counters in hands and in the trick (a play does not change it) */
  PnCard trick[PN_MAX_SEATS];                   /* trick in progress, lead first */
  int ntrick, leader, trick_points;             /* its size, leader seat, counters */
  long nodes, limit;                            /* nodes searched, the most allowed (LONG_MAX: no limit) */
  bool aborted;                                 /* the limit was hit */
  PnCard known_card;                            /* a root move whose value is known (PN_NO_CARD none): */
  int known_value, known_cards;                 /* its exact value, and cards_left at the root */
  unsigned known_dep;                           /* ... and the suits whose low cards its search compared (dep) */
  unsigned value_dep;                           /* dd_value: the suits whose low cards its questions compared */
  PnCard root_cut;                              /* the root move that cut in the last question (PN_NO_CARD none) */
  PnCard best_card;                             /* dd_value: a root move worth the value found (PN_NO_CARD unknown) */
  unsigned options;                             /* PN_DD_NO_* */
  uint32_t equiv_mask;                          /* 0 with PN_DD_NO_EQUIV, else every card (alone_cards) */
  uint64_t suit_hash[PN_SUITS];                 /* per suit, the sum of its cards' zobrist keys (a copy each) */
  uint32_t trick_cards;                         /* cards in the trick, a bit a card (dd_search) */
  uint64_t zobrist[PN_MAX_SEATS][PN_CARD_KINDS]; /* the solver's: a seat's copy of a card, in its suit's hash */
  uint64_t memo_salt;                           /* what the suit memo's entries depend on besides the cards */
  int shape_value;                              /* the one counter value of the count (0: two or more, no shapes) */
  uint16_t memo_at[PN_SUITS];                   /* dd_canonical_key: each suit's entry in the suit memo */
  int low_rank;                                 /* ranks from here on are low: below every counter (PN_RANKS: none, no partition) */
  unsigned dep;                                 /* a suit a bit: the suits whose low cards the search so far compared */
  uint64_t abs_key, cur_canon[PN_SUITS];        /* dd_canonical_key: the abstract key, and each suit's canonical hash */
  unsigned split_mask;                          /* ... and the suits whose low cards are in two seats or more */
} DdSearch;

#define DD_SUITS 0xFu /* every suit's bit, as DdSearch.dep and PnDdEntry.dep */
#define DD_ABSTRACT 0x80u /* PnDdEntry.dep: an abstract entry */

/* The low ranks of a suit, as judge_suit_ranks reads them (0: none). */
static inline unsigned dd_low_ranks(const struct DdSearch *d) { return (0xFFu << d->low_rank) & 0xFFu; }

/* The suit whose low cards decide which of `n` trick cards wins (the
 * partition's dependence, dd_table.c): the winner's, a bit, when it is
 * low and another low card of its suit is among them; else 0. */
static inline unsigned dd_winner_dep(const struct DdSearch *d, const PnCard *cards, int n, int win) {
  if (PN_RANK(cards[win]) < d->low_rank) return 0;
  for (int i = 0; i < n; i++)
    if (i != win && PN_SUIT(cards[i]) == PN_SUIT(cards[win]) && PN_RANK(cards[i]) >= d->low_rank)
      return 1u << PN_SUIT(cards[win]);
  return 0;
}

/* The suit whose low cards decide what `seat` may play to a trick whose
 * winning card is `winning`, a bit (0: none): when that card is low and
 * the seat holds low cards of its suit, whether the seat must head it,
 * and whether it can take the trick (and so must trump, under rules that
 * ask it only then), compare them (the partition of the table:
 * dd_table.c). */
static inline unsigned dd_follow_dep(const struct DdSearch *d, int seat, PnCard winning) {
  if (PN_RANK(winning) < d->low_rank) return 0;
  return judge_suit_ranks(d->held[seat], PN_SUIT(winning)) & dd_low_ranks(d) ? 1u << PN_SUIT(winning) : 0;
}

/* held[seat] is a seat's cards as one word, as judge_held_word makes it:
 * suit s in byte s, so a card's bit is the card itself (PN_CARD is suit *
 * 8 + rank); judge_suit_ranks reads one suit's ranks. */

/* Rank bits of a suit dd_above rank r (better cards). */
static inline unsigned dd_above(int r) { return (1u << r) - 1u; }

/* The cards `held` (a word as DdSearch.held) may play to the trick
 * trick[0..count) whose winning card is trick[win]: judge_legal's slice
 * as a word, without judge_play's judge_winner and multiset reads at
 * every follow of the search. */
static inline uint32_t dd_legal_cards(const PnObligation *ob, uint32_t held, const PnCard *trick, int count,
                                      int win, int trump) {
  SuitSlice legal = judge_legal(ob, held, trick, count, win, trump);
  if (legal.suit == JUDGE_ALL_HELD) return held;
  return (judge_suit_ranks(held, legal.suit) & dd_above(legal.ranks)) << (8 * legal.suit);
}

static inline void dd_take_card(DdSearch *d, int seat, PnCard c) {
  uint8_t *n = &d->hold[seat].n[c];
  d->suit_hash[PN_SUIT(c)] -= d->zobrist[seat][c];
  d->held[seat] &= ~((uint32_t)(--*n == 0) << c); /* no branch: whether a copy is left is not predictable */
  d->cards_left--;
}

static inline void dd_give_card(DdSearch *d, int seat, PnCard c) {
  uint8_t *n = &d->hold[seat].n[c];
  d->suit_hash[PN_SUIT(c)] += d->zobrist[seat][c];
  ++*n;
  d->held[seat] |= 1u << c;
  d->cards_left++;
}

/* `seat` plays `c` to the trick (its caller knows the play is legal). */
static inline void dd_play_card(DdSearch *d, int seat, PnCard c) {
  dd_take_card(d, seat, c);
  d->trick[d->ntrick++] = c;
  d->trick_points += d->value[c];
}

/* The trick just completed goes to `winner`, who leads next: what the
 * side searched takes from it (its counters, and the last-trick bonus
 * after the last).  The one home of a trick's end, for the search
 * (try_move, which undoes it) and for pn_dd_play. */
static inline int dd_end_trick(DdSearch *d, int winner) {
  int points = d->trick_points + (d->cards_left == 0 ? d->bonus : 0);
  d->ntrick = 0;
  d->in_play -= d->trick_points;
  d->trick_points = 0;
  d->trick_cards = 0;
  d->leader = winner;
  return d->maxi[winner] ? points : 0;
}

/* (The hash of every seat's cards is the suits' together: not kept
 * apart, since only the memo of pars at the top of a search reads it.) */
static inline uint64_t dd_position_key(const DdSearch *d) {
  uint64_t hash = d->suit_hash[0] ^ d->suit_hash[1] ^ d->suit_hash[2] ^ d->suit_hash[3];
  uint64_t key = hash ^ d->leader_key[d->leader];
  return key ? key : 1;
}

typedef struct DdMove {
  PnCard card; /* one card standing for its class */
  int score;   /* ordering: higher first */
} DdMove;

/* The shape of a trick start (dd_table.c): its key and, per suit, which
 * slots hold a counter. */
typedef struct DdShape {
  uint64_t key; /* 0: no shape (a count with counters of several values) */
  uint64_t sig[2]; /* suits 0 and 1, 2 and 3: 32 bits each */
} DdShape;

/* dd_table.c: the table's key of a trick start, and the table; the
 * shape of a trick start (after dd_canonical_key), and the shape table. */
void dd_suit_read(DdSearch *d, int suit, size_t i, uint64_t raw);

/* A suit's key in the suit memo: its plain hash, salted. */
static inline uint64_t dd_suit_raw(const DdSearch *d, int suit) {
  return d->suit_hash[suit] ^ d->memo_salt ^ (0x9E3779B97F4A7C15ull * (uint64_t)(suit + 1));
}

/* The canonical hash of each suit is a function of that suit's cards
 * alone (and of the values, seats and options: memo_salt), and a trick
 * changes one or two suits: each is looked up by the suit's plain hash
 * first, in the solver's memo, which serves every call (it misses 1.5%
 * of the time: dd_suit_read).  The memo shares the table's 64-bit-hash
 * argument.  Inlined: one call a trick start fewer. */
static inline uint64_t dd_canonical_key(DdSearch *d) {
  uint64_t key = d->leader_key[d->leader], akey = key ^ 0xAB5ull;
  unsigned split = 0;
#pragma GCC unroll 4 /* 2.6% of all the search's instructions with gcc (SOLVER.md) */
  for (int suit = 0; suit < PN_SUITS; suit++) {
    uint64_t raw = dd_suit_raw(d, suit);
    size_t i = (size_t)(raw >> 40) & (PN_DD_SUIT_MEMO - 1);
    if (__builtin_expect(d->s->suit_memo[i].key != raw, 0)) dd_suit_read(d, suit, i, raw);
    d->memo_at[suit] = (uint16_t)i;
    key ^= d->s->suit_memo[i].canon;
    /* read now: a later suit's miss may take this entry (two suits of one
     * position can share an index) */
    d->cur_canon[suit] = d->s->suit_memo[i].canon;
    akey ^= d->s->suit_memo[i].abs;
    split |= d->s->suit_memo[i].split << suit;
  }
  d->abs_key = akey;
  d->split_mask = split;
  return key ? key : 1;
}
void dd_shape_of(const DdSearch *d, DdShape *shape);
bool dd_shape_bounds(const DdSearch *d, const DdShape *shape, int *lower, int *upper, unsigned *dep);
void dd_shape_store(const DdSearch *d, const DdShape *shape, int lower, int upper, uint8_t w, unsigned dep);
PnDdEntry *dd_tt_find(const DdSearch *d, uint64_t key);
PnDdEntry *dd_tt_store(DdSearch *d, uint64_t key, bool at_least, int bound, uint8_t w, int lower, int upper);
const PnDdEntry *dd_abs_find(const DdSearch *d, uint64_t abs_key, const uint64_t *canon, int target);
void dd_abs_store(DdSearch *d, uint64_t abs_key, const uint64_t *canon, unsigned dep, bool at_least, int bound,
                  uint8_t w);

/* What the table keeps of the nodes a search took: their log2 (the
 * entries' `work`, which replacement compares). */
static inline uint8_t dd_work_log2(long nodes) {
  int w = nodes > 1 ? 63 - __builtin_clzll((unsigned long long)nodes) : 0;
  return (uint8_t)(w < 60 ? w : 60);
}
static inline PnDdEntry *dd_tt_bucket(const PnDdSolver *s, uint64_t key) {
  return s->table + (size_t)((key >> 20) & s->mask) * 4;
}
/* The bucket of an abstract key (dd_table.c, partition), and a request
 * for it ahead of dd_abs_find. */
static inline PnDdEntry *dd_abs_bucket(const PnDdSolver *s, uint64_t abs_key) {
  return dd_tt_bucket(s, abs_key * 0xD6E8FEB86659FD93ull);
}
static inline void dd_abs_prefetch(const DdSearch *d, uint64_t abs_key) { __builtin_prefetch(dd_abs_bucket(d->s, abs_key)); }

/* What dd_sure_counters finds of tricks besides counters, for
 * dd_trick_limits: the tricks each side surely wins (1: the side
 * searched), and each side's top trumps (ranks), which win theirs. */
typedef struct DdSureTricks {
  int won[2];
  unsigned top[2];
} DdSureTricks;
/* dd_bound.c: counters each side is sure to take from a trick start
 * (sure[1] the side searched, sure[0] the others), and the bounds from
 * the tricks each can still win. */
void dd_sure_counters(const DdSearch *d, int sure[2], DdSureTricks *tricks, unsigned *dep);
void dd_trick_limits(const DdSearch *d, const DdSureTricks *tricks, int *lower, int *upper);
/* ... and, a suit a bound, what it takes after a lead there that surely
 * loses the trick, the lead's counters not yet counted (INT_MIN: none). */
void dd_lead_bounds(const DdSearch *d, int bound[PN_SUITS], unsigned dep[PN_SUITS]);

/* dd_search.c: the search (and the moves, inside it). */
int dd_search(DdSearch *d, int target);
int dd_value(DdSearch *d, int lo, int hi, int guess, bool near);
unsigned dd_root_dep(const DdSearch *d);

#endif
