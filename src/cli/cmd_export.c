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

/* `pinochle export`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_export_def = {
    .name = "export",
    .run = cmd_export,
    .usage =
        "pinochle export DB [--game KEY]... [-o FILE]",
    .summary =
        "Write stored games as an event log (CSV)",
    .help =
        "Writes the games of DB, in the order they were stored, as an event log:\n"
        "the header row game,hand,seq,seat,action,cards,value, then for each\n"
        "game its variant, option, player (by seat) and tag rows (hand 0), then\n"
        "the rows of each hand as they were recorded.\n"
        "\n"
        "The output is canonical, so importing it and exporting again gives the\n"
        "same bytes: LF line ends, a field quoted only when it must be, cards as\n"
        "two-letter tokens (TH, not 10H or T♥), seq numbered from 1.\n"
        "\n"
        "Options:\n"
        "  --game KEY           only this game (repeatable); an unknown KEY is an\n"
        "                       error and nothing is written\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle export club.db > club.csv\n"
        "  pinochle export club.db --game club-2026-11-20-t3 -o t3.csv\n"
        "  pinochle export old.db | pinochle import new.db -\n"
        "\n"
        "Exit codes:\n"
        "  0  success\n"
        "  2  usage error, a --game KEY not in DB, a game that does not read back\n"
        "     as stored (its text, events or content hash: named; see `pinochle\n"
        "     check`), or a database or write error\n"
        "     (with -o, FILE is left as it was: written whole or not at all)\n",
};


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
  OutFile *out = NULL;
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
  const char *db = cli_db_operand(self, argc, argv);
  if (!db || cli_output_check(self, output, db) != CLI_GO_ON) goto done;
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
  int got = export_games(store, &opts, out_file_stream(out), &stats, &diag);
  if (got != 0 && got != EXPORT_WRITE) cli_error(self, "%s: %s", shown, diag.msg);
  /* EXPORT_WRITE is the stream's error flag, which stays set: the commit
   * fails and says why (a full disk, a file-size limit). */
  bool kept = cli_output_close(self, out, got == 0 || got == EXPORT_WRITE) && got == 0;
  out = NULL;
  if (!kept) goto done;
  rc = CLI_OK;
done:
  cli_output_close(self, out, false);
  store_close(store);
  free(keys);
  return rc;
}
