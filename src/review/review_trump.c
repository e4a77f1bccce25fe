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

/* The hand played out with `suit` trump in deal w: the bots pass and
 * meld, the play is solved from the first lead.  The bidding side's
 * result: meld + counters when they reach the bid (meld counts only with
 * a trick where the rules say so), else minus the bid; no rounding.
 * Returns false when the engine refused a row or the solver stopped. */
static bool play_out(Reviewer *r, PnGame *w, int suit, uint64_t seed, double *result) {
  int bidder = w->hand.high_bidder, bid = w->hand.high_bid;
  PnEvent ev = {.action = PN_EV_TRUMP, .seat = bidder, .suit = suit, .meld = -1};
  PnOutcome out;
  if (pn_game_apply(w, &ev, &out) == PN_IMPOSSIBLE) return false;
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
  *result = meld + par >= bid ? meld + par : -bid;
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
