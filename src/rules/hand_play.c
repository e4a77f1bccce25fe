/*
 * hand_play.c - tricks, and the two-hand draws and melds between them.
 * Split from hand.c by concern; what the files share is in hand_int.h.
 */
#include "pinochle.h"

#include <string.h>

#include "hand_int.h"

/* ------------------------------------------------------- two-hand melds */

/* Melds one named meld from the trick winner's hand and table (RULES.md
 * section 3, two-hand).  An invalid meld is a meld-claim finding and
 * changes nothing but the turn's meld count. */
PnVerdict hand_apply_progressive_meld(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  int seat = ev->seat;
  if (!h->draw_pending || h->playoff || seat != h->last_winner)
    return impossible(out, COL_SEAT, "only the winner of the last trick may meld, before the draws");
  PnCards want = event_cards(ev), have;
  pn_held(g, seat, &have);
  char buf[3];
  if (ev->ncards == 0) return impossible(out, COL_CARDS, "a meld row needs its cards");
  if (!pn_cards_contains(&have, &want))
    return impossible(out, COL_CARDS, "seat %d does not hold %s", seat, missing_card(&have, &want, buf));

  out->finding.claimed = ev->has_value ? ev->value : 0;
  int kind = ev->meld >= 0 ? ev->meld : pn_meld_identify(r, h->trump, ev->cards, ev->ncards);
  bool second = h->melds_this_turn++ > 0;
  if (second || kind < 0 || kind == PN_MELD_DIX || kind == PN_MELD_ROUND_ROBIN ||
      pn_meld_identify(r, h->trump, ev->cards, ev->ncards) != kind)
    return finding(out, PN_FIND_MELD_CLAIM, seat, PN_NO_CARD);

  int value = pn_meld_value(r, (PnMeldKind)kind);
  int cls = pn_meld_class((PnMeldKind)kind);
  PnTableCard *table = h->table[seat - 1];
  int ntable = h->ntable[seat - 1];
  bool reuse[PN_MAX_TABLE] = {false};
  PnCards from_hand = {{0}};
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < want.n[c]; k++) {
      int found = -1; /* a table copy that may serve again: earliest first */
      for (int i = 0; i < ntable && found < 0; i++)
        if (!reuse[i] && table[i].card == c && table[i].best_in_class[cls] < value) found = i;
      if (found >= 0) reuse[found] = true;
      else from_hand.n[c]++;
    }
  if (pn_cards_total(&from_hand) == 0 || !pn_cards_contains(&h->held[seat - 1], &from_hand))
    return finding(out, PN_FIND_MELD_CLAIM, seat, PN_NO_CARD);

  for (int i = 0; i < ntable; i++)
    if (reuse[i]) table[i].best_in_class[cls] = (int16_t)value;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < from_hand.n[c]; k++) {
      PnTableCard *t = &table[h->ntable[seat - 1]++];
      memset(t, 0, sizeof *t);
      t->card = (PnCard)c;
      t->best_in_class[cls] = (int16_t)value;
    }
  cards_remove(&h->held[seat - 1], &from_hand);
  h->meld_points[seat - 1] += value;
  if (ev->has_value && ev->value != value) { /* the meld stands; the claim was wrong */
    out->finding.computed = value;
    return finding(out, PN_FIND_MELD_CLAIM, seat, PN_NO_CARD);
  }
  out->finding.claimed = 0;
  return PN_ACCEPTED;
}

/* The draws after a stock-phase trick: winner first; after the last stock
 * trick the loser takes the turn-up (or the dix exchanged for it), and the
 * table melds go back to the hands for the playoff. */
void hand_draw_cards(PnGame *g) {
  PnHand *h = &g->hand;
  int winner = h->last_winner, loser = next_seat(g, winner);
  h->draw_pending = false;
  int draws[2] = {winner, loser};
  for (int i = 0; i < 2; i++) {
    PnCard card;
    if (h->stock_pos < h->stock_len) {
      card = h->stock[h->stock_pos++];
      if (is_dix(g, card)) h->dix_fresh[draws[i] - 1]++;
    } else {
      card = h->turnup; /* already counted if it is a dix */
      h->turnup = PN_NO_CARD;
    }
    h->held[draws[i] - 1].n[card]++;
  }
  if (h->stock_pos >= h->stock_len && h->turnup == PN_NO_CARD) {
    h->playoff = true;
    for (int s = 1; s <= g->rules.players; s++) {
      PnCards table;
      table_cards(h, s, &table);
      cards_add(&h->held[s - 1], &table);
      h->ntable[s - 1] = 0;
    }
  }
}

void pn_held_next(const PnGame *g, int seat, PnCards *out) {
  if (!g->hand.draw_pending) {
    pn_held(g, seat, out);
    return;
  }
  PnGame view = *g;
  hand_draw_cards(&view);
  pn_held(&view, seat, out);
}

/* ------------------------------------------------------------------ play */

static void remove_played(PnHand *h, int seat, PnCard card) {
  PnTableCard *table = h->table[seat - 1];
  int n = h->ntable[seat - 1];
  for (int i = 0; i < n; i++)
    if (table[i].card == card) { /* the table copy, earliest melded, goes first */
      memmove(&table[i], &table[i + 1], (size_t)(n - i - 1) * sizeof *table);
      h->ntable[seat - 1]--;
      return;
    }
  h->held[seat - 1].n[card]--;
}

static void finish_trick(PnGame *g) {
  PnHand *h = &g->hand;
  int w = h->trick_seat[judge_winner(h->trick, h->ntrick, h->trump)];
  h->trick_leader[h->trick_no] = (uint8_t)h->leader;
  h->trick_winner[h->trick_no] = (uint8_t)w;
  h->tricks_won[w - 1]++;
  h->counters[w - 1] += pn_counters_of(g->rules.count, h->trick, h->ntrick);
  h->trick_no++;
  h->last_winner = h->leader = h->turn = w;
  h->ntrick = 0;
  if (h->trick_no == h->tricks_total) {
    h->counters[w - 1] += pn_last_trick_bonus(g->rules.count);
    hand_score(g);
    return;
  }
  if (g->rules.flow == PN_FLOW_TWO_HAND && !h->playoff) {
    h->draw_pending = true;
    h->melds_this_turn = 0;
    h->dix_this_turn = 0;
  }
}

static PnVerdict apply_play(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  int seat = ev->seat; /* read once: stores to the hand may alias *ev */
  if (seat != h->turn) return impossible(out, COL_SEAT, "out of turn: seat %d is to play", h->turn);
  if (ev->ncards != 1) return impossible(out, COL_CARDS, "play names exactly one card");
  PnCard card = ev->cards[0];
  PnGame before;
  bool drew = h->draw_pending;
  if (drew) {
    before = *g; /* the draws happen before the play can be judged */
    hand_draw_cards(g);
  }
  /* Two-hand table cards are held too; without any, read the hand in place. */
  PnCards with_table;
  const PnCards *held = &h->held[seat - 1];
  if (h->ntable[seat - 1] > 0) {
    pn_held(g, seat, &with_table);
    held = &with_table;
  }
  if (!held->n[card]) {
    char buf[3];
    if (drew) *g = before;
    return impossible(out, COL_CARDS, "seat %d does not hold %s", seat, pn_card_str(card, buf));
  }
  PnVerdict verdict = PN_ACCEPTED;
  PnFindingKind kind = PN_FIND_NONE;
  SuitSlice legal, obliged;
  if (h->ntrick > 0) { /* a lead may be any card held */
    PnObligation ob;
    pn_obligation(g, &ob);
    kind = judge_play(&ob, held, h->trick, h->ntrick, h->trump, card, &legal, &obliged);
  }
  if (kind != PN_FIND_NONE) { /* else the evidence stays empty, as pn_game_apply left it */
    judge_slice_cards(held, obliged, &out->finding.evidence);
    h->reneged[seat - 1] = true;
    uint8_t *count = &h->reneges[seat - 1][kind - PN_FIND_RENEGE_FOLLOW];
    if (*count < 255) (*count)++;
    out->finding.trick = h->trick_no + 1;
    verdict = finding(out, kind, seat, card);
  }
  remove_played(h, seat, card);
  int *fresh = &h->dix_fresh[seat - 1]; /* a played dix can no longer be counted */
  int left = h->held[seat - 1].n[card];
  if (*fresh > left && is_dix(g, card)) *fresh = left;
  h->trick[h->ntrick] = card;
  h->trick_seat[h->ntrick++] = seat;
  if (h->ntrick == g->rules.players) finish_trick(g);
  else h->turn = next_seat(g, h->turn);
  return verdict;
}

/* Moves the hand from preparation to play: the bidder leads, otherwise
 * the player at the dealer's left. */
static PnVerdict begin_play(PnGame *g, PnOutcome *out) {
  PnHand *h = &g->hand;
  const char *why = hand_not_ready(g);
  if (why) return impossible(out, COL_ACTION, "play before the hand is ready: %s", why);
  h->phase = PN_PHASE_PLAY;
  h->leader = h->turn = pn_first_leader(g);
  return PN_ACCEPTED;
}

/* A play row, in preparation (the first lead, which starts the play and
 * is undone with it when impossible) or during the play. */
PnVerdict hand_apply_play_row(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  bool first_lead = h->phase == PN_PHASE_PREPARE;
  int leader = h->leader, turn = h->turn;
  if (first_lead && begin_play(g, out) != PN_ACCEPTED) return PN_IMPOSSIBLE;
  PnVerdict verdict = apply_play(g, ev, out);
  if (first_lead && verdict == PN_IMPOSSIBLE) {
    h->phase = PN_PHASE_PREPARE; /* undo begin_play; nothing else changed */
    h->leader = leader;
    h->turn = turn;
  }
  return verdict;
}
