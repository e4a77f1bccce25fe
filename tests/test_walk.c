/*
 * test_walk.c - src/replay/walk.c, the walk the audit and analyze share,
 * with its own callbacks: every row reported once, in the cursor's order,
 * the same with worker threads as without, in batches of whole games or
 * of single rows (split_games); and each way a walk can fail
 * (admit, report, a worker without its state, a batch without its data)
 * stops it with that failure's code and words, reports nothing after it,
 * and returns (no thread left waiting: the threaded runs are also under
 * ThreadSanitizer in CI, .ci/run).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "store.h"
#include "walk.h"
#include "test_store_util.h" /* scratch_store_with */

#define SAMPLE PN_SOURCE_DIR "/sample-data/club-two-hand-bid.csv"

/* What a walk is told to do wrong, and what report saw.  Only the calling
 * thread writes it (admit and report run there); workers read it. */
typedef struct Ctx {
  int fail_admit_at;    /* the row (1-based) admit fails on, 0 none */
  int fail_report_at;   /* the batch (1-based) report fails on, 0 none */
  bool no_worker_state; /* worker_new runs out of memory */
  bool no_batch_data;   /* data_new runs out of memory */
  long admitted, reported_rows, reported_batches;
  uint64_t order;       /* the (game, hand) pairs, in the order reported */
  uint64_t content;     /* what the workers read of the rows */
} Ctx;

typedef struct BatchData {
  bool failed;
  uint64_t content; /* the rows' events, as a worker read them */
} BatchData;

static uint64_t mix(uint64_t h, uint64_t x) { return (h ^ x) * 0x100000001B3ull + 0x9E37ull; }

static void *data_new(void *ctx) { return ((Ctx *)ctx)->no_batch_data ? NULL : calloc(1, sizeof(BatchData)); }
static void data_clear(void *ctx, void *data) {
  (void)ctx;
  memset(data, 0, sizeof(BatchData));
}
static void data_free(void *ctx, void *data) {
  (void)ctx;
  free(data);
}
static void *worker_new(void *ctx) { return ((Ctx *)ctx)->no_worker_state ? NULL : malloc(1); }
static void worker_free(void *ctx, void *worker) {
  (void)ctx;
  free(worker);
}

static int admit(void *ctx, WalkBatch *b, int i, PnDiag *diag) {
  (void)b;
  (void)i;
  Ctx *c = ctx;
  if (++c->admitted == c->fail_admit_at) {
    snprintf(diag->msg, sizeof diag->msg, "admit refused row %ld", c->admitted);
    return PN_ERR_CORRUPT;
  }
  return 0;
}

static void work(void *ctx, void *worker, WalkBatch *b) {
  (void)ctx;
  BatchData *data = walk_data(b);
  if (!worker) { /* as walk.h asks: no state, the batch fails */
    data->failed = true;
    return;
  }
  for (int i = 0; i < walk_rows(b); i++) {
    StoreRow row;
    walk_row(b, i, &row);
    for (size_t k = 0; k < row.events_len; k++) data->content = mix(data->content, row.events[k]);
  }
}

static int report(void *ctx, WalkBatch *b, PnDiag *diag) {
  Ctx *c = ctx;
  BatchData *data = walk_data(b);
  if (data->failed) {
    snprintf(diag->msg, sizeof diag->msg, "a worker had no state");
    return PN_ERR_IO;
  }
  c->reported_batches++;
  for (int i = 0; i < walk_rows(b); i++) {
    StoreRow row;
    walk_row(b, i, &row);
    c->order = mix(c->order, (uint64_t)row.game_id << 16 | (uint64_t)row.hand);
    c->reported_rows++;
  }
  c->content = mix(c->content, data->content);
  if (c->reported_batches == c->fail_report_at) {
    snprintf(diag->msg, sizeof diag->msg, "report refused batch %ld", c->reported_batches);
    return PN_ERR_WRITE;
  }
  return 0;
}

/* One walk of the whole store with `workers` (as WalkOps.workers), a
 * batch a game (or a row: split_games); returns walk_run's code, the
 * words in *diag. */
static int walk_split(Store *store, int workers, bool split_games, Ctx *c, PnDiag *diag) {
  StoreCursor *cursor = NULL;
  StoreFilter all = {0};
  assert_int_equal(store_cursor_open(store, &all, &cursor, diag), 0);
  WalkOps ops = {.workers = workers, .max_workers = WALK_MAX_WORKERS, .batch_rows = 1, .split_games = split_games,
                 .data_new = data_new, .data_clear = data_clear, .data_free = data_free,
                 .worker_new = worker_new, .worker_free = worker_free, .admit = admit, .work = work,
                 .report = report, .ctx = c};
  memset(diag, 0, sizeof *diag);
  int rc = walk_run(cursor, &ops, diag);
  store_cursor_close(cursor);
  return rc;
}

static int walk_all(Store *store, int workers, Ctx *c, PnDiag *diag) {
  return walk_split(store, workers, false, c, diag);
}

static void test_walk_reports_every_row_in_order_with_or_without_threads(void **state) {
  (void)state;
  Store *store = scratch_store_with(SAMPLE);
  PnDiag diag;
  Ctx alone = {0}, three = {0};
  assert_int_equal(walk_all(store, -1, &alone, &diag), 0);
  assert_int_equal(walk_all(store, 3, &three, &diag), 0);
  assert_true(alone.reported_batches > 6); /* more batches than the ring holds: it goes round */
  assert_int_equal(alone.reported_rows, alone.admitted);
  assert_int_equal(three.reported_rows, alone.reported_rows);
  assert_int_equal(three.reported_batches, alone.reported_batches);
  assert_true(three.order == alone.order);
  assert_true(three.content == alone.content);
  store_close(store);
}

/* split_games: a batch a row, games cut wherever a batch fills (analyze
 * searches the hands of one game at once so): every row reported once,
 * in the same order and with the same game as in whole-game batches,
 * with threads as without. */
static void test_walk_split_games_reports_every_row_in_order(void **state) {
  (void)state;
  Store *store = scratch_store_with(SAMPLE);
  PnDiag diag;
  Ctx whole = {0}, alone = {0}, three = {0};
  assert_int_equal(walk_all(store, -1, &whole, &diag), 0);
  assert_int_equal(walk_split(store, -1, true, &alone, &diag), 0);
  assert_int_equal(walk_split(store, 3, true, &three, &diag), 0);
  assert_true(whole.reported_batches < whole.reported_rows); /* games of several hands: splitting changes something */
  assert_int_equal(alone.reported_batches, alone.reported_rows); /* a row a batch */
  assert_int_equal(alone.reported_rows, whole.reported_rows);
  assert_true(alone.order == whole.order); /* (game id, hand) of every row: a batch begun mid-game has its game */
  assert_int_equal(three.reported_batches, alone.reported_batches);
  assert_true(three.order == alone.order);
  assert_true(three.content == alone.content);
  store_close(store);
}

/* A walk `how` makes fail, run without threads and with three: each
 * stops with `code` and `msg`, and `check` looks at what it reported. */
static void walk_fails(Ctx how, int code, const char *msg, void (*check)(const Ctx *c)) {
  Store *store = scratch_store_with(SAMPLE);
  for (int workers = -1; workers <= 3; workers += 4) {
    PnDiag diag;
    Ctx c = how;
    assert_int_equal(walk_all(store, workers, &c, &diag), code);
    assert_string_equal(diag.msg, msg);
    check(&c);
  }
  store_close(store);
}

static void stopped_at_row_40(const Ctx *c) {
  assert_int_equal(c->admitted, 40);  /* no row read after it */
  assert_true(c->reported_rows < 40); /* the batch with row 40 is never reported */
}
static void stopped_at_batch_5(const Ctx *c) { assert_int_equal(c->reported_batches, 5); }
static void nothing_reported(const Ctx *c) { assert_int_equal(c->reported_batches, 0); }
static void nothing_read(const Ctx *c) {
  assert_int_equal(c->admitted, 0);
  assert_int_equal(c->reported_batches, 0);
}

static void test_walk_stops_where_admit_fails(void **state) {
  (void)state;
  walk_fails((Ctx){.fail_admit_at = 40}, PN_ERR_CORRUPT, "admit refused row 40", stopped_at_row_40);
}

static void test_walk_stops_where_report_fails(void **state) {
  (void)state;
  walk_fails((Ctx){.fail_report_at = 5}, PN_ERR_WRITE, "report refused batch 5", stopped_at_batch_5);
}

static void test_walk_fails_a_batch_whose_worker_has_no_state(void **state) {
  (void)state;
  walk_fails((Ctx){.no_worker_state = true}, PN_ERR_IO, "a worker had no state", nothing_reported);
}

static void test_walk_out_of_memory_for_a_batch(void **state) {
  (void)state;
  walk_fails((Ctx){.no_batch_data = true}, PN_ERR_IO, "out of memory", nothing_read);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_walk_reports_every_row_in_order_with_or_without_threads),
      cmocka_unit_test(test_walk_split_games_reports_every_row_in_order),
      cmocka_unit_test(test_walk_stops_where_admit_fails),
      cmocka_unit_test(test_walk_stops_where_report_fails),
      cmocka_unit_test(test_walk_fails_a_batch_whose_worker_has_no_state),
      cmocka_unit_test(test_walk_out_of_memory_for_a_batch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
