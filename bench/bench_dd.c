/*
 * bench_dd.c - how long the double-dummy solver takes per hand.
 *
 *   build/bench/bench_dd [HANDS] [PRESET] [NODE_BUDGET] [OPTIONS] [FROM_TRICK]
 *
 * Plays HANDS hands (default 200) of PRESET (default partnership-auction)
 * with the sensible simulated players (src/sim) and analyses each whole
 * hand as `analyze` would: the par of the bidding side from the first
 * lead, then pn_dd_play for every play (par before and after, cost).
 * Prints the median and 95th percentile milliseconds per whole hand, and
 * the same for the par from the first lead alone (the first call, on an
 * empty table).  NODE_BUDGET (default 0 = none) caps the nodes of each
 * whole hand (the solver's node_limit is set to what is left before
 * each call): a hand that hits it stops there and is counted unanalysed.
 * OPTIONS is a number of PN_DD_NO_* bits (dd.h) that switch techniques
 * off, to measure what each brings, plus 256 for the par alone (no
 * per-play analysis).  FROM_TRICK (default 0) starts the analysis after
 * that many tricks instead of at the first lead (double-deck: how far
 * from the end a hand can be analysed within the budget).  Every cost is checked to be >= 0 (the
 * full invariants are in tests/test_dd.c).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dd.h"
#include "pinochle.h"
#include "sim.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: the machine is shared */
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double percentile(double *v, long n, double p) {
  if (n == 0) return 0.0;
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  long i = (long)(p * (double)(n - 1) + 0.5);
  return v[i];
}

int main(int argc, char **argv) {
  long hands = argc > 1 ? atol(argv[1]) : 200;
  const char *preset = argc > 2 ? argv[2] : "partnership-auction";
  long budget = argc > 3 ? atol(argv[3]) : 0;
  unsigned options = argc > 4 ? (unsigned)strtoul(argv[4], NULL, 0) : 0;
  int from_trick = argc > 5 ? atoi(argv[5]) : 0;
  bool par_only = options & 256u; /* the par from the first lead only */
  options &= 255u;
  if (hands < 1) {
    fprintf(stderr, "usage: bench_dd [HANDS] [PRESET] [NODE_BUDGET] [OPTIONS] [FROM_TRICK]\n");
    return 2;
  }
  PnRules rules;
  if (pn_rules_preset(&rules, preset) != 0) {
    fprintf(stderr, "bench_dd: unknown preset %s\n", preset);
    return 2;
  }
  size_t tt_bytes = getenv("DD_TT_MB") ? (size_t)atol(getenv("DD_TT_MB")) << 20 : PN_DD_TT_BYTES;
  void *table = malloc(tt_bytes);
  double *whole = malloc((size_t)hands * sizeof *whole);
  double *first = malloc((size_t)hands * sizeof *first);
  if (!table || !whole || !first) return 1;
  static PnDdSolver solver;
  pn_dd_init(&solver, table, tt_bytes);
  solver.node_limit = budget;
  solver.options = options;

  static PnGame game;
  SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.0, .first_dealer = 1};
  long done = 0, analysed = 0, unanalysed = 0, plays = 0, best_plays = 0, errors = 0;
  long long nodes = 0;
  double max_ms = 0;
  for (uint64_t seed = 1; done < hands; seed++) {
    SimDriver driver;
    sim_driver_init(&driver, &config, seed, rules.players);
    pn_game_init(&game, &rules);
    PnEvent ev;
    PnOutcome out;
    bool in_hand = false, failed = false;
    double t0 = 0;
    long hand_nodes = 0;
    while (done < hands && sim_next_event(&driver, &game, &ev)) {
      bool start = game.hand.trick_no == from_trick && game.hand.ntrick == 0;
      if (ev.action == PN_EV_PLAY && !failed && (in_hand || start)) {
        if (!in_hand) { /* the first lead, or the lead of trick FROM_TRICK + 1 */
          in_hand = true;
          pn_dd_clear(&solver);
          hand_nodes = 0;
          solver.node_limit = budget;
          t0 = now_ms();
          int bidder = game.hand.high_bidder ? game.hand.high_bidder : 1;
          int par = pn_dd_par(&solver, &game, pn_side_of(&game, bidder));
          first[analysed] = now_ms() - t0;
          nodes += solver.nodes;
          hand_nodes += solver.nodes;
          if (par < 0) failed = true;
        }
        PnDdPlay p;
        if (!failed && !par_only) {
          if (budget) solver.node_limit = budget - hand_nodes > 0 ? budget - hand_nodes : 1;
          int rc = pn_dd_play(&solver, &game, ev.cards[0], &p);
          nodes += solver.nodes;
          hand_nodes += solver.nodes;
          if (rc < 0) {
            failed = true;
          } else {
            plays++;
            best_plays += p.cost == 0;
            if (p.cost < 0) errors++;
          }
        }
      }
      if (pn_game_apply(&game, &ev, &out) == PN_IMPOSSIBLE) {
        fprintf(stderr, "bench_dd: %s: %s\n", preset, out.reason);
        return 1;
      }
      if (out.hand_done) {
        if (in_hand && !failed) {
          double ms = now_ms() - t0;
          whole[analysed++] = ms;
          if (ms > max_ms) max_ms = ms;
        } else if (in_hand) {
          unanalysed++;
        }
        in_hand = failed = false;
        done++;
      }
    }
  }
  printf("bench_dd: %s, %ld hands, node budget %ld, options %u, from trick %d\n", preset, done, budget, options,
         from_trick + 1);
  printf("  analysed %ld, unanalysed (budget) %ld, plays %ld, best plays %.1f%%, errors %ld\n", analysed,
         unanalysed, plays, plays ? 100.0 * (double)best_plays / (double)plays : 0.0, errors);
  printf("  whole hand:      median %8.2f ms  p95 %8.2f ms  max %8.2f ms\n", percentile(whole, analysed, 0.5),
         percentile(whole, analysed, 0.95), max_ms);
  printf("  par at the start: median %8.2f ms  p95 %8.2f ms\n", percentile(first, analysed, 0.5),
         percentile(first, analysed, 0.95));
  long tried = analysed + unanalysed;
  printf("  nodes per hand (analysed or not): %.0f\n", tried ? (double)nodes / (double)tried : 0.0);
  free(table);
  free(whole);
  free(first);
  return errors ? 1 : 0;
}
