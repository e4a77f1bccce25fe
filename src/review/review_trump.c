/*
 * review_trump.c - the bidder's trump judged on what it could see: its
 * own cards (review.h, review_trump; docs/REVIEW.md).
 */
#include <math.h>
#include <string.h>

#include "review_int.h"

/* What the bidder knew when it named trump: its own cards, nothing else
 * (the partnership pass comes after the trump; no meld is shown yet). */
static void trump_knowledge(const PnGame *g, int bidder, PnKnown *k) {
  pn_known_init(k, &g->rules);
  int dealt = 0;
  for (int s = 0; s < g->rules.players; s++) {
    k->size[s] = pn_cards_total(&g->hand.held[s]);
    dealt += k->size[s];
  }
  k->size[PN_KNOWN_PILE] = pn_cards_total(&k->deck) - dealt;
  for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, bidder - 1, (PnCard)c, g->hand.held[bidder - 1].n[c]);
}

static bool side_total(Reviewer *r, PnGame *w, int suit, uint64_t seed, int *total);

/* The hand played out with `suit` trump in deal w: the bots pass and
 * meld, the play is solved from the first lead.  The bidding side's
 * result: meld + counters when they reach the bid (meld counts only with
 * a trick where the rules say so), else minus the bid; no rounding.
 * Returns false when the engine refused a row or the solver stopped. */
static bool play_out(Reviewer *r, PnGame *w, int suit, uint64_t seed, double *result) {
  int bid = w->hand.high_bid, total;
  if (!side_total(r, w, suit, seed, &total)) return false;
  *result = total >= bid ? total : -bid;
  return true;
}

/* The bidding side's meld that counts + counters (par from the first
 * lead) with `suit` trump (-1: the bot's choice) in deal w, the bots
 * passing and melding.  False when the engine refused a row or the
 * solver stopped. */
static bool side_total(Reviewer *r, PnGame *w, int suit, uint64_t seed, int *total) {
  int bidder = w->hand.high_bidder;
  PnEvent ev = {.action = PN_EV_TRUMP, .seat = bidder, .suit = suit, .meld = -1};
  PnOutcome out;
  if (suit >= 0 && pn_game_apply(w, &ev, &out) == PN_IMPOSSIBLE) return false;
  SimConfig config = {.style = SIM_SENSIBLE, .first_dealer = 1};
  SimDriver driver;
  sim_driver_init(&driver, &config, seed, w->rules.players);
  for (int guard = 0; guard < 64; guard++) {
    if (!sim_next_event(&driver, w, &ev) || ev.action == PN_EV_PLAY) break;
    if (pn_game_apply(w, &ev, &out) == PN_IMPOSSIBLE) return false;
  }
  if (w->hand.phase != PN_PHASE_PREPARE && w->hand.phase != PN_PHASE_PLAY) return false;
  int side = pn_side_of(w, bidder);
  r->solver.node_limit = r->budget;
  int par = pn_dd_par(&r->solver, w, side);
  if (par < 0) return false;
  int meld = 0;
  for (int s = 1; s <= w->rules.players; s++)
    if (pn_side_of(w, s) == side) meld += pn_meld_shown(w, s);
  if (w->rules.meld_needs_trick && par == 0) meld = 0;
  *total = meld + par;
  return true;
}

int review_trump(Reviewer *r, const RvHistory *h, SimRng *rng, RvDecision *d) {
  memset(d, 0, sizeof *d);
  if (h->trump_event < 0 || h->rules.exchange != PN_EXCHANGE_PASS || h->rules.flow != PN_FLOW_BID) return 1;
  const PnGame *g = &h->before_trump;
  const PnEvent *chosen = &h->events[h->trump_event];
  d->seq = h->seqs[h->trump_event];
  d->seat = chosen->seat;
  d->kind = RV_TRUMP;
  d->nalts = PN_SUITS;
  for (int s = 0; s < PN_SUITS; s++) d->alt[s] = (PnCard)s;
  d->chosen = chosen->suit;
  PnKnown k;
  trump_knowledge(g, d->seat, &k);
  RvSpace *sp = review_space_new(&k, NULL);
  if (!sp) return -1;
  double sum[RV_MAX_ALTS] = {0}, diff2[RV_MAX_ALTS] = {0};
  static _Thread_local PnGame w; /* a few KiB: not on the stack */
  bool ok = review_space_count(sp) > 0;
  for (int i = 0; i < r->worlds && ok; i++) {
    PnCards start[PN_KNOWN_HOLDERS];
    ok = review_space_sample(sp, rng, start) == 0;
    uint64_t seed = sim_rng_next(rng); /* the bots' choices: the same for every suit of this deal */
    double v[PN_SUITS];
    for (int s = 0; s < PN_SUITS && ok; s++) {
      w = *g;
      for (int seat = 0; seat < g->rules.players; seat++) w.hand.held[seat] = start[seat];
      ok = play_out(r, &w, s, seed, &v[s]);
    }
    for (int s = 0; s < PN_SUITS && ok; s++) {
      sum[s] += v[s];
      diff2[s] += (v[s] - v[d->chosen]) * (v[s] - v[d->chosen]);
    }
    d->worlds += ok;
  }
  review_space_free(sp);
  if (!ok || d->worlds == 0) return -1;
  d->valued = true;
  d->best = d->chosen;
  for (int s = 0; s < PN_SUITS; s++) {
    d->value[s] = sum[s] / d->worlds;
    if (sum[s] > sum[d->best]) d->best = s;
  }
  d->cost = d->value[d->best] - d->value[d->chosen];
  if (d->worlds > 1) {
    double var = (diff2[d->best] / d->worlds - d->cost * d->cost) * d->worlds / (d->worlds - 1);
    d->cost_se = var > 0 ? sqrt(var / d->worlds) : 0;
  }
  return 0;
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

int review_bid(Reviewer *r, const RvHistory *h, SimRng *rng, RvDecision *d) {
  memset(d, 0, sizeof *d);
  if (h->trump_event < 0 || h->rules.exchange != PN_EXCHANGE_PASS || h->rules.flow != PN_FLOW_BID) return 1;
  const PnGame *g = &h->before_trump;
  int at = last_bid(h, g->hand.high_bidder);
  if (at < 0 || h->events[at].value != g->hand.high_bid) return 1;
  d->seq = h->seqs[at];
  d->seat = g->hand.high_bidder;
  d->kind = RV_BID;
  bid_alternatives(&g->rules, g->hand.high_bid, d);
  PnKnown k;
  trump_knowledge(g, d->seat, &k);
  RvSpace *sp = review_space_new(&k, NULL);
  if (!sp) return -1;
  double sum[RV_MAX_ALTS] = {0}, diff2[RV_MAX_ALTS] = {0};
  int made = 0;
  static _Thread_local PnGame w; /* a few KiB: not on the stack */
  bool ok = review_space_count(sp) > 0;
  for (int i = 0; i < r->worlds && ok; i++) {
    PnCards start[PN_KNOWN_HOLDERS];
    int total = 0;
    ok = review_space_sample(sp, rng, start) == 0;
    uint64_t seed = sim_rng_next(rng);
    if (ok) {
      w = *g;
      for (int seat = 0; seat < g->rules.players; seat++) w.hand.held[seat] = start[seat];
      ok = side_total(r, &w, -1, seed, &total);
    }
    if (!ok) break;
    made += total >= d->amount[0];
    double v0 = total >= d->amount[0] ? total : -d->amount[0];
    for (int a = 0; a < d->nalts; a++) {
      double v = d->amount[a] == 0 ? 0 : total >= d->amount[a] ? total : -d->amount[a];
      sum[a] += v;
      diff2[a] += (v - v0) * (v - v0);
    }
    d->worlds++;
  }
  review_space_free(sp);
  if (!ok || d->worlds == 0) return -1;
  d->valued = true;
  d->p_make = (double)made / d->worlds;
  d->best = 0;
  for (int a = 0; a < d->nalts; a++) {
    d->value[a] = sum[a] / d->worlds;
    if (sum[a] > sum[d->best]) d->best = a;
  }
  d->cost = d->value[d->best] - d->value[0];
  if (d->worlds > 1) {
    double var = (diff2[d->best] / d->worlds - d->cost * d->cost) * d->worlds / (d->worlds - 1);
    d->cost_se = var > 0 ? sqrt(var / d->worlds) : 0;
  }
  return 0;
}
