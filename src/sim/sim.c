/* sim.c - seeded players for every preset (see sim.h). */
#include "sim.h"

#include <string.h>

/* ------------------------------------------------------------------ rng */

void sim_rng_seed(SimRng *rng, uint64_t seed) { rng->state = seed; }

uint64_t sim_rng_next(SimRng *rng) {
  uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

int sim_rng_below(SimRng *rng, int n) { return n <= 1 ? 0 : (int)(sim_rng_next(rng) % (uint64_t)n); }

bool sim_rng_chance(SimRng *rng, double p) {
  return (double)(sim_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0) < p;
}

void sim_shuffle_cards(SimRng *rng, PnCard *cards, int n) {
  for (int i = n - 1; i > 0; i--) {
    int j = sim_rng_below(rng, i + 1);
    PnCard t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}

void sim_driver_init(SimDriver *d, const SimConfig *config, uint64_t seed, int players) {
  memset(d, 0, sizeof *d);
  d->config = *config;
  sim_rng_seed(&d->rng, seed);
  d->next_dealer = config->first_dealer >= 1 && config->first_dealer <= players ? config->first_dealer : 1;
  d->score_for_hand = -1;
  d->plant_mark = d->plant_trick = d->score_wrong = -1;
}

/* -------------------------------------------------------------- helpers */

static int next_seat(const PnGame *g, int seat) { return pn_next_seat(&g->rules, seat); }

static void set_event(PnEvent *ev, PnAction action, int seat) {
  memset(ev, 0, sizeof *ev);
  ev->action = action;
  ev->seat = seat;
  ev->suit = -1;
  ev->meld = -1;
}

static void add_cards(PnEvent *ev, const PnCards *cards) {
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < cards->n[c]; k++) ev->cards[ev->ncards++] = (PnCard)c;
}

/* The i-th card (0-based, canonical order) of a multiset. */
static PnCard nth_card(const PnCards *cards, int i) {
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (i < cards->n[c]) return (PnCard)c;
    i -= cards->n[c];
  }
  return PN_NO_CARD;
}

static PnCard random_card(SimRng *rng, const PnCards *cards) {
  int total = pn_cards_total(cards);
  return total ? nth_card(cards, sim_rng_below(rng, total)) : PN_NO_CARD;
}

static int counter_total(const PnRules *r) {
  PnCards deck;
  pn_deck_cards(r->deck, &deck);
  int total = pn_last_trick_bonus(r->count);
  for (int c = 0; c < PN_CARD_KINDS; c++) total += deck.n[c] * pn_counter_value(r->count, (PnCard)c);
  return total;
}

/* ------------------------------------------------------------- planting */

static bool planting(const SimDriver *d) { return d->config.plant_rate > 0; }

static void planted(SimDriver *d, PnFindingKind kind) {
  d->plant = kind;
  if (kind > PN_FIND_NONE && kind < PN_FIND_KINDS) d->plants[kind]++;
}

/* What `ev` would do to `g`, tried on a copy: the finding's kind,
 * PN_FIND_NONE when accepted without one, -1 when impossible. */
static int trial_finding(const PnGame *g, const PnEvent *ev) {
  PnGame trial = *g;
  PnOutcome out;
  PnVerdict verdict = pn_game_apply(&trial, ev, &out);
  if (verdict == PN_IMPOSSIBLE) return -1;
  return verdict == PN_ACCEPTED_FINDING ? (int)out.finding.kind : PN_FIND_NONE;
}

/* Keeps `candidate` as the next event if it causes finding `kind`. */
static bool plant_if(SimDriver *d, const PnGame *g, const PnEvent *candidate, PnFindingKind kind, PnEvent *ev) {
  if (trial_finding(g, candidate) != (int)kind) return false;
  *ev = *candidate;
  planted(d, kind);
  return true;
}

/* Resets what planting remembers about the hand: at each dealer row. */
static void plant_new_hand(SimDriver *d) {
  d->plant_bids = 0;
  d->plant_mark = d->plant_trick = -1;
  d->plant_pending = 0;
}

/* ----------------------------------------------------------------- deal */

int sim_deal_events(SimRng *rng, const PnGame *g, PnEvent events[SIM_MAX_DEAL_EVENTS]) {
  const PnRules *r = &g->rules;
  PnCards full;
  pn_deck_cards(r->deck, &full);
  PnCard deck[80];
  int len = 0;
  for (int c = 0; c < PN_CARD_KINDS; c++)
    for (int k = 0; k < full.n[c]; k++) deck[len++] = (PnCard)c;
  sim_shuffle_cards(rng, deck, len);
  int hs = r->hand_size, np = r->players, n = 0, dealer = g->hand.dealer;
  for (int seat = 1; seat <= np; seat++) {
    PnEvent *ev = &events[n++];
    set_event(ev, PN_EV_DEAL, seat);
    PnCards cards = {{0}};
    pn_cards_add_list(&cards, deck + (seat - 1) * hs, hs);
    add_cards(ev, &cards); /* canonical order reads better in a log */
  }
  if (r->flow != PN_FLOW_BID) {
    PnEvent *ev = &events[n++];
    /* two-hand: the card after the hands; turn-up presets: the dealer's last */
    set_event(ev, PN_EV_TURNUP, r->flow == PN_FLOW_TWO_HAND ? 0 : dealer);
    ev->cards[0] = r->flow == PN_FLOW_TWO_HAND ? deck[np * hs] : deck[dealer * hs - 1];
    ev->ncards = 1;
  }
  if (r->flow == PN_FLOW_TWO_HAND) {
    PnEvent *ev = &events[n++];
    set_event(ev, PN_EV_STOCK, 0);
    for (int i = np * hs + 1; i < len; i++) ev->cards[ev->ncards++] = deck[i];
  }
  if (r->widow) {
    PnEvent *ev = &events[n++];
    set_event(ev, PN_EV_WIDOW, 0);
    PnCards cards = {{0}};
    pn_cards_add_list(&cards, deck + np * hs, r->widow);
    add_cards(ev, &cards);
  }
  return n;
}

/* -------------------------------------------------------------- bidding */

/* What a hand hopes to make with `trump`: its meld plus a share of the
 * counters in proportion to its aces and trumps. */
static int hand_value(const PnGame *g, const PnCards *hand, int trump) {
  const PnRules *r = &g->rules;
  PnMeldResult meld;
  pn_meld_best(r, trump, hand, &meld);
  int aces = 0, tens = 0;
  for (int s = 0; s < PN_SUITS; s++) {
    aces += hand->n[PN_CARD(s, PN_ACE)];
    tens += hand->n[PN_CARD(s, PN_TEN)];
  }
  int trumps = pn_cards_of_suit(hand, trump);
  int fair = r->hand_size / PN_SUITS; /* an average suit length */
  double strength = aces + 0.4 * tens + 0.8 * (trumps > fair ? trumps - fair : 0);
  double share = strength / (double)r->hand_size;
  if (share > 0.9) share = 0.9;
  int counters = (int)(counter_total(r) * share);
  /* A partner brings an average share of the counters and some meld. */
  int helper = r->sides == PN_SIDES_SOLO ? 0 : counter_total(r) / r->players + r->min_bid / 6;
  return meld.total + counters + helper;
}

static bool meets_trump_need(const PnRules *r, const PnCards *hand, int suit) {
  bool marriage = hand->n[PN_CARD(suit, PN_KING)] && hand->n[PN_CARD(suit, PN_QUEEN)];
  int dix = pn_dix_rank(r->deck);
  switch (r->trump_req) {
  case PN_TRUMPREQ_NONE: return true;
  case PN_TRUMPREQ_MARRIAGE: return marriage;
  case PN_TRUMPREQ_MARRIAGE_OR_DIX: return marriage || (dix >= 0 && hand->n[PN_CARD(suit, dix)]);
  }
  return true;
}

static int best_trump(const PnGame *g, const PnCards *hand, int *value) {
  int best = 0, best_value = -1;
  for (int s = 0; s < PN_SUITS; s++) {
    int v = hand_value(g, hand, s) + (meets_trump_need(&g->rules, hand, s) ? 10000 : 0);
    if (v > best_value) {
      best = s;
      best_value = v;
    }
  }
  if (value) *value = best_value % 10000;
  return best;
}

static void choose_bid(SimDriver *d, const PnGame *g, const PnExpect *ex, PnEvent *ev) {
  const PnRules *r = &g->rules;
  int seat = ex->seat;
  int lowest = ex->min_bid;
  int step = lowest < r->bid_fine_until ? 1 : r->bid_step;
  if (d->config.style == SIM_RANDOM) {
    if (sim_rng_chance(&d->rng, 0.5)) {
      set_event(ev, PN_EV_PASS, seat);
    } else {
      set_event(ev, PN_EV_BID, seat);
      ev->has_value = true;
      ev->value = lowest + step * sim_rng_below(&d->rng, 3);
    }
    return;
  }
  if (d->value_hand != g->hand.number) { /* the hands do not change while bidding */
    d->value_hand = g->hand.number;
    for (int s = 0; s < PN_MAX_SEATS; s++) d->bid_value[s] = -1;
  }
  if (d->bid_value[seat - 1] < 0) best_trump(g, &g->hand.held[seat - 1], &d->bid_value[seat - 1]);
  int value = d->bid_value[seat - 1];
  if (lowest > value) {
    set_event(ev, PN_EV_PASS, seat);
    return;
  }
  set_event(ev, PN_EV_BID, seat);
  ev->has_value = true;
  ev->value = lowest;
  if (r->bidding == PN_BIDDING_ONCE) /* one chance: bid what the hand is worth */
    while (ev->value + r->bid_step <= value) ev->value += r->bid_step;
}

/* A planted bid that is too low: below the minimum, off the steps, or not
 * above the current bid (whichever the rules and the bidding allow). */
static bool plant_low_bid(SimDriver *d, const PnGame *g, const PnExpect *ex, PnEvent *ev) {
  const PnRules *r = &g->rules;
  int high = g->hand.high_bid, step = r->bid_step > 1 ? r->bid_step : 1;
  int ways[3], n = 0, value = 0;
  if (r->min_bid > 1) ways[n++] = 0;
  if (step > 1) ways[n++] = 1;
  if (high > 0) ways[n++] = 2;
  if (n == 0) return false;
  switch (ways[sim_rng_below(&d->rng, n)]) {
  case 0: /* below the minimum */
    value = r->min_bid - (r->min_bid >= 100 ? 10 : 1) * (1 + sim_rng_below(&d->rng, 3));
    if (value < 1) value = 1;
    break;
  case 1: { /* between two steps, above the current bid */
    int base = ex->min_bid > r->bid_fine_until ? ex->min_bid : r->bid_fine_until;
    value = base - base % step + 1 + sim_rng_below(&d->rng, step - 1);
    break;
  }
  default: /* the current bid again, or one step under it */
    value = high > step && sim_rng_chance(&d->rng, 0.5) ? high - step : high;
    break;
  }
  PnEvent bid;
  set_event(&bid, PN_EV_BID, ex->seat);
  bid.has_value = true;
  bid.value = value;
  return plant_if(d, g, &bid, PN_FIND_BID_TOO_LOW, ev);
}

/* A planted extra bid by a player who has passed, while the bidding is
 * open; considered once per turn of the bidding. */
static bool plant_bid_after_pass(SimDriver *d, const PnGame *g, const PnExpect *ex, PnEvent *ev) {
  const PnHand *h = &g->hand;
  if (d->plant_mark == h->bids_made) return false;
  d->plant_mark = h->bids_made;
  int passed[PN_MAX_SEATS], n = 0;
  for (int seat = 1; seat <= g->rules.players; seat++)
    if (h->passed[seat - 1] && seat != ex->seat) passed[n++] = seat;
  if (n == 0 || !sim_rng_chance(&d->rng, d->config.plant_rate)) return false;
  PnEvent bid;
  set_event(&bid, PN_EV_BID, passed[sim_rng_below(&d->rng, n)]);
  bid.has_value = true;
  bid.value = ex->min_bid;
  return plant_if(d, g, &bid, PN_FIND_BID_AFTER_PASS, ev);
}

/* A planted trump in a suit where the bidder lacks what the rules
 * require, when the choice so far met it and such a suit exists. */
static void plant_trump(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnCards *hand = &g->hand.held[ev->seat - 1];
  int wrong[PN_SUITS], n = 0;
  if (!meets_trump_need(&g->rules, hand, ev->suit)) return; /* already short */
  for (int s = 0; s < PN_SUITS; s++)
    if (!meets_trump_need(&g->rules, hand, s)) wrong[n++] = s;
  if (n == 0 || !sim_rng_chance(&d->rng, d->config.plant_rate)) return;
  PnEvent trump = *ev;
  trump.suit = wrong[sim_rng_below(&d->rng, n)];
  plant_if(d, g, &trump, PN_FIND_TRUMP_WITHOUT_MARRIAGE, ev);
}

static void bid_event(SimDriver *d, const PnGame *g, const PnExpect *ex, PnEvent *ev) {
  if (planting(d) && plant_bid_after_pass(d, g, ex, ev)) return;
  choose_bid(d, g, ex, ev);
  if (planting(d) && d->plant_bids < 2 && sim_rng_chance(&d->rng, d->config.plant_rate) &&
      plant_low_bid(d, g, ex, ev))
    d->plant_bids++;
}

/* ------------------------------------------------------ exchange, meld */

/* Picks `count` cards of `hand` by preference: lower score first. */
static void pick_cards(const PnCards *hand, int count, const int score[PN_CARD_KINDS], PnCards *out) {
  PnCards left = *hand;
  memset(out, 0, sizeof *out);
  for (int k = 0; k < count; k++) {
    int best = -1;
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (left.n[c] && (best < 0 || score[c] < score[best])) best = c;
    if (best < 0) return;
    left.n[best]--;
    out->n[best]++;
  }
}

static void random_pick(SimRng *rng, const PnCards *hand, int count, PnCards *out) {
  PnCards left = *hand;
  memset(out, 0, sizeof *out);
  for (int k = 0; k < count && pn_cards_total(&left); k++) {
    PnCard c = random_card(rng, &left);
    left.n[c]--;
    out->n[c]++;
  }
}

/* Card preferences for giving away: `keep` high means keep it. */
static void keep_scores(const PnGame *g, const PnCards *hand, bool to_partner, int score[PN_CARD_KINDS]) {
  int trump = g->hand.trump;
  PnMeldResult meld;
  pn_meld_best(&g->rules, trump, hand, &meld);
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    int rank_value = PN_RANKS - PN_RANK(c); /* ace 8 ... seven 1 */
    bool is_trump = PN_SUIT(c) == trump;
    if (to_partner) /* the partner sends trumps and aces to the bidder */
      score[c] = -(is_trump ? 100 + rank_value : PN_RANK(c) == PN_ACE ? 50 : 0) + rank_value;
    else /* the bidder returns what does not serve its meld or trumps */
      score[c] = (meld.used.n[c] ? 100 : 0) + (is_trump ? 50 : 0) + rank_value;
  }
}

/* The cards `seat` may choose among and how many: five-call's partner
 * must pass the called card, so it is set aside (true). */
static bool pass_choice(const PnGame *g, int seat, PnCards *rest, int *n) {
  const PnHand *h = &g->hand;
  *rest = h->held[seat - 1];
  *n = g->rules.pass_cards;
  bool must_call = g->rules.exchange == PN_EXCHANGE_CALL_PASS && seat == h->partner && rest->n[h->called];
  if (must_call) { /* the called card travels with the pass */
    rest->n[h->called]--;
    (*n)--;
  }
  return must_call;
}

void sim_pass_cards(const PnGame *g, int seat, PnCards *out) {
  PnCards rest;
  int n, score[PN_CARD_KINDS];
  bool must_call = pass_choice(g, seat, &rest, &n);
  keep_scores(g, &g->hand.held[seat - 1], seat == g->hand.partner, score);
  pick_cards(&rest, n, score, out);
  if (must_call) out->n[g->hand.called]++;
}

static void give_event(SimDriver *d, const PnGame *g, const PnExpect *ex, PnEvent *ev) {
  const PnHand *h = &g->hand;
  int seat = ex->seat;
  if (seat == 0) seat = h->partner; /* together: the partner's row first */
  set_event(ev, PN_EV_GIVE, seat);
  PnCards give, rest;
  int n;
  if (d->config.style == SIM_RANDOM) {
    bool must_call = pass_choice(g, seat, &rest, &n);
    random_pick(&d->rng, &rest, n, &give);
    if (must_call) give.n[h->called]++;
  } else {
    sim_pass_cards(g, seat, &give);
  }
  add_cards(ev, &give);
}

static void discard_event(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  int seat = h->high_bidder;
  set_event(ev, PN_EV_DISCARD, seat);
  PnCards out;
  if (d->config.style == SIM_RANDOM) {
    random_pick(&d->rng, &h->held[seat - 1], g->rules.widow, &out);
  } else {
    int score[PN_CARD_KINDS];
    keep_scores(g, &h->held[seat - 1], false, score);
    pick_cards(&h->held[seat - 1], g->rules.widow, score, &out);
  }
  add_cards(ev, &out);
}

static void call_event(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  int seat = h->high_bidder;
  set_event(ev, PN_EV_CALL, seat);
  PnCard called = PN_CARD(h->trump, PN_ACE);
  if (d->config.style == SIM_RANDOM) {
    PnCards deck;
    pn_deck_cards(g->rules.deck, &deck);
    called = random_card(&d->rng, &deck);
  } else {
    for (int r = PN_ACE; r <= PN_JACK; r++) /* the best trump not all held */
      if (h->held[seat - 1].n[PN_CARD(h->trump, r)] < 4) {
        called = PN_CARD(h->trump, r);
        break;
      }
  }
  ev->cards[0] = called;
  ev->ncards = 1;
}

static bool meld_event(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  int first = h->high_bidder ? h->high_bidder : next_seat(g, h->dealer);
  for (int i = 0, seat = first; i < g->rules.players; i++, seat = next_seat(g, seat)) {
    if (h->meld_shown[seat - 1] >= 0 || (d->meld_checked & (1u << (seat - 1)))) continue;
    d->meld_checked |= (uint8_t)(1u << (seat - 1));
    PnMeldResult meld;
    pn_meld_best(&g->rules, h->trump, &h->held[seat - 1], &meld);
    if (meld.total == 0) continue;
    set_event(ev, PN_EV_MELD, seat);
    add_cards(ev, &meld.used);
    if (sim_rng_chance(&d->rng, d->config.claim_rate)) {
      ev->has_value = true;
      ev->value = meld.total;
    }
    if (planting(d) && sim_rng_chance(&d->rng, d->config.plant_rate)) {
      PnEvent wrong = *ev;
      wrong.has_value = true;
      wrong.value = meld.total + 10;
      plant_if(d, g, &wrong, PN_FIND_MELD_CLAIM, ev);
    }
    return true;
  }
  return false;
}

static bool dix_event(const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  for (int i = 0, seat = next_seat(g, h->dealer); i < g->rules.players; i++, seat = next_seat(g, seat)) {
    if (h->dix_fresh[seat - 1] <= 0) continue;
    set_event(ev, PN_EV_DIX, seat);
    ev->dix = h->exchanged ? PN_DIX_SHOW : PN_DIX_EXCHANGE;
    pn_event_complete(g, ev); /* the row names its card (EVENT-LOG.md) */
    return true;
  }
  return false;
}

/* Two-hand: the best meld the trick winner may put down now, found by
 * trying each named meld on a copy of the game. */
static bool progressive_meld(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  int seat = h->last_winner;
  if (h->melds_this_turn > 0) return false;
  if (d->config.style == SIM_RANDOM && sim_rng_chance(&d->rng, 0.2)) return false;
  PnCards held;
  pn_held(g, seat, &held);
  int best_value = 0;
  PnEvent candidate;
  for (int kind = 0; kind < PN_MELD_KINDS; kind++) {
    if (kind == PN_MELD_DIX || kind == PN_MELD_ROUND_ROBIN) continue;
    for (int suit = 0; suit < PN_SUITS; suit++) {
      if (kind != PN_MELD_MARRIAGE && suit > 0) break;
      PnCard cards[10];
      int n = pn_meld_cards(&g->rules, (PnMeldKind)kind, h->trump, suit, cards);
      if (n == 0) continue;
      PnCards want = {{0}};
      pn_cards_add_list(&want, cards, n);
      if (!pn_cards_contains(&held, &want)) continue;
      int value = pn_meld_value(&g->rules, (PnMeldKind)kind);
      if (value <= best_value) continue;
      set_event(&candidate, PN_EV_MELD, seat);
      memcpy(candidate.cards, cards, (size_t)n);
      candidate.ncards = n;
      candidate.meld = kind;
      PnGame trial = *g;
      PnOutcome out;
      if (pn_game_apply(&trial, &candidate, &out) != PN_ACCEPTED) continue;
      best_value = value;
      *ev = candidate;
    }
  }
  return best_value > 0;
}

/* The named melds (kind, suit) whose cards `seat` holds, hand and table. */
static int held_melds(const PnGame *g, int seat, int kinds[], int suits[], int max) {
  PnCards held;
  pn_held(g, seat, &held);
  int n = 0;
  for (int kind = 0; kind < PN_MELD_KINDS; kind++) {
    if (kind == PN_MELD_DIX || kind == PN_MELD_ROUND_ROBIN) continue;
    for (int suit = 0; suit < PN_SUITS && n < max; suit++) {
      if (kind != PN_MELD_MARRIAGE && suit > 0) break;
      PnCard cards[10];
      int count = pn_meld_cards(&g->rules, (PnMeldKind)kind, g->hand.trump, suit, cards);
      PnCards want = {{0}};
      pn_cards_add_list(&want, cards, count);
      if (count > 0 && pn_cards_contains(&held, &want)) {
        kinds[n] = kind;
        suits[n++] = suit;
      }
    }
  }
  return n;
}

static const PnMeldKind NAMED_MELDS[] = {
    PN_MELD_RUN,   PN_MELD_ROYAL_MARRIAGE, PN_MELD_MARRIAGE, PN_MELD_ACES,           PN_MELD_KINGS,
    PN_MELD_QUEENS, PN_MELD_JACKS,         PN_MELD_PINOCHLE, PN_MELD_DOUBLE_PINOCHLE,
};
enum { NAMED_MELD_COUNT = sizeof NAMED_MELDS / sizeof NAMED_MELDS[0] };

/* Two-hand: a planted meld row that the engine takes as a meld-claim
 * finding (RULES.md section 3): a meld named as one its cards do not
 * form, the run's trump K-Q melded again, a wrong claimed value, or a
 * second meld after the same trick.  Considered once per won trick. */
static bool plant_progressive(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  int seat = h->last_winner;
  if (d->plant_trick != h->trick_no) {
    d->plant_trick = h->trick_no;
    d->plant_pending = 0;
    if (sim_rng_chance(&d->rng, d->config.plant_rate)) d->plant_pending = sim_rng_chance(&d->rng, 0.25) ? 2 : 1;
  }
  if (d->plant_pending == 0 || (d->plant_pending == 2 && h->melds_this_turn == 0)) return false;
  d->plant_pending = 0; /* one try per turn */
  int kinds[PN_MELD_KINDS * PN_SUITS], suits[PN_MELD_KINDS * PN_SUITS];
  int nmelds = held_melds(g, seat, kinds, suits, PN_MELD_KINDS * PN_SUITS);
  PnEvent candidate;
  set_event(&candidate, PN_EV_MELD, seat);
  int first = sim_rng_below(&d->rng, 3);
  for (int i = 0; i < 3; i++) {
    int way = h->melds_this_turn > 0 ? 3 : (first + i) % 3;
    set_event(&candidate, PN_EV_MELD, seat);
    if (way == 0 || way == 3) { /* a held meld named as another; after a meld: any */
      if (nmelds > 0) {
        int m = sim_rng_below(&d->rng, nmelds);
        candidate.ncards = pn_meld_cards(&g->rules, (PnMeldKind)kinds[m], h->trump, suits[m], candidate.cards);
        candidate.meld = kinds[m];
        if (way == 0)
          while (candidate.meld == kinds[m]) candidate.meld = NAMED_MELDS[sim_rng_below(&d->rng, NAMED_MELD_COUNT)];
      } else {
        PnCards held, pick;
        pn_held(g, seat, &held);
        random_pick(&d->rng, &held, 2, &pick);
        add_cards(&candidate, &pick);
        candidate.meld = NAMED_MELDS[sim_rng_below(&d->rng, NAMED_MELD_COUNT)];
      }
    } else if (way == 1) { /* the trump K-Q of a run on the table, as a marriage */
      candidate.cards[0] = PN_CARD(h->trump, PN_KING);
      candidate.cards[1] = PN_CARD(h->trump, PN_QUEEN);
      candidate.ncards = 2;
      candidate.meld = PN_MELD_ROYAL_MARRIAGE;
      bool on_table[2] = {false, false};
      for (int t = 0; t < h->ntable[seat - 1]; t++)
        for (int k = 0; k < 2; k++)
          if (h->table[seat - 1][t].card == candidate.cards[k] &&
              h->table[seat - 1][t].best_in_class[0] >= pn_meld_value(&g->rules, PN_MELD_RUN))
            on_table[k] = true;
      if (!on_table[0] || !on_table[1]) continue;
    } else { /* a meld that may be put down now, with a wrong claimed value */
      int m = -1;
      for (int k = 0, start = sim_rng_below(&d->rng, nmelds > 0 ? nmelds : 1); k < nmelds && m < 0; k++) {
        int at = (start + k) % nmelds;
        candidate.ncards = pn_meld_cards(&g->rules, (PnMeldKind)kinds[at], h->trump, suits[at], candidate.cards);
        if (trial_finding(g, &candidate) == PN_FIND_NONE) m = at;
      }
      if (m < 0) continue;
      candidate.has_value = true;
      candidate.value = pn_meld_value(&g->rules, (PnMeldKind)kinds[m]) + 10;
    }
    if (plant_if(d, g, &candidate, PN_FIND_MELD_CLAIM, ev)) return true;
    if (way == 3) break;
  }
  return false;
}

/* ------------------------------------------------------------------ play */

/* Counter points by rank for the game's scheme, looked up when the
 * scheme is not the one they were last looked up for. */
static const int *rank_points(SimDriver *d, const PnGame *g) {
  if (d->points_scheme != (int)g->rules.count + 1) {
    for (int r = 0; r < PN_RANKS; r++) d->points[r] = pn_counter_value(g->rules.count, PN_CARD(0, r));
    d->points_scheme = (int)g->rules.count + 1;
  }
  return d->points;
}

static int points_of(const int *points, PnCard card) { return points[PN_RANK(card)]; }

/* Sensible card play: lead aces and strong cards; follow by winning
 * cheaply, feeding counters to a partner who is winning, and throwing
 * the lowest card on a lost trick. */
static PnCard choose_play(SimDriver *d, const PnGame *g, int seat, const PnCards *legal) {
  const PnHand *h = &g->hand;
  int trump = h->trump;
  PnCard best = PN_NO_CARD;
  if (h->ntrick == 0) {
    for (int c = 0; c < PN_CARD_KINDS; c++) /* a non-trump ace first */
      if (legal->n[c] && PN_RANK(c) == PN_ACE && PN_SUIT(c) != trump) return (PnCard)c;
    for (int c = 0; c < PN_CARD_KINDS; c++) /* else the lowest non-counter */
      if (legal->n[c] && (best == PN_NO_CARD || PN_RANK(c) > PN_RANK(best))) best = (PnCard)c;
    return best;
  }
  int led = PN_SUIT(h->trick[0]);
  int wi = pn_trick_winner(h->trick, h->ntrick, trump);
  const int *points = rank_points(d, g);
  int winner_seat = h->trick_seat[wi];
  bool partner_winning = g->rules.sides == PN_SIDES_TEAMS && (winner_seat - seat) % 2 == 0;
  PnCard cheapest_win = PN_NO_CARD, richest = PN_NO_CARD, poorest = PN_NO_CARD;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (!legal->n[c]) continue;
    PnCard card = (PnCard)c;
    bool wins = pn_card_beats(card, h->trick[wi], led, trump);
    if (wins && (cheapest_win == PN_NO_CARD || (PN_SUIT(card) == trump) < (PN_SUIT(cheapest_win) == trump) ||
                 ((PN_SUIT(card) == trump) == (PN_SUIT(cheapest_win) == trump) && PN_RANK(card) > PN_RANK(cheapest_win))))
      cheapest_win = card;
    if (richest == PN_NO_CARD || points_of(points, card) > points_of(points, richest) ||
        (points_of(points, card) == points_of(points, richest) && PN_SUIT(richest) == trump))
      richest = card;
    if (poorest == PN_NO_CARD || points_of(points, card) < points_of(points, poorest) ||
        (points_of(points, card) == points_of(points, poorest) && PN_RANK(card) > PN_RANK(poorest)))
      poorest = card;
  }
  if (partner_winning) return richest != PN_NO_CARD && PN_SUIT(richest) != trump ? richest : poorest;
  if (cheapest_win != PN_NO_CARD) return cheapest_win;
  return poorest;
}

/* Planting: keeps in *illegal only the cards of one renege kind, chosen
 * evenly among the kinds these cards would cause, so that the rare kinds
 * (head, overtrump) are planted about as often as renege-follow. */
static void narrow_to_one_kind(SimDriver *d, const PnGame *g, int seat, PnCards *illegal) {
  PnCards by_kind[PN_FIND_KINDS] = {{{0}}};
  int kinds[4], n = 0;
  PnEvent play;
  set_event(&play, PN_EV_PLAY, seat);
  play.ncards = 1;
  for (int c = 0; c < PN_CARD_KINDS; c++) {
    if (!illegal->n[c]) continue;
    play.cards[0] = (PnCard)c;
    int kind = trial_finding(g, &play);
    if (kind < PN_FIND_RENEGE_FOLLOW || kind > PN_FIND_RENEGE_OVERTRUMP) continue;
    if (pn_cards_total(&by_kind[kind]) == 0) kinds[n++] = kind;
    by_kind[kind].n[c] = illegal->n[c];
  }
  if (n > 0) *illegal = by_kind[kinds[sim_rng_below(&d->rng, n)]];
}

static void play_event(SimDriver *d, const PnGame *g, const PnExpect *ex, PnEvent *ev) {
  int seat = ex->seat;
  set_event(ev, PN_EV_PLAY, seat);
  ev->ncards = 1;
  if (d->config.renege_rate > 0 && sim_rng_chance(&d->rng, d->config.renege_rate)) {
    PnCards illegal;
    pn_held_next(g, seat, &illegal);
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (ex->legal.n[c]) illegal.n[c] = 0;
    if (pn_cards_total(&illegal)) {
      if (planting(d)) narrow_to_one_kind(d, g, seat, &illegal);
      ev->cards[0] = random_card(&d->rng, &illegal);
      d->planted++;
      int kind = trial_finding(g, ev);
      if (kind > PN_FIND_NONE) planted(d, (PnFindingKind)kind);
      return;
    }
  }
  if (d->config.style == SIM_RANDOM) ev->cards[0] = random_card(&d->rng, &ex->legal);
  else ev->cards[0] = choose_play(d, g, seat, &ex->legal);
}

/* ---------------------------------------------------------------- score */

static bool score_event(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  if (d->score_for_hand != h->number) {
    d->score_for_hand = h->number;
    d->score_rows_left = sim_rng_chance(&d->rng, d->config.claim_rate) ? pn_side_count(g) : 0;
    d->score_wrong = -1;
    if (planting(d) && sim_rng_chance(&d->rng, d->config.plant_rate)) { /* one side claims wrong */
      d->score_rows_left = pn_side_count(g);
      d->score_wrong = sim_rng_below(&d->rng, pn_side_count(g));
    }
  }
  if (d->score_rows_left == 0) return false;
  int side = pn_side_count(g) - d->score_rows_left--;
  for (int seat = 1; seat <= g->rules.players; seat++)
    if (pn_side_of(g, seat) == side) {
      set_event(ev, PN_EV_SCORE, seat);
      ev->has_value = true;
      ev->value = h->result.seat[seat - 1].score;
      if (side == d->score_wrong) {
        PnEvent wrong = *ev;
        wrong.value += 10;
        plant_if(d, g, &wrong, PN_FIND_SCORE_CLAIM, ev);
      }
      return true;
    }
  return false;
}

/* -------------------------------------------------------------- driving */

/* The next hand's dealer row, and the driver's per-hand state reset. */
static void next_hand(SimDriver *d, const PnGame *g, PnEvent *ev) {
  set_event(ev, PN_EV_DEALER, d->next_dealer);
  d->next_dealer = next_seat(g, d->next_dealer);
  d->deal_pos = 0;
  d->meld_checked = 0;
  plant_new_hand(d);
}

int sim_next_event(SimDriver *d, const PnGame *g, PnEvent *ev) {
  const PnHand *h = &g->hand;
  PnExpect ex;
  pn_game_expect(g, &ex);
  d->plant = PN_FIND_NONE;
  switch (h->phase) {
  case PN_PHASE_DEALER:
  case PN_PHASE_GAME_OVER:
    if (g->over) return 0;
    next_hand(d, g, ev);
    return 1;
  case PN_PHASE_DEAL:
    if (d->deal_pos == 0) d->ndeal = sim_deal_events(&d->rng, g, d->deal);
    *ev = d->deal[d->deal_pos++ % SIM_MAX_DEAL_EVENTS];
    return 1;
  case PN_PHASE_BID: bid_event(d, g, &ex, ev); return 1;
  case PN_PHASE_PREPARE:
    if (ex.actions & (1u << PN_EV_TRUMP)) {
      set_event(ev, PN_EV_TRUMP, h->high_bidder);
      ev->suit = d->config.style == SIM_RANDOM ? sim_rng_below(&d->rng, PN_SUITS)
                                               : best_trump(g, &h->held[h->high_bidder - 1], NULL);
      if (planting(d) && g->rules.trump_req != PN_TRUMPREQ_NONE) plant_trump(d, g, ev);
      return 1;
    }
    if (ex.actions & (1u << PN_EV_CALL)) {
      call_event(d, g, ev);
      return 1;
    }
    if (ex.actions & (1u << PN_EV_DISCARD)) {
      discard_event(d, g, ev);
      return 1;
    }
    if (ex.actions & (1u << PN_EV_GIVE)) {
      give_event(d, g, &ex, ev);
      return 1;
    }
    if ((ex.actions & (1u << PN_EV_DIX)) && dix_event(g, ev)) return 1;
    if (meld_event(d, g, ev)) return 1;
    if ((ex.actions & (1u << PN_EV_MOON)) && d->config.style == SIM_RANDOM &&
        sim_rng_chance(&d->rng, 0.03)) {
      set_event(ev, PN_EV_MOON, h->high_bidder);
      return 1;
    }
    play_event(d, g, &ex, ev);
    return 1;
  case PN_PHASE_PLAY:
    if (ex.actions & (1u << PN_EV_DIX)) {
      if (h->dix_this_turn == 0 && h->dix_fresh[h->last_winner - 1] > 0) {
        set_event(ev, PN_EV_DIX, h->last_winner);
        ev->dix = h->exchanged ? PN_DIX_SHOW : PN_DIX_EXCHANGE;
        pn_event_complete(g, ev);
        return 1;
      }
      if (planting(d) && plant_progressive(d, g, ev)) return 1;
      if (progressive_meld(d, g, ev)) return 1;
    }
    play_event(d, g, &ex, ev);
    return 1;
  case PN_PHASE_DONE:
    if (score_event(d, g, ev)) return 1;
    if (g->over) return 0;
    next_hand(d, g, ev);
    return 1;
  }
  return 0;
}
