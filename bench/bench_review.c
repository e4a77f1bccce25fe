/* bench_review.c - the play review's cost and spread on whole
 * single-deck partnership-auction hands (docs/REVIEW.md).
 *
 *   bench_review [HANDS [WORLDS [BUDGET [MIN SE [ALL [bid|pass]]]]]]   (default 4 16 0, and review_new's MIN and SE)
 *
 * MIN SE: review_set_sequential (MIN >= WORLDS: a fixed sample); ALL 1:
 * every alternative solved exactly (review_set_all_values).  bid: the
 * hand's bid and trump reviews instead of its plays (ALL 1: their totals
 * exact where a contract is set); pass: each pass's review too.
 * Per trick: CPU seconds per decision, and the mean standard error of the
 * cost; per hand: CPU seconds and decisions. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "review.h"

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One decision of hand k reviewed by `review` (rc 0: printed with its
 * deals, and the nodes and CPU seconds since n and t). */
static void told(int k, const char *what, int rc, const RvDecision *d, long n, double t, const Reviewer *r) {
  if (rc != 0) return;
  printf("hand %d %s: cost %.2f", k, what, d->cost);
  if (d->kind == RV_BID) printf(" P(make) %.3f", d->p_make);
  printf(", %d deals, %.1f M nodes, %.2f s\n", d->worlds, (double)(review_nodes(r) - n) / 1e6, cpu_now() - t);
}

/* The hand's bid and trump reviews (and with `passes` each pass): CPU
 * seconds, worlds as asked; each decision's nodes and CPU printed. */
static double contract_review(Reviewer *r, const RvHistory *h, int k, bool passes) {
  double t0 = cpu_now(), t = t0;
  long n0 = review_nodes(r), n = n0;
  RvDecision d;
  SimRng rng;
  sim_rng_seed(&rng, (uint64_t)k);
  told(k, "bid", review_bid(r, h, &rng, &d), &d, n, t, r);
  t = cpu_now();
  n = review_nodes(r);
  told(k, "trump", review_trump(r, h, &rng, &d), &d, n, t, r);
  for (int at = 0; passes && at < h->nevents; at++) {
    char what[24];
    snprintf(what, sizeof what, "pass at %d", at);
    t = cpu_now();
    n = review_nodes(r);
    told(k, what, review_pass(r, h, at, &rng, &d), &d, n, t, r);
  }
  printf("hand %d: %s, %.1f M nodes\n", k, passes ? "bid, trump and passes" : "bid and trump",
         (double)(review_nodes(r) - n0) / 1e6);
  return cpu_now() - t0;
}

int main(int argc, char **argv) {
  int hands = argc > 1 ? atoi(argv[1]) : 4, worlds = argc > 2 ? atoi(argv[2]) : 16;
  long budget = argc > 3 ? atol(argv[3]) : 0;
  PnRules rules;
  pn_rules_preset(&rules, "partnership-auction");
  static RvHistory h;
  Reviewer *r = review_new(worlds, budget);
  if (argc > 5) review_set_sequential(r, atoi(argv[4]), atof(argv[5]));
  if (argc > 6) review_set_all_values(r, atoi(argv[6]) != 0);
  double worlds_trick[32] = {0};
  double by_trick[32] = {0}, se_trick[32] = {0}, cost_trick[32] = {0};
  int n_trick[32] = {0}, unvalued = 0;
  double total = 0, worst = 0, nodes_trick[32] = {0};
  for (int k = 1; k <= hands; k++) {
    if (review_history_sim(&rules, (uint64_t)k, &h) != 0) continue;
    double start = cpu_now();
    if (argc > 7) {
      double took = contract_review(r, &h, k, strcmp(argv[7], "pass") == 0);
      total += took;
      worst = took > worst ? took : worst;
      printf("hand %d: %.2f s CPU\n", k, took);
      continue;
    }
    for (int p = 0; p < h.nplays; p++) {
      RvDecision d;
      SimRng rng;
      sim_rng_seed(&rng, (uint64_t)(k * 1000 + p));
      double t0 = cpu_now();
      long n0 = review_nodes(r);
      int rc = review_play(r, &h, p, &rng, &d);
      int t = p / rules.players;
      by_trick[t] += cpu_now() - t0;
      nodes_trick[t] += (double)(review_nodes(r) - n0);
      n_trick[t]++;
      if (rc != 0) unvalued++;
      else {
        se_trick[t] += d.cost_se;
        worlds_trick[t] += d.worlds;
        cost_trick[t] += d.cost;
      }
    }
    double took = cpu_now() - start;
    total += took;
    if (took > worst) worst = took;
    printf("hand %d: %d decisions, %.2f s CPU\n", k, h.nplays, took);
  }
  printf("trick  s/decision  Mnodes/decision  mean cost  mean cost s.e.  mean worlds\n");
  for (int t = 0; t < 32; t++)
    if (n_trick[t])
      printf("%5d  %10.4f  %15.3f  %9.2f  %14.2f  %11.1f\n", t + 1, by_trick[t] / n_trick[t],
             nodes_trick[t] / n_trick[t] / 1e6, cost_trick[t] / n_trick[t],
             se_trick[t] / n_trick[t], worlds_trick[t] / n_trick[t]);
  printf("worlds %d budget %ld: %.2f s CPU a hand (worst %.2f), %.1f M nodes a hand, %d unvalued\n", worlds, budget,
         total / hands, worst, (double)review_nodes(r) / hands / 1e6, unvalued);
  review_free(r);
  return 0;
}
