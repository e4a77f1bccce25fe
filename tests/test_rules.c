/*
 * test_rules.c - presets (RULES.md §5, obligations of §2) and parameters
 * by name (§7).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "pinochle.h"

/* ----------------------------------------------------------- the presets */

typedef struct PresetRow {
  const char *name;          /* preset */
  int players;               /* seats */
  PnDeck deck;               /* deck */
  int hand_size;             /* dealt each */
  int widow;                 /* widow cards */
  PnCount count;             /* counting scheme */
  int target;                /* game target */
  int min_bid;               /* minimum bid, 0 = no bidding */
  bool follow;               /* §2 table */
  PnHead head;               /* §2 table */
  PnTrumpRule trump_rule;    /* §2 table */
  bool phase1_free;          /* two-hand stock phase is free */
  PnTable table;             /* §3 meld table */
  int dix_in_meld;           /* 1/0, -1 = no 9s: not checked */
  PnSides sides;             /* solo, teams, called partner */
  PnFlow flow;               /* how trump is fixed */
  PnBidding bidding;         /* auction kind */
  PnExchange exchange;       /* dix, widow, passing */
  int pass_cards;            /* passing presets, else 0 */
} PresetRow;

#define Y true
#define N false

static const PresetRow PRESETS[] = {
    {"two-hand", 2, PN_DECK_SINGLE, 12, 0, PN_COUNT_CLASSIC, 1000, 0, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, Y, PN_TABLE_CLASSIC, 0, PN_SIDES_SOLO, PN_FLOW_TWO_HAND, PN_BIDDING_NONE,
     PN_EXCHANGE_DIX, 0},
    {"two-hand-64", 2, PN_DECK_SINGLE64, 12, 0, PN_COUNT_CLASSIC, 1000, 0, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, Y, PN_TABLE_CLASSIC, 0, PN_SIDES_SOLO, PN_FLOW_TWO_HAND, PN_BIDDING_NONE,
     PN_EXCHANGE_DIX, 0},
    {"two-hand-bid", 2, PN_DECK_SINGLE, 12, 0, PN_COUNT_UNIT, 100, 10, Y, PN_HEAD_NEVER,
     PN_TRUMP_NO, N, PN_TABLE_UNIT, 1, PN_SIDES_SOLO, PN_FLOW_BID, PN_BIDDING_TWO_HAND,
     PN_EXCHANGE_NONE, 0},
    {"three-hand", 3, PN_DECK_SINGLE, 16, 0, PN_COUNT_TENS, 1000, 0, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, N, PN_TABLE_TENS, 0, PN_SIDES_SOLO, PN_FLOW_TURNUP, PN_BIDDING_NONE,
     PN_EXCHANGE_DIX, 0},
    {"auction", 3, PN_DECK_SINGLE, 15, 3, PN_COUNT_TENS, 1000, 250, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, N, PN_TABLE_TENS, 1, PN_SIDES_SOLO, PN_FLOW_BID, PN_BIDDING_OPEN,
     PN_EXCHANGE_WIDOW, 0},
    {"cutthroat-four", 4, PN_DECK_SINGLE, 12, 0, PN_COUNT_TENS, 1000, 0, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, N, PN_TABLE_TENS, 0, PN_SIDES_SOLO, PN_FLOW_TURNUP, PN_BIDDING_NONE,
     PN_EXCHANGE_DIX, 0},
    {"partnership", 4, PN_DECK_SINGLE, 12, 0, PN_COUNT_TENS, 1000, 0, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, N, PN_TABLE_TENS, 0, PN_SIDES_TEAMS, PN_FLOW_TURNUP, PN_BIDDING_NONE,
     PN_EXCHANGE_DIX, 0},
    {"partnership-auction", 4, PN_DECK_SINGLE, 12, 0, PN_COUNT_TENS, 1500, 250, Y, PN_HEAD_ALWAYS,
     PN_TRUMP_IF_CAN_WIN, N, PN_TABLE_TENS, 1, PN_SIDES_TEAMS, PN_FLOW_BID, PN_BIDDING_OPEN,
     PN_EXCHANGE_PASS, 4},
    {"single-bid", 4, PN_DECK_SINGLE, 12, 0, PN_COUNT_TENS, 1000, 100, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, N, PN_TABLE_TENS, 1, PN_SIDES_TEAMS, PN_FLOW_BID, PN_BIDDING_ONCE,
     PN_EXCHANGE_NONE, 0},
    {"firehouse", 4, PN_DECK_SINGLE, 12, 0, PN_COUNT_TENS, 1000, 200, Y, PN_HEAD_TRUMP_LEAD,
     PN_TRUMP_ALWAYS, N, PN_TABLE_TENS, 1, PN_SIDES_TEAMS, PN_FLOW_BID, PN_BIDDING_ONCE,
     PN_EXCHANGE_NONE, 0},
    {"five-call", 5, PN_DECK_DOUBLE, 16, 0, PN_COUNT_TENS20, 1500, 250, Y, PN_HEAD_ALWAYS,
     PN_TRUMP_IF_CAN_WIN, N, PN_TABLE_DOUBLE10, -1, PN_SIDES_CALLED, PN_FLOW_BID, PN_BIDDING_OPEN,
     PN_EXCHANGE_CALL_PASS, 3},
    {"double-deck", 4, PN_DECK_DOUBLE, 20, 0, PN_COUNT_UNIT2, 500, 50, Y, PN_HEAD_ALWAYS,
     PN_TRUMP_ALWAYS, N, PN_TABLE_DOUBLE, -1, PN_SIDES_TEAMS, PN_FLOW_BID, PN_BIDDING_OPEN,
     PN_EXCHANGE_NONE, 0},
};
#define NPRESETS ((int)(sizeof PRESETS / sizeof PRESETS[0]))

static PnRules load(const char *name) {
  PnRules r;
  memset(&r, 0, sizeof r);
  if (pn_rules_preset(&r, name) != 0) fail_msg("preset %s did not load", name);
  return r;
}

#define CHECK(field, want)                                                                        \
  do {                                                                                            \
    long got_ = (long)(r.field), want_ = (long)(want);                                            \
    if (got_ != want_) fail_msg("%s: " #field " = %ld, want %ld", row->name, got_, want_);       \
  } while (0)

static void check_preset(const PresetRow *row) {
  PnRules r = load(row->name);
  assert_non_null(r.preset);
  assert_string_equal(r.preset, row->name);
  CHECK(players, row->players);
  CHECK(deck, row->deck);
  CHECK(hand_size, row->hand_size);
  CHECK(widow, row->widow);
  CHECK(count, row->count);
  CHECK(target, row->target);
  if (row->min_bid) CHECK(min_bid, row->min_bid);
  CHECK(follow, row->follow);
  CHECK(head, row->head);
  CHECK(trump_rule, row->trump_rule);
  CHECK(phase1_free, row->phase1_free);
  CHECK(table, row->table);
  if (row->dix_in_meld >= 0) CHECK(dix_in_meld, row->dix_in_meld);
  CHECK(sides, row->sides);
  CHECK(flow, row->flow);
  CHECK(bidding, row->bidding);
  CHECK(exchange, row->exchange);
  if (row->pass_cards) CHECK(pass_cards, row->pass_cards);
  /* §7 defaults no preset overrides */
  CHECK(head_led, false);
  CHECK(run_royal, false);
  /* two-hand melds only after winning a trick: the parameter is moot there */
  if (row->flow != PN_FLOW_TWO_HAND) CHECK(meld_needs_trick, true);
  CHECK(renege_set, false);
  CHECK(all_pass_redeal, false);
  CHECK(pass_together, false);
  CHECK(lose_at_on, false);
}

static void test_rules_preset_two_hand(void **state) {
  (void)state;
  check_preset(&PRESETS[0]);
  PnRules r = load("two-hand");
  const PresetRow *row = &PRESETS[0];
  CHECK(target_step, 250);
}

static void test_rules_preset_two_hand_64(void **state) {
  (void)state;
  check_preset(&PRESETS[1]);
  PnRules r = load("two-hand-64");
  const PresetRow *row = &PRESETS[1];
  CHECK(target_step, 250);
}

static void test_rules_preset_two_hand_bid(void **state) {
  (void)state;
  check_preset(&PRESETS[2]);
  PnRules r = load("two-hand-bid");
  const PresetRow *row = &PRESETS[2];
  CHECK(dealt_all, false);   /* 24 cards unused */
  CHECK(trump_req, PN_TRUMPREQ_MARRIAGE_OR_DIX);
  CHECK(no_trick_no_score, true);
}

static void test_rules_preset_three_hand(void **state) {
  (void)state;
  check_preset(&PRESETS[3]);
}

static void test_rules_preset_auction(void **state) {
  (void)state;
  check_preset(&PRESETS[4]);
  PnRules r = load("auction");
  const PresetRow *row = &PRESETS[4];
  CHECK(bid_step, 10);
}

static void test_rules_preset_cutthroat_four(void **state) {
  (void)state;
  check_preset(&PRESETS[5]);
}

static void test_rules_preset_partnership(void **state) {
  (void)state;
  check_preset(&PRESETS[6]);
}

static void test_rules_preset_partnership_auction(void **state) {
  (void)state;
  check_preset(&PRESETS[7]);
  PnRules r = load("partnership-auction");
  const PresetRow *row = &PRESETS[7];
  CHECK(bid_step, 10);
  CHECK(trump_req, PN_TRUMPREQ_NONE);
}

static void test_rules_preset_single_bid(void **state) {
  (void)state;
  check_preset(&PRESETS[8]);
}

static void test_rules_preset_firehouse(void **state) {
  (void)state;
  check_preset(&PRESETS[9]);
}

static void test_rules_preset_five_call(void **state) {
  (void)state;
  check_preset(&PRESETS[10]);
  PnRules r = load("five-call");
  const PresetRow *row = &PRESETS[10];
  CHECK(bid_step, 10);
}

static void test_rules_preset_double_deck(void **state) {
  (void)state;
  check_preset(&PRESETS[11]);
  PnRules r = load("double-deck");
  const PresetRow *row = &PRESETS[11];
  CHECK(bid_step, 5);          /* +1 up to 60, then +5 */
  CHECK(bid_fine_until, 60);
  CHECK(trump_req, PN_TRUMPREQ_MARRIAGE);
  CHECK(side_minimum, 20);
}

static void test_rules_presets_that_deal_the_whole_deck(void **state) {
  (void)state;
  for (int i = 3; i < NPRESETS; i++) {
    const PresetRow *row = &PRESETS[i];
    PnRules r = load(row->name);
    CHECK(dealt_all, true);
    CHECK(players * r.hand_size + r.widow, pn_deck_size(r.deck));
    CHECK(no_trick_no_score, false);
    if (i != 11) CHECK(side_minimum, 0);
  }
}

static void test_rules_preset_list_names_every_preset(void **state) {
  (void)state;
  int n = pn_preset_count();
  assert_true(n >= NPRESETS);
  assert_null(pn_preset_name(n));
  for (int i = 0; i < NPRESETS; i++) {
    bool found = false;
    for (int j = 0; j < n; j++) found = found || strcmp(pn_preset_name(j), PRESETS[i].name) == 0;
    if (!found) fail_msg("pn_preset_name does not list %s", PRESETS[i].name);
  }
  for (int j = 0; j < n; j++) {
    PnRules r;
    assert_int_equal(pn_rules_preset(&r, pn_preset_name(j)), 0);
    assert_non_null(pn_preset_summary(j));
    assert_true(pn_preset_summary(j)[0] != 0);
  }
}

static void test_rules_unknown_preset_fails(void **state) {
  (void)state;
  PnRules r;
  assert_int_equal(pn_rules_preset(&r, "bezique"), -1);
  assert_int_equal(pn_rules_preset(&r, ""), -1);
  assert_int_equal(pn_rules_preset(&r, "two-hand-"), -1);
}

/* ------------------------------------------------------------ parameters */

static const char *const PARAMS[] = {
    "target", "min_bid", "moon", "renege_penalty", "all_pass", "follow", "head", "trump_rule",
    "count", "head_suit", "run_royal", "meld_needs_trick", "pass_cards", "pass_order", "lose_at",
    "target_rule", "both_over",
};
#define NPARAMS ((int)(sizeof PARAMS / sizeof PARAMS[0]))

/* Sets name=value on partnership-auction and returns the rules. */
static PnRules set_ok(const char *name, const char *value) {
  PnRules r = load("partnership-auction");
  char err[160] = "";
  int rc = pn_rules_set(&r, name, value, err, sizeof err);
  if (rc != 0) fail_msg("%s=%s: returned %d (%s)", name, value, rc, err);
  return r;
}

/* Asserts that name=value is refused with a message and changes nothing. */
static void set_bad(const char *name, const char *value) {
  PnRules r = load("partnership-auction"), before;
  memcpy(&before, &r, sizeof r);
  char err[160] = "";
  int rc = pn_rules_set(&r, name, value, err, sizeof err);
  if (rc != -1) fail_msg("%s=%s: returned %d, want -1", name, value, rc);
  if (err[0] == 0) fail_msg("%s=%s: no error message", name, value);
  if (memcmp(&r, &before, sizeof r) != 0) fail_msg("%s=%s: refused but changed the rules", name, value);
}

static void test_rules_param_list_has_every_contract_name(void **state) {
  (void)state;
  int n = pn_param_count();
  assert_true(n >= NPARAMS);
  assert_null(pn_param_name(n));
  for (int i = 0; i < NPARAMS; i++) {
    bool found = false;
    for (int j = 0; j < n; j++) found = found || strcmp(pn_param_name(j), PARAMS[i]) == 0;
    if (!found) fail_msg("pn_param_name does not list %s", PARAMS[i]);
  }
  for (int j = 0; j < n; j++) {
    assert_non_null(pn_param_help(j));
    assert_true(pn_param_help(j)[0] != 0);
  }
}

static void test_rules_set_target_and_min_bid(void **state) {
  (void)state;
  assert_int_equal(set_ok("target", "2000").target, 2000);
  assert_int_equal(set_ok("min_bid", "300").min_bid, 300);
  set_bad("target", "abc");
  set_bad("target", "");
  set_bad("target", "12x");
  set_bad("min_bid", "lots");
}

static void test_rules_set_moon_number_or_off(void **state) {
  (void)state;
  assert_int_equal(set_ok("moon", "1500").moon, 1500);
  assert_int_equal(set_ok("moon", "2000").moon, 2000);
  assert_int_equal(set_ok("moon", "off").moon, 0);
  set_bad("moon", "maybe");
}

static void test_rules_set_renege_penalty(void **state) {
  (void)state;
  assert_true(set_ok("renege_penalty", "set").renege_set);
  assert_false(set_ok("renege_penalty", "none").renege_set);
  set_bad("renege_penalty", "half");
}

static void test_rules_set_all_pass(void **state) {
  (void)state;
  assert_true(set_ok("all_pass", "redeal").all_pass_redeal);
  assert_false(set_ok("all_pass", "dealer").all_pass_redeal);
  set_bad("all_pass", "nobody");
}

static void test_rules_set_follow(void **state) {
  (void)state;
  assert_false(set_ok("follow", "no").follow);
  assert_true(set_ok("follow", "yes").follow);
  set_bad("follow", "maybe");
}

static void test_rules_set_head(void **state) {
  (void)state;
  assert_int_equal(set_ok("head", "never").head, PN_HEAD_NEVER);
  assert_int_equal(set_ok("head", "trump-lead").head, PN_HEAD_TRUMP_LEAD);
  assert_int_equal(set_ok("head", "always").head, PN_HEAD_ALWAYS);
  set_bad("head", "sometimes");
}

static void test_rules_set_trump_rule(void **state) {
  (void)state;
  assert_int_equal(set_ok("trump_rule", "no").trump_rule, PN_TRUMP_NO);
  assert_int_equal(set_ok("trump_rule", "always").trump_rule, PN_TRUMP_ALWAYS);
  assert_int_equal(set_ok("trump_rule", "if-can-win").trump_rule, PN_TRUMP_IF_CAN_WIN);
  set_bad("trump_rule", "never");
}

static void test_rules_set_count(void **state) {
  (void)state;
  assert_int_equal(set_ok("count", "classic").count, PN_COUNT_CLASSIC);
  assert_int_equal(set_ok("count", "tens").count, PN_COUNT_TENS);
  assert_int_equal(set_ok("count", "tens20").count, PN_COUNT_TENS20);
  assert_int_equal(set_ok("count", "unit").count, PN_COUNT_UNIT);
  assert_int_equal(set_ok("count", "unit2").count, PN_COUNT_UNIT2);
  set_bad("count", "tens30");
}

static void test_rules_set_head_suit(void **state) {
  (void)state;
  assert_true(set_ok("head_suit", "led").head_led);
  assert_false(set_ok("head_suit", "winning").head_led);
  set_bad("head_suit", "trump");
}

static void test_rules_set_run_royal(void **state) {
  (void)state;
  assert_true(set_ok("run_royal", "yes").run_royal);
  assert_false(set_ok("run_royal", "no").run_royal);
  set_bad("run_royal", "both");
}

static void test_rules_set_meld_needs_trick(void **state) {
  (void)state;
  assert_false(set_ok("meld_needs_trick", "no").meld_needs_trick);
  assert_true(set_ok("meld_needs_trick", "yes").meld_needs_trick);
  set_bad("meld_needs_trick", "sometimes");
}

static void test_rules_set_pass_cards_and_order(void **state) {
  (void)state;
  assert_int_equal(set_ok("pass_cards", "3").pass_cards, 3);
  set_bad("pass_cards", "three");
  assert_true(set_ok("pass_order", "together").pass_together);
  assert_false(set_ok("pass_order", "partner-first").pass_together);
  set_bad("pass_order", "bidder-first");
}

static void test_rules_set_lose_at_number_or_off(void **state) {
  (void)state;
  PnRules r = set_ok("lose_at", "-1000");
  assert_true(r.lose_at_on);
  assert_int_equal(r.lose_at, -1000);
  assert_false(set_ok("lose_at", "off").lose_at_on);
  set_bad("lose_at", "never");
}

/* The text pn_param_value gives for the parameter called name, as
 * `pinochle rules --variant` prints it; fails the test when none has it. */
static const char *param_text(const PnRules *r, const char *name, char *buf, size_t size) {
  for (int i = 0; i < pn_param_count(); i++)
    if (strcmp(pn_param_name(i), name) == 0) return pn_param_value(r, i, buf, size);
  fail_msg("no parameter called %s", name);
  return NULL;
}

static void expect_param(const PnRules *r, const char *name, const char *want) {
  char buf[64];
  const char *got = param_text(r, name, buf, sizeof buf);
  if (strcmp(got, want) != 0) fail_msg("%s: %s = %s, want %s", r->preset, name, got, want);
}

static void test_rules_game_end_presets_two_hand_bid_exceed_higher(void **state) {
  (void)state;
  /* 002: "a score higher than the pre-set game limit ... both above, the
   * one with the higher score is the winner"; every other preset keeps
   * reach + bidder (RULES.md 6) */
  for (int j = 0; j < pn_preset_count(); j++) {
    PnRules r = load(pn_preset_name(j));
    bool bid2 = strcmp(r.preset, "two-hand-bid") == 0;
    expect_param(&r, "target_rule", bid2 ? "exceed" : "reach");
    expect_param(&r, "both_over", bid2 ? "higher" : "bidder");
  }
}

static void test_rules_set_target_rule_and_both_over(void **state) {
  (void)state;
  PnRules r = set_ok("target_rule", "exceed");
  expect_param(&r, "target_rule", "exceed");
  assert_true(r.target_exceed);
  r = set_ok("target_rule", "reach");
  expect_param(&r, "target_rule", "reach");
  assert_false(r.target_exceed);
  set_bad("target_rule", "pass");
  set_bad("target_rule", "");
  r = set_ok("both_over", "higher");
  expect_param(&r, "both_over", "higher");
  assert_true(r.both_over_higher);
  r = set_ok("both_over", "bidder");
  expect_param(&r, "both_over", "bidder");
  assert_false(r.both_over_higher);
  set_bad("both_over", "lower");
  /* and back on two-hand-bid, by option */
  r = load("two-hand-bid");
  char err[160] = "";
  assert_int_equal(pn_rules_set_option(&r, "target_rule=reach", err, sizeof err), 0);
  assert_int_equal(pn_rules_set_option(&r, "both_over=bidder", err, sizeof err), 0);
  expect_param(&r, "target_rule", "reach");
  expect_param(&r, "both_over", "bidder");
  err[0] = 0;
  assert_int_equal(pn_rules_set_option(&r, "both_over=yes", err, sizeof err), -1);
  assert_non_null(strstr(err, "bidder|higher"));
}

static void test_rules_set_unknown_name_fails_with_message(void **state) {
  (void)state;
  set_bad("colour", "red");
  set_bad("", "1");
}

static void test_rules_set_option_name_equals_value(void **state) {
  (void)state;
  PnRules r = load("partnership-auction");
  char err[160] = "";
  assert_int_equal(pn_rules_set_option(&r, "target=1000", err, sizeof err), 0);
  assert_int_equal(r.target, 1000);
  assert_int_equal(pn_rules_set_option(&r, "head_suit=led", err, sizeof err), 0);
  assert_true(r.head_led);
  assert_int_equal(pn_rules_set_option(&r, "trump_rule=always", err, sizeof err), 0);
  assert_int_equal(r.trump_rule, PN_TRUMP_ALWAYS);

  err[0] = 0;
  assert_int_equal(pn_rules_set_option(&r, "target", err, sizeof err), -1);
  assert_true(err[0] != 0);
  err[0] = 0;
  assert_int_equal(pn_rules_set_option(&r, "target=abc", err, sizeof err), -1);
  assert_true(err[0] != 0);
  err[0] = 0;
  assert_int_equal(pn_rules_set_option(&r, "colour=red", err, sizeof err), -1);
  assert_true(err[0] != 0);
  assert_int_equal(r.target, 1000);
}

/* Every parameter's text value sets the rules back to themselves. */
static void round_trip_all(const PnRules *r) {
  int n = pn_param_count();
  for (int i = 0; i < n; i++) {
    char value[64] = "", err[160] = "";
    PnRules copy;
    memcpy(&copy, r, sizeof copy);
    const char *v = pn_param_value(r, i, value, sizeof value);
    assert_ptr_equal(v, value);
    int rc = pn_rules_set(&copy, pn_param_name(i), value, err, sizeof err);
    if (rc != 0) fail_msg("%s: %s=%s refused: %s", r->preset, pn_param_name(i), value, err);
    if (memcmp(&copy, r, sizeof copy) != 0)
      fail_msg("%s: %s=%s changed the rules", r->preset, pn_param_name(i), value);
  }
}

static void test_rules_param_values_round_trip_for_every_preset(void **state) {
  (void)state;
  for (int j = 0; j < pn_preset_count(); j++) {
    PnRules r = load(pn_preset_name(j));
    round_trip_all(&r);
  }
}

/* Every word a choice parameter lists (in its "takes one of a|b|c"
 * message) is accepted and read back as itself, and the words store
 * different values: the choice tables and their enums agree. */
static void test_rules_every_choice_word_reads_back(void **state) {
  (void)state;
  for (int i = 0; i < pn_param_count(); i++) {
    PnRules r = load("partnership-auction");
    char err[160] = "", words[160], seen[8][64];
    int nseen = 0;
    if (pn_rules_set(&r, pn_param_name(i), "no-such-word", err, sizeof err) == 0) continue;
    const char *list = strstr(err, "takes one of ");
    if (list == NULL) continue; /* not a choice */
    snprintf(words, sizeof words, "%s", list + strlen("takes one of "));
    *strchr(words, ',') = '\0';
    for (char *save, *w = strtok_r(words, "|", &save); w; w = strtok_r(NULL, "|", &save)) {
      char value[64];
      if (pn_rules_set(&r, pn_param_name(i), w, err, sizeof err) != 0)
        fail_msg("%s=%s refused: %s", pn_param_name(i), w, err);
      assert_string_equal(pn_param_value(&r, i, value, sizeof value), w);
      for (int k = 0; k < nseen; k++) assert_string_not_equal(seen[k], w);
      assert_true(nseen < 8);
      snprintf(seen[nseen++], sizeof seen[0], "%s", w);
    }
    assert_true(nseen >= 2);
  }
}

static void test_rules_param_values_round_trip_after_overrides(void **state) {
  (void)state;
  /* the peer-parity options (README of shared/external/peer-parity) */
  const char *options[] = {"pass_cards=3", "pass_order=together", "head_suit=led",
                           "run_royal=yes", "trump_rule=always", "head=always",
                           "meld_needs_trick=no", "target=1000", "lose_at=-1000",
                           "moon=off", "min_bid=250", "renege_penalty=set",
                           "all_pass=redeal", "count=unit2", "follow=no"};
  PnRules r = load("partnership-auction");
  char err[160];
  for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
    if (pn_rules_set_option(&r, options[i], err, sizeof err) != 0)
      fail_msg("%s refused: %s", options[i], err);
  round_trip_all(&r);
  char value[64];
  for (int i = 0; i < pn_param_count(); i++) {
    const char *name = pn_param_name(i);
    pn_param_value(&r, i, value, sizeof value);
    if (strcmp(name, "lose_at") == 0) assert_string_equal(value, "-1000");
    if (strcmp(name, "moon") == 0) assert_string_equal(value, "off");
    if (strcmp(name, "head_suit") == 0) assert_string_equal(value, "led");
    if (strcmp(name, "pass_order") == 0) assert_string_equal(value, "together");
    if (strcmp(name, "count") == 0) assert_string_equal(value, "unit2");
    if (strcmp(name, "target") == 0) assert_string_equal(value, "1000");
  }
}

/* The seat after each seat goes round the table, the last back to 1. */
static void test_rules_next_seat_goes_round(void **state) {
  (void)state;
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, "five-call"), 0);
  assert_int_equal(pn_next_seat(&rules, 1), 2);
  assert_int_equal(pn_next_seat(&rules, 4), 5);
  assert_int_equal(pn_next_seat(&rules, 5), 1);
  assert_int_equal(pn_rules_preset(&rules, "auction"), 0);
  assert_int_equal(pn_next_seat(&rules, 3), 1);
}

/* An event's cards as a multiset: copies counted, nothing else. */
static void test_rules_event_cards_counts_copies(void **state) {
  (void)state;
  PnEvent ev = {.action = PN_EV_MELD, .ncards = 3, .cards = {PN_CARD(PN_SPADES, PN_ACE), PN_CARD(PN_SPADES, PN_ACE),
                                                            PN_CARD(PN_HEARTS, PN_KING)}};
  PnCards c;
  memset(&c, 0xAA, sizeof c);
  pn_event_cards(&ev, &c);
  assert_int_equal(c.n[PN_CARD(PN_SPADES, PN_ACE)], 2);
  assert_int_equal(c.n[PN_CARD(PN_HEARTS, PN_KING)], 1);
  assert_int_equal(pn_cards_total(&c), 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rules_next_seat_goes_round),
      cmocka_unit_test(test_rules_event_cards_counts_copies),
      cmocka_unit_test(test_rules_preset_two_hand),
      cmocka_unit_test(test_rules_preset_two_hand_64),
      cmocka_unit_test(test_rules_preset_two_hand_bid),
      cmocka_unit_test(test_rules_preset_three_hand),
      cmocka_unit_test(test_rules_preset_auction),
      cmocka_unit_test(test_rules_preset_cutthroat_four),
      cmocka_unit_test(test_rules_preset_partnership),
      cmocka_unit_test(test_rules_preset_partnership_auction),
      cmocka_unit_test(test_rules_preset_single_bid),
      cmocka_unit_test(test_rules_preset_firehouse),
      cmocka_unit_test(test_rules_preset_five_call),
      cmocka_unit_test(test_rules_preset_double_deck),
      cmocka_unit_test(test_rules_presets_that_deal_the_whole_deck),
      cmocka_unit_test(test_rules_preset_list_names_every_preset),
      cmocka_unit_test(test_rules_unknown_preset_fails),
      cmocka_unit_test(test_rules_param_list_has_every_contract_name),
      cmocka_unit_test(test_rules_set_target_and_min_bid),
      cmocka_unit_test(test_rules_set_moon_number_or_off),
      cmocka_unit_test(test_rules_set_renege_penalty),
      cmocka_unit_test(test_rules_set_all_pass),
      cmocka_unit_test(test_rules_set_follow),
      cmocka_unit_test(test_rules_set_head),
      cmocka_unit_test(test_rules_set_trump_rule),
      cmocka_unit_test(test_rules_set_count),
      cmocka_unit_test(test_rules_set_head_suit),
      cmocka_unit_test(test_rules_set_run_royal),
      cmocka_unit_test(test_rules_set_meld_needs_trick),
      cmocka_unit_test(test_rules_set_pass_cards_and_order),
      cmocka_unit_test(test_rules_set_lose_at_number_or_off),
      cmocka_unit_test(test_rules_game_end_presets_two_hand_bid_exceed_higher),
      cmocka_unit_test(test_rules_set_target_rule_and_both_over),
      cmocka_unit_test(test_rules_set_unknown_name_fails_with_message),
      cmocka_unit_test(test_rules_set_option_name_equals_value),
      cmocka_unit_test(test_rules_param_values_round_trip_for_every_preset),
      cmocka_unit_test(test_rules_param_values_round_trip_after_overrides),
      cmocka_unit_test(test_rules_every_choice_word_reads_back),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
