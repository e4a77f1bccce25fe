/*
 * hand_int.h - what hand.c, hand_bid.c, hand_play.c and hand_score.c share
 * (src/rules only).  The small helpers are static inline so each file keeps
 * its own copy, as when they were one file; the handlers one file dispatches
 * to another are declared here.
 */
#ifndef PN_HAND_INT_H
#define PN_HAND_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pinochle.h"
#include "judge.h"

enum { COL_ROW = 0, COL_SEAT = 4, COL_ACTION = 5, COL_CARDS = 6, COL_VALUE = 7 };

static inline PnVerdict impossible(PnOutcome *out, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out->reason, sizeof out->reason, fmt, ap);
  va_end(ap);
  out->verdict = PN_IMPOSSIBLE;
  out->col = col;
  return PN_IMPOSSIBLE;
}

static inline PnVerdict finding(PnOutcome *out, PnFindingKind kind, int seat, PnCard card) {
  out->verdict = PN_ACCEPTED_FINDING;
  out->finding.kind = kind;
  out->finding.seat = seat;
  out->finding.card = card;
  return PN_ACCEPTED_FINDING;
}

/* The seat at `seat`'s left (seats 1..players; no division: once a play). */
static inline int next_seat(const PnGame *g, int seat) { return pn_next_seat(&g->rules, seat); }

static inline int dix_card(const PnGame *g) {
  int rank = pn_dix_rank(g->rules.deck);
  return (rank < 0 || g->hand.trump < 0) ? -1 : PN_CARD(g->hand.trump, rank);
}

static inline bool is_dix(const PnGame *g, PnCard card) { return card != PN_NO_CARD && card == dix_card(g); }

static inline bool card_in_deck(const PnGame *g, PnCard card) {
  static const int LOWEST[] = {[PN_DECK_SINGLE] = PN_NINE, [PN_DECK_SINGLE64] = PN_SEVEN,
                               [PN_DECK_DOUBLE] = PN_JACK};
  return card < PN_CARD_KINDS && PN_RANK(card) <= LOWEST[g->rules.deck];
}

static inline void cards_remove(PnCards *from, const PnCards *what) {
  for (int c = 0; c < PN_CARD_KINDS; c++) from->n[c] = (uint8_t)(from->n[c] - what->n[c]);
}

static inline void cards_add(PnCards *to, const PnCards *what) {
  for (int c = 0; c < PN_CARD_KINDS; c++) to->n[c] = (uint8_t)(to->n[c] + what->n[c]);
}

static inline PnCards event_cards(const PnEvent *ev) {
  PnCards cards = {{0}};
  pn_cards_add_list(&cards, ev->cards, ev->ncards);
  return cards;
}

static inline void table_cards(const PnHand *h, int seat, PnCards *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < h->ntable[seat - 1]; i++) out->n[h->table[seat - 1][i].card]++;
}

/* Names the first card of `want` that `have` lacks, for messages. */
static inline const char *missing_card(const PnCards *have, const PnCards *want, char buf[3]) {
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (want->n[c] > have->n[c]) return pn_card_str((PnCard)c, buf);
  return pn_card_str(PN_NO_CARD, buf);
}

static inline int tricks_in_hand(const PnRules *r) {
  if (r->flow == PN_FLOW_TWO_HAND) return pn_deck_size(r->deck) / 2;
  return r->hand_size;
}

static inline int stock_size(const PnRules *r) { return pn_deck_size(r->deck) - 2 * r->hand_size - 1; }

/* hand.c */
int hand_competitor_of(const PnGame *g, int seat);
int hand_competitor_count(const PnGame *g);

/* hand_bid.c */
int hand_lowest_good_bid(const PnGame *g);
PnVerdict hand_apply_bid(PnGame *g, const PnEvent *ev, PnOutcome *out);
const char *hand_not_ready(const PnGame *g);
PnVerdict hand_apply_trump(PnGame *g, const PnEvent *ev, PnOutcome *out);
PnVerdict hand_apply_call(PnGame *g, const PnEvent *ev, PnOutcome *out);
PnVerdict hand_apply_discard(PnGame *g, const PnEvent *ev, PnOutcome *out);
PnVerdict hand_apply_give(PnGame *g, const PnEvent *ev, PnOutcome *out);
PnVerdict hand_apply_dix(PnGame *g, const PnEvent *ev, PnOutcome *out);
PnVerdict hand_apply_shown_meld(PnGame *g, const PnEvent *ev, PnOutcome *out);
PnVerdict hand_apply_moon(PnGame *g, const PnEvent *ev, PnOutcome *out);

/* hand_play.c */
PnVerdict hand_apply_progressive_meld(PnGame *g, const PnEvent *ev, PnOutcome *out);
void hand_draw_cards(PnGame *g);
PnVerdict hand_apply_play_row(PnGame *g, const PnEvent *ev, PnOutcome *out);

/* hand_score.c */
void hand_score(PnGame *g);

#endif
