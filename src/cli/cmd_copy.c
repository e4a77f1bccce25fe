/*
 * cmd_copy.c - `pinochle copy SRC DST`: a whole database moved between
 * store backends (SQLite <-> PostgreSQL, or file to file), in one
 * transaction on DST, then read back and verified (store_copy): the same
 * games and hands, and each game's content hash the same on both sides.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pn_cleanup.h"
#include "store.h"

/* `pinochle copy`: its row of the command table (main.c lists it). */
const CliCommand cmd_copy_def = {
    .name = "copy",
    .run = cmd_copy,
    .usage = "pinochle copy SRC DST",
    .summary = "Copy a whole database to another, between SQLite and PostgreSQL",
    .help =
        "Copies every game of SRC (a file or a postgresql:// URI), with its\n"
        "players, tags and hands, into DST (a file or a URI; an empty pinochle\n"
        "database, created when it is a file that does not exist), in one\n"
        "transaction, then reads DST back and checks that it holds the same\n"
        "games and hands with the same content hashes.  Audit runs are not\n"
        "copied: run `pinochle audit DST` again.  Club nights (`pinochle night`)\n"
        "are copied with the games.\n"
        "\n"
        "Options:\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle copy club.db postgresql://club@db.example/pinochle\n"
        "  pinochle copy postgresql://club@db.example/pinochle backup.db\n"
        "\n"
        "Exit codes:\n"
        "  0  success: DST holds the same games, verified\n"
        "  2  usage error, DST not empty, or a database error (nothing is kept in\n"
        "     DST); or the copy read back differs from SRC (said so).  A DST file\n"
        "     the copy created is removed when it fails or is interrupted.\n",
};

static const struct option copy_options[] = {
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

int cmd_copy(const CliCommand *self, int argc, char **argv) {
  int rc = CLI_USAGE, c;
  Store *src = NULL, *dst = NULL;
  PnDiag diag = {0};
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":h", copy_options)) != -1) {
    switch (c) {
    case 'h':
      cli_print_help(stdout, self);
      return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (argc - optind != 2)
    return cli_usage_error(self, argc - optind < 2 ? "missing SRC or DST" : "unexpected argument '%s'",
                           argv[optind + 2]);
  const char *from = argv[optind], *to = argv[optind + 1];
  char from_shown[256], to_shown[256]; /* a URI's password is never printed */
  store_name_shown(from, from_shown, sizeof from_shown);
  store_name_shown(to, to_shown, sizeof to_shown);
  /* A DST file this copy creates is kept only once the copy is verified:
   * removed (with its -wal, -shm, -journal) if it fails or is killed.  A
   * file that appeared at the name when DST was opened is one (nothing
   * appears for a URI); an existing DST is never removed. */
  bool absent = access(to, F_OK) != 0 && errno == ENOENT;
  int created = -1;
  if (store_open(from, STORE_READONLY | STORE_MUST_EXIST, &src, &diag) != STORE_OK ||
      store_open(to, STORE_CREATE_IF_STORED, &dst, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (absent && access(to, F_OK) == 0)
    created = pn_cleanup_add(to, PN_CLEANUP_DATABASE);
  /* DST must hold no game: a copy is the whole database, not a merge
   * (import merges event logs). */
  StoreCopySums from_sums, to_sums;
  if (store_copy(src, dst, &from_sums, &to_sums, &diag) != STORE_OK) {
    cli_error(self, "%s -> %s: %s", from_shown, to_shown, diag.msg);
    goto done;
  }
  fprintf(stderr, "pinochle: copy: %s -> %s: %ld games, %ld hands, content hash %016llx verified; club nights: %d\n",
          from_shown, to_shown, to_sums.games, to_sums.hands, (unsigned long long)to_sums.hash, to_sums.nights);
  rc = CLI_OK;
done:
  store_close(src);
  store_close(dst);
  if (rc == CLI_OK)
    pn_cleanup_forget(created);
  else
    pn_cleanup_remove(created);
  return rc;
}
