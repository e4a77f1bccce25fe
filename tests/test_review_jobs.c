/*
 * test_review_jobs.c - review_run on worker threads (src/review: a hand's
 * plays a job each, a bid's, trump's and pass's deals on every job's
 * thread): the output and the counts are the same on one thread and on
 * two, with a node budget that stops some solves too (each solve starts
 * as on a cleared table, so where it stops does not depend on what its
 * job did before).  Small enough to run under ThreadSanitizer in CI
 * (.ci/run).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "review.h"
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_review_jobs_same_as_one_thread),
      cmocka_unit_test(test_review_jobs_with_a_budget),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
