/*
 * review_know.c - a replayed hand kept for the review, and what a seat
 * knew at each of its plays (review.h; docs/REVIEW.md lists the facts).
 */
#include <string.h>

#include "replay.h"
#include "review.h"

typedef struct Keep {
  RvHistory *h;
  bool full;     /* more events than RV_MAX_EVENTS: the hand is refused */
} Keep;

static void keep_event(void *ctx, int seq, const PnEvent *ev, const char *value, const PnGame *before,
                       const PnGame *after, const PnOutcome *res) {
  (void)value, (void)after;
  Keep *k = ctx;
  RvHistory *h = k->h;
  if (h->nevents == RV_MAX_EVENTS) {
    k->full = true;
    return;
  }
  h->seqs[h->nevents] = seq;
  h->events[h->nevents] = *ev;
  if (ev->action == PN_EV_TRUMP && h->trump_event < 0) {
    h->trump_event = h->nevents;
    h->before_trump = *before;
  }
  if (ev->action == PN_EV_PLAY && ev->ncards == 1 && h->nplays < RV_MAX_PLAYS) {
    h->play_event[h->nplays] = h->nevents;
    h->renege[h->nplays] = res->verdict == PN_ACCEPTED_FINDING && res->finding.kind >= PN_FIND_RENEGE_FOLLOW &&
                           res->finding.kind <= PN_FIND_RENEGE_OVERTRUMP;
    h->before[h->nplays++] = *before;
  }
  h->nevents++;
}

int review_history(PnGame *game, const StoreRow *row, RvHistory *h, PnDiag *diag) {
  h->nevents = h->nplays = 0;
  h->trump_event = -1;
  h->rules = game->rules;
  Keep keep = {h, false};
  ReplayObserver obs = {keep_event, &keep};
  int rc = replay_hand_observed(game, row, NULL, NULL, NULL, &obs, diag);
  if (rc == 0 && keep.full) { /* not reviewed: more rows than a hand has */
    h->nplays = 0;
    h->trump_event = -1;
  }
  return rc;
}

int review_history_sim(const PnRules *rules, uint64_t seed, RvHistory *h) {
  SimConfig config = {.style = SIM_SENSIBLE, .first_dealer = 1};
  SimDriver driver;
  sim_driver_init(&driver, &config, seed, rules->players);
  static _Thread_local PnGame game, before; /* a few KiB each: not on the stack */
  pn_game_init(&game, rules);
  h->nevents = h->nplays = 0;
  h->trump_event = -1;
  h->rules = *rules;
  PnEvent ev;
  while (h->nevents < RV_MAX_EVENTS && sim_next_event(&driver, &game, &ev)) {
    PnOutcome out;
    before = game;
    if (pn_game_apply(&game, &ev, &out) == PN_IMPOSSIBLE) return -1;
    h->seqs[h->nevents] = h->nevents + 1;
    h->events[h->nevents] = ev;
    if (ev.action == PN_EV_TRUMP && h->trump_event < 0) {
      h->trump_event = h->nevents;
      h->before_trump = before;
    }
    if (ev.action == PN_EV_PLAY && ev.ncards == 1 && h->nplays < RV_MAX_PLAYS) {
      h->play_event[h->nplays] = h->nevents;
      h->renege[h->nplays] = out.verdict == PN_ACCEPTED_FINDING;
      h->before[h->nplays++] = before;
    }
    h->nevents++;
    if (out.hand_done) break;
  }
  return h->nplays > 0 ? 0 : -1;
}

/* The seat a give goes to: the bidder's partner from the bidder, the
 * bidder from anyone else (partnership passing, five-call's call-and-pass). */
static int give_target(const PnGame *start, const PnRules *r, int from) {
  int bidder = start->hand.high_bidder;
  if (from != bidder) return bidder;
  return r->sides == PN_SIDES_TEAMS ? pn_team_partner(r, from) : start->hand.partner;
}

/* The cards `seat` gave: the receiver held them at the start of the play,
 * less what it gave back to `seat` later. */
static void known_gives(const RvHistory *h, const PnGame *start, int seat, PnKnown *k) {
  int to = 0, gave[PN_CARD_KINDS] = {0};
  for (int i = 0; i < h->nevents; i++) {
    const PnEvent *ev = &h->events[i];
    if (ev->action != PN_EV_GIVE) continue;
    if (ev->seat == seat) {
      to = give_target(start, &h->rules, seat);
      for (int j = 0; j < ev->ncards; j++) gave[ev->cards[j]]++;
    } else if (to && ev->seat == to && give_target(start, &h->rules, to) == seat) {
      for (int j = 0; j < ev->ncards; j++)
        if (gave[ev->cards[j]]) gave[ev->cards[j]]--;
    }
  }
  if (to < 1) return;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (gave[c]) pn_known_hold(k, to - 1, (PnCard)c, gave[c]); /* at least: a meld may show the same copies */
}

/* Melds shown (every seat saw them), and the widow: the bidder's or
 * discarded, for a seat that did not take it. */
static void known_shown(const RvHistory *h, const PnGame *start, int seat, PnKnown *k) {
  bool widow_seen = false;
  int bidder = start->hand.high_bidder;
  for (int i = 0; i < h->nevents && h->events[i].action != PN_EV_PLAY; i++) {
    const PnEvent *ev = &h->events[i];
    int counts[PN_CARD_KINDS] = {0};
    for (int j = 0; j < ev->ncards; j++) counts[ev->cards[j]]++;
    if (ev->action == PN_EV_MELD && ev->seat >= 1)
      for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, ev->seat - 1, (PnCard)c, counts[c]);
    if (ev->action == PN_EV_WIDOW && !widow_seen && h->rules.exchange == PN_EXCHANGE_WIDOW && bidder &&
        bidder != seat)
      for (int c = 0; c < PN_CARD_KINDS; c++)
        if (counts[c]) pn_known_among(k, (PnCard)c, counts[c], 1u << (bidder - 1) | 1u << PN_KNOWN_PILE);
    widow_seen |= ev->action == PN_EV_WIDOW;
  }
}

/* The card kinds a seat cannot have held at its legal play of `played`
 * (pn_play_lacks), as a bit mask. */
static uint32_t forbidden_by(const PnGame *g, PnCard played) {
  PnObligation ob;
  pn_obligation(g, &ob);
  PnCards lacks;
  pn_play_lacks(&ob, g->hand.trick, g->hand.ntrick, g->hand.trump, played, &lacks);
  uint32_t out = 0;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (lacks.n[c]) out |= 1u << c;
  return out;
}

int review_knowledge(const RvHistory *h, int p, int seat, PnKnown *k, uint32_t forbid[PN_KNOWN_HOLDERS]) {
  if (h->rules.flow == PN_FLOW_TWO_HAND || p < 0 || p >= h->nplays) return -1;
  const PnGame *start = &h->before[0];
  pn_known_init(k, &h->rules);
  memset(forbid, 0, sizeof(uint32_t) * PN_KNOWN_HOLDERS);
  int dealt = 0;
  for (int s = 0; s < h->rules.players; s++) {
    k->size[s] = pn_cards_total(&start->hand.held[s]);
    dealt += k->size[s];
  }
  k->size[PN_KNOWN_PILE] = pn_cards_total(&k->deck) - dealt;
  for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, seat - 1, (PnCard)c, start->hand.held[seat - 1].n[c]);
  if (start->hand.discarded && start->hand.high_bidder == seat)
    for (int c = 0; c < PN_CARD_KINDS; c++) pn_known_hold(k, PN_KNOWN_PILE, (PnCard)c, start->hand.discards.n[c]);
  known_shown(h, start, seat, k);
  known_gives(h, start, seat, k);
  for (int q = 0; q < p; q++) {
    const PnEvent *ev = &h->events[h->play_event[q]];
    pn_known_play(k, ev->seat - 1, ev->cards[0]);
    if (ev->seat != seat && !h->renege[q]) forbid[ev->seat - 1] |= forbidden_by(&h->before[q], ev->cards[0]);
  }
  return 0;
}
