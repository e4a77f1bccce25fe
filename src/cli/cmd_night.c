/*
 * cmd_night.c - `pinochle night DB start|seating NAME`: a club night of
 * rounds (reports/report_night.h does the work, src/night/movement.h the
 * seating; docs/NIGHT.md is the director's guide).  The standings are
 * `pinochle report DB night NAME`.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_night.h"

const CliCommand cmd_night_def = {
    .name = "night",
    .run = cmd_night,
    .usage = "pinochle night DB start NAME --variant PRESET --players A,B,... --rounds R\n"
             "                [--movement progressive|fixed|rotate] [--hands-per-round N | --game-per-round]\n"
             "                [--date YYYY-MM-DD]\n"
             "       pinochle night DB seating NAME [--round R] [--format text|csv|json|html]",
    .summary = "Start a club night of rounds and print its seating",
    .help =
        "start stores a night of R rounds at tables of the preset's size and\n"
        "prints round 1's seating.  Players who do not fill a table sit out, in\n"
        "turn.  Movements: progressive (partnership presets, the default): new\n"
        "partners every round, nobody partnering the same player twice while the\n"
        "round robin lasts (players rounded up to even, minus one, rounds);\n"
        "fixed: 1+2, 3+4, ... stay partners and the pairs play a round robin;\n"
        "rotate (presets without fixed partners, the default there): seats\n"
        "spread so each meets the others as evenly as can be.  A round is a\n"
        "game (the default) or --hands-per-round N hands.\n"
        "seating prints the seating of round R or of every round: CSV\n"
        "round,table,seat,player (sitting out: table and seat empty), JSON,\n"
        "or html: table cards to print.\n"
        "Games join the night by their tags night=NAME, round=R, table=T:\n"
        "`pinochle record DB --night NAME --table T` fills them and the players.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the variant every table plays\n"
        "  --players A,B,...    the players, in the director's order\n"
        "  --rounds R           rounds, 1 to 64\n"
        "  --movement M         progressive, fixed or rotate\n"
        "  --hands-per-round N  a round is N hands (the score after them counts)\n"
        "  --game-per-round     a round is a whole game (the default)\n"
        "  --date YYYY-MM-DD    the night's date\n"
        "  --round R            seating: this round only\n"
        "  --format FORMAT      seating: text (default), csv, json or html\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle night club.db start fri --variant partnership-auction \\\n"
        "      --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal --rounds 3 --date 2026-11-27\n"
        "  pinochle night club.db seating fri --format html > cards.html\n"
        "  pinochle report club.db night fri\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
};

enum { OPT_VARIANT = 256, OPT_PLAYERS, OPT_ROUNDS, OPT_MOVEMENT, OPT_HANDS, OPT_GAME, OPT_DATE, OPT_ROUND, OPT_FORMAT };

static const struct option night_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},   {"players", required_argument, NULL, OPT_PLAYERS},
    {"rounds", required_argument, NULL, OPT_ROUNDS},     {"movement", required_argument, NULL, OPT_MOVEMENT},
    {"hands-per-round", required_argument, NULL, OPT_HANDS}, {"game-per-round", no_argument, NULL, OPT_GAME},
    {"date", required_argument, NULL, OPT_DATE},         {"round", required_argument, NULL, OPT_ROUND},
    {"format", required_argument, NULL, OPT_FORMAT},     {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* What the command line asks for. */
typedef struct NightArgs {
  NightStart start;        /* start's options (name filled from the operands) */
  long round;              /* seating: --round, 0 = all */
  OutFormat format;        /* seating: --format */
  bool html;               /* seating: --format html */
  bool hands_given, game_given; /* --hands-per-round, --game-per-round seen */
} NightArgs;

static int parse_option(const CliCommand *self, int c, NightArgs *a) {
  long v;
  switch (c) {
  case OPT_VARIANT: a->start.preset = optarg; break;
  case OPT_PLAYERS: a->start.players = optarg; break;
  case OPT_MOVEMENT: a->start.movement = optarg; break;
  case OPT_DATE: a->start.date = optarg; break;
  case OPT_GAME: a->game_given = true; break;
  case OPT_ROUNDS:
    if (!cli_parse_long(optarg, 1, MOVE_MAX_ROUNDS, &v)) return cli_usage_error(self, "--rounds takes 1 to 64, not '%s'", optarg);
    a->start.rounds = (int)v;
    break;
  case OPT_HANDS:
    if (!cli_parse_long(optarg, 1, 1000, &v))
      return cli_usage_error(self, "--hands-per-round takes 1 to 1000, not '%s'", optarg);
    a->start.hands_per_round = (int)v;
    a->hands_given = true;
    break;
  case OPT_ROUND:
    if (!cli_parse_long(optarg, 1, MOVE_MAX_ROUNDS, &a->round))
      return cli_usage_error(self, "--round takes 1 to 64, not '%s'", optarg);
    break;
  case OPT_FORMAT:
    if (cli_page_format(self, optarg, &a->format, &a->html) != CLI_OK) return CLI_USAGE;
    break;
  case 'h': cli_print_help(stdout, self); return CLI_OK;
  default: return CLI_USAGE;
  }
  return CLI_GO_ON;
}

static int run_start(const CliCommand *self, Store *store, NightArgs *a) {
  if (!a->start.preset || !a->start.players || !a->start.rounds)
    return cli_usage_error(self, "start needs --variant, --players and --rounds");
  if (a->hands_given && a->game_given) return cli_usage_error(self, "--hands-per-round and --game-per-round exclude each other");
  PnDiag diag = {0};
  Night *night = NULL;
  int rc = night_start(store, &a->start, &night, &diag);
  if (rc < 0) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  printf("night %s: %d players, tables of %d, %d rounds, %s movement\n\n", night->def.name, night->nplayers,
         night->spec.table_size, night->spec.rounds, night->def.movement);
  night_seating(night, 1, OUT_TEXT, false, stdout, &diag);
  printf("\nEach table: pinochle record DB --night %s --table T\n"
         "Standings:  pinochle report DB night %s  (in a browser: /nights/%s under pinochle serve DB)\n",
         night->def.name, night->def.name, night->def.name);
  night_free(night);
  return CLI_OK;
}

static int run_seating(const CliCommand *self, Store *store, const char *name, NightArgs *a) {
  PnDiag diag = {0};
  Night *night = NULL;
  int rc = night_load(store, name, &night, &diag);
  if (rc == 0) rc = night_seating(night, (int)a->round, a->format, a->html, stdout, &diag);
  night_free(night);
  if (rc < 0) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  return fflush(stdout) == 0 ? CLI_OK : CLI_USAGE;
}

int cmd_night(const CliCommand *self, int argc, char **argv) {
  NightArgs a = {.format = OUT_TEXT};
  int c, rc = CLI_GO_ON;
  cli_getopt_reset();
  while (rc < 0 && (c = cli_getopt(self, argc, argv, ":h", night_options)) != -1) rc = parse_option(self, c, &a);
  if (rc >= 0) return rc;
  if (argc - optind < 3) return cli_usage_error(self, "expected DB, start or seating, and a night's NAME");
  if (argc - optind > 3) return cli_usage_error(self, "unexpected argument '%s'", argv[optind + 3]);
  const char *db = argv[optind], *action = argv[optind + 1], *name = argv[optind + 2];
  bool start = strcmp(action, "start") == 0;
  if (!start && strcmp(action, "seating") != 0)
    return cli_usage_error(self, "expected start or seating, not '%s'", action);
  a.start.name = name;
  Store *store = NULL;
  PnDiag diag = {0};
  if (store_open(db, start ? STORE_CREATE : STORE_READONLY | STORE_MUST_EXIST, &store, &diag) != STORE_OK) {
    cli_error(self, "%s", diag.msg);
    return CLI_USAGE;
  }
  rc = start ? run_start(self, store, &a) : run_seating(self, store, name, &a);
  store_close(store);
  return rc;
}
