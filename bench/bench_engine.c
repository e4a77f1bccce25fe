/*
 * bench_engine.c - how many complete hands per second the rules engine
 * plays and scores.
 *
 *   build/bench/bench_engine [HANDS] [PRESET]
 *
 * For each preset (or the one named) it first generates HANDS hands with
 * the sensible simulated players (timed as "simulate": choosing events
 * plus applying them), keeping every event in memory; then it replays the
 * same events through a fresh engine (timed as "engine": pn_game_apply
 * only, which is what import and audit pay per hand).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pinochle.h"
#include "sim.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct Recorded {
  PnEvent *events;    /* every event, games back to back */
  size_t count, cap;  /* used and allocated */
  size_t *game_start; /* index of each game's first event */
  size_t games, games_cap;
} Recorded;

static void push_event(Recorded *rec, const PnEvent *ev) {
  if (rec->count == rec->cap) {
    rec->cap = rec->cap ? rec->cap * 2 : 1 << 16;
    rec->events = realloc(rec->events, rec->cap * sizeof *rec->events);
    if (!rec->events) abort();
  }
  rec->events[rec->count++] = *ev;
}

static void push_game(Recorded *rec) {
  if (rec->games == rec->games_cap) {
    rec->games_cap = rec->games_cap ? rec->games_cap * 2 : 1024;
    rec->game_start = realloc(rec->game_start, rec->games_cap * sizeof *rec->game_start);
    if (!rec->game_start) abort();
  }
  rec->game_start[rec->games++] = rec->count;
}

static void bench_preset(const char *preset, long hands) {
  PnRules rules;
  if (pn_rules_preset(&rules, preset) != 0) {
    fprintf(stderr, "bench_engine: unknown preset %s\n", preset);
    exit(2);
  }
  static PnGame game;
  Recorded rec = {0};
  SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.0, .first_dealer = 1};
  long played = 0;
  double t0 = now();
  for (uint64_t seed = 1; played < hands; seed++) {
    SimDriver driver;
    sim_driver_init(&driver, &config, seed, rules.players);
    pn_game_init(&game, &rules);
    push_game(&rec);
    PnEvent ev;
    PnOutcome out;
    while (played < hands && sim_next_event(&driver, &game, &ev)) {
      if (pn_game_apply(&game, &ev, &out) == PN_IMPOSSIBLE) {
        fprintf(stderr, "bench_engine: %s: %s\n", preset, out.reason);
        exit(1);
      }
      push_event(&rec, &ev);
      if (out.hand_done) played++;
    }
  }
  double simulate = now() - t0;

  long replayed = 0;
  t0 = now();
  for (size_t gi = 0; gi < rec.games; gi++) {
    size_t end = gi + 1 < rec.games ? rec.game_start[gi + 1] : rec.count;
    pn_game_init(&game, &rules);
    for (size_t i = rec.game_start[gi]; i < end; i++) {
      PnOutcome out;
      pn_game_apply(&game, &rec.events[i], &out);
      replayed += out.hand_done;
    }
  }
  double engine = now() - t0;
  printf("%-20s %9ld hands %8.1f events/hand  simulate %10.0f hands/s  engine %10.0f hands/s\n",
         preset, replayed, (double)rec.count / (double)replayed, (double)played / simulate,
         (double)replayed / engine);
  free(rec.events);
  free(rec.game_start);
}

int main(int argc, char **argv) {
  long hands = argc > 1 ? atol(argv[1]) : 100000;
  if (hands <= 0) {
    fprintf(stderr, "usage: bench_engine [HANDS] [PRESET]\n");
    return 2;
  }
  if (argc > 2) {
    bench_preset(argv[2], hands);
    return 0;
  }
  for (int i = 0; pn_preset_name(i); i++) bench_preset(pn_preset_name(i), hands);
  return 0;
}
