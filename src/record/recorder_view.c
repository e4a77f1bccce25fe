/*
 * recorder_view.c - what a tablet shows of the game (record.h: rec_view):
 * the stage, whose turn it is, the bids worth offering, who passes and
 * discards, the trick in progress and the cards played, read from the
 * same state the recorder checks each line against (the stand-in of a
 * hand typed in table order, table.c), so the page keeps no copy of it.
 */
#include <stdlib.h>
#include <string.h>

#include "recorder_int.h"
#include "sim.h"
#include "table_int.h"

/* The cards of this hand's play rows in rows[0..n) into *played. */
static void add_plays(const PnEvent *rows, int n, PnCards *played) {
  for (int i = 0; i < n; i++)
    if (rows[i].action == PN_EV_PLAY)
      for (int k = 0; k < rows[i].ncards; k++) played->n[rows[i].cards[k]]++;
}

/* The passing and the discard of a hand with a bidder. */
static void view_exchange(const Recorder *r, const PnGame *g, RecView *v) {
  const PnRules *ru = &g->rules;
  int bidder = g->hand.high_bidder;
  v->widow = ru->widow;
  for (int i = 0; i < r->ntyped; i++) v->widow_done |= r->typed[i].action == PN_EV_WIDOW;
  if (!bidder) return;
  if (ru->exchange == PN_EXCHANGE_PASS && ru->sides == PN_SIDES_TEAMS) {
    v->gives[0] = pn_team_partner(ru, bidder); /* the partner passes first, the bidder back */
    v->gives[1] = bidder;
  }
  if (ru->exchange == PN_EXCHANGE_WIDOW) v->discard = ru->widow;
  for (int i = 0; i < r->ntyped; i++) {
    if (r->typed[i].action == PN_EV_GIVE) v->gives_done++;
    if (r->typed[i].action == PN_EV_DISCARD) v->discard_done = true;
  }
}

/* The one card kind `seat` can play next with some deal that fits all
 * typed so far and no renege, or -1 (several, or none).  Each card left
 * is tried as the next play (a row pushed and taken back) against the
 * same check every line gets; what the check says is not kept.  A card
 * that fits only as a renege (1) does not count: a renege is rare, and
 * one filled in wrongly is one Undo away. */
static int forced_card(Recorder *r, const PnGame *g, int seat, const PnCards *played) {
  if (r->ntyped >= MAX_HAND_EVENTS) return -1;
  Tricks *t = malloc(sizeof *t);
  if (!t) return -1;
  PnCards deck;
  pn_deck_cards(g->rules.deck, &deck);
  size_t said = r->text_len;
  int found = -1, fits = 0;
  for (int c = 0; c < PN_CARD_KINDS && fits <= 1; c++) {
    if (deck.n[c] <= played->n[c]) continue;
    PnEvent ev = {.action = PN_EV_PLAY, .seat = seat, .ncards = 1, .suit = -1, .meld = -1};
    ev.cards[0] = (PnCard)c;
    r->typed[r->ntyped++] = ev;
    table_walk_tricks(r, g, t);
    int rc = table_check_known(r, g, t, NULL);
    r->ntyped--;
    if (rc == 0) fits++, found = c;
  }
  r->text_len = said; /* the check's words are for a line typed, not this question */
  if (r->text) r->text[said] = '\0';
  free(t);
  return fits == 1 ? found : -1;
}

/* The seats that can bid next, in turn: the one on turn, then each seat
 * the bidding reaches if those before it pass (a copy of the game given
 * passes by the rules), with its lowest good bid then.  A tablet offers
 * each a row of bids: a later seat's bid is the passes before it and
 * that bid, in one tap. */
static void view_bidders(const PnGame *g, RecView *v) {
  PnGame *copy = malloc(sizeof *copy);
  if (!copy) return;
  *copy = *g;
  for (int i = 0; i < g->rules.players && i < PN_MAX_SEATS; i++) {
    PnExpect ex;
    pn_game_expect(copy, &ex);
    if (copy->hand.phase != PN_PHASE_BID || !ex.seat || !(ex.actions & (1u << PN_EV_BID))) break;
    bool seen = false;
    for (int k = 0; k < v->nbidders; k++) seen |= v->bidders[k] == ex.seat;
    if (seen) break;
    v->bidders[v->nbidders] = ex.seat;
    v->bidder_min[v->nbidders++] = ex.min_bid > 0 ? ex.min_bid : g->rules.min_bid;
    PnEvent pass = {.action = PN_EV_PASS, .seat = ex.seat, .suit = -1, .meld = -1};
    PnOutcome out;
    if (pn_game_apply(copy, &pass, &out) < PN_ACCEPTED) break;
  }
  free(copy);
}

/* Before a hand's first line: the bidders as its auction starts, from a
 * copy of the game given this dealer and any deal (the cards do not
 * change who may bid). */
static void view_first_bidders(const Recorder *r, RecView *v) {
  PnGame *copy = malloc(sizeof *copy);
  if (!copy) return;
  *copy = r->game;
  PnOutcome out;
  PnEvent dealer = {.action = PN_EV_DEALER, .seat = v->dealer, .suit = -1, .meld = -1}, deal[SIM_MAX_DEAL_EVENTS];
  SimRng rng;
  sim_rng_seed(&rng, 1);
  bool ok = pn_game_apply(copy, &dealer, &out) >= PN_ACCEPTED;
  int n = ok ? sim_deal_events(&rng, copy, deal) : 0;
  for (int i = 0; ok && i < n; i++) ok = pn_game_apply(copy, &deal[i], &out) >= PN_ACCEPTED;
  if (ok && copy->hand.phase == PN_PHASE_BID) view_bidders(copy, v);
  free(copy);
}

/* A hand typed in table order: from its stand-in and its tricks. */
static void view_table(Recorder *r, RecView *v) {
  TableNow *now = table_now(r);
  if (now == NULL) return;
  const PnGame *g = &now->game;
  const Tricks *t = &now->tricks;
  const PnHand *h = &g->hand;
  PnExpect ex;
  pn_game_expect(g, &ex);
  v->hand = h->number;
  v->dealer = h->dealer;
  v->high_bid = h->high_bid;
  v->high_bidder = h->high_bidder;
  v->trump = h->trump;
  v->lines = r->lines;
  add_plays(r->typed, r->ntyped, &v->played);
  view_exchange(r, g, v);
  if (h->phase == PN_PHASE_BID) {
    v->stage = REC_STAGE_BID;
    v->seat = ex.seat;
    if (ex.min_bid > 0) v->min_bid = ex.min_bid;
    view_bidders(g, v);
  } else if (h->trump < 0) {
    v->stage = REC_STAGE_TRUMP;
    v->seat = h->high_bidder;
  } else {
    v->stage = REC_STAGE_PLAY;
    v->tricks_done = t->done;
    v->ntrick = t->ntrick;
    memcpy(v->trick, t->trick, sizeof v->trick);
    memcpy(v->trick_seat, t->trick_seat, sizeof v->trick_seat);
    v->seat = t->done < h->tricks_total ? t->next : 0;
    v->tricks_total = h->tricks_total;
    if (v->seat) v->forced = forced_card(r, g, v->seat, &v->played);
  }
  if (r->ntyped == 0) v->stage = REC_STAGE_DEALER; /* the dealer may still change */
  free(now);
}

void rec_view(Recorder *r, RecView *v) {
  memset(v, 0, sizeof *v);
  const PnGame *g = &r->game;
  const PnHand *h = &g->hand;
  v->trump = -1;
  v->forced = -1;
  v->bid_step = g->rules.bid_step > 0 ? g->rules.bid_step : 10;
  v->min_bid = v->lowest_bid = g->rules.min_bid;
  v->widow = g->rules.widow;
  if (g->over) {
    v->stage = REC_STAGE_OVER;
    v->hand = g->hands_played;
    return;
  }
  if (r->mode == &rec_table_order && !r->committed) {
    view_table(r, v);
    return;
  }
  v->hand = h->phase == PN_PHASE_DEALER ? g->hands_played + 1 : h->number;
  v->dealer = h->phase == PN_PHASE_DEALER || h->phase == PN_PHASE_DONE ? r->next_dealer : h->dealer;
  if (h->phase == PN_PHASE_DONE) v->stage = REC_STAGE_DONE;
  else if (h->phase == PN_PHASE_DEALER || (table_possible(r) && r->nevents <= 1)) {
    v->stage = REC_STAGE_DEALER;
    v->seat = pn_next_seat(&g->rules, v->dealer); /* the first bidder */
    view_first_bidders(r, v);
  } else {
    v->stage = REC_STAGE_DEAL;
    add_plays(r->events, r->nevents, &v->played);
  }
}

const PnRules *rec_rules(const Recorder *r) { return &r->game.rules; }

const char *rec_line_text(const Recorder *r, int n) {
  return !r->committed && n >= 1 && n <= r->lines && n <= MAX_HAND_EVENTS ? r->line_text[n] : NULL;
}

int rec_meld_value(const Recorder *r, const PnCards *cards) {
  int trump = r->game.hand.trump;
  if (r->mode == &rec_table_order && !r->committed) {
    PnGame *g = table_standin_now(r);
    trump = g ? g->hand.trump : -1;
    free(g);
  }
  if (trump < 0) return -1;
  PnMeldResult best;
  return pn_meld_best(&r->game.rules, trump, cards, &best);
}
