/*
 * review_worlds.c - the deals of a bid, trump or pass decision (review.h):
 * drawn in order from the decision's generator in batches until settled,
 * valued on the crew's threads (review_set_crew: each job with its own
 * solver), then summed in deal order, so the values do not depend on the
 * jobs; and the crew's work sharing, which the plays use too.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "review_int.h"

void review_set_crew(Reviewer *r, Reviewer *const *crew, int n) {
  r->ncrew = 0;
  for (int j = 0; j < n && j < RV_MAX_JOBS; j++)
    if (crew[j] != r) r->crew[r->ncrew++] = crew[j];
}

/* Units of work shared by a reviewer and its crew: each job takes the next
 * unit no job has taken. */
typedef struct Crew {
  RvUnit unit;     /* does one unit on the job's reviewer */
  void *ctx;       /* ... with this */
  int end;         /* units [.., end) */
  atomic_int next; /* the next unit no job has taken */
} Crew;

typedef struct CrewArg {
  Crew *crew;
  Reviewer *r;
} CrewArg;

/* A job: units until none is left, on reviewer r. */
static void crew_work(Crew *crew, Reviewer *r) {
  for (int u; (u = atomic_fetch_add(&crew->next, 1)) < crew->end;) crew->unit(r, u, crew->ctx);
}

static void *crew_thread(void *arg) {
  CrewArg *a = arg;
  crew_work(a->crew, a->r);
  return NULL;
}

void review_crew_run(Reviewer *r, int from, int to, RvUnit unit, void *ctx) {
  Crew crew = {.unit = unit, .ctx = ctx, .end = to};
  atomic_init(&crew.next, from);
  pthread_t threads[RV_MAX_JOBS];
  CrewArg args[RV_MAX_JOBS];
  int started = 0;
  for (int j = 0; j < r->ncrew && j + 1 < to - from; j++) {
    Reviewer *c = r->crew[j];
    c->budget = r->budget;
    c->all_values = r->all_values;
    args[j] = (CrewArg){.crew = &crew, .r = c};
    if (pthread_create(&threads[started], NULL, crew_thread, &args[j]) != 0) break; /* fewer jobs: the same work */
    started++;
  }
  crew_work(&crew, r);
  for (int j = 0; j < started; j++) pthread_join(threads[j], NULL);
}

/* The deals drawn and what each is worth. */
typedef struct Worlds {
  RvWorldValue value;                 /* values one alternative (or all: per 1) of one deal */
  const void *ctx;                    /* ... with this */
  bool each;                          /* each alternative of a deal valued on its own */
  int per;                            /* units of work a deal: its alternatives (each), or 1 */
  int n;                              /* deals drawn */
  PnCards (*start)[PN_KNOWN_HOLDERS]; /* each deal's holdings */
  uint64_t *seed;                     /* each deal's seed for the bots */
  double *v;                          /* v[i * RV_MAX_ALTS + a]: alternative a's value in deal i */
  int *flag;                          /* the value function's flag for deal i (bid: made) */
  bool *ok;                           /* unit u (deal u / per) was valued (false: the engine refused or a solve stopped) */
  bool live[RV_MAX_ALTS];             /* each: the alternatives still valued (review_drop_behind) */
} Worlds;

/* Unit u: one alternative of a deal (each), or all of it. */
static void value_unit(Reviewer *r, int u, void *arg) {
  Worlds *ws = arg;
  int i = u / ws->per;
  if (ws->each && !ws->live[u % ws->per]) { /* dropped: not solved */
    ws->ok[u] = true;
    return;
  }
  review_fresh_table(r);
  ws->ok[u] = ws->value(r, ws->ctx, ws->start[i], ws->seed[i], ws->each ? u % ws->per : -1, &ws->v[i * RV_MAX_ALTS],
                        &ws->flag[i]);
}

/* Student's t at 97.5% for df degrees of freedom: how many standard
 * errors a mean from few deals must clear (4 deals: 3.18, not 1.96). */
static double student_t975(int df) {
  static const double t[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                             2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086};
  return df < 1 ? INFINITY : df <= (int)(sizeof t / sizeof t[0]) ? t[df - 1] : 1.96 + 2.4 / df;
}

/* The leader of the live alternatives over n deals (review_leader of
 * their sums), and for each live alternative its paired difference from
 * the leader: mean[a] and its standard error se[a]. */
static int lead_gaps(const double *v, int n, int nalts, int chosen, const bool *live, double mean[RV_MAX_ALTS],
                     double se[RV_MAX_ALTS]) {
  double sum[RV_MAX_ALTS];
  for (int a = 0; a < nalts; a++) {
    sum[a] = live[a] ? 0 : -INFINITY;
    for (int i = 0; i < n && live[a]; i++) sum[a] += v[i * RV_MAX_ALTS + a];
  }
  int lead = review_leader(sum, nalts, chosen);
  for (int a = 0; a < nalts; a++) {
    if (!live[a]) continue;
    double sq = 0;
    mean[a] = (sum[lead] - sum[a]) / n;
    for (int i = 0; i < n; i++) {
      double dev = v[i * RV_MAX_ALTS + lead] - v[i * RV_MAX_ALTS + a] - mean[a];
      sq += dev * dev;
    }
    se[a] = sqrt(sq / (n - 1) / n);
  }
  return lead;
}

bool review_settled(const double *v, int n, int nalts, int chosen, const bool *live, double se_target) {
  if (n < 2) return false;
  bool all[RV_MAX_ALTS] = {false};
  for (int a = 0; a < nalts; a++) all[a] = live ? live[a] : true;
  double mean[RV_MAX_ALTS], se[RV_MAX_ALTS];
  int lead = lead_gaps(v, n, nalts, chosen, all, mean, se);
  for (int a = 0; a < nalts; a++)
    if (a != lead && all[a] && (se[a] > se_target || n < RV_TIE_WORLDS) && mean[a] <= student_t975(n - 1) * se[a])
      return false;
  return true;
}

int review_drop_behind(const double *v, int n, int nalts, int chosen, bool *live) {
  if (n < 2) return 0;
  double mean[RV_MAX_ALTS], se[RV_MAX_ALTS];
  int lead = lead_gaps(v, n, nalts, chosen, live, mean, se), dropped = 0;
  for (int a = 0; a < nalts; a++)
    if (a != lead && a != chosen && live[a] && mean[a] > student_t975(n - 1) * se[a]) {
      live[a] = false;
      dropped++;
    }
  return dropped;
}

int review_worlds(Reviewer *r, RvSpace *sp, SimRng *rng, RvWorldValue value, const void *ctx, bool each, RvDecision *d,
                  int *flags) {
  Worlds ws = {.value = value, .ctx = ctx, .each = each, .per = each ? d->nalts : 1};
  for (int a = 0; a < RV_MAX_ALTS; a++) ws.live[a] = true;
  int want = r->worlds, rc = -1;
  ws.start = calloc((size_t)want, sizeof *ws.start);
  ws.seed = calloc((size_t)want, sizeof *ws.seed);
  ws.v = calloc((size_t)want * RV_MAX_ALTS, sizeof *ws.v);
  ws.flag = calloc((size_t)want, sizeof *ws.flag);
  ws.ok = calloc((size_t)want * RV_MAX_ALTS, sizeof *ws.ok);
  *flags = 0;
  if (!ws.start || !ws.seed || !ws.v || !ws.flag || !ws.ok || review_space_count(sp) <= 0) goto done;
  double sum[RV_MAX_ALTS] = {0}, diff2[RV_MAX_ALTS] = {0}, mean[RV_MAX_ALTS];
  int count[RV_MAX_ALTS] = {0}; /* deals each alternative was valued in */
  /* In batches until settled (as the plays: min_worlds, then 4 at a time);
   * the deals drawn in order, a deal then its bots' seed, so they are
   * those of a fixed sample whatever the batches and jobs. */
  while (d->worlds < want) {
    int to = d->worlds ? d->worlds + RV_BATCH_WORLDS : r->min_worlds;
    if (to > want) to = want;
    for (; ws.n < to; ws.n++) {
      bool drawn = review_space_sample(sp, rng, ws.start[ws.n]) == 0;
      ws.seed[ws.n] = sim_rng_next(rng);
      if (!drawn) goto done;
    }
    review_crew_run(r, d->worlds * ws.per, ws.n * ws.per, value_unit, &ws);
    for (int i = d->worlds; i < ws.n; i++) { /* summed in order; a deal not valued ends it */
      for (int k = 0; k < ws.per; k++)
        if (!ws.ok[i * ws.per + k]) goto done;
      const double *v = &ws.v[i * RV_MAX_ALTS];
      double lv[RV_MAX_ALTS]; /* the live alternatives' values: a dropped one is not compared */
      for (int a = 0; a < d->nalts; a++) {
        lv[a] = ws.live[a] ? v[a] : -INFINITY;
        if (!ws.live[a]) continue;
        sum[a] += v[a];
        count[a]++;
        diff2[a] += (v[a] - v[d->chosen]) * (v[a] - v[d->chosen]);
      }
      d->best_worlds += review_chosen_best(lv, d->nalts, d->chosen);
      *flags += ws.flag[i];
      d->worlds++;
    }
    /* an alternative clearly behind the leader is not solved again
     * (docs/REVIEW.md, worlds); all_values keeps every one */
    if (each && !r->all_values) review_drop_behind(ws.v, d->worlds, d->nalts, d->chosen, ws.live);
    if (review_settled(ws.v, d->worlds, d->nalts, d->chosen, ws.live, r->se_target)) break;
  }
  for (int a = 0; a < d->nalts; a++) mean[a] = count[a] ? sum[a] / count[a] : 0;
  review_finish(d, mean, ws.live, diff2);
  rc = 0;
done:
  free(ws.start);
  free(ws.seed);
  free(ws.v);
  free(ws.flag);
  free(ws.ok);
  return rc;
}
