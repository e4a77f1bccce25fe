/*
 * hand.c - the hand and game state machine.
 *
 * pn_game_apply() takes one event at a time.  Every handler validates
 * first and mutates only once the event is known to be possible, so an
 * impossible event leaves the game as it was.  The one exception is the
 * two-hand draw, which a play triggers before it can be checked: that
 * path works on a copy (once per trick).
 */
#include "pinochle.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "judge.h"
#include "hand_int.h"


void pn_held(const PnGame *g, int seat, PnCards *out) {
  const PnHand *h = &g->hand;
  *out = h->held[seat - 1];
  for (int i = 0; i < h->ntable[seat - 1]; i++) out->n[h->table[seat - 1][i].card]++;
}

/* ----------------------------------------------------------------- sides */

int pn_side_count(const PnGame *g) {
  switch (g->rules.sides) {
  case PN_SIDES_SOLO: return g->rules.players;
  case PN_SIDES_TEAMS:
  case PN_SIDES_CALLED: return 2;
  }
  return g->rules.players;
}

int pn_side_of_seat(const PnRules *rules, int bidder, int partner, int seat) {
  switch (rules->sides) {
  case PN_SIDES_SOLO: return seat - 1;
  case PN_SIDES_TEAMS: return (seat - 1) % 2;
  case PN_SIDES_CALLED: return ((bidder && seat == bidder) || (partner && seat == partner)) ? 0 : 1;
  }
  return seat - 1;
}

int pn_side_seats(const PnRules *rules, int bidder, int partner, int side, int seats[PN_MAX_SEATS]) {
  int n = 0;
  for (int s = 1; s <= rules->players && s <= PN_MAX_SEATS; s++)
    if (pn_side_of_seat(rules, bidder, partner, s) == side) seats[n++] = s;
  return n;
}

int pn_winner_seats(unsigned winners, int seats[PN_MAX_SEATS]) {
  int n = 0;
  for (int s = 1; s <= PN_MAX_SEATS; s++)
    if (winners >> (s - 1) & 1u) seats[n++] = s;
  return n;
}

int pn_next_seat(const PnRules *rules, int seat) { return seat < rules->players ? seat + 1 : 1; }

int pn_team_partner(const PnRules *rules, int seat) { return (seat + 1) % rules->players + 1; }

int pn_meld_shown(const PnGame *g, int seat) {
  const PnHand *h = &g->hand;
  int s = seat - 1;
  return (h->meld_shown[s] > 0 ? h->meld_shown[s] : 0) + h->dix_points[s] + h->meld_points[s];
}

int pn_side_of(const PnGame *g, int seat) {
  return pn_side_of_seat(&g->rules, g->hand.high_bidder, g->hand.partner, seat);
}

/* Teams have one running score; solo and called games are individual. */
int hand_competitor_of(const PnGame *g, int seat) {
  return g->rules.sides == PN_SIDES_TEAMS ? pn_side_of_seat(&g->rules, 0, 0, seat) : seat - 1;
}

int hand_competitor_count(const PnGame *g) {
  return g->rules.sides == PN_SIDES_TEAMS ? 2 : g->rules.players;
}

void pn_obligation(const PnGame *g, PnObligation *ob) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  /* the draws after the last stock trick start the playoff */
  bool playoff = h->playoff || (h->draw_pending && h->stock_len - h->stock_pos <= 1);
  bool free_play = r->flow == PN_FLOW_TWO_HAND && r->phase1_free && !playoff;
  ob->follow = free_play ? false : r->follow;
  ob->head = free_play ? PN_HEAD_NEVER : r->head;
  ob->trump_rule = free_play ? PN_TRUMP_NO : r->trump_rule;
  ob->head_led = r->head_led;
}

/* ------------------------------------------------------------------ game */

void pn_game_init(PnGame *g, const PnRules *rules) {
  memset(g, 0, sizeof *g);
  g->rules = *rules;
  g->target = rules->target;
  g->winner_side = -1;
  g->hand.phase = PN_PHASE_DEALER;
  g->hand.trump = -1;
}


static PnVerdict start_hand(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  if (g->over) return impossible(out, COL_ACTION, "the game is over: it was won in hand %d", g->hands_played);
  if (ev->seat < 1 || ev->seat > g->rules.players)
    return impossible(out, COL_SEAT, "dealer seat must be 1 to %d", g->rules.players);
  PnHand *h = &g->hand;
  memset(h, 0, sizeof *h);
  h->phase = PN_PHASE_DEAL;
  h->number = g->hands_played + 1;
  h->dealer = ev->seat;
  h->turnup = PN_NO_CARD;
  h->called = PN_NO_CARD;
  h->trump = -1;
  h->tricks_total = tricks_in_hand(&g->rules);
  for (int s = 0; s < PN_MAX_SEATS; s++) h->meld_shown[s] = -1;
  return PN_ACCEPTED;
}

/* ------------------------------------------------------------------ deal */

/* Will the deal be complete once the deal-phase row `ev` is in? */
static bool completes_deal(const PnGame *g, const PnEvent *ev) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  PnAction a = ev->action;
  for (int s = 1; s <= r->players; s++)
    if (!h->have_deal[s - 1] && !(a == PN_EV_DEAL && ev->seat == s)) return false;
  if (r->flow != PN_FLOW_BID && !h->have_turnup && a != PN_EV_TURNUP) return false;
  if (r->flow == PN_FLOW_TWO_HAND && !h->have_stock && a != PN_EV_STOCK) return false;
  if (r->widow > 0 && !h->have_widow && a != PN_EV_WIDOW) return false;
  return true;
}

/* All cards named in the deal so far, turn-up, stock and widow included
 * (the turn-up of the turn-up presets is a card of the dealer's hand). */
static void dealt_so_far(const PnGame *g, PnCards *all) {
  const PnHand *h = &g->hand;
  memset(all, 0, sizeof *all);
  for (int s = 0; s < g->rules.players; s++) cards_add(all, &h->dealt[s]);
  if (h->have_turnup && g->rules.flow == PN_FLOW_TWO_HAND) all->n[h->turnup]++;
  if (h->have_stock) pn_cards_add_list(all, h->stock, h->stock_len);
  if (h->have_widow) cards_add(all, &h->widow);
}

/* Checks the cards of a deal-phase row against the deck; *all gets every
 * card dealt so far, this row's included. */
static PnVerdict check_deal_cards(const PnGame *g, const PnEvent *ev, PnCards *all, PnOutcome *out) {
  int copies = pn_deck_copies(g->rules.deck); /* of each card in the deck */
  dealt_so_far(g, all);
  char buf[3];
  for (int i = 0; i < ev->ncards; i++) {
    if (!card_in_deck(g, ev->cards[i]))
      return impossible(out, COL_CARDS, "%s is not in the %s deck", pn_card_str(ev->cards[i], buf),
                        g->rules.preset);
    if (ev->action == PN_EV_TURNUP && g->rules.flow == PN_FLOW_TURNUP) continue; /* in a hand */
    all->n[ev->cards[i]]++;
    if (all->n[ev->cards[i]] > copies)
      return impossible(out, COL_CARDS, "the deal does not add up: more than %d copies of %s", copies,
                        pn_card_str(ev->cards[i], buf));
  }
  return PN_ACCEPTED;
}

/* The cross-checks of a complete deal, made before the row `ev` that
 * completes it is applied; `all` is every card dealt, that row's included. */
static PnVerdict check_complete_deal(const PnGame *g, const PnEvent *ev, const PnCards *all,
                                     PnOutcome *out) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  char buf[3];
  if (r->dealt_all) {
    PnCards deck;
    pn_deck_cards(r->deck, &deck);
    if (!pn_cards_contains(all, &deck))
      return impossible(out, COL_CARDS, "the deal does not add up: %s is missing",
                        missing_card(all, &deck, buf));
  }
  if (r->flow == PN_FLOW_TURNUP) {
    PnCard turnup = ev->action == PN_EV_TURNUP ? ev->cards[0] : h->turnup;
    bool dealer_row = ev->action == PN_EV_DEAL && ev->seat == h->dealer;
    PnCards dealer = dealer_row ? event_cards(ev) : h->held[h->dealer - 1];
    if (!dealer.n[turnup])
      return impossible(out, COL_CARDS, "the turned-up card %s is not in the dealer's hand",
                        pn_card_str(turnup, buf));
  }
  return PN_ACCEPTED;
}

/* Called once every deal-phase row is in (and check_complete_deal passed):
 * sets trump, the dix and the first turn. */
static void finish_deal(PnGame *g) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  if (r->flow != PN_FLOW_BID) h->trump = PN_SUIT(h->turnup);
  int dix = dix_card(g);
  for (int s = 1; s <= r->players; s++) h->dix_fresh[s - 1] = dix >= 0 ? h->held[s - 1].n[dix] : 0;
  if (is_dix(g, h->turnup)) { /* the dealer scores a turned-up dix at once */
    h->dix_points[h->dealer - 1] += pn_meld_value(r, PN_MELD_DIX);
    if (r->flow == PN_FLOW_TURNUP) h->dix_fresh[h->dealer - 1]--;
    h->exchanged = true; /* nothing left to exchange */
  }
  h->stock_pos = 0;
  if (r->flow == PN_FLOW_BID) {
    h->phase = PN_PHASE_BID;
    h->turn = next_seat(g, h->dealer);
  } else if (r->flow == PN_FLOW_TURNUP) {
    h->phase = PN_PHASE_PREPARE;
  } else {
    h->phase = PN_PHASE_PLAY;
    h->leader = h->turn = next_seat(g, h->dealer);
  }
}

static PnVerdict apply_deal_row(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  int expected = 0;
  switch (ev->action) {
  case PN_EV_DEAL:
    if (ev->seat < 1 || ev->seat > r->players)
      return impossible(out, COL_SEAT, "deal seat must be 1 to %d", r->players);
    if (h->have_deal[ev->seat - 1])
      return impossible(out, COL_SEAT, "seat %d was already dealt", ev->seat);
    expected = r->hand_size;
    break;
  case PN_EV_TURNUP:
    if (r->flow == PN_FLOW_BID)
      return impossible(out, COL_ACTION, "%s has no turned-up trump", r->preset);
    if (h->have_turnup) return impossible(out, COL_ACTION, "a second turnup row");
    if (ev->seat != 0 && ev->seat != h->dealer)
      return impossible(out, COL_SEAT, "the turnup belongs to the dealer (seat %d)", h->dealer);
    expected = 1;
    break;
  case PN_EV_STOCK:
    if (r->flow != PN_FLOW_TWO_HAND) return impossible(out, COL_ACTION, "%s has no stock", r->preset);
    if (h->have_stock) return impossible(out, COL_ACTION, "a second stock row");
    expected = stock_size(r);
    break;
  case PN_EV_WIDOW:
    if (r->widow == 0) return impossible(out, COL_ACTION, "%s has no widow", r->preset);
    if (h->have_widow) return impossible(out, COL_ACTION, "a second widow row");
    expected = r->widow;
    break;
  default: break;
  }
  if (ev->ncards != expected)
    return impossible(out, COL_CARDS, "%s row has %d cards, expected %d", pn_action_name(ev->action),
                      ev->ncards, expected);
  PnCards all;
  if (check_deal_cards(g, ev, &all, out) != PN_ACCEPTED) return PN_IMPOSSIBLE;
  bool completes = completes_deal(g, ev);
  if (completes && check_complete_deal(g, ev, &all, out) != PN_ACCEPTED) return PN_IMPOSSIBLE;

  PnCards cards = event_cards(ev);
  switch (ev->action) {
  case PN_EV_DEAL:
    h->have_deal[ev->seat - 1] = true;
    h->dealt[ev->seat - 1] = cards;
    h->held[ev->seat - 1] = cards;
    break;
  case PN_EV_TURNUP:
    h->have_turnup = true;
    h->turnup = ev->cards[0];
    break;
  case PN_EV_STOCK:
    h->have_stock = true;
    memcpy(h->stock, ev->cards, (size_t)ev->ncards);
    h->stock_len = ev->ncards;
    break;
  default:
    h->have_widow = true;
    h->widow = cards;
    break;
  }
  if (completes) finish_deal(g);
  return PN_ACCEPTED;
}

/* ------------------------------------------------------------- dispatch */


static PnVerdict apply_out(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  if (g->rules.flow != PN_FLOW_TWO_HAND)
    return impossible(out, COL_ACTION, "declaring out is for the two-hand presets");
  g->hand.out_seat = ev->seat;
  g->hand.draw_pending = false;
  hand_score(g);
  return PN_ACCEPTED;
}

/*
 * Two-hand: `out` after the last trick, before the score rows (RULES.md
 * "Declaring out").  The hand was complete and scored at its last trick;
 * the declaration re-scores it: the scoring is undone (running scores,
 * the hand count, the target raised when both were over it, the game's
 * end) and done again with the declarer, whose tricks count with the
 * last-trick bonus (all tricks were played) while the opponent's do not.
 * The hand count ends where it was, so hand_done stays false.
 */
/* Has a score row of the current hand been read (too late to declare out)? */
static bool any_score_row(const PnGame *g) {
  for (int s = 0; s < g->rules.players; s++)
    if (g->hand.scored[s]) return true;
  return false;
}

static PnVerdict apply_out_after_last_trick(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  if (g->rules.flow != PN_FLOW_TWO_HAND)
    return impossible(out, COL_ACTION, "out after the hand is over (declaring out is for the two-hand presets)");
  if (h->out_seat)
    return impossible(out, COL_ACTION, "out after the hand is over: seat %d already declared out", h->out_seat);
  if (any_score_row(g)) return impossible(out, COL_ACTION, "out after the score rows: the hand is counted");
  for (int s = 1; s <= g->rules.players; s++) g->running[s - 1] -= h->result.seat[s - 1].score;
  g->hands_played--;
  g->target = h->target_before;
  g->over = false;
  g->winner = 0;
  g->winner_side = -1;
  g->winners = 0;
  h->out_seat = ev->seat;
  hand_score(g);
  return PN_ACCEPTED;
}

static PnVerdict apply_score(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  if (!ev->has_value) return impossible(out, COL_VALUE, "a score row needs the claimed score");
  /* A seat claims its side's score once: a second row would leave two
   * claims for one hand and the stored log would not say which stands. */
  if (g->hand.scored[ev->seat - 1])
    return impossible(out, COL_SEAT, "seat %d already has a score row in hand %d", ev->seat, g->hand.number);
  g->hand.scored[ev->seat - 1] = true;
  int computed = g->hand.result.seat[ev->seat - 1].score;
  if (ev->value == computed) return PN_ACCEPTED;
  out->finding.claimed = ev->value;
  out->finding.computed = computed;
  return finding(out, PN_FIND_SCORE_CLAIM, ev->seat, PN_NO_CARD);
}

static PnVerdict dispatch(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  PnAction a = ev->action;
  bool seated = pn_action_shape(a) & PN_SHAPE_SEAT;
  if (seated && (ev->seat < 1 || ev->seat > g->rules.players))
    return impossible(out, COL_SEAT, "%s needs a seat from 1 to %d", pn_action_name(a), g->rules.players);
  if (a == PN_EV_PLAY && (h->phase == PN_PHASE_PREPARE || h->phase == PN_PHASE_PLAY))
    return hand_apply_play_row(g, ev, out); /* three rows in four: before the switches */

  switch (h->phase) {
  case PN_PHASE_DEALER:
  case PN_PHASE_GAME_OVER:
    if (a == PN_EV_DEALER) return start_hand(g, ev, out);
    return impossible(out, COL_ACTION, "a hand starts with a dealer row, not %s", pn_action_name(a));
  case PN_PHASE_DEAL:
    if (a == PN_EV_DEAL || a == PN_EV_TURNUP || a == PN_EV_STOCK || a == PN_EV_WIDOW)
      return apply_deal_row(g, ev, out);
    if (a == PN_EV_DEALER) return impossible(out, COL_ACTION, "the hand already has a dealer");
    return impossible(out, COL_ACTION, "%s before the deal is complete", pn_action_name(a));
  case PN_PHASE_BID:
    if (a == PN_EV_BID || a == PN_EV_PASS) return hand_apply_bid(g, ev, out);
    return impossible(out, COL_ACTION, "%s during the bidding: seat %d is to bid", pn_action_name(a), h->turn);
  case PN_PHASE_PREPARE:
    switch (a) {
    case PN_EV_TRUMP: return hand_apply_trump(g, ev, out);
    case PN_EV_CALL: return hand_apply_call(g, ev, out);
    case PN_EV_DISCARD: return hand_apply_discard(g, ev, out);
    case PN_EV_GIVE: return hand_apply_give(g, ev, out);
    case PN_EV_DIX: return hand_apply_dix(g, ev, out);
    case PN_EV_MELD: return hand_apply_shown_meld(g, ev, out);
    case PN_EV_MOON: return hand_apply_moon(g, ev, out);
    case PN_EV_BID:
    case PN_EV_PASS: return impossible(out, COL_ACTION, "a bid after the bidding closed");
    default: return impossible(out, COL_ACTION, "%s is not possible before play", pn_action_name(a));
    }
  case PN_PHASE_PLAY:
    switch (a) {
    case PN_EV_OUT: return apply_out(g, ev, out);
    case PN_EV_MELD:
      if (g->rules.flow == PN_FLOW_TWO_HAND) return hand_apply_progressive_meld(g, ev, out);
      return impossible(out, COL_ACTION, "meld after the first lead");
    case PN_EV_DIX:
      if (g->rules.flow == PN_FLOW_TWO_HAND) return hand_apply_dix(g, ev, out);
      return impossible(out, COL_ACTION, "dix after the first lead");
    case PN_EV_SCORE: return impossible(out, COL_ACTION, "score rows come after the last play");
    case PN_EV_BID:
    case PN_EV_PASS: return impossible(out, COL_ACTION, "a bid after the bidding closed");
    default: return impossible(out, COL_ACTION, "%s during the play of the tricks", pn_action_name(a));
    }
  case PN_PHASE_DONE:
    if (a == PN_EV_SCORE) return apply_score(g, ev, out);
    if (a == PN_EV_DEALER) return start_hand(g, ev, out);
    if (a == PN_EV_OUT) return apply_out_after_last_trick(g, ev, out);
    return impossible(out, COL_ACTION, "%s after the hand is over", pn_action_name(a));
  }
  return impossible(out, COL_ACTION, "unknown phase");
}

PnVerdict pn_game_apply(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  /* Not a memset of the whole outcome: its reason buffer is written only
   * for impossible events, and this runs for every event replayed. */
  memset(&out->finding, 0, sizeof out->finding);
  out->finding.card = PN_NO_CARD;
  out->verdict = PN_ACCEPTED;
  out->col = 0;
  out->reason[0] = '\0';
  out->hand_done = out->game_over = false;
  if ((int)ev->action < 0 || ev->action >= PN_EV_KINDS)
    return impossible(out, COL_ACTION, "unknown action");
  int hands_before = g->hands_played;
  PnVerdict verdict = dispatch(g, ev, out);
  out->verdict = verdict;
  if (verdict != PN_IMPOSSIBLE && g->hands_played != hands_before) {
    out->hand_done = true;
    out->game_over = g->over;
  }
  return verdict;
}

/* ---------------------------------------------------------------- expect */

#define BIT(a) (1u << (a))

/* Between the auction and the first play: trump, the exchange, melds. */
static void expect_prepare(const PnGame *g, PnExpect *out) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  int bidder = h->high_bidder;
  if (r->flow == PN_FLOW_BID && h->trump < 0) {
    out->actions = BIT(PN_EV_TRUMP);
    if (r->exchange == PN_EXCHANGE_WIDOW && !h->discarded) out->actions |= BIT(PN_EV_DISCARD);
    out->seat = bidder;
    out->need_cards = r->widow;
    return;
  }
  if (r->exchange == PN_EXCHANGE_CALL_PASS && h->called == PN_NO_CARD) {
    out->actions = BIT(PN_EV_CALL);
    out->seat = bidder;
    return;
  }
  if (r->exchange == PN_EXCHANGE_WIDOW && !h->discarded) {
    out->actions = BIT(PN_EV_DISCARD);
    out->seat = bidder;
    out->need_cards = r->widow;
    return;
  }
  const char *why = hand_not_ready(g);
  if (why) { /* passing */
    out->actions = BIT(PN_EV_GIVE);
    out->need_cards = r->pass_cards;
    if (h->gives == 0) out->seat = r->pass_together ? 0 : h->partner;
    else out->seat = h->give_first_seat == bidder ? h->partner : bidder;
    return;
  }
  out->actions = BIT(PN_EV_MELD) | BIT(PN_EV_PLAY);
  if (r->exchange == PN_EXCHANGE_DIX) out->actions |= BIT(PN_EV_DIX);
  if (r->moon > 0 && bidder && !h->moon) out->actions |= BIT(PN_EV_MOON);
  out->seat = bidder ? bidder : next_seat(g, h->dealer);
  PnObligation ob; /* the first lead: anything held */
  pn_obligation(g, &ob);
  pn_legal_plays(&ob, &h->held[out->seat - 1], NULL, 0, h->trump, &out->legal);
}

/* During the tricks (in two-hand, after the draw still pending). */
static void expect_play(const PnGame *g, PnExpect *out) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  out->actions = BIT(PN_EV_PLAY);
  if (r->flow == PN_FLOW_TWO_HAND) {
    out->actions |= BIT(PN_EV_OUT);
    if (h->draw_pending && !h->playoff) out->actions |= BIT(PN_EV_MELD) | BIT(PN_EV_DIX);
  }
  out->seat = h->turn;
  PnGame tmp;
  const PnGame *view = g;
  if (h->draw_pending) {
    tmp = *g;
    hand_draw_cards(&tmp);
    view = &tmp;
  }
  PnObligation ob;
  PnCards held;
  pn_obligation(view, &ob);
  pn_held(view, h->turn, &held);
  pn_legal_plays(&ob, &held, view->hand.trick, view->hand.ntrick, view->hand.trump, &out->legal);
}

void pn_game_expect(const PnGame *g, PnExpect *out) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  memset(out, 0, sizeof *out);
  switch (h->phase) {
  case PN_PHASE_DEALER:
  case PN_PHASE_GAME_OVER:
    if (!g->over) out->actions = BIT(PN_EV_DEALER);
    return;
  case PN_PHASE_DEAL:
    for (int s = 1; s <= r->players; s++)
      if (!h->have_deal[s - 1]) {
        out->actions |= BIT(PN_EV_DEAL);
        if (!out->seat) out->seat = s;
      }
    out->need_cards = r->hand_size;
    if (r->flow != PN_FLOW_BID && !h->have_turnup) out->actions |= BIT(PN_EV_TURNUP);
    if (r->flow == PN_FLOW_TWO_HAND && !h->have_stock) out->actions |= BIT(PN_EV_STOCK);
    if (r->widow && !h->have_widow) out->actions |= BIT(PN_EV_WIDOW);
    return;
  case PN_PHASE_BID:
    out->actions = BIT(PN_EV_BID) | BIT(PN_EV_PASS);
    out->seat = h->turn;
    out->min_bid = hand_lowest_good_bid(g);
    return;
  case PN_PHASE_PREPARE:
    expect_prepare(g, out);
    return;
  case PN_PHASE_PLAY:
    expect_play(g, out);
    return;
  case PN_PHASE_DONE:
    out->actions = BIT(PN_EV_SCORE) | (g->over ? 0 : BIT(PN_EV_DEALER));
    if (r->flow == PN_FLOW_TWO_HAND && !h->out_seat && !any_score_row(g)) out->actions |= BIT(PN_EV_OUT);
    return;
  }
}

/* The recorder's table order follows the tricks without the hands and
 * asks the engine who leads (one home for the rule). */
int pn_first_leader(const PnGame *g) {
  return g->hand.high_bidder ? g->hand.high_bidder : next_seat(g, g->hand.dealer);
}
