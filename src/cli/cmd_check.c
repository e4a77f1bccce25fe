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

/* `pinochle check`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_check_def = {
    .name = "check",
    .run = cmd_check,
    .usage =
        "pinochle check DB [--quiet]",
    .summary =
        "Check that a database is sound and its hands replay to their results",
    .help =
        "Checks DB without changing it (it is opened read-only):\n"
        "\n"
        "  - that it is a pinochle database of this program's schema version\n"
        "    (an older one is a problem: `pinochle init DB` upgrades it);\n"
        "  - SQLite's PRAGMA integrity_check (pages, indexes, the file itself)\n"
        "    and PRAGMA foreign_key_check (no hand, seat, tag or finding that\n"
        "    refers to a missing game, player or audit);\n"
        "  - that every stored game reads back as it was written: its key,\n"
        "    players, options and tags are what import accepts (UTF-8 text, no\n"
        "    control character, ...), and its header and events hash to the\n"
        "    content hash stored with it;\n"
        "  - that every stored hand, rebuilt from its stored events by the rules\n"
        "    engine (as `pinochle audit` does), decodes, completes, and gives the\n"
        "    results stored with it (bidder, bid, trump, meld, counters, tricks,\n"
        "    scores and running totals), and that each game's stored winner is\n"
        "    the replay's.\n"
        "\n"
        "Each problem is one line on standard output, \"DB: ...\", naming the game\n"
        "and hand; a hand that cannot be replayed stops the replay of its game.\n"
        "The last line sums up.  Findings of the table (reneges, wrong claims)\n"
        "are not problems of the database: `pinochle audit` reports those.\n"
        "Stored results that differ after a deliberate rules change are fixed by\n"
        "`pinochle audit --fix-results`.\n"
        "\n"
        "Options:\n"
        "  -q, --quiet  print nothing when DB is sound (problems are still listed)\n"
        "  -h, --help   show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle check club.db\n"
        "  pinochle check --quiet club.db || echo 'club.db needs attention'\n"
        "\n"
        "Exit codes:\n"
        "  0  DB is sound\n"
        "  1  problems found (listed on standard output)\n"
        "  2  usage error, or DB cannot be opened: missing, not a pinochle\n"
        "     database, written by a newer pinochle, or unreadable\n",
};


static const struct option check_options[] = {
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

typedef struct Check {
  const char *db;            /* the path, as given: every line starts with it */
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

/* replay_check's problems, listed. */
static void on_problem(void *ctx, const char *text) {
  problem(ctx, "%s", text);
}

/* A store message without the leading "DB: " that problem() adds again. */
static const char *unprefixed(const Check *c, const char *msg) {
  size_t n = strlen(c->db);
  return strncmp(msg, c->db, n) == 0 && strncmp(msg + n, ": ", 2) == 0 ? msg + n + 2 : msg;
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
  const char *db = cli_db_operand(self, argc, argv);
  if (!db) return CLI_USAGE;

  char shown[256]; /* every line starts with it: a URI's password is never printed */
  store_name_shown(db, shown, sizeof shown);
  Check ck = {.db = shown};
  int rc = CLI_USAGE;
  Store *store = NULL;
  PnDiag diag = {0};
  ReplayCheckStats st = {0};
  int orc = store_open(db, STORE_READONLY | STORE_MUST_EXIST, &store, &diag);
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
  if (replay_check(store, on_problem, &ck, &st, &diag) < 0) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  rc = ck.problems ? CLI_FINDINGS : CLI_OK;

summary:
  if (rc != CLI_OK)
    printf("%s: %ld problem%s (%ld game%s, %ld hand%s replayed%s)\n", ck.db, ck.problems,
           ck.problems == 1 ? "" : "s", st.games, st.games == 1 ? "" : "s", st.hands, st.hands == 1 ? "" : "s",
           st.skipped ? ", some not replayable" : "");
  else if (!quiet)
    printf("%s: ok: schema %d, %s ok, %ld game%s, %ld hand%s replayed to their stored results\n", ck.db,
           STORE_SCHEMA_VERSION, store_check_names(store), st.games, st.games == 1 ? "" : "s", st.hands,
           st.hands == 1 ? "" : "s");
done:
  store_close(store);
  return rc;
}
