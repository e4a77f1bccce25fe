/* test_codec.c - the stored byte encoding of events and results. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
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

/* The walk gives each record in order with its number, stops at the end,
 * and at a record that does not decode says so with that record's number. */
static void test_codec_events_walk_in_order_and_stop_at_a_bad_record(void **state) {
  (void)state;
  uint8_t buf[3 * CODEC_MAX_EVENT + 1];
  size_t len = 0;
  const char *cards[] = {"TH", "AS", "9D"};
  for (int i = 0; i < 3; i++) {
    PnEvent ev;
    int col;
    char err[100];
    assert_int_equal(pn_event_from_text(PN_EV_PLAY, i + 1, cards[i], "", &ev, &col, err, sizeof err), 0);
    len += codec_event_encode(&ev, buf + len);
  }
  CodecEvents it = {buf, len, 0};
  PnEvent ev;
  for (int i = 0; i < 3; i++) {
    assert_int_equal(codec_events_next(&it, &ev, NULL, 0), 1);
    assert_int_equal(it.seq, i + 1);
    assert_int_equal(ev.seat, i + 1);
    char text[3];
    pn_card_str(ev.cards[0], text);
    assert_string_equal(text, cards[i]);
  }
  assert_int_equal(codec_events_next(&it, &ev, NULL, 0), 0);
  buf[len++] = 31; /* no such action */
  CodecEvents bad = {buf, len, 0};
  int got;
  while ((got = codec_events_next(&bad, &ev, NULL, 0)) == 1)
    ;
  assert_int_equal(got, -1);
  assert_int_equal(bad.seq, 4);
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

/* ------------------------------------------------ packed stored events */

/* Bytes from hex text. */
static size_t from_hex(const char *hex, uint8_t *out) {
  size_t n = 0;
  for (; hex[0] && hex[1]; hex += 2) {
    unsigned b;
    assert_int_equal(sscanf(hex, "%2x", &b), 1);
    out[n++] = (uint8_t)b;
  }
  return n;
}

/* in[0..len) packs to at most len + 1 bytes that unpack to in again;
 * returns the packed size. */
static size_t assert_packs_back(const uint8_t *in, size_t len) {
  static uint8_t packed[8192], back[8 * 8192];
  assert_true(len < sizeof packed);
  size_t n = codec_events_pack(in, len, packed), back_len = 0;
  assert_true(n <= len + 1);
  assert_int_equal(codec_events_packed(packed, n), len > 0);
  assert_int_equal(codec_events_unpack(packed, n, back, &back_len), 0);
  assert_int_equal(back_len, len);
  assert_memory_equal(back, in, len);
  return n;
}

/* A partnership-auction hand (sim seed 7, game 1 hand 2) as a schema-5
 * pinochle stored it (form 1) and as this one stores it (packed): the
 * fixtures that keep rows of either form readable. */
static const char FORM1_HAND[] =
    "40210C02030A0B0B0C0D111218191D00410C00010304090A10121314141B00610C00010405080C111518191A1A00810C020508090D1013151B"
    "1C1C1D00668626450003323530470001448A0408101315004A0401040A1B004C0503121314150239306C0115002C0402030A0B0234304E006E"
    "058E012E034E086E0C8E092E0D4E156E118E052E126E008E042E024E036E088E0D2E0A4E096E188E1D2E184E144E146E158E022E112E1D4E13"
    "6E1A8E1B4E136E048E0A2E0C4E126E1A8E1B2E0B4E106E018E1C2E0B4E106E198E1C2E19300003313430500003323530";
static const char PACKED_HAND[] =
    "91403150005914504051454101510204710515100454029110544041046466862652FA0055028A0408101315004A0401040A1B00540503121314"
    "155A006C011500340402030A0B28004E00E5E1E3E8ECE9EDF5F1E5F26E00E4E2E3E8EDEAE9F8FDF8F44E14F5E2F12E1DF3FAFB4E13E4EAECF2"
    "FAFBEBF0E1FCEBF0F9FCF9338C0053FA00";

static void test_codec_packed_form_is_the_fixture_and_form1_reads_as_it_is(void **state) {
  (void)state;
  static uint8_t form1[512], packed[512], out[8 * 512];
  size_t n1 = from_hex(FORM1_HAND, form1), np = from_hex(PACKED_HAND, packed), n = 0;
  assert_int_equal(n1, 219);
  assert_int_equal(np, 132);
  uint8_t again[512];
  assert_int_equal(codec_events_pack(form1, n1, again), np); /* what this version writes */
  assert_memory_equal(again, packed, np);
  assert_false(codec_events_packed(form1, n1));             /* an old row ... */
  assert_int_equal(codec_events_unpack(form1, n1, out, &n), 0);
  assert_int_equal(n, n1);                                   /* ... is read as it is */
  assert_memory_equal(out, form1, n1);
  assert_int_equal(codec_events_unpack(packed, np, out, &n), 0);
  assert_int_equal(n, n1);
  assert_memory_equal(out, form1, n1);
}

/* Every hand of simulated games of every preset (random and simulated
 * players, seeded) packs and unpacks to the same bytes; partnership-
 * auction deals pack to under two thirds. */
static void test_codec_packed_round_trips_every_preset(void **state) {
  (void)state;
  static PnGame game;
  static uint8_t hand[8192];
  for (int style = 0; style < 2; style++)
    for (int p = 0; pn_preset_name(p); p++) {
      PnRules rules;
      pn_rules_preset(&rules, pn_preset_name(p));
      SimConfig config = {.style = style ? SIM_RANDOM : SIM_SENSIBLE, .renege_rate = 0.02, .claim_rate = 0.5,
                          .first_dealer = 1};
      SimDriver driver;
      sim_driver_init(&driver, &config, 35 + (uint64_t)p, rules.players);
      pn_game_init(&game, &rules);
      PnEvent ev;
      int hands = 0;
      size_t len = 0, form1 = 0, packed = 0;
      while (sim_next_event(&driver, &game, &ev) && hands < 30) {
        len += codec_event_encode(&ev, hand + len);
        assert_true(len + CODEC_MAX_EVENT <= sizeof hand);
        PnOutcome out;
        assert_int_not_equal(pn_game_apply(&game, &ev, &out), PN_IMPOSSIBLE);
        if (!out.hand_done) continue;
        hands++;
        form1 += len;
        packed += assert_packs_back(hand, len);
        len = 0;
      }
      assert_true(hands > 0);
      if (strcmp(pn_preset_name(p), "partnership-auction") == 0 && style == 0) assert_true(packed * 3 < form1 * 2);
    }
}

/* Form-1 events from rows (action, seat, cards, value). */
typedef struct Row {
  PnAction action; /* the row's action */
  int seat;        /* its seat, 0 none */
  const char *cards, *value; /* its cards and value columns */
} Row;

static size_t encode_rows(const Row *rows, size_t n, uint8_t *out) {
  size_t len = 0;
  for (size_t i = 0; i < n; i++) {
    PnEvent ev;
    int col;
    char err[100];
    assert_int_equal(pn_event_from_text(rows[i].action, rows[i].seat, rows[i].cards, rows[i].value, &ev, &col, err,
                                        sizeof err), 0);
    len += codec_event_encode(&ev, out + len);
  }
  return len;
}

/* What packing cannot take stays as it is, in the same blob: a deal out
 * of card order, with 8s, or four of a kind; values that do not fit in 2
 * bytes; a meld named; plays out of turn and by seat 5. */
static void test_codec_packed_keeps_what_it_cannot_pack(void **state) {
  (void)state;
  static const Row ROWS[] = {
      {PN_EV_DEALER, 5, "", ""},
      {PN_EV_DEAL, 1, "AS TS KS QS JS 9S", ""},        /* packed */
      {PN_EV_DEAL, 2, "TS AS KS QS JS 9S", ""},        /* out of card order */
      {PN_EV_DEAL, 3, "AS TS KS QS 8S 7S", ""},        /* 8 and 7 */
      {PN_EV_DEAL, 4, "AS AS AS AS KS QS", ""},        /* four aces */
      {PN_EV_DEAL, 5, "AH", ""},                       /* shorter as it is */
      {PN_EV_BID, 2, "", "32767"},
      {PN_EV_BID, 3, "", "40000"},
      {PN_EV_SCORE, 1, "", "-32768"},
      {PN_EV_SCORE, 2, "", "-32769"},
      {PN_EV_TRUMP, 4, "", "C"},
      {PN_EV_MELD, 1, "KS QS", "royal-marriage"},
      {PN_EV_MELD, 2, "KH QH", "20"},
      {PN_EV_MELD, 3, "", ""},
      {PN_EV_PLAY, 1, "AS", ""},
      {PN_EV_PLAY, 2, "TS", ""},                       /* the next seat: one byte */
      {PN_EV_PLAY, 4, "KS", ""},                       /* out of turn */
      {PN_EV_PLAY, 5, "QS", ""},
      {PN_EV_PLAY, 1, "JS", ""},                       /* after seat 5 of 5: seat 1 */
      {PN_EV_PASS, 3, "", ""},
  };
  uint8_t form1[1024], packed[1024];
  size_t n = encode_rows(ROWS, sizeof ROWS / sizeof ROWS[0], form1);
  size_t np = assert_packs_back(form1, n);
  assert_int_equal(codec_events_pack(form1, n, packed), np);
  assert_int_equal(packed[0], 17 | 5 << 5); /* five seats named */
  /* shrunk: the first deal by 2 bytes, the fitting bid and score by
   * their text (5, 6), the trump by 2, the meld's "20" by 1, the three
   * next-seat plays by 1 each; the header adds 1 */
  assert_int_equal(n - np, 2 + 5 + 6 + 2 + 1 + 3 - 1);
  /* bytes that are not form-1 records are stored as they are */
  uint8_t junk[] = {PN_EV_DEAL | 1 << 5, 12, 0};
  assert_int_equal(codec_events_pack(junk, sizeof junk, packed), sizeof junk);
  assert_memory_equal(packed, junk, sizeof junk);
  assert_int_equal(codec_events_pack(junk, 0, packed), 0);
}

/* A packed blob cut anywhere, or with any byte changed, unpacks to an
 * error or to records, never past its buffer (ASan watches); an error
 * leaves the good records and then a byte that no record starts with. */
static void test_codec_packed_damage_is_an_error_not_a_crash(void **state) {
  (void)state;
  static uint8_t packed[512], out[8 * 512], damaged[512];
  size_t np = from_hex(PACKED_HAND, packed), n;
  size_t errors = 0;
  for (size_t cut = 1; cut < np; cut++) {
    int rc = codec_events_unpack(packed, cut, out, &n);
    assert_true(n <= CODEC_UNPACKED_MAX(cut));
    if (rc == 0) continue;
    errors++;
    PnEvent ev;
    assert_int_equal(codec_event_decode(out + n - 1, 1, &ev, NULL, 0), 0);
  }
  assert_true(errors > np / 3); /* most cuts fall inside a record */
  uint8_t first[] = {17, 0xE3};  /* no players; a next-seat play before any play */
  assert_int_equal(codec_events_unpack(first, 2, out, &n), -1);
  first[0] = 17 | 4 << 5;
  assert_int_equal(codec_events_unpack(first, 2, out, &n), -1);
  uint8_t bad_suit[] = {17 | 4 << 5, 21 | 1 << 5, 4};
  assert_int_equal(codec_events_unpack(bad_suit, sizeof bad_suit, out, &n), -1);
  for (size_t i = 0; i < np; i++)
    for (int bit = 0; bit < 8; bit++) {
      /* each byte's copy alone: the damaged blob is exactly np bytes */
      uint8_t *copy = damaged;
      memcpy(copy, packed, np);
      copy[i] ^= (uint8_t)(1 << bit);
      (void)codec_events_unpack(copy, np, out, &n);
      assert_true(n <= CODEC_UNPACKED_MAX(np));
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
      cmocka_unit_test(test_codec_events_walk_in_order_and_stop_at_a_bad_record),
      cmocka_unit_test(test_codec_round_trips_every_preset),
      cmocka_unit_test(test_codec_packed_form_is_the_fixture_and_form1_reads_as_it_is),
      cmocka_unit_test(test_codec_packed_round_trips_every_preset),
      cmocka_unit_test(test_codec_packed_keeps_what_it_cannot_pack),
      cmocka_unit_test(test_codec_packed_damage_is_an_error_not_a_crash),
      cmocka_unit_test(test_codec_hash_is_fnv1a),
      cmocka_unit_test(test_codec_date_valid_takes_real_dates_only),
      cmocka_unit_test(test_codec_tag_check_refuses_a_date_tag_that_is_not_a_date),
      cmocka_unit_test(test_codec_same_player_ignores_case_and_surrounding_spaces),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
