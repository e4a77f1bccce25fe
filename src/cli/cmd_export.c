/*
 * cmd_export.c - `pinochle export DB`: stored games back to the event log
 * (importers/export.h), on standard output or into a file.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "export.h"
#include "store.h"

enum { OPT_GAME = 256 };

static const struct option export_options[] = {
    {"game", required_argument, NULL, OPT_GAME},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

int cmd_export(const CliCommand *self, int argc, char **argv) {
  const char *output = NULL;
  const char **keys = calloc((size_t)argc + 1, sizeof *keys); /* at most one per argument */
  int nkeys = 0, rc = CLI_USAGE, c;
  Store *store = NULL;
  FILE *out = NULL;
  if (keys == NULL) {
    cli_error(self, "out of memory");
    goto done;
  }
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":ho:", export_options)) != -1) {
    switch (c) {
    case OPT_GAME: keys[nkeys++] = optarg; break;
    case 'o': output = optarg; break;
    case 'h':
      cli_print_help(stdout, self);
      rc = CLI_OK;
      goto done;
    default: goto done;
    }
  }
  if (argc - optind < 1) {
    cli_usage_error(self, "missing DB");
    goto done;
  }
  if (argc - optind > 1) {
    cli_usage_error(self, "unexpected argument '%s'", argv[optind + 1]);
    goto done;
  }
  const char *db = argv[optind];
  char shown[256]; /* db in messages: a URI's password is never printed */
  store_name_shown(db, shown, sizeof shown);
  PnDiag diag = {0};
  if (store_open(db, STORE_READONLY | STORE_MUST_EXIST, &store, &diag) != 0) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  out = cli_output_open(self, output);
  if (out == NULL) goto done;
  ExportOptions opts = {.nkeys = nkeys, .keys = keys};
  ExportStats stats = {0};
  int got = export_games(store, &opts, out, &stats, &diag);
  if (!cli_output_close(out, output) && got == 0) got = EXPORT_WRITE;
  if (got != 0) {
    if (got == EXPORT_WRITE) cli_error(self, "%s: write error", output ? output : "standard output");
    else cli_error(self, "%s: %s", shown, diag.msg);
    cli_output_discard(output);
    goto done;
  }
  rc = CLI_OK;
done:
  store_close(store);
  free(keys);
  return rc;
}
