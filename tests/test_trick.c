/*
 * test_trick.c - trick winners, legal plays and renege classification
 * (RULES.md §1 "Trick winner", §2 play obligations), plus a cross-check of
 * every trick of the 40 peer-parity rounds
 * (tests/data/peer-parity/, read at run time).
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
#include "test_util.h" /* card_of, list_of, hand_of, fmt, split_fields, SUIT_CHARS */

/* ---------------------------------------------------------------- helpers */

static int distinct(const PnCards *c) {
  int n = 0;
  for (int i = 0; i < PN_CARD_KINDS; i++) n += c->n[i] > 0;
  return n;
}

static PnObligation obl(bool follow, PnHead head, PnTrumpRule trump_rule, bool head_led) {
  PnObligation ob;
  memset(&ob, 0, sizeof ob);
  ob.follow = follow;
  ob.head = head;
  ob.trump_rule = trump_rule;
  ob.head_led = head_led;
  return ob;
}

static const char *ob_text(const PnObligation *ob, char *buf, size_t size) {
  static const char *heads[] = {"never", "trump-lead", "always"};
  static const char *rules[] = {"no", "always", "if-can-win"};
  snprintf(buf, size, "follow=%s head=%s trump_rule=%s head_suit=%s", ob->follow ? "yes" : "no",
           heads[ob->head], rules[ob->trump_rule], ob->head_led ? "led" : "winning");
  return buf;
}

static const char *kind_text(PnFindingKind kind) {
  switch (kind) {
  case PN_FIND_NONE: return "none";
  case PN_FIND_RENEGE_FOLLOW: return "renege-follow";
  case PN_FIND_RENEGE_HEAD: return "renege-head";
  case PN_FIND_RENEGE_TRUMP: return "renege-trump";
  case PN_FIND_RENEGE_OVERTRUMP: return "renege-overtrump";
  default: return "other";
  }
}

/* Trump is hearts in every hand-made case below. */
#define TRUMP PN_HEARTS

/* Asserts the legal set (one copy of each card) and the returned count. */
static void expect_legal(const PnObligation *ob, const char *held, const char *trick, int trump,
                         const char *want) {
  PnCards h = hand_of(held), w = hand_of(want), legal;
  PnCard t[PN_MAX_SEATS];
  int n = list_of(trick, t, PN_MAX_SEATS);
  memset(&legal, 0, sizeof legal);
  int got = pn_legal_plays(ob, &h, t, n, trump, &legal);
  char a[256], b[256], o[128];
  fmt(&legal, a, sizeof a);
  fmt(&w, b, sizeof b);
  if (strcmp(a, b) != 0 || got != distinct(&w))
    fail_msg("%s; trump %c; trick [%s]; held [%s]: legal [%s] (returned %d), want [%s] (%d)",
             ob_text(ob, o, sizeof o), SUIT_CHARS[trump], trick, held, a, got, b, distinct(&w));
}

/* Asserts the classification of one play and, for a renege, its evidence. */
static void expect_play(const PnObligation *ob, const char *held, const char *trick, int trump,
                        const char *played, PnFindingKind want, const char *evidence) {
  PnCards h = hand_of(held), ev;
  PnCard t[PN_MAX_SEATS];
  int n = list_of(trick, t, PN_MAX_SEATS);
  memset(&ev, 0, sizeof ev);
  PnFindingKind got = pn_classify_play(ob, &h, t, n, trump, card_of(played), &ev);
  char o[128];
  if (got != want)
    fail_msg("%s; trump %c; trick [%s]; held [%s]; played %s: %s, want %s",
             ob_text(ob, o, sizeof o), SUIT_CHARS[trump], trick, held, played, kind_text(got),
             kind_text(want));
  if (want != PN_FIND_NONE) {
    PnCards w = hand_of(evidence);
    char a[256], b[256];
    fmt(&ev, a, sizeof a);
    fmt(&w, b, sizeof b);
    if (strcmp(a, b) != 0)
      fail_msg("%s; trump %c; trick [%s]; held [%s]; played %s (%s): evidence [%s], want [%s]",
               ob_text(ob, o, sizeof o), SUIT_CHARS[trump], trick, held, played, kind_text(want),
               a, b);
  }
}

static int winner_of(const char *cards, int trump) {
  PnCard t[PN_MAX_SEATS];
  int n = list_of(cards, t, PN_MAX_SEATS);
  return pn_trick_winner(t, n, trump);
}

static const PnHead HEADS[] = {PN_HEAD_NEVER, PN_HEAD_TRUMP_LEAD, PN_HEAD_ALWAYS};
static const PnTrumpRule RULES_[] = {PN_TRUMP_NO, PN_TRUMP_ALWAYS, PN_TRUMP_IF_CAN_WIN};

/* ----------------------------------------------------------- trick winner */

static void test_card_beats_by_rank_suit_and_trump(void **state) {
  (void)state;
  PnCard AS = card_of("AS"), KS = card_of("KS"), TS = card_of("TS"), NH = card_of("9H"),
         AH = card_of("AH"), AC = card_of("AC");
  assert_true(pn_card_beats(AS, KS, PN_SPADES, TRUMP));
  assert_true(pn_card_beats(TS, KS, PN_SPADES, TRUMP));  /* ten ranks above king */
  assert_false(pn_card_beats(KS, TS, PN_SPADES, TRUMP));
  assert_false(pn_card_beats(AS, AS, PN_SPADES, TRUMP)); /* identical: earlier wins */
  assert_true(pn_card_beats(NH, AS, PN_SPADES, TRUMP));  /* any trump beats the led suit */
  assert_false(pn_card_beats(AS, NH, PN_SPADES, TRUMP));
  assert_true(pn_card_beats(AH, NH, PN_SPADES, TRUMP));
  assert_false(pn_card_beats(AC, KS, PN_SPADES, TRUMP)); /* off-suit never beats */
}

static void test_trick_winner_first_of_identical_cards(void **state) {
  (void)state;
  assert_int_equal(winner_of("AS AS", TRUMP), 0);
  assert_int_equal(winner_of("KS AS AS AS", TRUMP), 1);
  assert_int_equal(winner_of("AH AH", TRUMP), 0);
  assert_int_equal(winner_of("KS 9H 9H", TRUMP), 1);
}

static void test_trick_winner_trump_beats_led_suit(void **state) {
  (void)state;
  assert_int_equal(winner_of("AS 9H", TRUMP), 1);
  assert_int_equal(winner_of("AS 9H KH QH", TRUMP), 2);
  assert_int_equal(winner_of("TS AS KH AH", TRUMP), 3);
}

static void test_trick_winner_off_suit_cards_never_win(void **state) {
  (void)state;
  assert_int_equal(winner_of("9S AC AD", TRUMP), 0);
  assert_int_equal(winner_of("9S AC JS AD", TRUMP), 2);
  assert_int_equal(winner_of("JD AS AC", PN_HEARTS), 0);
}

static void test_trick_winner_single_card_is_the_leader(void **state) {
  (void)state;
  assert_int_equal(winner_of("9C", TRUMP), 0);
}

/* Seed 004's sample tricks (double deck, no trump played in them). */
static void test_trick_winner_seed004_ace_beats_ten_led(void **state) {
  (void)state;
  /* South TH, West AH, North QH, East JH: West (2nd) wins */
  assert_int_equal(winner_of("TH AH QH JH", PN_CLUBS), 1);
}

static void test_trick_winner_seed004_ten_outranks_king(void **state) {
  (void)state;
  /* West KS, North QS, East TS, South KS: East (3rd) wins */
  assert_int_equal(winner_of("KS QS TS KS", PN_CLUBS), 2);
  assert_int_equal(winner_of("KS QS TS KS", PN_SPADES), 2);
}

static void test_trick_winner_seed004_queen_of_trump_wins(void **state) {
  (void)state;
  /* hearts trump: S TS, W AS, N QH, E QS: North (3rd) wins */
  assert_int_equal(winner_of("TS AS QH QS", PN_HEARTS), 2);
}

static void test_trick_winner_seed004_later_higher_trump_wins(void **state) {
  (void)state;
  /* The seed's second column is garbled (it repeats the first column's
   * cards but says East wins).  What it illustrates: East wins by playing a
   * higher trump after North trumped. */
  assert_int_equal(winner_of("TS AS QH KH", PN_HEARTS), 3);
  /* and with no trump played, the highest spade wins */
  assert_int_equal(winner_of("TS AS QD QS", PN_HEARTS), 1);
}

/* ------------------------------------------------------------------ leads */

static void test_legal_lead_allows_every_held_card(void **state) {
  (void)state;
  for (int f = 0; f < 2; f++)
    for (int h = 0; h < 3; h++)
      for (int r = 0; r < 3; r++)
        for (int l = 0; l < 2; l++) {
          PnObligation ob = obl(f, HEADS[h], RULES_[r], l);
          expect_legal(&ob, "AS AS TH 9C KD", "", TRUMP, "AS TH KD 9C");
          expect_play(&ob, "AS AS TH 9C KD", "", TRUMP, "9C", PN_FIND_NONE, "");
          expect_play(&ob, "AS AS TH 9C KD", "", TRUMP, "TH", PN_FIND_NONE, "");
        }
}

static void test_legal_plays_gives_one_copy_of_each_card(void **state) {
  (void)state;
  PnObligation ob = obl(true, PN_HEAD_NEVER, PN_TRUMP_NO, false);
  PnCards held = hand_of("AS AS 9S 9S 9C"), legal;
  PnCard trick[1] = {card_of("KS")};
  memset(&legal, 0, sizeof legal);
  assert_int_equal(pn_legal_plays(&ob, &held, trick, 1, TRUMP, &legal), 2);
  assert_int_equal(legal.n[card_of("AS")], 1);
  assert_int_equal(legal.n[card_of("9S")], 1);
  assert_int_equal(legal.n[card_of("9C")], 0);
}

/* ----------------------------------------------------------------- follow */

static void test_renege_follow_for_every_head_and_trump_rule(void **state) {
  (void)state;
  for (int h = 0; h < 3; h++)
    for (int r = 0; r < 3; r++)
      for (int l = 0; l < 2; l++) {
        PnObligation ob = obl(true, HEADS[h], RULES_[r], l);
        /* held the led suit (with a beating card), played off-suit */
        expect_play(&ob, "AS QS 9H 9C", "KS", TRUMP, "9C", PN_FIND_RENEGE_FOLLOW, "AS QS");
        /* a trump is not a follow either; follow is checked first */
        expect_play(&ob, "AS QS 9H 9C", "KS", TRUMP, "9H", PN_FIND_RENEGE_FOLLOW, "AS QS");
        /* same after a trump was played to the trick */
        expect_play(&ob, "AS QS 9H 9C", "KS KH", TRUMP, "9C", PN_FIND_RENEGE_FOLLOW, "AS QS");
      }
}

static void test_legal_follow_without_head_allows_any_led_suit_card(void **state) {
  (void)state;
  for (int r = 0; r < 3; r++)
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, PN_HEAD_NEVER, RULES_[r], l);
      expect_legal(&ob, "AS QS 9H 9C", "KS", TRUMP, "AS QS");
      expect_play(&ob, "AS QS 9H 9C", "KS", TRUMP, "QS", PN_FIND_NONE, "");
      /* trump led: any trump, no heading */
      expect_legal(&ob, "AH 9H QS", "KH", TRUMP, "AH 9H");
      expect_play(&ob, "AH 9H QS", "KH", TRUMP, "9H", PN_FIND_NONE, "");
    }
}

static void test_legal_head_trump_lead_ignores_non_trump_lead(void **state) {
  (void)state;
  for (int r = 0; r < 3; r++)
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, PN_HEAD_TRUMP_LEAD, RULES_[r], l);
      expect_legal(&ob, "AS QS 9H 9C", "KS", TRUMP, "AS QS");
      expect_play(&ob, "AS QS 9H 9C", "KS", TRUMP, "QS", PN_FIND_NONE, "");
      expect_legal(&ob, "AS QS", "KS 9H", TRUMP, "AS QS");
    }
}

static void test_renege_head_when_trump_led_and_not_beaten(void **state) {
  (void)state;
  for (int h = 1; h < 3; h++) /* trump-lead and always */
    for (int r = 0; r < 3; r++)
      for (int l = 0; l < 2; l++) {
        PnObligation ob = obl(true, HEADS[h], RULES_[r], l);
        expect_legal(&ob, "AH 9H QS", "KH", TRUMP, "AH");
        expect_play(&ob, "AH 9H QS", "KH", TRUMP, "AH", PN_FIND_NONE, "");
        expect_play(&ob, "AH 9H QS", "KH", TRUMP, "9H", PN_FIND_RENEGE_HEAD, "AH");
        expect_play(&ob, "AH 9H QS", "KH", TRUMP, "QS", PN_FIND_RENEGE_FOLLOW, "AH 9H");
        /* must beat the card winning now, not the card led */
        expect_legal(&ob, "TH QH", "9H KH", TRUMP, "TH");
        expect_play(&ob, "TH QH", "9H KH", TRUMP, "QH", PN_FIND_RENEGE_HEAD, "TH");
        /* cannot beat: any trump */
        expect_legal(&ob, "TH KH 9H", "QH AH", TRUMP, "TH KH 9H");
        expect_play(&ob, "TH KH 9H", "QH AH", TRUMP, "9H", PN_FIND_NONE, "");
      }
}

static void test_renege_head_always_on_plain_lead(void **state) {
  (void)state;
  for (int r = 0; r < 3; r++)
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, PN_HEAD_ALWAYS, RULES_[r], l);
      expect_legal(&ob, "AS QS 9S 9H", "KS", TRUMP, "AS");
      expect_play(&ob, "AS QS 9S 9H", "KS", TRUMP, "QS", PN_FIND_RENEGE_HEAD, "AS");
      expect_play(&ob, "AS QS 9S 9H", "KS", TRUMP, "9H", PN_FIND_RENEGE_FOLLOW, "AS QS 9S");
      /* beat the winning card (KS), not just the card led (JS) */
      expect_legal(&ob, "TS QS", "JS KS", TRUMP, "TS");
      expect_play(&ob, "TS QS", "JS KS", TRUMP, "QS", PN_FIND_RENEGE_HEAD, "TS");
      /* two beating cards: both legal, evidence both */
      expect_legal(&ob, "AS TS QS", "KS", TRUMP, "AS TS");
      expect_play(&ob, "AS TS QS", "KS", TRUMP, "QS", PN_FIND_RENEGE_HEAD, "AS TS");
    }
}

static void test_legal_head_identical_card_does_not_beat(void **state) {
  (void)state;
  PnObligation ob = obl(true, PN_HEAD_ALWAYS, PN_TRUMP_ALWAYS, false);
  expect_legal(&ob, "AS 9S", "AS", TRUMP, "AS 9S");
  expect_play(&ob, "AS 9S", "AS", TRUMP, "9S", PN_FIND_NONE, "");
  expect_legal(&ob, "AH 9H", "AH", TRUMP, "AH 9H");
}

static void test_legal_head_cannot_beat_allows_any_led_suit_card(void **state) {
  (void)state;
  PnObligation ob = obl(true, PN_HEAD_ALWAYS, PN_TRUMP_ALWAYS, false);
  expect_legal(&ob, "QS 9S 9H", "AS", TRUMP, "QS 9S");
  expect_play(&ob, "QS 9S 9H", "AS", TRUMP, "9S", PN_FIND_NONE, "");
}

/* §2: "If a trump already wins a non-trump trick, no card of the led suit
 * beats it, and any card of the led suit is legal" (head_suit=winning). */
static void test_legal_head_suit_winning_any_led_card_after_trump(void **state) {
  (void)state;
  for (int r = 0; r < 3; r++) {
    PnObligation ob = obl(true, PN_HEAD_ALWAYS, RULES_[r], false);
    expect_legal(&ob, "AS QS 9C", "KS 9H", TRUMP, "AS QS");
    expect_play(&ob, "AS QS 9C", "KS 9H", TRUMP, "QS", PN_FIND_NONE, "");
    expect_play(&ob, "AS QS 9C", "KS 9H", TRUMP, "9C", PN_FIND_RENEGE_FOLLOW, "AS QS");
  }
}

/* §7 head_suit=led: beat the best card of the led suit even after a trump. */
static void test_renege_head_suit_led_must_beat_best_led_card(void **state) {
  (void)state;
  for (int r = 0; r < 3; r++) {
    PnObligation ob = obl(true, PN_HEAD_ALWAYS, RULES_[r], true);
    expect_legal(&ob, "AS QS 9C", "KS 9H", TRUMP, "AS");
    expect_play(&ob, "AS QS 9C", "KS 9H", TRUMP, "QS", PN_FIND_RENEGE_HEAD, "AS");
    /* the best led-suit card may come after the trump */
    expect_legal(&ob, "TS QS", "JS 9H KS", TRUMP, "TS");
    expect_play(&ob, "TS QS", "JS 9H KS", TRUMP, "QS", PN_FIND_RENEGE_HEAD, "TS");
    /* nothing beats the best led-suit card: any led-suit card */
    expect_legal(&ob, "TS KS 9D", "QS 9H AS", TRUMP, "TS KS");
    expect_play(&ob, "TS KS 9D", "QS 9H AS", TRUMP, "KS", PN_FIND_NONE, "");
    /* an identical copy of the best led-suit card does not beat it */
    expect_legal(&ob, "AS TS", "AS 9H", TRUMP, "AS TS");
  }
}

static void test_legal_head_suit_led_ignored_by_trump_lead_head(void **state) {
  (void)state;
  /* head=trump-lead does not apply on a plain lead even with head_suit=led */
  PnObligation ob = obl(true, PN_HEAD_TRUMP_LEAD, PN_TRUMP_ALWAYS, true);
  expect_legal(&ob, "AS QS 9C", "KS 9H", TRUMP, "AS QS");
}

/* ------------------------------------------------------------- void, trump */

static void test_renege_trump_always_any_trump_without_head(void **state) {
  (void)state;
  for (int h = 0; h < 2; h++) /* never, trump-lead: any trump */
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, HEADS[h], PN_TRUMP_ALWAYS, l);
      expect_legal(&ob, "AH 9H 9C", "KS", TRUMP, "AH 9H");
      expect_play(&ob, "AH 9H 9C", "KS", TRUMP, "9H", PN_FIND_NONE, "");
      expect_play(&ob, "AH 9H 9C", "KS", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "AH 9H");
      /* a trump in the trick: still any trump, no overtrump duty */
      expect_legal(&ob, "AH 9H 9C", "KS KH", TRUMP, "AH 9H");
      expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9H", PN_FIND_NONE, "");
      expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "AH 9H");
    }
}

static void test_renege_overtrump_always_with_head_always(void **state) {
  (void)state;
  for (int l = 0; l < 2; l++) {
    PnObligation ob = obl(true, PN_HEAD_ALWAYS, PN_TRUMP_ALWAYS, l);
    /* no trump yet: every trump beats */
    expect_legal(&ob, "AH 9H 9C", "KS", TRUMP, "AH 9H");
    expect_play(&ob, "AH 9H 9C", "KS", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "AH 9H");
    /* a trump to beat */
    expect_legal(&ob, "AH 9H 9C", "KS KH", TRUMP, "AH");
    expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "AH", PN_FIND_NONE, "");
    expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9H", PN_FIND_RENEGE_OVERTRUMP, "AH");
    /* trump is checked before overtrump; its evidence is every trump held */
    expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "AH 9H");
    /* two beating trumps */
    expect_legal(&ob, "AH TH QH 9C", "KS KH", TRUMP, "AH TH");
    expect_play(&ob, "AH TH QH 9C", "KS KH", TRUMP, "QH", PN_FIND_RENEGE_OVERTRUMP, "AH TH");
  }
}

static void test_legal_always_cannot_overtrump_allows_any_trump(void **state) {
  (void)state;
  PnObligation ob = obl(true, PN_HEAD_ALWAYS, PN_TRUMP_ALWAYS, false);
  expect_legal(&ob, "TH 9H 9C", "KS AH", TRUMP, "TH 9H");
  expect_play(&ob, "TH 9H 9C", "KS AH", TRUMP, "9H", PN_FIND_NONE, "");
  expect_play(&ob, "TH 9H 9C", "KS AH", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "TH 9H");
  /* an identical trump does not overtrump */
  expect_legal(&ob, "AH 9H 9C", "KS AH", TRUMP, "AH 9H");
}

/* if-can-win: the duty to trump arises only when holding a trump that would
 * win; which trump is then legal follows §2's last bullet (head=always:
 * overtrump if able, otherwise any trump).  The renege-trump evidence is
 * the winning trumps: what made trumping required. */
static void test_renege_trump_if_can_win_when_trump_would_win(void **state) {
  (void)state;
  for (int h = 0; h < 3; h++)
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, HEADS[h], PN_TRUMP_IF_CAN_WIN, l);
      /* no trump in the trick: any trump would win */
      expect_legal(&ob, "9H 9C", "KS", TRUMP, "9H");
      expect_play(&ob, "9H 9C", "KS", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "9H");
      /* a trump in the trick and a trump that beats it */
      expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "AH", PN_FIND_NONE, "");
      expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "AH");
    }
}

static void test_legal_if_can_win_any_trump_without_head_always(void **state) {
  (void)state;
  for (int h = 0; h < 2; h++) /* never, trump-lead */
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, HEADS[h], PN_TRUMP_IF_CAN_WIN, l);
      expect_legal(&ob, "AH 9H 9C", "KS KH", TRUMP, "AH 9H");
      expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9H", PN_FIND_NONE, "");
    }
}

static void test_renege_overtrump_if_can_win_with_head_always(void **state) {
  (void)state;
  for (int l = 0; l < 2; l++) {
    PnObligation ob = obl(true, PN_HEAD_ALWAYS, PN_TRUMP_IF_CAN_WIN, l);
    expect_legal(&ob, "AH 9H 9C", "KS KH", TRUMP, "AH");
    expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9H", PN_FIND_RENEGE_OVERTRUMP, "AH");
    expect_legal(&ob, "AH TH QH 9C", "KS KH", TRUMP, "AH TH");
    expect_play(&ob, "AH TH QH 9C", "KS KH", TRUMP, "QH", PN_FIND_RENEGE_OVERTRUMP, "AH TH");
    expect_play(&ob, "AH TH QH 9C", "KS KH", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "AH TH");
  }
}

static void test_legal_if_can_win_without_winning_trump_allows_any_card(void **state) {
  (void)state;
  for (int h = 0; h < 3; h++)
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, HEADS[h], PN_TRUMP_IF_CAN_WIN, l);
      expect_legal(&ob, "TH 9H QD 9C", "KS AH", TRUMP, "TH 9H QD 9C");
      expect_play(&ob, "TH 9H QD 9C", "KS AH", TRUMP, "9C", PN_FIND_NONE, "");
      expect_play(&ob, "TH 9H QD 9C", "KS AH", TRUMP, "9H", PN_FIND_NONE, "");
    }
}

static void test_legal_trump_rule_no_allows_any_card_when_void(void **state) {
  (void)state;
  for (int h = 0; h < 3; h++)
    for (int l = 0; l < 2; l++) {
      PnObligation ob = obl(true, HEADS[h], PN_TRUMP_NO, l);
      expect_legal(&ob, "9H 9C", "KS", TRUMP, "9H 9C");
      expect_play(&ob, "9H 9C", "KS", TRUMP, "9C", PN_FIND_NONE, "");
      expect_legal(&ob, "AH 9H 9C", "KS KH", TRUMP, "AH 9H 9C");
      expect_play(&ob, "AH 9H 9C", "KS KH", TRUMP, "9H", PN_FIND_NONE, "");
    }
}

static void test_legal_void_without_trumps_allows_any_card(void **state) {
  (void)state;
  for (int h = 0; h < 3; h++)
    for (int r = 0; r < 3; r++)
      for (int l = 0; l < 2; l++) {
        PnObligation ob = obl(true, HEADS[h], RULES_[r], l);
        expect_legal(&ob, "QD 9C", "KS KH", TRUMP, "QD 9C");
        expect_play(&ob, "QD 9C", "KS KH", TRUMP, "9C", PN_FIND_NONE, "");
        expect_legal(&ob, "QD 9C", "KS", TRUMP, "QD 9C");
        /* trump led, void in trump */
        expect_legal(&ob, "AS 9C", "KH", TRUMP, "AS 9C");
        expect_play(&ob, "AS 9C", "KH", TRUMP, "9C", PN_FIND_NONE, "");
      }
}

/* ------------------------------------------------------------ follow = no */

static void test_legal_follow_no_allows_any_card_when_holding_led_suit(void **state) {
  (void)state;
  for (int r = 0; r < 3; r++) {
    /* trump_rule only applies when void in the suit led */
    PnObligation ob = obl(false, PN_HEAD_NEVER, RULES_[r], false);
    expect_legal(&ob, "AS 9H 9C", "KS", TRUMP, "AS 9H 9C");
    expect_play(&ob, "AS 9H 9C", "KS", TRUMP, "9C", PN_FIND_NONE, "");
    expect_play(&ob, "AS 9H 9C", "KS KH", TRUMP, "9C", PN_FIND_NONE, "");
  }
}

static void test_legal_follow_no_trump_no_is_free_play(void **state) {
  (void)state;
  /* the two-hand stock phase obligations */
  PnObligation ob = obl(false, PN_HEAD_NEVER, PN_TRUMP_NO, false);
  expect_legal(&ob, "9H 9C", "KS", TRUMP, "9H 9C");
  expect_legal(&ob, "AH QH", "KH", TRUMP, "AH QH");
  expect_play(&ob, "AH QH", "KH", TRUMP, "QH", PN_FIND_NONE, "");
}

static void test_renege_trump_applies_when_void_even_without_follow(void **state) {
  (void)state;
  /* §2: trump_rule is "when void in the suit led", independent of follow */
  PnObligation ob = obl(false, PN_HEAD_NEVER, PN_TRUMP_ALWAYS, false);
  expect_legal(&ob, "9H 9C", "KS", TRUMP, "9H");
  expect_play(&ob, "9H 9C", "KS", TRUMP, "9C", PN_FIND_RENEGE_TRUMP, "9H");
}

/* --------------------------------------------------------- peer parity */

/* The 40 rounds of tests/data/peer-parity/ (copied unchanged from the
 * shared folder, see its README.md) are read at run time.
 * Their obligations: follow=yes head=always trump_rule=always
 * head_suit=led.  Seats: their player p is our seat p+1. */

#define PARITY_DIR PN_SOURCE_DIR "/tests/data/peer-parity"

#define PARITY_GAMES 40
#define PARITY_TRICKS 12

typedef struct ParityTrick {
  int leader, winner;           /* seats 1..4 */
  PnCard cards[4];              /* in play order from the leader */
  char follows[3][64];          /* legal sets of the 2nd..4th player */
  bool have_follows;            /* found in the legal file */
} ParityTrick;

typedef struct ParityGame {
  char name[48];                /* game key */
  int trump;                    /* suit */
  PnCards held[4];              /* hands after passing, seat-1 */
  int ntricks;                  /* tricks read */
  ParityTrick tricks[PARITY_TRICKS];
} ParityGame;

typedef struct Parity {
  int ngames;
  ParityGame games[PARITY_GAMES];
} Parity;

static char *slurp(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", PARITY_DIR, name);
  FILE *f = fopen(path, "rb");
  if (f == NULL) fail_msg("cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  assert_non_null(text);
  size_t got = fread(text, 1, (size_t)size, f);
  fclose(f);
  text[got] = 0;
  return text;
}

static ParityGame *find_game(Parity *p, const char *name) {
  for (int i = 0; i < p->ngames; i++)
    if (strcmp(p->games[i].name, name) == 0) return &p->games[i];
  return NULL;
}

/* Hands after passing, from the event log's deal and give rows. */
static void load_parity_csv(Parity *p) {
  char *text = slurp("pinochle_parity.csv");
  char *next = NULL;
  for (char *line = text; line && *line; line = next) {
    char *nl = strchr(line, '\n');
    next = nl ? nl + 1 : NULL;
    if (nl) *nl = 0;
    if (nl && nl > line && nl[-1] == '\r') nl[-1] = 0;
    char *field[7] = {0};
    int nf = split_fields(line, field);
    if (nf < 7 || strcmp(field[0], "game") == 0) continue;
    ParityGame *g = find_game(p, field[0]);
    if (g == NULL) {
      assert_true(p->ngames < PARITY_GAMES);
      g = &p->games[p->ngames++];
      memset(g, 0, sizeof *g);
      snprintf(g->name, sizeof g->name, "%s", field[0]);
      g->trump = -1;
    }
    int seat = atoi(field[3]);
    const char *action = field[4];
    if (strcmp(action, "trump") == 0) {
      const char *s = strchr(SUIT_CHARS, field[6][0]);
      assert_non_null(s);
      g->trump = (int)(s - SUIT_CHARS);
    } else if (strcmp(action, "deal") == 0 || strcmp(action, "give") == 0) {
      assert_true(seat >= 1 && seat <= 4);
      PnCard list[16];
      int n = list_of(field[5], list, 16);
      int partner = (seat + 1) % 4 + 1;
      for (int i = 0; i < n; i++) {
        if (action[0] == 'd') {
          g->held[seat - 1].n[list[i]]++;
        } else {
          assert_true(g->held[seat - 1].n[list[i]] > 0);
          g->held[seat - 1].n[list[i]]--;
          g->held[partner - 1].n[list[i]]++;
        }
      }
    }
  }
  free(text);
}

/* Reads `"key":` followed by a quoted string at or after *pos within end. */
static bool json_string(const char **pos, const char *end, const char *key, char *out,
                        size_t size) {
  char pat[32];
  snprintf(pat, sizeof pat, "\"%s\":\"", key);
  const char *k = strstr(*pos, pat);
  if (k == NULL || (end && k >= end)) return false;
  k += strlen(pat);
  const char *q = strchr(k, '"');
  if (q == NULL) return false;
  snprintf(out, size, "%.*s", (int)(q - k), k);
  *pos = q + 1;
  return true;
}

static bool json_int(const char **pos, const char *end, const char *key, int *out) {
  char pat[32];
  snprintf(pat, sizeof pat, "\"%s\":", key);
  const char *k = strstr(*pos, pat);
  if (k == NULL || (end && k >= end)) return false;
  k += strlen(pat);
  char *stop;
  *out = (int)strtol(k, &stop, 10);
  *pos = stop;
  return true;
}

/* Tricks (leader, cards, winner) from pinochle_parity_expected.json. */
static void load_parity_expected(Parity *p) {
  char *text = slurp("pinochle_parity_expected.json");
  const char *pos = strstr(text, "\"games\":");
  assert_non_null(pos);
  char name[48];
  while (json_string(&pos, NULL, "game", name, sizeof name)) {
    ParityGame *g = find_game(p, name);
    if (g == NULL) fail_msg("expected.json game %s is not in the event log", name);
    const char *end = strstr(pos, "\"game\":\"");
    char trump[8];
    assert_true(json_string(&pos, end, "trump", trump, sizeof trump));
    assert_int_equal(g->trump, (int)(strchr(SUIT_CHARS, trump[0]) - SUIT_CHARS));
    int n;
    while (json_int(&pos, end, "n", &n)) {
      assert_int_equal(n, g->ntricks + 1);
      assert_true(g->ntricks < PARITY_TRICKS);
      ParityTrick *t = &g->tricks[g->ntricks++];
      char cards[32];
      assert_true(json_int(&pos, end, "leader", &t->leader));
      assert_true(json_string(&pos, end, "cards", cards, sizeof cards));
      assert_int_equal(list_of(cards, t->cards, 4), 4);
      assert_true(json_int(&pos, end, "winner", &t->winner));
    }
  }
  free(text);
}

/* Legal follow sets from pinochle_parity_legal.json. */
static void load_parity_legal(Parity *p) {
  char *text = slurp("pinochle_parity_legal.json");
  const char *pos = strstr(text, "\"tricks\":");
  assert_non_null(pos);
  char name[48];
  while (json_string(&pos, NULL, "game", name, sizeof name)) {
    ParityGame *g = find_game(p, name);
    int n = 0;
    if (g == NULL) fail_msg("legal.json game %s is not in the event log", name);
    assert_true(json_int(&pos, NULL, "trick", &n));
    assert_true(n >= 1 && n <= g->ntricks);
    ParityTrick *t = &g->tricks[n - 1];
    const char *f = strstr(pos, "\"follows\":[");
    assert_non_null(f);
    f += strlen("\"follows\":[");
    for (int k = 0; k < 3; k++) {
      const char *open = strchr(f, '"'), *close = open ? strchr(open + 1, '"') : NULL;
      assert_non_null(close);
      snprintf(t->follows[k], sizeof t->follows[k], "%.*s", (int)(close - open - 1), open + 1);
      f = close + 1;
    }
    t->have_follows = true;
    pos = f;
  }
  free(text);
}

static Parity *load_parity(void) {
  Parity *p = calloc(1, sizeof *p);
  assert_non_null(p);
  load_parity_csv(p);
  load_parity_expected(p);
  load_parity_legal(p);
  assert_int_equal(p->ngames, PARITY_GAMES);
  for (int i = 0; i < p->ngames; i++) {
    assert_int_equal(p->games[i].ntricks, PARITY_TRICKS);
    for (int s = 0; s < 4; s++) assert_int_equal(pn_cards_total(&p->games[i].held[s]), 12);
  }
  return p;
}

static void test_legal_plays_match_peer_parity_records(void **state) {
  (void)state;
  Parity *p = load_parity();
  PnObligation ob = obl(true, PN_HEAD_ALWAYS, PN_TRUMP_ALWAYS, true);
  int checked = 0, bad = 0;
  for (int i = 0; i < p->ngames; i++) {
    ParityGame *g = &p->games[i];
    PnCards held[4];
    memcpy(held, g->held, sizeof held);
    for (int n = 0; n < g->ntricks; n++) {
      ParityTrick *t = &g->tricks[n];
      assert_true(t->have_follows);
      for (int k = 0; k < 4; k++) {
        int seat = (t->leader - 1 + k) % 4 + 1;
        PnCards *h = &held[seat - 1];
        if (h->n[t->cards[k]] == 0)
          fail_msg("%s trick %d: seat %d does not hold card %d", g->name, n + 1, seat,
                   (int)t->cards[k]);
        if (k > 0) {
          PnCards legal, ev, want = hand_of(t->follows[k - 1]);
          memset(&legal, 0, sizeof legal);
          int cnt = pn_legal_plays(&ob, h, t->cards, k, g->trump, &legal);
          PnFindingKind kind = pn_classify_play(&ob, h, t->cards, k, g->trump, t->cards[k], &ev);
          char a[256], b[256], hb[256];
          fmt(&legal, a, sizeof a);
          fmt(&want, b, sizeof b);
          checked++;
          if (strcmp(a, b) != 0 || cnt != distinct(&want) || kind != PN_FIND_NONE) {
            bad++;
            print_error("%s trick %d card %d (seat %d, trump %c) held [%s]: legal [%s] "
                        "(returned %d), peer [%s]; actual play classified %s\n",
                        g->name, n + 1, k + 1, seat, SUIT_CHARS[g->trump], fmt(h, hb, sizeof hb),
                        a, cnt, b, kind_text(kind));
          }
        }
        h->n[t->cards[k]]--;
      }
    }
  }
  free(p);
  assert_int_equal(checked, 40 * 12 * 3);
  assert_int_equal(bad, 0);
}

static void test_trick_winner_matches_peer_parity_records(void **state) {
  (void)state;
  Parity *p = load_parity();
  int bad = 0;
  for (int i = 0; i < p->ngames; i++) {
    ParityGame *g = &p->games[i];
    for (int n = 0; n < g->ntricks; n++) {
      ParityTrick *t = &g->tricks[n];
      int w = pn_trick_winner(t->cards, 4, g->trump);
      int seat = w >= 0 && w < 4 ? (t->leader - 1 + w) % 4 + 1 : -1;
      if (seat != t->winner) {
        bad++;
        print_error("%s trick %d: winner seat %d (index %d), peer %d\n", g->name, n + 1, seat, w,
                    t->winner);
      }
      /* the winner leads the next trick */
      if (n + 1 < g->ntricks) assert_int_equal(g->tricks[n + 1].leader, t->winner);
    }
  }
  free(p);
  assert_int_equal(bad, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_card_beats_by_rank_suit_and_trump),
      cmocka_unit_test(test_trick_winner_first_of_identical_cards),
      cmocka_unit_test(test_trick_winner_trump_beats_led_suit),
      cmocka_unit_test(test_trick_winner_off_suit_cards_never_win),
      cmocka_unit_test(test_trick_winner_single_card_is_the_leader),
      cmocka_unit_test(test_trick_winner_seed004_ace_beats_ten_led),
      cmocka_unit_test(test_trick_winner_seed004_ten_outranks_king),
      cmocka_unit_test(test_trick_winner_seed004_queen_of_trump_wins),
      cmocka_unit_test(test_trick_winner_seed004_later_higher_trump_wins),
      cmocka_unit_test(test_legal_lead_allows_every_held_card),
      cmocka_unit_test(test_legal_plays_gives_one_copy_of_each_card),
      cmocka_unit_test(test_renege_follow_for_every_head_and_trump_rule),
      cmocka_unit_test(test_legal_follow_without_head_allows_any_led_suit_card),
      cmocka_unit_test(test_legal_head_trump_lead_ignores_non_trump_lead),
      cmocka_unit_test(test_renege_head_when_trump_led_and_not_beaten),
      cmocka_unit_test(test_renege_head_always_on_plain_lead),
      cmocka_unit_test(test_legal_head_identical_card_does_not_beat),
      cmocka_unit_test(test_legal_head_cannot_beat_allows_any_led_suit_card),
      cmocka_unit_test(test_legal_head_suit_winning_any_led_card_after_trump),
      cmocka_unit_test(test_renege_head_suit_led_must_beat_best_led_card),
      cmocka_unit_test(test_legal_head_suit_led_ignored_by_trump_lead_head),
      cmocka_unit_test(test_renege_trump_always_any_trump_without_head),
      cmocka_unit_test(test_renege_overtrump_always_with_head_always),
      cmocka_unit_test(test_legal_always_cannot_overtrump_allows_any_trump),
      cmocka_unit_test(test_renege_trump_if_can_win_when_trump_would_win),
      cmocka_unit_test(test_legal_if_can_win_any_trump_without_head_always),
      cmocka_unit_test(test_renege_overtrump_if_can_win_with_head_always),
      cmocka_unit_test(test_legal_if_can_win_without_winning_trump_allows_any_card),
      cmocka_unit_test(test_legal_trump_rule_no_allows_any_card_when_void),
      cmocka_unit_test(test_legal_void_without_trumps_allows_any_card),
      cmocka_unit_test(test_legal_follow_no_allows_any_card_when_holding_led_suit),
      cmocka_unit_test(test_legal_follow_no_trump_no_is_free_play),
      cmocka_unit_test(test_renege_trump_applies_when_void_even_without_follow),
      cmocka_unit_test(test_legal_plays_match_peer_parity_records),
      cmocka_unit_test(test_trick_winner_matches_peer_parity_records),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
