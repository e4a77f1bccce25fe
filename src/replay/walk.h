/*
 * walk.h - the rows a store cursor walks, worked on by worker threads and
 * handed back in walk order: what replay_run (the audit) and analysis_run
 * (analyze) share.
 *
 * The walk is cut into batches of whole games (a game's hands need the
 * state its earlier hands leave), or of any rows (split_games) when the
 * caller carries a game's state from row to row itself, in admit, and
 * hands each batch what its rows need.  The calling thread steps the cursor,
 * copies rows into a free batch (admit sees each row as it goes in) and
 * marks the batch filled; any free worker works on a filled batch with
 * state of its own (work); the calling thread takes batches back strictly
 * in walk order (report) and frees them.  So the cursor and the database
 * are only ever used by the calling thread, and what report sees is the
 * same, byte for byte, as a walk on one thread, which is also what runs
 * when no thread can be started.
 *
 * A ring of 2 x workers batches: a batch goes FREE -> FILLED (the caller)
 * -> TAKEN -> DONE (a worker) -> FREE (the caller, after reporting it).
 * The batches' states, in src/util's work queue (pn_queue.h), are the
 * only data the threads share; each batch's caller data (data_new) is
 * touched by one thread at a time, as its state says.
 */
#ifndef PN_WALK_H
#define PN_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "pn_err.h"
#include "store.h"

enum { WALK_MAX_WORKERS = 8 };

typedef struct WalkBatch WalkBatch;

/* The rows of a batch, and row i as the cursor gave it (its strings and
 * blobs point into the batch: valid until the batch is freed). */
int walk_rows(const WalkBatch *b);
void walk_row(const WalkBatch *b, int i, StoreRow *row);
/* The caller's data of the batch (made by data_new). */
void *walk_data(const WalkBatch *b);

typedef struct WalkOps {
  int workers;     /* threads: 0 = one per core (at most max_workers), < 0 none (the caller's) */
  int max_workers; /* 1 .. WALK_MAX_WORKERS */
  int batch_rows;  /* a batch ends with a game once it holds this many rows (1: a game a batch) */
  bool split_games; /* ... or after that many rows, inside a game (1: a row a batch) */
  /* The caller's data of a batch: made once per ring slot (NULL: out of
   * memory), emptied before each use, freed at the end. */
  void *(*data_new)(void *ctx);
  void (*data_clear)(void *ctx, void *data);
  void (*data_free)(void *ctx, void *data);
  /* A worker's own state (a game, a solver), made on its thread; NULL
   * when out of memory, and work is then given NULL: it must fail the
   * batch.  NULL functions: no state. */
  void *(*worker_new)(void *ctx);
  void (*worker_free)(void *ctx, void *worker);
  /* NULL, or the calling thread's look at row i as it joins batch b (it
   * may use the database).  Returns 0, or a negative code with diag:
   * the walk stops there. */
  int (*admit)(void *ctx, WalkBatch *b, int i, PnDiag *diag);
  /* Works on every row of b, on a worker thread: not the database. */
  void (*work)(void *ctx, void *worker, WalkBatch *b);
  /* The calling thread, batches in walk order.  Returns 0, or a negative
   * code with diag: the walk stops there. */
  int (*report)(void *ctx, WalkBatch *b, PnDiag *diag);
  void *ctx;       /* passed to every function */
} WalkOps;

/* How many threads `asked` (as WalkOps.workers) means on this machine: 0
 * for none (one core, or asked < 0). */
int walk_workers(int asked, int max_workers);

/*
 * Walks every row of the cursor as above.  Returns 0, or the code that
 * stopped it, with diag: the cursor's, admit's or report's, or PN_ERR_IO
 * (out of memory).  Whatever was reported before it stands.
 */
int walk_run(StoreCursor *cursor, const WalkOps *ops, PnDiag *diag);

#endif
