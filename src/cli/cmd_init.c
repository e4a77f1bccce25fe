/*
 * cmd_init.c - `pinochle init DB`: create a pinochle database (or say that
 * DB already is one).  Its help and registration are the "init" row of
 * the command table in main.c.
 */
#include <getopt.h>
#include <stdio.h>

#include "cli.h"
#include "store.h"

/* `pinochle init`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_init_def = {
    .name = "init",
    .run = cmd_init,
    .usage =
        "pinochle init DB",
    .summary =
        "Create a pinochle database",
    .help =
        "Creates DB, an SQLite file, with pinochle's tables (games, players,\n"
        "seats, tags, hands, audits, findings) and the views that unfold the\n"
        "stored hands for sqlite3 users (events_v, plays_v, hand_results_v; see\n"
        "docs/SCHEMA.md).  The file is marked as pinochle's (PRAGMA\n"
        "application_id) with its schema version (PRAGMA user_version) and uses\n"
        "write-ahead logging.  `pinochle import` and `pinochle record` also\n"
        "create a missing DB; init makes an empty one ready to open in sqlite3.\n"
        "\n"
        "It says what it did on standard error.  If DB is already a pinochle\n"
        "database, nothing is changed: init says \"already initialized\" and\n"
        "exits 0 (a database of an older pinochle is upgraded to this one's\n"
        "schema first).  If DB exists and is anything else (another program's\n"
        "SQLite database, a file that is not SQLite, a database written by a\n"
        "newer pinochle), it is left untouched and init exits 2.  An empty file\n"
        "is initialized.\n"
        "\n"
        "Options:\n"
        "  -h, --help  show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle init club.db\n"
        "  sqlite3 club.db '.tables'\n"
        "\n"
        "Exit codes:\n"
        "  0  DB created, upgraded, or already a pinochle database\n"
        "  2  usage error, or DB could not be created or is not a pinochle\n"
        "     database this program can use; nothing was done\n",
};


static const struct option init_options[] = {
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

int cmd_init(const CliCommand *self, int argc, char **argv) {
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", init_options)) != -1) {
    switch (c) {
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  const char *db = cli_db_operand(self, argc, argv);
  if (!db)
    return CLI_USAGE;
  Store *store = NULL;
  PnDiag diag = {0};
  /* Opening creates the file and runs the migrations; it refuses (and
   * leaves alone) anything that is not a pinochle database. */
  if (store_open(db, STORE_CREATE, &store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  int found = store_schema_found(store);
  store_close(store);
  char shown[256]; /* a URI's password is never printed */
  store_name_shown(db, shown, sizeof shown);
  db = shown;
  /* What was done is a message to the user, not data: stderr, as every
   * command's summary, so stdout stays empty. */
  if (found == 0)
    fprintf(stderr, "%s: created a pinochle database (schema %d)\n", db, STORE_SCHEMA_VERSION);
  else if (found < STORE_SCHEMA_VERSION)
    fprintf(stderr, "%s: upgraded from schema %d to %d\n", db, found, STORE_SCHEMA_VERSION);
  else
    fprintf(stderr, "%s: already initialized (schema %d)\n", db, found);
  return CLI_OK;
}
