/*
 * review_pass.c - the cards passed judged on what the passing seat could
 * see (review.h, review_pass; docs/REVIEW.md, the pass review): the pass
 * made against the bots' pass and a few others chosen by simple rules,
 * each played out in the same sampled deals.
 */
#include <string.h>

#include "review_int.h"

/* What the seat knew about its cards and the pass it must make. */
typedef struct PassCtx {
  const PnGame *g;       /* the game just before the pass */
  int seat;              /* the passing seat */
  bool to_bidder;        /* the partner passing to the bidder (else the bidder passing back) */
  PnCards hand;          /* its cards */
  PnCards meld;          /* the cards of its best meld with this trump */
  int short_suit;        /* the non-trump suit with fewest cards outside its meld (at least one), -1 none */
} PassCtx;

/* A rule: how much the seat wants to keep each card (lowest passed first). */
typedef int (*KeepRule)(const PassCtx *c, PnCard card);

static int rank_value(PnCard card) { return PN_RANKS - PN_RANK(card); } /* ace high ... nine low */
static bool is_trump(const PassCtx *c, PnCard card) { return PN_SUIT(card) == c->g->hand.trump; }

/* The partner: trump run cards and the pinochle's (QS, JD) first, then
 * aces, then the lowest. */
static int keep_meld_makers(const PassCtx *c, PnCard card) {
  bool run = is_trump(c, card) && PN_RANK(card) <= PN_JACK;
  bool pinochle = card == PN_CARD(PN_SPADES, PN_QUEEN) || card == PN_CARD(PN_DIAMONDS, PN_JACK);
  if (run || pinochle) return PN_RANK(card);
  return PN_RANK(card) == PN_ACE ? 20 : 40 + rank_value(card);
}

/* The partner: its own meld kept; of the rest, trumps (highest first), aces, the lowest. */
static int keep_own_meld(const PassCtx *c, PnCard card) {
  if (c->meld.n[card]) return 1000;
  if (is_trump(c, card)) return PN_RANK(card);
  return PN_RANK(card) == PN_ACE ? 20 : 40 + rank_value(card);
}

/* The partner: aces first, then trumps (highest first), then the lowest. */
static int keep_aces_last(const PassCtx *c, PnCard card) {
  if (PN_RANK(card) == PN_ACE) return is_trump(c, card) ? 0 : 1;
  if (is_trump(c, card)) return 10 + PN_RANK(card);
  return 40 + rank_value(card);
}

/* Either seat: trumps kept, the lowest others passed (meld or not). */
static int keep_trump(const PassCtx *c, PnCard card) { return (is_trump(c, card) ? 100 : 0) + rank_value(card); }

/* The bidder: trumps and aces kept, the lowest others passed (meld or not). */
static int keep_trump_aces(const PassCtx *c, PnCard card) {
  return (is_trump(c, card) ? 1000 : PN_RANK(card) == PN_ACE ? 500 : 0) + rank_value(card);
}

/* The bidder: meld and trumps kept, side aces passed to the partner first. */
static int keep_pass_aces(const PassCtx *c, PnCard card) {
  if (c->meld.n[card]) return 1000;
  if (is_trump(c, card)) return 500;
  return PN_RANK(card) == PN_ACE ? 0 : 10 + rank_value(card);
}

/* The bidder: meld and trumps kept, its shortest side suit passed first (a void to trump in). */
static int keep_void(const PassCtx *c, PnCard card) {
  if (c->meld.n[card]) return 1000;
  if (is_trump(c, card)) return 500;
  return (PN_SUIT(card) == c->short_suit ? 0 : 100) + rank_value(card);
}

static const KeepRule TO_BIDDER[] = {keep_meld_makers, keep_own_meld, keep_aces_last, keep_trump};
static const KeepRule TO_PARTNER[] = {keep_trump_aces, keep_pass_aces, keep_void, keep_trump};
#define NRULES 4 /* each table's */

/* The pass a rule makes: the pass_cards cards it least wants to keep (a tie:
 * the first in card order), five-call's called card always among them. */
static void rule_pass(const PassCtx *c, KeepRule rule, PnCards *out) {
  PnCards left = c->hand;
  int n = c->g->rules.pass_cards;
  memset(out, 0, sizeof *out);
  int called = c->g->hand.called;
  if (c->g->rules.exchange == PN_EXCHANGE_CALL_PASS && c->to_bidder && called != PN_NO_CARD && left.n[called]) {
    left.n[called]--;
    out->n[called]++;
    n--;
  }
  for (int k = 0; k < n; k++) {
    int pick = -1;
    for (int card = 0; card < PN_CARD_KINDS; card++)
      if (left.n[card] && (pick < 0 || rule(c, (PnCard)card) < rule(c, (PnCard)pick))) pick = card;
    if (pick < 0) return;
    left.n[pick]--;
    out->n[pick]++;
  }
}

/* Adds a pass to d's alternatives unless it is there already. */
static void add_pass(RvDecision *d, const PnCards *pass) {
  for (int a = 0; a < d->nalts; a++)
    if (memcmp(&d->cards[a], pass, sizeof *pass) == 0) return;
  if (d->nalts < RV_MAX_PASS_ALTS) d->cards[d->nalts++] = *pass;
}

static void pass_ctx(const PnGame *g, int seat, PassCtx *c) {
  memset(c, 0, sizeof *c);
  c->g = g;
  c->seat = seat;
  c->to_bidder = seat != g->hand.high_bidder;
  c->hand = g->hand.held[seat - 1];
  PnMeldResult meld;
  pn_meld_best(&g->rules, g->hand.trump, &c->hand, &meld);
  c->meld = meld.used;
  int fewest = 0;
  c->short_suit = -1;
  for (int s = 0; s < PN_SUITS; s++) {
    int n = 0;
    for (int r = 0; r < PN_RANKS; r++) {
      PnCard card = PN_CARD(s, r);
      n += c->hand.n[card] > c->meld.n[card] ? c->hand.n[card] - c->meld.n[card] : 0;
    }
    if (s != g->hand.trump && n > 0 && (c->short_suit < 0 || n < fewest)) c->short_suit = s, fewest = n;
  }
}

int review_pass_alternatives(const PnGame *g, const PnEvent *give, RvDecision *d) {
  PassCtx c;
  pass_ctx(g, give->seat, &c);
  d->nalts = 0;
  PnCards pass;
  pn_event_cards(give, &pass);
  add_pass(d, &pass); /* the pass made: alternative 0 */
  d->chosen = 0;
  sim_pass_cards(g, give->seat, &pass);
  add_pass(d, &pass);
  const KeepRule *rules = c.to_bidder ? TO_BIDDER : TO_PARTNER;
  for (int i = 0; i < NRULES; i++) {
    rule_pass(&c, rules[i], &pass);
    add_pass(d, &pass);
  }
  return d->nalts;
}

/* The game just before the give at events[at]: the trump's, then every
 * row up to it.  False when the engine refuses one. */
static bool game_before(const RvHistory *h, int at, PnGame *g) {
  *g = h->before_trump;
  for (int i = h->trump_event; i < at; i++) {
    PnOutcome out;
    if (pn_game_apply(g, &h->events[i], &out) == PN_IMPOSSIBLE) return false;
  }
  return true;
}

/* What the passing seat knew: its own cards, and in five-call that no seat
 * from the bidder's left round to the partner held the called card (the
 * partner is the first that does).  Melds come after the passes. */
static void pass_knowledge(const PnGame *g, int seat, PnKnown *k, uint32_t forbid[PN_KNOWN_HOLDERS]) {
  pn_known_init(k, &g->rules);
  memset(forbid, 0, sizeof(uint32_t) * PN_KNOWN_HOLDERS);
  int dealt = 0;
  for (int s = 0; s < g->rules.players; s++) {
    k->size[s] = pn_cards_total(&g->hand.held[s]);
    dealt += k->size[s];
  }
  k->size[PN_KNOWN_PILE] = pn_cards_total(&k->deck) - dealt;
  for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, seat - 1, (PnCard)c, g->hand.held[seat - 1].n[c]);
  const PnHand *h = &g->hand;
  if (g->rules.exchange != PN_EXCHANGE_CALL_PASS || h->called == PN_NO_CARD || !h->partner) return;
  for (int s = pn_next_seat(&g->rules, h->high_bidder); s != h->partner; s = pn_next_seat(&g->rules, s))
    if (s != seat) forbid[s - 1] |= 1u << h->called;
}

static bool is_pass(const RvHistory *h, int at) {
  bool passing = h->rules.exchange == PN_EXCHANGE_PASS || h->rules.exchange == PN_EXCHANGE_CALL_PASS;
  return passing && at >= 0 && at < h->nevents && h->events[at].action == PN_EV_GIVE && h->trump_event >= 0 &&
         at > h->trump_event;
}

int review_pass_knowledge(const RvHistory *h, int at, PnKnown *k, uint32_t forbid[PN_KNOWN_HOLDERS]) {
  static _Thread_local PnGame g; /* a few KiB: not on the stack */
  if (!is_pass(h, at) || !game_before(h, at, &g)) return 1;
  pass_knowledge(&g, h->events[at].seat, k, forbid);
  return 0;
}

/* What a deal of the pass review needs. */
typedef struct PassDeal {
  const PnGame *g;     /* the game just before the pass */
  const PnEvent *give; /* the pass made */
  const RvDecision *d; /* the passes valued (d->cards) */
} PassDeal;

/* Pass a made in the deal `start`, then the bots (`seed`) and the solver
 * (review_side_total against the bid, `beat` and `guess` as there): its
 * result into *v, *exact whether it is exact, and a made contract's
 * counters into *guess, the next pass's first question.  False when a
 * solve stopped. */
static bool pass_alt(Reviewer *r, const PassDeal *pd, const PnCards start[PN_KNOWN_HOLDERS], uint64_t seed, int a,
                     int beat, int *guess, double *v, bool *exact) {
  const PnGame *g = pd->g;
  static _Thread_local PnGame w; /* a few KiB: not on the stack */
  w = *g;
  for (int s = 0; s < g->rules.players; s++) w.hand.held[s] = start[s];
  PnEvent ev = *pd->give;
  ev.ncards = 0;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int j = 0; j < pd->d->cards[a].n[c] && ev.ncards < PN_MAX_EVENT_CARDS; j++) ev.cards[ev.ncards++] = (PnCard)c;
  PnOutcome out;
  int total, counters, bid = g->hand.high_bid;
  if (pn_game_apply(&w, &ev, &out) == PN_IMPOSSIBLE ||
      !review_side_total(r, &w, seed, bid, *guess, beat, &counters, &total, exact))
    return false;
  *v = review_result(total, bid);
  if (*exact && total >= bid) *guess = counters; /* exact: a made contract */
  return true;
}

/* Alternative a in deal i into b (RvDeals), asked at `beat`. */
static bool pass_into(Reviewer *r, RvDeals *b, int i, int a, int beat, int *guess) {
  bool exact;
  if (!pass_alt(r, b->ctx, b->start[i], b->seed[i], a, beat, guess, &b->v[i * RV_MAX_ALTS + a], &exact)) return false;
  if (exact) b->exact[i] |= 1u << a;
  return true;
}

/* Deal i of the pass review (RvDeals' deal): the pass made, then each
 * other live one asked whether it beats it (review_beat), in order on one
 * table (one seed for the bots), each made contract's counters asked
 * first of the next (passes that differ by a card or two mostly take the
 * same; a made contract's exact par costs most in the questions far from
 * it). */
static bool pass_deal(Reviewer *r, RvDeals *b, int i) {
  int guess = -1;
  review_fresh_table(r);
  if (!pass_into(r, b, i, b->chosen, -1, &guess)) return false;
  for (int a = 0; a < b->nalts; a++)
    if (a != b->chosen && b->live[a] && !pass_into(r, b, i, a, review_beat(b, i, a), &guess)) return false;
  return true;
}

static bool pass_exact(Reviewer *r, RvDeals *b, int i, int a) {
  int guess = -1;
  review_fresh_table(r);
  return pass_into(r, b, i, a, -1, &guess);
}

int review_pass(Reviewer *r, const RvHistory *h, int at, SimRng *rng, RvDecision *d) {
  memset(d, 0, sizeof *d);
  if (!is_pass(h, at)) return 1;
  const PnEvent *give = &h->events[at];
  static _Thread_local PnGame g; /* a few KiB: not on the stack */
  if (!game_before(h, at, &g)) return 1;
  d->seq = h->seqs[at];
  d->seat = give->seat;
  d->kind = RV_PASS;
  review_pass_alternatives(&g, give, d);
  PnKnown k;
  uint32_t forbid[PN_KNOWN_HOLDERS];
  pass_knowledge(&g, d->seat, &k, forbid);
  RvSpace *sp = review_space_new(&k, forbid);
  if (!sp) return -1;
  PassDeal pd = {.g = &g, .give = give, .d = d};
  RvDeals b = {.ctx = &pd, .deal = pass_deal, .exact_one = pass_exact}; /* no drops: docs/REVIEW.md, the pass review */
  int rc = review_worlds(r, sp, rng, &b, d);
  review_space_free(sp);
  return rc;
}
