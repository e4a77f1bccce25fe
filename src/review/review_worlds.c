/*
 * review_worlds.c - the deals of a bid, trump or pass decision (review.h):
 * drawn in order from the decision's generator in batches until settled,
 * valued on the crew's threads (review_set_crew: each job with its own
 * solver), then summed in deal order, so the values do not depend on the
 * jobs; and the crew's work sharing: a hand's decisions side by side,
 * each decision's deals offered to every job (review_crew_run_all).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "review_int.h"

void review_set_crew(Reviewer *r, Reviewer *const *crew, int n) {
  r->ncrew = 0;
  for (int j = 0; j < n && j < RV_MAX_JOBS; j++)
    if (crew[j] != r) r->crew[r->ncrew++] = crew[j];
}

/* Units of work offered to every job of a review_crew_run_all: the
 * top-level ones, then each batch of deals a decision asks for while it
 * runs.  Guarded by the pool's lock. */
typedef struct Range {
  RvUnit unit;
  void *ctx;
  int next, end;       /* the next unit not taken; units [.., end) */
  int left;            /* units not finished */
  bool drives;         /* its units call review_crew_run: not taken by a job waiting in one */
  bool top;            /* one of review_crew_run_all's own */
  struct Range *older; /* the pool's list, newest first */
} Range;

typedef struct RvPool {
  pthread_mutex_t lock;
  pthread_cond_t changed; /* a unit finished or a range was offered */
  Range *ranges;          /* newest first: a decision's deals before more decisions */
  int top_left;           /* top-level units not finished */
} RvPool;

/* The next unit a job may take (own range first; a job waiting for its
 * own takes no unit that drives), or false; lock held. */
static bool take_unit(RvPool *p, Range *own, Range **got, int *u) {
  Range *g = own && own->next < own->end ? own : NULL;
  for (Range *o = p->ranges; !g && o; o = o->older)
    if (o->next < o->end && (!own || !o->drives)) g = o;
  if (!g) return false;
  *got = g;
  *u = g->next++;
  return true;
}

/* Units on reviewer r until `own` is finished (a job waiting for its
 * deals: it values those and any other leaf units meanwhile), or with own
 * NULL until every top-level unit is; lock held. */
static void serve(RvPool *p, Reviewer *r, Range *own) {
  while (own ? own->left > 0 : p->top_left > 0) {
    Range *g;
    int u;
    if (!take_unit(p, own, &g, &u)) {
      pthread_cond_wait(&p->changed, &p->lock);
      continue;
    }
    pthread_mutex_unlock(&p->lock);
    g->unit(r, u, g->ctx);
    pthread_mutex_lock(&p->lock);
    g->left--;
    p->top_left -= g->top;
    pthread_cond_broadcast(&p->changed);
  }
}

typedef struct PoolArg {
  RvPool *pool;
  Reviewer *r;
} PoolArg;

static void *pool_thread(void *arg) {
  PoolArg *a = arg;
  pthread_mutex_lock(&a->pool->lock);
  serve(a->pool, a->r, NULL);
  pthread_mutex_unlock(&a->pool->lock);
  return NULL;
}

/* Offers [from, to) to the pool's jobs and serves until they are done. */
static void pool_run(RvPool *p, Reviewer *r, int from, int to, RvUnit unit, void *ctx) {
  Range g = {.unit = unit, .ctx = ctx, .next = from, .end = to, .left = to - from};
  pthread_mutex_lock(&p->lock);
  g.older = p->ranges;
  p->ranges = &g;
  pthread_cond_broadcast(&p->changed);
  serve(p, r, &g);
  Range **at = &p->ranges;
  while (*at != &g) at = &(*at)->older;
  *at = g.older;
  pthread_mutex_unlock(&p->lock);
}

void review_crew_run(Reviewer *r, int from, int to, RvUnit unit, void *ctx) {
  if (r->pool) pool_run(r->pool, r, from, to, unit, ctx);
  else review_crew_run_all(r, from, from, to, unit, ctx);
}

void review_crew_run_all(Reviewer *r, int from, int drive_to, int to, RvUnit unit, void *ctx) {
  RvPool p = {.top_left = to - from};
  Range leaves = {.unit = unit, .ctx = ctx, .next = drive_to, .end = to, .left = to - drive_to, .top = true};
  Range drivers = {.unit = unit, .ctx = ctx, .next = from, .end = drive_to, .left = drive_to - from,
                   .drives = true, .top = true, .older = &leaves};
  p.ranges = &drivers;
  pthread_mutex_init(&p.lock, NULL);
  pthread_cond_init(&p.changed, NULL);
  Reviewer *jobs[RV_MAX_JOBS + 1] = {r};
  int njobs = 1;
  for (int j = 0; j < r->ncrew; j++) jobs[njobs++] = r->crew[j];
  for (int j = 0; j < njobs; j++) { /* a decision runs on any job: each as r */
    Reviewer *c = jobs[j];
    c->worlds = r->worlds;
    c->budget = r->budget;
    c->all_values = r->all_values;
    c->min_worlds = r->min_worlds;
    c->se_target = r->se_target;
    c->pool = &p;
  }
  pthread_t threads[RV_MAX_JOBS];
  PoolArg args[RV_MAX_JOBS];
  int started = 0;
  for (int j = 1; j < njobs && j < to - from; j++) {
    args[j - 1] = (PoolArg){.pool = &p, .r = jobs[j]};
    if (pthread_create(&threads[started], NULL, pool_thread, &args[j - 1]) != 0) break; /* fewer jobs: the same work */
    started++;
  }
  pthread_mutex_lock(&p.lock);
  serve(&p, r, NULL);
  pthread_mutex_unlock(&p.lock);
  for (int j = 0; j < started; j++) pthread_join(threads[j], NULL);
  for (int j = 0; j < njobs; j++) jobs[j]->pool = NULL;
  pthread_cond_destroy(&p.changed);
  pthread_mutex_destroy(&p.lock);
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

/* Deal u (RvDeals' deal, its exact bits and flag cleared first). */
static void deal_unit(Reviewer *r, int u, void *ctx) {
  RvDeals *b = ctx;
  b->exact[u] = 0;
  b->flag[u] = 0;
  b->ok[u] = b->deal(r, b, u);
}

/* Deal u: b->solving exact, where it is not yet. */
static void exact_unit(Reviewer *r, int u, void *ctx) {
  RvDeals *b = ctx;
  b->ok[u] = (b->exact[u] >> b->solving & 1u) || b->exact_one(r, b, u, b->solving);
}

int review_beat(const RvDeals *b, int i, int a) {
  double chosen = b->v[i * RV_MAX_ALTS + b->chosen];
  return b->sure[a] || chosen <= 0 ? -1 : (int)chosen + 1; /* a set chosen: beaten by any that makes */
}

/* The live alternatives that may lead over n deals (their bounds' sum
 * above the best exact sum, or tied with it where the tie would go their
 * way: review_leader) solved exactly in every deal, the highest sum
 * first, until none may.  False when a solve stopped. */
static bool exact_leaders(Reviewer *r, RvDeals *b, int nalts, int n) {
  for (;;) {
    double sum[RV_MAX_ALTS] = {0};
    for (int i = 0; i < n; i++)
      for (int a = 0; a < nalts; a++) sum[a] += b->v[i * RV_MAX_ALTS + a];
    int best = b->chosen, next = -1;
    for (int a = 0; a < nalts; a++)
      if (b->live[a] && b->sure[a] && sum[a] > sum[best]) best = a;
    for (int a = 0; a < nalts; a++) {
      bool may_lead = sum[a] > sum[best] || (sum[a] == sum[best] && best != b->chosen && a < best);
      if (b->live[a] && !b->sure[a] && may_lead && (next < 0 || sum[a] > sum[next])) next = a;
    }
    if (next < 0) return true;
    b->sure[next] = true;
    b->solving = next;
    review_crew_run(r, 0, n, exact_unit, b);
    for (int i = 0; i < n; i++)
      if (!b->ok[i]) return false;
  }
}

int review_worlds(Reviewer *r, RvSpace *sp, SimRng *rng, RvDeals *b, RvDecision *d) {
  int want = r->worlds, rc = -1, nalts = d->nalts, upto[RV_MAX_ALTS] = {0}; /* deals each was valued in */
  bool drops = b->drops && !r->all_values;
  b->nalts = nalts;
  b->chosen = d->chosen;
  b->flags = 0;
  b->start = calloc((size_t)want, sizeof *b->start);
  b->seed = calloc((size_t)want, sizeof *b->seed);
  b->v = calloc((size_t)want * RV_MAX_ALTS, sizeof *b->v);
  b->exact = calloc((size_t)want, sizeof *b->exact);
  b->flag = calloc((size_t)want, sizeof *b->flag);
  b->ok = calloc((size_t)want, sizeof *b->ok);
  for (int a = 0; a < RV_MAX_ALTS; a++) {
    b->live[a] = a < nalts;
    b->sure[a] = a == d->chosen || b->all_exact || r->all_values;
  }
  if (!b->start || !b->seed || !b->v || !b->exact || !b->flag || !b->ok || review_space_count(sp) <= 0) goto done;
  int n = 0;
  /* In batches until settled (as the plays: min_worlds, then 4 at a
   * time); the deals drawn in order, a deal then its bots' seed, so they
   * are those of a fixed sample whatever the batches and jobs. */
  while (n < want) {
    int from = n, to = n ? n + RV_BATCH_WORLDS : r->min_worlds;
    if (to > want) to = want;
    for (int i = from; i < to; i++) {
      bool drawn = review_space_sample(sp, rng, b->start[i]) == 0;
      b->seed[i] = sim_rng_next(rng);
      if (!drawn) goto done;
    }
    review_crew_run(r, from, to, deal_unit, b);
    for (int i = from; i < to; i++)
      if (!b->ok[i]) {
        d->worlds = i; /* the deals before the one not valued */
        goto done;
      }
    n = d->worlds = to;
    if (!exact_leaders(r, b, nalts, n)) goto done;
    for (int a = 0; a < nalts; a++) upto[a] = b->live[a] ? n : upto[a];
    if (drops) review_drop_behind(b->v, n, nalts, b->chosen, b->live);
    if (review_settled(b->v, n, nalts, b->chosen, b->live, r->se_target)) break;
  }
  double sum[RV_MAX_ALTS] = {0}, diff2[RV_MAX_ALTS] = {0}, mean[RV_MAX_ALTS] = {0};
  bool solid[RV_MAX_ALTS] = {false}; /* live and exact in every deal */
  for (int i = 0; i < n; i++) {
    double *v = &b->v[i * RV_MAX_ALTS], lv[RV_MAX_ALTS];
    for (int a = 0; a < nalts; a++) {
      lv[a] = i < upto[a] ? v[a] : -INFINITY;
      if (i >= upto[a]) continue;
      sum[a] += v[a];
      diff2[a] += (v[a] - v[b->chosen]) * (v[a] - v[b->chosen]);
    }
    d->best_worlds += review_chosen_best(lv, nalts, b->chosen);
    b->flags += b->flag[i];
  }
  for (int a = 0; a < nalts; a++) {
    mean[a] = upto[a] ? sum[a] / upto[a] : 0;
    solid[a] = b->live[a] && b->sure[a];
  }
  review_finish(d, mean, solid, diff2);
  rc = 0;
done:
  free(b->start);
  free(b->seed);
  free(b->v);
  free(b->exact);
  free(b->flag);
  free(b->ok);
  return rc;
}
