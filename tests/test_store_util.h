/*
 * test_store_util.h - for the tests that link the store (test_analysis.c,
 * test_analysis_jobs.c, test_walk.c): a scratch database holding an event
 * log.  Apart from test_util.h, which the engine's tests include without
 * the store.  Include after <cmocka.h>; header only.
 */
#ifndef PN_TEST_STORE_UTIL_H
#define PN_TEST_STORE_UTIL_H

#include "import.h"
#include "store.h"

/* A scratch database holding the event log `file` (a sample's path). */
static inline Store *scratch_store_with(const char *file) {
  Store *store = NULL;
  PnDiag diag = {0};
  if (store_open(STORE_SCRATCH, STORE_CREATE, &store, &diag) != 0) fail_msg("scratch store: %s", diag.msg);
  ImportOptions opts = {0};
  ImportStats stats = {0};
  if (import_file(store, file, &opts, &stats, &diag) != 0) fail_msg("import %s: %s", file, diag.msg);
  return store;
}

#endif
