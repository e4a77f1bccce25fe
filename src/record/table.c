/*
 * table.c - a hand typed in table order: what the scorekeeper sees, as it
 * happens, with no deal rows (every preset without a stock).
 *
 * The rows are kept as typed (r->typed, a play per row).  Three things
 * are worked out from them:
 *   - a stand-in game: the public rows before the play (turn-up, widow,
 *     bids, trump, call) applied by the engine to any deal that agrees
 *     with the turn-up and widow, for whose turn it is in the bidding,
 *     the bidder and trump.  Nothing of the stand-in deal is ever shown
 *     or stored.
 *   - the tricks: who leads (pn_first_leader), who plays next (the next
 *     seat round the table), who wins (pn_trick_winner).
 *   - reneges as soon as they are provable: the cards a seat certainly
 *     held at a play are the ones it plays then or later, and the meld it
 *     showed and has not played yet (no stock: a hand only shrinks once
 *     the play begins); pn_classify_play on that lower bound.
 * When the last trick is in (and the gives, discards and widow), the deal
 * is inferred, checked to be a whole deck dealt as the preset deals it,
 * and the hand goes through the engine as if its deal rows had been typed
 * first: the stored hand cannot tell the difference.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recorder_int.h"
#include "replay.h"
#include "table_int.h"

static bool is_public(PnAction a) {
  return a == PN_EV_TURNUP || a == PN_EV_WIDOW || a == PN_EV_BID || a == PN_EV_PASS || a == PN_EV_TRUMP ||
         a == PN_EV_CALL;
}

static PnCards cards_of(const PnEvent *ev) {
  PnCards c;
  pn_event_cards(ev, &c);
  return c;
}

static int next_seat(const PnGame *g, int seat) { return pn_next_seat(&g->rules, seat); }

bool table_possible(const Recorder *r) {
  return r->game.rules.flow != PN_FLOW_TWO_HAND && r->game.rules.dealt_all;
}

/* ------------------------------------------------------------ stand-in */

/* The typed row of this action (turn-up, widow, discard), or NULL. */
static const PnEvent *typed_row(const Recorder *r, PnAction action) {
  for (int i = 0; i < r->ntyped; i++)
    if (r->typed[i].action == action) return &r->typed[i];
  return NULL;
}

/* Builds the stand-in game (see the top).  Returns -1, or the index in
 * r->typed of the first public row the engine refused, with out->reason.
 * `upto`: only rows typed before this index count. */
static int standin(const Recorder *r, PnGame *g, int upto, PnOutcome *out) {
  *g = r->hand_start;
  pn_game_apply(g, &r->events[0], out); /* the dealer row: accepted before */
  const PnRules *ru = &g->rules;
  int dealer = g->hand.dealer;
  const PnEvent *turnup = NULL, *widow = NULL;
  for (int i = 0; i < upto; i++) {
    if (r->typed[i].action == PN_EV_TURNUP && !turnup) turnup = &r->typed[i];
    if (r->typed[i].action == PN_EV_WIDOW && !widow) widow = &r->typed[i];
  }
  PnCards pool, hands[PN_MAX_SEATS] = {{{0}}};
  pn_deck_cards(ru->deck, &pool);
  if (turnup && ru->flow == PN_FLOW_TURNUP && pool.n[turnup->cards[0]]) { /* a card of the dealer's hand */
    hands[dealer - 1].n[turnup->cards[0]]++;
    pool.n[turnup->cards[0]]--;
  }
  if (widow)
    for (int i = 0; i < widow->ncards; i++)
      if (pool.n[widow->cards[i]]) pool.n[widow->cards[i]]--;
  int c = 0;
  for (int s = 0; s < ru->players; s++)
    for (int have = pn_cards_total(&hands[s]); have < ru->hand_size; have++) {
      while (c < PN_CARD_KINDS && !pool.n[c]) c++;
      if (c == PN_CARD_KINDS) break;
      pool.n[c]--;
      hands[s].n[c]++;
    }
  for (int s = 1; s <= ru->players; s++) {
    PnEvent ev = {.action = PN_EV_DEAL, .seat = s, .suit = -1, .meld = -1};
    for (int k = 0; k < PN_CARD_KINDS; k++)
      for (int n = 0; n < hands[s - 1].n[k]; n++) ev.cards[ev.ncards++] = (PnCard)k;
    pn_game_apply(g, &ev, out);
  }
  if (ru->widow > 0 && !widow) { /* a stand-in widow: the rest */
    PnEvent ev = {.action = PN_EV_WIDOW, .suit = -1, .meld = -1};
    for (int k = 0; k < PN_CARD_KINDS; k++)
      for (int n = 0; n < pool.n[k] && ev.ncards < ru->widow; n++) ev.cards[ev.ncards++] = (PnCard)k;
    pn_game_apply(g, &ev, out);
  }
  /* the deal-phase rows first, wherever they were typed (a widow seen
   * after the bidding still belongs to the deal), then the others */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < upto; i++) {
      PnAction a = r->typed[i].action;
      bool deal_phase = a == PN_EV_TURNUP || a == PN_EV_WIDOW;
      if (is_public(a) && deal_phase == (pass == 0) && pn_game_apply(g, &r->typed[i], out) == PN_IMPOSSIBLE)
        return i;
    }
  return -1;
}

/* ------------------------------------------------------------ tricks */

void table_walk_tricks(const Recorder *r, const PnGame *g, Tricks *t) {
  memset(t, 0, sizeof *t);
  t->next = pn_first_leader(g);
  for (int i = 0; i < r->ntyped; i++) {
    if (r->typed[i].action != PN_EV_PLAY) continue;
    Play *p = &t->plays[t->nplays++];
    p->index = i;
    p->trick = t->done;
    p->seat = r->typed[i].seat;
    p->card = r->typed[i].cards[0];
    p->count = t->ntrick;
    memcpy(p->before, t->trick, sizeof p->before);
    t->trick[t->ntrick] = p->card;
    t->trick_seat[t->ntrick++] = p->seat;
    if (t->ntrick == g->rules.players) {
      t->next = t->trick_seat[pn_trick_winner(t->trick, t->ntrick, g->hand.trump)];
      t->ntrick = 0;
      t->done++;
    } else {
      t->next = next_seat(g, p->seat);
    }
  }
}

/* ------------------------------------------------------------ reneges */

/* Reports each renege that has become provable (not reported before);
 * returns how many. */
static int new_reneges(Recorder *r, const PnGame *g, const Tricks *t, unsigned *seats) {
  PnObligation ob;
  pn_obligation(g, &ob);
  PnCards shown[PN_MAX_SEATS] = {{{0}}}; /* meld on the table when the play began */
  for (int i = 0; i < r->ntyped; i++) {
    const PnEvent *ev = &r->typed[i];
    if (ev->action != PN_EV_MELD || ev->seat < 1) continue;
    PnCards m = cards_of(ev);
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (m.n[c] > shown[ev->seat - 1].n[c]) shown[ev->seat - 1].n[c] = m.n[c];
  }
  int found = 0;
  for (int k = 0; k < t->nplays; k++) {
    const Play *p = &t->plays[k];
    if (r->told[p->index] || p->count == 0) continue; /* a lead is not judged */
    int later[PN_CARD_KINDS] = {0}, earlier[PN_CARD_KINDS] = {0};
    for (int j = 0; j < t->nplays; j++)
      if (t->plays[j].seat == p->seat) (j >= k ? later : earlier)[t->plays[j].card]++;
    /* What the seat certainly held at this play: no stock, so nothing comes
     * into a hand once the play begins; it held what it plays now or later,
     * and the meld it showed less what of it it had played before. */
    PnCards held = {0};
    for (int c = 0; c < PN_CARD_KINDS; c++) {
      int shown_left = shown[p->seat - 1].n[c] - earlier[c];
      held.n[c] = (uint8_t)(later[c] > shown_left ? later[c] : shown_left);
    }
    PnOutcome out = {.verdict = PN_ACCEPTED_FINDING};
    PnFindingKind kind = pn_classify_play(&ob, &held, p->before, p->count, g->hand.trump, p->card,
                                          &out.finding.evidence);
    if (kind == PN_FIND_NONE) continue;
    /* Not following with no card of the led suit known is a renege of
     * trump or overtrump only if the seat held none of it, which is known
     * once all its plays are in; till then it may be renege-follow.  The
     * kind said is the kind stored. */
    int plays = 0;
    for (int j = 0; j < t->nplays; j++) plays += t->plays[j].seat == p->seat;
    if ((kind == PN_FIND_RENEGE_TRUMP || kind == PN_FIND_RENEGE_OVERTRUMP) && plays < g->hand.tricks_total) continue;
    out.finding.kind = kind;
    out.finding.seat = p->seat;
    out.finding.card = p->card;
    out.finding.trick = p->trick + 1;
    r->told[p->index] = r->lines; /* taking back this line takes back the report */
    rec_say(r, "trick %d: ", p->trick + 1);
    rec_report_finding(r, &out);
    *seats |= 1u << (p->seat - 1);
    found++;
  }
  return found;
}

/* ------------------------------------------------------------ the end */

static void add_cards(int counts[PN_CARD_KINDS], const PnEvent *ev, int sign) {
  for (int i = 0; i < ev->ncards; i++) counts[ev->cards[i]] += sign;
}

/* Each seat's dealt hand from the rows typed: the cards it played, plus
 * what it gave away, less what it received; the bidder's discards less
 * the widow; a dix exchanged for the turn-up.  Says what does not add up
 * and returns -1 then (or when rows are missing). */
/* The rows the deal cannot be inferred without (passes, widow, discard):
 * says which is missing and returns true, else false. */
static bool rows_missing(Recorder *r, const PnGame *g, int ngives, const PnEvent *discard, const PnEvent *widow) {
  const PnRules *ru = &g->rules;
  const PnHand *h = &g->hand;
  bool passing = ru->exchange == PN_EXCHANGE_PASS || ru->exchange == PN_EXCHANGE_CALL_PASS;
  if (passing && h->high_bidder && ru->pass_cards > 0 && ngives < 2 &&
      !(ru->exchange == PN_EXCHANGE_CALL_PASS && ngives == 0)) {
    rec_say(r, "the last trick is in: enter the cards passed (SEAT give CARD...) to finish the hand\n");
    return true;
  }
  if (ru->widow > 0 && !widow) {
    rec_say(r, "the last trick is in: enter the widow (widow CARD...) to finish the hand\n");
    return true;
  }
  if (ru->exchange == PN_EXCHANGE_WIDOW && h->high_bidder && !discard) {
    rec_say(r, "the last trick is in: enter the bidder's discard (discard CARD...) to finish the hand\n");
    return true;
  }
  return false;
}

/* Moves the cards passed, discarded and exchanged for the dix back to
 * whoever was dealt them. */
static void undo_exchanges(Recorder *r, const PnGame *g, int counts[PN_MAX_SEATS][PN_CARD_KINDS],
                           const PnEvent *gives[2], int ngives, const PnEvent *discard, const PnEvent *widow) {
  const PnRules *ru = &g->rules;
  const PnHand *h = &g->hand;
  const PnEvent *turnup = typed_row(r, PN_EV_TURNUP);
  if (ngives == 2) { /* each receives the other's */
    add_cards(counts[gives[0]->seat - 1], gives[0], 1);
    add_cards(counts[gives[1]->seat - 1], gives[0], -1);
    add_cards(counts[gives[1]->seat - 1], gives[1], 1);
    add_cards(counts[gives[0]->seat - 1], gives[1], -1);
  }
  if (discard && h->high_bidder) {
    add_cards(counts[h->high_bidder - 1], discard, 1);
    if (widow) add_cards(counts[h->high_bidder - 1], widow, -1);
  }
  int dix_rank = pn_dix_rank(ru->deck);
  for (int i = 0; i < r->ntyped; i++) {
    const PnEvent *ev = &r->typed[i];
    if (ev->action != PN_EV_DIX || ev->dix != PN_DIX_EXCHANGE || !turnup || dix_rank < 0 || h->trump < 0) continue;
    PnCard dix = PN_CARD(h->trump, dix_rank), up = turnup->cards[0];
    counts[ev->seat - 1][dix]++;
    counts[ev->seat - 1][up]--;
    counts[h->dealer - 1][up]++;
    counts[h->dealer - 1][dix]--;
  }
}

/* Do the inferred hands add up?  Says where not and returns false. */
static bool deal_adds_up(Recorder *r, const PnRules *ru, int counts[PN_MAX_SEATS][PN_CARD_KINDS],
                         const PnEvent *widow) {
  /* Does it add up?  Seat by seat, then card by card against the deck. */
  PnCards deck;
  pn_deck_cards(ru->deck, &deck);
  int total[PN_CARD_KINDS] = {0};
  if (widow) add_cards(total, widow, 1);
  bool ok = true;
  char two[3];
  for (int s = 1; s <= ru->players; s++) {
    int size = 0;
    for (int c = 0; c < PN_CARD_KINDS; c++) {
      size += counts[s - 1][c];
      total[c] += counts[s - 1][c];
      if (counts[s - 1][c] < 0) {
        rec_say(r, "  %s (seat %d) receives %s (passed, the widow or the dix exchange) and never plays it\n",
                rec_name(r, s), s, pn_card_str((PnCard)c, two));
        ok = false;
      }
    }
    if (size != ru->hand_size) {
      rec_say(r, "  %s (seat %d) holds %d cards, a hand is %d (too %s)\n", rec_name(r, s), s, size, ru->hand_size,
              size > ru->hand_size ? "many" : "few");
      ok = false;
    }
  }
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (total[c] == deck.n[c]) continue;
    ok = false;
    rec_say(r, "  %s: typed %d time%s, the deck has %d", pn_card_str((PnCard)c, two), total[c],
            total[c] == 1 ? "" : "s", deck.n[c]);
    if (total[c] > deck.n[c]) {
      rec_say(r, " (held by");
      for (int s = 1; s <= ru->players; s++)
        if (counts[s - 1][c] > 0) rec_say(r, " %s", rec_name(r, s));
      if (widow && cards_of(widow).n[c]) rec_say(r, " the widow");
      rec_say(r, ")");
    }
    rec_say(r, "\n");
  }
  return ok;
}

/* Each seat's dealt hand, worked out from the rows typed.  Returns 0, or
 * PN_ERR_INPUT (rows missing, or cards that do not add up: r's text says
 * which). */
static int infer_deal(Recorder *r, const PnGame *g, PnCards dealt[PN_MAX_SEATS]) {
  const PnRules *ru = &g->rules;
  int counts[PN_MAX_SEATS][PN_CARD_KINDS] = {{0}};
  const PnEvent *gives[2] = {NULL, NULL}, *discard = typed_row(r, PN_EV_DISCARD), *widow = typed_row(r, PN_EV_WIDOW);
  int ngives = 0;
  for (int i = 0; i < r->ntyped; i++) {
    const PnEvent *ev = &r->typed[i];
    if (ev->action == PN_EV_PLAY) add_cards(counts[ev->seat - 1], ev, 1);
    if (ev->action == PN_EV_GIVE && ngives < 2) gives[ngives++] = ev;
  }
  if (rows_missing(r, g, ngives, discard, widow)) return PN_ERR_INPUT;
  undo_exchanges(r, g, counts, gives, ngives, discard, widow);
  bool ok = deal_adds_up(r, ru, counts, widow);
  if (!ok) {
    rec_say(r, "error: the cards do not add up (above); the hand is not stored: `undo` takes back the last line\n");
    return PN_ERR_INPUT;
  }
  for (int s = 0; s < ru->players; s++)
    for (int c = 0; c < PN_CARD_KINDS; c++) dealt[s].n[c] = (uint8_t)counts[s][c];
  return 0;
}

/* Where a typed row goes in the hand put through the engine: 0 the public
 * rows of the bidding, 1 the cards passed or discarded, 2 the meld, dix
 * and moon, 3 the plays; -1 the turn-up and widow (with the deal). */
static int finish_stage(PnAction a) {
  switch (a) {
    case PN_EV_TURNUP: case PN_EV_WIDOW: return -1;
    case PN_EV_GIVE: case PN_EV_DISCARD: return 1;
    case PN_EV_MELD: case PN_EV_DIX: case PN_EV_MOON: return 2;
    case PN_EV_PLAY: return 3;
    default: return 0;
  }
}

/* With the last trick in: infers the deal and puts the hand through the
 * engine as if the deal had been typed first (which stores it). */
static RecResult finish(Recorder *r, const PnGame *g, PnDiag *diag) {
  PnCards dealt[PN_MAX_SEATS];
  if (infer_deal(r, g, dealt) != 0) return REC_ACCEPTED; /* the line stays; undo or add rows */
  PnEvent *list = malloc(sizeof(PnEvent) * MAX_HAND_EVENTS);
  PnGame *saved = malloc(sizeof *saved);
  RecResult rc = REC_FAILED;
  if (!list || !saved) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  int n = 0;
  for (int s = 1; s <= g->rules.players; s++) {
    char text[PN_MAX_EVENT_CARDS * 4], err[160];
    int col;
    pn_cards_str(&dealt[s - 1], text, sizeof text); /* canonical order, as a log has it */
    pn_event_from_text(PN_EV_DEAL, s, text, "", &list[n++], &col, err, sizeof err);
  }
  for (int i = 0; i < r->ntyped; i++)
    if (r->typed[i].action == PN_EV_TURNUP || r->typed[i].action == PN_EV_WIDOW) list[n++] = r->typed[i];
  /* The other rows where the engine wants them and a log has them: the
   * bidding, trump and call as typed; then the gives and discards; then
   * the meld, dix and moon rows as typed; then the plays.  A row typed
   * late (whenever it was known) so goes before the first lead. */
  for (int stage = 0; stage < 4; stage++)
    for (int i = 0; i < r->ntyped; i++)
      if (finish_stage(r->typed[i].action) == stage) list[n++] = r->typed[i];
  *saved = r->game;
  for (int i = 0; i < n; i++) {
    rc = rec_record_event(r, &list[i], true, diag);
    if (rc == REC_FAILED || rc == REC_STORED) break;
    if (rc != REC_ACCEPTED) {
      rec_say(r, "error: the inferred deal does not play (above); the hand is not stored: `undo` takes back the "
                 "last line\n");
      r->game = *saved;
      r->nevents = 1;
      rc = REC_ACCEPTED;
      goto done;
    }
  }
  if (rc == REC_STORED) {
    r->mode = &rec_deal_first; /* the hand is its events now */
    r->ntyped = 0;
  }
done:
  free(list);
  free(saved);
  return rc;
}

/* ------------------------------------------------------------ lines */

void table_begin(Recorder *r) {
  r->mode = &rec_table_order;
  r->ntyped = 0;
  r->lines = 0;
  for (int i = 1; i < r->nevents; i++) { /* a turn-up or widow typed first */
    char cards[PN_MAX_EVENT_CARDS * 4];
    PnCards c = cards_of(&r->events[i]);
    snprintf(r->line_text[r->lines + 1], REC_LINE_MAX, "%s %s", pn_action_name(r->events[i].action),
             pn_cards_str(&c, cards, sizeof cards));
    r->typed_line[r->ntyped] = ++r->lines;
    r->told[r->ntyped] = 0;
    r->typed[r->ntyped++] = r->events[i];
  }
  r->nevents = 1;
  rec_rebuild_hand(r);
}

/* Takes back every line from `line` on (lines before it stay). */
static void table_truncate(Recorder *r, int line) {
  int keep = 0;
  while (keep < r->ntyped && r->typed_line[keep] < line) keep++;
  r->ntyped = keep;
  for (int i = 0; i < r->ntyped; i++) /* a renege a later line proved is unproved again */
    if (r->told[i] >= line) r->told[i] = 0;
  if (r->voids_waived >= line) r->voids_waived = 0;
  r->lines = line - 1;
}

static RecResult pop_line(Recorder *r) {
  if (r->ntyped == 0) return REC_REFUSED;
  int line = r->typed_line[r->ntyped - 1];
  while (r->ntyped > 0 && r->typed_line[r->ntyped - 1] == line) r->ntyped--;
  for (int i = 0; i < r->ntyped; i++) /* a renege this line proved is unproved again */
    if (r->told[i] == line) r->told[i] = 0;
  if (r->voids_waived >= line) r->voids_waived = 0;
  r->lines = line - 1;
  return REC_ACCEPTED;
}

/* Are all the tricks in, and may the hand be finished now?  Under --redo
 * the hand is held until `done` (said once, at the line that completes it). */
static bool all_in(Recorder *r, const PnGame *g, const Tricks *t) {
  if (t->done != g->hand.tricks_total) return false;
  if (!r->redo_hold) return true;
  if (!r->hold_finish && !r->journal_off)
    rec_say(r, "all %d tricks are in: `done` replaces the stored hand %d (`lines` lists its lines)\n", t->done,
            r->redo);
  return false;
}

/* "error: REASON" once the bidding is over, with what comes now in table
 * order: the next play (the meld, gives and discards go in at any time). */
static void say_next_play(Recorder *r, const PnGame *g, const char *reason) {
  Tricks *t = malloc(sizeof *t);
  rec_say(r, "error: %s", reason);
  if (t) table_walk_tricks(r, g, t);
  if (t && t->done < g->hand.tricks_total)
    rec_say(r, ": now %s (seat %d) to play, or the meld, cards passed or discarded", rec_name(r, t->next), t->next);
  rec_say(r, "\n");
  free(t);
}

/* After a line went into r->typed: the stand-in and tricks again, the
 * reneges it made provable, and the end of the hand. */
static RecResult settle(Recorder *r, int from, PnDiag *diag) {
  PnGame *g = malloc(sizeof *g);
  Tricks *t = malloc(sizeof *t);
  RecResult rc = REC_FAILED;
  if (!g || !t) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    goto done;
  }
  PnOutcome out;
  int bad = standin(r, g, r->ntyped, &out);
  if (bad >= 0) { /* g: the stand-in before the row refused */
    if ((g->hand.phase == PN_PHASE_PREPARE || g->hand.phase == PN_PHASE_PLAY) && g->hand.trump >= 0)
      say_next_play(r, g, out.reason);
    else rec_say_refusal(r, g, &r->typed[bad], out.reason);
    pop_line(r);
    rc = REC_REFUSED;
    goto done;
  }
  if (g->hand.phase == PN_PHASE_DONE && g->hand.result.redeal) { /* all passed: no play to infer a deal from */
    rec_say(r, "error: everyone passed and the hand is redealt: with no play its deal cannot be worked out; "
               "`undo` to the dealer row and type the deal rows first\n");
    pop_line(r);
    rc = REC_REFUSED;
    goto done;
  }
  table_walk_tricks(r, g, t);
  size_t said_from = r->text_len;
  unsigned known_seat = 0, found_seats = 0;
  int void_renege = table_check_known(r, g, t, &known_seat); /* against every deal still possible */
  size_t said_to = r->text_len;
  if (void_renege < 0) {
    pop_line(r);
    rc = REC_REFUSED;
    goto done;
  }
  if (void_renege) r->voids_waived = r->lines; /* `no` takes the line, and this, back */
  for (int k = 0; k < t->nplays; k++) { /* tricks this line completed: who won, its counters */
    const Play *p = &t->plays[k];
    if (p->index < from || p->count != g->rules.players - 1) continue;
    PnCard cards[PN_MAX_SEATS];
    memcpy(cards, p->before, sizeof cards);
    cards[p->count] = p->card;
    int seats[PN_MAX_SEATS];
    for (int i = 0; i <= p->count; i++) seats[i] = t->plays[k - p->count + i].seat;
    int seat = seats[pn_trick_winner(cards, p->count + 1, g->hand.trump)];
    int points = pn_counters_of(g->rules.count, cards, g->rules.players);
    if (p->trick + 1 == g->hand.tricks_total) points += pn_last_trick_bonus(g->rules.count);
    rec_say_trick(r, p->trick + 1, cards, seats, p->count + 1, seat, points);
  }
  int reneges = new_reneges(r, g, t, &found_seats) + void_renege;
  if (known_seat && (known_seat & ~found_seats) == 0) rec_unsay(r, said_from, said_to); /* the finding says it, once */
  if (reneges && !r->auto_yes) {
    r->question = REC_ASK_RENEGE_LINE;
    rec_say(r, "that is a renege: record it as played? (yes/no)\n");
    rc = REC_PENDING;
    goto done;
  }
  rc = all_in(r, g, t) && !r->hold_finish ? finish(r, g, diag) : REC_ACCEPTED;
done:
  free(g);
  free(t);
  return rc;
}

/* Appends a row of the current line. */
static bool push(Recorder *r, const PnEvent *ev, int line) {
  if (r->ntyped == MAX_HAND_EVENTS) {
    rec_say(r, "error: too many rows in one hand\n");
    return false;
  }
  r->typed_line[r->ntyped] = line;
  r->told[r->ntyped] = 0;
  if (line >= 1 && line <= MAX_HAND_EVENTS) snprintf(r->line_text[line], REC_LINE_MAX, "%s", r->line_now);
  r->typed[r->ntyped++] = *ev;
  return true;
}

/* The stand-in of what is typed so far, or NULL (out of memory). */
static PnGame *standin_now(const Recorder *r) {
  PnGame *g = malloc(sizeof *g);
  PnOutcome out;
  if (g) standin(r, g, r->ntyped, &out);
  return g;
}

PnGame *table_standin_now(const Recorder *r) { return standin_now(r); }

TableNow *table_now(const Recorder *r) {
  TableNow *now = malloc(sizeof *now);
  if (now == NULL) return NULL;
  PnOutcome out;
  standin(r, &now->game, r->ntyped, &out);
  table_walk_tricks(r, &now->game, &now->tricks);
  return now;
}

/* table_now, saying "out of memory" into diag when it fails. */
static TableNow *table_now_or_say(const Recorder *r, PnDiag *diag) {
  TableNow *now = table_now(r);
  if (now == NULL) snprintf(diag->msg, sizeof diag->msg, "out of memory");
  return now;
}

/* The seat a row typed without one is for (bidding turn, bidder), or 0. */
static int table_default_seat(Recorder *r, PnAction action) {
  PnGame *g = standin_now(r);
  if (!g) return 0;
  int seat = 0;
  PnExpect ex;
  pn_game_expect(g, &ex);
  if ((action == PN_EV_BID || action == PN_EV_PASS) && g->hand.phase == PN_PHASE_BID) seat = ex.seat;
  if (action == PN_EV_TRUMP || action == PN_EV_CALL || action == PN_EV_DISCARD) seat = g->hand.high_bidder;
  if (action == PN_EV_TURNUP && g->rules.flow == PN_FLOW_TURNUP) seat = g->hand.dealer;
  free(g);
  return seat;
}

static RecResult table_plays(Recorder *r, int seat, const PnCard *cards, int n, PnDiag *diag);

/* One row in table order. */
static RecResult table_event(Recorder *r, const PnEvent *ev, PnDiag *diag) {
  if (ev->action == PN_EV_DEAL || ev->action == PN_EV_STOCK || ev->action == PN_EV_SCORE || ev->action == PN_EV_OUT) {
    rec_say(r, "error: this hand is typed in table order: no %s rows until it is finished\n",
            pn_action_name(ev->action));
    return REC_REFUSED;
  }
  if (ev->action == PN_EV_PLAY) return table_plays(r, ev->seat, ev->cards, ev->ncards, diag);
  PnGame *g = standin_now(r);
  if (!g) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REC_FAILED;
  }
  RecResult rc = REC_REFUSED;
  size_t said = r->text_len, meld_said = said; /* a refused line says only why */
  if (!is_public(ev->action) && g->hand.phase != PN_PHASE_PREPARE && g->hand.phase != PN_PHASE_PLAY) {
    rec_say(r, "error: %s comes after the %s", pn_action_name(ev->action),
            g->hand.phase == PN_PHASE_BID ? "bidding" : "turn-up");
    rec_say_expected(r, g);
    goto done;
  }
  if (ev->action == PN_EV_MELD && g->hand.trump >= 0) { /* its value by the rules, next to the claim */
    PnCards m = cards_of(ev);
    PnMeldResult best;
    int value = pn_meld_best(&g->rules, g->hand.trump, &m, &best);
    rec_say(r, "meld: %s shows %d by the rules", rec_name(r, ev->seat), value);
    if (ev->has_value) rec_say(r, " (claimed %d)", ev->value);
    rec_say(r, "\n");
  }
  meld_said = r->text_len;
  if (table_check_exchange(r, g, ev) != 0) goto done;
  PnOutcome bid;
  if (ev->action == PN_EV_BID && pn_game_apply(g, ev, &bid) == PN_ACCEPTED_FINDING &&
      bid.finding.kind == PN_FIND_BID_TOO_LOW) /* said at once, as when the deal is typed first */
    rec_report_finding(r, &bid);
  if (!push(r, ev, ++r->lines)) {
    r->lines--;
    goto done;
  }
  rc = settle(r, r->ntyped - 1, diag);
done:
  if (rc == REC_REFUSED && meld_said > said && r->text) { /* the meld's value goes with the line */
    memmove(r->text + said, r->text + meld_said, r->text_len - meld_said + 1);
    r->text_len -= meld_said - said;
  }
  free(g);
  return rc;
}

/* Plays in table order (`cards`, n of them, with `seat` typed first or 0). */
static RecResult table_plays(Recorder *r, int seat, const PnCard *cards, int n, PnDiag *diag) {
  TableNow *now = table_now_or_say(r, diag);
  if (now == NULL) return REC_FAILED;
  const PnGame *g = &now->game;
  const Tricks *t = &now->tricks;
  RecResult rc = REC_REFUSED;
  if (g->hand.phase != PN_PHASE_PREPARE && g->hand.phase != PN_PHASE_PLAY) {
    rec_say(r, "error: the play comes after the %s", g->hand.phase == PN_PHASE_BID ? "bidding" : "turn-up");
    rec_say_expected(r, g);
    goto done;
  }
  int players = g->rules.players, left = players - t->ntrick;
  if (t->done == g->hand.tricks_total) {
    rec_say(r, "error: all %d tricks are in\n", t->done);
    goto done;
  }
  if (n > left) {
    if (t->ntrick == 0) rec_say(r, "error: a trick is %d cards, not %d\n", players, n);
    else
      rec_say(r, "error: trick %d has %d play%s left (%s next): a line of cards is one trick\n", t->done + 1, left,
              left == 1 ? "" : "s", rec_name(r, t->next));
    goto done;
  }
  if (seat && seat != t->next) {
    rec_say(r, "error: it is %s's turn (seat %d) to play\n", rec_name(r, t->next), t->next);
    goto done;
  }
  int line = ++r->lines, from = r->ntyped;
  for (int i = 0, s = t->next; i < n; i++, s = next_seat(g, s)) {
    PnEvent ev = {.action = PN_EV_PLAY, .seat = s, .ncards = 1, .suit = -1, .meld = -1};
    ev.cards[0] = cards[i];
    if (!push(r, &ev, line)) {
      pop_line(r);
      goto done;
    }
  }
  rc = settle(r, from, diag);
done:
  free(now);
  return rc;
}

static RecResult table_undo(Recorder *r) {
  if (r->ntyped == 0) {
    r->mode = &rec_deal_first; /* back to the hand just begun */
    rec_say(r, "error: nothing to undo in this hand (stored hands are final)\n");
    return REC_REFUSED;
  }
  int line = r->typed_line[r->ntyped - 1], first = r->ntyped - 1;
  while (first > 0 && r->typed_line[first - 1] == line) first--;
  rec_say(r, "undone:");
  for (int i = first; i < r->ntyped; i++) {
    char two[3];
    rec_say(r, " %s", r->typed[i].action == PN_EV_PLAY ? pn_card_str(r->typed[i].cards[0], two)
                                                         : pn_action_name(r->typed[i].action));
  }
  rec_say(r, "\n");
  pop_line(r);
  return REC_ACCEPTED;
}

RecResult table_answer(Recorder *r, bool yes, PnDiag *diag) {
  if (!yes) {
    pop_line(r);
    rec_say(r, "not recorded (the line is taken back)\n");
    return REC_REFUSED;
  }
  TableNow *now = table_now_or_say(r, diag);
  if (now == NULL) return REC_FAILED;
  RecResult rc = all_in(r, &now->game, &now->tricks) ? finish(r, &now->game, diag) : REC_ACCEPTED;
  free(now);
  return rc;
}

RecResult table_finish(Recorder *r, PnDiag *diag) {
  TableNow *now = table_now_or_say(r, diag);
  if (now == NULL) return REC_FAILED;
  const PnGame *g = &now->game;
  RecResult rc = REC_REFUSED;
  if (now->tricks.done != g->hand.tricks_total)
    rec_say(r, "error: hand %d has %d of %d tricks in: it is not complete\n", g->hand.number, now->tricks.done,
            g->hand.tricks_total);
  else if ((rc = finish(r, g, diag)) == REC_ACCEPTED)
    rc = REC_REFUSED; /* the deal did not work out: finish said why */
  free(now);
  return rc;
}

static void table_status(Recorder *r) {
  TableNow *now = table_now(r);
  if (now == NULL) return;
  const PnGame *g = &now->game;
  const Tricks *t = &now->tricks;
  const PnHand *h = &g->hand;
  if (h->trump >= 0 && h->high_bidder)
    rec_say(r, "contract: %s bid %d, trump %s\n", rec_name(r, h->high_bidder), h->high_bid,
            replay_suit_name(h->trump));
  else if (h->trump >= 0)
    rec_say(r, "trump %s\n", replay_suit_name(h->trump));
  if ((h->phase != PN_PHASE_PREPARE && h->phase != PN_PHASE_PLAY) || h->trump < 0) {
    PnExpect ex;
    pn_game_expect(g, &ex);
    rec_say(r, "hand %d (table order), ", h->number);
    if (ex.seat) rec_say(r, "%s (seat %d) to act:", rec_name(r, ex.seat), ex.seat);
    else rec_say(r, "next:");
    for (int a = 0; a < PN_EV_KINDS; a++)
      if (a != PN_EV_DEAL && (ex.actions & (1u << a))) rec_say(r, " %s", pn_action_name((PnAction)a));
    if (ex.actions & (1u << PN_EV_BID)) rec_say(r, " (lowest good bid %d)", ex.min_bid);
    rec_say(r, "\n");
    goto done;
  }
  if (t->nplays == 0) {
    rec_say(r, "hand %d (table order): the meld shown, the cards passed or discarded, then the tricks; %s (seat %d) "
               "leads\n", h->number, rec_name(r, t->next), t->next);
    goto done;
  }
  int won[PN_MAX_SEATS] = {0};
  for (int k = 0; k < t->nplays; k++) { /* the winner of each completed trick */
    const Play *p = &t->plays[k];
    if (p->count != g->rules.players - 1) continue;
    PnCard cards[PN_MAX_SEATS];
    memcpy(cards, p->before, sizeof cards);
    cards[p->count] = p->card;
    won[t->plays[k - p->count + pn_trick_winner(cards, p->count + 1, h->trump)].seat - 1]++;
  }
  rec_say(r, "tricks won:");
  for (int s = 1; s <= g->rules.players; s++) rec_say(r, " %s %d", rec_name(r, s), won[s - 1]);
  rec_say(r, "\n");
  rec_say(r, "hand %d (table order): %d of %d tricks in", h->number, t->done, h->tricks_total);
  for (int i = 0; i < t->ntrick; i++) {
    char two[3];
    rec_say(r, "%s %s %s", i ? "," : "; this one:", rec_name(r, t->trick_seat[i]), pn_card_str(t->trick[i], two));
  }
  if (t->done < h->tricks_total) rec_say(r, "; %s (seat %d) to play\n", rec_name(r, t->next), t->next);
  else if (r->redo_hold) rec_say(r, ": `done` replaces the stored hand %d\n", r->redo);
  else rec_say(r, "\n");
done:
  free(now);
}

static int table_seat_for(Recorder *r, PnAction action, int seat, bool deal_row, PnDiag *diag) {
  (void)deal_row, (void)diag;
  return seat ? seat : table_default_seat(r, action);
}

static RecResult table_before_line(Recorder *r, PnDiag *diag) {
  (void)r, (void)diag;
  return REC_NOTHING; /* no trick is forced: the deal is not known */
}

static bool table_typed(const Recorder *r) { return r->ntyped > 0; }

/* Only a turn-up or widow typed (their stand-in follows the dealer) does
 * not depend on the dealer. */
static bool table_dealer_fixed(const Recorder *r) {
  for (int i = 0; i < r->ntyped; i++)
    if (r->typed[i].action != PN_EV_TURNUP && r->typed[i].action != PN_EV_WIDOW) return true;
  return false;
}

/* Table order: what the table sees, as it happens; the deal worked out. */
const RecMode rec_table_order = {
    .name = "table order",
    .deal_rows = false,
    .seat_for = table_seat_for,
    .row = table_event,
    .plays = table_plays,
    .before_line = table_before_line,
    .undo = table_undo,
    .truncate = table_truncate,
    .typed = table_typed,
    .dealer_fixed = table_dealer_fixed,
    .status = table_status,
};
