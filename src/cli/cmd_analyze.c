/*
 * cmd_analyze.c - `pinochle analyze DB`: every selected hand through the
 * double-dummy solver (src/analysis): par, what was taken, whether the
 * bid could have been made, and each play's cost; kept in the database
 * so the next run reads them back.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analysis.h"
#include "cli.h"
#include "store.h"
#include "walk.h"
#include "writer.h"

/* `pinochle analyze`: usage, summary and help, kept next to the handler
 * they describe; main.c's table lists this row. */
const CliCommand cmd_analyze_def = {
    .name = "analyze",
    .run = cmd_analyze,
    .usage =
        "pinochle analyze DB [--game KEY [--hand N]] [--format text|csv|json] [-o FILE]\n"
        "                     [--budget NODES] [-j N] [--quiet]",
    .summary =
        "Double-dummy analysis: could the bid have been made, what each play cost",
    .help =
        "Analyses every selected hand with all four (three, five) holdings known,\n"
        "as if every player saw every card (double dummy), under the game's own\n"
        "rules: each preset and house rule is analysed as it is played.\n"
        "\n"
        "Per hand: the par of the bidding side from the first lead (the most\n"
        "counters it can be sure to take, last-trick bonus included, no rounding,\n"
        "when every other side plays together against it), the counters it took,\n"
        "its meld that would count, and whether the bid could have been made with\n"
        "perfect play (meld + par >= bid).  Per play: the par of the player's side\n"
        "just before and just after it, and its cost (before - after: counters\n"
        "given up against the best card; 0 for a best play), and for a costly\n"
        "play a card that would have kept the par (best).  A hand without a\n"
        "bidder is analysed for the side of seat 1 (three-hand, cutthroat-four:\n"
        "the seat that leads the first trick).\n"
        "\n"
        "Text gives a block per hand, a costly play marked ! with its best card.\n"
        "CSV has one row per play:\n"
        "game,hand,seq,seat,card,par_before,par_after,cost (seq as in the event\n"
        "log; the values empty for a play not analysed).  JSON has \"hands\": [{game, hand, status, bidder, bid,\n"
        "par, meld, taken, could_make, made, plays: [{seq, seat, card,\n"
        "par_before, par_after, cost, best}]}], best null for a play that cost\n"
        "nothing; status is analysed, budget (stopped by --budget: unanalysed),\n"
        "unsupported (the two-hand stock phase: cards to be drawn are unknown)\n"
        "or no-play.  Plays are valued last to first: in a hand stopped by the\n"
        "budget or the stock phase the plays valued by then (the end of the hand,\n"
        "the two-hand playoff) keep their values; the par stays unknown.\n"
        "\n"
        "Each analysis is kept in DB, keyed by the rules version and a hash of\n"
        "the hand's events and the game's rules: a second run reads it back at\n"
        "once, and a hand whose events change is analysed again.  A hand stopped\n"
        "by the budget is read back by a run with no more budget, searched again\n"
        "by one with more.  On a terminal a progress bar is drawn on\n"
        "standard error; a summary line follows (not with --quiet).\n"
        "\n"
        "Options:\n"
        "  --game KEY           only this game\n"
        "  --hand N             only hand N of that game\n"
        "  --format FORMAT      text (default), csv or json\n"
        "  --budget NODES       solver nodes per hand (default 10000000, about a\n"
        "                       second; 0 = no limit); past it the hand\n"
        "                       is marked unanalysed\n"
        "  -j, --jobs N         hands searched at once (of one game too), each on a\n"
        "                       thread with its own 16 MiB table (default: one per\n"
        "                       core, at most 8; 1 = no threads); the output does\n"
        "                       not depend on it\n"
        "  --quiet              no progress bar and no summary\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle analyze club.db --format csv -o plays.csv\n"
        "  pinochle analyze club.db --game club-2026-11-20-t3 --hand 4\n"
        "\n"
        "Exit codes:\n"
        "  0  success (hands left unanalysed by the budget included)\n"
        "  2  usage error, no such game or hand, or a database or write error\n"
        "     (with -o, FILE is left as it was; no analysis is kept)\n",
};

enum { OPT_GAME = 256, OPT_HAND, OPT_FORMAT, OPT_BUDGET, OPT_QUIET };

static const struct option analyze_options[] = {
    {"game", required_argument, NULL, OPT_GAME},
    {"hand", required_argument, NULL, OPT_HAND},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"budget", required_argument, NULL, OPT_BUDGET},
    {"jobs", required_argument, NULL, 'j'},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* A bar on the terminal, redrawn at most once per percent. */
typedef struct Progress {
  int last;        /* last percent drawn, -1 none */
  bool drawn;
} Progress;

static void progress_bar(void *ctx, long done, long total) {
  Progress *p = ctx;
  int pct = total > 0 ? (int)(done * 100 / total) : 100;
  if (pct == p->last) return;
  p->last = pct;
  p->drawn = true;
  char bar[41];
  int fill = pct * 40 / 100;
  for (int i = 0; i < 40; i++) bar[i] = i < fill ? '#' : '.';
  bar[40] = '\0';
  fprintf(stderr, "\ranalyze: [%s] %3d%% %ld/%ld hands", bar, pct, done, total);
  fflush(stderr);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The arguments, parsed. */
typedef struct AnalyzeArgs {
  const char *db, *output, *key;
  long hand, budget, jobs;
  int format;
  bool quiet;
} AnalyzeArgs;

/* The options and DB into *a; returns CLI_GO_ON to go on, else the exit
 * code (after --help or a usage error). */
static int parse_args(const CliCommand *self, int argc, char **argv, AnalyzeArgs *a) {
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":hj:o:", analyze_options)) != -1) {
    switch (c) {
    case OPT_GAME: a->key = optarg; break;
    case OPT_HAND:
      if (!cli_parse_long(optarg, 1, 100000, &a->hand))
        return cli_usage_error(self, "--hand takes a hand number (1 or more), not '%s'", optarg);
      break;
    case OPT_FORMAT:
      a->format = out_format_parse(optarg);
      if (a->format < 0) return cli_usage_error(self, "--format takes text, csv or json, not '%s'", optarg);
      break;
    case OPT_BUDGET:
      if (!cli_parse_long(optarg, 0, 1000000000000L, &a->budget))
        return cli_usage_error(self, "--budget takes a number of nodes (0 = no limit), not '%s'", optarg);
      break;
    case 'j':
      if (!cli_parse_long(optarg, 1, WALK_MAX_WORKERS, &a->jobs))
        return cli_usage_error(self, "--jobs takes a number from 1 to %d, not '%s'", WALK_MAX_WORKERS, optarg);
      break;
    case OPT_QUIET: a->quiet = true; break;
    case 'o': a->output = optarg; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (!(a->db = cli_db_operand(self, argc, argv))) return CLI_USAGE;
  if (a->hand > 0 && !a->key) return cli_usage_error(self, "--hand needs --game");
  return CLI_GO_ON;
}

/* -o FILE for analysis_analyze, which opens it only once the game is
 * known and "closes" it before its commit: then it is only finished
 * (flushed and synced); the command commits or discards it after. */
typedef struct AnalyzeOutput {
  const CliCommand *self;
  const char *path;   /* -o, NULL = standard output */
  OutFile *file;      /* opened, not yet committed or discarded */
  PnDiag diag;        /* why finishing it failed */
} AnalyzeOutput;

static FILE *open_output(void *ctx) {
  AnalyzeOutput *o = ctx;
  o->file = cli_output_open(o->self, o->path);
  return o->file ? out_file_stream(o->file) : NULL;
}

static bool close_output(void *ctx, FILE *out) {
  AnalyzeOutput *o = ctx;
  (void)out;
  return out_file_finish(o->file, &o->diag) == 0;
}

int cmd_analyze(const CliCommand *self, int argc, char **argv) {
  AnalyzeArgs a = {.budget = AN_DEFAULT_BUDGET, .format = OUT_TEXT};
  int rc = parse_args(self, argc, argv, &a);
  if (rc >= 0) return rc;
  if (cli_output_check(self, a.output, a.db) != CLI_GO_ON) return CLI_USAGE;
  PnDiag diag = {0};
  Store *store = NULL;
  /* Read-write: the analyses found are kept for the next run. */
  if (store_open(a.db, STORE_MUST_EXIST, &store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  Progress bar = {.last = -1};
  AnalyzeOutput io = {.self = self, .path = a.output};
  AnRequest req = {.key = a.key, .hand = (int)a.hand, .open_output = open_output, .close_output = close_output,
                   .io_ctx = &io,
                   .run = {.format = a.format, .budget = a.budget, .table_bytes = AN_TABLE_BYTES, .jobs = (int)a.jobs,
                           .progress = !a.quiet && isatty(2) ? progress_bar : NULL, .ctx = &bar}};
  AnRunStats stats;
  double start = now_seconds();
  int got = analysis_analyze(store, &req, &stats, &diag);
  double seconds = now_seconds() - start;
  if (bar.drawn) fputc('\n', stderr);
  if (got == PN_ERR_WRITE) cli_error(self, "%s", io.diag.msg);
  else if (got != 0 && got != PN_ERR_USAGE) cli_error(self, "%s: %s", a.db, diag.msg); /* USAGE: -o said why */
  rc = cli_output_close(self, io.file, got == 0) ? CLI_OK : CLI_USAGE; /* kept only after a whole run */
  if (got == 0 && !a.quiet)
    fprintf(stderr,
            "analyze: %ld games, %ld hands (%ld searched, %ld stored before, %ld unanalysed: budget, "
            "%ld not analysable from the first lead) in %.2f s\n",
            stats.games, stats.hands, stats.searched, stats.stored, stats.unanalysed, stats.unsupported, seconds);
  store_close(store);
  return rc;
}
