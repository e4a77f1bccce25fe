/*
 * test_count.c - counting cards won in tricks (RULES.md §4): counter values
 * per scheme, the last-trick bonus, deck totals and classic rounding.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "pinochle.h"

/* Asserts the counter value of each rank (A T K Q J 9 8 7) in every suit;
 * a negative expectation means "not in this scheme's deck: not checked". */
static void expect_ranks(PnCount scheme, const int want[PN_RANKS]) {
  for (int s = 0; s < PN_SUITS; s++)
    for (int r = 0; r < PN_RANKS; r++) {
      if (want[r] < 0) continue;
      int got = pn_counter_value(scheme, PN_CARD(s, r));
      if (got != want[r])
        fail_msg("scheme %d, suit %d rank %d: %d, want %d", (int)scheme, s, r, got, want[r]);
    }
}

static void test_count_classic_values_11_10_4_3_2_0(void **state) {
  (void)state;
  expect_ranks(PN_COUNT_CLASSIC, (const int[PN_RANKS]){11, 10, 4, 3, 2, 0, 0, 0});
}

static void test_count_tens_values_aces_tens_kings_10(void **state) {
  (void)state;
  expect_ranks(PN_COUNT_TENS, (const int[PN_RANKS]){10, 10, 10, 0, 0, 0, 0, 0});
}

static void test_count_tens20_values_aces_tens_kings_10(void **state) {
  (void)state;
  expect_ranks(PN_COUNT_TENS20, (const int[PN_RANKS]){10, 10, 10, 0, 0, -1, -1, -1});
}

static void test_count_unit_values_aces_tens_kings_1(void **state) {
  (void)state;
  expect_ranks(PN_COUNT_UNIT, (const int[PN_RANKS]){1, 1, 1, 0, 0, 0, -1, -1});
}

static void test_count_unit2_values_aces_tens_kings_1(void **state) {
  (void)state;
  expect_ranks(PN_COUNT_UNIT2, (const int[PN_RANKS]){1, 1, 1, 0, 0, -1, -1, -1});
}

static void test_count_last_trick_bonus_per_scheme(void **state) {
  (void)state;
  assert_int_equal(pn_last_trick_bonus(PN_COUNT_CLASSIC), 10);
  assert_int_equal(pn_last_trick_bonus(PN_COUNT_TENS), 10);
  assert_int_equal(pn_last_trick_bonus(PN_COUNT_TENS20), 20);
  assert_int_equal(pn_last_trick_bonus(PN_COUNT_UNIT), 0);
  assert_int_equal(pn_last_trick_bonus(PN_COUNT_UNIT2), 2);
}

static int deck_counters(PnCount scheme, PnDeck deck) {
  PnCards cards;
  memset(&cards, 0, sizeof cards);
  pn_deck_cards(deck, &cards);
  int total = 0;
  for (int i = 0; i < PN_CARD_KINDS; i++) total += cards.n[i] * pn_counter_value(scheme, (PnCard)i);
  return total;
}

static void test_count_classic_deck_totals_250(void **state) {
  (void)state;
  assert_int_equal(deck_counters(PN_COUNT_CLASSIC, PN_DECK_SINGLE), 240);
  assert_int_equal(deck_counters(PN_COUNT_CLASSIC, PN_DECK_SINGLE) +
                       pn_last_trick_bonus(PN_COUNT_CLASSIC), 250);
  /* 8s and 7s count nothing: the 64-card deck totals the same */
  assert_int_equal(deck_counters(PN_COUNT_CLASSIC, PN_DECK_SINGLE64), 240);
}

static void test_count_tens_deck_totals_250(void **state) {
  (void)state;
  assert_int_equal(deck_counters(PN_COUNT_TENS, PN_DECK_SINGLE), 240);
  assert_int_equal(deck_counters(PN_COUNT_TENS, PN_DECK_SINGLE) + pn_last_trick_bonus(PN_COUNT_TENS),
                   250);
}

static void test_count_tens20_double_deck_totals_500(void **state) {
  (void)state;
  assert_int_equal(deck_counters(PN_COUNT_TENS20, PN_DECK_DOUBLE), 480);
  assert_int_equal(deck_counters(PN_COUNT_TENS20, PN_DECK_DOUBLE) +
                       pn_last_trick_bonus(PN_COUNT_TENS20), 500);
}

static void test_count_unit_deck_totals_24(void **state) {
  (void)state;
  assert_int_equal(deck_counters(PN_COUNT_UNIT, PN_DECK_SINGLE), 24);
}

static void test_count_unit2_double_deck_totals_50(void **state) {
  (void)state;
  assert_int_equal(deck_counters(PN_COUNT_UNIT2, PN_DECK_DOUBLE), 48);
  assert_int_equal(deck_counters(PN_COUNT_UNIT2, PN_DECK_DOUBLE) +
                       pn_last_trick_bonus(PN_COUNT_UNIT2), 50);
}

static void test_count_counters_of_cards_sum_their_values_in_every_scheme(void **state) {
  (void)state;
  const PnCount schemes[] = {PN_COUNT_CLASSIC, PN_COUNT_TENS, PN_COUNT_TENS20, PN_COUNT_UNIT, PN_COUNT_UNIT2};
  PnCard trick[] = {PN_CARD(PN_HEARTS, PN_ACE), PN_CARD(PN_HEARTS, PN_NINE), PN_CARD(PN_SPADES, PN_KING),
                    PN_CARD(PN_CLUBS, PN_TEN), PN_CARD(PN_DIAMONDS, PN_QUEEN)};
  for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++) {
    int want = 0;
    for (int n = 0; n <= 5; n++) {
      assert_int_equal(pn_counters_of(schemes[i], trick, n), want);
      if (n < 5) want += pn_counter_value(schemes[i], trick[n]);
    }
  }
  assert_int_equal(pn_counters_of(PN_COUNT_CLASSIC, trick, 5), 11 + 0 + 4 + 10 + 3);
}

static void test_count_round_classic_seven_up_six_down(void **state) {
  (void)state;
  /* 000: 87 counts as 90; 126 and 124 (or 125 each) count as 120 */
  assert_int_equal(pn_round_classic(87), 90);
  assert_int_equal(pn_round_classic(126), 120);
  assert_int_equal(pn_round_classic(125), 120);
  assert_int_equal(pn_round_classic(124), 120);
  assert_int_equal(pn_round_classic(127), 130);
  assert_int_equal(pn_round_classic(96), 90);
  assert_int_equal(pn_round_classic(97), 100);
  assert_int_equal(pn_round_classic(6), 0);
  assert_int_equal(pn_round_classic(7), 10);
  assert_int_equal(pn_round_classic(0), 0);
  assert_int_equal(pn_round_classic(120), 120);
  assert_int_equal(pn_round_classic(250), 250);
  assert_int_equal(pn_round_classic(249), 250);
  assert_int_equal(pn_round_classic(246), 240);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_count_classic_values_11_10_4_3_2_0),
      cmocka_unit_test(test_count_tens_values_aces_tens_kings_10),
      cmocka_unit_test(test_count_tens20_values_aces_tens_kings_10),
      cmocka_unit_test(test_count_unit_values_aces_tens_kings_1),
      cmocka_unit_test(test_count_unit2_values_aces_tens_kings_1),
      cmocka_unit_test(test_count_last_trick_bonus_per_scheme),
      cmocka_unit_test(test_count_classic_deck_totals_250),
      cmocka_unit_test(test_count_tens_deck_totals_250),
      cmocka_unit_test(test_count_tens20_double_deck_totals_500),
      cmocka_unit_test(test_count_unit_deck_totals_24),
      cmocka_unit_test(test_count_unit2_double_deck_totals_50),
      cmocka_unit_test(test_count_counters_of_cards_sum_their_values_in_every_scheme),
      cmocka_unit_test(test_count_round_classic_seven_up_six_down),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
