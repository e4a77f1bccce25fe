/* test_movement.c - the club night's movements (src/night/movement.c):
 * everyone seated once a round, partnerships never repeated while the
 * round robin lasts, pairs that stay together meeting every other pair
 * once, and the evenness of the solo rotation measured (printed, and
 * held to the figures docs/NIGHT.md publishes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "movement.h"

static MoveRound rounds[MOVE_MAX_ROUNDS];

static void seat_or_fail(int players, int size, MoveKind kind, int nrounds) {
  MoveSpec spec = {.players = players, .table_size = size, .kind = kind, .rounds = nrounds};
  assert_null(move_check(&spec));
  assert_int_equal(move_seat(&spec, rounds), 0);
}

/* Each player once a round, at a table or out; tables full; n mod size out. */
static void assert_everyone_once(int players, int size, int nrounds) {
  for (int r = 0; r < nrounds; r++) {
    int seen[MOVE_MAX_PLAYERS] = {0};
    assert_int_equal(rounds[r].tables, players / size);
    assert_int_equal(rounds[r].nout, players % size);
    for (int t = 0; t < rounds[r].tables; t++)
      for (int s = 0; s < size; s++) seen[rounds[r].at[t][s]]++;
    for (int i = 0; i < rounds[r].nout; i++) seen[rounds[r].out[i]]++;
    for (int p = 0; p < players; p++) assert_int_equal(seen[p], 1);
  }
}

/* How often each two players were partners (seats 1+3, 2+4) in the first
 * nrounds; returns the most. */
static int most_partnered(int players, int nrounds) {
  static int count[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS];
  memset(count, 0, sizeof count);
  int most = 0;
  for (int r = 0; r < nrounds; r++)
    for (int t = 0; t < rounds[r].tables; t++)
      for (int s = 0; s < 2; s++) {
        int a = rounds[r].at[t][s], b = rounds[r].at[t][s + 2];
        int c = ++count[a < b ? a : b][a < b ? b : a];
        if (c > most) most = c;
      }
  (void)players;
  return most;
}

/* Sat-out counts: the most minus the fewest. */
static int out_spread(int players, int nrounds) {
  int outs[MOVE_MAX_PLAYERS] = {0}, lo = 1 << 20, hi = 0;
  for (int r = 0; r < nrounds; r++)
    for (int i = 0; i < rounds[r].nout; i++) outs[rounds[r].out[i]]++;
  for (int p = 0; p < players; p++) {
    if (outs[p] < lo) lo = outs[p];
    if (outs[p] > hi) hi = outs[p];
  }
  return hi - lo;
}

static void test_movement_progressive_partners_never_repeat(void **state) {
  (void)state;
  int counts[] = {8, 12, 16};
  for (int i = 0; i < 3; i++)
    for (int nr = 3; nr <= 7; nr++) {
      seat_or_fail(counts[i], 4, MOVE_PROGRESSIVE, nr);
      assert_everyone_once(counts[i], 4, nr);
      assert_int_equal(most_partnered(counts[i], nr), 1);
    }
}

/* 8 players, 2 tables: 7 rounds is the most with all-distinct partners
 * (each has only 7 others); the 8th repeats one. */
static void test_movement_progressive_eight_players_seven_rounds(void **state) {
  (void)state;
  seat_or_fail(8, 4, MOVE_PROGRESSIVE, 8);
  assert_int_equal(most_partnered(8, 7), 1);
  assert_int_equal(most_partnered(8, 8), 2);
  /* 7 rounds: everyone partners each of the other 7 exactly once */
  static int partner_count[8];
  memset(partner_count, 0, sizeof partner_count);
  for (int r = 0; r < 7; r++)
    for (int t = 0; t < 2; t++)
      for (int s = 0; s < 4; s++) partner_count[rounds[r].at[t][s]]++;
  for (int p = 0; p < 8; p++) assert_int_equal(partner_count[p], 7);
}

/* Player counts four does not divide: the rest sit out, in turn, and the
 * partners still never repeat while the round robin lasts. */
static void test_movement_progressive_sit_out_in_turn(void **state) {
  (void)state;
  int counts[] = {9, 10, 11, 13, 14};
  for (int i = 0; i < 5; i++) {
    int n = counts[i], m = n + n % 2, nr = m - 1;
    seat_or_fail(n, 4, MOVE_PROGRESSIVE, nr);
    assert_everyone_once(n, 4, nr);
    assert_int_equal(most_partnered(n, nr), 1);
    int spread = out_spread(n, nr);
    printf("progressive %2d players, %2d rounds: sat-out spread %d\n", n, nr, spread);
    /* round 1 seats the players as listed, the last ones sitting out */
    for (int p = 0; p < n - n % 4; p++) assert_int_equal(rounds[0].at[p / 4][p % 4], p);
    for (int o = 0; o < n % 4; o++) assert_int_equal(rounds[0].out[o], n - n % 4 + o);
    assert_true(spread <= 2); /* whole pairs sit out: measured 0 to 2 */
  }
}

/* The most times any player met another as an opponent, in the first nrounds. */
static int most_opposed(int nrounds) {
  static int count[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS];
  memset(count, 0, sizeof count);
  int most = 0;
  for (int r = 0; r < nrounds; r++)
    for (int t = 0; t < rounds[r].tables; t++)
      for (int s = 0; s < 4; s += 2)
        for (int o = 1; o < 4; o += 2) {
          int a = rounds[r].at[t][s], b = rounds[r].at[t][o];
          int c = ++count[a < b ? a : b][a < b ? b : a];
          if (c > most) most = c;
        }
  return most;
}

static void test_movement_progressive_opponents_vary(void **state) {
  (void)state;
  int counts[] = {8, 12, 16};
  for (int i = 0; i < 3; i++) {
    for (int nr = 3; nr <= 7; nr++) {
      seat_or_fail(counts[i], 4, MOVE_PROGRESSIVE, nr);
      int most = most_opposed(nr);
      printf("progressive %2d players, %d rounds: most times two met as opponents %d\n", counts[i], nr, most);
      /* a whist tournament: never more than twice */
      assert_true(most <= 2);
    }
  }
}

/* 8, 12, ..., 24 players: a whist tournament.  In n-1 rounds every two
 * players partner exactly once and oppose exactly twice. */
static void test_movement_progressive_whist_partners_once_opponents_twice(void **state) {
  (void)state;
  static int partners[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS], opposed[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS];
  for (int n = 8; n <= 24; n += 4) {
    seat_or_fail(n, 4, MOVE_PROGRESSIVE, n - 1);
    assert_everyone_once(n, 4, n - 1);
    memset(partners, 0, sizeof partners);
    memset(opposed, 0, sizeof opposed);
    for (int r = 0; r < n - 1; r++)
      for (int t = 0; t < rounds[r].tables; t++) {
        const int *at = rounds[r].at[t];
        partners[at[0]][at[2]]++, partners[at[2]][at[0]]++;
        partners[at[1]][at[3]]++, partners[at[3]][at[1]]++;
        for (int s = 0; s < 4; s += 2)
          for (int o = 1; o < 4; o += 2) opposed[at[s]][at[o]]++, opposed[at[o]][at[s]]++;
      }
    for (int a = 0; a < n; a++)
      for (int b = a + 1; b < n; b++) {
        assert_int_equal(partners[a][b], 1);
        assert_int_equal(opposed[a][b], 2);
      }
    /* round 1 seats the players as listed: 1+3 against 2+4, ... */
    for (int p = 0; p < n; p++) assert_int_equal(rounds[0].at[p / 4][p % 4], p);
  }
}

/* Counts without a whist tournament here (round robin partners, tables
 * chosen greedily): opponents measured. */
static void test_movement_progressive_other_counts_opponents_measured(void **state) {
  (void)state;
  static const struct { int players, rounds, most; } cases[] = {{9, 9, 3}, {10, 9, 3}, {14, 13, 3}, {28, 7, 2}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    seat_or_fail(cases[i].players, 4, MOVE_PROGRESSIVE, cases[i].rounds);
    int most = most_opposed(cases[i].rounds);
    printf("progressive %2d players, %2d rounds: most times two met as opponents %d\n", cases[i].players,
           cases[i].rounds, most);
    assert_true(most <= cases[i].most);
  }
}

static void test_movement_fixed_pairs_meet_every_pair_once(void **state) {
  (void)state;
  int counts[] = {8, 10, 12, 16};
  for (int i = 0; i < 4; i++) {
    int n = counts[i], npairs = n / 2, nr = npairs + npairs % 2 - 1;
    seat_or_fail(n, 4, MOVE_FIXED, nr);
    assert_everyone_once(n, 4, nr);
    static int met[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS];
    memset(met, 0, sizeof met);
    for (int r = 0; r < nr; r++)
      for (int t = 0; t < rounds[r].tables; t++) {
        int a = rounds[r].at[t][0], b = rounds[r].at[t][1];
        assert_int_equal(rounds[r].at[t][2], a + 1); /* partners 1+2, 3+4, ... stay */
        assert_int_equal(rounds[r].at[t][3], b + 1);
        assert_int_equal(a % 2, 0);
        assert_int_equal(++met[a / 2][b / 2], 1);
      }
    for (int a = 0; a < npairs; a++) /* every two pairs met */
      for (int b = a + 1; b < npairs; b++) assert_int_equal(met[a][b], 1);
  }
  MoveSpec odd = {.players = 9, .table_size = 4, .kind = MOVE_FIXED, .rounds = 3};
  assert_non_null(move_check(&odd));
}

/* The solo rotation: how evenly the players meet.  Over R rounds of
 * tables of k, each round seats a player with k-1 others; the ideal
 * spreads those meetings over the n-1 others as evenly as whole numbers
 * allow (most - fewest 0 or 1).  Returns most - fewest over all pairs;
 * the cases hold it to the spread measured when the rotation was
 * written, so a change that makes it less even fails. */
static int meet_spread(int players, int size, int nrounds, int *most, int *fewest) {
  static int met[MOVE_MAX_PLAYERS][MOVE_MAX_PLAYERS];
  memset(met, 0, sizeof met);
  for (int r = 0; r < nrounds; r++)
    for (int t = 0; t < rounds[r].tables; t++)
      for (int s = 0; s < size; s++)
        for (int s2 = s + 1; s2 < size; s2++) {
          int a = rounds[r].at[t][s], b = rounds[r].at[t][s2];
          met[a][b]++, met[b][a]++;
        }
  *most = 0, *fewest = 1 << 20;
  for (int a = 0; a < players; a++)
    for (int b = a + 1; b < players; b++) {
      if (met[a][b] > *most) *most = met[a][b];
      if (met[a][b] < *fewest) *fewest = met[a][b];
    }
  return *most - *fewest;
}

static void test_movement_rotate_evenness_measured(void **state) {
  (void)state;
  static const struct { int size, players, rounds, max_spread; } cases[] = {
      {2, 8, 7, 0},  {2, 9, 9, 0},  {3, 9, 4, 0},  {3, 9, 8, 0},  {3, 12, 6, 2}, {3, 10, 6, 2},
      {4, 8, 7, 0},  {4, 12, 6, 2}, {5, 10, 6, 4}, {5, 15, 7, 3}, {5, 11, 5, 3}, {6, 12, 5, 2},
      {6, 18, 6, 2}, {6, 13, 6, 4},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int n = cases[i].players, k = cases[i].size, nr = cases[i].rounds, most, fewest;
    seat_or_fail(n, k, MOVE_ROTATE, nr);
    assert_everyone_once(n, k, nr);
    int spread = meet_spread(n, k, nr, &most, &fewest);
    printf("rotate %d-hand, %2d players, %d rounds: pairs met %d to %d times (spread %d), sat-out spread %d\n", k,
           n, nr, fewest, most, spread, out_spread(n, nr));
    assert_true(spread <= cases[i].max_spread);
    assert_true(out_spread(n, nr) <= 1);
  }
}

static void test_movement_is_deterministic(void **state) {
  (void)state;
  static MoveRound again[MOVE_MAX_ROUNDS];
  seat_or_fail(13, 3, MOVE_ROTATE, 9);
  memcpy(again, rounds, sizeof again);
  seat_or_fail(13, 3, MOVE_ROTATE, 9);
  assert_memory_equal(again, rounds, sizeof again);
}

static void test_movement_check_refuses_what_cannot_be_seated(void **state) {
  (void)state;
  MoveSpec few = {.players = 3, .table_size = 4, .kind = MOVE_PROGRESSIVE, .rounds = 2};
  assert_non_null(move_check(&few));
  assert_int_equal(move_seat(&few, rounds), -1);
  MoveSpec solo = {.players = 9, .table_size = 3, .kind = MOVE_PROGRESSIVE, .rounds = 2};
  assert_non_null(move_check(&solo));
  MoveSpec many = {.players = 8, .table_size = 4, .kind = MOVE_PROGRESSIVE, .rounds = 65};
  assert_non_null(move_check(&many));
  assert_int_equal(move_kind_parse("fixed"), MOVE_FIXED);
  assert_int_equal(move_kind_parse("swiss"), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_movement_progressive_partners_never_repeat),
      cmocka_unit_test(test_movement_progressive_eight_players_seven_rounds),
      cmocka_unit_test(test_movement_progressive_sit_out_in_turn),
      cmocka_unit_test(test_movement_progressive_opponents_vary),
      cmocka_unit_test(test_movement_progressive_whist_partners_once_opponents_twice),
      cmocka_unit_test(test_movement_progressive_other_counts_opponents_measured),
      cmocka_unit_test(test_movement_fixed_pairs_meet_every_pair_once),
      cmocka_unit_test(test_movement_rotate_evenness_measured),
      cmocka_unit_test(test_movement_is_deterministic),
      cmocka_unit_test(test_movement_check_refuses_what_cannot_be_seated),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
