/* test_review_pass.c - the pass review (its alternatives, costs, seeds,
 * a forced pass, passes all worth the same, a constructed pass whose best
 * is known) and the bid and trump reviews of the auction (widow) and
 * five-call presets: what the bidder could see and nothing more. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "review.h"

#define H PN_KNOWN_HOLDERS

static void sim_hand(uint64_t seed, const char *preset, RvHistory *h) {
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, preset), 0);
  assert_int_equal(review_history_sim(&rules, seed, h), 0);
}

/* The index in h->events of the n-th give (0: the first), or -1. */
static int give_at(const RvHistory *h, int n) {
  for (int i = 0; i < h->nevents; i++)
    if (h->events[i].action == PN_EV_GIVE && n-- == 0) return i;
  return -1;
}

/* The game just before events[at]: the trump's, then the rows up to it. */
static void game_before(const RvHistory *h, int at, PnGame *g) {
  *g = h->before_trump;
  for (int i = h->trump_event; i < at; i++) {
    PnOutcome out;
    assert_int_not_equal(pn_game_apply(g, &h->events[i], &out), PN_IMPOSSIBLE);
  }
}

static PnCards cards_of(const char *text) {
  PnCards c = {{0}};
  for (const char *p = text; *p; p++) {
    if (*p == ' ') continue;
    PnCard card;
    assert_int_equal(pn_card_parse(p, 2, &card), 2);
    c.n[card]++;
    p++;
  }
  return c;
}

static void set_event_cards(PnEvent *ev, const PnCards *c) {
  ev->ncards = 0;
  for (int k = 0; k < PN_CARD_KINDS; k++)
    for (int j = 0; j < c->n[k]; j++) ev->cards[ev->ncards++] = (PnCard)k;
}

/* A partnership-auction hand rebuilt: `trump` named, the partner holding
 * `partner_hand` and passing `pass` first, the other seats the rest of the
 * deck in card order.  Returns the index of the partner's give. */
static int constructed(RvHistory *h, int trump, const char *partner_hand, const char *pass, int bid) {
  sim_hand(3, "partnership-auction", h);
  PnGame *g = &h->before_trump;
  int partner = g->hand.partner; /* across the table from the bidder */
  PnCards rest, mine = cards_of(partner_hand);
  pn_deck_cards(h->rules.deck, &rest);
  for (int c = 0; c < PN_CARD_KINDS; c++) rest.n[c] -= mine.n[c];
  int c = 0;
  for (int s = 1; s <= 4; s++) {
    if (s == partner) {
      g->hand.held[s - 1] = mine;
      continue;
    }
    memset(&g->hand.held[s - 1], 0, sizeof(PnCards));
    for (int k = 0; k < 12; k++) {
      while (!rest.n[c]) c++;
      rest.n[c]--;
      g->hand.held[s - 1].n[c]++;
    }
  }
  g->hand.high_bid = bid;
  h->events[h->trump_event].suit = trump;
  int at = give_at(h, 0);
  assert_true(at > h->trump_event);
  assert_int_equal(h->events[at].seat, partner);
  PnCards p = cards_of(pass);
  set_event_cards(&h->events[at], &p);
  return at;
}

/* ------------------------------------------------ the alternatives */

/* Every pass of several partnership-auction and five-call hands: the pass
 * made is alternative 0, the bots' pass is among them, each is pass_cards
 * cards the seat holds, no two are the same, and five-call's partner
 * passes the called card in each. */
static void test_pass_alternatives_hold_the_chosen_and_the_bots(void **state) {
  (void)state;
  static RvHistory h;
  static PnGame g;
  const char *presets[] = {"partnership-auction", "five-call"};
  int seen = 0;
  for (int pi = 0; pi < 2; pi++)
    for (uint64_t seed = 1; seed <= 6; seed++) {
      sim_hand(seed, presets[pi], &h);
      for (int n = 0; n < 2; n++) {
        int at = give_at(&h, n);
        if (at < 0) continue;
        game_before(&h, at, &g);
        RvDecision d;
        memset(&d, 0, sizeof d);
        int nalts = review_pass_alternatives(&g, &h.events[at], &d);
        assert_true(nalts >= 1 && nalts <= RV_MAX_PASS_ALTS);
        assert_int_equal(d.chosen, 0);
        PnCards made, bot;
        pn_event_cards(&h.events[at], &made);
        assert_memory_equal(&d.cards[0], &made, sizeof made);
        sim_pass_cards(&g, h.events[at].seat, &bot);
        bool has_bot = false;
        for (int a = 0; a < nalts; a++) {
          assert_int_equal(pn_cards_total(&d.cards[a]), h.rules.pass_cards);
          assert_true(pn_cards_contains(&g.hand.held[h.events[at].seat - 1], &d.cards[a]));
          for (int b = 0; b < a; b++) assert_memory_not_equal(&d.cards[a], &d.cards[b], sizeof(PnCards));
          has_bot |= memcmp(&d.cards[a], &bot, sizeof bot) == 0;
          if (pi == 1 && h.events[at].seat == g.hand.partner) assert_true(d.cards[a].n[g.hand.called] > 0);
        }
        assert_true(has_bot);
        seen += nalts > 2;
      }
    }
  assert_true(seen > 4);
}

/* At every pass of several partnership-auction and five-call hands, the
 * true deal is one the passing seat's knowledge allows (its cards placed,
 * no seat holding a card forbidden to it), and in five-call the seats the
 * call passed over are barred from the called card. */
static void test_pass_knowledge_admits_the_true_deal(void **state) {
  (void)state;
  static RvHistory h;
  static PnGame g;
  const char *presets[] = {"partnership-auction", "five-call"};
  int barred = 0;
  for (int pi = 0; pi < 2; pi++)
    for (uint64_t seed = 1; seed <= 6; seed++) {
      sim_hand(seed, presets[pi], &h);
      for (int n = 0; n < 2; n++) {
        int at = give_at(&h, n);
        if (at < 0) continue;
        game_before(&h, at, &g);
        PnKnown k;
        uint32_t forbid[H];
        assert_int_equal(review_pass_knowledge(&h, at, &k, forbid), 0);
        PnCards base[H], unplaced;
        int extra[PN_KNOWN_GROUPS];
        pn_known_placed(&k, base, extra, &unplaced);
        int seat = h.events[at].seat;
        assert_memory_equal(&base[seat - 1], &g.hand.held[seat - 1], sizeof(PnCards));
        for (int s = 0; s < h.rules.players; s++) {
          assert_int_equal(k.size[s], pn_cards_total(&g.hand.held[s]));
          for (int c = 0; c < PN_CARD_KINDS; c++)
            if (g.hand.held[s].n[c] > base[s].n[c]) assert_false(forbid[s] >> c & 1u);
          if (pi == 1 && s + 1 != seat && (forbid[s] >> g.hand.called & 1u)) barred++;
        }
        RvSpace *sp = review_space_new(&k, forbid);
        assert_true(review_space_count(sp) >= 1);
        review_space_free(sp);
      }
    }
  assert_int_equal(review_pass_knowledge(&h, h.trump_event, NULL, NULL), 1);
  assert_true(barred > 0);
}

/* ------------------------------------------------ values */

/* Both passes of a partnership-auction hand: cost >= 0 and best - chosen,
 * every value at most the best's, a seed repeats its values. */
static void test_pass_review_costs_and_seeds(void **state) {
  (void)state;
  static RvHistory h;
  Reviewer *r = review_new(2, 0);
  sim_hand(1, "partnership-auction", &h);
  for (int n = 0; n < 2; n++) {
    int at = give_at(&h, n);
    assert_true(at >= 0);
    RvDecision a, b;
    SimRng rng;
    sim_rng_seed(&rng, 11);
    assert_int_equal(review_pass(r, &h, at, &rng, &a), 0);
    sim_rng_seed(&rng, 11);
    assert_int_equal(review_pass(r, &h, at, &rng, &b), 0);
    assert_memory_equal(a.value, b.value, sizeof a.value);
    assert_int_equal(a.kind, RV_PASS);
    assert_int_equal(a.seq, h.seqs[at]);
    assert_int_equal(a.seat, h.events[at].seat);
    assert_int_equal(a.worlds, 2);
    assert_true(a.valued && a.cost >= 0 && a.cost == a.value[a.best] - a.value[a.chosen]);
    for (int i = 0; i < a.nalts; i++) assert_true(a.value[i] <= a.value[a.best]);
  }
  /* a row that is no pass, and a preset without passing: no decision */
  RvDecision d;
  SimRng rng;
  sim_rng_seed(&rng, 1);
  assert_int_equal(review_pass(r, &h, h.trump_event, &rng, &d), 1);
  sim_hand(1, "auction", &h);
  for (int i = h.trump_event; i < h.nevents && h.events[i].action != PN_EV_PLAY; i++)
    assert_int_equal(review_pass(r, &h, i, &rng, &d), 1);
  review_free(r);
}

/* A bid no deal can reach: every pass is set by the whole bid, so all are
 * worth the same and the pass made costs 0 (a tie keeps it). */
static void test_pass_review_all_equivalent_costs_zero(void **state) {
  (void)state;
  static RvHistory h;
  sim_hand(1, "partnership-auction", &h);
  h.before_trump.hand.high_bid = 100000;
  int at = give_at(&h, 0);
  Reviewer *r = review_new(2, 0);
  RvDecision d;
  SimRng rng;
  sim_rng_seed(&rng, 3);
  assert_int_equal(review_pass(r, &h, at, &rng, &d), 0);
  review_free(r);
  assert_true(d.nalts > 1);
  for (int a = 0; a < d.nalts; a++) assert_true(d.value[a] == -100000);
  assert_int_equal(d.best, d.chosen);
  assert_true(d.cost == 0);
}

/* A partner with no trump, no ace, no meld card and exactly four nines:
 * every rule passes the nines, so the pass is the only alternative and
 * costs 0. */
static void test_pass_review_only_alternative_costs_zero(void **state) {
  (void)state;
  static RvHistory h;
  int at = constructed(&h, PN_HEARTS, "9S 9S 9C 9C TS TS KS KS JS JS TC TC", "9S 9S 9C 9C", 250);
  Reviewer *r = review_new(2, 0);
  RvDecision d;
  SimRng rng;
  sim_rng_seed(&rng, 4);
  assert_int_equal(review_pass(r, &h, at, &rng, &d), 0);
  review_free(r);
  assert_int_equal(d.nalts, 1);
  assert_true(d.valued && d.cost == 0 && d.best == 0 && d.chosen == 0);
}

/* The partner holds all eight aces (double aces around, 1000 in meld)
 * and four side nines, clubs trump, bid 500.  The bots pass the trump
 * aces first and break it; passing the four nines keeps it and is the
 * best pass in every deal. */
static void test_pass_review_finds_the_known_best(void **state) {
  (void)state;
  static RvHistory h;
  int at = constructed(&h, PN_CLUBS, "AS AS AH AH AD AD AC AC 9S 9S 9D 9D", "AS AS AC AC", 500);
  Reviewer *r = review_new(3, 0);
  RvDecision d;
  SimRng rng;
  sim_rng_seed(&rng, 5);
  assert_int_equal(review_pass(r, &h, at, &rng, &d), 0);
  review_free(r);
  PnCards nines = cards_of("9S 9S 9D 9D");
  assert_memory_equal(&d.cards[d.best], &nines, sizeof nines);
  assert_true(d.value[d.best] >= 1000);
  assert_true(d.cost >= 500); /* the aces passed: set, or 800 of meld lost */
}

/* ------------------------------------------------ auction and five-call */

/* Swaps one copy of card x in holding a for one of y in holding b. */
static void swap_cards(PnCards *a, PnCard x, PnCards *b, PnCard y) {
  assert_true(a->n[x] && b->n[y]);
  a->n[x]--, a->n[y]++;
  b->n[y]--, b->n[x]++;
}

/* A card of `held` not in `other` (PN_NO_CARD: none), for a swap that changes both. */
static int differing(const PnCards *held, const PnCards *other) {
  for (int c = 0; c < PN_CARD_KINDS; c++)
    if (held->n[c] && !other->n[c]) return c;
  return PN_NO_CARD;
}

/* Sizes and placed cards of a knowledge, for comparing two. */
static void placed_of(const PnKnown *k, int size[H], PnCards base[H]) {
  int extra[PN_KNOWN_GROUPS];
  PnCards unplaced;
  pn_known_placed(k, base, extra, &unplaced);
  memcpy(size, k->size, sizeof(int) * H);
}

/* The auction's bidder: at the trump it knows its 18 cards (the widow
 * taken) and nothing of the others' (a card swapped between them changes
 * nothing); at its last bid it knows its 15 dealt cards, not the widow (a
 * widow card swapped with an opponent's changes nothing), which is three
 * unknown cards. */
static void test_auction_bidder_knows_the_widow_after_the_bid(void **state) {
  (void)state;
  static RvHistory h;
  int swapped = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    sim_hand(seed, "auction", &h);
    PnGame *g = &h.before_trump;
    int bidder = g->hand.high_bidder, o1 = bidder % 3, o2 = (bidder + 1) % 3; /* the others, 0-based */
    PnKnown k;
    int size[H], size2[H];
    PnCards base[H], base2[H], own = g->hand.held[bidder - 1];
    assert_int_equal(review_bidder_knowledge(&h, RV_TRUMP, &k), 0);
    placed_of(&k, size, base);
    assert_memory_equal(&base[bidder - 1], &own, sizeof own);
    assert_int_equal(size[bidder - 1], 18);
    assert_int_equal(size[PN_KNOWN_PILE], 0);
    int x = differing(&g->hand.held[o1], &g->hand.held[o2]), y = differing(&g->hand.held[o2], &g->hand.held[o1]);
    if (x != PN_NO_CARD && y != PN_NO_CARD) {
      swap_cards(&g->hand.held[o1], (PnCard)x, &g->hand.held[o2], (PnCard)y);
      assert_int_equal(review_bidder_knowledge(&h, RV_TRUMP, &k), 0);
      placed_of(&k, size2, base2);
      assert_memory_equal(base, base2, sizeof base);
      assert_memory_equal(size, size2, sizeof size);
      swapped++;
    }
    assert_int_equal(review_bidder_knowledge(&h, RV_BID, &k), 0);
    placed_of(&k, size, base);
    assert_int_equal(size[bidder - 1], 15);
    assert_int_equal(size[PN_KNOWN_PILE], 3);
    assert_int_equal(pn_cards_total(&base[PN_KNOWN_PILE]), 0);
    for (int c = 0; c < PN_CARD_KINDS; c++) assert_int_equal(base[bidder - 1].n[c], own.n[c] - g->hand.widow.n[c]);
    x = differing(&g->hand.widow, &g->hand.held[o1]);
    y = differing(&g->hand.held[o1], &g->hand.widow);
    if (x == PN_NO_CARD || y == PN_NO_CARD) continue;
    swap_cards(&g->hand.widow, (PnCard)x, &g->hand.held[o1], (PnCard)y);
    g->hand.held[bidder - 1].n[x]--, g->hand.held[bidder - 1].n[y]++; /* it took the widow as it now is */
    assert_int_equal(review_bidder_knowledge(&h, RV_BID, &k), 0);
    placed_of(&k, size2, base2);
    assert_memory_equal(base, base2, sizeof base);
    assert_memory_equal(size, size2, sizeof size);
    swapped++;
  }
  assert_true(swapped >= 4);
}

/* Without a widow or passing (single-bid, two-hand-bid, double-deck) the
 * bidder knows its dealt cards at the bid and at the trump alike, and
 * nothing of the others': a card swapped between two other holders (two
 * seats, or two-hand-bid's opponent and its 24 unused cards) changes
 * nothing. */
static void test_bidder_without_a_widow_knows_its_cards(void **state) {
  (void)state;
  static RvHistory h;
  const struct {
    const char *preset;
    int own, pile;
  } cases[] = {{"single-bid", 12, 0}, {"two-hand-bid", 12, 24}, {"double-deck", 20, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sim_hand(2, cases[i].preset, &h);
    PnGame *g = &h.before_trump;
    int bidder = g->hand.high_bidder, other = bidder % g->rules.players; /* the next seat, 0-based */
    PnCards own = g->hand.held[bidder - 1];
    for (RvKind kind = RV_BID; kind <= RV_TRUMP; kind++) {
      PnKnown k;
      int size[H], size2[H];
      PnCards base[H], base2[H];
      assert_int_equal(review_bidder_knowledge(&h, kind, &k), 0);
      placed_of(&k, size, base);
      assert_memory_equal(&base[bidder - 1], &own, sizeof own);
      assert_int_equal(size[bidder - 1], cases[i].own);
      assert_int_equal(size[other], cases[i].own);
      assert_int_equal(size[PN_KNOWN_PILE], cases[i].pile);
      for (int s = 0; s < H; s++)
        if (s != bidder - 1) assert_int_equal(pn_cards_total(&base[s]), 0);
      /* the true deal moved: two others swap a card (the next seat and
       * the one after it, or the unused cards when there is none) */
      int third = (other + 1) % g->rules.players;
      PnCards *a = &g->hand.held[other], *b = third == bidder - 1 ? NULL : &g->hand.held[third];
      if (!b) continue; /* two-hand-bid's unused cards are not in the game: the sizes say it all */
      int x = differing(a, b), y = differing(b, a);
      assert_true(x != PN_NO_CARD && y != PN_NO_CARD);
      swap_cards(a, (PnCard)x, b, (PnCard)y);
      assert_int_equal(review_bidder_knowledge(&h, kind, &k), 0);
      placed_of(&k, size2, base2);
      assert_memory_equal(base, base2, sizeof base);
      assert_memory_equal(size, size2, sizeof size);
    }
  }
}

/* The trump and bid of presets without a widow valued: two-hand-bid
 * (whole hands of 24 cards, solved at once) on six hands, single-bid
 * (a whole four-hand deal: one world, within a budget) on one; four
 * suits, the bid, one step lower (by 1 under two-hand-bid's, by 10 under
 * single-bid's) and passing; values no lower than minus the bid, costs
 * best - chosen and never negative. */
static void test_trump_and_bid_reviews_without_a_widow(void **state) {
  (void)state;
  static RvHistory h;
  const struct {
    const char *preset;
    int hands, worlds, step;
  } cases[] = {{"two-hand-bid", 6, 16, 1}, {"single-bid", 1, 1, 10}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int seed = 1; seed <= cases[i].hands; seed++) {
      sim_hand((uint64_t)seed, cases[i].preset, &h);
      Reviewer *r = review_new(cases[i].worlds, 20000000);
      RvDecision d;
      SimRng rng;
      sim_rng_seed(&rng, (uint64_t)seed);
      int bid = h.before_trump.hand.high_bid;
      assert_int_equal(review_trump(r, &h, &rng, &d), 0);
      assert_true(d.valued);
      assert_int_equal(d.kind, RV_TRUMP);
      assert_int_equal(d.nalts, PN_SUITS);
      assert_int_equal(d.chosen, h.events[h.trump_event].suit);
      assert_true(d.cost >= 0 && d.cost == d.value[d.best] - d.value[d.chosen]);
      for (int s = 0; s < PN_SUITS; s++) assert_true(d.value[s] >= -bid);
      assert_int_equal(review_bid(r, &h, &rng, &d), 0);
      review_free(r);
      assert_true(d.valued);
      assert_int_equal(d.kind, RV_BID);
      assert_int_equal(d.amount[0], bid);
      if (bid - cases[i].step >= h.rules.min_bid) {
        assert_int_equal(d.nalts, 3);
        assert_int_equal(d.amount[1], bid - cases[i].step);
      } else {
        assert_int_equal(d.nalts, 2);
      }
      assert_int_equal(d.amount[d.nalts - 1], 0);
      assert_true(d.value[d.nalts - 1] == 0 && d.p_make >= 0 && d.p_make <= 1);
      assert_true(d.cost >= 0 && d.cost == d.value[d.best] - d.value[d.chosen]);
    }
}

/* The auction's trump and bid valued: four suits; the bid made, one step
 * lower and passing (0); P(make) a share; costs >= 0 and best - chosen;
 * values no lower than minus the bid.  A whole auction hand takes the
 * solver millions of nodes: the budget keeps the test short, and these
 * seeds' solves fit in it (with 2000000 they still do). */
static void test_auction_trump_and_bid_reviews(void **state) {
  (void)state;
  static RvHistory h;
  Reviewer *r = review_new(1, 5000000);
  RvDecision d;
  SimRng rng;
  sim_hand(7, "auction", &h);
  int bid = h.before_trump.hand.high_bid;
  sim_rng_seed(&rng, 5);
  assert_int_equal(review_trump(r, &h, &rng, &d), 0);
  assert_int_equal(d.kind, RV_TRUMP);
  assert_int_equal(d.nalts, PN_SUITS);
  assert_int_equal(d.chosen, h.events[h.trump_event].suit);
  assert_true(d.cost >= 0 && d.cost == d.value[d.best] - d.value[d.chosen]);
  for (int s = 0; s < PN_SUITS; s++) assert_true(d.value[s] >= -bid);
  sim_hand(4, "auction", &h);
  sim_rng_seed(&rng, 4);
  assert_int_equal(review_bid(r, &h, &rng, &d), 0);
  review_free(r);
  assert_int_equal(d.kind, RV_BID);
  assert_int_equal(d.amount[d.chosen], h.before_trump.hand.high_bid);
  assert_int_equal(d.amount[d.nalts - 1], 0);
  assert_true(d.value[d.nalts - 1] == 0 && d.p_make >= 0 && d.p_make <= 1);
  assert_true(d.cost >= 0 && d.cost == d.value[d.best] - d.value[d.chosen]);
}

/* Five-call: the bid, trump and both passes are decisions (the right seq,
 * seat and alternatives); a whole five-call hand is past a small budget,
 * so each is left unvalued rather than valued wrong. */
static void test_five_call_decisions_unvalued_past_the_budget(void **state) {
  (void)state;
  static RvHistory h;
  sim_hand(1, "five-call", &h);
  Reviewer *r = review_new(1, 1000);
  RvDecision d;
  SimRng rng;
  sim_rng_seed(&rng, 1);
  assert_int_equal(review_trump(r, &h, &rng, &d), -1);
  assert_int_equal(d.nalts, PN_SUITS);
  assert_int_equal(d.chosen, h.events[h.trump_event].suit);
  assert_int_equal(d.seq, h.seqs[h.trump_event]);
  assert_false(d.valued);
  int rc = review_bid(r, &h, &rng, &d);
  assert_true(rc == 1 || (rc == -1 && !d.valued && d.nalts >= 2));
  int passes = 0;
  for (int n = 0; n < 2; n++) {
    int at = give_at(&h, n);
    if (at < 0) continue;
    assert_int_equal(review_pass(r, &h, at, &rng, &d), -1);
    assert_false(d.valued);
    assert_int_equal(d.seat, h.events[at].seat);
    assert_true(d.nalts >= 1);
    passes++;
  }
  assert_int_equal(passes, 2);
  review_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pass_alternatives_hold_the_chosen_and_the_bots),
      cmocka_unit_test(test_pass_knowledge_admits_the_true_deal),
      cmocka_unit_test(test_pass_review_costs_and_seeds),
      cmocka_unit_test(test_pass_review_all_equivalent_costs_zero),
      cmocka_unit_test(test_pass_review_only_alternative_costs_zero),
      cmocka_unit_test(test_pass_review_finds_the_known_best),
      cmocka_unit_test(test_auction_bidder_knows_the_widow_after_the_bid),
      cmocka_unit_test(test_auction_trump_and_bid_reviews),
      cmocka_unit_test(test_bidder_without_a_widow_knows_its_cards),
      cmocka_unit_test(test_trump_and_bid_reviews_without_a_widow),
      cmocka_unit_test(test_five_call_decisions_unvalued_past_the_budget),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
