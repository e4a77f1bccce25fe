/*
 * review_worlds.c - the deals of a bid, trump or pass decision (review.h):
 * drawn in order from the decision's generator, valued on the crew's
 * threads (review_set_crew: each job with its own solver), then summed in
 * deal order, so the values do not depend on the jobs.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "review_int.h"

void review_set_crew(Reviewer *r, Reviewer *const *crew, int n) {
  r->ncrew = 0;
  for (int j = 0; j < n && j < RV_MAX_JOBS; j++)
    if (crew[j] != r) r->crew[r->ncrew++] = crew[j];
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
  atomic_int next;                    /* the next unit no job has taken */
} Worlds;

typedef struct CrewArg {
  Worlds *ws;
  Reviewer *r;
} CrewArg;

/* A job: units until none is left, on reviewer r. */
static void value_deals(Worlds *ws, Reviewer *r) {
  for (int u; (u = atomic_fetch_add(&ws->next, 1)) < ws->n * ws->per;) {
    int i = u / ws->per;
    ws->ok[u] = ws->value(r, ws->ctx, ws->start[i], ws->seed[i], ws->each ? u % ws->per : -1, &ws->v[i * RV_MAX_ALTS],
                          &ws->flag[i]);
  }
}

static void *crew_thread(void *arg) {
  CrewArg *a = arg;
  value_deals(a->ws, a->r);
  return NULL;
}

/* Every deal valued: by r and each of its crew (given r's budget and
 * all_values), each on its own thread. */
static void value_all(Reviewer *r, Worlds *ws) {
  pthread_t threads[RV_MAX_JOBS];
  CrewArg args[RV_MAX_JOBS];
  int started = 0;
  for (int j = 0; j < r->ncrew && j + 1 < ws->n * ws->per; j++) {
    Reviewer *c = r->crew[j];
    c->budget = r->budget;
    c->all_values = r->all_values;
    args[j] = (CrewArg){.ws = ws, .r = c};
    if (pthread_create(&threads[started], NULL, crew_thread, &args[j]) != 0) break; /* fewer jobs: the same values */
    started++;
  }
  value_deals(ws, r);
  for (int j = 0; j < started; j++) pthread_join(threads[j], NULL);
}

int review_worlds(Reviewer *r, RvSpace *sp, SimRng *rng, RvWorldValue value, const void *ctx, bool each, RvDecision *d,
                  int *flags) {
  Worlds ws = {.value = value, .ctx = ctx, .each = each, .per = each ? d->nalts : 1};
  int want = r->worlds, rc = -1;
  ws.start = calloc((size_t)want, sizeof *ws.start);
  ws.seed = calloc((size_t)want, sizeof *ws.seed);
  ws.v = calloc((size_t)want * RV_MAX_ALTS, sizeof *ws.v);
  ws.flag = calloc((size_t)want, sizeof *ws.flag);
  ws.ok = calloc((size_t)want * RV_MAX_ALTS, sizeof *ws.ok);
  *flags = 0;
  if (!ws.start || !ws.seed || !ws.v || !ws.flag || !ws.ok || review_space_count(sp) <= 0) goto done;
  /* drawn in order, a deal then its bots' seed, as one at a time would */
  for (; ws.n < want; ws.n++) {
    bool drawn = review_space_sample(sp, rng, ws.start[ws.n]) == 0;
    ws.seed[ws.n] = sim_rng_next(rng);
    if (!drawn) break;
  }
  atomic_init(&ws.next, 0);
  value_all(r, &ws);
  double sum[RV_MAX_ALTS] = {0}, diff2[RV_MAX_ALTS] = {0};
  for (int i = 0; i < ws.n; i++) { /* summed in order up to the first deal not valued */
    bool valued = true;
    for (int k = 0; k < ws.per; k++) valued = valued && ws.ok[i * ws.per + k];
    if (!valued) break;
    const double *v = &ws.v[i * RV_MAX_ALTS];
    for (int a = 0; a < d->nalts; a++) {
      sum[a] += v[a];
      diff2[a] += (v[a] - v[d->chosen]) * (v[a] - v[d->chosen]);
    }
    d->best_worlds += review_chosen_best(v, d->nalts, d->chosen);
    *flags += ws.flag[i];
    d->worlds++;
  }
  if (d->worlds == want) {
    review_finish(d, sum, diff2);
    rc = 0;
  }
done:
  free(ws.start);
  free(ws.seed);
  free(ws.v);
  free(ws.flag);
  free(ws.ok);
  return rc;
}
