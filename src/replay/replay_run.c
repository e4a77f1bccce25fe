/*
 * replay_run.c - replay_run (replay.h): the stored hands a cursor walks,
 * replayed on worker threads, their findings given back in order.
 *
 * Games are independent, so the walk (walk.h) cuts it into batches of
 * whole games: any free worker replays a filled batch with a game state
 * of its own, and the calling thread hands the batches' findings (and
 * results to fix) to its callbacks strictly in walk order.  So the output
 * is the same, byte for byte, as a replay on one thread.
 */
#include "replay.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pn_buf.h"
#include "walk.h"

enum { MAX_WORKERS = 4, BATCH_HANDS = 256 };

/* What a worker found, by hand. */
typedef struct Found {
  int row;                    /* index in hands[] */
  ReplayFinding finding;
} Found;

typedef struct Fix {
  int row;
  size_t len;
  uint8_t bytes[CODEC_MAX_RESULTS];
} Fix;

/* What a worker found in a batch (walk_data). */
typedef struct Batch {
  Found *found;               /* the worker's findings, in order */
  int nfound;
  size_t found_cap;
  Fix *fixes;                 /* derived results of hands with a stored-result finding */
  int nfixes;
  size_t fixes_cap;
  bool failed;                /* the replay stopped at a damaged hand */
  PnDiag diag;
  int collecting;             /* the row being replayed (for collect) */
  bool out_of_memory;
} Batch;

/* --------------------------------------------------- a batch's findings */

static void *batch_new(void *ctx) {
  (void)ctx;
  return calloc(1, sizeof(Batch));
}

static void batch_clear(void *ctx, void *data) {
  (void)ctx;
  Batch *b = data;
  b->nfound = b->nfixes = 0;
  b->failed = b->out_of_memory = false;
}

static void batch_free(void *ctx, void *data) {
  (void)ctx;
  Batch *b = data;
  free(b->found);
  free(b->fixes);
  free(b);
}

/* ----------------------------------------------------------- replaying */

static void collect(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  (void)row;
  Batch *b = ctx;
  if (!PN_VEC_ROOM_FOR_ONE(b->found, b->found_cap, b->nfound)) {
    b->out_of_memory = true;
    return;
  }
  b->found[b->nfound].row = b->collecting;
  b->found[b->nfound].finding = *f;
  b->nfound++;
}

/* The walk's context. */
typedef struct Run {
  const ReplayRunOptions *opts;
  ReplayRunStats *stats;
} Run;

/* Replays every row of wb on `game` (a worker's own) into b. */
static void replay_batch(const WalkBatch *wb, Batch *b, PnGame *game, bool want_fixes) {
  for (int i = 0; i < walk_rows(wb) && !b->failed; i++) {
    StoreRow row;
    walk_row(wb, i, &row);
    if (row.new_game) {
      PnRules rules;
      if (replay_rules(row.preset, row.options, row.noptions, &rules, &b->diag) != 0) {
        size_t len = strlen(b->diag.msg);
        char msg[sizeof b->diag.msg];
        memcpy(msg, b->diag.msg, len + 1);
        snprintf(b->diag.msg, sizeof b->diag.msg, "game %.60s: %.170s", row.key, msg);
        b->failed = true;
        break;
      }
      pn_game_init(game, &rules);
    }
    if (row.hand == 0) continue;
    b->collecting = i;
    int before = b->nfound;
    CodecResults derived;
    if (replay_hand(game, &row, collect, b, &derived, &b->diag) != 0) {
      b->failed = true;
      break;
    }
    bool stale = false;
    for (int k = before; k < b->nfound; k++) stale |= b->found[k].finding.kind == PN_FIND_STORED_RESULT;
    if (want_fixes && stale) {
      if (!PN_VEC_ROOM_FOR_ONE(b->fixes, b->fixes_cap, b->nfixes)) {
        b->out_of_memory = true;
        break;
      }
      Fix *fx = &b->fixes[b->nfixes++];
      fx->row = i;
      fx->len = codec_results_encode(&derived, fx->bytes);
    }
  }
  if (b->out_of_memory && !b->failed) {
    b->failed = true;
    snprintf(b->diag.msg, sizeof b->diag.msg, "out of memory");
  }
}

static void *game_new(void *ctx) {
  (void)ctx;
  return malloc(sizeof(PnGame));
}

static void game_free(void *ctx, void *game) {
  (void)ctx;
  free(game);
}

static void work(void *ctx, void *game, WalkBatch *wb) {
  const Run *run = ctx;
  Batch *b = walk_data(wb);
  if (game) {
    replay_batch(wb, b, game, run->opts->fix != NULL);
  } else {
    b->failed = true;
    snprintf(b->diag.msg, sizeof b->diag.msg, "out of memory");
  }
}

/* ------------------------------------------------------------ the walk */

/* Hands the batch's findings and fixes to the callbacks.  Returns 0, or
 * PN_ERR_IO with diag (the replay failed, or a fix could not be stored). */
static int report(void *ctx, WalkBatch *wb, PnDiag *diag) {
  const Run *run = ctx;
  const ReplayRunOptions *o = run->opts;
  ReplayRunStats *stats = run->stats;
  Batch *b = walk_data(wb);
  int f = 0, x = 0;
  for (int i = 0; i < walk_rows(wb); i++) {
    StoreRow row;
    walk_row(wb, i, &row);
    if (row.new_game) stats->games++;
    if (row.hand != 0) stats->hands++;
    bool stale_reported = false;
    for (; f < b->nfound && b->found[f].row == i; f++) {
      const ReplayFinding *finding = &b->found[f].finding;
      if (o->emit(o->ctx, &row, finding) && finding->kind == PN_FIND_STORED_RESULT) stale_reported = true;
    }
    for (; x < b->nfixes && b->fixes[x].row < i; x++) continue;
    if (x < b->nfixes && b->fixes[x].row == i && stale_reported) {
      if (o->fix(o->ctx, &row, b->fixes[x].bytes, b->fixes[x].len, diag) != 0) return PN_ERR_IO;
      stats->fixed++;
    }
  }
  if (o->progress) o->progress(o->ctx, stats);
  if (b->failed) {
    *diag = b->diag;
    return PN_ERR_IO;
  }
  return 0;
}

int replay_run(StoreCursor *cursor, const ReplayRunOptions *opts, ReplayRunStats *stats, PnDiag *diag) {
  Run run = {opts, stats};
  WalkOps ops = {.workers = opts->workers, .max_workers = MAX_WORKERS, .batch_rows = BATCH_HANDS,
                 .data_new = batch_new, .data_clear = batch_clear, .data_free = batch_free,
                 .worker_new = game_new, .worker_free = game_free, .work = work, .report = report,
                 .ctx = &run};
  return walk_run(cursor, &ops, diag) == 0 ? 0 : PN_ERR_IO;
}
