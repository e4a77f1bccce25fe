/*
 * replay_run.c - replay_run (replay.h): the stored hands a cursor walks,
 * replayed on worker threads, their findings given back in order.
 *
 * Games are independent, so the walk is cut into batches of whole games:
 * the calling thread steps the cursor and copies rows into a batch, any
 * free worker replays a filled batch with a game state of its own, and the
 * calling thread takes batches back strictly in walk order and hands their
 * findings (and results to fix) to its callbacks.  So the database is only
 * ever used by the caller's thread, and the output is the same, byte for
 * byte, as a replay on one thread: that is also what runs when no thread
 * can be started.
 *
 * A ring of 2 x workers batches: a batch goes FREE -> FILLED (the caller)
 * -> TAKEN -> DONE (a worker) -> FREE (the caller, after reporting it).
 * The batches' states, in src/util's work queue (pn_queue.h), are the
 * only shared data.
 */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include "replay.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pn_buf.h"
#include "pn_queue.h"

enum { MAX_WORKERS = 4, BATCH_HANDS = 256 };

typedef enum { FREE = 0, FILLED, TAKEN, DONE } BatchState; /* FREE: the queue's initial state */

/* A game of the batch; strings are offsets in the batch's text. */
typedef struct GameCopy {
  int64_t game_id;
  size_t key, preset, options, tags;
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

typedef struct Batch {
  PnBuf text, blobs;          /* the rows' strings; their events and results */
  GameCopy *games;
  int ngames;
  size_t games_cap;
  HandCopy *hands;
  int nhands;
  size_t hands_cap;
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

typedef struct Run {
  const ReplayRunOptions *opts;
  Batch *ring;
  int nbatches;
  PnQueue queue;              /* the ring's states (locked only with threads) */
  pthread_t threads[MAX_WORKERS];
  int nthreads;
} Run;

/* ------------------------------------------------------------- copying */

static bool arena_add(PnBuf *a, const void *data, size_t len, size_t *off) {
  return pn_buf_append(a, data, len, off) == 0;
}

static bool text_add(PnBuf *a, const char *s, size_t *off) { return pn_buf_append_str(a, s, off) == 0; }

/* Room for one more item in a batch's array (n used). */
#define ROOM_FOR_ONE(items, cap, n) (PN_VEC_RESERVE(items, cap, (size_t)(n) + 1) == 0)

static void batch_clear(Batch *b) {
  b->text.len = b->blobs.len = 0;
  b->ngames = b->nhands = b->nfound = b->nfixes = 0;
  b->failed = b->out_of_memory = false;
}

static void batch_free(Batch *b) {
  pn_buf_free(&b->text);
  pn_buf_free(&b->blobs);
  free(b->games);
  free(b->hands);
  free(b->found);
  free(b->fixes);
}

/* Copies a cursor row into b.  False: out of memory. */
static bool batch_add(Batch *b, const StoreRow *row) {
  if (row->new_game || b->ngames == 0) {
    if (!ROOM_FOR_ONE(b->games, b->games_cap, b->ngames)) return false;
    GameCopy *g = &b->games[b->ngames];
    memset(g, 0, sizeof *g);
    g->game_id = row->game_id;
    g->nplayers = row->nplayers;
    g->winner = row->winner;
    g->finished = row->finished;
    if (!text_add(&b->text, row->key, &g->key) || !text_add(&b->text, row->preset, &g->preset) ||
        !text_add(&b->text, row->options, &g->options) || !text_add(&b->text, row->tags, &g->tags))
      return false;
    for (int s = 0; s < row->nplayers && s < PN_MAX_SEATS; s++) {
      if (!text_add(&b->text, row->players[s], &g->players[s])) return false;
      g->player_ids[s] = row->player_ids[s];
    }
    b->ngames++;
  }
  if (!ROOM_FOR_ONE(b->hands, b->hands_cap, b->nhands)) return false;
  HandCopy *h = &b->hands[b->nhands];
  h->game = b->ngames - 1;
  h->new_game = row->new_game;
  h->hand = row->hand;
  h->dealer = row->dealer;
  h->events_len = row->events_len;
  h->results_len = row->results_len;
  h->has_results = row->results != NULL;
  if (!arena_add(&b->blobs, row->events, row->events_len, &h->events) ||
      !arena_add(&b->blobs, row->results, row->results_len, &h->results))
    return false;
  b->nhands++;
  return true;
}

/* Row i of b as the cursor gave it (strings and blobs point into b). */
static void row_of(const Batch *b, int i, StoreRow *row) {
  const HandCopy *h = &b->hands[i];
  const GameCopy *g = &b->games[h->game];
  const char *text = (const char *)b->text.data;
  memset(row, 0, sizeof *row);
  row->new_game = h->new_game;
  row->game_id = g->game_id;
  row->key = text + g->key;
  row->preset = text + g->preset;
  row->options = text + g->options;
  row->tags = text + g->tags;
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

/* ----------------------------------------------------------- replaying */

static void collect(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  (void)row;
  Batch *b = ctx;
  if (!ROOM_FOR_ONE(b->found, b->found_cap, b->nfound)) {
    b->out_of_memory = true;
    return;
  }
  b->found[b->nfound].row = b->collecting;
  b->found[b->nfound].finding = *f;
  b->nfound++;
}

/* Replays every row of b on `game` (a worker's own). */
static void replay_batch(Batch *b, PnGame *game, bool want_fixes) {
  for (int i = 0; i < b->nhands && !b->failed; i++) {
    StoreRow row;
    row_of(b, i, &row);
    if (row.new_game) {
      PnRules rules;
      if (replay_rules(row.preset, row.options, &rules, &b->diag) != 0) {
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
      if (!ROOM_FOR_ONE(b->fixes, b->fixes_cap, b->nfixes)) {
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

static void *worker(void *arg) {
  Run *run = arg;
  PnGame *game = malloc(sizeof *game);
  int slot;
  while ((slot = pn_queue_claim(&run->queue, FILLED, TAKEN)) >= 0) {
    Batch *b = &run->ring[slot];
    if (game) replay_batch(b, game, run->opts->fix != NULL);
    else {
      b->failed = true;
      snprintf(b->diag.msg, sizeof b->diag.msg, "out of memory");
    }
    pn_queue_set(&run->queue, slot, DONE);
  }
  free(game);
  return NULL;
}

/* ------------------------------------------------------------ the walk */

/* Hands b's findings and fixes to the callbacks.  Returns 0, or PN_ERR_IO
 * with diag (the replay failed, or a fix could not be stored). */
static int report_batch(const ReplayRunOptions *o, Batch *b, ReplayRunStats *stats, PnDiag *diag) {
  int f = 0, x = 0;
  for (int i = 0; i < b->nhands; i++) {
    StoreRow row;
    row_of(b, i, &row);
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

static int workers_wanted(int asked) {
  if (asked < 0) return 0;
  if (asked > 0) return asked < MAX_WORKERS ? asked : MAX_WORKERS;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  return cores < 2 ? 0 : cores > MAX_WORKERS ? MAX_WORKERS : (int)cores;
}

int replay_run(StoreCursor *cursor, const ReplayRunOptions *opts, ReplayRunStats *stats, PnDiag *diag) {
  Run run = {.opts = opts};
  int want = workers_wanted(opts->workers);
  int ring_size = want ? 2 * want : 1;
  run.nbatches = ring_size;
  run.ring = calloc((size_t)ring_size, sizeof *run.ring);
  PnGame *inline_game = NULL;
  int rc = PN_ERR_IO;
  bool queued = false; /* the queue is made (and must be destroyed) */
  if (run.ring == NULL) goto nomem;
  queued = want && pn_queue_init(&run.queue, ring_size, true) == 0;
  for (int i = 0; queued && i < want; i++)
    if (pthread_create(&run.threads[i], NULL, worker, &run) == 0) run.nthreads++;
  if (run.nthreads == 0) { /* one thread: fill, replay, report, one batch at a time */
    if (queued) pn_queue_destroy(&run.queue);
    queued = pn_queue_init(&run.queue, 1, false) == 0; /* without threads: cannot fail */
    run.nbatches = 1;
    inline_game = malloc(sizeof *inline_game);
    if (inline_game == NULL) goto nomem;
  }

  long produced = 0, reported = 0;
  bool more = true;
  StoreRow row;
  int got = 1;
  bool have_row = false; /* `row` is read but not yet in a batch */
  while (more || reported < produced) {
    int slot = (int)(produced % run.nbatches);
    Batch *next = more && pn_queue_state(&run.queue, slot) == FREE ? &run.ring[slot] : NULL;
    if (next) { /* fill it with whole games */
      batch_clear(next);
      for (;;) {
        if (!have_row) {
          got = store_cursor_next(cursor, &row, diag);
          if (got != 1) break;
          have_row = true;
        }
        if (row.new_game && next->nhands >= BATCH_HANDS) break; /* the batch ends with a game */
        if (!batch_add(next, &row)) goto nomem;
        have_row = false;
      }
      if (got < 0) goto done; /* the database failed: diag says why */
      if (got == 0) more = false;
      if (next->nhands == 0) continue;
      produced++;
      if (run.nthreads) {
        pn_queue_set(&run.queue, slot, FILLED);
      } else {
        replay_batch(next, inline_game, opts->fix != NULL);
        pn_queue_set(&run.queue, slot, DONE);
      }
      continue;
    }
    /* the ring is full, or the walk is over: report the oldest when done */
    int oldest = (int)(reported % run.nbatches);
    pn_queue_wait(&run.queue, oldest, DONE); /* only this thread stops the queue: it comes */
    if (report_batch(opts, &run.ring[oldest], stats, diag) != 0) goto done;
    reported++;
    pn_queue_set(&run.queue, oldest, FREE);
  }
  rc = 0;
  goto done;
nomem:
  snprintf(diag->msg, sizeof diag->msg, "out of memory");
  diag->file = NULL;
  diag->line = diag->col = 0;
done:
  if (run.nthreads) {
    pn_queue_stop(&run.queue, FILLED); /* batches not taken are not replayed */
    for (int i = 0; i < run.nthreads; i++) pthread_join(run.threads[i], NULL);
  }
  if (queued) pn_queue_destroy(&run.queue);
  for (int i = 0; run.ring && i < ring_size; i++) batch_free(&run.ring[i]);
  free(run.ring);
  free(inline_game);
  return rc;
}
