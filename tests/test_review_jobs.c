/*
 * test_review_jobs.c - review_run on worker threads (src/review: a hand's
 * plays a job each, a bid's, trump's and pass's deals on every job's
 * thread): the output and the counts are the same on one thread and on
 * two, with a node budget that stops some solves too (each solve starts
 * as on a cleared table, so where it stops does not depend on what its
 * job did before); and the schedule that runs them (review_crew_run_all:
 * decisions side by side, each one's deals offered to every job).  Small
 * enough to run under ThreadSanitizer in CI (.ci/run).
 */
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "review.h"
#include "review_int.h" /* review_crew_run_all */
#include "store.h"
#include "writer.h"
#include "test_store_util.h" /* scratch_store_with */

#define SAMPLE PN_SOURCE_DIR "/sample-data/club-partnership-auction.csv"
#define GAME "sim-partnership-auction-2026-1"

/* Hand 3 of GAME (trump, two passes and the plays; a bid's deals go the
 * trump's way, review_worlds) reviewed on a fresh database by `jobs` jobs: the JSON
 * into *text (the caller frees it), the counts into *stats. */
static void run(int jobs, int worlds, long budget, char **text, RvRunStats *stats) {
  Store *store = scratch_store_with(SAMPLE);
  PnDiag diag = {0};
  size_t len = 0;
  FILE *out = open_memstream(text, &len);
  assert_non_null(out);
  const char *key = GAME;
  StoreFilter filter = {.nkeys = 1, .keys = &key};
  RvRunOptions opts = {.format = OUT_JSON, .worlds = worlds, .budget = budget, .seed = 5, .trump = true, .jobs = jobs};
  int rc = review_run(store, &filter, 3, &opts, out, stats, &diag);
  if (rc != 0) fail_msg("review_run: %s", diag.msg);
  assert_int_equal(fclose(out), 0);
  store_close(store);
}

/* Two deals a decision: a bid's, trump's and pass's deals valued on two
 * threads, the plays a job each. */
static void test_review_jobs_same_as_one_thread(void **state) {
  (void)state;
  char *one = NULL, *two = NULL;
  RvRunStats s1, s2;
  run(1, 2, 0, &one, &s1);
  run(2, 2, 0, &two, &s2);
  assert_string_equal(one, two);
  assert_int_equal(s1.decisions, s2.decisions);
  assert_int_equal(s1.unvalued, s2.unvalued);
  /* every kind of decision was reviewed, or the check is blind to one */
  for (const char *kind = "trump\0pass\0play\0"; *kind; kind += strlen(kind) + 1) {
    char want[40];
    snprintf(want, sizeof want, "\"decision\": \"%s\"", kind);
    if (!strstr(one, want)) fail_msg("no %s decision reviewed", kind);
  }
  assert_true(s1.decisions > 40 && s1.unvalued == 0);
  free(one);
  free(two);
}

/* With a budget that stops some solves, two jobs give what one gives:
 * the same decisions unvalued, the same values for the others. */
static void test_review_jobs_with_a_budget(void **state) {
  (void)state;
  char *one = NULL, *two = NULL;
  RvRunStats s1, s2;
  run(1, 2, 300000, &one, &s1);
  run(2, 2, 300000, &two, &s2);
  assert_string_equal(one, two);
  assert_int_equal(s1.unvalued, s2.unvalued);
  assert_true(s1.unvalued > 0 && s1.unvalued < s1.decisions);
  free(one);
  free(two);
}

/* review_crew_run_all's schedule, with units that only count: DRIVERS
 * units that each offer BATCHES batches of LEAVES units (as a trump's
 * deals), then PLAYS units that offer none (as the plays). */
enum { DRIVERS = 4, BATCHES = 3, LEAVES = 5, PLAYS = 12 };

typedef struct Schedule {
  atomic_int leaf_done[DRIVERS][BATCHES * LEAVES];
  atomic_int top_done[DRIVERS + PLAYS];
  atomic_int early;  /* a batch not finished when its review_crew_run returned */
  atomic_int nested; /* a decision started inside another's wait */
} Schedule;

static _Thread_local int driving; /* decisions running on this thread */

typedef struct Batch {
  Schedule *s;
  int driver;
} Batch;

static void pause_briefly(void) {
  struct timespec ts = {0, 200000}; /* long enough for the jobs to overlap */
  nanosleep(&ts, NULL);
}

static void leaf_unit(Reviewer *r, int u, void *ctx) {
  (void)r;
  const Batch *b = ctx;
  pause_briefly();
  atomic_fetch_add(&b->s->leaf_done[b->driver][u], 1);
}

static void top_unit(Reviewer *r, int u, void *ctx) {
  Schedule *s = ctx;
  if (u < DRIVERS) {
    if (driving++ > 0) atomic_fetch_add(&s->nested, 1);
    Batch b = {.s = s, .driver = u};
    for (int k = 0; k < BATCHES; k++) {
      review_crew_run(r, k * LEAVES, (k + 1) * LEAVES, leaf_unit, &b);
      for (int i = 0; i < (k + 1) * LEAVES; i++)
        if (atomic_load(&s->leaf_done[u][i]) != 1) atomic_fetch_add(&s->early, 1);
    }
    driving--;
  } else {
    pause_briefly();
  }
  atomic_fetch_add(&s->top_done[u], 1);
}

/* Every unit once; a decision's batch finished when review_crew_run
 * returns; a job waiting for its deals never starts another decision (its
 * thread's state is the waiting one's). */
static void test_crew_run_all_schedule(void **state) {
  (void)state;
  for (int jobs = 1; jobs <= 3; jobs++) {
    Reviewer *rv[3];
    for (int j = 0; j < jobs; j++) assert_non_null(rv[j] = review_new(4, 0));
    review_set_crew(rv[0], rv, jobs);
    static Schedule s;
    memset(&s, 0, sizeof s);
    review_crew_run_all(rv[0], 0, DRIVERS, DRIVERS + PLAYS, top_unit, &s);
    for (int u = 0; u < DRIVERS + PLAYS; u++) assert_int_equal(atomic_load(&s.top_done[u]), 1);
    for (int d = 0; d < DRIVERS; d++)
      for (int i = 0; i < BATCHES * LEAVES; i++) assert_int_equal(atomic_load(&s.leaf_done[d][i]), 1);
    assert_int_equal(atomic_load(&s.early), 0);
    assert_int_equal(atomic_load(&s.nested), 0);
    for (int j = 0; j < jobs; j++) review_free(rv[j]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_review_jobs_same_as_one_thread),
      cmocka_unit_test(test_review_jobs_with_a_budget),
      cmocka_unit_test(test_crew_run_all_schedule),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
