/*
 * cmd_audit.c - `pinochle audit`: replay stored hands with the rules
 * engine and report every finding, for a director or a season check.
 * The work (replay, findings writer, the recorded run) is src/audit's.
 */
#include <getopt.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "cli.h"
#include "store.h"

/* `pinochle audit`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_audit_def = {
    .name = "audit",
    .run = cmd_audit,
    .usage =
        "pinochle audit DB [--game KEY]... [--hand N] [--player NAME] [--variant PRESET]\n"
        "                     [--format text|csv|json] [-o FILE] [--fix-results] [--no-record]",
    .summary =
        "Replay stored hands with the rules engine and report every finding",
    .help =
        "Rebuilds every selected hand from its stored events with the rules\n"
        "engine, independently of what was derived when it was recorded, and\n"
        "reports each finding with the trick so far, the card, the rule broken\n"
        "and the evidence (the cards the player held that the rule required):\n"
        "\n"
        "  renege-follow      held the suit led and played another\n"
        "  renege-head        followed but did not beat the winning card when able\n"
        "  renege-trump       void in the suit led, held a required trump, did not trump\n"
        "  renege-overtrump   trumped low when able to beat the winning trump\n"
        "  bid-too-low        below the minimum, off the steps, or not above the bid\n"
        "  bid-after-pass     a bid by a player who had passed (it does not count)\n"
        "  meld-claim         a claimed meld value that differs, or an invalid\n"
        "                     two-hand meld\n"
        "  trump-without-marriage  the bidder lacked the marriage (or dix) in trump\n"
        "  score-claim        a claimed hand score that differs from the rules\n"
        "  stored-result      the stored results differ from the replay (tampering\n"
        "                     or a rules change; see --fix-results)\n"
        "\n"
        "Each run is recorded in the database (time, rules version, counts and\n"
        "findings) so reports can count reneges by player and season.\n"
        "\n"
        "Options:\n"
        "  --game KEY        audit this game (repeatable); default: every game; a\n"
        "                    KEY not in DB is an error\n"
        "  --hand N          report only hand N of the selected games\n"
        "  --player NAME     games NAME played in; report only NAME's findings\n"
        "                    (any case: ann finds Ann; a NAME not in DB is an error)\n"
        "  --variant PRESET  games of this preset only\n"
        "  --format FORMAT   text (default): one sentence per finding;\n"
        "                    csv: header game,hand,seq,trick,seat,player,kind,card,detail\n"
        "                    (seq: the event's number in the hand, as in the log);\n"
        "                    json: {\"findings\": [{...same fields...}], \"games\": G,\n"
        "                    \"hands\": H, \"count\": N}\n"
        "  -o, --output FILE write the findings to FILE instead of standard output\n"
        "  --fix-results     rewrite stale stored results with the replay's, in one\n"
        "                    transaction (after a confirmed rules change)\n"
        "  --no-record       do not record this run in the database\n"
        "  -h, --help        show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle audit club.db\n"
        "  pinochle audit club.db --game club-2026-11-20-t3 --hand 4\n"
        "  pinochle audit club.db --player Cal --format csv -o cal.csv\n"
        "\n"
        "Exit codes:\n"
        "  0  no findings\n"
        "  1  findings reported\n"
        "  2  usage error, a --game KEY or --player NAME not in DB, or a database\n"
        "     that cannot be read or replayed; nothing was recorded\n",
};


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

/* The terminal's progress line: stderr only when it is a terminal the
 * findings do not go to, at most once a second. */
typedef struct Progress {
  bool tty;             /* show it */
  time_t last;          /* when it was last shown */
} Progress;

static void progress(void *ctx, const ReplayRunStats *stats) {
  Progress *p = ctx;
  if (!p->tty || time(NULL) == p->last) return;
  p->last = time(NULL);
  fprintf(stderr, "\raudit: %ld games, %ld hands", stats->games, stats->hands);
}

/* What the command line asks for. */
typedef struct AuditArgs {
  const char *keys[256];  /* --game, borrowed from argv */
  StoreFilter filter;     /* the games, its keys in keys[] */
  AuditOptions opts;      /* the rest */
  const char *output;     /* -o, NULL = standard output */
} AuditArgs;

/* Reads the options into *args; returns CLI_GO_ON to go on, else the exit code
 * (after --help or a usage error). */
static int parse_options(const CliCommand *self, int argc, char **argv, AuditArgs *args) {
  StoreFilter *filter = &args->filter;
  AuditOptions *opts = &args->opts;
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":ho:", audit_options)) != -1) {
    switch (c) {
    case OPT_GAME:
      if (filter->nkeys == (int)(sizeof args->keys / sizeof args->keys[0]))
        return cli_usage_error(self, "too many --game keys");
      args->keys[filter->nkeys++] = optarg;
      break;
    case OPT_HAND: {
      char *end;
      long n = strtol(optarg, &end, 10);
      if (*end || n < 1 || n > 100000) return cli_usage_error(self, "--hand takes a hand number, not '%s'", optarg);
      opts->only_hand = (int)n;
      break;
    }
    case OPT_PLAYER: opts->player = filter->player = optarg; break;
    case OPT_VARIANT:
      if (pn_rules_preset(&(PnRules){0}, optarg) != 0) return cli_usage_error(self, "unknown variant '%s'", optarg);
      filter->preset = optarg;
      break;
    case OPT_FORMAT:
      if (out_format_parse(optarg) < 0) return cli_usage_error(self, "--format takes text, csv or json");
      opts->format = (OutFormat)out_format_parse(optarg);
      break;
    case 'o': args->output = optarg; break;
    case OPT_FIX: opts->fix = true; break;
    case OPT_NO_RECORD: opts->record = false; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  return CLI_GO_ON;
}

int cmd_audit(const CliCommand *self, int argc, char **argv) {
  AuditArgs args = {.opts = {.format = OUT_TEXT, .record = true}};
  args.filter.keys = args.keys;
  args.opts.filter = &args.filter;
  int parsed = parse_options(self, argc, argv, &args);
  if (parsed >= 0) return parsed;
  AuditOptions opts = args.opts;
  const char *output = args.output;
  if (optind != argc - 1) return cli_usage_error(self, "give exactly one database");
  const char *db = argv[optind];
  if (cli_output_check(self, output, db) != CLI_GO_ON) return CLI_USAGE;

  int rc = CLI_USAGE;
  Store *store = NULL;
  OutFile *out = NULL;
  PnDiag diag = {0};
  /* Without a run to record or results to fix, audit only reads: it opens
   * the database read-only (no migration, nothing written, and a file the
   * user may only read will do). */
  int mode = opts.record || opts.fix ? STORE_MUST_EXIST : STORE_READONLY | STORE_MUST_EXIST;
  if (store_open(db, mode, &store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  /* An unknown key or player is a mistake in the command, not a clean
   * audit: say so before anything is written or recorded. */
  int checked = audit_check_selection(store, &args.filter, opts.player, &diag);
  if (checked != 0) {
    char shown[256]; /* a URI's password is never printed */
    store_name_shown(db, shown, sizeof shown);
    if (checked == AUDIT_NOT_FOUND) cli_error(self, "%s: %s", shown, diag.msg);
    else cli_error(self, "%s", diag.msg);
    goto done;
  }
  if (!(out = cli_output_open(self, output))) goto done;
  Progress shown = {.tty = isatty(STDERR_FILENO)};
  opts.progress = progress;
  opts.ctx = &shown;
  AuditStats st;
  int got = audit_run(store, &opts, out_file_stream(out), &st, &diag);
  if (shown.tty) fputs("\r\033[K", stderr);
  if (got != 0 && got != AUDIT_WRITE) {
    cli_error(self, "%s", diag.msg);
    goto done;
  }
  /* the findings whole, or the write error said (AUDIT_WRITE: the stream's
   * error flag stays set, so the commit fails and says why) */
  bool kept = cli_output_close(self, out, true) && got == 0;
  out = NULL;
  if (!kept) goto done;
  fprintf(stderr, "audited %ld game%s, %ld hand%s: %ld finding%s", st.games, st.games == 1 ? "" : "s", st.hands,
          st.hands == 1 ? "" : "s", st.findings, st.findings == 1 ? "" : "s");
  if (opts.fix) fprintf(stderr, "; %ld %s stored results fixed", st.fixed, st.fixed == 1 ? "hand's" : "hands'");
  fputc('\n', stderr);
  rc = st.findings ? CLI_FINDINGS : CLI_OK;
done:
  cli_output_close(self, out, false);
  store_close(store);
  return rc;
}
