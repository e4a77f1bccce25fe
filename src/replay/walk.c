/* walk.c - a cursor's rows in batches of whole games, worked on by worker
 * threads, handed back in walk order (walk.h). */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include "walk.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pn_buf.h"
#include "pn_queue.h"

_Static_assert(2 * WALK_MAX_WORKERS <= PN_QUEUE_MAX_SLOTS, "a ring of two batches a worker fits the queue");

typedef enum { FREE = 0, FILLED, TAKEN, DONE } BatchState; /* FREE: the queue's initial state */

/* A game of the batch; strings are offsets in the batch's text, but for
 * the options and tags, which keep their own arrays (walk_row lends them). */
typedef struct GameCopy {
  int64_t game_id;
  size_t key, preset;
  StoreEntries options, tags;  /* copies (owned) */
  int nplayers;
  size_t players[PN_MAX_SEATS];
  int64_t player_ids[PN_MAX_SEATS];
  int winner;
  bool finished;
} GameCopy;

/* A row of the batch (a hand, or hand 0: a game without hands). */
typedef struct HandCopy {
  int game;                   /* index in games[] */
  bool new_game;
  int hand, dealer;
  size_t events, events_len;  /* in blobs */
  size_t results, results_len;
  bool has_results;           /* results not NULL */
} HandCopy;

struct WalkBatch {
  PnBuf text, blobs;          /* the rows' strings; their events and results */
  GameCopy *games;
  int ngames;
  size_t games_cap;
  HandCopy *hands;
  int nhands;
  size_t hands_cap;
  void *data;                 /* the caller's */
};

typedef struct Walk {
  const WalkOps *ops;
  WalkBatch *ring;
  int allocated;              /* batches in ring */
  int nbatches;               /* batches in use: 2 x threads, or 1 */
  PnQueue queue;              /* the ring's states (locked only with threads) */
  pthread_t threads[WALK_MAX_WORKERS];
  int nthreads;
} Walk;

int walk_rows(const WalkBatch *b) { return b->nhands; }

void *walk_data(const WalkBatch *b) { return b->data; }

/* ------------------------------------------------------------- copying */

static bool text_add(PnBuf *a, const char *s, size_t *off) { return pn_buf_append_str(a, s, off) == 0; }

static void games_free(WalkBatch *b) {
  for (int i = 0; i < b->ngames; i++) {
    store_entries_free(&b->games[i].options);
    store_entries_free(&b->games[i].tags);
  }
}

static void batch_clear(const Walk *w, WalkBatch *b) {
  games_free(b);
  b->text.len = b->blobs.len = 0;
  b->ngames = b->nhands = 0;
  w->ops->data_clear(w->ops->ctx, b->data);
}

static void batch_free(const Walk *w, WalkBatch *b) {
  pn_buf_free(&b->text);
  pn_buf_free(&b->blobs);
  games_free(b);
  free(b->games);
  free(b->hands);
  if (b->data) w->ops->data_free(w->ops->ctx, b->data);
}

/* Copies a cursor row into b.  False: out of memory. */
static bool batch_add(WalkBatch *b, const StoreRow *row) {
  if (row->new_game || b->ngames == 0) {
    if (!PN_VEC_ROOM_FOR_ONE(b->games, b->games_cap, b->ngames)) return false;
    GameCopy *g = &b->games[b->ngames];
    memset(g, 0, sizeof *g);
    g->game_id = row->game_id;
    g->nplayers = row->nplayers;
    g->winner = row->winner;
    g->finished = row->finished;
    b->ngames++; /* now, so that the batch frees its copies whatever fails below */
    if (!text_add(&b->text, row->key, &g->key) || !text_add(&b->text, row->preset, &g->preset) ||
        store_entries_copy(&g->options, row->options, row->noptions) != STORE_OK ||
        store_entries_copy(&g->tags, row->tags, row->ntags) != STORE_OK)
      return false;
    for (int s = 0; s < row->nplayers && s < PN_MAX_SEATS; s++) {
      if (!text_add(&b->text, row->players[s], &g->players[s])) return false;
      g->player_ids[s] = row->player_ids[s];
    }
  }
  if (!PN_VEC_ROOM_FOR_ONE(b->hands, b->hands_cap, b->nhands)) return false;
  HandCopy *h = &b->hands[b->nhands];
  h->game = b->ngames - 1;
  h->new_game = row->new_game;
  h->hand = row->hand;
  h->dealer = row->dealer;
  h->events_len = row->events_len;
  h->results_len = row->results_len;
  h->has_results = row->results != NULL;
  if (pn_buf_append(&b->blobs, row->events, row->events_len, &h->events) != 0 ||
      pn_buf_append(&b->blobs, row->results, row->results_len, &h->results) != 0)
    return false;
  b->nhands++;
  return true;
}

void walk_row(const WalkBatch *b, int i, StoreRow *row) {
  const HandCopy *h = &b->hands[i];
  const GameCopy *g = &b->games[h->game];
  const char *text = (const char *)b->text.data;
  memset(row, 0, sizeof *row);
  row->new_game = h->new_game;
  row->game_id = g->game_id;
  row->key = text + g->key;
  row->preset = text + g->preset;
  row->noptions = g->options.n;
  row->options = g->options.v;
  row->ntags = g->tags.n;
  row->tags = g->tags.v;
  row->nplayers = g->nplayers;
  for (int s = 0; s < g->nplayers && s < PN_MAX_SEATS; s++) {
    row->players[s] = text + g->players[s];
    row->player_ids[s] = g->player_ids[s];
  }
  row->winner = g->winner;
  row->finished = g->finished;
  row->hand = h->hand;
  row->dealer = h->dealer;
  row->events = b->blobs.data + h->events;
  row->events_len = h->events_len;
  row->results = h->has_results ? b->blobs.data + h->results : NULL;
  row->results_len = h->results_len;
}

/* ------------------------------------------------------------ the walk */

static int out_of_memory(PnDiag *diag) {
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  diag->file = NULL;
  diag->line = diag->col = 0;
  return PN_ERR_IO;
}

static void *worker(void *arg) {
  Walk *w = arg;
  const WalkOps *o = w->ops;
  void *state = o->worker_new ? o->worker_new(o->ctx) : NULL;
  int slot;
  while ((slot = pn_queue_claim(&w->queue, FILLED, TAKEN)) >= 0) {
    o->work(o->ctx, state, &w->ring[slot]);
    pn_queue_set(&w->queue, slot, DONE);
  }
  if (state) o->worker_free(o->ctx, state);
  return NULL;
}

int walk_workers(int asked, int max_workers) {
  if (max_workers > WALK_MAX_WORKERS) max_workers = WALK_MAX_WORKERS; /* the threads' array, the queue's slots */
  if (asked < 0 || max_workers < 1) return 0;
  if (asked > 0) return asked < max_workers ? asked : max_workers;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  return cores < 2 ? 0 : cores > max_workers ? max_workers : (int)cores;
}

/* Fills b from the cursor: rows until the cursor ends or, once b holds
 * batch_rows, a new game starts (whole games) or the next row comes
 * (split_games).  `row`/`have_row`: a row read
 * but not yet in a batch, carried to the next.  Returns 1 (more rows may
 * follow), 0 (the cursor ended), or a negative code with diag. */
static int fill(Walk *w, WalkBatch *b, StoreCursor *cursor, StoreRow *row, bool *have_row, PnDiag *diag) {
  const WalkOps *o = w->ops;
  batch_clear(w, b);
  for (;;) {
    if (!*have_row) {
      int got = store_cursor_next(cursor, row, diag);
      if (got != 1) return got;
      *have_row = true;
    }
    if ((row->new_game || o->split_games) && b->nhands >= o->batch_rows) return 1; /* the batch is full */
    if (!batch_add(b, row)) return out_of_memory(diag);
    *have_row = false;
    int rc = o->admit ? o->admit(o->ctx, b, b->nhands - 1, diag) : 0;
    if (rc != 0) return rc;
  }
}

/* The ring (w->allocated batches) and the threads.  Returns false when
 * out of memory.  No thread started: the walk runs on the calling thread,
 * one batch at a time, with *inline_state. */
static bool start(Walk *w, void **inline_state) {
  const WalkOps *o = w->ops;
  int want = walk_workers(o->workers, o->max_workers);
  int ring_size = want ? 2 * want : 1;
  if (!(w->ring = calloc((size_t)ring_size, sizeof *w->ring))) return false;
  w->allocated = w->nbatches = ring_size;
  for (int i = 0; i < ring_size; i++)
    if (!(w->ring[i].data = o->data_new(o->ctx))) return false;
  if (want && pn_queue_init(&w->queue, ring_size, true) == 0) {
    for (int i = 0; i < want; i++)
      if (pthread_create(&w->threads[i], NULL, worker, w) == 0) w->nthreads++;
    if (w->nthreads) return true;
    pn_queue_destroy(&w->queue);
  }
  pn_queue_init(&w->queue, 1, false); /* without threads: cannot fail */
  w->nbatches = 1;
  *inline_state = o->worker_new ? o->worker_new(o->ctx) : NULL;
  return true;
}

int walk_run(StoreCursor *cursor, const WalkOps *ops, PnDiag *diag) {
  Walk w = {.ops = ops};
  void *inline_state = NULL;
  int rc = 0;
  bool started = start(&w, &inline_state);
  long produced = 0, reported = 0;
  bool more = started, have_row = false; /* `row` is read but not yet in a batch */
  StoreRow row;
  if (!started) rc = out_of_memory(diag);
  while (rc == 0 && (more || reported < produced)) {
    int slot = (int)(produced % w.nbatches);
    WalkBatch *next = more && pn_queue_state(&w.queue, slot) == FREE ? &w.ring[slot] : NULL;
    if (next) {
      int got = fill(&w, next, cursor, &row, &have_row, diag);
      if (got < 0) rc = got;
      more = got == 1;
      if (got < 0 || next->nhands == 0) continue;
      produced++;
      if (w.nthreads) {
        pn_queue_set(&w.queue, slot, FILLED);
      } else {
        ops->work(ops->ctx, inline_state, next);
        pn_queue_set(&w.queue, slot, DONE);
      }
      continue;
    }
    /* the ring is full, or the walk is over: report the oldest when done */
    int oldest = (int)(reported % w.nbatches);
    pn_queue_wait(&w.queue, oldest, DONE); /* only this thread stops the queue: it comes */
    rc = ops->report(ops->ctx, &w.ring[oldest], diag);
    reported++;
    pn_queue_set(&w.queue, oldest, FREE);
  }
  if (w.nthreads) {
    pn_queue_stop(&w.queue, FILLED); /* batches not taken are not worked on */
    for (int i = 0; i < w.nthreads; i++) pthread_join(w.threads[i], NULL);
  }
  if (started) pn_queue_destroy(&w.queue);
  if (inline_state) ops->worker_free(ops->ctx, inline_state);
  for (int i = 0; i < w.allocated; i++) batch_free(&w, &w.ring[i]);
  free(w.ring);
  return rc;
}
