/*
 * test_meld.c - meld values by table (RULES.md §3): the tens table (000,
 * 001), the unit table with round robin (002), the double-deck table (004)
 * and its x10 (five-call), two-hand's table (000); named two-hand melds;
 * and the 134 shown melds of the peer-parity rounds, read from
 * tests/data/peer-parity/pinochle_parity.csv.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pinochle.h"
#include "test_util.h" /* card_of, hand_of, fmt, split_fields, SUIT_CHARS */

/* ---------------------------------------------------------------- helpers */

/* Meld kind names as the event log spells them (EVENT-LOG.md), local so a
 * breakdown failure prints readably even if pn_meld_name is wrong. */
static const char *const KIND_TEXT[PN_MELD_KINDS] = {
    [PN_MELD_RUN] = "run",       [PN_MELD_ROYAL_MARRIAGE] = "royal-marriage",
    [PN_MELD_MARRIAGE] = "marriage", [PN_MELD_ROUND_ROBIN] = "round-robin",
    [PN_MELD_ACES] = "aces",     [PN_MELD_KINGS] = "kings",
    [PN_MELD_QUEENS] = "queens", [PN_MELD_JACKS] = "jacks",
    [PN_MELD_PINOCHLE] = "pinochle", [PN_MELD_DOUBLE_PINOCHLE] = "double-pinochle",
    [PN_MELD_DIX] = "dix",
};

/* n copies of every card in text */
static PnCards copies_of(const char *text, int n) {
  PnCards one = hand_of(text), c;
  memset(&c, 0, sizeof c);
  for (int i = 0; i < PN_CARD_KINDS; i++) c.n[i] = (uint8_t)(one.n[i] * n);
  return c;
}

static const char *fmt_lines(const PnMeldResult *m, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < m->nlines && i < PN_MELD_KINDS; i++) {
    const PnMeldLine *l = &m->lines[i];
    const char *name = (l->kind >= 0 && l->kind < PN_MELD_KINDS) ? KIND_TEXT[l->kind] : "?";
    len += (size_t)snprintf(buf + len, size - len, "%s%s %d %d", len ? ", " : "", name, l->count,
                            l->points);
  }
  return buf;
}

static PnRules preset(const char *name) {
  PnRules r;
  memset(&r, 0, sizeof r);
  if (pn_rules_preset(&r, name) != 0) fail_msg("preset %s did not load", name);
  return r;
}

static const char *trump_name(int trump) {
  static char buf[2];
  buf[0] = trump >= 0 && trump < 4 ? SUIT_CHARS[trump] : '-';
  return buf;
}

/* Asserts the best total and, when lines is not NULL, the breakdown
 * ("kind count points, ..." in table order). */
static void expect_cards(const PnRules *r, int trump, const PnCards *cards, int total,
                         const char *lines) {
  PnMeldResult m;
  char held[512], got[256];
  memset(&m, 0, sizeof m);
  int ret = pn_meld_best(r, trump, cards, &m);
  fmt(cards, held, sizeof held);
  if (ret != total || m.total != total)
    fail_msg("%s, trump %s, [%s]: total %d (returned %d), want %d; lines: %s", r->preset,
             trump_name(trump), held, m.total, ret, total, fmt_lines(&m, got, sizeof got));
  if (lines != NULL && strcmp(fmt_lines(&m, got, sizeof got), lines) != 0)
    fail_msg("%s, trump %s, [%s]: lines \"%s\", want \"%s\"", r->preset, trump_name(trump), held,
             got, lines);
}

static void expect_meld(const char *preset_name, int trump, const char *cards, int total,
                        const char *lines) {
  PnRules r = preset(preset_name);
  PnCards c = hand_of(cards);
  expect_cards(&r, trump, &c, total, lines);
}

static void expect_used(const char *preset_name, int trump, const char *cards, const char *used) {
  PnRules r = preset(preset_name);
  PnCards c = hand_of(cards), want = hand_of(used);
  PnMeldResult m;
  memset(&m, 0, sizeof m);
  pn_meld_best(&r, trump, &c, &m);
  char a[512], b[512];
  fmt(&m.used, a, sizeof a);
  fmt(&want, b, sizeof b);
  if (strcmp(a, b) != 0) fail_msg("%s [%s]: used [%s], want [%s]", preset_name, cards, a, b);
}

#define S PN_SPADES
#define H PN_HEARTS
#define D PN_DIAMONDS
#define C PN_CLUBS

/* ------------------------------------------------------------ tens table */

static void test_meld_run_scores_150(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "AH TH KH QH JH", 150, "run 1 150");
}

static void test_meld_double_run_scores_1500(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "AH AH TH TH KH KH QH QH JH JH", 1500, "run 2 1500");
}

static void test_meld_royal_marriage_scores_40(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "KH QH", 40, "royal-marriage 1 40");
  expect_meld("partnership-auction", H, "KH KH QH QH", 80, "royal-marriage 2 80");
}

static void test_meld_marriage_scores_20_each(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "KS QS", 20, "marriage 1 20");
  expect_meld("partnership-auction", H, "KS QS KC QC", 40, "marriage 2 40");
  expect_meld("partnership-auction", H, "KH QH KS QS KS QS", 80,
              "royal-marriage 1 40, marriage 2 40");
}

static void test_meld_aces_around_100_double_1000(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "AS AH AD AC", 100, "aces 1 100");
  expect_meld("partnership-auction", H, "AS AS AH AH AD AD AC AC", 1000, "aces 2 1000");
  /* double means both copies of every card: seven aces are one around */
  expect_meld("partnership-auction", H, "AS AS AH AH AD AD AC", 100, "aces 1 100");
}

static void test_meld_kings_around_80_double_800(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "KS KH KD KC", 80, "kings 1 80");
  expect_meld("partnership-auction", H, "KS KS KH KH KD KD KC KC", 800, "kings 2 800");
}

static void test_meld_queens_around_60_double_600(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "QS QH QD QC", 60, "queens 1 60");
  expect_meld("partnership-auction", H, "QS QS QH QH QD QD QC QC", 600, "queens 2 600");
}

static void test_meld_jacks_around_40_double_400(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "JS JH JD JC", 40, "jacks 1 40");
  expect_meld("partnership-auction", H, "JS JS JH JH JD JD JC JC", 400, "jacks 2 400");
}

static void test_meld_pinochle_scores_40(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "QS JD", 40, "pinochle 1 40");
}

static void test_meld_double_pinochle_scores_300(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "QS QS JD JD", 300, "pinochle 2 300");
  /* three of the four cards are one pinochle */
  expect_meld("partnership-auction", H, "QS QS JD", 40, "pinochle 1 40");
}

static void test_meld_dix_scores_10_each_in_partnership_auction(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "9H", 10, "dix 1 10");
  expect_meld("partnership-auction", H, "9H 9H", 20, "dix 2 20");
  expect_meld("partnership-auction", H, "9S 9D 9C", 0, "");
}

static void test_meld_dix_in_shown_meld_for_bidding_presets_with_nines(void **state) {
  (void)state;
  const char *presets[] = {"auction", "partnership-auction", "single-bid", "firehouse"};
  for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
    expect_meld(presets[i], S, "9S QS JD", 50, "pinochle 1 40, dix 1 10");
  expect_meld("two-hand-bid", S, "9S QS JD", 5, "pinochle 1 4, dix 1 1");
}

static void test_meld_dix_not_in_shown_meld_for_turnup_and_two_hand(void **state) {
  (void)state;
  const char *presets[] = {"three-hand", "cutthroat-four", "partnership", "two-hand"};
  for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
    expect_meld(presets[i], H, "9H", 0, "");
    expect_meld(presets[i], H, "9H 9H QS JD", 40, "pinochle 1 40");
  }
  expect_meld("two-hand-64", H, "7H", 0, "");
  expect_meld("two-hand-64", H, "7H 9H", 0, "");
}

static void test_meld_run_king_queen_not_also_royal_marriage(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "AH TH KH QH JH", 150, "run 1 150");
  /* a lone extra king makes no second pair */
  expect_meld("partnership-auction", H, "AH TH KH KH QH JH", 150, "run 1 150");
}

static void test_meld_extra_trump_pair_beside_run_scores_40(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "AH TH KH KH QH QH JH", 190,
              "run 1 150, royal-marriage 1 40");
}

static void test_meld_run_royal_yes_makes_run_worth_190(void **state) {
  (void)state;
  PnRules r = preset("partnership-auction");
  char err[128] = "";
  assert_int_equal(pn_rules_set(&r, "run_royal", "yes", err, sizeof err), 0);
  PnCards run = hand_of("AH TH KH QH JH");
  expect_cards(&r, H, &run, 190, NULL);
  PnCards more = hand_of("AH TH KH KH QH QH JH");
  expect_cards(&r, H, &more, 230, NULL);
  PnCards other = hand_of("AS TS KS QS JS");  /* not trump: a marriage only */
  expect_cards(&r, H, &other, 20, NULL);
}

static void test_meld_queen_of_spades_in_royal_marriage_and_pinochle(void **state) {
  (void)state;
  expect_meld("partnership-auction", S, "KS QS JD", 80, "royal-marriage 1 40, pinochle 1 40");
  expect_meld("partnership-auction", H, "KS QS JD", 60, "marriage 1 20, pinochle 1 40");
}

static void test_meld_king_in_kings_around_and_marriage(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "KS KH KD KC QS", 100, "marriage 1 20, kings 1 80");
}

static void test_meld_classes_are_independent(void **state) {
  (void)state;
  /* QS serves in the run, queens around and pinochle; KS in the run and
   * kings around; JD in jacks around and pinochle */
  expect_meld("partnership-auction", S, "AS TS KS QS JS KH KD KC QH QD QC JH JD JC", 430,
              "run 1 150, marriage 3 60, kings 1 80, queens 1 60, jacks 1 40, pinochle 1 40");
}

static void test_meld_card_serves_once_within_a_class(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "KS QS QS", 20, "marriage 1 20");
  expect_meld("partnership-auction", H, "KS KS QS", 20, "marriage 1 20");
  expect_meld("partnership-auction", H, "AS AS AH AD AC", 100, "aces 1 100");
}

static void test_meld_kings_and_queens_around_with_all_marriages_240(void **state) {
  (void)state;
  /* 003's eight cards shown at once (no round robin in the tens table) */
  expect_meld("partnership-auction", H, "KS QS KH QH KD QD KC QC", 240,
              "royal-marriage 1 40, marriage 3 60, kings 1 80, queens 1 60");
}

static void test_meld_nothing_scores_0(void **state) {
  (void)state;
  expect_meld("partnership-auction", H, "", 0, "");
  expect_meld("partnership-auction", H, "9C TD AS KD JH", 0, "");
}

static void test_meld_used_holds_only_melded_cards(void **state) {
  (void)state;
  expect_used("partnership-auction", H, "AS AS AH AD AC 9C KD", "AS AH AD AC");
  expect_used("partnership-auction", H, "KS QS JD TC 9C", "KS QS JD");
  expect_used("partnership-auction", S, "AS TS KS QS JS KH KD KC QH QD QC JH JD JC 9H",
              "AS TS KS QS JS KH QH KD QD JD KC QC JC JH");
  expect_used("partnership-auction", H, "9H 9C", "9H");
  expect_used("three-hand", H, "9H 9C", "");
}

/* ------------------------------------------------------- unit table (002) */

static void test_meld_unit_table_values(void **state) {
  (void)state;
  expect_meld("two-hand-bid", H, "AH TH KH QH JH", 15, "run 1 15");
  expect_meld("two-hand-bid", H, "AH AH TH TH KH KH QH QH JH JH", 150, "run 2 150");
  expect_meld("two-hand-bid", H, "KH QH", 4, "royal-marriage 1 4");
  expect_meld("two-hand-bid", H, "KS QS", 2, "marriage 1 2");
  expect_meld("two-hand-bid", H, "AS AH AD AC", 10, "aces 1 10");
  expect_meld("two-hand-bid", H, "AS AS AH AH AD AD AC AC", 100, "aces 2 100");
  expect_meld("two-hand-bid", H, "KS KH KD KC", 8, "kings 1 8");
  expect_meld("two-hand-bid", H, "KS KS KH KH KD KD KC KC", 80, "kings 2 80");
  expect_meld("two-hand-bid", H, "QS QH QD QC", 6, "queens 1 6");
  expect_meld("two-hand-bid", H, "QS QS QH QH QD QD QC QC", 60, "queens 2 60");
  expect_meld("two-hand-bid", H, "JS JH JD JC", 4, "jacks 1 4");
  expect_meld("two-hand-bid", H, "JS JS JH JH JD JD JC JC", 40, "jacks 2 40");
  expect_meld("two-hand-bid", H, "QS JD", 4, "pinochle 1 4");
  expect_meld("two-hand-bid", H, "QS QS JD JD", 30, "pinochle 2 30");
  expect_meld("two-hand-bid", H, "9H", 1, "dix 1 1");
  expect_meld("two-hand-bid", H, "9H 9H", 2, "dix 2 2");
}

static void test_meld_unit_round_robin_scores_24(void **state) {
  (void)state;
  /* RULES.md 3: K Q of every suit meld 24 in all (kings around 8 + queens
   * around 6 + royal marriage 4 + three marriages 2 each), never 24 + 8 + 6;
   * the breakdown names the eight cards' melds "round-robin" */
  expect_meld("two-hand-bid", H, "KS QS KH QH KD QD KC QC", 24, "round-robin 1 24");
  expect_meld("two-hand-bid", S, "KH QH KD QD KC QC KS QS", 24, "round-robin 1 24");
}

static void test_meld_unit_round_robin_is_the_sum_of_its_parts(void **state) {
  (void)state;
  /* its value is derived from the parts it names, not a constant of its own */
  PnRules r = preset("two-hand-bid");
  assert_int_equal(pn_meld_value(&r, PN_MELD_ROUND_ROBIN),
                   pn_meld_value(&r, PN_MELD_KINGS) + pn_meld_value(&r, PN_MELD_QUEENS) +
                       pn_meld_value(&r, PN_MELD_ROYAL_MARRIAGE) +
                       3 * pn_meld_value(&r, PN_MELD_MARRIAGE));
  assert_int_equal(pn_meld_value(&r, PN_MELD_ROUND_ROBIN), 24);
  /* no other table has a round robin */
  PnRules two = preset("two-hand");
  assert_int_equal(pn_meld_value(&two, PN_MELD_ROUND_ROBIN), 0);
  /* further melds keep their own lines beside it */
  expect_meld("two-hand-bid", H, "KS QS KH QH KD QD KC QC AS AH AD AC", 34,
              "round-robin 1 24, aces 1 10");
  expect_meld("two-hand-bid", H, "KS QS KS QS KH QH KD QD KC QC", 26,
              "marriage 1 2, round-robin 1 24");
  expect_meld("two-hand-bid", S, "KS QS KH QH KD QD KC QC JD 9S", 29,
              "round-robin 1 24, pinochle 1 4, dix 1 1");
}

static void test_meld_unit_round_robin_not_named_in_a_double_around(void **state) {
  (void)state;
  /* two K-Q of every suit: kings 80 + queens 60 + 2 royal 8 + 6 marriages 12;
   * a double around is one meld, so no round robin is cut out of it */
  expect_meld("two-hand-bid", H, "KS KS QS QS KH KH QH QH KD KD QD QD KC KC QC QC", 160,
              "royal-marriage 2 8, marriage 6 12, kings 2 80, queens 2 60");
  /* double kings, single queens: 80 + 6 + 4 + 6 */
  expect_meld("two-hand-bid", H, "KS KS QS KH KH QH KD KD QD KC KC QC", 96,
              "royal-marriage 1 4, marriage 3 6, kings 2 80, queens 1 6");
}

static void test_meld_unit_marriages_without_round_robin(void **state) {
  (void)state;
  expect_meld("two-hand-bid", H, "KS QS KH QH KD QD", 8, "royal-marriage 1 4, marriage 2 4");
  /* no trump named: no royal marriage, so no round robin */
  expect_meld("two-hand-bid", -1, "KS QS KH QH KD QD KC QC", 22, "marriage 4 8, kings 1 8, queens 1 6");
}

static void test_meld_unit_run_keeps_the_trump_pair_from_a_round_robin(void **state) {
  (void)state;
  /* run 15 + 3 marriages 6 = 21 beats royal 4 + 3 marriages 6 = 10; with the
   * trump K-Q in the run there is no royal marriage, so no round robin */
  expect_meld("two-hand-bid", H, "AH TH KH QH JH KS QS KD QD KC QC", 35,
              "run 1 15, marriage 3 6, kings 1 8, queens 1 6");
}

static void test_meld_unit_run_and_round_robin_with_second_trump_pair(void **state) {
  (void)state;
  expect_meld("two-hand-bid", H, "AH TH KH KH QH QH JH KS QS KD QD KC QC", 39,
              "run 1 15, round-robin 1 24");
}

static void test_meld_unit_run_royal_yes_names_the_runs_pair(void **state) {
  (void)state;
  /* run_royal=yes: the run's K-Q is also the royal marriage of a round robin */
  PnRules r = preset("two-hand-bid");
  char err[128] = "";
  assert_int_equal(pn_rules_set(&r, "run_royal", "yes", err, sizeof err), 0);
  PnCards c = hand_of("AH TH KH QH JH KS QS KD QD KC QC");
  expect_cards(&r, H, &c, 39, "run 1 15, round-robin 1 24");
}

static void test_meld_unit_run_royal_and_marriage(void **state) {
  (void)state;
  expect_meld("two-hand-bid", H, "AH TH KH KH QH QH JH KS QS", 21,
              "run 1 15, royal-marriage 1 4, marriage 1 2");
}

/* ------------------------------------------------ double-deck table (004) */

static void expect_sets(const char *preset_name, int trump, const char *one_set, const char *kind,
                        const int points[4]) {
  PnRules r = preset(preset_name);
  for (int n = 1; n <= 4; n++) {
    PnCards c = copies_of(one_set, n);
    char lines[64];
    snprintf(lines, sizeof lines, "%s %d %d", kind, n, points[n - 1]);
    expect_cards(&r, trump, &c, points[n - 1], lines);
  }
}

static void test_meld_double_deck_sets_1_to_4(void **state) {
  (void)state;
  expect_sets("double-deck", C, "AS AH AD AC", "aces", (const int[4]){10, 100, 200, 400});
  expect_sets("double-deck", C, "KS KH KD KC", "kings", (const int[4]){8, 80, 160, 320});
  expect_sets("double-deck", C, "QS QH QD QC", "queens", (const int[4]){6, 60, 120, 240});
  expect_sets("double-deck", C, "JS JH JD JC", "jacks", (const int[4]){4, 40, 80, 160});
  expect_sets("double-deck", C, "QS JD", "pinochle", (const int[4]){4, 30, 90, 270});
  expect_sets("double-deck", C, "AC TC KC QC JC", "run", (const int[4]){15, 150, 300, 600});
}

static void test_meld_double_deck_marriages_2_royal_4_each(void **state) {
  (void)state;
  expect_meld("double-deck", C, "KS QS KS QS KH QH", 6, "marriage 3 6");
  expect_meld("double-deck", C, "KC QC KC QC", 8, "royal-marriage 2 8");
  expect_meld("double-deck", C, "KC QC KD QD", 6, "royal-marriage 1 4, marriage 1 2");
}

static void test_meld_double_deck_run_plus_royal_marriage(void **state) {
  (void)state;
  expect_meld("double-deck", C, "AC TC KC KC QC QC JC", 19, "run 1 15, royal-marriage 1 4");
}

/* Seed 004's bid example hand: Spades A A A K Q, Hearts A Q Q J J,
 * Clubs A T K Q J J J, Diamonds A T J; clubs named trump.  Run 15 (its K-Q
 * not also royal), spade marriage 2, aces 10, pinochle 4 = 31. */
#define SEED004_HAND "AS AS AS KS QS AH QH QH JH JH AC TC KC QC JC JC JC AD TD JD"

static void test_meld_seed004_bid_example_clubs_trump_scores_31(void **state) {
  (void)state;
  expect_meld("double-deck", C, SEED004_HAND, 31, "run 1 15, marriage 1 2, aces 1 10, pinochle 1 4");
  expect_used("double-deck", C, SEED004_HAND, "AS KS QS AH AD JD AC TC KC QC JC");
}

static void test_meld_seed004_bid_example_hearts_trump_scores_18(void **state) {
  (void)state;
  /* the seed's count before trump: aces 10, two marriages 4, pinochle 4 */
  expect_meld("double-deck", H, SEED004_HAND, 18, "marriage 2 4, aces 1 10, pinochle 1 4");
}

static void test_meld_five_call_is_double_deck_times_10(void **state) {
  (void)state;
  expect_sets("five-call", C, "AS AH AD AC", "aces", (const int[4]){100, 1000, 2000, 4000});
  expect_sets("five-call", C, "KS KH KD KC", "kings", (const int[4]){80, 800, 1600, 3200});
  expect_sets("five-call", C, "QS QH QD QC", "queens", (const int[4]){60, 600, 1200, 2400});
  expect_sets("five-call", C, "JS JH JD JC", "jacks", (const int[4]){40, 400, 800, 1600});
  expect_sets("five-call", C, "QS JD", "pinochle", (const int[4]){40, 300, 900, 2700});
  expect_sets("five-call", C, "AC TC KC QC JC", "run", (const int[4]){150, 1500, 3000, 6000});
  expect_meld("five-call", C, "KS QS KH QH", 40, "marriage 2 40");
  expect_meld("five-call", C, "KC QC", 40, "royal-marriage 1 40");
  expect_meld("five-call", C, SEED004_HAND, 310,
              "run 1 150, marriage 1 20, aces 1 100, pinochle 1 40");
}

/* ------------------------------------------------- two-hand table (000) */

static void test_meld_two_hand_double_aces_scores_200(void **state) {
  (void)state;
  expect_meld("two-hand", H, "AS AS AH AH AD AD AC AC", 200, "aces 2 200");
  expect_meld("two-hand", H, "KS KS KH KH KD KD KC KC", 160, "kings 2 160");
  expect_meld("two-hand-64", H, "AS AS AH AH AD AD AC AC", 200, "aces 2 200");
}

static void test_meld_two_hand_double_pinochle_scores_300(void **state) {
  (void)state;
  expect_meld("two-hand", H, "QS QS JD JD", 300, "pinochle 2 300");
  expect_meld("two-hand", H, "QS JD", 40, "pinochle 1 40");
}

static void test_meld_two_hand_double_run_is_two_runs(void **state) {
  (void)state;
  expect_meld("two-hand", H, "AH AH TH TH KH KH QH QH JH JH", 300, "run 2 300");
}

static void test_meld_two_hand_single_values(void **state) {
  (void)state;
  expect_meld("two-hand", H, "AH TH KH QH JH", 150, "run 1 150");
  expect_meld("two-hand", H, "KH QH", 40, "royal-marriage 1 40");
  expect_meld("two-hand", H, "KS QS", 20, "marriage 1 20");
  expect_meld("two-hand", H, "AS AH AD AC", 100, "aces 1 100");
  expect_meld("two-hand", H, "KS KH KD KC", 80, "kings 1 80");
  expect_meld("two-hand", H, "QS QH QD QC", 60, "queens 1 60");
  expect_meld("two-hand", H, "JS JH JD JC", 40, "jacks 1 40");
}

/* ------------------------------------------------ named two-hand melds */

static void test_meld_value_of_each_named_two_hand_meld(void **state) {
  (void)state;
  const char *presets[] = {"two-hand", "two-hand-64"};
  for (int i = 0; i < 2; i++) {
    PnRules r = preset(presets[i]);
    assert_int_equal(pn_meld_value(&r, PN_MELD_RUN), 150);
    assert_int_equal(pn_meld_value(&r, PN_MELD_ROYAL_MARRIAGE), 40);
    assert_int_equal(pn_meld_value(&r, PN_MELD_MARRIAGE), 20);
    assert_int_equal(pn_meld_value(&r, PN_MELD_ACES), 100);
    assert_int_equal(pn_meld_value(&r, PN_MELD_KINGS), 80);
    assert_int_equal(pn_meld_value(&r, PN_MELD_QUEENS), 60);
    assert_int_equal(pn_meld_value(&r, PN_MELD_JACKS), 40);
    assert_int_equal(pn_meld_value(&r, PN_MELD_PINOCHLE), 40);
    assert_int_equal(pn_meld_value(&r, PN_MELD_DOUBLE_PINOCHLE), 300);
    assert_int_equal(pn_meld_value(&r, PN_MELD_DIX), 10);
  }
}

static void expect_meld_cards(const char *preset_name, PnMeldKind kind, int trump, int suit,
                              const char *want) {
  PnRules r = preset(preset_name);
  PnCard out[10];
  memset(out, 0xFF, sizeof out);
  int n = pn_meld_cards(&r, kind, trump, suit, out);
  PnCards got, w = hand_of(want);
  memset(&got, 0, sizeof got);
  assert_true(n >= 0 && n <= 10);
  for (int i = 0; i < n; i++) {
    if (out[i] >= PN_CARD_KINDS) fail_msg("%s: card %d out of range", KIND_TEXT[kind], i);
    got.n[out[i]]++;
  }
  char a[64], b[64];
  fmt(&got, a, sizeof a);
  fmt(&w, b, sizeof b);
  if (strcmp(a, b) != 0 || n != pn_cards_total(&w))
    fail_msg("%s %s trump %s: [%s] (%d), want [%s]", preset_name, KIND_TEXT[kind],
             trump_name(trump), a, n, b);
}

static void test_meld_cards_of_each_named_two_hand_meld(void **state) {
  (void)state;
  expect_meld_cards("two-hand", PN_MELD_RUN, H, -1, "AH TH KH QH JH");
  expect_meld_cards("two-hand", PN_MELD_RUN, C, -1, "AC TC KC QC JC");
  expect_meld_cards("two-hand", PN_MELD_ROYAL_MARRIAGE, H, -1, "KH QH");
  expect_meld_cards("two-hand", PN_MELD_MARRIAGE, H, S, "KS QS");
  expect_meld_cards("two-hand", PN_MELD_MARRIAGE, H, C, "KC QC");
  expect_meld_cards("two-hand", PN_MELD_ACES, H, -1, "AS AH AD AC");
  expect_meld_cards("two-hand", PN_MELD_KINGS, H, -1, "KS KH KD KC");
  expect_meld_cards("two-hand", PN_MELD_QUEENS, H, -1, "QS QH QD QC");
  expect_meld_cards("two-hand", PN_MELD_JACKS, H, -1, "JS JH JD JC");
  expect_meld_cards("two-hand", PN_MELD_PINOCHLE, H, -1, "QS JD");
  expect_meld_cards("two-hand", PN_MELD_DOUBLE_PINOCHLE, H, -1, "QS QS JD JD");
  expect_meld_cards("two-hand", PN_MELD_DIX, H, -1, "9H");
  expect_meld_cards("two-hand", PN_MELD_DIX, D, -1, "9D");
  expect_meld_cards("two-hand-64", PN_MELD_DIX, H, -1, "7H");
}

static void test_meld_cards_none_for_marriage_in_trump_or_round_robin(void **state) {
  (void)state;
  expect_meld_cards("two-hand", PN_MELD_MARRIAGE, H, H, "");
  expect_meld_cards("two-hand", PN_MELD_ROUND_ROBIN, H, -1, "");
}

static void expect_identify(const char *preset_name, int trump, const char *cards, int want) {
  PnRules r = preset(preset_name);
  PnCard list[16];
  int n = 0;
  for (const char *p = cards; *p;) {
    if (*p == ' ') {
      p++;
      continue;
    }
    list[n++] = card_of(p);
    p += 2;
  }
  int got = pn_meld_identify(&r, trump, list, n);
  if (got != want)
    fail_msg("%s trump %s [%s]: %d (%s), want %d (%s)", preset_name, trump_name(trump), cards, got,
             got >= 0 && got < PN_MELD_KINDS ? KIND_TEXT[got] : "none", want,
             want >= 0 ? KIND_TEXT[want] : "none");
}

static void test_meld_identify_names_exact_two_hand_melds(void **state) {
  (void)state;
  expect_identify("two-hand", H, "AH TH KH QH JH", PN_MELD_RUN);
  expect_identify("two-hand", H, "QH KH", PN_MELD_ROYAL_MARRIAGE);
  expect_identify("two-hand", H, "KS QS", PN_MELD_MARRIAGE);
  expect_identify("two-hand", H, "AC AS AD AH", PN_MELD_ACES);
  expect_identify("two-hand", H, "KS KH KD KC", PN_MELD_KINGS);
  expect_identify("two-hand", H, "QS QH QD QC", PN_MELD_QUEENS);
  expect_identify("two-hand", H, "JS JH JD JC", PN_MELD_JACKS);
  expect_identify("two-hand", H, "JD QS", PN_MELD_PINOCHLE);
  expect_identify("two-hand", H, "QS JD QS JD", PN_MELD_DOUBLE_PINOCHLE);
  expect_identify("two-hand", H, "9H", PN_MELD_DIX);
  expect_identify("two-hand-64", H, "7H", PN_MELD_DIX);
}

static void test_meld_identify_rejects_non_melds(void **state) {
  (void)state;
  expect_identify("two-hand", H, "KS QH", -1);       /* not one suit */
  expect_identify("two-hand", H, "AS AH AD", -1);    /* three aces */
  expect_identify("two-hand", H, "AS TS KS QS JS", -1); /* not trump */
  expect_identify("two-hand", H, "QS JD 9C", -1);    /* an extra card */
  expect_identify("two-hand", H, "9S", -1);          /* not the dix */
  expect_identify("two-hand-64", H, "9H", -1);       /* the dix is the 7 */
}

static void test_meld_names_match_event_log_values(void **state) {
  (void)state;
  assert_string_equal(pn_meld_name(PN_MELD_RUN), "run");
  assert_string_equal(pn_meld_name(PN_MELD_ROYAL_MARRIAGE), "royal-marriage");
  assert_string_equal(pn_meld_name(PN_MELD_MARRIAGE), "marriage");
  assert_string_equal(pn_meld_name(PN_MELD_ACES), "aces");
  assert_string_equal(pn_meld_name(PN_MELD_KINGS), "kings");
  assert_string_equal(pn_meld_name(PN_MELD_QUEENS), "queens");
  assert_string_equal(pn_meld_name(PN_MELD_JACKS), "jacks");
  assert_string_equal(pn_meld_name(PN_MELD_PINOCHLE), "pinochle");
  assert_string_equal(pn_meld_name(PN_MELD_DOUBLE_PINOCHLE), "double-pinochle");
}

static void test_meld_name_and_parse_round_trip(void **state) {
  (void)state;
  for (int k = 0; k < PN_MELD_KINDS; k++) {
    const char *name = pn_meld_name((PnMeldKind)k);
    assert_non_null(name);
    assert_true(name[0] != 0);
    assert_int_equal(pn_meld_parse(name), k);
    for (int j = 0; j < k; j++) assert_string_not_equal(name, pn_meld_name((PnMeldKind)j));
  }
  assert_int_equal(pn_meld_parse("nonsense"), -1);
  assert_int_equal(pn_meld_parse(""), -1);
}

static void test_meld_classes_a_b_c(void **state) {
  (void)state;
  assert_int_equal(pn_meld_class(PN_MELD_RUN), 0);
  assert_int_equal(pn_meld_class(PN_MELD_ROYAL_MARRIAGE), 0);
  assert_int_equal(pn_meld_class(PN_MELD_MARRIAGE), 0);
  assert_int_equal(pn_meld_class(PN_MELD_ROUND_ROBIN), 0);
  assert_int_equal(pn_meld_class(PN_MELD_ACES), 1);
  assert_int_equal(pn_meld_class(PN_MELD_KINGS), 1);
  assert_int_equal(pn_meld_class(PN_MELD_QUEENS), 1);
  assert_int_equal(pn_meld_class(PN_MELD_JACKS), 1);
  assert_int_equal(pn_meld_class(PN_MELD_PINOCHLE), 2);
  assert_int_equal(pn_meld_class(PN_MELD_DOUBLE_PINOCHLE), 2);
  assert_int_equal(pn_meld_class(PN_MELD_DIX), 2);
}

/* ------------------------------------------------------------ peer parity */

/* Every `meld` row of the 40 peer-parity rounds (partnership-auction with
 * run_royal=yes; the claimed values are all correct), read in place. */
static void test_meld_matches_peer_parity_claims(void **state) {
  (void)state;
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/data/peer-parity/pinochle_parity.csv", PN_SOURCE_DIR);
  FILE *f = fopen(path, "r");
  if (f == NULL) fail_msg("cannot open %s", path);

  PnRules r = preset("partnership-auction");
  char err[128] = "";
  assert_int_equal(pn_rules_set(&r, "run_royal", "yes", err, sizeof err), 0);

  char line[512], game[64] = "";
  int trump = -1, melds = 0, bad = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    char *field[7] = {0};
    int nf = split_fields(line, field);
    if (nf < 7) continue;
    if (strcmp(field[0], game) != 0) {
      snprintf(game, sizeof game, "%.63s", field[0]);
      trump = -1;
    }
    if (strcmp(field[4], "trump") == 0) {
      const char *s = strchr(SUIT_CHARS, field[6][0]);
      assert_non_null(s);
      trump = (int)(s - SUIT_CHARS);
    } else if (strcmp(field[4], "meld") == 0) {
      assert_true(trump >= 0);
      PnCards cards = hand_of(field[5]);
      PnMeldResult m;
      memset(&m, 0, sizeof m);
      int got = pn_meld_best(&r, trump, &cards, &m);
      int want = atoi(field[6]);
      melds++;
      if (got != want || m.total != want) {
        char lines[256];
        bad++;
        print_error("%s seat %s trump %c [%s]: %d (%s), claimed %d\n", game, field[3],
                    SUIT_CHARS[trump], field[5], got, fmt_lines(&m, lines, sizeof lines), want);
      }
    }
  }
  fclose(f);
  assert_int_equal(melds, 134);
  assert_int_equal(bad, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_meld_run_scores_150),
      cmocka_unit_test(test_meld_double_run_scores_1500),
      cmocka_unit_test(test_meld_royal_marriage_scores_40),
      cmocka_unit_test(test_meld_marriage_scores_20_each),
      cmocka_unit_test(test_meld_aces_around_100_double_1000),
      cmocka_unit_test(test_meld_kings_around_80_double_800),
      cmocka_unit_test(test_meld_queens_around_60_double_600),
      cmocka_unit_test(test_meld_jacks_around_40_double_400),
      cmocka_unit_test(test_meld_pinochle_scores_40),
      cmocka_unit_test(test_meld_double_pinochle_scores_300),
      cmocka_unit_test(test_meld_dix_scores_10_each_in_partnership_auction),
      cmocka_unit_test(test_meld_dix_in_shown_meld_for_bidding_presets_with_nines),
      cmocka_unit_test(test_meld_dix_not_in_shown_meld_for_turnup_and_two_hand),
      cmocka_unit_test(test_meld_run_king_queen_not_also_royal_marriage),
      cmocka_unit_test(test_meld_extra_trump_pair_beside_run_scores_40),
      cmocka_unit_test(test_meld_run_royal_yes_makes_run_worth_190),
      cmocka_unit_test(test_meld_queen_of_spades_in_royal_marriage_and_pinochle),
      cmocka_unit_test(test_meld_king_in_kings_around_and_marriage),
      cmocka_unit_test(test_meld_classes_are_independent),
      cmocka_unit_test(test_meld_card_serves_once_within_a_class),
      cmocka_unit_test(test_meld_kings_and_queens_around_with_all_marriages_240),
      cmocka_unit_test(test_meld_nothing_scores_0),
      cmocka_unit_test(test_meld_used_holds_only_melded_cards),
      cmocka_unit_test(test_meld_unit_table_values),
      cmocka_unit_test(test_meld_unit_round_robin_scores_24),
      cmocka_unit_test(test_meld_unit_marriages_without_round_robin),
      cmocka_unit_test(test_meld_unit_round_robin_is_the_sum_of_its_parts),
      cmocka_unit_test(test_meld_unit_round_robin_not_named_in_a_double_around),
      cmocka_unit_test(test_meld_unit_run_keeps_the_trump_pair_from_a_round_robin),
      cmocka_unit_test(test_meld_unit_run_royal_yes_names_the_runs_pair),
      cmocka_unit_test(test_meld_unit_run_and_round_robin_with_second_trump_pair),
      cmocka_unit_test(test_meld_unit_run_royal_and_marriage),
      cmocka_unit_test(test_meld_double_deck_sets_1_to_4),
      cmocka_unit_test(test_meld_double_deck_marriages_2_royal_4_each),
      cmocka_unit_test(test_meld_double_deck_run_plus_royal_marriage),
      cmocka_unit_test(test_meld_seed004_bid_example_clubs_trump_scores_31),
      cmocka_unit_test(test_meld_seed004_bid_example_hearts_trump_scores_18),
      cmocka_unit_test(test_meld_five_call_is_double_deck_times_10),
      cmocka_unit_test(test_meld_two_hand_double_aces_scores_200),
      cmocka_unit_test(test_meld_two_hand_double_pinochle_scores_300),
      cmocka_unit_test(test_meld_two_hand_double_run_is_two_runs),
      cmocka_unit_test(test_meld_two_hand_single_values),
      cmocka_unit_test(test_meld_value_of_each_named_two_hand_meld),
      cmocka_unit_test(test_meld_cards_of_each_named_two_hand_meld),
      cmocka_unit_test(test_meld_cards_none_for_marriage_in_trump_or_round_robin),
      cmocka_unit_test(test_meld_identify_names_exact_two_hand_melds),
      cmocka_unit_test(test_meld_identify_rejects_non_melds),
      cmocka_unit_test(test_meld_names_match_event_log_values),
      cmocka_unit_test(test_meld_name_and_parse_round_trip),
      cmocka_unit_test(test_meld_classes_a_b_c),
      cmocka_unit_test(test_meld_matches_peer_parity_claims),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
