/*
 * recorder.c - the scorekeeper's live recorder (record.h).
 *
 * One event per line.  Every line goes through the rules engine first:
 * impossible events are refused with the reason, reneges are recorded
 * only after confirmation, other findings are recorded and reported.
 * Each completed hand is committed at once, so a crash loses at most the
 * hand in progress; rec_resume continues a game.  In two-hand the stock
 * may be entered as it is drawn (`draw`); the stored hand is then the same
 * as if its stock row had been given.  Nothing here prints: the words go
 * to r->text for the caller to show.
 */
#define _POSIX_C_SOURCE 200809L /* strdup, strtok_r, strcasecmp */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "codec.h"
#include "record.h"
#include "replay.h"
#include "sim.h"

#include "recorder_int.h"

const char *rec_name(const Recorder *r, int seat) {
  return seat >= 1 && seat <= r->game.rules.players ? r->players[seat - 1] : "?";
}

/* Appends to what this call says.  Out of memory loses words, never the
 * hand: the caller is told by a line at the end of rec_text(). */
void rec_unsay(Recorder *r, size_t from, size_t to) {
  if (r->text_lost || from >= to || to > r->text_len) return;
  memmove(r->text + from, r->text + to, r->text_len - to + 1);
  r->text_len -= to - from;
}

void rec_say(Recorder *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int need = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (need < 0 || r->text_lost) return;
  if (r->text_len + (size_t)need + 1 > r->text_cap) {
    size_t cap = (r->text_cap ? r->text_cap * 2 : 1024) + (size_t)need;
    char *grown = realloc(r->text, cap);
    if (!grown) {
      r->text_lost = true;
      return;
    }
    r->text = grown;
    r->text_cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(r->text + r->text_len, r->text_cap - r->text_len, fmt, ap);
  va_end(ap);
  r->text_len += (size_t)need;
}

/* When words were lost, the text still ends by saying so. */
static void say_lost(Recorder *r) {
  static const char lost[] = "(out of memory: some of this line's messages are lost)\n";
  if (r->text_cap >= sizeof lost) {
    size_t at = r->text_len + sizeof lost <= r->text_cap ? r->text_len : r->text_cap - sizeof lost;
    memcpy(r->text + at, lost, sizeof lost);
    r->text_len = at + sizeof lost - 1;
  }
}

/* Starts the words of a new call. */
static void say_reset(Recorder *r) {
  r->text_len = 0;
  r->text_lost = false;
  if (r->text) r->text[0] = 0;
}

static int draws_missing(const Recorder *r);
static void deal_line_note(Recorder *r);

/* -------------------------------------------------------------- display */

void rec_show_cards(Recorder *r, const PnCards *cards) {
  char buf[PN_MAX_EVENT_CARDS * 4];
  rec_say(r, "%s", pn_cards_str(cards, buf, sizeof buf));
}

static void show_scores(Recorder *r) {
  rec_say(r, "scores:");
  for (int s = 1; s <= r->game.rules.players; s++) {
    if (r->game.rules.sides == PN_SIDES_TEAMS && s > 2) break;
    if (r->game.rules.sides == PN_SIDES_TEAMS)
      rec_say(r, "  %s+%s %d", rec_name(r, s), rec_name(r, s + 2), r->game.running[s - 1]);
    else
      rec_say(r, "  %s %d", rec_name(r, s), r->game.running[s - 1]);
  }
  rec_say(r, "  (target %d)\n", r->game.target);
}

/* "Eve and Cal win" (the winning side: a team, five-call's bidder and
 * partner) or "Ann wins" into buf; returns buf. */
static const char *winners_text(const Recorder *r, char *buf, size_t size) {
  int seats[PN_MAX_SEATS], n = pn_winner_seats(r->game.winners, seats);
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < size; i++) {
    int w = snprintf(buf + at, size - at, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", rec_name(r, seats[i]));
    at += w > 0 ? (size_t)w : 0;
  }
  if (at < size) snprintf(buf + at, size - at, n > 1 ? " win" : " wins");
  return buf;
}

/* Whose turn, and what the engine expects next. */
static void show_status(Recorder *r) {
  const PnGame *g = &r->game;
  const PnHand *h = &g->hand;
  PnExpect ex;
  pn_game_expect(g, &ex);
  if (g->over) {
    char who[512];
    rec_say(r, "game over: %s (score rows may still follow; quit ends)\n", winners_text(r, who, sizeof who));
    return;
  }
  if (h->phase != PN_PHASE_DONE && h->trump >= 0 && h->high_bidder) /* the contract */
    rec_say(r, "contract: %s bid %d, trump %s\n", rec_name(r, h->high_bidder), h->high_bid,
            replay_suit_name(h->trump));
  if (h->phase == PN_PHASE_PLAY && h->trick_no > 0) { /* the tricks so far */
    rec_say(r, "tricks won:");
    for (int s = 1; s <= g->rules.players; s++) rec_say(r, " %s %d", rec_name(r, s), h->tricks_won[s - 1]);
    rec_say(r, " (%d of %d)\n", h->trick_no, h->tricks_total);
  }
  if (h->phase == PN_PHASE_PLAY && h->ntrick > 0) {
    rec_say(r, "trick %d so far:", h->trick_no + 1);
    for (int i = 0; i < h->ntrick; i++) {
      char two[3];
      rec_say(r, " %s %s", rec_name(r, h->trick_seat[i]), pn_card_str(h->trick[i], two));
    }
    rec_say(r, "\n");
  }
  bool table = table_possible(r); /* a hand is typed as the table sees it: no shuffled deal offered */
  int first = pn_next_seat(&g->rules, r->next_dealer);
  const char *starts = g->rules.flow == PN_FLOW_BID ? "bids" : "leads";
  if (h->phase == PN_PHASE_DONE && table) {
    rec_say(r, "hand %d is over; next: hand %d (%s deals, %s %s first), or a score row for hand %d\n", h->number,
            h->number + 1, rec_name(r, r->next_dealer), rec_name(r, first), starts, h->number);
    return;
  }
  if (h->phase == PN_PHASE_DONE) { /* between hands: the next one, or claims for this one */
    rec_say(r, "hand %d is over; next: hand %d (dealer %d: `deal` to shuffle, or its rows), or a score row for "
               "hand %d\n", h->number, h->number + 1, r->next_dealer, h->number);
    return;
  }
  if (h->phase == PN_PHASE_DEALER && table) {
    rec_say(r, "hand %d: %s deals, %s %s first (`dealer SEAT` changes it); type the hand as the table sees it\n",
            g->hands_played + 1, rec_name(r, r->next_dealer), rec_name(r, first), starts);
    return;
  }
  rec_say(r, "hand %d, ", h->phase == PN_PHASE_DEALER ? g->hands_played + 1 : h->number);
  if (ex.seat) rec_say(r, "%s (seat %d) to act:", rec_name(r, ex.seat), ex.seat);
  else rec_say(r, "next:");
  for (int a = 0; a < PN_EV_KINDS; a++)
    if (ex.actions & (1u << a)) rec_say(r, " %s", pn_action_name((PnAction)a));
  if (ex.actions & (1u << PN_EV_BID)) rec_say(r, " (lowest good bid %d)", ex.min_bid);
  if (h->phase == PN_PHASE_DEALER || (h->phase == PN_PHASE_DONE && !g->over))
    rec_say(r, " (or `deal` to shuffle; dealer %d)", r->next_dealer);
  rec_say(r, "\n");
  if ((ex.actions & (1u << PN_EV_PLAY)) && ex.seat) {
    rec_say(r, "  holds ");
    PnCards held;
    if (draws_missing(r)) { /* the stock's order is not known yet: no card of it */
      pn_held(g, ex.seat, &held);
      rec_show_cards(r, &held);
      rec_say(r, " and the draws to come\n");
      return;
    }
    pn_held_next(g, ex.seat, &held);
    rec_show_cards(r, &held);
    rec_say(r, "\n  legal ");
    rec_show_cards(r, &ex.legal);
    rec_say(r, "\n");
  }
}

/* ------------------------------------------------------------ applying */

/* Replays this hand's events from its start (after undo, or a draw that
 * changed the provisional stock). */
void rec_rebuild_hand(Recorder *r) {
  r->game = r->hand_start;
  for (int i = 0; i < r->nevents; i++) {
    PnOutcome out;
    pn_game_apply(&r->game, &r->events[i], &out);
  }
}

void rec_report_finding(Recorder *r, const PnOutcome *out) {
  const PnFinding *f = &out->finding;
  char card[3] = "";
  if (f->kind == PN_FIND_BID_TOO_LOW) { /* the same words typed in either order */
    rec_say(r, "finding: bid %d by %s (seat %d) ", f->claimed, rec_name(r, f->seat), f->seat);
    if (f->claimed < f->computed) rec_say(r, "is below the lowest good bid %d\n", f->computed);
    else rec_say(r, "is not a good bid: bids go by %d here (the lowest is %d)\n", r->game.rules.bid_step, f->computed);
    return;
  }
  if (f->card != PN_NO_CARD) pn_card_str(f->card, card);
  rec_say(r, "finding: %s by %s (seat %d)%s%s", pn_finding_name(f->kind), rec_name(r, f->seat), f->seat,
         *card ? " playing " : "", card);
  if (pn_cards_total(&f->evidence)) {
    rec_say(r, " while holding ");
    rec_show_cards(r, &f->evidence);
  }
  if (f->kind == PN_FIND_MELD_CLAIM || f->kind == PN_FIND_SCORE_CLAIM || f->kind == PN_FIND_BID_TOO_LOW)
    rec_say(r, " (given %d, rules say %d)", f->claimed, f->computed);
  rec_say(r, "\n");
}

bool rec_is_renege(PnFindingKind k) {
  return k == PN_FIND_RENEGE_FOLLOW || k == PN_FIND_RENEGE_HEAD || k == PN_FIND_RENEGE_TRUMP ||
         k == PN_FIND_RENEGE_OVERTRUMP;
}

static void show_hand_result(Recorder *r) {
  const PnHandResult *res = &r->game.hand.result;
  rec_say(r, "hand %d over", r->game.hand.number);
  if (res->redeal) rec_say(r, ": all passed, no score");
  else if (res->bidder)
    rec_say(r, ": %s bid %d in %s, %s", rec_name(r, res->bidder), res->bid, replay_suit_name(res->trump),
           res->moon ? (res->made ? "shot the moon" : "missed the moon") : res->made ? "made it" : "set");
  rec_say(r, "\n");
  for (int s = 1; s <= r->game.rules.players; s++) {
    const PnSeatResult *sr = &res->seat[s - 1];
    rec_say(r, "  %-12s meld %4d counted %4d  counters %4d  tricks %2d  score %5d  total %5d\n", rec_name(r, s),
           sr->meld_shown, sr->meld_counted, sr->counters, sr->tricks, sr->score, r->game.running[s - 1]);
  }
  char who[512];
  if (r->game.over) rec_say(r, "game over: %s\n", winners_text(r, who, sizeof who));
}

void rec_say_expected(Recorder *r, const PnGame *g) {
  PnExpect ex;
  pn_game_expect(g, &ex);
  rec_say(r, ": now ");
  if (ex.seat) rec_say(r, "%s (seat %d) to ", rec_name(r, ex.seat), ex.seat);
  const char *sep = "";
  for (int a = 0; a < PN_EV_KINDS; a++)
    if (a != PN_EV_DEAL && (ex.actions & (1u << a))) {
      rec_say(r, "%s%s", sep, pn_action_name((PnAction)a));
      sep = " or ";
    }
  rec_say(r, "\n");
}

void rec_say_refusal(Recorder *r, const PnGame *g, const PnEvent *ev, const char *reason) {
  PnExpect ex;
  pn_game_expect(g, &ex);
  rec_say(r, "error: %s", reason);
  /* the engine's words for a row early in the bidding say whose bid it is */
  if ((ex.actions & (1u << ev->action)) || g->hand.phase == PN_PHASE_BID || g->hand.phase == PN_PHASE_DONE)
    rec_say(r, "\n");
  else rec_say_expected(r, g);
}

void rec_say_trick(Recorder *r, int number, const PnCard *cards, const int *seats, int n, int winner, int points) {
  rec_say(r, "trick %d:", number);
  for (int i = 0; i < n; i++) {
    char two[3];
    rec_say(r, "%s %s %s", i ? "," : "", rec_name(r, seats[i]), pn_card_str(cards[i], two));
  }
  rec_say(r, ": %s wins %d\n", rec_name(r, winner), points);
}

/* Two-hand with a provisional stock: how many draws the next play needs
 * that have not been entered. */
static int draws_missing(const Recorder *r) {
  const PnHand *h = &r->game.hand;
  if (r->stock_event < 0 || !h->draw_pending) return 0;
  int needed = h->stock_pos + (h->stock_len - h->stock_pos >= 2 ? 2 : 1);
  return needed > r->stock_known ? needed - r->stock_known : 0;
}

/* What the table wants to hear after an event goes in (`after` is the
 * game with it, r->game without): who won a trick and its counters, and
 * a shown meld's value by the rules next to the value claimed. */
static void say_progress(Recorder *r, const PnEvent *ev, const PnGame *after) {
  const PnHand *h = &r->game.hand, *a = &after->hand;
  if (ev->action == PN_EV_PLAY && a->trick_no > h->trick_no) {
    PnCard cards[PN_MAX_SEATS];
    int seats[PN_MAX_SEATS];
    memcpy(cards, h->trick, sizeof cards);
    memcpy(seats, h->trick_seat, sizeof seats);
    cards[h->ntrick] = ev->cards[0];
    seats[h->ntrick] = ev->seat;
    int points = pn_counters_of(after->rules.count, cards, h->ntrick + 1);
    if (a->trick_no == a->tricks_total) points += pn_last_trick_bonus(after->rules.count);
    rec_say_trick(r, a->trick_no, cards, seats, h->ntrick + 1, a->last_winner, points);
  }
  if (ev->action == PN_EV_MELD && after->rules.flow != PN_FLOW_TWO_HAND && a->meld_shown[ev->seat - 1] >= 0) {
    rec_say(r, "meld: %s shows %d by the rules", rec_name(r, ev->seat), a->meld_shown[ev->seat - 1]);
    if (ev->has_value) rec_say(r, " (claimed %d)", ev->value);
    rec_say(r, "\n");
  }
}

/* Applies one event: REC_ACCEPTED, REC_STORED when it completed the hand
 * (or is a score row after it) and the hand is stored, REC_PENDING when
 * its renege awaits a yes, REC_REFUSED, or REC_FAILED (diag says why).
 * `confirmed`: the scorekeeper already said yes to this event's renege. */
RecResult rec_record_event(Recorder *r, const PnEvent *typed, bool confirmed, PnDiag *diag) {
  PnEvent full = *typed; /* a dix typed without its card is stored with it, as the importer stores it */
  pn_event_complete(&r->game, &full);
  /* a turn-up typed without a seat (two-hand) is the dealer's (EVENT-LOG.md) */
  if (full.action == PN_EV_TURNUP && full.seat == 0) full.seat = r->game.hand.dealer;
  const PnEvent *ev = &full;
  if (ev->action == PN_EV_PLAY && draws_missing(r)) {
    rec_say(r, "error: enter the draws first (draw CARD), %s drawing first\n", rec_name(r, r->game.hand.last_winner));
    return REC_REFUSED;
  }
  if (r->nevents == MAX_HAND_EVENTS) {
    rec_say(r, "error: too many events in one hand\n");
    return REC_REFUSED;
  }
  PnGame *trial = malloc(sizeof *trial);
  if (!trial) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REC_FAILED;
  }
  *trial = r->game;
  PnOutcome out;
  RecResult rc = REC_REFUSED;
  if (pn_game_apply(trial, ev, &out) == PN_IMPOSSIBLE) {
    rec_say_refusal(r, &r->game, ev, out.reason);
    goto done;
  }
  if (out.verdict == PN_ACCEPTED_FINDING) rec_report_finding(r, &out);
  if (out.verdict == PN_ACCEPTED_FINDING && rec_is_renege(out.finding.kind) && !confirmed && !r->auto_yes) {
    r->question = REC_ASK_RENEGE;
    r->pending_event = *ev;
    rec_say(r, "that is a renege: record it as played? (yes/no)\n");
    rc = REC_PENDING;
    goto done;
  }
  if (out.hand_done && r->hold_finish) { /* an edit re-types lines: the hand may not end before the last */
    rec_say(r, "error: the hand would be complete before the lines after this one\n");
    goto done;
  }
  say_progress(r, ev, trial);
  r->game = *trial;
  r->event_line[r->nevents] = r->line_seq;
  r->events[r->nevents++] = *ev;
  rc = REC_ACCEPTED;
  /* a score row, or a two-hand `out` after the last trick (it re-scores the
   * hand), comes after the hand was stored: store it again */
  if (out.hand_done || (r->committed && (ev->action == PN_EV_SCORE || ev->action == PN_EV_OUT))) {
    if (out.hand_done) show_hand_result(r);
    rc = r->keep->commit(r, diag) != 0 ? REC_FAILED : REC_STORED;
  } else if (draws_missing(r)) {
    rec_say(r, "%s won the trick: enter the draws (draw CARD), %s first\n", rec_name(r, r->game.hand.last_winner),
        rec_name(r, r->game.hand.last_winner));
  }
done:
  free(trial);
  return rc;
}

/* Who deals the hand begun, and who bids (or leads) first. */
static void say_hand_start(Recorder *r) {
  const PnHand *h = &r->game.hand;
  int first = pn_next_seat(&r->game.rules, h->dealer);
  rec_say(r, "hand %d: %s deals, %s %s first\n", h->number, rec_name(r, h->dealer), rec_name(r, first),
          r->game.rules.flow == PN_FLOW_BID ? "bids" : "leads");
}

/* Starts the hand with the next dealer when a deal row comes first:
 * REC_ACCEPTED when the hand has begun, else what refused it. */
static RecResult ensure_hand_started(Recorder *r, PnDiag *diag) {
  PnPhase phase = r->game.hand.phase;
  if (phase != PN_PHASE_DEALER && phase != PN_PHASE_DONE) return REC_ACCEPTED;
  if (!r->keep->may_start(r)) return REC_REFUSED;
  PnEvent ev = {.action = PN_EV_DEALER, .seat = r->next_dealer, .suit = -1, .meld = -1};
  r->hand_start = r->game;
  r->nevents = 0;
  r->committed = false;
  r->stock_event = -1;
  r->hash_before_hand = r->hash;
  r->lines = 0;
  RecResult rc = rec_record_event(r, &ev, false, diag);
  if (rc != REC_ACCEPTED) return rc;
  r->next_dealer = pn_next_seat(&r->game.rules, r->next_dealer);
  say_hand_start(r);
  return REC_ACCEPTED;
}

/* Two-hand deal entered by hand without a stock: the rest of the deck in
 * any order, to be confirmed card by card by `draw`. */
static RecResult add_provisional_stock(Recorder *r, PnDiag *diag) {
  const PnHand *h = &r->game.hand;
  if (r->game.rules.flow != PN_FLOW_TWO_HAND || h->phase != PN_PHASE_DEAL || h->have_stock || !h->have_turnup)
    return REC_ACCEPTED;
  for (int s = 0; s < r->game.rules.players; s++)
    if (!h->have_deal[s]) return REC_ACCEPTED;
  PnCards rest;
  pn_deck_cards(r->game.rules.deck, &rest);
  for (int s = 0; s < r->game.rules.players; s++)
    for (int c = 0; c < PN_CARD_KINDS; c++) rest.n[c] = (uint8_t)(rest.n[c] - h->dealt[s].n[c]);
  rest.n[h->turnup]--;
  PnEvent ev = {.action = PN_EV_STOCK, .suit = -1, .meld = -1};
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < rest.n[c]; k++) ev.cards[ev.ncards++] = (PnCard)c;
  int at = r->nevents;
  RecResult rc = rec_record_event(r, &ev, false, diag);
  if (rc == REC_ACCEPTED && r->nevents == at + 1) {
    r->stock_event = at;
    r->stock_known = 0;
    rec_say(r, "the stock is unknown: enter each card as it is drawn (draw CARD)\n");
  }
  return rc == REC_FAILED ? REC_FAILED : REC_ACCEPTED;
}

static RecResult record_draw(Recorder *r, const char *text) {
  PnCard card;
  if (pn_card_parse(text, strlen(text), &card) != strlen(text)) {
    rec_say(r, "error: '%s' is not a card\n", text);
    return REC_REFUSED;
  }
  if (r->stock_event < 0 || !draws_missing(r)) {
    rec_say(r, "error: no draw is due now\n");
    return REC_REFUSED;
  }
  PnEvent *stock = &r->events[r->stock_event];
  int found = -1;
  for (int i = r->stock_known; i < stock->ncards && found < 0; i++)
    if (stock->cards[i] == card) found = i;
  if (found < 0) {
    char two[3];
    rec_say(r, "error: %s cannot be in the stock (it is dealt, turned up or drawn already)\n", pn_card_str(card, two));
    return REC_REFUSED;
  }
  stock->cards[found] = stock->cards[r->stock_known];
  r->draw_at[r->stock_known] = r->nevents; /* undo takes it back while no row follows it */
  stock->cards[r->stock_known++] = card;
  rec_rebuild_hand(r); /* only the order of undrawn cards changed */
  return REC_ACCEPTED;
}

/* ------------------------------------------------------------- parsing */

/* A seat number or a player's name, or 0. */
static int parse_seat(const Recorder *r, const char *word) {
  char *end;
  long n = strtol(word, &end, 10);
  if (!*end && n >= 1 && n <= r->game.rules.players) return (int)n;
  for (int s = 1; s <= r->game.rules.players; s++)
    if (strcasecmp(word, r->players[s - 1]) == 0) return s;
  return 0;
}

/* "error: 'Zed' is not a seat (1 to 4, or Ann, Bob, Cal, Dee)". */
static void say_not_seat(Recorder *r, const char *word) {
  rec_say(r, "error: '%s' is not a seat (1 to %d, or", word, r->game.rules.players);
  for (int s = 1; s <= r->game.rules.players; s++)
    rec_say(r, "%s %s", s == 1 ? "" : s == r->game.rules.players ? " or" : ",", rec_name(r, s));
  rec_say(r, ")\n");
}

/* With the deal typed first, the last trick is forced once every hand
 * holds one card: when a line other than a play comes (or quit), it is
 * played out first.  REC_NOTHING when it is not due. */
static RecResult fill_forced_trick(Recorder *r, PnDiag *diag) {
  const PnHand *h = &r->game.hand;
  if (r->question != REC_ASK_NONE || h->phase != PN_PHASE_PLAY || h->ntrick != 0 || h->draw_pending ||
      h->trick_no != h->tricks_total - 1)
    return REC_NOTHING;
  PnCards held[PN_MAX_SEATS];
  for (int s = 1; s <= r->game.rules.players; s++) {
    pn_held(&r->game, s, &held[s - 1]);
    if (pn_cards_total(&held[s - 1]) != 1) return REC_NOTHING;
  }
  rec_say(r, "the last trick is forced:");
  RecResult rc = REC_NOTHING;
  for (int i = 0, seat = h->leader; i < r->game.rules.players; i++, seat = pn_next_seat(&r->game.rules, seat)) {
    PnEvent ev = {.action = PN_EV_PLAY, .seat = seat, .ncards = 1, .suit = -1, .meld = -1};
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (held[seat - 1].n[c]) ev.cards[0] = (PnCard)c;
    char two[3];
    rec_say(r, " %s %s%s", rec_name(r, seat), pn_card_str(ev.cards[0], two), i + 1 < r->game.rules.players ? "," : "\n");
    if ((rc = rec_record_event(r, &ev, false, diag)) != REC_ACCEPTED) break;
  }
  return rc;
}

static bool is_card(const char *word) {
  PnCard card;
  size_t len = strlen(word);
  return len > 0 && pn_card_parse(word, len, &card) == len;
}

/* Has a deal row been typed in this hand? */
static bool any_deal_row(const Recorder *r) {
  for (int i = 0; i < r->nevents; i++)
    if (r->events[i].action == PN_EV_DEAL) return true;
  return false;
}

/* A suit as a word ("hearts", "Heart") or as the engine reads it ("H"). */
static const char *suit_letter(const char *word) {
  static const char *const names[] = {"spade", "heart", "diamond", "club"};
  static const char *const letters[] = {"S", "H", "D", "C"};
  for (int s = 0; s < PN_SUITS; s++) {
    size_t len = strlen(names[s]);
    if (strncasecmp(word, names[s], len) == 0 && (!word[len] || ((word[len] == 's' || word[len] == 'S') && !word[len + 1])))
      return letters[s];
  }
  return word;
}

RecResult rec_parse_event(Recorder *r, PnAction action, int seat, char **words, int n, PnEvent *ev) {
  char cards[PN_MAX_EVENT_CARDS * 4] = "", value[64] = "";
  size_t len = 0;
  unsigned shape = pn_action_shape(action);
  bool takes_value = shape & PN_SHAPE_VALUE;
  /* cards typed after an action that carries neither go on as cards, for
   * pn_event_from_text and the engine to judge */
  bool takes_cards = (shape & PN_SHAPE_CARDS) || !takes_value;
  for (int i = 0; i < n; i++) {
    bool not_last = i + 1 < n; /* a word that is not a card may only be the value, last */
    if ((!takes_value || ((shape & PN_SHAPE_CARDS) && not_last)) && !is_card(words[i])) {
      /* name the word, not a count that comes out wrong */
      rec_say(r, "error: '%s' is not a card (%s takes cards%s)\n", words[i], pn_action_name(action),
              takes_value ? ", then a value" : " only");
      return REC_REFUSED;
    }
    if (is_card(words[i]) && takes_cards && !*value) {
      len += (size_t)snprintf(cards + len, sizeof cards - len, "%s%s", len ? " " : "", words[i]);
    } else if (!*value) {
      snprintf(value, sizeof value, "%s", action == PN_EV_TRUMP ? suit_letter(words[i]) : words[i]);
    } else {
      rec_say(r, "error: unexpected '%s'\n", words[i]);
      return REC_REFUSED;
    }
  }
  int col;
  char err[160];
  if (pn_event_from_text(action, seat, cards, value, ev, &col, err, sizeof err) != 0) {
    rec_say(r, "error: %s\n", err);
    return REC_REFUSED;
  }
  return REC_ACCEPTED;
}

static RecResult handle_rest(Recorder *r, char **words, int n, PnDiag *diag);

/* Handles one line (its words: the line is cut up in place). */
static RecResult handle_line(Recorder *r, char *line, PnDiag *diag) {
  enum { MAX_WORDS = PN_MAX_EVENT_CARDS + 4 }; /* seat, action, the cards, a value */
  char *words[MAX_WORDS + 1];
  int n = 0;
  for (char *save, *w = strtok_r(line, " \t\r\n", &save); w && n <= MAX_WORDS; w = strtok_r(NULL, " \t\r\n", &save))
    words[n++] = w;
  if (n > MAX_WORDS) { /* never cut a line silently */
    rec_say(r, "error: a line has at most %d words\n", MAX_WORDS);
    return REC_REFUSED;
  }
  if (n == 0 || words[0][0] == '#') return REC_NOTHING;

  if (r->question == REC_ASK_QUIT) { /* quit in mid-hand: yes quits, anything else goes on */
    r->question = REC_ASK_NONE;
    if (n == 1 && (strcasecmp(words[0], "yes") == 0 || strcasecmp(words[0], "y") == 0)) return REC_QUIT;
    rec_say(r, "going on with hand %d\n", r->game.hand.number);
    if (strcasecmp(words[0], "no") == 0 || strcasecmp(words[0], "n") == 0) return REC_INFO;
  }
  if (r->question != REC_ASK_NONE) { /* only yes or no settles a renege: anything else asks again */
    bool yes = n == 1 && (strcasecmp(words[0], "yes") == 0 || strcasecmp(words[0], "y") == 0);
    bool no = n == 1 && (strcasecmp(words[0], "no") == 0 || strcasecmp(words[0], "n") == 0);
    if (!yes && !no) {
      rec_say(r, "answer yes (record the renege as played) or no (drop the play)\n");
      return REC_PENDING;
    }
    RecQuestion asked = r->question;
    r->question = REC_ASK_NONE;
    if (asked == REC_ASK_RENEGE_LINE) return table_answer(r, yes, diag);
    if (no) {
      rec_say(r, "not recorded\n");
      return REC_REFUSED;
    }
    snprintf(r->line_now, sizeof r->line_now, "%s", r->line_asked); /* the line numbered is the renege's */
    RecResult rc = rec_record_event(r, &r->pending_event, true, diag);
    if (rc == REC_ACCEPTED || rc == REC_STORED) deal_line_note(r);
    return rc;
  }
  const char *word = words[0];
  bool info = strcmp(word, "help") == 0 || strcmp(word, "status") == 0 || strcmp(word, "undo") == 0 ||
              strcmp(word, "lines") == 0;
  RecResult forced = REC_NOTHING;
  int at = n >= 2 && pn_action_parse(words[0]) < 0 && !is_card(words[0]) && parse_seat(r, words[0]) > 0;
  bool plays = is_card(words[at]) || strcmp(words[at], "play") == 0;
  if (!info && !plays && (forced = r->mode->before_line(r, diag)) == REC_FAILED) return REC_FAILED;
  if (forced == REC_STORED) { /* then the line, as after the last play */
    RecResult rest = handle_rest(r, words, n, diag);
    return rest == REC_ACCEPTED || rest == REC_INFO || rest == REC_NOTHING ? REC_STORED : rest;
  }
  return handle_rest(r, words, n, diag);
}

/* handle_line, after the answers to questions and the forced last trick. */
/* `undo`: takes back the last row (or draw) of the hand in progress. */
static RecResult deal_undo(Recorder *r) {
  if (r->nevents <= 1 || r->keep->final(r)) {
    rec_say(r, "error: nothing to undo in this hand (stored hands are final)\n");
    return REC_REFUSED;
  }
  r->committed = false; /* --redo: complete, but held until `done` */
  if (r->lines > 0) r->lines--;
  if (r->stock_event >= 0 && r->stock_known > 0 && r->draw_at[r->stock_known - 1] == r->nevents) {
    char two[3]; /* the draw: the card goes back among the undrawn ones, in any order */
    r->stock_known--;
    rec_rebuild_hand(r);
    rec_say(r, "undone: draw %s\n", pn_card_str(r->events[r->stock_event].cards[r->stock_known], two));
    return REC_ACCEPTED;
  }
  int line = r->event_line[r->nevents - 1], from = r->nevents; /* the whole line: a trick, a deal */
  while (from > 1 && r->event_line[from - 1] == line) from--;
  rec_say(r, "undone:");
  for (int i = from; i < r->nevents; i++) {
    char two[3];
    const PnEvent *ev = &r->events[i];
    if (ev->action == PN_EV_PLAY) rec_say(r, " %s", pn_card_str(ev->cards[0], two));
    else if (ev->action != PN_EV_STOCK || r->stock_event != i) rec_say(r, " %s", pn_action_name(ev->action));
  }
  rec_say(r, "\n");
  if (r->stock_event >= from) r->stock_event = -1; /* the provisional stock came with the line */
  r->nevents = from;
  rec_rebuild_hand(r);
  return REC_ACCEPTED;
}

/* Deal first: takes back every line from `line` on (its events, and the
 * draws typed since). */
static void deal_truncate(Recorder *r, int line) {
  r->nevents = line <= 1 ? 1 : r->line_end[line - 1];
  r->stock_known = line <= 1 ? 0 : r->line_stock[line - 1];
  if (r->stock_event >= r->nevents) r->stock_event = -1;
  r->committed = false; /* only a hand held for --redo's `done` is edited once complete */
  r->lines = line - 1;
  rec_rebuild_hand(r);
}

/* Deal first: numbers the line just handled, which added rows (or a draw). */
static void deal_line_note(Recorder *r) {
  if (r->lines >= MAX_HAND_EVENTS) return;
  int n = ++r->lines;
  snprintf(r->line_text[n], REC_LINE_MAX, "%s", r->line_now);
  r->line_end[n] = r->nevents;
  r->line_stock[n] = r->stock_known;
}

/* With the deal first, every row typed depends on the dealer. */
static bool deal_dealer_fixed(const Recorder *r) { return r->nevents > 1; }

static bool deal_typed(const Recorder *r) { return r->nevents > 1; }

/* `dealer SEAT` or `SEAT dealer`: the dealer of the next hand, or of the
 * hand begun while nothing depends on it. */
static RecResult set_dealer(Recorder *r, char **words, int n, bool seat_first) {
  int seat = n == 2 ? parse_seat(r, words[seat_first ? 0 : 1]) : 0;
  PnPhase phase = r->game.hand.phase;
  if (!seat && n == 2) say_not_seat(r, words[seat_first ? 0 : 1]);
  else if (!seat) rec_say(r, "error: dealer takes a seat\n");
  else if (phase == PN_PHASE_DEALER || phase == PN_PHASE_DONE) {
    r->next_dealer = seat;
    return REC_ACCEPTED;
  } else if (!r->committed && !r->mode->dealer_fixed(r)) { /* nothing depends on it yet: the hand starts again with this dealer */
    r->events[0].seat = seat;
    rec_rebuild_hand(r);
    r->next_dealer = pn_next_seat(&r->game.rules, seat);
    say_hand_start(r);
    return REC_ACCEPTED;
  } else rec_say(r, "error: the hand already has a dealer (it may be changed until the first bid or row)\n");
  return REC_REFUSED;
}

/* `edit N LINE`, `insert N LINE`, `delete N`: words[1] is N, the rest
 * the line (joined again: the words were cut up in place). */
static RecResult change_line(Recorder *r, char **words, int n, PnDiag *unused) {
  (void)unused; /* a failure to re-type is said and refused, never the session's end */
  bool del = strcmp(words[0], "delete") == 0;
  char *end = NULL;
  long at = n >= 2 ? strtol(words[1], &end, 10) : 0;
  if (n >= 2 && (!end || *end || end == words[1])) {
    rec_say(r, "error: '%s' is not a line number (`lines` lists them)\n", words[1]);
    return REC_REFUSED;
  }
  if (n < 2 || (del ? n != 2 : n < 3)) {
    rec_say(r, "error: %s\n", del ? "delete takes a line number: delete N" : "edit and insert take a line number "
                                                                             "and a line: edit N LINE");
    return REC_REFUSED;
  }
  char text[REC_LINE_MAX] = "";
  size_t len = 0;
  for (int i = 2; i < n && len < sizeof text; i++)
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", i > 2 ? " " : "", words[i]);
  if (len >= sizeof text) {
    rec_say(r, "error: the line is too long\n");
    return REC_REFUSED;
  }
  PnDiag diag = {0};
  int line = at < 1 || at > MAX_HAND_EVENTS ? 0 : (int)at;
  RecResult rc = rec_rewrite(r, line, strcmp(words[0], "insert") == 0 ? 0 : 1, del ? NULL : text, &diag);
  if (rc == REC_FAILED) rec_say(r, "error: %s\n", diag.msg);
  return rc == REC_FAILED ? REC_REFUSED : rc;
}

static RecResult word_quit(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)words, (void)n, (void)diag;
  if (r->keep->unsaved(r)) {
    r->question = REC_ASK_QUIT;
    r->keep->say_quit(r);
    return REC_PENDING;
  }
  return REC_QUIT;
}

static RecResult word_status(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)words, (void)n, (void)diag;
  show_scores(r);
  r->mode->status(r);
  return REC_INFO;
}

static RecResult word_undo(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)words, (void)n, (void)diag;
  return r->mode->undo(r);
}

static RecResult word_lines(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)words, (void)n, (void)diag;
  return rec_show_lines(r);
}

static RecResult word_draw(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)diag;
  if (n == 2) return record_draw(r, words[1]);
  rec_say(r, "error: draw takes one card\n");
  return REC_REFUSED;
}

static RecResult word_dealer(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)diag;
  return set_dealer(r, words, n, false);
}

static RecResult word_done(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)words, (void)n;
  return redo_done(r, diag);
}

static RecResult word_help(Recorder *r, char **words, int n, PnDiag *diag);

/* A word that is a command, not a row: the one table that dispatches the
 * commands and prints their help. */
typedef struct RecWord {
  const char *name;                                   /* the word typed first */
  const char *usage;                                  /* how it is typed */
  const char *summary;                                /* what it does */
  RecResult (*run)(Recorder *r, char **words, int n, PnDiag *diag); /* words[0] is the word */
} RecWord;

static const RecWord WORDS[] = {
    {"dealer", "dealer SEAT", "who deals this hand (default: the next seat; until a row needs it)", word_dealer},
    {"draw", "draw CARD", "two-hand without a stock row: the card drawn", word_draw},
    {"undo", "undo", "take back the last line of the hand, whole", word_undo},
    {"lines", "lines", "the hand's lines, numbered", word_lines},
    {"edit", "edit N LINE", "line N replaced, the later lines re-checked", change_line},
    {"insert", "insert N LINE", "a line put before line N", change_line},
    {"delete", "delete N", "line N taken out", change_line},
    {"done", "done", "--redo: replace the stored hand by the one corrected", word_done},
    {"status", "status", "the scores, the contract, whose turn it is", word_status},
    {"help", "help", "this list", word_help},
    {"quit", "quit", "end (in mid-hand it asks; the hand's lines are kept)", word_quit},
    {"exit", "exit", "the same as quit", word_quit},
};
enum { NWORDS = sizeof WORDS / sizeof WORDS[0] };

static RecResult word_help(Recorder *r, char **words, int n, PnDiag *diag) {
  (void)words, (void)n, (void)diag;
  rec_say(r, "Rows (SEAT is a seat number or player name; it defaults to whose turn it is):\n");
  if (r->mode->deal_rows) /* in table order a deal (or a shuffle) is refused until the hand is finished */
    rec_say(r, "  deal                      shuffle and deal the hand (the program deals)\n"
               "  [SEAT] deal CARD...       enter one seat's dealt cards\n");
  rec_say(r, "  turnup CARD | stock CARD... | widow CARD...\n"
             "  [SEAT] bid N | pass       bidding\n"
             "  [SEAT] trump S            the bidder names trump (S H D C, or hearts ...)\n"
             "  [SEAT] call CARD          five-call: the called card\n"
             "  [SEAT] discard C C C      auction: the bidder's discards\n"
             "  [SEAT] give CARD...       passing: the partner's cards, then the bidder's\n"
             "  [SEAT] dix exchange|show  count a dix\n"
             "  [SEAT] meld CARD... [N]   show meld (two-hand: a meld name or N last)\n"
             "  [SEAT] moon               shoot the moon\n"
             "  [SEAT] CARD...            a trick from its leader (or that many plays)\n"
             "  [SEAT] play CARD          play a card\n"
             "  [SEAT] out                two-hand: declare out\n"
             "  [SEAT] score N            claim a hand score (after the last trick)\n"
             "Commands:\n");
  for (int i = 0; i < NWORDS; i++) rec_say(r, "  %-25s %s\n", WORDS[i].usage, WORDS[i].summary);
  rec_say(r, "Without deal rows (table order, no stock): each line is checked against every deal\n"
             "still possible, and the deal is worked out once the last trick is in.\n");
  return REC_INFO;
}

/* The words that are commands, not rows (WORDS, and "SEAT dealer" as a
 * log row reads).  Returns true with *rc set when the line was one. */
static bool handle_command(Recorder *r, char **words, int n, RecResult *rc, PnDiag *diag) {
  if (n == 2 && strcmp(words[1], "dealer") == 0) {
    *rc = set_dealer(r, words, n, true);
    return true;
  }
  for (int i = 0; i < NWORDS; i++)
    if (strcmp(words[0], WORDS[i].name) == 0) {
      *rc = WORDS[i].run(r, words, n, diag);
      return true;
    }
  return false;
}

/* `deal` alone: the program shuffles and deals. */
static RecResult deal_shuffled(Recorder *r, PnDiag *diag) {
  RecResult rc;
  if (!r->mode->deal_rows) {
    rec_say(r, "error: this hand is typed in %s: no deal rows until it is finished\n", r->mode->name);
    return REC_REFUSED;
  }
  if ((rc = ensure_hand_started(r, diag)) != REC_ACCEPTED) return rc;
  if (r->game.hand.phase != PN_PHASE_DEAL || r->nevents != 1) {
    rec_say(r, "error: the deal has begun; enter the remaining rows\n");
    return REC_REFUSED;
  }
  PnEvent deal[SIM_MAX_DEAL_EVENTS];
  /* Hand N's shuffle depends on the seed and N only, and the seed on what
   * is stored (the key) unless --seed gave one: a resumed hand deals again
   * the cards it had. */
  uint64_t seed = r->seed ? r->seed : codec_hash_text(CODEC_HASH_SEED, r->key);
  sim_rng_seed(&r->rng, seed ^ ((uint64_t)r->game.hand.number * 0x9E3779B97F4A7C15u));
  int count = sim_deal_events(&r->rng, &r->game, deal);
  for (int i = 0; i < count; i++)
    if ((rc = rec_record_event(r, &deal[i], false, diag)) == REC_FAILED) return rc;
  for (int s = 1; s <= r->game.rules.players; s++) {
    rec_say(r, "  %-12s ", rec_name(r, s));
    rec_show_cards(r, &r->game.hand.dealt[s - 1]);
    rec_say(r, "\n");
  }
  return REC_ACCEPTED;
}

/* A line of cards words[at..n): that many plays, the first by `seat` when
 * typed (0: whose turn it is). */
static RecResult record_plays(Recorder *r, int seat, char **words, int at, int n, PnDiag *diag) {
  PnCard cards[PN_MAX_SEATS * 2];
  int ncards = 0;
  for (int i = at; i < n; i++) {
    if (!is_card(words[i]) || ncards == PN_MAX_SEATS * 2) {
      rec_say(r, "error: '%s' is not a card (a line of cards is a trick)\n", words[i]);
      return REC_REFUSED;
    }
    pn_card_parse(words[i], strlen(words[i]), &cards[ncards++]);
  }
  if (ncards == 0) {
    rec_say(r, "error: play takes a card\n");
    return REC_REFUSED;
  }
  return r->mode->plays(r, seat, cards, ncards, diag);
}

/* Deal first: a line of cards is that many plays, whole or not at all. */
static RecResult deal_plays(Recorder *r, int seat, const PnCard *cards, int ncards, PnDiag *diag) {
  RecResult rc = REC_REFUSED;
  int start = r->nevents, stock_before = r->stock_event;
  size_t said = r->text_len;
  for (int i = 0; i < ncards; i++) {
    if (add_provisional_stock(r, diag) == REC_FAILED) return REC_FAILED; /* play began without a stock row */
    PnExpect ex;
    pn_game_expect(&r->game, &ex);
    PnEvent ev = {.action = PN_EV_PLAY, .seat = i == 0 && seat ? seat : ex.seat, .ncards = 1, .suit = -1,
                  .meld = -1};
    ev.cards[0] = cards[i];
    if (!ev.seat) {
      rec_say(r, "error: whose play? say `SEAT play ...`\n");
      return REC_REFUSED;
    }
    size_t error_at = r->text_len;
    rc = rec_record_event(r, &ev, false, diag);
    if (rc == REC_REFUSED && i > 0) { /* a line applies whole or not at all */
      r->nevents = start;
      r->stock_event = stock_before;
      rec_rebuild_hand(r);
      if (r->text) { /* only why: the tricks its first cards made are undone */
        memmove(r->text + said, r->text + error_at, r->text_len - error_at + 1);
        r->text_len -= error_at - said;
      }
      rec_say(r, "(none of the line is kept)\n");
    }
    if (rc != REC_ACCEPTED) break;
  }
  return rc;
}

/* Any other row, its words after the action words[at..n): finds its seat
 * when none was typed, then parses and records it. */
static RecResult record_row(Recorder *r, int action, int seat, bool deal_row, char **words, int at, int n,
                            PnDiag *diag) {
  if ((seat = r->mode->seat_for(r, (PnAction)action, seat, deal_row, diag)) < 0) return REC_FAILED;
  if (action == PN_EV_TURNUP && r->game.rules.flow == PN_FLOW_TURNUP) seat = r->game.hand.dealer;
  if (!seat && action != PN_EV_TURNUP && action != PN_EV_STOCK && action != PN_EV_WIDOW) {
    rec_say(r, "error: whose %s? say `SEAT %s ...`\n", pn_action_name((PnAction)action),
            pn_action_name((PnAction)action));
    return REC_REFUSED;
  }
  PnEvent ev;
  if (rec_parse_event(r, (PnAction)action, seat, words + at, n - at, &ev) != REC_ACCEPTED) return REC_REFUSED;
  return r->mode->row(r, &ev, diag);
}

/* Deal first: the seat of a row (whose turn it is) once a two-hand stock
 * left out is added (the play, or a meld, begins it). */
static int deal_seat_for(Recorder *r, PnAction action, int seat, bool deal_row, PnDiag *diag) {
  if (!deal_row && add_provisional_stock(r, diag) == REC_FAILED) return -1;
  if (!seat && action != PN_EV_TURNUP && action != PN_EV_STOCK && action != PN_EV_WIDOW) {
    PnExpect ex;
    pn_game_expect(&r->game, &ex);
    seat = ex.seat;
  }
  return seat;
}

static RecResult deal_row(Recorder *r, const PnEvent *ev, PnDiag *diag) { return rec_record_event(r, ev, false, diag); }

static RecResult handle_row(Recorder *r, char **words, int n, PnDiag *diag);

/* A command, or a row: with the deal first, a line that adds rows (or a
 * draw) is numbered. */
static RecResult handle_rest(Recorder *r, char **words, int n, PnDiag *diag) {
  RecResult rc;
  if (handle_command(r, words, n, &rc, diag)) return rc;
  const RecMode *mode = r->mode;
  int number = r->game.hand.number, events = r->nevents, known = r->stock_known;
  rc = handle_row(r, words, n, diag);
  if (rc == REC_PENDING && r->question == REC_ASK_RENEGE) snprintf(r->line_asked, sizeof r->line_asked, "%s", r->line_now);
  if (mode == &rec_deal_first && r->mode == mode && (rc == REC_ACCEPTED || rc == REC_STORED) &&
      (r->game.hand.number != number || r->nevents > events || r->stock_known > known))
    deal_line_note(r);
  return rc;
}

/* [SEAT] ACTION [CARD...] [VALUE], or [SEAT] CARD... (plays). */
static RecResult handle_row(Recorder *r, char **words, int n, PnDiag *diag) {
  RecResult rc;
  int seat = 0, at = 0;
  if (n >= 2 && pn_action_parse(words[0]) < 0 && !is_card(words[0]) && (seat = parse_seat(r, words[0])) > 0) at = 1;
  int action = is_card(words[at]) ? PN_EV_PLAY : pn_action_parse(words[at]);
  if (action < 0 && at == 0 && n >= 2 && (is_card(words[1]) || pn_action_parse(words[1]) >= 0)) {
    say_not_seat(r, words[0]); /* "Zed pass": the seat is the wrong word */
    return REC_REFUSED;
  }
  if (action < 0) {
    rec_say(r, "error: unknown command '%s' (help lists them)\n", words[at]);
    return REC_REFUSED;
  }
  if (!is_card(words[at])) at++; /* words[at..n) follow the action */
  if (action == PN_EV_DEAL && n == 1) return deal_shuffled(r, diag);
  bool deal_row = action == PN_EV_DEAL || action == PN_EV_TURNUP || action == PN_EV_STOCK || action == PN_EV_WIDOW;
  PnPhase phase = r->game.hand.phase;
  bool new_hand = phase == PN_PHASE_DEALER || (phase == PN_PHASE_DONE && action != PN_EV_SCORE);
  if (r->mode->deal_rows && table_possible(r) && action != PN_EV_DEAL && action != PN_EV_SCORE &&
      (new_hand || (phase == PN_PHASE_DEAL && !any_deal_row(r)))) {
    /* No deal row: the hand is typed in table order (table.c). */
    if ((rc = ensure_hand_started(r, diag)) != REC_ACCEPTED) return rc;
    table_begin(r);
  } else if (deal_row && r->mode->deal_rows) {
    if ((rc = ensure_hand_started(r, diag)) != REC_ACCEPTED) return rc;
  }
  if (action == PN_EV_PLAY) return record_plays(r, seat, words, at, n, diag);
  return record_row(r, action, seat, deal_row, words, at, n, diag);
}


RecResult rec_line(Recorder *r, const char *line, PnDiag *diag) {
  say_reset(r);
  r->line_seq++;
  char *copy = spread_card_runs(r, line);
  if (!copy) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return REC_FAILED;
  }
  if (strcspn(copy, "\r\n") >= sizeof r->line_now) { /* kept whole (lines, the journal) or not at all */
    free(copy);
    rec_say(r, "error: a line is at most %zu characters\n", sizeof r->line_now - 1);
    return REC_REFUSED;
  }
  snprintf(r->line_now, sizeof r->line_now, "%s", copy);
  r->line_now[strcspn(r->line_now, "\r\n")] = 0;
  char typed[REC_LINE_MAX]; /* an edit types other lines: this one is journalled */
  memcpy(typed, r->line_now, sizeof typed);
  RecResult rc = handle_line(r, copy, diag);
  free(copy);
  rc = journal_note(r, typed, rc, diag);
  if (r->text_lost) say_lost(r);
  return rc;
}

RecResult rec_handle_text(Recorder *r, char *line, PnDiag *diag) { return handle_line(r, line, diag); }

const char *rec_text(const Recorder *r) { return r->text ? r->text : ""; }

void rec_show_status(Recorder *r) {
  say_reset(r);
  r->mode->status(r);
  if (r->text_lost) say_lost(r);
}

bool rec_finish(Recorder *r) {
  say_reset(r);
  bool said = r->keep->say_end(r);
  if (r->text_lost) say_lost(r);
  return said;
}

const char *rec_key(const Recorder *r) { return r->key; }

int rec_hands_played(const Recorder *r) { return r->game.hands_played; }

const char *rec_player(const Recorder *r, int seat) { return rec_name(r, seat); }

/* The deal typed first: every row and play through the engine at once. */
const RecMode rec_deal_first = {
    .name = "deal first",
    .deal_rows = true,
    .seat_for = deal_seat_for,
    .row = deal_row,
    .plays = deal_plays,
    .before_line = fill_forced_trick,
    .undo = deal_undo,
    .truncate = deal_truncate,
    .typed = deal_typed,
    .dealer_fixed = deal_dealer_fixed,
    .status = show_status,
};
