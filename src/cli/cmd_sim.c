/*
 * cmd_sim.c - `pinochle sim`: play complete games with the simulated
 * players and write them as an event log.  The same seed gives the same
 * file on every machine.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "codec.h"
#include "export.h"
#include "pn_date.h"
#include "sim.h"
#include "writer.h"

/* `pinochle sim`: usage, summary and help, kept next to the handler they
 * describe; main.c's table lists this row. */
const CliCommand cmd_sim_def = {
    .name = "sim",
    .run = cmd_sim,
    .usage =
        "pinochle sim --variant PRESET [--games N | --hands N] [--seed S] [--players NAME,...]\n"
        "                     [--renege-rate R] [--plant-rate R] [--option NAME=VALUE]...\n"
        "                     [--tag NAME=VALUE]... [--start-date YYYY-MM-DD] [--key-prefix TEXT]\n"
        "                     [--random-play] [-o FILE]",
    .summary =
        "Play complete games with simulated players and write the event log",
    .help =
        "Plays N complete games of PRESET with simulated players and writes them\n"
        "as an event log (the CSV that `pinochle import` reads).  The players bid\n"
        "from their meld and strength, pass trumps and aces to the bidder, choose\n"
        "trump by meld and length, lead aces, win tricks cheaply, feed counters\n"
        "to a partner who is winning and throw low cards on lost tricks.  Every\n"
        "play is legal unless --renege-rate plants reneges, and every bid, meld,\n"
        "trump and score row keeps the rules unless --plant-rate plants findings.\n"
        "The same seed gives the same file on every machine.\n"
        "\n"
        "Options:\n"
        "  --variant PRESET     the preset (required)\n"
        "  --games N            games to play (default 1)\n"
        "  --hands N            instead: play until N hands are complete (the\n"
        "                       last game may stop before it is won)\n"
        "  --seed S             the random seed (default 1)\n"
        "  --players NAMES      comma-separated club members, at least one per\n"
        "                       seat; each game seats a random table of them\n"
        "                       (default Seat1, Seat2, ...)\n"
        "  --renege-rate R      chance (0 to 1) that a play is a planted renege,\n"
        "                       when the player could renege (default 0)\n"
        "  --plant-rate R       chance (0 to 1), at each opportunity, of planting\n"
        "                       another finding for `pinochle audit` to catch: a\n"
        "                       bid too low, a bid after passing, trump without\n"
        "                       the marriage, a wrong meld claim or two-hand meld,\n"
        "                       a wrong score row (default 0: none; the same seed\n"
        "                       then gives the same games as without the option)\n"
        "  --option NAME=VALUE  a house rule, written into each game (repeatable)\n"
        "  --tag NAME=VALUE     a tag written into each game (repeatable)\n"
        "  --start-date DATE    the first game's date tag (default 2026-01-06);\n"
        "                       two games a week after that\n"
        "  --key-prefix TEXT    game keys are TEXT and the game's number (default\n"
        "                       sim-PRESET-SEED-, as in sim-two-hand-1-1)\n"
        "  --random-play        choose uniformly among legal moves instead\n"
        "  -o, --output FILE    write to FILE instead of standard output\n"
        "  -h, --help           show this help\n"
        "\n"
        "Examples:\n"
        "  pinochle sim --variant partnership-auction --games 20 --seed 7 \\\n"
        "      --players Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal -o club.csv\n"
        "  pinochle sim --variant two-hand --games 1000 --renege-rate 0.01 | pinochle import t.db -\n"
        "  pinochle sim --variant auction --games 50 --plant-rate 0.05 -o planted.csv\n"
        "\n" CLI_EXIT_CODES_NO_FINDINGS,
};


enum {
  OPT_VARIANT = 256, OPT_GAMES, OPT_SEED, OPT_PLAYERS, OPT_RENEGE, OPT_OPTION, OPT_TAG, OPT_START, OPT_RANDOM,
  OPT_PLANT, OPT_HANDS, OPT_KEY_PREFIX
};

static const struct option sim_options[] = {
    {"variant", required_argument, NULL, OPT_VARIANT},
    {"games", required_argument, NULL, OPT_GAMES},
    {"hands", required_argument, NULL, OPT_HANDS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"players", required_argument, NULL, OPT_PLAYERS},
    {"renege-rate", required_argument, NULL, OPT_RENEGE},
    {"plant-rate", required_argument, NULL, OPT_PLANT},
    {"option", required_argument, NULL, OPT_OPTION},
    {"tag", required_argument, NULL, OPT_TAG},
    {"start-date", required_argument, NULL, OPT_START},
    {"key-prefix", required_argument, NULL, OPT_KEY_PREFIX},
    {"random-play", no_argument, NULL, OPT_RANDOM},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

#define MAX_NAMES 64

/* A day number as YYYY-MM-DD. */
static void date_text(long day, char out[48]) {
  long y;
  int m, d;
  pn_civil_from_days(day, &y, &m, &d);
  snprintf(out, 48, "%04d-%02d-%02d", (int)y, m, d);
}

/* What the command line asks for (strings borrowed from argv). */
typedef struct SimArgs {
  const char *variant, *output, *players_arg, *start, *key_prefix; /* --variant, -o, --players, --start-date, --key-prefix */
  const char *tags[32];     /* --tag name=value */
  int ntags;
  long games, max_hands;    /* --games (default 1), --hands (0: none) */
  uint64_t seed;            /* --seed (default 1) */
  double renege_rate, plant_rate;
  bool random_play;         /* --random-play */
  CliOptions opts;          /* --option */
} SimArgs;

/* One option into *a; returns CLI_GO_ON to go on, else the exit code. */
static int parse_option(const CliCommand *self, int c, SimArgs *a) {
  char *end, why[160] = "";
  switch (c) {
  case OPT_VARIANT: a->variant = optarg; break;
  case OPT_KEY_PREFIX:
    if (strlen(optarg) > 40) return cli_usage_error(self, "--key-prefix takes at most 40 bytes");
    a->key_prefix = optarg;
    break;
  case OPT_GAMES:
    a->games = strtol(optarg, &end, 10);
    if (*end || a->games < 1 || a->games > 100000000) return cli_usage_error(self, "--games takes a positive number");
    break;
  case OPT_HANDS:
    a->max_hands = strtol(optarg, &end, 10);
    if (*end || a->max_hands < 1 || a->max_hands > 1000000000)
      return cli_usage_error(self, "--hands takes a positive number");
    a->games = 1000000000; /* as many as it takes */
    break;
  case OPT_SEED:
    a->seed = strtoull(optarg, &end, 10);
    if (*end || !*optarg) return cli_usage_error(self, "--seed takes a whole number");
    break;
  case OPT_PLAYERS: a->players_arg = optarg; break;
  case OPT_RENEGE:
    a->renege_rate = strtod(optarg, &end);
    if (*end || a->renege_rate < 0 || a->renege_rate > 1) return cli_usage_error(self, "--renege-rate takes 0 to 1");
    break;
  case OPT_PLANT:
    a->plant_rate = strtod(optarg, &end);
    if (*end || end == optarg || !(a->plant_rate >= 0 && a->plant_rate <= 1))
      return cli_usage_error(self, "--plant-rate takes 0 to 1");
    break;
  case OPT_OPTION:
    if (cli_options_add(self, &a->opts, optarg) != 0) return CLI_USAGE;
    break;
  case OPT_TAG:
    if (!strchr(optarg, '=') || a->ntags == 32) return cli_usage_error(self, "--tag takes name=value");
    if (codec_tag_check(optarg, why, sizeof why) != 0) /* the importer's check: a log that imports */
      return cli_usage_error(self, "%s", why);
    a->tags[a->ntags++] = optarg;
    break;
  case OPT_START: a->start = optarg; break;
  case OPT_RANDOM: a->random_play = true; break;
  case 'o': a->output = optarg; break;
  case 'h': cli_print_help(stdout, self); return CLI_OK;
  default: return CLI_USAGE;
  }
  return CLI_GO_ON;
}

/* The club: names from --players (at least one per seat), split in
 * *names_buf (owned: the caller frees it); returns how many, 0 without
 * --players (Seat1, ...), or -1 after a usage error. */
static int club_names(const CliCommand *self, const SimArgs *a, const PnRules *rules, char **names_buf,
                      const char *names[MAX_NAMES]) {
  int nnames = 0;
  if (!a->players_arg) return 0;
  if (!(*names_buf = strdup(a->players_arg))) return -1;
  for (char *save, *name = strtok_r(*names_buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
    if (nnames == MAX_NAMES) {
      cli_usage_error(self, "at most %d players", MAX_NAMES);
      return -1;
    }
    names[nnames++] = name;
  }
  if (nnames < rules->players) {
    cli_usage_error(self, "%s needs at least %d players", a->variant, rules->players);
    return -1;
  }
  return nnames;
}

/* The state of a run across its games. */
typedef struct SimRun {
  const SimArgs *args;      /* the command line */
  const PnRules *rules;     /* the preset with the options */
  const char *const *names; /* the club (nnames of them; none: Seat1, ...) */
  int nnames;
  SimConfig config;         /* the players' behaviour */
  SimRng seating;           /* who sits where, game by game */
  long first_day;           /* the first game's date, days since 1970 */
  long hands_done;          /* complete hands written */
  PnGame *game;             /* the game being played */
} SimRun;

/* Game g's header rows: variant, options, a fresh table of players, tags.
 * Returns 0, or PN_ERR_IO. */
static int write_header(SimRun *run, ExportWriter *w, FILE *out, long g) {
  const SimArgs *a = run->args;
  char key[64], date[48], tag[80];
  if (a->key_prefix) snprintf(key, sizeof key, "%s%ld", a->key_prefix, g + 1);
  else snprintf(key, sizeof key, "sim-%s-%llu-%ld", a->variant, (unsigned long long)a->seed, g + 1);
  if (export_writer_game(w, out, key) != 0) return PN_ERR_IO;
  export_writer_row(w, 0, "variant", NULL, 0, a->variant);
  for (int i = 0; i < a->opts.n; i++) export_writer_row(w, 0, "option", NULL, 0, a->opts.text[i]);
  int order[MAX_NAMES];
  for (int i = 0; i < run->nnames; i++) order[i] = i;
  for (int i = run->nnames - 1; i > 0; i--) { /* a fresh table each game */
    int j = sim_rng_below(&run->seating, i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (int s = 1; s <= run->rules->players; s++) {
    char fallback[16];
    snprintf(fallback, sizeof fallback, "Seat%d", s);
    export_writer_row(w, s, "player", NULL, 0, run->nnames ? run->names[order[s - 1]] : fallback);
  }
  date_text(run->first_day + 7 * (g / 2), date); /* two games a club night, weekly */
  snprintf(tag, sizeof tag, "date=%s", date);
  export_writer_row(w, 0, "tag", NULL, 0, tag);
  for (int i = 0; i < a->ntags; i++) export_writer_row(w, 0, "tag", NULL, 0, a->tags[i]);
  return 0;
}

/* Plays and writes game g; returns CLI_OK, or CLI_USAGE after reporting an
 * impossible event (a simulator bug). */
static int play_game(const CliCommand *self, SimRun *run, FILE *out, long g) {
  ExportWriter w = {0};
  if (write_header(run, &w, out, g) != 0) {
    cli_error(self, "out of memory");
    return CLI_USAGE;
  }
  SimDriver driver;
  run->config.first_dealer = 1 + (int)(g % run->rules->players);
  sim_driver_init(&driver, &run->config, run->args->seed * 1000003u + (uint64_t)g, run->rules->players);
  pn_game_init(run->game, run->rules);
  PnEvent ev;
  while (sim_next_event(&driver, run->game, &ev)) {
    PnOutcome outcome;
    if (ev.action == PN_EV_DEALER) export_writer_hand(&w, w.hand + 1);
    if (pn_game_apply(run->game, &ev, &outcome) == PN_IMPOSSIBLE) {
      cli_error(self, "simulator produced an impossible %s: %s", pn_action_name(ev.action), outcome.reason);
      export_writer_end(&w);
      return CLI_USAGE;
    }
    export_writer_event(&w, &ev); /* a write error shows when the output is closed */
    if (!outcome.hand_done) continue;
    run->hands_done++;
    long max_hands = run->args->max_hands;
    if (max_hands && run->hands_done == max_hands && !run->game->over) break; /* the last game stops short */
    if (run->game->hand.number >= 200 && !run->game->over) break;             /* a runaway game */
  }
  export_writer_end(&w);
  return CLI_OK;
}

/* Writes the event log of every game; returns the exit code. */
static int play(const CliCommand *self, const SimArgs *a, const PnRules *rules, const char *const *names,
                int nnames, long first_day) {
  OutFile *file = cli_output_open(self, a->output);
  if (!file) return CLI_USAGE;
  FILE *out = out_file_stream(file);
  SimRun run = {.args = a, .rules = rules, .names = names, .nnames = nnames, .first_day = first_day,
                .game = malloc(sizeof(PnGame)),
                .config = {.style = a->random_play ? SIM_RANDOM : SIM_SENSIBLE, .renege_rate = a->renege_rate,
                           .claim_rate = 0.5, .first_dealer = 1, .plant_rate = a->plant_rate}};
  bool ready = run.game != NULL; /* out of memory: nothing written, no message (as before) */
  int rc = ready ? CLI_OK : CLI_USAGE;
  sim_rng_seed(&run.seating, a->seed ^ 0x5EA7u);
  if (ready) export_header(out);
  for (long g = 0; g < a->games && rc == CLI_OK && (!a->max_hands || run.hands_done < a->max_hands); g++)
    rc = play_game(self, &run, out, g);
  free(run.game);
  if (!cli_output_close(self, file, rc == CLI_OK)) rc = CLI_USAGE; /* kept only whole */
  return rc;
}

int cmd_sim(const CliCommand *self, int argc, char **argv) {
  SimArgs a = {.start = "2026-01-06", .games = 1, .seed = 1};
  int c, rc;
  cli_getopt_reset();
  while ((c = cli_getopt(self, argc, argv, ":ho:", sim_options)) != -1)
    if ((rc = parse_option(self, c, &a)) >= 0) return rc;
  if (optind != argc) return cli_usage_error(self, "unexpected argument '%s'", argv[optind]);
  if (!a.variant) return cli_usage_error(self, "--variant is required");
  PnRules rules;
  if (cli_rules_load(self, &rules, a.variant, &a.opts) != 0) return CLI_USAGE;
  int year, month, day;
  if (sscanf(a.start, "%4d-%2d-%2d", &year, &month, &day) != 3 || month < 1 || month > 12 || day < 1 || day > 31)
    return cli_usage_error(self, "--start-date takes YYYY-MM-DD");
  char *names_buf = NULL;
  const char *names[MAX_NAMES];
  int nnames = club_names(self, &a, &rules, &names_buf, names);
  rc = nnames < 0 ? CLI_USAGE : play(self, &a, &rules, names, nnames, pn_days_from_civil(year, month, day));
  free(names_buf);
  return rc;
}
