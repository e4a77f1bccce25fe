/*
 * audit.c - replay, write and record an audit (audit.h).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "audit.h"

#define AUDIT_COLUMNS 9

/* The state of one run, shared with replay_run's callbacks. */
typedef struct Audit {
  const AuditOptions *opts; /* borrowed for the run */
  FILE *out;                /* where findings go */
  Store *store;             /* for recording the run and fixing results */
  int64_t audit_id;         /* the recorded run, 0 = not recorded */
  long findings;            /* reported */
  bool record_failed;       /* a finding could not be stored */
  PnDiag diag;              /* the first recording error */
} Audit;

static void write_json(FILE *out, const StoreRow *row, const ReplayFinding *f, const char *player,
                       const char *kind, bool first) {
  fputs(first ? "\n  {" : ",\n  {", out);
  fputs("\"game\": ", out);
  out_json_string(out, row->key);
  fprintf(out, ", \"hand\": %d, \"seq\": %d, \"trick\": %d, \"seat\": %d, \"player\": ", f->hand, f->seq, f->trick,
          f->seat);
  out_json_string(out, player);
  fputs(", \"kind\": ", out);
  out_json_string(out, kind);
  fputs(", \"card\": ", out);
  out_json_string(out, f->card);
  fputs(", \"detail\": ", out);
  out_json_string(out, f->detail);
  fputc('}', out);
}

/* One finding in the run's format. */
static void write_finding(Audit *a, const StoreRow *row, const ReplayFinding *f, const char *player) {
  const char *kind = pn_finding_name(f->kind);
  switch (a->opts->format) {
  case OUT_TEXT:
    if (f->trick) fprintf(a->out, "%s, hand %d, trick %d: %s\n", row->key, f->hand, f->trick, f->detail);
    else fprintf(a->out, "%s, hand %d: %s\n", row->key, f->hand, f->detail);
    break;
  case OUT_CSV: {
    char hand[16], seq[16], trick[16], seat[16];
    snprintf(hand, sizeof hand, "%d", f->hand);
    snprintf(seq, sizeof seq, "%d", f->seq);
    snprintf(trick, sizeof trick, "%d", f->trick);
    snprintf(seat, sizeof seat, "%d", f->seat);
    const char *cells[AUDIT_COLUMNS] = {row->key, hand, seq,  f->trick ? trick : "", f->seat ? seat : "",
                                        player,   kind, f->card, f->detail};
    out_csv_cells(a->out, AUDIT_COLUMNS, cells);
    break;
  }
  default: write_json(a->out, row, f, player, kind, a->findings == 1); break;
  }
}

/* replay_run's emit: the filters of --hand and --player, then the finding
 * written and recorded. */
static bool emit(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  Audit *a = ctx;
  if (a->opts->only_hand && f->hand != a->opts->only_hand) return false;
  const char *player = f->seat ? row->players[f->seat - 1] : "";
  /* any case, as the store's filter ("ann" finds Ann) */
  if (a->opts->player && (!f->seat || strcasecmp(player, a->opts->player) != 0)) return false;
  a->findings++;
  write_finding(a, row, f, player);
  if (a->audit_id && !a->record_failed) {
    StoreFinding sf = {row->game_id, f->hand, f->seq, f->trick, f->seat, pn_finding_name(f->kind), f->card, f->detail};
    if (store_audit_finding(a->store, a->audit_id, &sf, &a->diag) != 0) a->record_failed = true;
  }
  return true;
}

/* --fix-results: the replayed results replace the stored ones. */
static int fix_results(void *ctx, const StoreRow *row, const uint8_t *results, size_t len, PnDiag *diag) {
  Audit *a = ctx;
  return store_hand_update_results(a->store, row->game_id, row->hand, results, len, diag) == STORE_OK ? 0 : -1;
}

/* replay_run's progress: the caller's. */
static void progress(void *ctx, const ReplayRunStats *stats) {
  Audit *a = ctx;
  a->opts->progress(a->opts->ctx, stats);
}

int audit_check_selection(Store *store, const StoreFilter *filter, const char *player, PnDiag *diag) {
  for (int i = 0; i < filter->nkeys; i++) {
    int64_t id;
    uint64_t hash;
    int found = store_game_lookup(store, filter->keys[i], &id, &hash, diag);
    if (found < 0) return AUDIT_ERROR;
    if (found == 0) {
      snprintf(diag->msg, sizeof diag->msg, "no game '%s' in the database", filter->keys[i]);
      return AUDIT_NOT_FOUND;
    }
  }
  if (player) {
    int found = store_player_count(store, player, diag);
    if (found < 0) return AUDIT_ERROR;
    if (found == 0) {
      snprintf(diag->msg, sizeof diag->msg, "no player '%s' in the database", player);
      return AUDIT_NOT_FOUND;
    }
  }
  return 0;
}

int audit_run(Store *store, const AuditOptions *opts, FILE *out, AuditStats *stats, PnDiag *diag) {
  Audit a = {.opts = opts, .out = out, .store = store};
  StoreCursor *cursor = NULL;
  int rc = AUDIT_ERROR;
  bool in_tx = false;
  *stats = (AuditStats){0};
  if ((opts->record || opts->fix) && store_begin(store, diag) != STORE_OK) goto done;
  in_tx = opts->record || opts->fix;
  if (opts->record && store_audit_begin(store, PN_RULES_VERSION, &a.audit_id, diag) != STORE_OK) goto done;
  /* Whole games are replayed (running scores need every hand); --hand and
   * --player only choose what is reported. */
  StoreFilter filter = *opts->filter;
  filter.hand = 0;
  if (store_cursor_open(store, &filter, &cursor, diag) != STORE_OK) goto done;
  if (opts->format == OUT_CSV) {
    const char *header[AUDIT_COLUMNS] = {"game", "hand", "seq", "trick", "seat", "player", "kind", "card", "detail"};
    out_csv_cells(out, AUDIT_COLUMNS, header);
  } else if (opts->format == OUT_JSON) {
    fputs("{\"findings\": [", out);
  }
  ReplayRunOptions run = {.emit = emit, .fix = opts->fix ? fix_results : NULL, .progress = opts->progress ? progress : NULL,
                          .ctx = &a};
  ReplayRunStats got = {0};
  int replayed = replay_run(cursor, &run, &got, diag);
  *stats = (AuditStats){.games = got.games, .hands = got.hands, .findings = a.findings, .fixed = got.fixed};
  if (replayed != 0) goto done;
  if (a.record_failed) {
    *diag = a.diag;
    goto done;
  }
  if (opts->format == OUT_JSON)
    fprintf(out, "%s], \"games\": %ld, \"hands\": %ld, \"count\": %ld}\n", a.findings ? "\n" : "", got.games,
            got.hands, a.findings);
  if (fflush(out) != 0 || ferror(out)) { /* before the commit: a run whose findings were lost is not recorded */
    snprintf(diag->msg, sizeof diag->msg, "write error");
    rc = AUDIT_WRITE;
    goto done;
  }
  if (a.audit_id && store_audit_end(store, a.audit_id, got.games, got.hands, a.findings, diag) != STORE_OK) goto done;
  if (in_tx && store_commit(store, diag) != STORE_OK) goto done;
  in_tx = false;
  rc = 0;
done:
  if (in_tx) store_rollback(store);
  store_cursor_close(cursor);
  return rc;
}
