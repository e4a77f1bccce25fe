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

enum { COL_ROW = 0, COL_SEAT = 4, COL_ACTION = 5, COL_CARDS = 6, COL_VALUE = 7 };

static PnVerdict impossible(PnOutcome *out, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out->reason, sizeof out->reason, fmt, ap);
  va_end(ap);
  out->verdict = PN_IMPOSSIBLE;
  out->col = col;
  return PN_IMPOSSIBLE;
}

static PnVerdict finding(PnOutcome *out, PnFindingKind kind, int seat, PnCard card) {
  out->verdict = PN_ACCEPTED_FINDING;
  out->finding.kind = kind;
  out->finding.seat = seat;
  out->finding.card = card;
  return PN_ACCEPTED_FINDING;
}

/* The seat at `seat`'s left (seats 1..players; no division: once a play). */
static int next_seat(const PnGame *g, int seat) { return seat < g->rules.players ? seat + 1 : 1; }

static int dix_card(const PnGame *g) {
  int rank = pn_dix_rank(g->rules.deck);
  return (rank < 0 || g->hand.trump < 0) ? -1 : PN_CARD(g->hand.trump, rank);
}

static bool is_dix(const PnGame *g, PnCard card) { return card != PN_NO_CARD && card == dix_card(g); }

static bool card_in_deck(const PnGame *g, PnCard card) {
  static const int LOWEST[] = {[PN_DECK_SINGLE] = PN_NINE, [PN_DECK_SINGLE64] = PN_SEVEN,
                               [PN_DECK_DOUBLE] = PN_JACK};
  return card < PN_CARD_KINDS && PN_RANK(card) <= LOWEST[g->rules.deck];
}

static void cards_remove(PnCards *from, const PnCards *what) {
  for (int c = 0; c < PN_CARD_KINDS; c++) from->n[c] = (uint8_t)(from->n[c] - what->n[c]);
}

static void cards_add(PnCards *to, const PnCards *what) {
  for (int c = 0; c < PN_CARD_KINDS; c++) to->n[c] = (uint8_t)(to->n[c] + what->n[c]);
}

static PnCards event_cards(const PnEvent *ev) {
  PnCards cards = {{0}};
  pn_cards_add_list(&cards, ev->cards, ev->ncards);
  return cards;
}

static void table_cards(const PnHand *h, int seat, PnCards *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < h->ntable[seat - 1]; i++) out->n[h->table[seat - 1][i].card]++;
}

void pn_held(const PnGame *g, int seat, PnCards *out) {
  const PnHand *h = &g->hand;
  *out = h->held[seat - 1];
  for (int i = 0; i < h->ntable[seat - 1]; i++) out->n[h->table[seat - 1][i].card]++;
}

/* Names the first card of `want` that `have` lacks, for messages. */
static const char *missing_card(const PnCards *have, const PnCards *want, char buf[3]) {
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (want->n[c] > have->n[c]) return pn_card_str((PnCard)c, buf);
  return pn_card_str(PN_NO_CARD, buf);
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
static int competitor_of(const PnGame *g, int seat) {
  return g->rules.sides == PN_SIDES_TEAMS ? pn_side_of_seat(&g->rules, 0, 0, seat) : seat - 1;
}

static int competitor_count(const PnGame *g) {
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

static int tricks_in_hand(const PnRules *r) {
  if (r->flow == PN_FLOW_TWO_HAND) return pn_deck_size(r->deck) / 2;
  return r->hand_size;
}

static int stock_size(const PnRules *r) { return pn_deck_size(r->deck) - 2 * r->hand_size - 1; }

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

/* -------------------------------------------------------------- bidding */

static bool bid_on_step(const PnRules *r, int bid) {
  if (bid <= r->bid_fine_until) return true;
  return bid % r->bid_step == 0;
}

/* The lowest bid that is not too low now. */
static int lowest_good_bid(const PnGame *g) {
  const PnRules *r = &g->rules;
  int bid = g->hand.high_bid ? g->hand.high_bid + 1 : r->min_bid;
  if (bid < r->min_bid) bid = r->min_bid;
  while (!bid_on_step(r, bid)) bid++;
  return bid;
}

static void end_bidding(PnGame *g, int bidder, int bid) {
  PnHand *h = &g->hand;
  h->high_bidder = bidder;
  h->high_bid = bid;
  h->phase = PN_PHASE_PREPARE;
  h->turn = bidder;
  if (g->rules.exchange == PN_EXCHANGE_WIDOW) cards_add(&h->held[bidder - 1], &h->widow);
  if (g->rules.exchange == PN_EXCHANGE_PASS) h->partner = (bidder + 1) % 4 + 1;
}

static void score_hand(PnGame *g);

static void all_passed(PnGame *g) {
  PnHand *h = &g->hand;
  if (g->rules.all_pass_redeal) {
    h->result.redeal = true;
    score_hand(g);
  } else {
    end_bidding(g, h->dealer, g->rules.min_bid);
  }
}

static void advance_bidding(PnGame *g) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  int active = 0;
  for (int s = 0; s < r->players; s++) active += !h->passed[s];
  if (r->bidding == PN_BIDDING_ONCE) {
    if (h->bid_turns == r->players) {
      if (h->high_bidder) end_bidding(g, h->high_bidder, h->high_bid);
      else all_passed(g);
    } else {
      h->turn = next_seat(g, h->turn);
    }
    return;
  }
  if (h->high_bidder && active == 1 && !h->passed[h->high_bidder - 1]) {
    end_bidding(g, h->high_bidder, h->high_bid);
    return;
  }
  if (active == 0) {
    if (h->high_bidder) end_bidding(g, h->high_bidder, h->high_bid);
    else all_passed(g);
    return;
  }
  do h->turn = next_seat(g, h->turn);
  while (h->passed[h->turn - 1]);
}

static PnVerdict apply_bid(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  bool is_bid = ev->action == PN_EV_BID;
  if (is_bid && !ev->has_value) return impossible(out, COL_VALUE, "a bid needs an amount");
  if (is_bid && ev->value <= 0) return impossible(out, COL_VALUE, "a bid must be a positive number");
  if (h->passed[ev->seat - 1] && r->bidding != PN_BIDDING_ONCE) {
    if (!is_bid) return PN_ACCEPTED; /* a passed player goes on passing (004) */
    out->finding.claimed = ev->value;
    return finding(out, PN_FIND_BID_AFTER_PASS, ev->seat, PN_NO_CARD);
  }
  if (ev->seat != h->turn) {
    if (is_bid && h->passed[ev->seat - 1]) {
      out->finding.claimed = ev->value;
      return finding(out, PN_FIND_BID_AFTER_PASS, ev->seat, PN_NO_CARD);
    }
    return impossible(out, COL_SEAT, "out of turn: seat %d is to bid", h->turn);
  }
  bool first = h->bids_made == 0;
  h->bids_made++;
  h->bid_turns++;
  PnVerdict verdict = PN_ACCEPTED;
  if (!is_bid) {
    h->passed[ev->seat - 1] = true;
    if (r->bidding == PN_BIDDING_TWO_HAND && first) { /* the opener drops the bid (002) */
      end_bidding(g, next_seat(g, ev->seat), r->min_bid);
      return PN_ACCEPTED;
    }
  } else {
    int good = lowest_good_bid(g);
    if (ev->value < good || !bid_on_step(r, ev->value)) {
      out->finding.claimed = ev->value;
      out->finding.computed = good;
      verdict = finding(out, PN_FIND_BID_TOO_LOW, ev->seat, PN_NO_CARD);
    }
    if (ev->value > h->high_bid) {
      h->high_bid = ev->value;
      h->high_bidder = ev->seat;
    }
  }
  advance_bidding(g);
  return verdict;
}

/* ---------------------------------------------------- trump and exchange */

/* Why the hand cannot go on to meld and play yet, or NULL. */
static const char *not_ready(const PnGame *g) {
  const PnRules *r = &g->rules;
  const PnHand *h = &g->hand;
  if (h->trump < 0) return "trump has not been named";
  if (r->exchange == PN_EXCHANGE_CALL_PASS && h->called == PN_NO_CARD)
    return "the bidder has not called a card";
  if (r->exchange == PN_EXCHANGE_WIDOW && !h->discarded) return "the bidder has not discarded";
  bool passing = r->exchange == PN_EXCHANGE_PASS || r->exchange == PN_EXCHANGE_CALL_PASS;
  if (passing && r->pass_cards > 0 && h->partner && h->gives < 2)
    return "the partners have not passed their cards";
  return NULL;
}

static PnVerdict apply_trump(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  if (r->flow != PN_FLOW_BID)
    return impossible(out, COL_ACTION, "trump is fixed by the turned-up card in %s", r->preset);
  if (ev->seat != h->high_bidder)
    return impossible(out, COL_SEAT, "only the bidder (seat %d) names trump", h->high_bidder);
  if (h->trump >= 0) return impossible(out, COL_ACTION, "trump was already named");
  if (ev->suit < 0 || ev->suit >= PN_SUITS)
    return impossible(out, COL_VALUE, "trump needs a suit letter S, H, D or C");
  h->trump = ev->suit;
  const PnCards *held = &h->held[ev->seat - 1];
  bool marriage = held->n[PN_CARD(ev->suit, PN_KING)] && held->n[PN_CARD(ev->suit, PN_QUEEN)];
  int dix_rank = pn_dix_rank(r->deck);
  bool dix = dix_rank >= 0 && held->n[PN_CARD(ev->suit, dix_rank)];
  bool ok = r->trump_req == PN_TRUMPREQ_NONE || marriage ||
            (r->trump_req == PN_TRUMPREQ_MARRIAGE_OR_DIX && dix);
  if (ok) return PN_ACCEPTED;
  h->trump_failed = true;
  return finding(out, PN_FIND_TRUMP_WITHOUT_MARRIAGE, ev->seat, PN_NO_CARD);
}

static PnVerdict apply_call(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  if (g->rules.exchange != PN_EXCHANGE_CALL_PASS)
    return impossible(out, COL_ACTION, "%s has no called partner", g->rules.preset);
  if (ev->seat != h->high_bidder)
    return impossible(out, COL_SEAT, "only the bidder (seat %d) calls a card", h->high_bidder);
  if (h->called != PN_NO_CARD) return impossible(out, COL_ACTION, "a card was already called");
  if (ev->ncards != 1) return impossible(out, COL_CARDS, "call names exactly one card");
  if (!card_in_deck(g, ev->cards[0]))
    return impossible(out, COL_CARDS, "the called card is not in the deck");
  h->called = ev->cards[0];
  h->partner = 0; /* alone unless someone else holds a copy */
  for (int i = 1, s = next_seat(g, ev->seat); i < g->rules.players; i++, s = next_seat(g, s))
    if (h->held[s - 1].n[h->called]) {
      h->partner = s;
      break;
    }
  return PN_ACCEPTED;
}

static PnVerdict apply_discard(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  if (g->rules.exchange != PN_EXCHANGE_WIDOW)
    return impossible(out, COL_ACTION, "%s has no widow to discard to", g->rules.preset);
  if (ev->seat != h->high_bidder)
    return impossible(out, COL_SEAT, "only the bidder (seat %d) discards", h->high_bidder);
  if (h->discarded) return impossible(out, COL_ACTION, "the bidder already discarded");
  if (ev->ncards != g->rules.widow)
    return impossible(out, COL_CARDS, "discard %d cards, not %d", g->rules.widow, ev->ncards);
  PnCards cards = event_cards(ev);
  char buf[3];
  if (!pn_cards_contains(&h->held[ev->seat - 1], &cards))
    return impossible(out, COL_CARDS, "seat %d does not hold %s", ev->seat,
                      missing_card(&h->held[ev->seat - 1], &cards, buf));
  cards_remove(&h->held[ev->seat - 1], &cards);
  h->discards = cards;
  h->discarded = true;
  h->counters[ev->seat - 1] += pn_counters_of(g->rules.count, ev->cards, ev->ncards);
  return PN_ACCEPTED;
}

static PnVerdict apply_give(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  if (r->exchange != PN_EXCHANGE_PASS && r->exchange != PN_EXCHANGE_CALL_PASS)
    return impossible(out, COL_ACTION, "%s has no passing", r->preset);
  if (h->trump < 0) return impossible(out, COL_ACTION, "cards are passed after trump is named");
  if (r->exchange == PN_EXCHANGE_CALL_PASS && h->called == PN_NO_CARD)
    return impossible(out, COL_ACTION, "cards are passed after the bidder calls a card");
  if (!h->partner || r->pass_cards == 0)
    return impossible(out, COL_ACTION, "no cards are passed in this hand (the bidder is alone)");
  if (h->gives >= 2) return impossible(out, COL_ACTION, "the partners have already passed");
  int bidder = h->high_bidder, partner = h->partner;
  if (ev->seat != bidder && ev->seat != partner)
    return impossible(out, COL_SEAT, "only the bidder and partner pass cards");
  if (h->gives == 1 && ev->seat == h->give_first_seat)
    return impossible(out, COL_SEAT, "seat %d already passed", ev->seat);
  if (h->gives == 0 && !r->pass_together && ev->seat != partner)
    return impossible(out, COL_SEAT, "the partner (seat %d) passes first", partner);
  if (ev->ncards != r->pass_cards)
    return impossible(out, COL_CARDS, "pass %d cards, not %d", r->pass_cards, ev->ncards);
  PnCards cards = event_cards(ev);
  char buf[3];
  if (!pn_cards_contains(&h->held[ev->seat - 1], &cards))
    return impossible(out, COL_CARDS, "seat %d does not hold %s", ev->seat,
                      missing_card(&h->held[ev->seat - 1], &cards, buf));
  if (r->exchange == PN_EXCHANGE_CALL_PASS && ev->seat == partner && !cards.n[h->called])
    return impossible(out, COL_CARDS, "the called card %s is not among the cards passed",
                      pn_card_str(h->called, buf));
  int to = ev->seat == bidder ? partner : bidder;
  if (!r->pass_together) {
    cards_remove(&h->held[ev->seat - 1], &cards);
    cards_add(&h->held[to - 1], &cards);
  } else if (h->gives == 0) {
    h->give_pending = cards; /* both pass from the hand as dealt */
  } else {
    int first = h->give_first_seat;
    cards_remove(&h->held[first - 1], &h->give_pending);
    cards_add(&h->held[ev->seat - 1], &h->give_pending);
    cards_remove(&h->held[ev->seat - 1], &cards);
    cards_add(&h->held[first - 1], &cards);
  }
  if (h->gives == 0) h->give_first_seat = ev->seat;
  h->gives++;
  return PN_ACCEPTED;
}

static PnVerdict apply_dix(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  int dix = dix_card(g);
  char buf[3];
  if (r->exchange != PN_EXCHANGE_DIX || dix < 0)
    return impossible(out, COL_ACTION, "%s has no dix rows", r->preset);
  if (ev->ncards > 1 || (ev->ncards == 1 && ev->cards[0] != dix))
    return impossible(out, COL_CARDS, "the dix is %s", pn_card_str((PnCard)dix, buf));
  if (ev->dix != PN_DIX_EXCHANGE && ev->dix != PN_DIX_SHOW)
    return impossible(out, COL_VALUE, "dix value must be exchange or show");
  if (r->flow == PN_FLOW_TWO_HAND) {
    if (!h->draw_pending || h->playoff || ev->seat != h->last_winner)
      return impossible(out, COL_SEAT, "only the winner of the last trick may count the dix, before the draws");
  }
  if (h->dix_fresh[ev->seat - 1] <= 0 || !h->held[ev->seat - 1].n[dix])
    return impossible(out, COL_SEAT, "seat %d holds no dix that has not been counted", ev->seat);
  if (ev->dix == PN_DIX_EXCHANGE && h->exchanged)
    return impossible(out, COL_VALUE, "there is no turned-up trump left to exchange for the dix");
  if (r->flow == PN_FLOW_TWO_HAND && h->dix_this_turn++ > 0) {
    out->finding.claimed = 0;
    return finding(out, PN_FIND_MELD_CLAIM, ev->seat, (PnCard)dix);
  }
  if (ev->dix == PN_DIX_EXCHANGE) {
    h->held[ev->seat - 1].n[dix]--;
    h->held[ev->seat - 1].n[h->turnup]++;
    if (r->flow == PN_FLOW_TURNUP) { /* the turn-up is a card of the dealer's hand */
      h->held[h->dealer - 1].n[h->turnup]--;
      h->held[h->dealer - 1].n[dix]++;
    }
    h->turnup = (PnCard)dix;
    h->exchanged = true;
  }
  h->dix_fresh[ev->seat - 1]--;
  h->dix_points[ev->seat - 1] += pn_meld_value(r, PN_MELD_DIX);
  return PN_ACCEPTED;
}

static PnVerdict apply_shown_meld(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  const char *why = not_ready(g);
  if (why) return impossible(out, COL_ACTION, "meld before the hand is ready: %s", why);
  if (h->meld_shown[ev->seat - 1] >= 0)
    return impossible(out, COL_SEAT, "seat %d already showed meld", ev->seat);
  PnCards cards = event_cards(ev);
  char buf[3];
  if (!pn_cards_contains(&h->held[ev->seat - 1], &cards))
    return impossible(out, COL_CARDS, "seat %d does not hold %s", ev->seat,
                      missing_card(&h->held[ev->seat - 1], &cards, buf));
  PnMeldResult best;
  int value = pn_meld_best(&g->rules, h->trump, &cards, &best);
  h->meld_shown[ev->seat - 1] = value;
  if (ev->has_value && ev->value != value) {
    out->finding.claimed = ev->value;
    out->finding.computed = value;
    return finding(out, PN_FIND_MELD_CLAIM, ev->seat, PN_NO_CARD);
  }
  return PN_ACCEPTED;
}

static PnVerdict apply_moon(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  if (g->rules.moon <= 0) return impossible(out, COL_ACTION, "shooting the moon is off in this game");
  if (ev->seat != h->high_bidder)
    return impossible(out, COL_SEAT, "only the bidder (seat %d) shoots the moon", h->high_bidder);
  if (h->moon) return impossible(out, COL_ACTION, "the moon was already declared");
  const char *why = not_ready(g);
  if (why) return impossible(out, COL_ACTION, "moon before the hand is ready: %s", why);
  h->moon = true;
  return PN_ACCEPTED;
}

/* ------------------------------------------------------- two-hand melds */

/* Melds one named meld from the trick winner's hand and table (RULES.md
 * section 3, two-hand).  An invalid meld is a meld-claim finding and
 * changes nothing but the turn's meld count. */
static PnVerdict apply_progressive_meld(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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
static void draw_cards(PnGame *g) {
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
  draw_cards(&view);
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
    score_hand(g);
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
    draw_cards(g);
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
  const char *why = not_ready(g);
  if (why) return impossible(out, COL_ACTION, "play before the hand is ready: %s", why);
  h->phase = PN_PHASE_PLAY;
  h->leader = h->turn = pn_first_leader(g);
  return PN_ACCEPTED;
}

/* A play row, in preparation (the first lead, which starts the play and
 * is undone with it when impossible) or during the play. */
static PnVerdict apply_play_row(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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

/* --------------------------------------------------------------- scoring */

/* Has this running score won against the target?  target_rule=reach:
 * at or over it; exceed (002): strictly over it. */
static bool over_target(const PnRules *r, int score, int target) {
  return r->target_exceed ? score > target : score >= target;
}

/* Decides the game after a hand (RULES.md section 6, game end). */
static void decide_game(PnGame *g) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  int n = competitor_count(g);
  int score[PN_MAX_SEATS], seat_of[PN_MAX_SEATS];
  for (int c = 0; c < n; c++) seat_of[c] = 0;
  for (int s = r->players; s >= 1; s--) seat_of[competitor_of(g, s)] = s;
  for (int c = 0; c < n; c++) score[c] = g->running[seat_of[c] - 1];
  int winner = -1;
  if (h->out_seat) { /* declaring out decides the game either way */
    int c = competitor_of(g, h->out_seat);
    winner = over_target(r, score[c], g->target) ? c : competitor_of(g, next_seat(g, h->out_seat));
  } else {
    if (r->target_step > 0) {
      for (;;) {
        bool all_over = true;
        for (int c = 0; c < n; c++) all_over = all_over && over_target(r, score[c], g->target);
        if (!all_over) break;
        g->target += r->target_step;
      }
    }
    int bidder_c = h->high_bidder ? competitor_of(g, h->high_bidder) : -1;
    int partner_c = h->partner ? competitor_of(g, h->partner) : -1;
    /* how strongly a competitor's bid counts: bidder 2, partner 1, others 0 */
    int claim[PN_MAX_SEATS] = {0};
    if (partner_c >= 0) claim[partner_c] = 1;
    if (bidder_c >= 0) claim[bidder_c] = 2;
    if (r->both_over_higher) {
      /* both_over=higher (002): the higher score wins; a tie goes to the
       * bidding side, else (no bidder among them) to the lower seat */
      for (int c = 0; c < n; c++)
        if (over_target(r, score[c], g->target) &&
            (winner < 0 || score[c] > score[winner] ||
             (score[c] == score[winner] && claim[c] > claim[winner])))
          winner = c;
    } else if (bidder_c >= 0 && over_target(r, score[bidder_c], g->target)) {
      winner = bidder_c; /* bidders count first (003) */
    } else if (partner_c >= 0 && over_target(r, score[partner_c], g->target)) {
      winner = partner_c;
    } else {
      for (int c = 0; c < n; c++)
        if (over_target(r, score[c], g->target) && (winner < 0 || score[c] > score[winner]))
          winner = c;
    }
    if (winner < 0 && r->lose_at_on) {
      bool someone_lost = false;
      for (int c = 0; c < n; c++) someone_lost = someone_lost || score[c] <= r->lose_at;
      if (someone_lost)
        for (int c = 0; c < n; c++)
          if (score[c] > r->lose_at && (winner < 0 || score[c] > score[winner])) winner = c;
    }
  }
  if (winner >= 0) {
    g->over = true;
    g->winner_side = winner;
    g->winner = seat_of[winner];
  }
}

/* Scores the finished hand (RULES.md section 6) and moves to DONE. */
static void score_hand(PnGame *g) {
  const PnRules *r = &g->rules;
  PnHand *h = &g->hand;
  PnHandResult *res = &h->result;
  int nsides = pn_side_count(g);
  int side_meld[PN_MAX_SEATS] = {0}, side_counters[PN_MAX_SEATS] = {0};
  int side_tricks[PN_MAX_SEATS] = {0}, side_score[PN_MAX_SEATS] = {0};
  bool side_reneged[PN_MAX_SEATS] = {false}, side_meld_counts[PN_MAX_SEATS] = {false};
  bool any_renege = false;
  int bidder = h->high_bidder, bid_side = bidder ? pn_side_of(g, bidder) : -1;

  h->target_before = g->target; /* decide_game may raise it; an out after the last trick undoes that */
  res->bidder = bidder;
  res->bid = h->high_bid;
  res->partner = h->partner;
  res->trump = h->trump;
  res->moon = h->moon;
  res->out_seat = h->out_seat;

  for (int s = 1; s <= r->players; s++) {
    PnSeatResult *sr = &res->seat[s - 1];
    int side = pn_side_of(g, s);
    int counters = h->counters[s - 1];
    if (r->count == PN_COUNT_CLASSIC) counters = pn_round_classic(counters);
    if (h->out_seat && s != h->out_seat) counters = 0; /* only the declarer's tricks count */
    sr->meld_shown = pn_meld_shown(g, s);
    sr->counters = counters;
    sr->tricks = h->tricks_won[s - 1];
    sr->reneged = h->reneged[s - 1];
    memcpy(sr->reneges, h->reneges[s - 1], sizeof sr->reneges);
    side_meld[side] += sr->meld_shown;
    side_counters[side] += counters;
    side_tricks[side] += sr->tricks;
    side_reneged[side] = side_reneged[side] || sr->reneged;
    any_renege = any_renege || sr->reneged;
  }
  if (res->redeal) {
    memset(res->seat, 0, sizeof res->seat);
  } else {
    for (int side = 0; side < nsides; side++) {
      bool took_trick = side_tricks[side] > 0 ||
                        (side == bid_side && r->exchange == PN_EXCHANGE_WIDOW && h->discarded);
      bool meld_counts = !r->meld_needs_trick || took_trick || r->flow == PN_FLOW_TWO_HAND;
      int counters = side_counters[side], meld = meld_counts ? side_meld[side] : 0;
      int total = meld + counters;
      int minimum = r->side_minimum;
      if (minimum && !(r->renege_set && any_renege)) {
        if (counters < minimum) total = 0, meld = 0;
        else if (meld < minimum) total = counters, meld = 0;
      }
      side_meld_counts[side] = meld > 0;
      bool bidding = side == bid_side;
      if (r->renege_set && any_renege) {
        if (side_reneged[side]) total = bidding ? -h->high_bid : 0;
        else total = meld_counts ? side_meld[side] + counters : counters;
        if (bidding) res->made = !side_reneged[side];
      } else if (bidding && h->moon) {
        res->made = side_tricks[side] == h->tricks_total;
        total = res->made ? r->moon : -r->moon;
      } else if (bidding) {
        bool set = h->trump_failed || (meld_counts ? side_meld[side] : 0) + counters < h->high_bid;
        if (minimum) set = set || counters < minimum || side_meld[side] < minimum;
        res->made = !set;
        if (set) total = -h->high_bid;
      }
      side_score[side] = total;
    }
    for (int s = 1; s <= r->players; s++) {
      PnSeatResult *sr = &res->seat[s - 1];
      int side = pn_side_of(g, s);
      sr->meld_counted = side_meld_counts[side] ? sr->meld_shown : 0;
      sr->score = side_score[side];
      if (r->no_trick_no_score && sr->tricks == 0 && side != bid_side) sr->score = 0;
      if (r->no_trick_no_score && sr->tricks == 0) sr->meld_counted = 0;
      g->running[s - 1] += sr->score;
    }
  }
  h->phase = PN_PHASE_DONE;
  g->hands_played++;
  decide_game(g);
}

/* ------------------------------------------------------------- dispatch */


static PnVerdict apply_out(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  if (g->rules.flow != PN_FLOW_TWO_HAND)
    return impossible(out, COL_ACTION, "declaring out is for the two-hand presets");
  g->hand.out_seat = ev->seat;
  g->hand.draw_pending = false;
  score_hand(g);
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
  h->out_seat = ev->seat;
  score_hand(g);
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
    return apply_play_row(g, ev, out); /* three rows in four: before the switches */

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
    if (a == PN_EV_BID || a == PN_EV_PASS) return apply_bid(g, ev, out);
    return impossible(out, COL_ACTION, "%s during the bidding: seat %d is to bid", pn_action_name(a), h->turn);
  case PN_PHASE_PREPARE:
    switch (a) {
    case PN_EV_TRUMP: return apply_trump(g, ev, out);
    case PN_EV_CALL: return apply_call(g, ev, out);
    case PN_EV_DISCARD: return apply_discard(g, ev, out);
    case PN_EV_GIVE: return apply_give(g, ev, out);
    case PN_EV_DIX: return apply_dix(g, ev, out);
    case PN_EV_MELD: return apply_shown_meld(g, ev, out);
    case PN_EV_MOON: return apply_moon(g, ev, out);
    case PN_EV_BID:
    case PN_EV_PASS: return impossible(out, COL_ACTION, "a bid after the bidding closed");
    default: return impossible(out, COL_ACTION, "%s is not possible before play", pn_action_name(a));
    }
  case PN_PHASE_PLAY:
    switch (a) {
    case PN_EV_OUT: return apply_out(g, ev, out);
    case PN_EV_MELD:
      if (g->rules.flow == PN_FLOW_TWO_HAND) return apply_progressive_meld(g, ev, out);
      return impossible(out, COL_ACTION, "meld after the first lead");
    case PN_EV_DIX:
      if (g->rules.flow == PN_FLOW_TWO_HAND) return apply_dix(g, ev, out);
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
    out->min_bid = lowest_good_bid(g);
    return;
  case PN_PHASE_PREPARE: {
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
    const char *why = not_ready(g);
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
    return;
  }
  case PN_PHASE_PLAY: {
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
      draw_cards(&tmp);
      view = &tmp;
    }
    PnObligation ob;
    PnCards held;
    pn_obligation(view, &ob);
    pn_held(view, h->turn, &held);
    pn_legal_plays(&ob, &held, view->hand.trick, view->hand.ntrick, view->hand.trump, &out->legal);
    return;
  }
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
