/*
 * review_sample.c - deals consistent with what a seat knows, counted
 * exactly and drawn uniformly (review.h; docs/REVIEW.md).
 *
 * The cards not placed by the knowledge are physical cards, each with the
 * set of holders that may take it (room left, not forbidden).  Cards with
 * the same set form a class; a deal gives each class's cards to its
 * holders, x[h] to holder h, in multinomial(n; x) ways, and every holder's
 * room must be filled exactly.  count(i, room) = the deals of classes
 * i.. into `room` is a sum over class i's splits, memoised on (i, room);
 * a draw walks the classes, picks a split with probability proportional
 * to its ways times the deals left, then shuffles the class's cards into
 * it: each deal comes out with probability 1 / count(0, room).
 */
#include <stdlib.h>
#include <string.h>

#include "review.h"

#define H PN_KNOWN_HOLDERS
#define MAX_FREE 128 /* unplaced cards: at most a double deck's 80 */
#define ROOM_BITS 5  /* a holder's room in the memo's key: at most 31 */

typedef struct RvClass {
  unsigned mask;   /* holders (bit h) that may take its cards */
  int n;           /* its cards */
  int first;       /* their index in cards[] */
} RvClass;

typedef struct MemoSlot {
  uint64_t key;    /* (class index + 1) << 32 | packed room; 0 empty */
  double count;    /* the deals */
} MemoSlot;

struct RvSpace {
  PnCards base[H];           /* cards each holder certainly held */
  int room[H];               /* cards each holds beyond them */
  int nclasses;              /* classes[] used */
  RvClass classes[MAX_FREE]; /* the free cards by the holders they may go to */
  PnCard cards[MAX_FREE];    /* the free cards, class by class */
  bool fits;                 /* room and cards agree and each room fits in 5 bits */
  double fact[MAX_FREE + 1]; /* n! */
  MemoSlot *memo;            /* open addressing, memo_cap slots */
  size_t memo_cap, memo_used;
};

static uint64_t pack(const int room[H]) {
  uint64_t k = 0;
  for (int h = 0; h < H; h++) k |= (uint64_t)room[h] << (ROOM_BITS * h);
  return k;
}

static size_t slot_of(const RvSpace *sp, uint64_t key) {
  uint64_t z = key * 0x9E3779B97F4A7C15ull;
  size_t i = (size_t)(z >> 17) & (sp->memo_cap - 1);
  while (sp->memo[i].key && sp->memo[i].key != key) i = (i + 1) & (sp->memo_cap - 1);
  return i;
}

/* Doubles the memo; false when out of memory (the memo is then kept). */
static bool memo_grow(RvSpace *sp) {
  size_t cap = sp->memo_cap * 2;
  MemoSlot *old = sp->memo, *grown = calloc(cap, sizeof *grown);
  if (!grown) return false;
  size_t old_cap = sp->memo_cap;
  sp->memo = grown;
  sp->memo_cap = cap;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].key) sp->memo[slot_of(sp, old[i].key)] = old[i];
  free(old);
  return true;
}

static double count_from(RvSpace *sp, int i, int room[H]);

/* The splits of class i into room: calls fn for each with its ways. */
typedef struct Splits {
  RvSpace *sp;
  int i;              /* the class */
  int *room;          /* room before it */
  int x[H];           /* the split being built */
  double total;       /* sum of ways * deals left */
  double pick;        /* draw: stop when total passes it (-1: count only) */
  bool picked;        /* ... stopped: x is the split drawn */
  int last[H];        /* the last split with deals, should rounding leave the draw past the end */
  bool any;           /* last[] is set */
} Splits;

static void split_rec(Splits *s, int h, int left) {
  if (s->picked) return;
  const RvClass *c = &s->sp->classes[s->i];
  while (h < H && !(c->mask & (1u << h))) h++;
  if (h == H) {
    if (left) return;
    double ways = s->sp->fact[c->n];
    int rest[H];
    for (int j = 0; j < H; j++) {
      ways /= s->sp->fact[s->x[j]];
      rest[j] = s->room[j] - s->x[j];
    }
    double deals = ways * count_from(s->sp, s->i + 1, rest);
    s->total += deals;
    if (deals > 0) {
      memcpy(s->last, s->x, sizeof s->last);
      s->any = true;
    }
    if (s->pick >= 0 && s->total > s->pick) s->picked = true;
    return;
  }
  int most = left < s->room[h] ? left : s->room[h];
  for (int v = 0; v <= most && !s->picked; v++) {
    s->x[h] = v;
    split_rec(s, h + 1, left - v);
  }
  if (!s->picked) s->x[h] = 0;
}

static double count_from(RvSpace *sp, int i, int room[H]) {
  if (i == sp->nclasses) {
    for (int h = 0; h < H; h++)
      if (room[h]) return 0;
    return 1;
  }
  uint64_t key = (uint64_t)(i + 1) << 32 | pack(room);
  size_t at = slot_of(sp, key);
  if (sp->memo[at].key) return sp->memo[at].count;
  Splits s = {.sp = sp, .i = i, .room = room, .pick = -1};
  split_rec(&s, 0, sp->classes[i].n);
  if ((sp->memo_used + 1) * 2 > sp->memo_cap && memo_grow(sp)) at = slot_of(sp, key);
  if ((sp->memo_used + 1) * 2 <= sp->memo_cap) { /* out of memory: counted again next time */
    sp->memo[at] = (MemoSlot){key, s.total};
    sp->memo_used++;
  }
  return s.total;
}

/* Adds `copies` of card to the class of holders `mask`. */
static void add_free(PnCard card, int copies, unsigned mask, PnCard pending[1u << H][MAX_FREE],
                     int npending[1u << H]) {
  for (int j = 0; j < copies && npending[mask] < MAX_FREE; j++) pending[mask][npending[mask]++] = card;
}

RvSpace *review_space_new(const PnKnown *k, const uint32_t forbid[H]) {
  RvSpace *sp = calloc(1, sizeof *sp);
  PnCard pending[1u << H][MAX_FREE]; /* the free cards by their holders, while building */
  int npending[1u << H] = {0};
  if (!sp) return NULL;
  sp->memo_cap = 1024;
  sp->memo = calloc(sp->memo_cap, sizeof *sp->memo);
  if (!sp->memo) {
    free(sp);
    return NULL;
  }
  sp->fact[0] = 1;
  for (int n = 1; n <= MAX_FREE; n++) sp->fact[n] = sp->fact[n - 1] * n;
  int extra[PN_KNOWN_GROUPS];
  PnCards unplaced;
  pn_known_placed(k, sp->base, extra, &unplaced);
  int total_room = 0, total_free = 0;
  sp->fits = true;
  unsigned open = 0;
  for (int h = 0; h < H; h++) {
    sp->room[h] = k->size[h] - pn_cards_total(&sp->base[h]);
    if (sp->room[h] < 0 || sp->room[h] >= (1 << ROOM_BITS)) sp->fits = false;
    if (sp->room[h] > 0) open |= 1u << h;
    total_room += sp->room[h] > 0 ? sp->room[h] : 0;
  }
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    unsigned mask = open;
    for (int h = 0; h < H; h++)
      if (forbid && (forbid[h] >> c & 1u)) mask &= ~(1u << h);
    add_free((PnCard)c, unplaced.n[c], mask, pending, npending);
    total_free += unplaced.n[c];
  }
  for (int i = 0; i < k->ngroups; i++) {
    const PnKnownGroup *g = &k->groups[i];
    unsigned mask = g->holders & open;
    for (int h = 0; h < H; h++)
      if (forbid && (forbid[h] >> g->card & 1u)) mask &= ~(1u << h);
    add_free(g->card, extra[i], mask, pending, npending);
    total_free += extra[i];
  }
  if (total_free != total_room || total_free > MAX_FREE) sp->fits = false;
  int at = 0;
  for (unsigned m = 0; m < (1u << H) && sp->fits; m++) {
    if (!npending[m]) continue;
    sp->classes[sp->nclasses++] = (RvClass){.mask = m, .n = npending[m], .first = at};
    memcpy(sp->cards + at, pending[m], (size_t)npending[m]);
    at += npending[m];
  }
  return sp;
}

void review_space_free(RvSpace *sp) {
  if (!sp) return;
  free(sp->memo);
  free(sp);
}

double review_space_count(RvSpace *sp) {
  if (!sp->fits) return 0;
  int room[H];
  memcpy(room, sp->room, sizeof room);
  return count_from(sp, 0, room);
}

static double unit(SimRng *rng) { return (double)(sim_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0); }

int review_space_sample(RvSpace *sp, SimRng *rng, PnCards out[H]) {
  double total = review_space_count(sp);
  if (total <= 0) return -1;
  int room[H];
  memcpy(room, sp->room, sizeof room);
  memcpy(out, sp->base, sizeof(PnCards) * H);
  for (int i = 0; i < sp->nclasses; i++) {
    const RvClass *c = &sp->classes[i];
    Splits s = {.sp = sp, .i = i, .room = room, .pick = unit(rng) * count_from(sp, i, room)};
    split_rec(&s, 0, c->n);
    if (!s.picked && !s.any) return -1;
    if (!s.picked) memcpy(s.x, s.last, sizeof s.x); /* the sum's rounding left the draw just past the end */
    PnCard deck[MAX_FREE];
    memcpy(deck, sp->cards + c->first, (size_t)c->n);
    for (int j = c->n - 1; j > 0; j--) { /* Fisher-Yates: which of the class's cards go where */
      int r = sim_rng_below(rng, j + 1);
      PnCard t = deck[j];
      deck[j] = deck[r];
      deck[r] = t;
    }
    int next = 0;
    for (int h = 0; h < H; h++)
      for (int v = 0; v < s.x[h]; v++) out[h].n[deck[next++]]++;
    for (int h = 0; h < H; h++) room[h] -= s.x[h];
  }
  return 0;
}
