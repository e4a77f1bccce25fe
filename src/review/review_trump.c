/*
 * review_trump.c - the bidder's trump judged on what it could see: its
 * own cards (review.h, review_trump; docs/REVIEW.md).
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "review_int.h"

/* Trump named by the bidder: with a widow, passing or neither (single-bid,
 * firehouse, two-hand-bid, double-deck: the bidder knows its dealt cards
 * at both). */
bool review_bid_preset(const PnRules *rules) { return rules->flow == PN_FLOW_BID; }

/* What the bidder knew: `own` its cards (at the trump: those it holds, the
 * widow taken; at its last bid: those dealt to it), and at the trump the
 * cards it has discarded already (the pile).  Nothing else: the passes
 * come after the trump, no meld is shown yet, the bids are not used. */
static void bidder_knowledge(const PnGame *g, int bidder, const PnCards *own, bool discards, PnKnown *k) {
  pn_known_init(k, &g->rules);
  int dealt = 0;
  for (int s = 0; s < g->rules.players; s++) {
    k->size[s] = s == bidder - 1 ? pn_cards_total(own) : pn_cards_total(&g->hand.held[s]);
    dealt += k->size[s];
  }
  k->size[PN_KNOWN_PILE] = pn_cards_total(&k->deck) - dealt;
  for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, bidder - 1, (PnCard)c, own->n[c]);
  if (discards && g->hand.discarded)
    for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, PN_KNOWN_PILE, (PnCard)c, g->hand.discards.n[c]);
}

/* The cards the bidder held at its last bid: with a widow, those it holds
 * at the trump less the widow, its discards (made before the trump) back. */
static void bid_hand(const PnGame *g, int bidder, PnCards *own) {
  *own = g->hand.held[bidder - 1];
  if (g->rules.exchange != PN_EXCHANGE_WIDOW) return;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (g->hand.discarded) own->n[c] += g->hand.discards.n[c];
    own->n[c] -= g->hand.widow.n[c] < own->n[c] ? g->hand.widow.n[c] : own->n[c];
  }
}

int review_bidder_knowledge(const RvHistory *h, RvKind kind, PnKnown *k) {
  if (h->trump_event < 0 || !review_bid_preset(&h->rules) || (kind != RV_BID && kind != RV_TRUMP)) return 1;
  const PnGame *g = &h->before_trump;
  int bidder = g->hand.high_bidder;
  PnCards own = g->hand.held[bidder - 1];
  if (kind == RV_BID) bid_hand(g, bidder, &own);
  bidder_knowledge(g, bidder, &own, kind == RV_TRUMP, k);
  return 0;
}

/* The side's counters from the first lead: exact when the total reaches
 * `need`, else the par asked only "more than need - meld - taken - 1?"
 * (pn_dd_par_guess: a contract set takes one question, or none when
 * the cards left cannot reach it; with a guess, "at least guess?" first).
 * A floor below 1 asks nothing of its own: the par exact (pn_dd_par, or
 * from the guess).  all_values: always exact. */
static int side_par(Reviewer *r, const PnGame *w, int side, int floor, int guess, int *par) {
  if (r->all_values || (floor <= 0 && guess < 0)) {
    *par = pn_dd_par(&r->solver, w, side);
    return *par < 0 ? *par : 0;
  }
  return pn_dd_par_guess(&r->solver, w, side, floor, INT_MAX, guess, par);
}

int review_bots_take(SimDriver *driver, const PnGame *w, PnCard first, int side) {
  static _Thread_local PnGame rest; /* a few KiB: not on the stack */
  rest = *w;
  PnEvent ev = {.action = PN_EV_PLAY, .ncards = 1, .cards = {first}};
  PnOutcome out = {.hand_done = false};
  if (first != PN_NO_CARD) {
    PnExpect expect;
    pn_game_expect(&rest, &expect);
    ev.seat = expect.seat;
    if (pn_game_apply(&rest, &ev, &out) == PN_IMPOSSIBLE) return -1;
  }
  for (int guard = 0; !out.hand_done; guard++)
    if (guard == 4 * PN_MAX_SEATS * PN_MAX_HAND || !sim_next_event(driver, &rest, &ev) ||
        pn_game_apply(&rest, &ev, &out) == PN_IMPOSSIBLE)
      return -1;
  int take = 0;
  for (int s = 1; s <= w->rules.players; s++)
    if (pn_side_of(w, s) == side) take += rest.hand.counters[s - 1] - w->hand.counters[s - 1];
  return take;
}

bool review_side_total(Reviewer *r, PnGame *w, uint64_t seed, int need, int guess, int beat, int *counters, int *total,
                       bool *exact) {
  int bidder = w->hand.high_bidder;
  PnEvent ev;
  PnOutcome out;
  SimConfig config = {.style = SIM_SENSIBLE, .first_dealer = 1};
  SimDriver driver;
  sim_driver_init(&driver, &config, seed, w->rules.players);
  for (int guard = 0; guard < 64; guard++) {
    if (!sim_next_event(&driver, w, &ev) || ev.action == PN_EV_PLAY) break;
    if (pn_game_apply(w, &ev, &out) == PN_IMPOSSIBLE) return false;
  }
  if (w->hand.phase != PN_PHASE_PREPARE && w->hand.phase != PN_PHASE_PLAY) return false;
  int side = pn_side_of(w, bidder);
  int meld = 0, taken = 0, par;
  for (int s = 1; s <= w->rules.players; s++)
    if (pn_side_of(w, s) == side) {
      meld += pn_meld_shown(w, s);
      taken += w->hand.counters[s - 1]; /* the auction's discards: a trick of the bidder's */
    }
  if (exact) *exact = true;
  int floor = need - meld - taken - 1;
  if (beat > need && !r->all_values && beat - meld - taken > 0) {
    /* "at least beat?" alone: a no bounds the total (meld counted), and
     * below need the result is exact all the same */
    int bound;
    if (pn_dd_par_ask(&r->solver, w, side, beat - meld - taken, &bound) != 0) return false;
    if (bound < beat - meld - taken) {
      if (counters) *counters = bound;
      *total = meld + taken + bound;
      if (exact) *exact = *total < need;
      return true;
    }
    floor = bound - 1; /* a yes: the par is at least the bound */
    guess = bound;
  }
  if (guess < 0) guess = review_bots_take(&driver, w, PN_NO_CARD, side);
  if (side_par(r, w, side, floor, guess, &par) != 0) return false;
  if (counters) *counters = par;
  /* a par clamped up to the floor (>= 1) stands for one of 0 or more:
   * the total stays below need either way, meld counted or not */
  bool trick = par > 0 || (w->rules.exchange == PN_EXCHANGE_WIDOW && w->hand.discarded);
  if (w->rules.meld_needs_trick && !trick) meld = 0;
  *total = meld + taken + par;
  return true;
}

void review_finish(RvDecision *d, const double mean[RV_MAX_ALTS], const bool live[RV_MAX_ALTS],
                   const double diff2[RV_MAX_ALTS]) {
  double lead[RV_MAX_ALTS];
  for (int a = 0; a < d->nalts; a++) {
    lead[a] = live[a] ? mean[a] : -INFINITY;
    d->value[a] = mean[a];
    d->bound[a] = !live[a]; /* not a mean of every deal: written as none */
  }
  d->valued = true;
  d->best = review_leader(lead, d->nalts, d->chosen);
  d->cost = d->value[d->best] - d->value[d->chosen];
  d->best_share = (double)d->best_worlds / d->worlds;
  if (d->worlds > 1) {
    double var = (diff2[d->best] / d->worlds - d->cost * d->cost) * d->worlds / (d->worlds - 1);
    d->cost_se = var > 0 ? sqrt(var / d->worlds) : 0;
  }
}

/* The hand played out with `suit` trump in deal w: the bidding side's
 * result (review_side_total against the bid; with `beat` above the bid,
 * only whether the total reaches it: *exact false when the result is
 * then an upper bound).  False when the engine refused a row or the
 * solver stopped. */
static bool play_out(Reviewer *r, PnGame *w, int suit, uint64_t seed, int beat, double *result, bool *exact) {
  int bid = w->hand.high_bid, total;
  PnEvent ev = {.action = PN_EV_TRUMP, .seat = w->hand.high_bidder, .suit = suit, .meld = -1};
  PnOutcome out;
  if (pn_game_apply(w, &ev, &out) == PN_IMPOSSIBLE || !review_side_total(r, w, seed, bid, -1, beat, NULL, &total, exact))
    return false;
  *result = review_result(total, bid);
  return true;
}

/* Suit s in deal i on a cleared table (the bots' choices: the same seed
 * for every suit of the deal), only whether it beats `beat` when that is
 * above the bid. */
static bool suit_in_deal(Reviewer *r, RvDeals *b, int i, int s, int beat) {
  static _Thread_local PnGame w; /* a few KiB: not on the stack */
  const PnGame *g = b->ctx;
  w = *g;
  for (int seat = 0; seat < w.rules.players; seat++) w.hand.held[seat] = b->start[i][seat];
  review_fresh_table(r);
  bool exact;
  if (!play_out(r, &w, s, b->seed[i], beat, &b->v[i * RV_MAX_ALTS + s], &exact)) return false;
  if (exact) b->exact[i] |= 1u << s;
  return true;
}

/* Deal i of the trump review (RvDeals' deal): the chosen suit, then
 * each other live one, each on a cleared table. */
static bool trump_deal(Reviewer *r, RvDeals *b, int i) {
  if (!suit_in_deal(r, b, i, b->chosen, -1)) return false;
  for (int s = 0; s < PN_SUITS; s++)
    if (s != b->chosen && b->live[s] && !suit_in_deal(r, b, i, s, review_beat(b, i, s))) return false;
  return true;
}

static bool trump_exact(Reviewer *r, RvDeals *b, int i, int s) { return suit_in_deal(r, b, i, s, -1); }

int review_trump(Reviewer *r, const RvHistory *h, SimRng *rng, RvDecision *d) {
  memset(d, 0, sizeof *d);
  if (h->trump_event < 0 || !review_bid_preset(&h->rules)) return 1;
  const PnEvent *chosen = &h->events[h->trump_event];
  d->seq = h->seqs[h->trump_event];
  d->seat = chosen->seat;
  d->kind = RV_TRUMP;
  d->nalts = PN_SUITS;
  for (int s = 0; s < PN_SUITS; s++) d->alt[s] = (PnCard)s;
  d->chosen = chosen->suit;
  PnKnown k;
  review_bidder_knowledge(h, RV_TRUMP, &k);
  RvSpace *sp = review_space_new(&k, NULL);
  if (!sp) return -1;
  RvDeals b = {.ctx = &h->before_trump, .deal = trump_deal, .exact_one = trump_exact, .drops = true};
  int rc = review_worlds(r, sp, rng, &b, d);
  review_space_free(sp);
  return rc;
}

/* The bidder's last bid, its index in h->events, or -1 (a forced bid:
 * no decision). */
static int last_bid(const RvHistory *h, int bidder) {
  int at = -1;
  for (int i = 0; i < h->nevents && i < h->trump_event; i++)
    if (h->events[i].action == PN_EV_BID && h->events[i].seat == bidder && h->events[i].has_value) at = i;
  return at;
}

/* The alternatives of a bid: the bid made, one step lower (when it is
 * still a bid), passing (amount 0). */
static void bid_alternatives(const PnRules *rules, int bid, RvDecision *d) {
  int step = bid > rules->bid_fine_until ? rules->bid_step : 1;
  d->nalts = 0;
  d->amount[d->nalts++] = bid;
  if (bid - step >= rules->min_bid && bid - step > 0) d->amount[d->nalts++] = bid - step;
  d->amount[d->nalts++] = 0;
  d->chosen = 0;
}

/* Deal `start` (the pile: the widow) as the game at the trump: the widow
 * taken into the bidder's hand and not discarded yet. */
static void bid_world(const PnGame *g, const PnCards start[PN_KNOWN_HOLDERS], PnGame *w) {
  *w = *g;
  for (int s = 0; s < g->rules.players; s++) w->hand.held[s] = start[s];
  if (g->rules.exchange != PN_EXCHANGE_WIDOW) return;
  int bidder = g->hand.high_bidder;
  w->hand.widow = start[PN_KNOWN_PILE];
  for (int c = 0; c < PN_CARD_KINDS; c++) w->hand.held[bidder - 1].n[c] += w->hand.widow.n[c];
  w->hand.discarded = false;
  memset(&w->hand.discards, 0, sizeof w->hand.discards);
  w->hand.counters[bidder - 1] = 0; /* nothing is won before the discard */
}

/* What a deal of the bid review needs. */
typedef struct BidDeal {
  const PnGame *g;   /* the game at the trump */
  const RvDecision *d; /* the bids valued (d->amount) */
} BidDeal;

/* Deal i of the bid review (RvDeals' deal): the side's total T once
 * (exact down to the lowest bid valued), each bid valued from it, so
 * every value exact; flag[i] 1 when T reaches the bid made. */
static bool bid_deal(Reviewer *r, RvDeals *b, int i) {
  const BidDeal *bd = b->ctx;
  const RvDecision *d = bd->d;
  static _Thread_local PnGame w; /* a few KiB: not on the stack */
  int total = 0;
  bid_world(bd->g, b->start[i], &w);
  review_fresh_table(r);
  if (!review_side_total(r, &w, b->seed[i], d->amount[d->nalts - 2], -1, -1, NULL, &total, NULL)) return false;
  b->flag[i] = total >= d->amount[0];
  double *v = &b->v[i * RV_MAX_ALTS];
  for (int a = 0; a < d->nalts; a++) v[a] = d->amount[a] == 0 ? 0 : review_result(total, d->amount[a]);
  return true;
}

int review_bid(Reviewer *r, const RvHistory *h, SimRng *rng, RvDecision *d) {
  memset(d, 0, sizeof *d);
  if (h->trump_event < 0 || !review_bid_preset(&h->rules)) return 1;
  const PnGame *g = &h->before_trump;
  int at = last_bid(h, g->hand.high_bidder);
  if (at < 0 || h->events[at].value != g->hand.high_bid) return 1;
  d->seq = h->seqs[at];
  d->seat = g->hand.high_bidder;
  d->kind = RV_BID;
  bid_alternatives(&g->rules, g->hand.high_bid, d);
  PnKnown k;
  review_bidder_knowledge(h, RV_BID, &k);
  RvSpace *sp = review_space_new(&k, NULL);
  if (!sp) return -1;
  BidDeal bd = {.g = g, .d = d};
  RvDeals b = {.ctx = &bd, .deal = bid_deal, .all_exact = true};
  int rc = review_worlds(r, sp, rng, &b, d);
  review_space_free(sp);
  if (rc == 0) d->p_make = (double)b.flags / d->worlds;
  return rc;
}
