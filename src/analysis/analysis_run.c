/* analysis_run.c - every selected hand analysed (or read from the store)
 * and written as text, CSV or JSON (analysis.h). */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "dd.h"
#include "pn_buf.h"
#include "replay.h"
#include "walk.h"
#include "writer.h"

static const char *const CSV_HEADER[] = {"game", "hand", "seq", "seat", "card", "par_before", "par_after", "cost"};

/* Text: "-" for an unknown value. */
static const char *num(char *buf, size_t size, bool known, int v) {
  if (!known) return "-";
  snprintf(buf, size, "%d", v);
  return buf;
}

static void json_num(FILE *out, bool known, int v) {
  if (known) fprintf(out, "%d", v);
  else fputs("null", out);
}

static void write_text(FILE *out, const StoreRow *row, const AnHand *h) {
  char a[16], b[16], c[16];
  fprintf(out, "game %s hand %d: ", row->key, h->hand);
  if (h->status == AN_NO_PLAY) {
    fputs("no play\n\n", out);
    return;
  }
  if (h->bidder)
    fprintf(out, "bid %d by %s (seat %d)", h->bid, row->players[h->bidder - 1], h->bidder);
  else
    fprintf(out, "no bid; side of seat %d", analysis_side_seat(h));
  bool known = h->par >= 0 && h->status == AN_ANALYSED;
  fprintf(out, "; par %s from the first lead, took %d", num(a, sizeof a, known, h->par), h->taken);
  if (h->bid > 0) {
    fprintf(out, ", meld %d", h->meld);
    if (known)
      fprintf(out, "; %s with perfect play, %s", h->could_make ? "could be made" : "could not be made",
              h->made ? "made" : "set");
    else
      fprintf(out, "; %s", h->made ? "made" : "set");
  }
  if (h->status != AN_ANALYSED) {
    int valued = analysis_valued_plays(h);
    fprintf(out, " (unanalysed: %s", analysis_status_name(h->status));
    if (valued) fprintf(out, "; the last %d plays valued", valued);
    fputs(")", out);
  }
  fputs("\n", out);
  fputs("  seq seat card before after cost\n", out);
  for (int i = 0; i < h->nplays; i++) {
    const AnPlay *p = &h->plays[i];
    char card[3], best[16] = "";
    bool costly = p->valued && p->cost > 0;
    if (costly && p->best != PN_NO_CARD) snprintf(best, sizeof best, "  best %s", pn_card_str(p->best, card));
    fprintf(out, "  %3d %4d %4s %6s %5s %4s%s%s\n", p->seq, p->seat, pn_card_str(p->card, card),
            num(a, sizeof a, p->valued, p->par_before), num(b, sizeof b, p->valued, p->par_after),
            num(c, sizeof c, p->valued, p->cost), best, costly ? "  !" : "");
  }
  fputs("\n", out);
}

static void write_csv(FILE *out, const StoreRow *row, const AnHand *h) {
  for (int i = 0; i < h->nplays; i++) {
    const AnPlay *p = &h->plays[i];
    char hand[16], seq[16], seat[16], card[3], before[16], after[16], cost[16];
    snprintf(hand, sizeof hand, "%d", h->hand);
    snprintf(seq, sizeof seq, "%d", p->seq);
    snprintf(seat, sizeof seat, "%d", p->seat);
    snprintf(before, sizeof before, "%d", p->par_before);
    snprintf(after, sizeof after, "%d", p->par_after);
    snprintf(cost, sizeof cost, "%d", p->cost);
    const char *cells[8] = {row->key, hand, seq, seat, pn_card_str(p->card, card), p->valued ? before : NULL,
                            p->valued ? after : NULL, p->valued ? cost : NULL};
    out_csv_cells(out, 8, cells);
  }
}

static void write_json(FILE *out, const StoreRow *row, const AnHand *h, bool first) {
  bool known = h->par >= 0 && h->status == AN_ANALYSED;
  fputs(first ? "\n    {" : ",\n    {", out);
  fputs("\"game\": ", out);
  out_json_string(out, row->key);
  fprintf(out, ", \"hand\": %d, \"status\": \"%s\", \"bidder\": ", h->hand, analysis_status_name(h->status));
  json_num(out, h->bidder > 0, h->bidder);
  fputs(", \"bid\": ", out);
  json_num(out, h->bid > 0, h->bid);
  fputs(", \"par\": ", out);
  json_num(out, known, h->par);
  fprintf(out, ", \"meld\": %d, \"taken\": %d, \"could_make\": ", h->meld, h->taken);
  fputs(h->bid > 0 && known ? (h->could_make ? "true" : "false") : "null", out);
  fputs(", \"made\": ", out);
  fputs(h->bid > 0 ? (h->made ? "true" : "false") : "null", out);
  fputs(", \"plays\": [", out);
  for (int i = 0; i < h->nplays; i++) {
    const AnPlay *p = &h->plays[i];
    char card[3];
    fprintf(out, "%s{\"seq\": %d, \"seat\": %d, \"card\": \"%s\", \"par_before\": ", i ? ", " : "", p->seq, p->seat,
            pn_card_str(p->card, card));
    json_num(out, p->valued, p->par_before);
    fputs(", \"par_after\": ", out);
    json_num(out, p->valued, p->par_after);
    fputs(", \"cost\": ", out);
    json_num(out, p->valued, p->cost);
    if (p->valued && p->cost > 0 && p->best != PN_NO_CARD)
      fprintf(out, ", \"best\": \"%s\"}", pn_card_str(p->best, card));
    else fputs(", \"best\": null}", out);
  }
  fputs("]}", out);
}

/* ------------------------------------------------- the walk (walk.h)
 *
 * A batch is one hand: the walk splits games (split_games), so that the
 * hands of one game are searched at once as well as those of several.
 * The calling thread decides, as each row joins a batch, what becomes of
 * it (it alone reads the store) and replays the game as it goes, keeping
 * the state before each hand to search; a worker searches that hand from
 * it with its own solver; the calling thread then writes the hands in
 * walk order and stores the new analyses.  Each hand is searched on a
 * cleared table (analysis_hand), so what a hand gets never depends on
 * the worker or the hands before it: the output is the same for any
 * number of jobs. */

typedef enum {
  ROW_SKIP,    /* no hand (a game without hands) */
  ROW_ADVANCE, /* a hand not asked for: replayed only, to keep the game in step */
  ROW_STORED,  /* its analysis read from the store (in hands[]): replayed only */
  ROW_SEARCH   /* searched */
} RowPlan;

/* A batch's plans and hands, by row (walk_data). */
typedef struct AnBatch {
  RowPlan *plan;
  size_t plan_cap;
  AnHand *hands;
  size_t hands_cap;
  PnGame *start;       /* a hand to search: the game just before it (the worker plays it on) */
  size_t start_cap;
  int failed_row;      /* -1, or the row the walk stopped at (rows before it are done) */
  int failed_rc;       /* ... its code, and why: */
  PnDiag diag;
} AnBatch;

/* A worker's own state. */
typedef struct AnWorker {
  Analyzer *an;
} AnWorker;

/* The walk's context. */
typedef struct AnWalk {
  Store *store;
  const AnRunOptions *opts;
  int want_hand;       /* 0: every hand */
  FILE *out;
  AnRunStats *stats;
  long done, total;    /* hands written, for the progress bar */
  bool first;          /* no hand written yet (JSON's commas) */
  PnGame game;         /* the calling thread's replay: the game after the last row admitted */
  AnHand scratch;      /* ... the hand it replayed */
  int failed_rc;       /* 0, or why a game could not be replayed: every row from there on fails */
  PnDiag failed;
} AnWalk;

static void *batch_new(void *ctx) {
  (void)ctx;
  return calloc(1, sizeof(AnBatch));
}

static void batch_clear(void *ctx, void *data) {
  (void)ctx;
  AnBatch *b = data;
  b->failed_row = -1;
}

static void batch_free(void *ctx, void *data) {
  (void)ctx;
  AnBatch *b = data;
  free(b->plan);
  free(b->hands);
  free(b->start);
  free(b);
}

static void *worker_new(void *ctx) {
  const AnWalk *w = ctx;
  AnWorker *k = malloc(sizeof *k);
  if (k && !(k->an = analysis_new(w->opts->table_bytes, w->opts->budget))) {
    free(k);
    k = NULL;
  }
  return k;
}

static void worker_free(void *ctx, void *worker) {
  (void)ctx;
  AnWorker *k = worker;
  analysis_free(k->an);
  free(k);
}

/* The batch stops at row i, for `rc` and `diag` (the first failure stands). */
static void fail_row(AnBatch *b, int i, int rc, const PnDiag *diag) {
  if (b->failed_row >= 0 && b->failed_row <= i) return;
  b->failed_row = i;
  b->failed_rc = rc;
  b->diag = *diag;
}

/* Keeps the calling thread's game in step with row i: a new game starts
 * from its rules, the state before a hand to search is kept for its
 * worker, and the hand is replayed.  A game that cannot be replayed fails
 * its row and every later one, each in its batch, so that report writes
 * the rows before it and stops there. */
static void follow_game(AnWalk *w, AnBatch *b, int i, const StoreRow *row) {
  int rc = w->failed_rc;
  if (rc == 0 && row->new_game) {
    PnRules rules;
    if ((rc = replay_rules(row->preset, row->options, row->noptions, &rules, &w->failed)) == 0) pn_game_init(&w->game, &rules);
  }
  if (rc == 0 && b->plan[i] == ROW_SEARCH) b->start[i] = w->game;
  if (rc == 0 && b->plan[i] != ROW_SKIP) rc = analysis_hand(NULL, &w->game, row, &w->scratch, &w->failed);
  if (rc == 0) return;
  w->failed_rc = rc;
  fail_row(b, i, rc, &w->failed);
}

/* Decides row i's plan; a hand whose analysis is stored (and stands for
 * this run's budget) is read into hands[i].  Then the game is replayed
 * past it. */
static int admit(void *ctx, WalkBatch *wb, int i, PnDiag *diag) {
  AnWalk *w = ctx;
  AnBatch *b = walk_data(wb);
  if (PN_VEC_RESERVE(b->plan, b->plan_cap, (size_t)i + 1) != 0 ||
      PN_VEC_RESERVE(b->hands, b->hands_cap, (size_t)i + 1) != 0 ||
      PN_VEC_RESERVE(b->start, b->start_cap, (size_t)i + 1) != 0) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    return PN_ERR_IO;
  }
  StoreRow row;
  walk_row(wb, i, &row);
  b->plan[i] = row.hand <= 0 ? ROW_SKIP : w->want_hand > 0 && row.hand != w->want_hand ? ROW_ADVANCE : ROW_SEARCH;
  if (b->plan[i] == ROW_SEARCH) {
    uint8_t buf[AN_MAX_BYTES];
    size_t len = 0;
    int got = store_analysis_get(w->store, row.game_id, row.hand, PN_RULES_VERSION, analysis_key(&row), buf,
                                 sizeof buf, &len, diag);
    if (got < 0) return got;
    AnHand *cached = &b->hands[i];
    /* A hand the budget stopped stands for runs of its search's
     * generation with no more budget than it had; one of a generation
     * that could be wrong, for none. */
    long budget = w->opts->budget;
    if (got == 1 && analysis_decode_sound(buf, len, cached) == 0 &&
        (cached->status != AN_BUDGET ||
         (budget > 0 && budget <= cached->budget && cached->generation == PN_DD_GENERATION))) {
      cached->hand = row.hand;
      b->plan[i] = ROW_STORED;
    }
  }
  follow_game(w, b, i, &row);
  return 0;
}

/* Searches the batch's hands planned so, each from the game before it. */
static void work(void *ctx, void *worker, WalkBatch *wb) {
  (void)ctx;
  AnBatch *b = walk_data(wb);
  AnWorker *k = worker;
  if (!k) {
    PnDiag oom = {0};
    snprintf(oom.msg, sizeof oom.msg, "out of memory");
    fail_row(b, 0, PN_ERR_IO, &oom);
    return;
  }
  int rows = b->failed_row < 0 ? walk_rows(wb) : b->failed_row;
  for (int i = 0; i < rows; i++) {
    if (b->plan[i] != ROW_SEARCH) continue;
    StoreRow row;
    walk_row(wb, i, &row);
    PnDiag diag = {0};
    int rc = analysis_hand(k->an, &b->start[i], &row, &b->hands[i], &diag);
    if (rc != 0) { /* replayed once already by follow_game: not expected */
      fail_row(b, i, rc, &diag);
      return;
    }
  }
}

/* Writes the batch's hands in order, storing the new analyses. */
static int report(void *ctx, WalkBatch *wb, PnDiag *diag) {
  AnWalk *w = ctx;
  const AnRunOptions *opts = w->opts;
  AnRunStats *stats = w->stats;
  AnBatch *b = walk_data(wb);
  int rows = b->failed_row < 0 ? walk_rows(wb) : b->failed_row;
  for (int i = 0; i < rows; i++) {
    StoreRow row;
    walk_row(wb, i, &row);
    if (row.new_game) stats->games++;
    if (b->plan[i] == ROW_SKIP || b->plan[i] == ROW_ADVANCE) continue;
    const AnHand *h = &b->hands[i];
    stats->hands++;
    if (b->plan[i] == ROW_STORED) {
      stats->stored++;
      if (h->status == AN_BUDGET) stats->unanalysed++;
    } else {
      stats->searched++;
      stats->nodes += h->nodes;
      if (h->status == AN_BUDGET && h->nodes > 0) stats->unanalysed++;
      if (opts->store_results) {
        uint8_t buf[AN_MAX_BYTES];
        size_t len = analysis_encode(h, buf);
        int rc = store_analysis_put(w->store, row.game_id, row.hand, PN_RULES_VERSION, analysis_key(&row), buf,
                                    len, diag);
        if (rc != 0) return rc;
      }
    }
    if (h->status == AN_UNSUPPORTED) stats->unsupported++;
    if (opts->format == OUT_TEXT) write_text(w->out, &row, h);
    else if (opts->format == OUT_CSV) write_csv(w->out, &row, h);
    else write_json(w->out, &row, h, w->first);
    w->first = false;
    w->done++;
    if (opts->progress) opts->progress(opts->ctx, w->done, w->total);
  }
  if (b->failed_row < 0) return 0;
  *diag = b->diag;
  return b->failed_rc;
}

int analysis_run(Store *store, const StoreFilter *filter, const AnRunOptions *opts, FILE *out, AnRunStats *stats,
                 PnDiag *diag) {
  memset(stats, 0, sizeof *stats);
  AnWalk w = {.store = store, .opts = opts, .want_hand = filter->hand, .out = out, .stats = stats, .first = true};
  int rc = opts->progress ? store_count_hands(store, filter, &w.total, diag) : 0;
  if (rc != 0) return rc;
  /* Every hand of a selected game is walked: a hand's state starts from
   * the hands before it, so --hand N replays them without searching. */
  StoreFilter all = *filter;
  all.hand = 0;
  StoreCursor *c = NULL;
  if ((rc = store_cursor_open(store, &all, &c, diag)) != 0) return rc;
  if (opts->format == OUT_CSV) out_csv_cells(out, 8, CSV_HEADER);
  if (opts->format == OUT_JSON) fputs("{\n  \"hands\": [", out);
  WalkOps ops = {.workers = opts->jobs == 1 ? -1 : opts->jobs, .max_workers = WALK_MAX_WORKERS, .batch_rows = 1,
                 .split_games = true, .data_new = batch_new, .data_clear = batch_clear, .data_free = batch_free,
                 .worker_new = worker_new, .worker_free = worker_free, .admit = admit, .work = work,
                 .report = report, .ctx = &w};
  rc = walk_run(c, &ops, diag);
  if (rc == 0 && opts->format == OUT_JSON) fputs(w.first ? "]\n}\n" : "\n  ]\n}\n", out);
  store_cursor_close(c);
  return rc;
}

int analysis_analyze(Store *store, const AnRequest *req, AnRunStats *stats, PnDiag *diag) {
  memset(stats, 0, sizeof *stats);
  if (req->key) {
    int64_t id;
    uint64_t hash;
    int got = store_game_lookup(store, req->key, &id, &hash, diag);
    if (got < 0) return got;
    if (got == 0) {
      snprintf(diag->msg, sizeof diag->msg, "no game '%s'", req->key);
      return PN_ERR_NOT_FOUND;
    }
  }
  FILE *out = req->open_output(req->io_ctx);
  if (!out) return PN_ERR_USAGE;
  int rc = store_begin(store, diag);
  bool in_tx = rc == STORE_OK;
  const char *keys[1] = {req->key};
  StoreFilter filter = {.nkeys = req->key ? 1 : 0, .keys = keys, .hand = req->hand};
  AnRunOptions opts = req->run;
  opts.store_results = true;
  if (rc == 0) rc = analysis_run(store, &filter, &opts, out, stats, diag);
  if (rc == 0 && req->hand > 0 && stats->hands == 0) {
    snprintf(diag->msg, sizeof diag->msg, "game '%s' has no hand %d", req->key, req->hand);
    rc = PN_ERR_NOT_FOUND;
  }
  bool written = req->close_output(req->io_ctx, out); /* before the commit: a write error keeps nothing */
  if (rc == 0 && !written) rc = PN_ERR_WRITE;
  if (rc == 0) {
    rc = store_commit(store, diag);
    in_tx = rc != STORE_OK;
  }
  if (in_tx) store_rollback(store);
  return rc;
}
