/*
 * cmd_init.c - `pinochle init DB`: create a pinochle database (or say that
 * DB already is one).  Its help and registration are the "init" row of
 * the command table in main.c.
 */
#include <getopt.h>
#include <stdio.h>

#include "cli.h"
#include "store.h"

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
  if (optind >= argc)
    return cli_usage_error(self, "missing DB");
  if (optind + 1 < argc)
    return cli_usage_error(self, "unexpected argument '%s'", argv[optind + 1]);

  const char *db = argv[optind];
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
