/* test_codec.c - the stored byte encoding of events and results. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "codec.h"
#include "pinochle.h"
#include "sim.h"

static void assert_same_event(const PnEvent *a, const PnEvent *b) {
  assert_int_equal(a->action, b->action);
  assert_int_equal(a->seat, b->seat);
  assert_int_equal(a->ncards, b->ncards);
  assert_memory_equal(a->cards, b->cards, (size_t)a->ncards);
  assert_int_equal(a->has_value, b->has_value);
  if (a->has_value) assert_int_equal(a->value, b->value);
  assert_int_equal(a->suit, b->suit);
  assert_int_equal(a->meld, b->meld);
  assert_int_equal(a->dix, b->dix);
}

static void test_codec_play_takes_two_bytes(void **state) {
  (void)state;
  PnEvent ev;
  int col;
  char err[100];
  assert_int_equal(pn_event_from_text(PN_EV_PLAY, 3, "TH", "", &ev, &col, err, sizeof err), 0);
  uint8_t buf[CODEC_MAX_EVENT];
  assert_int_equal(codec_event_encode(&ev, buf), 2);
  assert_int_equal(buf[0], PN_EV_PLAY | 3 << 5);
  assert_int_equal(buf[1], PN_CARD(PN_HEARTS, PN_TEN));
  PnEvent back;
  char value[32];
  assert_int_equal(codec_event_decode(buf, 2, &back, value, sizeof value), 2);
  assert_same_event(&ev, &back);
}

static void test_codec_value_text_is_canonical(void **state) {
  (void)state;
  static const struct {
    PnAction action;
    const char *cards, *value, *canonical;
  } CASES[] = {
      {PN_EV_BID, "", "0250", "250"},          {PN_EV_SCORE, "", "-300", "-300"},
      {PN_EV_TRUMP, "", "h", "H"},             {PN_EV_DIX, "9S", "exchange", "exchange"},
      {PN_EV_MELD, "KS QS", "40", "40"},       {PN_EV_MELD, "KS QS", "royal-marriage", "royal-marriage"},
      {PN_EV_MELD, "KS QS JD", "", ""},        {PN_EV_DEAL, "10H AS", "", ""},
  };
  for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
    PnEvent ev, back;
    int col;
    char err[100], value[32];
    assert_int_equal(pn_event_from_text(CASES[i].action, 1, CASES[i].cards, CASES[i].value, &ev, &col, err, sizeof err), 0);
    uint8_t buf[CODEC_MAX_EVENT];
    size_t n = codec_event_encode(&ev, buf);
    assert_int_equal(codec_event_decode(buf, n, &back, value, sizeof value), n);
    assert_string_equal(value, CASES[i].canonical);
    assert_same_event(&ev, &back);
  }
}

static void test_codec_rejects_bad_bytes(void **state) {
  (void)state;
  PnEvent ev;
  uint8_t bad_action[] = {31};
  uint8_t bad_card[] = {PN_EV_PLAY | 1 << 5, 40};
  uint8_t short_deal[] = {PN_EV_DEAL | 1 << 5, 12, 0, 1};
  assert_int_equal(codec_event_decode(bad_action, sizeof bad_action, &ev, NULL, 0), 0);
  assert_int_equal(codec_event_decode(bad_card, sizeof bad_card, &ev, NULL, 0), 0);
  assert_int_equal(codec_event_decode(short_deal, sizeof short_deal, &ev, NULL, 0), 0);
  CodecResults res;
  uint8_t junk[] = {2, 0, 0};
  assert_int_equal(codec_results_decode(junk, sizeof junk, &res), -1);
}

/* Every event of simulated games of every preset survives the round trip,
 * and so do the results of every hand. */
static void test_codec_round_trips_every_preset(void **state) {
  (void)state;
  static PnGame game;
  for (int p = 0; pn_preset_name(p); p++) {
    PnRules rules;
    pn_rules_preset(&rules, pn_preset_name(p));
    SimConfig config = {.style = SIM_RANDOM, .renege_rate = 0.02, .claim_rate = 0.5, .first_dealer = 1};
    SimDriver driver;
    sim_driver_init(&driver, &config, 77 + (uint64_t)p, rules.players);
    pn_game_init(&game, &rules);
    PnEvent ev;
    int hands = 0;
    while (sim_next_event(&driver, &game, &ev) && hands < 20) {
      uint8_t buf[CODEC_MAX_EVENT];
      size_t n = codec_event_encode(&ev, buf);
      assert_true(n <= CODEC_MAX_EVENT);
      PnEvent back;
      assert_int_equal(codec_event_decode(buf, n, &back, NULL, 0), n);
      assert_same_event(&ev, &back);
      PnOutcome out;
      assert_int_not_equal(pn_game_apply(&game, &ev, &out), PN_IMPOSSIBLE);
      if (!out.hand_done) continue;
      hands++;
      CodecResults res, res_back;
      codec_results_from_game(&game, &res);
      uint8_t rbuf[CODEC_MAX_RESULTS];
      size_t rn = codec_results_encode(&res, rbuf);
      assert_int_equal(codec_results_decode(rbuf, rn, &res_back), 0);
      assert_memory_equal(&res.result.seat, &res_back.result.seat, sizeof res.result.seat);
      assert_int_equal(res.result.bid, res_back.result.bid);
      assert_int_equal(res.result.bidder, res_back.result.bidder);
      assert_int_equal(res.result.trump, res_back.result.trump);
      assert_int_equal(res.ntricks, res_back.ntricks);
      assert_memory_equal(res.winner, res_back.winner, (size_t)res.ntricks);
      assert_memory_equal(res.leader, res_back.leader, (size_t)res.ntricks);
      assert_memory_equal(res.total, res_back.total, sizeof res.total);
    }
    assert_true(hands > 0);
  }
}

static void test_codec_hash_is_fnv1a(void **state) {
  (void)state;
  assert_true(codec_hash(CODEC_HASH_SEED, "", 0) == 0xcbf29ce484222325ull);
  assert_true(codec_hash(CODEC_HASH_SEED, "a", 1) == 0xaf63dc4c8601ec8cull);
}

/* Real calendar dates only, in the one form YYYY-MM-DD. */
static void test_codec_date_valid_takes_real_dates_only(void **state) {
  (void)state;
  const char *good[] = {"2026-11-20", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "2026-04-30"};
  const char *bad[] = {"2026-02-30", "2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
                       "2026-01-00", "0000-01-01", "2026-1-20",  "26-11-20",   "2026/11/20", "2026-11-20 ",
                       " 2026-11-20", "2026-11-2x", "",          "20261120",   "2026-11-200"};
  for (size_t i = 0; i < sizeof good / sizeof *good; i++)
    if (!codec_date_valid(good[i])) fail_msg("'%s' refused", good[i]);
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    if (codec_date_valid(bad[i])) fail_msg("'%s' accepted", bad[i]);
}

/* Only the date tag has a form; its reason names the value. */
static void test_codec_tag_check_refuses_a_date_tag_that_is_not_a_date(void **state) {
  (void)state;
  char err[160] = "";
  assert_int_equal(codec_tag_check("date=2026-11-20", err, sizeof err), 0);
  assert_int_equal(codec_tag_check("table=3", err, sizeof err), 0);
  assert_int_equal(codec_tag_check("dated=whenever", err, sizeof err), 0);
  assert_int_equal(codec_tag_check("date=2026-02-30", err, sizeof err), -1);
  assert_string_equal(err, "the date tag takes a real date YYYY-MM-DD (e.g. date=2026-11-20), not '2026-02-30'");
  assert_int_equal(codec_tag_check("date=", err, sizeof err), -1);
}

/* The same player whatever the case and the spaces around the name. */
static void test_codec_same_player_ignores_case_and_surrounding_spaces(void **state) {
  (void)state;
  assert_true(codec_same_player("Ann", "Ann"));
  assert_true(codec_same_player("Ann", " ann\t"));
  assert_true(codec_same_player("Smith, Ann", "SMITH, ANN "));
  assert_false(codec_same_player("Ann", "Anne"));
  assert_false(codec_same_player("Ann B", "AnnB"));
  assert_false(codec_same_player("Ann", ""));

  const char *four[] = {"Ann", "Bob", NULL, "BOB "};
  int first = -1, second = -1;
  assert_int_equal(codec_player_repeat(four, 4, &first, &second), 1);
  assert_int_equal(first, 1);
  assert_int_equal(second, 3);
  const char *distinct[] = {"Ann", "Bob", NULL, "Cal"};
  assert_int_equal(codec_player_repeat(distinct, 4, &first, &second), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_codec_play_takes_two_bytes),
      cmocka_unit_test(test_codec_value_text_is_canonical),
      cmocka_unit_test(test_codec_rejects_bad_bytes),
      cmocka_unit_test(test_codec_round_trips_every_preset),
      cmocka_unit_test(test_codec_hash_is_fnv1a),
      cmocka_unit_test(test_codec_date_valid_takes_real_dates_only),
      cmocka_unit_test(test_codec_tag_check_refuses_a_date_tag_that_is_not_a_date),
      cmocka_unit_test(test_codec_same_player_ignores_case_and_surrounding_spaces),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
