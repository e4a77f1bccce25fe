/*
 * hand_bid.c - bidding, passing, trump, the widow and exchanges, shown melds.
 * Split from hand.c by concern; what the files share is in hand_int.h.
 */
#include "pinochle.h"

#include <string.h>

#include "hand_int.h"

/* -------------------------------------------------------------- bidding */

static bool bid_on_step(const PnRules *r, int bid) {
  if (bid <= r->bid_fine_until) return true;
  return bid % r->bid_step == 0;
}

/* The lowest bid that is not too low now. */
int hand_lowest_good_bid(const PnGame *g) {
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


static void all_passed(PnGame *g) {
  PnHand *h = &g->hand;
  if (g->rules.all_pass_redeal) {
    h->result.redeal = true;
    hand_score(g);
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

PnVerdict hand_apply_bid(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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
    int good = hand_lowest_good_bid(g);
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
const char *hand_not_ready(const PnGame *g) {
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

PnVerdict hand_apply_trump(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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

PnVerdict hand_apply_call(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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

PnVerdict hand_apply_discard(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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

PnVerdict hand_apply_give(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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

PnVerdict hand_apply_dix(PnGame *g, const PnEvent *ev, PnOutcome *out) {
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

PnVerdict hand_apply_shown_meld(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  const char *why = hand_not_ready(g);
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

PnVerdict hand_apply_moon(PnGame *g, const PnEvent *ev, PnOutcome *out) {
  PnHand *h = &g->hand;
  if (g->rules.moon <= 0) return impossible(out, COL_ACTION, "shooting the moon is off in this game");
  if (ev->seat != h->high_bidder)
    return impossible(out, COL_SEAT, "only the bidder (seat %d) shoots the moon", h->high_bidder);
  if (h->moon) return impossible(out, COL_ACTION, "the moon was already declared");
  const char *why = hand_not_ready(g);
  if (why) return impossible(out, COL_ACTION, "moon before the hand is ready: %s", why);
  h->moon = true;
  return PN_ACCEPTED;
}
