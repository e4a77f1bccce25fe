/*
 * test_ratings.c - `pinochle report DB ratings` (reports/report_ratings.c):
 * the Glicko-2 arithmetic against the worked example of Glickman's paper,
 * and the report on small databases built here game by game (seats, date
 * tags, winner and final totals): the games are rated in date order, not
 * in the order stored, undated games last; a partnership game rates both
 * members and the partnership; a cutthroat game is a game between each
 * two seats (the winner beats all, equal scores draw).
 *
 * The expected figures are worked out in the test by calling the pure
 * update in the order the documentation promises, and each test also
 * checks that another order would give other figures, so it can fail.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "report_ratings.h"
#include "store.h"

static const RatingGlicko NEW = {RATING_INITIAL, RATING_INITIAL_DEVIATION, RATING_INITIAL_VOLATILITY};

/* Glickman's worked example ("Example of the Glicko-2 system", 2012): a
 * player at 1500/200/0.06 beats a 1400/30 player and loses to 1550/100
 * and 1700/300 ones in one period, tau 0.5: 1464.06, 151.52, 0.05999.
 * (The paper rounds its intermediate values; exact arithmetic gives
 * 1464.05, within the 0.02 allowed.) */
static void test_glicko2_matches_glickmans_worked_example(void **state) {
  (void)state;
  RatingGlicko p = {1500, 200, 0.06}, after;
  const RatingOutcome games[3] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
  report_glicko2_update(&p, games, 3, 0.5, 350, &after);
  assert_true(fabs(after.rating - 1464.06) < 0.02);
  assert_true(fabs(after.deviation - 151.52) < 0.01);
  assert_true(fabs(after.volatility - 0.05999) < 0.00001);
  /* the input is left alone; updating in place gives the same */
  assert_true(p.rating == 1500 && p.deviation == 200 && p.volatility == 0.06);
  report_glicko2_update(&p, games, 3, 0.5, 350, &p);
  assert_true(p.rating == after.rating && p.deviation == after.deviation && p.volatility == after.volatility);
}

/* A period without games: only the deviation grows (step 6), to no more
 * than the cap. */
static void test_glicko2_idle_period_grows_the_deviation_to_the_cap(void **state) {
  (void)state;
  RatingGlicko p = {1464.06, 151.52, 0.05999}, after;
  report_glicko2_update(&p, NULL, 0, 0.5, 350, &after);
  double phi = 151.52 / 173.7178;
  assert_true(fabs(after.deviation - 173.7178 * sqrt(phi * phi + 0.05999 * 0.05999)) < 1e-9);
  assert_true(after.rating == p.rating && after.volatility == p.volatility);
  RatingGlicko old = {1500, 349.9, 0.06}; /* 350.06 uncapped */
  report_glicko2_update(&old, NULL, 0, 0.5, 350, &after);
  assert_true(after.deviation == 350);
}

/* -------------------------------------------------------- the report */

static Store *store;

static int open_store(void **state) {
  (void)state;
  PnDiag diag = {0};
  return store_open(STORE_SCRATCH, STORE_CREATE, &store, &diag) == 0 ? 0 : -1;
}

static int close_store(void **state) {
  (void)state;
  store_close(store);
  return 0;
}

/* Stores a game of `preset` with these players, an optional date tag, one
 * hand whose results hold the final totals (NULL: no hand), and winner. */
static void put_game(const char *key, const char *preset, const char *const *names, const char *date,
                     const int *totals, int winner) {
  PnRules rules;
  assert_int_equal(pn_rules_preset(&rules, preset), 0);
  char tag[32];
  const char *tags[1] = {tag};
  if (date) snprintf(tag, sizeof tag, "date=%s", date);
  StoreGame g = {.key = key, .preset = preset, .nplayers = rules.players, .ntags = date ? 1 : 0, .tags = tags};
  for (int i = 0; i < rules.players; i++) g.players[i] = names[i];
  PnDiag diag = {0};
  int64_t id;
  if (store_game_insert(store, &g, &id, &diag) != 0) fail_msg("game insert: %s", diag.msg);
  if (totals) {
    CodecResults res;
    memset(&res, 0, sizeof res);
    res.players = rules.players;
    res.result.trump = -1;
    for (int i = 0; i < rules.players; i++) res.total[i] = totals[i];
    uint8_t blob[CODEC_MAX_RESULTS];
    static const uint8_t events[] = {PN_EV_DEALER | 1 << 5};
    StoreHand h = {.number = 1, .dealer = 1, .events = events, .events_len = sizeof events, .results = blob,
                   .results_len = codec_results_encode(&res, blob), .trump = -1};
    if (store_hand_insert(store, id, &h, &diag) != 0) fail_msg("hand insert: %s", diag.msg);
  }
  StoreGameEnd end = {.hands = totals ? 1 : 0, .finished = winner > 0, .winner = winner};
  if (store_game_update_end(store, id, &end, &diag) != 0) fail_msg("game end: %s", diag.msg);
}

/* The report's output (caller frees). */
static char *run(const ReportQuery *q, OutFormat format) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  assert_non_null(out);
  PnDiag diag = {0};
  int rc = report_ratings(store, q, format, out, &diag);
  assert_int_equal(fclose(out), 0);
  if (rc != 0) fail_msg("report_ratings: %d %s", rc, diag.msg);
  return text;
}

/* The CSV line of `name` (kind player or partnership), copied into line. */
static void csv_row(const char *csv, const char *kind, const char *name, char *line, size_t size) {
  char want[128];
  snprintf(want, sizeof want, "\n%s,%s,", kind, name);
  const char *at = strstr(csv, want);
  if (!at) fail_msg("no row %s %s in\n%s", kind, name, csv);
  at++;
  size_t n = strcspn(at, "\n");
  assert_true(n < size);
  memcpy(line, at, n);
  line[n] = '\0';
}

/* "kind,name,games,wins,rating,deviation,volatility,hands,last_date" */
static void expect_row(const char *csv, const char *kind, const char *name, long games, long wins,
                       const RatingGlicko *r, const char *last) {
  char line[256], want[256];
  csv_row(csv, kind, name, line, sizeof line);
  char *cut = strrchr(line, ','); /* hands vary with the fixture: compare up to volatility, then the date */
  assert_non_null(cut);
  assert_string_equal(cut + 1, last);
  *cut = '\0';
  *strrchr(line, ',') = '\0';
  snprintf(want, sizeof want, "%s,%s,%ld,%ld,%.1f,%.1f,%.5f", kind, name, games, wins, r->rating, r->deviation,
           r->volatility);
  assert_string_equal(line, want);
}

static RatingGlicko update(RatingGlicko r, double opp_rating, double opp_dev, double score) {
  RatingOutcome o = {opp_rating, opp_dev, score};
  report_glicko2_update(&r, &o, 1, RATING_TAU, RATING_INITIAL_DEVIATION, &r);
  return r;
}

static RatingGlicko idle(RatingGlicko r) {
  report_glicko2_update(&r, NULL, 0, RATING_TAU, RATING_INITIAL_DEVIATION, &r);
  return r;
}

/* Three two-hand games stored out of date order: Bob wins on 2026-03-08
 * (stored first, Bob in seat 1), Ann wins on 2026-03-01 (stored second),
 * Ann wins an undated game (stored third, rated last), and a game without
 * a winner is not rated.  The history lists each date's players by name. */
static void test_ratings_follow_the_date_tags_not_the_stored_order(void **state) {
  (void)state;
  const char *ab[2] = {"Ann", "Bob"}, *ba[2] = {"Bob", "Ann"};
  put_game("k-late", "two-hand", ba, "2026-03-08", NULL, 1); /* Bob met first: the history still goes by name */
  put_game("k-early", "two-hand", ab, "2026-03-01T19:30", NULL, 1);
  put_game("k-undated", "two-hand", ab, NULL, NULL, 1);
  put_game("k-unfinished", "two-hand", ab, "2026-03-02", NULL, 0);

  /* 2026-03-01 Ann beats Bob; 2026-03-08 Bob beats Ann; undated Ann beats Bob */
  RatingGlicko ann = update(NEW, 1500, 350, 1), bob = update(NEW, 1500, 350, 0);
  RatingGlicko ann2 = update(ann, bob.rating, bob.deviation, 0), bob2 = update(bob, ann.rating, ann.deviation, 1);
  RatingGlicko ann3 = update(ann2, bob2.rating, bob2.deviation, 1), bob3 = update(bob2, ann2.rating, ann2.deviation, 0);
  /* in the stored order the figures would differ: the test can tell */
  RatingGlicko b1 = update(NEW, 1500, 350, 1), a1 = update(NEW, 1500, 350, 0);
  RatingGlicko a2 = update(a1, b1.rating, b1.deviation, 1), b2 = update(b1, a1.rating, a1.deviation, 0);
  RatingGlicko stored_order = update(a2, b2.rating, b2.deviation, 1);
  assert_true(fabs(stored_order.rating - ann3.rating) > 1);

  ReportQuery q = {0};
  char *csv = run(&q, OUT_CSV);
  const char *header = "kind,name,games,wins,rating,deviation,volatility,hands,last_date\n";
  assert_int_equal(strncmp(csv, header, strlen(header)), 0);
  expect_row(csv, "player", "Ann", 3, 2, &ann3, "2026-03-08");
  expect_row(csv, "player", "Bob", 3, 1, &bob3, "2026-03-08");
  /* Ann is rated higher: her row comes first */
  assert_true(strstr(csv, "\nplayer,Ann,") < strstr(csv, "\nplayer,Bob,"));
  assert_null(strstr(csv, "partnership,"));
  free(csv);

  q.history = true;
  char *hist = run(&q, OUT_CSV);
  char want[512];
  snprintf(want, sizeof want,
           "player,date,rating,deviation,games\n"
           "Ann,2026-03-01,%.1f,%.1f,1\nBob,2026-03-01,%.1f,%.1f,1\n"
           "Ann,2026-03-08,%.1f,%.1f,2\nBob,2026-03-08,%.1f,%.1f,2\n"
           "Ann,,%.1f,%.1f,3\nBob,,%.1f,%.1f,3\n",
           ann.rating, ann.deviation, bob.rating, bob.deviation, ann2.rating, ann2.deviation, bob2.rating,
           bob2.deviation, ann3.rating, ann3.deviation, bob3.rating, bob3.deviation);
  assert_string_equal(hist, want);
  free(hist);

  /* JSON: exactly the keys the browser's chart reads */
  q.history = false;
  char *json = run(&q, OUT_JSON);
  const char *head = "{\n  \"players\": [\n    {\"name\": \"Ann\", \"games\": 3, \"wins\": 2, \"rating\": ";
  assert_int_equal(strncmp(json, head, strlen(head)), 0);
  assert_non_null(strstr(json, "\n  \"partnerships\": [],\n  \"history\": [\n    {\"player\": \"Ann\", \"date\": "
                               "\"2026-03-01\", \"rating\": "));
  assert_non_null(strstr(json, "{\"player\": \"Bob\", \"date\": \"\", \"rating\": "));
  free(json);

  /* a selection by date rates only what it selects */
  q.since = "2026-03-05";
  csv = run(&q, OUT_CSV);
  RatingGlicko bob_only = update(NEW, 1500, 350, 1);
  expect_row(csv, "player", "Bob", 1, 1, &bob_only, "2026-03-08");
  free(csv);
}

/* A partnership game (Ann & Cal in seats 1+3 against Bob & Dee, seat 2
 * wins) rates each member against the other side's mean and the two
 * partnerships against each other; on a later date Ann and Cal beat Eve
 * and Fay, and Bob & Dee, idle that date, only grow their deviation. */
static void test_ratings_of_a_partnership_and_its_members(void **state) {
  (void)state;
  const char *t1[4] = {"Ann", "Bob", "Cal", "Dee"}, *t2[4] = {"Eve", "Ann", "Fay", "Cal"};
  put_game("p1", "partnership", t1, "2026-04-01", (const int[]){300, 1010, 300, 1010}, 2);
  put_game("p2", "partnership", t2, "2026-04-02", (const int[]){400, 1020, 400, 1020}, 2);

  RatingGlicko won = update(NEW, 1500, 350, 1), lost = update(NEW, 1500, 350, 0);
  /* 2026-04-02: Ann and Cal (both `lost`) beat Eve and Fay (new): the opponent
   * standing for them is 1500/350; the partnership Ann & Cal beats Eve & Fay */
  RatingGlicko ann = update(lost, 1500, 350, 1), pair = update(lost, 1500, 350, 1);
  RatingGlicko eve = update(NEW, lost.rating, lost.deviation, 0);
  RatingGlicko bob = idle(won);

  ReportQuery q = {0};
  char *csv = run(&q, OUT_CSV);
  expect_row(csv, "player", "Ann", 2, 1, &ann, "2026-04-02");
  expect_row(csv, "player", "Cal", 2, 1, &ann, "2026-04-02");
  expect_row(csv, "player", "Bob", 1, 1, &bob, "2026-04-01");
  expect_row(csv, "player", "Eve", 1, 0, &eve, "2026-04-02");
  expect_row(csv, "partnership", "Ann & Cal", 2, 1, &pair, "2026-04-02");
  expect_row(csv, "partnership", "Bob & Dee", 1, 1, &bob, "2026-04-01");
  expect_row(csv, "partnership", "Eve & Fay", 1, 0, &eve, "2026-04-02");
  free(csv);
  char *text = run(&q, OUT_TEXT);
  assert_non_null(strstr(text, "\nPartnerships\npartnership "));
  free(text);
}

/* A three-hand game: seat 2 wins, seats 1 and 3 end level: seat 2 beats
 * both, 1 and 3 draw. */
static void test_ratings_of_a_cutthroat_game_take_each_pair_of_seats(void **state) {
  (void)state;
  const char *names[3] = {"Ann", "Bob", "Cal"};
  put_game("c1", "three-hand", names, "2026-05-01", (const int[]){300, 520, 300}, 2);
  RatingOutcome ann_games[2] = {{1500, 350, 0}, {1500, 350, 0.5}}, bob_games[2] = {{1500, 350, 1}, {1500, 350, 1}};
  RatingGlicko ann, bob;
  report_glicko2_update(&NEW, ann_games, 2, RATING_TAU, RATING_INITIAL_DEVIATION, &ann);
  report_glicko2_update(&NEW, bob_games, 2, RATING_TAU, RATING_INITIAL_DEVIATION, &bob);
  ReportQuery q = {0};
  char *csv = run(&q, OUT_CSV);
  expect_row(csv, "player", "Bob", 1, 1, &bob, "2026-05-01");
  expect_row(csv, "player", "Ann", 1, 0, &ann, "2026-05-01");
  expect_row(csv, "player", "Cal", 1, 0, &ann, "2026-05-01");
  free(csv);
}

/* The provisional rule's two edges: RD above 110, fewer than 10 games. */
static void test_rating_provisional_edges(void **state) {
  (void)state;
  assert_false(report_rating_provisional(10, 110.0));
  assert_true(report_rating_provisional(10, 110.1));
  assert_true(report_rating_provisional(9, 50.0));
  assert_false(report_rating_provisional(100, 40.0));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_glicko2_matches_glickmans_worked_example),
      cmocka_unit_test(test_glicko2_idle_period_grows_the_deviation_to_the_cap),
      cmocka_unit_test(test_rating_provisional_edges),
      cmocka_unit_test_setup_teardown(test_ratings_follow_the_date_tags_not_the_stored_order, open_store,
                                      close_store),
      cmocka_unit_test_setup_teardown(test_ratings_of_a_partnership_and_its_members, open_store, close_store),
      cmocka_unit_test_setup_teardown(test_ratings_of_a_cutthroat_game_take_each_pair_of_seats, open_store,
                                      close_store),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
