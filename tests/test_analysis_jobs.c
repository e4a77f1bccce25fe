/*
 * test_analysis_jobs.c - analysis_run on worker threads (src/replay/walk.c):
 * the output, the stored analyses and the counts are the same on one
 * thread and on three, with a node budget that stops some hands and not
 * others.  Small enough to run under ThreadSanitizer in CI (.ci/run).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "store.h"
#include "writer.h"
#include "test_store_util.h" /* scratch_store_with */

#define SAMPLE PN_SOURCE_DIR "/sample-data/club-two-hand-bid.csv"

/* One run of the whole sample on a fresh database: the JSON written into
 * *text (the caller frees it), the counts into *stats. */
static void run(int jobs, char **text, AnRunStats *stats, long *stored_after) {
  Store *store = scratch_store_with(SAMPLE);
  PnDiag diag = {0};
  size_t len = 0;
  FILE *out = open_memstream(text, &len);
  assert_non_null(out);
  AnRunOptions opts = {.format = OUT_JSON, .budget = 10000, .table_bytes = 1u << 20, .store_results = true,
                       .jobs = jobs};
  StoreFilter all = {0};
  int rc = analysis_run(store, &all, &opts, out, stats, &diag);
  if (rc != 0) fail_msg("analysis_run: %s", diag.msg);
  assert_int_equal(fclose(out), 0);
  /* the analyses were stored: a second run reads every one back */
  AnRunStats again;
  FILE *null = fopen("/dev/null", "w");
  assert_non_null(null);
  assert_int_equal(analysis_run(store, &all, &opts, null, &again, &diag), 0);
  fclose(null);
  *stored_after = again.stored;
  store_close(store);
}

static void test_analysis_jobs_same_as_one_thread(void **state) {
  (void)state;
  char *one = NULL, *three = NULL;
  AnRunStats s1, s3;
  long stored1, stored3;
  run(1, &one, &s1, &stored1);
  run(3, &three, &s3, &stored3);
  assert_string_equal(one, three);
  assert_int_equal(s1.games, s3.games);
  assert_int_equal(s1.hands, s3.hands);
  assert_int_equal(s1.searched, s3.searched);
  assert_int_equal(s1.unanalysed, s3.unanalysed);
  assert_int_equal(s1.nodes, s3.nodes); /* each hand searched as if alone */
  assert_int_equal(stored1, s1.hands);
  assert_int_equal(stored3, s3.hands);
  /* the budget stopped some hands and not others, or the check is blind */
  assert_true(s1.unanalysed > 0 && s1.unanalysed < s1.hands);
  assert_true(strstr(one, "\"status\": \"analysed\"") != NULL);
  free(one);
  free(three);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_analysis_jobs_same_as_one_thread),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
