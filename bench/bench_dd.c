/*
 * bench_dd.c - how long the double-dummy solver takes per hand.
 *
 *   build/bench/bench_dd [HANDS] [PRESET] [NODE_BUDGET] [OPTIONS] [FROM_TRICK] [ROUNDS]
 *
 * Plays HANDS hands (default 200) of PRESET (default partnership-auction)
 * with the sensible simulated players (src/sim) and analyses each whole
 * hand as `analyze` would: pn_dd_play for every play, last to first (par
 * before and after, cost), then the par of the bidding side from the
 * first lead.  Prints the median and 95th percentile milliseconds per
 * whole hand, and the time until the par from the first lead was known
 * (in the default order, the whole hand).  NODE_BUDGET (default analyze's,
 * AN_DEFAULT_BUDGET; 0 = none: hours on double-deck) caps the nodes of each
 * whole hand (the solver's node_limit is set to what is left before
 * each call): a hand that hits it stops there and is counted unanalysed.
 * OPTIONS is a number of PN_DD_NO_* bits (dd.h) that switch techniques
 * off, to measure what each brings, plus 256 for the par alone (no
 * per-play analysis, on an empty table), plus 512 for the order used
 * before: the par first, then the plays first to last, plus 1024 to
 * print the nodes spent valuing each play, by its place in the hand (0:
 * the first lead), over all hands: where the work is, plus 2048 to print
 * each hand's nodes and time.  FROM_TRICK (default 0) starts the analysis after
 * that many tricks instead of at the first lead (double-deck: how far
 * from the end a hand can be analysed within the budget).  ROUNDS (default 1) analyses the
 * whole set of hands that many times over, the same search each time (checked: the same nodes),
 * and keeps each hand's fastest time: on a shared machine the noise only ever adds, and it comes
 * in phases longer than a hand, so the repeats of a hand are spread over the run
 * (docs/SOLVER.md).  DD_TT_MB=N in the environment gives the solver a
 * table of N MiB instead of PN_DD_TT_BYTES.  Every cost is checked to be >= 0 (the full invariants are in
 * tests/test_dd.c).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
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

typedef enum { MODE_BACKWARD, MODE_FORWARD, MODE_PAR_ONLY } Mode;

typedef struct HandResult {
  bool failed;              /* the budget ran out */
  double first_ms, whole_ms; /* until the par from the first lead is known; the whole hand */
  long long nodes;
  long plays, best_plays, errors;
  uint64_t values;          /* a hash of every value found: the par and each play's pars (the same values, the same hash) */
} HandResult;

/* The solver's node limit for its next call: what is left of the hand's
 * budget (0: none). */
static void limit_to_budget(PnDdSolver *solver, long budget, long long used) {
  if (budget) solver->node_limit = budget - used > 0 ? budget - used : 1;
}

/* Folds a value found into a hand's hash of values. */
static uint64_t hash_value(uint64_t h, int value) { return (h ^ (uint64_t)(uint32_t)value) * 0x100000001B3ull; }

/* The par from the first lead, into r. */
static void first_par(PnDdSolver *solver, const PnGame *first, long budget, double t0, HandResult *r) {
  /* the side analyze analyses: the bidder's, else analysis_unbid_seat's */
  int seat = first->hand.high_bidder ? first->hand.high_bidder : analysis_unbid_seat(first, pn_first_leader(first));
  limit_to_budget(solver, budget, r->nodes);
  int par = pn_dd_par(solver, first, pn_side_of(first, seat));
  r->failed = par < 0;
  r->values = hash_value(r->values, par);
  r->nodes += solver->nodes;
  r->first_ms = now_ms() - t0;
}

/* Analyses one hand as `analyze` does: every play valued, last to first
 * (MODE_BACKWARD), then the par from the first lead (remembered by
 * then); or the par first and the plays in order (MODE_FORWARD, the
 * order before); or only the par. */
static long long nodes_at[PN_MAX_SEATS * PN_MAX_HAND]; /* nodes valuing the play at each place (1024) */

static HandResult analyse_hand(PnDdSolver *solver, const PnGame *line, const PnCard *card, int n, long budget,
                               Mode mode, bool count_places) {
  HandResult r = {0};
  pn_dd_new_hand(solver); /* as analyze does */
  double t0 = now_ms();
  bool backward = mode == MODE_BACKWARD;
  if (!backward) first_par(solver, &line[0], budget, t0, &r);
  for (int k = 0; k < n && !r.failed && mode != MODE_PAR_ONLY; k++) {
    int i = backward ? n - 1 - k : k;
    PnDdPlay p;
    limit_to_budget(solver, budget, r.nodes);
    r.failed = pn_dd_play(solver, &line[i], card[i], &p) < 0;
    r.nodes += solver->nodes;
    if (count_places) nodes_at[i] += solver->nodes;
    if (r.failed) break;
    r.plays++;
    r.values = hash_value(hash_value(r.values, p.par_before), p.par_after);
    r.best_plays += p.cost == 0;
    r.errors += p.cost < 0;
  }
  if (backward && !r.failed) first_par(solver, &line[0], budget, t0, &r); /* remembered by now */
  r.whole_ms = now_ms() - t0;
  return r;
}

/* A hand played by the simulator: its positions before each play and the
 * cards played, as analyse_hand reads them. */
typedef struct BenchHand {
  PnGame *line;
  PnCard card[PN_MAX_SEATS * PN_MAX_HAND];
  int n;
} BenchHand;

/* Frees the first `n` hands of play_hands' array and the array. */
static void free_hands(BenchHand *hands, long n) {
  for (long i = 0; i < n; i++) free(hands[i].line);
  free(hands);
}

/* Plays `hands` hands of `rules` with the sensible players (seeds 1, 2,
 * ...), keeping each from trick `from_trick` on into *out (free_hands
 * frees them).  Returns the hands kept (a hand with no play is not), or
 * -1 with nothing kept. */
static long play_hands(const PnRules *rules, long hands, int from_trick, BenchHand **out) {
  static PnGame game;
  static PnGame line[PN_MAX_SEATS * PN_MAX_HAND]; /* the hand's positions, before each play */
  BenchHand *kept = calloc((size_t)hands, sizeof *kept);
  if (!kept) return -1;
  SimConfig config = {.style = SIM_SENSIBLE, .claim_rate = 0.0, .first_dealer = 1};
  long done = 0, nkept = 0;
  for (uint64_t seed = 1; done < hands; seed++) {
    SimDriver driver;
    sim_driver_init(&driver, &config, seed, rules->players);
    pn_game_init(&game, rules);
    PnEvent ev;
    PnOutcome out_event;
    int nline = 0;
    while (done < hands && sim_next_event(&driver, &game, &ev)) {
      BenchHand *h = &kept[nkept];
      bool start = game.hand.trick_no == from_trick && game.hand.ntrick == 0;
      if (ev.action == PN_EV_PLAY && (nline > 0 || start) && nline < PN_MAX_SEATS * PN_MAX_HAND) {
        line[nline] = game;
        h->card[nline++] = ev.cards[0];
      }
      if (pn_game_apply(&game, &ev, &out_event) == PN_IMPOSSIBLE) {
        fprintf(stderr, "bench_dd: %s\n", out_event.reason);
        free_hands(kept, nkept);
        return -1;
      }
      if (!out_event.hand_done) continue;
      done++;
      if (nline == 0) continue;
      if (!(h->line = malloc((size_t)nline * sizeof *h->line))) {
        free_hands(kept, nkept);
        return -1;
      }
      memcpy(h->line, line, (size_t)nline * sizeof *h->line);
      h->n = nline;
      nkept++;
      nline = 0;
    }
  }
  *out = kept;
  return nkept;
}

int main(int argc, char **argv) {
  long hands = argc > 1 ? atol(argv[1]) : 200;
  const char *preset = argc > 2 ? argv[2] : "partnership-auction";
  long budget = argc > 3 ? atol(argv[3]) : AN_DEFAULT_BUDGET;
  unsigned options = argc > 4 ? (unsigned)strtoul(argv[4], NULL, 0) : 0;
  int from_trick = argc > 5 ? atoi(argv[5]) : 0;
  int rounds = argc > 6 ? atoi(argv[6]) : 1;
  Mode mode = options & 256u ? MODE_PAR_ONLY : options & 512u ? MODE_FORWARD : MODE_BACKWARD;
  bool by_place = options & 1024u, by_hand = options & 2048u;
  options &= 255u;
  if (hands < 1 || rounds < 1) {
    fprintf(stderr, "usage: bench_dd [HANDS] [PRESET] [NODE_BUDGET] [OPTIONS] [FROM_TRICK] [ROUNDS]\n");
    return 2;
  }
  PnRules rules;
  if (pn_rules_preset(&rules, preset) != 0) {
    fprintf(stderr, "bench_dd: unknown preset %s\n", preset);
    return 2;
  }
  size_t tt_bytes = getenv("DD_TT_MB") ? (size_t)atol(getenv("DD_TT_MB")) << 20 : PN_DD_TT_BYTES;
  void *table = aligned_alloc(64, (tt_bytes + 63) / 64 * 64); /* a bucket to a cache line, as analysis.c */
  HandResult *result = calloc((size_t)hands, sizeof *result);
  double *whole = malloc((size_t)hands * sizeof *whole);
  double *first = malloc((size_t)hands * sizeof *first);
  if (!table || !result || !whole || !first) return 1;
  static PnDdSolver solver;
  pn_dd_init(&solver, table, tt_bytes);
  solver.node_limit = budget;
  solver.options = options;

  BenchHand *played = NULL;
  long nplayed = play_hands(&rules, hands, from_trick, &played);
  if (nplayed < 0) {
    fprintf(stderr, "bench_dd: %s: the simulator failed, or out of memory\n", preset);
    return 1;
  }
  long analysed = 0, unanalysed = 0, plays = 0, best_plays = 0, errors = 0;
  long long nodes = 0;
  uint64_t values = 0; /* the hands' hashes of values, folded */
  double max_ms = 0;
  for (int round = 0; round < rounds; round++)
    for (long k = 0; k < nplayed; k++) {
      const BenchHand *h = &played[k];
      HandResult r = analyse_hand(&solver, h->line, h->card, h->n, budget, mode, round == 0);
      if (round == 0) {
        result[k] = r;
        continue;
      }
      if (r.nodes != result[k].nodes) { /* the same search every round, or the timing means nothing */
        fprintf(stderr, "bench_dd: hand %ld searched %lld nodes, then %lld\n", k + 1, result[k].nodes, r.nodes);
        return 1;
      }
      if (r.whole_ms < result[k].whole_ms) result[k].whole_ms = r.whole_ms;
      if (r.first_ms < result[k].first_ms) result[k].first_ms = r.first_ms;
    }
  for (long k = 0; k < nplayed; k++) {
    const HandResult *r = &result[k];
    if (by_hand) printf("  hand %3ld: %10lld nodes %9.2f ms%s\n", k + 1, r->nodes, r->whole_ms, r->failed ? " (budget)" : "");
    nodes += r->nodes;
    if (r->failed) {
      unanalysed++;
      continue;
    }
    first[analysed] = r->first_ms;
    whole[analysed++] = r->whole_ms;
    if (r->whole_ms > max_ms) max_ms = r->whole_ms;
    plays += r->plays;
    best_plays += r->best_plays;
    errors += r->errors;
    values = values * 0x100000001B3ull ^ r->values;
  }
  printf("bench_dd: %s, %ld hands, node budget %ld, options %u, from trick %d, fastest of %d round%s\n", preset,
         hands, budget, options, from_trick + 1, rounds, rounds == 1 ? "" : "s");
  printf("  analysed %ld, unanalysed (budget) %ld, plays %ld, best plays %.1f%%, errors %ld\n", analysed,
         unanalysed, plays, plays ? 100.0 * (double)best_plays / (double)plays : 0.0, errors);
  printf("  whole hand:      median %8.2f ms  p95 %8.2f ms  max %8.2f ms\n", percentile(whole, analysed, 0.5),
         percentile(whole, analysed, 0.95), max_ms);
  printf("  par known after: median %8.2f ms  p95 %8.2f ms\n", percentile(first, analysed, 0.5),
         percentile(first, analysed, 0.95));
  long tried = analysed + unanalysed;
  printf("  nodes per hand (analysed or not): %.0f\n", tried ? (double)nodes / (double)tried : 0.0);
  printf("  values (a hash of every par and play's pars found): %016llx\n", (unsigned long long)values);
  if (by_place && nodes > 0) {
    double so_far = 0;
    int places = PN_MAX_SEATS * PN_MAX_HAND;
    while (places > 0 && !nodes_at[places - 1]) places--;
    for (int i = 0; i < places; i++) {
      so_far += (double)nodes_at[i];
      printf("  play %2d: %5.1f%% of the nodes (%.1f%% up to here)\n", i, 100.0 * (double)nodes_at[i] / (double)nodes,
             100.0 * so_far / (double)nodes);
    }
  }
  free_hands(played, nplayed);
  free(result);
  free(table);
  free(whole);
  free(first);
  return errors ? 1 : 0;
}
