/*
 * bench_known.c - what the recorder's per-line feasibility check costs:
 * the knowledge of the hidden hands rebuilt from a hand's rows so far and
 * pn_known_check asked, once per row, as a table-order recorder does.
 *
 *   build/bench/bench_known [HANDS] [PRESET]
 *
 * Hands are simulated (sensible players, seeded); each row after the deal
 * (bids, passes, meld, plays) is one line.  Prints the median and the
 * 99th percentile of the time per line in microseconds, per preset
 * (double-deck and five-call, the largest, unless one is named).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "known.h"
#include "pinochle.h"
#include "sim.h"

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The knowledge of the rows ev[0..n) of one hand, as the recorder keeps it:
 * meld shown, cards received, plays, suits shown out (no later play). */
static bool check_rows(const PnRules *rules, const PnEvent *ev, int n) {
  PnKnown k;
  pn_known_init(&k, rules);
  int voids[PN_MAX_SEATS][PN_SUITS] = {{0}}, ntrick = 0, trick_no = 0, led = -1;
  const PnEvent *gives[2];
  int ngives = 0;
  for (int i = 0; i < n; i++) {
    const PnEvent *e = &ev[i];
    if (e->action == PN_EV_MELD)
      for (int j = 0; j < e->ncards; j++) {
        int copies = 0;
        for (int m = 0; m < e->ncards; m++) copies += e->cards[m] == e->cards[j];
        pn_known_hold(&k, e->seat - 1, e->cards[j], copies);
      }
    if (e->action == PN_EV_GIVE && ngives < 2) gives[ngives++] = e;
    if (e->action != PN_EV_PLAY) continue;
    int s = e->seat - 1, suit = PN_SUIT(e->cards[0]);
    pn_known_play(&k, s, e->cards[0]);
    voids[s][suit] = 0;
    if (ntrick == 0) led = suit;
    else if (suit != led && !voids[s][led]) voids[s][led] = trick_no + 1;
    if (++ntrick == rules->players) {
      ntrick = 0;
      trick_no++;
    }
  }
  int in[PN_MAX_SEATS][PN_CARD_KINDS] = {{0}}; /* received less passed on */
  for (int i = 0; i < ngives && ngives == 2; i++)
    for (int j = 0; j < gives[i]->ncards; j++) {
      in[gives[1 - i]->seat - 1][gives[i]->cards[j]]++;
      in[gives[i]->seat - 1][gives[i]->cards[j]]--;
    }
  for (int s = 0; s < rules->players; s++)
    for (int c = 0; c < PN_CARD_KINDS; c++)
      if (in[s][c] > 0) pn_known_hold(&k, s, (PnCard)c, in[s][c]);
  for (int s = 0; s < rules->players; s++)
    for (int suit = 0; suit < PN_SUITS; suit++)
      if (voids[s][suit]) pn_known_void(&k, s, suit);
  return pn_known_check(&k, NULL);
}

static void bench_preset(const char *preset, long hands) {
  PnRules rules;
  if (pn_rules_preset(&rules, preset) != 0) {
    fprintf(stderr, "bench_known: unknown preset %s\n", preset);
    exit(2);
  }
  static PnGame game;
  static PnEvent rows[1024];
  size_t cap = 1 << 16, count = 0;
  double *us = malloc(cap * sizeof *us);
  if (!us) exit(1);
  SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.0, .first_dealer = 1};
  long played = 0, refused = 0;
  volatile bool sink = true;
  for (uint64_t seed = 1; played < hands; seed++) {
    SimDriver driver;
    sim_driver_init(&driver, &config, seed, rules.players);
    pn_game_init(&game, &rules);
    int n = 0;
    PnEvent ev;
    PnOutcome out;
    while (played < hands && sim_next_event(&driver, &game, &ev)) {
      if (pn_game_apply(&game, &ev, &out) == PN_IMPOSSIBLE) exit(1);
      if (ev.action == PN_EV_DEALER) n = 0;
      bool row = ev.action != PN_EV_DEALER && ev.action != PN_EV_DEAL && ev.action != PN_EV_SCORE && n < 1024;
      if (row) {
        rows[n++] = ev;
        double t0 = now_us();
        bool fits = check_rows(&rules, rows, n);
        double t = now_us() - t0;
        sink = sink && fits;
        refused += !fits;
        if (count == cap) {
          cap *= 2;
          us = realloc(us, cap * sizeof *us);
          if (!us) exit(1);
        }
        us[count++] = t;
      }
      if (out.hand_done) played++;
    }
  }
  qsort(us, count, sizeof *us, cmp_double);
  printf("%-20s %6ld hands %8zu lines  median %6.2f us  p99 %6.2f us  max %7.2f us  (no deal fits: %ld)\n", preset,
         played, count, us[count / 2], us[count * 99 / 100], us[count - 1], refused);
  free(us);
}

int main(int argc, char **argv) {
  long hands = argc > 1 ? atol(argv[1]) : 2000;
  if (hands <= 0) {
    fprintf(stderr, "usage: bench_known [HANDS] [PRESET]\n");
    return 2;
  }
  if (argc > 2) {
    bench_preset(argv[2], hands);
    return 0;
  }
  bench_preset("double-deck", hands);
  bench_preset("five-call", hands);
  bench_preset("partnership-auction", hands);
  return 0;
}
