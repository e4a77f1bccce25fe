/*
 * test_cards.c - card text, card lists, decks and the dix (RULES.md §1).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "pinochle.h"

#define SPADE "\xe2\x99\xa0"   /* U+2660 ♠ */
#define HEART "\xe2\x99\xa5"   /* U+2665 ♥ */
#define DIAMOND "\xe2\x99\xa6" /* U+2666 ♦ */
#define CLUB "\xe2\x99\xa3"    /* U+2663 ♣ */

/* Parses one token with the engine; returns the bytes used. */
static size_t parse1(const char *text, PnCard *out) {
  *out = PN_NO_CARD;
  return pn_card_parse(text, strlen(text), out);
}

/* Asserts that `text` parses completely as the card suit/rank. */
static void expect_card(const char *text, int suit, int rank) {
  PnCard card;
  size_t used = parse1(text, &card);
  if (used != strlen(text) || card != PN_CARD(suit, rank))
    fail_msg("\"%s\": used %zu (want %zu), card %d (want %d)", text, used, strlen(text), (int)card,
             (int)PN_CARD(suit, rank));
}

static void expect_not_card(const char *text) {
  PnCard card;
  size_t used = parse1(text, &card);
  if (used != 0) fail_msg("\"%s\" parsed as a card (used %zu, card %d)", text, used, (int)card);
}

/* ------------------------------------------------------------ pn_card_parse */

static void test_card_parse_ace_of_spades(void **state) {
  (void)state;
  expect_card("AS", PN_SPADES, PN_ACE);
}

static void test_card_parse_ten_written_10(void **state) {
  (void)state;
  expect_card("10H", PN_HEARTS, PN_TEN);
  expect_card("10s", PN_SPADES, PN_TEN);
}

static void test_card_parse_is_case_insensitive(void **state) {
  (void)state;
  expect_card("th", PN_HEARTS, PN_TEN);
  expect_card("tH", PN_HEARTS, PN_TEN);
  expect_card("td", PN_DIAMONDS, PN_TEN);
  expect_card("kc", PN_CLUBS, PN_KING);
  expect_card("qS", PN_SPADES, PN_QUEEN);
  expect_card("jd", PN_DIAMONDS, PN_JACK);
}

static void test_card_parse_every_rank(void **state) {
  (void)state;
  const char *ranks = "ATKQJ987";
  for (int r = 0; r < PN_RANKS; r++) {
    char text[3] = {ranks[r], 'C', 0};
    expect_card(text, PN_CLUBS, r);
  }
}

static void test_card_parse_utf8_suit_symbols(void **state) {
  (void)state;
  PnCard card;
  /* Q + 3-byte symbol = 4 bytes used */
  assert_int_equal(parse1("Q" SPADE, &card), 4);
  assert_int_equal(card, PN_CARD(PN_SPADES, PN_QUEEN));
  expect_card("A" HEART, PN_HEARTS, PN_ACE);
  expect_card("J" DIAMOND, PN_DIAMONDS, PN_JACK);
  expect_card("9" CLUB, PN_CLUBS, PN_NINE);
  expect_card("10" HEART, PN_HEARTS, PN_TEN);
  expect_card("t" CLUB, PN_CLUBS, PN_TEN);
}

static void test_card_parse_stops_at_space(void **state) {
  (void)state;
  PnCard card;
  assert_int_equal(parse1("AS TH", &card), 2);
  assert_int_equal(card, PN_CARD(PN_SPADES, PN_ACE));
  assert_int_equal(parse1("10D QC", &card), 3);
  assert_int_equal(card, PN_CARD(PN_DIAMONDS, PN_TEN));
}

static void test_card_parse_stops_at_len(void **state) {
  (void)state;
  PnCard card = PN_NO_CARD;
  /* "ASXYZ" limited to 2 bytes is exactly AS */
  assert_int_equal(pn_card_parse("ASXYZ", 2, &card), 2);
  assert_int_equal(card, PN_CARD(PN_SPADES, PN_ACE));
  /* "10H" limited to 2 bytes is "10": not a card */
  assert_int_equal(pn_card_parse("10H", 2, &card), 0);
  /* "AS" limited to 1 byte is "A": not a card */
  assert_int_equal(pn_card_parse("AS", 1, &card), 0);
}

static void test_card_parse_rejects_bad_tokens(void **state) {
  (void)state;
  expect_not_card("X");
  expect_not_card("1H");
  expect_not_card("11H");
  expect_not_card("AX");
  expect_not_card("A");
  expect_not_card("10");
  expect_not_card("S");
  expect_not_card("6H");
  PnCard card;
  assert_int_equal(pn_card_parse("", 0, &card), 0);
}

/* ----------------------------------------------------------- pn_cards_parse */

static void test_cards_parse_list_in_order(void **state) {
  (void)state;
  PnCard cards[8];
  size_t bad = 99;
  const char *text = "AS 10H td Q" SPADE;
  assert_int_equal(pn_cards_parse(text, strlen(text), cards, 8, &bad), 4);
  assert_int_equal(cards[0], PN_CARD(PN_SPADES, PN_ACE));
  assert_int_equal(cards[1], PN_CARD(PN_HEARTS, PN_TEN));
  assert_int_equal(cards[2], PN_CARD(PN_DIAMONDS, PN_TEN));
  assert_int_equal(cards[3], PN_CARD(PN_SPADES, PN_QUEEN));
}

static void test_cards_parse_accepts_multiple_spaces(void **state) {
  (void)state;
  PnCard cards[8];
  size_t bad = 99;
  const char *text = "AS  TH   QC";
  assert_int_equal(pn_cards_parse(text, strlen(text), cards, 8, &bad), 3);
  assert_int_equal(cards[0], PN_CARD(PN_SPADES, PN_ACE));
  assert_int_equal(cards[1], PN_CARD(PN_HEARTS, PN_TEN));
  assert_int_equal(cards[2], PN_CARD(PN_CLUBS, PN_QUEEN));
}

static void test_cards_parse_empty_is_zero_cards(void **state) {
  (void)state;
  PnCard cards[4];
  size_t bad = 99;
  assert_int_equal(pn_cards_parse("", 0, cards, 4, &bad), 0);
}

static void test_cards_parse_reports_bad_token_offset(void **state) {
  (void)state;
  PnCard cards[8];
  size_t bad = 99;
  const char *t1 = "AS TH XX QC";
  assert_int_equal(pn_cards_parse(t1, strlen(t1), cards, 8, &bad), -1);
  assert_int_equal(bad, 6);

  bad = 99;
  const char *t2 = "AS 11H";
  assert_int_equal(pn_cards_parse(t2, strlen(t2), cards, 8, &bad), -1);
  assert_int_equal(bad, 3);

  bad = 99;
  const char *t3 = "X";
  assert_int_equal(pn_cards_parse(t3, strlen(t3), cards, 8, &bad), -1);
  assert_int_equal(bad, 0);

  /* a token with trailing garbage is not a card */
  bad = 99;
  const char *t4 = "AS ASX";
  assert_int_equal(pn_cards_parse(t4, strlen(t4), cards, 8, &bad), -1);
  assert_int_equal(bad, 3);
}

static void test_cards_parse_bad_offset_counts_utf8_bytes(void **state) {
  (void)state;
  PnCard cards[8];
  size_t bad = 99;
  /* "Q♠" is 4 bytes, then a space: the bad token starts at byte 5 */
  const char *text = "Q" SPADE " ZZ";
  assert_int_equal(pn_cards_parse(text, strlen(text), cards, 8, &bad), -1);
  assert_int_equal(bad, 5);
}

static void test_cards_parse_too_many_tokens(void **state) {
  (void)state;
  PnCard cards[3];
  size_t bad = 99;
  const char *text = "AS TH QC";
  assert_int_equal(pn_cards_parse(text, strlen(text), cards, 2, &bad), -2);
  assert_int_equal(pn_cards_parse(text, strlen(text), cards, 3, &bad), 3);
}

static void test_cards_parse_respects_len(void **state) {
  (void)state;
  PnCard cards[3];
  size_t bad = 99;
  assert_int_equal(pn_cards_parse("AS TH", 2, cards, 3, &bad), 1);
  assert_int_equal(cards[0], PN_CARD(PN_SPADES, PN_ACE));
}

/* ----------------------------------------------------------------- output */

static void test_card_str_is_canonical_two_letters(void **state) {
  (void)state;
  const char *ranks = "ATKQJ987", *suits = "SHDC";
  for (int s = 0; s < PN_SUITS; s++) {
    for (int r = 0; r < PN_RANKS; r++) {
      char buf[3] = {'?', '?', '?'};
      char want[3] = {ranks[r], suits[s], 0};
      const char *got = pn_card_str(PN_CARD(s, r), buf);
      assert_ptr_equal(got, buf);
      assert_string_equal(buf, want);
    }
  }
}

static void test_card_str_round_trips_parsed_ten(void **state) {
  (void)state;
  PnCard card;
  char buf[3];
  assert_int_equal(parse1("10" HEART, &card), 5);
  assert_string_equal(pn_card_str(card, buf), "TH");
}

static void test_cards_str_orders_suits_then_ranks(void **state) {
  (void)state;
  PnCards cards;
  memset(&cards, 0, sizeof cards);
  PnCard list[] = {
      PN_CARD(PN_CLUBS, PN_NINE), PN_CARD(PN_SPADES, PN_ACE),     PN_CARD(PN_HEARTS, PN_TEN),
      PN_CARD(PN_DIAMONDS, PN_KING), PN_CARD(PN_SPADES, PN_ACE),  PN_CARD(PN_SPADES, PN_JACK),
      PN_CARD(PN_HEARTS, PN_SEVEN), PN_CARD(PN_HEARTS, PN_EIGHT), PN_CARD(PN_DIAMONDS, PN_ACE),
      PN_CARD(PN_CLUBS, PN_QUEEN),
  };
  pn_cards_add_list(&cards, list, (int)(sizeof list / sizeof list[0]));
  char buf[128];
  char *got = pn_cards_str(&cards, buf, sizeof buf);
  assert_ptr_equal(got, buf);
  assert_string_equal(buf, "AS AS JS TH 8H 7H AD KD QC 9C");
}

static void test_cards_str_empty_is_empty_string(void **state) {
  (void)state;
  PnCards cards;
  memset(&cards, 0, sizeof cards);
  char buf[8] = "junk";
  assert_string_equal(pn_cards_str(&cards, buf, sizeof buf), "");
}

/* ------------------------------------------------------------------ suits */

static void test_suit_parse_letters_and_symbols(void **state) {
  (void)state;
  assert_int_equal(pn_suit_parse("S"), PN_SPADES);
  assert_int_equal(pn_suit_parse("h"), PN_HEARTS);
  assert_int_equal(pn_suit_parse("D"), PN_DIAMONDS);
  assert_int_equal(pn_suit_parse("c"), PN_CLUBS);
  assert_int_equal(pn_suit_parse(SPADE), PN_SPADES);
  assert_int_equal(pn_suit_parse(HEART), PN_HEARTS);
  assert_int_equal(pn_suit_parse(DIAMOND), PN_DIAMONDS);
  assert_int_equal(pn_suit_parse(CLUB), PN_CLUBS);
}

static void test_suit_parse_rejects_non_suits(void **state) {
  (void)state;
  assert_int_equal(pn_suit_parse("X"), -1);
  assert_int_equal(pn_suit_parse(""), -1);
  assert_int_equal(pn_suit_parse("A"), -1);
}

static void test_suit_char_is_shdc(void **state) {
  (void)state;
  assert_int_equal(pn_suit_char(PN_SPADES), 'S');
  assert_int_equal(pn_suit_char(PN_HEARTS), 'H');
  assert_int_equal(pn_suit_char(PN_DIAMONDS), 'D');
  assert_int_equal(pn_suit_char(PN_CLUBS), 'C');
}

/* -------------------------------------------------------------- multisets */

static void test_cards_helpers_count_contain_and_suit(void **state) {
  (void)state;
  PnCards have, want;
  memset(&have, 0, sizeof have);
  memset(&want, 0, sizeof want);
  PnCard list[] = {PN_CARD(PN_SPADES, PN_ACE), PN_CARD(PN_SPADES, PN_ACE),
                   PN_CARD(PN_HEARTS, PN_NINE), PN_CARD(PN_SPADES, PN_JACK)};
  pn_cards_add_list(&have, list, 4);
  assert_int_equal(have.n[PN_CARD(PN_SPADES, PN_ACE)], 2);
  assert_int_equal(pn_cards_total(&have), 4);
  assert_int_equal(pn_cards_of_suit(&have, PN_SPADES), 3);
  assert_int_equal(pn_cards_of_suit(&have, PN_HEARTS), 1);
  assert_int_equal(pn_cards_of_suit(&have, PN_CLUBS), 0);

  want.n[PN_CARD(PN_SPADES, PN_ACE)] = 2;
  assert_true(pn_cards_contains(&have, &want));
  want.n[PN_CARD(PN_SPADES, PN_ACE)] = 3; /* one copy too many */
  assert_false(pn_cards_contains(&have, &want));
  want.n[PN_CARD(PN_SPADES, PN_ACE)] = 0;
  want.n[PN_CARD(PN_CLUBS, PN_KING)] = 1;
  assert_false(pn_cards_contains(&have, &want));
}

/* ------------------------------------------------------------------ decks */

static void check_deck(PnDeck deck, int size, int copies, int lowest_rank) {
  PnCards cards;
  memset(&cards, 0, sizeof cards);
  pn_deck_cards(deck, &cards);
  assert_int_equal(pn_deck_size(deck), size);
  assert_int_equal(pn_cards_total(&cards), size);
  for (int s = 0; s < PN_SUITS; s++) {
    for (int r = 0; r < PN_RANKS; r++) {
      int want = r <= lowest_rank ? copies : 0;
      if (cards.n[PN_CARD(s, r)] != want)
        fail_msg("deck %d: card suit %d rank %d has %d copies, want %d", (int)deck, s, r,
                 cards.n[PN_CARD(s, r)], want);
    }
  }
}

static void test_deck_single_has_48_cards_two_of_a_to_9(void **state) {
  (void)state;
  check_deck(PN_DECK_SINGLE, 48, 2, PN_NINE);
}

static void test_deck_single64_has_64_cards_two_of_a_to_7(void **state) {
  (void)state;
  check_deck(PN_DECK_SINGLE64, 64, 2, PN_SEVEN);
}

static void test_deck_double_has_80_cards_four_of_a_to_j(void **state) {
  (void)state;
  check_deck(PN_DECK_DOUBLE, 80, 4, PN_JACK);
}

static void test_deck_copies_is_the_count_of_every_card_in_the_deck(void **state) {
  (void)state;
  const PnDeck decks[] = {PN_DECK_SINGLE, PN_DECK_SINGLE64, PN_DECK_DOUBLE};
  for (size_t i = 0; i < sizeof decks / sizeof decks[0]; i++) {
    PnCards cards;
    pn_deck_cards(decks[i], &cards);
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (cards.n[c]) assert_int_equal(cards.n[c], pn_deck_copies(decks[i]));
  }
  assert_int_equal(pn_deck_copies(PN_DECK_SINGLE), 2);
  assert_int_equal(pn_deck_copies(PN_DECK_DOUBLE), 4);
}

static void test_dix_is_9_then_7_then_none(void **state) {
  (void)state;
  assert_int_equal(pn_dix_rank(PN_DECK_SINGLE), PN_NINE);
  assert_int_equal(pn_dix_rank(PN_DECK_SINGLE64), PN_SEVEN);
  assert_int_equal(pn_dix_rank(PN_DECK_DOUBLE), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_card_parse_ace_of_spades),
      cmocka_unit_test(test_card_parse_ten_written_10),
      cmocka_unit_test(test_card_parse_is_case_insensitive),
      cmocka_unit_test(test_card_parse_every_rank),
      cmocka_unit_test(test_card_parse_utf8_suit_symbols),
      cmocka_unit_test(test_card_parse_stops_at_space),
      cmocka_unit_test(test_card_parse_stops_at_len),
      cmocka_unit_test(test_card_parse_rejects_bad_tokens),
      cmocka_unit_test(test_cards_parse_list_in_order),
      cmocka_unit_test(test_cards_parse_accepts_multiple_spaces),
      cmocka_unit_test(test_cards_parse_empty_is_zero_cards),
      cmocka_unit_test(test_cards_parse_reports_bad_token_offset),
      cmocka_unit_test(test_cards_parse_bad_offset_counts_utf8_bytes),
      cmocka_unit_test(test_cards_parse_too_many_tokens),
      cmocka_unit_test(test_cards_parse_respects_len),
      cmocka_unit_test(test_card_str_is_canonical_two_letters),
      cmocka_unit_test(test_card_str_round_trips_parsed_ten),
      cmocka_unit_test(test_cards_str_orders_suits_then_ranks),
      cmocka_unit_test(test_cards_str_empty_is_empty_string),
      cmocka_unit_test(test_suit_parse_letters_and_symbols),
      cmocka_unit_test(test_suit_parse_rejects_non_suits),
      cmocka_unit_test(test_suit_char_is_shdc),
      cmocka_unit_test(test_cards_helpers_count_contain_and_suit),
      cmocka_unit_test(test_deck_single_has_48_cards_two_of_a_to_9),
      cmocka_unit_test(test_deck_single64_has_64_cards_two_of_a_to_7),
      cmocka_unit_test(test_deck_double_has_80_cards_four_of_a_to_j),
      cmocka_unit_test(test_deck_copies_is_the_count_of_every_card_in_the_deck),
      cmocka_unit_test(test_dix_is_9_then_7_then_none),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
