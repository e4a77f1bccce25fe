/*
 * cmd_review.c - `pinochle review DB`: each play of the selected hands
 * judged on what its seat could see (src/review): deals consistent with
 * that seat's knowledge sampled, each solved double dummy.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "review.h"
#include "store.h"
#include "writer.h"

/* `pinochle review`: usage, summary and help next to the handler; main.c's
 * table lists this row. */
const CliCommand cmd_review_def = {
    .name = "review",
    .run = cmd_review,
    .usage = "pinochle review DB [--game KEY [--hand N]] [--worlds N] [--seed S] [--budget NODES]\n"
             "                    [-j N] [--format text|csv|json] [-o FILE]",
    .summary = "Each play judged on what its player could see, over sampled deals",
    .help =
        "Reviews every play of the selected hands from the seat that made it: the\n"
        "deals consistent with what that seat knew then (its own cards, the cards\n"
        "it passed and received, the widow if it saw it, every meld shown, the\n"
        "cards played and every suit or card a past play shows a seat lacks) are\n"
        "sampled uniformly (docs/REVIEW.md), each is solved double dummy for every\n"
        "legal card (equivalent cards once), and the mean counters the side takes\n"
        "from there are compared: the card played (chosen), the best card and\n"
        "the cost (best - chosen, never negative; 0 for a forced play).  The\n"
        "same seed gives the same output.\n"
        "\n"
        "Where trump is named after the auction (every bidding preset) the\n"
        "bidder's last bid and trump are reviewed too, from its own cards (the\n"
        "auction's widow once turned): the mean hand result of the bidding side\n"
        "(meld + counters if the bid is reached, else minus the bid) of each\n"
        "suit, and of the bid made, one step lower and passing (0), with P(make)\n"
        "of the bid; and (partnership-auction, five-call) each pass of cards,\n"
        "from the passing seat's cards: the pass made against the bots' and up to\n"
        "four others (keep trump, keep aces, meld-makers to the bidder ...).  The\n"
        "sim bots' trump, passes and melds, the play solved from the first lead\n"
        "(docs/REVIEW.md).\n"
        "\n"
        "CSV: game,hand,seq,seat,decision,chosen,chosen_value,best,best_value,cost\n"
        "(decision is bid, trump, pass or play; a pass's cards space-separated;\n"
        "values as decimals, empty when a solve was stopped by\n"
        "--budget).  JSON: {\"decisions\": [{game, hand, seq, seat, decision,\n"
        "chosen, worlds, chosen_value, best, best_value, cost, cost_se, alternatives,\n"
        "best_share, p_make}]}.\n"
        "A renege is not reviewed (no legal card to compare it with).\n"
        "\n"
        "Each hand's review is kept in DB (as analyze keeps its analyses), keyed\n"
        "by the rules version, a hash of the hand's events and the game's rules,\n"
        "and the worlds, seed and budget: a second run with the same options\n"
        "reads it back at once (the same output), a hand whose events change is\n"
        "reviewed again, and a run with other options reviews and replaces it.\n"
        "Each hand is kept as soon as it is reviewed.  report players and report\n"
        "hand show the stored fair costs.  On a terminal a line on standard error\n"
        "says which hand is under review and how many of its decisions are done.\n"
        "\n"
        "Options:\n"
        "  --game KEY           only this game\n"
        "  --hand N             only hand N of that game\n"
        "  --worlds N           deals per decision, at most (default 16; a play stops\n"
        "                       at 4, 8 or 12 once its cost's s.e. is 2.5 or less,\n"
        "                       a bid, trump or pass once its best is clear)\n"
        "  --seed S             the deals' seed (default 1)\n"
        "  --budget NODES       solver nodes per solve (default 20000000, about 1 to\n"
        "                       2 s; 0 = no limit); a decision with a solve past\n"
        "                       it is left unvalued\n"
  "  -j, --jobs N         decisions of a hand reviewed at once, each on a thread\n"
        "                       with its own solver (default: one per core, at most\n"
        "                       8; 1 = no threads); the output does not depend on\n"
        "                       it\n"
        "  --format FORMAT      text (default), csv or json\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle review club.db --game club-2026-11-20-t3 --hand 4\n"
        "  pinochle review club.db --worlds 64 --seed 7 --format csv -o review.csv\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
};

enum { OPT_GAME = 256, OPT_HAND, OPT_WORLDS, OPT_SEED, OPT_BUDGET, OPT_FORMAT };

static const struct option review_options[] = {
    {"game", required_argument, NULL, OPT_GAME},     {"hand", required_argument, NULL, OPT_HAND},
    {"worlds", required_argument, NULL, OPT_WORLDS}, {"seed", required_argument, NULL, OPT_SEED},
    {"budget", required_argument, NULL, OPT_BUDGET}, {"format", required_argument, NULL, OPT_FORMAT},
    {"output", required_argument, NULL, 'o'},        {"help", no_argument, NULL, 'h'},
    {"jobs", required_argument, NULL, 'j'},
    {NULL, 0, NULL, 0},
};

/* The arguments, parsed. */
typedef struct ReviewArgs {
  const char *db, *output, *key; /* DB, -o, --game */
  long hand, worlds, seed, budget; /* --hand (0 all), --worlds, --seed, --budget */
  long jobs;                     /* -j: 0 one per core */
  int format;                    /* OUT_* */
} ReviewArgs;

static int parse_args(const CliCommand *self, int argc, char **argv, ReviewArgs *a) {
  int c;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":ho:j:", review_options)) != -1) {
    switch (c) {
    case OPT_GAME: a->key = optarg; break;
    case OPT_HAND:
      if (!cli_parse_long(optarg, 1, 100000, &a->hand))
        return cli_usage_error(self, "--hand takes a hand number (1 or more), not '%s'", optarg);
      break;
    case OPT_WORLDS:
      if (!cli_parse_long(optarg, 1, 100000, &a->worlds))
        return cli_usage_error(self, "--worlds takes a number of deals from 1 to 100000, not '%s'", optarg);
      break;
    case OPT_SEED:
      if (!cli_parse_long(optarg, 0, 0x7FFFFFFFFFFFFFFFL, &a->seed))
        return cli_usage_error(self, "--seed takes a whole number (0 or more), not '%s'", optarg);
      break;
    case OPT_BUDGET:
      if (!cli_parse_long(optarg, 0, 1000000000000L, &a->budget))
        return cli_usage_error(self, "--budget takes a number of nodes (0 = no limit), not '%s'", optarg);
      break;
    case OPT_FORMAT:
      a->format = out_format_parse(optarg);
      if (a->format < 0) return cli_usage_error(self, "--format takes text, csv or json, not '%s'", optarg);
      break;
    case 'j':
      if (!cli_parse_long(optarg, 1, RV_MAX_JOBS, &a->jobs))
        return cli_usage_error(self, "--jobs takes a number from 1 to %d, not '%s'", RV_MAX_JOBS, optarg);
      break;
    case 'o': a->output = optarg; break;
    case 'h': cli_print_help(stdout, self); return CLI_OK;
    default: return CLI_USAGE;
    }
  }
  if (!(a->db = cli_db_operand(self, argc, argv))) return CLI_USAGE;
  if (a->hand > 0 && !a->key) return cli_usage_error(self, "--hand needs --game");
  return CLI_GO_ON;
}

/* Is the game there?  CLI_GO_ON, or CLI_USAGE after saying why not. */
static int check_game(const CliCommand *self, Store *store, const char *key) {
  int64_t id;
  uint64_t hash;
  PnDiag diag = {0};
  int got = key ? store_game_lookup(store, key, &id, &hash, &diag) : 1;
  if (got < 0) cli_error(self, "%s", diag.msg);
  else if (got == 0) cli_error(self, "no game '%s'", key);
  return got == 1 ? CLI_GO_ON : CLI_USAGE;
}

/* On a terminal, a line redrawn as the run goes: a hand's review takes
 * seconds to minutes. */
static void progress_line(void *ctx, long hands_done, long hands, int decisions_done, int decisions) {
  bool *drawn = ctx;
  *drawn = true;
  fprintf(stderr, "\rreview: hand %ld of %ld, %d of %d decisions ", hands_done < hands ? hands_done + 1 : hands, hands,
          decisions_done, decisions);
  fflush(stderr);
}

int cmd_review(const CliCommand *self, int argc, char **argv) {
  ReviewArgs a = {.worlds = RV_DEFAULT_WORLDS, .seed = 1, .budget = RV_DEFAULT_BUDGET, .format = OUT_TEXT};
  int rc = parse_args(self, argc, argv, &a);
  if (rc >= 0) return rc;
  if (cli_output_check(self, a.output, a.db) != CLI_GO_ON) return CLI_USAGE;
  PnDiag diag = {0};
  Store *store = NULL;
  /* Read-write, as analyze: each hand's review is kept for the next run. */
  if (store_open(a.db, STORE_MUST_EXIST, &store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  OutFile *out = NULL;
  if ((rc = check_game(self, store, a.key)) == CLI_GO_ON && !(out = cli_output_open(self, a.output))) rc = CLI_USAGE;
  if (rc == CLI_GO_ON) {
    const char *keys[1] = {a.key};
    StoreFilter filter = {.nkeys = a.key ? 1 : 0, .keys = keys};
    bool drawn = false;
    RvRunOptions opts = {.format = a.format, .worlds = (int)a.worlds, .budget = a.budget, .seed = (uint64_t)a.seed,
                         .trump = true, .store_results = true, .jobs = (int)a.jobs,
                         .progress = isatty(STDERR_FILENO) ? progress_line : NULL, .ctx = &drawn};
    RvRunStats stats;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int got = review_run(store, &filter, (int)a.hand, &opts, out_file_stream(out), &stats, &diag);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (drawn) fputc('\n', stderr);
    if (got == 0 && a.hand > 0 && stats.hands == 0) {
      snprintf(diag.msg, sizeof diag.msg, "game '%s' has no hand %ld", a.key, a.hand);
      got = PN_ERR_NOT_FOUND;
    }
    if (got != 0) cli_error(self, "%s: %s", a.db, diag.msg);
    rc = cli_output_close(self, out, got == 0) ? CLI_OK : CLI_USAGE;
    if (got == 0)
      fprintf(stderr, "review: %ld hands (%ld stored before), %ld decisions (%ld not valued) at %ld worlds, budget %ld, in %.2f s\n",
              stats.hands, stats.stored, stats.decisions, stats.unvalued, a.worlds, a.budget,
              (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
  }
  store_close(store);
  return rc;
}
