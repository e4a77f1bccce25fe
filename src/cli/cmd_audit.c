/*
 * cmd_audit.c - `pinochle audit`: replay stored hands with the rules
 * engine and report every finding, for a director or a season check.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "replay.h"
#include "store.h"
#include "writer.h"

enum { OPT_GAME = 256, OPT_HAND, OPT_PLAYER, OPT_VARIANT, OPT_FORMAT, OPT_FIX, OPT_NO_RECORD };

static const struct option audit_options[] = {
    {"game", required_argument, NULL, OPT_GAME},
    {"hand", required_argument, NULL, OPT_HAND},
    {"player", required_argument, NULL, OPT_PLAYER},
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"output", required_argument, NULL, 'o'},
    {"fix-results", no_argument, NULL, OPT_FIX},
    {"no-record", no_argument, NULL, OPT_NO_RECORD},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

typedef struct Audit {
  FILE *out;              /* where findings go */
  OutFormat format;       /* how */
  int only_hand;          /* --hand, 0 = all */
  const char *player;     /* --player, NULL = all */
  Store *store;           /* for recording the run */
  int64_t audit_id;       /* the recorded run, 0 = not recorded */
  long findings;          /* reported */
  long by_kind[PN_FIND_KINDS];
  bool record_failed;     /* a finding could not be stored */
  PnDiag diag;            /* the first recording error */
  bool tty;               /* stderr is a terminal: show progress */
  time_t last_progress;   /* when it was last shown */
} Audit;

static bool emit(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  Audit *a = ctx;
  if (a->only_hand && f->hand != a->only_hand) return false;
  const char *player = f->seat ? row->players[f->seat - 1] : "";
  /* any case, as the store's filter ("ann" finds Ann) */
  if (a->player && (!f->seat || strcasecmp(player, a->player) != 0)) return false;
  a->findings++;
  a->by_kind[f->kind]++;
  const char *kind = pn_finding_name(f->kind);
  char hand[16], seq[16], trick[16], seat[16];
  snprintf(hand, sizeof hand, "%d", f->hand);
  snprintf(seq, sizeof seq, "%d", f->seq);
  snprintf(trick, sizeof trick, "%d", f->trick);
  snprintf(seat, sizeof seat, "%d", f->seat);
  switch (a->format) {
  case OUT_TEXT:
    if (f->trick) fprintf(a->out, "%s, hand %d, trick %d: %s\n", row->key, f->hand, f->trick, f->detail);
    else fprintf(a->out, "%s, hand %d: %s\n", row->key, f->hand, f->detail);
    break;
  case OUT_CSV: {
    const char *fields[] = {row->key, hand, seq, f->trick ? trick : "", f->seat ? seat : "", player,
                            kind, f->card, f->detail};
    out_csv_row(a->out, 9, fields);
    break;
  }
  case OUT_JSON:
    fputs(a->findings > 1 ? ",\n  {" : "\n  {", a->out);
    fputs("\"game\": ", a->out);
    out_json_string(a->out, row->key);
    fprintf(a->out, ", \"hand\": %d, \"seq\": %d, \"trick\": %d, \"seat\": %d, \"player\": ", f->hand, f->seq,
            f->trick, f->seat);
    out_json_string(a->out, player);
    fputs(", \"kind\": ", a->out);
    out_json_string(a->out, kind);
    fputs(", \"card\": ", a->out);
    out_json_string(a->out, f->card);
    fputs(", \"detail\": ", a->out);
    out_json_string(a->out, f->detail);
    fputc('}', a->out);
    break;
  }
  if (a->audit_id && !a->record_failed) {
    StoreFinding sf = {row->game_id, f->hand, f->seq, f->trick, f->seat, kind, f->card, f->detail};
    if (store_audit_finding(a->store, a->audit_id, &sf, &a->diag) != 0) a->record_failed = true;
  }
  return true;
}

/* --fix-results: the replayed results replace the stored ones. */
static int fix_results(void *ctx, const StoreRow *row, const uint8_t *results, size_t len, PnDiag *diag) {
  Audit *a = ctx;
  return store_hand_update_results(a->store, row->game_id, row->hand, results, len, diag) == STORE_OK ? 0 : -1;
}

/* On a terminal, at most once a second. */
static void progress(void *ctx, const ReplayRunStats *stats) {
  Audit *a = ctx;
  if (!a->tty || time(NULL) == a->last_progress) return;
  a->last_progress = time(NULL);
  fprintf(stderr, "\raudit: %ld games, %ld hands", stats->games, stats->hands);
}

int cmd_audit(const CliCommand *self, int argc, char **argv) {
  const char *keys[256];
  StoreFilter filter = {.keys = keys};
  Audit a = {.format = OUT_TEXT}; /* .out: opened after the database */
  const char *output = NULL;
  bool fix = false, record = true;
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":ho:", audit_options)) != -1) {
    switch (c) {
    case OPT_GAME:
      if (filter.nkeys == (int)(sizeof keys / sizeof keys[0])) return cli_usage_error(self, "too many --game keys");
      keys[filter.nkeys++] = optarg;
      break;
    case OPT_HAND: {
      char *end;
      long n = strtol(optarg, &end, 10);
      if (*end || n < 1 || n > 100000) return cli_usage_error(self, "--hand takes a hand number, not '%s'", optarg);
      a.only_hand = (int)n;
      break;
    }
    case OPT_PLAYER: a.player = filter.player = optarg; break;
    case OPT_VARIANT:
      if (pn_rules_preset(&(PnRules){0}, optarg) != 0) return cli_usage_error(self, "unknown variant '%s'", optarg);
      filter.preset = optarg;
      break;
    case OPT_FORMAT:
      if (out_format_parse(optarg) < 0) return cli_usage_error(self, "--format takes text, csv or json");
      a.format = (OutFormat)out_format_parse(optarg);
      break;
    case 'o': output = optarg; break;
    case OPT_FIX: fix = true; break;
    case OPT_NO_RECORD: record = false; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (optind != argc - 1) return cli_usage_error(self, "give exactly one database");
  const char *db = argv[optind];
  char shown[256]; /* db in messages: a URI's password is never printed */
  store_name_shown(db, shown, sizeof shown);

  int rc = CLI_USAGE;
  Store *store = NULL;
  StoreCursor *cursor = NULL;
  PnGame *game = malloc(sizeof *game);
  PnDiag diag = {0};
  bool in_tx = false;
  long games = 0, hands = 0, fixed = 0;
  if (!game) {
    cli_error(self, "out of memory");
    goto done;
  }
  /* Without a run to record or results to fix, audit only reads: it opens
   * the database read-only (no migration, nothing written, and a file the
   * user may only read will do). */
  int mode = record || fix ? STORE_MUST_EXIST : STORE_READONLY | STORE_MUST_EXIST;
  if (store_open(db, mode, &store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  a.store = store;
  /* An unknown key or player is a mistake in the command, not a clean
   * audit: say so before anything is written or recorded. */
  for (int i = 0; i < filter.nkeys; i++) {
    int64_t id;
    uint64_t hash;
    int found = store_game_lookup(store, keys[i], &id, &hash, &diag);
    if (found <= 0) {
      if (found == 0) cli_error(self, "%s: no game '%s' in the database", shown, keys[i]);
      else cli_error(self, "%s", diag.msg);
      goto done;
    }
  }
  if (a.player) {
    int found = store_player_count(store, a.player, &diag);
    if (found <= 0) {
      if (found == 0) cli_error(self, "%s: no player '%s' in the database", shown, a.player);
      else cli_error(self, "%s", diag.msg);
      goto done;
    }
  }
  if (!(a.out = cli_output_open(self, output))) goto done;
  if ((record || fix) && store_begin(store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  in_tx = record || fix;
  if (record && store_audit_begin(store, PN_RULES_VERSION, &a.audit_id, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  /* Whole games are replayed (running scores need every hand); --hand and
   * --player only choose what is reported. */
  filter.hand = 0;
  if (store_cursor_open(store, &filter, &cursor, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (a.format == OUT_CSV) {
    const char *header[] = {"game", "hand", "seq", "trick", "seat", "player", "kind", "card", "detail"};
    out_csv_row(a.out, 9, header);
  } else if (a.format == OUT_JSON) {
    fputs("{\"findings\": [", a.out);
  }
  a.tty = isatty(STDERR_FILENO) && a.out != stderr;
  ReplayRunOptions run = {.emit = emit, .fix = fix ? fix_results : NULL, .progress = progress, .ctx = &a};
  ReplayRunStats stats = {0};
  int got = replay_run(cursor, &run, &stats, &diag);
  games = stats.games;
  hands = stats.hands;
  fixed = stats.fixed;
  if (got != 0) {
    if (a.tty) fputs("\r\033[K", stderr);
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (a.tty) fputs("\r\033[K", stderr);
  if (a.record_failed) {
    cli_error(self, "%s", a.diag.msg);
    goto done;
  }
  if (a.audit_id && store_audit_end(store, a.audit_id, games, hands, a.findings, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (in_tx && store_commit(store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  in_tx = false;
  if (a.format == OUT_JSON)
    fprintf(a.out, "%s], \"games\": %ld, \"hands\": %ld, \"count\": %ld}\n", a.findings ? "\n" : "", games, hands,
            a.findings);
  fprintf(stderr, "audited %ld game%s, %ld hand%s: %ld finding%s", games, games == 1 ? "" : "s", hands,
          hands == 1 ? "" : "s", a.findings, a.findings == 1 ? "" : "s");
  if (fix) fprintf(stderr, "; %ld %s stored results fixed", fixed, fixed == 1 ? "hand's" : "hands'");
  fputc('\n', stderr);
  rc = a.findings ? CLI_FINDINGS : CLI_OK;
done:
  if (in_tx) store_rollback(store);
  store_cursor_close(cursor);
  store_close(store);
  if (a.out && !cli_output_close(a.out, output) && rc != CLI_USAGE) {
    cli_error(self, "%s: write error", output ? output : "standard output");
    rc = CLI_USAGE;
  }
  free(game);
  return rc;
}
