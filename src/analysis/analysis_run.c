/* analysis_run.c - every selected hand analysed (or read from the store)
 * and written as text, CSV or JSON (analysis.h). */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "replay.h"
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
    fprintf(out, "no bid; side of seat 1");
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
  if (h->status != AN_ANALYSED) fprintf(out, " (unanalysed: %s)", analysis_status_name(h->status));
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

/* The hands the filter selects, for the progress bar. */
static int count_hands(Store *store, const StoreFilter *filter, long *total, PnDiag *diag) {
  StoreFilter f = *filter;
  f.results_only = true;
  StoreCursor *c = NULL;
  StoreRow row;
  int rc = store_cursor_open(store, &f, &c, diag);
  *total = 0;
  if (rc == 0)
    while ((rc = store_cursor_next(c, &row, diag)) == 1)
      if (row.hand > 0) (*total)++;
  store_cursor_close(c);
  return rc < 0 ? rc : 0;
}

/* One hand: from the store when its analysis is there (the game still
 * replayed, to stay in step), else searched and, when complete, stored. */
static int one_hand(Store *store, Analyzer *an, PnGame *game, const StoreRow *row, const AnRunOptions *opts,
                    AnHand *h, AnRunStats *stats, PnDiag *diag) {
  uint64_t key = analysis_key(row);
  uint8_t buf[AN_MAX_BYTES];
  size_t len = 0;
  int got = store_analysis_get(store, row->game_id, row->hand, PN_RULES_VERSION, key, buf, sizeof buf, &len, diag);
  if (got < 0) return got;
  AnHand cached;
  /* A hand the budget stopped stands for runs with no more budget than it had. */
  bool usable = got == 1 && analysis_decode(buf, len, &cached) == 0 &&
                (cached.status != AN_BUDGET || (opts->budget > 0 && opts->budget <= cached.budget));
  if (usable) {
    if ((got = analysis_hand(NULL, game, row, h, diag)) != 0) return got;
    cached.hand = row->hand;
    *h = cached;
    stats->stored++;
    if (h->status == AN_BUDGET) stats->unanalysed++;
    return 0;
  }
  if ((got = analysis_hand(an, game, row, h, diag)) != 0) return got;
  stats->searched++;
  stats->nodes += h->nodes;
  if (!opts->store_results) return 0;
  len = analysis_encode(h, buf);
  return store_analysis_put(store, row->game_id, row->hand, PN_RULES_VERSION, key, buf, len, diag);
}

int analysis_run(Store *store, const StoreFilter *filter, const AnRunOptions *opts, FILE *out, AnRunStats *stats,
                 PnDiag *diag) {
  memset(stats, 0, sizeof *stats);
  long total = 0, done = 0;
  int rc = opts->progress ? count_hands(store, filter, &total, diag) : 0;
  if (rc != 0) return rc;
  Analyzer *an = analysis_new(opts->table_bytes, opts->budget);
  AnHand *h = malloc(sizeof *h);
  PnGame *game = malloc(sizeof *game);
  StoreCursor *c = NULL;
  bool first = true;
  if (!an || !h || !game) {
    snprintf(diag->msg, sizeof diag->msg, "out of memory");
    rc = PN_ERR_IO;
    goto done;
  }
  /* Every hand of a selected game is walked: a hand's state starts from
   * the hands before it, so --hand N replays them without searching. */
  StoreFilter all = *filter;
  int want_hand = filter->hand;
  all.hand = 0;
  rc = store_cursor_open(store, &all, &c, diag);
  if (rc != 0) goto done;
  if (opts->format == OUT_CSV) out_csv_cells(out, 8, CSV_HEADER);
  if (opts->format == OUT_JSON) fputs("{\n  \"hands\": [", out);
  StoreRow row;
  while ((rc = store_cursor_next(c, &row, diag)) == 1) {
    if (row.new_game) {
      stats->games++;
      PnRules rules;
      if ((rc = replay_rules(row.preset, row.options, &rules, diag)) != 0) goto done;
      pn_game_init(game, &rules);
    }
    if (row.hand <= 0) continue;
    if (want_hand > 0 && row.hand != want_hand) {
      /* only to keep the game in step (running scores, the dealer) */
      if ((rc = analysis_hand(NULL, game, &row, h, diag)) != 0) goto done;
      continue;
    }
    stats->hands++;
    rc = one_hand(store, an, game, &row, opts, h, stats, diag);
    if (rc != 0) goto done;
    if (h->status == AN_BUDGET && h->nodes > 0) stats->unanalysed++;
    if (h->status == AN_UNSUPPORTED) stats->unsupported++;
    if (opts->format == OUT_TEXT) write_text(out, &row, h);
    else if (opts->format == OUT_CSV) write_csv(out, &row, h);
    else write_json(out, &row, h, first);
    first = false;
    done++;
    if (opts->progress) opts->progress(opts->ctx, done, total);
  }
  if (rc == 0 && opts->format == OUT_JSON) fputs(first ? "]\n}\n" : "\n  ]\n}\n", out);
done:
  store_cursor_close(c);
  analysis_free(an);
  free(h);
  free(game);
  return rc < 0 ? rc : 0;
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
