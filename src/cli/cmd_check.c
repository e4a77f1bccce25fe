/*
 * cmd_check.c - `pinochle check DB`: is the database sound?  Its schema
 * version, the store backend's own checks (store_check; SQLite's
 * integrity_check and foreign_key_check),
 * and every stored hand rebuilt from its events by the rules engine
 * (replay_hand) to the results stored with it and the game's stored
 * winner.  The database is opened read-only: check never changes it.
 *
 * Problems are listed on standard output, one per line, "DB: ..."; the
 * last line sums up.  Rule findings in the hands (reneges, wrong claims)
 * are not problems of the database: `pinochle audit` reports those.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "store.h"

static const struct option check_options[] = {
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

typedef struct Check {
  const char *db;            /* the path or URI as shown (no password): every line starts with it */
  long problems;             /* listed so far */
} Check;

static void problem(Check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void problem(Check *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("%s: ", c->db);
  vprintf(fmt, ap);
  putchar('\n');
  va_end(ap);
  c->problems++;
}

/* A store message without the leading "DB: " that problem() adds again. */
static const char *unprefixed(const Check *c, const char *msg) {
  size_t n = strlen(c->db);
  return strncmp(msg, c->db, n) == 0 && strncmp(msg + n, ": ", 2) == 0 ? msg + n + 2 : msg;
}

/* replay_hand's findings: only a stored-result finding is a problem of the
 * database; the rest are the table's (audit). */
static void on_finding(void *ctx, const StoreRow *row, const ReplayFinding *f) {
  Check *c = ctx;
  if (f->kind != PN_FIND_STORED_RESULT) return;
  problem(c, "game %s, hand %d: %s", row->key, f->hand, f->detail);
}

/* The end of a game's walk: its stored winner against the replay's. */
static void game_done(Check *c, const char *key, int stored_winner, const PnGame *game, bool replayed) {
  if (replayed && game->winner != stored_winner)
    problem(c, "game %s: stored winner is seat %d, the replay's is seat %d", key, stored_winner, game->winner);
}

int cmd_check(const CliCommand *self, int argc, char **argv) {
  bool quiet = false;
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":hq", check_options)) != -1) {
    switch (c) {
    case 'q': quiet = true; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (argc - optind < 1) return cli_usage_error(self, "missing DB");
  if (argc - optind > 1) return cli_usage_error(self, "unexpected argument '%s'", argv[optind + 1]);

  char shown[256];
  store_name_shown(argv[optind], shown, sizeof shown);
  Check ck = {.db = shown};
  int rc = CLI_USAGE;
  Store *store = NULL;
  StoreCursor *cursor = NULL;
  PnGame *game = malloc(sizeof *game);
  PnDiag diag = {0};
  char key[256] = "";          /* the game being walked (row text is borrowed) */
  int stored_winner = 0;
  bool replayable = false;     /* its hands can still be replayed */
  long games = 0, hands = 0, skipped = 0;
  if (game == NULL) {
    cli_error(self, "out of memory");
    goto done;
  }
  int orc = store_open(argv[optind], STORE_READONLY | STORE_MUST_EXIST, &store, &diag);
  if (orc == STORE_OLDER || orc == STORE_CORRUPT) {
    /* it is a pinochle database, and this is what is wrong with it */
    problem(&ck, "%s", unprefixed(&ck, diag.msg));
    rc = CLI_FINDINGS;
    goto summary;
  }
  if (orc != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }

  /* 1. the backend's own checks */
  int src = store_check(store, &diag);
  if (src < 0) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (src > 0) problem(&ck, "%s", unprefixed(&ck, diag.msg));

  /* 2. every hand through the engine, game by game */
  if (store_cursor_open(store, NULL, &cursor, &diag) != STORE_OK) {
    problem(&ck, "cannot read the games: %s", diag.msg);
    rc = CLI_FINDINGS;
    goto summary;
  }
  StoreRow row;
  int got;
  while ((got = store_cursor_next(cursor, &row, &diag)) == 1) {
    if (row.new_game) {
      if (games > 0) game_done(&ck, key, stored_winner, game, replayable);
      games++;
      snprintf(key, sizeof key, "%s", row.key);
      stored_winner = row.winner;
      PnRules rules;
      replayable = replay_rules(row.preset, row.options, &rules, &diag) == 0;
      if (replayable) pn_game_init(game, &rules);
      else problem(&ck, "game %s: %s: its hands cannot be replayed", row.key, diag.msg);
    }
    if (row.hand == 0) continue;
    if (!replayable) {
      skipped++;
      continue;
    }
    if (replay_hand(game, &row, on_finding, &ck, NULL, &diag) != 0) {
      problem(&ck, "%s: the game's later hands cannot be replayed", diag.msg);
      replayable = false;
      continue;
    }
    hands++;
  }
  if (got < 0) problem(&ck, "reading the hands: %s", diag.msg);
  else if (games > 0) game_done(&ck, key, stored_winner, game, replayable); /* all its hands were read */
  rc = ck.problems ? CLI_FINDINGS : CLI_OK;

summary:
  if (rc != CLI_OK)
    printf("%s: %ld problem%s (%ld game%s, %ld hand%s replayed%s)\n", ck.db, ck.problems,
           ck.problems == 1 ? "" : "s", games, games == 1 ? "" : "s", hands, hands == 1 ? "" : "s",
           skipped ? ", some not replayable" : "");
  else if (!quiet)
    printf("%s: ok: schema %d, %s ok, %ld game%s, %ld hand%s replayed to their stored results\n", ck.db,
           STORE_SCHEMA_VERSION, store_check_names(store), games, games == 1 ? "" : "s", hands,
           hands == 1 ? "" : "s");
done:
  store_cursor_close(cursor);
  store_close(store);
  free(game);
  return rc;
}
