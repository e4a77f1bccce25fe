/* review_int.h - what the review's files share (not part of review.h). */
#ifndef PN_REVIEW_INT_H
#define PN_REVIEW_INT_H

#include "dd.h"
#include "review.h"

#define RV_BATCH_WORLDS 4 /* deals added at a time after the first batch */
#define RV_TIE_WORLDS 8   /* bid, trump, pass: alternatives this close are tied from this many deals (review_settled) */

struct Reviewer {
  PnDdSolver solver; /* owned */
  void *table;       /* owned: its transposition table */
  int worlds;        /* deals per decision */
  long budget;       /* nodes per solve, 0 = none */
  bool all_values;   /* every alternative exact, trump/bid/pass totals too (review_set_all_values) */
  int min_worlds;    /* plays: deals of the first batch (review_set_sequential) */
  double se_target;  /* plays: no more deals once the cost's standard error is at most this */
  int ncrew;         /* crew[] used */
  Reviewer *crew[RV_MAX_JOBS]; /* others that value a bid's, trump's or pass's deals beside it (review_set_crew) */
  struct RvPool *pool;         /* during review_crew_run_all: where review_crew_run offers its units */
};

/* Before each play decision and each unit of a bid's, trump's or pass's
 * deals: the solver as on a cleared table (pn_dd_new_hand), its limit
 * the budget.  The nodes a solve searches, so whether the budget stops
 * it, then depend on that work alone, not on what the job did before:
 * the output is the same whatever the jobs, with a budget too. */
static inline void review_fresh_table(Reviewer *r) {
  pn_dd_new_hand(&r->solver);
  r->solver.node_limit = r->budget;
}

/* One unit of work on reviewer r (review_crew_run). */
typedef void (*RvUnit)(Reviewer *r, int unit, void *ctx);

/* Units [from, to) done by r and its crew (review_set_crew; given r's
 * settings), each job on its own thread taking the next unit not taken,
 * until none is left; returns when all are done.  Within
 * review_crew_run_all the units are offered to its jobs, r's thread
 * taking them first and others' units while it waits. */
void review_crew_run(Reviewer *r, int from, int to, RvUnit unit, void *ctx);

/* Units [from, to) done by r and its crew (given r's settings), each job
 * on its own thread taking offered deals first, then a unit of [from,
 * drive_to), then of [drive_to, to); units [from, drive_to) may call
 * review_crew_run (a bid, trump or pass decision), which then offers its
 * deals to every job and, while it waits for them, does any unit but
 * such a decision (its own deals first): decisions run side by side, and
 * a waiting job helps the others.  Returns when all are done. */
void review_crew_run_all(Reviewer *r, int from, int drive_to, int to, RvUnit unit, void *ctx);

/* The deals of a bid, trump or pass decision (review_worlds): each
 * alternative other than the chosen asked only whether it beats the
 * chosen in a deal, and solved exactly only where it may lead
 * (docs/REVIEW.md, "A trump's other suits asked, not solved"), unless
 * every value is exact anyway (all_exact, r->all_values).  The caller
 * sets ctx, deal, exact_one, drops and all_exact; the rest is the run's. */
typedef struct RvDeals RvDeals;
struct RvDeals {
  const void *ctx; /* the decision's: only read */
  /* Deal i on any of the crew's threads: the chosen alternative exact,
   * then each other live one, asked against it (review_beat: exact when
   * sure), into v and exact (or every alternative from one solve: the
   * bid), and flag[i].  Each solve's table its own to clear
   * (review_fresh_table).  False when the engine refused a row or a
   * solve stopped. */
  bool (*deal)(Reviewer *r, RvDeals *b, int i);
  bool (*exact_one)(Reviewer *r, RvDeals *b, int i, int a); /* a exact in deal i, as deal; unused when all are sure */
  bool drops;                           /* those clearly behind dropped (review_drop_behind), unless r->all_values */
  bool all_exact;                       /* deal values every alternative exactly (the bid) */
  int flags;                            /* flag[] summed over the deals valued (the bid: made) */
  int nalts, chosen;                    /* d->nalts, d->chosen */
  PnCards (*start)[PN_KNOWN_HOLDERS];   /* each deal's holdings */
  uint64_t *seed;                       /* each deal's bots' seed */
  double *v;                            /* v[i * RV_MAX_ALTS + a]: a's result in deal i, exact or an upper bound */
  uint32_t *exact;                      /* exact[i]: a bit an alternative, v exact in deal i */
  int *flag;                            /* flag[i]: deal i's count for flags, 0 unless deal sets it */
  bool *ok;                             /* deal i's unit finished */
  bool live[RV_MAX_ALTS];               /* still valued */
  bool sure[RV_MAX_ALTS];               /* exact in every deal, now and in later ones (all_exact, r->all_values: all) */
  int solving;                          /* the alternative the exact units solve */
};

/* Deals of sp drawn from rng in order (a deal, then its bots' seed):
 * r->min_worlds, then RV_BATCH_WORLDS at a time until review_settled or
 * r->worlds; each valued by b->deal on r and its crew, those that may
 * lead then by b->exact_one in every deal; the drops (b->drops) and the
 * settled rule weigh bounds as values; summed in deal order into d
 * (d->nalts and d->chosen set; worlds, best_worlds, then review_finish:
 * an alternative left bounded or dropped is d->bound), so the values do
 * not depend on the jobs.  Returns 0, or -1 when no deal fits, one was
 * not valued (d->worlds: those before it) or memory ran out. */
int review_worlds(Reviewer *r, RvSpace *sp, SimRng *rng, RvDeals *b, RvDecision *d);

/* The `beat` (review_side_total) alternative a is asked at in deal i:
 * the chosen's result + 1 when it makes and a is not sure, else -1
 * (exact). */
int review_beat(const RvDeals *b, int i, int a);

/* Whether n deals' values v[i * RV_MAX_ALTS + a] settle a bid, trump or
 * pass decision, so no more deals are drawn (review_worlds; docs/REVIEW.md,
 * worlds): the leader (the highest sum; a tie keeps the chosen, then the
 * first) is ahead of every other alternative by more than Student's t
 * (97.5%, n - 1 degrees of freedom) standard errors of their paired
 * difference, or, from RV_TIE_WORLDS deals, that error is at most
 * se_target (counters): two alternatives equal in 4 deals of 4 may
 * differ in 1 of 4 (docs/REVIEW.md, worlds). */
bool review_settled(const double *v, int n, int nalts, int chosen, const bool *live, double se_target);

/* Drops from live[] (nalts, the chosen and the leader never) each
 * alternative behind the leader of the live ones by more than Student's
 * t standard errors of their paired difference over the n deals of v (as
 * review_settled): such an alternative cannot be best, so its later deals
 * are not solved, and its value is the mean of the deals it was solved
 * in.  review_settled then weighs the live ones only (live NULL: all).
 * Returns how many were dropped. */
int review_drop_behind(const double *v, int n, int nalts, int chosen, bool *live);

/* The presets whose bid and trump the review takes: every one whose
 * trump the bidder names after the auction (docs/REVIEW.md). */
bool review_bid_preset(const PnRules *rules);

/* From deal w (at the trump or later, before the first lead) the bots of
 * src/sim, seeded with `seed`, choose what is left (trump when unnamed,
 * the call, discard, passes and melds) and the play is solved from the
 * first lead: *total is the bidding side's meld that counts + counters
 * (those it holds already, the auction's discards, included), exact
 * when it reaches `need` (the lowest bid whose result is wanted), else
 * some total below need (review_result the same: r->all_values solves it
 * exactly); *counters (if not NULL) the counters the play gives it.
 * `guess`, the counters of a like deal (another pass of the same deal;
 * < 0: none, and then what the same bots take playing the hand out), is
 * asked first: the nodes change, never the values.  `beat` above need
 * (a trump's other suit: the chosen's total + 1; else -1) asks first
 * only "at least beat?" (pn_dd_par_ask): a no leaves *total an upper
 * bound (meld counted) and *exact (if not NULL) false unless it is below
 * need, where the result is the same; a yes goes on to the exact total.
 * r->all_values asks no such question.  The solver's limit is the one
 * review_fresh_table set (a deal's unit, review_worlds).  False when the
 * engine refused a row or the solver stopped. */
bool review_side_total(Reviewer *r, PnGame *w, uint64_t seed, int need, int guess, int beat, int *counters, int *total,
                       bool *exact);
/* What the bots (`driver`) take for `side` playing the hand out from w on
 * a copy, `first` (PN_NO_CARD: none) played first: counters from w on, a
 * guess at the par (the solver asks it first and steps from there;
 * docs/REVIEW.md).  -1 when the play does not finish. */
int review_bots_take(SimDriver *driver, const PnGame *w, PnCard first, int side);

/* A contract's result: the total when it reaches the bid, else minus the bid. */
static inline double review_result(int total, int bid) { return total >= bid ? total : -bid; }

/* Whether the chosen alternative is best or tied in one deal: v[a] its
 * value there, exact or an upper bound; a bound above the chosen value
 * comes only from an alternative that beats it (review_play: ask_better). */
static inline bool review_chosen_best(const double *v, int nalts, int chosen) {
  for (int a = 0; a < nalts; a++)
    if (v[a] > v[chosen]) return false;
  return true;
}

/* The alternative with the highest sum[] of nalts; a tie keeps the
 * chosen, then the first: the best of a bid, trump or pass. */
static inline int review_leader(const double *sum, int nalts, int chosen) {
  int lead = chosen;
  for (int a = 0; a < nalts; a++)
    if (sum[a] > sum[lead]) lead = a;
  return lead;
}

/* d->value from mean[] (each alternative's mean over the deals it was
 * valued in; d->bound for those not live), d->best (the highest of the
 * live ones, valued in all d->worlds deals; a tie keeps d->chosen, then
 * the first), d->cost and d->cost_se from diff2[] (each alternative's
 * squared difference from the chosen one, summed); d->best_share from
 * d->best_worlds (counted by the caller). */
void review_finish(RvDecision *d, const double mean[RV_MAX_ALTS], const bool live[RV_MAX_ALTS],
                   const double diff2[RV_MAX_ALTS]);

#endif
