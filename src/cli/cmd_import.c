/*
 * cmd_import.c - `pinochle import DB FILE...`: event logs into the
 * database, each file in a transaction of its own (importers/import.h).
 *
 * Prints only to stderr: errors as FILE:LINE:COL: error: REASON (the line
 * where the record starts, COL the field, 0 when unknown), notes for games
 * skipped or replaced, a progress line on a terminal, and a summary.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "import.h"
#include "store.h"

/* `pinochle import`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_import_def = {
    .name = "import",
    .run = cmd_import,
    .usage =
        "pinochle import DB FILE... [--keep-going] [--replace] [--quiet | --verbose]",
    .summary =
        "Read event logs (CSV) into the database, checking every row",
    .help =
        "Reads each FILE, an event log (the CSV whose header is\n"
        "game,hand,seq,seat,action,cards,value), and stores its games in DB,\n"
        "which is created if missing (and kept only if a game is stored: a\n"
        "failed import leaves no new empty DB).  FILE '-' reads standard input.\n"
        "Blank lines and lines starting with '#' are comments; a UTF-8\n"
        "byte-order mark, CRLF line ends and quoted fields spanning lines are\n"
        "fine.\n"
        "\n"
        "Every row goes through the rules engine.  A row that could not have\n"
        "happened at a table is an error and its game is not stored: an unknown\n"
        "card, a card the seat does not hold, a deal that does not add up, a play\n"
        "out of turn, a bid after the bidding closed, a missing row (a player, the\n"
        "rest of a hand), a seq or hand number out of order, an unknown action,\n"
        "variant or option.  A rule broken at the table (a renege, a low bid, a\n"
        "wrong meld or score claim) is a finding: the row is stored as it\n"
        "happened, the summary counts it and `pinochle audit` reports it.\n"
        "\n"
        "Errors are printed as FILE:LINE:COL: error: REASON, where LINE is the\n"
        "line the record starts on and COL the field (1 game, 2 hand, 3 seq,\n"
        "4 seat, 5 action, 6 cards, 7 value; 0 the whole row).\n"
        "\n"
        "Each FILE is one transaction.  On an error nothing of that FILE is\n"
        "stored and the import stops; the files before it stay imported.  A game\n"
        "already stored with the same content is skipped (a note says so); one\n"
        "stored under the same key with other content is an error, or with\n"
        "--replace is replaced.  A summary (files, games imported, replaced and\n"
        "skipped, hands, findings by kind, seconds) ends the run on stderr; on\n"
        "a terminal a progress line shows the games so far.\n"
        "\n"
        "Options:\n"
        "  -k, --keep-going  store the valid games of a FILE that also has bad\n"
        "                    ones (each bad game is reported and left out), and\n"
        "                    go on with the next FILE after one that fails\n"
        "  --replace         replace a stored game with the same key and other\n"
        "                    content (its hands and results go with it)\n"
        "  -q, --quiet       print errors only: no notes, progress or summary\n"
        "  -v, --verbose     a note for every game skipped as already imported (by\n"
        "                    default the first five, then only the count)\n"
        "  -h, --help        show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle import club.db season-2026.csv\n"
        "  pinochle import club.db jan.csv feb.csv mar.csv --keep-going\n"
        "  pinochle import --replace club.db corrected-t3.csv\n"
        "  pinochle sim --variant two-hand --games 100 | pinochle import test.db -\n"
        "\n"
        "Exit codes:\n"
        "  0  every game was imported or skipped as already there (findings do\n"
        "     not change this: `pinochle audit` reports them)\n"
        "  2  usage error, or an error in a FILE or the database: that FILE's\n"
        "     games were not stored (with --keep-going: the bad games were not\n"
        "     stored, the valid ones were)\n",
};


enum { OPT_KEEP_GOING = 256, OPT_REPLACE, OPT_QUIET };

static const struct option import_options[] = {
    {"keep-going", no_argument, NULL, 'k'},
    {"replace", no_argument, NULL, OPT_REPLACE},
    {"quiet", no_argument, NULL, 'q'},
    {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* What the callbacks need. */
typedef struct ImportRun {
  const CliCommand *cmd;     /* for messages */
  bool quiet;                /* --quiet: errors only */
  bool verbose;              /* --verbose: a note for every skipped game */
  long skips;                /* skipped-game notes so far */
  bool progress;             /* stderr is a terminal: show progress */
  bool progress_shown;       /* a progress line is on the screen */
  double last_progress;      /* when it was drawn (monotonic seconds) */
} ImportRun;

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Removes the progress line before anything else is printed. */
static void clear_progress(ImportRun *run) {
  if (!run->progress_shown) return;
  fputs("\r\033[K", stderr);
  run->progress_shown = false;
}

/* FILE:LINE:COL: severity: message (the compiler form editors jump to). */
static void print_diag(ImportRun *run, const char *severity, const PnDiag *d) {
  clear_progress(run);
  if (d->file && d->line > 0)
    fprintf(stderr, "%s:%ld:%d: %s: %s\n", d->file, d->line, d->col, severity, d->msg);
  else if (d->file)
    fprintf(stderr, "%s: %s: %s\n", d->file, severity, d->msg);
  else
    cli_error(run->cmd, "%s", d->msg);
}

/* Skipped games are listed up to a few, then only counted (re-importing
 * a season would otherwise print a line per game); --verbose lists all. */
enum { SKIPS_LISTED = 5 };

static void on_note(void *ctx, ImportNote note, const PnDiag *diag) {
  ImportRun *run = ctx;
  if (note == IMPORT_NOTE_BAD_GAME) {
    print_diag(run, "error", diag);
    return;
  }
  if (run->quiet) return;
  if (note == IMPORT_NOTE_SKIPPED && !run->verbose && ++run->skips > SKIPS_LISTED) {
    if (run->skips == SKIPS_LISTED + 1) {
      clear_progress(run);
      cli_error(run->cmd, "note: more games already imported are skipped without a note (--verbose lists them)");
    }
    return;
  }
  print_diag(run, "note", diag);
}

static void on_progress(void *ctx, const char *file, const ImportStats *st) {
  ImportRun *run = ctx;
  if (!run->progress) return;
  double t = now_seconds();
  if (run->progress_shown && t - run->last_progress < 0.1) return;
  run->last_progress = t;
  fprintf(stderr, "\r\033[Kimporting %s: %ld games, %ld hands", file,
          st->games_imported + st->games_replaced + st->games_skipped, st->hands);
  fflush(stderr);
  run->progress_shown = true;
}

static const char *plural(long n, const char *one, const char *many) { return n == 1 ? one : many; }

static void print_summary(const ImportStats *st, double seconds) {
  fprintf(stderr, "pinochle: import: %ld %s, %ld %s imported (%ld replaced, %ld skipped as already there), "
                  "%ld %s, %ld %s",
          st->files, plural(st->files, "file", "files"), st->games_imported + st->games_replaced,
          plural(st->games_imported + st->games_replaced, "game", "games"), st->games_replaced,
          st->games_skipped, st->hands, plural(st->hands, "hand", "hands"), st->findings,
          plural(st->findings, "finding", "findings"));
  if (st->findings) {
    const char *sep = " (";
    for (int k = 1; k < PN_FIND_KINDS; k++)
      if (st->by_kind[k]) {
        fprintf(stderr, "%s%s %ld", sep, pn_finding_name((PnFindingKind)k), st->by_kind[k]);
        sep = ", ";
      }
    fputc(')', stderr);
  }
  fprintf(stderr, ", %.2f s", seconds);
  if (st->games_bad)
    fprintf(stderr, "; %ld %s with errors not stored", st->games_bad, plural(st->games_bad, "game", "games"));
  if (st->files_failed)
    fprintf(stderr, "; %ld %s failed: nothing of %s stored", st->files_failed,
            plural(st->files_failed, "file", "files"), plural(st->files_failed, "it", "them"));
  fputc('\n', stderr);
}

int cmd_import(const CliCommand *self, int argc, char **argv) {
  ImportOptions opts = {0};
  ImportRun run = {.cmd = self};
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":hkqv", import_options)) != -1) {
    switch (c) {
    case 'k': opts.keep_going = true; break;
    case OPT_REPLACE: opts.replace = true; break;
    case 'q': run.quiet = true; break;
    case 'v': run.verbose = true; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (argc - optind < 1) return cli_usage_error(self, "missing DB");
  if (argc - optind < 2) return cli_usage_error(self, "missing FILE: name at least one event log ('-' reads standard input)");
  const char *db = argv[optind];
  int stdin_files = 0;
  for (int i = optind + 1; i < argc; i++)
    stdin_files += strcmp(argv[i], "-") == 0;
  if (stdin_files > 1) return cli_usage_error(self, "'-' (standard input) given more than once");

  run.progress = !run.quiet && isatty(STDERR_FILENO);
  opts.note = on_note;
  opts.progress = on_progress;
  opts.ctx = &run;

  double start = now_seconds();
  Store *store = NULL;
  PnDiag diag = {0};
  /* The first file's parsing starts while the database opens (a new
   * one's schema, a lock to wait for); a file that cannot be opened is
   * reported in its turn, below. */
  CsvReader *first = NULL;
  if (import_open(argv[optind + 1], &opts, &first, &diag) != 0)
    first = NULL;
  memset(&diag, 0, sizeof diag);
  if (store_open(db, STORE_CREATE_IF_STORED | STORE_BULK, &store, &diag) != 0) {
    csv_reader_close(first);
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  ImportStats stats = {0};
  for (int i = optind + 1; i < argc; i++) {
    memset(&diag, 0, sizeof diag);
    int rc = i == optind + 1 && first ? import_reader(store, first, &opts, &stats, &diag)
                                      : import_file(store, argv[i], &opts, &stats, &diag);
    if (rc != 0) {
      print_diag(&run, "error", &diag);
      if (!opts.keep_going) break;
    }
  }
  store_close(store);
  clear_progress(&run);
  if (!run.quiet) print_summary(&stats, now_seconds() - start);
  return stats.files_failed || stats.games_bad ? CLI_USAGE : CLI_OK;
}
